"""WW2 Skirmish command options: typed, checked against the command's kind, refused with
the names of what the kind takes."""

import pytest

from game.core.commands import Command, Refusal, option_pairs
from game.rulesets.ww2_skirmish.options import Ww2Options, options, tie_key


def test_options_read_typed_and_build_the_same_words():
    c = Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed", mode="smg", occupants=True))
    assert c.options == (("as", "smg"), ("at", "occupants"), ("shot", "aimed"))
    o = Ww2Options.of(c)
    assert (o.shot, o.weapon, o.mode, o.occupants, o.round) == ("aimed", None, "smg", True, None)
    assert o.pairs() == c.options


@pytest.mark.parametrize("cmd,reason", [
    (Command("fire_team", "a", unit="a1", options=option_pairs(shot="aimed", weapon="bren")),
     "'fire_team' takes no option 'weapon'; it takes shot."),
    (Command("volley", "a", unit="a1", options=option_pairs(shot="aimed")), "'volley' takes no option 'shot'."),
    (Command("fire", "a", figure="a1.1", options=option_pairs(**{"as": "pistol"})), "Option as is one of rifle, smg, not 'pistol'."),
    (Command("blast", "a", figure="a1.1", options=option_pairs(round="gas")), "Option round is one of he, smoke, wp, not 'gas'."),
])
def test_an_option_the_kind_does_not_take_is_refused_by_name(cmd, reason):
    with pytest.raises(Refusal) as e:
        Ww2Options.of(cmd)
    assert e.value.reason == reason


def test_ties_between_commands_break_on_the_shot_then_the_weapon():
    a = Command("fire", "a", figure="x", options=options(shot="aimed", weapon="m2"))
    b = Command("fire", "a", figure="x", options=options(shot="aimed"))
    c = Command("fire", "a", figure="x", options=options(shot="unaimed", mode="rifle"))
    assert tie_key(a) == (("shot", "aimed"), ("weapon", "m2"))
    assert sorted([c, a, b], key=tie_key) == [b, a, c]
