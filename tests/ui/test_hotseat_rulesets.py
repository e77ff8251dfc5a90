"""Hotseat games of WW2 Skirmish and WWIFY played to the victory screen with posted mouse
and keyboard events only: select, pick the action by its number key, click the target,
end the phase (or activation) with Space."""

import pygame

from game.session import Session
from game.ui.play import PlayScene
from game.ui.victory import VictoryScene
from tests.rulesets.helpers import force, make_game, small_map, unit
from tests.rulesets.wwify_kit import fresh, wmap
from tests.ui.scene_kit import screen_of


def action_key(scene: PlayScene, words: str) -> int:
    labels = [a.label for a in scene.current_actions()]
    i = next((i for i, lab in enumerate(labels) if words in lab and scene.current_actions()[i].enabled), None)
    assert i is not None, [(a.label, a.enabled, a.reason) for a in scene.current_actions()]
    return pygame.K_1 + i


def end_phase(drive, scene) -> None:
    drive.key(pygame.K_SPACE)
    if scene.top().modal:  # "units could still act: end the phase?"
        drive.key(pygame.K_y)


def to_a_step(drive, scene, step: str, limit: int = 12) -> None:
    """On to side A's ``step``: questions answered by their first option, steps ended."""
    st = scene.game.state
    for _ in range(limit):
        if st.active_side == "a" and st.phase == step:
            return
        if scene.rules.decision(scene.game) is not None:
            drive.key(pygame.K_1)
        else:
            end_phase(drive, scene)
    assert st.active_side == "a" and st.phase == step


def finish(drive, app, scene, limit=400) -> None:
    for _ in range(limit):
        if isinstance(app.scene, VictoryScene):
            return
        if scene.game.state.over:
            drive.frame(1, dt=0.5)
            continue
        d = scene.rules.decision(scene.game)
        if d is not None:  # a choice (reaction fire, casualties): take the last option offered
            drive.key(pygame.K_1 + min(8, len(scene.current_actions()) - 1))
            continue
        end_phase(drive, scene)
    raise AssertionError("the game did not reach the victory screen")


def test_ww2_hotseat_game_to_the_victory_screen(app, drive):
    a = [unit("a1", [("us_rifleman", 10, 20), ("us_rifleman", 12, 20), ("us_nco", 14, 20)], name="Able")]
    b = [unit("b1", [("ger_rifleman", 12, 6)], name="Posten")]
    game = make_game(small_map(a, b, ruleset="ww2-skirmish", size=(24, 24), turn_limit=2), seed=3)
    scene = PlayScene(app, Session(game, {"a": "human", "b": "human"}, handover="never"))
    app.switch(scene)
    drive.frame(2)
    assert "b1.1" in game.view("a").figures  # 14" away in the open: spotted at once
    drive.click(screen_of(scene, "a1.1"))
    assert scene.selected_unit == "a1"
    rolls = sum(1 for e in game.log if e.roll is not None)
    drive.key(action_key(scene, "unaimed shot"))
    drive.click(screen_of(scene, "b1.1"))
    shots = [e.roll for e in game.log if e.roll is not None][rolls:]
    assert shots and "unaimed shot" in shots[0].reason and shots[0].target.endswith("+")
    # the German may shoot back (a reaction the other seat decides): it holds its fire
    assert scene.rules.decision(game)["side"] == "b"
    drive.key(action_key(scene, "Hold fire"))
    assert scene.rules.decision(game) is None
    # the team moves together toward the enemy with the second action
    drive.click(screen_of(scene, "a1.2"))
    drive.key(action_key(scene, "Move figures"))
    start = game.state.figures["a1.2"].pos
    p = screen_of(scene, "a1.2")
    drive.drag(p, (p[0], p[1] - round(scene.camera.length(1 * 25.4))))
    assert game.state.figures["a1.2"].pos != start, (app.messages[-3:], scene.handlers)
    finish(drive, app, scene)
    assert isinstance(app.scene, VictoryScene) and game.state.over


def test_ww2_whole_team_spots_from_the_action_menu(app, drive):
    a = [unit("a1", [("us_rifleman", 10, 30), ("us_rifleman", 12, 30), ("us_nco", 14, 30)], name="Able")]
    b = [unit("b1", [("ger_rifleman", 12, 4)], name="Posten")]  # 26" away: no automatic spot
    game = make_game(small_map(a, b, ruleset="ww2-skirmish", size=(24, 36)), seed=3)
    scene = PlayScene(app, Session(game, {"a": "human", "b": "human"}, handover="never"))
    app.switch(scene)
    drive.frame(2)
    drive.click(screen_of(scene, "a1.2"))
    rolls = len(game.log)
    drive.key(action_key(scene, "Whole team: spot"))
    tries = [e for e in game.log.events[rolls:] if e.roll is not None]
    assert [e.figures for e in tries] == [["a1.1"], ["a1.2"], ["a1.3"]]  # one d10 each, in team order
    assert all("tries to spot" in e.roll.reason for e in tries)
    after = scene.current_actions()
    assert not any("Whole team: spot" in x.label for x in after)  # nobody left to look this turn
    assert [x.reason for x in after if ": spot (d10)" in x.label and not x.enabled]


def test_wwify_hotseat_game_to_the_victory_screen(app, drive):
    good = [unit("g1", [("good_officer", 20, 30)] + [("good_rifleman", 21.5 + 1.5 * i, 30) for i in range(4)], name="Alliance section")]
    evil = [unit("e1", [("evil_officer", 20, 18)] + [("evil_rifleman", 21.5 + 1.5 * i, 18) for i in range(4)], name="Horde section")]
    game = make_game(wmap(good, evil, turn_limit=1), seed=4)
    scene = PlayScene(app, Session(game, {"a": "human", "b": "human"}, handover="never"))
    app.switch(scene)
    drive.frame(2)
    assert game.state.phase.startswith("card:")
    acting = game.state.active_side
    uid = "g1" if acting == "a" else "e1"
    foe = "e1.1" if acting == "a" else "g1.1"
    drive.click(screen_of(scene, f"{uid}.2"))
    assert scene.selected_unit == uid
    rolls = sum(1 for e in game.log if e.roll is not None)
    drive.key(action_key(scene, "Fire"))
    drive.click(screen_of(scene, foe))
    fired = [e.roll for e in game.log if e.roll is not None][rolls:]
    assert fired and "Rifle" in fired[0].reason
    finish(drive, app, scene)
    assert isinstance(app.scene, VictoryScene) and game.state.over


def test_wwify_materials_dropped_and_picked_up_from_the_action_menu(app, drive):
    """The carrying commands are offered by label: a squad drops its materials (the pile
    is drawn as a marker of nobody's) and picks them up again with its second action."""
    carriers = {"id": "c", "name": "Carriers", "kind": "squad", "attrs": {"materials": 2},
                "figures": [{"type": "good_rifleman", "at": [20, 30]}, {"type": "good_rifleman", "at": [21.5, 30]}]}
    game = fresh(wmap([carriers], [unit("x", [("evil_rifleman", 20, 6)])]))
    scene = PlayScene(app, Session(game, {"a": "human", "b": "human"}, handover="never"))
    app.switch(scene)
    drive.frame(2)
    drive.click(screen_of(scene, "c.1"))
    drive.key(action_key(scene, "Drop the materials"))
    drive.frame(2)
    (pile,) = game.rules.materials.piles(game)
    assert game.state.units["c"].attrs["materials"] == 0 and pile.attrs["amount"] == 2
    drive.key(action_key(scene, "Pick up materials"))
    assert game.state.units["c"].attrs["materials"] == 2 and not game.rules.materials.piles(game)


def gb_hotseat(app, drive, second: str, enemy_y: float):
    """A GOODBYEEEEEE!!! hotseat on an 80 cm table: A's lance corporal and a ``second`` figure
    at y 20 cm, B's private at (35, ``enemy_y``); no Luck or Valour points (no questions)."""
    from game.core.keys import StateKey

    a = [unit("a1", [("junior_nco", 30, 20), (second, 35, 20)], kind="section", name="Able")]
    b = [unit("b1", [("private", 35, enemy_y)], kind="section", name="Posten")]
    game = make_game(small_map(a, b, ruleset="goodbyeeee", unit="cm", size=(80, 80), turn_limit=2), seed=3)
    game.state.attrs.pop(StateKey.POOLS, None)
    scene = PlayScene(app, Session(game, {"a": "human", "b": "human"}, handover="never"))
    app.switch(scene)
    drive.frame(2)
    return game, scene


def order_section(drive, scene, game) -> None:
    """Press the selected section's command roll with dice that pass it, then the seeded dice again."""
    seeded = game.dice.source
    force(game, 1, 1)
    drive.key(action_key(scene, "Command roll"))
    game.dice.source = seeded


def test_goodbyeeee_hotseat_game_to_the_victory_screen(app, drive):
    """GOODBYEEEEEE!!! with posted events: select a figure, order its section, move it by a
    click, fire its rifle by number key and a click on the enemy; every question answered by
    its first option; on to the victory screen."""
    game, scene = gb_hotseat(app, drive, "private", 55)
    st = game.state
    to_a_step(drive, scene, "orders")  # (B may go first)
    drive.click(screen_of(scene, "a1.2"))
    assert scene.selected_unit == "a1"
    order_section(drive, scene, game)
    assert scene.rules.command.ordered(game, st.units["a1"]) is True
    before = st.figures["a1.2"].pos
    drive.key(action_key(scene, "Move figures"))
    drive.click(scene.camera.to_screen((before[0], before[1] + 40)))  # 4 cm toward the enemy
    assert st.figures["a1.2"].pos != before
    end_phase(drive, scene)
    assert st.phase == "fire"
    drive.click(screen_of(scene, "a1.1"))
    rolls = sum(1 for e in game.log if e.roll is not None)
    drive.key(action_key(scene, "Fire the Rifle"))
    drive.click(screen_of(scene, "b1.1"))
    shots = [e.roll for e in game.log if e.roll is not None][rolls:]
    assert shots and "to hit Private (rifleman)" in shots[0].reason
    finish(drive, app, scene)


def test_goodbyeeee_a_throw_at_a_point_shows_its_odds_when_the_cursor_rests(app, drive):
    """The point tool (a grenade, a mortar) shows nothing heavy while the cursor moves; at
    rest on a spot it works the odds out (one frame saying so first), and the click throws
    at that spot, so the odds shown are the odds of the throw made."""
    from game.ui.handlers import REST_FRAMES, PointHandler

    game, scene = gb_hotseat(app, drive, "bomber", 32)
    st = game.state
    to_a_step(drive, scene, "fire")
    drive.click(screen_of(scene, "a1.2"))
    drive.key(action_key(scene, "Hand grenade at a point"))
    tool = scene.top()
    assert isinstance(tool, PointHandler)
    target = st.figures["b1.1"].pos
    drive.move(scene.camera.to_screen(target))
    drive.frame(1)
    assert tool.info(scene) == ["Fire the Hand grenade at a point", "Rest the cursor on the point to see the odds."]
    assert not tool.odds.cache  # nothing worked out while the cursor has not rested
    drive.frame(REST_FRAMES + 1)  # at rest: the odds asked of the worker
    drive.settle()  # worked out beside the window, then shown
    lines = tool.info(scene)
    assert lines[0] == "Bomber (grenadier) fires at a point" and "enemy figures out of action:" in lines and lines[-1] in ("(exact)", "(sampled)")
    shown = next(iter(tool.odds.cache.values()))
    drive.click(scene.camera.to_screen(target))
    thrown = [e for e in game.log if e.kind == "fire" and "Hand grenade at a point" in e.text]
    assert thrown and shown is not None and not isinstance(shown, str)


def test_goodbyeeee_a_click_on_an_enemy_with_the_move_tool_charges_it(app, drive):
    """With a figure's move armed, a click on an enemy figure is where the move goes: it
    ends in base contact, a charge (L142), instead of selecting the enemy's section."""
    game, scene = gb_hotseat(app, drive, "private", 32)
    st = game.state
    to_a_step(drive, scene, "orders")
    drive.click(screen_of(scene, "a1.2"))
    order_section(drive, scene, game)
    drive.key(action_key(scene, "Move figures"))
    drive.click(screen_of(scene, "b1.1"))
    me, foe = st.figures["a1.2"], st.figures["b1.1"]
    assert scene.selected_unit == "a1"
    assert abs(scene.rules.dist(me.pos, foe.pos) - me.radius - foe.radius) < 1.0  # in base contact
    assert me.markers.get("charged") == st.turn


def test_goodbyeeee_the_point_tool_draws_the_blast_template_where_it_is_aimed(app, drive):
    """A grenade's template is drawn at the aimed spot before the click (it may scatter off)."""
    game, scene = gb_hotseat(app, drive, "bomber", 32)
    to_a_step(drive, scene, "fire")
    drive.click(screen_of(scene, "a1.2"))
    drive.key(action_key(scene, "Hand grenade at a point"))
    aim = (350.0, 450.0)  # open ground 13 cm from the bomber
    drive.move(scene.camera.to_screen(aim))
    [(centre, radius, label)] = scene.rules.point_templates(game, scene.top().action.command.with_(point=aim))
    assert centre == aim and radius == scene.rules.blasts.radius("grenade") and "Hand grenade template" in label
    drive.frame(1)
    c = scene.camera.to_screen(aim)
    edge = (c[0] + round(radius * scene.camera.zoom), c[1])
    near = [app.screen.get_at((edge[0] + dx, edge[1]))[:3] for dx in (-1, 0, 1)]
    assert (230, 120, 40) in near  # the template's ring
