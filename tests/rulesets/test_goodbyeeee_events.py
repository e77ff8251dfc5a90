"""GOODBYEEEEEE!!! (issue 19), slice 12: the random events (L281-313), each card dealt by
hand to a player and actioned at his turn, with forced dice (cm)."""

from __future__ import annotations

from game.core.commands import Command
from game.core.game import Game
from game.core.state import DEAD
from game.rulesets.goodbyeeee.initiative import EVENT_DECK
from game.rulesets.goodbyeeee.status import GbFigMark
from tests.rulesets.gb_kit import (
    deal,
    game_of,
    order,
    to_a_in_turn_2,
    to_step,
)
from tests.rulesets.helpers import first_going, force, ok, refused, unit


def two_sections() -> Game:
    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20), ("private", 30, 20)])]
    b = [unit("b1", [("junior_nco", 20, 80), ("private", 25, 80), ("private", 30, 80)])]
    return game_of(a, b)


def to_b(game: Game) -> None:
    """End side A's turn 1 (A goes first): B's turn begins with its event."""
    to_step(game, "fire")
    ok(game, Command("end_phase", "a"))


def test_the_nines_of_clubs_and_spades_do_nothing():
    game = two_sections()
    deal(game, "b", "9C")
    n = len(game.log.events)
    to_b(game)
    assert "The card has no event (interpretation blank-nines)." in [e.text for e in game.log.events[n:]]


def test_the_queen_of_clubs_shell_lands_2d6_and_a_scatter_die_from_the_leader():
    game = two_sections()
    deal(game, "b", "QC")
    force(game, 3, 2, 2, 180, 5)  # an arrow, 2 + 2 cm, toward 180 degrees (-x): 4 cm west of the lance corporal at (20, 80)
    to_b(game)  # under the 12 cm shell: the lance corporal (4 cm) rolls 5: killed; the private at 25 (9 cm) is outside
    assert game.state.figures["b1.1"].life == DEAD and game.state.figures["b1.2"].alive


def test_the_shell_lands_from_the_sections_highest_rank_not_its_first_listed_figure():
    """L296 "from unit leader" (interpretation event-targets: its highest-ranking figure in
    action): the MG team lists its gunner first and its lance corporal last; the HIT lands
    on the lance corporal at (60, 60)."""
    a = [unit("a1", [("junior_nco", 20, 20)])]
    b = [unit("b1", [("lmg_gunner", 20, 60), ("private", 25, 60), ("junior_nco", 60, 60)])]
    game = game_of(a, b)
    deal(game, "b", "QC")
    n = len(game.log.events)
    force(game, 1, 2, 2, 1, *[1] * 10)   # the scatter die: HIT; 2d6; the one under it rolls 1
    to_b(game)
    scatter = [e.roll for e in game.log.events[n:] if e.roll is not None and "scatter" in e.roll.reason]
    assert scatter and "(from Lance corporal)" in scatter[0].reason


def test_the_queen_of_spades_takes_officers_and_sergeants_near_the_section_not_corporals():
    """L309 "Whole section and any Officers and Sergeants within 20cm": the sergeant of the
    next section, 15 cm off, goes; its lance corporal, as near, stays."""
    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)])]
    b = [unit("b1", [("junior_nco", 20, 60), ("private", 25, 60)]),
         unit("b2", [("junior_nco", 35, 60), ("senior_nco", 20, 75), ("private", 60, 100)])]
    game = game_of(a, b)
    deal(game, "b", "QS")
    n = len(game.log.events)
    force(game, 0, *[6] * 40)   # the section: the first (b1)
    to_b(game)
    fled = next(e.text for e in game.log.events[n:] if e.text.startswith("Loss of moral fibre"))
    assert "Sergeant" in fled and fled.count("Lance corporal") == 1


def test_the_queen_of_spades_flight_is_a_dash_and_the_pin_is_tested_next_turn_not_now():
    """L309 "DASH back ... for 1 turn then become suppressed - need to pass moral test to move";
    L80 tests troops suppressed in the previous turn: the section runs, takes no test in the
    same turn and may not fire in it (L102: a dash, no fire this round)."""
    game = two_sections()
    deal(game, "b", "QS")
    n = len(game.log.events)
    force(game, *[1] * 40)   # any test rolled would pass on 1s
    to_b(game)
    texts = [e.text for e in game.log.events[n:]]
    assert any(t.startswith("Loss of moral fibre") for t in texts)
    assert not [e for e in game.log.events[n:] if e.roll is not None and "pinned, at the start of its turn" in e.roll.reason]
    st = game.state
    fled = [st.figures[f] for f in ("b1.1", "b1.2", "b1.3")]
    assert all(f.markers.get(GbFigMark.PINNED) for f in fled)
    while not (st.active_side == "b" and st.phase == "fire"):
        ok(game, Command("end_phase", st.active_side))
    assert all(game.rules.firing.why_not_fire(game, f) for f in fled)


def test_the_king_of_clubs_takes_the_officers_valour_before_a_tanks():
    """L295 "work down in seniority": the men's ranks first; a tank is no rank in that chain."""
    from game.core import pools
    from tests.rulesets.helpers import small_map
    a = [unit("a1", [("junior_officer", 20, 20)]), unit("a2", [("light_tank_mg", 60, 20)], kind="vehicle")]
    doc = small_map(a, [unit("b1", [("private", 20, 100)])], ruleset="goodbyeeee", unit="cm", size=(120, 120), turn_limit=6)
    game = first_going(doc)
    st = game.state
    officer, tank = (pools.owner("figure", f) for f in ("a1.1", "a2.1"))
    before = pools.left(st, officer, "valour"), pools.left(st, tank, "valour")
    game.rules.events.effect_lose_valour(game, {"side": "a", "code": "KC"})
    assert (pools.left(st, officer, "valour"), pools.left(st, tank, "valour")) == (before[0] - 1, before[1])


def test_a_kept_voice_of_command_turns_a_failed_10_into_a_pass_for_command_8():
    game = two_sections()
    deal(game, "a", "10H", face_up=True)
    to_step(game, "orders")
    force(game, 5, 5)
    ok(game, Command("order", "a", unit="a1"))
    d = game.rules.decision(game)
    assert d is not None and "play the 10 of Hearts for +2" in d["prompt"]
    ok(game, Command("play_card", "a", choice="10H", value=1))
    assert game.rules.command.ordered(game, game.state.units["a1"]) is True
    assert "10H" in game.state.decks[EVENT_DECK].discards and not game.state.hands["a"]


def test_the_gas_drifts_2d6_plus_10_cm_at_the_end_of_the_turn_and_hits_once_a_turn():
    game = two_sections()
    deal(game, "b", "KS")
    # HIT on the leader (the distance dice 1 + 1 unused); wind 2 + 2 + 10 = 14 cm, its scatter die a HIT (rolled again),
    # then an arrow toward 0 degrees; the three under the 10 cm cloud roll 1s
    force(game, 1, 1, 1, 2, 2, 1, 3, 0, 1, 1, 1)
    to_b(game)
    cloud = next(iter(game.state.clouds.values()))
    assert cloud.type == "gas" and (cloud.x, cloud.y) == (200.0, 800.0)
    ok(game, Command("end_phase", "b"))
    ok(game, Command("end_phase", "b"))
    force(game, 9, 3)  # turn 2's initiative
    ok(game, Command("end_phase", "b"))  # the end of turn 1: the gas drifts 14 cm toward +x (it hit this turn already)
    assert (round(cloud.x), round(cloud.y)) == (340, 800)


def test_a_figure_walking_into_the_gas_rolls_for_it_once_a_turn():
    """Interpretation event-targets: "each figure under it when it lands or drifts, or whose
    move enters it, rolls once a turn": a private walks into a standing cloud and rolls (a
    1: unhurt); his next move inside it the same turn rolls nothing."""
    from game.core.state import Cloud
    from game.rulesets.goodbyeeee.status import GbCloudAttr
    from tests.rulesets.gb_kit import move
    game = game_of([unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)])], [unit("b1", [("private", 100, 110)])])
    st = game.state
    st.clouds["gas1"] = Cloud("gas1", "gas", 400.0, 200.0, radius=100.0, expires="never",
                              attrs={GbCloudAttr.SPEED: 12, GbCloudAttr.HEADING: 90, GbCloudAttr.CARD: "KS", GbCloudAttr.GASSED: 0})
    game.rules.sync_table(game)
    to_step(game, "orders")
    order(game, 1, 1)
    n = len(game.log.events)
    force(game, 1)
    move(game, "a1.2", (34, 20))
    gas = [e.roll for e in game.log.events[n:] if e.roll is not None and e.roll.reason.startswith("gas:")]
    assert [r.figures for r in gas] == [["a1.2"]] and st.figures["a1.2"].alive
    n = len(game.log.events)
    move(game, "a1.2", (36, 20))
    assert not [e for e in game.log.events[n:] if e.roll is not None and e.roll.reason.startswith("gas:")]


def test_the_off_table_sniper_s_d3_names_the_player_to_the_left_who_picks_the_target():
    doc_c = {"id": "c", "name": "Side C", "home_edge": "east", "units": [unit("c1", [("private", 100, 50)])]}
    from tests.rulesets.helpers import small_map

    d = small_map([unit("a1", [("private", 20, 20)])], [unit("b1", [("private", 20, 100)])], ruleset="goodbyeeee", unit="cm",
                  size=(120, 120))
    d["sides"].append(doc_c)
    game = first_going(d)
    game.state.hands.clear()
    deal(game, "c", "JS")  # actioned at C's turn, after A's
    force(game, 2)  # D3 = 2: two seats to C's left (seats a, b, c clockwise): B
    to_step(game, "fire")
    ok(game, Command("end_phase", "a"))
    while game.rules.decision(game) is None or "sniper" not in game.rules.decision(game)["prompt"]:
        d2 = game.rules.decision(game)
        if d2 is not None:
            ok(game, Command("choose_direction", d2["side"], choice="clockwise"))
        else:
            ok(game, Command("end_phase", game.state.active_side))
    d3 = game.rules.decision(game)
    assert d3["side"] == "b"
    force(game, 6)
    ok(game, Command("pick_figure", "b", target="c1.1"))
    assert game.state.figures["c1.1"].life == DEAD


def test_the_jack_of_diamonds_makes_a_dead_eye_and_the_queen_of_hearts_a_scratch():
    game = two_sections()
    deal(game, "a", "JD", face_up=True)
    deal(game, "b", "QH", face_up=True)
    game.state.figures["b1.2"].x, game.state.figures["b1.2"].y = 250.0, 450.0
    to_step(game, "fire")
    ok(game, Command("play_card", "a", figure="a1.2", choice="JD"))
    rep = game.rules.odds(game, Command("fire", "a", figure="a1.2", target="b1.2"))
    assert ("Dead Eye", "-1 to the score") in [(m.name, m.value) for m in rep.modifiers]
    force(game, 3, 3)  # 3 hits (4+ less 1) and 3 wounds (4+ less 1)
    ok(game, Command("fire", "a", figure="a1.2", target="b1.2"))
    d = game.rules.decision(game)
    assert d is not None and d["side"] == "b" and "Queen of Hearts" in d["prompt"]
    ok(game, Command("play_card", "b", choice="QH", value=1))
    assert game.state.figures["b1.2"].alive and game.state.figures["b1.2"].wounds == 0


def to_orders_with_the_card(game: Game) -> None:
    """A card dealt face down to A is turned at A's next turn: on to A's orders step of
    turn 2 (the initiative rolled 9 against 3)."""
    to_a_in_turn_2(game)
    to_step(game, "orders")


def test_mud_stops_the_machine_guns_and_the_moves_and_indecision_stops_every_move():
    a = [unit("a1", [("junior_nco", 20, 20), ("lmg_gunner", 25, 20)])]
    game = game_of(a, [unit("b1", [("private", 20, 50)])])
    deal(game, "a", "JC")
    for f in game.state.figures.values():
        f.markers.pop(GbFigMark.NO_MOVE, None)
    to_orders_with_the_card(game)
    assert "held still by an event card" in refused(game, Command("order", "a", unit="a1"))  # no command roll for nothing
    assert "may not move this turn" in refused(game, Command("move", "a", figure="a1.2", path=((250, 250),)))
    to_step(game, "fire")
    assert "clogged with mud" in refused(game, Command("fire", "a", figure="a1.2", target="b1.1"))


def test_indecision_holds_the_whole_force_still_so_no_section_is_given_a_command_roll():
    """The 10 of Spades (L311): "no move this turn": a section that may not move has no order
    to roll for (the roll, and any Luck spent on it, would be for nothing)."""
    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)]), unit("a2", [("junior_nco", 60, 20), ("private", 65, 20)])]
    game = game_of(a, [unit("b1", [("private", 20, 80)])])
    deal(game, "a", "10S")
    to_orders_with_the_card(game)
    assert all(f.markers.get(GbFigMark.NO_MOVE) == 2 for f in game.state.side_figures("a"))
    for uid in ("a1", "a2"):
        assert "held still by an event card" in refused(game, Command("order", "a", unit=uid))
    assert not any(c.kind == "order" for c in game.legal_commands("a"))


def test_a_card_another_side_cannot_see_is_not_actioned_on_its_view():
    """An AI plans on its side's view, where another player's face-down cards are blank
    (code "?"): a trial that reaches that player's event step turns over the cards it
    knows and leaves the blank one, rather than failing on it (found by a greedy player's
    decision in a Bombing Party game). On the real game the card is actioned."""
    game = game_of([unit("a1", [("private", 20, 20)])], [unit("b1", [("private", 20, 100)])])
    code = game.state.decks[EVENT_DECK].draw_pile[0]
    deal(game, "b", code)
    view = game.rules.view(game, "a")
    assert [c.code for c in view.hands["b"]] == ["?"]
    seen = Game(game.rules, view.copy(), game.table, game.seed, game.options, game.scenario)
    seen._begun = True
    assert game.rules.initiative.job_event(seen, {"do": "event", "side": "b"}) == []
    assert [c.code for c in seen.state.hands["b"]] == ["?"] and seen.log.events[-1].line.endswith("no random event this turn.")
    game.rules.initiative.job_event(game, {"do": "event", "side": "b"})
    assert any(e.line.startswith("Side B turn over the") for e in game.log.events)
