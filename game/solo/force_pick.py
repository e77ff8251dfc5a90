"""Making a force generation result from the solo side's pool (its figures on the map):
each unit of the result from the troop types the table names, its alternatives, or stand-ins
where the pool has run out of a type (interpretation solo-force-riflemen in WW2 Skirmish)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.data.solo_schema import ForceEntry, ForceUnit

if TYPE_CHECKING:
    from game.rulesets.base import RulesetBase


def deployable(entry: ForceEntry, pool: dict[str, int], stand_ins: dict[str, list[str]] | None = None) -> list[ForceUnit] | None:
    """The units of the entry as the pool can make them all: each its troops, else its
    first alternative the pool still has the figures for, a type the pool has run out of
    taken by its stand-ins in order (None: some unit cannot be made, and the table steps
    down: "If no figures are available to represent the generated force, use the options
    before")."""
    made = deploy(entry, pool, stand_ins or {})
    return None if made is None else made[0]


def deploy(entry: ForceEntry, pool: dict[str, int],
           stand_ins: dict[str, list[str]]) -> tuple[list[ForceUnit], Counter[tuple[str, str]]] | None:
    """:func:`deployable`, with the stand-ins it took: (stand-in type, type named) counted."""
    left = Counter(pool)
    out = []
    subs: Counter[tuple[str, str]] = Counter()
    for grp in entry.groups():
        for troops in grp.choices():
            made = fill(troops, left, stand_ins)
            if made is not None:
                left -= Counter(made)
                subs.update((t, w) for t, w in zip(made, troops, strict=True) if t != w)
                out.append(grp if made == grp.troops else grp.model_copy(update={"troops": made, "alternatives": []}))
                break
        else:
            return None
    return out, subs


def fill(troops: list[str], left: Counter[str], stand_ins: dict[str, list[str]]) -> list[str] | None:
    """The figures' types that make ``troops`` from ``left``, each in its place in the list:
    every named type the pool has first, then each missing one from its stand-ins in order
    (None: the pool cannot)."""
    free = Counter(left)
    made: list[str | None] = []
    for t in troops:
        ok = free[t] > 0
        made.append(t if ok else None)
        free[t] -= int(ok)
    for i, t in enumerate(troops):
        if made[i] is None:
            sub = next((s for s in stand_ins.get(t, []) if free[s] > 0), None)
            if sub is None:
                return None
            made[i] = sub
            free[sub] -= 1
    return [t for t in made if t is not None]


def stood_in(subs: Counter[tuple[str, str]], rules: RulesetBase) -> str:
    """What the force roll's outcome says of the stand-ins :func:`deploy` took, e.g.
    " (Schütze (rifle grenades) for Schütze, Sturmgewehr schütze x2 for Schütze)" ("" when
    every figure is of a type the table names)."""
    if not subs:
        return ""
    tt = rules.data.troop_types
    return " (" + ", ".join(f"{tt[t].name} x{n} for {tt[w].name}" if n > 1 else f"{tt[t].name} for {tt[w].name}"
                            for (t, w), n in sorted(subs.items())) + ")"
