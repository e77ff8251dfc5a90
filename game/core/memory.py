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
"""

from __future__ import annotations

import gc

#: collections of the middle generation between scans of the old one (Python's default: 10)
OLD_EVERY = 100


def tune() -> None:
    """Space the old generation's scans :data:`OLD_EVERY` middle collections apart."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, OLD_EVERY)
