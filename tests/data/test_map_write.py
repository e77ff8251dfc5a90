from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.data.map_schema import MapFile
from game.data.map_write import dump_map, scalar
from game.data.pyd import validate_model
from game.data.yamlio import load_yaml

ROOT = Path(__file__).resolve().parents[2]


def test_every_shipped_map_is_in_the_canonical_layout():
    for p in sorted((ROOT / "maps").glob("*.yaml")):
        m = validate_model(MapFile, load_yaml(p))
        assert dump_map(m) == p.read_text(), f"{p.name} is not in the canonical layout; rewrite it with dump_map"


def test_dump_then_load_gives_the_same_model():
    for p in sorted((ROOT / "maps").glob("*.yaml")):
        m = validate_model(MapFile, load_yaml(p))
        again = MapFile.model_validate(yaml.safe_load(dump_map(m)))
        assert again == m


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=0, max_size=30))
def test_any_string_survives_inside_flow_style(s):
    text = "{a: " + scalar(s) + ", b: [" + scalar(s) + "]}"
    assert yaml.safe_load(text) == {"a": s, "b": [s]}


@settings(max_examples=100, deadline=None)
@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
def test_numbers_round_to_four_places(v):
    assert abs(yaml.safe_load(scalar(v)) - round(v, 4)) < 1e-9
