"""The vectorised segment tests against GEOS, on the benchmark scene."""

import numpy as np
import shapely

from game.geometry.bench_scene import make_los_scene
from game.geometry.los import los_matrix


def test_scene_is_deterministic():
    t1, p1 = make_los_scene(seed=7, n_features=60, n_figures=20)
    t2, p2 = make_los_scene(seed=7, n_features=60, n_figures=20)
    assert np.array_equal(p1, p2) and len(t1) == 60
    assert all(a.area.equals(b.area) for a, b in zip(t1.features, t2.features, strict=True))


def test_hits_and_lengths_match_geos():
    table, pts = make_los_scene(seed=3, n_features=300, n_figures=40)
    idx = table.index
    ii, jj = np.triu_indices(len(pts), 1)
    px, py, qx, qy = pts[ii, 0], pts[ii, 1], pts[jj, 0], pts[jj, 1]
    s, f = idx.seg_index.hits(px, py, qx, qy)
    segs = shapely.linestrings(np.stack([pts[ii], pts[jj]], axis=1))
    gs, gf = idx.tree.query(segs, predicate="intersects")
    assert set(zip(s.tolist(), f.tolist(), strict=True)) == set(zip(gs.tolist(), gf.tolist(), strict=True))
    area = ~idx.is_line[f]
    mine = idx.seg_index.inside_length(px, py, qx, qy, s[area], f[area])
    geos = shapely.length(shapely.intersection(segs[s[area]], idx.areas[f[area]]))
    assert np.allclose(mine, geos, atol=1e-7)


def test_matrix_on_bench_scene_is_consistent():
    table, pts = make_los_scene(seed=1, n_features=300, n_figures=60)
    m = los_matrix(table, pts)
    assert (m.visible == m.visible.T).all() and (m.hindrances == m.hindrances.T).all()
    assert 0 < m.visible.mean() < 1 and set(np.unique(m.cover)) <= {0, 1, 2}


def test_woods_shortcut_changes_nothing():
    from game.geometry.los import _evaluate

    table, pts = make_los_scene(seed=2, n_features=300, n_figures=60)
    ii, jj = np.triu_indices(len(pts), 1)
    fast = _evaluate(table, pts, ii, jj, exact=False)
    slow = _evaluate(table, pts, ii, jj, exact=True)
    for name in ("visible", "cover_i", "cover_j", "hindrances"):
        assert np.array_equal(getattr(fast, name), getattr(slow, name)), name
