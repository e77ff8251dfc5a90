"""WWIFY AR:SE: the readings of the morale rule and of fleeing (issue 17), each with its
passage and the dice worked out by hand."""

from __future__ import annotations

from game.core import victory
from game.core.commands import Command
from game.core.state import DEAD, FLED

from .helpers import force, make_game, ok, small_map, unit
from .wwify_kit import IDENTITY, P, fresh, play, squad, wmap


def morale_rolls(game, words: str = "morale test"):
    return [e.roll for e in game.log.events if e.roll is not None and words in e.roll.reason]


def test_each_barrage_is_a_trigger_of_its_own():
    """"Test by squad if: 1. Hit by Artillery (HE or GAS) this turn" - the text sets no
    limit of one test a turn. Reading: one test for each barrage that falls on the squad.
    Two HE barrages on square 1/1 in one turn: four HE dice of 1 each time (no kills), and
    each time 2d6 = 2, -2 for the officer: 0, not above the 4 left, holds. Two tests."""
    game = fresh(wmap([unit("m", squad("good", 4, True, x=2, y=2))], [unit("o", [("evil_rifleman", 40, 40)])]))
    play(game, "ARTILLERY", 1, 1, 1, 1, 1, 1, 1, 1, 1, then=("GOOD",))
    play(game, "ARTILLERY", 1, 1, 1, 1, 1, 1, 1, 1, 1, then=("GOOD",))
    assert game.state.turn == 1
    assert len(morale_rolls(game, "morale test (under HE or gas)")) == 2
    assert not game.state.units["m"].markers.get("panicked")


def test_walking_into_the_gas_of_a_barrage_already_tested_for_does_not_test_again():
    """The gas cloud stays "until end of turn" and a figure ending its move in it tests
    (reading gas). Reading: the squad's morale trigger is the barrage, once; a squadmate
    walking into the same cloud later is not a second barrage. Gas on 1/1 over two orcs
    (no masks: d6 1 and 1, unhurt), their squad tests (2d6 = 2, -2 for the officer: 0,
    holds); the third orc walks into the cloud (d6 1, unhurt): no second test."""
    orcs = [("evil_officer", 4, 6), ("evil_rifleman", 6, 6), ("evil_rifleman", 14, 6)]
    game = fresh(wmap([unit("x", [("good_rifleman", 40, 40)])], [unit("m", orcs)]))
    play(game, "ARTILLERY", 1, 1, 5, 1, 1, 1, then=("EVIL",))  # the officer has a mask: only m.2 rolls (1); m's test 1, 1
    assert len(morale_rolls(game)) == 1
    force(game, 1)
    ok(game, Command("move", "b", figure="m.3", path=(P(10, 6),)))  # into the cloud: its gas d6 1
    assert game.state.figures["m.3"].alive and morale_rolls(game, "Gas:")[-1].figures == ["m.3"]
    assert len(morale_rolls(game, "morale test")) == 1


def test_the_gas_removed_at_the_end_of_the_turn_is_gone_for_the_next_turns_first_card():
    """L134 "GAS CLOUD IS REMOVED AT END OF TURN": gas on 1/3 over three orcs (d6 1s, unhurt);
    their test (2d6 12, no officer) panics them; the new turn's shuffle deals EVIL first and
    they run, through where the cloud was: no gas roll, none killed."""
    from .helpers import unit as one_unit
    terrain = [{"type": "water", "rect": {"x": 0, "y": 13, "w": 14, "h": 1}}]
    strikes = [{"side": "a", "square": "1/3", "turn": 1, "shell": "gas"}]
    game = fresh(wmap([one_unit("a1", [("good_rifleman", 40, 44)])],
                      [one_unit("e", [("evil_rifleman", 4, 22), ("evil_rifleman", 5.5, 22), ("evil_rifleman", 7, 22)])],
                      terrain=terrain, strikes=strikes))
    n = len(game.log.events)
    play(game, "ARTILLERY", 1, 1, 1, 6, 6, 5, 4, 3, 2, 0, 6, 6, 6, 6, 6, 6)
    assert game.state.turn == 2 and game.state.units["e"].markers.get("panicked")
    assert not [e for e in game.log.events[n:] if e.turn == 2 and e.roll is not None and e.roll.reason.startswith("Gas")]
    assert all(game.state.figures[f].alive for f in ("e.1", "e.2", "e.3"))


def test_more_than_half_killed_tests_at_the_end_of_a_turn_without_new_losses():
    """"3. More than 1/2 squad killed in game": the losses of the whole game count, so the
    condition stands in later turns. Reading: a squad more than half killed tests after
    each loss, and at the end of any turn in which it took no test while more than half
    killed. Three of five killed in an earlier turn, nothing happens this turn: at the end
    of the turn 2d6 = 5 + 2 = 7, -2 for the officer: 5, above the 2 left: panic (no rally
    tried: the owner lets them run)."""
    game = fresh(wmap([unit("m", squad("good", 5, True, y=30))], [unit("o", [("evil_rifleman", 40, 4)])]))
    for fid in ("m.3", "m.4", "m.5"):
        game.state.figures[fid].life = DEAD
    play(game, "GOOD", 5, 2)  # the card, and then the turn's end: the test
    ok(game, Command("end_phase", "a"))
    (roll,) = morale_rolls(game)
    assert "3 of 5 killed" in roll.reason
    force(game, *IDENTITY)
    ok(game, Command("rally", "a", unit="m", choice="run"))
    assert game.state.units["m"].markers["panicked"] and game.state.turn == 2


def test_a_squad_that_tested_after_its_losses_does_not_test_again_at_the_turn_end():
    """The same trigger after new losses: an LMG kills one of a squad of five with two
    already dead (3 of 5: more than half): it tests at once (2d6 = 2, -2: 0, holds), and
    not again at the end of that turn."""
    game = fresh(wmap([unit("m", squad("good", 5, True, y=30))], [unit("f", [("evil_lmg", 20, 20)])]), options={"medics": False})
    for fid in ("m.4", "m.5"):
        game.state.figures[fid].life = DEAD
    play(game, "EVIL")
    force(game, 6, 1, 1, 1, 1)
    ok(game, Command("fire", "b", unit="f", target="m"))
    force(game, 1, 1)
    ok(game, Command("pick_casualty", "a", target="m.3"))
    assert len(morale_rolls(game)) == 1
    force(game, *IDENTITY)
    ok(game, Command("end_phase", "b"))
    assert game.state.turn == 2 and len(morale_rolls(game)) == 1


def test_fled_soldiers_do_not_count_toward_breaking_a_side():
    """"Soldiers that flee the table don't count as casualties". Reading: a side is broken
    by its figures killed, captured or destroyed, not by those that fled. The Horde has six
    figures; one of a squad of three is already dead, an LMG kills a second (2d6 = 12, -2
    for the officer: 10, above 1 left; the owner lets them run) and the officer runs off
    the table on the next Evil card: 2 casualties and 1 fled. Broken at half: 2 of 6 is
    not half (3 of 6 would have been, counting the fled officer)."""
    a = [unit("f", [("good_lmg", 20, 12)])]
    b = [unit("m", squad("evil", 3, True, y=4)), unit("o", [("evil_rifleman", 40, 30), ("evil_rifleman", 41.5, 30), ("evil_rifleman", 43, 30)])]
    doc = wmap(a, b)
    doc["victory"]["conditions"] = [{"type": "break", "side": "a", "fraction": 0.5}]
    game = fresh(doc, options={"medics": False})
    assert game.state.attrs["victory"]["fled_lost"] is False
    game.state.figures["m.3"].life = DEAD
    force(game, 6, 1, 1, 1, 1, 6, 6)
    ok(game, Command("fire", "a", unit="f", target="m"))
    ok(game, Command("pick_casualty", "b", target="m.2"))
    ok(game, Command("rally", "b", unit="m", choice="run"))
    play(game, "EVIL", *IDENTITY)
    assert game.state.figures["m.1"].life == FLED
    assert victory.losses(game.state, "b") == (2, 6)
    assert not game.state.over


def test_other_rulesets_still_count_fled_figures():
    """Only a ruleset whose text says so leaves fled figures out (the Great War and WW2
    texts do not): their states carry no flag and a fled figure counts as out of action."""
    game = make_game(small_map([unit("a1", [("rifleman", 10, 10)])], [unit("b1", [("rifleman", 10, 40), ("rifleman", 12, 40)])]))
    assert "fled_lost" not in game.state.attrs["victory"]
    game.state.figures["b1.1"].life = FLED
    assert victory.losses(game.state, "b") == (1, 2)
