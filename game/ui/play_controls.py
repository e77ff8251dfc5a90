"""The play screen's keys and toolbar (what each key and button does) and when the screen is
at rest, as functions of the scene (game/ui/play.py)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.paths import data_home

from .dialogs import ConfirmHandler, PromptHandler
from .handlers import LosHandler, MeasureHandler, SelectHandler, TemplateHandler
from .recap import RecapHandler
from .theme import TOOLBAR_H, font
from .traces import FADE
from .widgets import Button

if TYPE_CHECKING:
    from .play import PlayScene

#: keys that pan the table while held
PAN_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_a, pygame.K_d, pygame.K_w, pygame.K_s)


def handle_key(scene: PlayScene, e: pygame.event.Event) -> None:
    """A key on the play screen (see the README's controls)."""
    ctrl = e.mod & pygame.KMOD_CTRL
    k = e.key
    if k == pygame.K_ESCAPE:
        scene.cancel(menu=True)
    elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
        scene.end_phase()
    elif ctrl and k == pygame.K_z:
        scene.undo()
    elif ctrl and k == pygame.K_s:
        scene.save()
    elif k == pygame.K_F1:
        rules_reference(scene)
    elif k == pygame.K_F2:
        v = scene.app.sounds.next_volume()
        scene.app.toast((f"Sound: {round(v * 100)}%" if v else "Sound: off") + ("" if scene.app.sounds.ready else " (no audio device: silent)"))
    elif k == pygame.K_F12:
        screenshot(scene)
    elif k in (pygame.K_HOME, pygame.K_f):
        scene.camera.fit()
    elif k == pygame.K_m:
        scene.toggle_tool(MeasureHandler)
    elif k == pygame.K_l:
        scene.toggle_tool(LosHandler)
    elif k == pygame.K_t:
        scene.toggle_tool(TemplateHandler)
    elif k == pygame.K_r:
        scene.show_ranges = not scene.show_ranges
    elif k == pygame.K_g:
        scene.show_grid = not scene.show_grid
    elif k == pygame.K_c:
        scene.tapes.clear()
    elif k == pygame.K_e:
        scene.odds_whole = not scene.odds_whole  # the whole odds box where the short one shows (a small window), or back
    elif k == pygame.K_TAB:
        scene.skip_ai = True
    elif pygame.K_1 <= k <= pygame.K_9:
        scene.run_action(k - pygame.K_1)
    elif k == pygame.K_0:
        scene.run_action(9)  # the tenth action (the sidebar numbers 1-9, then 0)


def toolbar_items(scene: PlayScene) -> list[tuple[str, str, Callable[[], None]]]:
    return [
        ("Measure", "M", lambda: scene.toggle_tool(MeasureHandler)),
        ("Sight", "L", lambda: scene.toggle_tool(LosHandler)),
        ("Template", "T", lambda: scene.toggle_tool(TemplateHandler)),
        ("Ranges", "R", lambda: setattr(scene, "show_ranges", not scene.show_ranges)),
        ("Grid", "G", lambda: setattr(scene, "show_grid", not scene.show_grid)),
        ("Fit", "F", lambda: scene.camera.fit()),
        ("Undo", "^Z", scene.undo),
        ("Save", "^S", scene.save),
        ("Rules", "F1", lambda: rules_reference(scene)),
        ("Menu", "Esc", scene.leave_to_menu),
    ]


def tool_width(label: str, key: str) -> int:
    return max(74, font(19).size(f"[{key}] {label}")[0] + 14)


def build_toolbar(scene: PlayScene, items: list[tuple[str, str, Callable[[], None]]], places: list[tuple[int, int]]) -> None:
    scene.tool_bar.clear()
    r = scene.toolbar_rect
    for (label, key, fn), (x, row) in zip(items, places, strict=True):
        scene.tool_bar.add(Button(pygame.Rect(r.x + x, r.y + 5 + row * (TOOLBAR_H - 5), tool_width(label, key), TOOLBAR_H - 10),
                                 label, fn, True, key))


def at_rest(scene: PlayScene) -> bool:
    """At rest: the player's turn with no tool armed (a tool's odds wait for the cursor
    to rest a few frames) and nothing on the table moving (:func:`still`)."""
    st = scene.game.state
    return (not st.over and (isinstance(scene.top(), (SelectHandler, RecapHandler)) or scene.top().modal) and still(scene))


def still(scene: PlayScene) -> bool:
    """Nothing on the screen moves by itself, whatever tool is armed: a player's turn (or
    the game over), no dice tumbling, every token where the rules put it, no trace still
    fading, no key held to pan, the terrain drawn at this zoom."""
    st = scene.game.state
    keys = pygame.key.get_pressed()
    return ((st.over or scene.session.is_human(scene.game.acting_side))
            and not scene.dice.busy() and all(scene.shown.get(f.id) == f.pos for f in st.figures.values())
            and all(t.age >= FADE for t in scene.traces.shown(scene.session.viewer(), scene.view_state())) and scene.zoom_idle > 0.5
            and not any(keys[k] for k in PAN_KEYS))


def screenshot(scene: PlayScene) -> None:
    """F12: the window as it is, into the data folder's screenshots."""
    folder = data_home() / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"table-{time.strftime('%Y%m%d-%H%M%S')}.png"
    pygame.image.save(scene.app.screen, str(path))
    scene.app.toast(f"Screenshot saved: {path}")


def rules_reference(scene: PlayScene) -> None:
    """F1: the rules reference, opened at the phase being played."""
    st = scene.game.state
    scene.app.open("rules", scene.rules.data.id, scene, f"{scene.rules.phase_name(st.phase)} phase")


def save_prompt(scene: PlayScene) -> None:
    """Ctrl+S: the save's name asked, then the game saved under it (never a game by e-mail:
    its copy's record is kept sealed after every command)."""
    if scene.session.mail is not None:
        scene.app.toast("A game by e-mail is kept sealed in this copy's record after every command; "
                        "a plain save would show the other side's hidden men.", 8)
        return

    def done(name: str) -> None:
        try:
            path = scene.session.save(name)
        except OSError as e:
            scene.app.toast(f"Could not save: {e}", 8)
            return
        scene.app.toast(f"Saved to {path.name}")

    st = scene.game.state
    scene.push(PromptHandler("Name of the save:", f"{st.scenario} turn {st.turn}", done))


def leave_prompt(scene: PlayScene) -> None:
    """Esc or Menu: asked first, saying what becomes of the game."""
    def go() -> None:
        if scene.on_leave is not None:
            scene.on_leave()
            return
        if scene.session.autosaves:
            try:
                scene.session.autosave()
            except OSError as e:
                scene.app.toast(f"The autosave failed ({e.strerror or e}): save under a name (Ctrl+S) before leaving.", 8)
                return
        scene.app.open("menu")

    if scene.on_leave:
        question = "Back to the editor?"
    elif scene.session.mail is not None:
        question = "Leave to the main menu? This game by e-mail is kept in this computer's record of it; Play by e-mail opens it again."
    elif scene.session.autosaves:
        question = "Leave to the main menu? The game is autosaved; Continue resumes it."
    else:
        question = "Leave to the main menu? This quick game is not autosaved (Ctrl+S saves it)."
    scene.push(ConfirmHandler(question, go))
