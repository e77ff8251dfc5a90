"""GOODBYEEEEEE!!!: the commands a player may give now, and the words the play screen
shows for figures and sections. Slices 3-4 of issue 19: orders, moves and single shots
(close combat, Luck, Valour and the cards come with their slices)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.state import Figure
from game.rulesets.movement import clamp_to_table
from game.rulesets.offers import Action
from game.rulesets.parts import CommandListing
from game.solo import afv_option
from game.solo.keys import SoloKey
from game.solo.tables import ORDER_WORDS

from .characters import VALOUR, VALOUR_NOW
from .move import DASH
from .status import GbFigMark, GbUnitMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

#: the directions a candidate move tries, in degrees from the line to the nearest enemy
BEARINGS = (0.0, 60.0, -60.0, 180.0)


class GbCommands(CommandListing["Goodbyeeee"]):
    rules: Goodbyeeee

    def turn_commands(self, game: Game, side: str) -> list[Command]:
        return [c for c in self.candidate_commands(game, side) if self.rules.is_legal(game, c)]

    def candidate_commands(self, game: Game, side: str) -> list[Command]:
        rules = self.rules
        st = game.state
        if rules.decision(game) is not None:
            return rules.legal_commands(game, side)
        if side != st.active_side or st.phase not in rules.steps() or rules.jobs.queue(game):
            return []
        out = [Command(END_PHASE, side)]
        if st.phase == "fire":
            return out + self.fire_commands(game, side)
        if st.phase not in ("initiative", "orders"):
            return out
        for u in st.units.values():
            if u.side != side:
                continue
            if st.phase == "orders" and rules.command.may_order(game, u) is None:
                out.append(Command("order", side, unit=u.id))
            for f in rules.alive(game, u.id):
                out += self.figure_moves(game, f)
        return out

    def figure_moves(self, game: Game, fig: Figure) -> list[Command]:
        """A few moves of the whole allowance and of half of it (toward the nearest enemy,
        aslant, away), the same dashing, and lying down or standing up."""
        rules = self.rules
        if rules.moving.why_not(game, fig) is not None:
            return []
        side = fig.side
        out: list[Command] = []
        if game.state.phase == "orders" and not fig.markers.get(GbFigMark.MOVED_CM):
            out.append(Command("stand_to", side, figure=fig.id))
            if rules.characters.valour_use(game, fig) is None and rules.characters.source(game, fig, VALOUR):
                out += [Command("use_valour", side, figure=fig.id, choice=use) for use in VALOUR_NOW]
        if fig.markers.get(GbFigMark.PRONE):
            out.append(Command("stand_up", side, figure=fig.id))
        elif not rules.moving.is_tank(fig):
            out.append(Command("go_prone", side, figure=fig.id))
        enemies = rules.enemy_figures(game, side)
        if enemies:
            near = min(enemies, key=lambda e: rules.dist(fig.pos, e.pos))
            ahead = rules.heading(fig.pos, near.pos)
        else:
            ahead = fig.facing
        modes: list[str | None] = [None]
        if game.state.phase == "orders" and rules.moving.why_no_dash(fig) is None:
            modes.append(DASH)
        for mode in modes:
            reach = rules.moving.left(game, fig, dash=mode == DASH) - rules.mm(0.5)
            if reach <= rules.mm(0.5):
                continue
            for bearing in BEARINGS:
                a = math.radians(ahead + bearing)
                for part in (1.0, 0.5):  # half a move leaves room for a climb, standing up or rough ground
                    d = reach * part
                    to = clamp_to_table(game, (fig.x + math.cos(a) * d, fig.y + math.sin(a) * d), margin=fig.radius)
                    out.append(Command("move", side, figure=fig.id, path=(to,), choice=mode))
        return out

    def fire_commands(self, game: Game, side: str) -> list[Command]:
        """Each figure's weapons at each enemy it can see in range (each still checked)."""
        rules = self.rules
        out: list[Command] = []
        enemies = rules.enemy_figures(game, side)
        for f in game.state.figures.values():
            if f.side != side or rules.firing.why_not_fire(game, f) is not None:
                continue
            if rules.firing.fired(game, f) is None:
                out.append(Command("overwatch", side, figure=f.id))
            for wid in dict.fromkeys(f.weapons):
                if rules.firing.shots_left(game, f, wid) <= 0:
                    continue
                if rules.data.weapons[wid].kind != "aimed":  # at a point: each enemy's place
                    out += [Command("fire_at_point", side, figure=f.id, point=e.pos, choice=wid) for e in enemies]
                    continue
                reach = rules.mm(rules.data.weapons[rules.firing.weapon_as_fired(f, wid)].range_bands()[-1][1])
                out += [Command("fire", side, figure=f.id, target=e.id, choice=wid) for e in enemies
                        if rules.dist(f.pos, e.pos) <= reach + 1e-6]
        return out

    def unit_status(self, game: Game, unit_id: str) -> list[str]:
        """A section's state in words: its command roll this turn, the fire it is under (L95:
        a -1 or -2 to its command roll), and the solo chart's order when the computer plays it."""
        st = game.state
        u = st.units[unit_id]
        out = []
        o = u.markers.get(GbUnitMark.ORDER)
        if o and o.get("turn") == st.turn:
            out.append("ordered" if o.get("passed") else "order failed")
        mods = self.rules.command.situation(game, u)
        out += [f"{words} ({m:+d} to command)" for words, m in mods]
        if u.markers.get(GbUnitMark.FIRED_ON) and not any(w.startswith("under") for w, _ in mods):
            out.append("under fire")
        solo = u.markers.get(SoloKey.ORDER)
        if (bound := afv_option.bound(self.rules, game, u)) is not None:  # the optional rule solo_afvs
            out.append(f"AFV order: {ORDER_WORDS[bound]}")
        elif solo:
            out.append(f"solo order: {ORDER_WORDS.get(solo, solo)}")
        return out

    def figure_status(self, game: Game, figure_id: str) -> list[str]:
        fig = game.state.figures[figure_id]
        t = game.state.turn
        out = []
        if fig.markers.get(GbFigMark.ROUT):
            out.append("routing")
        if fig.markers.get(GbFigMark.PINNED):
            out.append("pinned")
        elif fig.markers.get(GbFigMark.PRONE):
            out.append("prone")
        if GbFigMark.OVERWATCH in fig.markers:
            out.append("overwatch")
        if GbFigMark.STAND_TO in fig.markers:
            out.append("standing to")
        if fig.markers.get(GbFigMark.DASHED) == t:
            out.append("dashed")
        elif fig.markers.get(GbFigMark.DASHED) == t - 1:
            out.append("dashed last turn")
        if fig.markers.get(GbFigMark.MOVED_CM):
            out.append("moved")
        return out

    def preview_move(self, game: Game, fig: Figure, path: list[tuple[float, float]], choice: str | None = None) -> tuple[bool, str, list[str]]:
        """The move the command would make: its cost with what the path charges (standing
        up, climbing out, difficult ground), against what is left of the walk or the dash."""
        moving = self.rules.moving
        dash = choice == DASH
        lines = [f"{'Dash' if dash else 'Move'} {fig.name}"]
        why = moving.why_not(game, fig, dash=dash)
        plan = moving.plan(game, fig, path, dash) if why is None else None
        if plan is None or plan.refusal:
            lines.append(f"Not possible: {why or (plan.refusal if plan else '')}")
            return False, "", lines
        fmt = self.rules.fmt
        extra = plan.costed.explain() if plan.costed else ""
        lines.append(f"path {fmt(plan.costed.length if plan.costed else 0.0)}, costs {fmt(plan.cost)}"
                     + f" of {fmt(moving.left(game, fig, dash))} left")
        if extra:
            lines.append(f"extras: {extra}")
        if plan.climbs:
            lines.append(f"climbs out of {len(plan.climbs)} level{'s' if len(plan.climbs) > 1 else ''}: a d6 each, 1-2 stops it (L99)")
        reason = game.check(Command("move", fig.side, figure=fig.id, path=tuple(path), choice=choice))
        if reason:
            lines.append(f"Not possible: {reason}")
        return reason is None, fmt(plan.cost), lines

    def point_templates(self, game: Game, cmd: Command) -> list[tuple[tuple[float, float], float, str]]:
        """A grenade's or a mortar round's template where it is aimed (it may scatter off)."""
        fig = game.state.figures.get(cmd.figure or "")
        w = self.rules.data.weapons.get(cmd.choice or "")
        if cmd.kind != "fire_at_point" or fig is None or w is None or cmd.point is None:
            return []
        name = w.template or "grenade"
        return [(cmd.point, self.rules.blasts.radius(name), f"{w.name} template, where aimed (it may scatter)")]

    def move_budget(self, game: Game, fig: Figure) -> float:
        return self.rules.moving.left(game, fig)

    def actions(self, game: Game, side: str, unit_id: str | None, figure_id: str | None) -> list[Action]:
        """The sidebar's commands for the selected section and figure, step by step."""
        st = game.state
        rules = self.rules
        if side != st.active_side or st.over or rules.decision(game) is not None:
            return []
        if unit_id is not None and unit_id in st.units and st.units[unit_id].side != side:
            return []  # an enemy section selected to look at: nothing to give it
        mk = rules.make_action
        out: list[Action] = []
        fig = st.figures.get(figure_id or "")
        if fig is not None and (fig.side != side or fig.unit != unit_id):
            fig = None
        if st.phase == "orders" and unit_id is not None and st.units[unit_id].side == side:
            out.append(mk(game, "Command roll: order the section (2d6)", "now", Command("order", side, unit=unit_id), odds=True))
        if st.phase in ("initiative", "orders"):
            out.append(self.unmovable(game, unit_id, False, mk(game, "Move figures: drag or click" + (" (5 cm)" if st.phase == "initiative" else ""),
                                                              "move_figure", Command("move", side, figure=figure_id))))
            if st.phase == "orders":
                reach = rules.in_units(rules.moving.allowance(game, fig, dash=True)) if fig is not None else rules.data.movement.dash
                out.append(self.unmovable(game, unit_id, True, mk(game, f"Dash ({reach:g} cm): drag or click", "move_figure",
                                                                 Command("move", side, figure=figure_id, choice=DASH))))
            if fig is not None:
                prone = bool(fig.markers.get(GbFigMark.PRONE))
                kind = "stand_up" if prone else "go_prone"
                out.append(mk(game, "Stand up (5 cm)" if prone else "Go prone", "now", Command(kind, side, figure=fig.id)))
                if st.phase == "orders":
                    out.append(mk(game, "Stand to: watch instead of moving", "now", Command("stand_to", side, figure=fig.id)))
                    for use in VALOUR_NOW:
                        out.append(mk(game, f"Valour: {use.replace('_', ' ')}", "now", Command("use_valour", side, figure=fig.id, choice=use)))
        if st.phase == "fire" and fig is not None:
            for wid in dict.fromkeys(fig.weapons):
                w = rules.data.weapons[wid]
                if w.kind in ("thrown", "indirect", "flame"):
                    out.append(mk(game, f"Fire the {w.name} at a point", "point", Command("fire_at_point", side, figure=fig.id, choice=wid),
                                  odds=w.kind != "flame"))
                else:
                    out.append(mk(game, f"Fire the {w.name}", "enemy_figure", Command("fire", side, figure=fig.id, choice=wid), odds=True))
            out.append(mk(game, "Overwatch: watch the 45-degree arc ahead", "now", Command("overwatch", side, figure=fig.id)))
            jd = rules.events.held(game, side, "dead_eye")
            if jd is not None:
                out.append(mk(game, "Play the Jack of Diamonds: Dead Eye", "now", Command("play_card", side, figure=fig.id, choice=jd)))
        return out

    def unmovable(self, game: Game, unit_id: str | None, dash: bool, action: Action) -> Action:
        """The move ``action`` offered for the selected section, greyed with the reason when
        none of its figures may move now (a tank in the moves on initiative, L81; a section
        whose order failed)."""
        if unit_id is None or unit_id not in game.state.units:
            return action
        whys = [self.rules.moving.why_not(game, f, dash=dash) for f in self.rules.alive(game, unit_id)]
        if not whys or not all(whys):
            return action
        return replace(action, enabled=False, reason=whys[0] or "")

    def range_bands(self, game: Game, fig: Figure) -> list[tuple[str, float, float]]:
        out = []
        for wid in dict.fromkeys(fig.weapons):
            w = self.rules.data.weapons[wid]
            for name, (lo, hi) in zip(("short", "medium", "long") if len(w.range_bands()) == 3 else ("short", "long"), w.range_bands(),
                                      strict=False):
                out.append((f"{w.name} {name}", self.rules.mm(lo), self.rules.mm(hi)))
        return out
