"""WW2 Skirmish: what a command did, read from the scratch game after the rules resolved
it (game/core/trial.py). The rules say it in the log: each effect on a figure or team
(``data["effect"]``), each vehicle damage result (``data["damage"]``), each to-hit die
(its outcome ``hit`` or ``miss``) and each morale test (its outcome). Reading them here
keeps the odds in step with the resolution: nothing is worked out twice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any

from game.core.dice import Dice
from game.core.game import Game
from game.core.trial import Reader

#: the effects a hit can have on a figure or team, in the order the odds name them
EFFECT_ORDER = ("suppressed", "wounded", "disabled", "killed", "flamer")
#: the outcomes of a to-hit die: hit or not (a shot at a bunker kills an occupant or not)
TO_HIT = {"hit": True, "miss": False, "an occupant is killed": True, "no effect on the bunker": False}
#: a shot outcome: (what it did, the morale tests it caused, the to-hit dice that hit)
ShotOutcome = tuple[str, str, int]


def effects_label(effects: list[str], damage: list[str], hit: bool, smoke: bool) -> str:
    """One line for what a shot did: 'miss', 'hit, no effect', 'smoke placed',
    'hit: 1 suppressed, 1 killed', or a vehicle's damage result ('immobilised', 'no
    effect') when it hit a vehicle."""
    c = Counter(effects)
    parts = [f"{c[k]} {k if k != 'flamer' else 'flamethrower man'}" for k in EFFECT_ORDER if c[k]]
    d = Counter(k for k in damage if k != "no effect")
    harm = [k if d[k] == 1 else f"{d[k]}x {k}" for k in sorted(d)]
    if damage:  # a vehicle's result says it all (what befalls its occupants follows from it)
        return ", ".join(harm) or "no effect"
    if parts:
        return "hit: " + ", ".join(parts)
    if smoke:
        return "smoke placed"
    return "hit, no effect" if hit else "miss"


def shot_reader(side: str) -> Reader:
    """The reader of a shot by ``side``: its effects on the enemy, the morale tests of
    the enemy teams it caused, and how many of ``side``'s to-hit dice hit."""

    def read(before: Game, after: Game, dice: Dice) -> ShotOutcome:
        st = after.state
        ours = {f.id for f in st.figures.values() if f.side == side}

        def enemy(data_figures: list[str], units: list[str]) -> bool:
            sides = {st.figures[f].side for f in data_figures if f in st.figures}
            sides |= {st.units[u].side for u in units if u in st.units}
            return bool(sides) and side not in sides

        effects: list[str] = []
        damage: list[str] = []
        to_hit: list[bool] = []
        tests: list[tuple[str, str]] = []
        smoke = False
        for e in after.log:
            data: dict[str, Any] = e.data or {}
            if "effect" in data and enemy(e.figures, e.units):
                effects.append(data["effect"])
            if "damage" in data and enemy(e.figures, e.units):
                damage.append(data["damage"])
            smoke = smoke or e.kind == "smoke"
            r = e.roll
            if r is None:
                continue
            if r.outcome in TO_HIT and ours & set(r.figures):
                to_hit.append(TO_HIT[r.outcome])
            if "morale test" in r.reason and enemy([], r.units):
                tests.append((st.units[r.units[0]].name, r.outcome))
        hits = sum(to_hit)
        label = effects_label(effects, damage, hits > 0 or not to_hit, smoke)
        return label, morale_label(tests), hits

    return read


def morale_label(tests: list[tuple[str, str]]) -> str:
    """The morale tests a command caused: 'no test', the one test's result, or each
    team's result when it caused several."""
    if not tests:
        return "no test"
    if len(tests) == 1:
        return tests[0][1]
    return "; ".join(f"{name}: {out}" for name, out in tests)


def result(o: ShotOutcome) -> Hashable:
    return o[0]


def morale(o: ShotOutcome) -> Hashable:
    return o[1]


def hits(o: ShotOutcome) -> Hashable:
    return o[2]


def hit(o: ShotOutcome) -> Hashable:
    return "hit" if o[2] else "miss"
