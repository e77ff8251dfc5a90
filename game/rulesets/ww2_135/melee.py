"""Hand to hand, surrender and prisoners in My 1/35th Scale WWII Skirmish (L210-244).

``fight (figure, target)``, 2 points (L16): a figure in base contact with an enemy fights it.
Each rolls a d6 and adds its modifiers (L214-224): initiating +1, in cover +2, prone -2,
attacking the rear +2 (the first round only), suppressed -2, shaken -3, a rifle +2, an SMG,
assault rifle or carbine +1; the side with more figures in the fight rolls 2d6 and keeps the
best (L215, interpretation two-v-one). Highest wins; a draw locks the two and the fight
goes on in a later turn without the first round's modifiers (interpretation melee-draws).
If the defender wins the attacker has 2 points fewer next turn (L16). The winner's player
chooses: ``subdue (figure, target, choice='kill'|'capture'|'spare')``: L225's "can decide"
leaves the loser alive too, which is when L16's lost points tell (interpretation capture).

``challenge (figure, target)`` (no points, interpretation surrender): a figure within 6" of
an enemy figure with no friend of its own within 12" asks it to surrender (L229); once a turn
for each challenged figure (L231). The challenged rolls a d6 and must roll more than: +1 for
each enemy in its sight, +1 if one is behind it, suppressed +1, shaken +2, -1 for each friend
in its sight (L236-240). The enemies counted may not fire at other figures or fight this
turn (L229). Failing, it is the challenger's prisoner.

A prisoner (life captured) goes wherever its guard goes (L244); as its side's turn begins,
if its guard is more than 3" away, fired in its last turn or is out of action, it rolls a d6
and escapes on a 6, unarmed (interpretation escape).
"""

from __future__ import annotations

from math import cos, hypot, radians, sin
from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import ACTIVE, CAPTURED, Figure
from game.rulesets.parts import Chapter

from .morale import SHAKEN, SUPPRESSED
from .status import W135FigAttr, W135FigMark, W135GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: how far apart two bases may be and still touch (inches)
CONTACT = 0.25


class W135Melee(Chapter["Ww2135"]):
    rules: Ww2135

    # ---- who is fighting -------------------------------------------------------------------------------
    def in_contact(self, a: Figure, b: Figure) -> bool:
        return hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius <= self.rules.mm(CONTACT) + 1e-6

    def foes(self, game: Game, f: Figure) -> list[Figure]:
        st = game.state
        return [o for o in st.figures.values() if o.alive and st.hostile(f.side, o.side) and self.in_contact(f, o)]

    def locked(self, game: Game, f: Figure) -> str | None:
        """The enemy ``f`` is locked in a drawn fight with (L212), if it is still in action."""
        v = f.markers.get(W135FigMark.LOCKED)
        foe = game.state.figures.get(v) if isinstance(v, str) else None
        return foe.id if foe is not None and foe.alive else None

    def committed(self, game: Game, f: Figure) -> str | None:
        """The figure ``f`` was counted against in a surrender this turn (L229), if any."""
        mark = f.markers.get(W135FigMark.COMMITTED)
        return str(mark[1]) if isinstance(mark, list) and self.rules.this_turn(game, mark) else None

    # ---- the fight (L210-225) ---------------------------------------------------------------------------
    def modifiers(self, game: Game, f: Figure, other: Figure, attacker: bool, first: bool) -> list[tuple[str, int]]:
        rules = self.rules
        h = rules.data.hand_to_hand
        m = h.modifiers
        out: list[tuple[str, int]] = []
        if first and attacker:
            out.append(("initiated", m["initiated"].value))
        if first and rules.morale.in_cover(game, f.pos):
            out.append(("in cover", m["in_cover"].value))
        lv = rules.morale.level(f)
        if lv == SUPPRESSED:
            out.append(("suppressed", m["suppressed"].value))
        elif lv == SHAKEN:
            out.append(("shaken", m["shaken"].value))
        if first and rules.prone(f):
            out.append(("prone", m["prone"].value))
        if first and attacker and not rules.sight.in_arc(other, f.pos):
            out.append(("attacking the rear", m["attacking_rear"].value))
        arms = [rules.data.weapons[w] for w in f.weapons if w in rules.data.weapons]
        best = max((h.weapon[w.hand_to_hand] for w in arms), default=h.weapon["other"])
        if best:
            out.append(("weapon", best))
        return out

    def check_fight(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        f, t = st.figures.get(cmd.figure or ""), st.figures.get(cmd.target or "")
        if f is None or t is None:
            refuse("Name the figure and the enemy it fights.")
        require(cmd.side == st.active_side, f"{f.name} fights in its own side's turn.")
        require(t.alive and st.hostile(f.side, t.side), f"{t.name} is not an enemy in action.")
        require(not rules.is_vehicle(f) and not rules.is_vehicle(t), "Hand to hand is between men on foot (interpretation vehicles).")
        require(self.in_contact(f, t), f"{f.name} must first move into contact with {t.name} (L212).")
        require(self.committed(game, f) is None, f"{f.name} was counted in a surrender this turn and may not fight (L229).")
        lock = self.locked(game, f)
        require(lock is None or lock == t.id, f"{f.name} is locked in a fight with {st.figures[lock].name if lock in st.figures else lock}.")
        cost = rules.data.actions["hand_to_hand"].fixed() or 0
        require(rules.points(game, f) >= cost, f"{f.name} has {rules.points(game, f)} points left; hand to hand costs {cost} (L16).")

    def apply_fight(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        f, t = st.figures[cmd.figure or ""], st.figures[cmd.target or ""]
        rules.pay(game, f, rules.data.actions["hand_to_hand"].fixed() or 0, "hand to hand")
        f.markers.pop(W135FigMark.HIDDEN, None)
        first = self.locked(game, f) != t.id
        ours = [o for o in self.foes(game, t) if o.side == f.side]
        theirs = [o for o in self.foes(game, f) if o.side == t.side]
        scores = {}
        for me, other, attacker, many in ((f, t, True, len(ours) > len(theirs)), (t, f, False, len(theirs) > len(ours))):
            mods = self.modifiers(game, me, other, attacker, first)
            r = game.dice.roll("2d6" if many else rules.data.hand_to_hand.die, f"{me.name} fights {other.name}"
                               + (" (two against one: the best die)" if many else ""), modifiers=mods, figures=[me.id, other.id])
            die = max(r.faces)
            scores[me.id] = die + sum(v for _, v in mods)
            r.outcome = f"scores {scores[me.id]}"
        if scores[f.id] == scores[t.id]:
            f.markers[W135FigMark.LOCKED] = t.id
            t.markers[W135FigMark.LOCKED] = f.id
            game.emit("melee", f"{f.name} and {t.name} are locked together: the fight goes on (L212).", figures=[f.id, t.id])
            return
        f.markers.pop(W135FigMark.LOCKED, None)
        t.markers.pop(W135FigMark.LOCKED, None)
        win, lose = (f, t) if scores[f.id] > scores[t.id] else (t, f)
        if win is t:
            f.markers[W135FigMark.DEBT] = int(f.markers.get(W135FigMark.DEBT, 0)) + (rules.data.actions["hand_to_hand"].defender_wins_debt or 0)
            game.emit("melee", f"{t.name} beats off {f.name}, who has 2 points fewer next turn (L16).", figures=[f.id, t.id])
        else:
            game.emit("melee", f"{f.name} beats {t.name}.", figures=[f.id, t.id])
        st.attrs[W135GameAttr.SUBDUE] = {"winner": win.id, "loser": lose.id}
        rules.ask(game, win.side, f"{win.name} has beaten {lose.name}: kill or capture? (L225)",
                  [(f"Kill {lose.name}", Command("subdue", win.side, figure=win.id, target=lose.id, choice="kill")),
                   (f"Capture {lose.name}", Command("subdue", win.side, figure=win.id, target=lose.id, choice="capture")),
                   (f"Let {lose.name} go", Command("subdue", win.side, figure=win.id, target=lose.id, choice="spare"))])

    def check_subdue(self, game: Game, cmd: Command) -> None:
        s = game.state.attrs.get(W135GameAttr.SUBDUE)
        require(isinstance(s, dict) and s.get("winner") == cmd.figure and s.get("loser") == cmd.target and cmd.choice in ("kill", "capture", "spare"),
                "Only the winner of a fight decides what becomes of the loser.")

    def apply_subdue(self, game: Game, cmd: Command) -> None:
        st = game.state
        st.attrs.pop(W135GameAttr.SUBDUE, None)
        win, lose = st.figures[cmd.figure or ""], st.figures[cmd.target or ""]
        if cmd.choice == "kill":
            self.rules.firing.kill(game, lose, f"{win.name} kills {lose.name}.")
        elif cmd.choice == "capture":
            self.capture(game, win, lose)
        else:
            game.emit("melee", f"{win.name} lets {lose.name} go.", figures=[win.id, lose.id])

    # ---- surrender (L227-240) ---------------------------------------------------------------------------
    def surrender_modifiers(self, game: Game, t: Figure) -> tuple[list[tuple[str, int]], list[Figure]]:
        """The challenged figure's modifiers (L236-240), from its own view, and the enemies counted."""
        rules = self.rules
        st = game.state
        m = rules.data.surrender.modifiers
        seen = [e for s in st.enemies_of(t.side) for e in st.side_figures(s) if rules.sight.line(game, t, e).visible]
        friends = [o for o in st.side_figures(t.side) if o.id != t.id and rules.sight.line(game, t, o).visible]
        out: list[tuple[str, int]] = []
        if seen:
            out.append((f"{len(seen)} enem{'ies' if len(seen) != 1 else 'y'} in sight", m.per_enemy_in_sight * len(seen)))
        if any(not rules.sight.in_arc(t, e.pos) for e in seen):
            out.append(("an enemy behind it", m.enemy_behind))
        lv = rules.morale.level(t)
        if lv == SUPPRESSED:
            out.append(("suppressed", m.suppressed))
        elif lv == SHAKEN:
            out.append(("shaken", m.shaken))
        if friends:
            out.append((f"{len(friends)} friend{'s' if len(friends) != 1 else ''} in sight", m.per_friend_in_sight * len(friends)))
        return out, seen

    def check_challenge(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        f, t = st.figures.get(cmd.figure or ""), st.figures.get(cmd.target or "")
        if f is None or t is None:
            refuse("Name the figure asking and the enemy figure asked to surrender.")
        require(cmd.side == st.active_side, f"{f.name} asks in its own side's turn.")
        require(t.alive and st.hostile(f.side, t.side), f"{t.name} is not an enemy in action.")
        require(not rules.is_vehicle(t), f"{t.name} is a vehicle: it has no morale to break and is not asked to surrender "
                "(interpretation vehicles).")
        s = rules.data.surrender
        require(rules.in_units(rules.dist(f.pos, t.pos)) <= s.within + 1e-9, f"{f.name} must be within {s.within:g}\" of {t.name} (L229).")
        off = rules.hiding.kept_off(game, f.side)  # "a known friend": one the challenger's side knows of (reading surrender)
        near = [o for o in st.side_figures(t.side) if o.id != t.id and not off(o)
                and rules.in_units(rules.dist(o.pos, t.pos)) <= s.friend_over + 1e-9]
        require(not near, f"{t.name} has a friend within {s.friend_over:g}\" ({near[0].name if near else ''}): it is not alone (L229).")
        mark = t.markers.get(W135FigMark.CHALLENGED)
        require(not rules.this_turn(game, mark), f"{t.name} has been challenged this turn already (L231).")

    def apply_challenge(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        f, t = st.figures[cmd.figure or ""], st.figures[cmd.target or ""]
        now = rules.sideturn(game)
        t.markers[W135FigMark.CHALLENGED] = [now]
        mods, counted = self.surrender_modifiers(game, t)
        for e in counted:
            e.markers[W135FigMark.COMMITTED] = [now, t.id]
        total = sum(v for _, v in mods)
        r = game.dice.roll(rules.data.surrender.die, f"{f.name} calls on {t.name} to surrender", target=f"more than {total} to fight on",
                           modifiers=mods, figures=[f.id, t.id])
        if r.total > total:
            r.outcome = "refuses"
            return
        r.outcome = "surrenders"
        self.capture(game, f, t)

    # ---- prisoners (L244) -------------------------------------------------------------------------------
    def capture(self, game: Game, guard: Figure, p: Figure) -> None:
        p.life = CAPTURED
        p.attrs[W135FigAttr.PRISONER_OF] = guard.id
        p.markers.pop(W135FigMark.LOCKED, None)
        game.emit("casualty", f"{p.name} is taken prisoner by {guard.name}.", figures=[p.id, guard.id])
        self.follow(game, guard)

    def prisoners_of(self, game: Game, guard: Figure) -> list[Figure]:
        return sorted((o for o in game.state.figures.values() if o.life == CAPTURED and o.attrs.get(W135FigAttr.PRISONER_OF) == guard.id),
                      key=lambda o: o.id)

    def follow(self, game: Game, guard: Figure) -> None:
        """Prisoners move with their guard (L244): just behind it."""
        back = radians(guard.facing + 180.0)
        for k, p in enumerate(self.prisoners_of(game, guard)):
            d = guard.radius + p.radius + self.rules.mm(0.1) + k * 2 * p.radius
            p.x, p.y = guard.x + d * cos(back), guard.y + d * sin(back)

    def escapes(self, game: Game, side: str) -> None:
        """As ``side``'s turn begins, its men held prisoner try to escape when they may (L244)."""
        rules = self.rules
        st = game.state
        for p in sorted((o for o in st.figures.values() if o.side == side and o.life == CAPTURED and o.attrs.get(W135FigAttr.PRISONER_OF)),
                        key=lambda o: o.id):
            guard = st.figures.get(str(p.attrs[W135FigAttr.PRISONER_OF]))
            away = guard is None or not guard.alive or rules.in_units(rules.dist(p.pos, guard.pos)) > rules.data.prisoners.guard_within + 1e-9
            firing = guard is not None and isinstance(guard.markers.get(W135FigMark.FIRED), int) and \
                guard.markers[W135FigMark.FIRED] > rules.sideturn(game) - len(st.side_order)
            if not (away or firing):
                continue
            r = game.dice.roll(rules.data.prisoners.escape_die, f"{p.name} tries to escape", target=f"{rules.data.prisoners.escape_on}",
                               figures=[p.id])
            if r.total >= rules.data.prisoners.escape_on:
                r.outcome = "escapes, unarmed"
                p.life = ACTIVE
                p.attrs.pop(W135FigAttr.PRISONER_OF, None)
                p.weapons = []
            else:
                r.outcome = "still held"
