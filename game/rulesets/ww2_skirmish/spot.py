"""WW2 Skirmish: visibility and spotting ("Visibility" and "To Spot" of the text).

Every side keeps the enemy figures it has spotted in ``state.attrs[Ww2GameAttr.SPOTTED][side]``.
Spotting happens three ways: automatically (in the open, in clear sight, within 20"),
by a figure's own attempt during its side's movement (the ``spot`` command, once a
turn), and by each fire team's attempt when enemy troops move or fire within its line
of sight (rolled by the rules as soon as it happens). A spotted figure stays spotted
while some figure of that side can see it; one only heard stays known until the end of
the listeners' next side-turn. Unspotted enemies are taken out of a side's view and
cannot be targeted.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from game.core.commands import Command, require
from game.core.game import Game
from game.core.keys import StateKey
from game.core.state import ACTIVE, Figure, GameState, Unit
from game.rulesets.base import RulesetBase
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2GameAttr, Ww2UnitMark
from game.solo.keys import SoloKey
from game.solo.portal_state import solo_side
from game.solo.tables import solo_tables

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish

#: the kept store holding what the last refresh of the spotting records read, as it stood after it
REFRESHED = "spotting_refreshed"


class Ww2Spotting(Chapter["Ww2Skirmish"]):
    # ---- records ---------------------------------------------------------------------------
    rules: Ww2Skirmish

    def spotted(self, game: Game, side: str) -> dict:
        return game.state.attrs.setdefault(Ww2GameAttr.SPOTTED, {}).setdefault(side, {})

    def is_spotted(self, game: Game, side: str, f: Figure) -> bool:
        """(Asked for every enemy figure many times a command: the records read directly,
        not made where they are missing: every side has them from the set-up.)"""
        if f.side == side:
            return True
        v = game.state.figures.get(f.attrs.get(Ww2FigAttr.IN_VEHICLE) or "")
        if v is not None:  # (a passenger is spotted with its vehicle)
            return self.is_spotted(game, side, v)
        records = game.state.attrs.get(Ww2GameAttr.SPOTTED)
        return records is not None and f.id in records.get(side, ())

    def mark_spotted(self, game: Game, side: str, f: Figure, how: str) -> None:
        rec = self.spotted(game, side)
        # heard only: known to the end of the listeners' next turn, whoever's turn it is (reading spotted-lasts)
        until = self.rules.next_own_sideturn(game, side) if how == "heard" else None
        old = rec.get(f.id)
        if old is None or old["how"] == "heard":
            rec[f.id] = {"how": how, "until": until}
        game.state.attrs.setdefault(Ww2GameAttr.AWARE, {})[side] = True

    def unaware(self, game: Game, unit: Unit) -> bool:
        """Troops unaware of enemy in the area (interpretation): their side has not spotted
        an enemy yet and the team has not been shot at."""
        return not game.state.attrs.get(Ww2GameAttr.AWARE, {}).get(unit.side) and not unit.markers.get(Ww2UnitMark.AWARE)

    # ---- who sees ----------------------------------------------------------------------------
    def can_observe(self, game: Game, f: Figure) -> bool:
        if f.life != ACTIVE or self.rules.embarked(f):
            return False
        if self.rules.is_vehicle(f):
            return any(c.alive for c in self.rules.crew(game, f))
        return True

    def sight_range(self) -> float:
        return self.rules.mm(self.rules.data.spotting.bands[-1].upto)

    def has_optics(self, game: Game, f: Figure) -> bool:
        kit = set(f.equipment) | set(self.rules.tt(f).equipment)
        if kit & set(self.rules.data.spotting.optics):
            return True
        if any(w.scope for _, w in self.rules.weapons_of(f)):
            return True
        if self.rules.is_vehicle(f):
            return any(set(c.equipment) & set(self.rules.data.spotting.optics) for c in self.rules.crew(game, f))
        return False

    def through_slits(self, game: Game, f: Figure) -> bool:
        """Crews of closed AFVs observe through slits and scopes unless the commander has
        his head out of the hatch."""
        return self.rules.is_vehicle(f) and not self.rules.is_open_vehicle(f) and not f.markers.get(Ww2FigMark.UNBUTTONED, False)

    # ---- the chance to spot -----------------------------------------------------------------------
    def spot_need(self, game: Game, obs: Figure, tgt: Figure, heard: bool = False) -> tuple[int | None, int | None, list[tuple[str, int]]]:
        """(band index after shifts or None, d10 score needed or None, shifts)."""
        sp = self.rules.data.spotting
        d = self.rules.apart(obs, tgt)  # base edge to base edge
        base = next((i for i, b in enumerate(sp.bands) if d <= self.rules.mm(b.upto) + EPS), None)
        if base is None:
            return None, None, []
        sh = sp.shifts
        st = game.state
        ounit = st.units[obs.unit]
        shifts: list[tuple[str, int]] = []
        if self.unaware(game, ounit):
            shifts.append(("observers unaware of enemy in the area", sh.unaware))
        if not heard and self.rules.los(game, obs, tgt).cover > 0 and not self.rules.moved_recently(game, tgt):
            shifts.append(("target stationary in cover", sh.stationary_in_cover))
        if self.rules.suppression(ounit):
            shifts.append(("observers suppressed", sh.observer_suppressed))
        if self.rules.fired_recently(game, st.units[tgt.unit]) and self.rules.role(tgt) != "sniper":
            shifts.append(("target shooting", sh.target_shooting))
        slits = self.through_slits(game, obs)
        # optics serve an eye looking out: not an ear, nor a closed AFV's slits (readings heard, vehicle-observation)
        if not heard and not slits and self.has_optics(game, obs):
            shifts.append(("binoculars / telescopic sight", sh.optics))
        if heard:
            shifts.append(("heard through blocking terrain", sh.heard))
        if slits:
            shifts.append(("viewing through slits", sh.slits))
        band = max(0, base + sum(v for _, v in shifts))
        if band >= len(sp.bands):
            return None, None, shifts
        return band, sp.bands[band].need, shifts

    def spot_targets(self, game: Game, obs: Figure, candidates: list[Figure], heard_ok: bool) -> dict[str, int]:
        """The d10 score ``obs`` needs to spot each candidate it could spot now."""
        out: dict[str, int] = {}
        self.rules.prefetch_sight(game, [obs], candidates)
        for t in candidates:
            res = self.rules.los(game, obs, t)
            if res.visible:
                _, need, _ = self.spot_need(game, obs, t)
            elif heard_ok and self.rules.fired_recently(game, game.state.units[t.unit]):
                _, need, _ = self.spot_need(game, obs, t, heard=True)
            else:
                need = None
            if need is not None:
                out[t.id] = need
        return out

    # ---- the solo counters ("If the counter spots an enemy or is spotted") ---------------------------------
    def point_need(self, d: float, shifts: list[tuple[str, int]]) -> int | None:
        """The d10 score to spot across ``d`` mm after the band shifts (None: impossible)."""
        sp = self.rules.data.spotting
        base = next((i for i, b in enumerate(sp.bands) if d <= self.rules.mm(b.upto) + EPS), None)
        if base is None:
            return None
        band = max(0, base + sum(v for _, v in shifts))
        return sp.bands[band].need if band < len(sp.bands) else None

    def spot_roll(self, game: Game, who: str, d: float, res, shifts: list[tuple[str, int]], **kw) -> bool:
        """One attempt across ``d`` mm with sight ``res``: automatic within 20" in the open
        and in clear sight, else a d10 against the band's score."""
        sp = self.rules.data.spotting
        if res.cover == 0 and res.hindrances == 0 and d <= self.rules.mm(sp.automatic_within) + EPS:
            game.emit("spot", f"{who}: in the open and in clear sight within {sp.automatic_within:g}\": spotted at once.", **kw)
            return True
        need = self.point_need(d, shifts)
        roll = game.dice.roll(sp.die, who, target=f"{need}+" if need else "beyond extreme range: impossible", modifiers=shifts, **kw)
        ok = need is not None and roll.value >= need
        roll.outcome = "spotted" if ok else "not spotted"
        return ok

    def counter_spots(self, game: Game, kind: str, at: tuple[float, float], figs: list[Figure], optics: bool) -> bool:
        """The counter (a solo force marker) tries to spot the team: its nearest figure the
        counter sees, within 36" (the solo spotting reach), with the target's shifts."""
        seen = [t for t in figs if self.rules.los(game, at, t).visible]
        reach = solo_tables().dist_mm("solo_spot") + EPS
        seen = [t for t in seen if self.rules.apart(t, at) <= reach]
        if not seen:
            return False
        t = min(seen, key=lambda t: (self.rules.apart(t, at), t.id))
        sh = self.rules.data.spotting.shifts
        res = self.rules.los(game, at, t)
        shifts: list[tuple[str, int]] = []
        if not game.state.attrs.get(Ww2GameAttr.AWARE, {}).get(solo_side(game) or ""):
            shifts.append(("observers unaware of enemy in the area", sh.unaware))
        if res.cover > 0 and not self.rules.moved_recently(game, t):
            shifts.append(("target stationary in cover", sh.stationary_in_cover))
        if self.rules.fired_recently(game, game.state.units[t.unit]) and self.rules.role(t) != "sniper":
            shifts.append(("target shooting", sh.target_shooting))
        if optics:
            shifts.append(("telescopic sight", sh.optics))
        # the words name no kind: the player may not learn what a counter is before it attacks
        return self.spot_roll(game, f"A solo marker tries to spot {game.state.units[t.unit].name}", self.rules.apart(t, at), res,
                              shifts, units=[t.unit])

    def spots_counter(self, game: Game, unit: Unit, at: tuple[float, float]) -> bool:
        """The team tries to spot the counter (once a fire team, when it comes in sight):
        its figure that spots it most easily; a counter never moves, so it counts as
        stationary in cover wherever it has cover."""
        sh = self.rules.data.spotting.shifts
        best: tuple[int, float, str, list[tuple[str, int]]] | None = None
        for o in game.state.unit_figures(unit.id):
            if not self.can_observe(game, o):
                continue
            res = self.rules.los(game, o, at)
            if not res.visible:
                continue
            shifts: list[tuple[str, int]] = []
            if self.unaware(game, unit):
                shifts.append(("observers unaware of enemy in the area", sh.unaware))
            if res.cover > 0:
                shifts.append(("target stationary in cover", sh.stationary_in_cover))
            if self.rules.suppression(unit):
                shifts.append(("observers suppressed", sh.observer_suppressed))
            if self.has_optics(game, o):
                shifts.append(("binoculars / telescopic sight", sh.optics))
            if self.through_slits(game, o):
                shifts.append(("viewing through slits", sh.slits))
            d = self.rules.apart(o, at)
            auto = res.cover == 0 and res.hindrances == 0 and d <= self.rules.mm(self.rules.data.spotting.automatic_within) + EPS
            need = 0 if auto else self.point_need(d, shifts)
            if need is not None and (best is None or (need, d, o.id) < best[:3]):
                best = (need, d, o.id, shifts)
        if best is None:
            return False
        o = game.state.figures[best[2]]
        return self.spot_roll(game, f"{unit.name} tries to spot a marker", best[1], self.rules.los(game, o, at), best[3], units=[unit.id])

    def hidden_enemies(self, game: Game, side: str) -> list[Figure]:
        hidden = self.hidden_from(game, side)
        return [f for f in game.state.figures.values() if f.id in hidden and self.rules.on_table(f)]

    # ---- automatic spotting and losing sight ------------------------------------------------------
    def refresh_spotting(self, game: Game) -> None:
        """Automatic spotting in the open, and losing sight of figures no longer seen.
        Once done it changes nothing until what it reads changes (:meth:`spotting_inputs`):
        after a shot that hit no one and revealed no one, it is not worked out again."""
        st = game.state
        figs = [f for f in st.figures.values() if self.rules.on_table(f)]
        if len(figs) < 2:
            return
        with game.reading():  # (only looking: each vehicle's crew found in one pass over the figures)
            observing = [self.can_observe(game, f) for f in figs]
        # where each figure stands and whether it observes: the refresh changes neither
        stand = tuple((f.id, f.x, f.y, f.radius, f.side, o) for f, o in zip(figs, observing, strict=True))
        if game.kept.get(REFRESHED) == self.spotting_inputs(game, stand):
            return
        self.refresh_records(game, figs, observing)
        game.kept[REFRESHED] = self.spotting_inputs(game, stand)

    def spotting_inputs(self, game: Game, stand: tuple) -> tuple:
        """Everything :meth:`refresh_records` reads: the terrain, the side-turn, where each
        figure on the table stands and whether it can observe (``stand``), and every side's
        records."""
        st = game.state
        records = st.attrs.get(Ww2GameAttr.SPOTTED)
        return (id(game.table), game.table.version, self.rules.sideturn(game), tuple(st.side_order), stand,
                repr(records) if records is not None else None)

    def refresh_records(self, game: Game, figs: list[Figure], observing: list[bool]) -> None:
        """``observing``: whether each of ``figs`` can observe."""
        st = game.state
        m = self.rules.sight_matrix(game, figs)
        now = self.rules.sideturn(game)
        reach = self.sight_range() + EPS
        auto = self.rules.mm(self.rules.data.spotting.automatic_within) + EPS
        xy = np.array([f.pos for f in figs], dtype=float)
        radii = np.array([f.radius for f in figs], dtype=float)
        dist = np.maximum(0.0, np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1]) - radii[:, None] - radii[None, :])
        for side in st.side_order:
            rec = self.spotted(game, side)
            obs = np.array([i for i, f in enumerate(figs) if f.side == side and observing[i]], dtype=np.intp)
            # seen[k, j]: observer obs[k] sees figure j within sight range; in_open: and
            # close enough, with no cover and nothing hindering, to be seen at once
            seen = m.visible[obs] & (dist[obs] <= reach)
            in_open = (seen & (m.cover[obs] == 0) & (m.hindrances[obs] == 0) & (dist[obs] <= auto)).any(axis=0)
            seen_by_any = seen.any(axis=0)
            new: list[Figure] = []
            for j, t in enumerate(figs):
                if t.side == side:
                    continue
                r = rec.get(t.id)
                if r is not None:
                    if seen_by_any[j] and r["how"] == "heard":
                        r["how"], r["until"] = "sight", None
                    elif not seen_by_any[j] and not (r["how"] == "heard" and (r["until"] or 0) >= now):
                        del rec[t.id]
                    continue
                if in_open[j]:
                    rec[t.id] = {"how": "auto", "until": None}
                    new.append(t)
            if new:
                st.attrs.setdefault(Ww2GameAttr.AWARE, {})[side] = True
                names = ", ".join(f.name for f in new[:4]) + (f" and {len(new) - 4} more" if len(new) > 4 else "")
                game.emit("spot", f"{st.sides[side].name} see {names} in the open (automatic within "
                          f"{self.rules.data.spotting.automatic_within:g}\").", figures=[f.id for f in new], side=side)

    # ---- the spot command ---------------------------------------------------------------------------
    def check_spot(self, game: Game, cmd: Command) -> None:
        """One figure tries to spot, or (``unit`` and no ``figure``) every figure of the
        team that still may: "a fire group may attempt to spot once per figure"."""
        st = game.state
        require(cmd.side == st.active_side, "Figures try to spot during their own side's turn (reactions are rolled for you).")
        if cmd.figure is None and cmd.unit is not None:
            unit = st.units[cmd.unit]  # the core has checked it is the side's own
            require(not self.rules.routing(unit), f"{unit.name} is routing.")
            require(bool(self.spotters(game, unit.id)), f"No one in {unit.name} may try to spot now.")
            return
        f = self.rules.require_figure(game, cmd.figure, "figure that looks")
        require(self.can_observe(game, f), f"{f.name} cannot observe now.")
        if self.rules.is_vehicle(f):
            self.rules.vehicles.require_awake(game, f)
        require(not f.markers.get(Ww2FigMark.SPOT_USED), f"{f.name} has already tried to spot this turn.")
        require(not self.rules.routing(st.units[f.unit]), f"{st.units[f.unit].name} is routing.")

    def may_try(self, game: Game, f: Figure) -> bool:
        """``f`` may roll to spot, its own try or a reaction's: not a stunned crew (reading stunned)."""
        return self.can_observe(game, f) and not (self.rules.is_vehicle(f) and self.rules.vehicles.stunned(game, f))

    def spotters(self, game: Game, unit_id: str) -> list[Figure]:
        """The figures of a team that may still try to spot this turn, in team order."""
        return [f for f in game.state.unit_figures(unit_id)
                if f.alive and not f.markers.get(Ww2FigMark.SPOT_USED) and not self.rules.embarked(f) and self.may_try(game, f)]

    def apply_spot(self, game: Game, cmd: Command) -> None:
        if cmd.figure is None:
            for f in self.spotters(game, cmd.unit_id):
                self.try_to_spot(game, f)
        else:
            self.try_to_spot(game, game.state.figures[cmd.figure_id])

    def solo_run(self, game: Game, unit: Unit) -> bool:
        """A unit the solo rules run: it has diced for a solo order, or its side plays
        from portal markers."""
        return unit.markers.get(SoloKey.ORDER) is not None or solo_side(game) == unit.side

    def solo_spot_targets(self, game: Game, f: Figure) -> list[Figure]:
        """"Solo force unit markers attempt to spot the nearest enemy unit to them if
        within 36"" (interpretation solo-spotting): the enemy unit with figures this side
        has not spotted nearest to the observer's team (edge to edge, the nearest pair of
        figures), when that is within 36"; of it, the hidden figures within 36" of ``f``."""
        st = game.state
        team = [m for m in st.unit_figures(f.unit) if self.rules.on_table(m)] or [f]
        reach = solo_tables().dist_mm("solo_spot") + EPS
        by_unit: dict[str, list[Figure]] = {}
        for h in self.hidden_enemies(game, f.side):
            by_unit.setdefault(h.unit, []).append(h)
        best: tuple[float, str] | None = None
        for uid, figs in by_unit.items():
            d = min(self.rules.apart(m, h) for m in team for h in figs)
            if d <= reach and (best is None or (d, uid) < best):
                best = (d, uid)
        if best is None:
            return []
        return [h for h in by_unit[best[1]] if self.rules.apart(f, h) <= reach]

    def try_to_spot(self, game: Game, f: Figure) -> None:
        f.markers[Ww2FigMark.SPOT_USED] = True
        solo = self.solo_run(game, game.state.units[f.unit])
        pool = self.solo_spot_targets(game, f) if solo else self.hidden_enemies(game, f.side)
        needs = self.spot_targets(game, f, pool, heard_ok=False)
        bands = "/".join(f"{b.need}+" for b in self.rules.data.spotting.bands)
        why = " (solo: the nearest enemy unit within 36\")" if solo else ""
        roll = game.dice.roll(self.rules.data.spotting.die, f"{f.name} tries to spot{why}", target=f"{bands} by range band, after band shifts",
                              figures=[f.id], cuts=sorted(set(needs.values())))
        found = [game.state.figures[t] for t, need in needs.items() if roll.value >= need]
        for t in found:
            self.mark_spotted(game, f.side, t, "sight")
        roll.outcome = f"spots {len(found)} enem{'y' if len(found) == 1 else 'ies'}" if found else "sees nothing new"
        if found:
            game.emit("spot", f"{f.name} spots {', '.join(t.name for t in found)}.", figures=[f.id] + [t.id for t in found],
                      visible_to=[f.side])

    # ---- reactive spotting: enemy troops move or fire in sight -------------------------------------------
    def react_spotting(self, game: Game, actors: list[Figure], fired: bool) -> None:
        st = game.state
        actors = [a for a in actors if self.rules.on_table(a)]
        if not actors:
            return
        event = st.attrs.get(Ww2GameAttr.EVENT_N, 0)
        for side in st.side_order:
            if side == actors[0].side:
                continue
            targets = [a for a in actors if not self.is_spotted(game, side, a)]
            if not targets:
                continue
            for unit in st.side_units(side):
                obs = [f for f in st.unit_figures(unit.id) if self.may_try(game, f)]
                if not obs:
                    continue
                best: dict[str, int] = {}
                for o in obs:
                    for tid, need in self.spot_targets(game, o, targets, heard_ok=fired).items():
                        best[tid] = min(best.get(tid, 99), need)
                if not best:
                    continue
                easiest = min(best.values())
                why = "hears firing" if fired and not any(self.rules.los(game, o, st.figures[t]).visible for o in obs for t in best) else "sees movement"
                # the roll names no unit: the watchers may be hidden from the side that moved
                roll = game.dice.roll(self.rules.data.spotting.die, f"{st.sides[side].name}: a fire team {why} and tries to spot",
                                      target=f"{easiest}+", cuts=sorted(set(best.values())))
                found = [st.figures[t] for t, need in best.items() if roll.value >= need]
                how = "heard" if why == "hears firing" else "sight"
                for t in found:
                    self.mark_spotted(game, side, t, how)
                roll.outcome = f"spots {len(found)}" if found else "nothing spotted"
                if found:
                    game.emit("spot", f"{unit.name} spots {', '.join(t.name for t in found)}.", units=[unit.id],
                              figures=[t.id for t in found], visible_to=[side])
                targets = [a for a in targets if not self.is_spotted(game, side, a)]
                if not targets:
                    break
        st.attrs[Ww2GameAttr.EVENT_N] = event + 1

    # ---- what a side may see ----------------------------------------------------------------------------
    def audience(self, game: Game, figures: list[str], units: list[str]) -> list[str] | None:
        """An event about figures or units is read by their own side, and by another side
        only when it has spotted one of them (or one of the units is its own: it knows it
        was shot at, not from where). Moves carry their own audience."""
        st = game.state
        figs = [st.figures[f] for f in figures if f in st.figures]
        teams = [st.units[u] for u in units if u in st.units]
        out = []
        for side in st.side_order:
            if any(f.side == side for f in figs) or any(u.side == side for u in teams):
                out.append(side)
            elif any(self.is_spotted(game, side, f) for f in figs) or any(
                    self.is_spotted(game, side, m) for u in teams for m in st.unit_figures(u.id)):
                out.append(side)
        return None if len(out) == len(st.side_order) else out

    def hides_from(self, game: Game, side: str) -> bool:
        """Whether the view for ``side`` hides anything: the base's secrets, an enemy
        figure it has not spotted, or the other side's pending choice."""
        d = game.state.attrs.get(StateKey.DECISION)
        return (RulesetBase.hides_from(self.rules, game, side) or (d is not None and d.get("side") != side)
                or any(f.side != side and not self.is_spotted(game, side, f) for f in game.state.figures.values()))

    def hidden_from(self, game: Game, side: str) -> set[str]:
        """The ids of the enemy figures ``side`` has not spotted (:meth:`is_spotted` of
        each, the records read once: a view is made for every command a side plans)."""
        records = game.state.attrs.get(Ww2GameAttr.SPOTTED)
        mine = records.get(side, ()) if records is not None else ()
        out = set()
        for fid, f in game.state.figures.items():
            if f.side == side:
                continue
            if f.attrs.get(Ww2FigAttr.IN_VEHICLE):  # (seen as its vehicle is)
                if not self.is_spotted(game, side, f):
                    out.add(fid)
            elif fid not in mine:
                out.add(fid)
        return out

    def _seen_record(self, game: Game, rec: dict, hidden: set[str], alias: dict[str, str], shown: dict[str, bool]) -> dict:
        """A fire record as the side fired on knows it: an unseen firing unit unnamed,
        unseen firers counted under aliases. ``shown``: whether each firing unit has a
        figure not hidden, filled in as they are met (a view reads many records of few units)."""
        by = rec.get("by")
        seen = True
        if by:
            known = shown.get(by)
            if known is None:
                known = shown[by] = any(x not in hidden for x in game.state.units[by].figures)
            seen = known
        figures = rec.get("figures")
        if seen and figures is not None and hidden.isdisjoint(figures):
            return rec  # as the side knows it already (its firers are kept sorted: SoloRules.note_fire)
        figures = figures or ()
        out = dict(rec)
        if not seen:
            out["by"] = None
        out["figures"] = sorted(alias.get(x, x) for x in figures)
        return out

    def view(self, game: Game, side: str | None) -> GameState:
        st = RulesetBase.view(self.rules, game, side)
        if side is None:
            return st
        hidden = self.hidden_from(game, side)
        for fid in hidden:
            st.figures.pop(fid, None)
        alias = {fid: f"unseen {i}" for i, fid in enumerate(sorted(hidden))}  # counted, not named
        shown: dict[str, bool] = {}
        for uid, u in list(st.units.items()):  # (the view shares the units: changed ones are copied)
            if u.side == side:
                fired = u.attrs.get(SoloKey.FIRED_ON)
                if fired and hidden:
                    seen = [self._seen_record(game, rec, hidden, alias, shown) for rec in fired]
                    if any(s is not rec for s, rec in zip(seen, fired, strict=True)):  # (else the unit as it is)
                        st.units[uid] = replace(u, attrs={**u.attrs, SoloKey.FIRED_ON: seen})
                continue
            if not hidden.isdisjoint(u.figures):
                figures = [x for x in u.figures if x not in hidden]
                if figures:
                    st.units[uid] = replace(u, figures=figures)
                else:
                    del st.units[uid]
        d = st.attrs.get(StateKey.DECISION)
        if d is not None and d.get("side") != side:  # the other side's choice (who could shoot) stays secret
            st.attrs[StateKey.DECISION] = {"side": d["side"], "prompt": "the other side is choosing", "options": []}
        return st
