"""My 1/35th Scale WWII Skirmish: the shapes of the tables in rulesets/ww2-135.yaml (the
turn, action points, acquisition, shooting and saving, suppressive and opportunity fire,
grenades, smoke, mortars and radios, hand to hand, surrender, morale, anti-tank weapons).
The numbers are in the file; ``data.py`` checks the cross-references."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from game.data.pyd import DiceSpec, Strict

#: a length on the table, in inches (the longest in the text is the mortar's 100")
Inches = Annotated[float, Field(ge=0, le=200)]
#: a change to a roll or to the total it is rolled against
Mod = Annotated[int, Field(ge=-6, le=6)]
#: a total of 2d6 (2 to 12)
Need2d6 = Annotated[int, Field(ge=2, le=12)]
#: a face of a d6
Face = Annotated[int, Field(ge=1, le=6)]
#: an action's points: a number, or the dice rolled for it ("d3", "2d3")
Cost = int | DiceSpec
Level = Literal["confident", "suppressed", "shaken", "broken"]
LEVELS: tuple[Level, ...] = ("confident", "suppressed", "shaken", "broken")


def bands_rise(rows: Sequence[Any], what: str) -> None:
    """Rows with an ``upto`` are in rising order (ValueError otherwise)."""
    ups = [r.upto for r in rows]
    if ups != sorted(ups) or len(set(ups)) != len(ups):
        raise ValueError(f"the {what} bands must rise ({ups})")


class Turn(Strict):
    order: Literal["alternate_sides"]
    steps: list[Literal["clouds", "quota", "morale", "actions", "end"]] = Field(min_length=1)


class Quality(Strict):
    green: int = Field(ge=1, le=10)
    experienced: int = Field(ge=1, le=10)
    elite: int = Field(ge=1, le=10)


class QuotaPenalty(Strict):
    levels: list[Level] = Field(min_length=1)
    points: Mod


class Action(Strict):
    cost: Cost
    inches: Inches | None = None  # a move: how far a point takes the figure
    defender_wins_debt: int | None = Field(None, ge=0, le=10)

    def fixed(self) -> int | None:
        """The points, when they are a number (None: rolled)."""
        return self.cost if isinstance(self.cost, int) else None


#: the actions of the table (L10-25) and the two this game adds (turning, going prone)
ACTION_IDS = ("move", "crawl", "unaimed_fire", "aimed_fire", "negotiate_obstacle", "throw_grenade",
              "hand_to_hand", "perform_action", "opportunity_fire", "hide", "rally", "stand_from_prone",
              "suppressive_fire", "reload", "plot_indirect_fire", "open_locked_door_internal",
              "open_locked_door_external", "turn_on_the_spot", "go_prone")


class Movement(Strict):
    max_per_turn: Inches


class AcquisitionMods(Strict):
    long_range: Mod
    soft_cover: Mod
    hard_cover: Mod
    hidden: Mod
    per_hindrance: Mod
    previously_seen: Mod


class Acquisition(Strict):
    die: DiceSpec
    over: bool
    long_range: Inches
    modifiers: AcquisitionMods
    front_arc: float = Field(gt=0, le=360)


class Shooting(Strict):
    dice: DiceSpec
    double_six_hits: bool
    aimed: Mod
    unaimed: Mod
    range_per: Inches = Field(gt=0)
    per_hindrance: Mod
    hard_cover: Mod
    soft_cover: Mod
    target_moved_per: Inches = Field(gt=0)
    target_moved: Mod
    prone_in_open: Mod
    burst_rolls: int = Field(ge=1, le=5)
    firer_moved_per: Inches = Field(gt=0)
    firer_moved: Mod
    moved_cannot_aim: bool
    aimed_needs_seen: bool
    cannot_fire: list[Level]


class Saving(Strict):
    die: DiceSpec
    per_hindrance: Mod
    soft_cover: Mod
    hard_cover: Mod
    not_saved: Literal["kill"]
    equal: int = Field(ge=0, le=3)  # morale levels dropped
    saved: int = Field(ge=0, le=3)


class Loaders(Strict):
    adjacent: Inches
    dry_on: Literal["any_double"]


class SuppressChance(Strict):
    automatic: bool = False
    area: Inches | None = None  # the quad's circle
    need: Need2d6 | None = None

    @model_validator(mode="after")
    def _one(self) -> SuppressChance:
        if self.automatic == (self.need is not None):
            raise ValueError("a row is automatic (with its area) or needs a 2d6 total, not both")
        return self


class SuppressiveFire(Strict):
    chance: dict[Literal["quad", "mg", "light"], SuppressChance]
    line_width: Inches = Field(gt=0)
    reloading_on: Face
    reloaded_on: Face
    never_kills: bool
    second_makes_shaken: bool


class OpportunityFire(Strict):
    held: int = Field(ge=1, le=10)
    needs_double_six: bool


class OpeningRow(Strict):
    upto: Inches
    automatic: bool = False
    need: Need2d6 | None = None
    standing: bool = False  # only a standing figure may try it

    @model_validator(mode="after")
    def _one(self) -> OpeningRow:
        if self.automatic == (self.need is not None):
            raise ValueError("a row is automatic or needs a 2d6 total, not both")
        return self


class DeviationRow(Strict):
    upto: Inches
    on_target: Face | None = None  # the least d6 that lands on target (None: never deviates)
    by: Inches


class Grenades(Strict):
    max_range: Inches
    burst: Inches
    opening: list[OpeningRow] = Field(min_length=1)
    deviation: list[DeviationRow] = Field(min_length=1)
    deviation_die: DiceSpec
    obstacle_over: Inches
    fuse_late_faces: list[str] = Field(min_length=1)
    return_explodes_on: list[Face] = Field(min_length=1)

    @model_validator(mode="after")
    def _bands(self) -> Grenades:
        bands_rise(self.opening, "opening")
        bands_rise(self.deviation, "deviation")
        return self


class EffectRow(Strict):
    """A 2d6 table: the totals of each result, which between them cover 2-12 once."""

    no_effect: tuple[Need2d6, Need2d6]
    suppressed: tuple[Need2d6, Need2d6]
    killed: tuple[Need2d6, Need2d6]

    @model_validator(mode="after")
    def _covers(self) -> EffectRow:
        got = sorted(t for lo, hi in (self.no_effect, self.suppressed, self.killed) for t in range(lo, hi + 1))
        if got != list(range(2, 13)):
            raise ValueError(f"the rows must cover each total 2-12 once (they have {got})")
        return self

    def result(self, total: int) -> str:
        for name, (lo, hi) in (("no_effect", self.no_effect), ("suppressed", self.suppressed), ("killed", self.killed)):
            if lo <= total <= hi:
                return name
        raise ValueError(f"no row for {total}")


class BlastEffect(Strict):
    building: EffectRow
    open: EffectRow


class Smoke(Strict):
    turns: int = Field(ge=1, le=10)
    drift_turns: int = Field(ge=0, le=10)
    template: Inches = Field(gt=0)
    clouds_by_turn: list[int] = Field(min_length=1)
    wind_die: DiceSpec

    @model_validator(mode="after")
    def _turns(self) -> Smoke:
        if len(self.clouds_by_turn) != self.turns:
            raise ValueError(f"clouds_by_turn gives {len(self.clouds_by_turn)} turns; smoke lasts {self.turns}")
        return self


class Mortar(Strict):
    min_range: Inches
    max_range: Inches
    burst: Inches
    observer_within: Inches
    on_target: tuple[Need2d6, Need2d6]
    deviate: DiceSpec
    follow_up: DiceSpec
    spinner: Literal["direction"]  # Dice.direction: a whole degree 0-359, each as likely


class Radio(Strict):
    dice: DiceSpec
    fails_on: Literal["double_one"]
    after_double_one: Literal["any_double"]


class FightMod(Strict):
    value: Mod
    first_round: bool = False


class HandToHand(Strict):
    die: DiceSpec
    two_v_one: Literal["keep_best_of_2"]
    draw: Literal["continue"]
    modifiers: dict[Literal["initiated", "in_cover", "suppressed", "shaken", "prone", "attacking_rear"], FightMod]
    weapon: dict[Literal["rifle", "smg", "assault_rifle", "carbine", "other"], Mod]
    result: Literal["kill_or_capture"]


class SurrenderMods(Strict):
    per_enemy_in_sight: Mod
    enemy_behind: Mod
    suppressed: Mod
    shaken: Mod
    per_friend_in_sight: Mod


class Surrender(Strict):
    within: Inches
    friend_over: Inches
    die: DiceSpec
    over: bool
    modifiers: SurrenderMods
    once_per_turn: bool


class Prisoners(Strict):
    guard_within: Inches
    escape_die: DiceSpec
    escape_on: Face


class MoraleMods(Strict):
    per_killed_in_unit: Mod
    fired_at_last_turn: Mod
    suppressed: Mod
    shaken: Mod
    enemy_within_20: Mod
    no_friend_in_sight: Mod
    in_cover: Mod


class Morale(Strict):
    levels: list[Level]
    dice: DiceSpec
    over: bool
    modifiers: MoraleMods
    enemy_within: Inches

    @model_validator(mode="after")
    def _levels(self) -> Morale:
        if tuple(self.levels) != LEVELS:
            raise ValueError(f"the morale levels are {', '.join(LEVELS)}, in that order (L248)")
        return self


class AtBand(Strict):
    upto: Inches
    mod: Mod


class AtMods(Strict):
    been_fired_on: Mod
    firer_moved: Mod
    target_moved: Mod
    side_shot: Mod


class AntiTank(Strict):
    dice: DiceSpec
    over: bool
    double_six: Literal["failed_shell"]
    bands: list[AtBand] = Field(min_length=1)
    modifiers: AtMods
    building_radius: Inches

    @model_validator(mode="after")
    def _bands(self) -> AntiTank:
        bands_rise(self.bands, "anti-tank range")
        return self


Damage = Literal["no_damage", "immobilised", "destroyed"]


class SideDamage(Strict):
    double_one: Damage
    double_six: Damage
    other_double: Damage
    not_double: Damage


class FrontDamage(Strict):
    any_double: Damage
    not_double: Damage


class TankDamage(Strict):
    rear: Damage
    side: SideDamage
    front: FrontDamage
    soft_skin: Damage


class Heights(Strict):
    tester: Inches = Field(gt=0)
    prone_adjacent: Inches
    defaults: dict[str, Inches]
