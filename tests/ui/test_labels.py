"""Names on the table cover nothing when there is room (issue 21: Bunker Grimhold's name lay
under a dummy marker and the grid's square numbers; the farmhouse's under a figure)."""

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.catalog import new_game
from game.session import Session
from game.ui.labels import candidates, overlap, place
from game.ui.play import PlayScene

BOUNDS = pygame.Rect(0, 0, 400, 300)


def test_a_name_goes_above_its_point_when_free_else_the_next_free_place():
    assert place((60, 20), (200, 150), 5, [], BOUNDS) == pygame.Rect(170, 121, 60, 20)  # above: 150 - 5 - 4 - 20
    above = pygame.Rect(170, 121, 60, 20)
    assert place((60, 20), (200, 150), 5, [above], BOUNDS) == pygame.Rect(170, 159, 60, 20)  # below
    every = candidates((60, 20), (200, 150), 5)
    least = place((60, 20), (200, 150), 5, every[:-1] + [pygame.Rect(every[-1].x, every[-1].y, 10, 10)], BOUNDS)
    assert least == every[-1]  # every place taken: the one covered least


def test_a_name_at_the_top_edge_is_not_put_off_the_table():
    r = place((60, 20), (200, 8), 5, [], BOUNDS)
    assert BOUNDS.contains(r) and r.y > 8


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 380), st.integers(0, 280), st.integers(4, 40), st.integers(4, 40)), max_size=12),
       st.integers(40, 360), st.integers(30, 270))
def test_when_some_place_is_free_the_name_covers_nothing(boxes, x, y):
    taken = [pygame.Rect(*b) for b in boxes]
    r = place((70, 20), (x, y), 6, taken, BOUNDS)
    free = [c for c in candidates((70, 20), (x, y), 6) if BOUNDS.contains(c) and overlap(c, taken) == 0]
    assert BOUNDS.contains(r) or not any(BOUNDS.contains(c) for c in candidates((70, 20), (x, y), 6))
    if free:
        assert overlap(r, taken) == 0
    else:
        assert overlap(r, taken) == min(overlap(c, taken) for c in candidates((70, 20), (x, y), 6) if BOUNDS.contains(c))


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
