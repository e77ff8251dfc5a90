"""GOODBYEEEEEE!!!: the shape of the random events (L281-313) in rulesets/goodbyeeee.yaml:
a playing-card deck from the nines up with jokers, and what each card does."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from game.core.cards import RANKS
from game.data.pyd import DiceSpec, Strict

from .data_tables import Cm, Face, Mod, faces_once

#: the moment a kept card may be played
Window = Literal["initiative", "wound", "luck", "order_roll", "morale", "melee", "shoot", "turn_start"]
#: what a card does (a job of the events chapter each, when the rules are written)
Effect = Literal[
    "none", "lost_soldier", "gain_initiative", "cancel_wound", "luck_point", "order_bonus", "stray_burst",
    "lose_valour", "stray_shell", "mud", "too_quiet", "shell_on_other", "pass_morale", "melee_bonus",
    "dead_eye", "gas_shell", "loss_of_moral_fibre", "off_table_sniper", "no_move",
]
FigureResult = Literal["none", "suppressed", "suppressed_this_turn", "suppressed_next_turn", "suppressed_this_and_next", "killed"]
TankResult = Literal["none", "suppressed_weapon_out", "destroyed"]

_SHELL = ("distance", "scatter", "template", "die", "figure", "tank")
#: the fields each effect needs (it may give no others but the common ones and _MAY's)
_NEEDS: dict[str, tuple[str, ...]] = {
    "none": (), "lost_soldier": ("joins_as",), "gain_initiative": (), "cancel_wound": (), "luck_point": (),
    "order_bonus": ("value",), "stray_burst": ("die", "figure"), "lose_valour": (), "stray_shell": _SHELL,
    "mud": ("weapons",), "too_quiet": (), "shell_on_other": _SHELL, "pass_morale": (), "melee_bonus": ("value",),
    "dead_eye": ("to_hit", "cover", "to_wound"),
    "gas_shell": ("distance", "scatter", "template", "die", "figure", "wind_speed", "wind_speed_plus", "wind_direction"),
    "loss_of_moral_fibre": ("reach", "ranks"), "off_table_sniper": ("seat_die", "die", "figure"), "no_move": ("scope",),
}
_MAY: dict[str, tuple[str, ...]] = {"luck_point": ("initiative_reroll",), "stray_burst": ("cover_saves_first",),
                                    "no_move": ("fire_allowed",)}
_COMMON = {"name", "effect", "keep", "window", "text"}


class FigureRow(Strict):
    faces: list[Face] = Field(min_length=1)
    result: FigureResult


class TankRow(Strict):
    faces: list[Face] = Field(min_length=1)
    result: TankResult


class EventCard(Strict):
    """One card: its name (the text's quotation), what kind of effect it is, whether it is
    kept to be played later and in which window, the text's effect, and the numbers the
    effect needs."""

    name: str = Field(min_length=1)
    effect: Effect
    keep: bool
    window: Window | None = None
    text: str = Field(min_length=1)
    value: int | None = Field(None, ge=1, le=6)  # a bonus to a roll
    joins_as: str | None = None  # a troop type id
    initiative_reroll: bool = False
    die: DiceSpec | None = None  # the roll for each figure (or tank) under the effect
    figure: list[FigureRow] | None = None
    tank: list[TankRow] | None = None
    cover_saves_first: bool = False
    distance: DiceSpec | None = None  # how far from the unit leader a shell lands ...
    scatter: DiceSpec | None = None  # ... and which way (the file's scatter die)
    template: str | None = None  # a template id
    weapons: list[str] | None = None  # weapon ids
    to_hit: Mod | None = None
    cover: Mod | None = None
    to_wound: Mod | None = None
    wind_speed: DiceSpec | None = None  # cm a turn ...
    wind_speed_plus: int | None = Field(None, ge=0, le=100)  # ... plus this ...
    wind_direction: DiceSpec | None = None  # ... the way this die points
    reach: Cm | None = None
    ranks: list[str] | None = None  # rank ids: the other sections' figures of these ranks within reach go too
    seat_die: DiceSpec | None = None  # picks the player (to the drawer's left) who aims
    scope: Literal["side", "section"] | None = None
    fire_allowed: bool = False

    @model_validator(mode="after")
    def _effect(self) -> EventCard:
        if self.keep != (self.window is not None):
            raise ValueError("a kept card names the window it is played in (window), and only a kept card does")
        needs = _NEEDS[self.effect]
        missing = [f for f in needs if getattr(self, f) is None]
        if missing:
            raise ValueError(f"the effect {self.effect} needs {', '.join(missing)}")
        extra = sorted(self.model_fields_set - _COMMON - set(needs) - set(_MAY.get(self.effect, ())))
        if extra:
            raise ValueError(f"the effect {self.effect} has no {extra[0]}; remove it")
        for rows in (self.figure, self.tank):
            if rows is not None:
                faces_once([r.faces for r in rows])
        return self


class DeckSpec(Strict):
    lowest_rank: str  # ranks below it are removed
    jokers: int = Field(ge=0, le=4)

    @field_validator("lowest_rank")
    @classmethod
    def _rank(cls, r: str) -> str:
        if r not in RANKS:
            raise ValueError(f"a rank of playing cards: one of {', '.join(RANKS)}")
        return r


class Events(Strict):
    deck: DeckSpec
    dealt: Literal["face_down"]
    turned: Literal["owner_turn_start"]
    cards: dict[str, EventCard]  # by card code (game/core/cards.py): 'AH', '10C', 'JOKER1'
