"""GOODBYEEEEEE!!! (issue 19), slice 7: moves stopped along their path for the enemy's
overwatch, stand to and closing fire (distances in cm; the watchers' marks are set as their
commands set them, the commands themselves tested at the end)."""

from __future__ import annotations

import math

from game.core.commands import Command
from game.core.game import Game
from game.rulesets.goodbyeeee.status import GbFigMark
from tests.rulesets.gb_kit import game_of, move, order, to_step
from tests.rulesets.helpers import force, ok, refused, unit


def watched(kind: str, watcher: tuple = ("private", 40, 80), facing: float = 270.0) -> Game:
    """A's section ordered to move; B's private watching (overwatch facing north, or stand to)."""
    game = game_of([unit("a1", [("junior_nco", 20, 40), ("private", 20, 20)])], [unit("b1", [watcher])])
    w = game.state.figures["b1.1"]
    w.facing = facing
    w.markers[kind] = 1
    to_step(game, "orders")
    order(game, 1, 1)
    return game


def pos(game: Game, fid: str) -> tuple[float, float]:
    f = game.state.figures[fid]
    return (f.x / 10, f.y / 10)


# ---- overwatch (L133-135) --------------------------------------------------------------------------
def test_a_mover_entering_the_overwatch_arc_stops_there_and_the_watcher_is_asked():
    game = watched(GbFigMark.OVERWATCH)
    move(game, "a1.1", (35, 40))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b" and "on overwatch sees" in d["prompt"]
    x, y = pos(game, "a1.1")
    edge = 40 - 40 * math.tan(math.radians(22.5))  # the arc's edge, 22.5 degrees off the watcher's facing
    assert y == 40 and edge - 0.1 <= x <= edge + 0.01
    ok(game, Command("react", "b", figure="b1.1", target="a1.1", choice="hold"))
    assert pos(game, "a1.1") == (35, 40) and game.state.figures["a1.1"].markers[GbFigMark.MOVED_CM] == 15
    assert GbFigMark.OVERWATCH in game.state.figures["b1.1"].markers  # held: still watching


def test_a_snap_shot_that_misses_lets_the_move_go_on_and_one_that_kills_stops_it_where_it_fell():
    game = watched(GbFigMark.OVERWATCH)
    move(game, "a1.1", (35, 40))
    force(game, 5)  # long range 5+, snap shot -1: 6+ needed
    ok(game, Command("react", "b", figure="b1.1", target="a1.1", choice="shoot"))
    assert pos(game, "a1.1") == (35, 40) and GbFigMark.OVERWATCH not in game.state.figures["b1.1"].markers
    assert any("needs" not in e.text and "snap-fires (overwatch)" in e.text for e in game.log.events[-6:])
    game = watched(GbFigMark.OVERWATCH)
    move(game, "a1.1", (35, 40))
    stop = pos(game, "a1.1")
    force(game, 6, 6, 1, 1)  # hit, killed; his section's half-strength test passes
    ok(game, Command("react", "b", figure="b1.1", target="a1.1", choice="shoot"))
    assert not game.state.figures["a1.1"].alive and pos(game, "a1.1") == stop


# ---- closing fire (L111-114, L129-131) --------------------------------------------------------------
def charge(kill: bool) -> Game:
    game = game_of([unit("a1", [("junior_nco", 20, 30), ("private", 40, 30)])], [unit("b1", [("private", 40, 40)])])
    to_step(game, "orders")
    order(game, 1, 1)
    # the charged private's courage 3 + 3 = 6 passes; closing fire is short range, 4+ and -1: 5+
    force(game, 3, 3, *((5, 6, 1, 1) if kill else (4,)))
    ok(game, Command("move", "a", figure="a1.2", path=((400, 400),)))
    return game


def test_a_charge_meets_closing_fire_1_cm_before_contact():
    game = charge(kill=True)
    a, b = game.state.figures["a1.2"], game.state.figures["b1.1"]
    assert not a.alive and abs(game.rules.dist(a.pos, b.pos) - (a.radius + b.radius + 10)) < 0.1
    assert any("fires at the charger (closing fire)" in e.text for e in game.log.events)
    game = charge(kill=False)
    a, b = game.state.figures["a1.2"], game.state.figures["b1.1"]
    assert a.alive and game.rules.melee.in_contact(a, b) and a.markers[GbFigMark.CHARGED] == 1


def test_a_figure_that_dashed_this_turn_gets_no_closing_fire():
    """L102: a dash "may not fire this round": charged later in the same turn, it does not
    test for a snap shot (it used to shoot the charger at the normal score)."""
    game = game_of([unit("a1", [("junior_nco", 20, 30), ("private", 40, 30)])], [unit("b1", [("private", 40, 40)])])
    to_step(game, "orders")
    game.state.figures["b1.1"].markers[GbFigMark.DASHED] = game.state.turn  # it dashed in its part of this turn
    order(game, 1, 1)
    ok(game, Command("move", "a", figure="a1.2", path=((400, 400),)))
    a, b = game.state.figures["a1.2"], game.state.figures["b1.1"]
    assert a.alive and game.rules.melee.in_contact(a, b)
    assert not any("closing fire" in e.text for e in game.log.events)


def test_an_initiative_move_may_not_end_in_contact():
    game = game_of([unit("a1", [("private", 40, 35)])], [unit("b1", [("private", 40, 40)])])
    to_step(game, "initiative")
    assert "may not end in contact" in refused(game, Command("move", "a", figure="a1.1", path=((400, 400),)))


# ---- stand to (L166-174) ------------------------------------------------------------------------------
def test_stand_to_duel_claims_consent_and_a_winning_watcher_fires():
    game = watched(GbFigMark.STAND_TO)
    move(game, "a1.1", (35, 40))  # in the watcher's sight from the start: the duel comes at once
    assert pos(game, "a1.1") == (20, 40)
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "a" and "Stand to" in d["prompt"]
    ok(game, Command("claim", "a", figure="a1.1", value=2))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b" and "claims +2" in d["prompt"]
    ok(game, Command("consent", "b", figure="b1.1", choice="refuse"))
    ok(game, Command("claim", "b", figure="b1.1", value=1))
    force(game, 4, 5, 3, 1, 4)  # 4 + 1 against 5: equal, again; 3 + 1 against 1: the watcher wins; its rifle (5+ at 45 cm) misses
    ok(game, Command("consent", "a", figure="a1.1", choice="accept"))
    assert GbFigMark.STAND_TO not in game.state.figures["b1.1"].markers
    assert any("fires from stand to" in e.text for e in game.log.events[-8:])
    assert pos(game, "a1.1") == (35, 40)


def test_a_one_crew_lmg_on_stand_to_fires_its_two_shots_not_three():
    """L215 "3 shots per turn (2 shots if only 1 crew)": a figure on stand to fires as it
    would in its own turn (it fired the chart's 3 whatever its crew)."""
    game = watched(GbFigMark.STAND_TO, watcher=("lmg_gunner", 40, 80))
    move(game, "a1.1", (35, 40))
    ok(game, Command("claim", "a", figure="a1.1", value=0))
    n = len([e for e in game.log.events if e.roll is not None])
    force(game, 6, 1, 2, 2, 2)  # the watcher wins; its shots miss (a 2 is no jam)
    ok(game, Command("claim", "b", figure="b1.1", value=0))
    shots = [e.roll for e in game.log.events if e.roll is not None][n + 2:]
    assert len(shots) == 2 and all("LMG" in r.reason for r in shots), [r.reason for r in shots]


def test_a_heavy_mg_on_stand_to_fires_its_beaten_zone_a_d6_of_shots_at_the_lone_mover():
    """L226: "Roll D6 for each figure in beaten zone ... the remaining shots are considered
    lost": a heavy MG on stand to fires as in its own turn, so the lone mover takes the
    allocation die's 2 shots, not all of the gun's."""
    game = watched(GbFigMark.STAND_TO, watcher=("hmg_gunner", 40, 80))
    move(game, "a1.1", (35, 40))
    ok(game, Command("claim", "a", figure="a1.1", value=0))
    n = len([e for e in game.log.events if e.roll is not None])
    force(game, 6, 1, 2, *[2] * 12)  # the watcher wins; the allocation die: 2; its shots miss
    ok(game, Command("claim", "b", figure="b1.1", value=0))
    rolls = [e.roll for e in game.log.events if e.roll is not None][n:]
    assert [(r.reason, r.outcome) for r in rolls if r.reason.startswith("Beaten zone")] == [("Beaten zone: shots at Lance corporal", "2 shots")]
    assert len([r for r in rolls if "to hit" in r.reason]) == 2
    assert any("find no target and are lost (L226)" in e.text for e in game.log.events[-10:])


def test_stand_to_ties_are_rolled_again_but_not_for_ever():
    """Equal dice roll again (interpretation stand-to); a dice walk that always takes the same
    face (the odds enumeration's first path) ends after MAX_TIES ties, the mover unnoticed.
    A greedy player's trial of such a move once rolled until the machine ran out of memory."""
    from game.rulesets.goodbyeeee.reactions import MAX_TIES

    game = watched(GbFigMark.STAND_TO)
    move(game, "a1.1", (35, 40))
    ok(game, Command("claim", "a", figure="a1.1", value=0))
    n = sum(1 for e in game.log.events if e.roll is not None)
    force(game, *([3] * (2 * MAX_TIES)))
    ok(game, Command("claim", "b", figure="b1.1", value=0))
    duel = [e.roll for e in game.log.events if e.roll is not None][n:]
    assert len(duel) == 2 * MAX_TIES and all(r.reason.startswith("Stand to") for r in duel)
    assert duel[-1].outcome == "moves before it is noticed" and duel[0].outcome == "equal: roll again"
    assert pos(game, "a1.1") == (35, 40) and GbFigMark.STAND_TO in game.state.figures["b1.1"].markers


def test_stand_to_is_an_order_instead_of_moving_and_overwatch_is_instead_of_firing():
    game = game_of([unit("a1", [("junior_nco", 20, 40), ("private", 25, 40), ("private", 30, 40)])], [unit("b1", [("private", 40, 110)])])
    to_step(game, "orders")
    order(game, 1, 1)
    ok(game, Command("stand_to", "a", figure="a1.1"))
    assert "stands to instead of moving" in refused(game, Command("move", "a", figure="a1.1", path=((200, 450),)))
    move(game, "a1.2", (25, 45))
    move(game, "a1.3", (30, 44.9))
    assert "has moved: stand to is given instead of moving" in refused(game, Command("stand_to", "a", figure="a1.2"))
    to_step(game, "fire")
    assert "does not shoot in its own turn" in refused(game, Command("fire", "a", figure="a1.1", target="b1.1"))
    assert "moved 5 cm or more" in refused(game, Command("overwatch", "a", figure="a1.2"))
    ok(game, Command("overwatch", "a", figure="a1.3", point=(300, 1000)))
    assert game.state.figures["a1.3"].facing == 90.0
    assert "on overwatch instead of firing" in refused(game, Command("fire", "a", figure="a1.3", target="b1.1"))


def test_a_heavy_mg_that_moved_or_is_setting_up_takes_no_overwatch():
    """L223 "No move and fire", L224 "Need 1 turn to set-up before firing": overwatch is
    fire, so a heavy MG that moved 3 cm, or that is setting up, may not take it."""
    game = game_of([unit("a1", [("hmg_gunner", 40, 40), ("crewman", 45, 40), ("crewman", 50, 40)])],
                   [unit("b1", [("junior_nco", 40, 100), ("private", 45, 100)])])
    to_step(game, "orders")
    order(game, 1, 1)
    move(game, "a1.1", (40, 43))
    to_step(game, "fire")
    assert "may not move and fire" in refused(game, Command("overwatch", "a", figure="a1.1", point=(400, 1000)))
    game2 = game_of([unit("a1", [("hmg_gunner", 40, 40), ("crewman", 45, 40), ("crewman", 50, 40)])],
                    [unit("b1", [("junior_nco", 40, 100), ("private", 45, 100)])])
    game2.state.figures["a1.1"].markers[GbFigMark.SETTING_UP] = game2.state.turn
    to_step(game2, "fire")
    assert "setting up this turn" in refused(game2, Command("overwatch", "a", figure="a1.1", point=(400, 1000)))


def test_random_games_with_every_reaction_replay_exactly():
    """The random baseline at close quarters: overwatch, stand to, closing fire, routs and
    hand to hand all happen, and each game replays from its seed and commands."""
    from game.ai.random_player import RandomPlayer
    from game.simulate import play_out
    from tests.rulesets.helpers import make_unfinished_game, replay_unfinished, small_map

    a = [("junior_nco", 20, 30), ("private", 25, 30), ("private", 30, 30), ("stormtrooper", 35, 30), ("raider_smg", 40, 30)]
    b = [("junior_nco", 20, 55), ("private", 25, 55), ("private", 30, 55), ("at_rifleman", 35, 55), ("raider_shotgun", 40, 55)]
    terrain = [{"type": "trench", "line": [[0, 57], [80, 57]], "width": 4},
               {"type": "rough", "polygon": [[0, 40], [80, 40], [80, 44], [0, 44]]}]
    doc = small_map([unit("a1", a)], [unit("b1", b)], terrain=terrain, ruleset="goodbyeeee", unit="cm", size=(80, 80), turn_limit=8)
    kinds: set[str] = set()
    for seed in range(1, 7):
        game = make_unfinished_game(doc, seed=seed)
        play_out(game, {s: RandomPlayer(seed * 10 + i) for i, s in enumerate(game.state.sides)})
        kinds |= {c.kind for c in game.commands}
        assert replay_unfinished(game).state.digest() == game.state.digest()
    assert {"react", "overwatch", "stand_to", "order", "move", "fire", "use_luck"} <= kinds


def test_a_flamethrower_meets_a_charge_with_its_flame():
    """Closing fire "has a firearm or a flamethrower" (reading closing-fire): the operator
    passes his courage test and lays the flame toward the charger 1 cm from contact; the
    charger under it is wounded on 3+ with no to-hit or cover roll."""
    game = game_of([unit("a1", [("junior_nco", 20, 30), ("private", 40, 30)])], [unit("b1", [("flamethrower", 40, 40)])])
    to_step(game, "orders")
    order(game, 1, 1)
    force(game, 3, 3, 6, *[1] * 20)  # the operator's courage 3 + 3 passes; the flame wounds the charger on a 6
    ok(game, Command("move", "a", figure="a1.2", path=((400, 400),)))
    texts = [e.text for e in game.log.events]
    assert any("turns the flamethrower on the charger" in t for t in texts)
    wound = [e.roll for e in game.log.events if e.roll and e.roll.reason.startswith("Flamethrower: to wound Private")]
    assert [r.outcome for r in wound] == ["wounded"]
    assert not game.state.figures["a1.2"].alive


def test_a_male_tank_watches_with_its_machine_guns_and_a_37mm_renault_cannot():
    """A figure reacts with its first weapon that fires aimed shots at men (interpretation
    overwatch): the male tank's LMGs, not its 6 pdr's HE template; the Renault's 37 mm is all
    it has, so it may not take up overwatch."""
    game = game_of([unit("t1", [("heavy_tank_male", 20, 20)], kind="vehicle"), unit("t2", [("light_tank_gun", 60, 20)], kind="vehicle")],
                   [unit("b1", [("private", 40, 100)])])
    assert game.rules.reactions.weapon(game.state.figures["t1.1"]) == "tank_lmg"
    to_step(game, "fire")
    ok(game, Command("overwatch", "a", figure="t1.1"))
    why = refused(game, Command("overwatch", "a", figure="t2.1"))
    assert "no weapon that fires aimed shots" in why
