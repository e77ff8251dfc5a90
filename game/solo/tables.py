"""The solo rules' tables (rulesets/solo.yaml: risk factors, the action chart, the AFV
chart, force generation) and what the solo rules need to know of a unit (:class:`Profile`),
in every ruleset's terms."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.data.pyd import DiceSpec, Strict, validate_model
from game.data.ruleset_schema import Interpretation
from game.data.yamlio import check_complete, load_yaml
from game.geometry.units import to_mm

SOLO_PATH = Path(__file__).resolve().parents[2] / "rulesets" / "solo.yaml"
Order = Literal["continue", "close", "halt", "advance", "attack", "retreat", "rout"]
AfvOrder = Literal["bale_out", "retreat", "halt", "manoeuvre", "advance"]
ORDER_WORDS = {"continue": "Continue", "close": "Close on the enemy", "halt": "Halt", "advance": "Advance",
               "attack": "Attack", "retreat": "Retreat", "rout": "Rout", "bale_out": "Bale out",
               "manoeuvre": "Manoeuvre"}
FORWARD = ("advance", "attack", "close")  # the chart results that move a unit toward the enemy


class Factor(Strict):
    id: str
    value: int
    text: str
    per: int | None = None


class ChartRow(Strict):
    min_rf: int | None = None
    max_rf: int | None = None
    results: list[Order] = Field(min_length=6, max_length=6)


class AfvRow(Strict):
    min_points: int | None = None
    max_points: int | None = None
    results: list[AfvOrder] = Field(min_length=6, max_length=6)


class ForceGeneration(Strict):
    die: DiceSpec = "d6"
    no_contact_modifier: int = -1
    per_extra_counter: int = 1
    natural_nothing: int = 1


class SoloTables(Strict):
    kind: Literal["solo-tables"]
    unit: Literal["in", "cm"]
    risk_factors: list[Factor]
    distances: dict[str, float]
    action_chart: list[ChartRow]
    fall_back_cover: list[int] = Field(default_factory=lambda: [5, 6])  # up to RF0: a unit falling back halts in cover on these
    afv_points: list[Factor]
    afv_chart: list[AfvRow]
    force_generation: ForceGeneration
    interpretations: list[Interpretation] = Field(default_factory=list)
    end: Literal["solo-tables"]  # the last line: a file cut short is refused

    def factor(self, fid: str) -> Factor:
        return next(f for f in self.risk_factors if f.id == fid)

    def afv_factor(self, fid: str) -> Factor:
        return next(f for f in self.afv_points if f.id == fid)

    def dist_mm(self, key: str) -> float:
        return to_mm(self.distances[key], self.unit)

    def chart_row(self, rf: int) -> ChartRow:
        for row in self.action_chart:
            if (row.min_rf is None or rf >= row.min_rf) and (row.max_rf is None or rf <= row.max_rf):
                return row
        raise ValueError(f"no chart row for RF {rf}")

    def afv_row(self, points: int) -> AfvRow:
        for row in self.afv_chart:
            if (row.min_points is None or points >= row.min_points) and (row.max_points is None or points <= row.max_points):
                return row
        raise ValueError(f"no AFV chart column for {points} points")


@lru_cache(maxsize=1)
def solo_tables() -> SoloTables:
    doc = load_yaml(SOLO_PATH)
    check_complete(doc, "solo-tables")
    return validate_model(SoloTables, doc)


@dataclass
class Profile:
    """What the solo rules need to know about a unit, in the ruleset's terms."""

    routing: bool = False
    retiring: bool = False
    support_weapon: bool = False  # tripod MG, mortar, HMG: halts and fires instead of advancing
    at_gun: bool = False
    vehicle: bool = False  # an AFV (its own chart)
    command: bool = False  # a command group
    one_action: bool = False  # all figures have 1 action
    has_nco: bool = False
    damaged_fraction: float = 0.0  # wounded, disabled or killed, of its starting figures
    officer: bool = False  # has an officer (for the -1 to others nearby)
    damaged: bool = False  # vehicles: damaged


def cover_class(covers: list[int]) -> str:
    """A unit's cover from the covers of its figures (0 none, 1 soft, 2 hard): most of
    them in hard cover is 'hard', most in some cover 'soft', else 'none'."""
    hard = sum(1 for c in covers if c >= 2)
    soft = sum(1 for c in covers if c >= 1)
    if hard * 2 > len(covers):
        return "hard"
    if soft * 2 > len(covers):
        return "soft"
    return "none"


