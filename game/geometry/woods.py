"""How much woods a sight line sees: the woods crossed either block it or hinder it.

Rule (see :mod:`game.geometry.los`): the lengths of the sight line inside every woods
crossed are added up; past ``sight_depth`` (the smallest among them) all those woods
block, otherwise each is a hindrance. Woods only touched (inside length <= EPS) have no
effect.
"""

from __future__ import annotations

import numpy as np

from .table import TableIndex
from .units import EPS


def woods_effects(idx: TableIndex, px, py, qx, qy, ws, wf, m: int, exact: bool):
    """Woods pairs (segment ws[k], feature wf[k]): (blocking mask, hindrance mask).

    Unless ``exact``, a cheap lower bound of each inside length (the chord through the
    wood's inscribed circle) settles the lines that certainly see too much woods; exact
    lengths are computed only for the others. Visibility and hindrances are the same
    either way; only the effect of woods merely touched by an already woods-blocked
    line is left as "none"."""
    seg = idx.seg_index
    depth = idx.sight_depth[wf]
    need = np.ones(len(ws), dtype=bool)
    deep = np.zeros(len(ws), dtype=bool)
    if not exact:
        lb = seg.chord_lower_bound(px, py, qx, qy, ws, wf)
        sure = lb > EPS
        lb_total = np.bincount(ws[sure], weights=lb[sure], minlength=m)
        lb_depth = np.full(m, np.inf)
        np.minimum.at(lb_depth, ws[sure], depth[sure])
        certain = (lb_total > lb_depth + 2 * EPS)[ws]
        deep = certain & sure
        need = ~certain
    k = np.flatnonzero(need)
    length = np.zeros(len(k))
    line = idx.is_line[wf[k]]
    length[~line] = seg.inside_length(px, py, qx, qy, ws[k[~line]], wf[k[~line]])
    if line.any():
        length[line] = seg.inside_length_exact(idx.areas, px, py, qx, qy, ws[k[line]], wf[k[line]])
    crossed = length > EPS
    k, length = k[crossed], length[crossed]
    total = np.bincount(ws[k], weights=length, minlength=m)
    dmin = np.full(m, np.inf)
    np.minimum.at(dmin, ws[k], depth[k])
    too_deep = (total > dmin + EPS)[ws[k]]
    deep[k[too_deep]] = True
    shallow = np.zeros(len(ws), dtype=bool)
    shallow[k[~too_deep]] = True
    return deep, shallow
