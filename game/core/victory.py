"""Scenario victory conditions, evaluated on the state.

The scenario's conditions are copied into ``state.attrs['victory']`` at set-up (in mm):
``{'turn_limit': 8, 'otherwise': 'draw', 'objectives': {id: {name, x, y, radius}},
'conditions': [{type, side, objectives, fraction, when, text}]}``, and ``'fled_lost':
False`` when the ruleset says figures that fled the table are not casualties
(``RulesetBase.fled_are_casualties``); without it they count as out of action.
"""

from __future__ import annotations

from collections import Counter
from math import hypot
from operator import attrgetter
from typing import Any

from game.core.keys import StateKey
from game.solo.keys import SoloKey

from .state import ACTIVE, FLED, GameState

_SIDE_LIFE = attrgetter("side", "life")


def objective_holder(state: GameState, obj: dict[str, Any]) -> str | None:
    """The side holding an objective: it has a figure in action within the radius and
    no other side has one, nor a hidden marker there (:func:`hidden_marker_at`)."""
    holder = figure_holder(state, obj)
    return None if holder is None or hidden_marker_at(state, obj, holder) else holder


def figure_holder(state: GameState, obj: dict[str, Any]) -> str | None:
    """The one side with a figure in action within the objective, markers aside."""
    present = set()
    for f in state.figures.values():
        if f.alive and hypot(f.x - obj["x"], f.y - obj["y"]) <= obj["radius"] + 1e-6:
            present.add(f.side)
    return next(iter(present)) if len(present) == 1 else None


def contested_notes(state: GameState) -> list[str]:
    """For the log, a line for each objective a side's figures alone stand in but a hidden
    marker keeps from it (:func:`hidden_marker_at`): why it was not held."""
    solo = str((state.attrs.get(SoloKey.SOLO) or {}).get("side"))
    out = []
    for o in (state.attrs.get(StateKey.VICTORY) or {}).get("objectives", {}).values():
        holder = figure_holder(state, o)
        if holder is not None and hidden_marker_at(state, o, holder):
            out.append(f"{state.sides[holder].name} stand in {o['name']}, but a marker of {state.sides[solo].name} stands there "
                       "too: its hidden forces keep it from them (solo rules: drive the marker off or see it revealed).")
    return out


def hidden_marker_at(state: GameState, obj: dict[str, Any], holder: str) -> bool:
    """Whether a marker of a side played from portal markers, other than ``holder``,
    stands unrevealed within the objective (a portal marker, a dummy or a solo counter:
    they look alike until revealed). It stands for that side's forces hidden there, so no
    other side holds the objective while it is there: the player must drive it off (a
    figure coming within 8" of it in sight), or see it revealed (solo interpretation
    ``portal-hold``)."""
    solo = state.attrs.get(SoloKey.SOLO) or {}
    side = solo.get("side")
    if not side or side == holder or not solo.get("portals"):
        return False
    return any(m.side == side and m.secret and hypot(m.x - obj["x"], m.y - obj["y"]) <= obj["radius"] + 1e-6
               for m in state.markers.values())


def holds(state: GameState, side: str, obj: dict[str, Any], at_end: bool) -> bool:
    """Whether ``side`` holds an objective. At the end of the game a side played from
    portal markers that still has markers or figures in play holds an objective no other
    side holds (solo interpretation ``portal-hold``: its forces are hidden around what it
    defends; the solo rules set the player's side to take the game objective)."""
    holder = objective_holder(state, obj)
    if holder == side:
        return True
    solo = state.attrs.get(SoloKey.SOLO) or {}
    if not (at_end and holder is None and solo.get("side") == side and solo.get("portals")):
        return False
    return has_portals(state, side) or any(f.alive for f in state.side_figures(side))


def fled_lost(state: GameState) -> bool:
    """Figures that fled the table count as out of action (unless the ruleset said not)."""
    return bool(state.attrs.get(StateKey.VICTORY, {}).get("fled_lost", True))


def losses(state: GameState, side: str) -> tuple[int, int]:
    """(figures out of action, starting figures) for a side: fled figures among them
    unless the ruleset says they are not casualties (:func:`fled_lost`). A side played
    from portal markers counts its whole force (the pool), and every casualty, recycled or
    not."""
    fled = fled_lost(state)
    lost = total = 0
    for f in state.figures.values():  # (one pass: checked after every step of every command)
        if f.side == side:
            total += 1
            if f.life != ACTIVE and (fled or f.life != FLED):
                lost += 1
    solo = state.attrs.get(SoloKey.SOLO) or {}
    if solo.get("side") == side and solo.get("portals"):
        return lost, max(1, solo.get("strength", 0))
    return lost, total


def side_losses(state: GameState) -> dict[str, tuple[int, int]]:
    """:func:`losses` of every side, counted in one pass over the figures (the victory is
    checked after every step of every command)."""
    fled = fled_lost(state)
    lost = dict.fromkeys(state.sides, 0)
    total = dict.fromkeys(state.sides, 0)
    for (side, life), n in Counter(map(_SIDE_LIFE, state.figures.values())).items():  # (counted in C)
        if side in total:
            total[side] += n
            if life != ACTIVE and (fled or life != FLED):
                lost[side] += n
    solo = state.attrs.get(SoloKey.SOLO) or {}
    out = {s: (lost[s], total[s]) for s in state.sides}
    if solo.get("portals") and solo.get("side") in out:
        s = solo["side"]
        out[s] = (lost[s], max(1, solo.get("strength", 0)))
    return out


def broken(lost: int, total: int, fraction: float) -> bool:
    """Whether ``lost`` figures out of action of ``total`` meet a break condition's
    ``fraction``."""
    return bool(total) and lost / total >= fraction - 1e-9


def losses_to_break(state: GameState, side: str) -> int | None:
    """How many more of ``side``'s figures out of action (as :func:`losses` counts them)
    meet a break condition an enemy wins by (as :func:`condition_met` tests it); None: no
    such condition."""
    lost, total = losses(state, side)
    fractions = [c.get("fraction", 0.5) for c in state.attrs.get(StateKey.VICTORY, {}).get("conditions", [])
                 if c["type"] == "break" and side in state.enemies_of(c["side"])]
    if not fractions or not total:
        return None
    return min(next(n for n in range(total + 1) if broken(lost + n, total, f)) for f in fractions)


def marker_summary(state: GameState, side: str) -> str | None:
    """For a side played from portal markers: what became of its markers (eliminated with
    nowhere to fall back, dummies revealed), for the end of game summary; None otherwise."""
    solo = state.attrs.get(SoloKey.SOLO) or {}
    if solo.get("side") != side or not solo.get("portals"):
        return None
    start = solo.get("markers") or {}
    gone = solo.get("eliminated") or {}
    total = sum(start.values())
    elim = gone.get("portal", 0) + gone.get("dummy", 0)
    words = f"{elim} of {total} portal markers eliminated ({gone.get('portal', 0)} portals, {gone.get('dummy', 0)} dummies)"
    if gone.get("dummy revealed"):
        words += f", {gone['dummy revealed']} dummies revealed"
    if gone.get("spent"):
        words += f", {gone['spent']} one-time portal{'s' if gone['spent'] != 1 else ''} spent"
    left = sum(1 for m in state.markers.values() if m.side == side and m.kind in ("portal", "dummy"))
    return f"{words}, {left} left on the table"


def has_portals(state: GameState, side: str) -> bool:
    """The side still has portal markers or dummies on the table (forces to come)."""
    return any(m.side == side and m.kind in ("portal", "dummy") for m in state.markers.values())


def condition_met(state: GameState, cond: dict[str, Any], tally: dict[str, tuple[int, int]] | None = None) -> bool:
    """``tally``: each side's :func:`losses` already counted, by side (:func:`evaluate`)."""
    side = cond["side"]
    kind = cond["type"]
    objectives = state.attrs.get(StateKey.VICTORY, {}).get("objectives", {})
    if kind == "hold":
        ids = cond.get("objectives") or list(objectives)
        return bool(ids) and all(holds(state, side, objectives[i], cond.get("when") == "end") for i in ids)
    enemies = state.enemies_of(side)
    if kind == "break":
        frac = cond.get("fraction", 0.5)
        for e in enemies:
            lost, total = tally[e] if tally is not None and e in tally else losses(state, e)
            if broken(lost, total, frac):
                return True
        return False
    if kind == "eliminate":
        return all(not any(f.alive for f in state.side_figures(e, alive_only=False)) and not has_portals(state, e) for e in enemies)
    raise ValueError(f"unknown victory condition {kind!r}")


def describe(cond: dict[str, Any], state: GameState) -> str:
    if cond.get("text"):
        return cond["text"]
    name = state.sides[cond["side"]].name
    if cond["type"] == "hold":
        objs = state.attrs.get(StateKey.VICTORY, {}).get("objectives", {})
        names = ", ".join(objs[i]["name"] for i in (cond.get("objectives") or list(objs)))
        return f"{name} hold {names}"
    if cond["type"] == "break":
        return f"{name} break the enemy ({int(cond.get('fraction', 0.5) * 100)}% of its figures out of action)"
    return f"{name} eliminate the enemy"


def evaluate(state: GameState, moment: str) -> tuple[str | None, str] | None:
    """Check the conditions that apply at ``moment`` ('any', 'turn_end' or 'end').
    Returns (winner or None for a draw, explanation) when the game is decided."""
    v = state.attrs.get(StateKey.VICTORY)
    if not v:
        return None
    order = {"any": 0, "turn_end": 1, "end": 2}
    tally = side_losses(state) if any(c["type"] == "break" for c in v.get("conditions", [])) else None
    for cond in v.get("conditions", []):
        if order[cond.get("when", "any")] <= order[moment] and condition_met(state, cond, tally):
            words = describe(cond, state)
            objs = v.get("objectives", {})
            if cond["type"] == "hold" and any(objective_holder(state, objs[i]) is None for i in (cond.get("objectives") or list(objs))):
                words += " (no enemy took it from their hidden forces: portal markers, solo rules)"
            return cond["side"], words
    if moment == "end":
        other = v.get("otherwise", "draw")
        if other in state.sides:
            return other, f"{state.sides[other].name} win: no other condition was met by turn {v['turn_limit']}"
        return None, f"Draw: no side met its victory conditions by turn {v['turn_limit']}"
    return None
