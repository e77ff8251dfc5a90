"""The New game screen for a map of three sides: one row per side, the seed below the
last row the ruleset allows, and a hotseat game of three (issue 19's engine: more than
two players). No shipped ruleset seats three yet: the Great War's data class is let to."""

from __future__ import annotations

import yaml

from game.catalog import load_ruleset
from game.paths import user_maps_dir
from game.ui.menu import MainMenu, NewGameScene
from game.ui.play import PlayScene
from tests.rulesets.helpers import three_sides


def test_three_sides_get_three_rows_and_play_hotseat(app, drive, monkeypatch):
    monkeypatch.setattr(type(load_ruleset("great-war-54mm").data), "MAX_SIDES", 3)
    doc = three_sides()
    doc["name"] = "Three-way table"
    user_maps_dir().mkdir(parents=True, exist_ok=True)
    (user_maps_dir() / "three-way.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    app.switch(MainMenu(app))
    drive.click(app.scene.buttons["New game"].rect.center)
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    names = [lm.model.name for lm in scene.maps]
    scene.map_index = names.index("Three-way table")
    scene._side_widgets()
    drive.frame()
    rows = [m.rect for m in scene.side_menus.values()]
    assert list(scene.side_menus) == ["a", "b", "c"] and len({r.y for r in rows}) == 3
    assert scene.seed_entry.rect.y > max(r.bottom for r in rows)  # the seed row is below the third side
    drive.click(scene.start_btn.rect.center)
    assert isinstance(app.scene, PlayScene)
    assert app.scene.game.state.side_order == ["a", "b", "c"]
    assert app.scene.session.human_sides == ["a", "b", "c"]


def test_a_side_name_wider_than_its_label_ends_in_an_ellipsis_with_the_whole_name_on_hover(app, drive):
    """Found in a real window: La Haie's "Grenadier-Regiment 916 (strongpoint)" ran under
    its player menu, cut off mid-word."""
    scene = NewGameScene(app)
    scene.ruleset_id = "ww2-skirmish"  # (as the ruleset menu leaves it)
    app.switch(scene)
    names = [lm.model.name for lm in scene.maps]
    scene.map_index = names.index("The Hedgerows at La Haie")
    scene._side_widgets()
    drive.frame()
    sides = scene.maps[scene.map_index].model.sides
    for label, side in zip(scene.side_labels, sides, strict=True):
        shown = label.text
        assert label.font.size(shown)[0] <= label.rect.width - 8, shown
        assert shown == side.name or (shown.endswith("...") and side.name.startswith(shown[:-3]))
    long = next(lab for lab, s in zip(scene.side_labels, sides, strict=True) if lab.text != s.name)
    assert long.tool_tip_text == next(s.name for s in sides if s.name.startswith(long.text[:-3]))
