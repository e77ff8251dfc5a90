"""WWIFY AR:SE optional rules: morale (tests, the Good and Evil rally, panic), medics and
engineers (Fix Vehicle, Build/Repair Bridge). A chapter of :class:`game.rulesets.wwify.ruleset.Wwify` (it reads the rest through ``self.rules``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import CAPTURED, DEAD, DESTROYED, Figure, Unit
from game.rulesets.parts import Chapter
from game.rulesets.wwify.data import SINGLE_MODEL_KINDS
from game.rulesets.wwify.status import WwifyFigMark, WwifyUnitAttr, WwifyUnitMark

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify


class WwSupport(Chapter["Wwify"]):
    # ---- morale -------------------------------------------------------------------------------------------
    rules: Wwify

    def morale_reasons(self, game: Game, unit: Unit, events: set[str]) -> list[str]:
        """Why ``unit`` tests now, for the events of a morale job (interpretation
        morale-when): 'artillery' (HE or gas fell on it), 'flame' (a flamethrower killed
        squadmates) always test; 'losses' (figures just killed or captured) and 'turn' (the
        end-of-turn check) test only when more than half the squad has been killed in the
        game. A squad more than half killed names that in every test it takes, and the turn
        is noted (HALF_TURN): the end-of-turn check then leaves it be."""
        st = game.state
        out = []
        if "artillery" in events:
            out.append("under HE or gas")
        if "flame" in events:
            out.append("squadmates burned by a flamethrower")
        lost, start = self.killed_in_game(game, unit)
        if lost * 2 > start and (out or events & {"losses", "turn"}):
            out.append(f"{lost} of {start} killed")
            unit.markers[WwifyUnitMark.HALF_TURN] = st.turn
        return out

    def killed_in_game(self, game: Game, unit: Unit) -> tuple[int, int]:
        """(figures killed or captured in the game, starting figures): fled figures are not
        casualties."""
        lost = sum(1 for f in game.state.unit_figures(unit.id, alive_only=False) if f.life in (DEAD, CAPTURED))
        return lost, len(unit.figures)

    def job_half_check(self, game: Game, job: dict) -> list[dict]:
        """End of the turn: a squad more than half killed in the game that took no test for
        it this turn tests now ("More than 1/2 squad killed in game" stands turn after
        turn)."""
        st = game.state
        if not self.rules.option(game, "morale"):
            return []
        out = []
        for u in sorted(st.units.values(), key=lambda u: u.id):
            if u.kind != "squad" or not st.unit_alive(u.id) or u.markers.get(WwifyUnitMark.PANICKED):
                continue
            lost, start = self.killed_in_game(game, u)
            if lost * 2 > start and u.markers.get(WwifyUnitMark.HALF_TURN) != st.turn:
                out.append({"do": "morale", "unit": u.id, "why": ["turn"]})
        return out

    def morale_roll(self, game: Game, unit: Unit, why: str, again: bool = False):
        off = self.rules.officer(game, unit.id)
        left = len(self.rules.alive(game, unit.id))
        mods = [("officer alive", self.rules.data.morale.officer_modifier)] if off else []
        fail = left + 1 - sum(v for _, v in mods)  # the lowest roll that panics
        # read only by its total: passes or not, and for Evil by how much it failed (one
        # soldier shot per pip)
        sums = range(fail, fail + 13) if self.rules.alignment(game, unit.side) == "evil" else (fail,)
        r = game.dice.roll(self.rules.data.morale.dice, f"{unit.name} {'re-rolls its' if again else ''} morale test ({why})".replace("  ", " "),
                           target=f"<= {left} (figures left)", modifiers=mods, units=[unit.id], sums=sums)
        total = r.total + sum(v for _, v in mods)
        return total, left, r

    def job_morale(self, game: Game, job: dict) -> list[dict] | None:
        st = game.state
        unit = st.units[job["unit"]]
        if not self.rules.option(game, "morale") or unit.kind != "squad" or not st.unit_alive(unit.id) or unit.markers.get(WwifyUnitMark.PANICKED):
            return []
        owner = unit.side
        if job.get("stage") is None:
            asked = job.get("asked", False)  # the odds of the test as if taken now, whatever its cause
            events = set(job.get("why", [])) | ({"turn"} if asked else set())
            why = self.morale_reasons(game, unit, events) or (["asked for its odds"] if asked else [])
            if not why:
                return []
            total, left, r = self.morale_roll(game, unit, ", ".join(why))
            if total <= left:
                r.outcome = f"{total}: holds"
                return []
            job["failed_by"] = total - left
            r.outcome = f"{total}: panic (failed by {total - left})"
            off = self.rules.officer(game, unit.id)
            if off is None:
                self.panic(game, unit, "no officer to rally it")
                return []
            if self.rules.alignment(game, owner) == "evil":
                n = job["failed_by"]
                label = f"Rally: {off.name} shoots {n} soldier{'s' if n > 1 else ''} to encourage the others"
            else:
                label = f"Rally: {off.name} re-rolls the test (heroic act; if it fails he is killed and they run)"
            job["stage"] = "asked"
            self.rules.ask(game, owner, f"{unit.name} panics! Try the one rally attempt?",
                     [(label, Command("rally", owner, unit=unit.id, choice="rally")),
                      ("Let them run", Command("rally", owner, unit=unit.id, choice="run"))])
            return None
        choice = job.get("choice")
        if choice == "run":
            self.panic(game, unit, "no rally attempted")
            return []
        off = self.rules.officer(game, unit.id)
        if off is None:
            self.panic(game, unit, "its officer is gone")
            return []
        if self.rules.alignment(game, owner) == "evil":
            n = job["failed_by"]
            game.emit("morale", f"{off.name} shoots {n} of {unit.name} to encourage the others; the rest rally.", units=[unit.id])
            return [{"do": "casualties", "unit": unit.id, "n": n, "chooser": owner, "exclude": [off.id],
                     "cause": f"shot by {off.name} to encourage the others", "saveable": False, "morale": False, "killed": 0}]
        total, left, r = self.morale_roll(game, unit, f"{off.name}'s heroic act", again=True)
        if total <= left:
            r.outcome = f"{total}: {unit.name} rallies"
            return []
        r.outcome = f"{total}: failed"
        self.rules.fighting.kill(game, off, "a stray bullet during his heroic act")
        self.panic(game, unit, f"{off.name} fell rallying them")
        return []

    def panic(self, game: Game, unit: Unit, why: str) -> None:
        unit.markers[WwifyUnitMark.PANICKED] = True
        self.rules.routed_by_rule(game, unit)
        game.emit("morale", f"{unit.name} panics ({why}): it will run for its table edge.", units=[unit.id])

    def check_rally(self, game: Game, cmd: Command) -> None:
        job = self.rules.current_job(game, "morale")
        require(cmd.unit == job["unit"] and cmd.choice in ("rally", "run"), "Choose to rally or to let them run.")

    def apply_rally(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.answer(game, choice=cmd.choice)

    # ---- medics ----------------------------------------------------------------------------------------------
    def has_medic(self, game: Game, unit: Unit) -> bool:
        """A living medic figure, or a single model's attached medic; a vehicle's or flyer's
        unless the players turned the option machine_medics off (it is on: L170-172)."""
        figs = game.state.unit_figures(unit.id, alive_only=False)
        if unit.kind in ("vehicle", "flyer") and not self.rules.option(game, "machine_medics"):
            return False
        if unit.kind in SINGLE_MODEL_KINDS:
            return any("medic" in f.equipment for f in figs)
        return any(f.alive and self.rules.troop(f).medic for f in figs)

    def saveable(self, game: Game, unit: Unit) -> list[tuple[Figure, str]]:
        st = game.state
        out = []
        for r in unit.attrs.get(WwifyUnitAttr.CASUALTIES, []):
            if r["turn"] != st.turn or not r["saveable"]:
                continue
            f = st.figures[r["fig"]]
            if r["kind"] == "wound" and f.wounds > 0 and (f.alive or f.life == DEAD):
                out.append((f, "wound"))
            elif r["kind"] == "dead" and f.life in (DEAD, DESTROYED) and not f.markers.get(WwifyFigMark.ABANDONED):
                out.append((f, "dead"))
        # one casualty a figure: the one that stands, its latest (a large creature wounded and
        # then gassed dead is saved from the gas, its wound kept: L166-168 "saves one casualty")
        latest: dict[str, tuple[Figure, str]] = {}
        for f, k in out:
            latest[f.id] = (f, k)
        return list(latest.values())

    def job_medics(self, game: Game, job: dict) -> list[dict] | None:
        st = game.state
        if not self.rules.option(game, "medics"):
            return []
        if "todo" not in job:
            job["todo"] = [u.id for u in sorted(st.units.values(), key=lambda u: u.id)
                           if u.kind in self.rules.data.medics.serves and self.saveable(game, u) and self.has_medic(game, u)]
        while job["todo"]:
            unit = st.units[job["todo"][0]]
            if job.get("asking"):
                return None
            m = self.rules.data.medics
            r = game.dice.roll(m.die, f"{unit.name}'s medic tries to save a casualty", target=f"{m.save_on}+", units=[unit.id])
            if r.value < m.save_on:
                r.outcome = "no one saved"
                job["todo"].pop(0)
                continue
            cands = self.saveable(game, unit)
            r.outcome = "saves one"
            if len(cands) == 1:
                self.medic_save(game, *cands[0])
                job["todo"].pop(0)
                continue
            ordered = sorted(cands, key=lambda c: (-self.rules.troop(c[0]).value, c[0].id))
            opts = [(f"Save {f.name} [{f.id}]" + (" (heal a wound)" if k == "wound" else ""), Command("medic_save", unit.side, target=f.id))
                    for f, k in ordered]
            job["asking"] = unit.id
            self.rules.ask(game, unit.side, f"{unit.name}'s medic saves one casualty: which?", opts)
            return None
        return []

    def medic_save(self, game: Game, fig: Figure, kind: str) -> None:
        self.rules.fighting.revive(game, fig, kind)
        unit = game.state.units[fig.unit]
        unit.attrs[WwifyUnitAttr.CASUALTIES] = [r for r in unit.attrs.get(WwifyUnitAttr.CASUALTIES, []) if not (r["fig"] == fig.id and r["turn"] == game.state.turn)]
        what = "a wound is healed" if kind == "wound" else "is back in action"
        game.emit("medic", f"The medic saves {fig.name}: {what}.", figures=[fig.id], units=[unit.id])

    def check_medic_save(self, game: Game, cmd: Command) -> None:
        job = self.rules.current_job(game, "medics")
        unit = game.state.units[job["asking"]]
        require(any(f.id == cmd.target for f, _ in self.saveable(game, unit)), "Pick one of this turn's casualties.")

    def apply_medic_save(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.queue(game)[0]  # the job the answer is for (checked above)
        unit = game.state.units[job["asking"]]
        fig, kind = next((f, k) for f, k in self.saveable(game, unit) if f.id == cmd.target)
        self.medic_save(game, fig, kind)
        job["todo"].pop(0)
        job.pop("asking", None)

    # ---- engineers --------------------------------------------------------------------------------------------
    def fixable(self, game: Game, unit: Unit, target_id: str | None) -> tuple[Unit, list[Figure]]:
        st = game.state
        require(self.rules.option(game, "engineers"), "The Engineers optional rule is not in play.")
        engs = self.rules.engineers_of(game, unit)
        require(bool(engs), f"{unit.name} has no engineers.")
        if target_id is None or target_id not in st.units:
            refuse("Choose the vehicle to fix.")
        tgt = st.units[target_id]
        require(tgt.kind == "vehicle" and tgt.side == unit.side, "Engineers fix their own side's vehicles.")
        require(st.unit_alive(tgt.id), f"{tgt.name} is destroyed.")
        require(self.rules.immobile(game, tgt), f"{tgt.name} is neither immobilised nor broken down.")
        v = self.rules.alive(game, tgt.id)[0]
        reach = self.rules.mm(self.rules.data.engineers.fix_reach)
        near = [e for e in engs if self.rules.apart(e, v) <= reach + 1e-6]
        require(bool(near), f"No engineer of {unit.name} is within {self.rules.data.engineers.fix_reach:g}\" of {tgt.name}.")
        return tgt, near

    def check_fix(self, game: Game, cmd: Command) -> None:
        require(cmd.unit is not None, "Choose the engineers.")
        unit = game.state.units[cmd.unit_id]
        r = self.rules.action_refusal(game, unit, "fix")
        if r:
            refuse(r)
        self.fixable(game, unit, cmd.target)

    def apply_fix(self, game: Game, cmd: Command) -> None:
        unit = game.state.units[cmd.unit_id]
        tgt, near = self.fixable(game, unit, cmd.target)
        self.rules.start_action(game, unit, "fix")
        e = self.rules.data.engineers
        # "Each action spen[t] trying to repair immobilised vehicle roll 1d6": one die for the
        # squad's action, however many engineers stand by (interpretation fix-vehicle)
        r = game.dice.roll(e.fix_die, f"{unit.name} work on {tgt.name} ({len(near)} engineer(s) at hand)",
                           target=f"{e.fix_on}+", figures=[f.id for f in near], units=[unit.id, tgt.id])
        if r.value >= e.fix_on:
            r.outcome = "fixed"
            tgt.markers.pop(WwifyUnitMark.IMMOBILISED, None)
            tgt.markers.pop(WwifyUnitMark.BROKEN_DOWN, None)
            game.emit("status", f"{tgt.name} is fixed and can move again.", units=[tgt.id])
        else:
            r.outcome = "not yet"

    def materials_near(self, game: Game, side: str, p: tuple[float, float]) -> list[tuple[Unit, int]]:
        st = game.state
        reach = self.rules.mm(self.rules.data.engineers.materials_reach)
        out = []
        for u in sorted(st.side_units(side), key=lambda u: u.id):
            figs = self.rules.alive(game, u.id)
            have = self.rules.materials.carried(game, u)
            if have > 0 and any(self.rules.apart(f, p) <= reach + 1e-6 for f in figs):
                out.append((u, have))
        return out

    def build_site(self, game: Game, unit: Unit, cmd: Command) -> tuple[str | None, dict, list[Figure], int]:
        """(site id or None for a new one, the site, engineers at work, actions of work)."""
        require(self.rules.option(game, "engineers"), "The Engineers optional rule is not in play.")
        engs = self.rules.engineers_of(game, unit)
        require(bool(engs), f"{unit.name} has no engineers.")
        sites = self.rules.moving.bridge_sites(game)
        reach = self.rules.mm(self.rules.data.engineers.work_reach)
        sid: str | None = None
        if cmd.choice:
            require(cmd.choice in sites, f"There is no bridge site {cmd.choice!r}.")
            sid = cmd.choice
        else:
            require(cmd.point is not None, "Choose a bridge site or a point on a river bank.")
            for k, s in sites.items():
                if self.rules.dist(self.rules.moving.bridge_end(s), cmd.at) <= reach + 1e-6 and s["built"] < self.rules.moving.bridge_line(s).length - 1e-3:
                    sid = k
        if sid is not None:
            site = sites[sid]
        else:
            cross = self.rules.moving.crossing_from(game, cmd.at)
            if cross is None:
                refuse(f"No river bank within {self.rules.data.engineers.work_reach:g}\" of that point to bridge from.")
            site = {"name": "Bridge", "a": list(cross[0]), "b": list(cross[1]), "built": 0.0, "base": 0.0, "work": 0, "side": unit.side}
        line = self.rules.moving.bridge_line(site)
        require(site["built"] < line.length - 1e-3, f"{site['name']} is complete.")
        end = self.rules.moving.bridge_end(site)
        near = [e for e in engs if self.rules.apart(e, end) <= reach + 1e-6]  # base edge to the point
        require(bool(near), f"No engineer of {unit.name} is within {self.rules.data.engineers.work_reach:g}\" of the bridge's working end.")
        mats = sum(n for _, n in self.materials_near(game, unit.side, end))
        require(mats > 0, f"No materials within {self.rules.data.engineers.materials_reach:g}\" of the bridge's working end.")
        return sid, site, near, min(len(near), mats)

    def check_build(self, game: Game, cmd: Command) -> None:
        require(cmd.unit is not None, "Choose the engineers.")
        unit = game.state.units[cmd.unit_id]
        r = self.rules.action_refusal(game, unit, "build")
        if r:
            refuse(r)
        self.build_site(game, unit, cmd)

    def apply_build(self, game: Game, cmd: Command) -> None:
        unit = game.state.units[cmd.unit_id]
        sid, site, near, work = self.build_site(game, unit, cmd)
        sites = self.rules.moving.bridge_sites(game)
        if sid is None:
            sid = f"site{len(sites) + 1}"
            while sid in sites:
                sid += "x"
            sites[sid] = site
            game.emit("bridge", f"{unit.name} start a bridge across the water.", units=[unit.id])
        self.rules.start_action(game, unit, "build")
        end = self.rules.moving.bridge_end(site)
        need = work
        for u, have in self.materials_near(game, unit.side, end):
            if need <= 0:
                break
            take = min(have, need)
            u.attrs[WwifyUnitAttr.MATERIALS] = have - take  # of what its living figures carry: a dead man's load is gone
            need -= take
        e = self.rules.data.engineers
        site["work"] += work
        line = self.rules.moving.bridge_line(site)
        site["built"] = min(line.length, site["base"] + (site["work"] // e.actions_per_length) * self.rules.mm(e.section_length))
        self.rules.sync_table(game)
        game.emit("bridge", (f"{unit.name} work on {site['name']}: {work} action(s) of work ({site['work'] % e.actions_per_length} of "
                             f"{e.actions_per_length} toward the next {e.section_length:g}\"); {self.rules.fmt(site['built'])} of {self.rules.fmt(line.length)} built."),
                  units=[unit.id])
