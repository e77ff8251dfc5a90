"""What every ruleset module shares: setting up the state from a map, dispatching
commands through the ruleset's table of command kinds (:class:`CommandKind`, written as
``check_<kind>`` / ``apply_<kind>`` method pairs on the rules and their chapters), walking the phases of a turn,
keeping the table's clouds in step with the state, victory checks and views.

A ruleset module subclasses :class:`RulesetBase`, names its data model and phases, and
writes the procedures of its rules text; numbers come from its YAML data.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from game.core import victory
from game.core.commands import END_PHASE, Command, Refusal, passes, refuse
from game.core.game import MISSING, Game
from game.core.keys import Decision, StateKey, decision_record
from game.core.state import Figure, GameState
from game.data.map_build import build_table
from game.data.map_schema import MapFile
from game.data.ruleset_schema import RulesetData, data_digest
from game.data.terrain_types import TerrainFile, build_types
from game.geometry.table import Table
from game.geometry.terrain import TerrainFeature, TerrainType, cloud_shape
from game.geometry.units import to_mm
from game.rulesets import views
from game.rulesets.command_table import CommandKind, command_kinds
from game.rulesets.measuring import MeasureMixin
from game.rulesets.movement import MovePlan
from game.rulesets.offers import Action, OddsReport
from game.rulesets.parts import CommandListing, EditorSupport, OddsPart, Planner
from game.rulesets.setup import state_from_map
from game.rulesets.sight import SightMixin
from game.solo.orders import SoloMixin


@dataclass(frozen=True)
class _Refused:
    """A refusal remembered by :meth:`RulesetBase.recall` (its reason only)."""

    reason: str




#: the ruleset's data model (its YAML file, validated)
DataT = TypeVar("DataT", bound=RulesetData)


class RulesetBase(MeasureMixin, SightMixin, SoloMixin, Generic[DataT]):
    id: ClassVar[str]
    Data: ClassVar[type[RulesetData]]
    phases: ClassVar[tuple[str, ...]] = ()
    phase_names: ClassVar[dict[str, str]] = {}
    # command kinds a side may submit when it is not the active side
    reactive_kinds: ClassVar[frozenset[str]] = frozenset()
    #: True: a side may not see all of the other's figures (hotseat hides the table
    #: between sides, events name only what each side may know)
    hidden_information: ClassVar[bool] = False
    #: the version of this ruleset's procedures: raised whenever a change makes the same
    #: commands resolve differently, so an older save says why it no longer replays
    rules_version: ClassVar[int] = 1
    #: what a map may write in a unit's ``attrs`` (the key and the type of its value):
    #: nothing else reaches the game's state from a file
    map_unit_attrs: ClassVar[dict[str, type]] = {}
    #: kept stores (:meth:`Game.keep`) whose every answer is the same for every side: facts of
    #: the table alone (sight between two points keyed by the points and the terrain's
    #: version, places keyed by the table), or keyed by all the answer reads of the figures
    #: it is about. The AI's knowledge game shares them with the real game
    #: (game/ai/knowledge.py). Never a store whose answer may read a figure its key does not
    #: name: one worked out on the real game may have read a figure the side has not seen.
    shared_stores: ClassVar[tuple[str, ...]] = ("los", "cover_spots")
    #: figures that fled the table count toward breaking a side (game/core/victory.py)
    fled_are_casualties: bool = True
    #: the parts (game/rulesets/parts.py): the command listing, the odds, the solo AI's
    #: planner, the editor's support
    Listing: ClassVar[type[CommandListing[Any]]] = CommandListing
    Odds: ClassVar[type[OddsPart[Any]]] = OddsPart
    Planner: ClassVar[type[Planner[Any]]] = Planner
    Editor: ClassVar[type[EditorSupport[Any]]] = EditorSupport

    def __init__(self, data: DataT, terrain: TerrainFile) -> None:
        self.data: DataT = data
        self.terrain_file = terrain
        self.terrain_types: dict[str, TerrainType] = build_types(terrain, data.terrain, data.unit)
        self.unit_mm = to_mm(1.0, data.unit)
        self.listing: CommandListing[Any] = self.Listing(self)
        self.odds_part: OddsPart[Any] = self.Odds(self)
        self.planner: Planner[Any] = self.Planner(self)
        self.editor: EditorSupport[Any] = self.Editor(self)
        #: every kind of command this ruleset takes, built once
        self.kinds: dict[str, CommandKind] = command_kinds(*self.command_owners())
        #: a digest of the data this ruleset plays by (its file and the terrain types),
        #: kept in every save
        self.data_digest = data_digest(data, terrain)

    def command_owners(self) -> tuple[object, ...]:
        """Where the ruleset's ``check_<kind>`` / ``apply_<kind>`` pairs are written: the
        rules themselves, and any chapters (game/rulesets/parts.py ``Chapter``) holding
        procedures. Rulesets with chapters add them."""
        return (self,)

    # ---- lengths -----------------------------------------------------------------
    def mm(self, value: float) -> float:
        """A length in the ruleset's unit, in mm."""
        return value * self.unit_mm

    def in_units(self, mm: float) -> float:
        return mm / self.unit_mm

    def fmt(self, mm: float) -> str:
        v = self.in_units(mm)
        return f'{v:.1f}"' if self.data.unit == "in" else f"{v:.1f} cm"

    # ---- data checks beyond the schema ------------------------------------------
    @classmethod
    def check_data(cls, data: DataT, doc) -> None:
        """Cross-references inside a ruleset file (raise doc.error(...) on a problem)."""

    def check_map(self, doc, m: MapFile) -> None:
        """Ruleset-specific checks of a map's settings and forces."""

    def check_playable_map(self, doc, m: MapFile) -> None:
        """Ruleset checks of a map to play (one built in the editor may lack them)."""

    # ---- set-up ------------------------------------------------------------------
    def build_table(self, m: MapFile) -> Table:
        return build_table(m, self.terrain_types)

    def new_state(self, m: MapFile, options: dict[str, Any]) -> GameState:
        """The state at the start of a game on map ``m`` (game/rulesets/setup.py), with
        this ruleset's additions (:meth:`init_state`) and the solo rules' portal markers."""
        state = state_from_map(self, m, options)
        self.init_state(state, m)
        self.solo_init(state, m)  # portal markers, when the solo rules play a side from them
        return state

    def init_state(self, state: GameState, m: MapFile) -> None:
        """Ruleset-specific additions to a fresh state."""

    def option(self, game: Game, name: str) -> bool:
        return bool(game.state.attrs.get(StateKey.OPTIONS, {}).get(name, False))

    # ---- turn structure ----------------------------------------------------------
    def begin(self, game: Game) -> None:
        st = game.state
        self.open_turn(game, 1, f"Turn 1 begins. {st.sides[st.side_order[0]].name} move first.")

    def open_turn(self, game: Game, turn: int, line: str) -> None:
        """Turn ``turn`` begins with the first side's first phase (logged as ``line``)."""
        st = game.state
        st.turn = turn
        st.active_side = st.side_order[0]
        st.phase = self.phases[0]
        game.emit("turn", line)
        self.on_turn_start(game)
        self.solo_turn_start(game)
        self.on_side_start(game)
        self.on_phase_start(game)

    def phase_name(self, phase: str) -> str:
        return self.phase_names.get(phase, phase.replace("_", " ").title())

    def advance_phase(self, game: Game) -> None:
        """End the current phase and start the next one (next side, next turn)."""
        st = game.state
        self.on_phase_end(game)
        if st.over:
            return
        i = self.phases.index(st.phase)
        if i + 1 < len(self.phases):
            st.phase = self.phases[i + 1]
            self.on_phase_start(game)
            return
        self.on_side_end(game)
        if st.over:
            return
        si = st.side_order.index(st.active_side)
        if si + 1 < len(st.side_order):
            st.active_side = st.side_order[si + 1]
            st.phase = self.phases[0]
            self.on_side_start(game)
            self.on_phase_start(game)
            return
        self.end_turn(game)

    def end_turn(self, game: Game) -> None:
        st = game.state
        self.on_turn_end(game)
        if st.over:
            return
        if self.turn_end_decides(game):
            return
        self.open_turn(game, st.turn + 1, f"Turn {st.turn + 1} begins.")

    def turn_end_decides(self, game: Game) -> bool:
        """At the end of a turn: the map's victory conditions (the last turn: "end") end the
        game when met. Whether they did (a ruleset's own turn walk calls it too)."""
        st = game.state
        limit = st.attrs.get(StateKey.VICTORY, {}).get("turn_limit", 0)
        decided = victory.evaluate(st, "end" if st.turn >= limit else "turn_end")
        for note in victory.contested_notes(st):  # never hide why an objective was not held
            game.emit("solo", note)
        if decided is not None:
            self.finish(game, *decided)
        return decided is not None

    def finish(self, game: Game, winner: str | None, text: str) -> None:
        st = game.state
        st.over = True
        st.winner = winner
        st.result = text
        who = st.sides[winner].name if winner else "Nobody"
        game.emit("game_over", f"Game over: {who} win. {text}" if winner else f"Game over. {text}")

    def check_victory(self, game: Game) -> None:
        if game.state.over:
            return
        decided = victory.evaluate(game.state, "any")
        if decided is not None:
            self.finish(game, *decided)

    # hooks a ruleset fills in
    def on_turn_start(self, game: Game) -> None: ...
    def on_turn_end(self, game: Game) -> None: ...
    def on_side_start(self, game: Game) -> None: ...
    def on_side_end(self, game: Game) -> None: ...
    def on_phase_start(self, game: Game) -> None: ...
    def on_phase_end(self, game: Game) -> None: ...

    # ---- commands ----------------------------------------------------------------
    # ---- decisions a side must make before play goes on -----------------------------
    def decision(self, game: Game) -> Decision | None:
        """The pending decision, if any: {side, prompt, options: [{label, command}]}.
        While it is pending only its options are legal (the owner choosing which
        figures are casualties, a card to keep or play, an umpire's question...)."""
        return game.state.attrs.get(StateKey.DECISION)

    def ask(self, game: Game, side: str, prompt: str, options: list[tuple[str, Command]]) -> None:
        """Stop and ask ``side`` to choose one of ``options`` (label, command)."""
        game.state.attrs[StateKey.DECISION] = decision_record(side, prompt, options)
        game.emit("decision", f"{game.state.sides[side].name} must choose: {prompt}", side=side)

    def decision_options(self, game: Game) -> list[tuple[str, Command]]:
        d = self.decision(game)
        if not d:
            return []
        return [(o["label"], Command.from_dict(o["command"])) for o in d["options"]]

    def check(self, game: Game, cmd: Command) -> None:
        st = game.state
        pending = self.decision(game)
        if pending is not None:
            if cmd.side != pending["side"] or all(cmd != c for _, c in self.decision_options(game)):
                refuse(f"{st.sides[pending['side']].name} must first choose: {pending['prompt']}")
            self.kinds[cmd.kind].check(game, cmd)
            return
        if cmd.side != st.active_side and cmd.kind not in self.reactive_kinds:
            refuse(f"It is {st.sides[st.active_side].name}'s turn, not {st.sides[cmd.side].name}'s.")
        kind = self.kinds.get(cmd.kind)
        if kind is None:
            refuse(f"'{cmd.kind}' is not a command in {self.data.name}.")
        if cmd.unit is not None:
            u = st.units.get(cmd.unit)
            if u is None:
                refuse(f"There is no unit {cmd.unit!r}.")
            if u.side != cmd.side:
                refuse(f"{u.name} is not yours to command.")
        if cmd.figure is not None:
            f = st.figures.get(cmd.figure)
            if f is None:
                refuse(f"There is no figure {cmd.figure!r}.")
            if f.side != cmd.side:
                refuse(f"{f.name} is not yours to command.")
            if not f.alive:
                refuse(f"{f.name} is out of action ({f.life}).")
        kind.check(game, cmd)

    def apply(self, game: Game, cmd: Command) -> None:
        if self.decision(game) is not None:
            game.state.attrs.pop(StateKey.DECISION, None)
        # the solo rules' portal markers react to what the command did (sighting, falling back)
        self.solo_apply(game, cmd, self.carry_out)
        self.check_victory(game)

    def carry_out(self, game: Game, cmd: Command) -> None:
        """Make the change ``cmd`` asks for (it has passed its check)."""
        step = self.kinds[cmd.kind].apply
        if step is None:
            refuse(f"'{cmd.kind}' is only asked about in {self.data.name}, never given.")
        step(game, cmd)

    def audience(self, game: Game, figures: list[str], units: list[str]) -> list[str] | None:
        """The sides that may read an event about these figures and units (None:
        everyone). Rulesets with hidden figures narrow it."""
        return None

    def acting_side(self, game: Game) -> str:
        """The side whose input the game waits for: a pending decision's side, else the
        active side."""
        d = self.decision(game)
        return d["side"] if d else game.state.active_side

    def check_end_phase(self, game: Game, cmd: Command) -> None:
        pass

    def apply_end_phase(self, game: Game, cmd: Command) -> None:
        self.advance_phase(game)

    def legal_commands(self, game: Game, side: str) -> list[Command]:
        """Rulesets override this; the base handles a pending decision."""
        if self.decision(game) is not None:
            return [c for _, c in self.decision_options(game) if c.side == side]
        return self.turn_commands(game, side)

    def turn_commands(self, game: Game, side: str) -> list[Command]:
        """Declared on :class:`game.rulesets.parts.CommandListing` (its default there)."""
        return self.listing.turn_commands(game, side)

    def candidate_commands(self, game: Game, side: str) -> list[Command]:
        """Declared on :class:`game.rulesets.parts.CommandListing` (its default there)."""
        return self.listing.candidate_commands(game, side)

    def idle_units(self, game: Game, side: str) -> list[str]:
        """Units of ``side`` that could still do something this phase (for the
        "end the phase?" question)."""
        out: list[str] = []
        for c in self.legal_commands(game, side):
            uid = c.unit or (game.state.figures[c.figure].unit if c.figure else None)
            if c.kind != END_PHASE and uid and uid not in out:
                out.append(uid)
        return out

    def is_legal(self, game: Game, cmd: Command) -> bool:
        return passes(self.check, game, cmd)

    # ---- the table -----------------------------------------------------------------
    def sync_table(self, game: Game) -> None:
        """Make the table's temporary features (clouds) match the state."""
        table = game.table
        wanted = {f"cloud:{cid}": c for cid, c in game.state.clouds.items()}
        present = {f.id for f in table.features if f.id.startswith("cloud:")}
        for fid in present - set(wanted):
            table.remove_feature(fid)
        for fid in set(wanted) - present:
            c = wanted[fid]
            tt = self.terrain_types[c.type]
            table.add_feature(TerrainFeature(id=fid, type=tt, geometry=cloud_shape(c.x, c.y, c.radius, c.polygon), name=tt.name))

    # ---- memos while nothing changes ---------------------------------------------------
    def recall(self, game: Game, key: tuple, work: Callable[[], Any]) -> Any:
        """``work()``, remembered under ``key`` while the game is in a reading scope
        (:meth:`Game.reading`: a player choosing, the interface listing what may be done).
        A refusal is remembered too, and raised again."""
        memo = game.memo
        if memo is None:
            return work()
        hit = memo.get(key, MISSING)
        if hit is MISSING:
            try:
                hit = memo[key] = work()
            except Refusal as r:
                hit = memo[key] = _Refused(r.reason)
        if isinstance(hit, _Refused):
            # a fresh exception each time: one kept in the memo would hold the frames it
            # passed through, and they it (garbage the cycle collector must find)
            raise Refusal(hit.reason)
        return hit

    def planned(self, game: Game, cmd: Command, key: tuple, work: Callable[[], Any]) -> Any:
        """``work()``, the plan of ``cmd`` (a shot, a blast) as its apply begins, taken from
        what its check kept under ``key`` when :meth:`Game.submit` has just checked it on
        this same state (:meth:`Game.take_checked`): the first thing an apply reads,
        before it changes anything. Elsewhere (a save played again, a step the rules make
        of their own) it is worked out."""
        checked = game.take_checked(cmd)
        hit = checked.get(key, MISSING) if checked is not None else MISSING
        if hit is MISSING or isinstance(hit, _Refused):
            return work()
        return hit

    # ---- views ---------------------------------------------------------------------
    def view(self, game: Game, side: str | None) -> GameState:
        """The state as ``side`` may know it (None: all of it): other sides' secret
        markers and face-down cards blanked; rulesets with hidden figures hide more."""
        return views.base_view(game, side)

    def hides_from(self, game: Game, side: str) -> bool:
        """Whether :meth:`view` for ``side`` hides anything now (else it is the state)."""
        return views.base_hides(game, side)

    # ---- helpers -------------------------------------------------------------------
    def alive(self, game: Game, unit_id: str) -> list[Figure]:
        return game.state.unit_figures(unit_id)

    def enemy_figures(self, game: Game, side: str) -> list[Figure]:
        foes = set(game.state.enemies_of(side))
        return [f for f in game.state.figures.values() if f.side in foes and f.alive]

    def known_enemies(self, game: Game, side: str) -> list[Figure]:
        """The enemy figures ``side`` knows of (what its solo AI may act on). Default:
        every enemy figure in action; rulesets with hidden figures narrow it."""
        return self.enemy_figures(game, side)

    def troop(self, fig: Figure):
        return self.data.troop_types[fig.type]

    def unit_centre(self, game: Game, unit_id: str) -> tuple[float, float]:
        figs = self.alive(game, unit_id)
        return (sum(f.x for f in figs) / len(figs), sum(f.y for f in figs) / len(figs))

    def home_edge_point(self, game: Game, fig: Figure) -> tuple[float, float]:
        """The nearest point of the figure's home table edge."""
        edge = game.state.sides[fig.side].home_edge
        w, h = game.table.width, game.table.height
        return {"north": (fig.x, 0.0), "south": (fig.x, h), "west": (0.0, fig.y), "east": (w, fig.y)}[edge]

    def unit_status(self, game: Game, unit_id: str) -> list[str]:
        """Declared on :class:`game.rulesets.parts.CommandListing` (its default there)."""
        return self.listing.unit_status(game, unit_id)

    def unit_options(self, game: Game, unit_id: str) -> list[str]:
        """Declared on :class:`game.rulesets.parts.CommandListing` (its default there)."""
        return self.listing.unit_options(game, unit_id)

    def actions(self, game: Game, side: str, unit_id: str | None, figure_id: str | None) -> list[Action]:
        """Declared on :class:`game.rulesets.parts.CommandListing` (its default there)."""
        return self.listing.actions(game, side, unit_id, figure_id)

    def make_action(self, game: Game, label: str, mode: str, cmd: Command, odds: bool = False) -> Action:
        if mode == "now":
            reason = game.check(cmd)
        elif mode in ("enemy_unit", "own_unit", "enemy_figure", "own_figure"):
            st = game.state
            own = mode.startswith("own")
            if mode.endswith("unit"):
                ids = [u.id for u in sorted(st.units.values(), key=lambda u: u.id) if (u.side == cmd.side) == own and st.unit_alive(u.id)]
            else:
                ids = [f.id for f in sorted(st.figures.values(), key=lambda f: f.id) if (f.side == cmd.side) == own and f.alive]
            reason = "Nothing to pick." if not ids else None
            for tid in ids:
                r = game.check(cmd.with_(target=tid))
                if r is None:
                    reason = None
                    break
                reason = reason or r
        else:
            reason = None
        return Action(label, mode, cmd, reason is None, reason or "", odds)

    def free_wire(self, game: Game, fig: Figure) -> str | None:
        """The barbed wire (a terrain feature id) the figure may cross freely in this move
        (game/rulesets/movement.py); the default: none. The Great War in 54mm answers the
        wire a figure has stood at since an earlier turn."""
        return None

    def preview_move(self, game: Game, fig: Figure, path: list[tuple[float, float]], choice: str | None = None) -> tuple[bool, str, list[str]]:
        """Declared on :class:`game.rulesets.parts.CommandListing` (its default there)."""
        return self.listing.preview_move(game, fig, path, choice)

    def point_templates(self, game: Game, cmd: Command) -> list[tuple[tuple[float, float], float, str]]:
        """Declared on :class:`game.rulesets.parts.CommandListing` (its default there)."""
        return self.listing.point_templates(game, cmd)

    def unit_move_plans(self, game: Game, cmd: Command) -> list[tuple[Figure, MovePlan]]:
        """Where each figure of a unit would end for a whole-unit move to ``cmd.point``
        (the play screen previews it); empty where the ruleset has no such move."""
        return []

    def move_budget(self, game: Game, fig: Figure) -> float:
        """Declared on :class:`game.rulesets.parts.CommandListing` (its default there)."""
        return self.listing.move_budget(game, fig)

    def range_bands(self, game: Game, fig: Figure) -> list[tuple[str, float, float]]:
        """Declared on :class:`game.rulesets.parts.CommandListing` (its default there)."""
        return self.listing.range_bands(game, fig)

    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        """Declared on :class:`game.rulesets.parts.OddsPart` (its default there)."""
        return self.odds_part.odds_command(game, shooter, target, assault, extra)

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        """Declared on :class:`game.rulesets.parts.OddsPart` (its default there)."""
        return self.odds_part.odds(game, cmd)

    def describe_command(self, game: Game, cmd: Command) -> str:
        st = game.state
        who = st.units[cmd.unit].name if cmd.unit else (st.figures[cmd.figure].name if cmd.figure else "")
        return f"{st.sides[cmd.side].name}: {cmd.kind.replace('_', ' ')} {who}".strip()


def ruleset_of(game: Game) -> RulesetBase[Any]:
    """The game's rules as a ruleset, with every part and hook declared here (the core
    knows them only by its :class:`game.core.game.Rules` protocol)."""
    rules = game.rules
    if not isinstance(rules, RulesetBase):
        raise TypeError(f"{type(rules).__name__} is not a ruleset")
    return rules
