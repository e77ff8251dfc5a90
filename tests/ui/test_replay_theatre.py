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


def recorded_game(tmp_path, n=12, seed=5):
    game = new_game(load_map("maps/ww2-135-house-to-house.yaml"), seed)
    players = {s: make_player("random", 3 + i) for i, s in enumerate(game.state.side_order)}
    digests, marks = [game.digest()], [len(game.log)]
    while len(game.commands) < n:
        game.submit(players[game.acting_side].choose(game, game.acting_side))
        digests.append(game.digest())
        marks.append(len(game.log))
    path = tmp_path / "game.json"
    save_game(game, path)
    return load_game(path), digests, marks


def test_play_pause_and_speed_step_through_every_digest(app, drive, tmp_path):
    whole, digests, _ = recorded_game(tmp_path)
    app.switch(ReplayScene(app, whole, 0))
    drive.frame()
    drive.key(pygame.K_PLUS)
    drive.key(pygame.K_PLUS)
    drive.key(pygame.K_PLUS)  # a command every 0.1 s
    drive.key(pygame.K_SPACE)
    scene = app.scene
    assert scene.playing
    seen = []
    for _ in range(400):
        drive.frame(dt=0.05)
        seen.append((scene.step, scene.game.digest()))
        if not scene.playing:
            break
    assert scene.step == 12 and not scene.playing  # it stops at the end
    assert all(d == digests[k] for k, d in seen)  # every step it showed is the game as it was then
    assert {k for k, _ in seen} == set(range(1, 13))
    drive.key(pygame.K_SPACE)  # at the end: plays again from the start
    assert app.scene.step <= 1 and app.scene.playing
    drive.key(pygame.K_SPACE)
    assert not app.scene.playing


def click_line(drive, scene, pick):
    """Click the first line on screen of an event ``pick`` accepts; returns that event."""
    rows = scene.log.rows
    top = max(0, len(rows) - scene.log.scroll - scene.log.visible_rows())  # the first row on screen
    r, target = next((r, ev) for r, (_, ev, first) in enumerate(rows[top:top + scene.log.visible_rows()], top) if first and pick(ev))
    y = scene.log.rect.y + 24 + scene.log.LINE * (r - top)
    assert scene.log.row_at((scene.log.rect.x + 20, y + 3)) is target
    drive.click((scene.log.rect.x + 20, y + 3))
    return target


def test_a_click_on_a_log_line_shows_the_moment_of_the_command_that_wrote_it(app, drive, tmp_path):
    whole, digests, marks = recorded_game(tmp_path)
    app.switch(ReplayScene(app, whole, 12))
    drive.frame(3)
    target = click_line(drive, app.scene, lambda ev: ev.kind not in ("turn", "phase") and ev.seq < marks[11])
    want = next(k for k, m in enumerate(marks) if m > target.seq)
    assert want < 12 and app.scene.step == want and app.scene.game.digest() == digests[want]
    # the whole game's log is shown, the lines still to come faint: a click on one goes forward
    drive.frame(3)
    scene = app.scene
    assert scene.log.to_come == len(scene.game.log) and len(scene.log.rows) > 0
    later = click_line(drive, scene, lambda ev: ev.seq >= marks[want] and ev.kind not in ("turn", "phase"))
    ahead = next(k for k, m in enumerate(marks) if m > later.seq)
    assert ahead > want and app.scene.step == ahead and app.scene.game.digest() == digests[ahead]


def test_the_odds_a_shot_had_are_shown_on_demand(app, drive, tmp_path, monkeypatch):
    whole, digests, _ = recorded_game(tmp_path, n=60, seed=5)
    k = next((i + 1 for i, c in enumerate(whole.commands) if c.kind == "fire"), None)
    assert k is not None, "the recorded game has a shot"
    app.switch(ReplayScene(app, whole, k))
    drive.frame()
    said, asked = [], []
    monkeypatch.setattr(app, "busy", said.append)  # the window says why it waits before the seconds a burst's odds take
    real_odds = whole.rules.odds
    monkeypatch.setattr(app.scene.rules, "odds", lambda game, cmd: asked.append(cmd) or real_odds(game, cmd))
    drive.key(pygame.K_o)
    assert app.scene.odds and len(said) == 1 and "odds" in said[0]
    shown = app.scene.odds
    drive.key(pygame.K_o)
    assert app.scene.odds == []  # put away
    drive.key(pygame.K_o)
    assert app.scene.odds == shown and len(asked) == 1  # shown again, not worked out again
    before = replay(whole, k - 1)
    assert app.scene.odds[0] == whole.rules.odds(before, whole.commands[k - 1]).title
    scene, cmd = app.scene, whole.commands[k - 1]
    shooter = scene.view_state().figures[cmd.figure].pos  # the view panned: the shooter where the box used to be drawn
    scene.camera.x = shooter[0] - (100 / scene.camera.zoom)
    scene.camera.y = shooter[1] - (120 / scene.camera.zoom)
    drive.frame()  # drawn, off the shooter and what it shot at
    about = [scene.camera.to_screen(f.pos) for f in scene.view_state().figures.values()
             if f.alive and (f.id in (cmd.figure, cmd.target) or f.unit in (cmd.unit, cmd.target))]
    assert about and scene.odds_rect.w > 0 and scene.table_rect.contains(scene.odds_rect)
    assert not any(scene.odds_rect.inflate(16, 16).collidepoint(p) for p in about)
    drive.key(pygame.K_RIGHT)
    assert app.scene.odds == []  # the next step shows its own, when asked


def test_the_theatre_is_driven_with_the_mouse_its_buttons_clear_of_each_other_at_1000x700(home, tmp_path):
    """A new player finds the theatre's controls as buttons (the keys are on the banner):
    the sidebar's End phase is Play/Pause there, the toolbar steps, jumps, changes speed,
    shows the odds and plays on; at 1000x700 no button covers another or the sidebar."""
    from game.ui.app import App
    from tests.ui.conftest import Driver

    whole, digests, _ = recorded_game(tmp_path)
    app = App((1000, 700), headless=True)
    drive = Driver(app)
    try:
        app.switch(ReplayScene(app, whole, 0))
        drive.frame()

        def button(label):
            scene = app.scene
            return next(b for b in scene.tool_bar.buttons + scene.side_bar.buttons if b.label == label)

        scene = app.scene
        labels = [b.label for b in scene.tool_bar.buttons]
        assert labels[:8] == ["Start", "Back", "On", "End", "Slower", "Faster", "Odds", "Play on"]
        assert "Undo" not in labels and "Save" not in labels and "End phase" not in [b.label for b in scene.side_bar.buttons]
        everything = scene.tool_bar.buttons + scene.side_bar.buttons
        for i, b in enumerate(everything):
            assert app.screen.get_rect().contains(b.rect), b.label
            assert not any(b.rect.colliderect(o.rect) for o in everything[i + 1:]), b.label
        for b in scene.tool_bar.buttons:
            assert scene.toolbar_rect.contains(b.rect) and not b.rect.colliderect(scene.sidebar_rect), b.label
        for _ in range(3):
            drive.click(button("On").rect.center)
        assert app.scene.step == 3 and app.scene.game.digest() == digests[3]
        drive.click(button("Back").rect.center)
        assert app.scene.step == 2 and app.scene.game.digest() == digests[2]
        drive.click(button("End").rect.center)
        assert app.scene.step == 12
        drive.click(button("Start").rect.center)
        assert app.scene.step == 0
        for _ in range(3):
            drive.click(button("Faster").rect.center)
        assert app.scene.speed == 4
        drive.click(button("Play").rect.center)
        assert app.scene.playing
        drive.frame()
        assert button("Pause").enabled  # the same button, now to pause
        drive.click(button("Pause").rect.center)
        assert not app.scene.playing
        step = app.scene.step
        drive.click(button("Play on").rect.center)
        assert isinstance(app.scene, PlayScene) and not isinstance(app.scene, ReplayScene)
        assert app.scene.game.digest() == digests[step]
    finally:
        pygame.quit()


def test_the_theatre_offers_no_action_and_its_keys_give_no_command(app, drive, tmp_path):
    """The sidebar lists no action in the theatre (each would be refused), so its number
    keys do nothing; the figures are still selected and described."""
    whole, digests, _ = recorded_game(tmp_path)
    app.switch(ReplayScene(app, whole, 4))
    drive.frame()
    scene = app.scene
    unit = next(u for u in scene.game.state.units.values() if u.side == scene.game.acting_side)
    scene.select(unit.figures[0])
    drive.frame()
    assert scene.selected_unit == unit.id and scene.actions_bar.buttons == []
    play = PlayScene(app, scene.session)  # the same moment on the play screen offers actions
    assert play.current_actions() != []
    app.switch(scene)
    drive.key(pygame.K_1)
    assert scene.step == 4 and scene.game.digest() == digests[4] and len(scene.game.commands) == 4
