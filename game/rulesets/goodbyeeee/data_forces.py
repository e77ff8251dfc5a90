"""GOODBYEEEEEE!!!: the shapes of the troop types, the priced upgrades, the points system
(L315-345) and the ready forces (the speculative British platoon, L347-384) in
rulesets/goodbyeeee.yaml."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from game.data.pyd import Strict
from game.data.stats import StatTroop, Upgrade

from .data_tables import Points


class GbTroop(StatTroop):
    """A troop type: a rank (whose statistics its ``stats`` start from, filled in when the
    file is read), weapons, and the upgrades it is made of. A specialist is a private with
    its upgrade in ``equipment``, so its ``points`` are the rank's and its price is the
    rank's plus the upgrade's, as the points list says (L319 "in addition to the cost of the
    basic figure")."""

    rank: str
    description: str = ""


class GbUpgrade(Upgrade):
    """A line of the points list that a single figure may be given (L319-343), or an
    upgrade the list does not price (``price: reading``: interpretation points)."""

    description: str = ""
    price: Literal["text", "reading"] = "text"


class CompositionRule(Strict):
    rule: str = Field(min_length=1)
    line: int = Field(ge=1)  # its line in the text


class PointsSystem(Strict):
    basic_figure: Points  # every figure's own cost (L319)
    attacker_advantage: float = Field(ge=1, le=3)
    force_size: tuple[Annotated[int, Field(ge=1, le=200)], Annotated[int, Field(ge=1, le=200)]]
    composition: list[CompositionRule]  # advice, not refusals (interpretation composition)

    @model_validator(mode="after")
    def _size(self) -> PointsSystem:
        if self.force_size[0] > self.force_size[1]:
            raise ValueError("force_size is [fewest, most] figures")
        return self


class ReadyUnit(Strict):
    name: str = Field(min_length=1)
    points: Points  # what the text says the unit costs
    figures: dict[str, Annotated[int, Field(ge=1, le=50)]] = Field(min_length=1)  # troop type id: how many


class ReadyForce(Strict):
    """A force the text writes out, with its totals (the editor's "Add ready force")."""

    name: str = Field(min_length=1)
    total: Annotated[int, Field(ge=0, le=100_000)]
    units: list[ReadyUnit] = Field(min_length=1)
