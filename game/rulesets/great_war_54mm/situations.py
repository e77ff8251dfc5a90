"""Situations worked out before any dice, shared by the rules that resolve them, the odds
that enumerate them and the interface that shows them: one figure's shot at a unit, a
unit's assault."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.state import Figure, Unit
from game.rulesets.great_war_54mm.data import Weapon


@dataclass
class Shot:
    """Everything about one figure's fire at one unit, worked out before any dice."""

    firer: Figure
    weapon_id: str
    weapon: Weapon
    target: Unit
    distance: float
    band: str
    need: int
    cover: bool
    dice: int
    candidates: list[Figure]
    crew_target: bool
    modifiers: list[tuple[str, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class AssaultPlan:
    attackers: list[Figure]
    defenders_in_reach: list[Figure]
    target: Unit
    crew_target: bool
