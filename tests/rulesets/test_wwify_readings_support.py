"""WWIFY AR:SE: the readings of the support rules (medics, HMG and mortar actions,
engineers' materials) chosen in issue 17, each with its passage and its dice by hand."""

from __future__ import annotations

import pytest

from game.core.commands import Command
from game.core.state import ACTIVE, DESTROYED

from .helpers import force, ok, refused, unit
from .wwify_kit import IDENTITY, P, fresh, move_game, play, wmap


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
def test_a_destroyed_vehicle_is_restored_by_its_medic_unless_the_players_turn_it_off(machine_medics, life):
    """"Medics (Optional Rule) ... Roll 1d6 . on a 5,6 the medic saves one casualty. N:B
    Medics can be used on: ... Vehicles, or Flyers": a vehicle's or flyer's medic rebuilds
    it, the option "Medics for vehicles and flyers", on by default as the text lists them.
    The ironclad is destroyed; at the end of the turn its mechanic rolls (a 5: restored);
    with the option off no medic die is rolled and it stays destroyed."""
    game = tank_with_mechanic_game(None if machine_medics else {"machine_medics": False})
    assert game.rules.option(game, "medics") and game.rules.option(game, "machine_medics") is machine_medics
    force(game, *([5] if machine_medics else []), *IDENTITY)
    ok(game, Command("end_phase", "b"))
    assert game.state.turn == 2 and game.state.figures["v.1"].life == life
    medic_rolls = [e.roll for e in game.log.events if e.roll is not None and "medic" in e.roll.reason]
    assert len(medic_rolls) == (1 if machine_medics else 0)


def test_an_hmg_falls_silent_when_its_last_crewman_falls_though_its_medic_lives():
    """Reading support-crews: the gun is lost when its last crew figure is out of action;
    an attached medic is not crew (he may be the casualty, and may save the crewman at the
    end of the turn). The stormtrooper's SMG kills one; the owner picks the gunner: the
    HMG falls silent with the medic standing, and the medic's 5 brings the gunner and the
    gun back."""
    b = [unit("e", [("evil_stormtrooper", 20, 36.5)])]
    game = move_game([("good_hmg", 20, 40), ("good_crew", 22, 40), ("good_medic", 18, 40)], kind="hmg", b=b)
    st = game.state
    play(game, "EVIL")
    force(game, 6, 1, 1)  # the SMG's three dice at 0-4": one six, one kill
    ok(game, Command("fire", "b", unit="e", target="s"))
    ok(game, Command("pick_casualty", "a", target="s.2"))
    assert st.figures["s.2"].life != ACTIVE and st.figures["s.3"].life == ACTIVE
    assert st.figures["s.1"].life == DESTROYED
    assert "falls silent" in " ".join(e.text for e in game.log.events[-4:])
    force(game, 5, *IDENTITY)  # the medic saves the gunner
    ok(game, Command("end_phase", "b"))
    assert st.figures["s.2"].life == ACTIVE and st.figures["s.1"].life == ACTIVE


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


WATER = [{"type": "water", "rect": {"x": 0, "y": 30, "w": 48, "h": 2}}]


def materials_game(dump=3, options=None):
    """Two sappers at a bridge site over a 2" river, two riflemen 1" from a dump of
    ``dump`` actions' worth of materials; nobody carries anything yet."""
    settings = {"bridge_sites": [{"id": "ford", "name": "Ford bridge", "line": [[20, 30], [20, 32]]}],
                "material_dumps": [{"at": [24, 22.5], "amount": dump}]}
    a = [unit("e", [("good_engineer", 19.5, 28.8), ("good_engineer", 21, 28.8)]), unit("c", [("good_rifleman", 24, 24), ("good_rifleman", 25.5, 24)])]
    return fresh(wmap(a, [unit("x", [("evil_rifleman", 4, 4)])], terrain=WATER, settings=settings), options=options)


def test_materials_are_picked_up_carried_and_handed_to_the_engineers():
    """"engineers can combine work, if materials are available. Infantry & Cavalry can
    carry 1 actions worth of material." Reading: during play a unit picks materials up
    from a pile or takes them from a friendly unit handing them over, each an action, up
    to what its figures carry. Two riflemen carry 2 of the dump's 3 (1 left); moved up to
    the sappers (they cannot hand over from 6" away) they hand both over on their next
    card; the two sappers carry 2 (1 each) and build 2 actions of work from them."""
    game = materials_game()
    (pile,) = game.rules.materials.piles(game)
    assert "No materials" in refused(game, Command("build", "a", unit="e", choice="ford"))
    ok(game, Command("pick_up", "a", unit="c", target=pile.id))
    c, e = game.state.units["c"], game.state.units["e"]
    assert c.attrs["materials"] == 2 and pile.attrs["amount"] == 1 and c.markers["acts"] == ["carry"]
    assert "within 1\"" in refused(game, Command("hand_over", "a", unit="c", target="e"))
    ok(game, Command("move_unit", "a", unit="c", point=P(23.25, 27.5)))
    assert "used its 2 actions" in refused(game, Command("hand_over", "a", unit="c", target="e"))
    play(game, "GOOD")
    ok(game, Command("hand_over", "a", unit="c", target="e"))
    assert c.attrs["materials"] == 0 and e.attrs["materials"] == 2
    assert "carries no materials" in refused(game, Command("hand_over", "a", unit="c", target="e"))
    ok(game, Command("build", "a", unit="e", choice="ford"))
    assert game.state.attrs["bridges"]["ford"]["work"] == 2 and e.attrs["materials"] == 0


def test_the_load_of_a_dead_engineer_is_not_built_with():
    """"Infantry & Cavalry can carry 1 actions worth of material": four sappers carry 4; two
    fall and the squad carries 2; it builds 2 actions of work, and then has none left."""
    from game.core.state import DEAD
    terrain = [{"type": "water", "rect": {"x": 0, "y": 30, "w": 48, "h": 2}}]
    settings = {"bridge_sites": [{"id": "ford", "name": "Ford bridge", "line": [[20, 30], [20, 40]]}]}
    sappers = {"id": "e", "name": "Sappers", "kind": "squad", "attrs": {"materials": 4},
               "figures": [{"type": "good_engineer", "at": [19.5, 28.4]}, {"type": "good_engineer", "at": [21, 28.4]},
                           {"type": "good_engineer", "at": [18, 27]}, {"type": "good_engineer", "at": [16.5, 27]}]}
    game = fresh(wmap([sappers], [unit("x", [("evil_rifleman", 4, 4)])], terrain=terrain, settings=settings))
    st = game.state
    st.figures["e.3"].life = DEAD
    st.figures["e.4"].life = DEAD
    u = st.units["e"]
    assert game.rules.materials.carried(game, u) == 2
    ok(game, Command("build", "a", unit="e", choice="ford"))
    assert st.attrs["bridges"]["ford"]["work"] == 2 and game.rules.materials.carried(game, u) == 0
    assert "No materials" in refused(game, Command("build", "a", unit="e", choice="ford"))


def test_materials_dropped_in_a_pile_and_picked_up_by_a_large_creature():
    """"Large creatures can carry 4 actions worth". Two riflemen drop the 2 they carry in a
    pile; an Angry Tree already carrying 1 picks the pile up on its card: 3, the pile gone.
    Nothing is carried by a flyer, and without the Engineers rule there are no materials."""
    carriers = {"id": "c", "name": "Carriers", "kind": "squad", "attrs": {"materials": 2},
                "figures": [{"type": "good_rifleman", "at": [20, 30]}, {"type": "good_rifleman", "at": [21.5, 30]}]}
    tree = {"id": "t", "name": "Oak", "kind": "large_creature", "attrs": {"materials": 1},
            "figures": [{"type": "good_angry_tree", "at": [20.75, 32.5]}]}
    a = [carriers, tree, unit("w", [("good_flyer", 40, 40)], kind="flyer")]
    game = fresh(wmap(a, [unit("x", [("evil_rifleman", 4, 4)])]))
    ok(game, Command("drop_materials", "a", unit="c"))
    (pile,) = game.rules.materials.piles(game)
    assert pile.attrs["amount"] == 2 and game.state.units["c"].attrs["materials"] == 0
    play(game, "LARGE_CREATURE")
    ok(game, Command("pick_up", "a", unit="t", target=pile.id))
    assert game.state.units["t"].attrs["materials"] == 3 and not game.rules.materials.piles(game)
    play(game, "FLYER")
    assert "cannot pick up" in refused(game, Command("drop_materials", "a", unit="w"))
    game = materials_game(options={"engineers": False})
    (pile,) = game.rules.materials.piles(game)
    assert "not in play" in refused(game, Command("pick_up", "a", unit="c", target=pile.id))
