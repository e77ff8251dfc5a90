"""A hotseat game driven only by posted mouse and keyboard events."""

import pygame

from game.paths import saves_dir
from game.session import Session
from game.ui.handlers import MoveFigureHandler
from game.ui.load_screen import LoadScene
from game.ui.menu import MainMenu
from game.ui.play import PlayScene
from tests.ui.scene_kit import IN, screen_of, small_game


def test_scripted_hotseat_game(app, drive, home):
    game = small_game()
    scene = PlayScene(app, Session(game, {"a": "human", "b": "human"}, handover="never"))
    app.switch(scene)
    drive.frame(2)
    assert game.state.phase == "rally"

    drive.key(pygame.K_SPACE)  # end the rally phase
    assert game.state.phase == "movement"

    drive.click(screen_of(scene, "a1.3"))  # select the unit
    assert scene.selected_unit == "a1"
    drive.key(pygame.K_2)  # action 2: roll move (2dAv, no advancing)
    assert "move_allowance" in game.state.units["a1"].markers

    start = game.state.figures["a1.3"].pos
    p = screen_of(scene, "a1.3")
    drive.drag(p, (p[0], p[1] + round(scene.camera.length(1.5 * IN))))  # 1.5" back, away from the enemy
    moved = game.state.figures["a1.3"].pos
    assert abs(moved[1] - start[1] - 1.5 * IN) < 0.6 / scene.camera.zoom + 0.5
    assert game.state.figures["a1.3"].markers.get("moved")

    def shown() -> list[str]:
        drive.frame()  # the panel syncs with the game's log as it draws
        out: list[str] = []
        for row, _e, first in scene.log.rows:
            out.append(row) if first else out.__setitem__(-1, out[-1] + " " + row.strip())
        return out

    assert shown() == [e.line for e in game.log.for_side(scene.session.viewer())]
    assert any("moves" in line for line in shown())
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)  # undo: no dice were rolled by the move
    assert game.state.figures["a1.3"].pos == start
    assert shown() == [e.line for e in game.log.for_side(scene.session.viewer())]  # the log panel is the game's log
    assert not any("moves" in line for line in shown())
    drive.key(pygame.K_ESCAPE)  # put down the figure being moved
    p = screen_of(scene, "a1.3")
    drive.drag(p, (p[0] + round(scene.camera.length(1 * IN)), p[1] + round(scene.camera.length(1 * IN))))
    assert game.state.figures["a1.3"].pos != start

    drive.key(pygame.K_ESCAPE)
    drive.click(screen_of(scene, "a1.2"))  # a figure that may still move: the move tool is armed
    assert isinstance(scene.top(), MoveFigureHandler)
    drive.key(pygame.K_SPACE)  # units could still move: the game asks first
    assert game.state.phase == "movement"
    # only Y alone answers yes: not Space pressed again, Return, or Ctrl+Y (redo)
    drive.key(pygame.K_SPACE)
    drive.key(pygame.K_RETURN)
    drive.key(pygame.K_y, mod=pygame.KMOD_CTRL)
    assert game.state.phase == "movement" and scene.top().modal
    drive.key(pygame.K_y)
    assert game.state.phase == "shooting"
    assert not any(isinstance(h, MoveFigureHandler) for h in scene.handlers)  # put down with its phase

    drive.click(screen_of(scene, "a1.2"))
    drive.key(pygame.K_1)  # fire with every figure that can
    drive.move(screen_of(scene, "b1.1"))
    drive.settle()  # the odds worked out beside the window (tests/ui/test_odds_worker.py), then shown
    info = scene.top().info(scene)
    assert any("casualties" in line for line in info) and any("exact" in line for line in info)
    rolls_before = sum(1 for e in game.log if e.kind == "roll")
    drive.click(screen_of(scene, "b1.1"))
    fire_rolls = [e for e in game.log if e.kind == "roll"][rolls_before:]
    assert len(fire_rolls) == 2  # the sergeant and the rifleman that did not move
    assert all("fires Rifle at Gruppe B" in e.roll.reason for e in fire_rolls)

    drive.key(pygame.K_SPACE)  # shooting -> assaults (morale tests for B if it lost men)
    drive.key(pygame.K_SPACE)  # assaults -> B's rally
    assert game.state.active_side == "b"

    drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)  # save, with a name
    drive.key(pygame.K_BACKSPACE)
    for _ in range(30):
        drive.key(pygame.K_BACKSPACE)
    drive.type("ui test")
    drive.key(pygame.K_RETURN)
    saves = [p for p in saves_dir().glob("ui-test-*.json")]
    assert len(saves) == 1
    digest = game.digest()

    drive.key(pygame.K_ESCAPE)  # leave to the menu (asks first)
    drive.key(pygame.K_y)
    assert isinstance(app.scene, MainMenu)
    drive.click(app.scene.buttons["Load"].rect.center)
    assert isinstance(app.scene, LoadScene)
    labels = [s.label for s in app.scene.saves]
    index = next(i for i, lab in enumerate(labels) if "|  ui test" in lab)
    drive.click(app.scene.rows.row_rect(index).center)
    load_btn = next(el for el in app.manager.get_root_container().elements if getattr(el, "text", "") == "Load")
    drive.click(load_btn.rect.center)
    assert isinstance(app.scene, PlayScene)
    assert app.scene.game.digest() == digest


def test_refused_command_shows_its_reason(app, drive):
    game = small_game()
    scene = PlayScene(app, Session(game, {"a": "human", "b": "human"}, handover="never"))
    app.switch(scene)
    drive.key(pygame.K_SPACE)
    drive.click(screen_of(scene, "a1.2"))
    drive.key(pygame.K_2)
    p = screen_of(scene, "a1.2")
    drive.drag(p, (p[0], p[1] - round(scene.camera.length(2 * IN))))  # toward the enemy without activation
    assert game.state.figures["a1.2"].pos[1] == 18 * IN
    assert any("may not move toward the enemy" in m for m, _ in app.messages)


def test_handover_hides_the_table_between_human_sides(app, drive):
    game = small_game()
    scene = PlayScene(app, Session(game, {"a": "human", "b": "human"}, handover="always"))
    app.switch(scene)
    from game.ui.handlers import HandoverHandler

    assert isinstance(scene.top(), HandoverHandler)  # first side's seat
    drive.key(pygame.K_SPACE)
    for _ in range(4):
        drive.key(pygame.K_SPACE)
        if scene.top().modal and not isinstance(scene.top(), HandoverHandler):
            drive.key(pygame.K_y)
    assert game.state.active_side == "b"
    assert isinstance(scene.top(), HandoverHandler)
    # while the cover is up, clicks do nothing to the game
    before = game.digest()
    drive.click(screen_of(scene, "b1.1"))
    assert game.digest() == before and scene.selected_unit is None


def test_single_player_the_ai_side_plays_its_turn_and_hands_back(app, drive):
    game = small_game()
    scene = PlayScene(app, Session(game, {"a": "human", "b": "ai"}, handover="never"))
    app.switch(scene)
    for _ in range(4):  # the human side ends its four phases
        drive.key(pygame.K_SPACE)
        if scene.top().modal:
            drive.key(pygame.K_y)
    assert game.state.active_side == "b"
    commands = len(game.commands)
    drive.frame(2, dt=0.05)
    assert len(game.commands) <= commands + 1  # paced: one command per AI_PACE, not all at once
    for _ in range(400):
        drive.frame(1, dt=0.4)
        if game.state.active_side == "a" or game.state.over:
            break
    assert game.state.active_side == "a" or game.state.over
    orders = [e for e in game.log if e.roll is not None and "solo action chart" in e.roll.reason]
    assert orders and orders[0].roll.outcome  # the AI's decisions are in the log, explained


def test_tab_skips_through_the_ai_turn(app, drive):
    game = small_game()
    scene = PlayScene(app, Session(game, {"a": "human", "b": "ai"}, handover="never"))
    app.switch(scene)
    for _ in range(4):
        drive.key(pygame.K_SPACE)
        if scene.top().modal:
            drive.key(pygame.K_y)
    drive.key(pygame.K_TAB)
    drive.frame(2, dt=0.05)
    assert game.state.active_side == "a" or game.state.over


def test_the_save_prompt_replaces_the_offered_name_and_caps_a_long_one(app, drive, home):
    """The offered name starts selected: typing replaces it; Ctrl+A selects it all again; a
    name longer than the cap is cut there (and says so) and the save is written."""
    from game.ui.dialogs import MAX_NAME, PromptHandler

    game = small_game()
    scene = PlayScene(app, Session(game, {"a": "human", "b": "human"}, handover="never"))
    app.switch(scene)
    drive.frame(2)
    drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    prompt = scene.top()
    assert isinstance(prompt, PromptHandler) and prompt.selected and prompt.value.endswith("turn 1")
    drive.type("first")
    assert prompt.value == "first"
    drive.type(" go")
    drive.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    drive.type("x" * 200)
    assert prompt.value == "x" * MAX_NAME and prompt.full
    drive.key(pygame.K_RETURN)
    saves = list(saves_dir().glob("x*.json"))
    assert len(saves) == 1 and saves[0].name.startswith("x" * MAX_NAME + "-")
