"""Hovering a figure with no tool armed: a note by the cursor names it, its unit and side,
what it carries and its state (issue 21); a figure the side may not see has no note."""

import pygame

from game.catalog import load_map, new_game
from game.session import Session
from game.ui.play import PlayScene

NOTE = pygame.Color(255, 248, 222)


def test_a_hovered_figure_says_what_it_is_and_an_unseen_enemy_says_nothing(app, drive):
    game = new_game(load_map("maps/ww2-village-hauteville.yaml"), 1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    drive.frame()
    tank = game.state.figures["us8.1"]
    p = scene.camera.to_screen(tank.pos)
    drive.move(p)
    drive.frame()
    note = scene.painter.figure_note("us8.1")
    assert note.startswith('M4A3 Sherman (75mm) of Sherman "Betty Lou" (US 2nd Platoon). Carries: 75mm M3 (Sherman), M1919 (coaxial)')
    assert app.screen.get_at((p[0] - 20, p[1] - 14)) == NOTE  # the note, up and left of the cursor
    # a German the Americans have not spotted is not in their view: nothing to hover
    hidden = next(f for f in game.state.figures.values() if f.side == "german" and f.id not in scene.view_state().figures)
    q = scene.camera.to_screen(hidden.pos)
    drive.move(q)
    drive.frame()
    assert scene.figure_at(q) is None and app.screen.get_at((q[0] - 20, q[1] - 14)) != NOTE
