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
