"""Portal markers of the solo rules (ww2-skirmish-solo.txt, "Solo rules": Setup, Enemy
Force Generation, Eliminating Portals, the solo counters), for every ruleset.

A game plays the solo rules for a side when ``state.attrs[StateKey.OPTIONS]["solo_side"]`` names
it; if the map has ``portals:`` for that side, the side plays from portal markers:

- Set-up (:func:`portals_setup`): the side's units from the map become the POOL (counts
  per troop type, off the table); portal markers, dummies and solo counters (sniper,
  artillery, mine) become secret ``state.markers`` of that side.
- Force generation (:func:`sighting`): when the player's figures first see one or more
  portal markers, and at the start of every turn for the markers in their sight, the
  force generation die is rolled and the ruleset's force table (``solo: force_table:``
  in its YAML, model :class:`SoloSection`) says which unit appears at a portal in sight,
  made from the pool. Casualties of the solo side return to the pool (:func:`recycle`).
- Eliminating portals (:func:`approach`): after a command that moved the player's
  figures, markers approached within 8" (or seen in the open after their force
  generation roll) fall back to the next cover within 12" with dead ground behind it,
  or are eliminated; dummies approached are revealed and removed.
- Solo counters (:func:`counters_check`): a sniper or artillery counter attacks the
  first player unit that spots it or that it sees, then is removed; a mine attacks units
  coming within 10" in sight, and stays face up. The attack itself is the ruleset's
  ``solo_counter_attack(game, kind, unit_id, at=...)``.

Everything random goes through ``game.dice``; the readings of the text are recorded as
interpretations in rulesets/solo.yaml (ids starting ``portal-``) and in each ruleset's
YAML for its force table and counter attacks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from math import atan2, cos, degrees, pi, sin
from typing import TYPE_CHECKING, Any

from shapely.geometry import LineString, Point

from game.core.commands import Command
from game.core.game import Game
from game.core.keys import StateKey
from game.core.names import new_figure_name
from game.core.state import Figure, GameState, Marker, Unit
from game.data.solo_schema import ForceEntry, ForceUnit, SoloSection, check_solo_section  # noqa: F401 (re-exported)
from game.geometry.collider import Collider, Mover
from game.geometry.units import to_mm
from game.solo.counters import counters_check
from game.solo.fallback import (
    count_removed,
    cover_spots,
    fall_back,
    good_spots,
)
from game.solo.force_pick import deploy, stood_in
from game.solo.keys import SoloKey
from game.solo.portal_check import cover_feature, covered_by, sheltered
from game.solo.portal_state import (
    EDGE_FACING,
    MARKER_SPACING,
    PORTAL_KINDS,
    RING_GAP,
    SoloInfo,
    active,
    dist,
    edge_centre,
    edge_depth,
    inch,
    info,
    marker_pos,
    player_figures,
    require_info,
    solo_markers,
    solo_side,
    tell_all,
    tell_solo,
    the_solo_side,
    visibility,
)
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.data.map_schema import MapFile
    from game.rulesets.base import RulesetBase


# ---- the force table (`solo:` section of a ruleset's YAML; schema in game/data/solo_schema.py) ----


def solo_section(rules: RulesetBase) -> SoloSection | None:
    """The ruleset's ``solo:`` section, if its data has one."""
    return rules.data.solo  # validated with the ruleset file


def portals_setup(state: GameState, m: MapFile) -> None:
    """Set-up: the solo side's units become the pool, its portals become markers."""
    side = state.attrs.get(StateKey.OPTIONS, {}).get("solo_side")
    if not side or side not in state.sides or SoloKey.SOLO in state.attrs:
        return
    portals = [p for p in m.portals if p.side == side]
    inf: SoloInfo = {"side": side, "portals": bool(portals), "pool": {}, "contact": False, "made": 0, "turn_start": 0, "strength": 0,
                     "markers": dict(sorted(Counter("dummy" if p.dummy else "portal" for p in portals if not p.counter).items())),
                     "eliminated": {}}
    state.attrs[SoloKey.SOLO] = inf
    if not portals:
        return
    pool: Counter[str] = Counter()
    for u in [u for u in state.units.values() if u.side == side]:
        for fid in u.figures:
            pool[state.figures.pop(fid).type] += 1
        del state.units[u.id]
    inf["pool"] = dict(sorted(pool.items()))
    inf["strength"] = sum(pool.values())  # for "break" victory: the side's whole force
    scale = to_mm(1.0, m.unit)
    # numbered by place on the table, so an id tells nothing about what a marker is
    for i, p in enumerate(sorted(portals, key=lambda p: (p.at[0], p.at[1])), 1):
        kind = "portal" if p.kind == "once" else p.kind  # (a one-time portal is a portal marker in play)
        mid = f"{side}-m{i}"
        attrs: dict[str, Any] = {SoloKey.SEEN: False}
        if p.once:
            attrs[SoloKey.ONCE] = True
        state.markers[mid] = Marker(mid, side, kind, p.at[0] * scale, p.at[1] * scale, secret=True, attrs=attrs)


# ---- recycling ---------------------------------------------------------------------------------


def recycle(game: Game) -> int:
    """Casualties (and figures off the table) of the solo side go back to the pool."""
    inf = require_info(game.state)
    n = 0
    back: Counter[str] = Counter()
    for f in sorted(game.state.figures.values(), key=lambda f: f.id):
        if f.side == inf["side"] and not f.alive and f.attrs.get(SoloKey.GENERATED) and not f.attrs.get(SoloKey.RECYCLED):
            f.attrs[SoloKey.RECYCLED] = True
            inf["pool"][f.type] = inf["pool"].get(f.type, 0) + 1
            back[f.type] += 1
            n += 1
    if n:
        inf["pool"] = dict(sorted(inf["pool"].items()))
        words = ", ".join(f"{k} x{v}" for k, v in sorted(back.items()))
        tell_all(game, f"{n} figure(s) of {game.state.sides[inf['side']].name} out of action return to the pool ({words}).")
    return n


# ---- set-up of a turn and the command hook ---------------------------------------------------------


def turn_start(rules: RulesetBase, game: Game) -> None:
    """Start of a turn: recycle, the counters, and a force generation roll for the
    markers in the player's sight."""
    inf = info(game.state)
    if inf is None or not active(game) or inf.get("turn_start") == game.state.turn:
        return
    inf["turn_start"] = game.state.turn
    recycle(game)
    counters_check(rules, game)
    if not game.state.over:
        sighting(rules, game, new_only=False, why=f"start of turn {game.state.turn}")


def after_command(rules: RulesetBase, game: Game, cmd: Command, before: dict[str, tuple[float, float]]) -> None:
    """After every accepted command: recycle casualties, let the counters spot, roll for
    markers newly in sight, and drive back markers the player's moved figures approach."""
    inf = require_info(game.state)
    recycle(game)
    moved = [f for f in player_figures(game) if f.id in before and dist(before[f.id], f.pos) > 1e-6]
    counters_check(rules, game)
    if game.state.over:
        return
    sighting(rules, game, new_only=True, why="markers come into sight")
    if cmd.side != inf["side"] and moved and not game.state.over:
        approach(rules, game, moved)


# ---- force generation -------------------------------------------------------------------------


def in_sight(game: Game) -> list[Marker]:
    """Portal markers and dummies any figure of the player can see."""
    markers = solo_markers(game, PORTAL_KINDS)
    figs = player_figures(game)
    vis, _ = visibility(game, figs, [marker_pos(m) for m in markers])
    return [m for j, m in enumerate(markers) if vis[:, j].any()]


def sighting(rules: RulesetBase, game: Game, new_only: bool, why: str) -> None:
    """Roll for force generation when markers are in sight (``new_only``: only when at
    least one of them was not in sight since it last moved)."""
    seen = in_sight(game)
    if not seen or (new_only and all(m.attrs.get(SoloKey.SEEN) for m in seen)):
        return
    generate(rules, game, seen, why)


def generation_modifiers(game: Game, n_in_sight: int) -> list[tuple[str, int]]:
    fg = solo_tables().force_generation
    mods = []
    if not require_info(game.state)["contact"]:
        mods.append(("no contact yet", fg.no_contact_modifier))
    if n_in_sight > 1:
        mods.append((f"{n_in_sight - 1} more counter(s) in sight", fg.per_extra_counter * (n_in_sight - 1)))
    return mods


def generate(rules: RulesetBase, game: Game, seen: list[Marker], why: str) -> None:
    """One force generation roll for the counters ``seen`` (all in the player's sight)."""
    fg = solo_tables().force_generation
    mods = generation_modifiers(game, len(seen))
    roll = game.dice.roll(fg.die, f"Enemy force generation ({why}: {len(seen)} counter(s) in sight)", modifiers=mods)
    for m in seen:
        m.attrs[SoloKey.SEEN] = True
    total = roll.value + sum(v for _, v in mods)
    if roll.value == fg.natural_nothing:
        roll.outcome = f"natural {roll.value}: nothing"
        return
    table = solo_section(rules)
    if table is None:
        roll.outcome = f"{total}: {rules.data.name} has no force table: nothing"
        return
    i = table.index_for(total)
    if i is None or table.force_table[i].result == "nothing":
        roll.outcome = f"{total}: nothing"
        return
    entry = table.force_table[i]
    if entry.result == "redeploy":
        roll.outcome = f"{total}: {entry.label}"
        redeploy(rules, game)
        return
    pool = require_info(game.state)["pool"]
    made: tuple[list[ForceUnit], Counter[tuple[str, str]]] | None = None
    made_from, stepped = entry, False
    for e in reversed(table.force_table[: i + 1]):
        if e.result == "nothing":
            break
        if e.result == "unit":
            made = deploy(e, pool, table.stand_ins)
            if made is not None:
                made_from = e
                break
        stepped = True
    if made is None:
        roll.outcome = f"{total}: {entry.label}, but no figures for it or anything below: nothing"
        return
    chosen, subs = made
    note = f" (no figures for {entry.label}: steps down)" if stepped else ""
    roll.outcome = f"{total}: {made_from.label}{stood_in(subs, rules)}{note}"
    portal = choose_portal(rules, game, chosen, seen)
    if portal is None:
        roll.outcome += "; nothing appears"
        tell_solo(game, f"Only dummies are in sight: {made_from.label} cannot appear.")
        return
    placed = [place_unit(rules, game, grp, portal) for grp in chosen]  # every unit of the result stands at the same portal
    if portal.attrs.get(SoloKey.ONCE) and any(placed):
        # "it can only produce figures once (They were hiding behind the rock!) -- then the
        # portal is removed from play" (interpretation portal-once)
        del game.state.markers[portal.id]
        count_removed(game, "spent")
        tell_all(game, "A portal marker is removed from play: a force appeared at it, and it could produce figures only once.")


def player_tanks(rules: RulesetBase, game: Game) -> list[Figure]:
    s = solo_side(game)
    out = []
    for u in sorted(game.state.units.values(), key=lambda u: u.id):
        if u.side != s and game.state.unit_alive(u.id) and rules.profile(game, u).vehicle:
            out += game.state.unit_figures(u.id)
    return out


def choose_portal(rules: RulesetBase, game: Game, units: list[ForceUnit], seen: list[Marker]) -> Marker | None:
    """Where the unit appears: a random portal among the counters in sight (a shuffle of
    all of them, dummies included, so the log does not tell how many are real); tanks and
    AT guns facing a player's tank: the furthest portal from it that sees it."""
    portals = [m for m in seen if m.kind == "portal"]
    placed = next((u for u in units if u.vehicle or u.at_gun), None)
    tanks = player_tanks(rules, game) if placed is not None else []
    if tanks and placed is not None:
        every = solo_markers(game, ("portal",))
        if every:
            tank = min(tanks, key=lambda t: (min(dist(t.pos, marker_pos(m)) for m in seen), t.id))

            def rank(m: Marker) -> tuple[int, float, int, str]:
                r = rules.los(game, marker_pos(m), tank)
                return (0 if r.visible else 1, -round(dist(marker_pos(m), tank.pos), 6), r.hindrances, m.id)

            best = min(every, key=rank)
            tell_solo(game, f"Tank placement rule: {placed.label} appears at {best.id}, the furthest portal from {tank.name} with the best sight of it.")
            return best
    if not portals:
        return None
    # every counter in sight is shuffled, dummies too, so the log does not tell how many are real
    order = game.dice.shuffle([m.id for m in seen], "which counter in sight the enemy appear at (the first real one)", "counters")
    first = next(mid for mid in order if game.state.markers[mid].kind == "portal")
    return game.state.markers[first]


def _free_places(game: Game, centre: tuple[float, float], radius: float, away: float,
                 count: int, mover: Mover, collider: Collider,
                 prefer: Callable[[tuple[float, float]], bool] | None = None) -> list[tuple[float, float]]:
    """Up to ``count`` places for bases of ``radius`` around ``centre``: the centre first,
    then rings outward, each ring starting in the direction ``away`` (degrees); with
    ``prefer``, the places it accepts before the others, each in that order."""
    out: list[tuple[float, float]] = []
    w, h = game.table.width, game.table.height
    pitch = 2 * radius + inch(RING_GAP)
    cands = [(0.0, 0.0, centre)]
    for ring in range(1, 13):
        rad = ring * pitch
        n = max(6, int(2 * pi * rad / pitch))
        for k in range(n):
            step = (k + 1) // 2 * (1 if k % 2 else -1)  # 0, +1, -1, +2, -2 ... around from `away`
            ang = away + step * 360.0 / n
            p = (centre[0] + rad * cos(ang * pi / 180), centre[1] + rad * sin(ang * pi / 180))
            cands.append((ring, abs(step), p))
    if prefer is not None:
        cands.sort(key=lambda c: not prefer(c[2]))  # (stable: ring order kept within each)
    for _, _, p in cands:
        if len(out) >= count:
            break
        if not (radius <= p[0] <= w - radius and radius <= p[1] <= h - radius):
            continue
        if not collider.is_free(p, radius, mover):
            continue
        out.append(p)
        collider.add_figure(f"_new{len(out)}", p, radius)
    return out


def place_unit(rules: RulesetBase, game: Game, entry: ForceUnit, portal: Marker) -> Unit | None:
    """Make the unit from the pool and stand it around the portal."""
    st = game.state
    inf = require_info(st)
    side = inf["side"]
    inf["made"] += 1
    n = inf["made"]
    uid = f"{side}-solo{n}"
    while uid in st.units:
        uid += "x"
    at = marker_pos(portal)
    foes = player_figures(game)
    nearest = min(foes, key=lambda f: (dist(f.pos, at), f.id), default=None)
    facing = degrees(atan2(nearest.y - at[1], nearest.x - at[0])) % 360 if nearest else EDGE_FACING[st.sides[side].home_edge]
    away = (facing + 180.0) % 360
    collider = Collider(game.table, [(f.id, f.pos, f.radius) for f in st.figures.values() if f.alive])
    mover: Mover = "vehicle" if entry.vehicle else "infantry"
    unit = Unit(uid, side, f"{entry.label} ({n})", entry.kind, [], {}, {"solo_generated": True})
    radii = []
    for t in entry.troops:
        tt = rules.data.troop_types[t]
        radii.append(rules.mm(tt.base if tt.base else rules.data.base_diameter) / 2)
    # the unit appears in the cover its marker stands in (interpretation portal-appear)
    shelter = cover_feature(game.table, at)
    prefer = None if shelter is None else (lambda p: covered_by(shelter, at, p))
    places = _free_places(game, at, max(radii), away, len(entry.troops), mover, collider, prefer)
    made = []
    for i, (t, r) in enumerate(zip(entry.troops, radii, strict=True)):
        if i >= len(places):
            break
        tt = rules.data.troop_types[t]
        fid = f"{uid}.{i + 1}"
        x, y = places[i]
        st.figures[fid] = Figure(
            id=fid, unit=uid, side=side, type=t, name=new_figure_name(st, side, tt.name), x=x, y=y, facing=facing, radius=r,
            weapons=list(tt.weapons), equipment=list(tt.equipment), attrs={SoloKey.GENERATED: True},
        )
        unit.figures.append(fid)
        inf["pool"][t] -= 1
        made.append(fid)
    inf["pool"] = {k: v for k, v in sorted(inf["pool"].items()) if v > 0}
    if not made:
        tell_all(game, f"{entry.label} cannot appear: no room around the marker.")
        return None
    inf["contact"] = True
    st.units[uid] = unit
    rules.solo_placed(game, unit)  # the ruleset readies the new figures (ammunition, vehicle crews)
    short = f" ({len(entry.troops) - len(made)} figure(s) found no room and stay in the pool)" if len(made) < len(entry.troops) else ""
    tell_all(game, f"{unit.name} appears at a portal marker: {len(made)} figure(s){short}.", units=[uid], figures=made)
    return unit


# ---- redeployment (force table "redeploy") --------------------------------------------------


def redeploy(rules: RulesetBase, game: Game) -> None:
    """Every marker bypassed by the player's most forward figure is redeployed within 6"
    of the line from that figure to the centre of the solo side's table edge, ahead of
    it; an officer from the pool appears at the rearmost portal, directing it."""
    st = game.state
    foes = player_figures(game)
    if not foes:
        tell_all(game, "Redeployment: no figure of the player on the table, nothing to do.")
        return
    lead = min(foes, key=lambda f: (edge_depth(game, f.pos), f.id))
    lead_depth = edge_depth(game, lead.pos)
    bypassed = [m for m in solo_markers(game, PORTAL_KINDS) if edge_depth(game, marker_pos(m)) > lead_depth + 1e-6]
    if not bypassed:
        tell_all(game, f"Redeployment: no marker has been bypassed by {lead.name}; nothing happens.")
        return
    line = LineString([lead.pos, edge_centre(game)])
    width = solo_tables().dist_mm("portal_redeploy")
    moved = 0
    for m in bypassed:
        spot = _redeploy_spot(rules, game, m, line, width, lead_depth)
        if spot is None:
            tell_solo(game, f"{m.kind} {m.id} cannot be redeployed: no hidden place within {rules.fmt(width)} of the line.")
            continue
        m.x, m.y = spot
        m.attrs[SoloKey.SEEN] = False
        moved += 1
    tell_all(game, f"Redeployment: {moved} marker(s) bypassed by {lead.name} move up toward the centre of "
                  f"{st.sides[the_solo_side(game)].name}'s table edge.")
    if not moved:
        return
    inf = require_info(st)
    officers = [t for t in sorted(inf["pool"]) if inf["pool"][t] > 0 and rules.data.troop_types[t].role == "officer"]
    portals = solo_markers(game, ("portal",))
    if officers and portals:
        rear = min(portals, key=lambda m: (edge_depth(game, marker_pos(m)), m.id))
        place_unit(rules, game, ForceUnit(name="Officer directing the redeployment", troops=[officers[0]]), rear)


def _redeploy_spot(rules: RulesetBase, game: Game, m: Marker, line: LineString, width: float, lead_depth: float) -> tuple[float, float] | None:
    ahead = lead_depth - inch(MARKER_SPACING)
    spots = [s for s in cover_spots(rules, game) if line.distance(Point(s[0], s[1])) <= width + 1e-6
             and edge_depth(game, (s[0], s[1])) < ahead]
    good = good_spots(game, m, [(s[0], s[1]) for s in spots], dead_ground=True, fall_back=False)
    if not good:  # no cover on the way: any hidden point near the line
        (x0, y0), (x1, y1) = line.coords[0], line.coords[-1]
        ux, uy = (x1 - x0) / line.length, (y1 - y0) / line.length
        pts = []
        for k in range(int(line.length / inch(1.0)) + 1):
            cx, cy = x0 + ux * k * inch(1.0), y0 + uy * k * inch(1.0)
            for off in (0.0, 0.5, -0.5, 1.0, -1.0):
                q = (cx - uy * off * width, cy + ux * off * width)
                if edge_depth(game, q) < ahead:
                    pts.append(q)
        good = good_spots(game, m, pts, dead_ground=False, fall_back=False)
    if not good:
        return None
    lead = line.coords[0]
    return min(good, key=lambda p: (round(dist(p, lead), 6), p))


# ---- eliminating portals ----------------------------------------------------------------------------


def approach(rules: RulesetBase, game: Game, moved: list[Figure]) -> None:
    """After the player's figures moved ("when a figure moves within 8\" of any portal in
    cover, and visible, (or one that is in the open, after the 'Enemy Force Generation'
    phase)"): a marker a figure that moved sees within 8" (a dummy: revealed and removed),
    or sees in the open (no cover from it) after the marker's force generation roll, falls
    back or is eliminated. Figures that did not move drive nothing back."""
    reach = solo_tables().dist_mm("portal_approach")
    movers = [f for f in moved if f.alive]
    if not movers:
        return
    for m in solo_markers(game, PORTAL_KINDS):
        if m.id not in game.state.markers:
            continue
        vis, cov = visibility(game, movers, [marker_pos(m)])
        near = [f for i, f in enumerate(movers) if vis[i, 0] and dist(f.pos, marker_pos(m)) <= reach + 1e-6]
        # at a building's corner or inside a covering area it is in cover from every side
        # ("corner/cover"); else in the open to a figure its sight line gives no cover
        open_to = [f for i, f in enumerate(movers) if vis[i, 0] and cov[i, 0] == 0]
        if open_to and sheltered(game.table, marker_pos(m)):
            open_to = []
        if near and m.kind == "dummy":
            del game.state.markers[m.id]
            count_removed(game, "dummy revealed")
            tell_all(game, f"{near[0].name} comes within {rules.fmt(reach)} of a marker: it was a dummy, and is removed.",
                    figures=[near[0].id])
            continue
        if near:
            d = dist(near[0].pos, marker_pos(m))
            fall_back(rules, game, m, f"{near[0].name} moved to {rules.fmt(d)} of it, within {rules.fmt(reach)}, and sees it", near[0])
        elif open_to and m.attrs.get(SoloKey.SEEN):
            d = dist(open_to[0].pos, marker_pos(m))
            fall_back(rules, game, m, f"{open_to[0].name} moved and sees it in the open, {rules.fmt(d)} away, after its force generation roll",
                      open_to[0])
