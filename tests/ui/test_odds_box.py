"""The odds box on the play screen: the whole distribution of an HE shot fits (hit or miss
first, then the effects from the likeliest, the rest gathered on one line, then the
morale tests), every line's chance is the report's own, and the box keeps off the cursor
and the shooters."""

from fractions import Fraction

import pygame
import pytest

from game.catalog import load_map, new_game
from game.core.odds import Distribution
from game.rulesets.offers import OddsLine, OddsReport
from game.session import Session
from game.ui.handlers import MIN_OUTCOME_LINES, ODDS_BOX_LINES, odds_lines
from game.ui.play import PlayScene


def he_report():
    lm = load_map("maps/ww2-village-hauteville.yaml")
    game = new_game(lm, 1)
    return lm.ruleset.odds(game, lm.ruleset.odds_command(game, "us8.1", "g1.1", False, {"weapon": "gun"}))


def pct_of(line: str) -> float:
    return float(line.rsplit(": ", 1)[1].rstrip("%"))


def test_an_he_shot_shows_miss_every_modifier_the_likeliest_effects_the_rest_and_morale():
    rep = he_report()
    lines = odds_lines(rep)
    assert len(lines) <= ODDS_BOX_LINES and lines[0] == rep.title
    assert all(f"{m.name}: {m.value}" in lines for m in rep.modifiers)  # every modifier
    label = lines.index(f"{rep.outcome_label}:")
    assert lines[label - 1].startswith("hit: hit (65%), miss (35%)")  # the summary before the effects
    assert lines[-2].startswith("morale tests: ") and lines[-1] == "(exact)"
    outcomes = lines[label + 1:-2]
    ranked = sorted(rep.outcomes.probs.items(), key=lambda kv: (-kv[1], str(kv[0])))
    assert len(ranked) > len(outcomes) >= MIN_OUTCOME_LINES  # 21 results: they do not all fit
    assert outcomes[0] == "  miss: 35.0%"
    shown = outcomes[:-1]
    for line, (k, p) in zip(shown, ranked, strict=False):
        assert line == f"  {k}: {p * 100:.1f}%"
    rest = ranked[len(shown):]
    assert outcomes[-1] == f"  {len(rest)} other results: {sum(p for _, p in rest) * 100:.1f}%"
    assert sum(pct_of(x) for x in outcomes) == pytest.approx(100, abs=0.05 * len(outcomes))


def test_few_outcomes_all_show_likeliest_first_and_too_many_modifiers_are_counted():
    d = Distribution({0: 0.5, 1: 0.3, 2: 0.2}, True, "exact: every dice outcome enumerated", {0: Fraction(1, 2)})
    rep = OddsReport("Rifleman fires", [OddsLine(f"modifier {i}", f"+{i}") for i in range(30)], d, "casualties")
    lines = odds_lines(rep)
    assert len(lines) == ODDS_BOX_LINES
    assert lines[-5:] == ["casualties:", "  0: 50.0%", "  1: 30.0%", "  2: 20.0%", "(exact)"]
    kept = [x for x in lines if x.startswith("modifier ")]
    assert lines[len(kept) + 1] == f"({30 - len(kept)} more modifiers: the log shows every one when it is rolled)"


def test_the_box_keeps_off_the_cursor_and_the_selected_shooters(app, home):
    game = new_game(load_map("maps/trench-raid.yaml"), 1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    t = scene.table_rect
    painter = scene.painter
    figures = [scene.camera.to_screen(f.pos) for f in game.state.figures.values() if f.alive]

    def covered(box):
        return sum(box.inflate(24, 24).collidepoint(p) for p in figures)

    corners = [pygame.Rect(x, y, 380, 300) for x, y in [(t.x + 10, t.y + 10), (t.right - 390, t.y + 10),
                                                         (t.x + 10, t.bottom - 310), (t.right - 390, t.bottom - 310)]]
    for cursor in [(t.right - 5, t.bottom - 5), (t.x + 50, t.y + 50), (t.x + 50, t.bottom - 50)]:
        box = painter.info_place(380, 300, cursor)
        assert not box.inflate(24, 24).collidepoint(cursor)
        free = [c for c in corners if not c.inflate(24, 24).collidepoint(cursor)]
        assert covered(box) == min(covered(c) for c in free)  # of the corners off the cursor, over the fewest figures
    scene.select("b1.1")  # a raider on the table: the box keeps off its unit too
    figs = [scene.camera.to_screen(f.pos) for f in game.state.unit_figures("b1")]
    box = painter.info_place(380, 300, (t.x + 50, t.y + 50))
    assert not any(box.collidepoint(p) for p in [*figs, (t.x + 50, t.y + 50)])


def test_a_pair_of_results_reads_as_words():
    """The Great War bombardment's outcomes are pairs (the test, the casualties): the box
    showed "('fails: pinned', 1): 3.3%" under "(test, casualties):"."""
    d = Distribution({("passes", 0): 0.8, ("fails: pinned", 1): 0.2}, True, "exact: every dice outcome enumerated", {})
    lines = odds_lines(OddsReport("Bombardment of Gruppe Weber", [], d, "(test, casualties)"))
    assert lines[-4:] == ["test, casualties:", "  passes, 0 casualties: 80.0%", "  fails: pinned, 1 casualties: 20.0%", "(exact)"]
    assert not any("(" in line and "'" in line for line in lines)


def test_the_box_keeps_off_every_figure_of_the_unit_aimed_at(app, home):
    """Not only the figure under the cursor: the whole unit aimed at, when a corner is free
    of it and of the shooters (the box was drawn over the rest of the target's figures)."""
    from game.ui.handlers import TargetHandler
    from game.ui.widgets import least_covering

    game = new_game(load_map("maps/trench-raid.yaml"), 1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    scene.select("b1.1")
    bombard = next(a for a in scene.current_actions() if a.mode == "enemy_unit")
    scene.push(TargetHandler(bombard))
    st, cam, t = game.state, scene.camera, scene.table_rect
    shooters = [cam.to_screen(f.pos) for f in st.unit_figures("b1")]
    checked = 0
    for zoom in (1.0, 2.0, 3.0):
        for uid in [u.id for u in st.units.values() if u.side != "british"]:
            cam.fit()
            cam.zoom_at(zoom, cam.to_screen(st.unit_figures(uid)[0].pos))
            shooters = [cam.to_screen(f.pos) for f in st.unit_figures("b1")]
            figs = [cam.to_screen(f.pos) for f in st.unit_figures(uid)]
            for cursor in figs:
                scene.top().hover_unit = uid
                box = scene.painter.info_place(380, 240, cursor)
                corners = [pygame.Rect(x, y, 380, 240) for x, y in [(t.x + 10, t.y + 10), (t.right - 390, t.y + 10),
                                                                     (t.x + 10, t.bottom - 250), (t.right - 390, t.bottom - 250)]]
                free = [c for c in corners if not any(c.inflate(24, 24).collidepoint(p) for p in [cursor, *figs, *shooters])]
                if free:
                    assert box in free
                else:
                    others = [cam.to_screen(f.pos) for f in st.figures.values() if f.alive]
                    assert box == least_covering(corners, [cursor, *figs], shooters, others, margin=12)
                checked += 1
    assert checked > 10


def test_the_box_keeps_off_the_cards_in_play_and_the_minimap(app, home):
    """Gloomford Crossing in a real window: the activation card drawn at the top right of
    the table hid the odds box's title and first lines (the card is drawn after it)."""
    from game.simulate import make_player

    game = new_game(load_map("maps/wwify-gloomford-crossing.yaml"), 3)
    players = {s: make_player("random", 11 + i) for i, s in enumerate(game.state.side_order)}
    while not any(d.discards for d in game.state.decks.values()):
        game.submit(players[game.acting_side].choose(game, game.acting_side))
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    painter, t = scene.painter, scene.table_rect
    cards = [r for r, *_ in painter.cards(game.state)]
    assert cards and all(t.contains(r) for r in cards)
    box = painter.info_place(380, 380, (t.x + 30, t.y + 30))  # the cursor at the top left: not there
    assert not box.collidepoint((t.x + 30, t.y + 30))
    assert box.collidelist([r.inflate(8, 48).move(0, 20) for r in cards]) < 0  # nor under the card
    scene.camera.zoom_at(3, t.center)  # zoomed in: the minimap at the bottom right
    app.frame(0.02)
    mini = scene.minimap.rect(scene.camera)
    assert scene.minimap.needed(scene.camera)
    box = painter.info_place(380, 300, (t.x + 30, t.bottom - 30))  # the cursor at the bottom left
    assert not box.colliderect(mini) and box.collidelist([r.inflate(8, 48).move(0, 20) for r in cards]) < 0


def test_the_box_keeps_off_the_names_on_the_table_when_it_can(app, home):
    """The Ambush in the Sunken Lane: the box lay over the crossroads' name at the top left
    with a corner free of figures and names beside it."""
    game = new_game(load_map("maps/ww2-135-ambush.yaml"), 1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    painter, t = scene.painter, scene.table_rect
    names = painter.names[0]
    assert names
    figures = [scene.camera.to_screen(f.pos) for f in scene.view_state().figures.values() if f.alive]
    corners = [pygame.Rect(x, y, 380, 140) for x, y in [(t.x + 10, t.y + 10), (t.right - 390, t.y + 10),
                                                         (t.x + 10, t.bottom - 150), (t.right - 390, t.bottom - 150)]]
    cursor = (t.centerx, t.centery)
    fine = [c for c in corners if c.collidelist(names) < 0 and not any(c.inflate(24, 24).collidepoint(p) for p in [cursor, *figures])]
    assert fine, "the test needs a corner free of names and figures"
    box = painter.info_place(380, 140, cursor)
    assert box in fine and box.collidelist(names) < 0
