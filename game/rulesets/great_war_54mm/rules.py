"""The Great War in 54mm (shared/rules/great-war-54mm.txt).

Turn: each side in turn plays Rally, Movement, Shooting and Assaults (IGOUGO; recorded
as an interpretation in rulesets/great-war-54mm.yaml, as is every other reading the
text left open). Numbers come from the data; this module holds the procedures.

Commands:
  bombard (unit=target)              attacker, Rally phase, once a turn
  activate (unit)                    Movement: roll d10 activation + 2dAv to advance
  roll_move (unit)                   Movement: roll 2dAv without advancing
  move (figure, path)                Movement: move one figure along waypoints
  move_unit (unit, point, choice)    Movement: the unit moves by the vector from its
                                     centre to ``point`` (choice "gather": every figure
                                     closes on ``point``)
  fire (figure, target=unit)         Shooting
  fire_unit (unit, target=unit)      Shooting: every figure that may fire does
  assault (unit, target=unit)        Assaults
  end_phase
"""

from __future__ import annotations

from math import hypot

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.keys import FigureMark, StateKey
from game.core.state import DESTROYED, FLED, Figure, Unit
from game.data.pyd import validate_part
from game.data.terrain_types import TerrainFile
from game.geometry.collider import Collider
from game.rulesets.base import RulesetBase
from game.rulesets.great_war_54mm.ai import GreatWarPlanner
from game.rulesets.great_war_54mm.combat import GreatWarCombat
from game.rulesets.great_war_54mm.commands import GreatWarCommands
from game.rulesets.great_war_54mm.data import GWData, GwSettings
from game.rulesets.great_war_54mm.editor import GreatWarEditor
from game.rulesets.great_war_54mm.odds import GreatWarOdds
from game.rulesets.great_war_54mm.solo import GreatWarSolo
from game.rulesets.great_war_54mm.status import GwFigAttr, GwFigMark, GwGameAttr, GwUnitMark
from game.rulesets.movement import MovePlan, plan_move
from game.solo.keys import SoloKey
from game.solo.tables import Profile

# ---- data model ---------------------------------------------------------------------


class GreatWar54(RulesetBase[GWData]):
    id = "great-war-54mm"
    Data = GWData
    phases = ("rally", "movement", "shooting", "assaults")
    #: distances are base edge to base edge (interpretation distances)
    measure_from = "edge"
    #: 2: distances measured base edge to base edge; a lone figure's activation; every
    #: assault hit is a casualty, for both sides; a mortar fires at what it sees (observed
    #: fire is an optional rule); a figure standing in the wire steps off it; 3: wire met in
    #: the enemy's turn is crossed in the side's own next turn; a solo counter's hit on a
    #: crewed weapon already hit that turn is ignored; 4: the solo risk factors count a unit routed by its own rule as retiring, and no 'advancing' for a unit that held
    rules_version = 5  # 5: solo risk factors: an HMG is not heavy fire, a unit that ran is not advancing, a destroyed crew counts as a firefight's losses (reading solo-support)
    Listing = GreatWarCommands
    Odds = GreatWarOdds
    Planner = GreatWarPlanner
    Editor = GreatWarEditor

    def __init__(self, data: GWData, terrain: TerrainFile) -> None:
        self.combat = GreatWarCombat(self)
        self.solo_rules = GreatWarSolo(self)
        super().__init__(data, terrain)

    def command_owners(self) -> tuple[object, ...]:
        return (self, self.combat)

    # ---- data checks -------------------------------------------------------------
    @classmethod
    def check_data(cls, data: GWData, doc) -> None:
        for tid, tt in data.troop_types.items():
            for i, w in enumerate(tt.weapons):
                if w not in data.weapons:
                    raise doc.error(("troop_types", tid, "weapons", i), f"unknown weapon '{w}'; expected one of: {', '.join(data.weapons)}")
        if tuple(data.phases) != cls.phases:
            raise doc.error(("phases",), f"the phases of this ruleset are {list(cls.phases)}")

    def check_map(self, doc, m) -> None:
        sides = {s.id for s in m.sides}
        for k in m.settings:
            if k != "artillery":
                raise doc.error(("settings", k), f"unknown setting '{k}' for the Great War in 54mm; expected: artillery")
        art = validate_part(GwSettings, doc, ("settings",), m.settings).artillery
        if art is not None and art not in sides:
            raise doc.error(("settings", "artillery"), f"artillery must name a side ({', '.join(sorted(sides))})")
        for si, s in enumerate(m.sides):
            for ui, u in enumerate(s.units):
                if u.kind == "crew" and not any(self.data.troop_types[f.type].role == "gun" for f in u.figures):
                    raise doc.error(("sides", si, "units", ui), "a crew unit needs a gun figure (hmg or mortar)")

    # ---- what a unit is for the solo rules -------------------------------------------
    def profile(self, game: Game, unit: Unit) -> Profile:
        p = super().profile(game, unit)
        p.support_weapon = self.is_crew(unit)
        return p

    def routed(self, game: Game, unit: Unit) -> bool:
        """Running, for the solo rules' risk factors."""
        return bool(unit.markers.get(GwUnitMark.RUNNING))

    def moved_lately(self, game: Game, fig: Figure) -> bool:
        """Moved this turn or in its side's last turn (the solo rules' "stationary in hard
        cover"): ``GwFigAttr.MOVED_LAST_TURN`` is noted at each side's start."""
        return bool(fig.markers.get(FigureMark.MOVED) or fig.attrs.get(GwFigAttr.MOVED_LAST_TURN))

    # ---- small helpers -------------------------------------------------------------
    def is_crew(self, unit: Unit) -> bool:
        return unit.kind == "crew"

    def leader(self, game: Game, unit_id: str) -> Figure | None:
        figs = self.alive(game, unit_id)
        for role in ("officer", "nco"):
            for f in figs:
                if self.troop(f).role == role:
                    return f
        return None

    def has_officer(self, game: Game, unit_id: str) -> bool:
        return any(self.troop(f).role == "officer" for f in self.alive(game, unit_id))

    def nearest_enemy_distance(self, game: Game, fig: Figure, at: tuple[float, float]) -> float:
        """How far the nearest enemy figure would be from ``fig`` standing at ``at``."""
        return min((self.apart(fig, e, at=at) for e in self.enemy_figures(game, fig.side)), default=float("inf"))

    def artillery_side(self, game: Game) -> str | None:
        return game.state.attrs.get(StateKey.SETTINGS, {}).get("artillery")

    # ---- turn structure -------------------------------------------------------------
    def on_side_start(self, game: Game) -> None:
        st = game.state
        for f in st.side_figures(st.active_side):
            f.attrs[GwFigAttr.MOVED_LAST_TURN] = bool(f.markers.get(FigureMark.MOVED))
            f.markers.pop(FigureMark.MOVED, None)
            f.markers.pop(GwFigMark.WIRE_TURN, None)  # its following turn: wire it stopped at may be crossed
            f.markers.pop(GwFigMark.SHOT, None)
            f.markers.pop(GwFigMark.MOVED_MM, None)
        for u in st.side_units(st.active_side):
            for k in (GwUnitMark.MOVE_ALLOWANCE, GwUnitMark.ACTIVATION, GwUnitMark.ASSAULTED):
                u.markers.pop(k, None)
        st.attrs.pop(GwGameAttr.BOMBARDED_THIS_TURN, None)

    def on_phase_start(self, game: Game) -> None:
        st = game.state
        side = st.active_side
        game.emit("phase", f"{st.sides[side].name}: {self.phase_name(st.phase)} phase.")
        if st.phase == "rally":
            for u in st.side_units(side):
                if st.unit_alive(u.id) and (u.markers.get(GwUnitMark.PINNED) or u.markers.get(GwUnitMark.RUNNING)):
                    self.rally(game, u)
        elif st.phase == "movement":
            for u in st.side_units(side):
                if st.unit_alive(u.id) and u.markers.get(GwUnitMark.RUNNING) and u.markers.get(SoloKey.CHART_ROUT) != st.turn:
                    self.run(game, u, "keeps running")  # (a chart Rout ran already this turn)
        elif st.phase == "shooting":
            for u in st.units.values():
                u.markers.pop(GwUnitMark.CASUALTIES_PHASE, None)

    def on_phase_end(self, game: Game) -> None:
        st = game.state
        if st.phase == "shooting":
            for u in list(st.units.values()):
                n = u.markers.pop(GwUnitMark.CASUALTIES_PHASE, 0)
                if n and st.unit_alive(u.id) and not self.is_crew(u):
                    self.morale_test(game, u, f"lost {n} to shooting")

    # ---- morale ---------------------------------------------------------------------
    def morale_target(self, game: Game, unit: Unit) -> tuple[int, list[tuple[str, int]]]:
        n = len(self.alive(game, unit.id))
        mods = [("figures remaining", n)]
        if self.has_officer(game, unit.id):
            mods.append(("officer", self.data.morale.officer_bonus))
        return sum(v for _, v in mods), mods

    def morale_roll(self, game: Game, unit: Unit, why: str) -> bool:
        """Roll a unit's morale test (whether it passes; nothing follows from it here)."""
        target, mods = self.morale_target(game, unit)
        roll = game.dice.roll(
            self.data.morale.die, f"{unit.name} morale test ({why})",
            target=f"<= {target}", modifiers=mods[1:], units=[unit.id], cuts=(target + 1,),
        )
        passed = roll.value <= target
        roll.outcome = "passed" if passed else "failed"
        return passed

    def morale_test(self, game: Game, unit: Unit, why: str) -> bool:
        """A morale test and what failing it does (pinned, then running)."""
        passed = self.morale_roll(game, unit, why)
        if not passed:
            self.fail_morale(game, unit)
        return passed

    def fail_morale(self, game: Game, unit: Unit) -> None:
        if self.is_crew(unit):
            self.pin_crew(game, unit, "failed its morale test")
            return
        if unit.markers.get(GwUnitMark.RUNNING):
            game.emit("status", f"{unit.name} fails again while running and runs on.", units=[unit.id])
            self.run(game, unit, "runs again")
        elif unit.markers.get(GwUnitMark.PINNED):
            unit.markers[GwUnitMark.RUNNING] = True
            self.routed_by_rule(game, unit)
            game.emit("status", f"{unit.name} was pinned and fails again: it runs!", units=[unit.id])
            self.run(game, unit, "runs")
        else:
            unit.markers[GwUnitMark.PINNED] = True
            game.emit("status", f"{unit.name} is pinned: no advancing or shooting until rallied.", units=[unit.id])

    def pin_crew(self, game: Game, unit: Unit, why: str, by_unit: str | None = None) -> None:
        """Pin a crewed weapon; a pinned one is destroyed (``by_unit``: the unit whose hit
        did it, credited with the crew's loss for the solo rules' firefight)."""
        if unit.markers.get(GwUnitMark.PINNED):
            self.destroy_unit(game, unit, f"{unit.name} is pinned a second time ({why}) and is destroyed.", by_unit)
        else:
            unit.markers[GwUnitMark.PINNED] = True
            game.emit("status", f"{unit.name} {why}: pinned.", units=[unit.id])

    def destroy_unit(self, game: Game, unit: Unit, text: str, by_unit: str | None = None) -> None:
        """Every figure of ``unit`` destroyed: its losses (and ``by_unit``'s casualties
        inflicted, when a unit did it) recorded for the solo rules' firefights, as a
        casualty's are (:meth:`remove_figures`)."""
        figs = self.alive(game, unit.id)
        self.note_losses(game, unit.id, len(figs), by_unit)
        for f in figs:
            f.life = DESTROYED
        unit.markers = {GwUnitMark.DESTROYED: True}
        game.emit("casualty", text, units=[unit.id], figures=list(unit.figures))

    def rally(self, game: Game, unit: Unit) -> None:
        if self.is_crew(unit):
            c = self.data.crewed
            roll = game.dice.roll(c.rally_die, f"{unit.name} (crewed weapon) rallies", target=f"{c.rally_on}+", units=[unit.id])
            ok = roll.value >= c.rally_on
        else:
            target, mods = self.morale_target(game, unit)
            roll = game.dice.roll(
                self.data.morale.die, f"{unit.name} rally test", target=f"<= {target}",
                modifiers=mods[1:], units=[unit.id],
            )
            ok = roll.value <= target
        roll.outcome = "rallied" if ok else "stays " + ("running" if unit.markers.get(GwUnitMark.RUNNING) else "pinned")
        if ok:
            unit.markers.pop(GwUnitMark.PINNED, None)
            unit.markers.pop(GwUnitMark.RUNNING, None)
            game.emit("status", f"{unit.name} rallies.", units=[unit.id])

    # ---- casualties -----------------------------------------------------------------
    def remove_figures(self, game: Game, unit: Unit, figs: list[Figure], cause: str, by_unit: str | None = None) -> None:
        self.note_losses(game, unit.id, len(figs), by_unit)
        for f in figs:
            f.life = "dead"
            game.emit("casualty", f"{f.name} of {unit.name} is a casualty ({cause}).", figures=[f.id], units=[unit.id])
        if not game.state.unit_alive(unit.id):
            unit.markers = {GwUnitMark.DESTROYED: True}
            game.emit("casualty", f"{unit.name} is wiped out.", units=[unit.id])

    def nearest_first(self, figs: list[Figure], near: list[Figure] | list[tuple[float, float]]) -> list[Figure]:
        """``figs`` nearest first to any of ``near`` (figures, or points)."""
        def key(f: Figure) -> tuple[float, str]:
            return (min(self.apart(f, p) for p in near), f.id)

        return sorted(figs, key=key)

    # ---- running --------------------------------------------------------------------
    def run(self, game: Game, unit: Unit, verb: str) -> None:
        roll = game.dice.roll(self.data.run_dice, f"{unit.name} {verb}", units=[unit.id])
        dist = self.mm(roll.total)
        roll.outcome = f"runs {roll.total}\""
        for f in self.alive(game, unit.id):
            home = self.home_edge_point(game, f)
            if self.dist(f.pos, home) < 1e-6:
                continue
            # toward the edge, the run's inches of move: wire it met in an earlier turn is
            # crossed free and the rest measured from its far side (reading wire)
            plan = plan_move(self, game, f, [home], budget=dist, strict=False)
            self.place(game, f, plan)
            if plan.stopped_by is None and self.dist(f.pos, home) < f.radius + 1e-6:
                f.life = FLED
                game.emit("status", f"{f.name} of {unit.name} runs off the table.", figures=[f.id], units=[unit.id])

    # ---- movement ---------------------------------------------------------------------
    def place(self, game: Game, f: Figure, plan: MovePlan) -> None:
        if plan.length > 1e-6:
            end = plan.path[-1]
            f.facing = self.heading(f.pos, end)
            f.x, f.y = end
            f.markers[FigureMark.MOVED] = True
            f.markers[GwFigMark.MOVED_MM] = f.markers.get(GwFigMark.MOVED_MM, 0.0) + plan.cost
        if plan.length > 1e-6:
            f.markers.pop(GwFigMark.AT_WIRE, None)
            f.markers.pop(GwFigMark.WIRE_TURN, None)
        if plan.stopped_at_wire:
            f.markers[GwFigMark.AT_WIRE] = plan.stopped_at_wire
            f.markers[GwFigMark.WIRE_TURN] = game.state.turn
            game.emit("move", f"{f.name} stops at the barbed wire.", figures=[f.id])

    def free_wire(self, game: Game, fig: Figure) -> str | None:
        """Barbed Wire: "all movement stops at barbed wire, starting again on the far side
        in the following turn": the wire the figure stopped at in an earlier turn, which it
        now crosses without it costing any of its move; or the wire it stands in (set up
        there, or left there by a move over it), which it has met already and may step off
        either way, the part in the wire costing nothing (interpretation wire)."""
        wire = fig.markers.get(GwFigMark.AT_WIRE)
        if wire is not None:
            return None if GwFigMark.WIRE_TURN in fig.markers else wire
        return next((ft.id for ft in game.table.features_at(fig.pos) if ft.type.id == "wire"), None)

    def movement_mode(self, unit: Unit) -> str:
        """'advance', 'no_advance' (may not end nearer the enemy) or 'regroup'."""
        act = unit.markers.get(GwUnitMark.ACTIVATION)
        if unit.markers.get(GwUnitMark.PINNED):
            return "no_advance" if act != "regroup" else "regroup"
        return act if act in ("advance", "regroup") else "no_advance"

    def check_activate(self, game: Game, cmd: Command) -> None:
        self._check_can_roll_move(game, cmd)
        unit = game.state.units[cmd.unit_id]
        require(not unit.markers.get(GwUnitMark.PINNED), f"{unit.name} is pinned: it may not advance until rallied (it may still roll to move without advancing).")

    def check_roll_move(self, game: Game, cmd: Command) -> None:
        self._check_can_roll_move(game, cmd)

    def _check_can_roll_move(self, game: Game, cmd: Command) -> None:
        require(game.state.phase == "movement", "Units roll for movement in the Movement phase.")
        require(cmd.unit is not None, "Choose a unit.")
        unit = game.state.units[cmd.unit_id]
        require(game.state.unit_alive(unit.id), f"{unit.name} has no figures left.")
        require(not unit.markers.get(GwUnitMark.RUNNING), f"{unit.name} is running and cannot be moved until rallied.")
        require(GwUnitMark.MOVE_ALLOWANCE not in unit.markers, f"{unit.name} has already rolled for movement this phase.")

    def activation_spread_in(self, game: Game, unit_id: str) -> float | None:
        """Movement: "the greatest number of inches between any two figures in the unit",
        base edge to base edge (interpretation distances); None for a unit of one figure,
        which has no two figures to measure between and needs no activation roll
        (interpretation activation-lone-figure)."""
        figs = self.alive(game, unit_id)
        return self.in_units(self.spread(figs)) if len(figs) >= 2 else None

    def activation_regroups(self, game: Game, spread_in: float | None, d10: int) -> bool:
        """Whether an activation d10 leaves the unit only regrouping (the solo AI weighs
        its chance with this same test)."""
        if spread_in is None:
            return False
        if self.option(game, "activation_spread"):
            return spread_in > d10 + 1e-9
        return d10 > spread_in + 1e-9

    def apply_activate(self, game: Game, cmd: Command) -> None:
        unit = game.state.units[cmd.unit_id]
        spread_in = self.activation_spread_in(game, unit.id)
        if spread_in is None:
            unit.markers[GwUnitMark.ACTIVATION] = "advance"
            game.emit("info", f"{unit.name} is a single figure: with no spread to measure it advances without the activation roll.",
                      units=[unit.id])
            self._roll_allowance(game, unit)
            return
        roll = game.dice.roll(
            self.data.activation_die, f"{unit.name} activation", units=[unit.id],
            target=(f"<= {spread_in:.1f}\" (greatest spread)" if not self.option(game, "activation_spread")
                    else f">= {spread_in:.1f}\" (greatest spread)"),
        )
        regroup = self.activation_regroups(game, spread_in, roll.value)
        unit.markers[GwUnitMark.ACTIVATION] = "regroup" if regroup else "advance"
        leader = self.leader(game, unit.id)
        if regroup:
            who = leader.name.lower() if leader else None
            roll.outcome = f"regroup only: figures may only close on the {who}, who stays still" if who else "regroup: no officer or sergeant, the unit may not move"
        else:
            roll.outcome = "activated: may advance"
        self._roll_allowance(game, unit)

    def apply_roll_move(self, game: Game, cmd: Command) -> None:
        unit = game.state.units[cmd.unit_id]
        unit.markers[GwUnitMark.ACTIVATION] = unit.markers.get(GwUnitMark.ACTIVATION) or "none"
        self._roll_allowance(game, unit)

    def _roll_allowance(self, game: Game, unit: Unit) -> None:
        roll = game.dice.roll(self.data.movement_dice, f"{unit.name} movement", units=[unit.id])
        roll.outcome = f"may move {roll.total}\""
        unit.markers[GwUnitMark.MOVE_ALLOWANCE] = self.mm(roll.total)

    def remaining_move(self, unit: Unit, f: Figure) -> float:
        return max(0.0, unit.markers.get(GwUnitMark.MOVE_ALLOWANCE, 0.0) - f.markers.get(GwFigMark.MOVED_MM, 0.0))

    def _move_rules(self, game: Game, unit: Unit, f: Figure, end: tuple[float, float]) -> None:
        mode = self.movement_mode(unit)
        if mode == "regroup":
            leader = self.leader(game, unit.id)
            if leader is None:
                refuse(f"{unit.name} failed its activation and has no officer or sergeant: it may not move.")
            require(f.id != leader.id, f"{leader.name} must stay still while the unit regroups on him.")
            require(self.dist(end, leader.pos) < self.dist(f.pos, leader.pos) - 1e-6,
                    f"{unit.name} failed its activation: figures may only move toward {leader.name}.")
        elif mode == "no_advance":
            before = self.nearest_enemy_distance(game, f, f.pos)
            after = self.nearest_enemy_distance(game, f, end)
            why = "is pinned" if unit.markers.get(GwUnitMark.PINNED) else "was not activated"
            require(after >= before - 1e-6, f"{unit.name} {why}: {f.name} may not move toward the enemy.")

    def check_move(self, game: Game, cmd: Command) -> None:
        require(game.state.phase == "movement", "Figures move in the Movement phase.")
        require(cmd.figure is not None and len(cmd.path) >= 1, "Give the figure and where it goes.")
        f = game.state.figures[cmd.figure_id]
        unit = game.state.units[f.unit]
        require(not unit.markers.get(GwUnitMark.RUNNING), f"{unit.name} is running and cannot be moved until rallied.")
        require(GwUnitMark.MOVE_ALLOWANCE in unit.markers, f"Roll for {unit.name}'s movement first (activate to advance).")
        require(not f.markers.get(GwFigMark.SHOT), f"{f.name} has shot this turn and may not move.")
        budget = self.remaining_move(unit, f)
        require(budget > 1e-6, f"{f.name} has used all of its {self.fmt(unit.markers[GwUnitMark.MOVE_ALLOWANCE])} move.")
        plan = plan_move(self, game, f, list(cmd.path), budget=budget, strict=True)
        if plan.refusal:
            refuse(plan.refusal)
        self._move_rules(game, unit, f, plan.path[-1])

    def apply_move(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure_id]
        unit = game.state.units[f.unit]
        plan = plan_move(self, game, f, list(cmd.path), budget=self.remaining_move(unit, f), strict=True)
        self.place(game, f, plan)
        game.emit("move", f"{f.name} of {unit.name} moves {self.fmt(plan.length)}.", figures=[f.id], units=[unit.id])

    def unit_move_plans(self, game: Game, cmd: Command) -> list[tuple[Figure, MovePlan]]:
        """Each figure's move when the unit moves together. Figures are placed one after
        another, leading figures first, and never onto a base already placed."""
        unit = game.state.units[cmd.unit_id]
        figs = [f for f in self.alive(game, unit.id) if not f.markers.get(GwFigMark.SHOT)]
        others = [(f.id, f.pos, f.radius) for f in game.state.figures.values() if f.alive and f.unit != unit.id]
        goals: list[tuple[Figure, tuple[float, float], float]] = []
        if cmd.choice == "gather":
            leader = self.leader(game, unit.id) if self.movement_mode(unit) == "regroup" else None
            figs.sort(key=lambda f: (self.dist(f.pos, cmd.at), f.id))
            for f in figs:
                if leader is not None and f.id == leader.id:
                    continue
                budget = self.remaining_move(unit, f)
                d = self.dist(f.pos, cmd.at)
                step = min(budget, max(0.0, d - (2 * f.radius + self.mm(0.25))))
                if step >= 1e-3:
                    goals.append((f, (f.x + (cmd.at[0] - f.x) * step / d, f.y + (cmd.at[1] - f.y) * step / d), budget))
        else:
            cx, cy = self.unit_centre(game, unit.id)
            vx, vy = cmd.at[0] - cx, cmd.at[1] - cy
            length = hypot(vx, vy)
            if length < 1e-6:
                return []
            figs.sort(key=lambda f: (-(f.x * vx + f.y * vy), f.id))  # the leading figures first
            for f in figs:
                budget = self.remaining_move(unit, f)
                step = min(budget, length)
                if step >= 1e-3:
                    goals.append((f, (f.x + vx * step / length, f.y + vy * step / length), budget))
        moving = {f.id for f, _, _ in goals}
        placed = Collider(game.table, others + [(f.id, f.pos, f.radius) for f in figs if f.id not in moving])
        plans = []
        for f, goal, budget in goals:
            plan = plan_move(self, game, f, [goal], budget=budget, strict=False, collider=placed)
            plans.append((f, plan))
            placed.add_figure(f.id, plan.path[-1], f.radius)
        return plans

    def check_move_unit(self, game: Game, cmd: Command) -> None:
        require(game.state.phase == "movement", "Units move in the Movement phase.")
        require(cmd.unit is not None and cmd.point is not None, "Give the unit and where it goes.")
        unit = game.state.units[cmd.unit_id]
        require(not unit.markers.get(GwUnitMark.RUNNING), f"{unit.name} is running and cannot be moved until rallied.")
        require(GwUnitMark.MOVE_ALLOWANCE in unit.markers, f"Roll for {unit.name}'s movement first (activate to advance).")
        mode = self.movement_mode(unit)
        if mode == "regroup":
            leader = self.leader(game, unit.id)
            if leader is None:
                refuse(f"{unit.name} failed its activation and has no officer or sergeant: it may not move.")
            require(cmd.choice == "gather" and self.dist(cmd.at, leader.pos) < 1e-3,
                    f"{unit.name} failed its activation: it may only close on {leader.name}.")
        plans = self.unit_move_plans(game, cmd)
        require(any(p.length > 1e-3 for _, p in plans), f"No figure of {unit.name} can move there.")
        for f, p in plans:
            if p.length > 1e-3:
                self._move_rules(game, unit, f, p.path[-1])

    def apply_move_unit(self, game: Game, cmd: Command) -> None:
        unit = game.state.units[cmd.unit_id]
        plans = self.unit_move_plans(game, cmd)
        longest = 0.0
        for f, p in plans:
            self.place(game, f, p)
            longest = max(longest, p.length)
        game.emit("move", f"{unit.name} moves up to {self.fmt(longest)}.", units=[unit.id], figures=[f.id for f, _ in plans])

    # ---- hooks the chapters answer ----------------------------------------

    def solo_counter_attack(self, game: Game, kind: str, unit_id: str, at: tuple[float, float] | None=None) -> bool:
        return self.solo_rules.solo_counter_attack(game, kind, unit_id, at)

    def chart_rout(self, game: Game, unit: Unit) -> None:
        self.solo_rules.chart_rout(game, unit)
