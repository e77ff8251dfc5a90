import copy
from pathlib import Path

import pytest

from game.catalog import load_map
from game.editor.model import EditorDoc

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.yaml"))


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_open_and_save_unchanged_is_identical(path, tmp_path):
    doc = EditorDoc.open(path)
    out = doc.save(tmp_path / path.name)
    assert out.read_text() == path.read_text()


def test_new_map_presets_and_a_playable_result(tmp_path):
    doc = EditorDoc.new("great-war-54mm", "10 x 4 ft with artillery grid")
    assert doc.data["table"] == {"width": 120.0, "height": 48.0, "grid": True}
    assert doc.add_terrain({"type": "wood", "polygon": [[10, 10], [20, 10], [20, 18], [10, 18]]}) is None
    err, u1 = doc.add_unit("side1", "sergeant", (30, 44), name="Alpha")
    assert err is None
    assert doc.add_figure(u1, "rifleman", (31.5, 44)) is None
    err, u2 = doc.add_unit("side2", "rifleman", (30, 4), name="Bravo")
    assert err is None
    assert doc.add_objective((60, 24), "the crossroads") is None
    assert doc.add_condition("hold", "side1", when="end", objectives=["obj1"]) is None
    path = doc.save(tmp_path / "mine.yaml")
    lm = load_map(path)
    assert lm.model.sides[0].units[0].name == "Alpha" and len(lm.model.sides[0].units[0].figures) == 2


def test_undo_and_redo_restore_exactly():
    doc = EditorDoc.open(MAPS[0])
    original = copy.deepcopy(doc.data)
    doc.move_terrain(0, 3, -2)
    doc.rotate_terrain(1, 30)
    doc.scale_terrain(2, 1.25)
    doc.duplicate_terrain(3)
    doc.delete_terrain(4)
    after = copy.deepcopy(doc.data)
    for _ in range(5):
        assert doc.undo()
    assert doc.data == original
    assert doc.undo() is None
    for _ in range(5):
        assert doc.redo()
    assert doc.data == after


def test_invalid_edits_are_refused_with_a_message():
    doc = EditorDoc.new("great-war-54mm")
    doc.add_terrain({"type": "building", "polygon": [[10, 10], [20, 10], [20, 20], [10, 20]]})
    before = copy.deepcopy(doc.data)
    err = doc.set_vertex(0, 1, (10, 20))  # the outline now crosses itself
    assert err and "self-intersecting" in err
    assert doc.data == before
    err, _ = doc.add_unit("side1", "rifleman", (80, 10))  # off a 72" table
    assert err and "off the table" in err
    err = doc.add_terrain({"type": "lava", "circle": {"center": [5, 5], "radius": 2}})
    assert err and "unknown terrain type" in err
    assert doc.data == before


def test_vertex_editing_turns_a_rectangle_into_a_polygon():
    doc = EditorDoc.new("great-war-54mm")
    doc.add_terrain({"type": "building", "rect": {"x": 10, "y": 10, "w": 6, "h": 4, "angle": 0}})
    assert doc.insert_vertex(0, 1, (13, 8)) is None
    t = doc.data["terrain"][0]
    assert t["rect"] is None and t["polygon"][:2] == [[10, 10], [13, 8]]
    assert doc.remove_vertex(0, 1) is None and len(doc.data["terrain"][0]["polygon"]) == 4


def test_broken_file_opens_with_a_clear_error(tmp_path):
    from game.data.errors import DataError

    p = tmp_path / "broken.yaml"
    p.write_text(MAPS[0].read_text().replace("kind: map", "kind: map\nbogus: 1"))
    with pytest.raises(DataError) as e:
        EditorDoc.open(p)
    assert "bogus" in e.value.one_line() and str(p) in e.value.one_line()
