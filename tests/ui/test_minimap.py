"""The minimap (issue 21): shown only while the view shows part of the table; a click on it
centres the view on that point of the table, a drag follows the mouse."""

import pytest

from game.catalog import load_map, new_game
from game.session import Session
from game.ui.play import PlayScene


def test_the_minimap_shows_when_zoomed_in_and_a_click_on_it_moves_the_view(app, drive):
    game = new_game(load_map("maps/wwify-gloomford-crossing.yaml"), 1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    drive.frame()
    cam, mini = scene.camera, scene.minimap
    assert not mini.needed(cam)  # the whole table fits: no minimap, clicks go to the table
    assert not mini.click(cam, mini.rect(cam).center)
    cam.zoom_at(3.0, (200, 300))
    assert mini.needed(cam)
    r = mini.rect(cam)
    target = (r.x + r.w * 3 // 4, r.y + r.h // 4)
    drive.click(target)
    x0, y0, x1, y1 = cam.visible_world()
    want = mini.to_world(cam, target)
    assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx(want, abs=cam.table_w / r.w * 2)
    assert scene.selected_unit is None  # the click was the minimap's, not a selection
    drive.drag(target, (r.x + r.w // 4, r.y + r.h * 3 // 4))
    x0, y0, x1, y1 = cam.visible_world()
    assert (x0 + x1) / 2 < cam.table_w / 2 < want[0]  # the view followed the drag leftwards
