"""Card decks: the 52-card playing deck with jokers (random events) and decks of named
activation cards. A deck is a plain list of card codes kept in the game state, so it is
saved and replayed with the game; shuffling goes through the dice service."""

from __future__ import annotations

from dataclasses import dataclass, field

from .dice import Dice

SUITS = {"H": "Hearts", "C": "Clubs", "D": "Diamonds", "S": "Spades"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
RANK_ORDER = {r: i + 2 for i, r in enumerate(RANKS)}


def playing_deck(jokers: int = 2, lowest_rank: str = "2") -> list[str]:
    """Codes like 'AH', '10S', 'JOKER1'. ``lowest_rank`` removes every rank below it
    (GOODBYEEEEEE!!! removes the cards below 9: ``lowest_rank='9'``)."""
    low = RANK_ORDER[lowest_rank]
    cards = [r + s for s in SUITS for r in RANKS if RANK_ORDER[r] >= low]
    cards += [f"JOKER{i + 1}" for i in range(jokers)]
    return cards


def card_rank(code: str) -> str:
    return "JOKER" if code.startswith("JOKER") else code[:-1]


def card_suit(code: str) -> str:
    return "" if code.startswith("JOKER") else SUITS[code[-1]]


def card_name(code: str) -> str:
    if code.startswith("JOKER"):
        return "Joker"
    rank = card_rank(code)
    return f"{RANK_NAMES.get(rank, rank)} of {card_suit(code)}"


@dataclass
class Deck:
    """A draw pile and a discard pile of card codes (playing cards or activation cards)."""

    name: str
    draw_pile: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)

    def shuffle_all(self, dice: Dice) -> None:
        cards = self.draw_pile + self.discards
        self.draw_pile = dice.shuffle(cards, f"shuffle the {self.name} deck")
        self.discards = []

    def draw(self, dice: Dice | None = None) -> str | None:
        """Top card; an empty pile reshuffles the discards first when dice are given."""
        if not self.draw_pile and self.discards and dice is not None:
            self.shuffle_all(dice)
        if not self.draw_pile:
            return None
        card = self.draw_pile.pop(0)
        self.discards.append(card)
        return card

    def to_dict(self) -> dict:
        return {"name": self.name, "draw_pile": list(self.draw_pile), "discards": list(self.discards)}

    @classmethod
    def from_dict(cls, d: dict) -> Deck:
        return cls(d["name"], list(d["draw_pile"]), list(d["discards"]))
