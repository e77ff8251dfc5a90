"""WW2 Skirmish: what every part of the ruleset asks about figures, fire teams, actions,
and terrain: the base of :class:`game.rulesets.ww2_skirmish.ruleset.Ww2Skirmish`,
which its chapters reach through ``self.rules``.

Lengths are mm unless named otherwise. "Gap" is the distance between the edges of two
bases (cohesion, melee, dispersal, reaching a comrade or a vehicle); ranges are measured
base edge to base edge too (``apart``, reading distances; game/rulesets/measuring.py).
"""

from __future__ import annotations

from functools import cached_property
from math import cos, hypot, radians, sin

import numpy as np

from game.core.commands import refuse
from game.core.game import Game
from game.core.state import ACTIVE, Figure, Unit
from game.geometry.terrain import TerrainFeature
from game.rulesets.base import RulesetBase
from game.rulesets.ww2_skirmish.data import (
    AFV_CLASSES,
    SMALL_ARMS,
    ArmClass,
    Weapon,
    Ww2Data,
    Ww2Troop,
)
from game.rulesets.ww2_skirmish.status import (
    Ww2FigAttr,
    Ww2FigMark,
    Ww2GameAttr,
    Ww2UnitAttr,
    Ww2UnitMark,
)

DISABLED = "disabled"  # on the table, out of the fight: may be carried or captured
ABANDONED = "abandoned"  # vehicles and guns left by their crews
ON_TABLE = (ACTIVE, DISABLED)
EPS = 1e-6
TOL = 0.01  # mm of slack on allowances

SUPPORT_ROLES = ("gunner", "loader", "crew")  # support weapon crewmen (snipers pick them)
LEADER_ROLES = ("nco", "officer")


class Ww2Common(RulesetBase[Ww2Data]):
    """The rules' data model: what a figure is and carries, its actions, its unit, its
    place on the table. The chapters (spot.py, move.py, fire.py...) ask it through
    ``self.rules``."""

    data: Ww2Data

    # ---- troop facts -------------------------------------------------------------------------
    def tt(self, f: Figure) -> Ww2Troop:
        return self.data.troop_types[f.type]

    @cached_property
    def type_roles(self) -> dict[str, str]:
        """Each troop type's role (asked very often: looked up, not worked out)."""
        return {tid: t.role for tid, t in self.data.troop_types.items()}

    @cached_property
    def vehicle_types(self) -> frozenset[str]:
        return frozenset(tid for tid, t in self.data.troop_types.items() if t.vehicle is not None)

    def role(self, f: Figure) -> str:
        """The figure's role; a replacement in a crewed weapon team takes its new job."""
        return f.attrs.get(Ww2FigAttr.ROLE) or self.type_roles[f.type]

    def is_vehicle(self, f: Figure) -> bool:
        return f.type in self.vehicle_types

    def is_afv(self, f: Figure) -> bool:
        v = self.tt(f).vehicle
        return v is not None and v.vclass in AFV_CLASSES

    def is_gun(self, f: Figure) -> bool:
        return self.role(f) == "gun"

    def is_open_vehicle(self, f: Figure) -> bool:
        v = self.tt(f).vehicle
        return v is not None and (v.open_topped or v.vclass not in AFV_CLASSES)

    def embarked(self, f: Figure) -> bool:
        return bool(f.attrs.get(Ww2FigAttr.IN_VEHICLE))

    def vehicle_of(self, game: Game, f: Figure) -> Figure | None:
        vid = f.attrs.get(Ww2FigAttr.IN_VEHICLE)
        return game.state.figures.get(vid) if vid else None

    def riding_in(self, game: Game, f: Figure) -> Figure:
        """The vehicle an embarked figure is in (a KeyError for one on foot)."""
        return game.state.figures[f.attrs[Ww2FigAttr.IN_VEHICLE]]

    def on_table(self, f: Figure) -> bool:
        return f.life in ON_TABLE and not f.attrs.get(Ww2FigAttr.IN_VEHICLE)  # (not embarked)

    def fighter(self, f: Figure) -> bool:
        """A figure on foot in the fight: counts for cohesion and melee (asked for every
        figure many times a command: :meth:`embarked`, :meth:`is_vehicle` and
        :meth:`is_gun` written out)."""
        attrs = f.attrs
        return (f.life == ACTIVE and not attrs.get(Ww2FigAttr.IN_VEHICLE) and f.type not in self.vehicle_types
                and (attrs.get(Ww2FigAttr.ROLE) or self.type_roles[f.type]) != "gun")

    def weapon(self, wid: str) -> Weapon:
        return self.data.weapons[wid]

    def weapons_of(self, f: Figure, *categories: str) -> list[tuple[str, Weapon]]:
        out = []
        wrecked = f.markers.get(Ww2FigMark.WRECKED, [])
        for wid in f.weapons:
            w = self.data.weapons[wid]
            if (not categories or w.category in categories) and wid not in wrecked:
                out.append((wid, w))
        return out

    def small_arm(self, f: Figure) -> tuple[str, Weapon] | None:
        arms = self.weapons_of(f, *SMALL_ARMS)
        return arms[0] if arms else None

    def weapon_class(self, w: Weapon, mode: str | None = None) -> ArmClass:
        """rifle / smg / pistol / mg: which bands and to-hit column a small arm uses."""
        c = w.category
        if c == "assault_rifle":
            return "smg" if mode == "smg" else "rifle"
        if c in ("rifle", "smg", "pistol", "mg"):
            return c
        raise ValueError(f"{w.name} is not a small arm")

    def default_loaders(self, w: Weapon) -> int:
        if w.loaders is not None:
            return w.loaders
        sh = self.data.shooting
        if w.category == "mg":
            return 0 if w.bar else (sh.loaders_belt_fed if w.belt_fed else sh.loaders_other)
        if w.category == "mortar":
            return 2
        if w.category == "explosives":
            return 3
        return 0

    # ---- actions --------------------------------------------------------------------------------
    def max_actions(self, f: Figure) -> int:
        return max(0, self.tt(f).actions - f.wounds)

    def actions_left(self, f: Figure) -> int:
        return max(0, self.max_actions(f) - f.markers.get(Ww2FigMark.USED, 0))

    def spend(self, f: Figure, n: int) -> None:
        f.markers[Ww2FigMark.USED] = f.markers.get(Ww2FigMark.USED, 0) + n

    def spend_pool(self, pool: list[Figure], n: int) -> list[tuple[str, int]]:
        """Take ``n`` actions from the figures of ``pool``, in order. Returns who paid."""
        paid = []
        for f in pool:
            if n <= 0:
                break
            k = min(n, self.actions_left(f))
            if k:
                self.spend(f, k)
                paid.append((f.id, k))
                n -= k
        return paid

    # ---- fire teams -------------------------------------------------------------------------------
    def members(self, game: Game, unit_id: str) -> list[Figure]:
        return game.state.unit_figures(unit_id)

    def fighters(self, game: Game, unit_id: str) -> list[Figure]:
        return [f for f in game.state.unit_figures(unit_id) if self.fighter(f)]

    def unit_vehicle(self, game: Game, unit_id: str) -> Figure | None:
        """The team's vehicle in action (asked for every team many times a command: the
        team's figures read in place, no list of them made)."""
        figs, vehicles = game.state.figures, self.vehicle_types
        for fid in game.state.units[unit_id].figures:
            f = figs[fid]
            if f.type in vehicles and f.life == ACTIVE:
                return f
        return None

    def unit_gun(self, game: Game, unit_id: str) -> Figure | None:
        figs = game.state.figures
        for fid in game.state.units[unit_id].figures:
            f = figs[fid]
            if f.life == ACTIVE and self.is_gun(f):
                return f
        return None

    def occupants(self, game: Game, vehicle: Figure) -> list[Figure]:
        return list(self.recall(game, ("occupants",), lambda: self._riding(game)).get(vehicle.id, ()))

    def _riding(self, game: Game) -> dict[str, list[Figure]]:
        """Everyone in action inside a vehicle, by vehicle (sorted once per reading)."""
        riding: dict[str, list[Figure]] = {}
        for f in game.state.figures.values():
            vid = f.attrs.get(Ww2FigAttr.IN_VEHICLE)  # (most figures are on foot: asked first)
            if vid and f.life == ACTIVE:
                riding.setdefault(vid, []).append(f)
        return riding

    def crew(self, game: Game, vehicle: Figure) -> list[Figure]:
        return [f for f in self.occupants(game, vehicle) if f.unit == vehicle.unit]

    def passengers(self, game: Game, vehicle: Figure) -> list[Figure]:
        return [f for f in self.occupants(game, vehicle) if f.unit != vehicle.unit]

    def gun_crew(self, game: Game, gun: Figure) -> list[Figure]:
        reach = self.mm(self.data.movement.cohesion)
        return [f for f in self.fighters(game, gun.unit) if self.gap(f, gun) <= reach + EPS]

    def leader(self, game: Game, unit_id: str) -> Figure | None:
        figs = self.fighters(game, unit_id)
        for role in ("officer", "nco"):
            for f in figs:
                if self.role(f) == role:
                    return f
        return figs[0] if figs else None

    def strength(self, game: Game, unit: Unit) -> tuple[int, int]:
        """(figures still in action, figures at the start) of a fire team."""
        start = unit.attrs.get(Ww2UnitAttr.START_STRENGTH) or len(unit.figures)
        return len(game.state.unit_figures(unit.id)), start

    # ---- distances --------------------------------------------------------------------------------
    # every distance between figures is base edge to base edge (interpretation "distances"):
    # ``apart`` (MeasureMixin); ``gap`` / ``gap_to`` are the same measure, negative where
    # bases overlap
    @staticmethod
    def gap(a: Figure, b: Figure) -> float:
        return hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius

    @staticmethod
    def gap_to(f: Figure, p: tuple[float, float], r: float = 0.0) -> float:
        return hypot(f.x - p[0], f.y - p[1]) - f.radius - r

    @staticmethod
    def unit_vector(deg: float) -> tuple[float, float]:
        return cos(radians(deg)), sin(radians(deg))


    def melee_reach(self) -> float:
        return self.mm(self.data.melee.reach)

    def in_melee(self, game: Game, f: Figure) -> bool:
        """Within 1" of an enemy figure on foot: may neither fire nor be shot at."""
        if not self.fighter(f):
            return False
        if game.memo is not None:  # in a reading nothing moves: work out everyone at once
            return f.id in self.melee_figures(game)
        reach = self.melee_reach() + EPS
        return any(e.side != f.side and self.gap(f, e) <= reach and self.fighter(e) for e in game.state.figures.values())

    def melee_figures(self, game: Game) -> frozenset[str]:
        """:meth:`figures_in_melee`, remembered while the game is in a reading scope."""
        return self.recall(game, ("in_melee",), lambda: self.figures_in_melee(game))

    def figures_in_melee(self, game: Game) -> frozenset[str]:
        """Every figure on foot within 1" of an enemy figure on foot (all pairs at once),
        kept for as long as every figure on foot stands where it stood (a shot moves no one)."""
        fighter = self.fighter  # (bound once: every figure, every reading)
        fighters = [f for f in game.state.figures.values() if fighter(f)]
        key = tuple([(f.id, f.side, f.x, f.y, f.radius) for f in fighters])
        return game.keep("in_melee", key, lambda: self.fighters_in_melee(fighters), limit=4)

    def fighters_in_melee(self, fighters: list[Figure]) -> frozenset[str]:
        """Of these figures on foot, those within 1" of one of another side."""
        reach = self.melee_reach() + EPS
        if len(fighters) < 2:
            return frozenset()
        xy = np.array([f.pos for f in fighters], dtype=float)
        r = np.array([f.radius for f in fighters], dtype=float)
        sides: dict[str, int] = {}
        side = np.array([sides.setdefault(f.side, len(sides)) for f in fighters])  # numbers compare quicker than words
        gap = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1]) - r[:, None] - r[None, :]
        close = (gap <= reach) & (side[:, None] != side[None, :])
        return frozenset(f.id for f, hit in zip(fighters, close.any(axis=1), strict=True) if hit)

    def enemies_in_contact(self, game: Game, f: Figure) -> list[Figure]:
        reach = self.melee_reach() + EPS
        return [e for e in game.state.figures.values() if e.side != f.side and self.gap(f, e) <= reach and self.fighter(e)]

    def nearest_enemy(self, game: Game, side: str, p: tuple[float, float]) -> Figure | None:
        foes = [e for e in game.state.figures.values() if e.side != side and e.alive and not self.embarked(e)]
        return min(foes, key=lambda e: (self.apart(e, p), e.id), default=None)

    # ---- the side-turn clock ------------------------------------------------------------------------
    def sideturn(self, game: Game) -> int:
        return game.state.attrs.get(Ww2GameAttr.SIDETURN, 0)

    def own_sideturn(self, game: Game, side: str) -> int:
        """The index of ``side``'s current or most recent side-turn."""
        st = self.sideturn(game)
        return st if game.state.active_side == side else st - 1

    def next_own_sideturn(self, game: Game, side: str) -> int:
        st = self.sideturn(game)
        return st + 2 if game.state.active_side == side else st + 1

    def under_fire(self, game: Game, unit: Unit) -> bool:
        """Fired at during this side-turn or the enemy's last one."""
        return unit.markers.get(Ww2UnitMark.FIRED_AT, -99) >= self.sideturn(game) - 1

    # ---- fire team state ----------------------------------------------------------------------------
    def suppression(self, unit: Unit) -> int:
        return int(unit.markers.get(Ww2UnitMark.SUPPRESSED, 0))

    def routing(self, unit: Unit) -> bool:
        return bool(unit.markers.get(Ww2UnitMark.ROUTING))

    def shaken(self, game: Game, unit: Unit) -> bool:
        return unit.markers.get(Ww2UnitMark.SHAKEN_UNTIL, -1) >= self.sideturn(game)

    def inactive(self, game: Game, unit: Unit) -> bool:
        """An "inactive target" (interpretation): suppressed, routing, or shaken."""
        return self.suppression(unit) > 0 or self.routing(unit) or self.shaken(game, unit)

    def moved_recently(self, game: Game, f: Figure) -> bool:
        """Moved during its side's current or most recent side-turn."""
        return f.attrs.get(Ww2FigAttr.MOVED_AT, -99) >= self.own_sideturn(game, f.side)

    def fired_recently(self, game: Game, unit: Unit) -> bool:
        return unit.markers.get(Ww2UnitMark.FIRED_ST, -99) == self.sideturn(game)

    # ---- terrain --------------------------------------------------------------------------------------
    def features_at(self, game: Game, p: tuple[float, float]) -> list[TerrainFeature]:
        return game.table.features_at(p)

    def feature_of(self, game: Game, p: tuple[float, float], *types: str) -> TerrainFeature | None:
        for feat in game.table.features_at(p):
            if feat.type.id in types:
                return feat
        return None

    def in_bunker(self, game: Game, f: Figure) -> TerrainFeature | None:
        return self.feature_of(game, f.pos, "bunker")

    def enclosed(self, game: Game, f: Figure) -> bool:
        return self.feature_of(game, f.pos, "building", "bunker") is not None

    def bunker_occupants(self, game: Game, bunker: TerrainFeature) -> list[Figure]:
        out = []
        for f in game.state.figures.values():
            if f.alive and not self.embarked(f) and not self.is_vehicle(f) and bunker.area.covers(_pt(f.pos)):
                out.append(f)
        return out

    def require_figure(self, game: Game, fid: str | None, what: str = "figure") -> Figure:
        f = game.state.figures.get(fid or "")
        if f is None:
            refuse(f"Choose a {what}.")
        return f


def _pt(p: tuple[float, float]):
    from shapely.geometry import Point

    return Point(p)
