"""Tokens stand out from the table in every shipped scenario (issue 21: the US side at
Hauteville was olive on olive grass): measured as the WCAG contrast ratio, the light ring
around every token (or its dark edge) against the ground under each figure, and each side's colour against
that ring. (Without the ring the sides' colours stood at 1.00-1.87 against the ground.)"""

from pathlib import Path

import pygame
import pytest

from game.catalog import load_map, new_game
from game.session import Session
from game.ui.play import PlayScene
from game.ui.tokens import EDGE, HALO

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.yaml"))
#: the least contrast ratios (WCAG 2.1's 3 for graphics): the ring or its dark edge against the
#: ground, whichever stands out more; each side's colour against the ring
RING_ON_GROUND = 3.0
SIDE_ON_RING = 3.0


def luminance(c) -> float:
    def ch(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_contrast_measure():
    assert contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_tokens_stand_out_from_the_ground_and_the_sides_from_their_ring(app, path):
    game = new_game(load_map(path), 1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    cache, cz = scene.renderer.surface(scene.camera.zoom)
    for f in game.state.figures.values():
        x, y = int(f.x * cz), int(f.y * cz)
        ground = [cache.get_at((min(cache.get_width() - 1, max(0, x + dx)), min(cache.get_height() - 1, max(0, y + dy))))
                  for dx in (-2, 0, 2) for dy in (-2, 0, 2)]
        mean = tuple(sum(c[i] for c in ground) / len(ground) for i in range(3))
        assert max(contrast(HALO, mean), contrast(EDGE, mean)) >= RING_ON_GROUND, (f.id, mean)
    for side in game.state.sides.values():
        assert contrast(pygame.Color(side.colour), HALO) >= SIDE_ON_RING, (side.id, side.colour)
