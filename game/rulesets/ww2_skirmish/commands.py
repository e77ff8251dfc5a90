"""WW2 Skirmish: what the players and the baseline see of the rules: the legal commands,
the actions offered for a selection (one per shot type), badges, the options text with
each figure's actions left, range bands and move previews. The odds are in odds.py.
"""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.state import Figure
from game.rulesets.movement import clamp_to_table
from game.rulesets.offers import Action
from game.rulesets.parts import CommandListing
from game.rulesets.ww2_skirmish.common import DISABLED, EPS
from game.rulesets.ww2_skirmish.data import SHOT_ORDER, SMALL_ARMS
from game.rulesets.ww2_skirmish.options import MODES, Mode, options
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2UnitAttr, Ww2UnitMark
from game.solo.goals import objectives_to_take

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2Commands(CommandListing["Ww2Skirmish"]):
    """The commands a side may give and what the interface offers and says of them."""

    rules: Ww2Skirmish

    # ---- words --------------------------------------------------------------------------------
    def command_words(self, game: Game, cmd: Command) -> str:
        st = game.state
        o = dict(cmd.options)  # words only: describing never refuses
        who = st.figures[cmd.figure].name if cmd.figure in st.figures else (st.units[cmd.unit].name if cmd.unit in st.units else "")
        tgt = st.units[cmd.target].name if cmd.target in st.units else (st.figures[cmd.target].name if cmd.target in st.figures else "")
        k = cmd.kind
        if k in ("fire", "fire_team"):
            sh, name = self.rules.data.shooting, o.get("shot", "unaimed")
            shot = sh.shot_types[name] if sh.is_shot(name) else None
            w = f" ({self.rules.weapon(o['weapon']).name})" if "weapon" in o else ""
            extra = (" as SMG" if o.get("as") == "smg" else " as rifle" if o.get("as") == "rifle" else "") + (" at the occupants" if o.get("at") else "")
            return f"{who}{' (whole team)' if k == 'fire_team' else ''}: {shot.name.lower() if shot else 'shot'}{w}{extra}"
        words = {"volley": "fire together (hits on a 20)", "blast": f"fire {self.rules.weapon(o['weapon']).name if 'weapon' in o else 'grenade/mortar'}"
                 + (f" ({o['round']})" if o.get("round") not in (None, "he") else ""),
                 "fire_gun": f"fire {self.rules.weapon(o['weapon']).name if 'weapon' in o else 'gun'}",
                 "fire_at": f"fire {self.rules.weapon(o['weapon']).name if 'weapon' in o else 'anti-tank weapon'}", "flame": "flamethrower",
                 "move": "move", "move_unit": {"regroup": "regroup", "dispersed": "move together in dispersed order"}.get(cmd.choice or "", "move together"), "spot": "tries to spot",
                 "remove_suppression": "removes suppression", "ready": f"readies {self.rules.weapon(o['weapon']).name if 'weapon' in o else ''}",
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
        return list(self.rules.recall(game, ("known_enemies", side), lambda: [
            f for f in game.state.figures.values() if f.side != side and f.alive and not self.rules.embarked(f) and self.rules.spotting.is_spotted(game, side, f)]))

    def known_units(self, game: Game, side: str) -> list[str]:
        return sorted({f.unit for f in self.rules.known_enemies(game, side)})

    def goal_point(self, game: Game, side: str, centre: tuple[float, float]) -> tuple[float, float]:
        st = game.state
        targets = self.rules.recall(game, ("goal_objectives", side), lambda: objectives_to_take(game, side))
        if targets:
            return min(targets, key=lambda p: hypot(p[0] - centre[0], p[1] - centre[1]))
        foes = self.rules.known_enemies(game, side)
        if foes:
            e = min(foes, key=lambda f: hypot(f.x - centre[0], f.y - centre[1]))
            return e.pos
        edge = {"north": "south", "south": "north", "east": "west", "west": "east"}[st.sides[side].home_edge]
        w, h = game.table.width, game.table.height
        return {"north": (centre[0], 0.0), "south": (centre[0], h), "west": (0.0, centre[1]), "east": (w, centre[1])}[edge]

    # ---- candidate commands -----------------------------------------------------------------------
    def may_shoot_cheap(self, game: Game, f: Figure) -> bool:
        unit = game.state.units[f.unit]
        if self.rules.routing(unit) or self.rules.shaken(game, unit) or self.rules.suppression(unit):
            return False
        if self.rules.is_vehicle(f):
            return f.alive and any(self.rules.actions_left(c) > 0 for c in self.rules.crew(game, f)) or any(self.rules.guns.ready_count(f, w) for w in f.weapons)
        if f.side != game.state.active_side and not f.attrs.get(Ww2FigAttr.REACTIVE_OK):
            return False
        return f.alive and (self.rules.actions_left(f) > 0 or any(self.rules.guns.ready_count(f, w) for w in f.weapons)
                            or bool(self.loaders_any(game, f)))

    def loaders_any(self, game: Game, f: Figure) -> bool:
        return self.rules.is_gun(f) and any(self.rules.actions_left(c) > 0 for c in self.rules.gun_crew(game, f))

    def candidate_commands(self, game: Game, side: str) -> list[Command]:
        st = game.state
        if self.rules.decision(game) is not None:
            return self.rules.legal_commands(game, side)
        if st.over:
            return []
        targets = self.known_units(game, side)
        if side != st.active_side:
            out = []
            for f in st.side_figures(side):
                if f.attrs.get(Ww2FigAttr.REACTIVE_OK) and self.may_shoot_cheap(game, f):
                    out += self.rules.reactions.fire_candidates(game, side, f, targets)
            return out
        out = [Command(END_PHASE, side)]
        # what is the same for every figure of the side, worked out once
        crewed = [other.id for other in st.side_units(side) if self.rules.teams.crewed_team(game, other)]
        demolishable = self.rules.demolition.demolition_targets(game)
        disabled = [c for c in st.side_figures(side, alive_only=False) if c.life == DISABLED]
        for u in st.side_units(side):
            figs = st.unit_figures(u.id)
            if not figs:
                continue
            v = self.rules.unit_vehicle(game, u.id)
            if self.rules.suppression(u):
                out.append(Command("remove_suppression", side, unit=u.id))
            if v is not None:
                out += self.vehicle_candidates(game, side, u, v, targets)
                continue
            fighters = self.rules.fighters(game, u.id)
            if self.rules.routing(u):
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
                        step = min(d, self.rules.mm(2))
                        out.append(Command("move", side, figure=f.id, path=((f.x + (goal[0] - f.x) * step / d, f.y + (goal[1] - f.y) * step / d),)))
                if u.attrs.get(Ww2UnitAttr.PARENT):
                    out.append(Command("rejoin", side, unit=u.id))
            inside = [f for f in figs if self.rules.embarked(f)]
            if inside:
                out.append(Command("disembark", side, unit=u.id))
            elif fighters:
                for veh in st.side_figures(side):
                    if self.rules.is_vehicle(veh) and self.rules.vehicles.vtype(veh).capacity and hypot(veh.x - fighters[0].x, veh.y - fighters[0].y) < self.rules.mm(10):
                        out.append(Command("embark", side, unit=u.id, target=veh.id))
            team_targets = [t for t in targets if self.team_in_reach(game, fighters, t)]
            for t in team_targets:
                out.append(Command("volley", side, unit=u.id, target=t))
                for shot in ("unaimed", "aimed"):
                    out.append(Command("fire_team", side, unit=u.id, target=t, options=options(shot=shot)))
            if len(self.rules.spotting.spotters(game, u.id)) > 1:
                out.append(Command("spot", side, unit=u.id))
            for f in figs:
                if not f.alive or self.rules.embarked(f) and not self.rules.is_open_vehicle(self.rules.riding_in(game, f)):
                    continue
                if not f.markers.get(Ww2FigMark.SPOT_USED) and not self.rules.embarked(f):
                    out.append(Command("spot", side, figure=f.id))
                if self.may_shoot_cheap(game, f):
                    reach = [t for t in team_targets] if not self.rules.is_gun(f) else targets
                    out += self.rules.reactions.fire_candidates(game, side, f, reach if not self.rules.weapons_of(f, "gun", "mortar") else targets)
                for wid, w in self.rules.weapons_of(f):
                    if w.accumulate and self.rules.guns.ready_count(f, wid) < w.actions:
                        out.append(Command("ready", side, figure=f.id, options=options(weapon=wid)))
                    if w.category in ("rifle_grenade", "mortar") and "smoke" in w.rounds and targets:
                        e = min(self.rules.known_enemies(game, side), key=lambda x: hypot(x.x - f.x, x.y - f.y))
                        out.append(Command("blast", side, figure=f.id, point=e.pos, options=options(weapon=wid, round="smoke")))
                if self.rules.fighter(f):
                    for c in disabled:
                        if self.rules.gap(f, c) <= self.rules.mm(self.rules.data.movement.reach) + EPS:
                            out.append(Command("carry", side, figure=f.id, target=c.id))
                    if f.markers.get(Ww2FigMark.CARRYING):
                        out.append(Command("drop", side, figure=f.id))
                    posts = self.rules.weapons_of(f, "grenade", "explosives")
                    for b in self.rules.demolition.adjacent_features(game, f, ("bunker",)) if posts else ():
                        for wid, _w in posts:
                            out.append(Command("post", side, figure=f.id, target=b.id, options=options(weapon=wid)))
                    for t in demolishable:
                        out.append(Command("demolish", side, figure=f.id, target=t))
                    for other in crewed:
                        if other != u.id:
                            out.append(Command("transfer", side, figure=f.id, target=other))
        return out

    def team_in_reach(self, game: Game, figs: list[Figure], target_unit: str) -> bool:
        if not figs:
            return False
        members = [m for m in game.state.unit_figures(target_unit) if self.rules.on_table(m)]
        reach = self.rules.mm(82)
        return any(hypot(a.x - b.x, a.y - b.y) <= reach for a in figs for b in members)

    def vehicle_candidates(self, game: Game, side: str, u, v: Figure, targets: list[str]) -> list[Command]:
        out: list[Command] = []
        goal = self.goal_point(game, side, v.pos)
        if not v.markers.get(Ww2FigMark.IMMOBILE) and not v.markers.get(Ww2FigMark.BOGGED):
            d = hypot(goal[0] - v.x, goal[1] - v.y)
            if d > EPS:
                step = min(d, self.rules.mm(9))
                out.append(Command("move", side, figure=v.id, path=((v.x + (goal[0] - v.x) * step / d, v.y + (goal[1] - v.y) * step / d),)))
                out.append(Command("move_unit", side, unit=u.id, point=clamp_to_table(game, goal)))
                out.append(Command("pivot", side, figure=v.id, point=goal))
            back = (2 * v.x - goal[0], 2 * v.y - goal[1])
            out.append(Command("move_unit", side, unit=u.id, point=clamp_to_table(game, back)))
        else:
            out.append(Command("abandon", side, figure=v.id))
        if not self.rules.is_open_vehicle(v):
            out.append(Command("hatch", side, figure=v.id))
        if not v.markers.get(Ww2FigMark.SPOT_USED):
            out.append(Command("spot", side, figure=v.id))
        for wid, w in self.rules.weapons_of(v, "gun"):
            if self.rules.guns.ready_count(v, wid) < w.actions:
                out.append(Command("ready", side, figure=v.id, options=options(weapon=wid)))
        if self.may_shoot_cheap(game, v):
            out += self.rules.reactions.fire_candidates(game, side, v, targets)
        return out

    def turn_commands(self, game: Game, side: str) -> list[Command]:
        return [c for c in self.candidate_commands(game, side) if self.rules.is_legal(game, c)]

    # ---- the interface: actions for a selection ------------------------------------------------------
    def actions(self, game: Game, side: str, unit_id: str | None, figure_id: str | None) -> list[Action]:
        st = game.state
        out: list[Action] = []
        if st.over or side != st.active_side or unit_id is None or unit_id not in st.units or st.units[unit_id].side != side:
            return out
        mk = self.rules.make_action
        u = st.units[unit_id]
        v = self.rules.unit_vehicle(game, unit_id)
        f = st.figures.get(figure_id or "")
        if f is not None and f.unit != unit_id:
            f = None
        if self.rules.suppression(u):
            out.append(mk(game, f"Remove suppression ({self.rules.suppression(u)}): 1 action each, d6 + team actions 6+", "now",
                          Command("remove_suppression", side, unit=unit_id), odds=True))
        if v is not None:
            out.append(mk(game, f"Drive {v.name}: drag or click", "move_figure", Command("move", side, figure=v.id)))
            out.append(mk(game, "Drive to a point", "point", Command("move_unit", side, unit=unit_id)))
            out.append(mk(game, "Turn on the spot to face a point", "point", Command("pivot", side, figure=v.id)))
            out += self.weapon_actions(game, side, v)
            if not self.rules.is_open_vehicle(v):
                out.append(mk(game, "Close the hatch" if v.markers.get(Ww2FigMark.UNBUTTONED) else "Open the hatch (see directly)", "now",
                              Command("hatch", side, figure=v.id)))
            out.append(mk(game, "Spot (d10)", "now", Command("spot", side, figure=v.id), odds=True))
            out.append(mk(game, "Abandon the vehicle", "now", Command("abandon", side, figure=v.id)))
            return out
        out.append(mk(game, "Move figures: drag or click", "move_figure", Command("move", side)))
        out.append(mk(game, "Move the team together to a point (1 move action)", "point", Command("move_unit", side, unit=unit_id)))
        out.append(mk(game, "Regroup on the leader", "now", Command("move_unit", side, unit=unit_id, choice="regroup")))
        if len(self.rules.spotting.spotters(game, unit_id)) > 1:
            out.append(mk(game, "Whole team: spot (d10 each)", "now", Command("spot", side, unit=unit_id), odds=True))
        if f is not None:
            out.append(mk(game, f"{f.name}: spot (d10)", "now", Command("spot", side, figure=f.id), odds=True))
            out += self.weapon_actions(game, side, f)
        out.append(mk(game, "Whole team: unaimed shots", "enemy_unit", Command("fire_team", side, unit=unit_id, options=options(shot="unaimed")), odds=True))
        out.append(mk(game, "Whole team: aimed shots", "enemy_unit", Command("fire_team", side, unit=unit_id, options=options(shot="aimed")), odds=True))
        out.append(mk(game, "Fire together (team cannot hit individually: hits on a 20)", "enemy_unit", Command("volley", side, unit=unit_id), odds=True))
        inside = [m for m in st.unit_figures(unit_id) if self.rules.embarked(m)]
        if inside:
            out.append(mk(game, "Get out of the vehicle (1 move action)", "now", Command("disembark", side, unit=unit_id)))
        else:
            out.append(mk(game, "Get into a vehicle (pick it)", "own_figure", Command("embark", side, unit=unit_id)))
        if u.attrs.get(Ww2UnitAttr.PARENT):
            out.append(mk(game, "Rejoin the parent fire team", "now", Command("rejoin", side, unit=unit_id)))
        if f is not None and self.rules.fighter(f):
            for c in st.side_figures(side, alive_only=False):
                if c.life == DISABLED and self.rules.gap(f, c) <= self.rules.mm(self.rules.data.movement.reach) + EPS:
                    out.append(mk(game, f"{f.name}: carry {c.name} (1 action)", "now", Command("carry", side, figure=f.id, target=c.id)))
            if f.markers.get(Ww2FigMark.CARRYING):
                out.append(mk(game, f"{f.name}: put down {st.figures[f.markers[Ww2FigMark.CARRYING]].name}", "now", Command("drop", side, figure=f.id)))
            for b in self.rules.demolition.adjacent_features(game, f, ("bunker",)):
                for wid, w in self.rules.weapons_of(f, "grenade", "explosives"):
                    out.append(mk(game, f"{f.name}: post a {w.name.lower()} into {b.name}", "now",
                                  Command("post", side, figure=f.id, target=b.id, options=options(weapon=wid))))
            for t in self.rules.demolition.demolition_targets(game):
                out.append(mk(game, f"{f.name}: blow up {game.table.feature(t).name}", "now", Command("demolish", side, figure=f.id, target=t)))
            out.append(mk(game, f"{f.name}: go scouting (own fire team)", "now", Command("scout", side, figure=f.id)))
            out.append(mk(game, f"{f.name}: join a crewed weapon team that lost men", "own_unit", Command("transfer", side, figure=f.id)))
        return out

    def weapon_actions(self, game: Game, side: str, f: Figure) -> list[Action]:
        mk = self.rules.make_action
        out: list[Action] = []
        sh = self.rules.data.shooting
        arms = self.rules.weapons_of(f, "mg") if self.rules.is_vehicle(f) else self.rules.weapons_of(f, *SMALL_ARMS)[:1]
        for wid, w in arms:
            modes: list[Mode | None] = [None]
            if w.category == "assault_rifle":
                modes = [MODES[f.markers[Ww2FigMark.AR_MODE]]] if f.markers.get(Ww2FigMark.AR_MODE) else ["rifle", "smg"]
            for shot in SHOT_ORDER:
                info = sh.shot_types[shot]
                for mode in modes:
                    cls = self.rules.weapon_class(w, mode)
                    if cls in info.not_for and not (cls == "smg" and w.carbine):
                        continue
                    as_ = f" as {'SMG' if mode == 'smg' else 'rifle'}" if mode else ""
                    out.append(mk(game, f"{w.name}{as_}: {info.name.lower()} ({info.short}, {info.actions} action{'s' if info.actions > 1 else ''})",
                                  "enemy_unit", Command("fire", side, figure=f.id,
                                                        options=options(shot=shot, weapon=wid if self.rules.is_vehicle(f) else None, mode=mode)), odds=True))
            out.append(mk(game, f"{w.name}: aimed shot at a vehicle's occupants", "enemy_unit",
                          Command("fire", side, figure=f.id, options=options(shot="aimed", weapon=wid if self.rules.is_vehicle(f) else None, occupants=True)), odds=True))
        for wid, w in self.rules.weapons_of(f, "gun", "at", "flamethrower", "grenade", "rifle_grenade", "mortar", "explosives"):
            saved = self.rules.guns.ready_count(f, wid)
            left = self.rules.blasts.ammo_left(f, w, wid) if w.category in ("grenade", "rifle_grenade", "mortar") else self.rules.guns.shots_left(f, wid)
            ammo = f", {left} left" if left is not None else ""
            if w.category == "gun":
                out.append(mk(game, f"Fire {w.name} ({saved}/{w.actions} actions saved)", "enemy_figure",
                              Command("fire_gun", side, figure=f.id, options=options(weapon=wid)), odds=True))
            if w.category in ("at", "flamethrower"):
                what = "an AFV" if w.vs_vehicles == "afv" else "a vehicle"
                out.append(mk(game, f"Fire {w.name} at {what} ({saved}/{w.actions} saved{ammo})", "enemy_figure",
                              Command("fire_at", side, figure=f.id, options=options(weapon=wid)), odds=True))
            if w.category == "flamethrower":
                out.append(mk(game, f"Flame a fire team ({w.actions} actions{ammo})", "enemy_unit", Command("flame", side, figure=f.id), odds=True))
            if w.category in ("grenade", "rifle_grenade", "mortar") or (w.category == "at" and w.vs_infantry == "rifle_grenade"):
                label = "Throw a grenade" if w.category == "grenade" else f"Fire {w.name} (HE)"
                out.append(mk(game, f"{label} ({w.actions} actions{ammo})", "enemy_figure",
                              Command("blast", side, figure=f.id, options=options(weapon=wid)), odds=True))
                for rnd in w.rounds:
                    if rnd != "he":
                        out.append(mk(game, f"Fire {w.name}: {'smoke' if rnd == 'smoke' else 'white phosphorus'} at a point", "point",
                                      Command("blast", side, figure=f.id, options=options(weapon=wid, round=rnd))))
            if w.accumulate:
                out.append(mk(game, f"Ready {w.name} ({saved}/{w.actions} actions saved)", "now",
                              Command("ready", side, figure=f.id, options=options(weapon=wid))))
        return out

    # ---- badges and words ------------------------------------------------------------------------------------
    def unit_status(self, game: Game, unit_id: str) -> list[str]:
        st = game.state
        u = st.units[unit_id]
        out = []
        if not st.unit_alive(unit_id):
            return ["out of action"]
        if self.rules.suppression(u):
            out.append(f"suppressed {self.rules.suppression(u)}")
        if self.rules.routing(u):
            out.append("routing")
        if self.rules.shaken(game, u):
            out.append("falling back")
        figs = st.unit_figures(unit_id, alive_only=False)
        if any(f.wounds and f.alive for f in figs):
            out.append("wounded")
        dis = sum(1 for f in figs if f.life == DISABLED)
        if dis:
            out.append(f"disabled {dis}")
        v = self.rules.unit_vehicle(game, unit_id)
        if v is not None:
            for k, word in ((Ww2FigMark.BOGGED, "bogged"), (Ww2FigMark.IMMOBILE, "immobilised"), (Ww2FigMark.OPTICS, "optics hit"),
                            (Ww2FigMark.UNBUTTONED, "hatch open")):
                if v.markers.get(k):
                    out.append(word)
            if self.rules.vehicles.stunned(game, v):
                out.append("stunned")
            if (order := self.rules.afv.bound(game, u)) is not None:  # the optional rule solo_afvs
                out.append(f"AFV order: {order.replace('_', ' ')}")
            if v.markers.get(Ww2FigMark.WRECKED):
                out.append("weapon wrecked")
            if v.markers.get(Ww2FigMark.SMALL_ARMS_HITS):
                out.append(f"small arms hits {v.markers[Ww2FigMark.SMALL_ARMS_HITS]}")
        if any(self.rules.embarked(f) for f in figs) and v is None:
            out.append("in vehicle")
        if not any(self.rules.spotting.is_spotted(game, s, f) for f in figs if f.alive for s in st.side_order if s != u.side):
            out.append("unseen")
        return out

    def unit_options(self, game: Game, unit_id: str) -> list[str]:
        st = game.state
        u = st.units[unit_id]
        if not st.unit_alive(unit_id):
            return ["Out of action."]
        out = []
        mv = self.rules.data.movement
        v = self.rules.unit_vehicle(game, unit_id)
        pts = sum(self.rules.figure_points(st.figures[x]) for x in u.figures)
        out.append(f"{pts} points.")
        if self.rules.routing(u):
            out.append("Routing: may not fire; flees at full speed at the start of its turn; rallies on a 6 if at half strength or more.")
        if self.rules.shaken(game, u):
            out.append("Fell back: may not move or fire until after its next turn.")
        if self.rules.suppression(u):
            out.append(f"Suppressed {self.rules.suppression(u)}: no moving over {mv.suppressed_max:g}\", no firing. Removing one costs every member "
                       f"1 action; d6 + the team's actions left, {self.rules.data.suppression.remove_target}+.")
        if v is not None:
            left = self.rules.vehicles.vehicle_remaining(game, v, False, False, False) if not (v.markers.get(Ww2FigMark.IMMOBILE) or v.markers.get(Ww2FigMark.BOGGED)) else 0.0
            out.append(f"{v.name}: {self.rules.fmt(left)} of movement left this turn; moved {self.rules.fmt(v.markers.get(Ww2FigMark.MOVED_MM, 0.0))}.")
            for wid, w in self.rules.weapons_of(v, "gun"):
                out.append(f"{w.name}: {self.rules.guns.ready_count(v, wid)}/{w.actions} actions saved.")
            crew = ", ".join(f"{c.name.split(' (')[0]} {self.rules.actions_left(c)}/{self.rules.max_actions(c)}" for c in self.rules.crew(game, v))
            out.append(f"Crew actions left: {crew or 'no crew'}.")
            pas = self.rules.passengers(game, v)
            if pas:
                out.append(f"Carrying {len(pas)} of {self.rules.vehicles.vtype(v).capacity}.")
            return out
        out.append(f"Move actions used: {u.markers.get(Ww2UnitMark.MOVE_N, 0)} of {mv.max_move_actions}.")
        parts = []
        for f in st.unit_figures(unit_id):
            if self.rules.is_gun(f):
                for wid, w in self.rules.weapons_of(f, "gun"):
                    parts.append(f"{f.name} {self.rules.guns.ready_count(f, wid)}/{w.actions} saved")
                continue
            tag = " (wounded)" if f.wounds else ""
            ammo = []
            if f.attrs.get(Ww2FigAttr.GRENADES):
                ammo.append(f"{f.attrs[Ww2FigAttr.GRENADES]} gren.")
            if f.attrs.get(Ww2FigAttr.ROUNDS):
                ammo.append(f"{f.attrs[Ww2FigAttr.ROUNDS]} rds")
            for wid, _ in self.rules.weapons_of(f, "at", "flamethrower"):
                n = self.rules.guns.shots_left(f, wid)
                if n is not None:
                    ammo.append(f"{n} shots")
            extra = f" [{', '.join(ammo)}]" if ammo else ""
            parts.append(f"{f.name} {self.rules.actions_left(f)}/{self.rules.max_actions(f)}{tag}{extra}")
        out.append("Actions left: " + "; ".join(parts) + ".")
        if u.side != st.active_side:
            ready = [f.name for f in st.unit_figures(unit_id) if f.attrs.get(Ww2FigAttr.REACTIVE_OK)]
            out.append(("May shoot during this enemy turn: " + ", ".join(ready) + ".") if ready else "Moved or fired last turn: no shooting in the enemy's turn.")
        return out

    def range_bands(self, game: Game, fig: Figure) -> list[tuple[str, float, float]]:
        out = []
        if self.rules.is_vehicle(fig) or self.rules.is_gun(fig):
            for _, w in self.rules.weapons_of(fig, "gun")[:1]:
                rt = self.rules.data.vehicles.gun_range(w.range_key)
                lo = rt.minimum
                for b in rt.bands:
                    out.append((f"{w.name} {b.name} ({b.need}+)", self.rules.mm(lo), self.rules.mm(min(b.upto, 120))))
                    lo = b.upto
            if out:
                return out
        arm = self.rules.small_arm(fig) if not self.rules.is_vehicle(fig) else next(iter(self.rules.weapons_of(fig, "mg")), None)
        if arm is None:
            return out
        wid, w = arm
        cls = self.rules.weapon_class(w, fig.markers.get(Ww2FigMark.AR_MODE))
        lo = 0.0
        for name, up in zip(self.rules.data.shooting.band_names, self.rules.data.shooting.bands[cls], strict=True):
            out.append((f"{w.name} {name}", self.rules.mm(lo), self.rules.mm(up)))
            lo = up
        return out

    def preview_move(self, game: Game, fig: Figure, path: list[tuple[float, float]], choice: str | None = None) -> tuple[bool, str, list[str]]:
        cmd = Command("move", fig.side, figure=fig.id, path=tuple(path))
        reason = game.check(cmd)
        lines = [f"Move {fig.name}"]
        try:
            if self.rules.is_vehicle(fig):
                leg, _ = self.rules.vehicles.plan_vehicle_leg(game, fig, list(path), strict=False)
                lines.append(f"path {self.rules.fmt(leg.length)}; {self.rules.fmt(self.rules.vehicles.vehicle_remaining(game, fig, False, False, False))} left this turn")
                if leg.crossings and self.rules.vehicles.vtype(fig).drive != "tracked":
                    lines.append(f"crosses {len(leg.crossings)} obstacle(s): half speed, may bog down")
            else:
                leg = self.rules.moving.infantry_leg(game, cmd, strict=False)
                full = sum(hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip([fig.pos, *path], path, strict=False))
                lines.append(f"path {self.rules.fmt(full)}" + (f", costs {self.rules.fmt(leg.cost)}" if full - leg.length < 0.5 else
                                                           f"; the first {self.rules.fmt(leg.length)} cost {self.rules.fmt(leg.cost)}"))
                lines += [f"{w}: -{self.rules.fmt(a)}" for _, a, w in leg.charges]
                if leg.new_action:
                    u = game.state.units[fig.unit]
                    lines.append(f"starts move action {u.markers.get(Ww2UnitMark.MOVE_N, 0) + 1} of {self.rules.data.movement.max_move_actions}: every member spends 1 action")
        except Exception as e:  # a refusal while planning: the reason says it
            lines.append(str(getattr(e, "reason", e)))
            return False, "", lines
        if reason:
            lines.append(f"Not possible: {reason}")
        return reason is None, self.rules.fmt(leg.cost), lines

    # ---- odds ---------------------------------------------------------------------------------------------------
