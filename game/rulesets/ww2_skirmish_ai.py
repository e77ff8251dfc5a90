"""How the solo AI plays WW2 Skirmish (mixed into :class:`game.rulesets.ww2_skirmish.Ww2Skirmish`).

Work in progress: the orders are not yet carried out as WW2 Skirmish commands.
"""

from __future__ import annotations


class Ww2AI:
    pass
