"""WW2 Skirmish: flamethrowers, figure costs, and fire planned figure by figure, with forced dice."""

from fractions import Fraction as F

from game.core.commands import Command
from game.core.state import DEAD
from game.rulesets.ww2_skirmish.options import options

from .helpers import force, ok, refused
from .ww2_kit import IN, flame_game, odds, quiet, see, team, wgame

# ---- flamethrowers ----------------------------------------------------------------------------------------------------------------




def test_flamethrower_hits_every_member_three_shots_no_move_and_fire():
    game = flame_game()
    st = game.state
    rep = odds(game, Command("flame", "a", figure="a1.1", target="b1"))
    p = F(17, 20)  # 10" is short: 4+
    assert rep.outcomes.fractions["miss"] == (1 - p) ** 3
    # three killed: each hit (p) and a 5 or 6 (1/3)
    assert rep.outcomes.fractions["hit: 3 killed"] == (p / 3) ** 3
    assert rep.outcomes.fractions["hit: 1 suppressed, 1 disabled, 1 killed"] == 6 * (p / 3) ** 3
    force(game, 20, 1, 20, 3, 20, 6, 6)  # each member hit: suppressed, disabled, killed; morale 6 (AP 1): routs
    ok(game, Command("flame", "a", figure="a1.1", target="b1"))
    assert [f.life for f in st.unit_figures("b1", alive_only=False)] == ["active", "disabled", DEAD]
    assert st.units["b1"].markers["suppressed"] == 1
    assert "may not move and fire" in refused(game, Command("move", "a", figure="a1.1", path=((24 * IN, 43 * IN),)))
    assert st.figures["a1.1"].attrs["shots"]["m2_flamethrower"] == 2
    st.figures["a1.1"].attrs["shots"]["m2_flamethrower"] = 0
    assert "empty" in refused(game, Command("flame", "a", figure="a1.1", target="b1"))
    game = flame_game()
    ok(game, Command("move", "a", figure="a1.1", path=((24 * IN, 43 * IN),)))
    assert "may not move and fire" in refused(game, Command("flame", "a", figure="a1.1", target="b1"))


def test_a_hit_flamethrower_man_dies_and_his_team_is_flamed():
    b = team("b1", [("us_flamer", 24, 34), ("us_rifleman", 25.5, 34)])
    game = wgame([team("a1", [("ger_rifleman", 24, 44)])], [b])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    st = game.state
    force(game, 20, 0, 5)  # hit, on the flamer: he dies; his mate rolls the flame table: 5 killed
    ok(game, Command("fire", "a", figure="a1.1", target="b1", options=options(shot="aimed")))
    assert st.figures["b1.1"].life == DEAD and st.figures["b1.2"].life == DEAD


# ---- points -------------------------------------------------------------------------------------------------------------------


def test_figure_costs_and_force_points():
    game = wgame([team("a1", [("us_nco", 20, 40), ("us_bar", 21.5, 40), ("us_rifleman", 23, 40)]),
                  {"id": "a2", "name": "Sherman", "figures": [{"type": "us_sherman", "at": [30, 44]}]}],
                 [team("b1", [("ger_stg", 20, 4), ("ger_tank_driver", 22, 4), ("ger_mortar", 24, 4)])])
    pts = game.rules.force_points(game, "a")
    # NCO 2 + SMG 1 + 2 grenades; BAR 2 + 4; rifleman 2 + 1 grenade
    assert pts["units"]["a1"]["points"] == 5 + 6 + 3
    # Sherman 12 + 3 MGs x 4, crew: 5 pistol-only figures at 2 - 1 = 1 each
    assert pts["units"]["a2"]["points"] == 12 + 12 + 5
    b = game.rules.force_points(game, "b")
    assert b["units"]["b1"]["points"] == (2 + 2 + 1) + 1 + (2 + 6)  # StG 44 +2 +1 grenade; pistol only; mortar rounds
    assert b["total"] == b["in_action"]


def test_a_fire_team_fires_figure_by_figure_each_planned_from_the_state_its_turn_meets(monkeypatch):
    """Each figure of the team shoots in turn: the first with the plan the command's check
    made (nothing has changed since), each later one planned again after the shots before
    it (they spent actions and may have hit)."""
    from game.rulesets.ww2_skirmish.fire import Ww2Firing

    a = team("a1", [("us_rifleman", 24, 44), ("us_rifleman", 25.5, 44), ("us_rifleman", 27, 44)])
    game = wgame([a], [team("b1", [("ger_rifleman", 24, 34), ("ger_rifleman", 25.5, 34)])])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    planned: list[str] = []
    real = Ww2Firing.work_out_shot

    def work_out_shot(self, g, firer, target, opts, strict):
        planned.append(firer)
        return real(self, g, firer, target, opts, strict)

    monkeypatch.setattr(Ww2Firing, "work_out_shot", work_out_shot)
    force(game, *[1] * 20)  # every shot misses
    before = len(game.log)
    ok(game, Command("fire_team", "a", unit="a1", target="b1", options=options(shot="unaimed")))
    rolls = [e for e in game.log.events[before:] if e.roll is not None and "unaimed shot" in e.text]
    assert [(r.figures[0], r.roll.value) for r in rolls] == [("a1.1", 1), ("a1.2", 1), ("a1.3", 1)]
    assert planned == ["a1.1", "a1.2", "a1.3", "a1.2", "a1.3"]
    assert all(game.rules.actions_left(game.state.figures[f"a1.{i}"]) == 1 for i in (1, 2, 3))


def test_odds_resolve_every_path_from_the_plan_the_commands_check_made_once(monkeypatch):
    """A command resolved for its odds is checked once on the start state, and every path
    of its dice applies it with what that check planned (as submit hands its check to the
    apply in play): the team's plan is worked out once, not once a path; each path's plan
    names that path's own figures; and the odds are those of working it out on every path."""
    from game.core.trial import resolve_odds
    from game.rulesets.resolving import resolving
    from game.rulesets.ww2_skirmish.odds_read import shot_reader
    from game.rulesets.ww2_skirmish.team_fire import Ww2TeamFire

    a = team("a1", [("us_rifleman", 24, 44), ("us_rifleman", 25.5, 44)])
    game = wgame([a], [team("b1", [("ger_rifleman", 24, 34), ("ger_rifleman", 25.5, 34)])])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2")
    cmd = Command("fire_team", "a", unit="a1", target="b1", options=options(shot="unaimed"))
    worked: list[int] = []
    own: list[bool] = []
    real_plans, real_planned = Ww2TeamFire._team_plans, type(game.rules).planned

    def _team_plans(self, g, unit_id, target, opts):
        worked.append(1)
        return real_plans(self, g, unit_id, target, opts)

    def planned(self, g, c, key, work):
        plan = real_planned(self, g, c, key, work)
        own.append(all(g.state.figures[s.firer.id] is s.firer for s in plan))
        return plan

    monkeypatch.setattr(Ww2TeamFire, "_team_plans", _team_plans)
    monkeypatch.setattr(type(game.rules), "planned", planned)
    handed = resolve_odds(game, resolving(cmd, False), shot_reader("a"), cmd, answers=False)
    paths = len(own)
    assert worked == [1] and paths > 10 and all(own)  # planned by the check only; every path's its own
    worked.clear()
    alone = resolve_odds(game, resolving(cmd, False), shot_reader("a"), None, answers=False)  # nothing handed
    assert len(worked) == paths  # each path planned it again
    assert handed.joint.exact and handed.joint.probs == alone.joint.probs
