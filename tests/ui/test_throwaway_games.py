"""Quick start and the editor's test play are throwaway games (issue 16): played through
turns and left, they leave every save already in the folder byte-identical."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.catalog import load_map, new_game
from game.core.commands import Command
from game.paths import saves_dir
from game.session import AUTOSAVE, Session
from game.ui.play import PlayScene

ROOT = Path(__file__).resolve().parents[2]


def _saves_before() -> dict[str, bytes]:
    """A game in progress (autosaved at Hauteville turn 2) and a named save."""
    game = new_game(load_map(ROOT / "maps" / "ww2-village-hauteville.yaml"), 3)
    real = Session(game, {s: "human" for s in game.state.side_order})
    while game.state.turn < 2:
        assert real.submit(Command("end_phase", game.acting_side)).ok
    real.save("my game")
    return {str(p.relative_to(saves_dir())): p.read_bytes() for p in saves_dir().rglob("*") if p.is_file()}


def _play_and_leave(app, drive) -> None:
    scene = app.scene
    assert isinstance(scene, PlayScene)
    s = scene.session
    for _ in range(2):  # two turns ended: where a real game autosaves
        turn = s.game.state.turn
        while s.game.state.turn == turn and not s.game.state.over:
            asked = s.game.rules.decision(s.game)  # a question (an event card's, a reaction): its first option
            cmd = s.game.rules.decision_options(s.game)[0][1] if asked else Command("end_phase", s.game.acting_side)
            assert s.submit(cmd).ok
    scene.leave_to_menu()
    drive.frame()
    drive.key(pygame.K_y, text="y")  # "Leave ...?" answered yes
    drive.frame(3)
    assert app.scene is not scene


def test_quick_start_leaves_other_saves_byte_identical(app, drive):
    from game.ui.menu import start_default

    before = _saves_before()
    assert AUTOSAVE in before
    start_default(app)
    drive.frame(2)
    _play_and_leave(app, drive)
    assert {str(p.relative_to(saves_dir())): p.read_bytes() for p in saves_dir().rglob("*") if p.is_file()} == before


def test_the_editors_test_play_leaves_other_saves_byte_identical(app, drive):
    before = _saves_before()
    editor = app.open("editor", ROOT / "maps" / "trench-raid.yaml")
    drive.frame(2)
    editor.test_play("hotseat")
    drive.frame(2)
    _play_and_leave(app, drive)
    assert {str(p.relative_to(saves_dir())): p.read_bytes() for p in saves_dir().rglob("*") if p.is_file()} == before
