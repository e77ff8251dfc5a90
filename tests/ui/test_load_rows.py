"""The Load screen's rows (issue 22: "a thumbnail of the table and the scenario, turn and
sides in each row; sort by date"): each row's picture drawn lazily, once per file as it
is, without figures where the rules hide them; rows readable at 1000x700; picked, opened
and scrolled with posted events."""

import json
import os
from datetime import UTC, datetime

import pygame
import pytest

from game.catalog import load_map, new_game
from game.paths import saves_dir
from game.session import Session, rename_save
from game.ui import thumbnail
from game.ui.app import App
from game.ui.load_screen import PREVIEW_W, LoadScene
from game.ui.play import PlayScene
from game.ui.save_rows import PICTURE, ROW_H
from tests.ui.conftest import Driver


def save(map_name: str, name: str, when: float) -> None:
    """A save of the map's start made at ``when`` (its time shown, and its file's)."""
    game = new_game(load_map(f"maps/{map_name}.yaml"), 1)
    path = Session(game, {s: "human" for s in game.state.side_order}).save(name)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["saved_at"] = datetime.fromtimestamp(when, UTC).isoformat(timespec="seconds")
    path.write_text(json.dumps(doc), encoding="utf-8")
    os.utime(path, (when, when))


@pytest.fixture
def small(home):
    """A 1000x700 window, as the issue's narrow window."""
    app = App((1000, 700), headless=True)
    yield app, Driver(app)
    pygame.quit()


@pytest.fixture
def drawn(monkeypatch):
    """The saves whose picture was drawn (not taken from the kept ones), in order."""
    made = []
    real = thumbnail._draw_save

    def counting(path, room, safe):
        made.append((path.name, room))
        return real(path, room, safe)

    monkeypatch.setattr(thumbnail, "_draw_save", counting)
    return made


def test_each_row_gets_its_tables_picture_lazily_and_once(small, drawn):
    app, drive = small
    for i in range(14):  # more than fit: 6 rows in view at 1000x700
        save("open-field-encounter", f"Le Cateau {i:02d}", 1_700_000_000 + i)
    scene = app.open("load")
    assert isinstance(scene, LoadScene) and len(scene.saves) == 14
    assert [s.name for s in scene.saves] == [f"Le Cateau {i:02d}" for i in range(13, -1, -1)]  # newest first
    assert drawn == []  # the screen opens without drawing a picture
    in_view = list(scene.rows.in_view())
    assert 5 <= len(in_view) < 14
    assert not app.quiet()  # pictures to draw: the window does not sleep
    drive.frame(len(in_view))
    assert sorted(n for n, _ in drawn) == sorted(scene.saves[i].path.name for i in in_view)  # those in view, no others
    assert all(room == PICTURE for _, room in drawn)
    assert scene.rows.waiting() == [] and app.quiet()
    drive.frame(5)  # at rest: nothing drawn again
    assert len(drawn) == len(in_view)
    drive.wheel(-20)  # to the end of the list
    drive.frame(len(in_view))
    assert scene.rows.in_view()[-1] == 13 and scene.rows.waiting() == []
    assert len(drawn) == len(set(drawn)) == len(set(in_view) | set(scene.rows.in_view()))  # each once
    before = len(drawn)
    app.open("load")  # the screen again: the pictures are kept
    drive.frame(3)
    assert len(drawn) == before
    changed = app.scene.saves[3].path
    rename_save(changed, "Renamed")  # the file written again: its picture drawn again, the rest kept
    scene = app.open("load")
    assert scene.saves[3].path == changed and scene.saves[3].name == "Renamed"  # in its place: sorted by the date shown
    drive.frame(3)
    assert [n for n, _ in drawn[before:]] == [changed.name]


def test_a_row_shows_no_figures_where_the_rules_hide_them(app, drive):
    save("open-field-encounter", "Le Cateau", 1_700_000_000)
    save("ww2-village-hauteville", "Hauteville", 1_700_000_001)  # WW2 hides each side's men from the other
    scene = app.open("load")
    drive.frame(2)
    for name, hidden in (("Hauteville", True), ("Le Cateau", False)):
        info = next(s for s in scene.saves if s.name == name)
        pic, _ = thumbnail.save_thumbnail(info.path, PICTURE)
        lm = load_map(f"maps/{'ww2-village-hauteville' if hidden else 'open-field-encounter'}.yaml")
        bare = thumbnail.table_thumbnail(lm, PICTURE, [])
        assert pic is not None and pic.get_size() == bare.get_size()
        same = pygame.image.tobytes(pic, "RGB") == pygame.image.tobytes(bare, "RGB")
        assert same == hidden, name
        _, row, frame, _ = next(d for d in scene.rows.drawn if scene.saves[d[0]].name == name)
        shown = app.screen.subsurface(pic.get_rect(center=frame.center))
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(pic, "RGB")  # the row shows that picture


def test_the_rows_are_readable_at_1000x700(small):
    app, drive = small
    long_sides = "open-field-encounter"  # "Kaiserliche Armee patrol v British Expeditionary Force"
    save(long_sides, "A save with a rather long name the player typed in full, to see it fitted", 1_700_000_000)
    save("wwify-gloomford-crossing", "Gloomford", 1_700_000_001)  # a long narrow table
    (saves_dir() / "broken.json").write_text(json.dumps({"not": "a save"}), encoding="utf-8")
    scene = app.open("load")
    drive.frame(3)
    assert app.size == (1000, 700) and len(scene.rows.drawn) == 3
    preview_x = app.size[0] - 60 - PREVIEW_W
    assert scene.rows.rect.right < preview_x  # the list keeps clear of the picked save's picture
    for i, row, frame, words in scene.rows.drawn:
        assert scene.rows.rect.contains(row) and row.h == ROW_H - 4
        assert row.contains(frame)
        assert len(words) >= 3
        for k, w in enumerate(words):
            assert row.contains(w), (scene.saves[i].name, k, w, row)
            assert w.left >= frame.right, (scene.saves[i].name, k)  # the words beside the picture, never on it
            assert w.h >= 10  # type a player can read
            for other in words[k + 1:]:
                assert not w.colliderect(other), (scene.saves[i].name, w, other)
    broken = next(d for d in scene.rows.drawn if scene.saves[d[0]].error)
    assert scene.saves[broken[0]].path.name == "broken.json"


def test_rows_are_picked_scrolled_and_opened_with_the_mouse_and_the_keys(app, drive):
    for i in range(12):
        save("open-field-encounter", f"Game {i:02d}", 1_700_000_000 + i)
    scene = app.open("load")
    drive.frame()
    rows = scene.rows
    drive.click(rows.row_rect(1).center)
    assert rows.picked == 1 and scene.preview[0] == scene.saves[1].path
    clock = [100.0]
    rows.now = lambda: clock[0]
    drive.click(rows.row_rect(2).center)
    clock[0] += 2.0  # a second click two seconds later: a pick, not an open
    drive.click(rows.row_rect(2).center)
    assert rows.picked == 2 and app.scene is scene
    drive.key(pygame.K_END)
    assert rows.picked == 11 and rows.in_view()[-1] == 11  # scrolled to show it
    drive.key(pygame.K_HOME)
    assert rows.picked == 0 and rows.top == 0
    track, thumb = rows.bar()
    drive.drag(thumb.center, (thumb.centerx, track.bottom + 50))  # the bar dragged past its end
    assert rows.top == rows.most_top()
    drive.key(pygame.K_DOWN)
    assert rows.picked == 1 and rows.in_view()[0] <= 1  # the picked row brought back into view
    clock[0] += 1.0
    digest = new_game(load_map("maps/open-field-encounter.yaml"), 1).digest()
    drive.click(rows.row_rect(4).center)
    clock[0] += 0.2
    drive.click(rows.row_rect(4).center)  # a double click opens it
    assert isinstance(app.scene, PlayScene) and app.scene.game.digest() == digest
    scene = app.open("load")
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)  # Enter opens the picked row
    assert isinstance(app.scene, PlayScene)


def test_the_pictures_follow_the_colour_blind_setting(app, drive):
    """The Settings screen's colour-blind-safe side colours hold for the Load screen's and
    New game's small tables too, not only the play screen."""
    from game.ui.settings import SAFE_COLOURS

    save("open-field-encounter", "Le Cateau", 1_700_000_000)

    def pixels(pic, colour):
        return pygame.mask.from_threshold(pic, pygame.Color(colour), (2, 2, 2, 255)).count()

    own = [s.colour for s in load_map("maps/open-field-encounter.yaml").model.sides]
    for safe in (False, True):
        app.change_settings(colour_blind=safe)
        scene = app.open("load")
        drive.frame(2)
        _, _, frame, _ = scene.rows.drawn[0]
        row_pic = app.screen.subsurface(frame).copy()
        drive.click(scene.rows.row_rect(0).center)
        big = scene.preview[1]
        new_game_scene = app.open("new_game")
        new_game_scene.map_index = [lm.model.name for lm in new_game_scene.maps].index("Encounter at Le Cateau Farm")
        drive.frame()
        preview = new_game_scene.preview[0]
        for pic in (row_pic, big, preview):
            for i, colour in enumerate(own):
                shown, other = (SAFE_COLOURS[i], colour) if safe else (colour, SAFE_COLOURS[i])
                assert pixels(pic, shown) > 0 and pixels(pic, other) == 0, (safe, i)
