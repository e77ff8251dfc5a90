"""No save is lost: throwaway games never write the autosave, a failed autosave keeps the
game going and the last good save, and two saves in the same second both stay."""

from pathlib import Path

import pytest

from game.catalog import load_map, new_game
from game.core.commands import Command
from game.core.save import read_save
from game.paths import saves_dir
from game.session import AUTOSAVE, Session

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRENCHTABLE_HOME", str(tmp_path))
    return tmp_path


def session(**kw) -> Session:
    game = new_game(load_map(ROOT / "maps" / "trench-raid.yaml"), 1)
    return Session(game, {s: "human" for s in game.state.side_order}, **kw)


def end_turn(s: Session) -> None:
    turn = s.game.state.turn
    while s.game.state.turn == turn:
        assert s.submit(Command("end_phase", s.game.acting_side)).ok


def test_a_game_autosaves_at_the_end_of_a_turn_and_a_throwaway_game_never_does(home):
    real = session()
    end_turn(real)
    kept = (saves_dir() / AUTOSAVE).read_bytes()
    assert read_save(saves_dir() / AUTOSAVE)["name"] == "Autosave: Trench Raid"
    test_play = session(autosaves=False)
    end_turn(test_play)
    end_turn(test_play)
    assert (saves_dir() / AUTOSAVE).read_bytes() == kept  # the real game's autosave is untouched


def test_a_failed_autosave_keeps_the_game_going_and_the_last_good_save(home, monkeypatch):
    s = session()
    end_turn(s)
    kept = (saves_dir() / AUTOSAVE).read_bytes()

    def full_disk(*a, **kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.session.save_game", full_disk)
    turn = s.game.state.turn
    end_turn(s)  # the command that ends the turn is applied, and submit returns normally
    assert s.game.state.turn == turn + 1
    assert s.save_error is not None and "No space left on device" in s.save_error
    assert (saves_dir() / AUTOSAVE).read_bytes() == kept
    assert not [p for p in saves_dir().iterdir() if p.suffix == ".tmp"]


def test_two_saves_whose_names_read_alike_in_the_same_second_are_both_kept(home, monkeypatch):
    import game.session as sess

    class Frozen:
        @staticmethod
        def now():
            from datetime import datetime

            return datetime(2026, 11, 24, 9, 0, 0)

    monkeypatch.setattr(sess, "datetime", Frozen)
    s = session()
    a = s.save("My game!")
    b = s.save("my game?")
    assert a != b and a.exists() and b.exists()
    assert {read_save(a)["name"], read_save(b)["name"]} == {"My game!", "my game?"}
