"""My 1/35th Scale WWII Skirmish, slice 3 (issue 20): sight by facing, posture and the heights
of walls, hedges and fences (L47-55, L98-108, L263-271), and the acquisition roll (L33-43),
scripted on small maps with forced dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.rulesets.ww2_135.status import W135FigMark
from tests.rulesets.helpers import force, ok
from tests.rulesets.w135 import table_game

IN = 25.4


def game_of(a, b, terrain=None):
    return table_game(a, b, terrain, face=False)


def figs(game: Game):
    st = game.state
    return st.figures["a1-0"] if "a1-0" in st.figures else sorted(st.side_figures("a"), key=lambda f: f.id)[0], \
        sorted(st.side_figures("b"), key=lambda f: f.id)[0]


def sees(game: Game, a, b):
    rules = game.rules
    game.memo = None
    return rules.sight.sees(game, a, b)


def line(y: float, kind: str, width: float = 0.5) -> dict:
    return {"type": kind, "line": [[0, y], [60, y]], "width": width}


# ---- facing and hiding (L47, L55) ------------------------------------------------------------------
def test_a_figure_sees_in_its_front_half_and_must_turn_for_the_rest():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)])
    a, b = figs(game)
    a.facing = 90.0   # towards +y: b is ahead
    assert sees(game, a, b).visible
    a.facing = 270.0  # its back to b
    s = sees(game, a, b)
    assert not s.visible and "must turn to face it first (L47)" in s.why
    ok(game, Command("turn", "a", figure=a.id, point=b.pos))
    assert sees(game, a, b).visible


def test_a_hidden_figure_sees_nothing_until_it_moves():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)])
    a, b = figs(game)
    a.facing = 90.0
    a.markers[W135FigMark.HIDDEN] = True
    assert "must move before it observes (L55)" in sees(game, a, b).why


# ---- heights and postures (L49-51, L98-108) ----------------------------------------------------------
@pytest.mark.parametrize("kind,visible,hindrances", [
    ("fence", True, 1),    # L100 fences always hinder a standing figure
    ("wall", True, 1),     # a 1" wall: lower than the tester, a hindrance
    ("hedge", False, 0),   # a 2.5" hedge: higher than a standing figure's eye, it blocks
])
def test_between_standing_figures_heights_decide(kind, visible, hindrances):
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)], terrain=[line(30, kind)])
    a, b = figs(game)
    a.facing = 90.0
    s = sees(game, a, b)
    assert s.visible == visible
    if visible:
        assert s.hindrances == hindrances and s.cover == 0   # 10" from the target: no cover to it
    else:
        assert "higher than a standing figure" in s.why


def test_a_target_at_its_wall_is_in_cover_and_seen_over_it_unless_prone():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[line(40, "hedge")])
    a, b = figs(game)
    a.facing = 90.0
    s = sees(game, a, b)
    assert s.visible and s.cover == 1 and s.hindrances == 0   # L271: B in cover sees and is seen
    b.markers[W135FigMark.PRONE] = True
    assert "lying behind the hedge" in sees(game, a, b).why


def test_a_prone_target_is_not_seen_past_a_hindrance():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)], terrain=[line(30, "fence")])
    a, b = figs(game)
    a.facing = 90.0
    b.markers[W135FigMark.PRONE] = True
    assert "prone figure behind a hindrance (L51)" in sees(game, a, b).why


def test_a_fence_hinders_wherever_the_figures_stand_and_hides_a_prone_target_beyond_it():
    """L100 "Fences are always hindrances for standing figures": also to an observer standing
    at the fence and to a target standing at it (whose cover it is); then a prone target
    past it is not seen (L51). Before, a fence a figure stood at was no hindrance."""
    for obs_y, tgt_y in ((29.6, 40.0), (20.0, 30.6)):  # the observer at the fence; the target at it
        game = game_of([("us_rifleman", 30, obs_y)], [("de_rifleman", 30, tgt_y)], terrain=[line(30, "fence")])
        a, b = figs(game)
        a.facing = 90.0
        s = sees(game, a, b)
        assert s.visible and s.hindrances == 1, (obs_y, tgt_y)
        b.markers[W135FigMark.PRONE] = True
        assert "prone figure behind a hindrance (L51)" in sees(game, a, b).why


def test_a_prone_observer_is_blocked_by_a_wall_and_by_a_hedge_unless_it_lies_at_the_hedge():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)], terrain=[line(30, "wall")])
    a, b = figs(game)
    a.facing = 90.0
    a.markers[W135FigMark.PRONE] = True
    assert "blocks a prone figure's view" in sees(game, a, b).why
    a.y = 29.4 * IN   # lying at the wall: still blocked (L100 excepts bushes only)
    assert "blocks a prone figure's view" in sees(game, a, b).why
    game2 = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)], terrain=[line(30, "hedge", 1.0)])
    a2, b2 = figs(game2)
    a2.facing = 90.0
    a2.markers[W135FigMark.PRONE] = True
    assert not sees(game2, a2, b2).visible
    a2.y = 29.0 * IN   # within 1" of the hedge: L100 "not adjacent to bushes", so it hinders
    s = sees(game2, a2, b2)
    assert s.visible and s.hindrances == 1


def test_a_hidden_target_behind_hard_cover_is_not_seen():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[line(40, "wall")])
    a, b = figs(game)
    a.facing = 90.0
    assert sees(game, a, b).cover == 2
    b.markers[W135FigMark.HIDDEN] = True
    assert "hidden behind hard cover (L49)" in sees(game, a, b).why


# ---- acquisition (L35-43) -------------------------------------------------------------------------------
def test_the_modifiers_each_as_the_text_gives_them():
    game = game_of([("us_rifleman", 30, 5)], [("de_rifleman", 30, 40.6)], terrain=[line(40, "hedge"), line(20, "fence")])
    a, b = figs(game)
    a.facing = 90.0
    b.markers[W135FigMark.HIDDEN] = True
    mods = game.rules.acquisition.modifiers(game, a, b)
    # 35.6": over 30" +1; the hedge it stands at: soft cover +2; hidden +2; the fence between +1
    assert mods == [('range over 30"', 1), ("soft cover", 2), ("hidden", 2), ("1 hindrance", 1)]


@pytest.mark.parametrize("face,got", [(2, False), (3, True)])
def test_the_roll_must_beat_the_total_and_is_tried_once_a_turn(face, got):
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[line(40, "wall"), line(30, "fence")])
    a, b = figs(game)
    a.facing = 90.0
    force(game, face)
    ok(game, Command("acquire", "a", figure=a.id, target=b.id))   # hard cover +1 (L40), a fence +1, range 20.6" nothing: 2
    rolls = [e.roll for e in game.log.events if e.roll]
    assert rolls[-1].target == "more than 2" and rolls[-1].outcome == ("acquired" if got else "not acquired this turn")
    assert game.rules.acquisition.acquired(game, a, b) == got
    res = game.submit(Command("acquire", "a", figure=a.id, target=b.id))
    assert not res.ok and ("this turn already" in res.reason if got else "one try a turn" in res.reason)


def test_in_the_open_and_near_no_roll_is_needed():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 30)])
    a, b = figs(game)
    a.facing = 90.0
    force(game)   # no dice may be rolled
    ok(game, Command("acquire", "a", figure=a.id, target=b.id))
    assert game.rules.acquisition.acquired(game, a, b)


def test_acquired_again_every_turn_and_previously_seen_helps():
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[line(40, "wall")])
    a, b = figs(game)
    a.facing = 90.0
    b.facing = 270.0
    force(game, 2)
    ok(game, Command("acquire", "a", figure=a.id, target=b.id))   # hard cover: more than 1
    ok(game, Command(END_PHASE, "a"))                             # a notes it sees b
    ok(game, Command(END_PHASE, "b"))
    acq = game.rules.acquisition
    assert not acq.acquired(game, a, b)                           # L35: acquired every turn
    assert ("previously seen", -1) in acq.modifiers(game, a, b)   # L43: 1 - 1 = 0, no roll
    force(game)
    ok(game, Command("acquire", "a", figure=a.id, target=b.id))
    assert acq.acquired(game, a, b)


def test_the_chance_to_acquire_is_the_d6_over_the_total():
    """Hand-worked: soft cover +2 and a hindrance +1 is 3: 4, 5 or 6, a half; hidden as well
    (+2), 5: a sixth; with two more hindrances, 7: never."""
    def chance(total: int) -> Fraction:
        return Fraction(sum(1 for r in range(1, 7) if r > total), 6)

    assert (chance(3), chance(5), chance(7), chance(0)) == (Fraction(1, 2), Fraction(1, 6), 0, 1)
    game = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[line(40, "hedge"), line(30, "fence")])
    a, b = figs(game)
    a.facing = 90.0
    assert sum(v for _, v in game.rules.acquisition.modifiers(game, a, b)) == 3
    hits = 0
    for face in range(1, 7):
        g = game_of([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40.6)], terrain=[line(40, "hedge"), line(30, "fence")])
        x, y = figs(g)
        x.facing = 90.0
        force(g, face)
        ok(g, Command("acquire", "a", figure=x.id, target=y.id))
        hits += g.rules.acquisition.acquired(g, x, y)
    assert Fraction(hits, 6) == chance(3)


def test_a_man_close_behind_a_tall_hedge_looks_over_it_measured_from_his_base():
    """Found playing the ambush: a Panzerfaust man set an inch behind the 3" bocage (his
    base half an inch from it) could not see over it; 'close behind' is from the base's edge."""
    game = game_of([("us_rifleman", 14, 30)], [("de_rifleman", 18, 31.3)],
                   terrain=[{"type": "hedge", "line": [[15.5, 10], [15.5, 50]], "width": 1, "height": 3}])
    a, b = figs(game)
    a.facing = 0.0
    s = sees(game, a, b)
    assert s.visible and s.hindrances == 0
    a.x = 13.0 * IN   # his base 1.5" from the hedge: no longer at it, and it is taller than he is
    assert "higher than a standing figure" in sees(game, a, b).why
