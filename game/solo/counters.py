"""The solo counters (ww2-skirmish-solo.txt, "Solo rules": snipers, random artillery,
mines): a sniper or artillery counter attacks the first player unit that spots it or
that it sees, then is removed; a mine attacks units coming within 10" in sight, and
stays face up. Whether sight is enough is the ruleset's ``counter_contact`` (WW2
Skirmish rolls to spot and the 1/35th to acquire, both ways: :func:`rolled_contact`); the
attack itself is its ``solo_counter_attack``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import Figure, Marker, Unit
from game.solo.keys import SoloKey
from game.solo.portal_state import (
    marker_pos,
    player_figures,
    require_info,
    solo_counters,
    tell_all,
    visibility,
)
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.rulesets.base import RulesetBase


def counters_check(rules: RulesetBase, game: Game) -> None:
    """A sniper or artillery counter attacks the nearest player unit it sees (or that
    sees it: sight is both ways), then goes; a mine attacks every unit coming within 10"
    in sight, once each, and then lies face up."""
    st = game.state
    for m in solo_counters(game):
        if st.over:
            return
        if m.id not in st.markers:
            continue
        foes = player_figures(game)
        vis, _ = visibility(game, foes, [marker_pos(m)], both_ways=True)  # it spots an enemy or is spotted
        cands = [f for i, f in enumerate(foes) if vis[i, 0]]
        if m.kind == "mine":
            reach = solo_tables().dist_mm("mine_reach")
            done = m.attrs.get(SoloKey.ATTACKED, [])
            cands = [f for f in cands if rules.apart(f, marker_pos(m)) <= reach + 1e-6 and f.unit not in done]
        if not cands:
            continue
        cands.sort(key=lambda f: (round(rules.apart(f, marker_pos(m)), 6), f.id))
        cands = rules.counter_contact(game, m, cands)  # the ruleset's spotting, where it has one
        if not cands:
            continue
        units = list(dict.fromkeys(f.unit for f in cands))
        if m.kind != "mine":
            units = units[:1]
        require_info(st)["contact"] = True
        for uid in units:
            if st.over or not st.unit_alive(uid):
                continue
            words = {"sniper": "A sniper", "artillery": "Random artillery", "mine": "A minefield"}.get(m.kind, f"A {m.kind} counter")
            tell_all(game, f"The marker is revealed: {words} attacks {st.units[uid].name}!", units=[uid])
            if m.kind == "mine":
                m.secret = False
                m.attrs[SoloKey.ATTACKED] = [*m.attrs.get(SoloKey.ATTACKED, []), uid]
            rules.solo_counter_attack(game, m.kind, uid, at=marker_pos(m))
        if m.kind != "mine" and m.id in st.markers:
            del st.markers[m.id]


def rolled_contact(game: Game, marker: Marker, figures: list[Figure], sideturn: int,
                   counter_finds: Callable[[tuple[float, float], list[Figure]], bool],
                   team_finds: Callable[[Unit, tuple[float, float]], bool]) -> list[Figure]:
    """``counter_contact`` for a ruleset with a roll to see an enemy ("If the counter spots
    an enemy or is spotted": WW2 Skirmish's interpretation solo-counter-spotting, the
    1/35th's solo-counters). ``figures``: the player's figures in sight of the counter,
    nearest first. A sniper or artillery counter tries once a side-turn (``sideturn``) for
    each of the player's teams among them: it tries to find the nearest team
    (``counter_finds``: the ruleset's roll, at the counter's place, on the team's figures)
    and each team tries to find it (``team_finds``); the first team found or finding is the
    one attacked. A mine tries the same for each team (within its reach: the caller's),
    and is found by a team only while still face down; every team it so meets is attacked."""
    if marker.kind not in ("sniper", "artillery", "mine"):
        return figures
    st = game.state
    at = (marker.x, marker.y)
    tried: dict[str, int] = dict(marker.attrs.get(SoloKey.TRIED, {}))
    marker.attrs[SoloKey.TRIED] = tried  # filled in below
    mine = marker.kind == "mine"
    out: list[Figure] = []
    for k, uid in enumerate(dict.fromkeys(f.unit for f in figures)):
        if tried.get(uid) == sideturn or not st.unit_alive(uid):
            continue
        tried[uid] = sideturn
        figs = [f for f in figures if f.unit == uid]
        if mine:
            if counter_finds(at, figs) or (marker.secret and team_finds(st.units[uid], at)):
                out += figs
            continue
        if (k == 0 and counter_finds(at, figs)) or team_finds(st.units[uid], at):
            return figs
    return out
