"""The map editor driven by posted mouse and keyboard events."""

from pathlib import Path

import pygame

from game.catalog import load_map
from game.editor.model import EditorDoc
from game.paths import user_maps_dir
from game.ui.editor import EditorScene
from game.ui.menu import MainMenu, NewGameScene
from game.ui.play import PlayScene

ROOT = Path(__file__).resolve().parents[2]


def blank(app):
    scene = EditorScene(app, None, EditorDoc.new("great-war-54mm"))
    app.switch(scene)
    app.frame(0.02)  # the panel's buttons exist once it has been drawn
    return scene


def test_draw_every_shape_with_the_mouse(app, drive):
    scene = blank(app)
    drive.frame()
    # polygon: click vertices, Enter finishes
    drive.key(pygame.K_p)
    for p in [(10, 10), (20, 10), (20, 16), (10, 16)]:
        drive.click(scene.screen(p))
    drive.key(pygame.K_RETURN)
    t = scene.doc.data["terrain"][-1]
    assert t["type"] == "wood" and t["polygon"] == [[10, 10], [20, 10], [20, 16], [10, 16]]
    # rectangle: choose building, drag corner to corner
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Building"))
    drive.key(pygame.K_b)
    drive.drag(scene.screen((30, 20)), scene.screen((36, 24)))
    t = scene.doc.data["terrain"][-1]
    assert t["type"] == "building" and t["rect"] == {"x": 30, "y": 20, "w": 6, "h": 4, "angle": 0.0}
    # circle: crater, drag centre to rim
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Shell crater"))
    drive.key(pygame.K_o)
    drive.drag(scene.screen((50, 30)), scene.screen((52, 30)))
    t = scene.doc.data["terrain"][-1]
    assert t["type"] == "crater" and t["circle"] == {"center": [50, 30], "radius": 2}
    # line: a wall, clicked points then Enter
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Wall"))
    drive.key(pygame.K_n)
    for p in [(5, 40), (25, 40), (25, 30)]:
        drive.click(scene.screen(p))
    drive.key(pygame.K_RETURN)
    t = scene.doc.data["terrain"][-1]
    assert t["type"] == "wall" and t["line"] == [[5, 40], [25, 40], [25, 30]]
    assert len(scene.doc.data["terrain"]) == 4


def wood_drawn(app, drive):
    """A blank map with a wood drawn as a polygon (10, 10)-(20, 16), the select tool armed."""
    scene = blank(app)
    drive.key(pygame.K_p)
    for p in [(10, 10), (20, 10), (20, 16), (10, 16)]:
        drive.click(scene.screen(p))
    drive.key(pygame.K_RETURN)
    drive.key(pygame.K_v)
    return scene


def test_select_move_vertex_undo_redo_and_refusal(app, drive):
    scene = wood_drawn(app, drive)
    drive.drag(scene.screen((15, 13)), scene.screen((18, 14)))  # move it by (3, 1)
    assert scene.doc.data["terrain"][0]["polygon"][0] == [13, 11]
    drive.drag(scene.screen((23, 11)), scene.screen((25, 8)))  # drag a vertex handle
    assert scene.doc.data["terrain"][0]["polygon"][1] == [25, 8]
    before = [list(p) for p in scene.doc.data["terrain"][0]["polygon"]]
    # dragging a vertex across the outline makes it cross itself: refused with a message
    drive.drag(scene.screen((25, 8)), scene.screen((13, 20)))
    assert scene.doc.data["terrain"][0]["polygon"] == before
    assert any("self-intersecting" in m for m, _ in app.messages)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.doc.data["terrain"][0]["polygon"][0] == [10, 10]
    drive.key(pygame.K_y, mod=pygame.KMOD_CTRL)
    assert scene.doc.data["terrain"][0]["polygon"][0] == [13, 11]
    drive.key(pygame.K_DELETE)
    assert scene.doc.data["terrain"] == []


def test_build_a_scenario_save_it_and_play_it_from_the_menu(app, drive, home):
    scene = blank(app)
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Forces"))
    drive.frame()
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label.startswith("Sergeant")))
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "New unit here"))
    drive.click(scene.screen((30, 44)))
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label.startswith("Rifleman")))
    drive.click(scene.screen((32, 44)))
    drive.click(scene.screen((34, 44)))
    drive.key(pygame.K_ESCAPE)
    units = scene.doc.data["sides"][0]["units"]
    assert len(units) == 1 and [f["type"] for f in units[0]["figures"]] == ["sergeant", "rifleman", "rifleman"]
    # a figure off the table is refused
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Add to unit"))
    drive.click(scene.screen((30, 49.5)))
    assert len(scene.doc.data["sides"][0]["units"][0]["figures"]) == 3
    drive.key(pygame.K_ESCAPE)
    # the other side
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label.startswith("Second side")))
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "New unit here"))
    drive.click(scene.screen((30, 4)))
    drive.key(pygame.K_ESCAPE)
    # an objective and a victory condition
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Scenario"))
    drive.frame()
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Objective"))
    drive.click(scene.screen((36, 24)))
    drive.key(pygame.K_ESCAPE)
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "+ Hold"))
    assert scene.doc.data["victory"]["conditions"][0]["type"] == "hold"
    # name it and save it to the player's maps
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Map"))
    drive.frame()
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Rename map"))
    for _ in range(12):
        drive.key(pygame.K_BACKSPACE)
    drive.type("Hill 60")
    drive.key(pygame.K_RETURN)
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Save to my maps"))
    drive.key(pygame.K_RETURN)
    saved = user_maps_dir() / "hill-60.yaml"
    assert saved.exists()
    assert load_map(saved).model.name == "Hill 60"
    assert saved.read_text() == EditorDoc.open(saved).text()
    # play it from the menu
    app.switch(MainMenu(app))
    drive.click(app.scene.buttons["New game"].rect.center)
    assert isinstance(app.scene, NewGameScene)
    names = [lm.model.name for lm in app.scene.maps]
    assert "Hill 60" in names
    app.scene.map_index = names.index("Hill 60")
    app.scene._side_widgets()
    drive.click(app.scene.start_btn.rect.center)
    assert isinstance(app.scene, PlayScene)
    assert app.scene.game.state.scenario == "Hill 60"


def test_editor_opens_every_shipped_map_and_the_sight_tool_works(app, drive):
    for p in sorted((ROOT / "maps").glob("*.yaml")):
        scene = EditorScene(app, p)
        app.switch(scene)
        drive.frame()
        assert scene.doc.text() == p.read_text()
    drive.key(pygame.K_l)
    drive.drag(scene.screen((10, 10)), scene.screen((40, 30)))
    lines = scene.top().info(scene)
    assert lines and lines[0].split(":")[0] in ("Clear line of sight", "Visible, with cover or hindrance", "Blocked")


def test_a_long_troop_palette_comes_in_pages_and_every_button_is_on_screen(app, drive):
    """WW2 Skirmish has some fifty troop types: the Forces page shows a page of them at a
    time, and "New unit here" stays reachable."""
    scene = EditorScene(app, None, EditorDoc.new("ww2-skirmish"))
    app.switch(scene)
    app.frame(0.02)
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Forces"))
    drive.frame()
    screen = app.screen.get_rect()
    assert all(screen.contains(b.rect) for b in scene.panel.buttons)
    names = {tt.name for tt in scene.rules.data.troop_types.values()}
    seen = set()
    for _ in range(10):
        seen |= {n for n in names if any(b.label.startswith(n[:18]) for b in scene.panel.buttons)}
        drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == ">"))
        drive.frame()
        assert all(screen.contains(b.rect) for b in scene.panel.buttons)
    assert seen >= names  # every troop type is on some page
    last = list(scene.rules.data.troop_types)[-1]
    while scene.troop != last:
        button = next((b for b in scene.panel.buttons if b.label.startswith(scene.rules.data.troop_types[last].name[:18])), None)
        if button is None:
            drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == ">"))
            drive.frame()
            continue
        drive.click(button.rect.center)
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "New unit here"))
    drive.click(scene.screen((20, 20)))
    drive.key(pygame.K_ESCAPE)
    units = scene.doc.data["sides"][0]["units"]
    assert units and units[-1]["figures"][0]["type"] == last


def test_a_portal_marker_placed_in_the_open_is_warned_about(app):
    """The solo rules place portal markers "on corners, in cover": the editor keeps the
    marker (a warning, not a refusal) and says so."""
    scene = blank(app)
    scene.place("portal", (30, 10))
    assert len(scene.doc.data["portals"]) == 1
    assert any(t.startswith("Warning: portals[0]") and "not in cover" in t for t, _ in app.messages)


def shipped_map_page(app, drive, tmp_path, name: str, page: str) -> EditorScene:
    """The editor on a copy of the shipped map ``name``, its panel on ``page``."""
    path = tmp_path / f"{name}.yaml"
    path.write_text((ROOT / "maps" / f"{name}.yaml").read_text())
    scene = EditorScene(app, path)
    app.switch(scene)
    app.frame(0.02)
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == page))
    drive.frame()
    return scene


def test_checking_a_map_notes_the_figures_its_portal_markers_never_bring_on(app, drive, tmp_path):
    """La Haie: the map is valid; the check says which of the garrison's figures no force
    result can bring on when it is played from its markers (a note, not a warning)."""
    scene = shipped_map_page(app, drive, tmp_path, "ww2-bocage-bunkers", "Map")
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Check the map"))
    said = [t for t, _ in app.messages if t.startswith("The map is valid.")]
    assert said and "Note: Grenadier-Regiment 916 (strongpoint), played from its portal markers: 4 of its 23 figures never come on" in said[-1]


def test_the_goodbyeeee_force_builder_prices_upgrades_and_places_the_ready_platoon(app, drive, tmp_path):
    """Select a figure: its upgrades are toggles and its points change; the rules' ready
    force goes down in one click (one edit, one undo); the advice speaks to the points."""
    scene = shipped_map_page(app, drive, tmp_path, "goodbyeeee-bombing-party", "Forces")

    def total() -> int:
        return sum(scene.rules.editor.figure_points(f["type"], f.get("equipment") or [])
                   for u in scene.doc.data["sides"][0]["units"] for f in u["figures"])

    assert total() == 400
    first = scene.doc.data["sides"][0]["units"][1]["figures"][1]  # a bomber of the Bomb Section
    drive.click(scene.screen(tuple(first["at"])))
    drive.frame()
    assert scene.selected == ("figure", "b1", 1)
    armour = next(b for b in scene.panel.buttons if b.label.startswith("Body armour"))
    drive.click(armour.rect.center)
    drive.frame()
    assert first is not scene.doc.data["sides"][0]["units"][1]["figures"][1]  # (the edit made a new document)
    assert scene.doc.data["sides"][0]["units"][1]["figures"][1]["equipment"] == ["bomber", "body_armour"]
    assert total() == 410
    assert any(b.label.startswith("Body armour") and b.active for b in scene.panel.buttons)
    drive.click(next(b for b in scene.panel.buttons if b.label.startswith("Body armour")).rect.center)
    drive.frame()
    assert scene.doc.data["sides"][0]["units"][1]["figures"][1]["equipment"] == [] and total() == 400
    drive.click(next(b for b in scene.panel.buttons if b.label.startswith("+ Speculative British Platoon")).rect.center)
    drive.click(scene.screen((60, 95)))
    drive.frame()
    units = scene.doc.data["sides"][0]["units"]
    assert [u["name"] for u in units[-5:]] == ["Rifle Section", "Bomb Section", "LMG Section", "Rifle Grenade Section", "Command Section"]
    assert total() == 1200
    assert scene.doc.undo() == "add ready force" and total() == 400


def test_a_third_side_is_added_seated_in_a_team_and_removed_where_the_ruleset_takes_it(app, drive):
    """GOODBYEEEEEE!!! is for two to four players: '+ Side' adds a side at a free edge in a
    free colour, 'Team' seats it, the map plays with three sides; 'Remove side' takes it and
    all that is its own away. A two-player ruleset refuses the third side and says why."""
    from game.catalog import load_map_doc, new_game
    from game.data.yamlio import Doc

    scene = EditorScene(app, None, EditorDoc.new("goodbyeeee", "120 x 80 cm"))
    app.switch(scene)
    app.frame(0.02)

    def press(label: str) -> None:
        drive.click(next(b.rect.center for b in scene.panel.buttons if b.label.startswith(label)))
        drive.frame()

    press("Scenario")
    press("+ Side")
    sides = scene.doc.data["sides"]
    assert [s["id"] for s in sides] == ["side1", "side2", "side3"] and scene.side_id == "side3"
    assert sides[2]["home_edge"] == "east" and sides[2]["colour"] not in (sides[0]["colour"], sides[1]["colour"])
    press("Team: none")
    press("Team: Team 1")
    assert scene.doc.data["sides"][2]["team"] == "Team 2"  # each edit is a new copy of the map (undo keeps the old)
    drive.click(scene.screen((60, 40)))  # nothing placed with no tool: the doc is unchanged
    scene.doc.add_portal("side3", (100, 40))
    scene.doc.add_condition("break", "side3")
    scene.doc.add_unit("side1", "private", (20, 70))
    scene.doc.add_unit("side2", "private", (20, 10))
    scene.doc.add_unit("side3", "private", (110, 40))
    game = new_game(load_map_doc(Doc("three.yaml", scene.doc.data)), seed=1)
    assert sorted(game.state.side_order) == ["side1", "side2", "side3"]  # (the initiative roll says who goes first)
    assert game.state.allied("side3", "side3") is False and game.state.hostile("side1", "side3")
    press("Remove side")
    d = scene.doc.data
    assert [s["id"] for s in d["sides"]] == ["side1", "side2"] and scene.side_id == "side1"
    assert not d["portals"] and not d["victory"]["conditions"]
    # two players only: refused, nothing changed
    gw = blank(app)
    gw_press = [b for b in gw.panel.buttons if b.label == "Scenario"]
    drive.click(gw_press[0].rect.center)
    drive.frame()
    drive.click(next(b.rect.center for b in gw.panel.buttons if b.label == "+ Side"))
    assert len(gw.doc.data["sides"]) == 2 and "refused" in gw.doc.last_error


def test_refusals_speak_words_and_the_panel_buttons_stay_put_as_the_hint_changes(app, drive):
    scene = wood_drawn(app, drive)
    drive.click(scene.screen((15, 13)))
    drive.frame()
    where = {b.label: b.rect.topleft for b in scene.panel.buttons}
    drive.drag(scene.screen((20, 10)), scene.screen((10, 20)))  # the outline would cross itself
    said = [m for m, _ in app.messages][-1]
    assert "crosses itself" in said and "near (" in said and "terrain[" not in said and "Self-intersection[" not in said
    for key in (pygame.K_p, pygame.K_n, pygame.K_m, pygame.K_v):  # tools whose hints differ in length
        drive.key(key)
        drive.frame()
        assert {b.label: b.rect.topleft for b in scene.panel.buttons if b.label in where} == where
        drive.key(pygame.K_ESCAPE)


def test_a_selected_marker_shows_its_kind_and_a_click_makes_it_the_next_kind(app, drive, tmp_path):
    """On the Scenario page a marker clicked on the table shows its kind; the Kind button
    steps it through portal marker, one-time portal, dummy and the sniper, artillery and
    mine counters, and the table shows each by its letter."""
    scene = shipped_map_page(app, drive, tmp_path, "ww2-bocage-bunkers", "Scenario")
    k, p = next((k, p) for k, p in enumerate(scene.doc.data["portals"]) if p.get("counter") == "artillery")
    drive.click(scene.screen(p["at"]))
    drive.frame()
    assert scene.selected == ("portal", k)
    kinds = []
    for _ in range(6):
        kind = next(b for b in scene.panel.buttons if b.label.startswith("Kind: "))
        kinds.append(kind.label.removeprefix("Kind: "))
        drive.click(kind.rect.center)
        drive.frame()
    assert kinds == ["artillery counter", "mine counter", "portal marker", "one-time portal", "dummy marker", "sniper counter"]
    assert scene.doc.data["portals"][k]["counter"] == "artillery" and scene.selected == ("portal", k)
    for _ in range(3):  # mine, portal, one-time portal
        drive.click(next(b for b in scene.panel.buttons if b.label.startswith("Kind: ")).rect.center)
        drive.frame()
    assert scene.doc.data["portals"][k] == {**p, "counter": None, "dummy": False, "once": True}
