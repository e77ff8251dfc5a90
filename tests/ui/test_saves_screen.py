"""Saves (issue 22): each game keeps its own autosaves of its last three turns besides the
latest (Continue); the Load screen lists them with times to the second and renames or
deletes a save, driven by posted events."""

import pygame

from game.catalog import load_map, new_game
from game.core.commands import END_PHASE, Command
from game.paths import saves_dir
from game.session import AUTOSAVE, KEEP_TURNS, Session, autosaves_dir, list_saves
from game.ui.load_screen import LoadScene


def played_turns(n: int) -> Session:
    game = new_game(load_map("maps/ww2-135-house-to-house.yaml"), 1)
    session = Session(game, {s: "human" for s in game.state.side_order})
    for _ in range(2 * n):
        assert session.submit(Command(END_PHASE, game.acting_side)).ok
    return session


def test_each_game_keeps_its_last_three_turns_and_the_latest(home):
    first = played_turns(5)
    own = sorted(p.name for p in autosaves_dir().glob("*.json"))
    assert len(own) == KEEP_TURNS and own[-1].endswith("turn06.json") and own[0].endswith("turn04.json")
    assert (saves_dir() / AUTOSAVE).exists()
    played_turns(2)  # another game: its own autosaves, the first game's kept
    assert len(list(autosaves_dir().glob("*.json"))) == KEEP_TURNS + 2
    labels = [s.label for s in list_saves()]
    assert any("turn 6" in lab for lab in labels) and all(lab.count(":") >= 2 for lab in labels)  # times to the second
    assert first.meta["game_key"] in own[0]
    # a game continued from its save keeps writing its own autosaves
    from game.session import load_session

    again = load_session(sorted(autosaves_dir().glob(f"{first.meta['game_key']}*.json"))[-1])
    assert again.meta["game_key"] == first.meta["game_key"]


def test_the_load_screen_renames_and_deletes_a_save(app, drive, home):
    played_turns(1)
    scene = LoadScene(app)
    app.switch(scene)
    drive.frame(2)
    before = len(scene.saves)
    target = scene.saves[0]
    drive.click(scene.rows.row_rect(0).center)
    scene.rename()
    drive.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    drive.type("Before the storm")
    drive.key(pygame.K_RETURN)
    assert any(s.name == "Before the storm" for s in scene.saves)
    renamed = next(s for s in scene.saves if s.name == "Before the storm")
    assert renamed.path == target.path
    assert scene.saves[scene.rows.picked].path == renamed.path  # the renamed save still picked
    drive.click(scene.rows.row_rect([s.path for s in scene.saves].index(renamed.path)).center)
    scene.delete()
    drive.key(pygame.K_RETURN)  # not an answer: only Y says yes
    assert renamed.path.exists()
    drive.key(pygame.K_y)
    assert not renamed.path.exists() and len(scene.saves) == before - 1


def test_the_load_screen_shows_the_picked_saves_table_sides_and_turn(app, drive, home):
    open_game = new_game(load_map("maps/open-field-encounter.yaml"), 1)
    Session(open_game, {s: "human" for s in open_game.state.side_order}).save("Le Cateau")
    hidden = new_game(load_map("maps/ww2-village-hauteville.yaml"), 1)  # WW2 hides each side's men from the other
    Session(hidden, {s: "human" for s in hidden.state.side_order}).save("Hauteville")
    scene = app.open("load")
    drive.frame()
    assert isinstance(scene, LoadScene) and scene.preview is None
    by_name = {s.name: s for s in scene.saves}
    assert by_name["Le Cateau"].label.endswith("turn 1  |  British Expeditionary Force v Kaiserliche Armee patrol")  # in the order they play
    for name, shows_figures in (("Le Cateau", True), ("Hauteville", False)):
        drive.click(scene.rows.row_rect(scene.saves.index(by_name[name])).center)
        path, pic, lines = scene.preview
        assert path == by_name[name].path and pic is not None and pic.get_width() <= 340
        assert lines[1].startswith("Turn 1: ")
        assert any("Figures not shown" in line for line in lines) != shows_figures


def test_saves_are_listed_by_the_date_they_show_newest_first(home):
    """A save renamed (written again) or copied (a new file time) keeps its place: the list
    is sorted by the time each row shows, not by the files' times."""
    import json
    import os
    import shutil

    from game.session import rename_save

    game = new_game(load_map("maps/ww2-135-house-to-house.yaml"), 1)
    session = Session(game, {s: "human" for s in game.state.side_order})
    paths = [session.save(f"Save {i}") for i in range(3)]
    for i, p in enumerate(paths):  # made an hour apart, the first the oldest
        doc = json.loads(p.read_text(encoding="utf-8"))
        doc["saved_at"] = f"2026-11-2{i}T10:00:00+00:00"
        p.write_text(json.dumps(doc), encoding="utf-8")
        os.utime(p, (1_700_000_000 + i, 1_700_000_000 + i))
    assert [s.name for s in list_saves()] == ["Save 2", "Save 1", "Save 0"]
    rename_save(paths[0], "Oldest, renamed")  # the newest file now
    shutil.copy(paths[1], saves_dir() / "copied.json")
    os.utime(saves_dir() / "copied.json", (1_600_000_000, 1_600_000_000))  # an old file time
    assert [s.name for s in list_saves()] == ["Save 2", "Save 1", "Save 1", "Oldest, renamed"]
