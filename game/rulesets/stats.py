"""Per-figure statistics, read by name: the troop type's block, plus the figure's
upgrades (its ``equipment`` entries that the ruleset prices as :class:`Upgrade`), plus
what the moment changes (a figure marker ``stat_mods``: {stat: change}, for "-1 while
suppressed" kinds of rules). A chapter any ruleset with stat blocks may hold."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.state import Figure
from game.data.stats import StatTroop, Upgrade


class FigureStats:
    """Statistics of figures, from a ruleset's troop types and upgrade table."""

    def __init__(self, troops: Mapping[str, StatTroop], upgrades: Mapping[str, Upgrade],
                 mods_key: str | None = None) -> None:
        self.troops = troops
        self.upgrades = upgrades
        self.mods_key = mods_key  # the ruleset's figure-marker key holding {stat: change} of the moment

    def _upgrades(self, equipment: Sequence[str]) -> list[Upgrade]:
        return [self.upgrades[e] for e in equipment if e in self.upgrades]

    def base_stat(self, troop_type: str, equipment: Sequence[str], name: str) -> int:
        """The troop type's value with the upgrades (0 when the type has none)."""
        value = self.troops[troop_type].stats.get(name, 0)
        return value + sum(u.stats.get(name, 0) for u in self._upgrades(equipment))

    def stat(self, fig: Figure, name: str) -> int:
        """The figure's value now: its type's, its upgrades', and the changes it is marked with."""
        mods = fig.markers.get(self.mods_key, {}) if self.mods_key else {}
        return self.base_stat(fig.type, fig.equipment, name) + int(mods.get(name, 0))

    def skills(self, fig: Figure) -> frozenset[str]:
        out = set(self.troops[fig.type].skills)
        for u in self._upgrades(fig.equipment):
            out.update(u.skills)
        return frozenset(out)

    def weapons(self, troop_type: str, equipment: Sequence[str], own: Sequence[str]) -> list[str]:
        """The figure's weapons: its own list and what its upgrades give, in that order, once each."""
        out = list(own)
        for u in self._upgrades(equipment):
            out += [w for w in u.weapons if w not in out]
        return out

    def figure_points(self, troop_type: str, equipment: Sequence[str]) -> int | None:
        """What the figure costs with its upgrades (None when its type has no price)."""
        base = self.troops[troop_type].points
        return None if base is None else base + sum(u.points for u in self._upgrades(equipment))
