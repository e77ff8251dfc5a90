"""Range rings say what they are and the table cannot be panned away (issue 21: unlabelled
range rings; panning without limit)."""


from game.catalog import new_game
from game.session import Session
from game.ui import overlays
from game.ui.play import PlayScene

IN = 25.4


def scene_on(app, path):
    game = new_game(path, seed=1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    return scene


def test_each_range_ring_is_labelled_with_its_band_and_reach(app):
    scene = scene_on(app, "maps/ww2-village-hauteville.yaml")
    f = next(f for f in scene.game.state.figures.values() if f.side == scene.game.state.active_side and f.type != "sherman")
    bands = scene.rules.range_bands(scene.game, f)
    assert bands
    labels = overlays.draw_range_rings(app.screen, scene.camera, f.pos, bands, scene.rules.fmt)
    assert [w for w, _ in labels] == [f"{name} {scene.rules.fmt(hi)}" for name, _, hi in bands]
    assert all(r.w > 0 for _, r in labels)
    rects = [r for _, r in labels]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])  # no label over another


def test_dragging_the_table_far_away_keeps_part_of_it_in_view(app, drive):
    scene = scene_on(app, "maps/trench-raid.yaml")
    for _ in range(12):  # twelve right-drags of 600 px to the left
        drive.drag((700, 300), (100, 300), button=3)
    x0, y0, x1, y1 = scene.camera.visible_world()
    assert x0 < scene.table.width and x1 > 0  # some of the table is still on screen
    assert x0 <= scene.table.width - (x1 - x0) * 0.25 + 1
    scene.camera.zoom_at(0.01, (400, 300))
    assert scene.camera.zoom >= 0.12  # no zooming out to a dot
