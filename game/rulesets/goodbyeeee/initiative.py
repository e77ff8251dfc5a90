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
    def job_turn_start(self, game: Game, job: dict) -> list[dict] | None:
        """L77: every player rolls a D10; the highest has the initiative (ties roll again,
        interpretation initiative-ties); a first roll of a natural 1 gains a random event.
        Before the events are dealt a holder of the Jack of Hearts may re-roll his d10 and a
        holder of the King of Hearts may take the initiative (L288, L290)."""
        st = game.state
        rules = self.rules
        seats = rules.seats(game)
        st.phase = "turn"
        if "rolls" not in job:
            job["rolls"] = {s: [game.dice.roll(rules.data.turn.initiative_die,
                                               f"Turn {st.turn}: {st.sides[s].name} roll for the initiative").value] for s in seats}
        rolls = job["rolls"]
        events = rules.events
        for s in seats:  # the Jack of Hearts: re-roll one's own initiative die (L290)
            jh = events.held(game, s, "luck_point")
            if jh is None or job.get("jh_done"):
                continue
            if job.get(f"card_{jh}") is None and rolls[s][0] < max(r[0] for r in rolls.values()):
                if events.offer(game, job, s, jh, f"{st.sides[s].name} rolled {rolls[s][0]} for the initiative: play the Jack of "
                                "Hearts to re-roll it?") is None:
                    return None
            if job.get(f"card_{jh}") == "play":
                job["jh_done"] = True
                events.play(game, s, jh, "the initiative roll again")
                rolls[s] = [game.dice.roll(rules.data.turn.initiative_die, f"{st.sides[s].name} re-roll the initiative").value]
        kh_side = None
        for s in seats:  # the King of Hearts: take the initiative (L288)
            kh = events.held(game, s, "gain_initiative") if not job.get("kh_done") else None
            if kh is None:
                continue
            if job.get(f"card_{kh}") is None:
                told = ", ".join(f"{st.sides[x].name} {rolls[x][0]}" for x in seats)
                if events.offer(game, job, s, kh, f"Initiative rolls: {told}. Play the King of Hearts to take the initiative?") is None:
                    return None
            if job.get(f"card_{kh}") == "play":
                job["kh_done"] = True
                events.play(game, s, kh, "they take the initiative")
                kh_side = s
        all_rolls = {s: list(r) for s, r in rolls.items()}
        order = self.order_from(game, seats, all_rolls, kh_side)
        first = order[0]
        names = ", ".join(f"{st.sides[s].name} {all_rolls[s][0]}" for s in seats)
        game.emit("initiative", f"Initiative rolls: {names}.", data={"rolls": all_rolls})
        tied = [s for s in seats if len(all_rolls[s]) > 1]
        for n in range(1, max((len(all_rolls[s]) for s in tied), default=1)):
            again = [s for s in tied if len(all_rolls[s]) > n]
            game.emit("initiative", f"{' and '.join(st.sides[s].name for s in again)} are equal on {all_rolls[again[0]][n - 1]} "
                      f"and roll again: {', '.join(f'{st.sides[s].name} {all_rolls[s][n]}' for s in again)}.")
        game.emit("initiative", f"{st.sides[first].name} have the initiative and go first.", side=first)
        direction: Direction | None = "clockwise" if len(seats) == 2 or not rules.data.turn.direction_choice else None
        st.side_order = seats_from(seats, first, direction) if direction else order
        st.attrs[GbGameAttr.TURN_ORDER] = {"first": first, "direction": direction, "played": [], "rolls": all_rolls}
        for s in seats:  # L283: a natural 1 (the first roll of the turn) is dealt a card face down
            if all_rolls[s][0] == rules.data.turn.event_on:
                self.deal(game, s)
        return [{"do": "side_start", "side": first}]

    def order_from(self, game: Game, seats: list[str], rolls: dict[str, list[int]], kh_side: str | None) -> list[str]:
        """The highest first (tied leaders roll again, their rolls added to ``rolls``), then the
        others by their rolls; a King of Hearts player goes first whatever the dice."""
        first_roll = {s: r[0] for s, r in rolls.items()}
        if kh_side is not None:
            return [kh_side] + sorted((s for s in seats if s != kh_side), key=lambda s: -first_roll[s])
        top = max(first_roll.values())
        leaders = [s for s in seats if first_roll[s] == top]
        winner = leaders[0]
        if len(leaders) > 1:
            sub: dict[str, list[int]] = {}
            winner = roll_for_order(game, leaders, self.rules.data.turn.initiative_die,
                                    lambda s: f"Turn {game.state.turn}: {game.state.sides[s].name} roll again for the initiative",
                                    ranked=len(seats) == 2, rolls=sub)[0]
            for s in leaders:
                rolls[s] += sub[s]
        return [winner] + sorted((s for s in seats if s != winner), key=lambda s: -first_roll[s])

    # ---- the event step --------------------------------------------------------------------------
    def job_event(self, game: Game, job: dict) -> list[dict] | None:
        """L79, L283: the player turns over the cards dealt to him face down and actions them
        before starting his turn (events.py); a card kept until needed stays face up in his
        hand. Then he may play a kept Ace of Diamonds (L300: at the start of his turn)."""
        st = game.state
        side = job["side"]
        if "follow" not in job:
            events = self.rules.data.events.cards
            hand = st.hands.get(side, [])
            # on another side's view (an AI's plan) a card it may not see is blank ("?", rulesets/
            # views.py): what it does is unknown there, so it is not actioned
            down = [c for c in hand if not c.face_up and c.code in events]
            job["follow"] = []
            if not down:
                game.emit("event", f"{st.sides[side].name} have no random event this turn.", side=side)
            for card in down:
                card.face_up = True
                ev = events[card.code]
                kept = " It is kept until needed." if ev.keep else ""
                game.emit("event", f"{st.sides[side].name} turn over the {card_name(card.code)}: {ev.name} - {ev.text}{kept}",
                          side=side, data={"card": card.code})
                if not ev.keep:
                    hand.remove(card)
                    st.decks[EVENT_DECK].discards.append(card.code)
                    job["follow"].append({"do": "card", "side": side, "code": card.code})
        ad = self.rules.events.held(game, side, "shell_on_other")
        if ad is not None and job.get(f"card_{ad}") is None:
            if self.rules.events.offer(game, job, side, ad, "Play the Ace of Diamonds now: a shell on another player's section?") is None:
                return None
        if ad is not None and job.get(f"card_{ad}") == "play":
            self.rules.events.play(game, side, ad, "a shell on another player")
            job["follow"].append({"do": "card", "side": side, "code": ad})
        return list(job["follow"])

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
