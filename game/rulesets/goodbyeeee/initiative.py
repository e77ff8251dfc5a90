"""GOODBYEEEEEE!!!: the start of a turn and of each player's turn (L77, L283): the d10s
for the initiative, the event cards a natural 1 deals, the direction of play round the
table, and the event step, where a dealt card is turned face up.

Slice 2 of issue 19: the cards are dealt and turned over, but what they do (a stray shell,
a kept card played later) is not resolved yet (docs/goodbyeeee-design.md section 7, slice
12). The Kings and Jacks of Hearts, Valour interrupts and the cards' windows come then too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.cards import Deck, card_name
from game.core.commands import Command, require
from game.core.game import Game
from game.core.state import HeldCard
from game.rulesets.parts import Chapter
from game.rulesets.turn_order import DIRECTIONS, Direction, roll_for_order, seats_from

from .status import GbGameAttr

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

#: the state's deck of event cards
EVENT_DECK = "events"


class GbInitiative(Chapter["Goodbyeeee"]):
    """Who goes first each turn, and in which order the others follow."""

    rules: Goodbyeeee

    # ---- the event deck --------------------------------------------------------------------
    def new_deck(self, game: Game) -> None:
        """The 26 cards of the events table (L283 "remove all cards below 9"), shuffled with
        the game's dice."""
        deck = Deck(EVENT_DECK, list(self.rules.data.events.cards), [])
        deck.shuffle_all(game.dice)
        game.state.decks[EVENT_DECK] = deck

    def deal(self, game: Game, side: str) -> HeldCard | None:
        """Deal ``side`` the top card face down (an empty pile is reshuffled from the
        discards first: interpretation blank-nines); None when no card is left at all."""
        st = game.state
        deck = st.decks[EVENT_DECK]
        if not deck.draw_pile and deck.discards:
            deck.shuffle_all(game.dice)
        if not deck.draw_pile:
            game.emit("event", f"{st.sides[side].name} should draw an event card, but every card is held.", side=side)
            return None
        card = HeldCard(deck.draw_pile.pop(0), face_up=False)
        st.hands.setdefault(side, []).append(card)
        # the card is secret until turned over: the log does not name it
        game.emit("event", f"{st.sides[side].name} rolled a natural {self.rules.data.turn.event_on} and are dealt "
                  "an event card face down.", side=side)
        return card

    # ---- the initiative roll (a job at the start of each turn) ------------------------------------
    def job_turn_start(self, game: Game, job: dict) -> list[dict]:
        """L77: every player rolls a D10; the highest has the initiative (ties roll again,
        interpretation initiative-ties); a first roll of a natural 1 gains a random event."""
        st = game.state
        rules = self.rules
        seats = rules.seats(game)
        st.phase = "turn"
        rolls: dict[str, list[int]] = {}
        order = roll_for_order(game, seats, rules.data.turn.initiative_die,
                               lambda s: f"Turn {st.turn}: {st.sides[s].name} roll for the initiative",
                               ranked=len(seats) == 2, rolls=rolls)
        first = order[0]
        names = ", ".join(f"{st.sides[s].name} {rolls[s][0]}" for s in seats)
        game.emit("initiative", f"Initiative rolls: {names}.", data={"rolls": {s: list(r) for s, r in rolls.items()}})
        tied = [s for s in seats if len(rolls[s]) > 1]
        for n in range(1, max((len(rolls[s]) for s in tied), default=1)):
            again = [s for s in tied if len(rolls[s]) > n]
            game.emit("initiative", f"{' and '.join(st.sides[s].name for s in again)} are equal on {rolls[again[0]][n - 1]} "
                      f"and roll again: {', '.join(f'{st.sides[s].name} {rolls[s][n]}' for s in again)}.")
        game.emit("initiative", f"{st.sides[first].name} have the initiative and go first.", side=first)
        direction: Direction | None = "clockwise" if len(seats) == 2 or not rules.data.turn.direction_choice else None
        st.side_order = seats_from(seats, first, direction) if direction else order
        st.attrs[GbGameAttr.TURN_ORDER] = {"first": first, "direction": direction, "played": [],
                                           "rolls": {s: list(r) for s, r in rolls.items()}}
        for s in seats:  # L283: a natural 1 (the first roll of the turn) is dealt a card face down
            if rolls[s][0] == rules.data.turn.event_on:
                self.deal(game, s)
        return [{"do": "side_start", "side": first}]

    # ---- the event step --------------------------------------------------------------------------
    def job_event(self, game: Game, job: dict) -> list[dict]:
        """L79, L283: the player turns over the cards dealt to him face down and actions them
        before starting his turn. Their effects are NOT resolved in this version (issue 19,
        slice 2): the card is shown and logged, a card kept until needed stays face up in the
        hand, the others are discarded (interpretation blank-nines)."""
        st = game.state
        side = job["side"]
        events = self.rules.data.events.cards
        hand = st.hands.get(side, [])
        down = [c for c in hand if not c.face_up]
        if not down:
            game.emit("event", f"{st.sides[side].name} have no random event this turn.", side=side)
        for card in down:
            card.face_up = True
            ev = events[card.code]
            kept = " It is kept until needed." if ev.keep else ""
            game.emit("event", f"{st.sides[side].name} turn over the {card_name(card.code)}: {ev.name} - {ev.text}{kept} "
                      "(its effect comes in a later version)", side=side, data={"card": card.code})
            if not ev.keep:
                hand.remove(card)
                st.decks[EVENT_DECK].discards.append(card.code)
        return []

    # ---- the direction of play -----------------------------------------------------------------------
    def job_direction(self, game: Game, job: dict) -> list[dict] | None:
        """L77: after his own turn the player with the initiative decides which way round
        the table play goes for the rest of the turn (three or more players)."""
        st = game.state
        order = st.attrs[GbGameAttr.TURN_ORDER]
        first = order["first"]
        choice = job.get("choice")
        if choice is None:
            seats = self.rules.seats(game)
            options = [(f"{d.capitalize()}: then {', '.join(st.sides[s].name for s in seats_from(seats, first, d)[1:])}",
                        Command("choose_direction", first, choice=d)) for d in DIRECTIONS]
            self.rules.ask(game, first, "Which way round the table does play go this turn?", options)
            return None
        order["direction"] = choice
        st.side_order = seats_from(self.rules.seats(game), first, choice)
        game.emit("initiative", f"{st.sides[first].name} choose {choice}: play goes "
                  f"{', '.join(st.sides[s].name for s in st.side_order)}.", side=first)
        return []

    def check_choose_direction(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "direction", self.rules.decision(game) is not None)
        require(job.get("choice") is None, "The direction is chosen already.")
        require(cmd.choice in DIRECTIONS, f"Choose one of: {', '.join(DIRECTIONS)}.")

    def apply_choose_direction(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.answer(game, choice=cmd.choice)
