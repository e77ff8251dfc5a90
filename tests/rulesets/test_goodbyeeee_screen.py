"""GOODBYEEEEEE!!! (issue 19), slice 14's first part: what the play screen's sidebar and the
editor are offered (the ruleset is not in the menus yet: the solo AI and the scenarios come
next)."""

from __future__ import annotations

from tests.rulesets.gb_kit import game_of, order, to_step
from tests.rulesets.helpers import ok, unit


def labels(game, fid: str) -> list[str]:
    f = game.state.figures[fid]
    return [a.label for a in game.rules.actions(game, f.side, f.unit, fid)]


def test_the_sidebar_offers_each_step_s_commands_and_each_one_is_a_legal_command():
    a = [unit("a1", [("junior_nco", 20, 20), ("bomber", 25, 20), ("lmg_gunner", 30, 20)])]
    game = game_of(a, [unit("b1", [("private", 25, 45)])])
    to_step(game, "initiative")
    assert labels(game, "a1.2")[:2] == ["Move figures: drag or click (5 cm)", "Go prone"]
    to_step(game, "orders")
    assert labels(game, "a1.2")[:3] == ["Command roll: order the section (2d6)", "Move figures: drag or click",
                                        "Dash (25 cm): drag or click"]
    order(game, 1, 1)
    acts = {a.label: a for a in game.rules.actions(game, "a", "a1", "a1.3")}
    assert acts["Stand to: watch instead of moving"].enabled
    again = acts["Command roll: order the section (2d6)"]
    assert not again.enabled and "has had its command roll this turn" in again.reason
    to_step(game, "fire")
    acts = {a.label: a for a in game.rules.actions(game, "a", "a1", "a1.2")}
    assert acts["Fire the Rifle"].mode == "enemy_figure" and acts["Fire the Rifle"].enabled
    assert acts["Fire the Hand grenade at a point"].mode == "point"
    over = acts["Overwatch: watch the 45-degree arc ahead"]
    ok(game, over.command)


def test_the_editor_prices_troop_types_with_their_upgrades():
    game = game_of([unit("a1", [("private", 20, 20)])], [unit("b1", [("private", 20, 80)])])
    ed = game.rules.editor
    assert ed.troop_points("private") == 10 and ed.troop_points("sniper") == 30 and ed.troop_points("senior_nco") == 70
    assert ed.unit_kinds() == ("section", "vehicle", "crew")
    assert ed.template_sizes()["grenade"] == 40.0


def test_the_solo_ai_plays_whole_games_and_they_replay_exactly():
    """The first planner (ai.py): command rolls, moves toward the enemy keeping a shot, fire by
    the shot's numbers; every command checked by the real game."""
    from game.ai.random_player import RandomPlayer
    from game.ai.solo_ai import SoloAI
    from game.simulate import play_out
    from tests.rulesets.helpers import make_unfinished_game, replay_unfinished, small_map

    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20), ("bomber", 30, 20), ("lmg_gunner", 35, 20)], kind="section")]
    b = [unit("b1", [("junior_nco", 20, 80), ("private", 25, 80), ("rifle_grenadier", 30, 80), ("private", 35, 80)], kind="section")]
    doc = small_map(a, b, ruleset="goodbyeeee", unit="cm", size=(80, 100), turn_limit=5)
    kinds: set[str] = set()
    for seed in (1, 2):
        game = make_unfinished_game(doc, seed=seed)
        players = {"a": SoloAI(seed), "b": RandomPlayer(seed)}
        play_out(game, players, max_commands=5000)
        kinds |= {c.kind for c in game.commands if c.side == "a"}
        assert game.state.over and replay_unfinished(game).state.digest() == game.state.digest()
    assert {"solo_orders", "order", "move", "fire"} <= kinds


def test_the_scenarios_load_and_play_to_their_end():
    """The two shipped scenarios, each played to its end by the solo AI and replayed."""
    from pathlib import Path

    import yaml

    from game.ai.random_player import RandomPlayer
    from game.ai.solo_ai import SoloAI
    from game.simulate import play_out
    from tests.rulesets.helpers import make_unfinished_game, replay_unfinished

    drafts = sorted((Path(__file__).resolve().parents[2] / "maps").glob("goodbyeeee-*.yaml"))
    assert len(drafts) == 2
    for path in drafts:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        game = make_unfinished_game(doc, seed=3)
        sides = list(game.state.sides)
        play_out(game, {sides[0]: SoloAI(3), sides[1]: RandomPlayer(3)}, max_commands=20000)
        assert game.state.over, path.name
        assert replay_unfinished(game).state.digest() == game.state.digest()


def test_the_force_builder_offers_upgrades_the_ready_platoon_and_the_points_advice():
    game = game_of([unit("a1", [("private", 20, 20)])], [unit("b1", [("private", 20, 80)])])
    ed = game.rules.editor
    ups = {eid: pts for eid, _, pts in ed.upgrades("private")}
    # L339-343 and the stormtrooper's reading price; weapons come with the specialist types
    assert ups == {"extra_melee_attack": 10, "extra_shooting_attack": 10, "extra_wound": 10, "to_hit_bonus": 10,
                   "body_armour": 10, "stormtrooper": 10}
    assert "sniper" not in {e for e, _, _ in ed.upgrades("sniper")} and ed.upgrades("heavy_tank_male") == []
    assert ed.figure_points("sniper", []) == 30 and ed.figure_points("sniper", ["sniper", "body_armour"]) == 40
    [platoon] = ed.ready_forces()
    assert platoon.points == 800 and [u.points for u in platoon.units] == [130, 130, 150, 150, 240]
    assert sum(len(u.troops) for u in platoon.units) == 39 and platoon.units[-1].troops == ("junior_officer", "senior_nco", "senior_nco")
    assert sum(ed.figure_points(t, []) or 0 for u in platoon.units for t in u.troops) == 800

    def side(sid, name, units):
        return {"id": sid, "name": name, "units": [{"name": n, "kind": "section", "figures": [{"type": t} for t in ts]} for n, ts in units]}

    att = side("a", "Raiders", [("One", ["junior_nco"] + ["private"] * 7), ("Two", ["private"] * 8), ("Boss", ["junior_officer"])])
    dfn = side("b", "Garrison", [("Posten", ["junior_nco"] + ["private"] * 5)])
    advice = ed.force_advice([att, dfn], {"a"})
    assert "Raiders: Two has no junior NCO to command it (L52)." in advice
    assert "Raiders: 2 sections want 1 senior NCO; it has 0 (L54)." in advice
    assert "Garrison: no junior officer commands the side (L56)." in advice
    assert "Garrison: 6 figures; the rules suggest 20-30 a player (L7)." in advice
    # 30 + 70 + 80 + 100 = 280 against 30 + 50 = 80: x3.50, the rules advise 25% more (100 pts)
    assert advice[-1] == "Attacker Raiders 280 pts against 80: x3.50; the rules advise about 25% more (100 pts, L321): more than that."


def test_a_section_s_status_is_in_words_never_its_keys():
    from game.core.commands import Command
    from game.solo.keys import SoloKey
    from tests.rulesets.helpers import force

    a = [unit("a1", [("junior_nco", 20, 20), ("private", 25, 20)], kind="section")]
    game = game_of(a, [unit("b1", [("lmg_gunner", 20, 50), ("private", 25, 50)], kind="section")])
    to_step(game, "orders")
    order(game, 1, 1)
    assert game.rules.unit_status(game, "a1") == ["ordered"]
    to_step(game, "fire")
    game.state.units["a1"].markers[SoloKey.ORDER] = "advance"
    while game.state.active_side == "a":
        ok(game, Command("end_phase", "a"))
    force(game, *([1] * 12))
    ok(game, Command("end_phase", "b"))  # B's initiative
    ok(game, Command("end_phase", "b"))  # B's orders
    ok(game, Command("fire", "b", figure="b1.1", target="a1.2", choice="lmg"))
    assert game.rules.unit_status(game, "a1") == ["ordered", "under LMG fire (-1 to command)", "solo order: Advance"]


def test_the_move_preview_charges_what_the_move_will_spend():
    """Difficult ground costs double (optional rule), standing up 5 cm: the preview's cost is
    what the move then takes from the figure's allowance."""
    from game.core.commands import Command
    from tests.rulesets.gb_kit import no_points
    from tests.rulesets.helpers import first_going, small_map

    a = [unit("a1", [("junior_nco", 20, 20), ("private", 30, 20)], kind="section")]
    doc = small_map(a, [unit("b1", [("private", 20, 100)])], ruleset="goodbyeeee", unit="cm", size=(120, 120), turn_limit=6)
    doc["terrain"] = [{"type": "rough", "polygon": [[0, 24], [120, 24], [120, 28], [0, 28]]}]
    game = no_points(first_going(doc))
    to_step(game, "orders")
    order(game, 1, 1)
    fig = game.state.figures["a1.2"]
    fig.markers["prone"] = True
    path = [(300.0, 300.0)]  # 10 cm south, 4 of them across the rough ground
    walk = game.rules.preview_move(game, fig, path)
    assert walk == (False, "", ["Move Private (rifleman)", "Not possible: That move costs 19.0 cm (stand up, difficult ground (Rough ground)); "
                                "Private (rifleman) has 15.0 cm left."])
    assert game.rules.preview_move(game, fig, path, "dash") == (
        True, "19.0 cm", ["Dash Private (rifleman)", "path 10.0 cm, costs 19.0 cm of 25.0 cm left", "extras: stand up, difficult ground (Rough ground)"])
    ok(game, Command("move", "a", figure="a1.2", path=tuple(path), choice="dash"))
    assert game.state.figures["a1.2"].markers["moved_cm"] == 19
