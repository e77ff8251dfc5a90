"""What a check works out is not worked out again for the same command at the same state:
a player's reading scope handed on to submit (:meth:`Game.hand_over`), and the check's
memo read by the apply of that very command as it begins (:meth:`Game.take_checked`)."""

from pathlib import Path

from game.catalog import load_map, new_game
from game.core.commands import Command

ROOT = Path(__file__).resolve().parents[2]
TRENCH_RAID = ROOT / "maps" / "trench-raid.yaml"


def _spy_checks(game, monkeypatch) -> list:
    """Each check the game makes: the memo it works in (after it ran)."""
    seen: list = []
    real = type(game.rules).check

    def check(self, g, c):
        try:
            return real(self, g, c)
        finally:
            seen.append(g.memo)

    monkeypatch.setattr(type(game.rules), "check", check)
    return seen


def _ending_a_phase(monkeypatch) -> tuple:
    """A fresh Trench Raid, its side to act, that side's end of phase and the checks spied."""
    game = new_game(load_map(TRENCH_RAID), 1)
    side = game.state.active_side
    return game, side, Command("end_phase", side), _spy_checks(game, monkeypatch)


def test_a_handed_over_reading_is_where_submit_checks(monkeypatch):
    game, side, cmd, seen = _ending_a_phase(monkeypatch)
    with game.reading():
        assert game.check(cmd) is None
        mine = game.memo
        mine["worked out"] = True
        game.hand_over(cmd)
    assert game.submit(cmd).ok
    assert seen[-1] is mine  # the same memo: nothing the player's check kept is worked out again


def test_a_reading_is_not_taken_for_another_command_or_another_state(monkeypatch):
    game, side, cmd, seen = _ending_a_phase(monkeypatch)
    with game.reading():
        mine = game.memo
        game.hand_over(Command("end_phase", game.state.other_side(side)))
    assert game.submit(cmd).ok
    assert seen[-1] is not mine  # another command: a fresh memo

    cmd = Command("end_phase", side)
    with game.reading():
        mine = game.memo
        game.hand_over(cmd)
    with game.changing():  # the state changed since (as an undo or a load would)
        pass
    assert game.submit(cmd).ok
    assert seen[-1] is not mine
    game.hand_over(cmd)  # outside a reading scope: nothing to hand over
    assert game._handed is None


def test_the_apply_takes_the_check_memo_of_its_own_command_once(monkeypatch):
    game = new_game(load_map(TRENCH_RAID), 1)
    side = game.state.active_side
    cmd = Command("end_phase", side)
    taken: list = []
    real = type(game.rules).apply

    def apply(self, g, c):
        taken.append(g.take_checked(Command("end_phase", side)))  # an equal command is not the one applied
        taken.append(g.take_checked(c))
        taken.append(g.take_checked(c))  # once only
        return real(self, g, c)

    monkeypatch.setattr(type(game.rules), "apply", apply)
    assert game.submit(cmd).ok
    assert taken == [None, None, None]  # taken by the first call, whatever the command

    monkeypatch.setattr(type(game.rules), "apply", lambda self, g, c: (taken.append(g.take_checked(c)), real(self, g, c)))
    cmd = Command("end_phase", game.acting_side)
    assert game.submit(cmd).ok
    assert isinstance(taken[-1], dict)  # the memo the check worked in
    assert game.take_checked(cmd) is None  # outside an apply
