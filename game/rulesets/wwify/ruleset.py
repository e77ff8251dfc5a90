"""WWIFY AR:SE: World War 1 Fantasy, AKULA's Rules: Skirmish Edition
(shared/rules/wwify-arse.txt; numbers and readings in rulesets/wwify.yaml).

Turn: the six activation cards are shuffled and dealt one at a time. FORCES OF GOOD /
FORCES OF EVIL activate that side's squads, snipers, HMGs and mortars; FLYER, LARGE
CREATURE and VEHICLE (with field guns) activate those of both sides, a d6 each deciding
who goes first; ARTILLERY drops a random (or prepared) barrage on a 1 ft square. At the
end of the turn medics roll, squads still more than half killed test morale, smoke, gas
and the artillery marker go, and the deck is reshuffled. ``state.phase`` is ``card:<ID>`` and ``state.active_side`` the side acting.

Automatic steps that may stop for a player's choice (casualties, capture, rally, medic
saves) run as jobs in ``state.attrs[WwifyGameAttr.QUEUE]``; a job that asks stays first in the queue
until the answer arrives, then play goes on by itself.

Commands:
  move (figure, path)                 move one figure (a flyer or vehicle: one action)
  begin_move (unit)                   start another Move action
  move_unit (unit, point | target, choice None/'gather'/'charge'/'dispersed')
                                      a Move action for the whole unit
  fire (unit, target=unit)            a Fire action (flyers/vehicles: the fire after a move)
  combat (unit)                       a Combat action: the single combat in base contact
  fix (unit, target=vehicle unit)     engineers: Fix Vehicle
  build (unit, choice=site | point)   engineers: Build/Repair Bridge
  pick_up, hand_over, drop_materials  carrying bridging materials (materials.py)
  end_phase                           the acting side has finished with this card
  decisions: pick_casualty (target), capture (target, choice), rally (unit, choice),
             medic_save (target)
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.cards import Deck
from game.core.commands import Command, require
from game.core.game import Game
from game.core.state import Figure, GameState, Unit
from game.data.terrain_types import TerrainFile
from game.geometry.units import to_mm
from game.rulesets.base import RulesetBase
from game.rulesets.jobs import JobQueue
from game.rulesets.movement import MovePlan
from game.rulesets.turn_order import roll_for_order
from game.rulesets.wwify.afv_option import WwAfvOption
from game.rulesets.wwify.ai import WwifyPlanner
from game.rulesets.wwify.artillery import WwArtillery
from game.rulesets.wwify.commands import WwCommands
from game.rulesets.wwify.data import (
    WwData,
    WwifySettings,
    check_wwify_data,
    check_wwify_map,
)
from game.rulesets.wwify.editor import WwEditor
from game.rulesets.wwify.fight import WwFight
from game.rulesets.wwify.materials import WwMaterials, add_pile
from game.rulesets.wwify.move import WwMove
from game.rulesets.wwify.odds import WwifyOdds
from game.rulesets.wwify.orders import WwOrders
from game.rulesets.wwify.solo import WwSolo
from game.rulesets.wwify.solo_view import WwSoloView
from game.rulesets.wwify.status import (
    WwifyFigMark,
    WwifyGameAttr,
    WwifyUnitAttr,
    WwifyUnitMark,
)
from game.rulesets.wwify.support import WwSupport
from game.solo.keys import SoloKey
from game.solo.tables import Profile


class Wwify(RulesetBase[WwData]):
    id = "wwify"
    #: the table's wet ground and the AI's areas and crossings, worked out from the table alone
    shared_stores = RulesetBase.shared_stores + ("wet_area", "wwai_areas", "wwai_crossings")
    Data = WwData
    phases = ("card",)
    Listing = WwCommands
    Odds = WwifyOdds
    Planner = WwifyPlanner
    Editor = WwEditor
    map_unit_attrs = {WwifyUnitAttr.MATERIALS: int}  # the engineers' bridging materials
    rules_version = 7  # 2: issue 17's readings (one close combat in contact, morale per trigger, saves, medics, fled, edge distances); 3: an HMG, mortar or field gun falls silent with only its medic left; a flame kill saved in smoke is no flamethrower trigger; machine medics on by default (L170-172); 4: the solo risk factors count a unit routed by its own rule as retiring, and no 'advancing' for a unit that held; 5: smoke and gas leave the table at the end of the turn at once, a dead man's materials are not built with, a medic's save undoes the casualty that stands; 6: a squad panicked by its own rule is on a Rout order, not advancing, at its next solo orders; 7: the review's fixes (no barrage, mine or artillery counter harms a flyer, mines cannot damage vehicles, the squad's range from the nearest enemy figure to the firer furthest from it, the solo losses leave out fled figures, a sniper takes the solo rules' 'no NCO', the force table's engineers in a squad of their own)
    measure_from = "edge"  # interpretation "distances": base edge to base edge

    # the rules procedures, a chapter each as the text divides them
    listing: WwCommands
    odds_part: WwifyOdds


    def __init__(self, data: WwData, terrain: TerrainFile) -> None:
        self.solo_view = WwSoloView(self)
        self.solo_rules = WwSolo(self)
        self.afv_option = WwAfvOption(self)
        self.support = WwSupport(self)
        self.materials = WwMaterials(self)
        self.orders = WwOrders(self)
        self.fighting = WwFight(self)
        self.moving = WwMove(self)
        self.artillery = WwArtillery(self)
        super().__init__(data, terrain)
        self.fled_are_casualties = data.morale.fled_are_casualties  # "Soldiers that flee the table don't count as casualties"
        #: the steps a queued job names (``{"do": "casualties", ...}`` runs ``job_casualties``)
        self.jobs = JobQueue(WwifyGameAttr.QUEUE, self, self.orders, self.support, name="WWIFY job queue")

    def command_owners(self) -> tuple[object, ...]:
        return (self, self.moving, self.fighting, self.orders, self.support, self.materials, self.listing)

    # ---- data and maps -----------------------------------------------------------------------
    @classmethod
    def check_data(cls, data: WwData, doc) -> None:
        check_wwify_data(data, doc)

    def check_map(self, doc, m) -> None:
        check_wwify_map(self.data, doc, m)


    def init_state(self, state: GameState, m) -> None:
        settings = WwifySettings.model_validate(m.settings)  # checked by check_map
        state.attrs[WwifyGameAttr.GOOD_SIDE] = settings.good_side or m.sides[0].id
        scale = to_mm(1.0, m.unit)
        strikes = [s.model_dump() for s in [*m.artillery_strikes, *(settings.artillery_strikes or [])]]
        state.attrs[WwifyGameAttr.STRIKES] = strikes
        state.attrs[WwifyGameAttr.BRIDGES] = {
            s.id: {"name": s.name, "a": [s.line[0][0] * scale, s.line[0][1] * scale],
                   "b": [s.line[1][0] * scale, s.line[1][1] * scale], "built": s.built * scale,
                   "base": s.built * scale, "work": 0, "side": None}
            for s in settings.bridge_sites or []
        }
        for d in settings.material_dumps or []:
            add_pile(state, (d.at[0] * scale, d.at[1] * scale), d.amount)
        state.decks["activation"] = Deck("activation", [c.id for c in self.data.cards], [])
        state.attrs[WwifyGameAttr.QUEUE] = []

    # ---- who is who ------------------------------------------------------------------------------
    def good_side(self, game: Game) -> str:
        return game.state.attrs[WwifyGameAttr.GOOD_SIDE]

    def alignment(self, game: Game, side: str) -> str:
        return "good" if side == self.good_side(game) else "evil"

    def officer(self, game: Game, unit_id: str) -> Figure | None:
        return next((f for f in self.alive(game, unit_id) if self.troop(f).role == "officer"), None)

    def engineers_of(self, game: Game, unit: Unit) -> list[Figure]:
        return [f for f in self.alive(game, unit.id) if self.troop(f).engineer]

    def immobile(self, game: Game, unit: Unit) -> bool:
        return bool(unit.markers.get(WwifyUnitMark.IMMOBILISED) or unit.markers.get(WwifyUnitMark.BROKEN_DOWN))

    def casualty_pool(self, game: Game, unit: Unit) -> list[Figure]:
        """Figures that can be picked as casualties: a gun model only once its crew is gone."""
        figs = self.alive(game, unit.id)
        crew = [f for f in figs if not self.fighting.is_gun(f)]
        return crew if crew else figs

    # ---- the turn: cards, sides, jobs -----------------------------------------------------------
    def phase_name(self, phase: str) -> str:
        if phase.startswith("card:"):
            cid = phase.split(":", 1)[1]
            try:
                return f"{self.data.card(cid).name} card"
            except StopIteration:
                return phase
        return {"turn": "Turn", "end": "End of turn"}.get(phase, phase.replace("_", " ").title())

    def begin(self, game: Game) -> None:
        st = game.state
        st.turn = 1
        st.phase = "turn"
        st.active_side = st.side_order[0]
        game.emit("turn", f"Turn 1 begins. {st.sides[self.good_side(game)].name} are the Forces of Good.")
        self.start_turn(game)
        self.push(game, {"do": "deal"})
        self.run_queue(game)

    def start_turn(self, game: Game) -> None:
        deck = game.state.decks["activation"]
        deck.draw_pile = [c.id for c in self.data.cards]
        deck.discards = []
        deck.shuffle_all(game.dice)
        self.solo_turn_start(game)  # the solo rules' force generation roll for markers in sight

    def push(self, game: Game, *jobs: dict) -> None:
        self.jobs.push(game, *jobs)

    def run_queue(self, game: Game) -> None:
        self.jobs.run(game, self.decision, self.check_victory)

    def check(self, game: Game, cmd: Command) -> None:
        super().check(game, cmd)
        self.afv_option.check(game, cmd)  # the optional rule solo_afvs: vehicles and flyers keep to their AFV order

    def apply(self, game: Game, cmd: Command) -> None:
        super().apply(game, cmd)
        self.run_queue(game)
        self.check_victory(game)

    def current_job(self, game: Game, kind: str) -> dict:
        return self.jobs.waiting_job(game, kind, self.decision(game) is not None)

    def card_state(self, game: Game) -> dict:
        return game.state.attrs.get(WwifyGameAttr.CARD) or {}

    def activation_key(self, game: Game) -> str | None:
        c = self.card_state(game)
        if not c or c.get("step", 0) >= len(c.get("order", [])):
            return None
        return f"{game.state.turn}/{c['id']}/{c['order'][c['step']]}"

    def card_units(self, game: Game, side: str, card_id: str) -> list[Unit]:
        kinds = self.data.card(card_id).activates
        return [u for u in sorted(game.state.side_units(side), key=lambda u: u.id)
                if u.kind in kinds and game.state.unit_alive(u.id)]

    def job_deal(self, game: Game, job: dict) -> list[dict]:
        st = game.state
        deck = st.decks["activation"]
        cid = deck.draw()
        if cid is None:
            return [{"do": "medics"}, {"do": "half_check"}, {"do": "end_turn"}]
        card = self.data.card(cid)
        st.phase = f"card:{cid}"
        st.attrs[WwifyGameAttr.CARD] = {"id": cid, "order": [], "step": 0}
        game.emit("card", f"Card {len(self.data.cards) - len(deck.draw_pile)} of turn {st.turn}: {card.name}.", data={"card": cid})
        if card.sides == "none":
            return self.artillery.play_artillery(game) + [{"do": "deal"}]
        good = self.good_side(game)
        evil = st.other_side(good)
        cands = {"good": [good], "evil": [evil], "both": [good, evil]}[card.sides]
        order = [s for s in cands if self.card_units(game, s, cid)]
        if not order:
            game.emit("card", f"{card.name}: nothing to activate.", data={"card": cid})
            return [{"do": "deal"}]
        if len(order) == 2:
            order = self.roll_order(game, card.name, order)
        st.attrs[WwifyGameAttr.CARD]["order"] = order
        return self.start_side(game)

    def roll_order(self, game: Game, name: str, sides: list[str]) -> list[str]:
        """Who acts first on a card both sides act on: a d6 each, ties rolled again."""
        st = game.state
        return roll_for_order(game, sides, "d6", lambda s: f"{name} card: {st.sides[s].name} roll for who goes first")

    def start_side(self, game: Game) -> list[dict]:
        st = game.state
        c = st.attrs[WwifyGameAttr.CARD]
        side = c["order"][c["step"]]
        st.active_side = side
        key = self.activation_key(game)
        units = self.card_units(game, side, c["id"])
        for u in units:
            u.markers.update({WwifyUnitMark.ACTIVATION: key, WwifyUnitMark.ACTS: [], WwifyUnitMark.MOVE_OPEN: False, WwifyUnitMark.PENDING_FIRE: False})
            for f in self.alive(game, u.id):
                f.markers.pop(WwifyFigMark.MOVED_MM, None)
        card = self.data.card(c["id"])
        if not units:
            game.emit("activation", f"{st.sides[side].name} have nothing left to activate on the {card.name} card.", side=side)
            return [{"do": "next_side"}]
        game.emit("activation", f"{st.sides[side].name} act on the {card.name} card: {', '.join(u.name for u in units)}.",
                  units=[u.id for u in units], side=side)
        self.afv_option.roll(game, units)  # the optional rule solo_afvs: its vehicles and flyers dice now
        jobs: list[dict] = []
        for u in units:
            if u.markers.get(WwifyUnitMark.PANICKED) and u.markers.get(SoloKey.CHART_ROUT) != st.turn:  # a chart Rout ran already
                jobs += self.orders.run_panicked(game, u)
        if all(u.markers.get(WwifyUnitMark.PANICKED) for u in units):
            game.emit("activation", f"{st.sides[side].name} have nothing else to activate.", side=side)
            jobs.append({"do": "next_side"})
        return jobs

    def job_next_side(self, game: Game, job: dict) -> list[dict]:
        st = game.state
        c = st.attrs.get(WwifyGameAttr.CARD) or {}
        c["step"] = c.get("step", 0) + 1
        for u in st.units.values():
            u.markers.pop(WwifyUnitMark.MOVE_OPEN, None)
            u.markers.pop(WwifyUnitMark.PENDING_FIRE, None)
        if c["step"] < len(c.get("order", [])):
            return self.start_side(game)
        return [{"do": "deal"}]

    def check_end_phase(self, game: Game, cmd: Command) -> None:
        require(game.state.phase.startswith("card:") and self.activation_key(game) is not None, "Nobody is acting on a card now.")

    def apply_end_phase(self, game: Game, cmd: Command) -> None:
        st = game.state
        card = self.data.card(self.card_state(game)["id"])
        game.emit("phase", f"{st.sides[cmd.side].name} end their {card.name} activation.")
        self.push(game, {"do": "next_side"})

    def job_end_turn(self, game: Game, job: dict) -> list[dict]:
        st = game.state
        st.phase = "end"
        st.attrs[WwifyGameAttr.CARD] = {}
        gone = [m for m in st.markers if st.markers[m].kind == "artillery"]
        for m in gone:
            del st.markers[m]
        clouds = [c for c in st.clouds if st.clouds[c].type in ("smoke", "gas")]
        for c in clouds:
            del st.clouds[c]
        if clouds:
            self.sync_table(game)  # gone from the table too: the next turn's first card, in this command, meets none (L125, L134)
        game.emit("turn", f"End of turn {st.turn}: cards reshuffled" + (", artillery marker, smoke and gas removed." if gone or clouds else "."))
        for u in st.units.values():
            for k in (WwifyUnitMark.ACTIVATION, WwifyUnitMark.ACTS, WwifyUnitMark.MOVE_OPEN, WwifyUnitMark.PENDING_FIRE, WwifyUnitMark.BARRAGES):
                u.markers.pop(k, None)
        if self.turn_end_decides(game):
            return []
        st.turn += 1
        st.phase = "turn"
        game.emit("turn", f"Turn {st.turn} begins.")
        self.start_turn(game)
        return [{"do": "deal"}]

    # ---- activation and actions ------------------------------------------------------------------
    def active(self, game: Game, unit: Unit) -> bool:
        key = self.activation_key(game)
        return key is not None and unit.markers.get(WwifyUnitMark.ACTIVATION) == key and game.state.unit_alive(unit.id)

    def acting_units(self, game: Game, side: str) -> list[Unit]:
        return [u for u in sorted(game.state.side_units(side), key=lambda u: u.id)
                if self.active(game, u) and not u.markers.get(WwifyUnitMark.PANICKED)]

    def max_actions(self, unit: Unit) -> int:
        a = self.data.actions
        return {"squad": a.squad, "sniper": a.squad, "large_creature": a.large_creature, "flyer": a.flyer,
                "vehicle": a.vehicle, "hmg": a.support_fire, "mortar": a.support_fire, "field_gun": a.field_gun}[unit.kind]

    def action_refusal(self, game: Game, unit: Unit, action: str) -> str | None:
        """Why ``unit`` may not start ``action`` now (None: it may)."""
        st = game.state
        if not st.unit_alive(unit.id):
            return f"{unit.name} is out of action."
        if unit.side != st.active_side or not self.active(game, unit):
            cards = [c.name for c in self.data.cards if unit.kind in c.activates]
            return f"{unit.name} acts on the {' / '.join(cards)} card."
        if unit.markers.get(WwifyUnitMark.PANICKED):
            return f"{unit.name} has panicked and runs for its table edge."
        acts = unit.markers.get(WwifyUnitMark.ACTS, [])
        kind = unit.kind
        if kind in ("hmg", "mortar"):
            a = self.data.actions
            rule = f"an HMG or mortar fires {self._times(a.support_fire)} OR moves {self._times(a.support_move)}"
            if action not in ("fire", "move"):
                return f"An {kind.upper() if kind == 'hmg' else kind} only fires or moves."
            if action == "fire" and "move" in acts:
                return f"{unit.name} has moved: {rule}."
            if action == "move" and "fire" in acts:
                return f"{unit.name} has fired: {rule}."
            if action == "fire" and acts.count("fire") >= a.support_fire:
                return f"{unit.name} has fired {a.support_fire} times."
            if action == "move" and acts.count("move") >= a.support_move:
                return f"{unit.name} has moved: {rule}."
            return None
        if len(acts) >= self.max_actions(unit):
            return f"{unit.name} has used its {self.max_actions(unit)} action{'s' if self.max_actions(unit) > 1 else ''}."
        allowed = {"squad": ("fire", "move", "combat", "fix", "build", "carry"), "sniper": ("fire", "move", "combat", "carry"),
                   "large_creature": ("fire", "move", "combat", "carry"), "flyer": ("fire", "move"), "vehicle": ("fire", "move", "carry"),
                   "field_gun": ("fire", "move")}[kind]
        if action not in allowed:
            what = {"combat": "fight in close combat", "fix": "fix vehicles", "build": "build bridges",
                    "carry": "pick up, hand over or drop materials"}.get(action, action)
            return f"{unit.name} cannot {what}."
        if action == "fire" and kind == "large_creature" and not any(f.weapons for f in self.alive(game, unit.id)):
            return f"{unit.name} is not armed."
        return None

    @staticmethod
    def _times(n: int) -> str:
        return {1: "once", 2: "twice"}.get(n, f"{n} times")

    def start_action(self, game: Game, unit: Unit, action: str) -> None:
        unit.markers.setdefault(WwifyUnitMark.ACTS, []).append(action)
        unit.markers[WwifyUnitMark.MOVE_OPEN] = action == "move" and unit.kind not in ("flyer", "vehicle")
        unit.markers[WwifyUnitMark.PENDING_FIRE] = action == "move" and unit.kind in ("flyer", "vehicle")
        if action == "move":
            for f in self.alive(game, unit.id):
                f.markers.pop(WwifyFigMark.MOVED_MM, None)

    def allowance(self, game: Game, unit: Unit, fig: Figure) -> float:
        mv = self.data.movement
        kind = unit.kind
        if kind == "squad":
            inches = mv.mounted if self.troop(fig).category == "cavalry" else mv.squad
        elif kind in ("hmg", "mortar", "sniper"):
            inches = mv.support if kind != "sniper" else mv.squad
        elif kind == "field_gun":
            inches = mv.field_gun
        elif kind == "large_creature":
            inches = max(0.0, mv.large_creature - mv.wound_penalty * fig.wounds)
        elif kind == "flyer":
            inches = mv.flyer
        else:
            inches = mv.vehicle
        return self.mm(inches)

    def left_to_move(self, game: Game, unit: Unit, fig: Figure) -> float:
        return max(0.0, self.allowance(game, unit, fig) - fig.markers.get(WwifyFigMark.MOVED_MM, 0.0))

    # ---- hooks the chapters answer ----------------------------------------

    def _sees(self, game: Game, figs: list[Figure], others: list[Figure], reach: float | None=None) -> list[Figure]:
        return self.solo_view._sees(game, figs, others, reach)

    def afv_situation(self, game: Game, unit: Unit) -> dict[str, int]:
        return self.solo_view.afv_situation(game, unit)

    def apply_solo_orders(self, game: Game, cmd: Command) -> None:
        self.solo_view.apply_solo_orders(game, cmd)

    def chart_rout(self, game: Game, unit: Unit) -> None:
        self.solo_view.chart_rout(game, unit)

    def cover_from_enemy(self, game: Game, figs: list[Figure], enemies: list[Figure]) -> str:
        return self.solo_view.cover_from_enemy(game, figs, enemies)

    def describe_command(self, game: Game, cmd: Command) -> str:
        return self.listing.describe_command(game, cmd)

    def note_fire(self, game: Game, target_unit: str, firer_unit: str | None, firers: int, heavy: bool = False,
                  figures: Sequence[str] = (), at: bool = False) -> None:
        self.solo_view.note_fire(game, target_unit, firer_unit, firers, heavy, figures)  # (it reads what fired for itself)

    def note_losses(self, game: Game, victim_unit: str, n: int, by_unit: str | None) -> None:
        self.solo_view.note_losses(game, victim_unit, n, by_unit)

    def profile(self, game: Game, unit: Unit) -> Profile:
        return self.solo_view.profile(game, unit)

    def routed(self, game: Game, unit: Unit) -> bool:
        return self.solo_view.routed(game, unit)

    def solo_counter_attack(self, game: Game, kind: str, unit_id: str, at: tuple[float, float] | None=None) -> bool:
        return self.solo_rules.solo_counter_attack(game, kind, unit_id, at)

    def solo_placed(self, game: Game, unit: Unit) -> None:
        self.solo_rules.solo_placed(game, unit)

    def sync_table(self, game: Game) -> None:
        self.moving.sync_table(game)

    def unit_move_plans(self, game: Game, cmd: Command) -> list[tuple[Figure, MovePlan]]:
        return list(self.orders.unit_move_plans(game, cmd))

    def view(self, game: Game, side: str | None) -> GameState:
        return self.listing.view(game, side)

    def hides_from(self, game: Game, side: str) -> bool:
        return self.listing.hides_from(game, side)
