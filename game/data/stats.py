"""Troops with statistics read by name, and upgrades bought for single figures: the data
side of per-figure statistics (GOODBYEEEEEE!!!'s Fighting Skill, Luck, Valour, Attacks,
Wounds, Command and Courage by rank; its points for an extra wound, +1 to hit, body
armour). A ruleset that wants stat blocks uses these models in its data file; upgrades
are entries of its ``equipment`` table, so a figure's upgrades are its ``equipment`` list
(already saved and checked against the ruleset), with no new field on a figure."""

from __future__ import annotations

from pydantic import Field

from .pyd import Strict
from .ruleset_schema import TroopType


class StatTroop(TroopType):
    """A troop type with a block of statistics (its rank's, or its own)."""

    stats: dict[str, int] = Field(default_factory=dict)  # 'wounds': 2, 'courage': 8 ...
    skills: list[str] = Field(default_factory=list)  # words the rules read: 'grenadier', 'sniper'
    points: int | None = Field(None, ge=0)  # what the figure costs, before upgrades


class Upgrade(Strict):
    """Something a single figure may be given, at a price: it changes statistics, adds
    weapons or skills."""

    name: str
    points: int = Field(0, ge=0)
    stats: dict[str, int] = Field(default_factory=dict)  # changes: 'wounds': 1, 'to_hit': 1
    weapons: list[str] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list)
