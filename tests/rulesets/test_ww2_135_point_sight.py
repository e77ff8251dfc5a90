"""My 1/35th Scale WWII Skirmish (issue 20): the commands that must see a point (a grenade's,
L135; a line of suppressive fire's, L110-112; a mortar's plot, L204) see it by this ruleset's
sight of a man standing there (interpretation point-sight), not the table's plain line: a bank
higher than a standing man's eye hides what is beyond it, a prone figure sees nothing over a
wall, a hidden figure observes nothing (L55). Each refusal fails on the plain line."""

from __future__ import annotations

from game.core.commands import Command
from game.core.game import Game
from game.rulesets.ww2_135.status import W135FigMark
from tests.rulesets.helpers import force, ok
from tests.rulesets.w135 import refused, table_game

IN = 25.4
#: a bocage bank 3" high (higher than a standing man's eye) and a 1" wall, across the table at y 25
BANK = [{"type": "hedge", "name": "Bank", "height": 3, "line": [[0, 25], [60, 25]]}]
WALL = [{"type": "wall", "line": [[0, 25], [60, 25]], "width": 0.5}]


def first(game: Game, side: str):
    return sorted(game.state.side_figures(side), key=lambda f: f.id)[0]


def point(x: float, y: float) -> tuple[float, float]:
    return (x * IN, y * IN)


def throw_at(f, x: float, y: float) -> Command:
    return Command("throw", f.side, figure=f.id, point=point(x, y))


def plain_sees(game: Game, f, x: float, y: float) -> bool:
    return game.rules.los(game, f.pos, point(x, y)).visible


def test_a_grenade_is_not_thrown_at_a_point_beyond_a_bank_higher_than_a_man():
    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 50, 50)], terrain=BANK)
    a = first(game, "a")
    assert plain_sees(game, a, 30, 32)   # the plain line: a hedge hinders only
    assert "higher than a standing figure" in refused(game, throw_at(a, 30, 32))
    # standing at the bank it looks over it (L263-271) and may throw over it (L143-145: the bank is
    # not over 1" away, so no band beyond it is barred)
    at = table_game([("us_rifleman", 30, 24.3)], [("de_rifleman", 50, 50)], terrain=BANK)
    force(at, 4, 4)   # 7.7": 4 is on target (L161); the die: fuse
    ok(at, throw_at(first(at, "a"), 30, 32))
    low = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 50, 50)], terrain=WALL)
    force(low, 4, 4)   # 12": 4 is on target (L162); the die: fuse
    ok(low, throw_at(first(low, "a"), 30, 32))


def test_a_prone_thrower_sees_nothing_over_a_wall_and_a_hidden_one_nothing_at_all():
    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 50, 50)], terrain=WALL)
    a = first(game, "a")
    a.markers[W135FigMark.PRONE] = True
    assert plain_sees(game, a, 30, 32)
    assert "blocks a prone figure's view" in refused(game, throw_at(a, 30, 32))
    a.markers.pop(W135FigMark.PRONE)
    a.markers[W135FigMark.HIDDEN] = True
    assert "must move before it observes (L55)" in refused(game, throw_at(a, 30, 32))


def test_a_machine_gun_lays_no_line_at_a_point_it_cannot_see():
    # (an American short of the bank in sight: a reason to fire, L112)
    game = table_game([("de_mg42", 30, 20)], [("us_rifleman", 30, 40), ("us_rifleman", 20, 23)], terrain=BANK)
    gunner = first(game, "a")
    assert plain_sees(game, gunner, 30, 40)
    assert "cannot see that point: the bank is higher than a standing figure" in \
        refused(game, Command("suppress", "a", figure=gunner.id, point=point(30, 40)))
    ok(game, Command("suppress", "a", figure=gunner.id, point=point(30, 24)))   # short of the bank: seen


def test_an_observer_plots_mortar_fire_only_on_a_point_it_sees():
    game = table_game([("us_radio", 30, 20), ("us_mortar", 30, 1)], [("de_rifleman", 50, 50)], terrain=BANK)
    radio, crew = (next(f for f in game.state.side_figures("a") if f.type == t) for t in ("us_radio", "us_mortar"))
    assert plain_sees(game, radio, 30, 40)
    assert "must see the point to plot it (L204): the bank is higher than a standing figure" in \
        refused(game, Command("plot", "a", figure=radio.id, target=crew.id, point=point(30, 40)))
    force(game, 3, 4)   # short of the bank (23" from the mortar): seen; the radio gets through
    ok(game, Command("plot", "a", figure=radio.id, target=crew.id, point=point(30, 24)))


def test_from_where_its_move_began_it_sees_as_it_stood_there():
    # L135: the point must have been in sight before moving. Standing behind a 1" wall he saw over
    # it; having moved an inch and gone prone (free) he may still throw over it at what he saw
    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 50, 50)], terrain=WALL)
    a = first(game, "a")
    ok(game, Command("move", "a", figure=a.id, path=(point(31, 20),)))
    ok(game, Command("prone", "a", figure=a.id))
    began = game.rules.moving.as_it_began(game, a)
    assert began.pos == point(30, 20) and not game.rules.prone(began) and game.rules.prone(a)
    force(game, 4, 2)   # 12.0": 4 is on target for 10-15" (L162); the die: BANG
    ok(game, throw_at(a, 31, 32))
    # lying prone when his move began, he saw nothing over the wall: refused though he stands now
    game2 = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 50, 50)], terrain=WALL)
    b = first(game2, "a")
    b.markers[W135FigMark.PRONE] = True
    ok(game2, Command("move", "a", figure=b.id, path=(point(30, 21),)))   # a crawl of 1" (L11)
    ok(game2, Command("stand", "a", figure=b.id))
    assert "from where its move began (L135): the wall blocks a prone figure's view" in refused(game2, throw_at(b, 30, 32))


def test_a_hidden_figure_sees_no_point_even_one_it_saw_before_moving():
    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 50, 50)], terrain=WALL)
    a = first(game, "a")
    ok(game, Command("move", "a", figure=a.id, path=(point(31, 20),)))
    sight, began = game.rules.sight, game.rules.moving.as_it_began(game, a)
    assert sight.sees_point(game, a, point(31, 32), began).visible
    a.markers[W135FigMark.HIDDEN] = True   # (as if it had hidden since: L19)
    assert "must move before it observes (L55)" in sight.sees_point(game, a, point(31, 32), began).why


def test_a_window_is_seen_as_a_man_standing_at_it_and_a_tank_shells_only_points_it_sees():
    # a house with a window in its east wall (40, 34) and a 3" bank between it and a rifleman
    # 9" off: refused (the plain line sees over the bank); with no bank it may try the window.
    # A Sherman behind the same bank may not lay a smoke shell beyond it
    house = {"type": "building", "id": "house", "polygon": [[30, 30], [40, 30], [40, 38], [30, 38]],
             "openings": [{"kind": "window", "at": [40, 34], "width": 1.5}]}
    bank = {"type": "hedge", "name": "Bank", "height": 3, "line": [[45, 20], [45, 50]]}
    game = table_game([("us_rifleman", 49, 34), ("sherman", 49, 42)], [("de_rifleman", 35, 34)], terrain=[house, bank], face=False)
    a, tank = (next(f for f in game.state.side_figures("a") if f.type == t) for t in ("us_rifleman", "sherman"))
    a.facing = tank.facing = 180.0   # towards the house
    assert plain_sees(game, a, 41, 34)
    assert "must see the window (L135): the bank is higher than a standing figure" in \
        refused(game, Command("throw", "a", figure=a.id, target="house:0"))
    assert "cannot see that point: the bank is higher than a standing figure" in \
        refused(game, Command("fire", "a", figure=tank.id, point=point(38, 42), options=(("smoke", "yes"), ("weapon", "tank_gun"))))
    clear = table_game([("us_rifleman", 49, 34)], [("de_rifleman", 35, 34)], terrain=[house], face=False)
    b = first(clear, "a")
    b.facing = 180.0
    force(clear, 6, 6, 1, 6, 6)   # 9" needs 9 (L150): 12 goes in; the die: BANG; under the burst, 12
    ok(clear, Command("throw", "a", figure=b.id, target="house:0"))


def test_a_bazooka_fires_at_a_wall_only_where_it_sees_the_wall():
    # L290: a bazooka at a building. Behind a bank higher than a man, 4" off the house's east
    # wall, the gunner does not see the wall's face (the plain line does); with no bank he fires
    house = {"type": "building", "id": "house", "polygon": [[30, 30], [40, 30], [40, 38], [30, 38]],
             "openings": [{"kind": "window", "at": [40, 34], "width": 1.5}]}
    bank = {"type": "hedge", "name": "Bank", "height": 3, "line": [[45, 20], [45, 50]]}
    shot = (("weapon", "bazooka"),)
    game = table_game([("us_bazooka", 49, 36)], [("de_rifleman", 35, 34)], terrain=[house, bank], face=False)
    a = first(game, "a")
    a.facing = 180.0
    assert plain_sees(game, a, 40.1, 36)
    assert "cannot see that point: the bank is higher than a standing figure" in \
        refused(game, Command("fire", "a", figure=a.id, point=point(40, 36), options=shot))
    clear = table_game([("us_bazooka", 49, 36)], [("de_rifleman", 35, 34)], terrain=[house], face=False)
    b = first(clear, "a")
    b.facing = 180.0
    assert clear.check(Command("fire", "a", figure=b.id, point=point(40, 36), options=shot)) is None
