"""Opportunity fire in My 1/35th Scale WWII Skirmish (L123-125): a figure holds four action
points from its turn, and in the enemy's turn fires at an enemy figure that acts in its
sight; it needs a double six to hit, whatever the circumstances, and may still fire in its
next turn.

``hold (figure)`` spends 4 points into the figure's held pool. After each action of an enemy
figure (a move, a shot, a throw...), the side with holders that see it is asked
(interpretation opportunity): ``opportunity (figure, target)`` fires one holder at it, then
the others are asked again; ``hold_fire`` lets it be. The shot needs no acquisition roll
(L125 "no matter what the circumstances"): a double six on 2d6 hits (a burst weapon rolls
twice), then the save as any hit (fire.py). Held points not used are dropped as the
holder's side's next turn begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import pools
from game.core.commands import Command, Refusal, refuse, require
from game.core.game import Game
from game.core.state import Figure
from game.rulesets.parts import Chapter

from .status import HELD, W135GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: the actions of an enemy figure that give a holder its chance: each of the table's (L10-25),
#: opening or shutting a door and leaning out of a window (L17, L282) and holding points (L18) too
TRIGGERS = frozenset({"move", "fire", "turn", "stand", "prone", "acquire", "reload", "rally", "hide", "suppress", "throw", "throw_back",
                      "plot", "fight", "challenge", "door", "lean_out", "hold"})


class W135Opportunity(Chapter["Ww2135"]):
    rules: Ww2135

    def held(self, game: Game, f: Figure) -> int:
        return pools.left(game.state, self.rules.who(f), HELD)

    # ---- hold (L18, L125) ------------------------------------------------------------------------
    def check_hold(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        f = st.figures.get(cmd.figure or "")
        if f is None:
            refuse("Name the figure to hold its points.")
        require(cmd.side == st.active_side, f"{f.name} holds points in its own side's turn.")
        require(not self.held(game, f), f"{f.name} holds its points already.")
        level = rules.morale.word(rules.morale.level(f))
        require(level not in rules.data.shooting.cannot_fire, f"{f.name} is {level} and cannot fire (L79, interpretation fire-levels).")
        rules.firing.weapon(f)
        require(not rules.firing.dry(f), f"{f.name}'s gun is out of ammunition.")
        cost = rules.data.actions["opportunity_fire"].fixed() or 0
        require(rules.points(game, f) >= cost, f"{f.name} has {rules.points(game, f)} points left; holding for opportunity fire takes {cost} (L125).")

    def apply_hold(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        f = game.state.figures[cmd.figure or ""]
        n = rules.data.opportunity_fire.held
        rules.pay(game, f, n, "holding for opportunity fire")
        pools.reset(game.state, rules.who(f), HELD, n)
        game.emit("opportunity", f"{f.name} holds {n} points for opportunity fire.", figures=[f.id], side=f.side)

    # ---- the offer ---------------------------------------------------------------------------------
    def holders(self, game: Game, actor: Figure) -> list[Figure]:
        """The figures of other sides holding points that see ``actor`` and may fire at it:
        none at a vehicle (opportunity fire is a shot's double six, and only anti-tank fire
        harms a vehicle: interpretation vehicles)."""
        rules = self.rules
        st = game.state
        if rules.is_vehicle(actor):
            return []
        ready = []
        for who in sorted(pools.holders(st, HELD)):
            f = st.figures.get(who.split(":", 1)[1])
            if f is None or not f.alive or not st.hostile(f.side, actor.side) or rules.firing.dry(f):
                continue
            if rules.morale.word(rules.morale.level(f)) in rules.data.shooting.cannot_fire:
                continue
            ready.append(f)
        # the sight lines of those facing it, in one pass (most actions are a move: new lines)
        rules.sight.prefetch(game, [f for f in ready if rules.sight.in_arc(f, actor.pos)], [actor])
        return [f for f in ready if rules.sight.can_see(game, f, actor) and self._in_reach(game, f, actor)]

    def _in_reach(self, game: Game, f: Figure, t: Figure) -> bool:
        _, w = self.rules.firing.weapon(f)
        return w.max_range is None or self.rules.in_units(self.rules.dist(f.pos, t.pos)) <= w.max_range + 1e-9

    def offer(self, game: Game, actor_id: str) -> None:
        """After an action of ``actor_id``: ask the first side with holders that see it."""
        st = game.state
        actor = st.figures.get(actor_id)
        if st.over or actor is None or not actor.alive or self.rules.decision(game) is not None:
            st.attrs.pop(W135GameAttr.OPPORTUNITY, None)
            return
        ready = self.holders(game, actor)
        if not ready:
            st.attrs.pop(W135GameAttr.OPPORTUNITY, None)
            return
        side = ready[0].side
        st.attrs[W135GameAttr.OPPORTUNITY] = actor.id
        options = []
        for f in ready:
            if f.side != side:
                continue
            options.append((f"{f.name} fires at {actor.name} (a double six hits)", Command("opportunity", side, figure=f.id, target=actor.id)))
            line = Command("suppress", side, figure=f.id, point=actor.pos)
            try:
                self.rules.suppressing.plan(game, line)
            except Refusal:
                continue
            options.append((f"{f.name} lays suppressive fire at {actor.name}", line))
        options.append(("Hold fire", Command("hold_fire", side, target=actor.id)))
        self.rules.ask(game, side, f"{actor.name} acts in sight of figures holding their fire: opportunity fire?", options)

    # ---- the answers ---------------------------------------------------------------------------------
    def check_opportunity(self, game: Game, cmd: Command) -> None:
        st = game.state
        f, t = st.figures.get(cmd.figure or ""), st.figures.get(cmd.target or "")
        require(f is not None and t is not None and st.attrs.get(W135GameAttr.OPPORTUNITY) == t.id,
                "Opportunity fire answers an enemy's action in sight.")
        assert f is not None and t is not None
        require(f in self.holders(game, t), f"{f.name} cannot fire at {t.name} now.")

    def apply_opportunity(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        f, t = st.figures[cmd.figure or ""], st.figures[cmd.target or ""]
        pools.reset(st, rules.who(f), HELD, 0)
        rules.firing.opportunity_shot(game, f, t)
        self.offer(game, t.id)  # the other holders' chance at the same action

    def check_hold_fire(self, game: Game, cmd: Command) -> None:
        require(game.state.attrs.get(W135GameAttr.OPPORTUNITY) == cmd.target, "There is nothing to hold fire against.")

    def apply_hold_fire(self, game: Game, cmd: Command) -> None:
        game.state.attrs.pop(W135GameAttr.OPPORTUNITY, None)
        game.emit("opportunity", f"{game.state.sides[cmd.side].name} hold their fire.", side=cmd.side)
