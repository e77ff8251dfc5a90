"""What GOODBYEEEEEE!!!'s solo AI spends: Valour points (L33) and the kept Jack of Diamonds
(L303) on its own initiative; Luck (L31) and the King of Diamonds (L301) when it is asked
(:func:`answer`). Every other kept card is offered as a question when its moment comes,
and the AI plays it (the first option).

The Jack of Diamonds is played in the fire step on the figure with the best shot (the most
enemy figures out of action it expects, a pin counting as ai.PIN of one), if that is a fifth
of a figure or more: +1 to hit,
-1 to the cover roll and +1 to wound for all its shots this turn count most on the best.

A Valour point is spent once in the game, and it carries every friend within 10 cm with the
spender, so the AI spends it where it moves the most figures:

- in the fire step, double attacks (each shot or close-combat attack twice) when at least
  ``CROWD`` figures of the group still have a worthwhile shot (a tenth of a casualty or
  more) or are in base contact with an enemy;
- in the orders step, a double move when at least ``CROWD`` figures of the group belong to
  sections attacking against the clock (the goal further off than a walk a turn for the
  turns left) and have not moved: a heroic act is its own order, so they move without the
  command roll.

It never spends a point on move and shoot (the planner keeps a shot by moving no more than
the weapon allows) nor takes the initiative in another player's turn; both are a player's
choice the solo rules give no guide for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command
from game.core.game import Game
from game.core.state import Figure
from game.solo.goals import ai_goal, defends
from game.solo.keys import SoloKey

from .characters import VALOUR
from .status import GbFigMark

if TYPE_CHECKING:
    from .ai import GbPlanner

#: the fewest figures a Valour point must carry to be worth spending
CROWD = 3
#: the weapons whose shots (and gunners' nerve) are worth a Luck point
LUCKY_WEAPONS = frozenset({"lmg", "mg", "sniper_rifle", "at_rifle", "tank_gun", "field_artillery"})
#: the courage tests the King of Diamonds is always played on: a pinned figure's rally, a
#: tank crew's (courage.OUTCOMES)
KING_ALWAYS = frozenset({"rally", "engine", "reenter"})


def leader_or_gunner(planner: GbPlanner, fig: Figure) -> tuple[bool, bool]:
    """(an NCO or officer, carrying a weapon worth a Luck point): whose tests the AI pays for."""
    return planner.rules.troop(fig).role in ("nco", "officer"), bool(set(fig.weapons) & LUCKY_WEAPONS)


def answer(planner: GbPlanner, game: Game, options: list[tuple[str, Command]]) -> Command | None:
    """Luck is spent where a point buys most: a wound saved, a section's command roll, a
    fight, and the shots of machine guns and specialists' weapons; a leader's or a gunner's
    courage test. Not on a private's rifle shot, his courage test or a climb, nor on a cover
    roll: a failed cover roll made again stops the hit half the time, and so does the save a
    point buys once the hit wounds (1-3, reading luck-save), which is spent only when it
    does. The King of Diamonds goes the way of Luck on a courage test: played for a leader or
    a gunner, kept for a private; always on a section's test that would rout or is taken for
    more than one figure, on a pinned figure's rally and on a tank crew's test. None: any
    other question (the caller takes the first option)."""
    rules = planner.rules
    cards = {c.value: c for _, c in options if c.kind == "play_card" and c.figure is not None}
    if 0 in cards and 1 in cards:
        fig = game.state.figures[cards[1].figure_id]
        q = rules.jobs.queue(game)
        test = q[0] if q and q[0].get("do") == "courage" else {}
        keen = (any(leader_or_gunner(planner, fig)) or test.get("then") in KING_ALWAYS or (test.get("then") == "section" and (test["rout"] or len(test["group"]) > 1)))
        return cards[1] if keen else cards[0]
    luck = {c.choice: c for _, c in options if c.kind == "use_luck"}
    if "use" not in luck or "decline" not in luck:
        return None
    d = rules.decision(game)
    prompt = str(d["prompt"]) if d else ""
    fig = game.state.figures[luck["use"].figure_id]
    leader, gunner = leader_or_gunner(planner, fig)
    if "'s shot at" in prompt:
        return luck["use"] if gunner else luck["decline"]
    if "courage test" in prompt:
        return luck["use"] if leader or gunner else luck["decline"]
    if "'s climb" in prompt or "cover roll" in prompt:
        return luck["decline"]
    return luck["use"]  # a wound, a command roll, a fight


def spend_commands(planner: GbPlanner, game: Game, side: str) -> list[Command]:
    """The card to play or the point to spend now, if any: decided as the step begins, before
    the side's first shot or first command roll (a heroic act is declared before it is done,
    and weighing it again after every command would cost the AI's turn more than its moves)."""
    st = game.state
    mine = [f for f in st.figures.values() if f.side == side and f.alive]
    if st.phase == "fire" and any(planner.rules.firing.fired(game, f) for f in mine):
        return []
    if st.phase == "orders" and any(planner.rules.command.ordered(game, u) is not None for u in st.side_units(side)):
        return []
    return dead_eye(planner, game, side) + valour_commands(planner, game, side)


def dead_eye(planner: GbPlanner, game: Game, side: str) -> list[Command]:
    """The kept Jack of Diamonds on the figure with the best shot (a fifth of a figure or more)."""
    rules = planner.rules
    st = game.state
    jd = rules.events.held(game, side, "dead_eye") if st.phase == "fire" and st.active_side == side else None
    if jd is None or rules.characters.interrupt(game) is not None:
        return []
    best: tuple[float, str] | None = None
    enemies = rules.enemy_figures(game, side)
    for f in st.figures.values():
        if (f.side != side or not f.alive or rules.firing.why_not_fire(game, f) is not None or f.markers.get(GbFigMark.DEAD_EYE) == st.turn
                or st.units[f.unit].markers.get(SoloKey.ORDER) == "rout"):
            continue
        for wid in dict.fromkeys(f.weapons):
            if rules.data.weapons[wid].kind != "aimed" or rules.firing.shots_left(game, f, wid) <= 0:
                continue
            for e in enemies:
                if rules.dist(f.pos, e.pos) <= planner.reach(wid) + 1e-6:
                    v = planner.value_of(game, "fire", side, f.id, e.id, None, wid)
                    if v >= 0.2 and (best is None or v > best[0]):
                        best = (v, f.id)
    return [Command("play_card", side, figure=best[1], choice=jd)] if best else []


def valour_commands(planner: GbPlanner, game: Game, side: str) -> list[Command]:
    """The Valour use worth making now, if any (the spender carrying the most figures)."""
    rules = planner.rules
    st = game.state
    if st.active_side != side or st.phase not in ("orders", "fire") or rules.characters.interrupt(game) is not None:
        return []
    use = "double_attacks" if st.phase == "fire" else "double_move"
    late = {} if st.phase == "fire" else _clock_sections(planner, game, side)
    mine = [f for f in st.figures.values() if f.alive and f.side == side and not rules.data.is_vehicle_type(f.type)
            and rules.characters.valour_use(game, f) is None]
    reach = rules.mm(rules.data.luck_valour.reach) + 1e-6
    best: tuple[int, str] | None = None
    ready: dict[str, bool] = {}  # each figure weighed once

    def counts(g: Figure) -> bool:
        if g.id not in ready:
            ready[g.id] = (_ready(planner, game, g) if use == "double_attacks"
                           else g.unit in late and not g.markers.get(GbFigMark.MOVED_CM))
        return ready[g.id]

    for f in mine:
        if rules.characters.source(game, f, VALOUR) is None:
            continue
        n = sum(1 for g in mine if rules.dist(f.pos, g.pos) <= reach and counts(g))
        if n >= CROWD and (best is None or n > best[0]):
            best = (n, f.id)
    if best is None:
        return []
    return [Command("use_valour", side, figure=best[1], choice=use)]


def _ready(planner: GbPlanner, game: Game, f: Figure) -> bool:
    rules = planner.rules
    if rules.melee.opponents(game, f):
        return True
    if rules.firing.why_not_fire(game, f) is not None or not f.weapons:
        return False
    return rules.firing.shots_left(game, f, f.weapons[0]) > 0 and planner.has_shot(game, f)


def _clock_sections(planner: GbPlanner, game: Game, side: str) -> dict[str, float]:
    """The sections ordered forward, not yet moving on a passed command roll, whose goal is
    further than a walk a turn for the turns left (id: the distance a turn they must make)."""
    from .ai import FORWARD  # (ai.py imports this module)

    rules = planner.rules
    st = game.state
    if defends(game, side):
        return {}
    out: dict[str, float] = {}
    for unit in st.side_units(side):
        figs = rules.alive(game, unit.id)
        if (not figs or unit.markers.get(SoloKey.ORDER, "halt") not in FORWARD or unit.kind == "vehicle"
                or rules.command.ordered(game, unit)):
            continue
        centre = rules.unit_centre(game, unit.id)
        goal = ai_goal(rules, game, side, centre, unit)
        if goal is None:
            continue
        pace = planner.pace(game, side, centre, goal)
        if pace > rules.moving.allowance(game, figs[0], dash=False):
            out[unit.id] = pace
    return out
