"""The benchmark's reinforced scenarios are real, valid scenarios of the wanted size."""

from game.bench import reinforced
from game.catalog import available_maps, new_game


def test_reinforced_scenarios_load_with_thirty_figures_a_side_behind_the_originals():
    for lm in available_maps():
        r = reinforced(lm)  # validated like any map: a bad copy raises DataError
        for orig, side in zip(lm.model.sides, r.model.sides, strict=True):
            n = sum(len(u.figures) for u in side.units)
            assert n >= 30, (lm.path, side.id, n)
            if sum(len(u.figures) for u in orig.units) >= 30:
                assert len(side.units) == len(orig.units)
        game = new_game(r, 1)
        assert len(game.state.units) == sum(len(s.units) for s in r.model.sides)


def test_the_menu_probe_draws_the_menu_in_a_fresh_interpreter():
    from game.bench import bench_menu

    r = bench_menu(True)  # a measure, not a timed test: it ran and drew the menu
    assert r["name"] == "Main menu drawn after launch" and r["median_ms"] > 0


def test_figures_are_judged_as_multiples_of_the_reference_measured_in_the_same_run():
    from game.bench_verdict import QUIET_REFERENCE_MS, judge, verdict_words

    q = QUIET_REFERENCE_MS
    entries = [
        {"name": "fast", "checks": [{"what": "median", "ms": 40.0, "target_ms": 50.0}]},
        {"name": "slow on a busy machine", "checks": [{"what": "median", "ms": 80.0, "target_ms": 50.0}]},
        {"name": "two checks", "checks": [{"what": "median", "ms": 40.0, "target_ms": 50.0}, {"what": "p95", "ms": 200.0, "target_ms": 150.0}]},
        {"name": "ratio", "checks": [{"what": "speed-up", "ratio": 28.0, "target_ratio": 100}]},
        {"name": "no target", "checks": []},
    ]
    quiet = judge([dict(e, checks=[dict(c) for c in e["checks"]]) for e in entries], q)
    assert [e.get("pass") for e in quiet] == [True, False, False, False, None]
    busy = judge([dict(e, checks=[dict(c) for c in e["checks"]]) for e in entries], 2 * q)  # everything twice as slow
    assert [e.get("pass") for e in busy] == [True, True, True, False, None]
    assert busy[1]["checks"][0]["x_ref"] == round(80 / (2 * q), 3) and busy[1]["checks"][0]["target_x_ref"] == round(50 / q, 3)
    assert verdict_words(busy[3]) == "FAIL: speed-up 28x (target 100x)" and verdict_words(busy[4]) == ""


def test_a_figure_is_judged_against_the_reference_timed_while_it_was_measured():
    """The machine's speed drifts within a run: a figure that carries the reference timed
    around it (``ref_ms``) is judged against that, not the one timed at the start."""
    from game.bench_verdict import QUIET_REFERENCE_MS, Yardstick, judge

    q = QUIET_REFERENCE_MS
    later = {"name": "measured while the machine ran at half speed", "ref_ms": 2 * q,
             "checks": [{"what": "median", "ms": 80.0, "target_ms": 50.0}]}
    at_start = {"name": "the same without its own reference", "checks": [{"what": "median", "ms": 80.0, "target_ms": 50.0}]}
    judged = judge([later, at_start], q)
    assert [e["pass"] for e in judged] == [True, False]
    assert judged[0]["checks"][0]["x_ref"] == round(80 / (2 * q), 3)

    ys = Yardstick()
    ys.tick(2)
    mark = ys.mark()
    ys.samples += [10.0, 30.0, 20.0]  # (as three ticks would time them)
    assert mark == 2 and ys.since(mark) == 20.0 and len(ys.samples) == 5 and all(t > 0 for t in ys.samples[:2])


def test_a_check_timed_beside_its_own_references_keeps_its_multiple():
    """An AI side-turn is judged as the median of each side-turn's multiple of the reference
    timed beside it, not the median time over a reference timed elsewhere."""
    from game.bench_verdict import QUIET_REFERENCE_MS, judge

    q = QUIET_REFERENCE_MS
    paired = {"name": "side-turns", "ref_ms": q, "checks": [{"what": "median", "ms": 80.0, "x_ref": 2.0, "target_ms": 50.0}]}
    judged = judge([paired], q)[0]
    assert judged["checks"][0]["x_ref"] == 2.0 and judged["pass"] is True  # 80 / q would fail (4.2x)


def test_ai_games_time_the_reference_beside_every_side_turn():
    from game.bench import _ai_games

    maps = available_maps("great-war-54mm", shipped_only=True)[:1]
    calls: list[int] = []

    def beside() -> float:
        calls.append(1)
        return 25.0

    totals, turns, sizes, refs = _ai_games(maps, 1, beside=beside)
    assert len(totals) == 1 and len(turns) == len(sizes) == len(refs) == len(calls) > 4
    assert refs == [25.0] * len(turns)
    assert _ai_games(maps, 1)[3] == []  # none asked, none timed
