"""The map editor's doors, windows and heights (what the 1/35 rules read from a map),
driven by posted mouse events; and buildings carrying their openings when edited."""

from pathlib import Path

import pygame

from game.catalog import load_map
from game.editor.model import EditorDoc
from game.ui.editor import EditorScene

ROOT = Path(__file__).resolve().parents[2]
H2H = ROOT / "maps" / "ww2-135-house-to-house.yaml"
BARN = 1  # the barn's index in the map's terrain: polygon (30, 8) - (38, 15)
YARD_WALL = 4


def button(scene, label):
    return next(b for b in scene.panel.buttons if b.label == label)


def open_h2h(app, drive):
    scene = EditorScene(app, H2H)
    app.switch(scene)
    drive.frame()
    return scene


def select(scene, drive, p):
    drive.key(pygame.K_v)
    drive.click(scene.screen(p))
    drive.frame()


def test_doors_and_windows_added_on_the_wall_locked_widened_and_removed(app, drive):
    scene = open_h2h(app, drive)
    select(scene, drive, (34, 11))
    assert scene.selected == ("terrain", BARN)
    barn = lambda: scene.doc.data["terrain"][BARN]  # noqa: E731
    before = len(barn()["openings"])
    drive.click(button(scene, "+ Door").rect.center)
    drive.click(scene.screen((37.6, 9.0)))  # inside, near the east wall: the door goes on the wall
    assert barn()["openings"][-1] == {"kind": "door", "at": [38.0, 9.0], "width": 1.0, "locked": False}
    drive.key(pygame.K_ESCAPE)
    drive.frame()
    k = len(barn()["openings"])
    rows = [b for b in scene.panel.buttons if b.label in ("locked", "unlocked")]
    drive.click(rows[-1].rect.center)  # the new door's lock
    assert barn()["openings"][-1]["locked"] is True
    plus = [b for b in scene.panel.buttons if b.label == "+"]
    drive.click(plus[-1].rect.center)
    assert barn()["openings"][-1]["width"] == 1.5
    drive.click(button(scene, "+ Window").rect.center)
    drive.click(scene.screen((33.0, 7.2)))  # outside the north wall
    assert barn()["openings"][-1] == {"kind": "window", "at": [33.0, 8.0], "width": 1.0, "locked": False}
    drive.key(pygame.K_ESCAPE)
    drive.frame()
    assert len(barn()["openings"]) == before + 2
    removes = [b for b in scene.panel.buttons if b.label == "x"]
    drive.click(removes[k - 1].rect.center)  # the door added first
    assert len(barn()["openings"]) == before + 1 and barn()["openings"][-1]["kind"] == "window"


def test_a_building_carries_its_doors_and_windows_when_moved_turned_or_a_corner_dragged(app, drive):
    scene = open_h2h(app, drive)
    select(scene, drive, (34, 11))
    was = [list(o["at"]) for o in scene.doc.data["terrain"][BARN]["openings"]]
    drive.drag(scene.screen((34, 11)), scene.screen((35, 13)))
    moved = [o["at"] for o in scene.doc.data["terrain"][BARN]["openings"]]
    assert moved == [[x + 1, y + 2] for x, y in was]
    drive.click(button(scene, "Rot +15").rect.center)
    assert scene.doc.last_error == ""
    # a corner dragged out: the openings stay on the new wall (the map would refuse them off it)
    doc = EditorDoc.open(H2H)
    assert doc.set_vertex(BARN, 1, (40, 6)) is None
    lm_wall = load_map(H2H)  # the map as shipped still loads
    assert lm_wall.model.terrain[BARN].openings
    path = doc.save(app_home_file(scene))
    assert load_map(path).model.terrain[BARN].openings[0].at == tuple(doc.data["terrain"][BARN]["openings"][0]["at"])


def app_home_file(scene) -> Path:
    from game.paths import user_maps_dir

    return user_maps_dir() / "barn-moved.yaml"


def test_a_walls_height_raised_and_given_back_to_the_rules(app, drive):
    scene = open_h2h(app, drive)
    t = lambda: scene.doc.data["terrain"][YARD_WALL]  # noqa: E731  the yard wall, 2.5" high
    select(scene, drive, (26, 12))
    assert scene.selected == ("terrain", YARD_WALL)
    drive.click(button(scene, "Raise").rect.center)
    assert t()["height"] == 2.75
    drive.click(button(scene, "Rules'").rect.center)
    assert t()["height"] is None
    assert not button(scene, "Rules'").enabled  # the rules' 1" wall: nothing to give back
    drive.click(button(scene, "Lower").rect.center)
    assert t()["height"] == 0.75


def test_rules_that_do_not_read_openings_or_heights_offer_neither(app, drive):
    scene = EditorScene(app, None, EditorDoc.new("great-war-54mm"))
    app.switch(scene)
    drive.frame()
    assert scene.doc.add_terrain({"type": "building", "rect": {"x": 10, "y": 10, "w": 6, "h": 4, "angle": 0.0}}) is None
    assert scene.doc.add_terrain({"type": "wall", "line": [[30, 10], [40, 10]]}) is None
    for p, i in (((13, 12), 0), ((35, 10), 1)):
        select(scene, drive, p)
        assert scene.selected == ("terrain", i)
        labels = {b.label for b in scene.panel.buttons}
        assert not labels & {"+ Door", "+ Window", "Rules'"}
