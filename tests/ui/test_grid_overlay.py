"""The artillery grid drawn on the table (G): on every shipped table and on tables of an
odd number of feet, whose last 2 ft squares have only two quarters on the table (pressing
G on the 1/35th's 3 x 4 ft ambush raised "square 2/2 lies off the table")."""

import pygame
import pytest
import shapely

from game.catalog import available_maps
from game.geometry.units import FOOT, to_mm
from game.ui.camera import Camera
from game.ui.overlays import _grid_shapes, draw_grid

SIZES = sorted({(to_mm(lm.model.table.width, lm.model.unit), to_mm(lm.model.table.height, lm.model.unit)) for lm in available_maps()}
               | {(3 * FOOT, 4 * FOOT), (5 * FOOT, 3 * FOOT), (4.5 * FOOT, 2.5 * FOOT), (FOOT, FOOT)})


@pytest.mark.parametrize("size", SIZES, ids=[f"{w / FOOT:g}x{h / FOOT:g}ft" for w, h in SIZES])
def test_the_grid_is_drawn_on_every_table_and_its_2ft_squares_cover_it_once(app, size):
    w, h = size
    squares, hulls = _grid_shapes(w, h)
    table = shapely.box(0, 0, w, h)
    big = [shapely.Polygon(c) for c in hulls]
    assert abs(shapely.union_all(big).area - table.area) < 1e-6 * table.area
    assert abs(sum(p.area for p in big) - table.area) < 1e-6 * table.area  # no overlap
    quarters = [shapely.Polygon(c) for _, quarter, c in squares if quarter]
    assert abs(sum(p.area for p in quarters) - table.area) < 1e-6 * table.area
    surf = pygame.Surface((640, 480))
    cam = Camera(pygame.Rect(0, 0, 640, 480), w, h)
    cam.fit()
    assert draw_grid(surf, cam, w, h)  # the squares' numbers written
