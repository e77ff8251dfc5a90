"""The solo counters in My 1/35th Scale WWII Skirmish (rulesets/ww2-135.yaml interpretation
solo-counters), with forced dice: contact by acquisition both ways, the sniper's and
the minefield's aimed shots, the random artillery round as a mortar round."""

from game.core.state import Marker
from tests.rulesets.helpers import force
from tests.rulesets.w135 import rolls, table_game

IN = 25.4


def counter_game(kind: str, at: tuple[float, float], gis: list[tuple[float, float]]):
    """GIs of team a1 at ``gis`` (in the open, facing north), and a solo counter of ``kind``
    (side b's) at ``at``."""
    game = table_game([("us_rifleman", x, y) for x, y in gis], [("de_rifleman", 50, 5)])
    m = Marker(id="m1", side="b", kind=kind, x=at[0] * IN, y=at[1] * IN, secret=True)
    game.state.markers[m.id] = m
    return game, m


def test_a_counter_and_a_team_acquire_each_other_once_a_side_turn():
    """"If the counter spots an enemy or is spotted": the sniper counter 35" off tries to
    acquire the GI (range over 30": more than 1 on the d6), then the GI tries to acquire it
    (the same); a 1 each is no contact, and there is no second try in the same side-turn. A
    2 for the counter is contact."""
    game, m = counter_game("sniper", (30, 20), [(30, 55)])
    gi = game.state.figures["a1.1"]
    src = force(game, 1, 1)
    assert game.rules.counter_contact(game, m, [gi]) == []
    assert src.used == 2
    assert [r.target for r in rolls(game)] == ["more than 1", "more than 1"]
    force(game)  # any roll would fail: none is made
    assert game.rules.counter_contact(game, m, [gi]) == []
    game, m = counter_game("sniper", (30, 20), [(30, 55)])
    force(game, 2)
    assert game.rules.counter_contact(game, m, [game.state.figures["a1.1"]]) == [game.state.figures["a1.1"]]


def test_a_counter_acquires_only_within_36_inches_but_is_acquired_from_further():
    """Solo force markers "spot the nearest enemy unit to them if within 36"": the GI 38"
    off is not tried by the counter; the GI tries to acquire the counter (more than 1)."""
    game, m = counter_game("artillery", (30, 20), [(30, 58)])
    gi = game.state.figures["a1.1"]
    src = force(game, 2)
    assert game.rules.counter_contact(game, m, [gi]) == [gi]
    assert src.used == 1 and rolls(game)[-1].reason == "a1 tries to acquire a marker"


def test_the_sniper_fires_an_aimed_shot_from_its_place():
    """"Sniper shot at medium rifle range": an aimed shot (+2) at the GI 20" off in the open at
    medium rifle range (30": +3, whatever the distance): 5 or more on 2d6. A 4 misses; a 5
    hits, and a man hit in the open with no save is killed."""
    game, _ = counter_game("sniper", (30, 20), [(30, 40)])
    src = force(game, 2, 2)
    assert game.rules.solo_counter_attack(game, "sniper", "a1", at=(30 * IN, 20 * IN))
    assert src.used == 2 and game.state.figures["a1.1"].alive
    shot = rolls(game)[-1]
    assert shot.target == "5+" and [v for _, v in shot.modifiers] == [2, 3]
    game, _ = counter_game("sniper", (30, 20), [(30, 40)])
    force(game, 2, 3)
    game.rules.solo_counter_attack(game, "sniper", "a1", at=(30 * IN, 20 * IN))
    assert game.state.figures["a1.1"].life == "dead"


def test_the_minefield_fires_an_aimed_shot_at_each_member():
    """Mines "attack the fire team as a medium range MG Aimed shot per member": each GI
    about 8" from the mine needs 6 or more (aimed +2, the MG's medium range, 32": +4); the
    first rolls 5 and lives, the second rolls 6 and is killed in the open."""
    game, _ = counter_game("mine", (30, 20), [(29, 28), (31, 28)])
    src = force(game, 2, 3, 3, 3)
    game.rules.solo_counter_attack(game, "mine", "a1", at=(30 * IN, 20 * IN))
    assert src.used == 4
    assert game.state.figures["a1.1"].alive and game.state.figures["a1.2"].life == "dead"
    assert [r.target for r in rolls(game)] == ["6+", "6+"]
    assert rolls(game)[0].modifiers[1] == ('medium MG range (32")', 4)


def test_a_man_a_counter_shoots_at_is_fired_at_for_his_morale_test():
    """Like any shot, a counter's marks the man fired at: his morale test counts "fired at
    last turn" (L327)."""
    game, _ = counter_game("sniper", (30, 20), [(30, 40)])
    gi = game.state.figures["a1.1"]
    assert "fired at last turn" not in dict(game.rules.morale.modifiers(game, gi))
    force(game, 1, 1)
    game.rules.solo_counter_attack(game, "sniper", "a1", at=(30 * IN, 20 * IN))
    assert gi.alive and "fired at last turn" in dict(game.rules.morale.modifiers(game, gi))


def test_the_random_artillery_round_lands_as_a_mortar_round_and_bursts():
    """"Random artillery round at long range": this ruleset's indirect fire, a mortar round
    aimed at the nearest GI: 2d6 7 lands on target, and the GI under its 4" circle rolls on
    the open table (7 kills)."""
    game, _ = counter_game("artillery", (30, 20), [(30, 40)])
    src = force(game, 3, 4, 4, 3)
    game.rules.solo_counter_attack(game, "artillery", "a1", at=(30 * IN, 20 * IN))
    assert src.used == 4 and game.state.figures["a1.1"].life == "dead"
    land, burst = rolls(game)[-2:]
    assert land.outcome == "on target" and burst.outcome == "killed"


def test_a_counter_cannot_hurt_a_vehicle():
    """Vehicles are harmed by anti-tank fire only (interpretation vehicles)."""
    game = table_game([("sherman", 30, 40)], [("de_rifleman", 50, 5)])
    force(game)
    assert not game.rules.solo_counter_attack(game, "sniper", "a1", at=(30 * IN, 20 * IN))
    assert "nothing of" in game.log.events[-1].text
