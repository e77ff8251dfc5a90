"""A monkey posts thousands of random events: nothing may raise. The screenshot command
draws terrain and tokens."""

import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.catalog import load_map, new_game
from game.session import Session
from game.ui.menu import MainMenu
from game.ui.play import PlayScene

ROOT = Path(__file__).resolve().parents[2]

KEYS = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_m,
        pygame.K_l, pygame.K_t, pygame.K_r, pygame.K_g, pygame.K_c, pygame.K_f, pygame.K_y, pygame.K_n, pygame.K_z,
        pygame.K_s, pygame.K_TAB, pygame.K_LEFT, pygame.K_UP, pygame.K_BACKSPACE, pygame.K_a, pygame.K_F1]


#: random inputs per monkey test: these in `make test` (halved in issue 23 to keep it under
#: 3 minutes); MONKEY_INPUTS for more (`make soak` gives 6000)
INPUTS = int(os.environ.get("MONKEY_INPUTS", "0"))


#: the keys a monkey on the play screen presses: not those that leave it (Esc, F1), which
#: left the play screen within a few dozen inputs; every action key
PLAY_KEYS = [k for k in KEYS if k not in (pygame.K_ESCAPE, pygame.K_F1)] + [pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
                                                                              pygame.K_9, pygame.K_0, pygame.K_e]
#: one scenario of each ruleset (the 1/35th's ambush: a table of an odd number of feet)
PLAY_MAPS = ["trench-raid", "wwify-gloomford-crossing", "ww2-village-hauteville", "goodbyeeee-bombing-party", "ww2-135-ambush"]


def monkey(drive, rnd: random.Random, n: int, keys: list[int] = KEYS) -> None:
    n = INPUTS or n
    w, h = drive.app.size
    for _ in range(n):
        r = rnd.random()
        pos = (rnd.randrange(w), rnd.randrange(h))
        if r < 0.35:
            drive.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(rnd.random() < 0.2, 0, rnd.random() < 0.1))
        elif r < 0.6:
            b = rnd.choice([1, 1, 1, 3, 2])
            drive.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=b)
            drive.post(pygame.MOUSEBUTTONUP, pos=pos, button=b)
        elif r < 0.68:
            drive.post(pygame.MOUSEWHEEL, x=0, y=rnd.choice([-1, 1]), flipped=False, precise_x=0.0, precise_y=0.0)
        elif r < 0.95:
            k = rnd.choice(keys)
            mod = pygame.KMOD_CTRL if rnd.random() < 0.1 else 0
            drive.post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
            drive.post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
        else:
            drive.post(pygame.TEXTINPUT, text=rnd.choice("abc 1"))
        if rnd.random() < 0.3:
            drive.frame(1, dt=rnd.choice([0.016, 0.05, 0.4]))
        if not drive.app.running:
            drive.app.running = True


@pytest.fixture(autouse=True)
def maps_saved_aside(home, monkeypatch):
    """A map the monkey saves in the editor (Ctrl+S, Enter) goes to the test's folder, not the checkout's maps/."""
    monkeypatch.setattr("game.ui.editor.MAPS_DIR", home / "maps")


@pytest.mark.parametrize("map_name", PLAY_MAPS)
def test_monkey_on_the_play_screen(app, drive, map_name):
    """Random inputs on the play screen of each ruleset, hotseat: nothing raises, and the
    monkey plays commands (it stays on the screen: no Esc); first each overlay the toolbar
    toggles is drawn on that table (the grid once raised on the 1/35th's 3 x 4 ft table)."""
    game = new_game(load_map(ROOT / "maps" / f"{map_name}.yaml"), seed=2)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never"))
    app.switch(scene)
    drive.frame(2)
    grid = scene.show_grid  # (WWIFY's tables show their grid from the start)
    for k in (pygame.K_g, pygame.K_r, pygame.K_t, pygame.K_l, pygame.K_m):  # every overlay drawn on this table
        drive.key(k)
        drive.frame(2)
        drive.key(pygame.K_ESCAPE if k in (pygame.K_t, pygame.K_l, pygame.K_m) else k)  # (a tool is put down)
    assert scene.show_grid == grid and isinstance(app.scene, PlayScene)
    monkey(drive, random.Random(1234), 300, PLAY_KEYS)
    drive.frame(3)
    assert game.commands  # (it played: the inputs reached the rules)


def test_monkey_from_the_main_menu(app, drive):
    app.switch(MainMenu(app))
    monkey(drive, random.Random(99), 1000)
    drive.frame(3)


def test_screenshot_shows_terrain_and_tokens(tmp_path):
    out = tmp_path / "shot.png"
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "screenshot", "--ruleset", "great-war-54mm", "--map", "trench-raid",
                        "--out", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 800)
    british = pygame.Color("#b5452f")
    german = pygame.Color("#5b6b7a")

    def count_near(colour, tol=18, region=(0, 0, 920, 760)):
        n = 0
        for x in range(region[0], region[2], 2):
            for y in range(region[1], region[3], 2):
                c = img.get_at((x, y))
                if abs(c.r - colour.r) + abs(c.g - colour.g) + abs(c.b - colour.b) < tol:
                    n += 1
        return n

    assert count_near(british) > 40  # British tokens
    assert count_near(german) > 40  # German tokens
    trench = pygame.Color("#7a5c3a")
    assert count_near(trench, tol=60) > 500  # trench lines
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 900, 7) for y in range(0, 750, 7)}
    assert len(colours) > 200  # textured terrain, not a flat fill
