import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT)


def test_odds_json_for_a_shot_on_a_shipped_map():
    r = run("odds", "--ruleset", "great-war-54mm", "--map", "trench-raid", "--shooter", "b1.8", "--target", "g1", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    # the raiders' LMG at long range (5+) into the trench (-1): each of 3 dice hits on a 6 only
    assert d["outcomes"]["fractions"]["0"] == "125/216"
    assert d["outcomes"]["exact"] is True
    assert any(m["name"] == "target in cover" for m in d["modifiers"])


def test_odds_table_and_refusal():
    r = run("odds", "--map", "trench-raid", "--shooter", "g3.1", "--target", "b1")
    assert r.returncode == 0 and "casualties" in r.stdout and "exact" in r.stdout
    r = run("odds", "--map", "trench-raid", "--shooter", "b4.8", "--target", "g1")  # 27.8" off: LMG reaches 24"
    assert r.returncode == 2 and "out of LMG range" in r.stderr and "Traceback" not in r.stderr


def test_assault_odds_from_the_command_line():
    r = run("odds", "--map", "trench-raid", "--shooter", "b1.3", "--target", "g1", "--assault")
    assert r.returncode == 2 and "within 2" in r.stderr


def test_odds_places_the_shooters_unit_with_at_and_plays_on_with_turn():
    # from the start the British section is 57" off; --at 46,22 brings its rifleman 19" from
    # the Germans (long range, 5+ on a d6: a third of a casualty), the section moved with him
    r = run("odds", "--map", "open-field-encounter", "--shooter", "b1.3", "--target", "g1")
    assert r.returncode == 2 and "57.1\" away" in r.stderr
    r = run("odds", "--map", "open-field-encounter", "--shooter", "b1.3", "--target", "g1", "--at", "46,22", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["outcomes"]["fractions"] == {"0": "2/3", "1": "1/3"}
    r = run("odds", "--map", "open-field-encounter", "--shooter", "b1.3", "--target", "g1", "--at", "80,22")
    assert r.returncode == 2 and "off the table" in r.stderr and "Traceback" not in r.stderr
    r = run("odds", "--map", "open-field-encounter", "--shooter", "b1.3", "--target", "g1", "--at", "here")
    assert r.returncode == 2 and "give X,Y" in r.stderr
    # --turn plays the random baseline on to the turn (as screenshot does): the figures have moved
    a = run("odds", "--map", "open-field-encounter", "--shooter", "b1.3", "--target", "g1", "--turn", "3", "--seed", "2")
    assert a.returncode == 2 and "57.1\" away" not in a.stderr  # refused from where they stand by turn 3
    assert "cannot see any figure of Gruppe Vogel" in a.stderr or "away" in a.stderr
