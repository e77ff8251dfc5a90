"""Schema of a map file (``maps/<name>.yaml``): table, terrain, sides and their forces,
objectives, victory conditions and ruleset-specific scenario settings.

Coordinates and lengths are in the map's ``unit`` (in, cm or ft), measured from the
top-left corner of the table, x to the right and y down.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, model_validator

from .pyd import Strict

Pt = tuple[float, float]
Edge = Literal["north", "south", "east", "west"]
#: the solo rules' special counters (a portal's ``counter``): each attacks what spots it
CounterKind = Literal["sniper", "artillery", "mine"]
COUNTER_KINDS: tuple[str, ...] = ("sniper", "artillery", "mine")
#: what a solo marker on a map is: a portal marker, a one-time portal ("once"), a dummy, or
#: one of the special counters
MARKER_KINDS: tuple[str, ...] = ("portal", "once", "dummy", *COUNTER_KINDS)


def marker_kind(counter: str | None, dummy: bool, once: bool) -> str:
    """Which of :data:`MARKER_KINDS` a marker with these fields is."""
    return counter or ("dummy" if dummy else ("once" if once else "portal"))
#: an angle in degrees: a turn either way is enough to write any direction
Angle = Annotated[float, Field(ge=-360, le=360)]
#: the points of one outline or line (the shipped maps use at most a dozen)
MAX_POINTS = 500
#: a colour as the renderer reads it
Colour = Annotated[str, Field(pattern=r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")]


class Rect(Strict):
    x: float
    y: float
    w: float = Field(gt=0)
    h: float = Field(gt=0)
    angle: Angle = 0.0


class Circle(Strict):
    center: Pt
    radius: float = Field(gt=0)


class ShapeMixin(Strict):
    polygon: list[Pt] | None = Field(None, max_length=MAX_POINTS)
    rect: Rect | None = None
    circle: Circle | None = None

    def shape_kinds(self) -> list[str]:
        return [k for k in ("polygon", "rect", "circle", "line") if getattr(self, k, None) is not None]


class Zone(ShapeMixin):
    @model_validator(mode="after")
    def _one_shape(self) -> Zone:
        kinds = self.shape_kinds()
        if len(kinds) != 1:
            raise ValueError("give exactly one of polygon, rect or circle")
        return self


class OpeningSpec(Strict):
    """A door or window in a building's wall (the 1/35 rules, L263-282): where on the wall,
    how wide, and whether it starts locked (doors and windows start shut and unlocked)."""

    kind: Literal["door", "window"]
    at: Pt
    width: float = Field(1.0, gt=0, le=10)
    locked: bool = False


class TerrainSpec(ShapeMixin):
    type: str
    id: str | None = None
    name: str = ""
    line: list[Pt] | None = Field(None, max_length=MAX_POINTS)
    width: float | None = Field(None, gt=0)
    level: int = Field(0, ge=0, le=9)
    closed: bool = False
    height: float | None = Field(None, gt=0, le=50)  # a wall's or hedge's height, for rules that read it (the 1/35 height tester)
    openings: list[OpeningSpec] = Field(default_factory=list, max_length=100)  # a building's doors and windows

    @model_validator(mode="after")
    def _one_shape(self) -> TerrainSpec:
        kinds = self.shape_kinds()
        if len(kinds) != 1:
            raise ValueError(
                f"give exactly one of polygon, rect, circle or line (found {', '.join(kinds) or 'none'})"
            )
        return self


class FigureSpec(Strict):
    type: str
    at: Pt
    facing: Angle | None = None  # degrees, 0 = +x, 90 = +y; default: away from its home edge
    id: str | None = None
    name: str = ""
    weapons: list[str] | None = None
    equipment: list[str] = Field(default_factory=list)


class UnitSpec(Strict):
    id: str
    name: str
    kind: str = "squad"
    figures: list[FigureSpec] = Field(min_length=1, max_length=200)
    attrs: dict[str, Any] = Field(default_factory=dict)


class SideSpec(Strict):
    id: str
    name: str
    colour: Colour = "#808080"
    home_edge: Edge
    deployment: Zone | None = None
    units: list[UnitSpec] = Field(default_factory=list, max_length=200)
    attrs: dict[str, Any] = Field(default_factory=dict)
    #: allies share a team (games of three or four players); sides without one fight everyone
    team: str | None = Field(None, min_length=1, max_length=40)


class Objective(Strict):
    id: str
    name: str
    at: Pt
    radius: float = Field(3.0, gt=0)


class Condition(Strict):
    """One way to win. ``hold``: the side holds every listed objective (a figure of its
    own within the radius and no enemy figure). ``break``: the enemy has lost at least
    ``fraction`` of its starting figures. ``eliminate``: no enemy figure left in action.
    ``when``: ``any`` (checked after every command), ``turn_end`` or ``end`` (only
    when the turn limit is reached)."""

    type: Literal["hold", "break", "eliminate"]
    side: str
    objectives: list[str] = Field(default_factory=list)
    fraction: float = Field(0.5, gt=0, le=1)
    when: Literal["any", "turn_end", "end"] = "any"
    text: str = ""


class Victory(Strict):
    turn_limit: int = Field(default=8, ge=1, le=200)
    conditions: list[Condition] = Field(default_factory=list)
    otherwise: str = "draw"  # the side that wins if no condition is met at the turn limit


class Portal(Strict):
    """A solo-AI counter on the table: a portal marker, a dummy, or a special counter
    ('sniper', 'artillery', 'mine') that attacks what spots it. ``once``: a portal marker
    that produces figures once and is then removed from play (the solo text's special
    scenario: "They were hiding behind the rock!"); it may stand behind a large rock."""

    side: str
    at: Pt
    dummy: bool = False
    counter: CounterKind | None = None
    once: bool = False

    @property
    def kind(self) -> str:
        """Which of :data:`MARKER_KINDS` it is."""
        return marker_kind(self.counter, self.dummy, self.once)


class Strike(Strict):
    """A prepared artillery strike: written down before the game with its grid square
    ('7/2': 2 ft square 7, quarter 2) and the turn it arrives."""

    side: str
    square: str
    turn: int = Field(ge=1, le=200)
    shell: str | None = None


class TableSpec(Strict):
    width: float = Field(gt=0)
    height: float = Field(gt=0)
    grid: bool = False  # draw the 1 ft artillery grid


def _known_ruleset(rid: str) -> str:
    from game.rulesets import (  # the ids only: no ruleset module is loaded
        DATA_ONLY,
        REGISTRY,
        unfinished_allowed,
    )

    if rid in DATA_ONLY and unfinished_allowed(rid):  # a test's map for the rules being written
        return rid
    if rid in DATA_ONLY and rid not in REGISTRY:
        raise ValueError(f"the ruleset {rid!r} is not playable yet (only its data is written); "
                         f"a map is for one of: {', '.join(REGISTRY)}")
    if rid not in REGISTRY:
        raise ValueError(f"unknown ruleset {rid!r}; expected one of: {', '.join(REGISTRY)}")
    return rid


#: the most sides any map may have (its ruleset may allow fewer: RulesetData.MAX_SIDES)
MAX_SIDES = 4


class MapFile(Strict):
    kind: Literal["map"]
    name: str
    description: str = ""
    #: refused here, with the map's line, rather than as a missing ruleset file
    ruleset: Annotated[str, AfterValidator(_known_ruleset)]
    unit: Literal["in", "cm", "ft"] = "in"
    table: TableSpec
    terrain: list[TerrainSpec] = Field(default_factory=list, max_length=2000)
    sides: list[SideSpec] = Field(min_length=2, max_length=MAX_SIDES)  # seated in this order, clockwise
    first_side: str | None = None
    portals: list[Portal] = Field(default_factory=list, max_length=200)
    artillery_strikes: list[Strike] = Field(default_factory=list, max_length=200)
    objectives: list[Objective] = Field(default_factory=list, max_length=200)
    victory: Victory = Field(default_factory=Victory)
    settings: dict[str, Any] = Field(default_factory=dict)
