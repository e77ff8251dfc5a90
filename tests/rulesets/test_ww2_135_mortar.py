"""My 1/35th Scale WWII Skirmish, slice 7 (issue 20): mortars and radios (L184-208): who may
call the fire, the radio's double one, plotted fire landing at the end of the enemy's turn,
open sights, deviation and further rounds, the optional ammunition; scripted with forced
dice."""

from __future__ import annotations

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.state import DEAD
from game.rulesets.ww2_135.status import W135FigMark
from tests.rulesets.helpers import force, make_unfinished_game, ok, small_map, unit

IN = 25.4


def game_of(a: list[tuple[str, float, float]], b: list[tuple[str, float, float]], options: dict | None = None,
            settings: dict | None = None) -> Game:
    """Each American in a unit of his own (the mortar's crew is the mortar alone)."""
    doc = small_map([unit(f"a{k}", [fig]) for k, fig in enumerate(a, 1)] + [unit("a9", [("us_rifleman", 2, 60)])],
                    [unit("b1", b), unit("b9", [("de_rifleman", 58, 58)])],
                    ruleset="ww2-135", size=(60, 120), settings=settings)
    game = make_unfinished_game(doc, options=options)
    for f in game.state.figures.values():
        f.facing = 90.0 if f.side == "a" else 270.0
    return game


def by_type(game: Game, t: str):
    return sorted((f for f in game.state.figures.values() if f.type == t), key=lambda f: f.id)


def plot(f, mortar, x: float | None = None, y: float | None = None, again: bool = False) -> Command:
    return Command("plot", f.side, figure=f.id, target=mortar.id, point=None if x is None else (x * IN, y * IN),
                   choice="again" if again else None)


def refused(game: Game, cmd: Command) -> str:
    res = game.submit(cmd)
    assert not res.ok
    return res.reason


def plots(game: Game):
    return [m for m in game.state.markers.values() if m.kind == "mortar_plot"]


def to_end_of_enemy_turn(game: Game) -> None:
    ok(game, Command(END_PHASE, "a"))
    ok(game, Command(END_PHASE, "b"))


def test_a_radio_call_lands_at_the_end_of_the_enemys_turn_and_stays_secret_till_then():
    game = game_of([("us_mortar", 30, 5), ("us_radio", 30, 40)], [("de_rifleman", 30, 60)])
    (crew,), (radio,) = by_type(game, "us_mortar"), by_type(game, "us_radio")
    x = by_type(game, "de_rifleman")[0]
    force(game, 3, 4)   # the radio: through
    ok(game, plot(radio, crew, 30, 60))
    assert game.rules.points(game, radio) == 1 and len(plots(game)) == 1   # L24: 3 points
    assert game.rules.view(game, "b").markers[plots(game)[0].id].kind != "mortar_plot"   # the other side does not know where
    ok(game, Command(END_PHASE, "a"))
    assert x.alive
    force(game, 3, 3, 6, 6)   # on target (6: L198); the German under it rolls 12
    ok(game, Command(END_PHASE, "b"))
    assert x.life == DEAD and not plots(game)


def test_the_range_and_who_may_call():
    game = game_of([("us_mortar", 30, 5), ("us_rifleman", 30, 40), ("us_rifleman", 31, 12)], [("de_rifleman", 30, 60)])
    (crew,) = by_type(game, "us_mortar")
    far, near = game.state.figures["a2.1"], game.state.figures["a3.1"]
    assert "fires 20\"-100\" (L186)" in refused(game, plot(near, crew, 30, 20))
    assert "no radio" in refused(game, plot(far, crew, 30, 60))
    near.facing = 90.0
    force(game)   # within 12" of the crew and seeing it: no radio roll (L188)
    ok(game, plot(near, crew, 30, 45))
    assert len(plots(game)) == 1


def test_without_the_observer_rule_anyone_may_call():
    game = game_of([("us_mortar", 30, 5), ("us_rifleman", 30, 40)], [("de_rifleman", 30, 60)], options={"mortar_observers": False})
    (crew,), far = by_type(game, "us_mortar"), game.state.figures["a2.1"]
    ok(game, plot(far, crew, 30, 60))


def test_a_double_one_and_then_any_double_fails():
    game = game_of([("us_mortar", 30, 5), ("us_radio", 30, 40)], [("de_rifleman", 30, 60)])
    (crew,), (radio,) = by_type(game, "us_mortar"), by_type(game, "us_radio")
    force(game, 1, 1)
    ok(game, plot(radio, crew, 30, 60))
    assert not plots(game) and radio.markers[W135FigMark.RADIO_DOUBLE_ONE]
    to_end_of_enemy_turn(game)
    force(game, 4, 4)   # a double: fails now (L208)
    ok(game, plot(radio, crew, 30, 60))
    assert not plots(game)
    to_end_of_enemy_turn(game)
    force(game, 4, 5)
    ok(game, plot(radio, crew, 30, 60))
    assert len(plots(game)) == 1


def test_only_the_next_call_after_a_double_one_fails_on_any_double():
    """L208 "The next time you attempt to use the radio again, after rolling a double one any
    double will fail" (interpretation radio): the call after that fails on a double one only."""
    game = game_of([("us_mortar", 30, 5), ("us_radio", 30, 40)], [("de_rifleman", 50, 60)])
    (crew,), (radio,) = by_type(game, "us_mortar"), by_type(game, "us_radio")
    force(game, 1, 1)
    ok(game, plot(radio, crew, 30, 60))
    to_end_of_enemy_turn(game)
    force(game, 2, 5)   # the next call: no double, through
    ok(game, plot(radio, crew, 30, 60))
    assert len(plots(game)) == 1 and not radio.markers.get(W135FigMark.RADIO_DOUBLE_ONE)
    force(game, 3, 3)   # the round comes in on target (6), nobody under it
    to_end_of_enemy_turn(game)
    force(game, 2, 2)   # a later call: a double two gets through
    ok(game, plot(radio, crew, 30, 60))
    assert len(plots(game)) == 1


def test_called_fire_does_not_come_in_once_its_crew_is_suppressed():
    """Interpretation fire-levels (L79): a round called while the crew could fire does not
    come in at the end of the enemy's turn if the crew is suppressed or shaken by then."""
    game = game_of([("us_mortar", 30, 5), ("us_radio", 30, 40)], [("de_rifleman", 30, 60)])
    (crew,), (radio,) = by_type(game, "us_mortar"), by_type(game, "us_radio")
    (x,) = by_type(game, "de_rifleman")[:1]
    force(game, 3, 4)   # the radio gets through
    ok(game, plot(radio, crew, 30, 60))
    ok(game, Command(END_PHASE, "a"))
    crew.markers[W135FigMark.MORALE] = 1   # suppressed in the enemy's turn
    force(game, 3, 3, 6, 6)   # what the round would roll: on target, and the German's blast die
    ok(game, Command(END_PHASE, "b"))
    assert not plots(game) and x.life != DEAD
    assert any("never comes: Mortar crewman is suppressed and cannot fire" in e.text for e in game.log.events)


def test_over_open_sights_it_lands_at_once_and_deviates_2d3():
    game = game_of([("us_mortar", 30, 5)], [("de_rifleman", 30, 60)])
    (crew,) = by_type(game, "us_mortar")
    force(game, 5, 5, 1, 2, 0)   # 10: off target (L200), 2d3 = 3" towards 0 degrees (+x)
    ok(game, plot(crew, crew, 30, 40))
    assert [round(v / IN, 6) for v in crew.markers[W135FigMark.LAST_LANDING]] == [33, 40]
    to_end_of_enemy_turn(game)
    force(game, 2, 180)   # a further round: d3 = 2" from the last, towards 180 degrees (L202)
    ok(game, plot(crew, crew, again=True))
    assert [round(v / IN, 6) for v in crew.markers[W135FigMark.LAST_LANDING]] == [31, 40]


def test_a_suppressed_or_shaken_mortar_fires_no_round():
    """L79 "Firer Suppressed - Cannot fire" (interpretation fire-levels): not on open sights,
    and not when a rifleman calls it."""
    game = game_of([("us_mortar", 30, 5), ("us_rifleman", 32, 5)], [("de_rifleman", 30, 60)])
    (crew,), (caller,) = by_type(game, "us_mortar"), by_type(game, "us_rifleman")[:1]
    for level, word in ((1, "suppressed"), (2, "shaken")):
        crew.markers[W135FigMark.MORALE] = level
        assert f"is {word} and cannot fire" in refused(game, plot(crew, crew, 30, 40))
        assert f"is {word} and cannot fire" in refused(game, plot(caller, crew, 30, 40))
    crew.markers.pop(W135FigMark.MORALE)
    assert game.check(plot(crew, crew, 30, 40)) is None


def test_the_optional_ammunition_limit():
    game = game_of([("us_mortar", 30, 5)], [("de_rifleman", 30, 60)], options={"mortar_ammo": True}, settings={"mortar_rounds": 1})
    (crew,) = by_type(game, "us_mortar")
    force(game, 3, 3)
    ok(game, plot(crew, crew, 30, 40))
    to_end_of_enemy_turn(game)
    assert "no rounds left (L190)" in refused(game, plot(crew, crew, 30, 40))
