"""The odds shown are the odds played: a differential test for every ruleset and every
kind of command that shows odds.

Seeded games on the shipped maps are played by the solo AI; at points along them, each
command the acting side could give that shows odds is taken as a situation. Its report
is worked out as the panel shows it; then the command is given for real (``submit`` on a
copy of the game, as a player would) a thousand times under different seeds, and every
distribution the report shows (casualties, effects, morale and each follow-on result) is
held against the observed frequencies with a binomial bound. The seeds are fixed, so the
test cannot flake: it either agrees or names the situation and the outcome that parts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import pytest

from game.ai.solo_ai import SoloAI
from game.catalog import MAPS_DIR, load_map, new_game
from game.core.commands import Command, Refusal
from game.core.game import Game
from game.rulesets.offers import OddsReport

from .helpers import end_phases, make_game, small_map, unit
from .odds_kit import disagreements, observe

#: situations of one kind of command, at most, per ruleset (3 where not named: WW2's
#: games are slow to play and its kinds many)
PER_KIND = {"ww2-skirmish": 2}
#: commands played between two situations of one kind
SPACING = 15
#: commands played between two looks at the actions that show odds
LOOK_EVERY = 4
#: commands played in one seeded game, at most (rarer kinds come from SCRIPTED)
MAX_STEPS = 400

#: the kinds of command whose odds each ruleset shows
ODDS_KINDS = {
    "great-war-54mm": ("fire", "fire_unit", "assault", "bombard"),
    "wwify": ("fire", "combat", "barrage", "morale"),
    "ww2-skirmish": ("fire", "fire_team", "volley", "blast", "fire_gun", "fire_at", "flame", "spot", "remove_suppression", "morale"),
    "goodbyeeee": ("order", "fire", "fire_at_point"),
}
MAPS = {
    "great-war-54mm": ("open-field-encounter", "trench-raid"),
    "wwify": ("wwify-gloomford-crossing", "wwify-thornwick-tunnels"),
    "ww2-skirmish": ("ww2-village-hauteville", "ww2-bocage-bunkers"),
    "goodbyeeee": ("goodbyeeee-bombing-party", "goodbyeeee-tanks-at-flers"),
}


def gw_contact() -> Game:
    """Two sections 1.5" apart in the Assaults phase: the shipped maps' seeded games never
    bring a unit within 2" of an enemy, so the assault is also taken from here (the
    defender is pinned: losing sends it running, a follow-on the odds show)."""
    a = [unit("a1", [("rifleman", 20 + 2 * i, 30) for i in range(4)] + [("officer", 40, 44)])]
    b = [unit("b1", [("rifleman", 20 + 2 * i, 28.5) for i in range(3)])]
    game = make_game(small_map(a, b))
    end_phases(game, "assaults", "a")
    game.state.units["b1"].markers["pinned"] = True
    return game


def wwify_contact() -> Game:
    """Two Good riflemen and their officer in base contact with an Evil squad: the shipped
    maps' seeded games never bring squads into contact, so close combat is taken from
    here (the loser's owner picks who falls, the winner kills or captures: decisions the
    computer answers, as in play)."""
    from .wwify_kit import fresh, wmap

    a = [unit("s", [("good_rifleman", 20, 30), ("good_rifleman", 22, 30), ("good_officer", 21, 31)])]
    b = [unit("t", [("evil_rifleman", 21, 30), ("evil_rifleman", 23, 30), ("evil_officer", 30, 34)])]
    return fresh(wmap(a, b))


def ww2_bazooka() -> Game:
    """A bazooka team 10" from a Panzer IV in its own turn, its shot readied: the shipped
    maps' seeded games bring no hand-held anti-tank weapon to bear within the search."""
    from .ww2_kit import see, team, vehicle, wgame

    game = wgame([vehicle("a1", "ger_pz4h", 24, 20, facing=0.0)], [team("b1", [("us_bazooka", 24, 30), ("us_bazooka_loader", 25.5, 30)])])
    game.state.figures["b1.1"].attrs["ready"] = {"bazooka": 2}
    game.state.active_side = "b"
    see(game, "b", "a1.1")
    return game


def ww2_flame() -> Game:
    """A flamethrower 10" from a fire team of three (seeded games reach one late)."""
    from .ww2_kit import flame_game

    return flame_game()


#: scripted games for kinds the shipped maps' seeded games do not reach
SCRIPTED = {
    "great-war-54mm": {"assault": gw_contact},
    "wwify": {"combat": wwify_contact},
    "ww2-skirmish": {"fire_at": ww2_bazooka, "flame": ww2_flame},
}


def situations(ruleset: str, per_kind: int) -> Iterator[tuple[Game, OddsReport]]:
    """(game, report) at points of seeded AI games, at most PER_KIND of each kind, at
    least SPACING commands apart; then the scripted games for the kinds not reached."""
    seen: Counter = Counter()
    scripted = SCRIPTED.get(ruleset, {})
    searched = [k for k in ODDS_KINDS[ruleset] if k not in scripted]
    for map_name in MAPS[ruleset]:
        for seed in (1, 2):
            last: dict[str, int] = {}
            game = new_game(load_map(MAPS_DIR / f"{map_name}.yaml"), seed)
            players = {s: SoloAI(seed * 10 + i) for i, s in enumerate(game.state.side_order)}
            steps = 0
            while not game.state.over and steps < MAX_STEPS and min(seen[k] for k in searched) < per_kind:
                side = game.acting_side
                wanted = {k for k in ODDS_KINDS[ruleset] if seen[k] < per_kind and steps - last.get(k, -SPACING) >= SPACING}
                if steps % LOOK_EVERY:
                    wanted &= ASKED_ONLY  # listing every unit's actions is slow: not at every step
                for cmd in odds_commands(game, side, wanted):
                    if cmd.kind not in wanted or seen[cmd.kind] >= per_kind or steps - last.get(cmd.kind, -SPACING) < SPACING:
                        continue
                    try:
                        rep = game.rules.odds(game, cmd)
                    except Refusal:
                        continue
                    seen[cmd.kind] += 1
                    last[cmd.kind] = steps
                    yield game, rep
                game.submit(players[side].choose(game, side))
                steps += 1
    for build in scripted.values():
        game = build()
        for cmd in odds_commands(game, game.acting_side, set(ODDS_KINDS[ruleset])):
            if cmd.kind in ODDS_KINDS[ruleset] and not seen[cmd.kind]:
                try:
                    rep = game.rules.odds(game, cmd)
                except Refusal:
                    continue
                seen[cmd.kind] += 1
                yield game, rep
    missing = [k for k in ODDS_KINDS[ruleset] if not seen[k]]
    assert not missing, f"no situation found for {missing}: add a map or seed that has them"


#: the kinds only the ``odds`` command asks about
ASKED_ONLY = {"morale", "barrage"}


def asked_only(game: Game, side: str) -> Iterator[Command]:
    """The odds the ``odds`` command gives that no action shows: WWIFY's morale test of
    each squad of ``side`` and the barrage on the square of each of its figures; WW2's
    morale test of each fire team."""
    st = game.state
    if game.rules.id == "ww2-skirmish":
        yield from (Command("morale", side, unit=u.id) for u in st.side_units(side) if st.unit_alive(u.id))
        return
    if game.rules.id != "wwify":
        return
    grid = game.rules.fighting.grid(game)
    for u in st.side_units(side):
        if u.kind == "squad" and st.unit_alive(u.id):
            yield Command("morale", side, unit=u.id)
            f = st.unit_figures(u.id)[0]
            yield Command("barrage", side, choice=grid.label(*grid.locate((f.x, f.y))))


def odds_commands(game: Game, side: str, kinds: set[str]) -> Iterator[Command]:
    """Every command of these ``kinds`` the interface would show odds for now: those only
    the ``odds`` command asks about, then the actions marked with odds for each unit and
    figure of ``side``, with each enemy unit or figure as target."""
    yield from (c for c in asked_only(game, side) if c.kind in kinds)
    if not kinds - ASKED_ONLY:
        return  # listing every unit's actions is the slow part: only when needed
    st = game.state
    enemies = [u for u in st.units.values() if u.side != side and st.unit_alive(u.id)]
    for u in st.side_units(side):
        if not st.unit_alive(u.id):
            continue
        picks: list[tuple[str, str | None]] = [(u.id, None)] + [(u.id, f.id) for f in st.unit_figures(u.id)]
        for unit_id, figure_id in picks:
            for a in game.rules.listing.actions(game, side, unit_id, figure_id):
                if not a.odds or not a.enabled:
                    continue
                if a.mode == "now":
                    yield a.command
                elif a.mode == "enemy_unit":
                    yield from (replace(a.command, target=e.id) for e in enemies)
                elif a.mode == "enemy_figure":
                    yield from (replace(a.command, target=f.id) for e in enemies for f in st.unit_figures(e.id))
                elif a.mode == "point":  # a weapon fired at a point: at each enemy figure's place
                    yield from (replace(a.command, point=f.pos) for e in enemies for f in st.unit_figures(e.id) if f.alive)




@pytest.mark.parametrize("ruleset", sorted(ODDS_KINDS))
def test_shown_odds_match_resolving_the_command(ruleset):
    """Every kind of command that shows odds, in one situation each (the first the seeded
    games reach; `make soak` runs them all: the next test)."""
    held_against_resolving(ruleset, 1)


@pytest.mark.soak
@pytest.mark.parametrize("ruleset", sorted(ODDS_KINDS))
def test_shown_odds_match_resolving_the_command_in_every_situation(ruleset):
    held_against_resolving(ruleset, PER_KIND.get(ruleset, 3))


def held_against_resolving(ruleset: str, per_kind: int) -> None:
    checked: Counter = Counter()
    problems = []
    for n, (game, rep) in enumerate(situations(ruleset, per_kind)):
        bad = disagreements(rep, observe(game, rep, 1000 * n))
        problems += [f"{rep.title} (turn {game.state.turn}): {b}" for b in bad]
        checked[rep.resolution.cmd.kind if rep.resolution and rep.resolution.cmd else rep.title] += 1
    assert not problems, "\n".join(problems)
    assert sum(checked.values()) >= len(ODDS_KINDS[ruleset])
