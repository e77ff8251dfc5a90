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
    note = scene.painter.note_rect
    assert note.right < p[0] and note.bottom < p[1] and app.screen.get_at((note.right - 3, note.bottom - 3)) == NOTE  # up and left
    # a German the Americans have not spotted is not in their view: nothing to hover
    hidden = next(f for f in game.state.figures.values() if f.side == "german" and f.id not in scene.view_state().figures)
    q = scene.camera.to_screen(hidden.pos)
    drive.move(q)
    drive.frame()
    assert scene.figure_at(q) is None and app.screen.get_at((q[0] - 20, q[1] - 14)) != NOTE


def test_the_note_keeps_off_the_hovered_token_at_every_zoom(app, drive):
    """Zoomed in, a token is larger than the gap between the cursor and the note: the note
    drawn by the cursor covered the top left of the figure it is about."""
    from game.ui.tokens import draw_token

    game = new_game(load_map("maps/trench-raid.yaml"), 1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    drive.frame()
    st, cam = game.state, scene.camera
    checked = 0
    for zoom in (1.0, 3.0, 6.0):
        for fid in ("b1.1", "g1.4", "b4.2"):
            f = st.figures[fid]
            cam.fit()
            cam.zoom_at(zoom, cam.to_screen(f.pos))
            centre = cam.to_screen_f(f.pos)
            r = cam.length(f.radius)
            for dx, dy in ((0, 0), (r * 0.6, r * 0.6), (-r * 0.6, 0)):  # the cursor anywhere on the token
                p = (round(centre[0] + dx), round(centre[1] + dy))
                drive.move(p)
                drive.frame()
                tt = scene.rules.data.troop_types.get(f.type)
                token = draw_token(pygame.Surface(app.screen.get_size()), centre, r, st.sides[f.side].colour,
                                   tt.symbol if tt else "dot", f.facing, scene.painter.badges(f, st))
                note = scene.painter.note_rect
                assert scene.figure_at(p) == fid and not note.colliderect(token) and app.screen.get_rect().contains(note)
                checked += 1
    assert checked == 27
