"""GOODBYEEEEEE!!!: single shots (L119-127, L176-196, L230-234, L247; interpretations
attacks, dice-limits, cover, move-and-fire, pin-test, sought-out, sniper).

In the fire step a figure fires one weapon (L84): a rifle, pistol, shotgun, sniper rifle or
AT rifle once per shooting attack (each shot may take its own target), an SMG its two shots
at one target. For each shot (L123-127): roll to hit (the chart's score at short range, +1
at long; a 1 always fails), roll for cover (1-3 stops it; prone in the open 1-2; the AT
rifle is stopped on 1-2 only), roll to wound (body armour -1). A shot on target that does
not wound makes the figure test its courage: a failure pins it (L160, courage.py).

Limits: what the figure moved this turn decides what it may fire (L107-109: none for MG and
LMG, 5 cm for rifles, SMGs, grenades and flamethrowers, any distance for pistols and
shotguns; stormtroopers' assault fire, L245); a figure that dashed this turn may not fire
and fires at -1 the turn after (L102); pinned figures do not fire (L160) and are not
targets unless the firer moved nearer to seek them out (L164); a sniper that moved fires as
a rifleman, re-rolls one cover roll a turn, and may not be shot at until the enemy has
spotted it (5+ on a d6 after each of its shots; it hides again when it moves, L234).

Machine guns (bursts, the beaten zone, jams) are in auto_weapons.py, reactions (closing
fire, overwatch, stand to) in reactions.py, grenades and mortars in blasts.py (the cluster
grenade's to-hit roll is here), flamethrowers in flame.py, tanks and the damage column in
tanks.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.commands import Command, Refusal, refuse, require
from game.core.game import Game
from game.core.state import DEAD, Figure
from game.rulesets.parts import Chapter

from .auto_weapons import BURSTS, ZONE
from .status import GbFigMark, GbUnitMark

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

#: weapons whose fire the command roll counts (L95 "Under LMG fire -1, Under MG fire -2")
LMG_FIRE = frozenset({"lmg", "tank_lmg"})
MG_FIRE = frozenset({"mg"})
#: the weapons a stormtrooper may fire after a full move (L245 "Assault Fire: Can move >1/2 and fire")
ASSAULT_FIRE = frozenset({"rifle", "smg", "hand_grenade", "rifle_grenade", "cluster_grenade"})
#: the changes to the score to hit that a reaction's shot carries (reactions.py)
REACTION_MODS = ("snap shot", "closing fire")


@dataclass(frozen=True)
class Shot:
    """One fire command worked out before any dice: shared by the rules, the odds and the
    interface. Scores are what a d6 must show (7: it cannot)."""

    firer: str
    target: str
    weapon: str  # as fired (a sniper that moved fires its rifle as a rifle)
    band: int  # 0 short, 1 long
    distance_cm: float
    shots: int
    to_hit: int
    hit_mods: tuple[tuple[str, int], ...]  # (words, change to the score needed)
    saves: tuple[int, ...]  # faces of the cover roll that stop the shot (none: no cover roll)
    cover_words: str
    to_wound: int
    wound_mods: tuple[tuple[str, int], ...]


class GbFire(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee
    MG_FIRE = MG_FIRE

    # ---- who may fire what -------------------------------------------------------------------------
    def fired(self, game: Game, fig: Figure) -> dict | None:
        mark = fig.markers.get(GbFigMark.FIRED)
        return mark if mark and mark["turn"] == game.state.turn else None

    def why_not_fire(self, game: Game, fig: Figure) -> str | None:
        st = game.state
        if not fig.alive:
            return f"{fig.name} is out of action."
        if st.phase != "fire" or fig.side != st.active_side:
            return "Figures fire in their player's fire step."
        acts = self.rules.characters.may_act(game, fig)
        if acts is not None:
            return acts
        if self.rules.courage.pinned(fig):
            return f"{fig.name} is pinned and may not fire (L160)."
        if fig.markers.get(GbFigMark.ROUT):
            return f"{fig.name} is routing and may not fire (L156)."
        if fig.markers.get(GbFigMark.DASHED) == st.turn:
            return f"{fig.name} dashed this turn and may not fire (L102)."
        ban = self.event_ban(game, fig, None)
        if ban is not None:
            return ban
        if GbFigMark.STAND_TO in fig.markers:
            return f"{fig.name} stands to: it does not shoot in its own turn (L168)."
        if GbFigMark.OVERWATCH in fig.markers:
            return f"{fig.name} is on overwatch instead of firing (L135)."
        if self.rules.data.is_vehicle_type(fig.type):
            return self.rules.tanks.why_not_act(fig)
        return self.rules.auto.why_not(game, fig)

    def weapon_as_fired(self, fig: Figure, wid: str) -> str:
        w = self.rules.data.weapons[wid]
        return w.if_moved if w.if_moved and fig.markers.get(GbFigMark.MOVED_CM) else wid

    def move_limit_problem(self, game: Game, fig: Figure, wid: str) -> str | None:
        """L107-109, L245: what it moved this turn against what the weapon allows."""
        if self.rules.characters.valour_use(game, fig) == "move_and_shoot":  # L33: a full move and a shot
            return None
        limit = self.rules.data.move_and_fire.weapons[wid]
        if wid in ASSAULT_FIRE and "stormtrooper" in self.rules.stats.skills(fig):
            limit = self.rules.data.move_and_fire.stormtrooper_assault_fire
        moved = float(fig.markers.get(GbFigMark.MOVED_CM, 0.0))
        if limit == "full" or moved <= limit + 1e-6:
            return None
        name = self.rules.data.weapons[wid].name
        return (f"{fig.name} moved {moved:g} cm this turn: the {name} may not move and fire (L107)." if limit == 0 else
                f"{fig.name} moved {moved:g} cm this turn: the {name} fires after at most {limit:g} cm (L108).")

    def shots_left(self, game: Game, fig: Figure, wid: str) -> int:
        if self.rules.data.is_vehicle_type(fig.type):  # each of its weapons once (interpretation tank-weapons)
            return self.rules.tanks.shots_left(game, fig, wid)
        done = self.fired(game, fig)
        w = self.rules.data.weapons[wid]
        twice = 2 if self.rules.characters.valour_use(game, fig) == "double_attacks" else 1  # L33
        if w.shots > 1:  # a burst: once a turn, whatever the figure's attacks (interpretation attacks)
            return twice - (done["shots"] if done else 0)
        if done and done["weapon"] != wid:
            return 0
        return self.rules.stats.stat(fig, "shooting_attacks") * twice - (done["shots"] if done else 0)

    def targetable(self, game: Game, firer: Figure, target: Figure) -> str | None:
        """Why ``target`` may not be chosen by ``firer`` (None: it may)."""
        if not target.alive or not game.state.hostile(firer.side, target.side):
            return "Choose an enemy figure in action."
        if self.hidden_sniper(target):
            return f"{target.name} is a sniper nobody has spotted yet (L234: 5+ after each of its shots)."
        if self.rules.courage.pinned(target) and not self.sought_out(firer, target):
            return f"{target.name} is pinned, down in cover: only a firer that moved nearer this turn may seek it out (L164)."
        if not self.rules.los(game, firer, target).visible:
            return f"{firer.name} cannot see {target.name}."
        return None

    def hidden_sniper(self, fig: Figure) -> bool:
        return any(self.rules.data.weapons[w].spot_die for w in fig.weapons) and not fig.markers.get(GbFigMark.SPOTTED)

    def sought_out(self, firer: Figure, target: Figure) -> bool:
        start = firer.markers.get(GbFigMark.START_AT)
        if not start or not firer.markers.get(GbFigMark.MOVED_CM):
            return False
        return self.rules.dist(firer.pos, target.pos) < self.rules.dist(tuple(start), target.pos) - 1e-6

    # ---- the shot, before the dice ------------------------------------------------------------------
    def shot(self, game: Game, firer: Figure, target: Figure, wid: str, firer_checked: bool = False) -> Shot:
        """What the fire command does, worked out; refused with the reason when it may not
        (``firer_checked``: :meth:`firer_problem` found nothing already, the AI weighing
        one weapon at many targets)."""
        data = self.rules.data
        # (each reason worded only when it refuses: the AI weighs thousands of shots a turn)
        if wid not in firer.weapons:
            refuse(f"{firer.name} has no {data.weapons[wid].name if wid in data.weapons else wid}.")
        at_tank = data.is_vehicle_type(target.type)
        if not (data.weapons[wid].kind == "aimed" or (at_tank and data.weapons[wid].vs_tank_to_hit is not None)):
            refuse(f"The {data.weapons[wid].name} is fired at a point (fire_at_point), not at a figure.")
        if at_tank and not self.rules.tanks.can_harm(wid):
            refuse(f"The {data.weapons[wid].name} cannot harm a tank (the chart: No).")
        why = None if firer_checked else self.firer_problem(game, firer, wid)
        if why is not None:
            refuse(why)
        why = self.targetable(game, firer, target)
        if why is not None:
            refuse(why)
        fired = self.weapon_as_fired(firer, wid)
        shot = self.build(game, firer, target, fired)
        if fired == ZONE:
            self.rules.auto.zone_figures(game, firer, target)  # refused with a friend in the beaten zone
        return shot

    def event_ban(self, game: Game, fig: Figure, wid: str | None) -> str | None:
        """An event card's "no shooting this turn" on ``fig`` (L298, the 10 of Clubs: every
        weapon), or on ``wid`` (L297, the Jack of Clubs' mud: the weapons it names); its own
        turn's fire and its reactions in the enemy's alike."""
        no = fig.markers.get(GbFigMark.NO_FIRE)
        if not (no and no[0] == game.state.turn):
            return None
        if not no[1]:
            return f"{fig.name} may not shoot this turn (the event card)."
        return f"The {self.rules.data.weapons[wid].name} is clogged with mud this turn (L297)." if wid is not None and wid in no[1] else None

    def setting_up(self, game: Game, fig: Figure, wid: str | None) -> str | None:
        """A heavy MG that moved last turn spends this one setting up (L224): no fire from it."""
        if wid == ZONE and fig.markers.get(GbFigMark.SETTING_UP) == game.state.turn:
            return f"The {self.rules.data.weapons[wid].name} moved last turn and is setting up this turn (L224 \"Need 1 turn to set-up before firing\")."
        return None

    def firer_problem(self, game: Game, firer: Figure, wid: str) -> str | None:
        """Why ``firer`` may not fire ``wid`` now at any target, of the reasons :meth:`shot`
        gives after the weapon's own (None: at some target it may)."""
        data = self.rules.data
        why = self.event_ban(game, firer, wid) or self.move_limit_problem(game, firer, self.weapon_as_fired(firer, wid)) \
            or self.setting_up(game, firer, wid)
        if why is not None:
            return why
        if data.is_vehicle_type(firer.type):
            if self.rules.tanks.weapons_left(firer, wid) <= 0:
                return f"{firer.name}'s {data.weapons[wid].name} is knocked out or jammed."
            if self.shots_left(game, firer, wid) <= 0:
                return f"{firer.name}'s {data.weapons[wid].name} has fired this turn."
        if self.shots_left(game, firer, wid) <= 0:
            return f"{firer.name} has fired this turn (one weapon, L121)."
        return None

    def build(self, game: Game, firer: Figure, target: Figure, fired: str, extra: tuple[tuple[str, int], ...] = (),
              short: bool = False, shots: int | None = None) -> Shot:
        """The shot's numbers: ``extra`` changes to the score to hit (a snap shot's), ``short``
        fires at short range whatever the distance (closing fire), ``shots`` replaces the
        chart's (a reaction's)."""
        rules = self.rules
        data = rules.data
        w = data.weapons[fired]
        d = rules.in_units(rules.dist(firer.pos, target.pos))
        band = 0 if short else next((i for i, (lo, hi) in enumerate(w.range_bands()) if lo - 1e-6 <= d <= hi + 1e-6), None)
        if band is None:
            refuse(f"{target.name} is {d:.1f} cm away: out of the {w.name}'s range ({w.range_bands()[-1][1]:g} cm).")
        assert band is not None
        at_tank = data.is_vehicle_type(target.type)
        hit_mods: list[tuple[str, int]] = list(extra)
        if at_tank and w.vs_tank_to_hit is not None:  # field artillery at a tank: 4+, 5+, 6+ by band (L194)
            base = w.vs_tank_to_hit[band]
        else:
            assert w.to_hit is not None
            base = w.to_hit.short
            if band == 1:  # the chart's "+1 at Long", or the row's own long score (the shotgun's 5+, L185)
                hit_mods.append(("long range", w.to_hit.long - w.to_hit.short))
        if w.vs_man_to_hit and not at_tank:
            hit_mods.append((f"{w.name} against a man", -w.vs_man_to_hit))
        if data.is_vehicle_type(firer.type) and firer.markers.get(GbFigMark.MOVED_CM):
            hit_mods.append(("the tank moved: a rough ride", -data.shooting.modifiers.tank_moved))
        if firer.markers.get(GbFigMark.DASHED) == game.state.turn - 1:
            hit_mods.append(("dashed last turn", -data.shooting.modifiers.dashed_last_round))
        bonus = rules.stats.stat(firer, "to_hit")
        if bonus:
            hit_mods.append(("better shot", -bonus))
        card = data.events.cards.get("JD")
        eye = firer.markers.get(GbFigMark.DEAD_EYE) == game.state.turn and card is not None
        if eye and card is not None and card.to_hit:
            hit_mods.append(("Dead Eye", -card.to_hit))
        to_hit = base + sum(m for _, m in hit_mods)
        if to_hit > 6:
            refuse(f"{target.name} cannot be hit: it needs {to_hit}+ on a d6.")
        los = rules.los(game, firer, target)
        prone = bool(target.markers.get(GbFigMark.PRONE))
        saves: tuple[int, ...] = ()
        words = "in the open"
        if los.cover > 0:
            saves, words = tuple(data.shooting.cover_saves), "in cover" + (", prone" if prone else "")
        elif prone:
            saves, words = tuple(data.shooting.prone_open_saves), "prone in the open"
        if saves and w.cover_saves:
            saves = tuple(sorted(set(saves) & set(w.cover_saves)))
            words += f" ({w.name}: cover only on {'-'.join(str(s) for s in (saves[0], saves[-1]))})" if saves else ""
        if w.ignores_cover:
            saves, words = (), words + f" ({w.name} ignores cover)"
        if eye and card is not None and card.cover and saves:  # L303 "-1 for cover": one face fewer saves
            saves = saves[:card.cover] if card.cover < 0 else saves
            words += ", Dead Eye -1 cover"
        wound_mods = self.armour(target)
        if eye and card is not None and card.to_wound:
            wound_mods.append(("Dead Eye", -card.to_wound))
        to_wound = w.wound_on(band) + sum(m for _, m in wound_mods)
        return Shot(firer.id, target.id, fired, band, round(d, 2), w.shots if shots is None else shots, to_hit, tuple(hit_mods),
                    saves, words, to_wound, tuple(wound_mods))

    def fired_on(self, game: Game, firer: Figure, targets: list[Figure], weapon: str) -> None:
        """The sections of ``targets`` (enemies of ``firer``) are under ``weapon``'s fire: for
        their next command roll (L95: under MG or LMG fire) and the solo risk factors."""
        st = game.state
        hit = [t for t in targets if st.hostile(firer.side, t.side)]
        for uid in dict.fromkeys(t.unit for t in hit):
            unit = st.units[uid]
            unit.markers[GbUnitMark.FIRED_ON] = sorted(set(unit.markers.get(GbUnitMark.FIRED_ON, [])) | {weapon})
        self.rules.solo_view.under_fire(game, firer, hit, weapon)

    def check_fire(self, game: Game, cmd: Command) -> None:
        st = game.state
        firer = st.figures.get(cmd.figure or "")
        require(firer is not None and firer.side == cmd.side, "Choose one of your figures to fire.")
        assert firer is not None
        why = self.why_not_fire(game, firer)
        require(why is None, why or "")
        target = st.figures.get(cmd.target or "")
        require(target is not None, "Choose an enemy figure to shoot at.")
        assert target is not None
        self.shot(game, firer, target, cmd.choice or self.default_weapon(firer))

    def default_weapon(self, fig: Figure) -> str:
        return fig.weapons[0] if fig.weapons else ""

    def apply_fire(self, game: Game, cmd: Command) -> None:
        st = game.state
        firer, target = st.figures[cmd.figure_id], st.figures[cmd.target_id]
        wid = cmd.choice or self.default_weapon(firer)
        shot = self.shot(game, firer, target, wid)
        if self.rules.data.is_vehicle_type(firer.type):
            self.rules.tanks.note_fired(game, firer, wid)
        else:
            done = self.fired(game, firer)
            firer.markers[GbFigMark.FIRED] = {"turn": st.turn, "weapon": wid, "shots": (done["shots"] if done else 0) + 1}
        self.rules.jobs.push(game, *self.carry_out(game, shot))
        self.rules.courage.terror(game, firer)  # a tank firing faces the sections it can see (L154)

    def carry_out(self, game: Game, shot: Shot, how: str = "fires", reaction: bool = False, zone: bool | None = None) -> list[dict]:
        """Fire the worked-out shot: the log line, the section's note of the fire it is under,
        then single shots resolved at once (and a sniper's spotting roll), an HMG's beaten
        zone, or a burst's job (returned: it may stop to ask where the last shots go).
        ``reaction``: the shots are the reaction's (a machine gun fires them at the mover);
        ``zone``: an HMG fires into its beaten zone through the target (L226), as it does
        unless the shots are a reaction's own (overwatch's snap shots, closing fire)."""
        zone = not reaction if zone is None else zone
        st = game.state
        firer, target = st.figures[shot.firer], st.figures[shot.target]
        w = self.rules.data.weapons[shot.weapon]
        auto = self.rules.auto
        band = "short" if shot.band == 0 else "long"
        what = "into its beaten zone through" if shot.weapon == ZONE and zone else "at"
        game.emit("fire", f"{firer.name} {how} the {w.name} {what} {target.name} ({shot.distance_cm:g} cm, {band} range, "
                  f"{shot.cover_words}).", figures=[firer.id, target.id])
        self.fired_on(game, firer, [target], shot.weapon)
        if shot.weapon == ZONE and zone:
            return auto.fire_zone(game, firer, target)
        if w.template is not None:  # the cluster grenade: placed, not scattered (interpretation cluster-grenade)
            r = game.dice.roll("d6", f"{firer.name} to hit {target.name}", target=f"{shot.to_hit}+", modifiers=list(shot.hit_mods),
                               figures=[firer.id, target.id], cuts=(shot.to_hit,))
            if r.value < shot.to_hit or r.value == 1:
                r.outcome = "miss: it does nothing"
                return []
            r.outcome = "on target"
            return [{"do": "blast", "firer": firer.id, "weapon": shot.weapon, "at": [target.x, target.y], "target": target.id}]
        extra = tuple(m for m in shot.hit_mods if m[0] in REACTION_MODS)
        short = shot.band == 0 and reaction
        if shot.weapon in BURSTS or shot.weapon == ZONE:
            n = shot.shots if reaction else auto.shots(game, firer, shot.weapon)
            return [auto.burst_job(firer, target, shot.weapon, n, extra, short=short)]
        return [self.shot_job(firer, target, shot.weapon, extra, short) for _ in range(shot.shots)] + [
            {"do": "sniper_spot", "firer": firer.id, "enemy": target.side}]

    def job_sniper_spot(self, game: Game, job: dict) -> list[dict]:
        self.spot_roll(game, game.state.figures[job["firer"]], job["enemy"])
        return []

    # ---- one shot, as a job: it may stop to offer a Luck re-roll (characters.py) -----------------------
    def shot_job(self, firer: Figure, target: Figure, weapon: str, extra: tuple[tuple[str, int], ...] = (),
                 short: bool = False, jams: bool = False) -> dict:
        """One shot of ``weapon`` (as fired) at ``target``, its numbers worked out when it comes."""
        return {"do": "shot", "firer": firer.id, "target": target.id, "weapon": weapon, "extra": [list(m) for m in extra],
                "short": short, "jams": jams}

    def job_shot(self, game: Game, job: dict) -> list[dict] | None:
        """L123-127: to hit (the firer may re-roll a miss with Luck), the cover roll (the target
        may re-roll a roll that let the shot through), to wound, and the courage test of a
        figure hit but not wounded (L160; re-rolled with Luck like any test of the figure's)."""
        st = game.state
        firer, target = st.figures[job["firer"]], st.figures[job["target"]]
        luck = self.rules.characters
        if "shot" not in job:
            if not self.standing(target):
                return []
            try:
                shot = self.build(game, firer, target, job["weapon"], tuple((w, int(m)) for w, m in job["extra"]), job["short"], shots=1)
            except Refusal:
                return []
            job["shot"] = {"to_hit": shot.to_hit, "hit_mods": [list(m) for m in shot.hit_mods], "saves": list(shot.saves),
                           "words": shot.cover_words, "to_wound": shot.to_wound, "wound_mods": [list(m) for m in shot.wound_mods],
                           "band": shot.band}
        n = job["shot"]
        if "hit" not in job:
            job["hit"] = self.roll_to_hit(game, firer, target, n, job["jams"])
            if job["jams"] and job["hit"] == 1:
                self.rules.auto.note_ones(game, firer, job["weapon"], 1)
        if self.missed(job) and not luck.reroll(game, job, firer, f"{firer.name}'s shot at {target.name}", "hit",
                                                 lambda: self.roll_to_hit(game, firer, target, n, False), key="luck_hit"):
            return None
        if self.missed(job):
            return []
        if not job.get("boom"):
            job["boom"] = True
            self.rules.flame.boom(game, target)
        if not target.alive:
            return []
        saves = tuple(n["saves"])
        if saves and "cover" not in job:
            job["cover"] = self.cover_saves(game, saves, n["words"], firer, target)
        if saves and not job["cover"] and not self.rules.data.is_vehicle_type(target.type) and not luck.reroll(
                game, job, target, f"The cover roll for {target.name}", "cover",
                lambda: self.cover_saves(game, saves, n["words"], firer, target, again=True), key="luck_cover"):
            return None
        if self.rules.data.is_vehicle_type(target.type):  # the damage column, after the cover roll (interpretation tank-damage)
            if not job.get("cover"):
                self.rules.tanks.damage_roll(game, target, job["weapon"], f"hit by {firer.name}")
            return []
        if not job.get("cover") and "wound" not in job:
            w = self.rules.data.weapons[job["weapon"]]
            need = n["to_wound"]
            r = game.dice.roll("d6", f"{w.name}: to wound {target.name}", target=f"{need}+",
                               modifiers=[(a, int(b)) for a, b in n["wound_mods"]], figures=[target.id], cuts=(need,))
            job["wound"] = r.value >= need and r.value != 1
            r.outcome = "wounded" if job["wound"] else "not wounded"
            if job["wound"]:
                self.wound(game, target, f"shot by {firer.name}")
                return []
        if job.get("wound"):
            return []
        return [self.rules.courage.pin_job(target, job["weapon"])]  # (no test for a figure pinned or down: job_courage)

    def missed(self, job: dict) -> bool:
        return job["hit"] < job["shot"]["to_hit"] or job["hit"] == 1

    def roll_to_hit(self, game: Game, firer: Figure, target: Figure, n: dict, ones: bool) -> int:
        need = n["to_hit"]
        r = game.dice.roll("d6", f"{firer.name} to hit {target.name}", target=f"{need}+", modifiers=[(a, int(b)) for a, b in n["hit_mods"]],
                           figures=[firer.id, target.id], cuts=tuple(sorted({need, 2})) if ones else (need,))
        r.outcome = "miss" if r.value < need or r.value == 1 else "hit"
        return r.value

    def cover_saves(self, game: Game, saves: tuple[int, ...], words: str, firer: Figure, target: Figure, again: bool = False) -> bool:
        """The cover roll (L126); a sniper re-rolls one save a turn (L234: the firer always does)."""
        def roll(more: str = "") -> bool:
            r = game.dice.roll("d6", f"Cover roll for {target.name} ({words}){more}", target=f"{saves[0]}-{saves[-1]} stops it",
                               figures=[target.id], cuts=(saves[-1] + 1,))
            r.outcome = "stopped by cover" if r.value in saves else "gets through"
            return r.value in saves

        if not roll(", re-rolled with Luck" if again else ""):
            return False
        done = self.fired(game, firer)
        if done is not None and not done.get("rerolled") \
                and any(self.rules.data.weapons[w].cover_rerolls_per_turn for w in firer.weapons):
            done["rerolled"] = True
            return roll(", re-rolled by the sniper")
        return True

    def spot_roll(self, game: Game, firer: Figure, enemy: str) -> None:
        """L234: every turn the sniper fires the enemy rolls to spot it."""
        w = next((self.rules.data.weapons[w] for w in firer.weapons if self.rules.data.weapons[w].spot_die), None)
        if w is None or firer.markers.get(GbFigMark.SPOTTED) or w.spot_die is None or w.spot_on is None:
            return
        r = game.dice.roll(w.spot_die, f"{game.state.sides[enemy].name} look for the sniper {firer.name}",
                           target=f"{w.spot_on}+", figures=[firer.id], cuts=(w.spot_on,))
        if r.value >= w.spot_on:
            r.outcome = "spotted"
            firer.markers[GbFigMark.SPOTTED] = True
            game.emit("fire", f"{firer.name} is spotted and may be shot at (L234).", figures=[firer.id])
        else:
            r.outcome = "not spotted"

    def standing(self, fig: Figure) -> bool:
        """In action, and no wound waiting for a Luck save: what a resolution under way may
        still shoot or fight."""
        return fig.alive and not fig.markers.get(GbFigMark.WOUND_PENDING)

    def armour(self, fig: Figure) -> list[tuple[str, int]]:
        """The to-wound modifier of ``fig``'s body armour, if it wears any (L178 "To Wound a
        Man Roll D6 -1 if wearing armour": one more needed), for every roll to wound a man:
        a shot's, a blast's, the flamethrower's."""
        if "body_armour" not in self.rules.stats.skills(fig):
            return []
        return [("body armour", -self.rules.data.shooting.body_armour_to_wound)]

    def wound(self, game: Game, fig: Figure, how: str) -> None:
        """A wound (L38). A figure that may spend Luck on a save (L31) counts as down while its
        player is asked, right after the step that wounded it (characters.py)."""
        if self.rules.characters.may_save(game, fig) or self.rules.events.held(game, fig.side, "cancel_wound"):
            fig.markers[GbFigMark.WOUND_PENDING] = int(fig.markers.get(GbFigMark.WOUND_PENDING, 0)) + 1
            self.rules.jobs.insert_next(game, {"do": "luck_save", "figure": fig.id, "how": how})
            return
        self.take_wound(game, fig, how)

    def take_wound(self, game: Game, fig: Figure, how: str) -> None:
        """At the figure's Wounds it is out of action (a tank: one damage)."""
        if self.rules.data.is_vehicle_type(fig.type):
            self.rules.tanks.damage(game, fig, 1, how)
            return
        fig.wounds += 1
        left = self.rules.stats.stat(fig, "wounds") - fig.wounds
        if left <= 0:
            fig.life = DEAD
            game.emit("casualty", f"{fig.name} is {how} and out of action.", figures=[fig.id])
            self.rules.courage.after_loss(game, game.state.units[fig.unit])
        else:
            game.emit("casualty", f"{fig.name} is {how} and wounded ({left} wound{'s' if left > 1 else ''} left).",
                      figures=[fig.id])
