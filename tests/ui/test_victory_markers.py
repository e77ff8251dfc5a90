"""The end of game screen counts a portal side's markers eliminated (issue 18: it said only
"0 of 41 figures out of action" when markers had been swept away)."""

import pygame

from game.session import Session
from game.solo import portals
from game.ui import victory
from game.ui.victory import VictoryScene
from tests.rulesets.helpers import make_game, small_map, unit


def test_the_end_screen_names_the_markers_eliminated(app, monkeypatch):
    doc = small_map([unit("w", [("rifleman", 24, 44)])], [unit("g1", [("sergeant", 3, 2), ("rifleman", 4, 2)])])
    doc["portals"] = [{"side": "b", "at": [8, 12]}, {"side": "b", "at": [20, 12], "dummy": True}]
    game = make_game(doc, options={"solo_side": "b"})
    portals.fall_back(game.rules, game, game.state.markers["b-m1"], "a test", game.state.figures["w.1"])
    shown = []
    real = victory.text

    def spy(surf, s, *a, **k):
        shown.append(s)
        return real(surf, s, *a, **k)

    monkeypatch.setattr(victory, "text", spy)
    scene = VictoryScene(app, Session(game, {"a": "human", "b": "ai"}, autosaves=False))
    scene.draw(pygame.Surface(app.size))
    assert "1 of 2 portal markers eliminated (1 portals, 0 dummies), 1 left on the table" in shown
    assert any(s.startswith("Side B: 0 of 2 figures out of action") for s in shown)
