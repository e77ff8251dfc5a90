"""Where the odds box goes (issue 21), checked with exact rectangles: the box's against each
token's as drawn (its ring and badges), at 1000x700 and 1280x800, driven by posted events.

At 1000x700 a tall box could not keep off both the unit aimed at and the shooters (the
Trench Raid, turn 3: a British section's bombardment of Gruppe Weber 200 px above it; no
380x228 corner was clear). The box is now as wide as its lines, tried along the table's
edges and within it as well as in its corners, then at the bottom of the sidebar (over
the log; put away while the pointer is over the sidebar), and where none of these will do
the short box shows (the chances, the modifiers folded into one line) with E for the whole
box."""

import pygame
import pytest

from game.catalog import load_map, new_game
from game.core.state import DEAD
from game.rulesets.base import ruleset_of
from game.session import Session
from game.ui.app import App
from game.ui.info_box import MOST_W, KeepOff, choose, rows_of
from game.ui.play import PlayScene
from game.ui.theme import text_width
from game.ui.tokens import draw_token

from .conftest import Driver

SIZES = [(1000, 700), (1280, 800)]

#: the Trench Raid's 1st Section and Gruppe Weber where the random players had put them by
#: turn 3 of seed 3 (table mm), the casualties left out
SECTION = {"b1.2": (722.8, 745.9), "b1.3": (794.4, 888.9), "b1.4": (830.0, 888.9), "b1.5": (865.5, 888.9)}
WEBER = {f"g1.{i + 1}": (x, 1.0) for i, x in enumerate((689.3, 653.8, 724.9, 760.5, 796.0, 831.6, 867.1))}


@pytest.fixture(params=SIZES, ids=["1000x700", "1280x800"])
def sized(request, home):
    app = App(request.param, headless=True)
    yield app
    pygame.quit()


@pytest.fixture
def hands(sized):
    return Driver(sized)


def open_game(app, path, seed=1, place=None, fallen=()):
    game = new_game(load_map(path), seed)
    if callable(place):
        place = place(game)
    with game.changing():
        for fid, (x, y) in (place or {}).items():
            game.state.figures[fid].x, game.state.figures[fid].y = x, y
        for fid in fallen:
            game.state.figures[fid].life = DEAD
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    return game, scene


def token_rect(scene, fid):
    """The token of ``fid`` as the painter draws it (ring and badges), drawn again here on
    a scratch surface, clipped to the table."""
    st = scene.game.state
    f = st.figures[fid]
    tt = scene.rules.data.troop_types.get(f.type)
    scratch = pygame.Surface(scene.app.screen.get_size())
    r = draw_token(scratch, scene.camera.to_screen_f(f.pos), scene.camera.length(f.radius), st.sides[f.side].colour,
                   tt.symbol if tt else "dot", f.facing, scene.painter.badges(f, st))
    return r.clip(scene.table_rect)


def aim(drive, scene, shooter, key, target):
    """Select ``shooter`` with a click, arm the action on ``key``, rest the cursor on ``target``."""
    drive.click(scene.camera.to_screen(scene.game.state.figures[shooter].pos))
    drive.key(key)
    drive.move(scene.camera.to_screen(scene.game.state.figures[target].pos))
    drive.settle()  # the odds worked out beside the window, then shown


def rows_fit(scene):
    placed = scene.painter.info_cache[1]
    return all(text_width(words, 18, bold) <= placed.rect.w - 8 for words, bold in placed.rows)


def trench_raid(app):
    return open_game(app, "maps/trench-raid.yaml", 3, {**SECTION, **WEBER}, ("b1.1", "b1.6", "b1.7", "b1.8"))


def test_the_bombardment_box_keeps_off_gruppe_weber_and_the_section(sized, hands):
    """The case found at 1000x700: every 380-wide corner meets the target or the section."""
    game, scene = trench_raid(sized)
    aim(hands, scene, "b1.3", pygame.K_1, "g1.1")
    box = scene.painter.info_rect
    target = [token_rect(scene, f) for f in WEBER]
    shooters = [token_rect(scene, f) for f in SECTION]
    assert box is not None and box.collidelist(target) < 0 and box.collidelist(shooters) < 0
    placed = scene.painter.info_cache[1]
    assert not placed.short and rows_fit(scene)  # the whole box: every outcome of the distribution
    words = [w for w, _ in placed.rows]
    assert words[0] == "Bombardment of Gruppe Weber" and any(w.startswith("  passes, 0 casualties: ") for w in words)
    if sized.size == (1000, 700):  # the premise: the old box in any corner covered what it is about
        t = scene.table_rect
        corners = [pygame.Rect(x, y, 380, box.h) for x, y in [(t.x + 10, t.y + 10), (t.right - 390, t.y + 10),
                                                                (t.x + 10, t.bottom - 10 - box.h), (t.right - 390, t.bottom - 10 - box.h)]]
        assert all(c.collidelist(target + shooters) >= 0 for c in corners)


def test_every_aim_of_the_british_at_every_german_unit_keeps_off_target_and_shooters(sized, hands):
    drive = hands
    from game.ui.handlers import TargetHandler

    game, scene = trench_raid(sized)
    st = game.state
    checked = 0
    for unit in [u for u in st.units.values() if u.side == "british" and st.unit_figures(u.id)]:
        shooter = st.unit_figures(unit.id)[0]
        drive.click(scene.camera.to_screen(shooter.pos))
        for i, action in enumerate(scene.current_actions()):
            if action.mode != "enemy_unit" or not action.enabled:
                continue
            for enemy in [u for u in st.units.values() if u.side == "german" and st.unit_figures(u.id)]:
                drive.key(pygame.K_1 + i)
                assert isinstance(scene.top(), TargetHandler)
                drive.move(scene.camera.to_screen(st.unit_figures(enemy.id)[0].pos))
                drive.settle()
                box = scene.painter.info_rect
                assert box is not None
                assert box.collidelist([token_rect(scene, f.id) for f in st.unit_figures(enemy.id)]) < 0
                assert box.collidelist([token_rect(scene, f.id) for f in st.unit_figures(unit.id)]) < 0
                assert rows_fit(scene)
                drive.key(pygame.K_ESCAPE)
                checked += 1
    assert checked >= 4


def test_at_every_zoom_the_box_keeps_off_every_figure_of_the_unit_aimed_at(sized, hands):
    """Not only the figure under the cursor: the whole unit aimed at, zoomed in on it."""
    game, scene = open_game(sized, "maps/trench-raid.yaml", 1)
    st, cam = game.state, scene.camera
    hands.click(cam.to_screen(st.figures["b1.1"].pos))
    hands.key(pygame.K_1)
    checked = 0
    for zoom in (1.0, 2.0, 3.0):
        for uid in [u.id for u in st.units.values() if u.side == "german"]:
            cam.fit()
            cam.zoom_at(zoom, cam.to_screen(st.unit_figures(uid)[0].pos))
            for f in st.unit_figures(uid):
                p = cam.to_screen(f.pos)
                if not scene.table_rect.collidepoint(p):
                    continue
                hands.move(p)
                hands.settle()
                box = scene.painter.info_rect
                assert scene.top().hover_unit == uid and box is not None
                assert box.collidelist([token_rect(scene, x.id) for x in st.unit_figures(uid)]) < 0
                assert box.collidelist([token_rect(scene, x.id) for x in st.unit_figures("b1")]) < 0
                checked += 1
    assert checked > 10


def crowded(app):
    """The section and Gruppe Weber in four rows across the table, four to a row: no place
    on the table holds even the fitted box clear of them."""
    ids = list(SECTION) + list(WEBER) + ["b1.1", "b1.6", "b1.7", "b1.8", "g2.1"]  # sixteen

    def place(game):
        w, h = game.table.width, game.table.height
        return {fid: (w * (0.125 + 0.25 * (k % 4)), h * (0.04 + 0.3 * (k // 4))) for k, fid in enumerate(ids)}

    return open_game(app, "maps/trench-raid.yaml", 3, place)


def test_where_no_place_on_the_table_is_clear_the_box_goes_to_the_bottom_of_the_sidebar(sized, hands):
    drive = hands
    game, scene = crowded(sized)
    aim(drive, scene, "b1.3", pygame.K_1, "g1.1")
    box, side = scene.painter.info_rect, scene.sidebar_rect
    everyone = [token_rect(scene, f.id) for f in game.state.unit_figures("g1") + game.state.unit_figures("b1")] + [token_rect(scene, "g2.1")]
    assert box is not None and side.contains(box) and box.collidelist(everyone) < 0
    assert box.bottom == side.bottom - 8 and box.top >= scene.painter.actions_top  # over the log, under the selection's card
    assert not scene.painter.info_cache[1].short and rows_fit(scene)
    t = scene.table_rect  # premise: the fitted box over the table, wherever, covers one of them
    w, rows = rows_of(scene.top().info(scene), MOST_W)
    h = 12 + 18 * len(rows)
    assert all(pygame.Rect(x, y, w, h).collidelist(everyone) >= 0
               for x in range(t.x, t.right - w, 8) for y in range(t.y, t.bottom - h, 8))
    drive.move((side.x + 40, side.bottom - 30))  # the pointer over the sidebar: the box is put away
    assert scene.painter.info_rect is None
    drive.move(scene.camera.to_screen(game.state.figures["g1.1"].pos))
    assert scene.painter.info_rect == box


def hauteville_he(app, drive):
    """The Sherman's 75 mm HE shot at the MG 42 schütze, aimed with the mouse (its action
    has no key: the Sherman has more than ten; at 1000x700 it is in the More list)."""
    game, scene = open_game(app, "maps/ww2-village-hauteville.yaml", 1)
    with game.changing():  # the Germans the Sherman sees counted as spotted, as the odds command does
        ruleset_of(game).odds_command(game, "us8.1", "g1.1", False, {"weapon": "gun"})
    drive.click(scene.camera.to_screen(game.state.figures["us8.1"].pos))
    fire = next((b for b in scene.actions_bar.buttons if b.label.startswith("Fire 75mm")), None)
    if fire is None:
        drive.click(next(b for b in scene.actions_bar.buttons if b.label.startswith("More: ")).rect.center)
        fire = next(b for _, b in scene.top().buttons if b.label.startswith("Fire 75mm"))
    assert fire.enabled
    drive.click(fire.rect.center)
    drive.move(scene.camera.to_screen(game.state.figures["g1.1"].pos))
    drive.settle()
    return game, scene


def test_a_tall_box_that_fits_nowhere_clear_is_shown_short_and_e_shows_it_whole(home):
    """An HE shot's 22 lines at 1000x700 beside a Sherman with seventeen actions: the short
    box, clear of the target and the Sherman, still gives the hit or miss, the likeliest
    effects and the rest, the morale tests and every modifier folded into one line; E shows
    the whole box and E again the short one."""
    small = App((1000, 700), headless=True)
    drive = Driver(small)
    game, scene = hauteville_he(small, drive)
    rep = scene.top().report(scene, "g1.1")
    placed = scene.painter.info_cache[1]
    box = scene.painter.info_rect
    keep = [token_rect(scene, "g1.1"), token_rect(scene, "us8.1")]
    assert placed.short and box.collidelist(keep) < 0 and rows_fit(scene)
    words = [w.strip() for w, _ in placed.rows]
    assert "hit: hit (65%), miss (35%)" in words and "miss: 35.0%" in words
    assert any(w.startswith("morale tests: ") for w in words) and words[-1] == "(exact; E: every line)"
    assert any(w.startswith(f"{len(rep.modifiers)} modifiers: {rep.modifiers[0].name}: ") for w in words)
    outcomes = [w for w in words if w.startswith(("miss: ", "hit: ")) and w[-1] == "%"]
    rest = next(w for w in words if w.endswith("%") and " other results: " in w)
    total = sum(float(w.rsplit(": ", 1)[1].rstrip("%")) for w in [*outcomes, rest])
    assert total == pytest.approx(100, abs=0.2)  # the whole distribution, the rest on one line
    drive.key(pygame.K_e)
    whole = scene.painter.info_cache[1]
    assert not whole.short and all(f"{m.name}: {m.value}" in [w for w, _ in whole.rows] for m in rep.modifiers)
    drive.key(pygame.K_e)
    assert scene.painter.info_cache[1].short and scene.painter.info_rect == box
    pygame.quit()


def test_at_1280x800_the_he_box_is_whole_and_clear(app, drive):
    game, scene = hauteville_he(app, drive)
    placed = scene.painter.info_cache[1]
    assert not placed.short and rows_fit(scene)
    assert scene.painter.info_rect.collidelist([token_rect(scene, "g1.1"), token_rect(scene, "us8.1")]) < 0


def test_the_places_are_tried_corners_first_and_the_cards_the_minimap_and_names_are_kept_clear(app):
    """The pure choice: a free corner is taken before any other place; the weight of what a
    place covers is the target, the shooters, the cards and minimap, the figures, the names."""
    table, side = pygame.Rect(0, 0, 640, 600), pygame.Rect(648, 300, 344, 390)
    lines = ["Title", *[f"line {i}" for i in range(8)]]
    free = KeepOff([], [], [], [], [])
    assert choose(lines, lambda w: None, table, side, free).rect.topleft == (10, 10)
    left_half = pygame.Rect(0, 0, 320, 600)
    put = choose(lines, lambda w: None, table, side, KeepOff([left_half], [], [], [], []))
    assert not put.rect.colliderect(left_half) and put.rect.topleft[1] == 10  # the top right corner
    card = pygame.Rect(540, 0, 100, 150)
    put = choose(lines, lambda w: None, table, side, KeepOff([left_half], [], [card], [], []))
    assert not put.rect.colliderect(left_half) and not put.rect.colliderect(card) and table.contains(put.rect)
    everywhere = [pygame.Rect(x, y, 4, 4) for x in range(0, 640, 60) for y in range(0, 600, 60)]
    put = choose(lines, lambda w: None, table, side, KeepOff([], everywhere, [], [], []))
    assert side.contains(put.rect) and put.rect.bottom == side.bottom  # off the table: the sidebar
    put = choose(lines, lambda w: None, table, None, KeepOff([], [], [], everywhere, []))
    assert table.contains(put.rect)  # no sidebar: the table, over fewest figures


def test_the_box_keeps_off_the_cards_in_play_and_the_minimap(app, home):
    """Gloomford Crossing: the activation card at the top right of the table hid the box's
    title (it is drawn over the card now, and still kept off it); zoomed in, the minimap."""
    from game.simulate import make_player

    game = new_game(load_map("maps/wwify-gloomford-crossing.yaml"), 3)
    players = {s: make_player("random", 11 + i) for i, s in enumerate(game.state.side_order)}
    while not any(d.discards for d in game.state.decks.values()):
        game.submit(players[game.acting_side].choose(game, game.acting_side))
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    painter, t = scene.painter, scene.table_rect
    cards = [r.inflate(8, 48).move(0, 20) for r, *_ in painter.cards(game.state)]
    assert cards and all(t.contains(r) for r in cards)
    tall = ["The odds", *[f"line {i}" for i in range(19)]]
    keep = painter.keep_off((t.x + 30, t.y + 30))  # the cursor at the top left
    assert keep.over == cards
    box = choose(tall, lambda w: None, t, painter.side_room(), keep).rect
    assert not box.collidepoint((t.x + 30, t.y + 30)) and box.collidelist(cards) < 0
    scene.camera.zoom_at(3, t.center)
    app.frame(0.02)
    mini = scene.minimap.rect(scene.camera)
    assert scene.minimap.needed(scene.camera)
    box = choose(tall, lambda w: None, t, painter.side_room(), painter.keep_off((t.x + 30, t.bottom - 30))).rect
    assert not box.colliderect(mini) and box.collidelist(cards) < 0


def test_the_box_keeps_off_the_names_on_the_table_when_it_can(app, home):
    """The Ambush in the Sunken Lane: the box lay over the crossroads' name at the top left
    with a corner free of figures and names beside it."""
    game, scene = open_game(app, "maps/ww2-135-ambush.yaml", 1)
    painter, t = scene.painter, scene.table_rect
    names = painter.names[0]
    assert names
    keep = painter.keep_off(t.center)
    lines = ["The odds", *[f"line {i}" for i in range(6)]]
    box = choose(lines, lambda w: None, t, painter.side_room(), keep).rect
    assert keep.score(box) == (0, 0, 0, 0, 0) and box.collidelist(names) < 0
    assert box.collidelist(names) < 0 and box.collidelist(list(painter.tokens.values())) < 0
