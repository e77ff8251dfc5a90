"""One invalidation rule: every kept result is keyed on ``game.version``.

The version only ever grows in the life of a Game object: every accepted command, every
undo, every refusal found while resolving (a checkpoint put back) and every load gives
the state a new number. Counts such as ``len(game.commands)`` do not name a state: an
undo followed by a different command of the same length brings them back equal.
"""

from pathlib import Path

import pygame
import pytest

from game.catalog import load_game, load_map, new_game
from game.core.commands import Command, Refusal
from game.core.save import save_game
from game.session import Session
from game.simulate import make_player
from tests.rulesets.helpers import make_game, small_map, unit
from tests.ui.conftest import Driver  # also puts SDL on its dummy drivers

ROOT = Path(__file__).resolve().parents[2]
TRENCH_RAID = ROOT / "maps" / "trench-raid.yaml"  # great-war-54mm
ENCOUNTER = ROOT / "maps" / "open-field-encounter.yaml"  # great-war-54mm, open ground: moves that meet nothing
IN = 25.4


def test_version_grows_on_submit_undo_and_a_refusal_while_resolving(monkeypatch):
    game = new_game(load_map(TRENCH_RAID), 1)
    side = game.state.active_side
    seen = [game.version]

    def grew() -> None:
        assert game.version > seen[-1]
        seen.append(game.version)

    assert game.submit(Command("end_phase", side)).ok  # rally -> movement: no dice
    grew()
    assert game.undo()
    grew()  # back to the state before: a new number all the same
    assert game.submit(Command("end_phase", side)).ok
    grew()

    # a command refused by the check changes nothing: the number stays
    assert not game.submit(Command("end_phase", game.state.other_side(side))).ok
    assert game.version == seen[-1]

    # a refusal found while resolving: the state is put back from a checkpoint
    before, n = game.digest(), len(game.commands)
    cmd = Command("roll_move", side, unit=game.state.side_units(side)[0].id)
    real_apply = type(game.rules).apply

    def half_then_refuse(self, g, c):
        real_apply(self, g, c)  # the state, the dice and the log change...
        if c is cmd:
            raise Refusal("found out while resolving")

    monkeypatch.setattr(type(game.rules), "apply", half_then_refuse)
    res = game.submit(cmd)
    assert not res.ok and res.reason == "found out while resolving"
    assert game.digest() == before and len(game.commands) == n
    grew()
    monkeypatch.undo()
    assert game.submit(cmd).ok
    grew()
    assert len(set(seen)) == len(seen)


def test_a_loaded_game_never_reuses_a_number(tmp_path):
    game = new_game(load_map(TRENCH_RAID), 2)
    players = {s: make_player("random", 20 + i) for i, s in enumerate(game.state.side_order)}
    for _ in range(12):
        assert game.submit(players[game.acting_side].choose(game, game.acting_side)).ok
    path = tmp_path / "s.json"
    save_game(game, path)
    loaded = load_game(path)  # set up afresh, then every command played again
    assert loaded.version > len(game.commands) and loaded.digest() == game.digest()


def _two_different_moves(game):
    """Two undoable commands (moves: no dice) that leave the game in different states
    with as many events logged (so the counts cannot tell them apart): a listed unit move,
    and the same move stopped 1" short."""
    from dataclasses import replace

    side = game.acting_side
    for cmd in game.legal_commands(side):
        if cmd.kind != "move_unit" or cmd.point is None:
            continue
        c = game.state.units[cmd.unit].figures[0]
        fx, fy = game.state.figures[c].pos
        dx, dy = cmd.point[0] - fx, cmd.point[1] - fy
        d = (dx * dx + dy * dy) ** 0.5
        if d < 60:
            continue
        short = replace(cmd, point=(round(cmd.point[0] - dx / d * 25.4, 2), round(cmd.point[1] - dy / d * 25.4, 2)))
        seen = []
        for m in (cmd, short):
            n = len(game.log)
            assert game.submit(m).ok and game.can_undo()
            seen.append((game.digest(), len(game.log) - n))
            assert game.undo()
        if seen[0][0] != seen[1][0] and seen[0][1] == seen[1][1]:
            return cmd, short
    raise AssertionError("no listed move could be given two ways logging as many events")


def test_undo_then_a_different_command_never_reads_a_stale_answer():
    game = new_game(load_map(ENCOUNTER), 1)
    side = game.state.active_side
    assert game.submit(Command("end_phase", side)).ok  # movement
    assert game.submit(Command("roll_move", side, unit=game.state.side_units(side)[0].id)).rolled
    a, b = _two_different_moves(game)

    def kept_view():  # a result kept across commands, by the rule
        return game.keep("test-view", (game.version, side), lambda: game.view(side).to_dict())

    assert game.submit(a).ok
    after_a, lengths_a = kept_view(), (len(game.commands), len(game.log))
    assert game.undo()
    assert game.submit(b).ok
    # the case counts cannot tell apart: same number of commands and of events
    assert (len(game.commands), len(game.log)) == lengths_a
    after_b = kept_view()
    assert after_b == game.view(side).to_dict()
    assert after_b != after_a


# ---- the interface's kept results ------------------------------------------------------


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TRENCHTABLE_HOME", str(tmp_path))
    from game.ui.app import App

    a = App((1280, 800), headless=True)
    yield a
    pygame.quit()


def small_game():
    a = [unit("a1", [("sergeant", 10, 18), ("rifleman", 12, 18), ("rifleman", 14, 18)], name="Section A")]
    b = [unit("b1", [("rifleman", 10, 8), ("rifleman", 12, 8), ("rifleman", 14, 8), ("rifleman", 16, 8)], name="Gruppe B")]
    return make_game(small_map(a, b, size=(24, 24)), seed=11)


def test_the_play_scene_reads_no_stale_actions_view_or_odds_after_undo(app):
    from game.ui.handlers import TargetHandler
    from game.ui.play import PlayScene

    drive = Driver(app)
    game = small_game()
    scene = PlayScene(app, Session(game, {"a": "human", "b": "human"}, handover="never"))
    app.switch(scene)
    drive.frame(2)
    drive.key(pygame.K_SPACE)  # end the rally phase
    drive.click(scene.camera.to_screen(game.state.figures["a1.3"].pos))  # select Section A
    drive.key(pygame.K_2)  # roll move: dice, so nothing before it can be undone
    assert game.state.phase == "movement" and scene.selected_figure == "a1.3"

    def back(fid):  # a figure steps 1" back, away from the enemy: no dice
        f = game.state.figures[fid]
        return Command("move", "a", figure=fid, path=((f.x, f.y + IN),))

    # A: the rifleman moves, then the shooting phase. Read everything kept.
    # (Between two frames a scene reads again; here the game changes several times
    # between two reads, as when something outside the scene drives it.)
    assert scene.submit(back("a1.3")).ok and scene.submit(Command("end_phase", "a")).ok
    assert game.state.phase == "shooting"
    acts_a = scene.current_actions()
    view_a = scene.view_state().to_dict()
    scene.run_action(0)  # fire: every figure that can; hover Gruppe B for the odds
    aim = scene.top()
    assert isinstance(aim, TargetHandler)
    odds_a = aim.report(scene, "b1")
    lengths_a = (len(game.commands), len(game.log), game.state.phase, game.state.active_side)

    # undo both, B: the sergeant moves instead, then the shooting phase again
    assert game.can_undo()
    scene.undo()
    scene.undo()
    assert scene.submit(back("a1.1")).ok and scene.submit(Command("end_phase", "a")).ok
    assert (len(game.commands), len(game.log), game.state.phase, game.state.active_side) == lengths_a

    acts_b = scene.current_actions()
    assert acts_b == game.rules.actions(game, "a", scene.selected_unit, scene.selected_figure)
    assert acts_b != acts_a  # the rifleman alone may fire now: he did not move
    view_b = scene.view_state().to_dict()
    assert view_b == game.view(scene.session.viewer()).to_dict()
    assert view_b != view_a
    odds_b = aim.report(scene, "b1")
    fresh = game.rules.odds(game, aim.command_for("b1"))
    assert [m.name for m in odds_b.modifiers] == [m.name for m in fresh.modifiers] == ["Rifleman", "Rifleman"]
    assert [m.name for m in odds_a.modifiers] == ["Sergeant", "Rifleman"]
    drive.frame(2)  # and the scene draws the new state
