"""Blasts and smoke in My 1/35th Scale WWII Skirmish: the grenade and mortar effect table
(L153-156) on every figure under a burst circle, and smoke clouds that last three turns and
drift one template downwind (L168-182).

Effect: each figure whose centre is under the circle (interpretation templates) rolls 2d6:
in a building 2 nothing, 3-4 suppressed, 5+ killed; in the open 2-5 nothing, 6 suppressed, 7+
killed. Suppressed drops the figure a morale level (a marker a rally takes off:
interpretations suppression-kinds and blast-suppressed).

Smoke (interpretations smoke-timing, smoke-drift, wind): a cloud 5" across blocks all sight
through it. It ages each time the moment it was laid comes round again (the start of its
layer's turn, or for a grenade on a fuse the end of the opponent's turn): at the first, a
second cloud stands one template downwind; at the second the first goes; at the third the
second goes, the diagram's 1-2-1 over three turns. The wind is the map's, else one of eight
compass points rolled the first time smoke is laid.
"""

from __future__ import annotations

from math import cos, hypot, radians, sin
from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import Cloud, Figure
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Chapter

from .status import W135CloudAttr, W135GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

XY = tuple[float, float]
#: terrain a figure is "in building" inside (L155)
BUILDINGS = frozenset({"building", "bunker"})
COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


class W135Blasts(Chapter["Ww2135"]):
    rules: Ww2135

    # ---- the effect table (L153-156) -----------------------------------------------------------------
    def in_building(self, game: Game, f: Figure) -> bool:
        return self.building_at(game, f.pos) is not None

    def building_at(self, game: Game, p: XY) -> str | None:
        """The building or bunker ``p`` stands in (its feature id), else None: the open."""
        return next((ft.id for ft in game.table.features_at(p) if ft.type.id in BUILDINGS), None)

    def under(self, game: Game, centre: XY, across: float) -> list[Figure]:
        """The figures in action whose centre is under a circle ``across`` inches wide and
        on the same side of a building's walls as the burst (interpretation blast-walls: a
        burst in the open does not reach men inside through the walls, nor one inside a
        building men outside; a building is grenaded through its windows and doors, L137).
        The effect table is for men: vehicles are harmed by anti-tank fire only
        (interpretation vehicles)."""
        r = self.rules.mm(across) / 2
        near = [f for f in game.state.figures.values() if f.alive and not self.rules.is_vehicle(f)
                and hypot(f.x - centre[0], f.y - centre[1]) <= r + 1e-6]
        here = self.building_at(game, centre) if near else None
        return sorted((f for f in near if self.building_at(game, f.pos) == here), key=lambda f: f.id)

    def explode(self, game: Game, centre: XY, across: float, what: str) -> None:
        """A burst ``across`` inches wide at ``centre``: every figure under it rolls on the table."""
        hit = self.under(game, centre, across)
        for uid in sorted({f.unit for f in hit}):
            self.rules.note_fire(game, uid, None, 0, heavy=True)
        game.emit("blast", f"{what} bursts: {len(hit)} figure{'s' if len(hit) != 1 else ''} under its {across:g}\" circle.",
                  figures=[f.id for f in hit])
        self.effect(game, hit, what)

    def effect(self, game: Game, hit: list[Figure], what: str) -> None:
        """Each of ``hit`` rolls on the building or open table (L153-156)."""
        rules = self.rules
        for f in hit:
            rules.firing.mark_fired_at(game, f)
            place = "building" if self.in_building(game, f) else "open"
            table = getattr(rules.data.blast_effect, place)
            r = game.dice.roll("2d6", f"{what}: {f.name}", target=f"in {'a building' if place == 'building' else 'the open'}",
                               figures=[f.id])
            result = table.result(r.total)
            r.outcome = {"no_effect": "no effect", "suppressed": "suppressed", "killed": "killed"}[result]
            cause = what[4:] if what.startswith("The ") else what
            if result == "killed":
                rules.firing.kill(game, f, f"{f.name} is killed by the {cause}.")
            elif result == "suppressed":
                rules.morale.drop(game, f, 1, f"is suppressed by the {cause}")

    # ---- smoke (L168-182) --------------------------------------------------------------------------------
    def wind(self, game: Game) -> float:
        """The wind's heading in degrees (0 = +x): the map's, else rolled once (d8 compass points)."""
        st = game.state
        w = st.attrs.get(W135GameAttr.WIND)
        if w is None:
            r = game.dice.roll(self.rules.data.smoke.wind_die, "which way the wind blows")
            w = (r.total - 1) * 45.0
            r.outcome = f"towards the {COMPASS[r.total - 1]}"
            st.attrs[W135GameAttr.WIND] = w
        return float(w)

    def lay_smoke(self, game: Game, at: XY, ages_at: str, what: str) -> None:
        """A 5" smoke cloud at ``at`` (L178), ageing at ``ages_at`` ('start:<side>' or 'end:<side>')."""
        st = game.state
        self.rules.acquisition.freeze(game)  # what was seen as the turn began, before the smoke hides it
        self.wind(game)
        n = 1
        while f"smoke{n}" in st.clouds:
            n += 1
        cid = f"smoke{n}"
        st.clouds[cid] = Cloud(cid, "smoke", at[0], at[1], radius=self.rules.mm(self.rules.data.smoke.template) / 2,
                               expires="three turns (L178)", attrs={W135CloudAttr.AGES_AT: ages_at, W135CloudAttr.STAGE: 1})
        self.rules.sync_table(game)
        game.emit("smoke", f"{what}: smoke {self.rules.data.smoke.template:g}\" across blocks all sight through it (L178).")

    def age_smoke(self, game: Game, moment: str) -> None:
        """The clouds laid at ``moment`` ('start:<side>' or 'end:<side>') age a turn."""
        st = game.state
        changed = False
        for cid, c in sorted(st.clouds.items()):
            if c.type != "smoke" or c.attrs.get(W135CloudAttr.AGES_AT) != moment:
                continue
            stage = int(c.attrs.get(W135CloudAttr.STAGE, 1))
            drift = c.attrs.get(W135CloudAttr.DRIFTED_FROM)
            if drift is None and stage == 1:  # turn 2: a second cloud downwind (L180-182)
                w = radians(self.wind(game))
                d = self.rules.mm(self.rules.data.smoke.template)
                x, y = clamp_to_table(game, (c.x + d * cos(w), c.y + d * sin(w)))
                nid = f"{cid}b"
                st.clouds[nid] = Cloud(nid, "smoke", x, y, radius=c.radius, expires=c.expires,
                                       attrs={W135CloudAttr.AGES_AT: moment, W135CloudAttr.STAGE: 2, W135CloudAttr.DRIFTED_FROM: cid})
                c.attrs[W135CloudAttr.STAGE] = 2
                game.emit("smoke", "The smoke drifts with the wind: a second cloud downwind.")
            elif drift is None:  # turn 3: the first cloud is gone
                del st.clouds[cid]
                game.emit("smoke", "The first smoke cloud thins away.")
            elif stage == 2:
                c.attrs[W135CloudAttr.STAGE] = 3
            else:
                del st.clouds[cid]
                game.emit("smoke", "The last of the smoke is gone.")
            changed = True
        if changed:
            self.rules.sync_table(game)
