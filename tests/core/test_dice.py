from collections import Counter

import pytest

from game.core.cards import Deck, card_name, playing_deck
from game.core.dice import AVERAGE_DIE, Dice, parse_spec
from game.core.rng import ForcedDiceExhausted, Pcg32, SeededSource


def test_pcg32_is_deterministic_and_restorable():
    a, b = Pcg32(42), Pcg32(42)
    seq = [a.next_u32() for _ in range(20)]
    assert seq == [b.next_u32() for _ in range(20)]
    assert seq != [Pcg32(43).next_u32() for _ in range(20)]
    saved = a.state
    more = [a.below(6) for _ in range(50)]
    c = Pcg32(state=saved)
    assert more == [c.below(6) for _ in range(50)]


def test_below_covers_range_evenly():
    r = Pcg32(7)
    counts = Counter(r.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    for v in counts.values():
        assert 9_000 < v < 11_000


@pytest.mark.parametrize(
    "spec,count,kind",
    [("d6", 1, "d6"), ("3d6", 3, "d6"), ("2dAv", 2, "dav"), ("d10", 1, "d10"), ("D20", 1, "d20")],
)
def test_parse_spec(spec, count, kind):
    assert parse_spec(spec) == (count, kind)


@pytest.mark.parametrize("bad", ["", "6", "d", "2x6", "d0", "dfoo"])
def test_parse_spec_rejects(bad):
    with pytest.raises(ValueError):
        parse_spec(bad)


@pytest.mark.parametrize("sides", [3, 4, 6, 8, 10, 12, 20])
def test_standard_dice_faces(sides):
    dice = Dice.seeded(3)
    seen = {dice.roll(f"d{sides}", "test").value for _ in range(sides * 60)}
    assert seen == set(range(1, sides + 1))


def test_average_die_and_pools():
    dice = Dice.seeded(5)
    faces = Counter()
    for _ in range(3000):
        r = dice.roll("2dAv", "move")
        assert len(r.faces) == 2 and r.total == sum(r.faces)
        faces.update(r.faces)
    assert set(faces) == set(AVERAGE_DIE)
    # 3 and 4 appear twice on the die: about twice as often as 2 or 5
    assert faces[3] > 1.6 * faces[2] and faces[4] > 1.6 * faces[5]


def test_every_roll_is_reported_with_reason_target_and_modifiers():
    seen = []
    dice = Dice(SeededSource(1), seen.append)
    r = dice.roll("3d6", "rifle fire", target="4+", modifiers=[("cover", -1)], figures=["a"])
    assert seen == [r]
    assert r.reason == "rifle fire" and r.target == "4+" and r.modifiers == [("cover", -1)]
    r.outcome = "2 hits"
    assert "rifle fire" in r.describe() and "cover -1" in r.describe() and "2 hits" in r.describe()


def test_forced_dice_give_scripted_faces():
    dice = Dice.forced([6, 1, 4, 5])
    assert dice.roll("d6", "a").value == 6
    assert dice.roll("2d6", "b").faces == [1, 4]
    assert dice.roll("dAv", "c").value == 5
    with pytest.raises(ForcedDiceExhausted):
        dice.roll("d6", "d")
    with pytest.raises(AssertionError):
        Dice.forced([7]).roll("d6", "e")


def test_direction_and_choice_and_shuffle():
    dice = Dice.seeded(9)
    dirs = {dice.direction("scatter").value for _ in range(2000)}
    assert min(dirs) >= 0 and max(dirs) <= 359 and len(dirs) > 300
    items = list(range(10))
    s1 = Dice.seeded(4).shuffle(items, "deck")
    s2 = Dice.seeded(4).shuffle(items, "deck")
    assert s1 == s2 and sorted(s1) == items and s1 != items
    assert all(0 <= dice.choose_index(5, "which") < 5 for _ in range(50))


def test_playing_deck_and_removed_ranks():
    full = playing_deck()
    assert len(full) == 54 and len(set(full)) == 54
    high = playing_deck(jokers=2, lowest_rank="9")
    assert len(high) == 6 * 4 + 2
    assert "8H" not in high and "9H" in high and "AS" in high
    assert card_name("QS") == "Queen of Spades" and card_name("10C") == "10 of Clubs"
    assert card_name("JOKER1") == "Joker"


def test_activation_deck_draws_and_reshuffles():
    dice = Dice.seeded(2)
    deck = Deck("activation", ["GOOD", "EVIL", "FLYER"])
    deck.shuffle_all(dice)
    drawn = [deck.draw(dice) for _ in range(3)]
    assert sorted(drawn) == ["EVIL", "FLYER", "GOOD"]
    assert deck.draw() is None
    assert deck.draw(dice) in {"GOOD", "EVIL", "FLYER"}  # reshuffled the discards
    assert Deck.from_dict(deck.to_dict()) == deck
