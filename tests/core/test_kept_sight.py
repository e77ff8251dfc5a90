"""The sight matrix of the figures on the table is kept (game/rulesets/sight.py): the last
one, brought up to date for the figures that moved, and a few before it, read again when
every figure stands where it stood then (a command resolved again and again for its odds,
each time from the same state, comes to the same few outcomes)."""

import numpy as np

import game.rulesets.sight as sight
from game.geometry.los import los_matrix

from ..rulesets.helpers import make_game, small_map, unit


def test_a_matrix_of_a_few_moves_ago_is_read_again_not_worked_out(monkeypatch):
    a = [unit("a1", [("rifleman", 10 + 2 * i, 30) for i in range(4)])]
    b = [unit("b1", [("rifleman", 10 + 2 * i, 10) for i in range(4)])]
    game = make_game(small_map(a, b))
    rules, figs = game.rules, list(game.state.figures.values())
    worked: list[str] = []
    for name in ("los_matrix", "los_matrix_update"):
        real = getattr(sight, name)
        monkeypatch.setattr(sight, name, lambda *args, _real=real, _name=name: worked.append(_name) or _real(*args))
    first = rules.kept_sight(game, figs)
    mover = game.state.figures["a1.1"]
    start = mover.pos
    seen = []
    for k in range(1, sight.RECENT_MATRICES):  # the mover stands somewhere new each time
        mover.x, mover.y = start[0] + 7.0 * k, start[1]
        seen.append(rules.kept_sight(game, figs))
    assert worked == ["los_matrix"] + ["los_matrix_update"] * (sight.RECENT_MATRICES - 1)
    mover.x, mover.y = start
    assert rules.kept_sight(game, figs) is first and len(worked) == sight.RECENT_MATRICES  # read again
    mover.x, mover.y = start[0] + 7.0, start[1]
    assert rules.kept_sight(game, figs) is seen[0]
    # what is read again is what working it out gives
    assert np.array_equal(seen[0].matrix.visible, los_matrix(game.table, np.array([f.pos for f in figs])).visible)
    mover.x, mover.y = start[0] + 7.0 * sight.RECENT_MATRICES, start[1]
    rules.kept_sight(game, figs)  # one more than the store holds: it starts again
    mover.x, mover.y = start
    rules.kept_sight(game, figs)
    assert worked[-1] == "los_matrix_update" and len(worked) == sight.RECENT_MATRICES + 2
