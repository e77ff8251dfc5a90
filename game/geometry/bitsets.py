"""Bit sets of footprint parts, one per sight line, held column-wise.

A batch of bit sets is a (words, rows) uint64 array: part k of row r is bit k % 64 of
``bits[k // 64, r]``. Word-major rows keep every operation on a batch a few long
vector operations (a typical table needs only a handful of words).
"""

from __future__ import annotations

import numpy as np

_ONE = np.uint64(1)


def words_for(parts: int) -> int:
    """How many 64-bit words hold a bit per part."""
    return (parts + 63) // 64


def pack(mask: np.ndarray, words: int) -> np.ndarray:
    """(rows, parts) bool to (words, rows) bit sets."""
    rows = len(mask)
    out = np.zeros((rows, 8 * words), dtype=np.uint8)
    packed = np.packbits(mask, axis=1, bitorder="little")
    out[:, :packed.shape[1]] = packed
    return np.ascontiguousarray(out.view("<u8").astype(np.uint64, copy=False).T)


def flags(mask: np.ndarray, words: int) -> np.ndarray:
    """(parts,) bool to a (words, 1) bit set (to combine with a batch)."""
    return pack(mask[None, :], words)


def any_bit(bits: np.ndarray) -> np.ndarray:
    """Per row: is any bit set?"""
    return np.bitwise_or.reduce(bits, axis=0) != 0


def popcount(bits: np.ndarray) -> np.ndarray:
    """Per row: how many bits are set."""
    if hasattr(np, "bitwise_count"):  # numpy >= 2
        return np.bitwise_count(bits).sum(axis=0, dtype=np.intp)
    table = np.array([bin(v).count("1") for v in range(256)], dtype=np.intp)
    return table[np.ascontiguousarray(bits.T).view(np.uint8)].sum(axis=1)


def shift_down(bits: np.ndarray, d: int) -> np.ndarray:
    """Each row's bits moved down by d (bit k + d becomes bit k)."""
    q, r = divmod(d, 64)
    W = len(bits)
    out = np.zeros_like(bits)
    if q < W:
        out[:W - q] = bits[q:] >> np.uint64(r)
        if r:
            out[:W - q - 1] |= bits[q + 1:] << np.uint64(64 - r)
    return out


def has_bit(bits: np.ndarray, row: np.ndarray, part: np.ndarray) -> np.ndarray:
    """bool per k: is bit part[k] of row row[k] set?"""
    word = bits[part >> 6, row]
    return (word >> (part & 63).astype(np.uint64)) & _ONE == _ONE


def clear_bits(bits: np.ndarray, row: np.ndarray, part: np.ndarray) -> None:
    """Clear bit part[k] of row row[k] for every k, in place."""
    np.bitwise_and.at(bits, (part >> 6, row), ~(_ONE << (part & 63).astype(np.uint64)))


def bit_pairs(bits: np.ndarray, within: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(row, part) of every bit set, sorted by row then part; only in the words where
    the bit set ``within`` has bits, if given."""
    words = np.arange(len(bits)) if within is None else np.flatnonzero(within.ravel())
    b = np.ascontiguousarray(bits[words].T).astype("<u8", copy=False).view(np.uint8)
    nb = b.shape[1]
    b = b.ravel()
    at = np.flatnonzero(b)
    one = np.flatnonzero(np.unpackbits(b[at], bitorder="little"))
    byte = at[one >> 3]
    col = byte % nb
    return byte // nb, words[col >> 3] * 64 + (col & 7) * 8 + (one & 7)
