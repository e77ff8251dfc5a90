"""WW2 Skirmish: posting grenades and charges into bunkers, and demolition ("Bunkers",
"Demolition charges"). Blasts, mortars, HE and flamethrowers are in blast.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shapely.geometry import Point

from game.core.commands import Command, refuse, require
from game.core.dice import Dice
from game.core.game import Game
from game.core.keys import StateKey
from game.core.state import DEAD, Figure
from game.geometry.terrain import TerrainFeature
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS
from game.rulesets.ww2_skirmish.data import Weapon
from game.rulesets.ww2_skirmish.options import Ww2Options
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2GameAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2Demolition(Chapter["Ww2Skirmish"]):
    """Grenades and charges posted through a bunker's slit; demolishing a feature."""

    rules: Ww2Skirmish

    # ---- posting grenades and charges into bunkers; demolition ---------------------------------------------------
    def adjacent_features(self, game: Game, f: Figure, types: tuple[str, ...]) -> list[TerrainFeature]:
        feats = [feat for feat in game.table.features if feat.type.id in types]
        if not feats:
            return feats
        reach = self.rules.mm(self.rules.data.movement.reach) + f.radius + EPS
        p = Point(f.pos)
        return [feat for feat in feats if feat.area.distance(p) <= reach and not feat.area.covers(p)]

    def check_post(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = self.rules.require_figure(game, cmd.figure)
        require(cmd.side == st.active_side and st.phase == "action", "Charges are posted during your own turn.")
        self.rules.firing.firer_ready(game, f)
        bunkers = {b.id: b for b in self.adjacent_features(game, f, ("bunker",))}
        require(cmd.target in bunkers, f"{f.name} is not at the firing slit of that bunker (within {self.rules.data.movement.reach:g}\").")
        wid = Ww2Options.of(cmd).weapon
        if wid is None or wid not in f.weapons:
            refuse(f"{f.name} has no such weapon.")
        w = self.rules.weapon(wid)
        if w.category == "grenade":
            require(f.attrs.get(Ww2FigAttr.GRENADES, 0) > 0, f"{f.name} has no grenades left.")
            require(self.rules.actions_left(f) >= w.actions, f"A grenade takes {w.actions} actions.")
        elif w.category == "explosives":
            require(f.attrs.get(Ww2FigAttr.CHARGES, 0) > 0, f"{f.name} has no demolition charge left.")
            require(self.rules.guns.ready_count(f, wid) >= w.actions, f"The charge takes {w.actions} actions to set up "
                    f"({self.rules.guns.ready_count(f, wid)} done): ready it first.")
        else:
            refuse("Only grenades and demolition charges are posted into bunkers.")

    def apply_post(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = st.figures[cmd.figure_id]
        bunker = game.table.feature(cmd.target_id)
        wid = Ww2Options.of(cmd).weapon_id
        w = self.rules.weapon(wid)
        if w.category == "grenade":
            self.rules.spend(f, w.actions)
            f.attrs[Ww2FigAttr.GRENADES] -= 1
        else:
            f.attrs[Ww2FigAttr.READY][wid] = 0
            f.attrs[Ww2FigAttr.CHARGES] -= 1
        self.rules.firing.mark_fired(game, f)
        occ = self.rules.bunker_occupants(game, bunker)
        for u in {o.unit for o in occ}:
            self.rules.firing.note_target(game, st.units[u], f, heavy=True)
        res = self.posted_charge(game.dice, game, bunker, f, w)
        self.rules.blasts.apply_results(game, res, f"{w.name} posted into {bunker.name}", f.unit)
        self.rules.firing.after_fire(game, [f], None)

    def posted_charge(self, dice: Dice, game: Game, bunker: TerrainFeature, f: Figure, w: Weapon) -> list[tuple[str, str]]:
        b = self.rules.data.bunkers
        roll = dice.roll(b.die, f"{f.name} posts a {w.name.lower()} into {bunker.name}", target=f"fails on {b.fail_on}", figures=[f.id])
        if roll.value <= b.fail_on:
            roll.outcome = "fails to explode"
            return []
        roll.outcome = "explodes inside"
        ef = self.rules.data.blast.effect
        mods = [("enclosed space", ef.unaware_or_enclosed)]
        occ = self.rules.bunker_occupants(game, bunker)
        return self.rules.blasts.roll_effects(dice, [(o, mods) for o in occ], ef.table.die, ef.table.result, "explosion inside the bunker",
                                 "2-3 suppressed, 4 wounded, 5 disabled, 6+ killed")

    def demolition_targets(self, game: Game) -> list[str]:
        return [t for t in game.state.attrs.get(StateKey.SETTINGS, {}).get("demolition_targets", [])
                if t in game.table and t not in game.state.attrs.get(Ww2GameAttr.DEMOLISHED, [])]

    def check_demolish(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = self.rules.require_figure(game, cmd.figure)
        require(cmd.side == st.active_side and st.phase == "action", "Demolition charges are set during your own turn.")
        require(f.alive and not self.rules.in_melee(game, f), f"{f.name} cannot set a charge now.")
        # setting it off is an explosive attack (L566), as posting a charge is: not by a team
        # that may not fire (suppressed L168, routing L92, fallen back L89)
        self.rules.firing.firer_ready(game, f)
        require(cmd.target in self.demolition_targets(game), "That is not a target the scenario lets you demolish.")
        adj = {x.id for x in self.adjacent_features(game, f, (game.table.feature(cmd.target_id).type.id,))}
        require(cmd.target in adj, f"{f.name} must be within {self.rules.data.movement.reach:g}\" of it.")
        ex = self.rules.weapons_of(f, "explosives")
        require(bool(ex) and f.attrs.get(Ww2FigAttr.CHARGES, 0) > 0, f"{f.name} has no demolition charge.")
        wid, w = ex[0]
        require(self.rules.guns.ready_count(f, wid) >= w.actions, f"The charge takes {w.actions} actions to set up ({self.rules.guns.ready_count(f, wid)} done).")

    def apply_demolish(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = st.figures[cmd.figure_id]
        wid, w = self.rules.weapons_of(f, "explosives")[0]
        f.attrs[Ww2FigAttr.READY][wid] = 0
        f.attrs[Ww2FigAttr.CHARGES] -= 1
        self.rules.firing.mark_fired(game, f)
        feat = game.table.feature(cmd.target_id)
        b = self.rules.data.bunkers
        roll = game.dice.roll(b.die, f"{f.name} fires the demolition charge on {feat.name}", target=f"fails on {b.fail_on}", figures=[f.id])
        if roll.value <= b.fail_on:
            roll.outcome = "fails to explode"
            self.rules.firing.after_fire(game, [f], None)
            return
        roll.outcome = "demolished"
        victims = [o for o in st.figures.values() if o.alive and not self.rules.embarked(o) and feat.area.covers(Point(o.pos))]
        st.attrs.setdefault(Ww2GameAttr.DEMOLISHED, []).append(feat.id)
        for o in victims:
            o.life = DEAD
            self.rules.note_losses(game, o.unit, 1, f.unit)
            self.rules.effects.after_loss(game, o)
        game.emit("demolition", f"{feat.name} is demolished" + (f": {len(victims)} figure(s) inside are killed." if victims else "."),
                  figures=[o.id for o in victims])
        self.rules.firing.after_fire(game, [f], None)
