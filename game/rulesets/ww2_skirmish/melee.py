"""WW2 Skirmish: melee ("Melee"). Figures within 1" of an enemy figure fight a round at
the end of the side's turn: each side's main combatant adds its fire points (its
current actions), +1 per extra figure of its side in contact with the single enemy, and
a d6. The margin decides: pushed back 1", captured (if no friend within 4"), wounded,
disabled, killed. Beaten extra figures fall back 1"; the losing fire team tests morale.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import hypot
from typing import TYPE_CHECKING

from game.core.dice import Dice
from game.core.game import Game
from game.core.state import CAPTURED, Figure
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS
from game.rulesets.ww2_skirmish.move import Leg

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


@dataclass
class Fight:
    attacker: Figure  # the active side's main combatant
    defender: Figure
    attacker_extras: list[Figure] = field(default_factory=list)
    defender_extras: list[Figure] = field(default_factory=list)

    def scores(self, rs) -> tuple[int, int, list[tuple[str, int]], list[tuple[str, int]]]:
        per = rs.data.melee.per_extra
        am = [("fire points", rs.max_actions(self.attacker))] + ([("extra figures", per * len(self.attacker_extras))] if self.attacker_extras else [])
        dm = [("fire points", rs.max_actions(self.defender))] + ([("extra figures", per * len(self.defender_extras))] if self.defender_extras else [])
        return sum(v for _, v in am), sum(v for _, v in dm), am, dm


class Ww2Melee(Chapter["Ww2Skirmish"]):
    rules: Ww2Skirmish

    def fights(self, game: Game, side: str) -> list[Fight]:
        """Pair the active side's figures with the enemies they are in contact with."""
        st = game.state
        reach = self.rules.melee_reach() + EPS
        mine = [f for f in st.figures.values() if f.side == side and self.rules.fighter(f)]
        foes = sorted((f for f in st.figures.values() if f.side != side and self.rules.fighter(f)), key=lambda f: f.id)
        used: set[str] = set()
        out = []
        for e in foes:
            if e.id in used:
                continue
            touching = [f for f in mine if f.id not in used and self.rules.gap(f, e) <= reach]
            if not touching:
                continue
            touching.sort(key=lambda f: (-self.rules.max_actions(f), self.rules.apart(f, e), f.id))
            main = touching[0]
            fight = Fight(main, e, touching[1:])
            fight.defender_extras = [g for g in foes if g.id != e.id and g.id not in used and self.rules.gap(g, main) <= reach]
            used.update(x.id for x in [main, e, *fight.attacker_extras, *fight.defender_extras])
            out.append(fight)
        return out

    def melee_margin(self, dice: Dice, fight: Fight) -> int:
        """Attacker's score less defender's."""
        a, d, am, dm = fight.scores(self.rules)
        ra = dice.roll(self.rules.data.melee.die, f"{fight.attacker.name} fights {fight.defender.name}", target="higher total wins",
                       modifiers=am, figures=[fight.attacker.id, fight.defender.id])
        rd = dice.roll(self.rules.data.melee.die, f"{fight.defender.name} fights back", target="higher total wins", modifiers=dm,
                       figures=[fight.defender.id])
        margin = (ra.value + a) - (rd.value + d)
        ra.outcome = f"{ra.value + a} against {rd.value + d}"
        rd.outcome = "wins" if margin < 0 else ("draw" if margin == 0 else "loses")
        return margin

    def melee_result(self, margin: int) -> str:
        m = abs(margin)
        if m == 0:
            return "draw"
        res = self.rules.data.melee.results
        for r in res:
            if m <= r.margin:
                return r.result
        return res[-1].result

    def friends_near(self, game: Game, f: Figure) -> bool:
        reach = self.rules.mm(self.rules.data.melee.capture_friends) + EPS
        return any(o.side == f.side and o.id != f.id and self.rules.fighter(o) and self.rules.apart(o, f) <= reach
                   for o in game.state.figures.values())

    def push(self, game: Game, f: Figure, away_from: Figure, dist: float) -> None:
        dx, dy = f.x - away_from.x, f.y - away_from.y
        n = hypot(dx, dy) or 1.0
        goal = clamp_to_table(game, (f.x + dx / n * dist, f.y + dy / n * dist), f.radius)
        leg: Leg = self.rules.moving.plan_leg(game, f, [goal], dist, strict=False)
        self.rules.moving.place(game, f, leg, free=True)

    def melee_round(self, game: Game) -> None:
        st = game.state
        fights = self.fights(game, st.active_side)
        if not fights:
            return
        game.emit("melee", f"Melee: {len(fights)} fight(s).")
        losers: dict[str, str] = {}
        for fight in fights:
            if not (fight.attacker.alive and fight.defender.alive):
                continue
            margin = self.melee_margin(game.dice, fight)
            res = self.melee_result(margin)
            if res == "draw":
                game.emit("melee", f"{fight.attacker.name} and {fight.defender.name} are locked in melee.",
                          figures=[fight.attacker.id, fight.defender.id])
                continue
            win, lose = (fight.attacker, fight.defender) if margin > 0 else (fight.defender, fight.attacker)
            extras = fight.defender_extras if margin > 0 else fight.attacker_extras
            self.melee_loss(game, win, lose, res)
            for x in extras:
                if x.alive:
                    self.push(game, x, win, self.rules.mm(self.rules.data.melee.push_back))
            if extras:
                game.emit("melee", f"{len(extras)} figure(s) helping {lose.name} fall back 1\".", figures=[x.id for x in extras])
            losers.setdefault(lose.unit, lose.side)
        for uid in losers:
            if st.unit_alive(uid):
                self.rules.morale.queue_test(game, st.units[uid], "lost a melee")
        self.rules.morale.run_tests(game)

    def melee_loss(self, game: Game, win: Figure, lose: Figure, res: str) -> None:
        captured = not self.friends_near(game, lose)
        name = f"{lose.name} (beaten by {win.name})"
        if res == "pushed_back" or (res == "captured_or_pushed" and not captured):
            self.push(game, lose, win, self.rules.mm(self.rules.data.melee.push_back))
            game.emit("melee", f"{name} is forced back 1\".", figures=[lose.id, win.id])
            return
        if res in ("wounded", "disabled", "killed"):
            self.rules.effects.apply_effect(game, lose, res, f"melee with {win.name}", win.unit, flame_ok=False)
        if res != "killed" and captured and lose.life in ("active", "disabled"):
            lose.life = CAPTURED
            self.rules.note_losses(game, lose.unit, 1, win.unit)
            self.rules.effects.after_loss(game, lose)
            game.emit("casualty", f"{name} is captured: no friend within {self.rules.data.melee.capture_friends:g}\".", figures=[lose.id, win.id])

    def melee_outcome(self, dice: Dice, fight: Fight, capture: dict[str, bool]) -> str:
        """The result in words, for the odds (``capture``: figure id -> no friend within 4")."""
        margin = self.melee_margin(dice, fight)
        res = self.melee_result(margin)
        if res == "draw":
            return "draw"
        who = "attacker" if margin > 0 else "defender"
        loser = fight.defender if margin > 0 else fight.attacker
        cap = capture.get(loser.id, False)
        word = {"pushed_back": "pushes back", "captured_or_pushed": "captures" if cap else "pushes back",
                "wounded": "wounds and captures" if cap else "wounds", "disabled": "disables and captures" if cap else "disables",
                "killed": "kills"}[res]
        return f"{who} {word}"
