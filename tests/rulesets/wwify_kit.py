"""Shared set-ups for the WWIFY AR:SE tests: small maps, forced dice, the firing-table shooters."""

from fractions import Fraction
from math import comb

from game.catalog import load_map_doc
from game.core.game import Game
from game.data.yamlio import Doc

from .helpers import force, ok, small_map, unit

IN = 25.4
IDENTITY = (5, 4, 3, 2, 1)  # Fisher-Yates indices that leave the deck in its listed order
CARDS = ["GOOD", "EVIL", "FLYER", "LARGE_CREATURE", "VEHICLE", "ARTILLERY"]


def binom(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def capped(d: dict[int, Fraction], cap: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for k, v in d.items():
        out[min(k, cap)] = out.get(min(k, cap), 0) + v
    return out


def wmap(a_units, b_units, terrain=None, settings=None, size=(48, 48), strikes=None, turn_limit=6):
    doc = small_map(a_units, b_units, terrain=terrain, settings=settings, ruleset="wwify", size=size, turn_limit=turn_limit)
    if strikes:
        doc["artillery_strikes"] = strikes
    return doc


def fresh(doc, *faces, options=None, seed=1) -> Game:
    """A new game whose first shuffle and deal use the forced faces (default: the deck in
    its listed order, so the first card is Forces of Good)."""
    lm = load_map_doc(Doc("test-map.yaml", doc))
    rs = lm.ruleset
    opts = {**rs.data.option_defaults(), **(options or {})}
    game = Game(rs, rs.new_state(lm.model, opts), rs.build_table(lm.model), seed, opts, scenario={"path": "test", "map": doc})
    force(game, *(faces or IDENTITY))
    game.begin()
    return game


def play(game: Game, cid: str, *faces: int, then: tuple[str, ...] = ()) -> None:
    """Deal ``cid`` next (a test's shortcut through the deck), then the cards ``then``,
    rolling the forced faces. After the last card the turn ends (and the deck is shuffled)."""
    st = game.state
    st.attrs["queue"] = []
    st.attrs.pop("decision", None)
    deck = st.decks["activation"]
    deck.draw_pile = [cid, *then]
    deck.discards = [c for c in CARDS if c not in deck.draw_pile]
    force(game, *faces)
    game.rules.push(game, {"do": "deal"})
    game.rules.run_queue(game)
    game.rules.sync_table(game)


def pos(game, fid):
    f = game.state.figures[fid]
    return (f.x / IN, f.y / IN)


def P(x, y):
    return (x * IN, y * IN)


def decision(game):
    return game.rules.decision(game)


def choose(game, target=None, choice=None, label=None):
    """Submit the pending decision's option about ``target`` (or with ``choice``)."""
    for lab, cmd in game.rules.decision_options(game):
        if (target is None or cmd.target == target) and (choice is None or cmd.choice == choice) and (label is None or label in lab):
            return ok(game, cmd)
    raise AssertionError(f"no such option in {decision(game)}")


def rifle_line(prefix, n, x, y, dx=1.5, first=None):
    return [(first if (first and i == 0) else prefix, x + i * dx, y) for i in range(n)]


SHOOTERS = {
    # weapon: (troop type, unit kind, side, crew type or None)
    "rifle": ("good_rifleman", "squad", "a", None),
    "smg": ("evil_stormtrooper", "squad", "b", None),
    "lmg": ("good_lmg", "squad", "a", None),
    "grenade": ("good_bomber", "squad", "a", None),
    "flamethrower": ("evil_flamer", "squad", "b", None),
    "hmg": ("good_hmg", "hmg", "a", "good_crew"),
    "mortar": ("good_mortar", "mortar", "a", "good_crew"),
    "field_gun": ("good_field_gun", "field_gun", "a", "good_crew"),
    "sniper": ("good_sniper", "sniper", "a", None),
}
TABLE = {  # the text's table: dice at 0-4", 4.1-8", 8.1-16", 16.1-32"
    "rifle": (1, 1, 1, 1), "smg": (3, 3, None, None), "lmg": (5, 5, 5, 3), "grenade": (3, 3, None, None),
    "flamethrower": (5, 5, None, None), "hmg": (4, 8, 8, 8), "mortar": (None, None, 5, 5),
    "field_gun": (None, None, 5, 5), "sniper": (3, 3, 3, 3),
}
BAND_DISTANCES = ((0, 3), (0, 4), (1, 4.1), (1, 8), (2, 12), (2, 16), (3, 16.1), (3, 32))


def fire_game(weapon: str, d: float, target_terrain=None, n_targets=10):
    """The shooter ``d`` inches from the target line, base edge to base edge."""
    game, _ = _fire_game(weapon, d, target_terrain, n_targets)
    radii = {f.unit: f.radius / IN for f in game.state.figures.values() if f.id in ("s.1", "t.1")}
    return _fire_game(weapon, d + radii["s"] + radii["t"], target_terrain, n_targets)


def _fire_game(weapon: str, d: float, target_terrain=None, n_targets=10):
    tt, kind, side, crew = SHOOTERS[weapon]
    if side == "a":
        y0, ty = 44, 44 - d
        target = [unit("t", rifle_line("evil_rifleman", n_targets, 24, ty))]
    else:
        y0, ty = 4, 4 + d
        target = [unit("t", rifle_line("good_rifleman", n_targets, 24, ty))]
    figs = [(tt, 24, y0)] + ([(crew, 26, y0)] if crew else [])
    shooter = [unit("s", figs, kind=kind)]
    a, b = (shooter, target) if side == "a" else (target, shooter)
    game = fresh(wmap(a, b, terrain=target_terrain))
    if side == "b":
        play(game, "EVIL")
    return game, side


def squad(prefix, n, officer, x=20, y=20):
    return [(f"{prefix}_officer" if officer and i == 0 else f"{prefix}_rifleman", x + 1.5 * i, y) for i in range(n)]


def move_game(figs, terrain=None, kind="squad", b=None, options=None):
    return fresh(wmap([unit("s", figs, kind=kind)], b or [unit("e", [("evil_rifleman", 46, 2)])], terrain=terrain), options=options)
