"""The replay theatre (issue 22): a save stepped back and forth lands on the digest the game
had at each step; playing on from a moment is a new game and leaves the save byte-identical;
the theatre refuses commands."""

import pygame

from game.catalog import load_game, load_map, new_game, replay
from game.core.commands import END_PHASE, Command
from game.core.save import save_game
from game.simulate import make_player
from game.ui.play import PlayScene
from game.ui.replay_view import ReplayScene


def test_step_back_and_forth_then_play_on_from_a_moment(app, drive, tmp_path):
    game = new_game(load_map("maps/ww2-135-house-to-house.yaml"), 5)
    players = {s: make_player("random", 3 + i) for i, s in enumerate(game.state.side_order)}
    digests = [game.digest()]
    while len(game.commands) < 12:
        game.submit(players[game.acting_side].choose(game, game.acting_side))
        digests.append(game.digest())
    path = tmp_path / "game.json"
    save_game(game, path)
    original = path.read_bytes()
    whole = load_game(path)
    app.switch(ReplayScene(app, whole, 0))
    drive.frame()
    for _ in range(3):
        drive.key(pygame.K_RIGHT)
    assert app.scene.step == 3 and app.scene.game.digest() == digests[3]
    drive.key(pygame.K_LEFT)
    assert app.scene.step == 2 and app.scene.game.digest() == digests[2]
    drive.key(pygame.K_END)
    assert app.scene.step == 12 and app.scene.game.digest() == digests[12]
    drive.key(pygame.K_HOME)
    assert app.scene.step == 0 and app.scene.game.digest() == digests[0]
    assert not app.scene.submit(Command(END_PHASE, app.scene.game.acting_side)).ok  # read only
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)  # undo in the theatre: a step back, the game untouched
    assert app.scene.step == 1 and app.scene.game.digest() == digests[1]
    drive.key(pygame.K_LEFT)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_b)  # play on from command 1
    assert isinstance(app.scene, PlayScene) and not isinstance(app.scene, ReplayScene)
    branch = app.scene.game
    assert branch.digest() == digests[1] and branch is not whole
    assert app.scene.submit(Command(END_PHASE, branch.acting_side)).ok  # a real game, played on
    assert path.read_bytes() == original and replay(whole).digest() == digests[12]


def test_the_end_screen_offers_the_replay_within_a_narrow_window(home):
    from game.session import Session
    from game.ui.app import App

    app = App((960, 640), headless=True)
    try:
        game = new_game(load_map("maps/ww2-135-house-to-house.yaml"), 5)
        scene = app.open("victory", Session(game, {s: "human" for s in game.state.side_order}, autosaves=False))
        app.frame(0.02)
        assert [b.text for b in scene.buttons] == ["Watch the replay", "View the log", "Main menu", "Quit"]
        assert all(0 <= b.rect.x and b.rect.right <= 960 for b in scene.buttons)
        scene.watch()
        assert isinstance(app.scene, ReplayScene) and app.scene.step == 0
    finally:
        pygame.quit()
