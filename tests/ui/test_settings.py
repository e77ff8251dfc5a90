"""The Settings screen (issue 22): each setting steps through its choices, is kept in the
settings file and takes effect: colour-blind-safe side colours on the table (the game's own
state untouched), the computer's pace; a broken settings file gives the defaults."""

import json

import pygame

from game.catalog import load_map, new_game
from game.session import Session
from game.ui.play import PlayScene
from game.ui.settings import DEFAULTS, SAFE_COLOURS, read_settings
from game.ui.settings_screen import SettingsScene


def press(scene, drive, start: str):
    b = next(b for b in scene.buttons if b.text.startswith(start))
    drive.click(b.rect.center)
    drive.frame()


def test_the_settings_step_are_kept_and_take_effect(app, drive, home):
    scene = app.open("settings")
    drive.frame()
    assert isinstance(scene, SettingsScene)
    press(scene, drive, "Side colours")
    press(app.scene, drive, "Computer's pace")
    press(app.scene, drive, "Computer's pace")
    press(app.scene, drive, "Sound")
    kept = json.loads((home / "settings.json").read_text())
    assert kept["colour_blind"] is True and kept["ai_speed"] == "instant" and kept["volume"] == 0.5
    assert [b.text for b in app.scene.buttons][:3] == ["Sound: 50%", "Side colours: colour-blind safe", "Computer's pace: instant"]
    game = new_game(load_map("maps/ww2-village-hauteville.yaml"), 1)
    before = game.digest()
    play = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(play)
    drive.frame()
    assert [play.view_state().sides[s].colour for s in game.state.side_order] == list(SAFE_COLOURS[:2])
    assert [game.state.sides[s].colour for s in game.state.side_order] == ["#6b7d3a", "#5b6b7a"] and game.digest() == before
    app.change_settings(colour_blind=False)
    assert play.view_state().sides["us"].colour == "#6b7d3a"


def test_a_broken_settings_file_gives_the_defaults(home):
    (home / "settings.json").write_text("{broken")
    assert read_settings() == DEFAULTS
    (home / "settings.json").write_text(json.dumps({"ai_speed": "warp", "colour_blind": "yes", "volume": 0}))
    got = read_settings()
    assert got["ai_speed"] == "normal" and got["colour_blind"] is False and got["volume"] == 0


def test_new_game_draws_a_preview_of_the_chosen_scenario(app, drive, home):
    scene = app.open("new_game")
    drive.frame()
    assert scene.preview_of[0] == scene.maps[0].path
    pic, words = scene.preview
    m = scene.maps[0].model
    figures, units = sum(len(u.figures) for s in m.sides for u in s.units), sum(len(s.units) for s in m.sides)
    assert words.startswith(f"{m.table.width:g} x {m.table.height:g} {m.unit}, {m.victory.turn_limit} turns, {figures} figures in {units} units: ")
    minutes = m.victory.turn_limit * units  # a minute a unit a turn
    assert words.endswith(f"about {minutes // 60} h {minutes % 60:02d} min at most" if minutes >= 60 else f"about {minutes} min at most")
    assert abs(pic.get_width() / pic.get_height() - m.table.width / m.table.height) < 0.02  # the table's shape
    scene.map_index = 1
    drive.frame()
    assert scene.preview_of[0] == scene.maps[1].path


def test_new_game_shows_no_figures_where_the_rules_hide_them(app, drive, home):
    """Both players see New game: a scenario whose rules hide each side's men from the
    other (WW2 Skirmish's spotting, the 1/35th's hidden deployment) is previewed without
    them, and says so; one whose rules hide nothing shows every figure."""
    scene = app.open("new_game")
    seen = {}
    for rules, name in (("ww2-135", "Ambush in the Sunken Lane"), ("ww2-skirmish", "The Crossroads at Hauteville"),
                        ("great-war-54mm", "Encounter at Le Cateau Farm")):
        scene.ruleset_id = rules  # as choosing the ruleset does
        app.manager.clear_and_reset()
        scene.enter()
        scene.map_index = [lm.model.name for lm in scene.maps].index(name)
        drive.frame()
        pic, words = scene.preview
        colours = [s.colour for s in scene.maps[scene.map_index].model.sides]
        seen[name] = ([pygame.mask.from_threshold(pic, pygame.Color(c), (2, 2, 2, 255)).count() for c in colours],
                      "not shown" in words)
    assert seen["Ambush in the Sunken Lane"] == ([0, 0], True)
    assert seen["The Crossroads at Hauteville"] == ([0, 0], True)
    dots, said = seen["Encounter at Le Cateau Farm"]
    assert all(n > 0 for n in dots) and not said


def test_the_window_size_and_animation_settings_take_effect(app, drive, home):
    scene = app.open("settings")
    drive.frame()
    press(scene, drive, "Window")  # 1280x800 -> the next size
    assert app.window.get_size() == (1440, 900) and json.loads((home / "settings.json").read_text())["window"] == "1440x900"
    press(app.scene, drive, "Animation")
    press(app.scene, drive, "Animation")
    assert app.settings["animation"] == "off"
    game = new_game(load_map("maps/ww2-village-hauteville.yaml"), 1)
    play = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(play)
    drive.frame()
    f = next(f for f in game.state.figures.values() if f.side == game.state.active_side and f.type != "sherman")
    play.shown[f.id] = (f.x + 200.0, f.y)  # drawn elsewhere: with animation off it is put where it stands at once
    drive.frame()
    assert play.shown[f.id] == f.pos


def test_the_ui_scale_draws_the_screens_larger_and_the_clicks_land_where_they_are_drawn(home):
    import pygame

    from game.ui.app import App
    from game.ui.menu import MainMenu

    app = App((1600, 1000), headless=True, ui_scale=1.5)
    try:
        assert app.screen.get_size() == (1066, 666) and app.window.get_size() == (1600, 1000)
        menu = app.open("menu")
        app.frame(0.02)
        assert isinstance(menu, MainMenu)
        x, y = menu.buttons["Settings"].rect.center  # in the screens' points
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=(int(x * 1.5), int(y * 1.5)), button=1))
            app.frame(0.02)
        assert isinstance(app.scene, SettingsScene)
        assert app.window.get_at((int(x * 1.5), int(y * 1.5))) is not None
    finally:
        pygame.quit()
    small = App((1280, 800), headless=True, ui_scale=2.0)  # asked more than the window holds: as much as leaves 960x640 points
    try:
        assert small.screen.get_size() == (1024, 640)
    finally:
        pygame.quit()


def test_each_setting_says_what_it_does_on_hover(app, drive, home, monkeypatch):
    """A new player learns what a setting does before changing it: each button's note
    shows when the pointer rests on it."""
    from pygame_gui.elements import UITooltip

    pointer = [(5, 5)]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer[0])  # pygame_gui reads the pointer, not the events
    scene = app.open("settings")
    drive.frame()
    assert len(scene.buttons) == 7
    for b in scene.buttons:
        pointer[0] = b.rect.center
        drive.move(b.rect.center)
        drive.frame(15, dt=0.1)  # the pointer rests a moment
        tips = [e for e in app.manager.get_sprite_group().sprites() if isinstance(e, UITooltip)]
        assert len(tips) == 1, b.text
        assert len(b.tool_tip_text) > 20 and tips[0].text_block.html_text == b.tool_tip_text
        pointer[0] = (5, 5)
        drive.move((5, 5))
        drive.frame(2)
