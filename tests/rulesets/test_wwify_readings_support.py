"""WWIFY AR:SE: the readings of the support rules (medics, HMG and mortar actions,
engineers' materials) chosen in issue 17, each with its passage and its dice by hand."""

from __future__ import annotations

import pytest

from game.core.commands import Command
from game.core.state import ACTIVE, DESTROYED

from .helpers import force, ok, refused, unit
from .test_wwify import IDENTITY, P, fresh, move_game, play, wmap


def tank_with_mechanic_game(options=None):
    """A land ironclad with an attached medic (a mechanic), an orc stormtrooper 3.5" away
    (grenades: 3 dice at 0-4"), on the Evil card."""
    tank = {"id": "v", "name": "Ironclad", "kind": "vehicle", "figures": [{"type": "good_vehicle", "at": [20, 40], "equipment": ["medic"]}]}
    game = fresh(wmap([tank], [unit("s", [("evil_stormtrooper", 20, 36.5)])]), options=options)
    play(game, "EVIL")
    force(game, 6, 1, 1, 5)  # one six; the vehicle table: 5, destroyed
    ok(game, Command("fire", "b", unit="s", target="v"))
    assert game.state.figures["v.1"].life == DESTROYED
    return game


@pytest.mark.parametrize("machine_medics,life", [(False, DESTROYED), (True, ACTIVE)])
def test_a_destroyed_vehicle_is_restored_by_its_medic_only_under_the_optional_rule(machine_medics, life):
    """"Medics (Optional Rule) ... Roll 1d6 . on a 5,6 the medic saves one casualty. N:B
    Medics can be used on: ... Vehicles, or Flyers". Reading: a medic rebuilding a destroyed
    vehicle or flyer is the optional rule "Medics for vehicles and flyers", off by default.
    The ironclad is destroyed; at the end of the turn its mechanic rolls (a 5: restored)
    only when the rule is chosen; otherwise no medic die is rolled and it stays destroyed."""
    game = tank_with_mechanic_game({"machine_medics": True} if machine_medics else None)
    assert game.rules.option(game, "medics") and game.rules.option(game, "machine_medics") is machine_medics
    force(game, *([5] if machine_medics else []), *IDENTITY)
    ok(game, Command("end_phase", "b"))
    assert game.state.turn == 2 and game.state.figures["v.1"].life == life
    medic_rolls = [e.roll for e in game.log.events if e.roll is not None and "medic" in e.roll.reason]
    assert len(medic_rolls) == (1 if machine_medics else 0)


def test_hmg_moves_as_often_as_the_data_says(monkeypatch):
    """"Each HMG/Mortar can fire twice during the round OR move 6+ once": the YAML's
    actions.support_move (1) is the "once". One Move action, then another is refused
    ("moves once"), and so is fire; with support_move set to 2 a second Move action is
    allowed (the number is read, not assumed)."""
    b = [unit("e", [("evil_rifleman", 20, 30)])]
    game = move_game([("good_hmg", 20, 40), ("good_crew", 22, 40)], kind="hmg", b=b)
    assert game.rules.data.actions.support_move == 1
    ok(game, Command("move_unit", "a", unit="s", point=P(21, 44)))
    assert "moves once" in refused(game, Command("begin_move", "a", unit="s"))
    assert "has moved" in refused(game, Command("fire", "a", unit="s", target="e"))
    assert game.rules.listing.actions_left(game, game.state.units["s"]) == 0
    data = game.rules.data
    monkeypatch.setattr(game.rules, "data", data.model_copy(update={"actions": data.actions.model_copy(update={"support_move": 2})}))
    assert game.rules.listing.actions_left(game, game.state.units["s"]) == 1
    ok(game, Command("begin_move", "a", unit="s"))
    assert "has moved" in refused(game, Command("fire", "a", unit="s", target="e"))
