"""game/rulesets/move_cost.py: what a path costs, and how far an allowance reaches."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import box

from game.rulesets.move_cost import Charge, CostedPath, Stretch, slow_stretches


def test_charges_and_slow_stretches_add_to_the_length():
    p = CostedPath(100.0, [Charge(10.0, 50.0, "climb")], [Stretch(20.0, 40.0, 2.0, "rough")])
    assert p.total == 100 + 50 + 20
    assert p.cost_to(10.0) == 60.0  # a charge at d is paid reaching d
    assert p.cost_to(30.0) == 10 + 50 + 10 + 10 * 2
    assert p.reach(59.0) == (9.95, "not enough move left to climb")  # it stops short of the wall
    length, why = p.reach(100.0)  # 10 + 50, then 10 more, then 15 mm of rough at 2 a mm
    assert abs(length - 35.0) < 0.02 and why == "end of its move"
    assert p.reach(170.0) == (100.0, None)


def test_slow_stretches_are_measured_along_the_path_each_time_it_passes():
    rough = box(10, -5, 20, 5)
    out = slow_stretches([(0, 0), (30, 0), (0, 0)], [(rough, 2.0, "rough")])
    assert [(round(s.start, 6), round(s.end, 6)) for s in out] == [(10, 20), (40, 50)]
    both = slow_stretches([(0, 0), (30, 0)], [(rough, 2.0, "rough"), (box(15, -5, 25, 5), 3.0, "mud")])
    assert [(round(s.start, 6), round(s.end, 6), s.rate) for s in both] == [(10, 15, 2.0), (15, 25, 3.0)]


@given(st.floats(1, 500), st.lists(st.tuples(st.floats(0, 500), st.floats(0, 50)), max_size=3),
       st.floats(0, 400), st.floats(0, 200), st.floats(1, 4), st.floats(0, 800))
def test_an_allowance_reaches_as_far_as_it_pays_for(length, charges, a, w, rate, budget):
    p = CostedPath(length, [Charge(min(at, length), c, "x") for at, c in charges], [Stretch(a, a + w, rate, "s")] if a < length else [])
    reach, why = p.reach(budget)
    assert 0 <= reach <= length
    if why is not None and why.startswith("not enough"):  # stopped just short of a charge it cannot pay
        assert p.move_cost(reach) + sum(c.cost for c in p.charges if c.at < reach - 1e-9) <= budget + 0.02
        assert any(0 <= c.at - reach <= 0.05 + 1e-9 for c in p.charges)
    else:
        assert p.cost_to(reach) <= budget + 0.02
    assert (why is None) == (reach == length)
    if why == "end of its move":  # a little further costs more than the allowance
        assert p.cost_to(min(length, reach + 0.05)) > budget - 1e-9 or reach + 0.05 >= length
