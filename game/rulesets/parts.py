"""The parts a ruleset is assembled from, beside its rules proper, each with declared
methods and their defaults. A ruleset names its parts as class attributes of its
:class:`~game.rulesets.base.RulesetBase` subclass (``Planner = MyPlanner``,
``Editor = MyEditor``); the base builds one of each, handing it the rules it reads.

- :class:`Planner`: how the solo AI carries out a unit's solo order in this ruleset
  (game/ai/solo_ai.py asks it). It only proposes ordinary commands, which the core checks
  like a human's: it never changes a rule or the state.
- :class:`CommandListing`: the commands a side may give now (for the random baseline,
  the AI and the tests) and what the interface offers for a selection, with the unit's
  status and options in words.
- :class:`OddsPart`: the exact odds of a command, worked out by running the procedure
  that resolves it under enumerating dice.
- :class:`EditorSupport`: what the map editor offers for this ruleset (map settings,
  troop points, unit kinds) and the play screen's template sizes.

Everything the interface, the editor, the AI or the core asks of a ruleset is declared
once, here or on ``RulesetBase``, with its default; nothing is probed for by name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import hypot
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from game.core.commands import END_PHASE, Command, refuse
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Figure, Unit
from game.rulesets.movement import plan_move
from game.rulesets.offers import Action, OddsReport

if TYPE_CHECKING:
    from game.rulesets.base import RulesetBase

RulesT = TypeVar("RulesT", bound="RulesetBase[Any]")
#: the choices of a map setting: fixed, or worked out from the map being edited
SettingChoices = list[str] | Callable[[dict[str, Any]], list[str]]

#: unit kinds the editor offers when a ruleset names none
DEFAULT_UNIT_KINDS: tuple[str, ...] = ("squad", "section", "fire_team", "crew", "vehicle")


class Chapter(Generic[RulesT]):
    """One chapter of a ruleset's rules procedures (moving, shooting, morale...), as the
    text divides them. The rules object builds one of each and hands it itself: a chapter
    reads and changes the game through its own methods and the rules it is given
    (``self.rules``, its data and its other chapters), never through a shared ``self``."""

    def __init__(self, rules: RulesT) -> None:
        self.rules = rules


class Planner(Generic[RulesT]):
    """The solo AI's planner for one ruleset: the commands that carry out solo orders.
    The default proposes nothing (the AI then ends the phase)."""

    def __init__(self, rules: RulesT) -> None:
        self.rules = rules

    def side_commands(self, game: Game, side: str) -> list[Command]:
        """Commands to consider before any unit's (a bombardment, a card)."""
        return []

    def unit_commands(self, game: Game, side: str, unit: Unit, memo: dict[Any, Any]) -> Iterable[Command]:
        """Commands carrying out ``unit``'s solo order now, best first. ``memo`` is the
        AI's scratch space between calls (keys start with (turn, ...))."""
        return []

    def decide(self, game: Game, side: str, options: list[tuple[str, Command]]) -> Command | None:
        """The option to take when the rules ask ``side`` to choose (casualties, a
        reaction); None: the first legal option."""
        return None

    def retreat_stays(self, game: Game, unit: Unit) -> bool:
        """Whether ``unit``, ordered to Retreat, stays where it is: "If in cover already,
        unit may stay in position if it has at least 50% of its original unit strength"
        (interpretation retreat). The chart's log line says so; the default: it moves."""
        return False

    def chart_note(self, game: Game, unit: Unit, order: str) -> str | None:
        """Why ``unit`` will not carry out its new ``order`` as the chart words it, for the
        chart's log line (after its result and a colon), from the same answers the planner
        acts on; None: it will. The default: a Retreat that :meth:`retreat_stays`."""
        if order == "retreat" and self.retreat_stays(game, unit):
            return "in cover, with half its strength or more, it stays in position"
        return None


class CommandListing(Generic[RulesT]):
    """The commands a side may give, and what the interface offers for a selection.
    The defaults: ending the phase is the only command; no actions, status words from
    the unit's markers."""

    def __init__(self, rules: RulesT) -> None:
        self.rules = rules

    def turn_commands(self, game: Game, side: str) -> list[Command]:
        """The legal commands of ``side`` when no decision is pending."""
        return [Command(END_PHASE, side)] if side == game.state.active_side else []

    def candidate_commands(self, game: Game, side: str) -> list[Command]:
        """A superset of the legal commands, cheaper to list (each still needs a check):
        the random baseline draws from it by rejection, which is uniform over the legal
        ones. Rulesets with costly checks override it; the default is the legal list."""
        if self.rules.decision(game) is not None:
            return self.rules.legal_commands(game, side)
        return self.rules.turn_commands(game, side)

    def unit_status(self, game: Game, unit_id: str) -> list[str]:
        """Markers to draw and list for a unit, in words."""
        return [k for k, v in game.state.units[unit_id].markers.items() if v]

    def can_act(self, game: Game, unit_id: str) -> bool:
        """Whether the unit (of the side to act) may still do something this turn, for the
        play screen's roster. The default: any action offered for it is open (an action
        aimed at a point or a move is taken as open; rulesets that can say more do)."""
        st = game.state
        figs = st.unit_figures(unit_id)
        if not figs:
            return False
        return any(a.enabled for a in self.actions(game, st.units[unit_id].side, unit_id, figs[0].id))

    def figure_status(self, game: Game, figure_id: str) -> list[str]:
        """Marks to draw on a figure and list beside its name, in words (the play screen
        draws the words it has a badge for). The default: "moved" once it has moved."""
        return ["moved"] if game.state.figures[figure_id].markers.get(FigureMark.MOVED) else []

    def preview_move(self, game: Game, fig: Figure, path: list[tuple[float, float]], choice: str | None = None) -> tuple[bool, str, list[str]]:
        """What moving ``fig`` along ``path`` would do, for the interface: (legal,
        short label, lines to show); ``choice``: the move's kind, as its command would carry it."""
        cmd = Command("move", fig.side, figure=fig.id, path=tuple(path), choice=choice)
        reason = game.check(cmd)
        budget = self.move_budget(game, fig)
        plan = plan_move(self.rules, game, fig, list(path), budget=budget, strict=False)
        fmt = self.rules.fmt
        aimed = sum(hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip([fig.pos, *path], path, strict=False))
        left = f" of {fmt(budget)} left" if budget != float("inf") else ""
        if reason and aimed - plan.length >= 0.5:  # the path as aimed, and how far the figure could go along it
            # (issue 21: a path cut to what is left, under a line drawn to the cursor, said "not possible")
            lines = [f"Move {fig.name}", f"path {fmt(aimed)}; the first {fmt(plan.length)} cost {fmt(plan.cost)}{left}"]
            label = fmt(aimed)
        else:
            lines = [f"Move {fig.name}", f"path {fmt(plan.length)}, costs {fmt(plan.cost)}{left}"]
            label = fmt(plan.cost)
            if plan.stopped_by:
                lines.append(f"stops: {plan.stopped_by}")
        if reason:
            lines.append(f"Not possible: {reason}")
        return reason is None, label, lines

    def unit_options(self, game: Game, unit_id: str) -> list[str]:
        """What the unit may still do this phase, in words."""
        return []

    def point_templates(self, game: Game, cmd: Command) -> list[tuple[tuple[float, float], float, str]]:
        """The templates a command aimed at a point would lay there (centre, radius in mm,
        label), for the point tool to draw before the click; none by default."""
        return []

    def actions(self, game: Game, side: str, unit_id: str | None, figure_id: str | None) -> list[Action]:
        """The commands to offer for a selection, in the order of their number keys."""
        return []

    def range_bands(self, game: Game, fig: Figure) -> list[tuple[str, float, float]]:
        """Weapon range bands of a figure, in mm: (label, from, to)."""
        return []

    def move_budget(self, game: Game, fig: Figure) -> float:
        """How far (mm) the figure may still move, for previews."""
        return float("inf")


class OddsPart(Generic[RulesT]):
    """Exact odds before a command is confirmed. Each report must come from the
    procedure that resolves the command, run under ``game.core.odds.enumerate_outcomes``."""

    def __init__(self, rules: RulesT) -> None:
        self.rules = rules

    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        """The command `main.py odds` asks about: a figure firing at a unit, or its unit
        assaulting. Rulesets with other resolutions (shot types, artillery squares,
        vehicle facings) read ``extra`` (the --option KEY=VALUE pairs)."""
        fig = game.state.figures[shooter]
        if extra:
            refuse(f"{self.rules.data.name} takes no --option ({', '.join(extra)}).")
        if assault:
            return Command("assault", fig.side, unit=fig.unit, target=target)
        return Command("fire", fig.side, figure=fig.id, target=target)

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        """The report for ``cmd``: its modifiers and the exact distribution of outcomes."""
        refuse(f"{self.rules.data.name} has no odds for '{cmd.kind}'.")
        raise AssertionError  # unreachable


@dataclass(frozen=True)
class ReadyUnit:
    """A unit of a ready force: its name, kind and troop types, one per figure."""

    name: str
    kind: str
    troops: tuple[str, ...]
    points: int | None = None  # what the rules say it costs


@dataclass(frozen=True)
class ReadyForce:
    """A force the rules write out, for the editor's force builder to place in one go."""

    id: str
    name: str
    units: tuple[ReadyUnit, ...]
    points: int | None = None


class EditorSupport(Generic[RulesT]):
    """What the editor (and the play screen's template tool) offers for a ruleset."""

    def __init__(self, rules: RulesT) -> None:
        self.rules = rules

    def map_settings(self) -> list[tuple[str, str, SettingChoices]]:
        """Ruleset settings a scenario may set (``settings:`` in a map): (key, label,
        choices)."""
        return []

    def troop_points(self, troop_type: str) -> int | None:
        """The points value of one figure of a troop type, where the rules have points."""
        return None

    def figure_points(self, troop_type: str, equipment: Sequence[str]) -> int | None:
        """The points of one figure with its upgrades (a map figure's ``equipment``; empty:
        its type's own)."""
        return self.troop_points(troop_type)

    def upgrades(self, troop_type: str) -> list[tuple[str, str, int]]:
        """The upgrades a single figure of the type may be given: (equipment id, name, points)."""
        return []

    def ready_forces(self) -> list[ReadyForce]:
        """Forces the rules write out, ready to place."""
        return []

    def force_advice(self, sides: Sequence[Mapping[str, Any]], attackers: Collection[str]) -> list[str]:
        """Advice on the forces of a map being edited (its ``sides``, as the map file has
        them; ``attackers``: the ids of the sides that must take something to win)."""
        return []

    def unit_kinds(self) -> tuple[str, ...]:
        """The kinds of unit a new unit may be."""
        return DEFAULT_UNIT_KINDS

    def feature_heights(self) -> dict[str, float]:
        """Terrain types whose height these rules read (a map feature's ``height:``), each
        with the height the rules give one that has none, in inches."""
        return {}

    def reads_openings(self) -> bool:
        """Whether these rules read buildings' doors and windows (a map's ``openings:``)."""
        return False

    def template_sizes(self) -> dict[str, float]:
        """Template sizes in mm beyond the play screen's defaults (name: radius)."""
        return {}
