"""The game state: sides, units, figures and what is on the table.

Plain data only. Positions are in millimetres on the table (origin top-left, x right,
y down); facing in degrees (0 = +x, 90 = +y). Rules live in the ruleset modules; they
change this state only while applying an accepted command.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from dataclasses import asdict, dataclass, field
from typing import Any

from .cards import Deck
from .keys import SideKey

# Figure life states. Anything but ACTIVE is off the fighting strength of its unit.
ACTIVE = "active"
DEAD = "dead"
CAPTURED = "captured"
FLED = "fled"  # left the table; not a casualty
DESTROYED = "destroyed"  # crewed weapons, vehicles
LIFE_STATES = (ACTIVE, DEAD, CAPTURED, FLED, DESTROYED)


@dataclass
class Figure:
    id: str
    unit: str
    side: str
    type: str  # troop type id in the ruleset's data
    name: str
    x: float
    y: float
    facing: float = 0.0
    radius: float = 12.5  # base radius, mm
    wounds: int = 0
    life: str = ACTIVE
    weapons: list[str] = field(default_factory=list)
    equipment: list[str] = field(default_factory=list)
    markers: dict[str, Any] = field(default_factory=dict)  # per-turn and status markers
    attrs: dict[str, Any] = field(default_factory=dict)  # per-ruleset attributes

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def alive(self) -> bool:
        return self.life == ACTIVE


@dataclass
class Unit:
    id: str
    side: str
    name: str
    kind: str  # squad, section, fire_team, crew, vehicle, creature, ...
    figures: list[str] = field(default_factory=list)
    markers: dict[str, Any] = field(default_factory=dict)  # pinned, running, suppressed, ...
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class Side:
    id: str
    name: str
    colour: str
    home_edge: str  # north, south, east, west
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class Marker:
    """A counter on the table that is not a figure: portal markers and dummies, solo
    counters, objectives shown as markers. ``kind`` may be secret from other sides."""

    id: str
    side: str
    kind: str
    x: float
    y: float
    secret: bool = False
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class Cloud:
    """Temporary terrain (smoke, gas) placed during play."""

    id: str
    type: str
    x: float
    y: float
    radius: float = 0.0
    polygon: list[tuple[float, float]] = field(default_factory=list)
    expires: str = ""  # when it is removed, in the ruleset's words
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class HeldCard:
    code: str
    face_up: bool = False
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class GameState:
    ruleset: str
    scenario: str
    sides: dict[str, Side]
    units: dict[str, Unit]
    figures: dict[str, Figure]
    side_order: list[str]
    turn: int = 1
    phase: str = ""
    active_side: str = ""
    markers: dict[str, Marker] = field(default_factory=dict)
    clouds: dict[str, Cloud] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    hands: dict[str, list[HeldCard]] = field(default_factory=dict)
    over: bool = False
    winner: str | None = None
    result: str = ""
    attrs: dict[str, Any] = field(default_factory=dict)

    # ---- queries -----------------------------------------------------------------
    def unit_figures(self, unit_id: str, alive_only: bool = True) -> list[Figure]:
        figs = self.figures  # (asked very often: one pass, the life read directly)
        if alive_only:
            return [f for fid in self.units[unit_id].figures if (f := figs[fid]).life == ACTIVE]
        return [figs[fid] for fid in self.units[unit_id].figures]

    def side_units(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def side_figures(self, side: str, alive_only: bool = True) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == side and (f.alive or not alive_only)]

    def enemies_of(self, side: str) -> list[str]:
        """Every other side but its allies (the sides of its team, where the map gives teams)."""
        return [s for s in self.side_order if s != side and not self.allied(side, s)]

    def allied(self, a: str, b: str) -> bool:
        """Two different sides of one team."""
        team = self.sides[a].attrs.get(SideKey.TEAM) if a in self.sides else None
        return a != b and team is not None and team == (self.sides[b].attrs.get(SideKey.TEAM) if b in self.sides else None)

    def hostile(self, a: str, b: str) -> bool:
        """Figures of side ``b`` are enemies of side ``a``'s."""
        return a != b and not self.allied(a, b)

    def unit_alive(self, unit_id: str) -> bool:
        figs = self.figures
        for fid in self.units[unit_id].figures:
            if figs[fid].life == ACTIVE:
                return True
        return False

    def other_side(self, side: str) -> str:
        others = self.enemies_of(side)
        return others[0]

    # ---- serialisation -----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["decks"] = {k: v.to_dict() for k, v in self.decks.items()}
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        return cls(
            ruleset=d["ruleset"],
            scenario=d["scenario"],
            sides={k: Side(**v) for k, v in d["sides"].items()},
            units={k: Unit(**v) for k, v in d["units"].items()},
            figures={k: Figure(**v) for k, v in d["figures"].items()},
            side_order=list(d["side_order"]),
            turn=d["turn"],
            phase=d["phase"],
            active_side=d["active_side"],
            markers={k: Marker(**v) for k, v in d.get("markers", {}).items()},
            clouds={
                k: Cloud(**{**v, "polygon": [tuple(p) for p in v.get("polygon", [])]})
                for k, v in d.get("clouds", {}).items()
            },
            decks={k: Deck.from_dict(v) for k, v in d.get("decks", {}).items()},
            hands={k: [HeldCard(**c) for c in v] for k, v in d.get("hands", {}).items()},
            over=d.get("over", False),
            winner=d.get("winner"),
            result=d.get("result", ""),
            attrs=d.get("attrs", {}),
        )

    def copy(self) -> GameState:
        """A deep copy (pickled: ten times quicker than through JSON, and the same)."""
        return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))

    def digest(self) -> str:
        return hashlib.sha256(canonical_json(self.to_dict()).encode()).hexdigest()[:16]


def canonical_json(obj: Any) -> str:
    """Stable JSON: sorted keys, floats rounded to 1e-6 mm so a digest does not depend
    on the last bit of a float that went through different arithmetic orders."""
    return json.dumps(_round_floats(obj), sort_keys=True, separators=(",", ":"))


def _round_floats(obj: Any) -> Any:
    if isinstance(obj, float):
        return round(obj, 6)
    if isinstance(obj, dict):
        return {str(k): _round_floats(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_round_floats(v) for v in obj]
    return obj
