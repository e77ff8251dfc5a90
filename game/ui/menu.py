"""Main menu, new game set-up and the rules reference (the Load screen: load_screen.py)."""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UILabel,
    UITextBox,
    UITextEntryLine,
)

from game.catalog import (
    available_maps,
    available_rulesets,
    load_ruleset,
    map_problems,
    new_game,
)
from game.geometry.units import to_mm
from game.paths import saves_dir
from game.session import AUTOSAVE, Session

from .open_save import open_save
from .scene import Scene
from .theme import text, wrap
from .thumbnail import side_colour, table_thumbnail
from .widgets import draw_backdrop

if TYPE_CHECKING:
    from .app import App

#: New game's estimate of a game's length: a minute for each unit in each turn, played to
#: the turn limit (a rule of thumb for two people who know the rules; games often end sooner)
MINUTES_PER_UNIT_TURN = 1.0
CONTROLLERS = [("Human", "human"), ("Solo AI", "ai"), ("Random baseline", "random"), ("By e-mail", "mail")]
ASSET_RULES = Path(__file__).resolve().parents[2] / "assets" / "rules"

__all__ = ["MainMenu", "NewGameScene", "RulesScene", "draw_backdrop", "open_save", "rules_html", "start_default"]


def choices(pairs: Sequence[tuple[str, str]]) -> list[str | tuple[str, str]]:
    """(label, id) pairs as pygame_gui's drop-down menus take them."""
    return list(pairs)


def start_default(app: App) -> None:
    maps = available_maps()
    if not maps:
        app.toast("No scenario found in maps/.")
        return
    game = new_game(maps[0], seed=int(time.time()) % 100000)
    app.open("play", Session(game, {s: "human" for s in game.state.side_order}, autosaves=False))


class MainMenu(Scene):
    def enter(self) -> None:
        w, h = self.app.size
        x = w // 2 - 150
        y = 170
        m = self.app.manager
        autosave = saves_dir() / AUTOSAVE
        entries = [
            ("New game", lambda: self.app.open("new_game")),
            ("A first game, guided", lambda: self.app.open("first_game")),
            ("Quick start: hotseat, first scenario", lambda: start_default(self.app)),
            ("Continue (latest autosave)", lambda: open_save(self.app, autosave)),
            ("Load", lambda: self.app.open("load")),
            ("Play by e-mail", lambda: self.app.open("mail")),
            ("Map editor", self.open_editor),
            ("Rules reference", lambda: self.app.open("rules", None, self)),
            ("Settings", lambda: self.app.open("settings")),
            ("Quit", self.quit),
        ]
        self.buttons = {}
        step = min(54, (h - y - 60) // len(entries))  # a short window: closer buttons, all above the rulesets' line
        for label, fn in entries:
            b = UIButton(pygame.Rect(x, y, 300, min(44, step - 6)), label, m, command=fn)
            if label.startswith("Continue") and not autosave.exists():
                b.disable()
            self.buttons[label] = b
            y += step
        self.drawn = False  # the rulesets are read after the first frame: the menu shows at once
        self.rulesets: list[str] | None = None

    def quiet(self) -> bool:
        """At rest once the rulesets are read: the window sleeps until the player moves."""
        return self.rulesets is not None

    def update(self, dt: float) -> None:
        if self.rulesets is None and self.drawn:
            from game.catalog import ruleset_problems

            self.rulesets = [load_ruleset(r).data.name for r in available_rulesets()]
            for problem in ruleset_problems.values():
                self.app.toast(f"Ruleset not loaded: {problem}", 12)

    def open_editor(self) -> None:
        self.app.open("editor", None)

    def quit(self) -> None:
        self.app.running = False

    def draw(self, surf: pygame.Surface) -> None:
        draw_backdrop(surf, subtitle="Skirmish wargames of the two World Wars")
        w, h = surf.get_size()
        names = "reading the rulesets..." if self.rulesets is None else ", ".join(self.rulesets)
        text(surf, "Rulesets: " + names, (w // 2, h - 40), 20, (170, 158, 128), anchor="center")
        self.drawn = True


class NewGameScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ruleset_id = ""  # the first ruleset until one is chosen (kept when the scene is rebuilt)
        self.preview_of: tuple[str, tuple[int, int]] | None = None  # the scenario and size the preview is drawn for
        self.preview: tuple[pygame.Surface, str] | None = None

    def enter(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        self.rulesets = available_rulesets()
        self.ruleset_id = self.ruleset_id or next(iter(self.rulesets), "")
        x0, y = 60, 150
        UILabel(pygame.Rect(x0, y, 200, 30), "Ruleset", m, object_id="#light_label")
        names = [(load_ruleset(r).data.name, r) for r in self.rulesets]
        self.rs_menu = UIDropDownMenu(choices(names), next(n for n in names if n[1] == self.ruleset_id), pygame.Rect(x0 + 200, y, 420, 32), m)
        y += 44
        self.maps = available_maps(self.ruleset_id)
        UILabel(pygame.Rect(x0, y, 200, 30), "Scenario", m, object_id="#light_label")
        map_names = [(lm.model.name, str(i)) for i, lm in enumerate(self.maps)] or [("(no scenario)", "-1")]
        self.map_index = 0
        self.map_menu = UIDropDownMenu(choices(map_names), map_names[0], pygame.Rect(x0 + 200, y, 420, 32), m)
        y += 44
        self.side_menus: dict[str, UIDropDownMenu] = {}
        self.side_y = y
        self._side_widgets()
        y = self.side_y + 44 * max(2, load_ruleset(self.ruleset_id).data.MAX_SIDES)  # a row per side the rules allow
        UILabel(pygame.Rect(x0, y, 200, 30), "Seed", m, object_id="#light_label")
        self.seed_entry = UITextEntryLine(pygame.Rect(x0 + 200, y, 160, 32), m)
        self.seed_entry.set_text(str(int(time.time() * 1000) % 1_000_000))
        y += 44
        UILabel(pygame.Rect(x0, y, 200, 30), "Handover screen", m, object_id="#light_label")
        self.handover = UIDropDownMenu(choices([("When the rules hide information", "auto"), ("Always between sides", "always"), ("Never", "never")]),
                                       ("When the rules hide information", "auto"), pygame.Rect(x0 + 200, y, 420, 32), m)
        y += 52
        options = load_ruleset(self.ruleset_id).data.optional_rules
        UILabel(pygame.Rect(x0, y, 420, 30), "Optional rules" if options else "Optional rules: none in these rules", m, object_id="#light_label")
        y += 34
        self.option_boxes: dict[str, UICheckBox] = {}
        for opt in options:
            box = UICheckBox(pygame.Rect(x0 + 10, y, 24, 24), opt.name, m, initial_state=opt.default, tool_tip_text=opt.description)
            self.option_boxes[opt.id] = box
            y += 32
        self.desc_h = max(150, min(330, h - 110 - 150 - 12 - 170))  # a short window keeps room for the preview under it
        self.desc = UITextBox("", pygame.Rect(700, 150, w - 760, self.desc_h), m)
        self._describe()
        if map_problems:  # a broken map file is named with its reason; the rest plays on
            lines = [f"<b>{len(map_problems)} map file{'s' if len(map_problems) > 1 else ''} cannot be played</b> "
                     "(fix in the map editor or a text editor):"] + [html.escape(p) for p in sorted(map_problems.values())]
            UITextBox("<br>".join(lines), pygame.Rect(60, h - 230, w - 460, 120), m)
        UIButton(pygame.Rect(w - 360, h - 90, 140, 44), "Back", m, command=lambda: self.app.open("menu"))
        self.start_btn = UIButton(pygame.Rect(w - 200, h - 90, 140, 44), "Start", m, command=self.start)

    def _side_widgets(self) -> None:
        m = self.app.manager
        for menu in self.side_menus.values():
            menu.kill()
        for lab in getattr(self, "side_labels", []):
            lab.kill()
        self.side_menus = {}
        self.side_labels: list[UILabel] = []
        if not self.maps:
            return
        lm = self.maps[self.map_index]
        for i, s in enumerate(lm.model.sides):
            y = self.side_y + i * 44
            self.side_labels.append(fitted_label(pygame.Rect(60, y, 200, 30), s.name, m))
            self.side_menus[s.id] = UIDropDownMenu(choices(CONTROLLERS), CONTROLLERS[0], pygame.Rect(260, y, 260, 32), m)

    def _describe(self) -> None:
        rs = load_ruleset(self.ruleset_id)
        parts = [f"<b>{html.escape(rs.data.name)}</b><br>{html.escape(rs.data.summary)}"]
        if self.maps:
            lm = self.maps[self.map_index]
            mm = lm.model
            parts.append(f"<br><br><b>{html.escape(mm.name)}</b><br>{html.escape(mm.description)}")
            parts.append(f"<br>Table {mm.table.width:g} x {mm.table.height:g} {mm.unit}; turn limit {mm.victory.turn_limit}.")
            for s in mm.sides:
                n = sum(len(u.figures) for u in s.units)
                parts.append(f"<br>{html.escape(s.name)}: {len(s.units)} units, {n} figures")
        self.desc.set_text("".join(parts))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.rs_menu:
                self.ruleset_id = event.selected_option_id if hasattr(event, "selected_option_id") else self.rulesets[[load_ruleset(r).data.name for r in self.rulesets].index(event.text)]
                self.app.manager.clear_and_reset()
                self.enter()
            elif event.ui_element is self.map_menu:
                sel = getattr(event, "selected_option_id", None)
                self.map_index = int(sel) if sel is not None else [lm.model.name for lm in self.maps].index(event.text)
                self._side_widgets()
                self._describe()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open("menu")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and not self.seed_entry.is_focused:
            self.start()

    def start(self) -> None:
        if not self.maps:
            self.app.toast("This ruleset has no scenario yet.")
            return
        try:
            seed = int(self.seed_entry.get_text().strip())
        except ValueError:
            self.app.toast("The seed must be a whole number.")
            return
        lm = self.maps[self.map_index]
        controllers = {}
        for sid, menu in self.side_menus.items():
            label = menu.selected_option[0] if isinstance(menu.selected_option, tuple) else menu.selected_option
            controllers[sid] = dict(CONTROLLERS).get(label, "human")
        options = {k: box.get_state() for k, box in self.option_boxes.items()}
        ai_sides = [s for s, c in controllers.items() if c == "ai"]
        if len(ai_sides) == 1:
            options["solo_side"] = ai_sides[0]  # the solo rules (portal markers) play for it
        mine = [s for s, c in controllers.items() if c != "mail"]
        if not mine:
            self.app.toast("At least one side is played on this computer; the others may be 'By e-mail'.")
            return
        if len(mine) < len(controllers):
            import secrets

            seed = secrets.randbelow(2**31)  # by e-mail: a seed neither player has seen (it sets every die to come)
        game = new_game(lm, seed=seed, options=options)
        ho = self.handover.selected_option
        handover = ho[1] if isinstance(ho, tuple) else "auto"
        if len(mine) < len(controllers):  # a game by e-mail: kept sealed in this copy's record
            from game.mail.turns import start as start_mail
            from game.paths import data_home

            rec, _ = start_mail(game, mine, data_home(), controllers=controllers)
            self.app.open("play", Session(game, controllers, handover=handover, autosaves=False, mail=rec))
            return
        self.app.open("play", Session(game, controllers, handover=handover))

    def draw(self, surf: pygame.Surface) -> None:
        draw_backdrop(surf, "New game", "Choose the rules, the scenario and who plays each side")
        if self.maps:
            w, h = surf.get_size()
            top = 150 + self.desc_h + 12
            self.draw_preview(surf, pygame.Rect(700, top, w - 760, h - 110 - top - 12))

    def draw_preview(self, surf: pygame.Surface, room: pygame.Rect) -> None:
        """The chosen scenario's table drawn small, each side's figures as dots in its
        colour, with its size and length under it (kept for the scenario once drawn). Rules
        that hide each side's men from the other (unspotted, deployed hidden) show no
        figures: this screen is seen by both players, as the Load screen's pictures are."""
        lm = self.maps[self.map_index]
        key = (lm.path, room.size)
        if self.preview_of != key or self.preview is None:
            m = lm.model
            unit = to_mm(1.0, m.unit)
            safe = bool(self.app.settings.get("colour_blind"))
            hidden = bool(getattr(lm.ruleset, "hidden_information", False))
            figures = [(f.at[0] * unit, f.at[1] * unit, side_colour(i, side.colour, safe))
                       for i, side in enumerate(m.sides) for u in side.units for f in u.figures]
            pic = table_thumbnail(lm, (room.w, room.h - 42), [] if hidden else figures)
            units = sum(len(side.units) for side in m.sides)
            minutes = round(m.victory.turn_limit * units * MINUTES_PER_UNIT_TURN)
            length = f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"
            self.preview = (pic, f"{m.table.width:g} x {m.table.height:g} {m.unit}, {m.victory.turn_limit} turns, {len(figures)} figures "
                                 f"in {units} units: about {length} at most" + (" (where they stand is not shown: these rules "
                                                                               "hide each side's men from the other)" if hidden else ""))
            self.preview_of = key
        pic, words = self.preview
        surf.blit(pic, (room.x + (room.w - pic.get_width()) // 2, room.y))
        for i, line in enumerate(wrap(words, 17, room.w)):
            text(surf, line, (room.centerx, room.y + pic.get_height() + 4 + 19 * i), 17, (200, 190, 160), anchor="midtop")


def rules_html(ruleset_id: str, focus: str | None = None) -> str:
    rs = load_ruleset(ruleset_id)
    d = rs.data
    out = [f"<font size=5><b>{html.escape(d.name)}</b></font><br>{html.escape(d.summary)}<br>"]
    if focus:
        out.append(f"<br><b>Now: {html.escape(focus)}</b><br>")
    out.append("<br><b>How this game reads the rules (interpretations)</b><br>")
    for it in d.interpretations:
        mark = "&gt;&gt; " if focus and it.rule.lower().split(" ")[0] in focus.lower() else ""
        out.append(f"{mark}<b>{html.escape(it.rule)}</b>: {html.escape(it.reading)}<br>")
    weapons = getattr(d, "weapons", None)
    if isinstance(weapons, dict) and weapons:
        out.append("<br><b>Weapons (as the game plays them)</b><br>")
        for wid, w in weapons.items():
            fields = w.model_dump() if hasattr(w, "model_dump") else dict(w)
            name = fields.pop("name", wid)
            desc = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in fields.items() if v not in (None, False, [], {}, ""))
            out.append(f"<b>{html.escape(str(name))}</b>: {html.escape(desc)}<br>")
    if d.troop_types:
        out.append("<br><b>Troop types</b><br>")
        for tt in d.troop_types.values():
            arms = ", ".join(tt.weapons) or "no weapon"
            out.append(f"{html.escape(tt.name)} ({html.escape(tt.role)}): {html.escape(arms)}<br>")
    if d.optional_rules:
        out.append("<br><b>Optional rules</b><br>")
        for o in d.optional_rules:
            out.append(f"<b>{html.escape(o.name)}</b>: {html.escape(o.description)}<br>")
    src = ASSET_RULES / d.source
    if src.exists():
        body = html.escape(src.read_text(encoding="utf-8", errors="replace")).replace("\n", "<br>")
        out.append(f"<br><b>The rules text ({html.escape(d.source)})</b><br>{body}")
    return "".join(out)


class RulesScene(Scene):
    def __init__(self, app: App, ruleset_id: str | None, back: Scene, focus: str | None = None) -> None:
        super().__init__(app)
        self.back = back
        self.focus = focus
        rulesets = available_rulesets()
        self.ruleset_id: str = ruleset_id or next(iter(rulesets), "")

    def enter(self) -> None:
        m = self.app.manager
        w, h = self.app.size
        rulesets = available_rulesets()
        names = [(load_ruleset(r).data.name, r) for r in rulesets]
        self.menu = UIDropDownMenu(choices(names), next(n for n in names if n[1] == self.ruleset_id), pygame.Rect(60, 140, 420, 32), m)
        self.box = UITextBox(rules_html(self.ruleset_id, self.focus), pygame.Rect(60, 180, w - 120, h - 270), m)
        UIButton(pygame.Rect(w - 200, h - 76, 140, 44), "Back", m, command=self.go_back)

    def go_back(self) -> None:
        if isinstance(self.back, MainMenu):
            self.app.open("menu")
        else:
            self.app.manager.clear_and_reset()
            self.app.scene = self.back
            self.back.enter()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.menu:
            sel = getattr(event, "selected_option_id", None)
            self.ruleset_id = sel or self.ruleset_id
            self.box.set_text(rules_html(self.ruleset_id))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.go_back()

    def draw(self, surf: pygame.Surface) -> None:
        draw_backdrop(surf, "Rules reference")


def fitted_label(rect: pygame.Rect, words: str, manager: pygame_gui.UIManager) -> UILabel:
    """A light label of ``words`` that ends in an ellipsis where they are wider than
    ``rect`` (a long side's name beside its player menu), the whole words its tooltip."""
    label = UILabel(rect, words, manager, object_id="#light_label")
    room = rect.width - 8  # (the label's own padding)
    font = label.font
    if font is not None and font.size(words)[0] > room:
        short = words
        while len(short) > 1 and font.size(short.rstrip() + "...")[0] > room:
            short = short[:-1]
        label.set_text(short.rstrip() + "...")
        label.set_tooltip(words)
    return label
