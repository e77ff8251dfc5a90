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


def test_range_rings_stand_where_the_rules_measure_from(app):
    """A ring stands at its band's reach from where the ruleset measures: the base's edge
    where ranges run base edge to base edge (WW2 Skirmish, the Great War, WWIFY), the
    centre elsewhere, so a point on the ring is exactly that far as the rules measure it."""
    for path, edge in (("maps/ww2-village-hauteville.yaml", True), ("maps/trench-raid.yaml", True),
                       ("maps/ww2-135-ambush.yaml", False)):
        scene = scene_on(app, path)
        rules = scene.rules
        f = next(f for f in scene.game.state.figures.values() if f.alive and rules.range_bands(scene.game, f))
        origin = rules.range_origin(f)
        assert origin == (f.radius if edge else 0.0) and f.radius > 0
        bands = rules.range_bands(scene.game, f)
        _, _, hi = bands[0]
        assert abs(rules.apart(f, (f.x + hi + origin, f.y)) - hi) < 1e-6  # a point on the ring
        # the ring is drawn there: on a blank screen, its pixel is lit and the one at the
        # centre's own reach (where it stood before) is not, for a ruleset measuring edges
        app.screen.fill((0, 0, 0))
        overlays.draw_range_rings(app.screen, scene.camera, f.pos, bands[:1], rules.fmt, origin)
        cx, cy = scene.camera.to_screen(f.pos)
        ring = scene.camera.length(hi + origin)
        way = 1 if cx + ring + 2 < app.screen.get_width() else -1  # along x, the side the screen shows
        assert 0 <= cx + way * (ring + 2) < app.screen.get_width()
        lit = [app.screen.get_at((round(cx + way * ring + d), round(cy)))[:3] != (0, 0, 0) for d in (-3, -2, -1, 0, 1)]
        assert any(lit), path  # (a ring 2 px wide, drawn inward)
        if edge:
            inner = scene.camera.length(hi)
            assert ring - inner >= 4  # far enough apart in pixels to tell
            assert app.screen.get_at((round(cx + way * inner), round(cy)))[:3] == (0, 0, 0), path
