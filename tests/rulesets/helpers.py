"""Small scripted situations: a map built in the test, forced dice, quick phase steps."""

from __future__ import annotations

import contextlib
import io
import subprocess
from functools import cache
from typing import Any

from game.catalog import load_map_doc, load_unfinished_ruleset, new_game
from game.core.commands import Command
from game.core.game import Game
from game.core.rng import ForcedSource
from game.data.yamlio import Doc
from game.rulesets import REGISTRY


def small_map(
    a_units: list[dict[str, Any]],
    b_units: list[dict[str, Any]],
    terrain: list[dict[str, Any]] | None = None,
    settings: dict[str, Any] | None = None,
    ruleset: str = "great-war-54mm",
    size: tuple[float, float] = (48, 48),
    turn_limit: int = 6,
    unit: str = "in",
    artillery_strikes: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "kind": "map",
        "name": "Test table",
        "ruleset": ruleset,
        "unit": unit,
        "table": {"width": size[0], "height": size[1]},
        "terrain": terrain or [],
        "settings": settings or {},
        "sides": [
            {"id": "a", "name": "Side A", "home_edge": "south", "units": a_units},
            {"id": "b", "name": "Side B", "home_edge": "north", "units": b_units},
        ],
        "victory": {"turn_limit": turn_limit},
        "artillery_strikes": artillery_strikes or [],
    }


def unit(uid: str, figures: list[tuple[str, float, float]], kind: str = "squad", name: str | None = None) -> dict[str, Any]:
    return {"id": uid, "name": name or uid, "kind": kind, "figures": [{"type": t, "at": [x, y]} for t, x, y in figures]}


def three_sides(first: str | None = None) -> dict[str, Any]:
    """A Great War map with a third side, C, on the east edge (``first``: the side that goes first)."""
    doc = small_map([unit("a1", [("rifleman", 10, 44)])], [unit("b1", [("rifleman", 10, 4)])], turn_limit=2)
    doc["sides"].append({"id": "c", "name": "Side C", "home_edge": "east", "units": [unit("c1", [("rifleman", 44, 24)])]})
    if first:
        doc["first_side"] = first
    return doc


def make_game(doc: dict[str, Any], seed: int = 1, options: dict[str, Any] | None = None) -> Game:
    lm = load_map_doc(Doc("test-map.yaml", doc))
    return new_game(lm, seed=seed, options=options)


@cache
def unfinished_ruleset(ruleset_id: str) -> Any:
    """The rules object of a ruleset still being written (game.rulesets.IN_PROGRESS), loaded
    once: only a map loaded with it may name that ruleset. One registered since is loaded as
    any playable ruleset."""
    if ruleset_id in REGISTRY:
        from game.catalog import load_ruleset

        return load_ruleset(ruleset_id)
    return load_unfinished_ruleset(ruleset_id)


def make_unfinished_game(doc: dict[str, Any], seed: int = 1, options: dict[str, Any] | None = None) -> Game:
    """``make_game`` for a ruleset not yet playable (the map's ``ruleset:`` is one of
    game.rulesets.IN_PROGRESS): its maps load only with its rules object in hand, which
    the New game screen, the editor and saves never have. A ruleset that has joined
    REGISTRY since its tests were written loads as any other."""
    if doc["ruleset"] in REGISTRY:
        return make_game(doc, seed=seed, options=options)
    lm = load_map_doc(Doc("test-map.yaml", doc), ruleset=unfinished_ruleset(doc["ruleset"]))
    return new_game(lm, seed=seed, options=options)


def first_going(doc: dict[str, Any], side: str = "a", seed: int = 1, options: dict[str, Any] | None = None) -> Game:
    """The game of ``doc`` with the first seed from ``seed`` on where ``side`` goes first (for
    rulesets that roll who goes first when the game begins)."""
    for s in range(seed, seed + 80):
        game = make_unfinished_game(doc, seed=s, options=options)
        if game.state.active_side == side:
            return game
    raise AssertionError(f"side {side} never won the initiative")


def replay_unfinished(game: Game) -> Game:
    """``game.catalog.replay`` for such a game: the same map, seed, options and commands."""
    fresh = make_unfinished_game(game.scenario["map"], seed=game.seed, options=game.options)
    for cmd in game.commands:
        ok(fresh, cmd)
    return fresh


def force(game: Game, *faces: int) -> ForcedSource:
    """From now on the game's dice show these faces, in order."""
    src = ForcedSource(list(faces))
    game.dice.source = src
    return src


def ok(game: Game, cmd: Command):
    res = game.submit(cmd)
    assert res.ok, getattr(res, "reason", "")
    return res


def refused(game: Game, cmd: Command) -> str:
    res = game.submit(cmd)
    assert not res.ok, f"{cmd} was accepted"
    return res.reason  # type: ignore[union-attr]


def end_phases(game: Game, until_phase: str, side: str | None = None) -> None:
    """Submit end_phase until the game reaches ``until_phase`` (of ``side`` if given)."""
    for _ in range(50):
        st = game.state
        if st.phase == until_phase and (side is None or st.active_side == side):
            return
        ok(game, Command("end_phase", st.active_side))
    raise AssertionError(f"never reached {until_phase}")


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    """``main.py args`` run in this process (a fresh interpreter costs seconds a call; the
    command line's own tests in tests/test_cli.py start one): its exit code, stdout and
    stderr as a subprocess would give them."""
    import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main.main(list(args))
    return subprocess.CompletedProcess(["main.py", *args], code, out.getvalue(), err.getvalue())


def bind_afv_order(game: Game, unit_id: str, order: str, side: str = "a") -> None:
    """Under the optional rule solo_afvs: ``side`` has seen the enemy, and its vehicle unit
    ``unit_id`` is under the AFV order ``order`` this turn."""
    from game.solo.keys import SoloKey

    game.state.attrs[SoloKey.ENEMY_SEEN] = [side]
    u = game.state.units[unit_id]
    u.markers[SoloKey.ORDER] = order
    u.markers[SoloKey.ORDERED_TURN] = game.state.turn
