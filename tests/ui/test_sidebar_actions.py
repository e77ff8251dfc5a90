"""The sidebar's actions (issue 21: a unit with many actions squeezed the log to a line;
a disabled action said why only when its key was pressed): driven by posted events."""

import pygame

from game.catalog import load_map, new_game
from game.session import Session
from game.ui.play import PlayScene
from game.ui.play_view import LOG_MIN_H


def test_many_actions_leave_the_log_its_lines_and_the_possible_ones_show_first(app, drive):
    game = new_game(load_map("maps/ww2-village-hauteville.yaml"), 1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    drive.click(scene.camera.to_screen(game.state.figures[game.state.units["us1"].figures[0]].pos))
    drive.frame()
    acts = scene.current_actions()
    *shown, more = scene.actions_bar.buttons
    assert len(acts) > len(shown)  # more than fit
    assert more.label == f"More: {len(acts) - len(shown)} other actions (not possible now)"
    assert scene.log.rect.h >= LOG_MIN_H
    enabled = [a.label for a in acts if a.enabled]
    assert [b.label for b in shown if b.enabled] == enabled  # every possible action is there
    assert [b.label for b in shown] == [a.label for a in acts if a.label in {b.label for b in shown}]  # in the rules' order
    # each keeps its own key: pressing it runs that action
    for b in shown:
        k = [a.label for a in acts].index(b.label)
        assert b.hotkey == (str(k + 1) if k < 9 else "0" if k == 9 else "")
    # a disabled one says why under the cursor
    off = next(b for b in shown if not b.enabled)
    drive.move(off.rect.center)
    assert scene.actions_bar.why_not(off.rect.center) == off.tooltip != ""
    assert app.screen.get_at((off.rect.centerx - 20, off.rect.y - 16)) == pygame.Color(255, 248, 222)  # the note, above left


def test_every_action_is_reachable_when_more_are_possible_than_fit(home):
    """At 1000x700 the Sherman at Hauteville, the Germans in its sight spotted, has thirteen
    possible actions and room for seven: the line under them said "and 9 more not possible
    now" and the 75 mm gun (the thirteenth: no key) could not be fired. The More button
    counts them truly and opens the list of every action; a click there arms it."""
    from game.rulesets.base import ruleset_of
    from game.ui.actions_menu import ActionsMenuHandler
    from game.ui.app import App
    from game.ui.handlers import TargetHandler

    from .conftest import Driver

    app = App((1000, 700), headless=True)
    drive = Driver(app)
    game = new_game(load_map("maps/ww2-village-hauteville.yaml"), 1)
    with game.changing():  # the Germans the Sherman sees, spotted
        ruleset_of(game).odds_command(game, "us8.1", "g1.1", False, {"weapon": "gun"})
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    drive.click(scene.camera.to_screen(game.state.figures["us8.1"].pos))
    acts = scene.current_actions()
    *shown, more = scene.actions_bar.buttons
    listed = {b.label for b in shown}
    rest = [a for a in acts if a.label not in listed]
    assert rest and any(a.enabled for a in rest)  # premise: possible actions that do not fit
    assert more.label == f"More: {len(rest)} other actions, {sum(a.enabled for a in rest)} possible now"
    assert more.rect.bottom <= scene.dice.rect.top and scene.log.rect.h >= LOG_MIN_H
    drive.click(more.rect.center)
    menu = scene.top()
    assert isinstance(menu, ActionsMenuHandler)
    assert [b.label for _, b in menu.buttons] == [a.label for a in acts]  # every one, in the rules' order
    assert all(app.screen.get_rect().contains(b.rect) for _, b in menu.buttons)
    assert [b.enabled for _, b in menu.buttons] == [a.enabled for a in acts]
    fire = next(b for _, b in menu.buttons if b.label.startswith("Fire 75mm"))
    drive.click(fire.rect.center)
    assert isinstance(scene.top(), TargetHandler) and scene.top().action.label == fire.label
    drive.key(pygame.K_ESCAPE)
    drive.click(more.rect.center)  # Esc, a right click and a click outside close the list
    drive.key(pygame.K_ESCAPE)
    assert not isinstance(scene.top(), ActionsMenuHandler)
    drive.click(more.rect.center)
    drive.click((10, 10))
    assert not isinstance(scene.top(), ActionsMenuHandler)
    pygame.quit()


def test_the_roster_lists_the_sides_units_those_that_can_act_first_and_a_click_selects_one(app, drive):
    from game.core.commands import Command
    from tests.rulesets.w135 import table_game

    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)])
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    drive.frame()
    assert [(r[0], r[4]) for r in scene.roster()] == [("a1", True), ("a9", True)]
    assert scene.submit(Command("hold", "a", figure="a1.1")).ok  # its 4 points held for opportunity fire: nothing left
    assert [(r[0], r[4]) for r in scene.roster()] == [("a9", True), ("a1", False)]
    drive.frame()
    row = next(b for b in scene.side_bar.buttons if b.label.startswith("a1") or "(done)" in b.label)
    assert "(done)" in row.label
    drive.click(row.rect.center)
    assert scene.selected_unit == "a1"


def test_a_long_unit_name_is_fitted_beside_its_count(app, drive, monkeypatch):
    import game.ui.play_view as view
    from game.ui.theme import text_width
    from tests.rulesets.w135 import table_game

    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)])
    long = "The Second Provisional Composite Rifle Platoon of the Division's Reserve"
    game.state.units["a1"].name = long
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    drive.click(scene.camera.to_screen(game.state.figures["a1.1"].pos))
    drawn = []
    real = view.text
    monkeypatch.setattr(view, "text", lambda surf, s, pos, size, *a, **k: (drawn.append((s, pos, size, k.get("bold", False))), real(surf, s, pos, size, *a, **k))[1])
    drive.frame()
    (name, pos, size, bold), = [d for d in drawn if d[0].startswith("The Second")]
    count = next(d for d in drawn if d[0] == "1/1 in action")
    assert name.endswith("...") and size < 22
    assert pos[0] + text_width(name, size, bold=bold) < count[1][0] - text_width("1/1 in action", 18)  # clear of the count


def test_an_enemy_units_card_says_only_what_the_side_sees(app, drive, monkeypatch):
    """Issue 21's unit card, for enemies what your side knows: a German pair with one man
    found and one still hidden reads '1/1 in action' to the Americans, not 1/2 or 2/2."""
    import game.ui.play_view as view
    from game.core.commands import Command
    from tests.rulesets.w135 import table_game

    hedge = {"type": "hedge", "line": [[0, 30], [60, 30]], "width": 1}
    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40), ("de_rifleman", 10, 29.5)], [hedge],
                      settings={"hidden_deployment": ["b"]})
    assert game.submit(Command("move", "a", figure="a1.1", path=((30 * 25.4, 22 * 25.4),))).ok  # finds the man at the hedge
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    assert "b1.2" in scene.view_state().figures and "b1.1" not in scene.view_state().figures
    scene.select("b1.2")
    drawn = []
    real = view.text
    monkeypatch.setattr(view, "text", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    drive.frame()
    assert "1/1 in action" in drawn and "2/2 in action" not in drawn and "1/2 in action" not in drawn
    assert any(s.startswith("An enemy unit of") for s in drawn)
