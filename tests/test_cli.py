"""The command line refuses bad input with one line naming the problem and the fix, and
exits 0 (success), 2 (bad input) or 130 (interrupted); never a traceback (see main.py)."""

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import main
from game.ui.screenshot import screenshot

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def problem_lines(stderr: str) -> list[str]:
    """stderr without argparse's usage block (a 'usage:' line and its indented lines)."""
    out = []
    in_usage = False
    for line in stderr.strip().splitlines():
        if line.startswith("usage:"):
            in_usage = True
            continue
        if in_usage and line.startswith(" "):
            continue
        in_usage = False
        out.append(line)
    return out


def refused(capsys, *argv: str) -> str:
    """Run main in-process; it must exit 2 with one problem line, which is returned."""
    code = main.main(list(argv))
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    lines = problem_lines(err)
    assert len(lines) == 1, err
    return lines[0]


def run(*argv: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], capture_output=True, text=True,
                          cwd=ROOT, env=ENV, **kw)


# --- validate -------------------------------------------------------------------------

def test_validate_reports_every_file_and_exits_2_if_any_is_broken(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: map\nname: [\n")
    good = ROOT / "maps" / "trench-raid.yaml"
    assert main.main(["validate", str(good)]) == 0
    capsys.readouterr()
    code = main.main(["validate", str(bad), str(good), str(tmp_path / "missing.yaml")])
    out, err = capsys.readouterr()
    assert code == 2
    assert "Traceback" not in err
    assert ": ok (" in out and len(out.strip().splitlines()) == 1
    lines = err.strip().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(str(bad)) and lines[1].startswith(str(tmp_path / "missing.yaml"))


# --- counts, seeds, turns --------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["strength", "--games", "0"],
    ["strength", "--games", "-5"],
    ["simulate", "--map", "trench-raid", "--games", "0"],
    ["simulate", "--map", "trench-raid", "--games", "-5"],
])
def test_games_must_be_1_or_more(capsys, argv):
    line = refused(capsys, *argv)
    assert "--games" in line and "must be 1 or more" in line


@pytest.mark.parametrize("workers", ["0", "-1", "33"])
def test_strength_workers_must_be_1_to_32(capsys, workers):
    line = refused(capsys, "strength", "--games", "1", "--map", "trench-raid", "--workers", workers)
    assert "--workers" in line and "must be from 1 to 32" in line and workers in line


def test_a_count_that_is_not_a_number_is_named(capsys):
    line = refused(capsys, "strength", "--workers", "two")
    assert "--workers" in line and "whole number from 1 to 32" in line and "'two'" in line


@pytest.mark.parametrize("argv", [
    ["simulate", "--map", "trench-raid", "--seed", "-1"],
    ["screenshot", "--map", "trench-raid", "--out", "x.png", "--seed", "-1"],
])
def test_seed_must_be_0_or_more(capsys, argv):
    line = refused(capsys, *argv)
    assert "--seed" in line and "must be 0 or more" in line


@pytest.mark.parametrize("turn", ["0", "-3"])
def test_screenshot_turn_must_be_1_or_more(capsys, tmp_path, turn):
    line = refused(capsys, "screenshot", "--map", "trench-raid", "--out", str(tmp_path / "x.png"), "--turn", turn)
    assert "--turn" in line and "must be 1 or more" in line


# --- maps ------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["simulate", "--map", "no-such-map"],
    ["odds", "--map", "no-such-map", "--shooter", "g3.1"],
    ["screenshot", "--map", "no-such-map", "--out", "x.png"],
])
def test_a_missing_map_is_one_line_saying_where_maps_are(capsys, argv):
    line = refused(capsys, *argv)
    assert "no-such-map" in line and "no such map" in line and "maps/" in line and "own maps folder" in line


def test_strength_refuses_a_filter_that_matches_no_map(capsys):
    line = refused(capsys, "strength", "--games", "1", "--map", "no-such-map")
    assert "no shipped map matches --map 'no-such-map'" in line


# --- screenshot --out and --size ---------------------------------------------------------

def test_screenshot_refuses_a_missing_folder_and_does_not_create_it(capsys, tmp_path):
    folder = tmp_path / "nope"
    line = refused(capsys, "screenshot", "--map", "trench-raid", "--out", str(folder / "x.png"))
    assert f"folder '{folder}' does not exist; create it or choose another" in line
    assert not folder.exists()


@pytest.mark.parametrize("name", ["shot", "shot.gif", "shot.webp", "shot.png.txt"])
def test_screenshot_refuses_a_format_pygame_cannot_write(capsys, tmp_path, name):
    line = refused(capsys, "screenshot", "--map", "trench-raid", "--out", str(tmp_path / name))
    assert "must end in .png, .jpg, .jpeg, .bmp or .tga" in line
    assert not (tmp_path / name).exists()


def test_screenshot_refuses_a_folder_or_a_file_as_the_folder(capsys, tmp_path):
    (tmp_path / "pic.png").mkdir()
    line = refused(capsys, "screenshot", "--map", "trench-raid", "--out", str(tmp_path / "pic.png"))
    assert "is a folder; give a file name" in line
    (tmp_path / "plain").write_text("x")
    line = refused(capsys, "screenshot", "--map", "trench-raid", "--out", str(tmp_path / "plain" / "x.png"))
    assert "is not a folder" in line


@pytest.mark.parametrize("size", ["100000x100000", "8193x800", "0x0", "=-5x100", "959x640", "1280x639", "big", "1280x800x2"])
def test_screenshot_size_must_be_960x640_to_8192x8192(capsys, tmp_path, size):
    argv = ["screenshot", "--map", "trench-raid", "--out", str(tmp_path / "x.png")]
    argv += [f"--size{size}"] if size.startswith("=") else ["--size", size]
    line = refused(capsys, *argv)
    assert "--size" in line and "from 960x640 to 8192x8192" in line
    assert not (tmp_path / "x.png").exists()


def test_screenshot_called_directly_checks_its_arguments_too(capsys, tmp_path):
    args = argparse.Namespace(map="trench-raid", ruleset=None, out=str(tmp_path / "x.png"), turn=1, seed=1, size="0x0")
    assert screenshot(args) == 2
    assert capsys.readouterr().err.strip().startswith("--size 0x0 is out of range")
    args.size, args.out = "1280x800", str(tmp_path / "x.gif")
    assert screenshot(args) == 2
    assert "must end in" in capsys.readouterr().err


def test_screenshot_reports_the_size_it_wrote(tmp_path):
    out = tmp_path / "small.jpg"
    r = run("screenshot", "--map", "trench-raid", "--out", str(out), "--size", "960x640")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"saved {out} (960x640, Trench Raid, turn 1)"
    assert pygame.image.load(str(out)).get_size() == (960, 640)


# --- broken pipes --------------------------------------------------------------------------

def test_a_reader_that_stops_early_is_not_an_error():
    """`main.py simulate ... | head -1`: the second game's line meets a closed pipe
    (-u writes each line at once). Exit 0 and nothing on stderr."""
    p = subprocess.Popen([sys.executable, "-u", str(ROOT / "main.py"), "simulate", "--map", "trench-raid", "--games", "3"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV)
    assert p.stdout is not None and p.stderr is not None
    first = p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=300) == 0, err
    assert first.startswith("seed 1: winner ")
    assert "Traceback" not in err and "BrokenPipe" not in err and err == ""


def test_a_pipe_closed_before_the_final_flush_is_quiet():
    """Buffered output goes at the end, into a pipe nobody reads any more."""
    p = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "simulate", "--map", "trench-raid", "--json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=300) == 0, err
    assert err == ""


def test_help_exits_0(capsys):
    assert main.main(["screenshot", "--help"]) == 0
    assert "960x640 to 8192x8192" in capsys.readouterr().out


# --- players -------------------------------------------------------------------------------

def test_simulate_seats_the_greedy_player(capsys):
    import json

    assert main.main(["simulate", "--map", "trench-raid", "--p1", "greedy", "--p2", "random", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert len(games) == 1 and games[0]["winner"] in ("british", "german", None) and games[0]["commands"] > 0


def test_simulate_refuses_an_unknown_player(capsys):
    line = refused(capsys, "simulate", "--map", "trench-raid", "--p1", "clever")
    assert "greedy" in line and "random" in line


def test_the_command_line_offers_the_players_simulate_builds():
    from game import simulate

    assert main.PLAYERS == simulate.PLAYERS
    for name in simulate.PLAYERS:
        assert simulate.make_player(name, 1).name == name


def test_strength_against_one_baseline_plays_only_that_column(capsys):
    """--against random: the rows' games against random only (a WW2 row against greedy takes
    an hour at 100 games; against random minutes)."""
    import json

    assert main.main(["strength", "--games", "2", "--map", "open-field", "--portals", "off", "--against", "random",
                      "--workers", "1", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 2 and all(set(r) == {"map", "ruleset", "ai_side", "portals", "vs_random"} for r in rows)
    assert all(r["vs_random"]["games"] == 2 for r in rows)
    from game import strength

    sub = next(a for a in main.build_parser()._actions if a.dest == "command")
    against = next(a for a in sub.choices["strength"]._actions if a.dest == "against")
    assert against.choices == [*strength.FOES, "both"]  # the parser names the baselines strength plays
    assert main.main(["strength", "--against", "nobody"]) == 2  # refused in one line, as any bad argument
    assert "invalid choice: 'nobody'" in capsys.readouterr().err


def test_strength_reports_the_ai_against_random_and_against_greedy(capsys, tmp_path, monkeypatch):
    import json
    import shutil

    # a map of the player's own that the --map filter matches is not a shipped row
    monkeypatch.setenv("TRENCHTABLE_HOME", str(tmp_path))
    (tmp_path / "maps").mkdir()
    shutil.copy(ROOT / "maps" / "trench-raid.yaml", tmp_path / "maps" / "my-trench-raid.yaml")
    # the rows --portals asks for, side by side (the games of a row are the same whichever asks)
    from game import strength
    from game.catalog import load_map

    lm = load_map(ROOT / "maps" / "trench-raid.yaml")
    british_first = strength.ai_side_of(lm, True) == "british"
    rows = {asked: [strength.portal_settings(lm, first, asked) for first in (british_first, not british_first)]
            for asked in ("both", "on", "off")}
    assert rows == {"both": [[False], [True, False]], "on": [[], [True]], "off": [[False], [False]]}

    assert main.main(["strength", "--games", "1", "--map", "trench-raid", "--workers", "1", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    # the British have no portal markers on this map (one row, from figures); the Germans
    # a row from their markers (as the window plays) and one from their figures
    assert [(r["ai_side"], r["portals"]) for r in rows] == [("british", False), ("german", True), ("german", False)]
    for r in rows:
        for foe in ("vs_random", "vs_greedy"):
            c = r[foe]
            assert c["games"] == 1 and 0 <= c["ai_wins"] + c["draws"] <= 1 and c["ai_win_rate"] in (0, 1)


def test_strength_baselines_play_each_baseline_against_itself_once_a_map(capsys):
    """--baselines: each row also says how often the baseline wins on the AI's side
    against itself (from figures, the same seeds): the same games for both sides of a
    map, so the two sides' wins and the draws add up to the games."""
    import json

    from game.catalog import load_map
    from game.simulate import simulate

    assert main.main(["strength", "--games", "2", "--map", "trench-raid", "--portals", "off", "--against", "random",
                      "--baselines", "--workers", "1", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["ai_side"] for r in rows] == ["british", "german"]
    pairs = [r["random_pair"] for r in rows]
    assert all(p["games"] == 2 for p in pairs) and pairs[0]["draws"] == pairs[1]["draws"]
    assert pairs[0]["side_wins"] + pairs[1]["side_wins"] + pairs[0]["draws"] == 2
    lm = load_map(ROOT / "maps" / "trench-raid.yaml")
    british = sum(simulate(lm, seed, "random", "random", portals=False).winner == "british" for seed in (1, 2))
    assert pairs[0]["side_wins"] == british
    assert main.main(["strength", "--games", "1", "--map", "trench-raid", "--portals", "off", "--against", "random",
                      "--baselines", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("[random on this side vs random: ") == 2


def test_strength_baselines_from_markers_play_that_side_from_its_markers(capsys):
    """A row from portal markers reads a pair played with that side from its markers (the
    force generation brings its units on and the baseline commands them): at the Trench
    Raid random against random, seed 1, the Germans from figures lose and from markers win."""
    import json

    from game.catalog import load_map
    from game.simulate import simulate

    assert main.main(["strength", "--games", "1", "--map", "trench-raid", "--against", "random",
                      "--baselines", "--workers", "1", "--json"]) == 0
    rows = {(r["ai_side"], r["portals"]): r["random_pair"] for r in json.loads(capsys.readouterr().out)}
    lm = load_map(ROOT / "maps" / "trench-raid.yaml")
    markers = simulate(lm, 1, "random", "random", options={"solo_side": "german"}, portals=False).winner
    figures = simulate(lm, 1, "random", "random", portals=False).winner
    assert (markers, figures) == ("german", "british")
    assert rows[("german", True)]["side_wins"] == 1 and rows[("german", False)]["side_wins"] == 0
    assert rows[("british", False)]["side_wins"] == 1
