"""The one reading path of every data file trusts no file (issue 16): each hostile file is
refused with one line naming the file (and the line where there is one), quickly and
without growing memory, and the process lives on."""

from __future__ import annotations

import os
import resource
import time
from pathlib import Path

import pytest

from game.catalog import load_ruleset_doc, validate_file
from game.data.errors import DataError
from game.data.yamlio import MAX_BYTES, MAX_DEPTH, parse_yaml

ROOT = Path(__file__).resolve().parents[2]


def refusal(path: Path) -> DataError:
    with pytest.raises(DataError) as e:
        validate_file(path)
    assert "\n" not in e.value.one_line()
    return e.value


def test_deep_nesting_is_refused_before_it_is_built(tmp_path):
    """A few thousand nested lists were a RecursionError; a few hundred thousand killed
    the process (the node composer recursing in C)."""
    for depth in (MAX_DEPTH + 1, 5_000, 300_000):
        p = tmp_path / f"deep{depth}.yaml"
        p.write_text("kind: map\nx: " + "[" * depth + "]" * depth + "\n")
        e = refusal(p)
        # ours, or (for the deepest) newer libyaml's own limit: either way line 2, nesting
        assert e.line == 2 and (f"nested more than {MAX_DEPTH} deep" in e.message or "maximum nesting depth" in e.message), e.message


def test_block_nesting_counts_too(tmp_path):
    text = "kind: map\n" + "".join(" " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 2)) + " " * (MAX_DEPTH + 2) + "v\n"
    p = tmp_path / "blocks.yaml"
    p.write_text(text)
    assert "nested more than" in refusal(p).message


def test_an_alias_bomb_is_refused_before_it_grows(tmp_path):
    """The 'billion laughs': nine lists each naming the last nine times. Refused in well
    under a second, without the memory it would take."""
    text = 'kind: map\na0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n'
    for i in range(1, 10):
        text += f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n"
    p = tmp_path / "lol.yaml"
    p.write_text(text)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    e = refusal(p)
    assert time.perf_counter() - t < 1.0
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000  # KB
    assert "once its aliases (*name) are followed" in e.message and e.line is not None


def test_a_few_aliases_are_fine():
    doc = parse_yaml("kind: map\nbase: &b {x: 1}\ncopy: *b\n", "small.yaml")
    assert doc.data["copy"] == {"x": 1}


def test_a_number_of_thousands_of_digits(tmp_path):
    p = tmp_path / "big.yaml"
    p.write_text("kind: map\nname: x\nturns: " + "9" * 5000 + "\n")
    e = refusal(p)
    assert e.line == 3 and "a number written with 5000 characters" in e.message


def test_a_long_text_that_starts_with_digits_is_no_number():
    doc = parse_yaml("kind: map\ndescription: 1944 " + "and so on " * 20 + "\n", "text.yaml")
    assert doc.data["description"].startswith("1944")


def test_a_number_beyond_any_length_or_count(tmp_path):
    p = tmp_path / "far.yaml"
    p.write_text((ROOT / "maps" / "trench-raid.yaml").read_text().replace("table: {width: 72, height: 48}", "table: {width: 1.0e+300, height: 48}"))
    e = refusal(p)
    assert e.field == "table.width" and "beyond any length, count or angle" in e.message


def test_not_utf8_names_the_byte_and_line(tmp_path):
    p = tmp_path / "latin1.yaml"
    p.write_bytes(b"kind: map\nname: caf\xe9\n")
    e = refusal(p)
    assert e.line == 2 and "byte 19 is not UTF-8" in e.message


def test_a_huge_file_is_refused_unread(tmp_path):
    p = tmp_path / "huge.yaml"
    with p.open("wb") as f:
        f.truncate(MAX_BYTES + 1)
    t = time.perf_counter()
    assert "at most 2,000,000" in refusal(p).message
    assert time.perf_counter() - t < 0.5


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_given_as_a_map_does_not_hang(tmp_path):
    p = tmp_path / "fifo.yaml"
    os.mkfifo(p)
    assert "not a regular file" in refusal(p).message


def test_a_folder_given_as_a_map(tmp_path):
    assert "not a regular file" in refusal(tmp_path).message


@pytest.mark.parametrize(
    "find,replace,words",
    [
        ("activation_die: d10", "activation_die: banana", "activation_die: 'banana' is not dice; write them like d6, 3d6 or 2dAv"),
        ("movement_dice: 2dAv", "movement_dice: 999999999d999999999", "movement_dice: '999999999d999999999' is not dice"),
        ("movement_dice: 2dAv", "movement_dice: 50d6", "movement_dice: '50d6': a roll is 1 to 20 dice of 2 to 100 faces"),
        ("run_dice: 2dAv", "run_dice: 2d1", "a roll is 1 to 20 dice of 2 to 100 faces"),
    ],
)
def test_dice_in_a_ruleset_are_checked_when_it_is_read(tmp_path, find, replace, words):
    text = (ROOT / "rulesets" / "great-war-54mm.yaml").read_text()
    assert find in text
    p = tmp_path / "gw.yaml"
    p.write_text(text.replace(find, replace))
    e = refusal(p)
    assert words in e.one_line() and e.line is not None


@pytest.mark.parametrize("name", ["great-war-54mm", "wwify", "ww2-skirmish", "goodbyeeee", "solo", "terrain"])
def test_a_data_file_cut_short_is_refused(tmp_path, name):
    """Cut between two list items a file still reads as YAML; without its last line
    (`end: ...`) it is refused wherever it is cut."""
    p0 = tmp_path / "whole.yaml"
    lines0 = (ROOT / "rulesets" / f"{name}.yaml").read_text().splitlines(keepends=True)
    p0.write_text("".join(lines0[:-1]))  # only the last line gone: the rest is whole
    assert "cut short" in refusal(p0).message
    lines = (ROOT / "rulesets" / f"{name}.yaml").read_text().splitlines(keepends=True)
    p = tmp_path / f"{name}.yaml"
    for cut in (len(lines) // 3, len(lines) // 2, len(lines) - 3):
        p.write_text("".join(lines[:cut]))
        refusal(p)  # whatever it was cut in: a field missing, a list short, the last line gone


def test_the_end_marker_names_its_own_file(tmp_path):
    text = (ROOT / "rulesets" / "great-war-54mm.yaml").read_text()
    p = tmp_path / "gw.yaml"
    p.write_text(text.replace("end: great-war-54mm", "end: wwify"))
    assert "does not end with the line `end: great-war-54mm`" in refusal(p).message


def test_unknown_map_settings_and_attrs_are_refused(tmp_path):
    base = (ROOT / "maps" / "trench-raid.yaml").read_text()
    p = tmp_path / "m.yaml"
    p.write_text(base.replace("settings: {artillery: british}", "settings: {artillery: british, artilery: german}"))
    assert refusal(p).field == "settings.artilery"
    p.write_text(base.replace("      - id: b1\n", "      - id: b1\n        attrs: {start_strength: lots}\n"))
    e = refusal(p)
    assert "unknown unit attr 'start_strength'" in e.message
    ww = (ROOT / "maps" / "wwify-gloomford-crossing.yaml").read_text()
    assert "attrs: {materials: 4}" in ww
    p.write_text(ww.replace("attrs: {materials: 4}", "attrs: {materials: -3}", 1))
    assert "'materials' is a whole number from 0 to 1000, not -3" in refusal(p).message


def test_the_shipped_rulesets_still_read(tmp_path):
    from game.data.yamlio import load_yaml

    for name in ("great-war-54mm", "wwify", "ww2-skirmish"):
        rs = load_ruleset_doc(load_yaml(ROOT / "rulesets" / f"{name}.yaml"))
        assert rs.data.end == name


@pytest.mark.parametrize(
    "value,words",
    [
        ('"' + "W" * 10_001 + '"', "a text of 10,001 characters; no text of this game needs more than 10,000 - shorten it"),
        ('"Hans\\0"', "the text holds the control character U+0000 at character 5; write printable text"),
        ('"del\\x7f"', "the text holds the control character U+007F at character 4"),
        ('"bell\\a"', "U+0007"),
    ],
)
def test_texts_are_printable_and_of_a_sane_length(tmp_path, value, words):
    """Found by fuzzing: a NUL in a name stopped the play screen's text renderer, and a
    name of a million characters is drawn a million pixels wide."""
    p = tmp_path / "m.yaml"
    p.write_text((ROOT / "maps" / "trench-raid.yaml").read_text().replace("name: Trench Raid", f"name: {value}"))
    e = refusal(p)
    assert e.line == 3 and e.field == "name" and words in e.message, e.one_line()


def test_tabs_and_line_breaks_are_text():
    doc = parse_yaml('kind: map\ndescription: "one\\tcolumn\\nand a line"\n', "t.yaml")
    assert doc.data["description"] == "one\tcolumn\nand a line"
