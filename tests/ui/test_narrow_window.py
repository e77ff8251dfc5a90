"""A narrow window (below about 1100 px the toolbar used to run over the sidebar) and a
resized one (the table fitted again), driven by posted events."""

import pygame

from game.catalog import load_map, new_game
from game.editor.model import EditorDoc
from game.session import Session
from game.ui.app import App
from game.ui.editor import EditorScene
from game.ui.play import PlayScene


def play_scene(app):
    game = new_game(load_map("maps/trench-raid.yaml"), 1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    return scene


def bars_clear_of_the_sidebar(scene, bar, side):
    for b in bar.buttons:
        assert scene.toolbar_rect.contains(b.rect), b.label
        assert not b.rect.colliderect(side), b.label
    assert not scene.table_rect.colliderect(scene.toolbar_rect)


def test_the_play_toolbar_wraps_in_a_narrow_window_and_the_table_is_fitted_after_a_resize(home):
    app = App((1000, 700), headless=True)
    try:
        scene = play_scene(app)
        bars_clear_of_the_sidebar(scene, scene.tool_bar, scene.sidebar_rect)
        assert scene.toolbar_rect.h > 40  # two rows
        rows = {b.rect.y for b in scene.tool_bar.buttons}
        assert len(rows) == 2
        scene.camera.zoom *= 3  # zoomed in, then the window made larger
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
        app.frame(0.02)
        assert app.size == (1600, 900) and scene.toolbar_rect.h == 40
        bars_clear_of_the_sidebar(scene, scene.tool_bar, scene.sidebar_rect)
        corners = [scene.camera.to_screen(p) for p in ((0, 0), (scene.table.width, scene.table.height))]
        assert all(scene.table_rect.collidepoint(c) for c in corners)  # the whole table in view
        assert max(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) > 0.9 * min(scene.table_rect.w, scene.table_rect.h)
    finally:
        pygame.quit()


def test_the_editor_toolbar_wraps_in_a_narrow_window(home):
    app = App((960, 640), headless=True)
    try:
        scene = EditorScene(app, None, EditorDoc.new("great-war-54mm"))
        app.switch(scene)
        app.frame(0.02)
        app.frame(0.02)
        bars_clear_of_the_sidebar(scene, scene.tools, scene.panel_rect)
        assert len(scene.tools.buttons) == 8 and len({b.rect.y for b in scene.tools.buttons}) == 2
    finally:
        pygame.quit()
