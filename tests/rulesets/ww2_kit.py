"""Shared set-ups for the WW2 Skirmish tests: small maps, quiet sides, spotted figures, shot odds."""

from fractions import Fraction as F

from game.rulesets.ww2_skirmish.options import Ww2Options

from .helpers import make_game, small_map

IN = 25.4
RIFLE = {0: (10, 4, 2), 1: (14, 8, 4), 2: (17, 12, 8), 3: (19, 16, 12)}
PISTOL = {0: (12, 6, 3), 1: (16, 10, 6), 2: (18, 16, 12), 3: (20, 20, 18)}
SHOTS = ("unaimed", "aimed", "careful")


def team(uid, figs, attrs=None, facing=None):
    out = {"id": uid, "name": uid, "figures": [{"type": t, "at": [x, y], **({"facing": facing} if facing is not None else {})} for t, x, y in figs]}
    if attrs:
        out["attrs"] = attrs
    return out


def wgame(a, b, terrain=None, settings=None, seed=1, size=(48, 48)):
    return make_game(small_map(a, b, terrain=terrain, settings=settings, ruleset="ww2-skirmish", size=size), seed=seed)


def quiet(game, side):
    """The side's figures moved or fired last turn: no reactive fire from them."""
    for f in game.state.side_figures(side):
        f.attrs["reactive_ok"] = False


def see(game, side, *fids):
    for fid in fids:
        game.rules.spotting.mark_spotted(game, side, game.state.figures[fid], "sight")


def p_hit(need):
    return F(21 - need, 20)


def odds(game, cmd):
    return game.rules.odds(game, cmd)


def single(rep):
    """A single shot's outcomes by what befell its one victim ('hit: 1 wounded' -> 'wounded')."""
    return {k.removeprefix("hit: 1 "): v for k, v in rep.outcomes.fractions.items()}


def need_of(game, cmd):
    """The d20 score a shot needs, from the plan its resolution follows (a careful shot
    needs 3 actions: a 2-action rifleman's is refused, its table row is still read)."""
    return game.rules.firing.shot_plan(game, cmd.figure, cmd.target, Ww2Options.of(cmd), strict=False).need


def shooter_game(firer, dist, targets=2, gap=1.5, terrain=None, target_type="ger_rifleman"):
    """Firer of side A at (24, 44); a line of side B figures ``dist`` inches north."""
    b = team("b1", [(target_type, 24 + gap * i, 44 - dist) for i in range(targets)])
    return wgame([team("a1", [(firer, 24, 44)])], [b], terrain=terrain)


def flame_game():
    b = team("b1", [("ger_rifleman", 24, 34), ("ger_rifleman", 25.5, 34), ("ger_rifleman", 27, 34)])
    a = team("a1", [("us_flamer", 24, 44), ("us_rifleman", 25.5, 44)])
    game = wgame([a], [b])
    quiet(game, "b")
    see(game, "a", "b1.1", "b1.2", "b1.3")
    return game


def vehicle(uid, vtype, x, y, facing=270.0, attrs=None):
    out = {"id": uid, "name": uid, "figures": [{"type": vtype, "at": [x, y], "facing": facing}]}
    if attrs:
        out["attrs"] = attrs
    return out
