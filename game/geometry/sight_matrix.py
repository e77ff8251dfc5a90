"""Visibility, cover and hindrances of many sight lines between the points of one set.

The rules are those of :mod:`game.geometry.los`, worked out on bit sets of footprint
parts (:mod:`game.geometry.fans`, :mod:`game.geometry.bitsets`) rather than on lists of
crossings: a line is blocked when its bit set shares a bit with the blocking parts that
neither end is inside (a window sees out), or with the hills at least as high as its
higher end that neither end stands on; its hindrances are the hindering features whose
bits it has, and so on. Only the woods crossed become a list, to be measured.

Only the features that can change an answer are looked at: those acting on sight
(blocks, hinders, woods, hills) along every line, and line features giving cover only
from the points within their cover reach. Clear terrain and area cover (which comes
from the footprints containing a point) are never crossed here: the crossings of every
feature are worked out by :func:`game.geometry.los.line_of_sight`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .bitsets import any_bit, bit_pairs, clear_bits, flags, has_bit, pack, popcount, shift_down
from .fans import NO_DIRECTION, FanParts, directions, fan_bits, fan_parts, fans_from
from .table import TableIndex
from .terrain import LOS_CODES
from .woods import woods_effects

_HINDERS = LOS_CODES["hinders"]
_BLOCKS = LOS_CODES["blocks"]
_WOODS = LOS_CODES["woods"]
_HILL = LOS_CODES["hill"]
_CLEAR = LOS_CODES["clear"]


@dataclass(frozen=True)
class SightRules:
    """The fans of the parts of the features acting on sight (fan part k belongs to
    feature ``feat[k]``; a feature's parts are consecutive) and what their features do,
    as (words, 1) bit sets: ``blocks`` (blocking terrain), ``see_out`` (a figure inside
    sees out), ``hinders``, ``woods``, ``measured`` (woods whose crossings need no
    exact test: those not giving cover near them), ``hard`` and ``soft`` (line features
    giving that cover near them), ``lines`` (both), ``convex``, ``first`` (each
    feature's first part) and, for d = 1, 2, ..., ``longer[d - 1]`` (the first parts of
    the hindering features of more than d parts). ``high[:, t]``: the hills of level t
    or more (t up to the highest level + 1)."""

    fans: FanParts
    feat: np.ndarray
    blocks: np.ndarray
    see_out: np.ndarray
    hinders: np.ndarray
    woods: np.ndarray
    measured: np.ndarray
    hard: np.ndarray
    soft: np.ndarray
    lines: np.ndarray
    convex: np.ndarray
    first: np.ndarray
    longer: tuple[np.ndarray, ...]
    high: np.ndarray | None


def sight_rules(idx: TableIndex) -> SightRules:
    """The :class:`SightRules` of a table's features."""
    parts = idx.seg_index.parts
    fp = fan_parts(parts, np.flatnonzero(idx.los_code[parts.feature] != _CLEAR))
    W = fp.words
    feat = parts.feature[fp.part]
    code = idx.los_code[feat]
    cover = idx.cover[feat]
    lines = idx.is_line[feat] & (cover > 0)  # giving cover near them
    first = np.ones(len(feat), dtype=bool)
    first[1:] = feat[1:] != feat[:-1]
    start = np.flatnonzero(first)
    n_parts = np.diff(np.append(start, len(feat)))
    hinders = code == _HINDERS
    longer = []
    for d in range(1, int(n_parts[hinders[start]].max(initial=1))):
        mask = np.zeros(len(feat), dtype=bool)
        mask[start[(n_parts > d) & hinders[start]]] = True
        longer.append(flags(mask, W))
    hills = code == _HILL
    high = None
    if hills.any():
        level = idx.level[feat]
        tops = np.arange(max(0, int(level[hills].max())) + 2)
        high = pack(hills[None, :] & (level[None, :] >= tops[:, None]), W)
    return SightRules(
        fans=fp, feat=feat, blocks=flags(code == _BLOCKS, W), see_out=flags(idx.see_out[feat], W),
        hinders=flags(hinders, W), woods=flags(code == _WOODS, W),
        measured=flags((code == _WOODS) & ~lines, W), hard=flags(lines & (cover == 2), W),
        soft=flags(lines & (cover == 1), W), lines=flags(lines, W), convex=flags(fp.convex, W),
        first=flags(first, W), longer=tuple(longer), high=high,
    )


def _cover_only_hits(idx: TableIndex, near: np.ndarray, psi: np.ndarray, pair: np.ndarray,
                     pts: np.ndarray, px, py, qx, qy) -> tuple[np.ndarray, np.ndarray]:
    """(segment, feature) of the crossings of line features that give cover and do not
    act on sight, looked for only on the lines from the points within their reach: in
    the directions of the parts' fans from the point, then with the exact tests (the
    same crossing may come twice)."""
    cover_only = idx.is_line & (idx.cover > 0) & (idx.los_code == _CLEAR)
    pt, feat = np.nonzero(near[:, cover_only])
    if not len(pt):
        empty = np.zeros(0, dtype=np.intp)
        return empty, empty
    feat = np.flatnonzero(cover_only)[feat]
    seg = idx.seg_index
    n_parts = np.bincount(seg.parts.feature, minlength=idx.count)[feat]
    g = np.repeat(np.arange(len(feat)), n_parts)  # every part of those features
    part = np.arange(len(g)) - np.repeat(np.cumsum(n_parts) - n_parts - seg.feat_first_part[feat], n_parts)
    pt, feat = pt[g], feat[g]
    lo, hi = fans_from(seg.parts, part, pts[pt, 0], pts[pt, 1])
    n = len(pts)
    turn = psi[pt] - lo[:, None]  # to every other point
    turn += 4.0 * (turn < 0)
    g, other = np.nonzero((turn <= (hi - lo)[:, None]) | (psi[pt] == NO_DIRECTION))
    s = pair[pt[g] * n + other]
    line = s >= 0
    s, g = s[line], g[line]
    ok = seg.part_test(s, part[g], px, py, qx, qy)
    return s[ok], feat[g[ok]]


def sight_batch(
    idx: TableIndex, contains: np.ndarray, near: np.ndarray, elevation: np.ndarray,
    area_cover: np.ndarray, pts: np.ndarray, ii: np.ndarray, jj: np.ndarray,
    px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(visible, cover of the second point, cover of the first, hindrances) of the
    lines pts[ii[s]]-pts[jj[s]], drawn P-Q. Per point and feature: ``contains``,
    ``near`` (within cover reach of a line feature giving cover); per point:
    ``elevation`` and ``area_cover`` (see :func:`game.geometry.los._point_info`)."""
    m, n = len(ii), len(pts)
    pair = np.full(n * n, -1, dtype=np.intp)
    pair[ii * n + jj] = pair[jj * n + ii] = np.arange(m)
    if not (np.array_equal(pair[ii * n + jj], np.arange(m))
            and np.array_equal(pair[jj * n + ii], np.arange(m))):
        # a pair asked twice (either way round): once each, then both ways
        key = np.minimum(ii, jj) * n + np.maximum(ii, jj)
        _, first, back = np.unique(key, return_index=True, return_inverse=True)
        vis, cov_j, cov_i, hind = sight_batch(idx, contains, near, elevation, area_cover, pts,
                                              ii[first], jj[first], px[first], py[first],
                                              qx[first], qy[first])
        turned = ii != ii[first][back]
        cov_j, cov_i = cov_j[back], cov_i[back]
        return vis[back], np.where(turned, cov_i, cov_j), np.where(turned, cov_j, cov_i), hind[back]
    rules = idx.sight_rules
    fp, feat = rules.fans, rules.feat
    seg = idx.seg_index
    psi = directions(pts)
    hit, open_s, open_k = fan_bits(fp, pts, psi, pair, ii, jj)
    W = fp.words
    inside = pack(contains[:, feat], W)
    ci, cj = np.take(inside, ii, axis=1), np.take(inside, jj, axis=1)
    blocking = rules.blocks & ~(rules.see_out & (ci | cj))
    if rules.high is not None:
        top = np.minimum(np.maximum(elevation[ii], elevation[jj]), rules.high.shape[1] - 1)
        blocking |= np.take(rules.high, top, axis=1) & ~ci & ~cj
    close = pack(near[:, feat], W)
    close_i, close_j = np.take(close, ii, axis=1), np.take(close, jj, axis=1)
    # the pairs left open by the broad phase that can change an answer get the exact
    # tests (woods are measured: a wood not touched has no inside length)
    certain = hit & rules.convex
    clear_bits(certain, open_s, open_k)  # not certain after all
    needed = np.where(any_bit(certain & blocking), np.uint64(0), blocking)
    needed |= rules.hinders | (rules.lines & (close_i | close_j))
    needed &= ~rules.measured
    s, k = bit_pairs(hit & ~rules.convex & needed, ~rules.convex)
    keep = has_bit(needed, open_s, open_k)
    s, k = np.concatenate([s, open_s[keep]]), np.concatenate([k, open_k[keep]])
    if len(s):
        miss = ~seg.part_test(s, fp.part[k], px, py, qx, qy)
        clear_bits(hit, s[miss], k[miss])
    blocked = any_bit(hit & blocking)
    # hindrances: the hindering features crossed (a feature's parts are consecutive
    # bits: each feature's bits are gathered into its first part's bit, then counted)
    crossed = hit & rules.hinders
    gathered = crossed.copy()
    for d, longer in enumerate(rules.longer, start=1):
        gathered |= shift_down(crossed, d) & longer
    hindrances = popcount(gathered & rules.first)
    # woods: per wood crossed, its inside length
    s, k = bit_pairs(hit & rules.woods, rules.woods)
    if len(s):
        f = feat[k]
        first = np.ones(len(s), dtype=bool)
        first[1:] = (s[1:] != s[:-1]) | (f[1:] != f[:-1])
        ws, wf = s[first], f[first]
        # the woods crossed are those measured inside for more than EPS (the others have
        # no effect): every one of them the exact tests find, as line by line
        deep, shallow = woods_effects(idx, px, py, qx, qy, ws, wf, m, False)
        blocked[ws[deep]] = True
        hindrances += np.bincount(ws[shallow], minlength=m)
    # cover from line features crossed near the point
    hard, soft = rules.hard, rules.soft
    cs, cf = _cover_only_hits(idx, near, psi, pair, pts, px, py, qx, qy)
    c_hard, c_soft = idx.cover[cf] == 2, idx.cover[cf] == 1

    def cover_of(points: np.ndarray, by_near: np.ndarray) -> np.ndarray:
        by = hit & by_near
        best = any_bit(by & soft).astype(np.int8)
        best[any_bit(by & hard)] = 2
        if len(cs):
            close_to = near[points[cs], cf]
            best[cs[close_to & c_soft]] = np.maximum(best[cs[close_to & c_soft]], 1)
            best[cs[close_to & c_hard]] = 2
        return np.maximum(area_cover[points], best)

    return ~blocked, cover_of(jj, close_j), cover_of(ii, close_i), hindrances.astype(np.int16)
