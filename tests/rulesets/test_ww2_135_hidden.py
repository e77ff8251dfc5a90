"""My 1/35th Scale WWII Skirmish (issue 20): hidden deployment (L284-286) and a tank's smoke
shell (L178): hidden figures off the enemy's view until seen or until they give themselves
away, the attackers' suppressive fire with no target seen; scripted with forced dice."""

from __future__ import annotations

from game.core.commands import END_PHASE, Command
from tests.rulesets.helpers import force, make_unfinished_game, ok, small_map, unit
from tests.rulesets.w135 import table_game

IN = 25.4
HEDGE = {"type": "hedge", "line": [[0, 30], [60, 30]], "width": 1}


def game_of(a, b, hidden=None):
    return table_game(a, b, [HEDGE], settings={"hidden_deployment": hidden} if hidden else None)


def test_hidden_figures_are_off_the_enemys_view_until_seen():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40), ("de_rifleman", 10, 29.5)], hidden=["b"])
    hid, at_hedge = game.state.figures["b1.1"], game.state.figures["b1.2"]
    view = game.rules.view(game, "a")
    assert hid.id not in view.figures and at_hedge.id not in view.figures and "b1.1" in game.rules.view(game, "b").figures
    assert game.rules.hides_from(game, "a") and not game.rules.hides_from(game, "b")
    a = game.state.figures["a1.1"]
    ok(game, Command("move", "a", figure=a.id, path=((30 * IN, 22 * IN),)))   # the man at the hedge is in its sight
    view = game.rules.view(game, "a")
    assert at_hedge.id in view.figures and hid.id not in view.figures
    assert any(e.kind == "reveal" and "Grenadier" in e.text for e in game.log.events)


def test_a_hidden_figure_that_fires_gives_itself_away_and_events_about_it_are_its_own_sides():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 26)], hidden=["b"])
    a, b = game.state.figures["a1.1"], game.state.figures["b1.1"]
    for f in game.state.side_figures("a"):
        f.facing = 270.0   # their backs to the German, who sees them
    ok(game, Command(END_PHASE, "a"))
    assert b.id not in game.rules.view(game, "a").figures and game.rules.audience(game, [b.id], []) == ["b"]
    assert b.markers.get("hidden")   # deployed hidden: it starts hidden, and pays to move before it fires (L55)
    ok(game, Command("turn", "b", figure=b.id, point=a.pos))
    assert b.id not in game.rules.view(game, "a").figures
    force(game, 6, 6)
    ok(game, Command("fire", "b", figure=b.id, target=a.id, choice="unaimed"))
    assert b.id in game.rules.view(game, "a").figures and game.rules.audience(game, [b.id], []) is None
    # the Americans read who fired at them: the shot itself was written while he was hidden
    said = [e.text for e in game.log.for_side("a")]
    assert "Found: Grenadier (firing gave it away) (hidden deployment, L284-286)." in said
    assert not any("fires an un-aimed shot" in t for t in said)


def test_the_attacker_may_suppress_likely_places_with_nobody_seen():
    game = game_of([("de_mg42", 30, 20)], [("us_rifleman", 30, 45)], hidden=["b"])
    gunner = game.state.figures["a1.1"]
    ok(game, Command("suppress", "a", figure=gunner.id, point=(40 * IN, 28 * IN)))   # L286
    game2 = game_of([("de_mg42", 30, 20)], [("us_rifleman", 30, 45)])
    res = game2.submit(Command("suppress", "a", figure="a1.1", point=(40 * IN, 28 * IN)))
    assert not res.ok and "no reason to fire" in res.reason


def test_a_tank_fires_a_smoke_shell_that_lands_as_a_mortar_round():
    game = game_of([("sherman", 30, 10)], [("de_rifleman", 50, 55)])
    tank = game.state.figures["a1.1"]
    force(game, 5, 5, 1, 1, 0, 1)   # 10: off target, 2d3 = 2" towards 0 degrees; the wind d8 1
    ok(game, Command("fire", "a", figure=tank.id, point=(30 * IN, 20 * IN), choice="unaimed", options=(("smoke", "yes"),)))
    (c,) = game.state.clouds.values()
    assert (round(c.x / IN, 3), round(c.y / IN, 3)) == (32, 20) and game.rules.points(game, tank) == 1


def test_hidden_friends_in_a_building_know_where_each_other_is():
    """Found playing the ambush: the MG 42 gunner and his loader, hidden side by side in the
    house, each 'saw no friend' and tested morale (interpretation hidden-senses)."""
    house = {"type": "building", "polygon": [[40, 40], [50, 40], [50, 48], [40, 48]]}
    doc = small_map([unit("a1", [("us_rifleman", 10, 10)]), unit("a9", [("us_rifleman", 2, 2)])],
                    [unit("b1", [("de_mg42", 44, 44), ("de_rifleman", 45.2, 44)])],
                    terrain=[HEDGE, house], ruleset="ww2-135", size=(60, 60), settings={"hidden_deployment": ["b"]})
    game = make_unfinished_game(doc)
    gunner, loader = game.state.figures["b1.1"], game.state.figures["b1.2"]
    assert gunner.markers.get("hidden") and loader.markers.get("hidden")
    assert game.rules.morale.sees_a_friend(game, gunner)
    assert not game.rules.sight.line(game, game.state.figures["a1.1"], loader).visible   # the enemy does not see him


def test_revealing_asks_again_only_what_changed_and_finds_what_asking_everything_finds():
    """The ambush played by the solo AI against a random player (games one after another
    until over a hundred commands and finds are checked): after every command, the hidden
    men an enemy sees, asked pair by pair, are exactly the ones the kept reveal (which asks
    again only the pairs where a figure moved, turned, lay down, hid or leant out) finds;
    and the men it found none sees are the ones none sees, while nothing has changed."""
    from pathlib import Path

    from game.catalog import load_map, new_game
    from game.simulate import make_player

    lm = load_map(Path(__file__).resolve().parents[2] / "maps" / "ww2-135-ambush.yaml")
    checked = told = 0
    for seed in range(3, 9):
        if checked > 100:
            break
        game = new_game(lm, seed)
        rules, st = game.rules, game.state
        players = {s: make_player(kind, 7 + i) for i, (s, kind) in enumerate(zip(st.side_order, ("random", "ai"), strict=True))}
        for _ in range(400):
            if st.over:
                break
            game.submit(players[game.acting_side].choose(game, game.acting_side))
            found = rules.hiding.revealed(game)
            hidden = {f.id for f in st.figures.values() if f.side in rules.hiding.hidden_sides(game) and f.alive and f.id not in found}
            asked = {fid for fid in hidden if any(rules.sight.can_see(game, e, st.figures[fid])
                                                  for s in st.enemies_of(st.figures[fid].side) for e in st.side_figures(s))}
            # what the side's end reads of it (note_seen): the men none sees, while nothing changed since
            unseen = rules.hiding.unseen_by_all(game)
            assert not unseen or unseen == hidden - asked
            told += bool(unseen)
            rules.hiding.reveal(game)
            assert rules.hiding.revealed(game) - found == asked
            checked += len(asked) + 1
    assert checked > 100 and told > 50


def test_a_map_whose_hidden_deployment_is_not_a_list_of_its_sides_is_refused_with_the_place():
    # settings {hidden_deployment: true} once loaded, then crashed setting up the game (and
    # validate, with portal markers); a side the map does not have, and a setting of another
    # ruleset, are refused the same way
    import pytest

    from game.catalog import load_map_doc
    from game.data.errors import DataError
    from game.data.yamlio import Doc

    for settings, words in (({"hidden_deployment": True}, "must be a list of the sides"),
                            ({"hidden_deployment": ["c"]}, "must be a list of the sides"),
                            ({"artillery": "a"}, "unknown setting 'artillery'"),
                            ({"mortar_rounds": "six"}, "mortar_rounds must be a whole number")):
        doc = small_map([unit("a1", [("us_rifleman", 10, 40)])], [unit("b1", [("de_rifleman", 10, 5)])],
                        ruleset="ww2-135", settings=settings)
        with pytest.raises(DataError) as e:
            load_map_doc(Doc("bad-135.yaml", doc))
        assert e.value.file == "bad-135.yaml" and words in e.value.one_line()
    ok_doc = small_map([unit("a1", [("us_rifleman", 10, 40)])], [unit("b1", [("de_rifleman", 10, 5)])],
                       ruleset="ww2-135", settings={"hidden_deployment": ["b"], "mortar_rounds": 4})
    game = make_unfinished_game(ok_doc)
    assert game.rules.hidden(game.state.figures["b1.1"])


def test_an_enemy_still_hidden_counts_for_nothing_its_enemy_would_have_to_know():
    """Reading hidden-deployment: a German hidden 10" behind the hedge is no "enemy figure
    inside 20\"" in the American's morale test (L330: the log would give him away), and no
    "known friend" within 12" of the German the American asks to surrender (L229)."""
    game = game_of([("us_rifleman", 30, 25)], [("de_rifleman", 30, 31), ("de_rifleman", 40, 34)], hidden=["b"])
    a, near, hid = game.state.figures["a1.1"], game.state.figures["b1.1"], game.state.figures["b1.2"]
    hid.markers["hidden"] = True
    game.state.attrs["revealed"] = [near.id]
    assert hid.id not in game.rules.view(game, "a").figures and near.id in game.rules.view(game, "a").figures
    morale = game.rules.morale
    assert ('enemy inside 20"', 2) in morale.modifiers(game, a)   # the German it knows of, 6" off
    near.x = 55 * IN   # gone: only the hidden one is within 20"
    assert ('enemy inside 20"', 2) not in morale.modifiers(game, a)
    near.x = 30 * IN
    ok(game, Command("challenge", "a", figure=a.id, target=near.id))   # the hidden friend 10.4" off does not bar it
