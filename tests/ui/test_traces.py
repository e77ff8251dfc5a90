"""What the other side just did stays on the table (issue 21): a trail where a figure
moved, a line from a firer to its target, a cross where a figure fell; only for the
viewer who may see them, gone with an undo and when the side's next turn begins."""

from game.core.commands import END_PHASE, Command
from tests.rulesets.helpers import force
from tests.rulesets.w135 import table_game
from tests.ui.scene_kit import IN, scene_of


def kinds(scene, viewer):
    return sorted(t.kind for t in scene.traces.shown(viewer, scene.game.view(viewer)))


def test_the_other_sides_move_shot_and_casualty_are_shown_to_the_next_player(app):
    game = table_game([("us_rifleman", 30, 20), ("us_rifleman", 40, 20)], [("de_rifleman", 30, 40)])
    scene = scene_of(app, game)
    assert scene.submit(Command("move", "a", figure="a1.2", path=((40 * IN, 23 * IN),))).ok
    force(game, 3, 4, *[3] * 10)  # 20" in the open, un-aimed: 2d6 7 hits, no save: killed (then any tests it causes)
    assert scene.submit(Command("fire", "a", figure="a1.1", target="b1.1", choice="unaimed")).ok
    assert not game.state.figures["b1.1"].alive
    assert kinds(scene, "a") == ["fell"]  # its own moves and shots a side made itself
    assert kinds(scene, "b") == ["fell", "move", "shot"]
    move = next(t for t in scene.traces.items if t.kind == "move")
    assert move.points == [(40 * IN, 20 * IN), (40 * IN, 23 * IN)]
    app.frame(0.02)  # drawn without fault
    assert scene.submit(Command(END_PHASE, "a")).ok and game.state.active_side == "b"
    assert kinds(scene, "b") == ["fell", "move", "shot"]  # they stay through the other side's turn


def test_an_undo_takes_its_trail_back_and_a_hidden_man_leaves_none(app):
    wall = {"type": "wall", "height": 3, "line": [[40, 45], [60, 45]], "width": 0.5}  # higher than a man: it blocks sight
    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40), ("de_rifleman", 50, 50)], [wall],
                      settings={"hidden_deployment": ["b"]})
    scene = scene_of(app, game)
    assert scene.submit(Command("move", "a", figure="a1.1", path=((30 * IN, 22 * IN),))).ok
    assert kinds(scene, "b") == ["move"]
    scene.undo()
    assert kinds(scene, "b") == []
    assert scene.submit(Command(END_PHASE, "a")).ok
    assert scene.submit(Command("move", "b", figure="b1.2", path=((52 * IN, 50 * IN),))).ok  # behind the wall, unseen
    assert "b1.2" not in game.view("a").figures
    assert any(t.kind == "move" for t in scene.traces.items) and kinds(scene, "a") == []
