from fractions import Fraction
from math import comb

from game.core.odds import enumerate_outcomes


def test_single_die_threshold_is_exact():
    d = enumerate_outcomes(lambda dice: dice.roll("d6", "x").value >= 4)
    assert d.exact
    assert d.fractions[True] == Fraction(1, 2)


def test_two_average_dice_by_hand():
    # faces 2,3,3,4,4,5: counts of each sum out of 36, worked by hand
    expected = {4: 1, 5: 4, 6: 8, 7: 10, 8: 8, 9: 4, 10: 1}
    d = enumerate_outcomes(lambda dice: dice.roll("2dAv", "move").total)
    assert d.fractions == {k: Fraction(v, 36) for k, v in expected.items()}


def test_pool_enumeration_matches_binomial():
    d = enumerate_outcomes(lambda dice: sum(1 for f in dice.roll("5d6", "hmg").faces if f >= 4))
    assert d.fractions == {k: Fraction(comb(5, k), 32) for k in range(6)}
    # multisets, not ordered rolls: 252 paths instead of 7776
    assert "252 paths" in d.method


def test_chained_rolls_branch_on_earlier_results():
    # roll a d10; on a 10 roll a d3 of extra casualties
    def fn(dice):
        r = dice.roll("d10", "test").value
        return dice.roll("d3", "cas").value if r == 10 else 0

    d = enumerate_outcomes(fn)
    assert d.fractions == {0: Fraction(9, 10), 1: Fraction(1, 30), 2: Fraction(1, 30), 3: Fraction(1, 30)}


def test_falls_back_to_sampling_and_says_so():
    d = enumerate_outcomes(lambda dice: dice.roll("d20", "a").value + dice.roll("d20", "b").value, limit=100, samples=4000)
    assert not d.exact
    assert d.method.startswith("sampled: 4,000 seeded trials")
    assert abs(sum(d.probs.values()) - 1) < 1e-9
    assert abs(d.p(21) - 20 / 400) < 0.02


def test_marginal_and_expected():
    d = enumerate_outcomes(lambda dice: (dice.roll("d6", "a").value, dice.roll("d6", "b").value))
    first = d.marginal(lambda o: o[0])
    assert first.fractions == {k: Fraction(1, 6) for k in range(1, 7)}
    assert abs(d.expected(lambda o: o[0] + o[1]) - 7) < 1e-12
