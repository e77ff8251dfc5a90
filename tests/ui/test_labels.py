"""Names on the table cover nothing when there is room (issue 21: Bunker Grimhold's name lay
under a dummy marker and the grid's square numbers; the farmhouse's under a figure)."""

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.catalog import new_game
from game.session import Session
from game.ui.labels import FARTHER, candidates, overlap, place
from game.ui.play import PlayScene

BOUNDS = pygame.Rect(0, 0, 400, 300)


def test_a_name_goes_above_its_point_when_free_else_the_next_free_place():
    assert place((60, 20), (200, 150), 5, [], BOUNDS) == pygame.Rect(170, 121, 60, 20)  # above: 150 - 5 - 4 - 20
    above = pygame.Rect(170, 121, 60, 20)
    assert place((60, 20), (200, 150), 5, [above], BOUNDS) == pygame.Rect(170, 159, 60, 20)  # below
    every = candidates((60, 20), (200, 150), 5)
    crowd = every[:-1] + [pygame.Rect(every[-1].x, every[-1].y, 10, 10)]  # every place by the point taken
    farther = place((60, 20), (200, 150), 5, crowd, BOUNDS)
    assert farther == pygame.Rect(170, 89, 60, 20)  # above, two rings out (one ring out still touches the name above)
    assert overlap(farther, crowd) == 0
    wall = [BOUNDS]  # nothing free anywhere: the place by the point covered least
    assert place((60, 20), (200, 150), 5, wall + [pygame.Rect(every[-1].x, every[-1].y, 10, 10)], BOUNDS) == every[0]


def test_a_name_at_the_top_edge_is_not_put_off_the_table():
    r = place((60, 20), (200, 8), 5, [], BOUNDS)
    assert BOUNDS.contains(r) and r.y > 8


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 380), st.integers(0, 280), st.integers(4, 40), st.integers(4, 40)), max_size=12),
       st.integers(40, 360), st.integers(30, 270))
def test_when_some_place_is_free_the_name_covers_nothing(boxes, x, y):
    taken = [pygame.Rect(*b) for b in boxes]
    r = place((70, 20), (x, y), 6, taken, BOUNDS)
    rings = [candidates((70, 20), (x, y), 6 + d) for d in (0, *FARTHER)]
    free = [c for ring in rings for c in ring if BOUNDS.contains(c) and overlap(c, taken) == 0]
    assert BOUNDS.contains(r) or not any(BOUNDS.contains(c) for c in rings[0])
    if free:
        assert overlap(r, taken) == 0
        near = [c for c in rings[0] if BOUNDS.contains(c) and overlap(c, taken) == 0]
        assert not near or r in near  # a free place by the point before any farther
    else:
        assert overlap(r, taken) == min(overlap(c, taken) for c in rings[0] if BOUNDS.contains(c))


def test_on_the_gloomford_table_the_bunkers_name_keeps_off_markers_tokens_and_grid_numbers(app):
    game = new_game("maps/wwify-gloomford-crossing.yaml", seed=1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    scene.show_grid = True
    for _ in range(3):
        app.frame(0.05)
    names, taken = scene.painter.names
    assert names, "the objective's name is drawn"
    assert len(taken) > 40  # grid numbers, markers and figures were all counted
    for r in names:
        assert overlap(r, taken) == 0


def test_a_fire_lines_and_a_barrages_names_keep_off_the_figures(app):
    """Issue 21, found in the real window: "BAR gunner's suppressive fire" was written
    under the BAR gunner's own token (a fire line's name was drawn before the figures, at a
    fixed place by the line's end). Now it is placed with the objectives' names."""
    from game.core.keys import BarrageKey, LineMarkerKey
    from game.core.state import Marker

    game = new_game("maps/ww2-135-house-to-house.yaml", seed=1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.05)
    st, cam = game.state, scene.camera
    a, b = [f for f in st.figures.values() if f.alive][:2]
    width = 25.4
    # the line ends just under figure a, where its name used to be drawn: over the token
    end = (a.x, a.y + (cam.length(width) + 8) / cam.zoom)
    st.markers["line:test"] = Marker("line:test", a.side, "line", *end, attrs={
        LineMarkerKey.FROM: [end[0] + 200, end[1]], LineMarkerKey.TO: [end[0], end[1]], LineMarkerKey.WIDTH: width,
        LineMarkerKey.LABEL: "Rifleman's suppressive fire"})
    square = [[b.x - 40, b.y - 10], [b.x + 40, b.y - 10], [b.x + 40, b.y + 70], [b.x - 40, b.y + 70]]  # its top just under b
    st.markers["barrage:test"] = Marker("barrage:test", a.side, "artillery", b.x, b.y + 30, attrs={
        BarrageKey.POLYGON: square, BarrageKey.NAME: "Barrage", BarrageKey.SQUARE: "7/2"})
    game.version += 1  # the view is kept for the state's version: a command would bump it
    for _ in range(2):
        app.frame(0.05)
    names, taken = scene.painter.names
    tokens = taken[-len([f for f in st.figures.values() if f.alive]):]
    assert len(names) == 2 + len(st.attrs.get("victory", {}).get("objectives", {}))  # both marker names drawn
    for r in names:
        assert overlap(r, tokens) == 0, r


def test_a_hills_name_and_level_are_placed_off_a_token_standing_on_it(app, monkeypatch):
    """Issue 21: a hill's "level 1" was written into the terrain picture, so a token on the
    hill could hide it. The play screen draws no level into the picture and places each
    hill's name and level with the other names, off the figures."""
    from game.ui.terrain_render import TerrainRenderer

    written = []
    real = TerrainRenderer._label
    monkeypatch.setattr(TerrainRenderer, "_label", lambda self, surf, words, *a: (written.append(words), real(self, surf, words, *a)))
    game = new_game("maps/open-field-encounter.yaml", seed=1)
    hill = next(f for f in game.table.features if f.name == "Windmill rise")
    c = hill.area.representative_point()
    fig = next(f for f in game.state.figures.values() if f.alive)
    with game.changing():
        fig.x, fig.y = c.x, c.y  # a figure standing where the level was written
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    for _ in range(3):
        app.frame(0.7)  # the terrain drawn (after the zoom has rested)
    assert scene.renderer.cache is not None and written == []  # no level in the picture
    assert [w for w, _ in scene.painter.hills()] == ["Windmill rise, level 1", "Beet field rise, level 1"]
    names, taken = scene.painter.names
    assert len(names) == 3  # the farm's, then the two hills'
    assert scene.painter.tokens[fig.id] in taken and all(overlap(r, taken) == 0 for r in names)  # off every token
    TerrainRenderer(game.table, scene.renderer.looks).render(1.0)  # the editor's picture still writes it
    assert written == ["level 1", "level 1"]


def test_a_name_whose_point_is_out_of_view_is_not_pushed_in_at_the_edge(app):
    """Zoomed in on Hauteville's south west corner, the church's and the crossroads' names
    were drawn at the view's top right edge, over nothing they name."""
    game = new_game("maps/ww2-village-hauteville.yaml", seed=1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.05)
    assert len(scene.painter.names[0]) == 2
    t = scene.table_rect
    scene.camera.zoom_at(3, (t.x + 20, t.bottom - 40))
    app.frame(0.05)
    assert scene.painter.names[0] == []
