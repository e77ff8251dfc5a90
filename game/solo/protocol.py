"""What the solo rules (:class:`game.solo.orders.SoloMixin`) need of the ruleset they are
mixed into, for the type checker: the members :class:`game.rulesets.base.RulesetBase`
and its sight mixin (game/rulesets/sight.py) give, and the solo methods the solo rules
call on each other (rulesets refine some of them: :meth:`profile`, ...). The mixin's
methods that need them annotate ``self`` with :class:`SoloRules`.

Signatures are copied from game/rulesets/base.py, game/rulesets/sight.py and
game/solo/orders.py; keep them in step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import numpy as np

    from game.core.game import Game
    from game.core.state import Figure, Unit
    from game.data.ruleset_schema import RulesetData
    from game.geometry.los import LosResult
    from game.rulesets.parts import Planner
    from game.solo.tables import Profile


class SoloRules(Protocol):
    """A ruleset with the solo rules mixed in."""

    # ---- given by the ruleset (game/rulesets/base.py, game/rulesets/sight.py) ----------
    planner: Planner[Any]

    @property
    def data(self) -> RulesetData: ...

    def los(self, game: Game, a: Figure | tuple[float, float], b: Figure | tuple[float, float]) -> LosResult: ...

    def prefetch_sight(self, game: Game, observers: list[Figure], targets: list[Figure], within: float | None = None) -> None: ...

    def recall(self, game: Game, key: tuple, work: Callable[[], Any]) -> Any: ...

    def unit_status(self, game: Game, unit_id: str) -> list[str]: ...

    def known_enemies(self, game: Game, side: str) -> list[Figure]: ...

    def alive(self, game: Game, unit_id: str) -> list[Figure]: ...

    def check_victory(self, game: Game) -> None: ...

    def apart(self, a: Figure | tuple[float, float], b: Figure | tuple[float, float],
              at: tuple[float, float] | None = None, b_at: tuple[float, float] | None = None) -> float: ...

    # ---- the solo rules' own (game/solo/orders.py), called on each other ----------------
    def solo_sight(self, game: Game, observers: list[Figure], places: list[tuple[float, float]],
                   both_ways: bool = False) -> tuple[np.ndarray, np.ndarray]: ...

    def solo_sees(self, game: Game, observers: list[Figure], targets: list[Figure],
                  within: float | None = None, cover: bool = True) -> tuple[np.ndarray, np.ndarray]: ...

    def profile(self, game: Game, unit: Unit) -> Profile: ...

    def recent(self, game: Game, unit: Unit, key: str) -> list[dict[str, Any]]: ...

    def _sees(self, game: Game, figs: list[Figure], others: list[Figure], reach: float | None = None) -> list[Figure]: ...

    def risk_factors(self, game: Game, unit: Unit) -> list[tuple[str, int, str]]: ...

    def cover_from_enemy(self, game: Game, figs: list[Figure], enemies: list[Figure]) -> str: ...

    def initial_order(self, game: Game, unit: Unit) -> str: ...

    def holds_position(self, game: Game, unit: Unit) -> bool: ...

    def _afv_orders(self, game: Game, unit: Unit) -> None: ...

    def chart_rout(self, game: Game, unit: Unit) -> None: ...

    def chart_bale_out(self, game: Game, unit: Unit) -> None: ...

    def note_last_enemy(self, game: Game, unit: Unit) -> None: ...

    def routed(self, game: Game, unit: Unit) -> bool: ...

    def withdrawing(self, game: Game, unit: Unit) -> bool: ...

    def immobile(self, game: Game, unit: Unit) -> bool: ...

    def moved_lately(self, game: Game, fig: Figure) -> bool: ...
