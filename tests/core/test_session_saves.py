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


def good_save(home) -> Path:
    s = session()
    end_turn(s)
    return s.save("good")


@pytest.mark.parametrize("damage", ["not utf-8", "deep nesting", "huge number", "seed float", "seed string",
                                    "negative dice state", "session null", "unknown controller", "saved_at number",
                                    "scenario list", "options list"])
def test_a_damaged_save_is_listed_with_its_reason_and_loading_it_says_why(home, damage):
    import json

    from game.core.save import SaveError
    from game.session import list_saves, load_session

    path = good_save(home)
    doc = json.loads(path.read_text())
    if damage == "not utf-8":
        path.write_bytes(b'{"format": "trenchtable-save", "name": "\\xff\xfe"}')
    elif damage == "deep nesting":
        path.write_text("[" * 100000 + "]" * 100000)
    elif damage == "huge number":
        path.write_text('{"format": "trenchtable-save", "version": ' + "9" * 5000 + "}")
    else:
        if damage == "seed float":
            doc["seed"] = 1.5
        elif damage == "seed string":
            doc["seed"] = "one"
        elif damage == "negative dice state":
            doc["rng_state"] = -1
        elif damage == "session null":
            doc["session"] = None
        elif damage == "unknown controller":
            doc["session"] = {"controllers": {s: "robot" for s in doc["session"]["controllers"]}}
        elif damage == "saved_at number":
            doc["saved_at"] = 12345
        elif damage == "scenario list":
            doc["scenario"] = []
        elif damage == "options list":
            doc["options"] = ["x"]
        path.write_text(json.dumps(doc))
    listed = [i for i in list_saves() if i.path == path]
    assert len(listed) == 1 and listed[0].label  # listed, with a label, whatever the file holds
    if damage in ("session null", "unknown controller", "saved_at number"):
        s = load_session(path)  # what the program keeps beside the game falls back
        assert set(s.controllers.values()) == {"human"} or damage == "saved_at number"
        return
    with pytest.raises(SaveError) as e:
        load_session(path)
    assert str(path) in str(e.value)
