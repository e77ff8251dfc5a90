"""Shared set-ups for the window tests: a small hotseat game, the play scene on a game, and
where a figure stands on the screen."""

from __future__ import annotations

from game.core.game import Game
from game.session import Session
from game.ui.play import PlayScene
from tests.rulesets.helpers import make_game, small_map, unit

IN = 25.4


def small_game() -> Game:
    """A Great War section of three against a German group of four on a 24" table."""
    a = [unit("a1", [("sergeant", 10, 18), ("rifleman", 12, 18), ("rifleman", 14, 18)], name="Section A")]
    b = [unit("b1", [("rifleman", 10, 8), ("rifleman", 12, 8), ("rifleman", 14, 8), ("rifleman", 16, 8)], name="Gruppe B")]
    return make_game(small_map(a, b, size=(24, 24)), seed=11)


def screen_of(scene: PlayScene, fid: str) -> tuple[float, float]:
    """Where figure ``fid`` stands on the screen."""
    return scene.camera.to_screen(scene.game.state.figures[fid].pos)


def scene_of(app, game: Game) -> PlayScene:
    """The play scene on ``game``, every side played by hand, shown for one frame."""
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    return scene
