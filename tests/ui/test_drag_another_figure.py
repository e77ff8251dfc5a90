"""With one figure's move tool armed, pressing on another of the side's figures and dragging
moves that one (found playing the ambush in the window: it only selected it); a plain click
on it still only selects it."""

from game.session import Session
from game.ui.handlers import MoveFigureHandler
from game.ui.play import PlayScene
from tests.rulesets.w135 import table_game

IN = 25.4


def test_dragging_another_figure_moves_it_and_clicking_only_selects(app, drive):
    game = table_game([("us_rifleman", 30, 20), ("us_rifleman", 34, 20)], [("de_rifleman", 30, 50)])
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    drive.frame()
    at = lambda fid: scene.camera.to_screen(game.state.figures[fid].pos)  # noqa: E731
    drive.click(at("a1.1"))
    assert isinstance(scene.top(), MoveFigureHandler) and scene.top().figure_id == "a1.1"
    before = game.state.figures["a1.2"].pos
    drive.click(at("a1.2"))  # a click: selected, not moved
    assert scene.selected_figure == "a1.2" and game.state.figures["a1.2"].pos == before
    drive.click(at("a1.1"))  # back to the first: its tool armed again
    start = at("a1.2")
    drive.drag(start, (start[0], start[1] + round(scene.camera.length(2 * IN))))
    assert game.state.figures["a1.2"].pos != before and game.state.figures["a1.1"].pos == (30 * IN, 20 * IN)
