"""The optional rule to solo-run every vehicle and flyer in WWIFY AR:SE
(rulesets/wwify.yaml solo_afvs, interpretation solo-afvs), and the main guns of every
solo-run vehicle, with forced dice. Distances in inches."""

from game.core.commands import Command
from game.rulesets.wwify.ruleset import Wwify
from game.solo.keys import SoloKey
from tests.rulesets.helpers import bind_afv_order, force, ok, refused, unit
from tests.rulesets.wwify_kit import P, fresh, play, wmap

WOOD = {"type": "wood", "name": "Copse", "circle": {"center": [23, 40], "radius": 1.5}}


def vehicle_game(option=True, enemy=(20, 10), friends=(), more_b=(), terrain=None, faces=()):
    """A's land ironclad v at (20, 40), ``friends`` (riflemen) in a1; B's rifleman e at
    ``enemy`` and ``more_b``; the VEHICLE card dealt (``faces``: its dice; under the option
    the chart's d6, a 6 unless given: the tests bind the order themselves)."""
    a = [unit("v", [("good_vehicle", 20, 40)], kind="vehicle")]
    if friends:
        a.append(unit("a1", [("good_rifleman", x, y) for x, y in friends]))
    b = [unit("e", [("evil_rifleman", *enemy)]), *more_b]
    game = fresh(wmap(a, b, terrain=terrain), options={"solo_afvs": True} if option else None)
    play(game, "VEHICLE", *(faces or ((6,) if option else ())))
    return game


def bind(game, order):
    bind_afv_order(game, "v", order)


def move(to):
    return Command("move", "a", figure="v.1", path=(P(*to),))


def test_the_option_rolls_the_afv_chart_as_the_activation_begins(monkeypatch):
    """The ironclad dices on the chart as the VEHICLE card activates it (0 points, a 2:
    Halt); without the option nothing is rolled."""
    monkeypatch.setattr(Wwify, "afv_points", lambda self, g, u: [("x", 0, "scripted")])
    for option in (False, True):
        game = vehicle_game(option=option, faces=(2,))
        rolled = [e.roll for e in game.log.events if e.roll and "AFV solo movement chart" in e.roll.reason]
        assert [r.value for r in rolled] == ([2] if option else [])
        assert game.state.units["v"].markers.get(SoloKey.ORDER) == ("halt" if option else None)
        assert ("AFV order: Halt" in game.rules.unit_status(game, "v")) is option  # on the sidebar


def test_halt_allows_only_a_move_to_cover_within_6_inches():
    game = vehicle_game(terrain=[WOOD])
    bind(game, "halt")
    assert "cover within 6" in refused(game, move((20, 37)))
    force(game, 1)  # the breakdown test
    ok(game, move((23, 40)))


def test_advance_moves_in_one_action_without_infantry_and_in_both_with():
    """Advance: towards the nearest enemy; "at half speed" without friendly infantry within
    6": one Move action of its two, the second refused; with them, both."""
    game = vehicle_game()
    bind(game, "advance")
    assert "towards the nearest enemy" in refused(game, move((20, 43)))
    force(game, 1)
    ok(game, move((20, 37)))
    assert "half speed" in refused(game, move((20, 35)))
    game = vehicle_game(friends=[(24, 40), (25, 41)])
    bind(game, "advance")
    force(game, 1, 1)
    ok(game, move((20, 37)))
    ok(game, move((20, 35)))


def test_advance_halts_20_inches_from_the_enemy():
    """With the enemy 23" off (centre to centre; his base and the ironclad's measured edge to
    edge), a move ending within 20" of him is refused."""
    game = vehicle_game(enemy=(20, 15))
    bind(game, "advance")
    assert "within 20" in refused(game, move((20, 36.5)))


def test_retreat_moves_away_and_bale_out_takes_no_action():
    game = vehicle_game()
    bind(game, "retreat")
    assert "away from the most threatening enemy" in refused(game, move((20, 38)))
    force(game, 1)
    ok(game, move((20, 43)))
    game = vehicle_game()
    bind(game, "bale_out")
    assert "no action" in refused(game, Command("fire", "a", unit="v", target="e"))
    assert "no action" in refused(game, move((20, 43)))


def test_without_the_option_or_before_an_enemy_is_seen_it_is_free():
    game = vehicle_game(option=False)
    bind(game, "retreat")
    force(game, 1)
    ok(game, move((20, 38)))
    game = vehicle_game()
    bind(game, "retreat")
    game.state.attrs[SoloKey.ENEMY_SEEN] = []
    force(game, 1)
    ok(game, move((20, 38)))


def test_the_main_gun_shoots_at_the_nearest_enemy_vehicle_first():
    """With the Horde's steam juggernaut about 20" off, fire at the rifleman 10" off is refused
    under Manoeuvre; at the juggernaut it goes."""
    jug = unit("j", [("evil_vehicle", 34, 26)], kind="vehicle")
    game = vehicle_game(enemy=(20, 29), more_b=[jug], faces=(6, 1, 6))  # who goes first: A 6, B 1; the chart
    bind(game, "manoeuvre")
    why = refused(game, Command("fire", "a", unit="v", target="e"))
    assert "nearest enemy AFV" in why and "(j)" in why
    force(game, *[1] * 10)
    ok(game, Command("fire", "a", unit="v", target="j"))


def test_the_solo_ai_s_vehicle_fires_at_the_field_gun_before_the_flamers():
    """The solo AI's ironclad (no option) takes the field gun 20" off first, though the
    flamethrower section 6" off is worth more to its fire (5.8 against 3.7)."""
    flamers = unit("s", [("evil_flamer", x, 34) for x in (18, 20, 22)] + [("evil_stormtrooper", x, 34) for x in (16, 24)])
    gun = unit("g", [("evil_field_gun", 40, 20), ("evil_crew", 42, 20)], kind="field_gun")
    game = vehicle_game(option=False, enemy=(5, 5), more_b=[flamers, gun], faces=(6, 1))
    options = game.rules.planner.value.fire_options(game, game.state.units["v"])
    assert [t for _, t in options] == ["g", "s"] and options[1][0] > options[0][0]
