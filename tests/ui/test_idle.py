"""The play screen at rest lets the window sleep (issue 21: the idle play screen used half a
core): the app is quiet only while nothing on it moves or waits for frames to pass."""

import pygame

from game.core.commands import Command
from game.session import Session
from game.ui.play import PlayScene
from tests.rulesets.w135 import table_game

IN = 25.4


def test_the_play_screen_is_quiet_only_when_nothing_moves(app, drive):
    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)])
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    assert not app.quiet()  # the terrain not yet drawn at this zoom
    drive.frame(15)
    assert app.quiet()
    scene.submit(Command("move", "a", figure="a1.1", path=((30 * IN, 23 * IN),)))
    assert not app.quiet()  # the token glides to where it moved
    drive.frame(40)
    assert app.quiet()
    drive.click(scene.camera.to_screen(game.state.figures["a1.1"].pos))  # selected: the move tool armed
    assert not app.quiet()
    drive.key(pygame.K_ESCAPE)
    drive.frame(2)
    assert app.quiet()
    app.toast("Saved.")
    assert not app.quiet()  # a message fading
    scene.session.controllers["a"] = "ai"
    assert not app.quiet()  # the computer's turn: its commands come with time


def test_the_event_the_sleeping_window_woke_for_is_handled_before_those_after_it(app, drive, monkeypatch):
    """The window asleep at rest wakes for an event and handles it first: a click's button
    down before its button up, both already waiting (it once put the first back behind the
    others)."""
    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)])
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    drive.frame(15)
    assert app.quiet()
    seen: list[int] = []
    handle = scene.handle

    def noted(e):
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            seen.append(e.type)
        handle(e)
        if len(seen) == 2:
            app.running = False

    monkeypatch.setattr(scene, "handle", noted)
    pygame.event.clear()
    p = scene.camera.to_screen(game.state.figures["a1.1"].pos)
    drive.post(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
    drive.post(pygame.MOUSEBUTTONUP, pos=p, button=1)
    app.run()
    assert seen == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP]
