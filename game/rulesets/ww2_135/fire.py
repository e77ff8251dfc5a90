"""Shooting in My 1/35th Scale WWII Skirmish (L57-96): aimed and un-aimed fire, bursts, the
hit roll and its modifiers, the save, and machine guns running dry without a loader.

``fire (figure, target, choice='aimed'|'unaimed'[, options burst=yes, weapon=id])``:
1. A target not yet acquired this turn is acquired first (L35: acquire.py); failing, the
   figure does not fire and spends nothing.
2. The points: aimed 4, un-aimed 3 (L12-13); aimed fire needs the target seen last turn
   (L70) and a firer that has not moved this turn (L80 "cannot Aim").
3. 2d6 at or over: aimed 2 or un-aimed 5, range / 10 rounded up, +2 a hindrance, hard cover
   +3, soft +2, +1 for each full 3" the target moved (unless it acted after), prone in the
   open +2, +2 for each full 3" the firer moved; a double six always hits (L69-80). A burst
   rolls twice (L78, interpretation bursts).
4. A hit is saved on a d6 at or under the save: a hindrance 1 each, soft cover 2, hard 3;
   over it killed, equal two morale levels down, under one (L84-92, interpretation
   save-sum). An SMG shoots to 20", a pistol to 12" (L63-67, interpretation suppress-band).
5. A support weapon (L96) without a loader beside it that has not fired this turn runs dry
   on any double: a hitting double still hits; a dry first roll of a burst loses the second.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, hypot
from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import DEAD, Figure
from game.rulesets.parts import Chapter

from .data import Weapon
from .sight import Sight
from .status import W135FigMark

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

#: weapons fired by this chapter (anti-tank weapons, mortars and main guns have their own)
SMALL_ARMS = frozenset({"rifle", "carbine", "assault_rifle", "smg", "pistol", "lmg", "hmg", "quad"})
AIMS = ("aimed", "unaimed")


@dataclass(frozen=True)
class Shot:
    """A shot worked out before any dice: what it costs, the 2d6 it needs and why, the save
    a hit gets and why, whether the gun may run dry, and whether the target must be
    acquired first."""

    firer: str
    target: str
    weapon: str
    aimed: bool
    burst: bool
    cost: int
    need: int
    modifiers: tuple[tuple[str, int], ...]
    save: int
    save_modifiers: tuple[tuple[str, int], ...]
    may_run_dry: bool
    acquire: bool


class W135Fire(Chapter["Ww2135"]):
    rules: Ww2135

    # ---- what a figure fires --------------------------------------------------------------------
    def weapon(self, f: Figure, wid: str | None = None) -> tuple[str, Weapon]:
        """The small arm ``f`` fires (``wid``, else its first; a main gun's HE when named)."""
        data = self.rules.data
        arms = [w for w in f.weapons if w in data.weapons and (data.weapons[w].kind in SMALL_ARMS or (w == wid and data.weapons[w].kind == "tank_gun"))]
        if wid is not None:
            require(wid in arms, f"{f.name} carries no {data.weapons[wid].name if wid in data.weapons else wid} to fire.")
            return wid, data.weapons[wid]
        require(bool(arms), f"{f.name} has no small arm to fire.")
        return arms[0], data.weapons[arms[0]]

    def dry(self, f: Figure) -> bool:
        return bool(f.markers.get(W135FigMark.DRY))

    def fired(self, game: Game, f: Figure) -> bool:
        return f.markers.get(W135FigMark.FIRED) == self.rules.sideturn(game)

    def loader_beside(self, game: Game, f: Figure) -> bool:
        """A figure of ``f``'s unit within 1" that has not fired this turn (L96, interpretation loaders)."""
        if self.rules.is_vehicle(f):
            return True  # its crew loads (interpretation vehicles)
        reach = self.rules.mm(self.rules.data.loaders.adjacent)
        return any(o.id != f.id and o.alive and o.unit == f.unit and not self.fired(game, o)
                   and hypot(o.x - f.x, o.y - f.y) - o.radius - f.radius <= reach + 1e-6
                   for o in game.state.figures.values())

    # ---- the shot (L69-92) --------------------------------------------------------------------------
    def plan(self, game: Game, cmd: Command) -> Shot:
        st = game.state
        f, t = st.figures.get(cmd.figure or ""), st.figures.get(cmd.target or "")
        if f is None or t is None:
            refuse("Name the firer and its target.")
        key = ("w135_shot", cmd, f.pos, t.pos)
        return self.rules.recall(game, key, lambda: self._plan(game, cmd, f, t))

    def _plan(self, game: Game, cmd: Command, f: Figure, t: Figure) -> Shot:
        rules = self.rules
        data = rules.data
        st = game.state
        require(cmd.side == st.active_side, f"{f.name} fires in its own side's turn.")
        require(t.alive and st.hostile(f.side, t.side), f"{t.name} is not an enemy in action.")
        require(not rules.is_vehicle(t), f"Small arms and HE do not harm {t.name}: fire an anti-tank weapon or a main gun at it "
                                         f"(interpretation vehicles).")
        bound = rules.melee.committed(game, f)
        require(bound is None or bound == t.id, f"{f.name} was counted in a surrender this turn: it fires at no other figure (L229).")
        level = rules.morale.word(rules.morale.level(f))
        require(level not in data.shooting.cannot_fire, f"{f.name} is {level} and cannot fire (L79, interpretation fire-levels).")
        require(cmd.choice in AIMS, "Say whether the shot is aimed or un-aimed (choice aimed or unaimed).")
        wid, w = self.weapon(f, cmd.option("weapon"))
        require(not self.dry(f), f"{f.name}'s {w.name} is out of ammunition: re-load it (2 points, L23).")
        burst = cmd.option("burst") == "yes"
        require(not burst or w.burst, f"The {w.name} does not fire bursts.")
        sight = rules.sight.sees(game, f, t)
        require(sight.visible, f"{f.name} cannot see {t.name}: {sight.why}.")
        inches = rules.in_units(sight.distance)
        reach = w.max_range
        if reach is not None and inches > reach + 1e-9:
            refuse(f"{t.name} is {inches:.1f}\" away; the {w.name} reaches {reach:g}\" (L63-67).")
        if burst and not w.bursts_at(inches):
            refuse(f"{t.name} is {inches:.1f}\" away; the {w.name}'s bursts reach {w.burst_range:g}\": beyond, single shots only "
                   f"(L61, interpretation assault-rifle-auto).")
        aimed = cmd.choice == "aimed"
        moved = rules.moving.moved(game, f)
        acquire = not rules.acquisition.acquired(game, f, t)
        if acquire:
            require(not rules.acquisition.tried(game, f, t), f"{f.name} failed to acquire {t.name} this turn (L35).")
        if aimed:
            require(not data.shooting.moved_cannot_aim or moved <= 1e-9, f"{f.name} has moved this turn and cannot aim (L80).")
            require(not data.shooting.aimed_needs_seen or rules.acquisition.seen_last_turn(game, f, t),
                    f"{f.name} did not see {t.name} last turn: aimed fire needs it (L70).")
        a = data.actions["aimed_fire" if aimed else "unaimed_fire"]
        cost = a.fixed() or 0
        have = rules.points(game, f)
        require(have >= cost, f"{f.name} has {have} action point{'s' if have != 1 else ''} left; {'aimed' if aimed else 'un-aimed'} fire costs {cost}.")
        s = data.shooting
        mods: list[tuple[str, int]] = [("aimed fire" if aimed else "un-aimed fire", s.aimed if aimed else s.unaimed)]
        mods += self.sight_modifiers(inches, sight)
        ran = rules.moving.moving_since_action(game, t)
        if ran >= s.target_moved_per - 1e-9:
            mods.append((f'target moved {ran:.1f}"', s.target_moved * int(ran // s.target_moved_per + 1e-9)))
        if rules.prone(t) and sight.cover == 0:
            mods.append(("prone in the open", s.prone_in_open))
        if moved >= s.firer_moved_per - 1e-9:
            mods.append((f'firer moved {moved:.1f}"', s.firer_moved * int(moved // s.firer_moved_per + 1e-9)))
        save_mods = self.save_modifiers(sight.hindrances, sight.cover)
        return Shot(f.id, t.id, wid, aimed, burst, cost, sum(v for _, v in mods), tuple(mods), sum(v for _, v in save_mods),
                    tuple(save_mods), w.loader and not self.loader_beside(game, f), acquire)

    def sight_modifiers(self, inches: float, sight: Sight) -> list[tuple[str, int]]:
        """What the sight line adds to a shot's total (L71-76): range/10 rounded up, each
        hindrance, the target's cover."""
        s = self.rules.data.shooting
        mods: list[tuple[str, int]] = [(f'range {inches:.1f}"', ceil(inches / s.range_per - 1e-9) if inches > 1e-9 else 0)]
        if sight.hindrances:
            mods.append((f"{sight.hindrances} hindrance{'s' if sight.hindrances != 1 else ''}", s.per_hindrance * sight.hindrances))
        if sight.cover == 2:
            mods.append(("target in hard cover", s.hard_cover))
        elif sight.cover == 1:
            mods.append(("target in soft cover", s.soft_cover))
        return mods

    def save_modifiers(self, hindrances: int, cover: int) -> list[tuple[str, int]]:
        """What a hit's save is made of (L84-87): a hindrance 1 each, soft cover 2, hard 3."""
        sv = self.rules.data.saving
        out: list[tuple[str, int]] = []
        if hindrances:
            out.append((f"{hindrances} hindrance{'s' if hindrances != 1 else ''}", sv.per_hindrance * hindrances))
        if cover == 1:
            out.append(("soft cover", sv.soft_cover))
        elif cover == 2:
            out.append(("hard cover", sv.hard_cover))
        return out

    def opportunity_shot(self, game: Game, f: Figure, t: Figure) -> None:
        """Opportunity fire (L125): a double six hits, whatever the circumstances; a burst
        weapon rolls twice (within its bursts' reach); the save and a dry gun as any shot."""
        rules = self.rules
        wid, w = self.weapon(f)
        sight = rules.sight.line(game, f, t)
        mods = self.save_modifiers(sight.hindrances, sight.cover)
        shot = Shot(f.id, t.id, wid, False, w.bursts_at(rules.in_units(sight.distance)), 0, 13, (("opportunity fire: a double six", 0),), sum(v for _, v in mods),
                    tuple(mods), w.loader and not self.loader_beside(game, f), False)
        f.markers[W135FigMark.FIRED] = rules.sideturn(game)
        self.mark_fired_at(game, t)
        game.emit("fire", f"{f.name} takes opportunity fire at {t.name} with the {w.name}.", figures=[f.id, t.id], side=f.side)
        self.hit_rolls(game, f, t, shot, "double six")

    def at_vehicle(self, game: Game, cmd: Command) -> bool:
        """``cmd`` is an anti-tank shot (anti_tank.py): an anti-tank weapon, or a main gun at a vehicle."""
        st = game.state
        f, t = st.figures.get(cmd.figure or ""), st.figures.get(cmd.target or "")
        at = self.rules.anti_tank
        if f is None or t is None or not at.heavy(f, cmd.option("weapon")):
            return False
        return self.rules.data.weapons[cmd.option("weapon") or ""].kind == "anti_tank" or self.rules.is_vehicle(t)

    def check_fire(self, game: Game, cmd: Command) -> None:
        if cmd.target is None and cmd.point is not None and cmd.option("smoke") == "yes":
            self.rules.anti_tank.smoke_plan(game, cmd)
            return
        if cmd.target is None and cmd.point is not None:
            self.rules.anti_tank.building_plan(game, cmd)
            return
        if self.at_vehicle(game, cmd):
            self.rules.anti_tank.plan(game, cmd)
            return
        self.plan(game, cmd)

    def apply_fire(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        if cmd.target is None and cmd.point is not None and cmd.option("smoke") == "yes":
            rules.anti_tank.smoke_shell(game, cmd)
            return
        if cmd.target is None and cmd.point is not None:
            rules.anti_tank.fire_at_building(game, cmd)
            return
        if self.at_vehicle(game, cmd):
            rules.anti_tank.fire(game, cmd)
            return
        shot = self.plan(game, cmd)
        f, t = st.figures[shot.firer], st.figures[shot.target]
        w = rules.data.weapons[shot.weapon]
        if not self.open_fire(game, f, t, shot.acquire, shot.cost, f"{'aimed' if shot.aimed else 'un-aimed'} fire", w.kind == "tank_gun"):
            return
        kind = ("an aimed" if shot.aimed else "an un-aimed") + (" burst" if shot.burst else " shot")
        game.emit("fire", f"{f.name} fires {kind} at {t.name} with the {w.name}.", figures=[f.id, t.id], side=f.side)
        self.hit_rolls(game, f, t, shot, f"{shot.need}+")

    def mark_fired_at(self, game: Game, t: Figure) -> None:
        """``t`` is fired at now: a shot, a burst it rolls for, a line of suppressive fire it
        is diced for (interpretation been-fired-on): the morale test's "Been fired at in last
        turn" (L327) and the anti-tank table's "Been fired on" (L297) read it."""
        t.markers[W135FigMark.FIRED_AT] = self.rules.sideturn(game)

    def open_fire(self, game: Game, f: Figure, t: Figure, acquire: bool, cost: int, what: str, heavy: bool) -> bool:
        """What every shot at a figure does before its dice: the acquisition when it must
        (failing, no shot and no points spent), the points, the marks of firing and of being
        fired at, and the solo rules' record. Whether it fires."""
        rules = self.rules
        if acquire and not rules.acquisition.roll(game, f, t):
            game.emit("fire", f"{f.name} does not fire: {t.name} is not acquired this turn.", figures=[f.id, t.id], side=f.side)
            return False
        rules.pay(game, f, cost, what)
        f.markers[W135FigMark.FIRED] = rules.sideturn(game)
        f.markers.pop(W135FigMark.HIDDEN, None)
        self.mark_fired_at(game, t)
        rules.note_fire(game, t.unit, f.unit, 1, heavy=heavy, figures=[f.id], at=heavy)  # (heavy here: a tank gun or an AT weapon)
        return True

    def hit_rolls(self, game: Game, f: Figure, t: Figure, shot: Shot, target: str) -> None:
        """The 2d6 hit rolls of a shot (two for a burst), each hit saved; a double runs a gun
        without a loader dry (L96)."""
        data = self.rules.data.shooting
        w = self.rules.data.weapons[shot.weapon]
        for k in range(data.burst_rolls if shot.burst else 1):
            if not t.alive:
                break
            r = game.dice.roll(data.dice, f"{f.name} fires at {t.name}" + (f" (roll {k + 1} of the burst)" if shot.burst else ""),
                               target=target, modifiers=list(shot.modifiers), figures=[f.id, t.id])
            double = r.faces[0] == r.faces[1]
            hit = r.total >= shot.need or (data.double_six_hits and r.faces == [6, 6])
            r.outcome = ("hit" if r.total >= shot.need else "double six: hit") if hit else "miss"
            if hit:
                self.hit(game, f, t, shot)
            if shot.may_run_dry and double:
                f.markers[W135FigMark.DRY] = True
                game.emit("fire", f"{f.name}'s {w.name} runs out of ammunition on a double: no loader beside it (L96).",
                          figures=[f.id], side=f.side)
                break

    def hit(self, game: Game, f: Figure, t: Figure, shot: Shot) -> None:
        """A hit on ``t``: its save, and what it does (L84-92); a main gun's HE bursts."""
        rules = self.rules
        if rules.data.weapons[shot.weapon].kind == "tank_gun":
            rules.anti_tank.he_burst(game, f, t, shot.weapon)
            return
        self.save(game, t, shot.save, shot.save_modifiers, f)

    def save(self, game: Game, t: Figure, save: int, modifiers: tuple[tuple[str, int], ...], by: Figure | None) -> None:
        """A hit man's saving roll (L84-92): a d6 over ``save`` kills, equal drops two morale
        levels, under one; no save in the open: killed."""
        rules = self.rules
        if save <= 0:
            self.kill(game, t, f"{t.name} is hit in the open with no save and is killed.", by)
            return
        r = game.dice.roll(rules.data.saving.die, f"{t.name} saves", target=f"{save} or under",
                           modifiers=list(modifiers), figures=[t.id])
        if r.total > save:
            r.outcome = "not saved: killed"
            self.kill(game, t, f"{t.name} is killed.", by)
        elif r.total == save:
            r.outcome = "equal: two morale levels down"
            rules.morale.drop(game, t, rules.data.saving.equal, "saves on the number")
        else:
            r.outcome = "saved: a morale level down"
            rules.morale.drop(game, t, rules.data.saving.saved, "saves")

    def kill(self, game: Game, t: Figure, text: str, by: Figure | None = None) -> None:
        t.life = DEAD
        game.emit("casualty", text, figures=[t.id], side=t.side)
        self.rules.note_losses(game, t.unit, 1, by.unit if by is not None else None)

    # ---- re-load (L23) -------------------------------------------------------------------------------
    def check_reload(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = st.figures.get(cmd.figure or "")
        if f is None:
            refuse("Name the gunner.")
        require(cmd.side == st.active_side, f"{f.name} re-loads in its own side's turn.")
        require(self.dry(f), f"{f.name}'s gun is not out of ammunition.")
        cost = self.rules.data.actions["reload"].fixed() or 0
        require(self.rules.points(game, f) >= cost, f"{f.name} has {self.rules.points(game, f)} points left; re-loading costs {cost}.")

    def apply_reload(self, game: Game, cmd: Command) -> None:
        f = game.state.figures[cmd.figure or ""]
        self.rules.pay(game, f, self.rules.data.actions["reload"].fixed() or 0, "re-loading")
        f.markers.pop(W135FigMark.DRY, None)
