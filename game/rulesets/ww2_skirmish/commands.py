"""WW2 Skirmish: what the players and the baseline see of the rules: the legal commands,
the actions offered for a selection (one per shot type), badges, the options text with
each figure's actions left, range bands, move previews, and exact odds for every kind
of fire, spotting, melee, morale and suppression removal.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import hypot

from game.core.commands import END_PHASE, Command, Refusal, refuse, require
from game.core.dice import Dice, die_faces
from game.core.game import Game
from game.core.odds import Distribution, enumerate_outcomes
from game.core.state import Figure
from game.rulesets.movement import clamp_to_table
from game.rulesets.offers import Action, OddsLine, OddsReport
from game.rulesets.ww2_skirmish.common import DISABLED, EPS, opts, parse_opts
from game.rulesets.ww2_skirmish.data import SMALL_ARMS
from game.rulesets.ww2_skirmish.fire import SHOT_ORDER
from game.rulesets.ww2_skirmish.melee import Fight

EFFECT_ORDER = ("suppressed", "wounded", "disabled", "killed", "flamer")


@dataclass
class FlamePlanOne:
    plan: object
    member: Figure
    band: str
    need: int


def combine(parts: list[Distribution]) -> Distribution:
    """Independent parts (each a tuple of effects) added up into one labelled result."""
    acc: dict[tuple, Fraction] = {(): Fraction(1)}
    for d in parts:
        nxt: dict[tuple, Fraction] = {}
        for k, p in acc.items():
            for o, q in d.fractions.items():
                key = tuple(sorted(k + tuple(o)))
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        acc = nxt
    fr: dict[str, Fraction] = {}
    for k, p in acc.items():
        label = "no effect" if not k else counts_label([("", r) for r in k])
        fr[label] = fr.get(label, Fraction(0)) + p
    return Distribution({k: float(v) for k, v in fr.items()}, True, "exact: each figure enumerated, then combined", fr)


def no_effect(outcome: object) -> bool:
    """An outcome of the odds that does the target no harm (a miss, no effect...)."""
    return any(w in str(outcome).lower() for w in ("miss", "no effect", "none", "unhurt", "nothing", "cannot"))


def counts_label(results: list[tuple[str, str]]) -> str:
    c = Counter(r for _, r in results if r not in ("none", "miss"))
    if not c:
        return "hit, no effect"
    return "hit: " + ", ".join(f"{c[k]} {k if k != 'flamer' else 'flamethrower man'}" for k in EFFECT_ORDER if c[k])


class Ww2InterfaceMixin:
    # ---- words --------------------------------------------------------------------------------
    def command_words(self, game: Game, cmd: Command) -> str:
        st = game.state
        o = parse_opts(cmd.choice)
        who = st.figures[cmd.figure].name if cmd.figure in st.figures else (st.units[cmd.unit].name if cmd.unit in st.units else "")
        tgt = st.units[cmd.target].name if cmd.target in st.units else (st.figures[cmd.target].name if cmd.target in st.figures else "")
        k = cmd.kind
        if k in ("fire", "fire_team"):
            shot = self.data.shooting.shot_types.get(o.get("shot", "unaimed"))
            w = f" ({self.weapon(o['weapon']).name})" if "weapon" in o else ""
            extra = (" as SMG" if o.get("as") == "smg" else " as rifle" if o.get("as") == "rifle" else "") + (" at the occupants" if o.get("at") else "")
            return f"{who}{' (whole team)' if k == 'fire_team' else ''}: {shot.name.lower() if shot else 'shot'}{w}{extra}"
        words = {"volley": "fire together (hits on a 20)", "blast": f"fire {self.weapon(o['weapon']).name if 'weapon' in o else 'grenade/mortar'}"
                 + (f" ({o['round']})" if o.get("round") not in (None, "he") else ""),
                 "fire_gun": f"fire {self.weapon(o['weapon']).name if 'weapon' in o else 'gun'}",
                 "fire_at": f"fire {self.weapon(o['weapon']).name if 'weapon' in o else 'anti-tank weapon'}", "flame": "flamethrower",
                 "move": "move", "move_unit": "regroup" if cmd.choice == "regroup" else "move together", "spot": "tries to spot",
                 "remove_suppression": "removes suppression", "ready": f"readies {self.weapon(o['weapon']).name if 'weapon' in o else ''}",
                 "carry": f"carries {tgt}", "drop": "puts down his comrade", "embark": f"gets into {tgt}", "disembark": "gets out",
                 "abandon": "abandons the vehicle", "pivot": "turns on the spot", "hatch": "opens/closes the hatch",
                 "post": "posts a charge into the bunker", "demolish": "sets the demolition charge", "scout": "goes scouting",
                 "rejoin": "rejoin their team", "transfer": f"joins {tgt}", "hold_fire": "hold fire", END_PHASE: "ends the turn"}
        if k == "spot" and cmd.figure is None:
            return f"{who}: every figure that may tries to spot"
        w = words.get(k, k.replace("_", " "))
        if k in ("volley", "blast", "fire_gun", "fire_at", "flame") and tgt:
            return f"{who}: {w} at {tgt}" if who else f"{w} at {tgt}"
        return f"{who} {w}".strip()

    # ---- targets the side knows about ----------------------------------------------------------
    def known_enemies(self, game: Game, side: str) -> list[Figure]:
        return list(self.recall(game, ("known_enemies", side), lambda: [
            f for f in game.state.figures.values() if f.side != side and f.alive and not self.embarked(f) and self.is_spotted(game, side, f)]))

    def known_units(self, game: Game, side: str) -> list[str]:
        return sorted({f.unit for f in self.known_enemies(game, side)})

    def goal_point(self, game: Game, side: str, centre: tuple[float, float]) -> tuple[float, float]:
        st = game.state
        from game.core import victory

        targets = [(o["x"], o["y"]) for o in self.hold_objectives(game, side) if victory.objective_holder(st, o) != side]
        if targets:
            return min(targets, key=lambda p: hypot(p[0] - centre[0], p[1] - centre[1]))
        foes = self.known_enemies(game, side)
        if foes:
            e = min(foes, key=lambda f: hypot(f.x - centre[0], f.y - centre[1]))
            return e.pos
        edge = {"north": "south", "south": "north", "east": "west", "west": "east"}[st.sides[side].home_edge]
        w, h = game.table.width, game.table.height
        return {"north": (centre[0], 0.0), "south": (centre[0], h), "west": (0.0, centre[1]), "east": (w, centre[1])}[edge]

    # ---- candidate commands -----------------------------------------------------------------------
    def heavy_candidates(self, game: Game, side: str, f: Figure, target_unit: str) -> list[Command]:
        st = game.state
        out: list[Command] = []
        tu = st.units.get(target_unit)
        heavy = self.weapons_of(f, "gun", "at", "flamethrower", "grenade", "rifle_grenade", "mortar")
        if tu is None or not heavy:
            return out
        members = [m for m in st.unit_figures(target_unit) if self.on_table(m) and self.is_spotted(game, side, m)]
        if not members:
            return out
        near = min(members, key=lambda m: (hypot(m.x - f.x, m.y - f.y), m.id))
        veh = self.unit_vehicle(game, target_unit)
        for wid, w in heavy:
            if w.category == "gun":
                out.append(Command("fire_gun", side, figure=f.id, target=near.id, choice=opts(weapon=wid)))
            elif w.category in ("at", "flamethrower") and veh is not None:
                out.append(Command("fire_at", side, figure=f.id, target=veh.id, choice=opts(weapon=wid)))
            if w.category in ("grenade", "rifle_grenade", "mortar") or (w.category == "at" and w.vs_infantry == "rifle_grenade" and veh is None):
                out.append(Command("blast", side, figure=f.id, target=near.id, choice=opts(weapon=wid)))
            if w.category == "flamethrower" and veh is None:
                out.append(Command("flame", side, figure=f.id, target=target_unit))
        return out

    def may_shoot_cheap(self, game: Game, f: Figure) -> bool:
        unit = game.state.units[f.unit]
        if self.routing(unit) or self.shaken(game, unit) or self.suppression(unit):
            return False
        if self.is_vehicle(f):
            return f.alive and any(self.actions_left(c) > 0 for c in self.crew(game, f)) or any(self.ready_count(f, w) for w in f.weapons)
        if f.side != game.state.active_side and not f.attrs.get("reactive_ok"):
            return False
        return f.alive and (self.actions_left(f) > 0 or any(self.ready_count(f, w) for w in f.weapons)
                            or bool(self.loaders_any(game, f)))

    def loaders_any(self, game: Game, f: Figure) -> bool:
        return self.is_gun(f) and any(self.actions_left(c) > 0 for c in self.gun_crew(game, f))

    def candidate_commands(self, game: Game, side: str) -> list[Command]:
        st = game.state
        if self.decision(game) is not None:
            return self.legal_commands(game, side)
        if st.over:
            return []
        targets = self.known_units(game, side)
        if side != st.active_side:
            out = []
            for f in st.side_figures(side):
                if f.attrs.get("reactive_ok") and self.may_shoot_cheap(game, f):
                    out += self.fire_candidates(game, side, f, targets)
            return out
        out = [Command(END_PHASE, side)]
        for u in st.side_units(side):
            figs = st.unit_figures(u.id)
            if not figs:
                continue
            v = self.unit_vehicle(game, u.id)
            if self.suppression(u):
                out.append(Command("remove_suppression", side, unit=u.id))
            if v is not None:
                out += self.vehicle_candidates(game, side, u, v, targets)
                continue
            fighters = self.fighters(game, u.id)
            if self.routing(u):
                continue
            if fighters:
                cx = sum(f.x for f in fighters) / len(fighters)
                cy = sum(f.y for f in fighters) / len(fighters)
                goal = self.goal_point(game, side, (cx, cy))
                out.append(Command("move_unit", side, unit=u.id, point=clamp_to_table(game, goal)))
                away = (2 * cx - goal[0], 2 * cy - goal[1])
                out.append(Command("move_unit", side, unit=u.id, point=clamp_to_table(game, away)))
                out.append(Command("move_unit", side, unit=u.id, choice="regroup"))
                for f in fighters:
                    d = hypot(goal[0] - f.x, goal[1] - f.y)
                    if d > EPS:
                        step = min(d, self.mm(2))
                        out.append(Command("move", side, figure=f.id, path=((f.x + (goal[0] - f.x) * step / d, f.y + (goal[1] - f.y) * step / d),)))
                if u.attrs.get("parent"):
                    out.append(Command("rejoin", side, unit=u.id))
            inside = [f for f in figs if self.embarked(f)]
            if inside:
                out.append(Command("disembark", side, unit=u.id))
            elif fighters:
                for veh in st.side_figures(side):
                    if self.is_vehicle(veh) and self.vtype(veh).capacity and hypot(veh.x - fighters[0].x, veh.y - fighters[0].y) < self.mm(10):
                        out.append(Command("embark", side, unit=u.id, target=veh.id))
            team_targets = [t for t in targets if self.team_in_reach(game, fighters, t)]
            for t in team_targets:
                out.append(Command("volley", side, unit=u.id, target=t))
                for shot in ("unaimed", "aimed"):
                    out.append(Command("fire_team", side, unit=u.id, target=t, choice=opts(shot=shot)))
            if len(self.spotters(game, u.id)) > 1:
                out.append(Command("spot", side, unit=u.id))
            for f in figs:
                if not f.alive or self.embarked(f) and not self.is_open_vehicle(self.vehicle_of(game, f)):
                    continue
                if not f.markers.get("spot_used") and not self.embarked(f):
                    out.append(Command("spot", side, figure=f.id))
                if self.may_shoot_cheap(game, f):
                    reach = [t for t in team_targets] if not self.is_gun(f) else targets
                    out += self.fire_candidates(game, side, f, reach if not self.weapons_of(f, "gun", "mortar") else targets)
                for wid, w in self.weapons_of(f):
                    if w.accumulate and self.ready_count(f, wid) < w.actions:
                        out.append(Command("ready", side, figure=f.id, choice=opts(weapon=wid)))
                    if w.category in ("rifle_grenade", "mortar") and "smoke" in w.rounds and targets:
                        e = min(self.known_enemies(game, side), key=lambda x: hypot(x.x - f.x, x.y - f.y))
                        out.append(Command("blast", side, figure=f.id, point=e.pos, choice=opts(weapon=wid, round="smoke")))
                if self.fighter(f):
                    for c in st.side_figures(side, alive_only=False):
                        if c.life == DISABLED and self.gap(f, c) <= self.mm(self.data.movement.reach) + EPS:
                            out.append(Command("carry", side, figure=f.id, target=c.id))
                    if f.markers.get("carrying"):
                        out.append(Command("drop", side, figure=f.id))
                    for b in self.adjacent_features(game, f, ("bunker",)):
                        for wid, _w in self.weapons_of(f, "grenade", "explosives"):
                            out.append(Command("post", side, figure=f.id, target=b.id, choice=opts(weapon=wid)))
                    for t in self.demolition_targets(game):
                        out.append(Command("demolish", side, figure=f.id, target=t))
                    for other in st.side_units(side):
                        if other.id != u.id and self.crewed_team(game, other):
                            out.append(Command("transfer", side, figure=f.id, target=other.id))
        return out

    def team_in_reach(self, game: Game, figs: list[Figure], target_unit: str) -> bool:
        if not figs:
            return False
        members = [m for m in game.state.unit_figures(target_unit) if self.on_table(m)]
        reach = self.mm(82)
        return any(hypot(a.x - b.x, a.y - b.y) <= reach for a in figs for b in members)

    def vehicle_candidates(self, game: Game, side: str, u, v: Figure, targets: list[str]) -> list[Command]:
        out: list[Command] = []
        goal = self.goal_point(game, side, v.pos)
        if not v.markers.get("immobile") and not v.markers.get("bogged"):
            d = hypot(goal[0] - v.x, goal[1] - v.y)
            if d > EPS:
                step = min(d, self.mm(9))
                out.append(Command("move", side, figure=v.id, path=((v.x + (goal[0] - v.x) * step / d, v.y + (goal[1] - v.y) * step / d),)))
                out.append(Command("move_unit", side, unit=u.id, point=clamp_to_table(game, goal)))
                out.append(Command("pivot", side, figure=v.id, point=goal))
            back = (2 * v.x - goal[0], 2 * v.y - goal[1])
            out.append(Command("move_unit", side, unit=u.id, point=clamp_to_table(game, back)))
        else:
            out.append(Command("abandon", side, figure=v.id))
        if not self.is_open_vehicle(v):
            out.append(Command("hatch", side, figure=v.id))
        if not v.markers.get("spot_used"):
            out.append(Command("spot", side, figure=v.id))
        for wid, w in self.weapons_of(v, "gun"):
            if self.ready_count(v, wid) < w.actions:
                out.append(Command("ready", side, figure=v.id, choice=opts(weapon=wid)))
        if self.may_shoot_cheap(game, v):
            out += self.fire_candidates(game, side, v, targets)
        return out

    def turn_commands(self, game: Game, side: str) -> list[Command]:
        return [c for c in self.candidate_commands(game, side) if self.is_legal(game, c)]

    # ---- the interface: actions for a selection ------------------------------------------------------
    def actions(self, game: Game, side: str, unit_id: str | None, figure_id: str | None) -> list[Action]:
        st = game.state
        out: list[Action] = []
        if st.over or side != st.active_side or unit_id is None or unit_id not in st.units or st.units[unit_id].side != side:
            return out
        mk = self.make_action
        u = st.units[unit_id]
        v = self.unit_vehicle(game, unit_id)
        f = st.figures.get(figure_id or "")
        if f is not None and f.unit != unit_id:
            f = None
        if self.suppression(u):
            out.append(mk(game, f"Remove suppression ({self.suppression(u)}): 1 action each, d6 + team actions 6+", "now",
                          Command("remove_suppression", side, unit=unit_id), odds=True))
        if v is not None:
            out.append(mk(game, f"Drive {v.name}: drag or click", "move_figure", Command("move", side, figure=v.id)))
            out.append(mk(game, "Drive to a point", "point", Command("move_unit", side, unit=unit_id)))
            out.append(mk(game, "Turn on the spot to face a point", "point", Command("pivot", side, figure=v.id)))
            out += self.weapon_actions(game, side, v)
            if not self.is_open_vehicle(v):
                out.append(mk(game, "Close the hatch" if v.markers.get("unbuttoned") else "Open the hatch (see directly)", "now",
                              Command("hatch", side, figure=v.id)))
            out.append(mk(game, "Spot (d10)", "now", Command("spot", side, figure=v.id), odds=True))
            out.append(mk(game, "Abandon the vehicle", "now", Command("abandon", side, figure=v.id)))
            return out
        out.append(mk(game, "Move figures: drag or click", "move_figure", Command("move", side)))
        out.append(mk(game, "Move the team together to a point (1 move action)", "point", Command("move_unit", side, unit=unit_id)))
        out.append(mk(game, "Regroup on the leader", "now", Command("move_unit", side, unit=unit_id, choice="regroup")))
        if len(self.spotters(game, unit_id)) > 1:
            out.append(mk(game, "Whole team: spot (d10 each)", "now", Command("spot", side, unit=unit_id), odds=True))
        if f is not None:
            out.append(mk(game, f"{f.name}: spot (d10)", "now", Command("spot", side, figure=f.id), odds=True))
            out += self.weapon_actions(game, side, f)
        out.append(mk(game, "Whole team: unaimed shots", "enemy_unit", Command("fire_team", side, unit=unit_id, choice=opts(shot="unaimed")), odds=True))
        out.append(mk(game, "Whole team: aimed shots", "enemy_unit", Command("fire_team", side, unit=unit_id, choice=opts(shot="aimed")), odds=True))
        out.append(mk(game, "Fire together (team cannot hit individually: hits on a 20)", "enemy_unit", Command("volley", side, unit=unit_id), odds=True))
        inside = [m for m in st.unit_figures(unit_id) if self.embarked(m)]
        if inside:
            out.append(mk(game, "Get out of the vehicle (1 move action)", "now", Command("disembark", side, unit=unit_id)))
        else:
            out.append(mk(game, "Get into a vehicle (pick it)", "own_figure", Command("embark", side, unit=unit_id)))
        if u.attrs.get("parent"):
            out.append(mk(game, "Rejoin the parent fire team", "now", Command("rejoin", side, unit=unit_id)))
        if f is not None and self.fighter(f):
            for c in st.side_figures(side, alive_only=False):
                if c.life == DISABLED and self.gap(f, c) <= self.mm(self.data.movement.reach) + EPS:
                    out.append(mk(game, f"{f.name}: carry {c.name} (1 action)", "now", Command("carry", side, figure=f.id, target=c.id)))
            if f.markers.get("carrying"):
                out.append(mk(game, f"{f.name}: put down {st.figures[f.markers['carrying']].name}", "now", Command("drop", side, figure=f.id)))
            for b in self.adjacent_features(game, f, ("bunker",)):
                for wid, w in self.weapons_of(f, "grenade", "explosives"):
                    out.append(mk(game, f"{f.name}: post a {w.name.lower()} into {b.name}", "now",
                                  Command("post", side, figure=f.id, target=b.id, choice=opts(weapon=wid))))
            for t in self.demolition_targets(game):
                out.append(mk(game, f"{f.name}: blow up {game.table.feature(t).name}", "now", Command("demolish", side, figure=f.id, target=t)))
            out.append(mk(game, f"{f.name}: go scouting (own fire team)", "now", Command("scout", side, figure=f.id)))
            out.append(mk(game, f"{f.name}: join a crewed weapon team that lost men", "own_unit", Command("transfer", side, figure=f.id)))
        return out

    def weapon_actions(self, game: Game, side: str, f: Figure) -> list[Action]:
        mk = self.make_action
        out: list[Action] = []
        sh = self.data.shooting
        arms = self.weapons_of(f, "mg") if self.is_vehicle(f) else self.weapons_of(f, *SMALL_ARMS)[:1]
        for wid, w in arms:
            modes = [None]
            if w.category == "assault_rifle":
                modes = [f.markers["ar_mode"]] if f.markers.get("ar_mode") else ["rifle", "smg"]
            for shot in SHOT_ORDER:
                info = sh.shot_types[shot]
                for mode in modes:
                    cls = self.weapon_class(w, mode)
                    if cls in info.not_for and not (cls == "smg" and w.carbine):
                        continue
                    as_ = f" as {'SMG' if mode == 'smg' else 'rifle'}" if mode else ""
                    out.append(mk(game, f"{w.name}{as_}: {info.name.lower()} ({info.short}, {info.actions} action{'s' if info.actions > 1 else ''})",
                                  "enemy_unit", Command("fire", side, figure=f.id,
                                                        choice=opts(shot=shot, weapon=wid if self.is_vehicle(f) else None, **{"as": mode})), odds=True))
            out.append(mk(game, f"{w.name}: aimed shot at a vehicle's occupants", "enemy_unit",
                          Command("fire", side, figure=f.id, choice=opts(shot="aimed", weapon=wid if self.is_vehicle(f) else None, at="occupants")), odds=True))
        for wid, w in self.weapons_of(f, "gun", "at", "flamethrower", "grenade", "rifle_grenade", "mortar", "explosives"):
            saved = self.ready_count(f, wid)
            left = self.ammo_left(f, w, wid) if w.category in ("grenade", "rifle_grenade", "mortar") else self.shots_left(f, wid)
            ammo = f", {left} left" if left is not None else ""
            if w.category == "gun":
                out.append(mk(game, f"Fire {w.name} ({saved}/{w.actions} actions saved)", "enemy_figure",
                              Command("fire_gun", side, figure=f.id, choice=opts(weapon=wid)), odds=True))
            if w.category in ("at", "flamethrower"):
                out.append(mk(game, f"Fire {w.name} at a vehicle ({saved}/{w.actions} saved{ammo})", "enemy_figure",
                              Command("fire_at", side, figure=f.id, choice=opts(weapon=wid)), odds=True))
            if w.category == "flamethrower":
                out.append(mk(game, f"Flame a fire team ({w.actions} actions{ammo})", "enemy_unit", Command("flame", side, figure=f.id), odds=True))
            if w.category in ("grenade", "rifle_grenade", "mortar") or (w.category == "at" and w.vs_infantry == "rifle_grenade"):
                label = "Throw a grenade" if w.category == "grenade" else f"Fire {w.name} (HE)"
                out.append(mk(game, f"{label} ({w.actions} actions{ammo})", "enemy_figure",
                              Command("blast", side, figure=f.id, choice=opts(weapon=wid)), odds=True))
                for rnd in w.rounds:
                    if rnd != "he":
                        out.append(mk(game, f"Fire {w.name}: {'smoke' if rnd == 'smoke' else 'white phosphorus'} at a point", "point",
                                      Command("blast", side, figure=f.id, choice=opts(weapon=wid, round=rnd))))
            if w.accumulate:
                out.append(mk(game, f"Ready {w.name} ({saved}/{w.actions} actions saved)", "now",
                              Command("ready", side, figure=f.id, choice=opts(weapon=wid))))
        return out

    # ---- badges and words ------------------------------------------------------------------------------------
    def unit_status(self, game: Game, unit_id: str) -> list[str]:
        st = game.state
        u = st.units[unit_id]
        out = []
        if not st.unit_alive(unit_id):
            return ["out of action"]
        if self.suppression(u):
            out.append(f"suppressed {self.suppression(u)}")
        if self.routing(u):
            out.append("routing")
        if self.shaken(game, u):
            out.append("falling back")
        figs = st.unit_figures(unit_id, alive_only=False)
        if any(f.wounds and f.alive for f in figs):
            out.append("wounded")
        dis = sum(1 for f in figs if f.life == DISABLED)
        if dis:
            out.append(f"disabled {dis}")
        v = self.unit_vehicle(game, unit_id)
        if v is not None:
            for k, word in (("bogged", "bogged"), ("immobile", "immobilised"), ("optics", "optics hit"), ("unbuttoned", "hatch open")):
                if v.markers.get(k):
                    out.append(word)
            if self.stunned(game, v):
                out.append("stunned")
            if v.markers.get("wrecked"):
                out.append("weapon wrecked")
            if v.markers.get("small_arms_hits"):
                out.append(f"small arms hits {v.markers['small_arms_hits']}")
        if any(self.embarked(f) for f in figs) and v is None:
            out.append("in vehicle")
        if not any(self.is_spotted(game, s, f) for f in figs if f.alive for s in st.side_order if s != u.side):
            out.append("unseen")
        return out

    def unit_options(self, game: Game, unit_id: str) -> list[str]:
        st = game.state
        u = st.units[unit_id]
        if not st.unit_alive(unit_id):
            return ["Out of action."]
        out = []
        mv = self.data.movement
        v = self.unit_vehicle(game, unit_id)
        pts = sum(self.figure_points(st.figures[x]) for x in u.figures)
        out.append(f"{pts} points.")
        if self.routing(u):
            out.append("Routing: may not fire; flees at full speed at the start of its turn; rallies on a 6 if at half strength or more.")
        if self.shaken(game, u):
            out.append("Fell back: may not move or fire until after its next turn.")
        if self.suppression(u):
            out.append(f"Suppressed {self.suppression(u)}: no moving over {mv.suppressed_max:g}\", no firing. Removing one costs every member "
                       f"1 action; d6 + the team's actions left, {self.data.suppression.remove_target}+.")
        if v is not None:
            left = self.vehicle_remaining(game, v, False, False, False) if not (v.markers.get("immobile") or v.markers.get("bogged")) else 0.0
            out.append(f"{v.name}: {self.fmt(left)} of movement left this turn; moved {self.fmt(v.markers.get('moved_mm', 0.0))}.")
            for wid, w in self.weapons_of(v, "gun"):
                out.append(f"{w.name}: {self.ready_count(v, wid)}/{w.actions} actions saved.")
            crew = ", ".join(f"{c.name.split(' (')[0]} {self.actions_left(c)}/{self.max_actions(c)}" for c in self.crew(game, v))
            out.append(f"Crew actions left: {crew or 'no crew'}.")
            pas = self.passengers(game, v)
            if pas:
                out.append(f"Carrying {len(pas)} of {self.vtype(v).capacity}.")
            return out
        out.append(f"Move actions used: {u.markers.get('move_n', 0)} of {mv.max_move_actions}.")
        parts = []
        for f in st.unit_figures(unit_id):
            if self.is_gun(f):
                for wid, w in self.weapons_of(f, "gun"):
                    parts.append(f"{f.name} {self.ready_count(f, wid)}/{w.actions} saved")
                continue
            tag = " (wounded)" if f.wounds else ""
            ammo = []
            if f.attrs.get("grenades"):
                ammo.append(f"{f.attrs['grenades']} gren.")
            if f.attrs.get("rounds"):
                ammo.append(f"{f.attrs['rounds']} rds")
            for wid, _ in self.weapons_of(f, "at", "flamethrower"):
                n = self.shots_left(f, wid)
                if n is not None:
                    ammo.append(f"{n} shots")
            extra = f" [{', '.join(ammo)}]" if ammo else ""
            parts.append(f"{f.name} {self.actions_left(f)}/{self.max_actions(f)}{tag}{extra}")
        out.append("Actions left: " + "; ".join(parts) + ".")
        if u.side != st.active_side:
            ready = [f.name for f in st.unit_figures(unit_id) if f.attrs.get("reactive_ok")]
            out.append(("May shoot during this enemy turn: " + ", ".join(ready) + ".") if ready else "Moved or fired last turn: no shooting in the enemy's turn.")
        return out

    def range_bands(self, game: Game, fig: Figure) -> list[tuple[str, float, float]]:
        out = []
        if self.is_vehicle(fig) or self.is_gun(fig):
            for _, w in self.weapons_of(fig, "gun")[:1]:
                lo = self.data.vehicles.gun_ranges[w.range].minimum  # type: ignore[index]
                for b in self.data.vehicles.gun_ranges[w.range].bands:  # type: ignore[index]
                    out.append((f"{w.name} {b.name} ({b.need}+)", self.mm(lo), self.mm(min(b.upto, 120))))
                    lo = b.upto
            if out:
                return out
        arm = self.small_arm(fig) if not self.is_vehicle(fig) else (self.weapons_of(fig, "mg") or [None])[0]
        if arm is None:
            return out
        wid, w = arm
        cls = self.weapon_class(w, fig.markers.get("ar_mode"))
        lo = 0.0
        for name, up in zip(self.data.shooting.band_names, self.data.shooting.bands[cls], strict=True):  # type: ignore[index]
            out.append((f"{w.name} {name}", self.mm(lo), self.mm(up)))
            lo = up
        return out

    def preview_move(self, game: Game, fig: Figure, path: list[tuple[float, float]]) -> tuple[bool, str, list[str]]:
        cmd = Command("move", fig.side, figure=fig.id, path=tuple(path))
        reason = game.check(cmd)
        lines = [f"Move {fig.name}"]
        try:
            if self.is_vehicle(fig):
                leg, _ = self.plan_vehicle_leg(game, fig, list(path), strict=False)
                lines.append(f"path {self.fmt(leg.length)}; {self.fmt(self.vehicle_remaining(game, fig, False, False, False))} left this turn")
                if leg.crossings and self.vtype(fig).drive != "tracked":
                    lines.append(f"crosses {len(leg.crossings)} obstacle(s): half speed, may bog down")
            else:
                leg = self.infantry_leg(game, cmd, strict=False)
                full = sum(hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip([fig.pos, *path], path, strict=False))
                lines.append(f"path {self.fmt(full)}" + (f", costs {self.fmt(leg.cost)}" if full - leg.length < 0.5 else
                                                           f"; the first {self.fmt(leg.length)} cost {self.fmt(leg.cost)}"))
                lines += [f"{w}: -{self.fmt(a)}" for _, a, w in leg.charges]
                if leg.new_action:
                    u = game.state.units[fig.unit]
                    lines.append(f"starts move action {u.markers.get('move_n', 0) + 1} of {self.data.movement.max_move_actions}: every member spends 1 action")
        except Exception as e:  # a refusal while planning: the reason says it
            lines.append(str(getattr(e, "reason", e)))
            return False, "", lines
        if reason:
            lines.append(f"Not possible: {reason}")
        return reason is None, self.fmt(leg.cost), lines

    # ---- odds ---------------------------------------------------------------------------------------------------
    def odds_command(self, game: Game, shooter: str, target: str | None, assault: bool, extra: dict[str, str]) -> Command:
        st = game.state
        f = st.figures[shooter]
        known = {"shot", "weapon", "kind", "facing", "as", "round", "at"}
        bad = set(extra) - known
        if bad:
            refuse(f"{self.data.name} takes --option {', '.join(sorted(known))} (not {', '.join(sorted(bad))}).")
        kind = extra.get("kind")
        if assault or kind == "melee":
            return Command("melee", f.side, figure=f.id, target=target)
        if kind == "spot":
            return Command("spot", f.side, figure=f.id, target=target)
        if kind == "morale":
            return Command("morale", f.side, unit=f.unit)
        if kind in ("suppression", "remove_suppression"):
            return Command("remove_suppression", f.side, unit=f.unit)
        if kind == "volley":
            return Command("volley", f.side, unit=f.unit, target=target)
        if kind == "team":
            return Command("fire_team", f.side, unit=f.unit, target=target, choice=opts(shot=extra.get("shot", "unaimed")))
        w = extra.get("weapon")
        if w in (None, "small", "smallarms") or (w in f.weapons and self.weapon(w).category in SMALL_ARMS) or (w in f.weapons and self.is_vehicle(f) and self.weapon(w).category == "mg"):
            wid = w if w in f.weapons else None
            return Command("fire", f.side, figure=f.id, target=target,
                           choice=opts(shot=extra.get("shot", "unaimed"), weapon=wid, at=extra.get("at"), **{"as": extra.get("as")}))
        cats = {"grenade": ("grenade",), "rifle_grenade": ("rifle_grenade",), "mortar": ("mortar", "rifle_grenade"),
                "gun": ("gun",), "at": ("at", "flamethrower"), "flame": ("flamethrower",)}
        if w in f.weapons:
            wid, wpn = w, self.weapon(w)  # type: ignore[arg-type]
        else:
            require(w in cats, f"--option weapon= one of {', '.join(cats)} or a weapon id of {f.name} ({', '.join(f.weapons)}).")
            found = self.weapons_of(f, *cats[w])  # type: ignore[index]
            require(bool(found), f"{f.name} has no {w}.")
            wid, wpn = found[0]
        tfig = self.odds_target_figure(game, f, target)
        if wpn.category == "gun":
            return Command("fire_gun", f.side, figure=f.id, target=tfig, choice=opts(weapon=wid, facing=extra.get("facing")))
        if wpn.category == "flamethrower" and not (tfig and self.is_vehicle(st.figures[tfig])) and w != "at":
            return Command("flame", f.side, figure=f.id, target=target)
        if wpn.category in ("at", "flamethrower") and tfig and (self.is_vehicle(st.figures[tfig]) or self.unit_vehicle(game, st.figures[tfig].unit)):
            return Command("fire_at", f.side, figure=f.id, target=tfig, choice=opts(weapon=wid, facing=extra.get("facing")))
        return Command("blast", f.side, figure=f.id, target=tfig, choice=opts(weapon=wid, round=extra.get("round")))

    def odds_target_figure(self, game: Game, f: Figure, target: str | None) -> str | None:
        st = game.state
        if target in st.units:
            v = self.unit_vehicle(game, target)  # type: ignore[arg-type]
            if v is not None:
                return v.id
            figs = [m for m in st.unit_figures(target) if self.on_table(m)]  # type: ignore[arg-type]
            if not figs:
                return None
            return min(figs, key=lambda m: (hypot(m.x - f.x, m.y - f.y), m.id)).id
        return target

    def check_melee(self, game: Game, cmd: Command) -> None:
        refuse("Melee is fought by itself at the end of each side's turn, between figures within 1\" of each other.")

    def check_morale(self, game: Game, cmd: Command) -> None:
        refuse("Morale tests are taken by themselves when the rules call for them; this only gives their odds.")

    def odds(self, game: Game, cmd: Command) -> OddsReport:
        k = cmd.kind
        if k == "fire":
            return self.fire_odds(game, cmd)
        if k == "fire_team":
            return self.team_odds(game, cmd)
        if k == "volley":
            return self.volley_odds(game, cmd)
        if k == "blast":
            return self.blast_odds(game, cmd)
        if k in ("fire_gun", "fire_at"):
            return self.heavy_odds(game, cmd)
        if k == "flame":
            return self.flame_odds(game, cmd)
        if k == "spot":
            return self.spot_odds(game, cmd)
        if k == "melee":
            return self.melee_odds(game, cmd)
        if k == "morale":
            return self.morale_odds(game, cmd)
        if k == "remove_suppression":
            return self.suppression_odds(game, cmd)
        refuse(f"No odds for '{k}'.")
        raise AssertionError

    def after_effect_ap(self, game: Game, unit, victim: str | None, res: str) -> int:
        st = game.state
        if res == "suppressed":
            return self.team_ap(game, unit, extra_supp=1)
        if res == "wounded" and victim:
            v = st.figures[victim]
            left = self.max_actions(v) - 1
            return self.team_ap(game, unit, {victim: left if left > 0 else -1})
        if res in ("disabled", "killed", "flamer") and victim:
            return self.team_ap(game, unit, {victim: -1})
        return self.team_ap(game, unit)

    def fire_odds(self, game: Game, cmd: Command) -> OddsReport:
        s = self.shot_plan(game, cmd.figure, cmd.target, cmd.choice, strict=False)
        sh = self.data.shooting
        info = sh.shot_types[s.shot]
        lines = [OddsLine("weapon", f"{s.weapon.name} ({s.wclass}" + (f", as {s.mode}" if s.mode else "") + ")"),
                 OddsLine("shot", f"{info.name} ({info.short}): {s.cost} action(s)"),
                 OddsLine("range", f"{self.fmt(s.distance)}: {sh.band_names[s.band]}")]
        lines += [OddsLine(n, f"{v:+d} band(s)") for n, v in s.shifts]
        if s.auto:
            lines.append(OddsLine("to hit", "automatic (point blank, inactive target)"))
        elif s.need is None:
            lines.append(OddsLine("to hit", "cannot hit individually: beyond long range after shifts"))
        else:
            lines.append(OddsLine("to hit", f"d20 {s.need}+ ({sh.band_names[min(s.shifted, 3)]} row)"))
        lines += [OddsLine(n, f"{v:+d} to the effect die") for n, v in s.effect_mods]
        notes = list(s.notes)
        unit = s.target
        if s.need is None and not s.auto:
            d = Distribution({"cannot hit": 1.0}, True, "certain", {"cannot hit": Fraction(1)})
            return OddsReport(f"{s.firer.name} at {unit.name}", lines, d, "result", notes + ["the team may fire together: one d20, a hit on a 20"])
        tests = self.tests_morale(game, unit)

        def fn(dice: Dice):
            res, victim = self.resolve_shot(dice, game, s)
            if res == "damage":
                if s.wclass == "mg":
                    p = self.damage_plan(game, s.firer.pos, None, s.vehicle, handheld=False)
                    return (self.damage_key(s.vehicle, self.roll_damage(dice, p, "damage")), "no test")
                return ("small arms hit (3 make a damage roll)", "no test")
            if res == "miss" or not tests:
                return (res, "no test")
            if res == "flamer":
                return (res, "test after the flames")
            ap = self.after_effect_ap(game, unit, victim, res)
            return (res, self.morale_roll(dice, unit, ap, "odds"))

        dist = enumerate_outcomes(fn)
        extra = {"morale test of the target": dist.marginal(lambda o: o[1])}
        return OddsReport(f"{s.firer.name} at {unit.name}", lines, dist.marginal(lambda o: o[0]), "result", notes, extra)

    def team_odds(self, game: Game, cmd: Command) -> OddsReport:
        firers = self.team_shots(game, cmd.unit, cmd.target, cmd.choice)
        require(bool(firers), "No figure of that team can fire that shot.")
        shots = [self.shot_plan(game, f.id, cmd.target, cmd.choice, strict=True) for f in firers]
        groups = Counter((s.need if not s.auto else 1) for s in shots)
        lines = [OddsLine(s.firer.name, f"{s.weapon.name}, {self.fmt(s.distance)}, " + ("automatic" if s.auto else f"{s.need}+")) for s in shots]

        def fn(dice: Dice):
            hits = 0
            for need, n in sorted(groups.items()):
                roll = dice.roll(f"{n}d20", "team fire")
                hits += sum(1 for x in roll.faces if x >= need)
            return hits

        dist = enumerate_outcomes(fn)
        return OddsReport(f"{game.state.units[cmd.unit].name} fires at {shots[0].target.name}", lines, dist, "hits",
                          ["each hit then rolls the fire effect (see a single shot's odds)"])

    def volley_odds(self, game: Game, cmd: Command) -> OddsReport:
        try:  # the figures that may fire now; for a situation off-turn (the command line), every one that could
            shots, target = self.volley_plan(game, cmd.unit, cmd.target, strict=True)
        except Refusal:
            shots, target = self.volley_plan(game, cmd.unit, cmd.target, strict=False)
        mods = self.volley_mods(shots)
        lines = [OddsLine("firers", ", ".join(s.firer.name for s in shots)), OddsLine("to hit", f"d20 {self.data.shooting.volley_hits_on}")]
        lines += [OddsLine(n, f"{v:+d} to the effect die") for n, v in mods]
        dist = enumerate_outcomes(lambda dice: self.volley_roll(dice, game, shots, target)[0])
        return OddsReport(f"{game.state.units[cmd.unit].name} fires together at {target.name}", lines, dist, "result")

    def blast_odds(self, game: Game, cmd: Command) -> OddsReport:
        b = self.blast_plan(game, cmd.figure, cmd.target, cmd.point, cmd.choice, strict=False)
        lines = [OddsLine("weapon", f"{b.weapon.name} ({b.round})"), OddsLine("range", f"{self.fmt(b.distance)}: {b.band}"),
                 OddsLine("to hit", f"d20 {b.need}+")] + [OddsLine(n, f"{v:+d}") for n, v in b.mods]
        t = self.data.blast.effect.table
        victims = self.explosive_victims(game, b.centre, b.firer, "explosive") if b.round != "smoke" else []
        bunkers = self.blast_bunkers(game, b.centre) if b.round != "smoke" else []
        for f, mods in victims:
            lines.append(OddsLine(f"in the blast: {f.name}", ", ".join(f"{n} {v:+d}" for n, v in mods) or "no modifiers"))

        def fn(dice: Dice):
            if not self.blast_to_hit(dice, b):
                return "miss"
            if b.round == "smoke":
                return "smoke placed"
            res = []
            for bk in bunkers:
                res += self.bunker_hit(dice, game, bk, b.weapon.category == "grenade", "odds")
            res += self.roll_effects(dice, victims, t.die, t.result, "odds", "")
            return counts_label(res)

        dist = enumerate_outcomes(fn)
        return OddsReport(f"{b.firer.name}: {b.weapon.name} at {b.target.name if b.target else 'a point'}", lines, dist, "result",
                          b.notes + [f"every figure within {self.data.blast.radius:g}\" not behind a wall is affected"],
                          {"hit": dist.marginal(lambda o: "miss" if o == "miss" else "hit")})

    def heavy_odds(self, game: Game, cmd: Command) -> OddsReport:
        o = parse_opts(cmd.choice)
        h = self.heavy_plan(game, cmd.figure, cmd.target, cmd.choice, strict=False, facing=o.get("facing"))
        lines = [OddsLine("weapon", h.weapon.name), OddsLine("range", f"{self.fmt(h.distance)}: {h.band}"),
                 OddsLine("to hit", f"d20 {h.need}+")] + [OddsLine(n, f"{v:+d} to the score needed") for n, v in h.need_mods]
        notes = []
        if h.damage is not None:
            lines.append(OddsLine("facing", h.damage.facing + (" (as asked)" if o.get("facing") else " (from the table)")))
            lines += [OddsLine(n, f"{v:+d} to the damage die") for n, v in h.damage.mods]

            def fn(dice: Dice):
                if not self.heavy_to_hit(dice, h):
                    return "miss"
                return self.damage_key(h.target, self.roll_damage(dice, h.damage, "damage"))
        else:
            art = self.data.artillery
            victims = self.explosive_victims(game, h.target.pos, h.firer, "artillery")
            calibre = h.weapon.calibre or 75
            die = art.die_for(calibre)
            lines.append(OddsLine("HE effect", f"{die} per figure within {self.data.blast.radius:g}\""))
            notes.append("high explosive against infantry: the other artillery table")

            def fn(dice: Dice):
                if not self.heavy_to_hit(dice, h):
                    return "miss"
                return counts_label(self.roll_effects(dice, victims, die, art.result, "odds", ""))

        dist = enumerate_outcomes(fn)
        return OddsReport(f"{h.firer.name}: {h.weapon.name} at {h.target.name}", lines, dist, "result", notes,
                          {"hit": dist.marginal(lambda x: "miss" if x == "miss" else "hit")})

    def effect_chance(self, game: Game, cmd: Command) -> float | None:
        """The exact chance that a blast, a gun or an anti-tank weapon hits and does
        something, without enumerating all its dice together: the to-hit die, each
        victim's (or bunker's) effect dice and a vehicle's damage die are independent, so
        P = P(hit) x (1 - the product of each one's chance of no effect), each factor
        enumerated on its own by the same resolution functions the full odds use. None
        for other shots."""
        if cmd.kind == "blast":
            b = self.blast_plan(game, cmd.figure, cmd.target, cmd.point, cmd.choice, strict=False)
            hit = float(enumerate_outcomes(lambda dice: self.blast_to_hit(dice, b)).p(True))
            if b.round == "smoke":
                return hit
            t = self.data.blast.effect.table
            victims = self.explosive_victims(game, b.centre, b.firer, "explosive")
            parts = [lambda dice, v=v: self.roll_effects(dice, [v], t.die, t.result, "odds", "") for v in victims]
            parts += [lambda dice, bk=bk: self.bunker_hit(dice, game, bk, b.weapon.category == "grenade", "odds")
                      for bk in self.blast_bunkers(game, b.centre)]
        elif cmd.kind in ("fire_gun", "fire_at"):
            o = parse_opts(cmd.choice)
            h = self.heavy_plan(game, cmd.figure, cmd.target, cmd.choice, strict=False, facing=o.get("facing"))
            hit = float(enumerate_outcomes(lambda dice: self.heavy_to_hit(dice, h)).p(True))
            if h.damage is not None:
                dmg = enumerate_outcomes(lambda dice: self.damage_key(h.target, self.roll_damage(dice, h.damage, "damage")))
                return hit * float(sum(p for k, p in dmg.probs.items() if not no_effect(k)))
            if cmd.kind == "fire_at":
                return None
            art = self.data.artillery
            die = art.die_for(h.weapon.calibre or 75)
            victims = self.explosive_victims(game, h.target.pos, h.firer, "artillery")
            parts = [lambda dice, v=v: self.roll_effects(dice, [v], die, art.result, "odds", "") for v in victims]
        else:
            return None
        nothing = 1.0
        for part in parts:
            dist = enumerate_outcomes(lambda dice, part=part: counts_label(part(dice)))
            nothing *= dist.p("hit, no effect")
        return hit * (1.0 - nothing)

    def flame_odds(self, game: Game, cmd: Command) -> OddsReport:
        p = self.flame_plan(game, cmd.figure, cmd.target, cmd.choice, strict=False)
        lines = [OddsLine(m.name, f"{band}: d20 {need}+") for m, band, need in p.hits]
        parts = []
        for m, band, need in p.hits:  # each member is diced on his own: exact per member, then combined
            single = FlamePlanOne(p, m, band, need)
            parts.append(enumerate_outcomes(lambda dice, one=single: self.flame_member(dice, one)))
        if p.bunker is not None:
            lines.append(OddsLine("bunker", f"{p.bunker.name}: bunker table"))
            parts.append(enumerate_outcomes(lambda dice: tuple(sorted(r for _, r in self.bunker_hit(dice, game, p.bunker, False, "odds")))))
        dist = combine(parts)
        return OddsReport(f"{p.firer.name} flames {p.target.name}", lines, dist, "result",
                          ["every member of the team is diced for; a hit flamethrower man dies and his team is hit by flame"])

    def flame_member(self, dice: Dice, one) -> tuple[str, ...]:
        roll = dice.roll(self.data.anti_tank.die, "flame", target=f"{one.need}+")
        if roll.value < one.need:
            return ()
        if self.is_flamer(one.member):
            return ("flamer",)
        return (self.flame_effect(dice, one.member, "flame"),)

    def spot_odds(self, game: Game, cmd: Command) -> OddsReport:
        st = game.state
        if cmd.figure is None:
            return self.team_spot_odds(game, cmd)
        f = st.figures[cmd.figure]
        if cmd.target is None:
            lines = [OddsLine(b.name, f"up to {b.upto:g}\": d10 {b.need}+") for b in self.data.spotting.bands]
            d = enumerate_outcomes(lambda dice: next((b.name for b in reversed(self.data.spotting.bands)
                                                      if dice.roll("d10", "spot").value >= b.need), "nothing"))
            return OddsReport(f"{f.name} tries to spot", lines, d, "farthest band the roll reaches",
                              ["band shifts apply to each enemy: the roll is compared with each one's score"])
        targets = [st.figures[cmd.target]] if cmd.target in st.figures else [m for m in st.unit_figures(cmd.target) if self.on_table(m)]
        require(bool(targets), "Nothing to spot there.")
        lines = []
        needs = {}
        for t in targets:
            res = self.los(game, f, t)
            heard = not res.visible
            band, need, shifts = self.spot_need(game, f, t, heard=heard)
            if heard and not self.fired_recently(game, st.units[t.unit]):
                need = None
            auto = (res.visible and res.cover == 0 and res.hindrances == 0
                    and hypot(f.x - t.x, f.y - t.y) <= self.mm(self.data.spotting.automatic_within) + EPS)
            if auto:
                lines.append(OddsLine(t.name, "automatic: in the open and clear sight within 20\""))
                needs[t.id] = 1
                continue
            desc = ", ".join(f"{n} {v:+d}" for n, v in shifts) or "no shifts"
            lines.append(OddsLine(t.name, (f"d10 {need}+ ({desc})" if need is not None else f"impossible ({desc})")))
            if need is not None:
                needs[t.id] = need
        n = len(targets)

        def fn(dice: Dice):
            if not needs:
                return 0
            r = dice.roll("d10", "spot").value
            return sum(1 for x in needs.values() if r >= x)

        dist = enumerate_outcomes(fn)
        return OddsReport(f"{f.name} tries to spot", lines, dist, f"figures spotted (of {n})")

    def team_spot_odds(self, game: Game, cmd: Command) -> OddsReport:
        """The farthest band the best of the team's dice reaches. Each figure rolls on
        its own, so P(best roll >= k) = 1 - P(one die < k) ** n (for the d10:
        1 - ((k - 1) / 10) ** n), worked out exactly rather than by walking the 10 ** n
        paths of n dice."""
        unit = game.state.units[cmd.unit or ""]
        n = len(self.spotters(game, unit.id))
        require(n > 0, f"No one in {unit.name} may try to spot now.")
        bands = self.data.spotting.bands
        die = self.data.spotting.die
        faces = die_faces(die)

        def at_least(need: int) -> Fraction:
            return 1 - Fraction(sum(1 for v in faces if v < need), len(faces)) ** n

        fracs: dict[str, Fraction] = {}
        reached = Fraction(0)
        for b in sorted(bands, key=lambda b: -b.need):  # the farthest band needs the highest roll
            p = at_least(b.need) - reached
            reached += p
            if p:
                fracs[b.name] = p
        if reached < 1:
            fracs["nothing"] = 1 - reached
        dist = Distribution({k: float(v) for k, v in fracs.items()}, True,
                            f"exact: the best of {n} {die}, 1 - P(one die below the need)^{n} per band", fracs)
        lines = [OddsLine(b.name, f"up to {b.upto:g}\": {die} {b.need}+") for b in bands]
        return OddsReport(f"{unit.name}: {n} figure{'s' if n != 1 else ''} try to spot", lines, dist,
                          "farthest band the best roll reaches",
                          ["each figure rolls its own die; band shifts apply to each enemy: each roll is compared with each one's score"])

    def melee_odds(self, game: Game, cmd: Command) -> OddsReport:
        st = game.state
        a = st.figures[cmd.figure]
        require(cmd.target in st.figures, "Choose the enemy figure it fights (--target FIGURE).")
        d = st.figures[cmd.target]  # type: ignore[index]
        require(d.side != a.side, f"{d.name} is on the same side.")
        reach = self.melee_reach() + EPS
        extras = [f for f in st.figures.values() if f.side == a.side and f.id != a.id and self.fighter(f) and self.gap(f, d) <= reach]
        dex = [f for f in st.figures.values() if f.side == d.side and f.id != d.id and self.fighter(f) and self.gap(f, a) <= reach]
        fight = Fight(a, d, extras, dex)
        sa, sd, am, dm = fight.scores(self)
        lines = [OddsLine(a.name, " + ".join(f"{n} {v}" for n, v in am) + " + d6"), OddsLine(d.name, " + ".join(f"{n} {v}" for n, v in dm) + " + d6")]
        capture = {a.id: not self.friends_near(game, a), d.id: not self.friends_near(game, d)}
        notes = [] if self.gap(a, d) <= reach else [f"{a.name} and {d.name} are not in contact yet: these are the odds once they are"]
        dist = enumerate_outcomes(lambda dice: self.melee_outcome(dice, fight, capture))
        return OddsReport(f"Melee: {a.name} against {d.name}", lines, dist, "result", notes)

    def morale_odds(self, game: Game, cmd: Command) -> OddsReport:
        unit = game.state.units[cmd.unit]
        ap = self.team_ap(game, unit)
        dist = enumerate_outcomes(lambda dice: self.morale_roll(dice, unit, ap, "odds"))
        return OddsReport(f"{unit.name} morale test", [OddsLine("action points", f"{ap}: the d6 must score less")], dist, "result")

    def suppression_odds(self, game: Game, cmd: Command) -> OddsReport:
        unit = game.state.units[cmd.unit]
        left = self.removal_chance(game, unit)
        s = self.data.suppression

        def fn(dice: Dice):
            return "removed" if dice.roll(s.remove_die, "remove").value + left >= s.remove_target else "still suppressed"

        dist = enumerate_outcomes(fn)
        return OddsReport(f"{unit.name} removes a suppression", [OddsLine("team actions left after paying", str(left)),
                                                                 OddsLine("needs", f"d6 + {left} >= {s.remove_target}")], dist, "result")
