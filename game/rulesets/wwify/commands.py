"""WWIFY AR:SE for the players: the legal commands (the random baseline and the solo AI
pick among them), the actions offered for a selection, badges and option texts,
range bands and move previews: the command listing part of
:class:`game.rulesets.wwify.ruleset.Wwify` (it reads the rules through ``self.rules``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.core.commands import END_PHASE, Command, refuse
from game.core.game import Game
from game.core.state import FLED, Figure, GameState, Unit
from game.rulesets.base import RulesetBase
from game.rulesets.movement import clamp_to_table
from game.rulesets.offers import Action
from game.rulesets.parts import CommandListing
from game.rulesets.wwify.status import WwifyGameAttr, WwifyMarkerAttr, WwifyUnitMark
from game.solo import afv_option
from game.solo.goals import ai_goal
from game.solo.tables import ORDER_WORDS

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify


class WwCommands(CommandListing["Wwify"]):
    # ---- legal commands -------------------------------------------------------------------------------
    rules: Wwify

    def turn_commands(self, game: Game, side: str) -> list[Command]:
        st = game.state
        if st.over or side != st.active_side or self.rules.activation_key(game) is None:
            return []
        out = [Command(END_PHASE, side)]
        for u in self.rules.acting_units(game, side):
            out += [c for c in self.candidates(game, u) if self.rules.is_legal(game, c)]
        return out

    def candidates(self, game: Game, u: Unit) -> list[Command]:
        st = game.state
        side = u.side
        figs = self.rules.alive(game, u.id)
        cx, cy = self.rules.unit_centre(game, u.id)
        top = self.rules.mm(self.rules.data.firing.bands[-1].upto)
        foes = [v for v in sorted(st.units.values(), key=lambda v: v.id) if v.side != side and st.unit_alive(v.id)]
        near_foes = [v for v in foes if min(self.rules.apart(f, e) for f in figs for e in self.rules.alive(game, v.id)) <= top + 1e-6]
        out: list[Command] = []
        can_fire = (u.kind in ("flyer", "vehicle") and u.markers.get(WwifyUnitMark.PENDING_FIRE)) or self.rules.action_refusal(game, u, "fire") is None
        if can_fire:
            out += [Command("fire", side, unit=u.id, target=v.id) for v in near_foes]
        if u.kind in ("squad", "sniper", "large_creature") and self.rules.action_refusal(game, u, "combat") is None:
            out.append(Command("combat", side, unit=u.id))
        if self.rules.action_refusal(game, u, "move") is None:
            enemy = min((e for v in foes for e in self.rules.alive(game, v.id)), key=lambda e: (self.rules.dist((cx, cy), e.pos), e.id), default=None)
            goal = ai_goal(self.rules, game, side, (cx, cy))
            if u.kind == "flyer":
                out += self.flyer_candidates(game, figs[0], enemy)
            else:
                if enemy is not None:
                    out.append(Command("move_unit", side, unit=u.id, point=clamp_to_table(game, enemy.pos)))
                    nearest_unit = st.units[enemy.unit]
                    reach = max(self.rules.allowance(game, u, f) for f in figs) + self.rules.mm(1)
                    if u.kind in ("squad", "large_creature") and self.rules.dist((cx, cy), enemy.pos) <= reach + self.rules.mm(3):
                        out.append(Command("move_unit", side, unit=u.id, choice="charge", target=nearest_unit.id))
                if goal is not None and (enemy is None or self.rules.dist(goal, enemy.pos) > 1.0):
                    out.append(Command("move_unit", side, unit=u.id, point=clamp_to_table(game, goal)))
                if u.kind == "squad" and len(figs) > 1:
                    if self.rules.loners(figs, self.rules.mm(self.rules.data.movement.cohesion)):
                        out.append(Command("move_unit", side, unit=u.id, point=(cx, cy), choice="gather"))
        if u.kind == "squad" and self.rules.option(game, "engineers") and self.rules.engineers_of(game, u):
            for v in st.side_units(side):
                if v.kind == "vehicle" and self.rules.immobile(game, v):
                    out.append(Command("fix", side, unit=u.id, target=v.id))
            for sid in self.rules.moving.bridge_sites(game):
                out.append(Command("build", side, unit=u.id, choice=sid))
        if self.rules.option(game, "engineers") and self.rules.action_refusal(game, u, "carry") is None:
            out += [Command("pick_up", side, unit=u.id, target=p.id) for p in self.rules.materials.piles(game)]
            if self.rules.materials.carried(game, u):
                out += [Command("hand_over", side, unit=u.id, target=v.id) for v in sorted(st.side_units(side), key=lambda v: v.id) if v.id != u.id]
                out.append(Command("drop_materials", side, unit=u.id))
        return out

    def flyer_candidates(self, game: Game, fig: Figure, enemy: Figure | None) -> list[Command]:
        """Flights for the baseline players: toward the nearest enemy (one turn), straight
        on, a quarter turn either way, and about turn; each kept on the table."""
        reach = self.rules.mm(self.rules.data.movement.flyer)
        out = []
        heads = [fig.facing, fig.facing + 90, fig.facing - 90, fig.facing + 180]
        if enemy is not None:
            heads.insert(0, self.rules.heading(fig.pos, enemy.pos))
        for h in heads:
            d = reach
            if enemy is not None and h == heads[0]:
                d = min(reach, max(0.0, self.rules.dist(fig.pos, enemy.pos) - self.rules.mm(4)))
            r = math.radians(h)
            end = (fig.x + math.cos(r) * d, fig.y + math.sin(r) * d)
            w, hgt = game.table.width, game.table.height
            t = 1.0
            for k, lim in ((0, w), (1, hgt)):
                v = end[k] - fig.pos[k]
                if v > 0 and end[k] > lim - fig.radius:
                    t = min(t, (lim - fig.radius - fig.pos[k]) / v)
                if v < 0 and end[k] < fig.radius:
                    t = min(t, (fig.radius - fig.pos[k]) / v)
            if t <= 0.05:
                continue
            end = (fig.x + (end[0] - fig.x) * t, fig.y + (end[1] - fig.y) * t)
            out.append(Command("move", fig.side, figure=fig.id, path=(end,)))
        return out


    # ---- what the interface shows -------------------------------------------------------------------
    def unit_status(self, game: Game, unit_id: str) -> list[str]:
        st = game.state
        u = st.units[unit_id]
        if not st.unit_alive(unit_id):
            return ["fled" if all(f.life == FLED for f in st.unit_figures(unit_id, alive_only=False) if not f.alive) else "out of action"]
        out = []
        for k, word in ((WwifyUnitMark.PANICKED, "panicked"), (WwifyUnitMark.IMMOBILISED, "immobilised"), (WwifyUnitMark.BROKEN_DOWN, "broken down")):
            if u.markers.get(k):
                out.append(word)
        if (order := afv_option.bound(self.rules, game, u)) is not None:  # the optional rule solo_afvs
            out.append(f"AFV order: {ORDER_WORDS[order]}")
        if u.markers.get(WwifyUnitMark.WINGED):
            n = u.markers[WwifyUnitMark.WINGED]
            out.append("winged" if n == 1 else f"winged x{n}")
        for f in self.rules.alive(game, unit_id):
            if f.wounds:
                out.append(f"wounds {f.wounds}")
        mats = self.rules.materials.carried(game, u)
        if mats:
            out.append(f"materials {mats}")
        if self.rules.active(game, u) and not u.markers.get(WwifyUnitMark.PANICKED):
            left = self.actions_left(game, u)
            out.append(f"actions {left}" if left else "done")
        return out

    def actions_left(self, game: Game, u: Unit) -> int:
        acts = u.markers.get(WwifyUnitMark.ACTS, [])
        if u.kind in ("hmg", "mortar"):
            a = self.rules.data.actions
            return a.support_move - acts.count("move") if "move" in acts else a.support_fire - acts.count("fire")
        return max(0, self.rules.max_actions(u) - len(acts))

    def unit_options(self, game: Game, unit_id: str) -> list[str]:
        st = game.state
        u = st.units[unit_id]
        if not st.unit_alive(unit_id):
            return ["Out of action."]
        cards = " / ".join(c.name for c in self.rules.data.cards if u.kind in c.activates)
        out = []
        if u.markers.get(WwifyUnitMark.PANICKED):
            out.append("Panicked: runs 12\" (mounted 20\") for its table edge when its card is dealt.")
        if not self.rules.active(game, u):
            return out + [f"Acts on the {cards} card."]
        left = self.actions_left(game, u)
        kind = u.kind
        if kind in ("hmg", "mortar"):
            moves = self.rules.data.actions.support_move
            if "move" in u.markers.get(WwifyUnitMark.ACTS, []):
                out.append(f"Move {self.rules.data.movement.support:g}\" ({left} left)." if left else "Done for this card.")
            else:
                out.append(f"Fire ({left} left) or move {self.rules.data.movement.support:g}\" {self.rules._times(moves)}." if left else "Done for this card.")
        elif kind == "field_gun":
            out.append(f"Fire once or be pushed {self.rules.data.movement.field_gun:g}\"." if left else "Done for this card.")
        elif kind in ("flyer", "vehicle"):
            dist = self.rules.data.movement.flyer if kind == "flyer" else self.rules.data.movement.vehicle
            if u.markers.get(WwifyUnitMark.PENDING_FIRE):
                out.append("May fire now (the fire of this move action).")
            if kind == "vehicle" and self.rules.immobile(game, u):
                out.append(f"{left} action(s): fire only (cannot move).")
            else:
                turns = " with 2 turns of 90 or one of 180 degrees" if kind == "flyer" else " (d6 breakdown on a 6)"
                out.append(f"{left} action(s): move {dist:g}\"{turns} and fire.")
            if kind == "vehicle" and self.rules.option(game, "engineers"):
                out.append("An action may instead pick up, hand over or drop materials.")
        else:
            things = ["Fire", "Move", "Combat"]
            if kind == "squad" and self.rules.engineers_of(game, u) and self.rules.option(game, "engineers"):
                things += ["Fix Vehicle", "Build Bridge"]
            if self.rules.option(game, "engineers"):
                things.append("Pick up, hand over or drop materials")
            if kind == "large_creature" and not any(f.weapons for f in self.rules.alive(game, u.id)):
                things.remove("Fire")
            out.append(f"{left} action(s) left: {', '.join(things)}." if left else "Done for this card.")
            if u.markers.get(WwifyUnitMark.MOVE_OPEN):
                out.append("Moving: each figure may still use the rest of its move.")
        return out

    def actions(self, game: Game, side: str, unit_id: str | None, figure_id: str | None) -> list[Action]:
        st = game.state
        if side != st.active_side or st.over or self.rules.decision(game) is not None or unit_id is None:
            return []
        u = st.units[unit_id]
        if u.side != side or not st.unit_alive(unit_id):
            return []
        mk = self.rules.make_action
        out: list[Action] = []

        def gated(label: str, mode: str, cmd: Command, action: str, odds: bool = False) -> Action:
            a = mk(game, label, mode, cmd, odds)
            if mode in ("point", "move_figure") and a.enabled:
                r = self.rules.action_refusal(game, u, action)
                if action == "move" and u.markers.get(WwifyUnitMark.MOVE_OPEN) and self.rules.active(game, u):
                    r = None
                if r:
                    return Action(label, mode, cmd, False, r, odds)
            return a

        kind = u.kind
        mv = self.rules.data.movement
        if kind == "flyer":
            out.append(gated(f"Fly up to {mv.flyer:g}\" (2 turns of 90 or one of 180 degrees)", "move_figure", Command("move", side), "move"))
            out.append(mk(game, "Fire at an enemy unit", "enemy_unit", Command("fire", side, unit=unit_id), odds=True))
            return out
        if kind == "vehicle":
            out.append(gated(f"Drive up to {mv.vehicle:g}\" (drag)", "move_figure", Command("move", side), "move"))
            out.append(gated(f"Drive toward a point ({mv.vehicle:g}\")", "point", Command("move_unit", side, unit=unit_id), "move"))
            out.append(mk(game, "Fire at an enemy unit", "enemy_unit", Command("fire", side, unit=unit_id), odds=True))
            return out + self.carry_actions(game, side, u)
        if any(f.weapons for f in self.rules.alive(game, unit_id)):
            out.append(mk(game, "Fire at an enemy unit", "enemy_unit", Command("fire", side, unit=unit_id), odds=True))
        what = "Push the gun" if kind == "field_gun" else "Move figures"
        out.append(gated(f"{what}: drag or click figures", "move_figure", Command("move", side), "move"))
        out.append(gated("Move the unit toward a point", "point", Command("move_unit", side, unit=unit_id), "move"))
        if kind in ("squad", "sniper", "large_creature"):
            out.append(mk(game, "Charge an enemy unit", "enemy_unit", Command("move_unit", side, unit=unit_id, choice="charge")))
            out.append(mk(game, "Close combat (base contact)", "now", Command("combat", side, unit=unit_id), odds=True))
        if kind == "squad":
            cx, cy = self.rules.unit_centre(game, unit_id)
            out.append(mk(game, "Close up on the squad's centre", "now", Command("move_unit", side, unit=unit_id, point=(cx, cy), choice="gather")))
        if kind not in ("field_gun",):
            out.append(mk(game, "Move again (start another Move action)", "now", Command("begin_move", side, unit=unit_id)))
        if kind == "squad" and self.rules.engineers_of(game, u) and self.rules.option(game, "engineers"):
            out.append(mk(game, "Fix a vehicle", "own_unit", Command("fix", side, unit=unit_id)))
            out.append(gated("Build a bridge from a river bank", "point", Command("build", side, unit=unit_id), "build"))
            for sid, s in sorted(self.rules.moving.bridge_sites(game).items()):
                out.append(mk(game, f"Work on {s['name']} ({sid})", "now", Command("build", side, unit=unit_id, choice=sid)))
        if kind in ("squad", "sniper", "large_creature"):
            out += self.carry_actions(game, side, u)
        return out

    def carry_actions(self, game: Game, side: str, u: Unit) -> list[Action]:
        """Picking up, handing over and dropping bridging materials (the Engineers rule)."""
        if not self.rules.option(game, "engineers"):
            return []
        mk = self.rules.make_action
        out = [mk(game, f"Pick up materials ({p.attrs[WwifyMarkerAttr.AMOUNT]} at {p.id})", "now", Command("pick_up", side, unit=u.id, target=p.id))
               for p in self.rules.materials.piles(game)]
        if self.rules.materials.carried(game, u):
            out.append(mk(game, "Hand the materials to a friendly unit", "own_unit", Command("hand_over", side, unit=u.id)))
            out.append(mk(game, "Drop the materials here", "now", Command("drop_materials", side, unit=u.id)))
        return out

    def range_bands(self, game: Game, fig: Figure) -> list[tuple[str, float, float]]:
        """Each range band with the weapon the figure fires at it, the one rolling the most
        dice there (an ironclad's LMG close in, its field gun beyond)."""
        out = []
        lo = 0.0
        weapons = list(dict.fromkeys(fig.weapons))
        for k, b in enumerate(self.rules.data.firing.bands):
            if weapons:
                wp = self.rules.data.weapons[self.rules.fighting.best_weapon(weapons, k)]
                n = wp.dice[k]
                if n:
                    out.append((f"{wp.name} {b.label}: {n}d6", self.rules.mm(lo), self.rules.mm(b.upto)))
            lo = b.upto
        return out

    def preview_move(self, game: Game, fig: Figure, path: list[tuple[float, float]], choice: str | None = None) -> tuple[bool, str, list[str]]:
        plan, fresh = self.rules.orders.plan_figure(game, fig, list(path))
        unit = game.state.units[fig.unit]
        lines = [f"Move {fig.name}" + (" (starts a new action)" if fresh and unit.kind not in ("flyer",) else "")]
        if plan.refusal:
            lines.append(f"Not possible: {plan.refusal}")
            return False, "", lines
        lines.append(f"path {self.rules.fmt(plan.length)}, costs {self.rules.fmt(plan.cost)}")
        lines += [f"{self.rules.fmt(c)} to {w}" for w, c in plan.charges]
        if plan.turns:
            lines.append("turns: " + ", ".join(f"{t:.0f} degrees" for t in plan.turns))
        if plan.stopped_by:
            lines.append(f"stops: {plan.stopped_by}")
        return True, self.rules.fmt(plan.cost), lines

    def hides_from(self, game: Game, side: str) -> bool:
        """The base's secrets, or another side's planned artillery strikes."""
        return RulesetBase.hides_from(self.rules, game, side) or any(
            s["side"] != side for s in game.state.attrs.get(WwifyGameAttr.STRIKES, []))

    def view(self, game: Game, side: str | None) -> GameState:
        st = RulesetBase.view(self.rules, game, side)
        if side is not None:
            st.attrs[WwifyGameAttr.STRIKES] = [s for s in st.attrs.get(WwifyGameAttr.STRIKES, []) if s["side"] == side]
        return st

    def describe_command(self, game: Game, cmd: Command) -> str:
        st = game.state
        if cmd.kind == "fire" and cmd.target in st.units:
            return f"{st.sides[cmd.side].name}: {st.units[cmd.unit_id].name} fires at {st.units[cmd.target_id].name}"
        return RulesetBase.describe_command(self.rules, game, cmd)

    def check_barrage(self, game: Game, cmd: Command) -> None:
        refuse("The artillery is off-table: it fires by itself when the Artillery card is dealt.")

    def check_morale(self, game: Game, cmd: Command) -> None:
        refuse("Morale tests are taken by themselves when a squad is hit; this only gives their odds.")

    # ---- the random baseline's candidates ----------------------------------------------------
    def candidate_commands(self, game: Game, side: str) -> list[Command]:
        """The commands :meth:`turn_commands` lists, before their checks: the random
        baseline draws from these by rejection (the legal ones are exactly the listed)."""
        st = game.state
        if self.rules.decision(game) is not None:
            return self.rules.legal_commands(game, side)
        if st.over or side != st.active_side or self.rules.activation_key(game) is None:
            return []
        out = [Command(END_PHASE, side)]
        for u in self.rules.acting_units(game, side):
            out += self.rules.listing.candidates(game, u)
        return out
