"""Shared set-ups for the GOODBYEEEEEE!!! tests: small maps in cm with side A first, the
Luck and Valour points taken away, steps reached by ending phases, orders and moves with
forced dice, and the odds of a shot."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

from game.core.commands import Command
from game.core.game import Game
from game.core.keys import StateKey
from game.core.odds import fractions_of
from game.core.state import HeldCard
from game.rulesets.goodbyeeee.initiative import EVENT_DECK
from tests.rulesets.helpers import first_going, force, ok, small_map, unit

PIN_6 = F(21, 36)  # P(2d6 > 6)
PIN_8 = F(10, 36)  # P(2d6 > 8): a lance corporal within 20 cm


def no_points(game: Game) -> Game:
    """Take every Luck and Valour point away, and any event card turn 1 dealt (they are tested
    in test_goodbyeeee_characters and _events): with them each wound and failed roll would ask
    whether to spend one, and a dealt card would roll its own dice."""
    game.state.attrs.pop(StateKey.POOLS, None)
    game.state.hands.clear()
    return game


def gb_game(a_figs: list[tuple[str, float, float]], terrain: list[dict[str, Any]] | None = None,
            more_a: list[dict[str, Any]] | None = None, seed: int = 1, options: dict[str, Any] | None = None,
            points: bool = False) -> Game:
    """Side A's section a1 (and ``more_a``) against one private far off; A acts first; Luck
    and Valour points taken away unless ``points``."""
    doc = small_map([unit("a1", a_figs), *(more_a or [])], [unit("b1", [("private", 110, 115)])],
                    terrain=terrain, ruleset="goodbyeeee", unit="cm", size=(120, 120), turn_limit=4)
    game = first_going(doc, seed=seed, options=options)
    return game if points else no_points(game)


def to_step(game: Game, step: str) -> None:
    for _ in range(20):
        if game.state.phase == step and game.state.active_side == "a":
            return
        ok(game, Command("end_phase", game.state.active_side))
    raise AssertionError(f"never reached A's {step} step")


def next_turn_step(game: Game, step: str) -> None:
    """On to side A's ``step`` of the next turn (B's steps just end; forced dice first)."""
    turn = game.state.turn
    for _ in range(40):
        if game.state.turn > turn and game.state.phase == step and game.state.active_side == "a":
            return
        ok(game, Command("end_phase", game.state.active_side))
    raise AssertionError("never reached the next turn")


def order(game: Game, *faces: int, uid: str = "a1") -> str:
    force(game, *faces)
    ok(game, Command("order", "a", unit=uid))
    return game.log.events[-1].text


def move(game: Game, fid: str, *to: tuple[float, float], dash: bool = False) -> None:
    ok(game, Command("move", "a", figure=fid, path=tuple((x * 10, y * 10) for x, y in to), choice="dash" if dash else None))


def game_of(a_units: list, b_units: list, options: dict | None = None, size: float = 120) -> Game:
    doc = small_map(a_units, b_units, ruleset="goodbyeeee", unit="cm", size=(size, size), turn_limit=6)
    return no_points(first_going(doc, options=options))


def odds(game: Game, fid: str = "a1.1", tid: str = "b1.1", weapon: str | None = None) -> dict:
    return fractions_of(game.rules.odds(game, Command("fire", "a", figure=fid, target=tid, choice=weapon)).outcomes)


def shot(kill: F, hit: F, pin: F = PIN_6) -> dict:
    """The target's fate from P(out of action) and P(hit): a hit that does not kill tests."""
    out = {"out of action": kill, "pinned": (hit - kill) * pin}
    out["no effect"] = 1 - sum(out.values())
    return {k: v for k, v in out.items() if v}


def answer(game: Game, kind: str, choice: str) -> None:
    d = game.rules.decision(game)
    assert d is not None, "no question asked"
    ok(game, Command(kind, d["side"], figure=d["options"][0]["command"]["figure"], choice=choice))


def deal(game: Game, side: str, code: str, face_up: bool = False) -> None:
    game.state.decks[EVENT_DECK].draw_pile.remove(code)
    game.state.hands.setdefault(side, []).append(HeldCard(code, face_up=face_up))


def to_a_in_turn_2(game: Game, *more: int) -> None:
    """On to A's turn 2, A first (the initiative rolled 9 against 3; ``more``: dice forced
    after those)."""
    force(game, 9, 3, *more)
    to_step(game, "fire")
    ok(game, Command("end_phase", "a"))
    for _ in range(10):
        if game.state.active_side == "a" and game.state.turn == 2:
            return
        ok(game, Command("end_phase", game.state.active_side))
