"""The solo chart's log line says why a unit will not move as its result reads, from the
same answer its planner acts on: a defender in its position ("They will not move however,
from fortified positions they are defending": interpretation defenders, the solo rules'
``holds_position``) and a Retreat in cover at half strength or more ("unit may stay in
position": interpretation retreat, the planner's ``retreat_stays``). Forced dice, a small
table per ruleset."""

import pytest

from game.core.commands import Command
from tests.rulesets.helpers import first_going, force, ok, small_map, unit
from tests.rulesets.wwify_kit import fresh

NOTE = ": it defends its position and will not leave it; it holds and fires instead"
STAYS = ": in cover, with half its strength or more, it stays in position"

# ruleset: (side A's three figure types, side B's figure type, the map's unit, table size)
CASES = {
    "great-war-54mm": (["sergeant", "rifleman", "rifleman"], "rifleman", "in", 48),
    "wwify": (["good_officer", "good_rifleman", "good_rifleman"], "evil_rifleman", "in", 48),
    "goodbyeeee": (["junior_nco", "private", "private"], "private", "cm", 120),
    "ww2-skirmish": (["us_nco", "us_rifleman", "us_rifleman"], "ger_rifleman", "in", 48),
    "ww2-135": (["us_nco", "us_rifleman", "us_rifleman"], "de_rifleman", "in", 48),
}


def game_for(ruleset: str, holder: str, in_trench: bool = True, hidden: bool = False):
    """Side A's squad 30 (or 75 cm) down the table, in a trench along it or in the open
    beside it; side B's figure far off, in sight and spotted, or (``hidden``) behind a
    row of buildings; ``holder`` wins by holding on; when that is side B, side A
    attacks (it wins by breaking side B)."""
    a_types, b_type, scale, size = CASES[ruleset]
    y, row = size * 0.625, size * 0.625 if in_trench else size * 0.8
    terrain = [{"type": "trench", "line": [[0, y], [size, y]], "width": size / 20}]
    if hidden:
        terrain.append({"type": "building", "rect": {"x": 0, "y": size * 0.3, "w": size, "h": size * 0.1}})
    a = unit("a1", [(t, size / 2 + size / 30 * i, row) for i, t in enumerate(a_types)])
    b = unit("b1", [(b_type, size / 2, size / 8)])
    doc = small_map([a], [b], terrain=terrain, ruleset=ruleset, unit=scale, size=(size, size))
    doc["victory"]["otherwise"] = holder
    if holder == "b":  # side A attacks: it wins by breaking side B
        doc["victory"]["conditions"] = [{"type": "break", "side": "a"}]
    game = fresh(doc) if ruleset == "wwify" else first_going(doc)
    if not hidden and hasattr(game.rules, "spotting"):  # (WW2 Skirmish: side A has spotted it)
        game.rules.spotting.mark_spotted(game, "a", game.state.figures["b1.1"], "sight")
    order = Command("solo_orders", "a", unit="a1")
    for _ in range(12):  # on to the step where side A's units take their orders
        if game.check(order) is None:
            return game
        ok(game, Command("end_phase", game.state.active_side))
    raise AssertionError(f"{ruleset}: side A never takes its solo orders")


def chart_close(monkeypatch, game) -> str:
    """Side A's squad rolls the chart at RF0 and gets a 6: Close on the enemy."""
    return chart(monkeypatch, game, 0, 6)


def chart(monkeypatch, game, rf: int, face: int) -> str:
    """Side A's squad rolls the chart at ``rf`` and gets ``face``: the log line."""
    monkeypatch.setattr(type(game.rules), "risk_factors", lambda self, g, u: [("test", rf, "scripted")])
    force(game, face)
    ok(game, Command("solo_orders", "a", unit="a1"))
    monkeypatch.undo()
    return next(e.line for e in reversed(game.log.events) if "solo action chart" in e.line)


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_a_defender_in_its_trench_ordered_to_close_holds_and_the_log_says_why(monkeypatch, ruleset):
    game = game_for(ruleset, holder="a")
    a1 = game.state.units["a1"]
    assert game.rules.holds_position(game, a1)
    line = chart_close(monkeypatch, game)
    assert line.endswith("-> Close on the enemy" + NOTE), line
    assert a1.markers["solo_order"] == "close"  # the order stands: a Continue goes on with it


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_the_attacker_ordered_to_close_has_no_such_note(monkeypatch, ruleset):
    game = game_for(ruleset, holder="b")
    assert not game.rules.holds_position(game, game.state.units["a1"])
    assert chart_close(monkeypatch, game).endswith("-> Close on the enemy")


@pytest.mark.parametrize("ruleset", sorted(CASES))
@pytest.mark.parametrize("holder", ["a", "b"])
def test_a_close_with_no_enemy_in_sight_continues_the_current_action(monkeypatch, ruleset, holder):
    """Up to RF0 on 4+ a unit "will move towards the nearest visible enemy": with none in
    its sight it has nothing to move towards, and continues its current actions
    (interpretation close-unseen): the attacker's first order is an advance, the
    holder's a halt."""
    game = game_for(ruleset, holder=holder, hidden=True)
    a1 = game.state.units["a1"]
    assert game.rules.known_enemies(game, "a") == [] or ruleset != "ww2-skirmish"
    line = chart_close(monkeypatch, game)
    want = "Halt" if holder == "a" else "Advance"
    assert line.endswith(f"-> no enemy in sight to move towards, so Continue ({want})"), line
    assert a1.markers["solo_order"] == want.lower()


@pytest.mark.parametrize("ruleset", ["great-war-54mm", "goodbyeeee", "wwify", "ww2-skirmish"])
def test_a_defender_out_of_its_position_is_not_held(ruleset):
    """In the open beside the trench a defender may move (into the position on its way;
    WW2 Skirmish holds any cover, not only a trench); the 1/35th holds wherever it stands
    (its own reading, solo-defenders)."""
    game = game_for(ruleset, holder="a", in_trench=False)
    assert not game.rules.holds_position(game, game.state.units["a1"])


def test_the_1_35th_defender_holds_in_the_open_too():
    game = game_for("ww2-135", holder="a", in_trench=False)
    assert game.rules.holds_position(game, game.state.units["a1"])


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_a_retreat_in_cover_at_full_strength_stays_and_the_log_says_why(monkeypatch, ruleset):
    """RF2-5, a 1: Retreat. In its trench, whole, the squad stays (it "may stay in
    position"), and the log says so; in the open it moves and the line says nothing more."""
    for in_trench in (True, False):
        game = game_for(ruleset, holder="b", in_trench=in_trench)
        if ruleset == "ww2-skirmish":  # the enemy must be spotted to be retreated from
            game.rules.spotting.mark_spotted(game, "a", game.state.figures["b1.1"], "sight")
        a1 = game.state.units["a1"]
        stays = in_trench
        assert game.rules.planner.retreat_stays(game, a1) == stays
        line = chart(monkeypatch, game, 3, 1)
        assert line.endswith("-> Retreat" + (STAYS if stays else "")), line
