"""My 1/35th Scale WWII Skirmish, slice 4 (issue 20): aimed and un-aimed fire, bursts, the hit
roll's modifiers, saves and morale levels, machine guns running dry (L57-96), scripted on
small maps with forced dice."""

from __future__ import annotations

import pytest

from game.core import pools
from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.state import DEAD, FLED
from game.rulesets.ww2_135.status import AP, W135FigMark
from tests.rulesets.helpers import force, ok
from tests.rulesets.w135 import refused
from tests.rulesets.w135 import table_game as game_of

IN = 25.4


def pair(game: Game):
    st = game.state
    return sorted(st.side_figures("a", alive_only=False), key=lambda f: f.id)[0], sorted(st.side_figures("b", alive_only=False), key=lambda f: f.id)[0]


def fire(f, t, aim: str = "unaimed", **opts: str) -> Command:
    return Command("fire", f.side, figure=f.id, target=t.id, choice=aim, options=tuple(sorted(opts.items())))


def rolls(game: Game):
    return [e.roll for e in game.log.events if e.roll]


def wall(y: float) -> dict:
    return {"type": "wall", "line": [[0, y], [60, y]], "width": 0.5}


# ---- the hit roll (L69-80) ------------------------------------------------------------------------------
def test_an_unaimed_shot_in_the_open_hits_at_the_total_and_kills_without_a_save():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)])
    a, b = pair(game)
    force(game, 3, 4)   # 20" in the open: no acquisition roll (total 0); 2d6 7 = un-aimed 5 + range 2
    ok(game, fire(a, b))
    (r,) = rolls(game)
    assert r.target == "7+" and r.modifiers == [("un-aimed fire", 5), ('range 20.0"', 2)] and r.outcome == "hit"
    assert b.life == DEAD and game.rules.points(game, a) == 1   # 3 points (L12)


def test_a_miss_by_one():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.5)])
    a, b = pair(game)
    force(game, 3, 4)   # 20.5": range 3, needs 8
    ok(game, fire(a, b))
    assert rolls(game)[0].outcome == "miss" and b.alive


def test_aimed_fire_needs_the_target_seen_last_turn_and_a_firer_that_has_not_moved():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)])
    a, b = pair(game)
    assert "did not see" in refused(game, fire(a, b, "aimed"))
    force(game, 6)
    ok(game, Command("acquire", "a", figure=a.id, target=b.id))
    assert game.rules.acquisition.acquired(game, a, b)
    assert "did not see" in refused(game, fire(a, b, "aimed"))   # acquired this turn: not seen "in last turn" (L70)
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))
    force(game, 2, 2)   # aimed 2 + range 2 = 4
    ok(game, fire(a, b, "aimed"))
    assert rolls(game)[0].target == "4+" and b.life == DEAD and game.rules.points(game, a) == 0   # 4 points (L13)


def test_a_target_that_came_into_sight_in_the_enemys_turn_was_seen_in_the_last_turn():
    """L70 "Must have seen target in last turn", L43 "Previously seen" (interpretation
    previously-seen: a turn is both sides'): an enemy that stepped out from behind a wall in
    its own turn, in the firer's sight as that turn ended, may be aimed at and is previously
    seen; one first seen after the firer moves is not."""
    wall = {"type": "wall", "line": [[27, 35], [33, 35]], "width": 0.5, "height": 2.5}
    game = game_of([("us_rifleman", 30, 20), ("us_rifleman", 12, 20)], [("de_rifleman", 30, 38), ("de_rifleman", 5, 38)], [wall])
    a, b = pair(game)
    c, d = (sorted(game.state.side_figures(s), key=lambda f: f.id)[1] for s in ("a", "b"))
    c.facing = 0.0   # looking east: the German to its south-west is not in its front arc (L47)
    assert not game.rules.sight.can_see(game, a, b) and not game.rules.sight.can_see(game, c, d)
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=b.id, path=((35 * IN, 38 * IN), (35 * IN, 33 * IN))))
    ok(game, Command(END_PHASE, "b"))
    assert ("previously seen", -1) in game.rules.acquisition.modifiers(game, a, b)
    force(game, 6, 4, 4)   # acquired; aimed 2 + range 2 = 4: 8 hits
    ok(game, fire(a, b, "aimed"))
    assert b.life == DEAD
    ok(game, Command("turn", "a", figure=c.id, point=d.pos))   # it turns to the other German and sees him now
    assert game.rules.sight.can_see(game, c, d) and not game.rules.acquisition.seen_last_turn(game, c, d)
    assert "did not see" in refused(game, fire(c, d, "aimed"))


def test_what_was_seen_as_the_turn_began_is_not_changed_by_a_door_opened_since():
    """Reading previously-seen: "seen in last turn" is what the figure saw as its turn
    began, with the doors as they were then: a German inside, behind a shut door, is not
    seen in the last turn once a friend opens the door in front of him."""
    house = {"type": "building", "id": "house", "polygon": [[30, 30], [40, 30], [40, 38], [30, 38]],
             "openings": [{"kind": "door", "at": [35, 30], "width": 2}]}
    game = game_of([("us_rifleman", 35, 20), ("us_rifleman", 33.5, 29)], [("de_rifleman", 35, 31.5)], [house])
    a, b = pair(game)
    friend = sorted(game.state.side_figures("a"), key=lambda f: f.id)[1]
    for side in ("a", "b"):
        ok(game, Command(END_PHASE, side))
    assert not game.rules.sight.can_see(game, a, b)
    ok(game, Command("door", "a", figure=friend.id, target="house:0", choice="open"))
    assert game.rules.sight.can_see(game, a, b) and not game.rules.acquisition.seen_last_turn(game, a, b)
    assert "did not see" in refused(game, fire(a, b, "aimed"))


def test_a_firer_that_moved_cannot_aim_and_pays_2_a_full_3_inches():
    game = game_of([("us_rifleman", 30, 14)], [("de_rifleman", 30, 40)])
    a, b = pair(game)
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))
    pools.reset(game.state, f"figure:{a.id}", AP, 6)   # a scripted quota, to move and still fire
    ok(game, Command("move", "a", figure=a.id, path=((30 * IN, 20.5 * IN),)))   # 6.5": 3 points
    assert "cannot aim" in refused(game, fire(a, b, "aimed"))
    shot = game.rules.firing.plan(game, fire(a, b))
    assert ('firer moved 6.5"', 4) in shot.modifiers and shot.need == 5 + 2 + 4


def test_the_targets_move_counts_until_it_acts_again():
    game = game_of([("us_rifleman", 30, 10)], [("de_rifleman", 30, 46)])
    a, b = pair(game)
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=b.id, path=((30 * IN, 40 * IN),)))   # 6": +2 (L76)
    ok(game, Command(END_PHASE, "b"))
    mods = dict(game.rules.firing.plan(game, fire(a, b)).modifiers)
    assert mods['target moved 6.0"'] == 2 and mods['range 30.0"'] == 3
    game2 = game_of([("us_rifleman", 30, 10)], [("de_rifleman", 30, 46)])
    a2, b2 = pair(game2)
    ok(game2, Command(END_PHASE, "a"))
    ok(game2, Command("move", "b", figure=b2.id, path=((30 * IN, 43 * IN),)))   # 3": +1
    ok(game2, Command("turn", "b", figure=b2.id, point=(30 * IN, 0.0)))      # a move of 0" (interpretation facing)
    ok(game2, Command("hide", "b", figure=b2.id))                             # an action after the move (L82)
    ok(game2, Command(END_PHASE, "b"))
    assert not [m for m, _ in game2.rules.firing.plan(game2, fire(a2, b2)).modifiers if m.startswith("target moved")]


def test_turning_after_the_move_is_part_of_it():
    """Turning on the spot is a move of 0" (interpretation facing): it does not end what the
    move counts for a shot at the figure (L82)."""
    game = game_of([("us_rifleman", 30, 10)], [("de_rifleman", 30, 46)])
    a, b = pair(game)
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=b.id, path=((30 * IN, 40 * IN),)))
    ok(game, Command("turn", "b", figure=b.id, point=(30 * IN, 0.0)))
    ok(game, Command(END_PHASE, "b"))
    assert dict(game.rules.firing.plan(game, fire(a, b)).modifiers)['target moved 6.0"'] == 2


def test_a_prone_target_in_the_open():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 30)])
    a, b = pair(game)
    b.markers[W135FigMark.PRONE] = True
    assert ("prone in the open", 2) in game.rules.firing.plan(game, fire(a, b)).modifiers


def test_a_double_six_always_hits():
    game = game_of([("us_rifleman", 30, 5)], [("de_rifleman", 30, 50.6)], terrain=[wall(50)])
    a, b = pair(game)
    force(game, 6, 6, 6, 1)   # acquire (over 30" +1, hard cover +1): 6; 45.6": 5 + range 5 + hard 3 = 13; save 1
    ok(game, fire(a, b))
    hit = [r for r in rolls(game) if r.spec == "2d6"][0]
    assert hit.target == "13+" and hit.outcome == "double six: hit"


# ---- saves and morale levels (L84-92, L248) ---------------------------------------------------------------
@pytest.mark.parametrize("save_roll,outcome,level,life", [
    (4, "not saved: killed", None, DEAD),
    (3, "equal: two morale levels down", 2, "active"),
    (1, "saved: a morale level down", 1, "active"),
])
def test_hard_cover_saves_on_3_or_under(save_roll, outcome, level, life):
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[wall(40)])
    a, b = pair(game)
    force(game, 2, 6, 5, save_roll)   # acquire 2 > 1; 2d6 11 vs 5 + 3 (20.6") + 3 hard = 11; save d6 <= 3
    ok(game, fire(a, b))
    save = rolls(game)[-1]
    assert save.spec == "d6" and save.target == "3 or under" and save.outcome == outcome
    assert b.life == life and b.markers.get(W135FigMark.MORALE) == level


def test_dropping_past_shaken_breaks_a_figure_and_it_flees():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[wall(40)])
    a, b = pair(game)
    b.markers[W135FigMark.MORALE] = 2
    force(game, 2, 6, 5, 1)
    ok(game, fire(a, b))
    assert b.life == FLED and any("broken and flees" in e.text for e in game.log.events)


def test_an_smg_fires_bursts_to_20_inches():
    game = game_of([("us_nco", 30, 10)], [("de_rifleman", 30, 28)])
    a, b = pair(game)
    force(game, 1, 2, 6, 6)   # a burst at 18" (needs 7): a miss, then a double six
    ok(game, fire(a, b, burst="yes"))
    assert [r.outcome for r in rolls(game)] == ["miss", "hit"] and b.life == DEAD
    game2 = game_of([("us_nco", 30, 10)], [("de_rifleman", 30, 35)])
    a2, b2 = pair(game2)
    assert 'the SMG reaches 20"' in refused(game2, fire(a2, b2))   # L66; its 30" is for suppressive fire


def test_an_assault_rifle_bursts_to_20_inches_and_fires_single_shots_beyond():
    """L61 "Assault Rifles (Single shot)" are limited only by the range modifiers; their
    automatic fire as the SMG's (L66, interpretation assault-rifle-auto): bursts to 20",
    suppressive fire to 30"."""
    game = game_of([("de_sturm", 30, 5)], [("us_rifleman", 30, 30)])
    a, b = pair(game)
    assert "bursts reach 20\": beyond, single shots only" in refused(game, fire(a, b, burst="yes"))
    assert 'suppressive fire reaches 30"' in refused(game, Command("suppress", "a", figure=a.id, point=(30 * IN, 36 * IN)))
    force(game, 3, 3)   # a single shot at 25" (needs 8, un-aimed 5 + 3): a miss
    ok(game, fire(a, b))
    assert [r.outcome for r in rolls(game)] == ["miss"]
    game2 = game_of([("de_sturm", 30, 10)], [("us_rifleman", 30, 28)])
    a2, b2 = pair(game2)
    force(game2, 1, 2, 6, 6)   # a burst at 18": a miss, then a double six
    ok(game2, fire(a2, b2, burst="yes"))
    assert [r.outcome for r in rolls(game2)] == ["miss", "hit"] and b2.life == DEAD


def test_a_pistol_reaches_12_inches_and_a_rifle_does_not_burst():
    game = game_of([("de_officer", 30, 10), ("us_rifleman", 20, 10)], [("de_rifleman", 30, 23)])
    a, b = pair(game)
    assert 'the Pistol reaches 12"' in refused(game, fire(a, b))   # L67
    rifleman = [f for f in game.state.side_figures("a") if f.type == "us_rifleman"][0]
    rifleman.facing = 45.0
    assert "does not fire bursts" in refused(game, fire(rifleman, b, burst="yes"))


def test_a_suppressed_figure_cannot_fire():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)])
    a, b = pair(game)
    a.markers[W135FigMark.MORALE] = 1
    assert "suppressed and cannot fire (L79" in refused(game, fire(a, b))
    a.markers[W135FigMark.MORALE] = 2
    assert "shaken and cannot fire (L79" in refused(game, fire(a, b))


def test_no_points_are_spent_when_the_target_is_not_acquired():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[wall(40)])
    a, b = pair(game)
    force(game, 1)
    ok(game, fire(a, b))
    assert game.rules.points(game, a) == 4 and [r.outcome for r in rolls(game)] == ["not acquired this turn"]
    assert "failed to acquire" in refused(game, fire(a, b))


# ---- loaders (L94-96) -----------------------------------------------------------------------------------------
def test_a_gun_without_a_loader_runs_dry_on_a_double_and_a_burst_loses_its_second_roll():
    game = game_of([("de_mg42", 30, 20)], [("us_rifleman", 30, 40)])
    a, b = pair(game)
    force(game, 4, 4, 6, 6)   # 8 of the 7 needed: a hit on a double, then the gun is dry; (6, 6): b's lone man's test
    ok(game, fire(a, b, burst="yes"))
    assert b.life == DEAD and a.markers[W135FigMark.DRY] and len([r for r in rolls(game) if r.spec == "2d6"]) == 1
    assert any("runs out of ammunition on a double" in e.text for e in game.log.events)
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))
    ok(game, Command("reload", "a", figure=a.id))   # L23: 2 points
    assert not a.markers.get(W135FigMark.DRY) and game.rules.points(game, a) == 2


def test_a_loader_beside_the_gun_keeps_it_firing():
    game = game_of([("de_mg42", 30, 20), ("de_rifleman", 30.5, 19)], [("us_rifleman", 30, 40)])
    gun = [f for f in game.state.figures.values() if f.type == "de_mg42"][0]
    _, b = pair(game)
    force(game, 1, 1, 2, 2)   # two doubles, both misses (7 needed): nothing runs dry
    ok(game, fire(gun, b, burst="yes"))
    assert not gun.markers.get(W135FigMark.DRY) and len(rolls(game)) == 2
