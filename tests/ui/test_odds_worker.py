"""The odds worked out beside the window (game/ui/odds_worker.py): the window draws on while
they are worked out, the answer is the one the window's own thread gives, and a target
hovered after another gives up the work on the first."""

import threading
import time

import pygame

from game.catalog import load_map, new_game
from game.core.game import Watch
from game.core.trial import Abandoned
from game.rulesets.base import ruleset_of
from game.session import Session
from game.simulate import make_player
from game.ui.handlers import TargetHandler, odds_lines
from game.ui.odds_worker import PENDING, OddsWorker, odds_worker
from game.ui.play import PlayScene


def trench_raid(app):
    game = new_game(load_map("maps/trench-raid.yaml"), 3)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    return game, scene


def test_the_window_draws_and_answers_while_the_odds_are_worked_out(app, drive, monkeypatch):
    """The odds held back until the test lets them go: frames are drawn, the box says the
    odds are being worked out, the player may put the tool down and pick it up again; then
    the box shows the odds the window's own thread works out."""
    game, scene = trench_raid(app)
    rules = scene.rules
    worked_out = rules.odds
    release, started = threading.Event(), threading.Event()
    on_worker: list[str] = []

    def held(g, cmd):
        on_worker.append(threading.current_thread().name)
        started.set()
        assert release.wait(30)
        return worked_out(g, cmd)

    monkeypatch.setattr(rules, "odds", held)
    drive.click(scene.camera.to_screen(game.state.figures["b1.3"].pos))
    drive.key(pygame.K_1)
    tool = scene.top()
    assert isinstance(tool, TargetHandler) and tool.action.odds
    drive.move(scene.camera.to_screen(game.state.figures["g1.1"].pos))
    assert started.wait(30)
    t0 = time.perf_counter()
    for _ in range(20):
        drive.frame()
        assert any("Working out the odds" in line for line in tool.info(scene))
    assert time.perf_counter() - t0 < 10  # (twenty frames drawn while the odds are held)
    assert on_worker == ["odds"]  # worked out on the worker's thread, not the window's
    release.set()
    drive.settle()
    shown = tool.info(scene)
    monkeypatch.setattr(rules, "odds", worked_out)
    here = odds_lines(worked_out(game, tool.command_for(tool.hover_unit)))
    assert shown == here and any("exact" in line for line in shown)


def test_the_odds_from_the_copy_are_the_odds_of_the_game():
    """A WW2 Skirmish game some commands in: the copy has the game's digest, and the odds
    worked out on it by the worker are the odds worked out on the game."""
    game = new_game(load_map("maps/ww2-village-hauteville.yaml"), 2)
    players = {s: make_player("random", 7 + i) for i, s in enumerate(game.state.side_order)}
    for _ in range(12):
        side = game.acting_side
        game.submit(players[side].choose(game, side))
    rules = ruleset_of(game)
    with game.changing():
        cmd = rules.odds_command(game, "us8.1", "g1.1", False, {"weapon": "gun"})
    copy = game.detached()
    assert copy.digest() == game.digest() and len(copy.commands) == len(game.commands) and copy.version == game.version
    here = rules.odds(game, cmd)
    worker = OddsWorker()
    q = worker.question(game, cmd)
    worker.ask(q, game, lambda g: rules.odds(g, cmd))
    assert worker.settle(120)
    there = worker.take(q)
    assert same_odds(there, here)
    assert worker.take(q) is PENDING  # handed over once: the screen keeps it


def same_odds(a, b) -> bool:
    """The same report: its lines and its joint distribution, fraction for fraction."""
    ja, jb = a.resolution.joint, b.resolution.joint
    return odds_lines(a) == odds_lines(b) and ja.fractions == jb.fractions and ja.probs == jb.probs and ja.method == jb.method


def test_the_odds_from_the_copy_are_the_odds_of_the_game_with_a_job_queue():
    """GOODBYEEEEEE!!! resolves a shot through its job queue (Luck saves inserted next, on
    the rules' queue object, which the window's thread and the worker share): a German
    rifle shot some commands in, on the copy and on the game, worked out at once on two
    threads, gives one joint distribution."""
    game = new_game(load_map("maps/goodbyeeee-bombing-party.yaml"), 2)
    players = {s: make_player("random", 7 + i) for i, s in enumerate(game.state.side_order)}
    fire = []
    for n in range(300):
        side = game.acting_side
        fire = [c for c in game.legal_commands(side) if c.kind == "fire"]
        if fire and n > 5:
            break
        game.submit(players[side].choose(game, side))
    assert fire
    rules = ruleset_of(game)
    here = [rules.odds(game, c) for c in fire[:3]]
    copies = [game.detached() for _ in fire[:3]]
    there: list = [None] * len(copies)

    def work(k):
        there[k] = rules.odds(copies[k], fire[k])

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(copies))]
    for t in threads:
        t.start()
    again = [rules.odds(game, c) for c in fire[:3]]  # meanwhile, on this thread
    for t in threads:
        t.join(60)
    assert all(same_odds(a, b) and same_odds(a, c) for a, b, c in zip(here, there, again, strict=True))


def test_the_copy_shares_nothing_the_game_changes():
    game = new_game(load_map("maps/trench-raid.yaml"), 1)
    copy = game.detached()
    before = copy.digest()
    players = {s: make_player("random", 3 + i) for i, s in enumerate(game.state.side_order)}
    for _ in range(6):
        side = game.acting_side
        game.submit(players[side].choose(game, side))
    assert game.digest() != before and copy.digest() == before
    assert all(copy.state.figures[f].pos != (-1, -1) for f in copy.state.figures)
    side = copy.acting_side
    copy.submit(make_player("random", 99).choose(copy, side))
    assert len(game.commands) == 6 and len(copy.commands) == 1


def until_given_up(began: threading.Event):
    """Work that stands in for odds worked out path by path: it says it began, then goes on
    until it is given up, and stops as a Trial does (Abandoned)."""

    def work(copy):
        began.set()
        while not copy.watch.given_up:
            time.sleep(0.005)
        raise Abandoned("no longer wanted")

    return work


def test_a_target_hovered_after_another_gives_up_the_first():
    """Only the latest question is wanted: the work on the first stops (at its next dice
    path: here a stand-in that waits to be given up), it is never answered, the second is."""
    game = new_game(load_map("maps/trench-raid.yaml"), 1)
    worker = OddsWorker()
    first_began = threading.Event()
    a, b = worker.question(game, "a"), worker.question(game, "b")
    worker.ask(a, game, until_given_up(first_began))
    assert first_began.wait(30)
    worker.ask(b, game, lambda copy: len(copy.commands))
    assert worker.settle(30)
    assert worker.take(a) is PENDING and worker.take(b) == 0


def test_a_trial_on_a_copy_stops_when_it_is_no_longer_wanted():
    """Giving up is honoured where the odds spend their time: each dice path of a Trial."""
    game = new_game(load_map("maps/trench-raid.yaml"), 1)
    rules = ruleset_of(game)
    cmd = rules.odds_command(game, "b1.3", "g1", False, {})
    assert odds_lines(rules.odds(game.detached(), cmd))  # (worked out when wanted)
    copy = game.detached()
    copy.watch = Watch()
    copy.watch.give_up()
    try:
        rules.odds(copy, cmd)
    except Abandoned:
        return
    raise AssertionError("the odds were worked out although no longer wanted")


def test_the_program_has_one_worker():
    assert odds_worker() is odds_worker()


def test_a_command_given_gives_up_the_odds_of_the_state_before():
    """The play screen keeps only the questions of the game as it is (each frame): once a
    command is given, the work on the odds of the state before stops."""
    game = new_game(load_map("maps/trench-raid.yaml"), 1)
    worker = OddsWorker()
    began = threading.Event()
    q = worker.question(game, "a")
    worker.ask(q, game, until_given_up(began))
    assert began.wait(30)
    worker.keep_only(game)  # the same state: still wanted
    time.sleep(0.05)
    assert worker.busy()
    side = game.acting_side
    game.submit(make_player("random", 5).choose(game, side))
    worker.keep_only(game)
    assert worker.settle(30) and worker.take(q) is PENDING


def test_while_the_odds_are_worked_out_the_window_draws_ten_frames_a_second(app, drive, monkeypatch):
    """A tool armed and its odds held back, the player doing nothing: the window's loop
    (App.run) draws a frame every tenth of a second, not sixty a second, so the worker
    has the processor."""
    game, scene = trench_raid(app)
    rules = scene.rules
    worked_out = rules.odds
    release = threading.Event()
    monkeypatch.setattr(rules, "odds", lambda g, cmd: release.wait(30) and worked_out(g, cmd))
    drive.click(scene.camera.to_screen(game.state.figures["b1.3"].pos))
    drive.key(pygame.K_1)
    drive.move(scene.camera.to_screen(game.state.figures["g1.1"].pos))
    assert odds_worker().busy()
    drawn: list[float] = []
    frame = app.frame

    def counted(dt=None, first=None):
        drawn.append(time.perf_counter())
        frame(dt, first)
        if drawn[-1] - drawn[0] >= 1.0:
            app.running = False

    monkeypatch.setattr(app, "frame", counted)
    pygame.event.clear()
    scene.zoom_idle = 1.0  # (the view settled: as long after the last zoom as a player takes)
    try:
        app.run()
    finally:
        release.set()
        odds_worker().settle()
    assert 5 <= len(drawn) <= 13


def test_the_box_counts_the_dice_paths_resolved_so_far(app, drive, monkeypatch):
    """While the odds are worked out the box says how many dice paths are resolved so far
    (each Trial run counts one on the copy's watch)."""
    game, scene = trench_raid(app)
    rules = scene.rules
    worked_out = rules.odds
    release, counted = threading.Event(), threading.Event()

    def held(g, cmd):
        report = worked_out(g, cmd)  # the real odds: their paths counted on the copy's watch
        counted.set()
        assert release.wait(30)
        return report

    monkeypatch.setattr(rules, "odds", held)
    drive.click(scene.camera.to_screen(game.state.figures["b1.3"].pos))
    drive.key(pygame.K_1)
    tool = scene.top()
    drive.move(scene.camera.to_screen(game.state.figures["g1.1"].pos))
    assert counted.wait(30)
    drive.frame()
    lines = tool.info(scene)
    release.set()
    drive.settle()
    assert lines[1].startswith("Working out the odds: resolving the command under every fall of its dice (")
    paths = int(lines[1].split("(")[1].split(" so far")[0].replace(",", ""))
    assert paths >= 2 and "exact" in tool.info(scene)[-1]


def test_answers_not_taken_are_forgotten_with_their_state():
    """An answer the screen never took (the cursor moved on) is kept while its state is
    the game's, dropped once a command is given, and every one is dropped when the play
    screen is left or the cursor leaves a point tool's spot (give_up)."""
    game = new_game(load_map("maps/trench-raid.yaml"), 1)
    worker = OddsWorker()
    q = worker.question(game, "a")
    worker.ask(q, game, lambda copy: 1)
    assert worker.settle(30)
    worker.keep_only(game)
    assert worker.take(q) == 1
    worker.ask(q, game, lambda copy: 2)  # (asked again: worked out again)
    assert worker.settle(30)
    game.submit(make_player("random", 5).choose(game, game.acting_side))
    worker.keep_only(game)
    assert worker.take(q) is PENDING
    q2 = worker.question(game, "b")
    worker.ask(q2, game, lambda copy: 3)
    assert worker.settle(30)
    worker.give_up()
    assert worker.take(q2) is PENDING and not worker.busy()


def test_the_odds_box_reads_only_what_the_side_giving_the_command_knows(app):
    """A US grenade at the place of a German hidden in the ambush's deployment, not yet
    found: on the whole game the odds showed him killed a quarter of the time (who is there);
    the box works them out on the game as the US know it, where nobody is. A WW2 spotter's
    box named every hidden enemy and the score it needs; as its side knows the game, none."""
    from types import SimpleNamespace

    from game.core.commands import Command
    from game.ui.odds_memo import OddsMemo

    game = new_game(load_map("maps/ww2-135-ambush.yaml"), 1)
    rules, st = ruleset_of(game), game.state
    german = next(f for f in st.figures.values() if f.side == "german" and not rules.is_vehicle(f))
    thrower = next(f for f in st.figures.values() if f.side == st.active_side and "grenade" in f.equipment)
    with game.changing():
        thrower.x, thrower.y, thrower.facing = german.x, german.y - 25.4 * 8, 90.0
    throw = Command("throw", st.active_side, figure=thrower.id, point=german.pos)
    assert game.check(throw) is None
    whole = odds_lines(rules.odds(game, throw))
    assert any(line.strip().startswith("1 killed:") for line in whole)  # (what the box must not tell)
    scene = PlayScene(app, Session(game, {s: "human" for s in st.side_order}, handover="never", autosaves=False))
    memo = OddsMemo(SimpleNamespace(odds=True, label="Throw a grenade"))
    box = odds_lines(memo.report(scene, "throw", throw))
    assert not any("1 killed" in line or "2 killed" in line for line in box) and any("0 killed" in line for line in box)
    memo.cache.clear()
    shown = memo.shown(scene, "throw", throw)
    assert odds_worker().settle(60)
    shown = memo.shown(scene, "throw", throw)
    assert odds_lines(shown) == box  # the same through the worker

    ww2 = new_game(load_map("maps/ww2-village-hauteville.yaml"), 1)
    w2 = ruleset_of(ww2)
    side = ww2.state.active_side
    spotter = next(f for f in ww2.state.figures.values() if f.side == side and not w2.is_vehicle(f))
    spot = Command("spot", side, figure=spotter.id)
    if ww2.check(spot) is None:
        hidden = [f.name for f in ww2.state.figures.values() if f.side != side]
        whole = " ".join(odds_lines(w2.odds(ww2, spot)))
        scene2 = PlayScene(app, Session(ww2, {s: "human" for s in ww2.state.side_order}, handover="never", autosaves=False))
        box = " ".join(odds_lines(OddsMemo(SimpleNamespace(odds=True, label="Spot")).report(scene2, "spot", spot)))
        assert "(of 0 hidden)" in box and "(of 0 hidden)" not in whole and not any(f"{n} " in box for n in hidden if n + " " in whole)
