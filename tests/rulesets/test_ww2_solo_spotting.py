"""The solo rules' spotting and counters in WW2 Skirmish, and which teams are support
weapons (rulesets/ww2-skirmish.yaml interpretations solo-spotting, solo-counter-spotting,
solo-counters, support-weapons), with forced dice."""

from game.core.state import Marker
from tests.rulesets.helpers import force, make_game, small_map, unit

IN = 25.4
# a wall in front of the German positions: they stand stationary in (soft) cover
WALLS = [{"type": "wall", "line": [[10, 15.5], [38, 15.5]]}, {"type": "wall", "line": [[10, 5.5], [38, 5.5]]}]


def wgame(a, b, terrain=None):
    return make_game(small_map(a, b, terrain=terrain, ruleset="ww2-skirmish", size=(48, 48)), seed=2)


def aware(game, *sides):
    for s in sides:
        game.state.attrs["aware"][s] = True


def spotted(game, side):
    return set(game.rules.spotting.spotted(game, side))


def test_a_solo_unit_tries_to_spot_only_the_nearest_enemy_unit_within_36_inches():
    """Visibility: "Solo force unit markers attempt to spot the nearest enemy unit to them
    if within 36"". Behind walls 30" and 40" away (long range, +1 stationary in cover:
    extreme, 10 on the d10) a 10 spots both teams for a player's team, only the nearer for a
    solo-run team; with the nearer team gone a solo team finds none within 36"."""
    a = [unit("a1", [("us_rifleman", 24, 46)])]
    b = [unit("b1", [("ger_rifleman", 24, 15)]), unit("b2", [("ger_rifleman", 24, 5)])]
    found = {}
    for solo in (False, True):
        game = wgame(a, b, WALLS)
        aware(game, "a")
        if solo:
            game.state.units["a1"].markers["solo_order"] = "halt"
        src = force(game, 10)
        game.rules.spotting.try_to_spot(game, game.state.figures["a1.1"])
        assert src.used == 1
        found[solo] = spotted(game, "a")
    assert found[False] == {"b1.1", "b2.1"} and found[True] == {"b1.1"}
    game = wgame(a, b, WALLS)
    aware(game, "a")
    game.state.units["a1"].markers["solo_order"] = "halt"
    game.state.figures["b1.1"].life = "dead"
    force(game, 10)
    game.rules.spotting.try_to_spot(game, game.state.figures["a1.1"])
    assert spotted(game, "a") == set()  # b2 is 41" off: beyond the solo reach


def counter_game(kind="sniper", y=13, wall_y=13.5, secret=True):
    """A lone GI at (24, 44), a solo counter of ``kind`` at (24, ``y``) and a wall across
    at ``wall_y`` (the default: a sniper counter behind a wall 30" north of the GI in the
    open)."""
    game = wgame([unit("a1", [("us_rifleman", 24, 44)])], [unit("b1", [("ger_rifleman", 2, 2)])],
                 [{"type": "wall", "line": [[20, wall_y], [28, wall_y]]}])
    m = Marker(id="m1", side="b", kind=kind, x=24 * IN, y=y * IN, secret=secret)
    game.state.markers[m.id] = m
    return game, m


def test_a_counter_attacks_only_after_a_spotting_roll():
    """Solo rules, Setup: "If the counter spots an enemy or is spotted, that unit suffers
    the attack indicated". The sniper counter tries to spot the GI 30" off (long, +1 as the
    solo side is unaware, -1 telescopic sight: 8 on the d10); the GI cannot spot it (long,
    +1 unaware, +1 the counter in cover: beyond extreme). A 7 is no contact, an 8 is; one
    try for each team a side-turn."""
    game, m = counter_game()
    figs = [game.state.figures["a1.1"]]
    src = force(game, 7)
    assert game.rules.counter_contact(game, m, figs) == []
    assert src.used == 1
    src = force(game)  # the same side-turn: no second try, no dice
    assert game.rules.counter_contact(game, m, figs) == []
    game, m = counter_game()
    force(game, 8)
    assert game.rules.counter_contact(game, m, [game.state.figures["a1.1"]]) == [game.state.figures["a1.1"]]


def test_a_counter_tries_to_spot_only_within_36_inches():
    """A counter spots as a solo force marker does, "the nearest enemy unit to them if within
    36"": the sniper counter 38" off makes no roll for the GI (at 30" it rolls, above), and
    the GI cannot spot it (beyond extreme): no dice, no contact."""
    game, m = counter_game(y=6, wall_y=6.5)
    src = force(game)  # any roll would fail: none is made
    assert game.rules.counter_contact(game, m, [game.state.figures["a1.1"]]) == []
    assert src.used == 0


def test_the_random_artillery_round_uses_the_guns_long_range_and_the_artillery_table():
    """"Random artillery round at long range": a gun's shot at long range (16+ on the d20),
    then the "other artillery hits" table (a 75mm gun's d8, 6+ killed). A 15 misses; a 16
    lands and a 6 kills."""
    game, _ = counter_game()
    src = force(game, 15)
    game.rules.solo_counter_attack(game, "artillery", "a1", at=(24 * IN, 13 * IN))
    assert src.used == 1 and game.state.figures["a1.1"].alive
    roll = [e.roll for e in game.log.events if e.roll is not None][-1]
    assert roll.target == "16+" and roll.spec == "d20"
    game, _ = counter_game()
    src = force(game, 16, 6)
    game.rules.solo_counter_attack(game, "artillery", "a1", at=(24 * IN, 13 * IN))
    effect = [e.roll for e in game.log.events if e.roll is not None][-1]
    assert effect.spec == "d8" and game.state.figures["a1.1"].life == "dead"


def test_support_weapons_are_tripod_mgs_medium_mortars_and_at_guns_and_they_retreat():
    """"* Support weapons on tripods, AT guns etc will halt and fire if possible instead":
    the 8cm mortar on its baseplate is one (the "etc."), the 2" platoon mortar is not. An
    AT gun ordered to Retreat is not swapped: its crew move away from the enemy, leaving the
    emplaced gun."""
    b = [unit("b1", [("ger_rifleman", 24, 4)])]
    game = wgame([unit("a1", [("ger_mortar", 22, 40), ("ger_mortar_loader", 23.5, 40)]),
                  unit("a2", [("brit_2in_mortar", 30, 40), ("brit_mortar_loader", 31.5, 40)])], b)
    assert game.rules.profile(game, game.state.units["a1"]).support_weapon
    assert not game.rules.profile(game, game.state.units["a2"]).support_weapon
    at = [unit("b1", [("ger_pak40", 24, 10), ("ger_gun_crew", 23, 11.5), ("ger_gun_crew", 25, 11.5)], kind="crew")]
    game = wgame([unit("a1", [("us_rifleman", 24, 40), ("us_rifleman", 26, 40)])], at)
    for fid in ("a1.1", "a1.2"):
        game.rules.spotting.mark_spotted(game, "b", game.state.figures[fid], "sight")
    game.state.active_side = "b"
    u = game.state.units["b1"]
    u.markers.update({"solo_order": "retreat", "solo_turn": game.state.turn})
    moves = [c for c in game.rules.planner.unit_commands(game, "b", u, {}) if c.kind == "move_unit"]
    assert moves and moves[0].point[1] < 10 * IN and game.check(moves[0]) is None


def mine_game(secret):
    """A mine 8" north of a lone GI who stands behind a wall (soft cover)."""
    return counter_game("mine", y=36, wall_y=43.5, secret=secret)


def test_a_face_up_mine_attacks_only_by_spotting():
    """Solo rules, Setup: a mine, once inverted, "may attack other units within 10" by
    spotting them!": a team 8" off behind a wall is met only when the mine's spotting roll
    succeeds (point blank, +1 the solo side unaware, +1 the target stationary in cover:
    long range, 8 on the d10); the team's own spotting does not trigger a face-up mine."""
    game, m = mine_game(secret=False)
    figs = [game.state.figures["a1.1"]]
    src = force(game, 7)
    assert game.rules.counter_contact(game, m, figs) == []
    assert src.used == 1  # the mine's roll only
    game, m = mine_game(secret=False)
    force(game, 8)
    assert game.rules.counter_contact(game, m, [game.state.figures["a1.1"]]) == [game.state.figures["a1.1"]]
