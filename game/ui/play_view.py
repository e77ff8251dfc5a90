"""Drawing the play screen: the table (terrain, zones, objectives, clouds, markers,
figures as the viewing side may see them, handler overlays), the sidebar (turn,
selection, actions, dice tray, log) and the toolbar. It reads the scene and never
changes the game."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from math import hypot
from typing import TYPE_CHECKING, Any

import pygame

from game.core.keys import BarrageKey, LineMarkerKey, StateKey
from game.core.names import side_word
from game.core.state import Figure, GameState
from game.core.victory import objective_holder
from game.rulesets.offers import Action

from . import overlays
from .actions_menu import ActionsMenuHandler
from .cards import draw_card
from .handlers import (
    LosHandler,
    MeasureHandler,
    TemplateHandler,
)
from .info_box import Placed
from .info_view import InfoBoxPart
from .labels import draw_names
from .pointer import mouse_pos
from .recap import RecapHandler
from .settings import ANIMATIONS
from .terrain_render import blit_terrain, hill_names
from .theme import INK, INK_SOFT, fit_line, text, text_width, wrap
from .tokens import draw_token
from .widgets import Button

if TYPE_CHECKING:
    from .play import PlayScene

# from the planner's module: _


#: the most actions the sidebar lists (keys 1-9 and 0, then buttons without a key; every one
#: is in the list the More button opens), and the More button's height
MAX_ACTIONS = 16
MORE_H = 22
#: units the roster lists when nothing is selected
ROSTER_ROWS = 10
#: the log's least height beside the actions (about six lines), the dice tray's height and its least
LOG_MIN_H = 130
TRAY_H = 112
TRAY_MIN_H = 64


class PlayView(InfoBoxPart):
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        #: the roster's rows, kept for the state's version and the side to act
        #: each token's marks, for the state's version (see :meth:`badges`)
        self.badge_cache: tuple[int, dict[str, list[str]]] = (-1, {})
        #: where the last frame wrote the objectives' names, and what they kept off
        self.names: tuple[list[pygame.Rect], list[pygame.Rect]] = ([], [])
        self.roster_cache: tuple[tuple[int, str], list[tuple[str, str, int, int, bool]]] | None = None
        #: each figure's token as the last frame drew it (clipped to the table), and the tool's box
        self.tokens: dict[str, pygame.Rect] = {}
        self.info_rect: pygame.Rect | None = None
        self.actions_top = 0  # where the sidebar's actions begin (the box may go below)
        self.aim_point = (0, 0)  # the pointer when last over the table
        self.info_cache: tuple[Hashable, Placed | None] | None = None
        self.hill_cache: tuple[object, list[tuple[str, tuple[float, float]]]] | None = None
        self.note_rect: pygame.Rect | None = None  # where a hovered figure's note was last drawn

    def draw_table(self, surf: pygame.Surface) -> None:
        cam = self.scene.camera
        prev_clip = surf.get_clip()
        surf.set_clip(self.scene.table_rect)
        if self.scene.renderer.stale(cam.zoom) and (self.scene.zoom_idle > 0.25 or self.scene.renderer.cache is None):
            self.scene.renderer.surface(cam.zoom)
        cache, cz = self.scene.renderer.cache, self.scene.renderer.cache_zoom
        if cache is not None:
            blit_terrain(surf, cam, self.scene.table_rect, cache, cz)
        st = self.scene.view_state()
        if st.turn == 1 and st.attrs.get(StateKey.ZONES):
            overlays.draw_zones(surf, cam, st.attrs[StateKey.ZONES], st.sides)
        taken: list[pygame.Rect] = []  # what the names keep off (grid numbers, markers, tokens)
        if self.scene.show_grid:
            taken += overlays.draw_grid(surf, cam, self.scene.game.table.width, self.scene.game.table.height)
        objectives = st.attrs.get(StateKey.VICTORY, {}).get("objectives", {})
        holders = {}
        for oid, o in objectives.items():
            holder = objective_holder(st, o)
            if holder:
                c = pygame.Color(st.sides[holder].colour)
                holders[oid] = (c.r, c.g, c.b)
        names = overlays.draw_objectives(surf, cam, objectives, holders)
        overlays.draw_clouds(surf, cam, st.clouds.values(), self.scene.renderer.looks)
        if self.scene.selected_unit and self.scene.selected_unit in st.units:
            figs = st.unit_figures(self.scene.selected_unit)
            if figs:
                overlays.draw_unit_outline(surf, cam, [f.pos for f in figs], max(f.radius for f in figs))
        marker_names: list[overlays.Name] = []
        taken += self.draw_markers(surf, st, marker_names)
        top = self.scene.top()
        self.scene.traces.draw(surf, cam, self.scene.session.viewer(), st, top.current if isinstance(top, RecapHandler) else None)
        taken += self.draw_tokens(surf, st)
        placed = taken[:]  # the objectives' names, then the barrages' and fire lines', then the hills' (smaller), each off the others
        hills = [(words, cam.to_screen(at), 0) for words, at in self.hills()]
        t, near = self.scene.table_rect, self.scene.table_rect.inflate(80, 80)  # a name whose point is far out of
        self.names = (draw_names(surf, [n for n in names if near.collidepoint(n[1])], placed, t)  # view is not drawn (it was
                      + draw_names(surf, [n for n in marker_names if near.collidepoint(n[1])], placed, t, size=15)  # pushed in at the edge)
                      + draw_names(surf, [n for n in hills if near.collidepoint(n[1])], placed, t, size=15), taken)  # kept to be checked
        if self.scene.show_ranges and self.scene.selected_figure and self.scene.selected_figure in st.figures:
            f = st.figures[self.scene.selected_figure]
            rules = self.scene.rules
            overlays.draw_range_rings(surf, cam, f.pos, rules.range_bands(self.scene.game, f), rules.fmt, rules.range_origin(f))
        for a, b in self.scene.tapes:
            overlays.draw_tape(surf, cam, a, b, self.scene.rules.fmt(hypot(b[0] - a[0], b[1] - a[1])), True)
        for h in self.scene.handlers:
            if not h.modal:
                h.draw(self.scene, surf)
        self.scene.minimap.draw(surf, cam, self.scene.renderer.cache, st)
        self.draw_cards(surf, st)
        surf.set_clip(prev_clip)

    def hills(self) -> list[tuple[str, tuple[float, float]]]:
        """Each hill's name and level and its point (worked out once per table)."""
        table = self.scene.game.table
        if self.hill_cache is None or self.hill_cache[0] is not table:
            self.hill_cache = (table, hill_names(table, self.scene.renderer.looks))
        return self.hill_cache[1]

    def draw_markers(self, surf, st: GameState, names: list[overlays.Name]) -> list[pygame.Rect]:
        """The markers; returns where the square ones were drawn (names keep off them) and
        adds to ``names`` those of barrages and fire lines (placed last, off the figures)."""
        taken = []
        for m in st.markers.values():
            if m.kind == "artillery" and m.attrs.get(BarrageKey.POLYGON):
                name = overlays.draw_barrage(surf, self.scene.camera, m.attrs[BarrageKey.POLYGON],
                                             f"{m.attrs.get(BarrageKey.NAME, 'Barrage')} on {m.attrs.get(BarrageKey.SQUARE, '')}")
                names.extend([name] if name else [])
                continue
            if m.attrs.get(LineMarkerKey.FROM) and m.attrs.get(LineMarkerKey.TO):
                names.append(overlays.draw_band(surf, self.scene.camera, m.attrs[LineMarkerKey.FROM], m.attrs[LineMarkerKey.TO],
                                                float(m.attrs.get(LineMarkerKey.WIDTH, 25.4)), str(m.attrs.get(LineMarkerKey.LABEL, m.kind))))
                continue
            p = self.scene.camera.to_screen((m.x, m.y))
            r = max(7, self.scene.camera.length(12))
            taken.append(pygame.draw.rect(surf, (40, 36, 30), (p[0] - r, p[1] - r, 2 * r, 2 * r)))
            colour = st.sides[m.side].colour if m.side in st.sides else "#8a7a5a"  # a marker of nobody's (a pile of materials)
            pygame.draw.rect(surf, pygame.Color(colour), (p[0] - r + 2, p[1] - r + 2, 2 * r - 4, 2 * r - 4))
            text(surf, "?" if m.kind == "unknown" else m.kind[:1].upper(), p, max(14, int(r * 1.4)), (250, 246, 230), bold=True, anchor="center")
        return taken

    def draw_tokens(self, surf, st: GameState) -> list[pygame.Rect]:
        """The living figures in view; returns the square each was drawn in."""
        cam = self.scene.camera
        taken = []
        tokens: dict[str, pygame.Rect] = {}  # each figure's token as drawn this frame (the box keeps off them)
        highlight_figs: set[str] = set()
        if self.scene.hover_event is not None:
            highlight_figs = set(self.scene.hover_event.figures)
            for uid in self.scene.hover_event.units:
                if uid in st.units:
                    highlight_figs.update(st.units[uid].figures)
        pending = self.scene.rules.decision(self.scene.game)
        choosable: set[str] = set()
        if pending is not None and self.scene.session.is_human(pending["side"]):
            for _, c in self.scene.rules.decision_options(self.scene.game):
                choosable.update(x for x in (c.figure, c.target, *c.figures) if x)
        x0, y0, x1, y1 = cam.visible_world()
        for f in st.figures.values():
            if not f.alive or not (x0 - 50 < f.x < x1 + 50 and y0 - 50 < f.y < y1 + 50):
                continue
            if f.id in choosable:
                highlight_figs.add(f.id)
            tt = self.scene.rules.data.troop_types.get(f.type)
            taken.append(draw_token(
                surf, cam.to_screen_f(self.scene.shown.get(f.id, f.pos)), cam.length(f.radius), st.sides[f.side].colour, tt.symbol if tt else "dot",
                f.facing, self.badges(f, st), selected=(f.unit == self.scene.selected_unit),
                highlight=(255, 120, 40) if f.id in highlight_figs else None,
            ))
            tokens[f.id] = taken[-1].clip(self.scene.table_rect)
        self.tokens = tokens
        return taken

    def badges(self, f: Figure, st: GameState) -> list[str]:
        """A token's marks: its unit's and its own ("moved" only on the side playing, whose
        moves are under way); kept for the state's version (worked out once a command, not
        once a frame for every token)."""
        game = self.scene.game
        if self.badge_cache[0] != game.version:
            self.badge_cache = (game.version, {})
        kept = self.badge_cache[1]
        if f.id not in kept:
            unit = self.scene.rules.unit_status(game, f.unit) if f.unit in game.state.units else []
            kept[f.id] = unit + [w for w in self.scene.rules.listing.figure_status(game, f.id) if w != "moved" or f.side == st.active_side]
        return kept[f.id]

    def cards(self, st: GameState) -> list[tuple[pygame.Rect, str, bool, str]]:
        """The last card drawn from each deck, then the cards the sides hold, right to left
        along the top of the table: (where, code, face up, caption)."""
        x = self.scene.table_rect.right - 12
        y = self.scene.table_rect.y + 12
        w, h = 78, 108
        out = []
        for name, deck in st.decks.items():
            if deck.discards:
                x -= w + 10
                out.append((pygame.Rect(x, y, w, h), deck.discards[-1], True, name))
        viewer = self.scene.session.viewer()
        for side, hand in st.hands.items():
            for card in hand:
                x -= w + 10
                out.append((pygame.Rect(x, y, w, h), card.code, card.face_up or side == viewer, st.sides[side].name))
        return out

    def draw_cards(self, surf, st: GameState) -> None:
        for rect, code, face_up, caption in self.cards(st):
            draw_card(surf, rect, code, face_up, caption)

    def figure_note(self, fid: str) -> str:
        return figure_note_of(self.scene, fid)

    # ---- sidebar ---------------------------------------------------------------------------
    def draw_sidebar(self, surf: pygame.Surface) -> None:
        r = self.scene.sidebar_rect
        pygame.draw.rect(surf, (226, 216, 192), r)
        pygame.draw.line(surf, (90, 70, 50), r.topleft, r.bottomleft, 2)
        st = self.scene.game.state
        x = r.x + 12
        limit = st.attrs.get(StateKey.VICTORY, {}).get("turn_limit", "?")
        text(surf, f"Turn {st.turn} of {limit}", (x, r.y + 8), 24, INK, bold=True)
        text(surf, self.scene.rules.data.name, (r.right - 10, r.y + 12), 16, INK_SOFT, anchor="topright")
        side = st.sides[self.scene.game.acting_side]
        pygame.draw.circle(surf, pygame.Color(self.scene.side_colour(side.id)), (x + 8, r.y + 46), 8)
        ctrl = {"human": "human", "random": "random", "ai": "AI"}.get(self.scene.session.controllers.get(side.id, "human"), "")
        name, nsize = fit_line(side.name, 21, 16, r.w - 190, bold=True)
        text(surf, name, (x + 22, r.y + 36), nsize, INK, bold=True)
        phase = f"{self.scene.rules.phase_name(st.phase)} phase" + ("" if ctrl == "human" else f" ({ctrl})")
        if side.id != st.active_side and st.active_side in st.sides:  # answering a question in another side's turn
            word = side_word(st, st.active_side)
            phase = f"answering: {word} turn" if word else f"answering in {st.sides[st.active_side].name}'s turn"
        phase, size = fit_line(phase, 20, 15, r.w - 190, bold=True)
        text(surf, phase, (x + 22, r.y + 58), size, (120, 50, 30), bold=True)
        self.scene.side_bar.clear()
        self.scene.side_bar.add(self.phase_button(pygame.Rect(r.right - 150, r.y + 36, 140, 40)))
        self.scene.side_bar.draw(surf)
        y = r.y + 86
        y = self.draw_selection(surf, x, y, r.w - 24)
        room = r.bottom - 14 - LOG_MIN_H - 6 - y - 4  # what the actions and the dice tray may take
        self.actions_top = y + 4
        y = self.draw_actions(surf, x, y + 4, r.w - 24, room - TRAY_MIN_H)
        tray_h = max(TRAY_MIN_H, min(TRAY_H, r.bottom - 14 - LOG_MIN_H - 6 - y - 6))
        self.scene.dice.rect = pygame.Rect(r.x + 8, y + 6, r.w - 16, tray_h)
        self.scene.dice.draw(surf)
        self.scene.log.rect = pygame.Rect(r.x + 8, self.scene.dice.rect.bottom + 6, r.w - 16, r.bottom - self.scene.dice.rect.bottom - 14)
        self.scene.log.sync(self.scene.log_events(), self.scene.log.rect.w)
        self.scene.log.draw(surf)

    def phase_button(self, rect: pygame.Rect) -> Button:
        """The sidebar's button by the side's name: End phase (the replay theatre's: Play)."""
        st = self.scene.game.state
        human = self.scene.session.is_human(st.active_side)
        return Button(rect, "End phase", self.scene.end_phase, human and not st.over, "Space", "" if human else "The other side is playing.")

    def draw_selection(self, surf, x, y, w) -> int:
        st = self.scene.game.state
        pending = self.scene.rules.decision(self.scene.game)
        if pending is not None:
            for part in wrap(f"{st.sides[pending['side']].name} must choose:", 20, w, bold=True):  # a long side's name wraps
                text(surf, part, (x, y), 20, (150, 50, 30), bold=True)
                y += 20
            for part in wrap(pending["prompt"], 18, w)[:4]:
                text(surf, part, (x, y), 18, INK)
                y += 18
            return y + 2
        if not self.scene.selected_unit or self.scene.selected_unit not in st.units:
            if not self.scene.session.is_human(st.active_side):
                text(surf, "The other side is playing. Tab: skip ahead.", (x, y), 19, INK_SOFT)
                return y + 22
            for line in wrap(self.scene.top().hint or "Select a unit.", 18, w)[:3]:
                text(surf, line, (x, y), 18, INK_SOFT)
                y += 18
            return self.draw_roster(surf, x, y + 4, w)
        seen = self.scene.view_state()  # the card says of an enemy only what the viewing side may know
        if self.scene.selected_unit not in seen.units:
            return y
        u = seen.units[self.scene.selected_unit]
        alive = len(seen.unit_figures(u.id))
        total = len(u.figures)
        own = u.side == self.scene.session.viewer() or self.scene.session.viewer() is None
        pygame.draw.rect(surf, (240, 232, 212), (x - 4, y - 2, w + 8, 4))
        count = f"{alive}/{total} in action"
        name, size = fit_line(u.name, 22, 15, w - text_width(count, 18) - 12, bold=True)  # a long name: smaller, then shortened
        text(surf, name, (x, y), size, pygame.Color(self.scene.side_colour(u.side)).correct_gamma(0.6), bold=True)
        text(surf, count, (x + w, y + 2), 18, INK_SOFT, anchor="topright")
        y += 22
        status = self.scene.rules.unit_status(self.scene.game, u.id)
        if status:  # wrapped: a long one ran off the sidebar ("troops pinned (-1 to command), under fir")
            for part in wrap("Status: " + ", ".join(status), 18, w, bold=True):
                text(surf, part, (x, y), 18, (160, 60, 30), bold=True)
                y += 18
        lines = self.scene.rules.unit_options(self.scene.game, u.id) if own else [
            f"An enemy unit of {seen.sides[u.side].name}: what your side sees of it."]
        for line in lines:
            for part in wrap(line, 18, w):
                text(surf, part, (x, y), 18, INK)
                y += 17
        if self.scene.selected_figure and self.scene.selected_figure in seen.figures:
            f = seen.figures[self.scene.selected_figure]
            weapons = ", ".join(weapon_name(self.scene.rules, w) for w in dict.fromkeys(f.weapons)) or "no weapon"
            marks = ", ".join(self.scene.rules.listing.figure_status(self.scene.game, f.id))
            for part in wrap(f"{f.name}: {weapons}" + (f" ({marks})" if marks else ""), 18, w):
                text(surf, part, (x, y), 18, INK_SOFT)
                y += 17
        return y

    def roster_rows(self) -> list[tuple[str, str, int, int, bool]]:
        """The acting human side's units: (id, name, figures in action, figures, whether it
        can still act), those that can first; kept for the state's version."""
        side = self.scene.game.acting_side
        key = (self.scene.game.version, side)
        if self.roster_cache is None or self.roster_cache[0] != key:
            rows = []
            st = self.scene.game.state
            if self.scene.session.is_human(side) and self.scene.rules.decision(self.scene.game) is None:
                for u in st.units.values():
                    alive = st.unit_figures(u.id)
                    if u.side != side or not alive:
                        continue
                    can = self.scene.rules.listing.can_act(self.scene.game, u.id)
                    rows.append((u.id, u.name, len(alive), len(u.figures), can))
            rows.sort(key=lambda r: not r[4])
            self.roster_cache = (key, rows)
        return self.roster_cache[1]

    def draw_roster(self, surf, x, y, w) -> int:
        """The acting side's units, those that can still act first and marked; a click
        selects one (its figure nearest the middle of the unit)."""
        rows = self.roster_rows()
        if not rows:
            return y
        text(surf, f"Your units ({sum(1 for r in rows if r[4])} can act):", (x, y), 18, INK, bold=True)
        y += 20
        mouse = mouse_pos()
        shown = rows[:ROSTER_ROWS]
        for uid, name, alive, total, can in shown:
            label = f"{'> ' if can else ''}{name} {alive}/{total}" + ("" if can else " (done)")
            b = Button(pygame.Rect(x, y, w, 22), label, partial(self.scene.select_unit, uid), True)
            b.active = False
            self.scene.side_bar.add(b)
            b.draw(surf, b.rect.collidepoint(mouse))
            if not can:
                s = pygame.Surface(b.rect.size, pygame.SRCALPHA)
                s.fill((226, 216, 192, 120))  # done: greyed
                surf.blit(s, b.rect)
            y += 24
        if len(rows) > len(shown):
            text(surf, f"and {len(rows) - len(shown)} more", (x, y), 16, INK_SOFT)
            y += 18
        return y + 4

    def draw_actions(self, surf, x, y, w, room: int) -> int:
        """The actions of the selection as buttons (keys 1-9, then 0), in ``room`` pixels at
        most: when they do not all fit, those possible now come first and a More button
        under them opens the list of every one (game/ui/actions_menu.py; the log keeps its
        lines). A disabled button says why when hovered."""
        self.scene.actions_bar.clear()
        every = self.scene.current_actions()
        actions = list(enumerate(every[:MAX_ACTIONS]))
        tall = 28 if len(actions) <= 9 else 23  # more than nine: smaller buttons
        fit = max(1, room // (tall + 3))
        hidden: list[Action] = every[MAX_ACTIONS:]
        if len(every) > fit:
            fit = max(1, (room - MORE_H - 3) // (tall + 3))  # a row for the More button
            keep = sorted([a for a in actions if a[1].enabled] + [a for a in actions if not a[1].enabled], key=lambda ia: not ia[1].enabled)[:fit]
            hidden = [a for i, a in actions if (i, a) not in keep] + hidden
            actions = sorted(keep, key=lambda ia: ia[0])  # in the rules' order, each with its own key
        for i, a in actions:
            key = str(i + 1) if i < 9 else "0" if i == 9 else ""
            b = Button(pygame.Rect(x, y, w, tall), a.label, partial(self.scene.run_action, i), a.enabled, key, a.reason)
            b.active = any(getattr(h, "action", None) is a for h in self.scene.handlers)
            self.scene.actions_bar.add(b)
            y += tall + 3
        if hidden:
            can = sum(a.enabled for a in hidden)
            label = f"More: {len(hidden)} other actions, {can} possible now" if can else f"More: {len(hidden)} other actions (not possible now)"
            self.scene.actions_bar.add(Button(pygame.Rect(x, y, w, MORE_H), label, lambda: self.scene.push(ActionsMenuHandler()), True))
            y += MORE_H + 3
        self.scene.actions_bar.draw(surf)
        return y

    def draw_toolbar(self, surf) -> None:
        r = self.scene.toolbar_rect
        pygame.draw.rect(surf, (52, 44, 34), r)
        for b in self.scene.tool_bar.buttons:
            b.active = (b.label == "Measure" and isinstance(self.scene.top(), MeasureHandler)) or (b.label == "Sight" and isinstance(self.scene.top(), LosHandler)) \
                or (b.label == "Template" and isinstance(self.scene.top(), TemplateHandler)) or (b.label == "Ranges" and self.scene.show_ranges) or (b.label == "Grid" and self.scene.show_grid)
        self.scene.tool_bar.draw(surf)

    # ---- what moves between frames -----------------------------------------------------
    def glide(self, dt: float) -> None:
        """Tokens slide to where the rules put them, so a move can be followed by eye."""
        speed = 300.0  # mm per second at least; long moves go faster (a sixth of a second's ease)
        pace = self.animation()
        dt *= pace
        for f in self.scene.game.state.figures.values():
            cur = self.scene.shown.get(f.id)
            if cur is None or self.scene.skip_ai or not pace:
                self.scene.shown[f.id] = f.pos
                continue
            dx, dy = f.x - cur[0], f.y - cur[1]
            d = hypot(dx, dy)
            step = max(speed * dt, d * min(1.0, dt * 6))
            self.scene.shown[f.id] = f.pos if d <= step else (cur[0] + dx * step / d, cur[1] + dy * step / d)

    def animation(self) -> float:
        """How fast tokens glide and dice tumble (the Settings screen's animation: 0 none)."""
        return ANIMATIONS.get(str(self.scene.app.settings.get("animation")), 1.0)

    def feed_dice(self) -> None:
        events = self.scene.game.log.events
        if self.scene.fed > len(events):  # undo
            self.scene.fed = len(events)
        viewer = self.scene.session.viewer()
        rolls = [ev.roll for ev in events[self.scene.fed :] if ev.roll is not None and ev.seen_by(viewer)]
        pace = self.animation()
        self.scene.dice.speed = pace or 1.0
        if rolls:  # the rolls of what happened since the last frame (a command's): shown together
            self.scene.dice.show(rolls, animate=not self.scene.skip_ai and pace > 0)
        self.scene.fed = len(events)


def figure_note_of(scene: Any, fid: str) -> str:
    """A figure under the cursor, in words: its name, unit and side, its weapons, its state
    (what the viewing side may see: the figure is in its view)."""
    game, rules = scene.game, scene.rules
    f = scene.view_state().figures[fid]
    st = game.state
    unit = st.units[f.unit].name if f.unit in st.units else ""
    weapons = ", ".join(weapon_name(rules, w) for w in dict.fromkeys(f.weapons)) or "no weapon"
    marks = list(rules.listing.figure_status(game, f.id)) + list(rules.unit_status(game, f.unit) if f.unit in st.units else [])
    state = "; ".join(dict.fromkeys(marks)) or "in good order"
    return f"{f.name} of {unit} ({st.sides[f.side].name}). Carries: {weapons}. {state[0].upper()}{state[1:]}."


def weapon_name(rules: Any, wid: str) -> str:
    """A weapon's name as its ruleset gives it (its id, spaced, where the ruleset has none)."""
    w = getattr(rules.data, "weapons", {}).get(wid)
    return str(getattr(w, "name", "")) or wid.replace("_", " ")
