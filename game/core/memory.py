"""When Python's cycle collector scans the objects a game keeps.

The rules keep what they have worked out across commands (``Game.keep``: sight lines and
their crossings by the ten thousand, cleared when a store is full), and a game makes few
reference cycles while it is played: the cycles are whole games, set aside when another
starts. Python's default schedule scans every long-lived object each time the middle
generation has been collected ten times and the old one has grown by a quarter: in four
30-figure 1/35th games that was eight scans, 1.0 to 1.3 s of CPU time of about 11 (a tenth
of the AI's time), which freed nothing but the games already over. :func:`tune` spaces those
scans ten times wider. Reference counting frees everything else as before; a game set
aside is freed by a later scan (the four games' peak memory went from 88 to 127 MB).

It also keeps the C heap's freed memory for the next allocation (:func:`keep_heap`): the
sight lines are worked out in numpy arrays of a few hundred kilobytes, made and dropped
many times a command, and glibc's defaults hand each one to the system and fault it in
again (an array over 128 kB is mapped afresh each time, and the heap's top is returned
past 128 kB free, 629 page faults a matrix): the bench's 100-figure sight matrix took about
10.5 ms on a quiet machine, 7.5 ms with the heap kept.
"""

from __future__ import annotations

import ctypes
import gc
import sys

#: collections of the middle generation between scans of the old one (Python's default: 10)
OLD_EVERY = 100


#: glibc's mallopt parameters (malloc.h) and the values set: blocks up to MMAP_BELOW bytes
#: come from the heap, and up to TRIM_ABOVE bytes free at its top stay with the process
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
MMAP_BELOW = 4 << 20
TRIM_ABOVE = 32 << 20


def tune() -> None:
    """Space the old generation's scans :data:`OLD_EVERY` middle collections apart, and
    keep the heap (:func:`keep_heap`)."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, OLD_EVERY)
    keep_heap()


def keep_heap() -> bool:
    """Where the C library is glibc: serve blocks up to :data:`MMAP_BELOW` from the heap
    and keep up to :data:`TRIM_ABOVE` of it free for reuse instead of returning it to the
    system. Elsewhere (macOS, Windows, musl) nothing is changed. True when both were set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # no C library by that name, or not glibc's
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return mallopt(M_TRIM_THRESHOLD, TRIM_ABOVE) == 1 and mallopt(M_MMAP_THRESHOLD, MMAP_BELOW) == 1
