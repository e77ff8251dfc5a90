"""Per-figure statistics (game/rulesets/stats.py): a rank's block, a figure's upgrades
and the changes of the moment, with the text's GOODBYEEEEEE!!! numbers as the example."""

from __future__ import annotations

from game.core.state import Figure
from game.data.stats import StatTroop, Upgrade
from game.rulesets.stats import FigureStats

TROOPS = {
    # the Morale and Command table: attacks, wounds, courage, command, points
    "private": StatTroop(name="Private", stats={"attacks": 1, "wounds": 1, "courage": 6, "command": 6}, points=10),
    "senior_nco": StatTroop(name="Sergeant", role="nco", stats={"attacks": 2, "wounds": 2, "courage": 9, "command": 9}, points=70),
}
UPGRADES = {
    "extra_wound": Upgrade(name="Extra Wound", points=10, stats={"wounds": 1}),
    "bomber": Upgrade(name="Grenadier (Bomber)", points=10, weapons=["grenade"], skills=["grenadier"]),
    "plus_hit": Upgrade(name="+1 Bonus to Hit", points=10, stats={"to_hit": 1}),
}


def fig(troop: str, equipment: list[str], **marks) -> Figure:
    return Figure(id="a1.1", unit="a1", side="a", type=troop, name=troop, x=0, y=0, weapons=["rifle"], equipment=equipment, markers=marks)


def test_a_rank_block_plus_upgrades_plus_the_moment():
    stats = FigureStats(TROOPS, UPGRADES, mods_key="stat_mods")
    veteran = fig("private", ["extra_wound", "plus_hit"], stat_mods={"courage": -1})
    assert stats.stat(veteran, "wounds") == 2 and stats.stat(veteran, "to_hit") == 1
    assert stats.stat(veteran, "courage") == 5  # 6, -1 for the moment
    assert stats.stat(fig("senior_nco", []), "attacks") == 2
    assert stats.stat(fig("private", ["not_an_upgrade"]), "wounds") == 1  # plain equipment changes nothing


def test_upgrades_give_weapons_and_skills_and_cost_points():
    stats = FigureStats(TROOPS, UPGRADES)
    bomber = fig("private", ["bomber"])
    assert stats.skills(bomber) == {"grenadier"}
    assert stats.weapons("private", ["bomber"], ["rifle"]) == ["rifle", "grenade"]
    # the text's bomb section: two riflemen upgraded to bombers at 20 points each
    assert stats.figure_points("private", ["bomber"]) == 20
    assert stats.figure_points("senior_nco", ["extra_wound"]) == 80
