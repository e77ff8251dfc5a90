"""Maps that `validate` once accepted and the game then crashed on (issue 16): each is now
refused with one line naming the file, the line, the field and the fix, or plays. The
rule: a file `validate` accepts is a file the game plays (set up, played by the random
baseline, drawn)."""

from __future__ import annotations

import pytest

from game.catalog import validate_file
from game.data.errors import DataError

from .hostile import mutated, play_headless, write_map


def fig(d, s=0, u=0, f=0):
    return d["sides"][s]["units"][u]["figures"][f]


def _tank_in_farm(d):
    d["sides"][0]["deployment"] = None
    d["sides"][0]["units"][9]["figures"][0]["at"] = [44, 25]  # the Carrier, inside Ferme de la Haie


def _no_units(d):
    d["sides"][1]["units"] = []
    d["portals"] = []


CASES = {
    # name: (map, change, the words of the refusal)
    "huge circle": ("trench-raid", lambda d: d["terrain"].append({"type": "crater", "circle": {"center": [20, 20], "radius": 1e8}}),
                    "terrain[22]: terrain feature 22 (crater) reaches"),
    "wood far off the table": ("trench-raid", lambda d: d["terrain"].append({"type": "wood", "circle": {"center": [20, 20], "radius": 1e5}}),
                               "far beyond the 72 x 48 in table"),
    "huge polygon": ("trench-raid", lambda d: d["terrain"].append({"type": "rough", "polygon": [[0, 0], [1e8, 0], [1e8, 1e8]]}),
                     "keep it within a quarter of the table's size of its edge"),
    "explicit id takes a generated one": ("trench-raid", lambda d: fig(d).__setitem__("id", "b1.2"),
                                          "figures[1]: figure id 'b1.2' (the name the game gives figure 2 of unit 'b1') is used twice"),
    "huge line width": ("trench-raid", lambda d: d["terrain"][0].__setitem__("width", 1e7),
                        "terrain[0].width: a trench 1e+07 in wide is wider than a quarter of the table"),
    "line width wider than the table": ("trench-raid", lambda d: d["terrain"][0].__setitem__("width", 5000), "give its real width"),
    "objective radius beyond the table": ("ww2-village-hauteville", lambda d: d["objectives"][0].__setitem__("radius", 1e8),
                                          "objectives[0].radius: a radius of 1e+08 in is wider than the table"),
    "side colour that is no colour": ("trench-raid", lambda d: d["sides"][0].__setitem__("colour", "notacolour"),
                                      "sides[0].colour: got 'notacolour'; write a colour as #rrggbb"),
    "huge table": ("trench-raid", lambda d: d["table"].__setitem__("width", 1e6), "table.width: a table 1e+06 in wide is out of reach"),
    "table of 20,000 inches": ("trench-raid", lambda d: d["table"].__setitem__("width", 20000), "tables are from 6 in (15 cm) to 20 ft"),
    "table of a hundredth of an inch": ("trench-raid", lambda d: d["table"].update(width=0.01, height=0.01), "table.width: a table 0.01 in wide"),
    "unknown equipment": ("trench-raid", lambda d: fig(d).__setitem__("equipment", ["banana"]),
                          "figures[0].equipment[0]: unknown equipment 'banana'"),
    "unknown equipment (a ruleset with some)": ("wwify-gloomford-crossing", lambda d: fig(d).__setitem__("equipment", ["gas_mask", "gasmask"]),
                                                "equipment[1]: unknown equipment 'gasmask' (did you mean 'gas_mask'?)"),
    "a side with no units and no portals": ("wwify-gloomford-crossing", _no_units,
                                            "sides[1].units: Iron Horde has no units and no portal markers; give it a unit to play"),
    "a carrier inside a farmhouse": ("ww2-bocage-bunkers", _tank_in_farm,
                                     "figures[0].at: the figure stands inside terrain feature 22 (building), which no vehicle may enter"),
    "facing of 1e300": ("trench-raid", lambda d: fig(d).__setitem__("facing", 1e300), "facing: 1e+300 is beyond any length, count or angle"),
    "facing of 9e8": ("trench-raid", lambda d: fig(d).__setitem__("facing", 9e8), "facing: Input should be less than or equal to 360"),
    "facing not a number": ("trench-raid", lambda d: fig(d).__setitem__("facing", float("nan")), "facing: Input should be a finite number"),
    "rect angle of 1e300": ("trench-raid", lambda d: d["terrain"][2]["rect"].__setitem__("angle", 1e300), "terrain[2].rect.angle:"),
    "rect angle infinite": ("trench-raid", lambda d: d["terrain"][2]["rect"].__setitem__("angle", float("inf")), "terrain[2].rect.angle: Input should be a finite number"),
    "a line with a point at infinity": ("trench-raid", lambda d: d["terrain"][0]["line"].__setitem__(1, [float("inf"), 3]), "terrain[0].line"),
    "a line of a thousand points": ("trench-raid", lambda d: d["terrain"][0].__setitem__("line", [[i * 0.07, 8] for i in range(1000)]),
                                    "terrain[0].line: List should have at most 500 items"),
    # found by the fuzzing of test_fuzz_files.py
    "a name of two lines in a refusal": ("ww2-village-hauteville", lambda d: d["terrain"][22].__setitem__("type", "two\nlines"),
                                         "terrain[22].type: unknown terrain type 'two\\nlines'"),
    "unknown ruleset": ("open-field-encounter", lambda d: d.__setitem__("ruleset", "banana"),
                        "ruleset: unknown ruleset 'banana'; expected one of: great-war-54mm, wwify, ww2-skirmish"),
    "artillery naming a list": ("trench-raid", lambda d: d["settings"].__setitem__("artillery", ["british", "british"]),
                                "settings.artillery: Input should be a valid string"),
    "demolition targets of lists": ("ww2-bocage-bunkers", lambda d: d["settings"].__setitem__("demolition_targets", [["a"]]),
                                    "settings.demolition_targets[0]: Input should be a valid string"),
    "radio net naming no side": ("ww2-bocage-bunkers", lambda d: d["settings"].__setitem__("radio_net", ["britsh"]),
                                 "settings.radio_net[0]: 'britsh' is not a side of this map; expected one of: british, german"),
    "radio net a text": ("ww2-bocage-bunkers", lambda d: d["settings"].__setitem__("radio_net", "british"),
                         "settings.radio_net: Input should be a valid list"),
    "demolition targets a number": ("ww2-bocage-bunkers", lambda d: d["settings"].__setitem__("demolition_targets", 5),
                                    "settings.demolition_targets: Input should be a valid list"),
    "bridge sites a number": ("wwify-gloomford-crossing", lambda d: d["settings"].__setitem__("bridge_sites", 0),
                              "settings.bridge_sites: Input should be a valid list"),
    "bridge site id a list": ("wwify-gloomford-crossing", lambda d: d["settings"]["bridge_sites"][0].__setitem__("id", ["x"]),
                              "settings.bridge_sites[0].id: Input should be a valid string"),
    "bridge site line of text": ("wwify-gloomford-crossing", lambda d: d["settings"]["bridge_sites"][0].__setitem__("line", [["a", 1], [2, 3]]),
                                 "settings.bridge_sites[0].line[0][0]: Input should be a valid number"),
    "bridge site off the table": ("wwify-gloomford-crossing", lambda d: d["settings"]["bridge_sites"][0].__setitem__("line", [[96, 23.5], [1e8, 1e8]]),
                                  "settings.bridge_sites[0].line: the bridge site's end [1e+08, 1e+08] is off the 120 x 48 table"),
    "bridge site of one point": ("wwify-gloomford-crossing", lambda d: d["settings"]["bridge_sites"][0].__setitem__("line", [[96, 23.5], [96, 23.5]]),
                                 "the bridge site's two ends are one point"),
    "strikes a text": ("wwify-gloomford-crossing", lambda d: d["settings"].__setitem__("artillery_strikes", "banana"),
                       "settings.artillery_strikes: Input should be a valid list"),
}


@pytest.mark.parametrize("name", CASES)
def test_refused_with_file_line_field_and_fix(name, tmp_path):
    base, change, words = CASES[name]
    path = write_map(tmp_path, mutated(base, change))
    with pytest.raises(DataError) as e:
        validate_file(path)
    line = e.value.one_line()
    assert line.startswith(f"{path}:") and e.value.line is not None, line
    assert words in line, line
    assert "\n" not in line


def test_a_figure_in_a_dugout_plays(tmp_path):
    """A Great War dugout (a bunker) keeps vehicles out, not men: a German standing in it is
    a legal map, and it plays."""
    data = mutated("trench-raid", lambda d: fig(d, 1, 0, 0).__setitem__("at", [36, 3.5]))
    assert play_headless(write_map(tmp_path, data)) == "played"


def test_a_side_of_portal_markers_only_plays(tmp_path):
    """The solo side may start as portal markers alone (the solo rules generate its units)."""
    data = mutated("wwify-gloomford-crossing", lambda d: d["sides"][1].__setitem__("units", []))
    assert play_headless(write_map(tmp_path, data), commands=10, frames=1) == "played"


def test_the_editor_keeps_a_map_that_is_not_playable_yet(tmp_path):
    """A map being built may lack units; the editor opens and saves it, play refuses it."""
    from game.editor.model import EditorDoc

    path = write_map(tmp_path, mutated("wwify-gloomford-crossing", _no_units))
    doc = EditorDoc.open(path)
    assert doc.save(tmp_path / "again.yaml").exists()
    with pytest.raises(DataError, match="has no units"):
        validate_file(tmp_path / "again.yaml")
