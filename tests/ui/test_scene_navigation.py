"""Scenes ask the app for one another by name (App.open): every name opens its scene,
and the ways between scenes lead where they should."""

from pathlib import Path

import pygame

from game.editor.model import EditorDoc
from game.session import Session
from game.ui.app import SCENES
from game.ui.editor import EditorScene
from game.ui.first_game import FirstGameScene
from game.ui.load_screen import LoadScene
from game.ui.mail_screen import MailScene
from game.ui.menu import MainMenu, NewGameScene, RulesScene
from game.ui.play import PlayScene
from game.ui.settings_screen import SettingsScene
from game.ui.victory import VictoryScene
from tests.ui.scene_kit import small_game

ROOT = Path(__file__).resolve().parents[2]


def test_every_scene_opens_by_name(app, drive):
    session = Session(small_game(), {"a": "human", "b": "human"}, handover="never")
    opened = [
        app.open("menu"), app.open("new_game"), app.open("load"), app.open("rules", None, MainMenu(app)), app.open("settings"),
        app.open("play", session), app.open("victory", session), app.open("editor", None), app.open("mail"), app.open("first_game"),
    ]
    assert [type(s) for s in opened] == [MainMenu, NewGameScene, LoadScene, RulesScene, SettingsScene, PlayScene, VictoryScene, EditorScene, MailScene, FirstGameScene]
    assert set(SCENES) == {"menu", "new_game", "load", "rules", "settings", "play", "victory", "editor", "mail", "first_game"}
    assert app.scene is opened[-1]
    drive.frame()


def test_from_the_menu_to_the_editor_and_back(app, drive):
    app.open("menu")
    drive.frame()
    drive.click(app.scene.buttons["Map editor"].rect.center)
    assert isinstance(app.scene, EditorScene)
    drive.key(pygame.K_ESCAPE)  # nothing selected, nothing changed: straight back
    assert isinstance(app.scene, MainMenu)


def test_the_editor_opens_another_map_and_a_new_one_from_its_map_page(app, drive):
    scene = EditorScene(app, None, EditorDoc.new("great-war-54mm"))
    app.switch(scene)
    drive.frame()
    drive.click(next(b.rect.center for b in scene.panel.buttons if b.label == "Map"))
    drive.frame()
    first = next(b for b in scene.panel.buttons if b.label.endswith(".yaml"))
    drive.click(first.rect.center)
    assert isinstance(app.scene, EditorScene) and app.scene is not scene
    assert app.scene.doc.path is not None and app.scene.doc.path.name.startswith(first.label)
    other = app.scene
    drive.click(next(b.rect.center for b in other.panel.buttons if b.label == "Map"))
    drive.frame()
    drive.click(next(b.rect.center for b in other.panel.buttons if b.label == "New map"))
    assert isinstance(app.scene, EditorScene) and app.scene is not other and app.scene.doc.path is None


def test_a_test_play_leads_back_to_the_editor_and_the_rules_back_to_play(app, drive):
    scene = EditorScene(app, ROOT / "maps" / "trench-raid.yaml")
    app.switch(scene)
    drive.frame()
    drive.key(pygame.K_F5)
    play = app.scene
    assert isinstance(play, PlayScene) and play.on_leave is not None
    drive.frame()
    drive.key(pygame.K_F1)
    assert isinstance(app.scene, RulesScene) and app.scene.back is play
    drive.key(pygame.K_ESCAPE)
    assert app.scene is play
    drive.key(pygame.K_ESCAPE)  # asks first
    drive.key(pygame.K_y)
    assert app.scene is scene


def test_the_victory_screen_leads_to_the_main_menu(app, drive):
    session = Session(small_game(), {"a": "human", "b": "human"}, handover="never")
    scene = app.open("victory", session)
    drive.frame()
    drive.click(next(b.rect.center for b in scene.buttons if b.text == "Main menu"))
    assert isinstance(app.scene, MainMenu)


def test_the_menu_is_drawn_before_the_rulesets_are_read(app, monkeypatch):
    import game.ui.menu as menu

    read = []
    real = menu.available_rulesets
    monkeypatch.setattr(menu, "available_rulesets", lambda: read.append(1) or real())
    scene = MainMenu(app)
    app.switch(scene)
    app.frame(0.02)  # the first frame: the buttons, and the rulesets being read
    assert read == [] and scene.rulesets is None
    app.frame(0.02)
    assert read == [1] and "WW2 Skirmish" in " ".join(scene.rulesets or [])
    assert app.quiet()  # read: the menu at rest, the window may sleep
