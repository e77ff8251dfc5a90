"""The data model of rulesets/great-war-54mm.yaml: weapons, the hit table, assault,
morale, crewed weapons, the bombardment and the troop types."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from game.data.pyd import DiceSpec, Strict
from game.data.ruleset_schema import RulesetData, TroopType


class Weapon(Strict):
    name: str
    short: float = Field(gt=0)
    long: float = Field(gt=0)
    minimum: float = Field(0, ge=0)
    dice: int = Field(ge=1, le=20)
    crewed: bool = False
    observed: bool = False  # under the optional rule observed_fire: fires at what any friendly figure sees


class HitOn(Strict):
    short: int = Field(ge=1, le=7)
    long: int = Field(ge=1, le=7)


class Shooting(Strict):
    die: Literal["d6"] = "d6"
    hit_on: HitOn
    cover_modifier: int


class Assault(Strict):
    range: float = Field(gt=0)
    die: Literal["d6"] = "d6"
    hit_on: int = Field(ge=1, le=7)


class Morale(Strict):
    die: Literal["d10"] = "d10"
    officer_bonus: int


class Crewed(Strict):
    rally_die: Literal["d6"] = "d6"
    rally_on: int = Field(ge=1, le=7)


class Bombardment(Strict):
    die: Literal["d10"] = "d10"
    casualties_on: int = Field(ge=1, le=10)
    casualties: DiceSpec


class GWTroop(TroopType):
    shoots: bool = True


class GWData(RulesetData):
    phases: list[Literal["rally", "movement", "shooting", "assaults"]]
    activation_die: DiceSpec
    movement_dice: DiceSpec
    run_dice: DiceSpec
    shooting: Shooting
    weapons: dict[str, Weapon]
    assault: Assault
    morale: Morale
    crewed: Crewed
    bombardment: Bombardment
    troop_types: dict[str, GWTroop]


class GwSettings(Strict):
    """A map's settings for this ruleset: the side the covering bombardment works for."""

    artillery: str | None = None
