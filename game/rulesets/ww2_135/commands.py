"""My 1/35th Scale WWII Skirmish: the commands a side may give now (for the random baseline,
the tests and the AI), and the sidebar's actions for a selected figure, each with its cost
in action points and, where dice decide it, its odds."""

from __future__ import annotations

from math import cos, radians, sin
from typing import TYPE_CHECKING

from shapely.geometry import LineString

from game.core.commands import END_PHASE, Command
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Figure
from game.rulesets.offers import Action
from game.rulesets.parts import CommandListing
from game.solo import afv_option
from game.solo.keys import SoloKey
from game.solo.tables import ORDER_WORDS

from .anti_tank import HEAVY
from .fire import SMALL_ARMS
from .status import W135FigMark

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: the lengths (inches) and headings (degrees) of the moves listed
MOVE_STEPS = (3.0, 6.0)
HEADINGS = tuple(range(0, 360, 45))


class W135Commands(CommandListing["Ww2135"]):
    rules: Ww2135

    # ---- every command worth checking ---------------------------------------------------------------
    def candidate_commands(self, game: Game, side: str) -> list[Command]:
        rules = self.rules
        if rules.decision(game) is not None:
            return rules.legal_commands(game, side)
        st = game.state
        if side != st.active_side or st.over:
            return []
        out = [Command(END_PHASE, side)]
        enemies = [e for s in st.enemies_of(side) for e in st.side_figures(s) if not rules.hiding.unseen_by(game, side, e)]
        for f in sorted(st.side_figures(side), key=lambda x: x.id):
            if rules.points(game, f) <= 0:
                continue
            out += self.figure_commands(game, f, enemies)
        return out

    def figure_commands(self, game: Game, f: Figure, enemies: list[Figure]) -> list[Command]:
        rules = self.rules
        side = f.side
        out = [Command(k, side, figure=f.id) for k in ("prone", "stand", "hide", "hold", "rally", "reload", "lean_out", "smoke_dischargers")]
        if f.markers.get(W135FigMark.IMMOBILE):
            out.append(Command("abandon", side, figure=f.id))
        for inches in MOVE_STEPS:
            d = rules.mm(inches)
            for h in HEADINGS:
                out.append(Command("move", side, figure=f.id, path=((round(f.x + d * cos(radians(h)), 3), round(f.y + d * sin(radians(h)), 3)),)))
        near = sorted(enemies, key=lambda e: rules.dist(f.pos, e.pos))[:6]
        for e in near:
            if not rules.sight.in_arc(f, e.pos):
                out.append(Command("turn", side, figure=f.id, point=e.pos))
            out.append(Command("acquire", side, figure=f.id, target=e.id))
            for wid in dict.fromkeys(f.weapons):
                w = rules.data.weapons.get(wid)
                if w is None:
                    continue
                if w.kind in SMALL_ARMS or w.kind in HEAVY:
                    opts: tuple[tuple[str, str], ...] = (("weapon", wid),)
                    for aim in ("aimed", "unaimed"):
                        out.append(Command("fire", side, figure=f.id, target=e.id, choice=aim, options=opts))
                        if w.burst:
                            out.append(Command("fire", side, figure=f.id, target=e.id, choice=aim, options=(("burst", "yes"), ("weapon", wid))))
                if w.suppress:
                    out.append(Command("suppress", side, figure=f.id, point=e.pos))
            out.append(Command("throw", side, figure=f.id, point=e.pos))
            out.append(Command("fight", side, figure=f.id, target=e.id))
            out.append(Command("challenge", side, figure=f.id, target=e.id))
            for m in game.state.side_figures(side):
                if "mortar" in m.weapons:
                    out.append(Command("plot", side, figure=f.id, target=m.id, point=e.pos))
        for oid, _, o in rules.buildings.openings(game):
            if rules.dist(f.pos, o.at) <= rules.mm(2.0):
                out += [Command("door", side, figure=f.id, target=oid, choice=c) for c in ("open", "close", "force")]
            out.append(Command("throw", side, figure=f.id, target=oid))
        return out

    def turn_commands(self, game: Game, side: str) -> list[Command]:
        return [c for c in self.candidate_commands(game, side) if game.check(c) is None]

    # ---- the sidebar ---------------------------------------------------------------------------------------
    def can_act(self, game: Game, unit_id: str) -> bool:
        """A team can act while a figure of it has action points left (L10)."""
        return any(self.rules.points(game, f) > 0 for f in game.state.unit_figures(unit_id))

    def actions(self, game: Game, side: str, unit_id: str | None, figure_id: str | None) -> list[Action]:
        """The commands for the selected figure, each saying what it costs (L10-25)."""
        rules = self.rules
        st = game.state
        if side != st.active_side or st.over or rules.decision(game) is not None:
            return []
        f = st.figures.get(figure_id or "")
        mk = rules.make_action
        if f is None or f.side != side or not f.alive:
            return [mk(game, "Move figures: drag or click (3\" a point)", "move_figure", Command("move", side, figure=figure_id))]
        a = rules.data.actions
        pts = rules.points(game, f)
        out = [mk(game, f"Move ({self.rules.moving.per_point(f):g}\" a point, {pts} left): drag or click", "move_figure",
                  Command("move", side, figure=f.id))]
        if rules.prone(f):
            out.append(mk(game, f"Stand up ({a['stand_from_prone'].cost})", "now", Command("stand", side, figure=f.id)))
        elif not rules.is_vehicle(f):
            out.append(mk(game, "Go prone (free)", "now", Command("prone", side, figure=f.id)))
        out.append(mk(game, f"Turn to face a point ({a['turn_on_the_spot'].cost})", "point", Command("turn", side, figure=f.id)))
        out.append(mk(game, "Acquire an enemy (d6, free)", "enemy_figure", Command("acquire", side, figure=f.id), odds=True))
        for wid in dict.fromkeys(f.weapons):
            w = rules.data.weapons.get(wid)
            if w is None:
                continue
            opts: tuple[tuple[str, str], ...] = (("weapon", wid),)
            if w.kind in SMALL_ARMS or w.kind == "tank_gun":
                what = f"{w.name}" + (" HE" if w.kind == "tank_gun" else "")
                out.append(mk(game, f"Aimed fire: {what} ({a['aimed_fire'].cost})", "enemy_figure",
                              Command("fire", side, figure=f.id, choice="aimed", options=opts), odds=True))
                out.append(mk(game, f"Un-aimed fire: {what} ({a['unaimed_fire'].cost})", "enemy_figure",
                              Command("fire", side, figure=f.id, choice="unaimed", options=opts), odds=True))
                if w.burst:
                    out.append(mk(game, f"Burst, un-aimed: {w.name} ({a['unaimed_fire'].cost}, two rolls)", "enemy_figure",
                                  Command("fire", side, figure=f.id, choice="unaimed", options=(("burst", "yes"), ("weapon", wid))), odds=True))
            if w.kind == "anti_tank":
                out.append(mk(game, f"{w.name} at a vehicle ({a['unaimed_fire'].cost})", "enemy_figure",
                              Command("fire", side, figure=f.id, choice="unaimed", options=opts), odds=True))
                out.append(mk(game, f"{w.name} at a building's wall ({a['unaimed_fire'].cost})", "point",
                              Command("fire", side, figure=f.id, choice="unaimed", options=opts), odds=True))
            if w.kind == "tank_gun":
                out.append(mk(game, f"{w.name} smoke shell at a point ({a['unaimed_fire'].cost})", "point",
                              Command("fire", side, figure=f.id, choice="unaimed", options=(("smoke", "yes"), ("weapon", wid)))))
            if w.suppress:
                out.append(mk(game, f"Suppressive fire: a line to a point ({a['suppressive_fire'].cost})", "point",
                              Command("suppress", side, figure=f.id)))
        near = lambda inches: rules.mm(inches)  # noqa: E731
        openings = [(oid, o) for oid, _, o in rules.buildings.openings(game)]
        if "grenade" in f.equipment:
            out.append(mk(game, f"Throw a grenade at a point ({a['throw_grenade'].cost})", "point", Command("throw", side, figure=f.id), odds=True))
            if any(rules.dist(f.pos, o.at) <= near(rules.data.grenades.max_range) for _, o in openings):
                out.append(mk(game, f"Throw a grenade through a window or door ({a['throw_grenade'].cost})", "point",
                              Command("throw", side, figure=f.id, choice="opening"), odds=True))
        if "smoke_grenade" in f.equipment:
            out.append(mk(game, f"Throw a smoke grenade ({a['throw_grenade'].cost})", "point",
                          Command("throw", side, figure=f.id, options=(("smoke", "yes"),))))
        for m in st.markers.values():
            if m.kind == "grenade" and st.hostile(side, m.side) and rules.dist(f.pos, (m.x, m.y)) <= rules.mm(1.0) + 1e-6:
                out.append(mk(game, f"Throw the grenade back ({a['throw_grenade'].cost}): click where", "point",
                              Command("throw_back", side, figure=f.id, target=m.id)))
        if not rules.is_vehicle(f) and not rules.hidden(f):
            out.append(mk(game, f"Hide ({a['hide'].cost})", "now", Command("hide", side, figure=f.id)))
        out.append(mk(game, f"Hold {rules.data.opportunity_fire.held} points for opportunity fire", "now", Command("hold", side, figure=f.id)))
        foes = [e for s2 in st.enemies_of(side) for e in st.side_figures(s2) if not rules.hiding.unseen_by(game, side, e)]
        if any(rules.melee.in_contact(f, e) for e in foes):
            out.append(mk(game, f"Hand to hand ({a['hand_to_hand'].cost})", "enemy_figure", Command("fight", side, figure=f.id), odds=True))
        if any(rules.dist(f.pos, e.pos) <= near(rules.data.surrender.within) for e in foes):
            out.append(mk(game, "Call on a lone enemy to surrender (free)", "enemy_figure", Command("challenge", side, figure=f.id), odds=True))
        if rules.morale.level(f):
            out.append(mk(game, f"Rally ({a['rally'].cost})", "now", Command("rally", side, figure=f.id), odds=True))
        if rules.firing.dry(f):
            out.append(mk(game, f"Re-load ({a['reload'].cost})", "now", Command("reload", side, figure=f.id)))
        if rules.buildings.inside(game, f.pos) is not None:
            out.append(mk(game, "Lean out of the window (1)", "now", Command("lean_out", side, figure=f.id)))
        if any(o.kind == "door" and rules.dist(f.pos, o.at) <= near(2.0) for _, o in openings):
            for choice in ("open", "close", "lock", "force"):
                out.append(mk(game, f"{choice.title()} the door: click it" + (" (d3 or 2d3)" if choice == "force" else " (1)"), "point",
                              Command("door", side, figure=f.id, choice=choice)))
        for crew in sorted(st.side_figures(side), key=lambda x: x.id):
            if "mortar" in crew.weapons:
                out.append(mk(game, f"Call {crew.name}'s fire on a point ({a['plot_indirect_fire'].cost})", "point",
                              Command("plot", side, figure=f.id, target=crew.id), odds=True))
        if "smoke_dischargers" in f.equipment:
            out.append(mk(game, "Fire the smoke dischargers (1, once)", "now", Command("smoke_dischargers", side, figure=f.id)))
        if f.markers.get(W135FigMark.IMMOBILE) and rules.is_vehicle(f):
            out.append(mk(game, "Bale out of the immobilised vehicle (1)", "now", Command("abandon", side, figure=f.id)))
        return out

    # ---- words -------------------------------------------------------------------------------------------
    def unit_status(self, game: Game, unit_id: str) -> list[str]:
        """The team's state in words (each man's is :meth:`figure_status`): a vehicle's AFV order
        under the optional rule solo_afvs, a solo-run team's chart Rout and its falling back to
        cover. The solo rules' bookkeeping (the turn and risk factor of its roll, the last enemy
        it knew of) is not shown: its raw marker names were."""
        st = game.state
        if not st.unit_alive(unit_id):
            return ["out of action"]
        u = st.units[unit_id]
        out = []
        if (order := afv_option.bound(self.rules, game, u)) is not None:
            out.append(f"AFV order: {ORDER_WORDS[order]}")
        elif u.markers.get(SoloKey.ORDER) == "rout" and u.markers.get(SoloKey.ORDERED_TURN) == st.turn:
            out.append("routing (solo chart)")
        if u.markers.get(SoloKey.TAKE_COVER):
            out.append("falling back to cover")
        return out

    def figure_status(self, game: Game, figure_id: str) -> list[str]:
        rules = self.rules
        f = game.state.figures[figure_id]
        out = []
        lv = rules.morale.level(f)
        if lv:
            out.append(rules.morale.word(lv))
        for key, word in ((W135FigMark.PRONE, "prone"), (W135FigMark.HIDDEN, "hidden"), (W135FigMark.DRY, "out of ammunition"),
                          (W135FigMark.LEANING, "leaning out"), (W135FigMark.LOCKED, "in hand to hand"), (W135FigMark.IMMOBILE, "immobilised"),
                          (FigureMark.MOVED, "moved")):
            if f.markers.get(key):
                out.append(word)
        if f.side == game.state.active_side:
            n = rules.points(game, f)
            out.append(f"{n} point{'s' if n != 1 else ''}")
        held = rules.opportunity.held(game, f)
        if held:
            out.append(f"{held} held")
        return out

    def range_bands(self, game: Game, fig: Figure) -> list[tuple[str, float, float]]:
        """Each 10" of range is another +1 to hit (L72): the bands to the weapon's reach."""
        out = []
        for wid in dict.fromkeys(fig.weapons):
            w = self.rules.data.weapons.get(wid)
            if w is None or w.kind not in SMALL_ARMS:
                continue
            reach = w.max_range or 40.0
            lo = 0.0
            while lo < reach - 1e-9:
                hi = min(reach, lo + 10.0)
                out.append((f"{w.name} +{int(hi // 10 + (0 if hi % 10 == 0 else 1))}", self.rules.mm(lo), self.rules.mm(hi)))
                lo = hi
        return out

    def move_budget(self, game: Game, fig: Figure) -> float:
        return self.rules.moving.allowance(game, fig)

    def preview_move(self, game: Game, fig: Figure, path: list[tuple[float, float]], choice: str | None = None) -> tuple[bool, str, list[str]]:
        """What moving ``fig`` along ``path`` costs in points (L10-14), and what it meets on the
        way: obstacles at d3 each, windows to climb, enemy suppressive fire lines."""
        rules = self.rules
        cmd = Command("move", fig.side, figure=fig.id, path=tuple(path))
        reason = game.check(cmd)
        pts = rules.points(game, fig)
        full = [fig.pos] + [(float(x), float(y)) for x, y in path]
        length = LineString(full).length if len(full) >= 2 else 0.0
        cost = rules.moving.cost(fig, rules.in_units(length))
        lines = [f"Move {fig.name}", f"{rules.fmt(length)}: {cost} point{'s' if cost != 1 else ''} of {pts} "
                                     f"({rules.moving.per_point(fig):g}\" a point, {rules.data.movement.max_per_turn - rules.moving.moved(game, fig):g}\" "
                                     "left of the 12\" a turn)"]
        if len(full) >= 2:
            walls = [game.table.feature(fid).name.lower() for _, fid in rules.moving.obstacles(game, full)]
            if walls and not rules.is_vehicle(fig):
                lines.append("to cross: " + ", ".join(walls) + " (d3 points each, L14)")
            if rules.buildings.windows_on(game, full):
                lines.append("climbs through a window (d3 points)")
            if rules.suppressing.crossings(game, fig, full):
                lines.append("crosses enemy suppressive fire: it may be stopped (L112)")
        if reason:
            lines.append(f"Not possible: {reason}")
        return reason is None, f"{cost} pt{'s' if cost != 1 else ''}", lines
