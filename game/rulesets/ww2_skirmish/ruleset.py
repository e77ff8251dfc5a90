"""WW2 Skirmish (shared/rules/ww2-skirmish-solo.txt, everything before "Solo rules").

Turn: at the start of each turn, arrivals at portal markers (a hook the solo rules fill);
then each side in turn moves, removes suppression and shoots, in any order, figure by
figure and team by team (the "action" phase), and fights a round of melee at the end of
its turn. The other side may shoot back during that turn with figures that neither moved
nor fired in their own last turn (offered as a decision after each enemy move or shot)
and spots automatically whenever enemies move or fire in its sight. Numbers come from
rulesets/ww2-skirmish.yaml; every reading the text left open is recorded there.

The rules class (with its data-model queries, common.py) holds a chapter for each part
of the text: spot.py (spotting, the per-side view), move.py (moving on foot, carrying,
scouts), teams.py and formation.py (fire teams), morale.py, fire.py (one figure's shot),
team_fire.py (whole-team shots, volleys), effects.py (what a hit does), react.py
(reactive fire), vehicles.py (movement, crews, passengers), guns.py (guns, anti-tank
weapons, damage), blast.py (grenades, mortars, smoke, HE, flamethrowers), demolition.py,
melee.py, solo.py (the solo counters, the AFV chart). commands.py lists the legal
commands and the sidebar; odds.py the odds; ai.py the solo AI's planner.

Commands (fields; options are named, read through options.Ww2Options):
  move (figure, path)                     a figure (or a vehicle) moves
  move_unit (unit, point | choice=regroup|dispersed) the fire team (or vehicle) moves together
  spot (figure)                           try to spot (once a turn)
  fire (figure, target=unit, options shot[, weapon][, as=rifle|smg][, at=occupants])
  fire_team (unit, target, options shot)  every member that can fires that shot
  volley (unit, target)                   a team unable to hit individually fires together
  blast (figure, target=figure | point, options weapon[, round=he|smoke|wp])
  fire_gun / fire_at (figure, target=figure, options weapon)
  flame (figure, target=unit)             flamethrower at infantry
  ready (figure, options weapon)          save actions for a gun, launcher or charge
  remove_suppression (unit)
  carry / drop (figure[, target])         pick up / put down a disabled comrade
  embark (unit, target=vehicle) / disembark (unit) / abandon (figure=vehicle)
  pivot (figure=vehicle, point) / hatch (figure=vehicle)
  post (figure, target=bunker, options weapon) / demolish (figure, target=feature)
  scout (figure) / rejoin (unit) / transfer (figure, target=unit)
  hold_fire (decision: the reacting side lets the enemy move on)
  end_phase
"""

from __future__ import annotations

from game.core.commands import Command
from game.core.game import Game
from game.core.keys import FigureMark, StateKey, decision_record
from game.core.state import Figure, GameState, Marker, Unit
from game.data.map_schema import MapFile
from game.data.pyd import validate_part
from game.data.terrain_types import TerrainFile
from game.rulesets.movement import MovePlan
from game.rulesets.ww2_skirmish.afv_orders import Ww2AfvOrders
from game.rulesets.ww2_skirmish.ai import Ww2Planner
from game.rulesets.ww2_skirmish.blast import Ww2Blasts
from game.rulesets.ww2_skirmish.commands import Ww2Commands
from game.rulesets.ww2_skirmish.common import ABANDONED, Ww2Common
from game.rulesets.ww2_skirmish.data import Ww2Data, figure_cost
from game.rulesets.ww2_skirmish.data_checks import Ww2Settings, check_ww2_cohesion, check_ww2_data
from game.rulesets.ww2_skirmish.demolition import Ww2Demolition
from game.rulesets.ww2_skirmish.editor import Ww2Editor
from game.rulesets.ww2_skirmish.effects import Ww2Effects
from game.rulesets.ww2_skirmish.fire import Ww2Firing
from game.rulesets.ww2_skirmish.flight import Ww2Flight
from game.rulesets.ww2_skirmish.formation import Ww2Formation
from game.rulesets.ww2_skirmish.guns import Ww2Guns
from game.rulesets.ww2_skirmish.melee import Ww2Melee
from game.rulesets.ww2_skirmish.morale import Ww2Morale
from game.rulesets.ww2_skirmish.move import Ww2Moving
from game.rulesets.ww2_skirmish.odds import Ww2Odds
from game.rulesets.ww2_skirmish.react import Ww2Reactions
from game.rulesets.ww2_skirmish.solo import Ww2Solo
from game.rulesets.ww2_skirmish.spot import Ww2Spotting
from game.rulesets.ww2_skirmish.status import (
    Ww2CloudAttr,
    Ww2FigAttr,
    Ww2FigMark,
    Ww2GameAttr,
    Ww2UnitAttr,
    Ww2UnitMark,
)
from game.rulesets.ww2_skirmish.team_fire import Ww2TeamFire
from game.rulesets.ww2_skirmish.teams import Ww2Teams
from game.rulesets.ww2_skirmish.vehicles import Ww2Vehicles
from game.solo.goals import defends
from game.solo.tables import Profile

FIRE_KINDS = frozenset({"fire", "fire_team", "volley", "blast", "fire_gun", "fire_at", "flame"})
# figure markers that last one side-turn (actions and move actions last the whole game turn)
PER_SIDE_TURN = (FigureMark.MOVED, Ww2FigMark.FIRED, Ww2FigMark.SPOT_USED, Ww2FigMark.MOVE_ACTION, Ww2FigMark.LEG_MM, Ww2FigMark.ROUGH_PAID,
                 Ww2FigMark.MOVED_MM, Ww2FigMark.NO_MOVE, Ww2FigMark.PIVOTED, Ww2FigMark.HATCH_USED, Ww2FigMark.V_HALVED, Ww2FigMark.V_ROUGH,
                 Ww2FigMark.V_OFFROAD)
PER_TURN = (Ww2FigMark.USED, Ww2FigMark.AR_MODE, Ww2FigMark.MG_USED)


class Ww2Skirmish(Ww2Common):
    id = "ww2-skirmish"
    #: the table's roads, worked out from the table alone
    shared_stores = Ww2Common.shared_stores + ("roads",)
    measure_from = "edge"  # interpretation "distances": base edge to base edge
    Data = Ww2Data
    phases = ("action",)
    phase_names = {"action": "Move and shoot"}
    hidden_information = True
    rules_version = 4  # 2: mortars save actions; a belt-fed MG firing together may not move; +6 and +4 add up; a fourth suppression makes no test; a stunned crew does nothing; routers flee at their own speed; 3: a stunned open vehicle's crew may not shoot, the chart's Rout at each figure's speed, the sniper counter's single/dispersed shift, a wrecked weapon is AFV damage, a towed gun's HE is not heavy fire, the solo risk factors count a unit routed by its own rule as retiring, and no 'advancing' for a unit that held; 4: a hull MG fires only to the front, no demolition by a team that may not fire, no reaction spotting by a stunned crew, heard troops known to the end of the listeners' next turn, getting in by each man's own move, the jeep's gunner, a unit routed by its morale test is on a Rout order (not advancing), no binoculars through slits or for troops only heard
    Listing = Ww2Commands
    Odds = Ww2Odds
    Planner = Ww2Planner
    Editor = Ww2Editor
    reactive_kinds = FIRE_KINDS
    map_unit_attrs = {Ww2UnitAttr.IN_VEHICLE: str}  # the vehicle the unit starts aboard

    # the rules procedures, a chapter each as the text divides them
    listing: Ww2Commands
    odds_part: Ww2Odds

    def __init__(self, data: Ww2Data, terrain: TerrainFile) -> None:
        self.solo_rules = Ww2Solo(self)
        self.afv = Ww2AfvOrders(self)
        self.melee = Ww2Melee(self)
        self.blasts = Ww2Blasts(self)
        self.demolition = Ww2Demolition(self)
        self.vehicles = Ww2Vehicles(self)
        self.guns = Ww2Guns(self)
        self.reactions = Ww2Reactions(self)
        self.firing = Ww2Firing(self)
        self.effects = Ww2Effects(self)
        self.team_fire = Ww2TeamFire(self)
        self.morale = Ww2Morale(self)
        self.formation = Ww2Formation(self)
        self.teams = Ww2Teams(self)
        self.moving = Ww2Moving(self)
        self.flight = Ww2Flight(self)
        self.spotting = Ww2Spotting(self)
        super().__init__(data, terrain)

    def command_owners(self) -> tuple[object, ...]:
        return (self, self.moving, self.spotting, self.firing, self.team_fire, self.blasts, self.demolition, self.vehicles, self.guns, self.teams, self.formation,
                self.morale, self.reactions, self.odds_part)

    # ---- data and maps --------------------------------------------------------------------------
    @classmethod
    def check_data(cls, data: Ww2Data, doc) -> None:
        check_ww2_data(data, doc)

    def check_playable_map(self, doc, m: MapFile) -> None:
        check_ww2_cohesion(self.data, doc, m)

    def check_map(self, doc, m: MapFile) -> None:
        known = {"demolition_targets", "radio_net"}
        for k in m.settings:
            if k not in known:
                raise doc.error(("settings", k), f"unknown setting '{k}' for WW2 Skirmish; expected one of: {', '.join(sorted(known))}")
        ids = {t.id for t in m.terrain if t.id}
        settings = validate_part(Ww2Settings, doc, ("settings",), m.settings)
        for i, t in enumerate(settings.demolition_targets):
            if t not in ids:
                raise doc.error(("settings", "demolition_targets", i), f"'{t}' is not the id of a terrain feature of this map")
        sides = [s.id for s in m.sides]
        for i, sid in enumerate(settings.radio_net):
            if sid not in sides:
                raise doc.error(("settings", "radio_net", i), f"'{sid}' is not a side of this map; expected one of: {', '.join(sides)}")
        vehicles: dict[str, tuple[str, int]] = {}
        riders: dict[str, int] = {}
        for si, s in enumerate(m.sides):
            for ui, u in enumerate(s.units):
                loc = ("sides", si, "units", ui)
                tts = [self.data.troop_types[f.type] for f in u.figures]
                nveh = sum(1 for t in tts if t.vehicle is not None)
                if nveh and (nveh > 1 or len(tts) > 1):
                    raise doc.error(loc, "a vehicle is a unit of its own: its crew comes with it (see its vehicle type)")
                for fi, f in enumerate(u.figures):
                    tt = self.data.troop_types[f.type]
                    if tt.vehicle is not None:
                        vehicles[f.id or f"{u.id}.{fi + 1}"] = (s.id, tt.vehicle.capacity)
                guns = sum(1 for t in tts if t.role == "gun")
                if guns > 1:
                    raise doc.error(loc, "a gun team has one gun")
                fighters = sum(1 for t in tts if t.vehicle is None and t.role != "gun")
                if not nveh and fighters > 4:
                    raise doc.error(loc, f"a fire team has 2-4 figures (this one has {fighters}); split it into fire teams")
        for si, s in enumerate(m.sides):
            for ui, u in enumerate(s.units):
                vid = u.attrs.get(Ww2UnitAttr.IN_VEHICLE)
                if vid is None:
                    continue
                ride_loc = ("sides", si, "units", ui, "attrs", Ww2UnitAttr.IN_VEHICLE)
                if vid not in vehicles:
                    raise doc.error(ride_loc, f"'{vid}' is not a vehicle figure of this map (vehicle figures are <unit id>.1)")
                side, cap = vehicles[vid]
                if side != s.id:
                    raise doc.error(ride_loc, f"'{vid}' belongs to the other side")
                riders[vid] = riders.get(vid, 0) + len(u.figures)
                if riders[vid] > cap:
                    raise doc.error(ride_loc, f"'{vid}' carries at most {cap} passengers")

    # ---- set-up ---------------------------------------------------------------------------------------
    def init_state(self, state: GameState, m: MapFile) -> None:
        state.attrs.update({Ww2GameAttr.SIDETURN: 0, Ww2GameAttr.SPOTTED: {s: {} for s in state.side_order}, Ww2GameAttr.AWARE: {},
                            Ww2GameAttr.EVENT_N: 0, Ww2GameAttr.DEMOLISHED: []})
        self.adopt(state)
        for u in state.units.values():
            vid = u.attrs.get(Ww2UnitAttr.IN_VEHICLE)
            if vid:
                v = state.figures[vid]
                for fid in u.figures:
                    f = state.figures[fid]
                    f.attrs[Ww2FigAttr.IN_VEHICLE] = vid
                    f.x, f.y, f.facing = v.x, v.y, v.facing
            u.attrs[Ww2UnitAttr.START_STRENGTH] = len(u.figures)

    def adopt(self, state: GameState) -> None:
        """Give figures new to the game (at set-up, or placed later by the solo rules'
        portal markers) their ammunition and, for vehicles, their crews."""
        for f in list(state.figures.values()):
            if f.attrs.get(Ww2FigAttr.WW2):
                continue
            tt = self.data.troop_types[f.type]
            f.attrs.update({Ww2FigAttr.WW2: True, Ww2FigAttr.GRENADES: tt.grenades, Ww2FigAttr.ROUNDS: tt.rounds,
                            Ww2FigAttr.CHARGES: tt.charges, Ww2FigAttr.REACTIVE_OK: True})
            unit = state.units.get(f.unit)
            if tt.vehicle is None or unit is None:
                continue
            for i, ct_id in enumerate(tt.vehicle.crew):
                ct = self.data.troop_types[ct_id]
                cid = f"{f.id}.c{i + 1}"
                state.figures[cid] = Figure(
                    id=cid, unit=f.unit, side=f.side, type=ct_id, name=f"{ct.name} ({f.name})", x=f.x, y=f.y,
                    facing=f.facing, radius=self.mm(ct.base or self.data.base_diameter) / 2,
                    weapons=list(ct.weapons), equipment=list(ct.equipment),
                    attrs={Ww2FigAttr.WW2: True, Ww2FigAttr.IN_VEHICLE: f.id, Ww2FigAttr.GRENADES: ct.grenades,
                           Ww2FigAttr.ROUNDS: ct.rounds, Ww2FigAttr.CHARGES: ct.charges, Ww2FigAttr.REACTIVE_OK: True})
                unit.figures.append(cid)

    def sync_table(self, game: Game) -> None:
        super().sync_table(game)
        for fid in game.state.attrs.get(Ww2GameAttr.DEMOLISHED, []):
            if fid in game.table:
                game.table.remove_feature(fid)

    # ---- the turn ---------------------------------------------------------------------------------------
    def portal_arrivals(self, game: Game) -> None:
        """"At start of each turn, dice for arrivals at Portal Markers": the solo rules
        place their forces here. Nothing arrives in a game between two players."""

    def on_turn_start(self, game: Game) -> None:
        self.portal_arrivals(game)
        st = game.state
        for f in st.figures.values():
            for k in PER_TURN:
                f.markers.pop(k, None)
        for u in st.units.values():
            u.markers.pop(Ww2UnitMark.MOVE_N, None)
        for f in st.figures.values():
            due = f.markers.get(Ww2FigMark.EXPLODES_TURN)
            if due is not None and st.turn >= due and f.life == ABANDONED:
                f.markers.pop(Ww2FigMark.EXPLODES_TURN)
                self.vehicles.explode(game, f, "its burning ammunition", None)

    def on_side_start(self, game: Game) -> None:
        st = game.state
        side = st.active_side
        st.attrs[Ww2GameAttr.SIDETURN] = self.sideturn(game) + 1
        self.adopt(st)
        st.attrs.pop(Ww2GameAttr.REACTION, None)
        game.emit("phase", f"{st.sides[side].name}: move, remove suppression and shoot.")
        for f in st.side_figures(side, alive_only=False):
            for k in PER_SIDE_TURN:
                f.markers.pop(k, None)
        b = self.data.vehicles.bogging
        for v in st.side_figures(side):
            if self.is_vehicle(v) and v.markers.get(Ww2FigMark.BOGGED):
                roll = game.dice.roll(b.die, f"{v.name} tries to get free", target=f"{b.free_on}+", figures=[v.id])
                ok = roll.value >= b.free_on
                roll.outcome = "free" if ok else "still bogged"
                if ok:
                    v.markers.pop(Ww2FigMark.BOGGED)
        for u in list(st.side_units(side)):
            if self.routing(u) and st.unit_alive(u.id):
                self.rally_or_flee(game, u)
        self.cleanup(game)
        self.spotting.refresh_spotting(game)
        self.afv.roll_side(game)  # the optional rule: every AFV dices on the AFV chart

    def check(self, game: Game, cmd) -> None:
        super().check(game, cmd)
        self.afv.check_bound(game, cmd)  # the optional rule: AFVs keep to their solo order

    def rally_or_flee(self, game: Game, unit: Unit) -> None:
        m = self.data.morale
        alive, start = self.strength(game, unit)
        if alive >= m.rally_strength * start - 1e-9:
            roll = game.dice.roll(m.rally_die, f"{unit.name} tries to rally", target=f"{m.rally_on}", units=[unit.id])
            if roll.value >= m.rally_on:
                roll.outcome = "rallies"
                unit.markers.pop(Ww2UnitMark.ROUTING)
                game.emit("morale", f"{unit.name} rallies.", units=[unit.id])
                return
            roll.outcome = "keeps running"
        else:
            game.emit("morale", f"{unit.name} is below half strength: it cannot rally.", units=[unit.id])
        moves = {f.id: min(self.max_actions(f), self.data.movement.max_move_actions) for f in st_figs(game, unit)}
        for f in st_figs(game, unit):
            f.markers[Ww2FigMark.USED] = self.max_actions(f)
        for i in range(self.data.movement.max_move_actions):  # L92: all their actions, at full speed (at most 2 moves, L44)
            if not self.fighters(game, unit.id):
                break
            self.flight.move_away(game, unit, None, "flees", only={fid for fid, n in moves.items() if n > i})

    def on_side_end(self, game: Game) -> None:
        st = game.state
        side = st.active_side
        self.melee.melee_round(game)
        for f in st.side_figures(side, alive_only=False):
            f.attrs[Ww2FigAttr.REACTIVE_OK] = not (f.markers.get(FigureMark.MOVED) or f.markers.get(Ww2FigMark.FIRED))
            if self.is_vehicle(f):
                f.attrs[Ww2FigAttr.LAST_MOVE_MM] = f.markers.get(Ww2FigMark.MOVED_MM, 0.0)
        now = self.sideturn(game)
        for cid, c in list(st.clouds.items()):
            if c.attrs.get(Ww2CloudAttr.SIDE) == side and c.attrs.get(Ww2CloudAttr.UNTIL, 0) <= now:
                del st.clouds[cid]
                game.emit("smoke", "The smoke clears.")
        st.attrs.pop(Ww2GameAttr.REACTION, None)
        self.cleanup(game)

    def cleanup(self, game: Game) -> None:
        """Guns and vehicles left without crews are out of action; stopped soft vehicles
        under fire are abandoned."""
        st = game.state
        for f in st.figures.values():
            if not f.alive:
                continue
            if self.is_gun(f) and not any(m.alive and not self.is_gun(m) for m in st.unit_figures(f.unit)):
                f.life = ABANDONED
                game.emit("status", f"{f.name} has no crew left: it is out of action.", figures=[f.id])
            elif self.is_vehicle(f) and not any(c.alive for c in self.crew(game, f)):
                f.life = ABANDONED
                game.emit("status", f"{f.name} has no crew left in action: it is out of action.", figures=[f.id])
        self.vehicles.auto_abandon(game)

    def apply(self, game: Game, cmd) -> None:
        deciding = self.decision(game) is not None
        super().apply(game, cmd)
        self.adopt(game.state)
        if deciding and cmd.kind in FIRE_KINDS and self.decision(game) is None and not game.state.over:
            self.reactions.continue_reaction(game, cmd.side)

    # ---- points ---------------------------------------------------------------------------------------------
    def figure_points(self, f: Figure) -> int:
        return figure_cost(self.data, self.tt(f), f.weapons)

    def force_points(self, game: Game, side: str) -> dict:
        """Points of a side's force (figure costs of the text; vehicles and their crews
        as recorded in the interpretations): the total at the start and what is still in
        action, with each unit's points."""
        st = game.state
        total = in_action = 0
        units = {}
        for u in st.side_units(side):
            pts = sum(self.figure_points(st.figures[fid]) for fid in u.figures)
            live = sum(self.figure_points(st.figures[fid]) for fid in u.figures if st.figures[fid].alive)
            units[u.id] = {"name": u.name, "points": pts, "in_action": live}
            total += pts
            in_action += live
        return {"side": side, "total": total, "in_action": in_action, "units": units}

    # ---- the solo rules' view of a unit ------------------------------------------------------------------------
    def profile(self, game: Game, unit: Unit) -> Profile:
        """The team as the solo rules see it (worked out once per reading: read, not
        changed, by its callers)."""
        return self.recall(game, ("profile", unit.id), lambda: self._profile(game, unit))

    def in_position(self, game: Game, unit: Unit) -> bool:
        """Most of the team in a building, bunker, trench, wood or behind a wall or hedge
        (terrain giving cover where it stands): a position it defends."""
        figs = self.fighters(game, unit.id)
        return bool(figs) and sum(1 for f in figs if any(ft.type.cover != "none" for ft in game.table.features_at(f.pos))) * 2 > len(figs)

    def holds_position(self, game: Game, unit: Unit) -> bool:
        """A defending team holds any position that gives it cover where it stands, not only
        a trench, bunker or building (interpretation defenders)."""
        return defends(game, unit.side) and self.in_position(game, unit)

    def routed(self, game: Game, unit: Unit) -> bool:
        """Routing, for the solo rules' risk factors."""
        return self.routing(unit)

    def _profile(self, game: Game, unit: Unit) -> Profile:
        prof = super().profile(game, unit)
        figs = game.state.unit_figures(unit.id)
        v = self.unit_vehicle(game, unit.id)
        prof.routing = self.routing(unit)
        prof.vehicle = v is not None  # a soft-skin too: the AFV chart (interpretation solo-soft-skins)
        prof.at_gun = self.unit_gun(game, unit.id) is not None
        # "support weapons on tripods, AT guns etc": tripod MGs and the medium mortars on their
        # baseplates (not bipod LMGs, nor the light mortars of the platoon: support-weapons)
        support = False
        for f in figs:
            on_foot = not self.is_vehicle(f)
            for _, w in self.weapons_of(f):
                support = support or (on_foot and ((w.category == "mortar" and w.range == "mortar") or (w.category == "mg" and w.tripod)))
        prof.support_weapon = support
        prof.one_action = bool(figs) and all(self.tt(f).actions == 1 for f in figs if not self.is_vehicle(f) and not self.is_gun(f))
        if v is not None:
            lost = sum(1 for c in game.state.unit_figures(unit.id, alive_only=False) if not c.alive and c.id != v.id)
            prof.damaged = bool(v.markers.get(Ww2FigMark.IMMOBILE) or v.markers.get(Ww2FigMark.WRECKED) or v.markers.get(Ww2FigMark.OPTICS) or lost)
        return prof

    def ask(self, game: Game, side: str, prompt: str, options) -> None:
        """As the base, but the prompt is logged for the choosing side only: that it may
        shoot tells the other side where its hidden figures are."""
        game.state.attrs[StateKey.DECISION] = decision_record(side, prompt, options)
        game.emit("decision", f"{game.state.sides[side].name} must choose: {prompt}", side=side, visible_to=[side])

    def describe_command(self, game: Game, cmd) -> str:
        return f"{game.state.sides[cmd.side].name}: {self.listing.command_words(game, cmd)}"

    # ---- hooks the chapters answer ----------------------------------------

    def afv_situation(self, game: Game, unit: Unit) -> dict[str, int]:
        return self.solo_rules.afv_situation(game, unit)

    def audience(self, game: Game, figures: list[str], units: list[str]) -> list[str] | None:
        return self.spotting.audience(game, figures, units)

    def chart_rout(self, game: Game, unit: Unit) -> None:
        self.solo_rules.chart_rout(game, unit)

    def immobile(self, game: Game, unit: Unit) -> bool:
        return self.vehicles.immobile(game, unit)

    def known_enemies(self, game: Game, side: str) -> list[Figure]:
        return self.listing.known_enemies(game, side)

    def move_budget(self, game: Game, fig: Figure) -> float:
        return self.moving.move_budget(game, fig)

    def solo_counter_attack(self, game: Game, kind: str, unit_id: str, at: tuple[float, float] | None=None) -> bool:
        return self.solo_rules.solo_counter_attack(game, kind, unit_id, at)

    def solo_placed(self, game: Game, unit: Unit) -> None:
        self.solo_rules.solo_placed(game, unit)

    def counter_contact(self, game: Game, marker: Marker, figures: list[Figure]) -> list[Figure]:
        return self.solo_rules.counter_contact(game, marker, figures)

    def unit_move_plans(self, game: Game, cmd: Command) -> list[tuple[Figure, MovePlan]]:
        return self.formation.move_plans(game, cmd)

    def view(self, game: Game, side: str | None) -> GameState:
        return self.spotting.view(game, side)

    def hides_from(self, game: Game, side: str) -> bool:
        return self.spotting.hides_from(game, side)


def st_figs(game: Game, unit: Unit) -> list[Figure]:
    return game.state.unit_figures(unit.id)
