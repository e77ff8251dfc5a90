"""GOODBYEEEEEE!!!: flamethrowers (L191, L236-241; interpretations flamethrower-template,
flamethrower-boom).

The flamethrower lays its 25 x 5 cm template from the front of the operator's base toward a
point he chooses (fired with ``fire_at_point``): every figure under it, friends too, is hit
with no to-hit roll and no cover roll and wounded on 3+ (a tank takes the chart's 5+ for a
d3 of damage). Sections facing it test for terror at -2 (courage.py). BOOM! (L241): when the
operator or his tank man is hit, a d6 of 4+ explodes the fuel: both die, and the 8 cm
template is laid on the hit figure, every figure under it rolling cover and 4+ to wound as
for a grenade.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shapely.geometry import Point

from game.core.commands import require
from game.core.game import Game
from game.core.state import DEAD, Figure
from game.geometry.templates import rectangle
from game.rulesets.parts import Chapter

from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

FLAME = "flamethrower"
#: the figure that carries the fuel (interpretation flamethrower-boom)
TANK_MAN = "flame_tank_man"
#: what the exploding fuel does to those under its template ("as above": a grenade)
BOOM_AS = "hand_grenade"


class GbFlame(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    def template(self, fig: Figure, at: tuple[float, float]):
        t = self.rules.data.templates[self.rules.data.weapons[FLAME].template or "flame"]
        heading = self.rules.heading(fig.pos, at)
        front = (fig.x + math.cos(math.radians(heading)) * fig.radius, fig.y + math.sin(math.radians(heading)) * fig.radius)
        return rectangle(front, heading, self.rules.mm(t.length or 0.0), self.rules.mm(t.width or 0.0)), heading

    def check(self, game: Game, fig: Figure, at: tuple[float, float]) -> None:
        require(self.rules.dist(fig.pos, at) > fig.radius, "Point the flame away from the operator.")

    def fire(self, game: Game, fig: Figure, at: tuple[float, float]) -> None:
        rules = self.rules
        w = rules.data.weapons[FLAME]
        area, heading = self.template(fig, at)
        fig.facing = heading
        hit = sorted((f for f in game.state.figures.values() if f.alive and f.id != fig.id and area.covers(Point(f.pos))),
                     key=lambda f: (rules.dist(fig.pos, f.pos), f.id))
        game.emit("fire", f"{fig.name} fires the {w.name}: {len(hit)} figure{'s' if len(hit) != 1 else ''} under the "
                  f"{rules.data.templates[w.template or 'flame'].length:g} cm flame (no cover, L238).", figures=[fig.id] + [f.id for f in hit])
        rules.solo_view.under_fire(game, fig, hit, FLAME)
        for f in hit:
            if not f.alive:
                continue
            if rules.data.is_vehicle_type(f.type):
                rules.tanks.damage_roll(game, f, FLAME, f"burned by {fig.name}")
                continue
            self.boom(game, f)
            if not f.alive:
                continue
            mods = rules.firing.armour(f)
            need = w.wound_on(0) + sum(m for _, m in mods)
            r = game.dice.roll("d6", f"{w.name}: to wound {f.name}", target=f"{need}+", modifiers=mods, figures=[f.id], cuts=(need,))
            if r.value >= need and r.value != 1:
                r.outcome = "wounded"
                rules.firing.wound(game, f, f"burned by {fig.name}")
            else:
                r.outcome = "not wounded"
                rules.courage.pin_test(game, f, FLAME)
        rules.courage.terror(game, fig)

    # ---- BOOM! ---------------------------------------------------------------------------------------
    def team(self, game: Game, fig: Figure) -> list[Figure]:
        """The operator and his tank man: the flamethrower figures of the unit and its tank men."""
        unit = game.state.units[fig.unit]
        figs = [game.state.figures[f] for f in unit.figures]
        return [f for f in figs if f.alive and (FLAME in f.weapons or f.type == TANK_MAN)]

    def boom(self, game: Game, fig: Figure) -> None:
        """L241: a hit on the operator or the tank man may explode the fuel."""
        w = self.rules.data.weapons[FLAME]
        if not fig.alive or fig not in self.team(game, fig) or not any(FLAME in f.weapons for f in self.team(game, fig)):
            return
        if w.boom_die is None or w.boom_on is None or w.boom_template is None:
            return
        r = game.dice.roll(w.boom_die, f"BOOM? {fig.name} is hit", target=f"{w.boom_on}+", figures=[fig.id], cuts=(w.boom_on,))
        if r.value < w.boom_on:
            r.outcome = "no explosion"
            return
        r.outcome = "BOOM!"
        team = self.team(game, fig)
        for f in team:
            f.life = DEAD
            f.markers.pop(GbFigMark.PINNED, None)
        game.emit("casualty", f"BOOM! The fuel explodes: {', '.join(f.name for f in team)} killed (L241).", figures=[f.id for f in team])
        self.rules.courage.after_loss(game, game.state.units[fig.unit])
        blasts = self.rules.blasts
        at = fig.pos
        for f in blasts.under(game, at, w.boom_template):
            if self.rules.data.is_vehicle_type(f.type):
                self.rules.tanks.damage_roll(game, f, BOOM_AS, "caught in the explosion")
            else:
                blasts.blast_one(game, fig, f, BOOM_AS, at, confined=False)
