"""GOODBYEEEEEE!!!: the shapes of the turn, the troop statistics by rank, Luck and Valour,
command, courage, movement, shooting, reactions and close combat in
rulesets/goodbyeeee.yaml. The numbers are in the file; cross-references between tables are
checked in ``data.py`` (``check_gb_data``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field, model_validator

from game.core.dice import die_faces, parse_spec
from game.data.pyd import DiceSpec, Strict

#: a length on the table, in cm (the longest in the text is the 200 cm of the mortars)
Cm = Annotated[float, Field(ge=0, le=300)]
#: a change to a roll or to the value it is rolled against
Mod = Annotated[int, Field(ge=-6, le=6)]
#: a face of a d6
Face = Annotated[int, Field(ge=1, le=6)]
#: "N+" on a d6: 2 to 6 (a 1 always fails: interpretation dice-limits)
Target = Annotated[int, Field(ge=2, le=6)]
#: a value 2d6 is rolled against (Command, Courage)
Value2d6 = Annotated[int, Field(ge=2, le=12)]
#: points of the points system
Points = Annotated[int, Field(ge=0, le=1000)]


def faces_once(rows: Sequence[Sequence[int]], n: int = 6) -> None:
    """The rows of a die table cover each face 1..n once (ValueError otherwise)."""
    faces = sorted(f for r in rows for f in r)
    if faces != list(range(1, n + 1)):
        raise ValueError(f"the rows must cover each face 1-{n} once (they have {faces})")


def unique(items: Sequence[str], what: str) -> None:
    seen = [x for i, x in enumerate(items) if x in items[:i]]
    if seen:
        raise ValueError(f"{what} '{seen[0]}' is listed twice")


class Players(Strict):
    min: int = Field(ge=2, le=4)
    max: int = Field(ge=2, le=4)

    @model_validator(mode="after")
    def _order(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is above max ({self.max})")
        return self


Step = Literal["event", "rally", "initiative", "orders", "fire", "close_combat"]


class Turn(Strict):
    initiative_die: DiceSpec
    event_on: int = Field(ge=1, le=100)  # the natural roll that deals an event card
    highest_first: bool
    ties: Literal["reroll"]
    direction_choice: bool  # the initiative player chooses which way play goes round
    steps: list[Step] = Field(min_length=1)

    @model_validator(mode="after")
    def _steps(self) -> Turn:
        unique(self.steps, "step")
        count, kind = parse_spec(self.initiative_die)
        if count != 1 or self.event_on not in die_faces(kind):
            raise ValueError(f"the initiative roll is one die, and event_on a face of it (not {self.event_on} on {self.initiative_die})")
        return self


class Rank(Strict):
    """A row of the Morale and Command table: one rank's statistics and points."""

    name: str
    fighting_skill: int = Field(ge=0, le=10)
    attacks: Annotated[int, Field(ge=1, le=10)] | Literal["variable"]
    luck: int = Field(ge=0, le=10)
    valour: int = Field(ge=0, le=10)
    section_luck: int = Field(0, ge=0, le=10)  # held by the section, spent once by any member
    section_valour: int = Field(0, ge=0, le=10)
    wounds: int = Field(ge=1, le=20)
    courage: Value2d6
    command: Value2d6
    points: Points  # what the game charges
    table_points: Points | None = None  # the table's number, where the game uses the points list's
    list_price: Points | None = None  # the points list's line: on top of the basic figure, or a vehicle's whole price
    vehicle: bool = False

    def stat_block(self) -> dict[str, int]:
        """The statistics a troop type of this rank starts from (a rank with "variable"
        attacks leaves its attacks to each troop type)."""
        out = {"fighting_skill": self.fighting_skill, "luck": self.luck, "valour": self.valour,
               "wounds": self.wounds, "courage": self.courage, "command": self.command}
        if isinstance(self.attacks, int):
            out["shooting_attacks"] = out["melee_attacks"] = self.attacks
        return out


class LuckValour(Strict):
    reach: Cm  # a Valour use affects the spender and every figure within this
    valour_uses: list[Literal["double_move", "double_attacks", "move_and_shoot", "take_initiative"]] = Field(min_length=1)
    luck_uses: list[Literal["reroll", "save"]] = Field(min_length=1)
    luck_save_on: list[Face] = Field(min_length=1, max_length=5)
    simultaneous_initiative_die: DiceSpec
    consent: Literal["opponents"]  # who must agree to a use (the optional rule `consent` asks them)


class FarFromCommander(Strict):
    at: Cm  # at this distance or more
    value: Mod


class CommandModifiers(Strict):
    far_from_commander: FarFromCommander
    troops_suppressed: Mod
    under_lmg_fire: Mod
    under_mg_fire: Mod


class Command(Strict):
    dice: DiceSpec
    passes: Literal["at_or_under"]
    squad_value: Value2d6  # the section's own value with no leader in reach
    leader_reach: Cm
    modifiers: CommandModifiers
    pinned_may_not_be_ordered: bool


class CourageTwelve(Strict):
    """The other courage test (L44), played under the optional rule ``courage_twelve``."""

    add_courage: bool
    pass_total: int = Field(ge=2, le=30)


class CourageModifiers(Strict):
    facing_flamethrower: Mod
    shot_at_by_mg: Mod


class Courage(Strict):
    dice: DiceSpec
    passes: Literal["at_or_under"]
    courage_twelve: CourageTwelve
    group_reach: Cm  # a leader's roll counts for lesser ranks within this
    leader_reach: Cm  # a test uses an officer or NCO within this
    half_strength: float = Field(gt=0, le=1)
    rout_turns: int = Field(ge=1, le=10)
    rout_speed: Literal["dash"]
    rout_abandons: list[str]  # weapon ids
    terror_weapons: list[str]  # weapon ids that make a squad test
    terror_tanks: bool
    modifiers: CourageModifiers


class TankSpeed(Strict):
    cross_country: Cm
    road: Cm


class Movement(Strict):
    infantry: Cm
    stormtrooper: Cm
    initiative: Cm
    dash: Cm
    climb_cost: Cm
    climb_die: DiceSpec
    climb_fail_on: list[Face] = Field(min_length=1, max_length=5)
    stand_up_cost: Cm
    tanks: dict[str, TankSpeed]  # by vehicle rank
    no_dash: list[str]  # weapon and equipment ids
    difficult_terrain_cost: float = Field(ge=1, le=4)  # cm of move per cm (optional rule difficult_terrain)
    difficult_terrain: list[str]  # terrain type ids


#: how far a figure may have moved this turn and still fire a weapon: cm, or a full move
MoveLimit = Annotated[float, Field(ge=0, le=300)] | Literal["full"]


class MoveAndFire(Strict):
    weapons: dict[str, MoveLimit]  # every weapon of the chart
    stormtrooper_assault_fire: MoveLimit
    dash_may_fire: bool


class ShootingModifiers(Strict):
    snap_shot: Mod
    dashed_last_round: Mod
    tank_moved: Mod


class Shooting(Strict):
    die: DiceSpec
    long_range_to_hit: Mod  # added to the to-hit score at long range
    cover_saves: list[Face] = Field(min_length=1, max_length=5)
    prone_open_saves: list[Face] = Field(min_length=1, max_length=5)
    body_armour_to_wound: Mod
    modifiers: ShootingModifiers


class ClosingFire(Strict):
    test: Literal["courage"]
    range: Literal["short"]
    to_hit: Mod
    shots: dict[str, int]  # 'default' and weapon ids

    @model_validator(mode="after")
    def _shots(self) -> ClosingFire:
        if "default" not in self.shots:
            raise ValueError("shots needs a 'default' (the shots of any weapon not listed)")
        bad = [k for k, v in self.shots.items() if not 1 <= v <= 20]
        if bad:
            raise ValueError(f"shots of '{bad[0]}' must be 1 to 20")
        return self


class Overwatch(Strict):
    moved_less_than: Cm
    arc: float = Field(gt=0, le=360)  # degrees in all
    to_hit: Mod


class StandTo(Strict):
    die: DiceSpec
    claims: list[Annotated[int, Field(ge=0, le=6)]] = Field(min_length=1)
    ties: Literal["reroll"]


class CloseCombat(Strict):
    die: DiceSpec
    initiator: Mod
    suppressed: Mod
    prone: Mod
    multiple_opponents: Mod
    tank: Mod
    fall_back: Cm
    driven_off: Cm
    pinned: Mod
