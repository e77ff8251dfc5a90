"""The commands of The Great War in 54mm a side may give now (for the random baseline,
the AI and the tests), and what the interface offers and shows for a selection."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Figure
from game.rulesets.great_war_54mm.status import GwFigMark, GwGameAttr, GwUnitMark
from game.rulesets.movement import clamp_to_table
from game.rulesets.offers import Action
from game.rulesets.parts import CommandListing

if TYPE_CHECKING:
    from game.rulesets.great_war_54mm.rules import GreatWar54


class GreatWarCommands(CommandListing["GreatWar54"]):
    rules: GreatWar54

    # ---- legal commands ---------------------------------------------------------------
    def turn_commands(self, game: Game, side: str) -> list[Command]:
        return [c for c in self.candidate_commands(game, side) if self.rules.is_legal(game, c)]

    def candidate_commands(self, game: Game, side: str) -> list[Command]:
        """Commands worth checking now (most are legal; turn_commands keeps those that are)."""
        st = game.state
        if side != st.active_side or st.over:
            return []
        out = [Command("end_phase", side)]
        mine = [u for u in st.side_units(side) if st.unit_alive(u.id)]
        foes = [u for u in st.units.values() if u.side != side and st.unit_alive(u.id)]
        cands: list[Command] = []
        if st.phase == "rally":
            cands += [Command("bombard", side, target=u.id) for u in foes]
        elif st.phase == "movement":
            for u in mine:
                if GwUnitMark.MOVE_ALLOWANCE not in u.markers:
                    cands += [Command("activate", side, unit=u.id), Command("roll_move", side, unit=u.id)]
                    continue
                if not any(self.rules.remaining_move(u, f) > 1e-3 for f in self.rules.alive(game, u.id)):
                    continue
                cx, cy = self.rules.unit_centre(game, u.id)
                leader = self.rules.leader(game, u.id)
                if self.rules.movement_mode(u) == "regroup":
                    if leader:
                        cands.append(Command("move_unit", side, unit=u.id, point=leader.pos, choice="gather"))
                    continue
                enemy = min(self.rules.enemy_figures(game, side), key=lambda e: self.rules.dist((cx, cy), e.pos), default=None)
                if enemy is not None:
                    cands.append(Command("move_unit", side, unit=u.id, point=enemy.pos))
                    away = (2 * cx - enemy.x, 2 * cy - enemy.y)
                    cands.append(Command("move_unit", side, unit=u.id, point=clamp_to_table(game, away)))
                if leader is not None:
                    cands.append(Command("move_unit", side, unit=u.id, point=leader.pos, choice="gather"))
        elif st.phase == "shooting":
            for u in mine:
                for t in foes:
                    cands.append(Command("fire_unit", side, unit=u.id, target=t.id))
        elif st.phase == "assaults":
            for u in mine:
                for t in foes:
                    cands.append(Command("assault", side, unit=u.id, target=t.id))
        return out + cands


    # ---- what the interface shows -----------------------------------------------------
    def figure_status(self, game: Game, figure_id: str) -> list[str]:
        """Shot this turn, held at the wire, and moved (figures either move or shoot)."""
        f = game.state.figures[figure_id]
        return [k for k in (GwFigMark.SHOT, GwFigMark.AT_WIRE) if f.markers.get(k)] + super().figure_status(game, figure_id)

    def unit_status(self, game: Game, unit_id: str) -> list[str]:
        u = game.state.units[unit_id]
        out = [k for k in (GwUnitMark.DESTROYED, GwUnitMark.RUNNING, GwUnitMark.PINNED) if u.markers.get(k)]
        if u.markers.get(GwUnitMark.ACTIVATION) == "regroup":
            out.append("regroup")
        return out

    def unit_options(self, game: Game, unit_id: str) -> list[str]:
        st = game.state
        u = st.units[unit_id]
        if not st.unit_alive(unit_id):
            return ["out of action"]
        out = []
        if u.markers.get(GwUnitMark.RUNNING):
            out.append("Running: runs 2dAv toward its own edge each turn until it rallies.")
        elif u.markers.get(GwUnitMark.PINNED):
            out.append("Pinned: may not advance or shoot until it rallies.")
        if u.side != st.active_side:
            return out or ["Waiting for its side's turn."]
        if st.phase == "movement" and not u.markers.get(GwUnitMark.RUNNING):
            spread = self.rules.activation_spread_in(game, unit_id)
            if GwUnitMark.MOVE_ALLOWANCE not in u.markers:
                out.append("May roll to move: Activate (d10 + 2dAv) to advance, or Roll move (2dAv) to move without advancing.")
                if spread is not None:
                    ok = [d for d in range(1, 11) if not self.rules.activation_regroups(game, spread, d)]
                    out.append(f"Activation: the unit's spread is {spread:.1f}\"; it may advance on a d10 of "
                               + (f"{ok[0]}-{ok[-1]} ({len(ok)} in 10)" if ok else "nothing (0 in 10)") + f". {self.activation_reading(game)}")
            else:
                left = max((self.rules.remaining_move(u, f) for f in self.rules.alive(game, unit_id)), default=0)
                mode = {"advance": "may advance", "no_advance": "may not move toward the enemy",
                        "regroup": "may only close on its leader"}[self.rules.movement_mode(u)]
                out.append(f"Move {self.rules.fmt(u.markers[GwUnitMark.MOVE_ALLOWANCE])} rolled; up to {self.rules.fmt(left)} left; {mode}.")
                if self.rules.movement_mode(u) == "regroup" and spread is not None:
                    out.append(f"Why: the activation d10 beat the unit's spread of {spread:.1f}\". {self.activation_reading(game)}")
        elif st.phase == "shooting":
            n = sum(1 for f in self.rules.alive(game, unit_id) if self.rules.troop(f).shoots and not f.markers.get(FigureMark.MOVED) and not f.markers.get(GwFigMark.SHOT))
            out.append(f"{n} figure(s) may still shoot." if n and not u.markers.get(GwUnitMark.PINNED) and not u.markers.get(GwUnitMark.RUNNING) else "Cannot shoot now.")
        elif st.phase == "assaults":
            out.append("Has assaulted." if u.markers.get(GwUnitMark.ASSAULTED) else f"May assault an enemy unit within {self.rules.data.assault.range:g}\".")
        elif st.phase == "rally" and self.rules.artillery_side(game) == u.side and not st.attrs.get(GwGameAttr.BOMBARDED_THIS_TURN):
            out.append("Your artillery may bombard one enemy unit this turn.")
        return out

    def activation_reading(self, game: Game) -> str:
        """Which reading of the activation test is in play, and what the other one does."""
        if self.rules.option(game, "activation_spread"):
            return ("Optional rule 'Activation: spread-out units regroup' is on: a unit spread wider than the d10 "
                    "regroups (the text reads the other way round).")
        return ("As written, a d10 higher than the spread only lets it regroup, so a bunched unit fails most rolls; "
                "the optional rule 'Activation: spread-out units regroup' (New game) plays the other reading.")

    def actions(self, game: Game, side: str, unit_id: str | None, figure_id: str | None) -> list[Action]:
        st = game.state
        out: list[Action] = []
        if side != st.active_side or st.over:
            return out
        mk = self.rules.make_action
        if st.phase == "rally" and self.rules.artillery_side(game) == side:
            out.append(mk(game, "Bombard an enemy unit", "enemy_unit", Command("bombard", side), odds=True))
        if unit_id is None or st.units[unit_id].side != side:
            return out
        u = st.units[unit_id]
        if st.phase == "movement":
            out.append(mk(game, "Activate: d10 + 2dAv, may advance", "now", Command("activate", side, unit=unit_id)))
            out.append(mk(game, "Roll move: 2dAv, no advancing", "now", Command("roll_move", side, unit=unit_id)))
            if GwUnitMark.MOVE_ALLOWANCE in u.markers:
                out.append(mk(game, "Move the unit to a point", "point", Command("move_unit", side, unit=unit_id)))
                leader = self.rules.leader(game, unit_id)
                if leader is not None:
                    out.append(mk(game, f"Close on {leader.name}", "now",
                                  Command("move_unit", side, unit=unit_id, point=leader.pos, choice="gather")))
                out.append(mk(game, "Move figures: drag or click", "move_figure", Command("move", side, unit=None)))
        elif st.phase == "shooting":
            out.append(mk(game, "Fire: every figure that can", "enemy_unit", Command("fire_unit", side, unit=unit_id), odds=True))
            if figure_id is not None and st.figures[figure_id].unit == unit_id:
                f = st.figures[figure_id]
                out.append(mk(game, f"Fire {f.name} alone", "enemy_unit", Command("fire", side, figure=figure_id), odds=True))
        elif st.phase == "assaults":
            out.append(mk(game, "Assault an enemy unit", "enemy_unit", Command("assault", side, unit=unit_id), odds=True))
        return out

    def range_bands(self, game: Game, fig: Figure) -> list[tuple[str, float, float]]:
        if not fig.weapons:
            return []
        w = self.rules.data.weapons[fig.weapons[0]]
        return [(f"{w.name} short", self.rules.mm(w.minimum), self.rules.mm(w.short)), (f"{w.name} long", self.rules.mm(w.short), self.rules.mm(w.long))]

    def move_budget(self, game: Game, fig: Figure) -> float:
        return self.rules.remaining_move(game.state.units[fig.unit], fig)
