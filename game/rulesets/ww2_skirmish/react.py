"""WW2 Skirmish: reactive fire. After the active side moves or fires in sight, the
other side may shoot back with figures that neither moved nor fired in their own last
turn; its choice is a decision (shoot with one of them, or hold fire). A chapter of :class:`game.rulesets.ww2_skirmish.ruleset.Ww2Skirmish` (it reads the rest through ``self.rules``).
"""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING

from game.core.commands import Command, Refusal, require
from game.core.game import Game
from game.core.state import Figure
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.data import HEAVY_ARMS, SHOT_ORDER, SMALL_ARMS, Weapon
from game.rulesets.ww2_skirmish.options import Mode, options
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2Reactions(Chapter["Ww2Skirmish"]):
    # ---- reactive fire: the enemy's turn ------------------------------------------------------------------------------------
    rules: Ww2Skirmish

    def reaction_options(self, game: Game, side: str, trigger_unit: str) -> list[tuple[str, Command]]:
        st = game.state
        if trigger_unit not in st.units or not st.unit_alive(trigger_unit):
            return []
        out: list[tuple[str, Command]] = []
        tname = st.units[trigger_unit].name
        ready = [f for f in sorted(st.side_figures(side), key=lambda x: x.id)
                 if f.attrs.get(Ww2FigAttr.REACTIVE_OK) and (self.rules.on_table(f) or self.rules.embarked(f))]
        with game.reading():  # only looking: nothing changes until the side answers
            self.rules.prefetch_sight(game, ready, st.unit_figures(trigger_unit))
            for f in ready:
                for cmd in self.fire_candidates(game, side, f, [trigger_unit]):
                    if game.check(cmd) is None:
                        out.append((f"{self.rules.listing.command_words(game, cmd)} at {tname}", cmd))
        return out

    def offer_reaction(self, game: Game, trigger_unit: str | None) -> None:
        """After the active side moves or fires, the other side may shoot back with
        figures that neither moved nor fired in their own last turn."""
        st = game.state
        if st.over or trigger_unit is None or trigger_unit not in st.units:
            return
        if not game.offers_follow_ons:  # a command resolved for its odds, which leave the reaction out
            return
        mover = st.units[trigger_unit]
        if mover.side != st.active_side:
            return
        self.rules.sync_table(game)  # smoke or wrecks this command made already block the sight lines
        for side in st.side_order:
            if side == st.active_side:
                continue
            if st.attrs.get(Ww2GameAttr.HOLDING, {}).get(side) == self.rules.sideturn(game):
                continue
            options = self.reaction_options(game, side, trigger_unit)
            if options:
                st.attrs[Ww2GameAttr.REACTION] = {"side": side, "unit": trigger_unit}
                options += self.hold_options(side, trigger_unit)
                self.rules.ask(game, side, f"{mover.name} is moving or firing in sight: shoot at it?", options)
                return
        st.attrs.pop(Ww2GameAttr.REACTION, None)

    def hold_options(self, side: str, trigger_unit: str) -> list[tuple[str, Command]]:
        return [("Hold fire", Command("hold_fire", side, target=trigger_unit)),
                ("Hold fire for the rest of this enemy turn", Command("hold_fire", side, target=trigger_unit, choice="turn"))]

    def check_hold_fire(self, game: Game, cmd: Command) -> None:
        r = game.state.attrs.get(Ww2GameAttr.REACTION)
        require(r is not None and r["side"] == cmd.side, "There is nothing to hold fire against.")
        require(cmd.choice in (None, "turn"), "Hold fire now, or for the rest of the enemy's turn (choice=turn).")

    def apply_hold_fire(self, game: Game, cmd: Command) -> None:
        st = game.state
        st.attrs.pop(Ww2GameAttr.REACTION, None)
        if cmd.choice == "turn":
            st.attrs.setdefault(Ww2GameAttr.HOLDING, {})[cmd.side] = self.rules.sideturn(game)
            game.emit("reaction", f"{st.sides[cmd.side].name} hold their fire for the rest of this turn.", side=cmd.side,
                      visible_to=[cmd.side])
        else:
            game.emit("reaction", f"{st.sides[cmd.side].name} hold their fire.", side=cmd.side, visible_to=[cmd.side])

    def continue_reaction(self, game: Game, side: str) -> None:
        """After a reactive shot, offer the rest of the chances against the same target."""
        st = game.state
        r = st.attrs.get(Ww2GameAttr.REACTION)
        if r is None or r["side"] != side or st.over:
            return
        options = self.reaction_options(game, side, r["unit"])
        if not options:
            st.attrs.pop(Ww2GameAttr.REACTION, None)
            return
        options += self.hold_options(side, r["unit"])
        self.rules.ask(game, side, f"Keep shooting at {st.units[r['unit']].name}?", options)

    def fire_candidates(self, game: Game, side: str, f: Figure, targets: list[str]) -> list[Command]:
        """The shots ``f`` might take at the target units (each still to be checked).
        Empty when ``f`` may not shoot at all now (each one would be refused for that)."""
        out: list[Command] = []
        try:
            self.rules.firing.firer_ready(game, f)
        except Refusal:
            return out
        vehicle = self.rules.is_vehicle(f)
        arms = self.rules.weapons_of(f, "mg") if vehicle else self.rules.weapons_of(f, *SMALL_ARMS)[:1]
        heavy = [(wid, w) for wid, w in self.rules.weapons_of(f, *HEAVY_ARMS) if self.may_fire(game, f, wid, w)]  # (the same at every target)
        haves: dict[str, int | None] = {}  # each weapon's actions left with its loaders, whatever the target
        for t in targets:
            tu = game.state.units.get(t)
            if tu is None:
                continue
            veh = self.rules.unit_vehicle(game, t)
            # a small-arms shot needs a member of the team in sight (each would be refused)
            in_sight = bool(arms) and any(self.rules.los(game, f, m).visible for m in game.state.unit_figures(t))
            for wid, w in arms if in_sight else ():
                modes: list[Mode | None] = [None]
                if w.category == "assault_rifle" and not f.markers.get(Ww2FigMark.AR_MODE):
                    modes = ["rifle", "smg"]
                # a shot costing more actions than the firer and its loaders have left is refused
                if wid not in haves:
                    haves[wid] = None if vehicle else self.rules.firing.pool_actions(self.rules.firing.action_pool(game, f, w))
                have = haves[wid]
                wpart = wid if vehicle else None
                occupants = veh is not None and self.rules.is_open_vehicle(veh)
                armour = veh is not None and not self.small_arms_hurt(veh)  # small arms only at its occupants
                for shot in SHOT_ORDER:
                    if have is not None and self.rules.data.shooting.shot_types[shot].actions > have:
                        continue
                    for mode in modes:
                        if not armour:
                            out.append(Command("fire", side, figure=f.id, target=t, options=options(shot=shot, weapon=wpart, mode=mode)))
                        if occupants:
                            out.append(Command("fire", side, figure=f.id, target=t, options=options(shot=shot, weapon=wpart, occupants=True, mode=mode)))
            if heavy:
                out += self.heavy_shots(game, side, f, t, heavy, veh)
        return out

    def small_arms_hurt(self, vehicle: Figure) -> bool:
        """Whether small arms may be fired at the vehicle itself: not an armoured one
        (shot_target's refusal; its open-topped kind's occupants may be)."""
        return not self.rules.is_afv(vehicle)

    def may_fire(self, game: Game, f: Figure, wid: str, w: Weapon) -> bool:
        """Whether ``f``'s heavy weapon might fire now at some target: a gun or anti-tank
        weapon with its shots and actions, a grenade or mortar with its rounds and actions
        (each check refuses the rest). An anti-tank weapon fired as a rifle grenade pays as
        it does at a vehicle."""
        if w.category in ("gun", "at"):
            return self.rules.guns.may_fire(game, f, wid, w)
        if w.category in ("grenade", "rifle_grenade", "mortar"):
            return self.rules.blasts.firer_refusal(game, f, wid, w) is None
        return True

    def blast_at(self, game: Game, f: Figure, w: Weapon, near: Figure) -> bool:
        """Whether ``f``'s blast weapon ``w`` (its HE round) might be aimed at ``near``:
        False for a target its check refuses whatever else holds (a closed vehicle, a
        grenade's wrong target, a point out of the firer's sight unless a mortar)."""
        target = self.rules.riding_in(game, near) if self.rules.embarked(near) else near
        if self.rules.blasts.target_refusal(game, w, "he", target) is not None:
            return False
        return w.category == "mortar" or self.rules.los(game, f.pos, target.pos).visible

    def heavy_shots(self, game: Game, side: str, f: Figure, target_unit: str, heavy: list[tuple[str, Weapon]],
                    veh: Figure | None) -> list[Command]:
        """The shots of ``f``'s ``heavy`` weapons (guns, anti-tank weapons, flamethrowers,
        grenades and mortars: not none) at a unit there is, whose vehicle is ``veh`` (each
        read once for every target, not once a target and weapon)."""
        st = game.state
        out: list[Command] = []
        members = self.rules.recall(game, ("spotted_members", side, target_unit), lambda: [
            m for m in st.unit_figures(target_unit) if self.rules.on_table(m) and self.rules.spotting.is_spotted(game, side, m)])
        if not members:
            return out
        near = min(members, key=lambda m: (hypot(m.x - f.x, m.y - f.y), m.id))
        for wid, w in heavy:
            if w.category == "gun":
                out.append(Command("fire_gun", side, figure=f.id, target=near.id, options=options(weapon=wid)))
            elif w.category in ("at", "flamethrower") and veh is not None and self.rules.guns.affects(w, veh):
                out.append(Command("fire_at", side, figure=f.id, target=veh.id, options=options(weapon=wid)))
            if (w.category in ("grenade", "rifle_grenade", "mortar") or (w.category == "at" and w.vs_infantry == "rifle_grenade" and veh is None)) \
                    and self.blast_at(game, f, w, near):
                out.append(Command("blast", side, figure=f.id, target=near.id, options=options(weapon=wid)))
            if w.category == "flamethrower" and veh is None:
                out.append(Command("flame", side, figure=f.id, target=target_unit))
        return out
