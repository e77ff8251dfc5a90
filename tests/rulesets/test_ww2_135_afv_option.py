"""The optional rule to solo-run every AFV in My 1/35th Scale WWII Skirmish
(rulesets/ww2-135.yaml solo_afvs, interpretation solo-afvs), with forced dice."""

from game.core.commands import Command
from game.rulesets.ww2_135.ruleset import Ww2135
from game.solo.keys import SoloKey
from tests.rulesets.helpers import bind_afv_order, end_phases, force, make_game, ok, small_map, unit
from tests.rulesets.w135 import refused

IN = 25.4
WALL = {"type": "wall", "name": "Wall", "height": 1, "line": [[36, 30], [44, 30]]}


def afv_game(german=(30, 10), option=True, terrain=None, friends=(), panzer=None):
    """A US Sherman (a1) at (30, 40) facing north, ``friends`` on foot in a2, a German
    rifleman (b1) at ``german`` and a Panzer IV (b2) at ``panzer``."""
    a = [unit("a1", [("sherman", 30, 40)])] + ([unit("a2", [("us_rifleman", x, y) for x, y in friends])] if friends else [])
    b = [unit("b1", [("de_rifleman", *german)])] + ([unit("b2", [("panzer_iv", *panzer)])] if panzer else [])
    doc = small_map(a, b, terrain=terrain, ruleset="ww2-135", size=(60, 60))
    game = make_game(doc, options={"solo_afvs": True} if option else None)
    for f in game.state.figures.values():
        f.facing = 270.0 if f.side == "a" else 90.0
    return game


def bind(game, order):
    bind_afv_order(game, "a1", order)


def move(game, to):
    return Command("move", "a", figure="a1.1", path=((to[0] * IN, to[1] * IN),))


def test_the_option_rolls_the_afv_chart_at_the_start_of_the_side_turn(monkeypatch):
    """Each of the side's AFVs dices on the chart as its turn begins, once its side has seen
    an enemy (0 points, a 2: Halt); without the option nothing is rolled."""
    monkeypatch.setattr(Ww2135, "afv_points", lambda self, g, u: [("x", 0, "scripted")])
    for option in (False, True):
        game = afv_game(option=option)
        game.state.attrs[SoloKey.ENEMY_SEEN] = ["a"]
        end_phases(game, "actions", "b")
        first = len(game.log)
        force(game, 2, *[6] * 20)
        end_phases(game, "actions", "a")
        rolled = [e.roll for e in game.log.events[first:] if e.roll and "AFV solo movement chart" in e.roll.reason]
        assert len(rolled) == (1 if option else 0)
        assert game.state.units["a1"].markers.get(SoloKey.ORDER) == ("halt" if option else None)
        assert game.rules.unit_status(game, "a1") == (["AFV order: Halt"] if option else [])  # on the sidebar


def test_halt_allows_only_a_move_to_cover_within_6_inches():
    """Halt: "may move to cover within 6"": 5" into the open is refused, and so is a 9.9"
    move; 4.4" to stand against the wall (hard cover from the German) is allowed."""
    game = afv_game(german=(40, 10), terrain=[WALL])
    bind(game, "halt")
    assert "cover within 6" in refused(game, move(game, (30, 35)))
    assert "cover within 6" in refused(game, move(game, (37, 33)))  # 9.9" off
    game = afv_game(german=(40, 10), terrain=[WALL])
    bind(game, "halt")
    game.state.figures["a1.1"].x = 40 * IN
    game.state.figures["a1.1"].y = 36 * IN
    ok(game, move(game, (40, 31.6)))  # its base against the wall: hull down


def test_advance_goes_towards_the_enemy_at_half_speed_without_infantry():
    """Advance: towards the nearest enemy, at half its move (6") without friendly infantry
    within 6" and all of it (12") with; a move away is refused."""
    game = afv_game()
    bind(game, "advance")
    assert "half speed" in refused(game, move(game, (30, 31)))
    assert "towards the nearest enemy" in refused(game, move(game, (30, 44)))
    ok(game, move(game, (30, 35)))
    game = afv_game(friends=[(33, 40)])
    bind(game, "advance")
    ok(game, move(game, (30, 31)))


def test_advance_halts_20_inches_from_the_enemy():
    """"Halt if within 20"": a move ending 18" from the German is refused."""
    game = afv_game(german=(30, 18))
    bind(game, "advance")
    assert "within 20" in refused(game, move(game, (30, 36)))


def test_retreat_moves_away_and_bale_out_abandons():
    game = afv_game()
    bind(game, "retreat")
    assert "away from the most threatening enemy" in refused(game, move(game, (30, 37)))
    ok(game, move(game, (30, 43)))
    game = afv_game()
    bind(game, "bale_out")
    assert "abandon" in refused(game, move(game, (30, 43)))


def test_without_the_option_or_before_an_enemy_is_seen_it_is_free():
    game = afv_game(option=False)
    bind(game, "retreat")
    ok(game, move(game, (30, 37)))
    game = afv_game()
    bind(game, "retreat")
    game.state.attrs[SoloKey.ENEMY_SEEN] = []
    ok(game, move(game, (30, 37)))


def test_the_main_gun_shoots_at_the_nearest_enemy_afv_first():
    """"Main guns will always shoot at the nearest enemy AFV / Anti-tank gun in preference to
    other targets": with the Panzer IV in its sight, a main-gun shot at the rifleman is
    refused (under Manoeuvre, which leaves the moves free); at the Panzer IV it is allowed."""
    game = afv_game(german=(30, 20), panzer=(38, 22))
    bind(game, "manoeuvre")
    gun = (("weapon", "tank_gun"),)
    why = refused(game, Command("fire", "a", figure="a1.1", target="b1.1", choice="unaimed", options=gun))
    assert "nearest enemy AFV" in why and "Panzer" in why
    force(game, *[6] * 30)
    ok(game, Command("fire", "a", figure="a1.1", target="b2.1", choice="unaimed", options=gun))


def test_the_option_added_later_stays_out_of_a_game_state_while_off():
    """solo_afvs came after 1/35th games were saved (``later``): off, it is not written into
    the state, so a game saved before it replays to the state its save holds."""
    assert "solo_afvs" not in afv_game(option=False).state.attrs["options"]
    assert afv_game().state.attrs["options"]["solo_afvs"] is True


def test_a_solo_run_teams_status_names_no_bookkeeping():
    """A team's status is in words: the solo rules' markers (the turn and risk factor of its
    roll, the last enemy it knew of) were listed by name ("solo_turn, solo_order")."""
    from game.catalog import load_map
    from game.simulate import simulated_game

    game = simulated_game(load_map("maps/ww2-135-house-to-house.yaml"), 3, "random", "ai")
    solo = [u for u in game.state.units.values() if u.markers.get(SoloKey.ORDERED_TURN)]
    assert solo
    assert not [s for u in game.state.units for s in game.rules.unit_status(game, u) if "solo_" in s]


def test_the_solo_ai_s_main_gun_shoots_at_the_nearest_enemy_afv_first():
    """The solo AI's Sherman (no option) proposes its 75 mm only at the Panzer IV 20" off,
    not at the rifleman 10" off; its Browning still at the rifleman."""
    game = afv_game(option=False, german=(30, 30), panzer=(38, 22))
    game.state.units["a1"].markers[SoloKey.ORDER] = "halt"
    cmds = [c for c in game.rules.planner.unit_commands(game, "a", game.state.units["a1"], {}) if c.kind == "fire"]
    guns = {c.target for c in cmds if dict(c.options).get("weapon") == "tank_gun"}
    assert guns == {"b2.1"}
    assert "b1.1" in {c.target for c in cmds if dict(c.options).get("weapon") == "browning_30"}
