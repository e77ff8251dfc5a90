"""GOODBYEEEEEE!!!: tanks (L67-68, L116-117, L146, L178-196, L219, L259-275; interpretations
tank-weapons, tank-gun, tank-damage).

- A tank's weapons each fire once a turn at their own target (its shooting attacks are its
  weapons), after moving at -1 (L219). Its gun at men lays the 8 cm template on the figure
  it hits (cover 1-2 only, 5+ to wound); its LMGs fire 2-shot bursts.
- Shots at a tank (the chart's last column): after the hit and the cover roll, the damage
  column replaces the to-wound roll: "6 followed by N+" (a 6, then N+, one point), "N (X
  damage)" (N+ for X points, "1-3" a d3), the cluster grenade's d6 attacks at 5+ each; a
  weapon marked "No" cannot harm a tank. At its Wounds in damage the tank is destroyed.
- A damaging hit from an AT rifle, cluster grenade, mortar or field gun rolls a critical
  hit (L261-275): a weapon knocked out, a jammed mount (4+ to unjam at the start of a later
  turn), or the engine (no move until a 4+ restarts it; the crew tests courage to stay
  aboard; a crew that abandons the tank does nothing and re-tests at the start of each of
  its turns to re-enter).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.state import DESTROYED, Figure
from game.rulesets.parts import Chapter

from .status import GbFigMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

TANK_GUN, TANK_LMG = "tank_gun", "tank_lmg"


class GbTanks(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    def is_tank(self, fig: Figure) -> bool:
        return self.rules.data.is_vehicle_type(fig.type)

    # ---- what a tank may do ----------------------------------------------------------------------------
    def why_not_act(self, fig: Figure) -> str | None:
        if fig.markers.get(GbFigMark.ABANDONED):
            return f"{fig.name}'s crew has abandoned it (L275): it does nothing until they re-enter."
        return None

    def why_not_move(self, fig: Figure) -> str | None:
        if fig.markers.get(GbFigMark.ENGINE):
            return f"{fig.name}'s engine is damaged: it moves once a 4+ restarts it at the start of a turn (L268)."
        return self.why_not_act(fig)

    def weapons_left(self, fig: Figure, wid: str) -> int:
        """Its weapons of this kind still working (those knocked out taken off)."""
        out = list(fig.markers.get(GbFigMark.WEAPONS_OUT, []))
        n = fig.weapons.count(wid) - out.count(wid)
        if fig.markers.get(GbFigMark.MOUNT_JAMMED) and (wid == TANK_GUN or TANK_GUN not in fig.weapons):
            return 0  # its gun mount, or the turret of a tank armed with MGs only (interpretation tank-damage)
        return max(0, n)

    def shots_left(self, game: Game, fig: Figure, wid: str) -> int:
        done = self.rules.firing.fired(game, fig)
        used = (done or {}).get("used", {}).get(wid, 0)
        return self.weapons_left(fig, wid) - used

    def note_fired(self, game: Game, fig: Figure, wid: str) -> None:
        done = self.rules.firing.fired(game, fig)
        if done is None:
            done = {"turn": game.state.turn, "weapon": wid, "shots": 0, "used": {}}
            fig.markers[GbFigMark.FIRED] = done
        done["used"][wid] = done["used"].get(wid, 0) + 1
        done["shots"] += 1

    # ---- damage ----------------------------------------------------------------------------------------
    def can_harm(self, wid: str) -> bool:
        return self.rules.data.weapons[wid].vs_tank is not None

    def damage_roll(self, game: Game, tank: Figure, wid: str, how: str) -> None:
        """The chart's "To Damage Tank" column, then a critical hit for the weapons of L261."""
        w = self.rules.data.weapons[wid]
        vt = w.vs_tank
        if vt is None:
            game.emit("fire", f"The {w.name} cannot harm {tank.name}.", figures=[tank.id])
            return
        dice = game.dice
        points = 0
        if vt.first is not None and vt.then is not None:
            r = dice.roll("d6", f"{w.name}: damage {tank.name} (6, then {vt.then}+)", target=f"{vt.first}", figures=[tank.id],
                          cuts=(vt.first,))
            if r.value >= vt.first:
                r2 = dice.roll("d6", f"{w.name}: damage {tank.name}, the second die", target=f"{vt.then}+", figures=[tank.id],
                               cuts=(vt.then,))
                points = 1 if r2.value >= vt.then else 0
                r2.outcome = "1 damage" if points else "no damage"
            r.outcome = "the 6" if r.value >= vt.first else "no damage"
        elif vt.needs is not None and vt.damage is not None:
            r = dice.roll("d6", f"{w.name}: damage {tank.name}", target=f"{vt.needs}+", figures=[tank.id], cuts=(vt.needs,))
            if r.value >= vt.needs:
                if isinstance(vt.damage, int):
                    points = vt.damage
                else:
                    d = dice.roll(vt.damage, f"{w.name}: damage points to {tank.name}", figures=[tank.id])
                    points = d.total
                    d.outcome = f"{points} damage"
            r.outcome = f"{points} damage" if points else "no damage"
        elif vt.attacks is not None and vt.each is not None:
            n = dice.roll(vt.attacks, f"{w.name}: attacks on {tank.name}", figures=[tank.id])
            n.outcome = f"{n.total} attacks"
            for _ in range(n.total):
                a = dice.roll("d6", f"{w.name}: an attack on {tank.name}", target=f"{vt.each}+", figures=[tank.id], cuts=(vt.each,))
                hit = a.value >= vt.each
                a.outcome = "1 damage" if hit else "no damage"
                points += hit
        if points <= 0:
            return
        self.damage(game, tank, points, how)
        if tank.alive and wid in self.rules.data.critical_hits.caused_by:
            self.critical(game, tank)

    def damage(self, game: Game, tank: Figure, points: int, how: str) -> None:
        tank.wounds += points
        left = self.rules.stats.stat(tank, "wounds") - tank.wounds
        if left <= 0:
            tank.life = DESTROYED
            game.emit("casualty", f"{tank.name} is {how}: {points} damage, destroyed.", figures=[tank.id])
            self.rules.courage.after_loss(game, game.state.units[tank.unit])
        else:
            game.emit("casualty", f"{tank.name} is {how}: {points} damage ({left} left).", figures=[tank.id])

    def critical(self, game: Game, tank: Figure) -> None:
        """L261-275: the rank's table."""
        ch = self.rules.data.critical_hits
        rank = self.rules.data.troop_types[tank.type].rank
        r = game.dice.roll(ch.die, f"Critical hit on {tank.name}", figures=[tank.id])
        row = next(row for row in ch.tables[rank] if r.value in row.faces)
        r.outcome = row.text
        out = list(tank.markers.get(GbFigMark.WEAPONS_OUT, []))
        if row.result == "lmg_out":
            self.knock_out(game, tank, TANK_LMG, out)
        elif row.result == "gun_out":
            main = TANK_GUN if self.weapons_left(tank, TANK_GUN) else (tank.weapons[0] if tank.weapons else TANK_LMG)
            self.knock_out(game, tank, main if self.weapons_left(tank, main) else TANK_LMG, out)
        elif row.result == "mount_jammed":
            tank.markers[GbFigMark.MOUNT_JAMMED] = True
            game.emit("fire", f"{tank.name}'s mount is jammed: its {'gun is' if TANK_GUN in tank.weapons else 'machine guns are'} silent until the crew rolls {ch.unjam_on}+ (L273).",
                      figures=[tank.id])
        elif row.result == "engine":
            tank.markers[GbFigMark.ENGINE] = True
            game.emit("fire", f"{tank.name}'s engine is damaged (L268).", figures=[tank.id])
            self.rules.jobs.insert_next(game, self.rules.courage.job(tank, "engine damaged: stay on board?", [], "engine"))

    def knock_out(self, game: Game, tank: Figure, wid: str, out: list[str]) -> None:
        if self.weapons_left(tank, wid) <= 0 and wid == TANK_LMG and self.weapons_left(tank, TANK_GUN) <= 0:
            return
        out.append(wid)
        tank.markers[GbFigMark.WEAPONS_OUT] = out
        game.emit("fire", f"One of {tank.name}'s {self.rules.data.weapons[wid].name}s is knocked out.", figures=[tank.id])

    def abandon(self, game: Game, tank: Figure) -> None:
        tank.markers[GbFigMark.ABANDONED] = True
        game.emit("courage", f"{tank.name}'s crew abandons it (L275).", figures=[tank.id])

    # ---- at the start of its player's turn ------------------------------------------------------------------
    def job_tank_repairs(self, game: Game, job: dict) -> list[dict]:
        """Abandoned crews re-test to re-enter; engines restart and mounts unjam on 4+."""
        ch = self.rules.data.critical_hits
        tests = []
        for tank in sorted(game.state.figures.values(), key=lambda f: f.id):
            if tank.side != job["side"] or not tank.alive or not self.is_tank(tank):
                continue
            if tank.markers.get(GbFigMark.ABANDONED):  # (the test is a job: courage.job_courage)
                tests.append(self.rules.courage.job(tank, "re-enter the abandoned tank", [], "reenter"))
                continue
            for key, on, words in ((GbFigMark.ENGINE, ch.restart_on, "restart the engine"), (GbFigMark.MOUNT_JAMMED, ch.unjam_on,
                                                                                           "unjam the mount")):
                if tank.markers.get(key):
                    r = game.dice.roll("d6", f"{tank.name}: {words}", target=f"{on}+", figures=[tank.id], cuts=(on,))
                    if r.value >= on:
                        tank.markers.pop(key, None)
                        r.outcome = "done"
                    else:
                        r.outcome = "not yet"
        return tests
