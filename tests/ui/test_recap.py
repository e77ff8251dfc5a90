"""Before a player acts, the other side's turn stepped through one command at a time
(issue 21): each step's trail or shot drawn bold, its log lines shown, the table panned to
it; hidden men leave no step; it never blocks play (a click or an action key puts it down
and does its work)."""

import pygame

from game.core.commands import END_PHASE, Command
from game.session import Session
from game.ui.play import PlayScene
from game.ui.recap import RecapHandler
from tests.rulesets.helpers import force
from tests.rulesets.w135 import table_game
from tests.ui.scene_kit import scene_of

IN = 25.4


def a_turn_with_a_move_and_a_kill(scene):
    game = scene.game
    assert scene.submit(Command("move", "a", figure="a1.2", path=((40 * IN, 23 * IN),))).ok
    force(game, 3, 4, *[3] * 10)  # 20" in the open, un-aimed: 2d6 7 hits, no save: killed
    assert scene.submit(Command("fire", "a", figure="a1.1", target="b1.1", choice="unaimed")).ok
    assert not game.state.figures["b1.1"].alive
    assert scene.submit(Command(END_PHASE, "a")).ok and game.state.active_side == "b"


def test_the_next_player_steps_through_the_other_sides_turn(app, drive):
    game = table_game([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 40), ("de_rifleman", 50, 40)])
    scene = scene_of(app, game)
    a_turn_with_a_move_and_a_kill(scene)
    recap = scene.top()
    assert isinstance(recap, RecapHandler)
    kinds = [sorted(t.kind for t in s.traces) for s in recap.steps]
    assert kinds[:2] == [["move"], ["fell", "shot"]]
    assert recap.steps[0].figures == ["a1.2"] and any("a1.1" in s.figures for s in recap.steps[1:2])
    assert any("hit" in line.lower() or "kill" in line.lower() for line in recap.steps[1].lines)
    assert recap.at == 0
    drive.key(pygame.K_RIGHT)
    assert recap.at == 1 and recap.current.seq == 2
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert recap.at == len(recap.steps) - 1  # it stops at the last
    drive.key(pygame.K_HOME)
    assert recap.at == 0
    next_button = recap.buttons[1]
    drive.click(next_button.rect.center)
    assert recap.at == 1 and scene.top() is recap  # a click on its own buttons steps
    drive.key(pygame.K_RETURN)
    assert scene.top() is not recap and game.state.active_side == "b"  # Enter puts it down and ends nothing


def test_a_click_on_the_table_puts_it_down_and_selects_as_ever(app, drive):
    game = table_game([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 40), ("de_rifleman", 50, 40)])
    scene = scene_of(app, game)
    a_turn_with_a_move_and_a_kill(scene)
    assert isinstance(scene.top(), RecapHandler)
    drive.click(scene.camera.to_screen(game.state.figures["b1.2"].pos))
    assert not isinstance(scene.top(), RecapHandler)
    assert scene.selected_figure == "b1.2"


def test_it_pans_to_a_step_out_of_view_and_arrows_do_not_pan_the_table(app, drive):
    game = table_game([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 40), ("de_rifleman", 50, 40)])
    scene = scene_of(app, game)
    a_turn_with_a_move_and_a_kill(scene)
    cam = scene.camera
    cam.zoom *= 3
    cam.x, cam.y = 0.0, 0.0  # the top left corner, away from everything
    scene.top().looked = -1
    drive.frame()
    x0, y0, x1, y1 = cam.visible_world()
    assert x0 < 40 * IN < x1 and y0 < 21 * IN < y1  # the move of the first step is in view
    before = (cam.x, cam.y)
    pygame.key.set_mods(0)
    drive.key(pygame.K_LEFT)  # at the first step already: nothing moves
    assert (cam.x, cam.y) == before


def test_a_hidden_mans_moves_make_no_step_and_nothing_is_shown_twice(app):
    wall = {"type": "wall", "height": 3, "line": [[40, 45], [60, 45]], "width": 0.5}  # higher than a man: it blocks sight
    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40), ("de_rifleman", 50, 50)], [wall],
                      settings={"hidden_deployment": ["b"]})
    scene = scene_of(app, game)
    assert scene.submit(Command(END_PHASE, "a")).ok
    first = scene.top()  # side a only ended its turn: what b sees of that (its man found at once, in sight)
    assert isinstance(first, RecapHandler) and [s.lines[-1] for s in first.steps] == ["Found: Grenadier (hidden deployment, L284-286)."]
    scene.pop()
    assert scene.submit(Command("move", "b", figure="b1.2", path=((52 * IN, 50 * IN),))).ok  # behind the wall, unseen
    assert scene.submit(Command(END_PHASE, "b")).ok and game.state.active_side == "a"
    top = scene.top()
    assert not isinstance(top, RecapHandler) or all("b1.2" not in s.figures and not s.traces for s in top.steps)
    scene.pop()
    assert scene.submit(Command(END_PHASE, "a")).ok
    assert scene.submit(Command(END_PHASE, "b")).ok
    top = scene.top()
    assert not isinstance(top, RecapHandler) or all(s.step.seq > 3 for s in top.steps)  # not the first turn's again


def test_after_the_solo_ai_plays_its_turn_the_player_is_shown_it(app):
    game = table_game([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 34), ("de_rifleman", 40, 34)])
    scene = PlayScene(app, Session(game, {"a": "human", "b": "ai"}, handover="never", autosaves=False))
    app.switch(scene)
    assert scene.submit(Command(END_PHASE, "a")).ok
    scene.skip_ai = True
    for _ in range(50):
        app.frame(0.05)
        if game.state.active_side == "a":
            break
    assert game.state.active_side == "a"
    recap = scene.top()
    assert isinstance(recap, RecapHandler)
    assert all(s.step.side == "b" for s in recap.steps) and recap.steps
    assert recap.side_name == game.state.sides["b"].name


def test_the_panel_keeps_off_the_cards_in_play_at_1000x700(home):
    """Found in a real 1000x700 window: GOODBYEEEEEE!!!'s initiative card at the table's
    top right covered the panel's Play on button (the panel was centred at the top)."""
    from game.catalog import MAPS_DIR, load_map, new_game
    from game.ui.app import App
    from tests.ui.conftest import Driver

    app = App((1000, 700), headless=True)
    try:
        drive = Driver(app)
        game = new_game(load_map(MAPS_DIR / "goodbyeeee-bombing-party.yaml"), 2)  # the Germans win the initiative
        app.open("play", Session(game, {"british": "human", "german": "ai"}, autosaves=False))
        drive.frame(150)
        scene = app.scene
        recap = scene.top()
        assert isinstance(recap, RecapHandler) and game.acting_side == "british"
        cards = [r for r, *_ in scene.painter.cards(game.state)]
        assert cards
        assert recap.panel.w and recap.panel.collidelist(cards) < 0
        assert all(b.rect.collidelist(cards) < 0 for b in recap.buttons)
        assert scene.table_rect.contains(recap.panel)
    finally:
        pygame.quit()
