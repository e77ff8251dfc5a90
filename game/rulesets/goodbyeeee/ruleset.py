"""GOODBYEEEEEE!!! (shared/rules/goodbyeeee.txt; numbers and readings in
rulesets/goodbyeeee.yaml; the design is docs/goodbyeeee-design.md). Issue 19: every
rule of the text (see the end of this text); the optional rule solo_afvs is afv_option.py.

Turn (L77-85): every player rolls a D10; a natural 1 is dealt an event card face down; the
highest goes first (ties roll again). Each player's turn runs the steps of the text in
order (``data.turn.steps``): the event (his dealt card turned over), rally, moves on
initiative, orders (command rolls and moves), fire, close combat. The rally and close combat
steps run by themselves; the others wait for the player's ``end_phase``. After the first player's
turn, with three or more players, he chooses the direction of play round the table.
``state.phase`` is the step (``turn`` while the initiative is rolled) and
``state.active_side`` the player whose turn it is; ``state.side_order`` is this turn's
order of play (its first side alone decided until the direction is chosen).

The turn runs on a job queue (game/rulesets/jobs.py) in ``state.attrs[GbGameAttr.QUEUE]``,
so a save or a replay stops and goes on at the same place.

Commands:
  end_phase                       the active player has finished this step
  choose_direction (choice)       the answer to the initiative player's question:
                                  'clockwise' or 'anticlockwise'
  order (unit)                    the orders step: a section's (or a tank's) command roll (command.py)
  move (figure, path[, choice])   the initiative step (5 cm) or, once ordered, the orders
                                  step; choice 'dash' for a dash (move.py)
  go_prone / stand_up (figure)    lie down (free) or get up (5 cm of the move)
  fire (figure, target[, choice]) the fire step: a shot with the weapon named in choice (fire.py)
  fire_at_point (figure, point, choice)  a grenade, mortar, field gun (blasts.py) or flamethrower
                                  (flame.py) at a point
  pick_landing (figure, value)    answers: which of several scatter rolls is used
  stand_to (figure)               the orders step: watch instead of moving (reactions.py)
  overwatch (figure[, point])     the fire step: watch an arc (toward point) instead of firing
  react (figure, target, choice)  answers: 'shoot' or 'hold' when a mover enters the arc
  claim (figure, value) / consent (figure, choice)   answers in a stand-to duel
  switch_fire (figure[, target])  answers: where a burst's last shots go after a kill (or hold)
  use_valour (figure, choice)     a heroic act: double_move, double_attacks or move_and_shoot
  take_initiative (figure)        a player out of his turn spends Valour to act now (characters.py)
  use_luck (figure, choice)       answers: 'use' or 'decline' a Luck point offered (characters.py)
  consent_use (figure, choice)    answers: an opponent's 'agree' or 'refuse' (L73)
  play_card (choice, value[, figure])  answers: play (value 1) or keep a kept event card offered;
                                  in the fire step, the Jack of Diamonds on a figure (events.py)
  pick_player / pick_figure       answers: the Ace of Diamonds' target, the sniper's (events_shells.py)
  fight_order (figure, target)    answers: whom a figure with several opponents fights next
  subdue (figure, target, choice) answers: 'kill' or 'capture' the beaten figure
The chapters: the turn, orders and movement, single shots, courage (pins, the rally,
section tests and routs), hand to hand, overwatch, stand to and closing fire, machine guns,
grenades and mortars, flamethrowers and tanks, Luck and Valour (re-rolls of shots and fights
too). Every event card is actioned (docs/goodbyeeee-design.md section 7).
"""

from __future__ import annotations

from typing import get_args

from game.core.commands import Command, require
from game.core.game import Game
from game.core.keys import Decision, FigureMark
from game.core.state import Figure, GameState, Unit
from game.data.terrain_types import TerrainFile
from game.rulesets.base import RulesetBase
from game.rulesets.jobs import JobQueue
from game.solo.tables import Profile

from .afv_option import GbAfvOption
from .ai import GbPlanner
from .auto_weapons import ZONE, GbAuto
from .blasts import GbBlasts
from .characters import GbCharacters
from .command import GbCommand
from .commands import GbCommands
from .courage import GbCourage
from .data import GbData
from .data_tables import Step
from .editor import GbEditor
from .events import GbEvents
from .events_shells import GbShells
from .fire import GbFire
from .flame import GbFlame
from .initiative import GbInitiative
from .melee import GbMelee
from .move import GbMove
from .odds import GbOdds
from .reactions import GbReactions
from .solo_view import GbSoloView
from .status import GbFigMark, GbGameAttr, GbUnitMark
from .tanks import GbTanks

#: what each step of a player's turn is called in the log, in the text's words (L79-85)
STEP_NAMES: dict[str, str] = {
    "turn": "Initiative",
    "event": "Random event",
    "rally": "Morale tests for troops suppressed last turn",
    "initiative": "Moves on initiative",
    "orders": "Command rolls and moves",
    "fire": "Fire troops and weapons",
    "close_combat": "Close combat",
}


class Goodbyeeee(RulesetBase[GbData]):
    id = "goodbyeeee"
    Data = GbData
    phases = tuple(get_args(Step))  # the steps a player's turn may have; the data gives their order
    phase_names = STEP_NAMES
    Listing = GbCommands
    reactive_kinds = frozenset({"take_initiative"})  # a Valour point, spent in another player's turn (L33)
    Odds = GbOdds
    Editor = GbEditor
    Planner = GbPlanner
    listing: GbCommands
    rules_version = 9  # 2: a solo-run tank's AFV chart Bale out abandons it (reading solo-afvs); 3: the shotgun's 5+ at long range, stand to's shots by crew, no closing fire after a dash, the King of Diamonds when shot at, the HMG's set-up turn, every section in a beaten zone under MG fire; 4: every courage test one job, offering the King of Diamonds and Luck (a section's, closing fire, It's Too Quiet, a tank crew's, a blast's pin test); 5: a section's test groups its figures when it is taken, after the step (a leader killed by it rolls for no one); 6: the solo risk factors count a unit routed by its own rule as retiring, and no 'advancing' for a unit that held; the AFV chart's 'under AT fire' is anti-tank weapons' fire, not a tank's machine guns; 7: the review's fixes (armour against flame, events from the section's highest rank, the Queen of Spades' ranks, dash and next-turn test, the King of Clubs' order, an MG tank's jammed turret, move and shoot as an order, overwatch by a moved or setting-up HMG, stand to's beaten zone, a struck figure's cover from the firer, a move into gas rolls for it); 8: a section in rout is never 'advancing' at its solo orders, no command roll for a section an event card holds still; 9: the second review's fixes (reaction fire obeys the event cards' no-shooting and an HMG's setting up, a tank LMG reacts with two shots, a tank is not terrified nor prone, a solo Halt holds where it stands, the draw pile face down in a side's view)

    def __init__(self, data: GbData, terrain: TerrainFile) -> None:
        self.initiative = GbInitiative(self)
        self.command = GbCommand(self)
        self.moving = GbMove(self)
        self.courage = GbCourage(self)
        self.firing = GbFire(self)
        self.melee = GbMelee(self)
        self.reactions = GbReactions(self)
        self.auto = GbAuto(self)
        self.blasts = GbBlasts(self)
        self.flame = GbFlame(self)
        self.tanks = GbTanks(self)
        self.characters = GbCharacters(self)
        self.events = GbEvents(self)
        self.shells = GbShells(self)
        self.solo_view = GbSoloView(self)
        self.afv_option = GbAfvOption(self)
        self.stats = data.figure_stats()
        super().__init__(data, terrain)
        #: the steps a queued job names (``{"do": "event", ...}`` runs ``job_event``)
        self.jobs = JobQueue(GbGameAttr.QUEUE, self, self.initiative, self.moving, self.courage, self.melee, self.reactions,
                             self.auto, self.blasts, self.tanks, self.characters, self.command, self.events, self.shells,
                             self.firing, name="GOODBYEEEEEE!!! job queue")

    def command_owners(self) -> tuple[object, ...]:
        return (self, self.initiative, self.command, self.moving, self.firing, self.melee, self.reactions, self.auto, self.blasts, self.characters, self.events,
                self.shells)

    # ---- data and maps ------------------------------------------------------------------------
    @classmethod
    def check_data(cls, data: GbData, doc) -> None:
        GbData.check_data(data, doc)

    def init_state(self, state: GameState, m) -> None:
        state.attrs[GbGameAttr.SEATS] = [s.id for s in m.sides]  # clockwise round the table (interpretation play-direction)
        state.attrs[GbGameAttr.QUEUE] = []
        self.characters.grant_all(state)

    def seats(self, game: Game) -> list[str]:
        return list(game.state.attrs[GbGameAttr.SEATS])

    def steps(self) -> list[str]:
        return list(self.data.turn.steps)

    # ---- the turn: a job queue ---------------------------------------------------------------------
    def begin(self, game: Game) -> None:
        st = game.state
        st.turn = 1
        st.phase = "turn"
        st.active_side = self.seats(game)[0]
        game.emit("turn", "Turn 1 begins.")
        self.initiative.new_deck(game)
        self.jobs.push(game, {"do": "turn_start"})
        self.run_queue(game)

    def run_queue(self, game: Game) -> bool:
        """Run the jobs, the victory checked after each; whether a step ran after the last
        check (one that stopped to ask a player: the state may differ from what was checked)."""
        unchecked = False

        def waiting(g: Game) -> Decision | None:
            nonlocal unchecked
            d = self.decision(g)
            if d is None:
                unchecked = True  # a step runs next
            return d

        def checked(g: Game) -> None:
            nonlocal unchecked
            unchecked = False
            self.check_victory(g)

        self.jobs.run(game, waiting, checked)
        return unchecked

    def check(self, game: Game, cmd: Command) -> None:
        super().check(game, cmd)
        self.afv_option.check(game, cmd)  # the optional rule solo_afvs: tanks keep to their AFV order

    def apply(self, game: Game, cmd: Command) -> None:
        super().apply(game, cmd)  # (the victory checked last)
        if self.run_queue(game):  # checked again only when a step may have changed the state since
            self.check_victory(game)

    def job_side_start(self, game: Game, job: dict) -> list[dict]:
        """A player's turn begins with its event step (L79, L283)."""
        st = game.state
        side = job["side"]
        st.active_side = side
        st.attrs[GbGameAttr.TURN_ORDER]["played"].append(side)
        for f in st.figures.values():  # what a figure moved counts in its own player's turn (move-and-fire)
            if f.side == side:
                if ZONE in f.weapons and f.markers.get(GbFigMark.MOVED_CM):  # an HMG that moved sets up this turn (L224)
                    f.markers[GbFigMark.SETTING_UP] = st.turn
                for key in (GbFigMark.MOVED_CM, GbFigMark.START_AT, FigureMark.MOVED, GbFigMark.OVERWATCH, GbFigMark.STAND_TO):
                    f.markers.pop(key, None)
        st.phase = self.steps()[0]
        game.emit("turn", f"{st.sides[side].name}'s turn.", side=side)
        self.auto.start_clearing(game, side)
        return [{"do": "event", "side": side}, {"do": "step_start"}] if st.phase == "event" else [{"do": "step_start"}]

    def job_step_start(self, game: Game, job: dict) -> list[dict]:
        """The next step after the event: it waits for the player (``end_phase``), but for
        the rally and close combat steps, which run by themselves (L80, L85)."""
        st = game.state
        if st.phase == "event":
            return [{"do": "next_step"}]
        game.emit("phase", f"{st.sides[st.active_side].name}: {self.phase_name(st.phase)}.")
        if st.phase == "rally":
            side = st.active_side
            return [{"do": "rally", "side": side}, {"do": "rout_moves", "side": side}, {"do": "tank_repairs", "side": side},
                    {"do": "next_step"}]
        if st.phase == "close_combat":  # the fights run by themselves, asking only the players' choices (L85, L150)
            return [{"do": "close_combat"}, {"do": "next_step"}]
        self.afv_option.roll_side(game)  # the optional rule solo_afvs: its tanks dice once, as the player begins to act
        return []

    def job_next_step(self, game: Game, job: dict) -> list[dict]:
        st = game.state
        steps = self.steps()
        i = steps.index(st.phase)
        if i + 1 < len(steps):
            st.phase = steps[i + 1]
            return [{"do": "step_start"}]
        if self.characters.interrupt(game) is not None:  # a turn taken out of sequence ends (L33)
            return self.characters.end_interrupt(game)
        return [{"do": "side_end"}]

    def check_end_phase(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase in self.steps() and st.phase != "event" and not self.jobs.queue(game),
                "No step of a player's turn is under way.")

    def apply_end_phase(self, game: Game, cmd: Command) -> None:
        st = game.state
        game.emit("phase", f"{st.sides[cmd.side].name} have finished: {self.phase_name(st.phase)}.")
        self.jobs.push(game, {"do": "next_step"})

    def job_side_end(self, game: Game, job: dict) -> list[dict]:
        """After the first player's turn he chooses the direction, when it is open (L77).
        The fire his sections were under is now behind them (L95: it counts until his turn ends)."""
        st = game.state
        for u in st.units.values():
            if u.side == st.active_side:
                u.markers.pop(GbUnitMark.FIRED_ON, None)
        order = game.state.attrs[GbGameAttr.TURN_ORDER]
        if order["direction"] is None:
            return [{"do": "direction"}, {"do": "next_side"}]
        return [{"do": "next_side"}]

    def job_next_side(self, game: Game, job: dict) -> list[dict]:
        st = game.state
        played = st.attrs[GbGameAttr.TURN_ORDER]["played"]
        left = [s for s in st.side_order if s not in played]
        if left:
            return [{"do": "side_start", "side": left[0]}]
        return [{"do": "end_turn"}]

    def job_end_turn(self, game: Game, job: dict) -> list[dict]:
        """The turn limit and the map's victory conditions (game/core/victory.py)."""
        st = game.state
        self.shells.drift(game)  # the gas moves with its wind (L308)
        for f in st.figures.values():  # suppressions "for this turn" end (interpretation pinned)
            if int(f.markers.get(GbFigMark.SUPPRESSED_UNTIL, st.turn + 1)) <= st.turn:
                f.markers.pop(GbFigMark.SUPPRESSED_UNTIL, None)
        game.emit("turn", f"End of turn {st.turn}.")
        if self.turn_end_decides(game):
            return []
        st.turn += 1
        st.phase = "turn"
        game.emit("turn", f"Turn {st.turn} begins.")
        return [{"do": "turn_start"}]

    # ---- the solo rules, in this ruleset's terms (solo_view.py) -------------------------------------------
    def enemy_figures(self, game: Game, side: str) -> list[Figure]:
        """(RulesetBase's, found once while nothing changes: the AI asks it of every figure.)"""
        return list(self.recall(game, ("gb_enemies", side), lambda: RulesetBase.enemy_figures(self, game, side)))

    def profile(self, game: Game, unit: Unit) -> Profile:
        return self.solo_view.profile(game, unit)

    def routed(self, game: Game, unit: Unit) -> bool:
        return self.solo_view.routed(game, unit)

    def immobile(self, game: Game, unit: Unit) -> bool:
        return self.solo_view.immobile(game, unit)

    def moved_lately(self, game: Game, fig: Figure) -> bool:
        return self.solo_view.moved_lately(game, fig)

    def afv_situation(self, game: Game, unit: Unit) -> dict[str, int]:
        return self.solo_view.afv_situation(game, unit)

    def note_losses(self, game: Game, victim_unit: str, n: int, by_unit: str | None) -> None:
        self.solo_view.note_losses(game, victim_unit, n, by_unit)

    def chart_rout(self, game: Game, unit: Unit) -> None:
        self.solo_view.chart_rout(game, unit)

    def chart_bale_out(self, game: Game, unit: Unit) -> None:
        self.afv_option.bale_out(game, unit)

    def solo_placed(self, game: Game, unit: Unit) -> None:
        self.solo_view.solo_placed(game, unit)

    def solo_counter_attack(self, game: Game, kind: str, unit_id: str, at: tuple[float, float] | None = None) -> bool:
        return self.solo_view.solo_counter_attack(game, kind, unit_id, at)
