"""WW2 Skirmish: a fire team shooting together ("Shooting"): every member able to fire
takes the same shot, and a team that cannot hit individually fires a volley (a hit on a
natural 20). One figure's shot is in fire.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.dice import Dice
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Unit
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.options import Ww2Options

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.fire import Shot
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2TeamFire(Chapter["Ww2Skirmish"]):
    """A fire team's shots: all members at once, or a volley."""

    rules: Ww2Skirmish

    # ---- a fire team shooting ---------------------------------------------------------------------------------------------
    def team_plans(self, game: Game, unit_id: str | None, target: str | None, opts: Ww2Options) -> list[Shot]:
        """The shot of each figure of the team that can fire it now, in the team's order
        (remembered for the reading scope: the check's plans are what the apply starts from)."""
        if unit_id is None or unit_id not in game.state.units:
            refuse("Choose the fire team that fires.")
        return self.rules.recall(game, ("team_plans", unit_id, target, opts), lambda: self._team_plans(game, unit_id, target, opts))

    def _team_plans(self, game: Game, unit_id: str, target: str | None, opts: Ww2Options) -> list[Shot]:
        out = []
        for f in game.state.unit_figures(unit_id):
            if self.rules.is_vehicle(f) or self.rules.is_gun(f) or self.rules.small_arm(f) is None:
                continue
            try:
                out.append(self.rules.firing.shot_plan(game, f.id, target, opts, strict=True))
            except Exception:  # Refusal: this one cannot
                continue
        return out

    def check_fire_team(self, game: Game, cmd: Command) -> None:
        if not self.team_plans(game, cmd.unit, cmd.target, Ww2Options.of(cmd)):
            f0 = next((f for f in game.state.unit_figures(cmd.unit_id) if self.rules.small_arm(f) is not None), None)
            if f0 is None:
                refuse("No figure of that team has a small arm.")
            self.rules.firing.shot_plan(game, f0.id, cmd.target, Ww2Options.of(cmd), strict=True)
            refuse("No figure of that team can fire that shot.")

    def apply_fire_team(self, game: Game, cmd: Command) -> None:
        opts = Ww2Options.of(cmd)
        plans = self.rules.planned(game, cmd, ("team_plans", cmd.unit, cmd.target, opts),
                                   lambda: self.team_plans(game, cmd.unit, cmd.target, opts))
        firers = [s.firer for s in plans]
        target = self.rules.firing.target_unit(game, cmd.target)
        for i, f in enumerate(firers):
            if not game.state.unit_alive(target.id):
                break
            if i == 0:  # nothing has changed since the plans were made
                s = plans[0]
            else:  # the shots before may have changed the target and the firer's pool: planned again
                try:
                    s = self.rules.firing.shot_plan(game, f.id, cmd.target, opts, strict=True)
                except Exception:
                    continue
            self.rules.firing.resolve_and_apply(game, s)
        self.rules.firing.after_fire(game, firers, target)

    # ---- firing together: a hit on a 20 ---------------------------------------------------------------------------------
    def volley_plan(self, game: Game, unit_id: str | None, target_id: str | None, strict: bool = True) -> tuple[list[Shot], Unit]:
        st = game.state
        if unit_id is None or unit_id not in st.units:
            refuse("Choose the fire team that fires together.")
        target = self.rules.firing.target_unit(game, target_id)
        shots: list[Shot] = []
        can_hit = []
        for f in st.unit_figures(unit_id):
            if self.rules.is_vehicle(f) or self.rules.is_gun(f) or self.rules.small_arm(f) is None:
                continue
            try:
                s = self.rules.firing.shot_plan(game, f.id, target.id, Ww2Options(shot="unaimed"), strict=False)
            except Exception:
                continue
            if strict:
                try:
                    self.rules.firing.firer_ready(game, f)
                except Exception:
                    continue
                if self.rules.actions_left(f) < 1 or (s.weapon.belt_fed and f.markers.get(FigureMark.MOVED)):
                    continue
                if not self.rules.firing.visible_members(game, f.side, f, target, strict=True):
                    continue
            if s.need is not None or s.auto:
                can_hit.append(f.name)
            shots.append(s)
        require(bool(shots), f"No figure of {st.units[unit_id].name} can fire at {target.name}.")
        require(not can_hit, f"{', '.join(can_hit)} can hit individually: firing together is only for teams that cannot.")
        require(shots[0].vehicle is None and not shots[0].bunker, "Firing together is against infantry in the open or in cover.")
        return shots, target

    def check_volley(self, game: Game, cmd: Command) -> None:
        self.volley_plan(game, cmd.unit, cmd.target, strict=True)

    def volley_roll(self, dice: Dice, game: Game, shots: list[Shot], target: Unit) -> tuple[str, str | None]:
        need = self.rules.data.shooting.volley_hits_on
        roll = dice.roll(self.rules.data.shooting.die, f"{len(shots)} figure(s) fire together at {target.name}", target=f"{need}",
                         figures=[s.firer.id for s in shots], units=[target.id], cuts=(need,))
        hit = roll.value >= need
        roll.outcome = "hit" if hit else "miss"
        if not hit:
            return "miss", None
        cands = shots[0].candidates
        i = dice.choose_index(len(cands), f"which figure of {target.name} is hit", units=[target.id])
        vf = game.state.figures[cands[i]]
        if self.rules.effects.is_flamer(vf):
            return "flamer", vf.id
        mods = self.volley_mods(shots)
        return self.rules.effects.effect_result(dice, mods, vf, f"fire effect on {vf.name}"), vf.id

    def volley_mods(self, shots: list[Shot]) -> list[tuple[str, int]]:
        best: dict[str, int] = {}
        for s in shots:
            for k, v in s.effect_mods:
                best[k] = max(best.get(k, v), v)
        pb = best.pop("point blank", None)
        out = [("point blank", pb)] if pb is not None else []
        if best:
            k = max(best, key=lambda x: best[x])
            out.append((k, best[k]))
        return out

    def apply_volley(self, game: Game, cmd: Command) -> None:
        shots, target = self.volley_plan(game, cmd.unit, cmd.target, strict=True)
        for s in shots:
            self.rules.spend(s.firer, 1)
            self.rules.firing.mark_fired_with(game, s.firer, s.weapon)
        self.rules.firing.note_target(game, target, shots[0].firer, others=[s.firer for s in shots[1:]])
        result, victim = self.volley_roll(game.dice, game, shots, target)
        if victim is not None:
            self.rules.effects.apply_effect(game, game.state.figures[victim], result, f"fire of {game.state.units[cmd.unit_id].name}", cmd.unit)
        self.rules.firing.after_fire(game, [s.firer for s in shots], target)
