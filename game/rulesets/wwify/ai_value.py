"""What a shot or a fight is worth to the WWIFY solo AI: the expected casualties and
morale effect of each fire option (from the firing table), the threat an enemy unit
poses, what a figure or a unit is worth, and the odds of close combat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Refusal
from game.core.game import Game
from game.core.state import Figure, Unit
from game.rulesets.wwify.afv_option import main_gun_pick
from game.rulesets.wwify.data import SUPPORT_KINDS
from game.rulesets.wwify.status import WwifyUnitMark

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify

_TWO_D6 = [sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == t) / 36 for t in range(13)]


#: how much a target's threat to a firing unit on foot weighs beside the kills it is worth (an
#: AFV's weighs 1): measured against greedy, seeds 1-200, 2 moved Gloomford's Horde 57 -> 64%
#: and its Alliance 74 -> 69% (1 moved the Horde to 59 on seeds 1-100, 4 to 61)
FOOT_THREAT = 2.0


class WwifyValuation:
    def __init__(self, rules: Wwify) -> None:
        self.rules = rules

    def fire_options(self, game: Game, unit: Unit) -> list[tuple[float, str]]:
        """(score, target unit) for every enemy unit it can fire at now, best first: the
        expected figures put out of action, weighted by what they threaten, and by how
        much each target threatens the firer from where it stands (interpretation
        solo-fire: the text's AFVs "shoot at the most threatening target"). An AFV's main
        gun takes the nearest enemy vehicle or field gun first."""
        cache = scratch(game)
        key = ("fire", unit.id)
        if key in cache:
            return cache[key]
        st = game.state
        figs = [f for f in self.rules.alive(game, unit.id) if f.weapons]
        out: list[tuple[float, str]] = []
        top = self.rules.mm(self.rules.data.firing.bands[-1].upto)
        afv = unit.kind in ("vehicle", "flyer")
        plans = []
        with self.rules.solo_view.fast_sight(game):
            for t in sorted(st.units.values(), key=lambda u: u.id):
                if t.side == unit.side or not st.unit_alive(t.id) or not figs:
                    continue
                tfigs = self.rules.alive(game, t.id)
                near = min(self.rules.apart(f, e) for f in figs for e in tfigs)
                if near > top + 1e-6:
                    continue
                try:
                    plans.append((t, near, self.rules.fighting.fire_plan(game, unit.id, t.id)))
                except Refusal:
                    continue
        for t, _near, plan in plans:
            score = self.fire_value(game, plan)
            score *= 1.0 + (1.0 if afv else FOOT_THREAT) * self.threat_to(game, t, unit)
            out.append((score, t.id))
        out.sort(key=lambda s: (-s[0], s[1]))
        first = main_gun_pick(self.rules, unit, plans)
        if first is not None:
            out.sort(key=lambda s: (s[1] != first, -s[0], s[1]))
        cache[key] = out
        return out

    def fire_value(self, game: Game, plan) -> float:
        fi = self.rules.data.firing
        p = (7 - fi.kill_on) / 6
        if plan.trench:
            p *= (7 - fi.trench_reroll_kill_on) / 6
        pmf = _binom(plan.dice, p)
        target = plan.target
        kind = plan.target_kind
        tfigs = self.rules.alive(game, target.id)
        smoke = (fi.smoke_save_on - 1) / 6
        if kind == "figures":
            pool = self.rules.casualty_pool(game, target)
            cap = len(pool)
            in_smoke = sum(1 for f in pool if self.rules.moving.in_cloud(game, f.pos, "smoke"))
            keep = 1.0 - (1 - smoke) * min(1.0, in_smoke / cap) if in_smoke else 1.0
            kills = sum(min(k, cap) * q for k, q in enumerate(pmf)) * keep
            sniper = plan.chooser == plan.unit.side
            worth = max(self.fig_worth(game, f) for f in pool) if sniper else self.unit_worth(game, target)
            value = kills * worth
            if target.kind in SUPPORT_KINDS:  # the gun falls with its last crew figure
                value += sum(q for k, q in enumerate(pmf) if k >= cap) * keep * self.fig_worth(game, tfigs[0])
            value += self.morale_bonus(game, target, pmf, plan)
            return value
        fig = tfigs[0]
        keep = (1 - smoke) if self.rules.moving.in_cloud(game, fig.pos, "smoke") else 1.0
        if keep < 1:
            pmf = _binom(plan.dice, p * keep)
        worth = self.fig_worth(game, fig)
        if kind == "large_creature":
            left = fi.large_creature_wounds - fig.wounds
            dead = sum(q for k, q in enumerate(pmf) if k >= left)
            wounds = sum(min(k, left) * q for k, q in enumerate(pmf))
            return worth * (dead + 0.3 * wounds / left)
        table = self.rules.data.vehicle_damage if kind == "vehicle" else self.rules.data.flyer_damage
        kill = sum(1 for r in table.rows if r.result == "destroyed" for _ in r.faces) / 6
        destroyed = sum(q * (1 - (1 - kill) ** k) for k, q in enumerate(pmf))
        value = worth * destroyed
        if kind == "vehicle" and not self.rules.immobile(game, target):
            value += 0.3 * worth * sum(q for k, q in enumerate(pmf) if k) * (1 - kill)
        return value

    def morale_bonus(self, game: Game, target: Unit, pmf: list[float], plan) -> float:
        """Kills that make a squad test its morale may send it running off the table."""
        if not self.rules.option(game, "morale") or target.kind != "squad" or target.markers.get(WwifyUnitMark.PANICKED):
            return 0.0
        start = len(target.figures)
        alive = len(self.rules.alive(game, target.id))
        lost = start - alive
        officer = self.rules.officer(game, target.id) is not None
        flame = any(self.rules.data.weapons[fr.weapon].flame for fr in plan.firers)
        bonus = 0.0
        for k, q in enumerate(pmf):
            if k == 0 or k >= alive:
                continue
            if flame or (lost + k) * 2 > start:
                panic = _panic_p(alive - k, self.rules.data.morale.officer_modifier if officer else 0)
                if officer:  # the rally: Good re-rolls, Evil shoots a few and stays
                    panic *= panic if self.rules.alignment(game, target.side) == "good" else 0.3
                bonus += q * panic * (alive - k) * 0.7
        return bonus

    def threat_to(self, game: Game, t: Unit, me: Unit) -> float:
        """How many dice of ``t`` can hurt ``me`` from where they stand, a sixth each
        (``me`` measured at its first figure: a vehicle or flyer is its only one)."""
        v = self.rules.alive(game, me.id)[0]
        kind = self.rules.fighting.target_kind(me)
        dice = 0
        for f in self.rules.alive(game, t.id):
            band = self.rules.fighting.band_of(self.rules.apart(f, v))
            if band is None:
                continue
            dice += max((self.rules.data.weapons[w].dice[band] or 0 for w in f.weapons if self.rules.fighting.can_hurt(w, kind)), default=0)
        return dice / 6

    # ---- what figures and units are worth ----------------------------------------------------------------
    def fig_threat(self, game: Game, fig: Figure) -> float:
        """Expected kills of the figure in a card's actions at its best range."""
        best = max((max(d or 0 for d in self.rules.data.weapons[w].dice) for w in fig.weapons), default=0)
        acts = 1 if self.rules.fighting.category(fig) == "field_gun" else 2
        return best * acts / 6

    def fig_worth(self, game: Game, fig: Figure) -> float:
        """One figure out of action: 1 toward breaking its side, plus what it threatens
        (a gun crew carries its gun's threat; an officer steadies and leads)."""
        unit = game.state.units[fig.unit]
        threat = self.fig_threat(game, fig)
        if unit.kind in SUPPORT_KINDS and not self.rules.fighting.is_gun(fig):
            crew = [f for f in self.rules.alive(game, unit.id) if not self.rules.fighting.is_gun(f)]
            gun = next((f for f in self.rules.alive(game, unit.id) if self.rules.fighting.is_gun(f)), None)
            if gun is not None:
                threat = (self.fig_threat(game, gun) + 1) / max(1, len(crew))
        tt = self.rules.troop(fig)
        if tt.role == "officer":
            threat += 0.8
        if tt.category == "large_creature":
            threat += 0.8
        if tt.engineer or tt.medic:
            threat += 0.3
        return 1.0 + 0.5 * threat

    def unit_worth(self, game: Game, unit: Unit) -> float:
        """A kill on a unit the owner picks casualties from: its least worthy figure."""
        pool = self.rules.casualty_pool(game, unit)
        return min(self.fig_worth(game, f) for f in pool) if pool else 0.0

    def loss_worth(self, game: Game, figs: list[Figure]) -> float:
        if not figs:
            return 0.0
        if all(self.rules.fighting.category(f) == "large_creature" for f in figs):
            return min(self.fig_worth(game, f) for f in figs) / self.rules.data.firing.large_creature_wounds
        return min(self.fig_worth(game, f) for f in figs)

    # ---- close combat odds ------------------------------------------------------------------------------------
    def combat_odds(self, attackers: list[Figure], defenders: list[Figure]) -> tuple[float, float]:
        """(attacker wins, defender wins): each side's best d6 with its modifiers."""
        def cdf(figs: list[Figure]) -> dict[int, float]:
            mods = [sum(v for _, v in self.rules.fighting.combat_mods(f)) for f in figs]
            return {s: _prod(min(1.0, max(0.0, (s - m) / 6)) for m in mods) for s in range(-8, 16)}

        a, d = cdf(attackers), cdf(defenders)
        win = lose = 0.0
        for s in range(-7, 16):
            pa = a[s] - a[s - 1]
            pd = d[s] - d[s - 1]
            win += pa * d[s - 1]
            lose += pd * a[s - 1]
        return win, lose


def _binom(n: int, p: float) -> list[float]:
    """P(k successes) for k = 0..n."""
    out = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(out) + 1)
        for k, q in enumerate(out):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        out = nxt
    return out

def _panic_p(left: int, mod: int) -> float:
    """Chance a squad with ``left`` figures panics on 2d6 + mod (above left panics)."""
    return sum(p for t, p in enumerate(_TWO_D6) if t + mod > left)

def _prod(xs) -> float:
    out = 1.0
    for x in xs:
        out *= x
    return out


def scratch(game: Game) -> dict:
    """The planner's scratch values for the present state (game.version)."""
    key = game.version
    c = game.kept.get("wwai_cache")
    if c is None or c[0] != key:
        c = (key, {})
        game.kept["wwai_cache"] = c
    return c[1]
