"""GOODBYEEEEEE!!!: the random events (L281-313; interpretations blank-nines, event-targets).

A card dealt on a natural 1 is turned over at the start of its player's turn (initiative.py)
and actioned then, or, for the cards "kept until needed", kept face up in his hand and played
in its window:

- King of Hearts: after the d10s, to take the initiative (initiative.py asks).
- Jack of Hearts: a Luck point (characters.py spends it as one), or to re-roll his own d10.
- Queen of Hearts: when one of his figures takes a wound, to make it a scratch.
- Nines and tens of hearts and diamonds: +1 or +2 to a failed command roll.
- King of Diamonds: to pass any failed courage test of his (courage.py: a figure shot at or
  caught by a blast, a pinned figure's rally, a section's test, closing fire, "It's Too
  Quiet", a tank crew's).
- Queen of Diamonds: +2 to a hand to hand fight his figure would lose or draw.
- Jack of Diamonds: when one of his figures fires (``play_card`` in the fire step): +1 to
  hit, -1 to the cover roll, +1 to wound for its shots this turn.
- Ace of Diamonds: at the start of his turn, a shell on another player's random section.

The cards actioned at once: the lost soldier, the stray burst, the lost Valour point, the
stray shells and the gas shell (events_shells.py), the mud, the eerie quiet, the loss of
moral fibre, the off-table sniper, and the orders not to move (10S and the jokers). The
nines of clubs and spades have no event. "Section" effects fall on a random section of the
player's (L296).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import pools
from game.core.cards import card_name
from game.core.commands import Command, require
from game.core.game import Game
from game.core.names import new_figure_name
from game.core.state import Figure, Unit
from game.rulesets.parts import Chapter

from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

EVENT_DECK = "events"


class GbEvents(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    # ---- the hand ----------------------------------------------------------------------------------
    def held(self, game: Game, side: str, effect: str) -> str | None:
        """A kept card of this effect in the side's hand, face up (the first by code)."""
        cards = self.rules.data.events.cards
        codes = sorted(c.code for c in game.state.hands.get(side, []) if c.face_up and cards[c.code].effect == effect)
        return codes[0] if codes else None

    def discard(self, game: Game, side: str, code: str) -> None:
        hand = game.state.hands.get(side, [])
        card = next(c for c in hand if c.code == code)
        hand.remove(card)
        game.state.decks[EVENT_DECK].discards.append(code)

    def play(self, game: Game, side: str, code: str, what: str) -> None:
        self.discard(game, side, code)
        game.emit("event", f"{game.state.sides[side].name} play the {card_name(code)}: {what}.", side=side, data={"card": code})

    def offer(self, game: Game, job: dict, side: str, code: str, question: str, figure: str | None = None) -> bool | None:
        """Ask the holder whether to play a kept card now: True played, False kept, None while
        asking (``figure``: the one it would be played for, named in the answers)."""
        key = f"card_{code}"
        if key not in job:
            job[key] = "asked"
            opts = [(f"Play the {card_name(code)}", Command("play_card", side, figure=figure, choice=code, value=1)),
                    ("Keep it", Command("play_card", side, figure=figure, choice=code, value=0))]
            self.rules.ask(game, side, question, opts)
            return None
        if job[key] == "asked":
            return None
        return job[key] == "play"

    def check_play_card(self, game: Game, cmd: Command) -> None:
        st = game.state
        hand = [c.code for c in st.hands.get(cmd.side, []) if c.face_up]
        require(cmd.choice in hand, "Play a card you hold face up.")
        q = self.rules.jobs.queue(game)
        if self.rules.decision(game) is not None:
            require(bool(q) and q[0].get(f"card_{cmd.choice}") == "asked" and cmd.value in (0, 1), "Play it or keep it.")
            return
        card = self.rules.data.events.cards[cmd.choice or ""]
        require(card.effect == "dead_eye", f"The {card_name(cmd.choice or '')} is played when its moment comes; you will be asked.")
        fig = st.figures.get(cmd.figure or "")
        require(fig is not None and fig.side == cmd.side and st.phase == "fire" and st.active_side == cmd.side,
                "Play Dead Eye on one of your figures in your fire step.")

    def apply_play_card(self, game: Game, cmd: Command) -> None:
        q = self.rules.jobs.queue(game)
        if q and q[0].get(f"card_{cmd.choice}") == "asked":
            q[0][f"card_{cmd.choice}"] = "play" if cmd.value else "keep"
            return
        fig = game.state.figures[cmd.figure_id]
        fig.markers[GbFigMark.DEAD_EYE] = game.state.turn
        self.play(game, cmd.side, cmd.choice or "", f"{fig.name} is a dead eye this turn (+1 to hit, -1 cover, +1 to wound)")

    # ---- actioning a card ----------------------------------------------------------------------------
    def job_card(self, game: Game, job: dict) -> list[dict] | None:
        card = self.rules.data.events.cards[job["code"]]
        step = getattr(self, f"effect_{card.effect}", None) or getattr(self.rules.shells, f"effect_{card.effect}")
        return step(game, job)

    def section_of(self, game: Game, side: str, job: dict, what: str) -> Unit | None:
        """A random section of the player's (L296 "rolls for which is affected"), kept in the job."""
        if "unit" not in job:
            units = sorted((u for u in game.state.units.values() if u.side == side and self.rules.alive(game, u.id)),
                           key=lambda u: u.id)
            if not units:
                return None
            i = game.dice.choose_index(len(units), f"Which of {game.state.sides[side].name}'s sections {what}")
            job["unit"] = units[i].id
        return game.state.units[job["unit"]]

    def effect_none(self, game: Game, job: dict) -> list[dict]:
        game.emit("event", "The card has no event (interpretation blank-nines).", side=job["side"])
        return []

    def effect_lost_soldier(self, game: Game, job: dict) -> list[dict]:
        """L287: a lost soldier joins a section as a rifleman, beside its leader."""
        side = job["side"]
        unit = self.section_of(game, side, job, "finds him")
        if unit is None:
            return []
        card = self.rules.data.events.cards[job["code"]]
        tt = self.rules.data.troop_types[card.joins_as or "private"]
        lead = self.rules.command.section_leader(game, unit)
        n = len(unit.figures) + 1
        fid = f"{unit.id}.{n}"
        while fid in game.state.figures:
            n += 1
            fid = f"{unit.id}.{n}"
        radius = self.rules.mm(self.rules.data.base_diameter) / 2
        spot = self.rules.moving.free_spot(game, lead, radius)
        fig = Figure(fid, unit.id, side, card.joins_as or "private", new_figure_name(game.state, side, tt.name), spot[0], spot[1], lead.facing, radius,
                     weapons=list(tt.weapons), equipment=list(tt.equipment))
        game.state.figures[fid] = fig
        unit.figures.append(fid)
        game.emit("event", f"A lost soldier joins {unit.name} as a rifleman.", figures=[fid], units=[unit.id])
        return []

    def effect_lose_valour(self, game: Game, job: dict) -> list[dict]:
        """L295: one Valour ("HERO") point lost, working down in seniority."""
        st = game.state
        figs = sorted((f for f in st.figures.values() if f.side == job["side"] and f.alive),
                      key=lambda f: (self.rules.data.is_vehicle_type(f.type), -self.rules.courage.seniority(f), f.id))
        owners = [(pools.owner("figure", f.id), f.name) for f in figs]
        owners += [(pools.owner("unit", u.id), u.name) for u in sorted(st.units.values(), key=lambda u: u.id) if u.side == job["side"]]
        for who, name in owners:
            if pools.left(st, who, "valour") > 0:
                pools.spend(st, who, "valour")
                game.emit("event", f"{name} loses a Valour point.", side=job["side"])
                return []
        game.emit("event", "No figure has a Valour point to lose.", side=job["side"])
        return []

    def effect_mud(self, game: Game, job: dict) -> list[dict]:
        """L297: no shooting for MGs, LMGs, mortars and flamethrowers this turn; no move till cleared (this turn)."""
        unit = self.section_of(game, job["side"], job, "is in the mud")
        if unit is None:
            return []
        weapons = self.rules.data.events.cards[job["code"]].weapons or []
        for f in self.rules.alive(game, unit.id):
            f.markers[GbFigMark.NO_MOVE] = game.state.turn
            f.markers[GbFigMark.NO_FIRE] = [game.state.turn, list(weapons)]
        game.emit("event", f"Mud: {unit.name} may not move this turn, nor fire its machine guns, mortars or flamethrowers.",
                  units=[unit.id])
        return []

    def effect_too_quiet(self, game: Game, job: dict) -> list[dict]:
        """L298: a morale test for the player's troops: pass, half move; fail, no move; no shooting."""
        st = game.state
        tests = []
        for unit in sorted((u for u in st.units.values() if u.side == job["side"]), key=lambda u: u.id):
            for f in self.rules.alive(game, unit.id):
                f.markers[GbFigMark.NO_FIRE] = [st.turn, []]
                tests.append(self.rules.courage.job(f, "it's too quiet", [], "quiet"))
        game.emit("event", f"An eerie silence: {st.sides[job['side']].name} may not shoot this turn; those who pass a "
                           "morale test move half, the rest not at all.", side=job["side"])
        return tests

    def effect_no_move(self, game: Game, job: dict) -> list[dict]:
        """L311 (the whole force) and L313 (one section, which may fire): no move this turn."""
        card = self.rules.data.events.cards[job["code"]]
        st = game.state
        if card.scope == "side":
            figs = [f for f in st.figures.values() if f.side == job["side"] and f.alive]
            what = f"{st.sides[job['side']].name} may not move this turn"
        else:
            unit = self.section_of(game, job["side"], job, "stands still")
            figs = self.rules.alive(game, unit.id) if unit else []
            what = f"{unit.name if unit else 'Nobody'} may not move this turn (it may fire)"
        for f in figs:
            f.markers[GbFigMark.NO_MOVE] = st.turn
        game.emit("event", what + ".", side=job["side"])
        return []

    def effect_loss_of_moral_fibre(self, game: Game, job: dict) -> list[dict]:
        """L309: the section, and officers and sergeants within 20 cm, dash for their own edge now,
        then are suppressed."""
        unit = self.section_of(game, job["side"], job, "loses its nerve")
        if unit is None:
            return []
        card = self.rules.data.events.cards[job["code"]]
        figs = self.rules.alive(game, unit.id)
        reach = self.rules.mm(card.reach or 0.0)
        ranks = set(card.ranks or ())
        figs += [f for f in game.state.figures.values() if f.alive and f.side == unit.side and f.unit != unit.id
                 and self.rules.troop(f).rank in ranks and any(self.rules.dist(f.pos, g.pos) <= reach + 1e-6 for g in figs)]
        game.emit("event", f"Loss of moral fibre: {', '.join(f.name for f in figs)} dash back toward their own edge.", units=[unit.id])
        for f in sorted(figs, key=lambda f: f.id):
            self.rules.courage.flee(game, f)
            if f.alive:  # a dash: no fire this turn, no move the next (L102); then down until a test passes (L80)
                f.markers[GbFigMark.DASHED] = game.state.turn
                self.rules.courage.pin(game, f)
        return []
