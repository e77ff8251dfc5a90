"""Every class of data error names the file, the line, the field and what was expected;
`main.py validate` prints it on one line and exits non-zero without a traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

from game.catalog import validate_file
from game.data.errors import DataError

ROOT = Path(__file__).resolve().parents[2]
GOOD_MAP = (ROOT / "maps" / "trench-raid.yaml").read_text()

SMALL = """kind: map
name: Test
ruleset: great-war-54mm
unit: in
table: {width: 24, height: 24}
terrain:
  - {type: wood, polygon: [[2, 2], [6, 2], [6, 6]]}
sides:
  - id: a
    name: A
    home_edge: south
    units:
      - id: a1
        name: A1
        figures:
          - {type: rifleman, at: [5, 20]}
  - id: b
    name: B
    home_edge: north
    units:
      - id: b1
        name: B1
        figures:
          - {type: rifleman, at: [5, 3]}
"""


def write(tmp_path, text, name="m.yaml"):
    p = tmp_path / name
    p.write_text(text)
    return p


def err(path) -> DataError:
    with pytest.raises(DataError) as e:
        validate_file(path)
    return e.value


def test_small_map_is_valid(tmp_path):
    assert "ok" in validate_file(write(tmp_path, SMALL))


@pytest.mark.parametrize(
    "change,line,field,words",
    [
        # malformed YAML
        (lambda s: s.replace("table: {width: 24, height: 24}", "table: {width: 24, height: 24"), None, "", "malformed YAML"),
        # unknown field
        (lambda s: s.replace("unit: in\n", "unit: in\ncolour: red\n"), 5, "colour", "unknown field"),
        # missing field
        (lambda s: s.replace("name: Test\n", ""), None, "name", "required field is missing"),
        # wrong type
        (lambda s: s.replace("width: 24,", "width: wide,"), 5, "table.width", "valid number"),
        # unknown terrain type with a suggestion
        (lambda s: s.replace("type: wood", "type: woods"), 7, "terrain[0].type", "did you mean 'wood'"),
        # self-intersecting polygon
        (lambda s: s.replace("[[2, 2], [6, 2], [6, 6]]", "[[2, 2], [6, 6], [6, 2], [2, 6]]"), 7, "terrain[0].polygon", "self-intersecting"),
        # figure off the table
        (lambda s: s.replace("at: [5, 20]", "at: [5, 30]"), 16, "sides[0].units[0].figures[0].at", "off the table"),
        # unknown troop type
        (lambda s: s.replace("{type: rifleman, at: [5, 3]}", "{type: grenadier, at: [5, 3]}"), 24, "sides[1].units[0].figures[0].type", "unknown troop type 'grenadier'"),
        # reference to a weapon that does not exist
        (lambda s: s.replace("{type: rifleman, at: [5, 3]}", "{type: rifleman, at: [5, 3], weapons: [flamer]}"), 24, "sides[1].units[0].figures[0].weapons[0]", "unknown weapon 'flamer'"),
        # duplicate key
        (lambda s: s.replace("unit: in\n", "unit: in\nunit: cm\n"), 5, "", "appears twice"),
        # bad literal value
        (lambda s: s.replace("home_edge: south", "home_edge: up"), 11, "sides[0].home_edge", "expected one of"),
        # duplicate ids
        (lambda s: s.replace("id: b1", "id: a1"), 21, "sides[1].units[0].id", "used twice"),
    ],
)
def test_each_error_names_file_line_field(tmp_path, change, line, field, words):
    path = write(tmp_path, change(SMALL))
    e = err(path)
    assert e.file == str(path)
    if line is not None:
        assert e.line == line
    assert e.field == field
    assert words in e.message, e.one_line()
    assert "\n" not in e.one_line()


def test_malformed_yaml_has_a_line(tmp_path):
    e = err(write(tmp_path, "kind: map\nname: [unclosed\n"))
    assert e.line is not None and "malformed YAML" in e.message


def test_unknown_kind(tmp_path):
    e = err(write(tmp_path, "kind: spaceship\n"))
    assert "expected kind: map, ruleset, terrain-types or solo-tables" in e.message


def test_broken_ruleset_names_the_field(tmp_path):
    text = (ROOT / "rulesets" / "great-war-54mm.yaml").read_text()
    broken = text.replace("  rifle:  {name: Rifle, short: 12, long: 24, dice: 1}", "  rifle:  {name: Rifle, short: 12, long: 24, dice: many}")
    e = err(write(tmp_path, broken, "r.yaml"))
    assert e.field == "weapons.rifle.dice" and e.line is not None
    broken = text.replace("weapons: [lmg]", "weapons: [lewis]")
    e = err(write(tmp_path, broken, "r2.yaml"))
    assert "unknown weapon 'lewis'" in e.message and e.field.startswith("troop_types.lmg_gunner.weapons")


def test_every_shipped_file_validates():
    files = sorted((ROOT / "maps").glob("*.yaml")) + sorted((ROOT / "rulesets").glob("*.yaml"))
    assert files
    for f in files:
        assert ": ok (" in validate_file(f)


def test_validate_command_exit_codes_and_one_line(tmp_path):
    bad = write(tmp_path, SMALL.replace("at: [5, 20]", "at: [5, 30]"))
    good = ROOT / "maps" / "trench-raid.yaml"
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "validate", str(good)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "validate", str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{bad}:16: sides[0].units[0].figures[0].at:")


@pytest.mark.parametrize("old,new,field", [
    ("circle: {center: [20, 22], radius: 2.5}", "circle: {center: [20, 22], radius: .inf}", "terrain[8].circle.radius"),
    ("table: {width: 72, height: 48}", "table: {width: .inf, height: 48}", "table.width"),
    ("[36, 0], [36, 7]", "[36, .nan], [36, 7]", "terrain[1].line[0][1]"),
])
def test_an_infinite_or_not_a_number_value_is_refused_by_field(tmp_path, old, new, field):
    """Infinite and NaN numbers crashed the geometry (issue 16); no length, angle or count
    on a table can be one, so every data model refuses them."""
    p = tmp_path / "bad.yaml"
    assert old in GOOD_MAP
    p.write_text(GOOD_MAP.replace(old, new))
    with pytest.raises(DataError) as e:
        validate_file(p)
    assert f"{field}: Input should be a finite number" in str(e.value) and str(p) in str(e.value)
