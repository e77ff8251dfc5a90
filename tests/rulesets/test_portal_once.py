"""A portal that produces figures only once (interpretation portal-once): "The large rock
may not start a game with a portal marker behind it, except in a special scenario where
it can only produce figures once (They were hiding behind the rock!) -- then the portal
is removed from play." A map marks such a marker ``once: true``; the editor makes one and
shows each marker's kind; validate warns about a plain portal behind a rock.
Text: ../shared/rules/ww2-skirmish-solo.txt, "Eliminating Portals", after Example 2."""

import pytest
import yaml

from game.catalog import validate_file
from game.core.victory import marker_summary
from game.data.errors import DataError
from game.data.map_write import dump_map
from game.editor.markers import MARKER_KINDS, marker_kind, set_marker_kind
from game.editor.model import EditorDoc
from game.solo import portal_state, portals
from game.solo.keys import SoloKey

from .helpers import force, make_game, small_map, unit

# a large rock in the middle of the table, the solo side's markers behind it (north)
ROCK = {"type": "rock", "name": "Big rock", "polygon": [[20, 14], [28, 14], [28, 18], [20, 18]]}
BEHIND = [24, 12.5]  # 1.5" north of the rock
POOL = [unit("g1", [("ger_nco", 2, 2)] + [("ger_rifleman", 4 + 2 * i, 2) for i in range(3)]),
        unit("g2", [("ger_rifleman", 4 + 2 * i, 5) for i in range(4)])]


def rock_map(once: bool = True, extra_portals=()) -> dict:
    doc = small_map([unit("a1", [("us_rifleman", 24, 40)])], POOL, terrain=[ROCK], ruleset="ww2-skirmish")
    doc["portals"] = [{"side": "b", "at": BEHIND, "once": once}, *extra_portals]
    return doc


def generated(doc, die: int):
    """The game after one force generation roll of ``die`` (contact made: no -1) with
    every portal marker in sight, the shuffle taking the first."""
    game = make_game(doc, options={"solo_side": "b"})
    portal_state.require_info(game.state)["contact"] = True
    seen = portal_state.solo_markers(game, ("portal",))
    force(game, die, *[0] * (len(seen) - 1))
    portals.generate(game.rules, game, seen, "test")
    return game


def test_a_one_time_portal_produces_its_force_and_is_removed_from_play():
    game = generated(rock_map(), 6)  # 6: a Rifle group (an NCO and three riflemen)
    assert [len(game.state.unit_figures(u.id)) for u in game.state.side_units("b")] == [4]
    assert not portal_state.solo_markers(game, ("portal",))
    lines = [e.text for e in game.log.events]
    assert "A portal marker is removed from play: a force appeared at it, and it could produce figures only once." in lines
    # the end of game screen counts it apart from the markers eliminated
    assert marker_summary(game.state, "b") == "0 of 1 portal markers eliminated (0 portals, 0 dummies), 1 one-time portal spent, 0 left on the table"


def test_a_plain_portal_stays_after_its_force_appears():
    game = generated(rock_map(once=False), 6)
    assert len(game.state.side_units("b")) == 1
    assert len(portal_state.solo_markers(game, ("portal",))) == 1


def test_a_roll_that_brings_nothing_leaves_the_one_time_portal_in_play():
    game = generated(rock_map(), 5)  # 5: nothing
    assert not game.state.side_units("b")
    [m] = portal_state.solo_markers(game, ("portal",))
    assert m.attrs[SoloKey.ONCE] is True


def test_only_a_one_time_portal_may_stand_behind_a_large_rock():
    doc = rock_map(once=False, extra_portals=[{"side": "b", "at": [24, 19.5], "once": True}])
    found = EditorDoc(doc).warnings()
    # the plain portal behind the rock: told why and what to do; the one-time portal on the
    # rock's south face, in the open and in the player's sight: seen at the start
    assert found[0].startswith("portals[0] (portal marker of b at 24, 12.5): behind Big rock, which only a one-time portal may stand behind")
    assert "set once: true" in found[0]
    assert found[1].startswith("portals[1] (one-time portal marker of b at 24, 19.5): in sight of the other side")
    assert len(found) == 2
    assert EditorDoc(rock_map()).warnings() == []


def test_once_is_written_only_where_set_and_read_back(tmp_path):
    doc = rock_map(extra_portals=[{"side": "b", "at": [10, 4], "dummy": True}])
    text = dump_map(EditorDoc(doc).data)
    assert text.count("once: true") == 1 and "once: false" not in text
    f = tmp_path / "rock.yaml"
    f.write_text(text)
    assert ": ok (" in validate_file(f)
    assert [p.get("once", False) for p in yaml.safe_load(text)["portals"]] == [True, False]


@pytest.mark.parametrize("entry, field, words", [
    ({"side": "b", "at": [10, 4], "dummy": True, "once": True}, "portals[1].once", "only a portal marker produces figures once, not a dummy"),
    ({"side": "b", "at": [10, 4], "counter": "sniper", "once": True}, "portals[1].once", "not a sniper"),
    ({"side": "b", "at": [10, 4], "counter": "snipper"}, "portals[1].counter", "sniper"),
])
def test_a_marker_that_cannot_be_is_refused_naming_it(tmp_path, entry, field, words):
    doc = rock_map(extra_portals=[entry])
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump(doc, sort_keys=False))
    with pytest.raises(DataError) as e:
        validate_file(f)
    assert e.value.file == str(f) and e.value.line is not None and e.value.field == field, e.value.one_line()
    assert words in e.value.message, e.value.one_line()


def test_the_editor_cycles_a_marker_through_every_kind():
    ed = EditorDoc(rock_map(once=False))
    seen = []
    for _ in MARKER_KINDS:
        seen.append(marker_kind(ed.data["portals"][0]))
        nxt = MARKER_KINDS[(MARKER_KINDS.index(seen[-1]) + 1) % len(MARKER_KINDS)]
        assert set_marker_kind(ed, 0, nxt) is None
    assert seen == list(MARKER_KINDS) and marker_kind(ed.data["portals"][0]) == "portal"
    assert set_marker_kind(ed, 0, "mine") is None
    assert ed.data["portals"][0] == {"side": "b", "at": BEHIND, "once": False, "dummy": False, "counter": "mine"}
    assert set_marker_kind(ed, 0, "rock") == "unknown marker kind 'rock' (one of portal, once, dummy, sniper, artillery, mine)"
