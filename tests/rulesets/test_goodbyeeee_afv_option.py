"""The optional rule to solo-run every tank in GOODBYEEEEEE!!! (rulesets/goodbyeeee.yaml
solo_afvs, interpretation solo-afvs), and the AFV chart's Bale out and main guns for every
solo-run tank, with forced dice. Distances on the map in cm, commands in mm."""

from game.core.commands import Command
from game.rulesets.goodbyeeee.ruleset import Goodbyeeee
from game.rulesets.goodbyeeee.status import GbFigMark, GbGameAttr
from game.solo.keys import SoloKey
from tests.rulesets.gb_kit import next_turn_step, no_points, order, to_step
from tests.rulesets.helpers import bind_afv_order, first_going, force, ok, refused, small_map, unit

CRATER = {"type": "crater", "circle": {"center": [60, 93], "radius": 5}}


def tank_game(option=True, tank="heavy_tank_male", friends=(), enemies=((("private", 60, 20),),), terrain=None):
    """A's tank t1 at (60, 100), ``friends`` on foot in a1; B's sections b1... of ``enemies``."""
    a = [unit("t1", [(tank, 60, 100)], kind="vehicle")]
    if friends:
        a.append(unit("a1", list(friends), kind="section"))
    b = [unit(f"b{i + 1}", list(figs), kind="vehicle" if "tank" in figs[0][0] else "section") for i, figs in enumerate(enemies)]
    doc = small_map(a, b, terrain=terrain, ruleset="goodbyeeee", unit="cm", size=(140, 140), turn_limit=6)
    return no_points(first_going(doc, options={"solo_afvs": True} if option else None))


def bind(game, order):
    bind_afv_order(game, "t1", order)


def ordered(game, order_id):
    """A's orders step, the tank's command roll passed (2 on 2d6), then bound by ``order_id``."""
    to_step(game, "orders")
    order(game, 1, 1, uid="t1")
    bind(game, order_id)


def move(game, to):
    return Command("move", "a", figure="t1.1", path=((to[0] * 10, to[1] * 10),))


def test_the_option_rolls_the_afv_chart_as_the_player_begins_to_act(monkeypatch):
    """Each of the player's tanks dices on the chart at the start of his moves on initiative
    (0 points, a 2: Halt); without the option nothing is rolled."""
    monkeypatch.setattr(Goodbyeeee, "afv_points", lambda self, g, u: [("x", 0, "scripted")])
    for option in (False, True):
        game = tank_game(option=option)
        first = len(game.log)
        force(game, 9, 3, 2)  # the initiative: A 9, B 3; then the chart's d6
        next_turn_step(game, "initiative")
        rolled = [e.roll for e in game.log.events[first:] if e.roll and "AFV solo movement chart" in e.roll.reason]
        assert [r.value for r in rolled] == ([2] if option else [])
        assert game.state.units["t1"].markers.get(SoloKey.ORDER) == ("halt" if option else None)
        assert ("AFV order: Halt" in game.rules.unit_status(game, "t1")) is option  # on the sidebar


def test_halt_allows_only_a_move_to_cover_within_6_inches():
    """Halt: "may move to cover within 6"": 5 cm into the open is refused; 7 cm into the
    crater (cover on the German's sight line) is allowed."""
    game = tank_game(terrain=[CRATER])
    ordered(game, "halt")
    assert "cover within 6" in refused(game, move(game, (65, 100)))
    ok(game, move(game, (60, 93)))


def test_advance_goes_towards_the_enemy_at_half_speed_without_infantry():
    """Advance: towards the nearest enemy, at half the heavy tank's 10 cm without friendly
    infantry within 6" and all of it with; a move away is refused."""
    game = tank_game()
    ordered(game, "advance")
    assert "half speed" in refused(game, move(game, (60, 93)))
    assert "towards the nearest enemy" in refused(game, move(game, (60, 104)))
    ok(game, move(game, (60, 96)))
    game = tank_game(friends=[("junior_nco", 70, 100), ("private", 74, 100)])
    ordered(game, "advance")
    ok(game, move(game, (60, 91)))


def test_advance_halts_20_inches_from_the_enemy():
    """"Halt if within 20"": with the German 52 cm (20.5 in) off, a 3 cm move that ends
    49 cm from him is refused."""
    game = tank_game(enemies=[[("private", 60, 48)]])
    ordered(game, "advance")
    assert "within 20" in refused(game, move(game, (60, 97)))


def test_retreat_moves_away():
    game = tank_game()
    ordered(game, "retreat")
    assert "away from the most threatening enemy" in refused(game, move(game, (60, 96)))
    ok(game, move(game, (60, 105)))


def test_without_the_option_or_before_an_enemy_is_seen_it_is_free():
    game = tank_game(option=False)
    ordered(game, "retreat")
    ok(game, move(game, (60, 96)))
    game = tank_game()
    ordered(game, "retreat")
    game.state.attrs[SoloKey.ENEMY_SEEN] = []
    ok(game, move(game, (60, 96)))


def test_bale_out_abandons_the_tank_for_every_solo_run_tank(monkeypatch):
    """"Bale out: Crew abandons vehicle": the tank, immobile with its engine out, rolls a 1 at
    0 points (Retreat; immobile, so Bale out) and its crew leave it (L275) as the roll is
    made: the solo AI's own roll (the solo_orders command) and the option's alike."""
    monkeypatch.setattr(Goodbyeeee, "afv_points", lambda self, g, u: [("x", 0, "scripted")])
    for option in (False, True):
        game = tank_game(option=option)
        tank = game.state.figures["t1.1"]
        tank.markers[GbFigMark.ENGINE] = True
        game.state.attrs[SoloKey.ENEMY_SEEN] = ["a"]
        if option:
            force(game, 9, 3, 1, 1)  # the initiative; the engine's restart fails (1); the chart's d6
            next_turn_step(game, "initiative")
        else:
            force(game, 1)
            ok(game, Command("solo_orders", "a", unit="t1"))
        assert game.state.units["t1"].markers[SoloKey.ORDER] == "bale_out"
        assert tank.markers.get(GbFigMark.ABANDONED) is True
        to_step(game, "fire")
        assert "abandoned it" in refused(game, Command("fire", "a", figure="t1.1", target="b1.1", choice="tank_lmg"))


def test_the_main_gun_shoots_at_the_nearest_enemy_tank_first():
    """"Main guns will always shoot at the nearest enemy AFV / Anti-tank gun in preference to
    other targets": with a Renault 40 cm off, a gun shot at the rifleman 12 cm off is refused
    (under Manoeuvre, which leaves the moves free), a machine-gun shot at him is not; at the
    Renault the gun fires."""
    game = tank_game(enemies=[[("private", 60, 88)], [("light_tank_mg", 75, 63)]])
    to_step(game, "fire")
    bind(game, "manoeuvre")
    why = refused(game, Command("fire", "a", figure="t1.1", target="b1.1", choice="tank_gun"))
    assert "nearest enemy AFV" in why and "Renault" in why
    why = refused(game, Command("fire", "a", figure="t1.1", target="b1.1"))  # no weapon named: its first, the 6 pdr
    assert "nearest enemy AFV" in why
    assert game.rules.is_legal(game, Command("fire", "a", figure="t1.1", target="b1.1", choice="tank_lmg"))
    force(game, *[6] * 30)
    ok(game, Command("fire", "a", figure="t1.1", target="b2.1", choice="tank_gun"))


def test_the_solo_ai_s_main_gun_shoots_at_the_nearest_enemy_tank():
    """The solo AI's Renault (37 mm, its only weapon) fires at the enemy Renault 40 cm off, not
    at the rifleman 12 cm off, whom its expected effect would choose."""
    game = tank_game(tank="light_tank_gun", enemies=[[("private", 60, 88)], [("light_tank_mg", 75, 63)]])
    to_step(game, "fire")
    game.state.units["t1"].markers[SoloKey.ORDER] = "halt"
    [shot] = game.rules.planner.unit_commands(game, "a", game.state.units["t1"], {})
    assert (shot.kind, shot.choice, shot.target) == ("fire", "tank_gun", "b2.1")


def test_a_group_taking_the_initiative_rolls_for_its_own_tanks_only(monkeypatch):
    """Out of turn (a Valour point, L33) the group's turn is now: its tank dices as its moves
    on initiative begin; its side's other tank dices at the start of its own turn."""
    monkeypatch.setattr(Goodbyeeee, "afv_points", lambda self, g, u: [("x", 0, "scripted")])
    a = [unit("t1", [("heavy_tank_male", 60, 100)], kind="vehicle"), unit("t2", [("heavy_tank_female", 90, 100)], kind="vehicle")]
    doc = small_map(a, [unit("b1", [("private", 60, 20)], kind="section")], ruleset="goodbyeeee", unit="cm", size=(140, 140),
                    turn_limit=6)
    game = no_points(first_going(doc, options={"solo_afvs": True}))
    for uid in ("t1", "t2"):
        game.state.units[uid].markers.pop(SoloKey.ORDERED_TURN, None)
    game.state.attrs[GbGameAttr.INTERRUPT] = {"side": "a", "figures": ["t2.1"], "resume": {"side": "b", "phase": "fire"}}
    force(game, 2)
    game.rules.afv_option.roll_side(game)
    assert game.state.units["t2"].markers[SoloKey.ORDER] == "halt"
    assert SoloKey.ORDERED_TURN not in game.state.units["t1"].markers
    game.state.attrs.pop(GbGameAttr.INTERRUPT)
    force(game, 2)
    game.rules.afv_option.roll_side(game)
    assert game.state.units["t1"].markers[SoloKey.ORDER] == "halt"


def test_the_move_offered_for_a_tank_on_initiative_is_greyed_with_the_reason():
    """Tanks make no move on initiative (L81): the sidebar's move for the tank says so; in
    the orders step, before its command roll, it asks for the order; once ordered it moves."""
    game = tank_game(option=False)
    acts = {a.label: a for a in game.rules.actions(game, "a", "t1", "t1.1")}
    move_on_initiative = acts["Move figures: drag or click (5 cm)"]
    assert not move_on_initiative.enabled and "no move on initiative" in move_on_initiative.reason
    to_step(game, "orders")
    acts = {a.label: a for a in game.rules.actions(game, "a", "t1", "t1.1")}
    assert not acts["Move figures: drag or click"].enabled and "needs an order" in acts["Move figures: drag or click"].reason
    order(game, 1, 1, uid="t1")
    acts = {a.label: a for a in game.rules.actions(game, "a", "t1", "t1.1")}
    assert acts["Move figures: drag or click"].enabled


def test_a_tank_in_cover_from_the_nearest_enemy_is_hull_down_on_the_afv_chart():
    """"+1 pt: Advancing, or in hull down position": halted in the crater, cover on the
    German's sight line to it (its cover roll's), the point is counted; in the open it is
    not."""
    crater = {"type": "crater", "circle": {"center": [60, 100], "radius": 7}}
    for terrain, points in (([crater], 1), (None, 0)):
        game = tank_game(option=False, terrain=terrain)
        game.state.units["t1"].markers[SoloKey.ORDER] = "halt"
        assert game.rules.afv_situation(game, game.state.units["t1"])["advancing"] == points
