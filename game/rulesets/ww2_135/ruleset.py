"""My 1/35th Scale WWII Skirmish v3.2 (shared/rules/ww2-1-35-skirmish.txt; numbers and
readings in rulesets/ww2-135.yaml; the design is docs/ww2-135-design.md). Issue 20, being
registered in ``game.rulesets.REGISTRY`` with its two scenarios.

The turn (interpretation turn-sequence): whole side turns in alternation, in the map's
side order. As a side's turn begins each of its figures gets its action points (L7: Green
3, Experienced 4, Elite 5); then its figures act in any order, one
action at a time, a figure acting again later with what it has left (L5), until the side
ends its turn (``end_phase``). Unspent points are lost.

Commands (by the slice of issue 20 that wrote them):
  end_phase                      the side ends its turn
  move (figure, path)            3" a point standing, 1" a point prone (crawling); 12" a
                                 turn at most; walls, hedges, fences and wire cost d3
                                 points each, rolled when the move reaches them
  prone (figure) / stand (figure)  lie down (free) or stand up (1 point)
  turn (figure, point)           face the point (1 point)
  hide (figure)                  2 points: +2 to acquire it, unseen behind hard cover
  acquire (figure, target)       slice 3 (acquire.py, sight.py): the roll to acquire an
                                 enemy in sight (d6 over the total), once a turn each
  fire (figure, target, choice)  slice 4 (fire.py, morale.py): aimed or un-aimed (options burst=yes,
                                 weapon=id), acquiring first when it must; saves; morale
                                 levels down; loaders and dry guns
  reload (figure)                2 points: a dry gun fires again
  rally (figure)                 slice 5 (morale.py): 3 points; lone figures test as their
                                 side's turn begins; suppressed and shaken figures' moves
  hold (figure)                  slice 6 (opportunity.py): 4 points held for opportunity fire;
  opportunity (figure, target) / hold_fire   answers after each enemy action in a holder's
                                 sight: a double six hits (L125)
  suppress (figure, point)       slice 6 (suppress.py): 3 points, a line of fire the enemy's
                                 moves are diced for in its next turn (or, holding, as
                                 opportunity fire on the move that called it)
  throw (figure, point[, smoke])  slice 7 (grenades.py, blasts.py): 2 points, 15", deviation,
                                 obstacles, the grenade die; smoke clouds that drift
  throw_back (figure, target, point)  a grenade on a fuse, by a figure within 1"
  plot (figure, point, target[, choice again])  slice 7 (mortar.py): 3 points, a mortar's
                                 fire by radio or an observer, landing at the end of the
                                 enemy's turn (at once over open sights)
  fight (figure, target)         slice 8 (melee.py): 2 points, in base contact; a draw locks
  subdue (figure, target, choice)  answers: kill or capture the beaten figure
  challenge (figure, target)     ask a lone enemy within 6" to surrender; prisoners follow
                                 their guard and may escape
  fire (..., options weapon=AT or tank_gun)  slice 8 (anti_tank.py): anti-tank weapons and
                                 main guns at vehicles by L288-320's table; a main gun's
                                 HE at a figure bursts 4"
  smoke_dischargers (figure)     a vehicle's smoke, once a game
  door (figure, target, choice)  slice 8 (buildings.py): open, close, lock (1 point) or force a
                                 door (d3 inside, 2d3 outside); sight through windows and
                                 open doors within 45 degrees; walls crossed by doors and
                                 windows (a d3 to climb)
  lean_out (figure)              1 point: any angle out of an opening, soft cover
  abandon (figure)               1 point: the crew bale out of an immobilised vehicle (the
                                 solo AFV chart's Bale out), out of action from then
The solo AI (ai.py) plays a side by the WW2 solo rules' charts (game/solo/).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from game.core import pools
from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.keys import FigureMark
from game.core.state import Figure, GameState, Marker, Unit
from game.data.map_schema import MapFile
from game.data.terrain_types import TerrainFile
from game.rulesets.base import RulesetBase
from game.solo.goals import defends
from game.solo.keys import SoloKey
from game.solo.retreat import surrounded
from game.solo.risk_reading import behind_flank
from game.solo.tables import Profile, solo_tables

from . import sight_lines
from .acquire import W135Acquire
from .afv_option import W135AfvOption
from .ai import W135Planner
from .anti_tank import W135AntiTank
from .blasts import W135Blasts
from .buildings import INSIDE, W135Buildings
from .commands import W135Commands
from .counters import W135Counters
from .data import W135Data, check_w135_data
from .editor import W135Editor
from .fire import W135Fire
from .grenades import W135Grenades
from .hidden import W135Hidden
from .melee import W135Melee
from .morale import SHAKEN, SUPPRESSED, W135Morale
from .mortar import W135Mortar
from .move import W135Move
from .odds import W135Odds
from .opportunity import TRIGGERS, W135Opportunity
from .sight import SIGHT_STORE, W135Sight, man_at
from .status import AP, HELD, W135FigMark, W135GameAttr
from .suppress import W135Suppress

#: the qualities of L7, which a figure's equipment may name
QUALITIES = ("green", "experienced", "elite")
#: the weapons that make a team a support weapon for the solo chart ("on tripods, AT guns
#: etc"): the tripod machine gun and the mortar (interpretation solo-support-weapons)
SUPPORT_KINDS = frozenset({"hmg", "mortar"})


class Ww2135(RulesetBase[W135Data]):
    id = "ww2-135"
    #: places on the table, keyed by the table (which building a point is in, its cover,
    #: elevation, walls, the obstacles a path crosses, the points a sight line is worked
    #: from), and sight between two figures as they stand (W135Sight.line, walls_block),
    #: keyed by all it reads of them (place, base, posture, hiding) and by the doors and terrain
    shared_stores = RulesetBase.shared_stores + (
        INSIDE, "w135_area_cover", "w135_cover_gap", "w135_elevation", "w135_outward", "w135_wall_edges", "w135_walled",
        "w135_obstacles", sight_lines.POINTS, SIGHT_STORE, "w135_walls")
    Data = W135Data
    phases = ("actions",)
    phase_names = {"actions": "Actions"}
    #: a scenario may deploy a side hidden (L284-286): hotseat then hides the table between sides
    hidden_information = True
    #: 2: a hidden man who gives himself away is found with what he did (the reveal's words);
    #: a move into a known obstacle it cannot pay for is refused; 3: a suppressive line whose
    #: gunner is out of action is lifted; 4: no opportunity fire at a vehicle, a figure stopped
    #: by suppressive fire moves no more that turn, a fence always hinders, aimed fire only at
    #: a target seen in the last turn; 5: the solo risk factors count a unit routed by its own rule as retiring, and no 'advancing' for a unit that held
    #: (and the AFV chart's 'under AT fire' reads anti-tank weapons' fire, not a mortar's burst); a lone figure's test comes
    #: before its points are set, so failing it costs a point that turn; 6: vehicles are not stopped by suppressive lines nor
    #: asked to surrender, a burst does not reach through a building's walls, the anti-tank "Target moved" counts any move,
    #: a turn is a move of 0", a grenade thrown back is aimed as any throw, a suppressed mortar fires no round, men counted
    #: in a surrender fire no anti-tank shot, and bursts and suppressive lines mark a man fired at; 7: the second review's
    #: fixes (a line laid as opportunity fire stops only the move that called it; doors, leaning out and holding are
    #: actions a holder answers; called fire from a suppressed mortar does not come; a forced door opens when it is paid
    #: for; only the call after a double one fails on any double; a suppressed man moves towards no known enemy; a man
    #: inside throws out of a window as a throw in the open; an assault rifle's bursts reach 20"; a target in sight as
    #: the enemy's turn ended was seen in the last turn)
    rules_version = 7
    Listing = W135Commands
    Odds = W135Odds
    Planner = W135Planner
    Editor = W135Editor
    listing: W135Commands

    def __init__(self, data: W135Data, terrain: TerrainFile) -> None:
        self.moving = W135Move(self)
        self.sight = W135Sight(self)
        self.acquisition = W135Acquire(self)
        self.morale = W135Morale(self)
        self.firing = W135Fire(self)
        self.opportunity = W135Opportunity(self)
        self.suppressing = W135Suppress(self)
        self.blasts = W135Blasts(self)
        self.grenades = W135Grenades(self)
        self.mortars = W135Mortar(self)
        self.melee = W135Melee(self)
        self.anti_tank = W135AntiTank(self)
        self.buildings = W135Buildings(self)
        self.hiding = W135Hidden(self)
        self.counters = W135Counters(self)
        self.afv_option = W135AfvOption(self)
        super().__init__(data, terrain)

    def command_owners(self) -> tuple[object, ...]:
        return (self, self.moving, self.acquisition, self.firing, self.morale, self.opportunity, self.suppressing, self.grenades,
                self.mortars, self.melee, self.anti_tank, self.buildings)

    def apply(self, game: Game, cmd: Command) -> None:
        """The command, then opportunity fire at the figure that acted, if anyone holds
        points for it (L125)."""
        acting = game.state.active_side
        if cmd.side == acting and cmd.kind != "move":
            # a line laid as opportunity fire stops only the move that called it (L114,
            # interpretation suppress-opportunity): any other action of the acting side,
            # or the end of its turn, leaves no move for a line to stop
            game.state.attrs.pop(W135GameAttr.LAST_MOVE, None)
        super().apply(game, cmd)
        self.suppressing.lift_silenced(game)
        self.hiding.reveal(game, cmd.figure, cmd.kind)
        if cmd.kind in TRIGGERS and cmd.side == acting and cmd.figure is not None:
            self.opportunity.offer(game, cmd.figure)

    @classmethod
    def check_data(cls, data: W135Data, doc) -> None:
        check_w135_data(data, doc)

    def check_map(self, doc, m: MapFile) -> None:
        """The map's settings: ``hidden_deployment``, a list of its sides (L284-286), and
        ``mortar_rounds``, each mortar's rounds under the optional ammunition limit (L190)."""
        sides = sorted(s.id for s in m.sides)
        for k, v in m.settings.items():
            if k == "mortar_rounds":
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise doc.error(("settings", k), "mortar_rounds must be a whole number of rounds, 0 or more (for example 6)")
                continue
            if k != "hidden_deployment":
                raise doc.error(("settings", k), f"unknown setting '{k}' for My 1/35th Scale WWII Skirmish; "
                                "expected: hidden_deployment, mortar_rounds")
            if not isinstance(v, list) or not all(isinstance(x, str) and x in sides for x in v):
                raise doc.error(("settings", k), f"hidden_deployment must be a list of the sides deployed hidden, from: {', '.join(sides)}"
                                f" (for example [{sides[-1]}])")

    def init_state(self, state: GameState, m: MapFile) -> None:
        self.hiding.deploy(state)

    # ---- the clock ---------------------------------------------------------------------------
    def sideturn(self, game: Game) -> int:
        """The number of the side turn being played (the first side's first turn is 1)."""
        return int(game.state.attrs.get(W135GameAttr.SIDETURN, 0))

    def this_turn(self, game: Game, mark: object) -> bool:
        """A mark ``[sideturn, ...]`` made in the side turn now being played."""
        return isinstance(mark, list) and bool(mark) and mark[0] == self.sideturn(game)

    # ---- action points (L5-9) ------------------------------------------------------------------
    @staticmethod
    def who(f: Figure) -> str:
        return pools.owner("figure", f.id)

    def quality(self, f: Figure) -> str:
        """Green, experienced or elite (L7): the equipment naming one, else its troop type's."""
        return next((q for q in QUALITIES if q in f.equipment), self.data.troop_types[f.type].quality)

    def quota(self, f: Figure) -> int:
        """The points ``f`` has as its side's turn begins: its quality's (L7), one fewer
        while suppressed or shaken (L9, interpretation ap-when), less what it owes (L16)."""
        n = self.data.quota(self.quality(f)) - int(f.markers.get(W135FigMark.DEBT, 0))
        if self.morale.word(self.morale.level(f)) in self.data.quota_penalty.levels:
            n += self.data.quota_penalty.points
        return max(0, n)

    def points(self, game: Game, f: Figure) -> int:
        """Action points ``f`` has left this turn."""
        return pools.left(game.state, self.who(f), AP)

    def pay(self, game: Game, f: Figure, n: int, what: str, moving: bool = False) -> None:
        """Spend ``n`` of ``f``'s points on ``what`` (refused when it has fewer), in the log;
        an action other than ``moving`` ends what the figure's move counts for a shot at it."""
        if not moving:
            self.acted(f)
        if n <= 0:
            return
        left = pools.spend(game.state, self.who(f), AP, n, name=f.name)
        game.emit("points", f"{f.name} spends {n} point{'s' if n != 1 else ''} on {what} ({left} left).",
                  figures=[f.id], side=f.side)

    @staticmethod
    def acted(f: Figure) -> None:
        """``f`` took an action other than moving: its move no longer counts to a shot at it
        (L82 "If any action is done after the movement this does not apply")."""
        f.markers.pop(W135FigMark.MOVING, None)

    def on_side_start(self, game: Game) -> None:
        st = game.state
        st.attrs[W135GameAttr.SIDETURN] = self.sideturn(game) + 1
        side = st.active_side
        self.suppressing.expire(game, side)
        self.blasts.age_smoke(game, f"start:{side}")
        self.melee.escapes(game, side)
        self.buildings.forced_open(game, side)
        self.acquisition.note_looks(game)  # what is seen as the turn begins, worked out when asked (reading previously-seen)
        # the lone figures' tests first: one that fails is suppressed, a point less this turn
        # (reading ap-when)
        self.morale.lone_tests(game, side)
        total = 0
        for f in sorted(st.side_figures(side), key=lambda x: x.id):
            f.markers.pop(FigureMark.MOVED, None)
            if not f.alive:
                continue
            n = self.quota(f)
            f.markers.pop(W135FigMark.DEBT, None)
            pools.reset(st, self.who(f), AP, n)
            if pools.left(st, self.who(f), HELD):
                pools.reset(st, self.who(f), HELD, 0)  # held for the enemy turn just ended (L125)
            total += n
        game.emit("points", f"{st.sides[side].name}'s turn: {total} action points among their figures.", side=side)
        self.afv_option.roll_side(game)  # the optional rule: every AFV dices on the AFV chart

    def on_side_end(self, game: Game) -> None:
        st = game.state
        self.blasts.age_smoke(game, f"end:{st.active_side}")
        self.grenades.late_ones(game)
        self.mortars.incoming(game)
        self.acquisition.note_seen(game, st.active_side)
        for f in st.side_figures(st.active_side):
            if pools.left(st, self.who(f), AP):
                pools.reset(st, self.who(f), AP, 0)  # unspent points are lost (L5)

    # ---- checks every command passes ------------------------------------------------------------
    def check(self, game: Game, cmd: Command) -> None:
        """The base's checks, then what a figure must do first: one locked in a drawn fight
        only fights on (interpretation melee-draws); one suppressed by a failed test out of
        cover moves towards cover, a shaken one away from the enemy, before anything but a
        rally (interpretation morale-moves)."""
        super().check(game, cmd)
        self.afv_option.check(game, cmd)  # the optional rule: AFVs keep to their solo order
        f = game.state.figures.get(cmd.figure or "")
        if f is None or cmd.side != game.state.active_side:
            return
        if self.melee.locked(game, f) is not None and cmd.kind != "fight":
            refuse(f"{f.name} is locked in hand to hand: it may only fight on (L212, interpretation melee-draws).")
        if cmd.kind in ("move", "rally") or self.moving.moved(game, f):
            return
        lv = self.morale.level(f)
        if lv == SUPPRESSED and f.markers.get(W135FigMark.BY_TEST) and not self.morale.in_cover(game, f.pos):
            refuse(f"{f.name} failed a morale test out of cover: it must first move towards cover (L259).")
        if lv == SHAKEN and self.morale.known_enemies(game, f.side):
            refuse(f"{f.name} is shaken: it must first move away from the known enemy (L261).")

    # ---- what each side may know (hidden.py) ------------------------------------------------------
    def view(self, game: Game, side: str | None) -> GameState:
        return self.hiding.view(game, side)

    def hides_from(self, game: Game, side: str) -> bool:
        return self.hiding.hides_from(game, side)

    def known_enemies(self, game: Game, side: str) -> list[Figure]:
        """The enemy figures on ``side``'s view of the table (hidden ones not yet found are not)."""
        def work() -> list[Figure]:
            off = self.hiding.kept_off(game, side)
            return [f for f in self.enemy_figures(game, side) if not off(f)]
        return list(self.recall(game, ("w135_known_enemies", side), work))

    def audience(self, game: Game, figures: list[str], units: list[str]) -> list[str] | None:
        return self.hiding.audience(game, figures, units)

    # ---- the solo rules in this ruleset's terms ----------------------------------------------------
    def holds_position(self, game: Game, unit: Unit) -> bool:
        """A side that wins by holding on holds wherever it stands: its figures fire, or shift
        a point's move to fire, and do not advance (interpretation solo-defenders)."""
        return defends(game, unit.side)

    def routed(self, game: Game, unit: Unit) -> bool:
        """A team the chart routed, until it dices again ("4: Unit in rout")."""
        return unit.markers.get(SoloKey.ORDER) == "rout"

    def chart_rout(self, game: Game, unit: Unit) -> None:
        """The chart's Rout (interpretation chart-rout): surrounded by the enemies its side
        knows of, the team surrenders, each man the prisoner of the nearest of them (L244);
        else its figures spend their points falling back and neither fire nor fight (the
        planner)."""
        figs = [f for f in self.alive(game, unit.id) if not self.is_vehicle(f)]
        known = self.known_enemies(game, unit.side)
        if not figs or not surrounded(self.unit_centre(game, unit.id), [e.pos for e in known], solo_tables().dist_mm("surround_reach")):
            return
        game.emit("morale", f"{unit.name} routs but is surrounded: it surrenders.", units=[unit.id])
        for f in sorted(figs, key=lambda x: x.id):
            self.melee.capture(game, min(known, key=lambda e: (self.dist(e.pos, f.pos), e.id)), f)

    def profile(self, game: Game, unit: Unit) -> Profile:
        """The solo rules' view of a team: a tank or half-track is an AFV (its own chart);
        a crew, or a team with a tripod machine gun or a mortar, is a support weapon (it halts
        and fires: interpretation solo-support-weapons; a rifle squad's BAR, Bren or bipod MG 42
        does not make it one); morale levels lost count as damage as wounds do in other rulesets."""
        base = super().profile(game, unit)
        figs = game.state.unit_figures(unit.id)
        vehicle = any(self.is_vehicle(f) for f in figs)
        support = any(self.data.weapons[w].kind in SUPPORT_KINDS for f in figs for w in f.weapons if w in self.data.weapons) and not vehicle
        return replace(base, vehicle=vehicle, support_weapon=base.support_weapon or support,
                       damaged=vehicle and any(f.markers.get(W135FigMark.IMMOBILE) for f in figs))

    def counter_contact(self, game: Game, marker: Marker, figures: list[Figure]) -> list[Figure]:
        return self.counters.contact(game, marker, figures)

    def solo_counter_attack(self, game: Game, kind: str, unit_id: str, at: tuple[float, float] | None = None) -> bool:
        return self.counters.attack(game, kind, unit_id, at)

    def afv_situation(self, game: Game, unit: Unit) -> dict[str, int]:
        """The AFV solo movement chart's points of a tank or half-track (ww2-skirmish-solo.txt),
        by this ruleset's sight and damage: advancing (its last order) or hull down (cover
        between it and the nearest enemy its side knows of, on that man's sight line),
        friendly men on foot within 6", damaged (immobilised: the only damage short of
        destroyed, L302-320), under fire from anti-tank weapons, a main gun or a burst, a
        known enemy behind the line across its front, no friend within 12" in sight, no main
        gun, no weapon (interpretation solo-afv-points)."""
        v = next((f for f in self.alive(game, unit.id) if self.is_vehicle(f)), None)
        if v is None:
            return {}
        st, tb = game.state, solo_tables()
        last = unit.markers.get(SoloKey.ORDER) or self.initial_order(game, unit)
        friends = [f for f in st.figures.values() if f.alive and f.side == unit.side and f.unit != unit.id]
        seen = self.known_enemies(game, unit.side)
        nearest = min(seen, key=lambda e: (self.apart(e, v), e.id), default=None)
        hull_down = nearest is not None and self.sight.line(game, nearest, v).cover > 0
        near = [f for f in friends if self.apart(f, v) <= tb.dist_mm("afv_friends")]
        kinds = [self.data.weapons[w].kind for w in v.weapons if w in self.data.weapons]
        return {
            "advancing": int(last == "advance" or hull_down),
            "infantry_near": int(any(not self.is_vehicle(f) and self.apart(f, v) <= tb.dist_mm("afv_infantry") for f in friends)),
            "damaged": int(bool(v.markers.get(W135FigMark.IMMOBILE))),
            "under_at_fire": int(any(r.get("at") for r in self.recent(game, unit, SoloKey.FIRED_ON))),  # not a mortar's burst
            "flanked": int(behind_flank(v, seen)),
            "alone": int(not any(self.sight.clear(game, v, f, friendly=True) for f in near)),
            "no_main_gun": int("tank_gun" not in kinds),
            "no_weapons": int(not kinds),
        }

    def immobile(self, game: Game, unit: Unit) -> bool:
        """A tank immobilised by a side hit (L310) cannot move: the AFV chart bales it out."""
        return any(f.markers.get(W135FigMark.IMMOBILE) for f in self.alive(game, unit.id) if self.is_vehicle(f))

    def solo_sight(self, game: Game, observers: list[Figure], places: list[tuple[float, float]],
                   both_ways: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """The solo procedures' sight of a place (a portal marker, a counter, where one falls
        back to) is this ruleset's sight of a man standing there (interpretation solo-sight):
        heights and postures, buildings seen into by their doors and windows, whichever way the
        observer faces (it looks round for markers); a hidden observer sees nothing (L55).
        ``both_ways`` (a counter spotting an enemy or spotted): or the man there sees the
        figure, which a hidden one prevents only behind hard cover (L49)."""
        men = [man_at(p) for p in places]
        vis, cover = self.solo_sees(game, observers, men)
        if both_ways:
            for j, there in enumerate(men):
                for i, o in enumerate(observers):
                    vis[i, j] = vis[i, j] or self.sight.line(game, there, o).visible
        return vis, cover

    def solo_sees(self, game: Game, observers: list[Figure], targets: list[Figure],
                  within: float | None = None, cover: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """The risk factors' sight of an enemy figure is this ruleset's (interpretation
        solo-sight): its sight line as heights, postures and buildings make it, the target as
        it stands (prone, hidden behind hard cover), whichever way the observer faces; a hidden
        observer sees nothing (L55). The cover is the target's on that line (with ``cover``
        False, the lines of a hidden observer, and through a building's walls, are not worked
        out: those pairs are not in sight whatever the lines cross)."""
        vis = np.zeros((len(observers), len(targets)), dtype=bool)
        covers = np.zeros((len(observers), len(targets)), dtype=np.int8)
        pairs = [(i, j) for j, t in enumerate(targets) for i, o in enumerate(observers)
                 if (within is None or self.apart(o, t) <= within + 1e-6)
                 and (cover or not (self.hidden(o) or self.sight.walls_block(game, o, t)))]
        sight_lines.work_out(game, ((observers[i].pos, targets[j].pos) for i, j in pairs))
        for i, j in pairs:
            o, t = observers[i], targets[j]
            line = self.sight.line(game, o, t)
            vis[i, j], covers[i, j] = line.visible and not self.hidden(o), line.cover
        return vis, covers

    # ---- what the figures are -------------------------------------------------------------------
    def own_figure(self, game: Game, cmd: Command) -> Figure:
        """The command's figure, on the table and its side's to act with now."""
        f = game.state.figures.get(cmd.figure or "")
        if f is None:
            refuse("Name the figure.")
        require(cmd.side == game.state.active_side, f"{f.name} acts in its own side's turn.")
        return f

    def is_vehicle(self, f: Figure) -> bool:
        return self.data.is_vehicle_type(f.type)

    @staticmethod
    def prone(f: Figure) -> bool:
        return bool(f.markers.get(W135FigMark.PRONE))

    @staticmethod
    def hidden(f: Figure) -> bool:
        return bool(f.markers.get(W135FigMark.HIDDEN))

    @staticmethod
    def leaning(game: Game, f: Figure) -> bool:
        """Leaning out of a window or doorway (L282), until it moves."""
        return bool(f.markers.get(W135FigMark.LEANING))

    @staticmethod
    def stance(f: Figure) -> tuple[float, float, float, bool, bool]:
        """All of a figure but its hiding that its sight lines depend on (their key,
        W135Sight.line): where it stands, its base, :meth:`prone` and :meth:`leaning`, read
        at once for the many questions."""
        m = f.markers
        return (f.x, f.y, f.radius, bool(m.get(W135FigMark.PRONE)), bool(m.get(W135FigMark.LEANING)))
