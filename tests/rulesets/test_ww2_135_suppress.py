"""My 1/35th Scale WWII Skirmish, slice 6 (issue 20): suppressive fire lines (L110-121): who
may lay one and why, the re-loading d6 and the 2d6 for each crossing, stopping where the
mover broke cover, never killing, and a line laid as opportunity fire; scripted with forced
dice."""

from __future__ import annotations

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.rulesets.ww2_135.status import W135FigMark
from tests.rulesets.helpers import force, ok
from tests.rulesets.w135 import refused
from tests.rulesets.w135 import table_game as game_of

IN = 25.4


def figs(game: Game, side: str):
    return sorted(game.state.side_figures(side, alive_only=False), key=lambda f: f.id)


def lines(game: Game):
    return [m for m in game.state.markers.values() if m.kind == "suppress_line"]


def lay(game: Game, gunner, x: float, y: float) -> Command:
    return Command("suppress", gunner.side, figure=gunner.id, point=(x * IN, y * IN))


def mg_line() -> tuple[Game, object, list]:
    """An MG 42 at (10, 30) facing east lays a line along y 30 to (55, 30); three Americans
    wait north of it."""
    game = game_of([("de_mg42", 10, 30)], [("us_rifleman", 40, 36), ("us_rifleman", 42, 36), ("us_rifleman", 44, 36)])
    gunner = figs(game, "a")[0]
    gunner.facing = 0.0
    ok(game, lay(game, gunner, 55, 30))
    ok(game, Command(END_PHASE, "a"))
    return game, gunner, figs(game, "b")[:3]


def south(f, inches: float) -> Command:
    return Command("move", f.side, figure=f.id, path=((f.x, f.y - inches * IN),))


def test_a_machine_gun_lays_a_line_for_3_points_and_it_goes_as_its_turn_comes_round():
    game, gunner, _ = mg_line()
    assert len(lines(game)) == 1
    assert [e.text for e in game.log.events if e.kind == "points" and "suppressive fire" in e.text] == [
        "MG 42 gunner spends 3 points on suppressive fire (1 left)."]
    ok(game, Command(END_PHASE, "b"))
    assert not lines(game)


def test_a_crossing_is_diced_and_a_success_stops_the_move_and_suppresses():
    game, _, (x, y, z) = mg_line()
    force(game, 3, 2, 3)   # the gun is not re-loading (3); 2d6 5: stopped (L118 5+)
    ok(game, south(x, 9))
    assert round(x.y / IN, 3) == 36 and x.markers[W135FigMark.MORALE] == 1   # no cover on the way: it stays put
    assert game.rules.points(game, x) == 4   # it did not go through with its move
    force(game, 2, 2)   # 4: gets through
    ok(game, south(y, 9))
    assert round(y.y / IN, 3) == 27 and not y.markers.get(W135FigMark.MORALE)


def test_a_figure_stopped_at_a_line_makes_no_more_moves_that_turn():
    """L112 "if successful they will not be allowed to move" (interpretation suppress-stop):
    before, a figure stopped with its points unspent moved again at once and was diced again
    until it got through. It may still turn or go prone; next turn it moves again."""
    game, _, (x, _, _) = mg_line()
    force(game, 3, 2, 3)   # not re-loading; 2d6 5: stopped
    ok(game, south(x, 9))
    assert round(x.y / IN, 3) == 36 and game.rules.points(game, x) == 4
    assert "not allowed to move (L112" in refused(game, south(x, 9))
    assert "not allowed to move" in refused(game, Command("move", "b", figure=x.id, path=((x.x + 3 * IN, x.y),)))
    ok(game, Command("prone", "b", figure=x.id))
    ok(game, Command(END_PHASE, "b"))
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=x.id, path=((x.x + 1 * IN, x.y),)))  # its next turn: it moves (crawling)


def test_the_first_crosser_finds_the_gun_reloading_and_later_ones_roll_for_it():
    game, _, (x, y, z) = mg_line()
    force(game, 1)          # re-loading: x crosses without a roll
    ok(game, south(x, 9))
    assert round(x.y / IN, 3) == 27
    force(game, 3)          # still re-loading (4+ to finish): y crosses too
    ok(game, south(y, 9))
    assert round(y.y / IN, 3) == 27
    force(game, 4, 6, 6)    # loaded: z is diced, and stopped
    ok(game, south(z, 9))
    assert round(z.y / IN, 3) == 36


def test_a_second_suppression_by_fire_is_not_shaken_and_nobody_is_killed():
    game, _, (x, _, _) = mg_line()
    x.markers[W135FigMark.MORALE] = 1
    (m,) = lines(game)
    force(game, 6, 6, 6)
    assert game.rules.suppressing.cross(game, x, m.id)
    assert x.alive and x.markers[W135FigMark.MORALE] == 1   # L121


def test_stopped_where_it_broke_cover():
    game = game_of([("de_mg42", 10, 30)], [("us_rifleman", 40, 36)],
                   terrain=[{"type": "wall", "line": [[0, 34], [60, 34]], "width": 0.5}])
    gunner, x = figs(game, "a")[0], figs(game, "b")[0]
    gunner.facing = 0.0
    ok(game, lay(game, gunner, 55, 30))
    ok(game, Command(END_PHASE, "a"))
    force(game, 1, 6, 6, 6)   # the wall's d3 (1), not re-loading (6), stopped (12)
    ok(game, south(x, 6))     # 6" would be 2 points and 1 for the wall
    assert 32.5 <= x.y / IN <= 33.3 and game.rules.morale.in_cover(game, x.pos)   # the wall's far side, still in its cover
    assert game.rules.points(game, x) == 1   # 3.24" moved: 2 points, and 1 for the wall
def test_only_a_machine_gun_lays_a_line_on_a_friends_word():
    game = game_of([("de_mg42", 30, 20), ("de_rifleman", 40, 24)], [("us_rifleman", 45, 50)],
                   terrain=[{"type": "hedge", "line": [[0, 27], [35, 27]], "width": 1}])
    gunner, friend = figs(game, "a")[:2]
    friend.facing = 45.0
    assert not game.rules.sight.sees(game, gunner, figs(game, "b")[0]).visible   # the hedge hides him from the gun
    ok(game, lay(game, gunner, 30, 26))   # told of him by the rifleman, who sees him (L112)
    game2 = game_of([("us_nco", 30, 20)], [("de_rifleman", 5, 58)],
                    terrain=[{"type": "hedge", "line": [[0, 27], [60, 27]], "width": 1}])
    nco = figs(game2, "a")[0]
    assert "no reason to fire" in refused(game2, lay(game2, nco, 30, 26))


def test_an_smg_line_reaches_30_inches_and_needs_6():
    game = game_of([("us_nco", 10, 20)], [("de_rifleman", 30, 26)])
    nco = figs(game, "a")[0]
    nco.facing = 0.0
    assert "reaches 30\"" in refused(game, lay(game, nco, 41, 20))
    ok(game, lay(game, nco, 38, 20))
    ok(game, Command(END_PHASE, "a"))
    x = figs(game, "b")[0]
    force(game, 3, 2, 3)    # not re-loading; 5: not enough for a light weapon (L119 6+)
    ok(game, south(x, 9))
    assert not x.markers.get(W135FigMark.MORALE) and round(x.y / IN, 3) == 17


def test_laid_as_opportunity_fire_it_stops_the_move_that_called_it():
    game = game_of([("de_mg42", 30, 20)], [("us_rifleman", 40, 36)])
    gunner, x = figs(game, "a")[0], figs(game, "b")[0]
    gunner.facing = 45.0
    ok(game, Command("hold", "a", figure=gunner.id))
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command("move", "b", figure=x.id, path=((40 * IN, 30 * IN),)))   # 6" in the open, in the gun's sight
    d = game.rules.decision(game)
    assert d is not None and "MG 42 gunner lays suppressive fire at Rifleman" in [o["label"] for o in d["options"]]
    force(game, 4, 6, 5)
    ok(game, Command("suppress", "a", figure=gunner.id, point=x.pos))
    assert round(x.y / IN, 3) == 36 and x.markers[W135FigMark.MORALE] == 1   # back where it started: no cover on the way


def test_a_line_laid_in_answer_to_another_action_stops_no_earlier_move():
    """L114: the line stops the move that broke cover. Laid in answer to going prone, or to
    anything after the move it let pass (this turn or the last), it moves nobody back."""
    for earlier_turn in (False, True):
        game = game_of([("de_mg42", 30, 20)], [("us_rifleman", 40, 36)])
        gunner, x = figs(game, "a")[0], figs(game, "b")[0]
        gunner.facing = 45.0
        if earlier_turn:  # the move in the Americans' last turn, nobody holding
            ok(game, Command(END_PHASE, "a"))
            ok(game, Command("move", "b", figure=x.id, path=((40 * IN, 30 * IN),)))
            ok(game, Command(END_PHASE, "b"))
            ok(game, Command("hold", "a", figure=gunner.id))
            ok(game, Command(END_PHASE, "a"))
        else:  # the gun lets the move pass
            ok(game, Command("hold", "a", figure=gunner.id))
            ok(game, Command(END_PHASE, "a"))
            ok(game, Command("move", "b", figure=x.id, path=((40 * IN, 30 * IN),)))
            ok(game, Command("hold_fire", "a", target=x.id))
        ok(game, Command("prone", "b", figure=x.id))
        d = game.rules.decision(game)
        assert d is not None and "MG 42 gunner lays suppressive fire at Rifleman" in [o["label"] for o in d["options"]]
        force(game, 4, 6, 5)   # what stopped the move before: the gun firing, 11
        ok(game, Command("suppress", "a", figure=gunner.id, point=x.pos))
        assert round(x.y / IN, 3) == 30 and not x.markers.get(W135FigMark.MORALE), earlier_turn
        assert not any("where it broke cover" in e.text for e in game.log.events)


def test_a_line_laid_as_opportunity_fire_after_a_move_that_went_nowhere_stops_nothing():
    """Found by measuring strength: a move stopped where it began left a one-point path for
    the line to catch, and the line crashed on it. A move that goes nowhere leaves no path."""
    game, gunner, (x, _, _) = mg_line()
    game.state.attrs["last_move"] = {"figure": x.id, "path": [[x.x, x.y]]}
    (m,) = lines(game)
    before = x.pos
    game.rules.suppressing.catch_last_move(game, x.id, m.id)   # no crash, nothing moves
    assert x.pos == before and not x.markers.get(W135FigMark.MORALE)
    force(game, 6, 6, 6)   # the gun is firing (6) and 12 stops it: no cover on the way, it stays where it was
    ok(game, Command("move", "b", figure=x.id, path=((x.x, x.y - 9 * IN),)))
    assert x.pos == before and "last_move" not in game.state.attrs


def test_a_line_whose_gunner_is_killed_is_lifted_and_stops_nobody():
    """Interpretation suppress-template: the text is silent; a gun nobody fires stops nobody."""
    game, gunner, (x, _, _) = mg_line()
    # 30.6" in the open, seen as the turn began (previously seen -1, range over 30" +1: no
    # acquisition roll); un-aimed 5 + range 4: 2d6 9 hits; the save d6 6 (over 0): killed
    force(game, 4, 5, 6)
    ok(game, Command("fire", "b", figure=x.id, target=gunner.id, choice="unaimed"))
    assert not gunner.alive
    assert not lines(game)
    assert any("line of suppressive fire is lifted" in e.text for e in game.log.events)
    before = game.dice.count
    y = figs(game, "b")[1]
    ok(game, south(y, 9))  # across where the line lay: no re-loading d6, no 2d6
    assert round(y.y / IN, 3) == 27
    assert game.dice.count == before


def test_a_vehicle_crossing_a_line_is_not_diced_for_stopped_or_suppressed():
    """Small arms do not harm a vehicle and it has no morale (interpretation vehicles): a
    Sherman drives through an MG 42's line with no re-loading die and no 2d6, and keeps its
    points and its main gun."""
    game = game_of([("de_mg42", 30, 10)], [("sherman", 25, 30)])
    mg, tank = figs(game, "a")[0], figs(game, "b")[0]
    ok(game, lay(game, mg, 30, 40))
    ok(game, Command(END_PHASE, "a"))
    src = force(game, 2, 6, 6)   # what would stop a man: firing (2), 12
    ok(game, Command("move", "b", figure=tank.id, path=((35 * IN, 30 * IN),)))
    assert round(tank.x / IN, 3) == 35 and not tank.markers.get(W135FigMark.STOPPED) and not tank.markers.get(W135FigMark.MORALE)
    assert src.used == 0   # no die rolled for the crossing
