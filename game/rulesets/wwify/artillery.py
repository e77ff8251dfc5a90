"""WWIFY: the ARTILLERY card ("Artillery"): a random barrage on a 2 ft square and its
quarter, or a side's prepared strike; high explosive, smoke or gas, and the tests of the
figures under it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.dice import Dice, Roll
from game.core.game import Game
from game.core.keys import BarrageKey
from game.core.state import Cloud, Figure, Marker
from game.rulesets.parts import Chapter
from game.rulesets.wwify.status import (
    WwifyFigMark,
    WwifyGameAttr,
    WwifyUnitMark,
)

if TYPE_CHECKING:
    from game.rulesets.wwify.ruleset import Wwify




class WwArtillery(Chapter["Wwify"]):
    # ---- artillery ----------------------------------------------------------------------------------
    rules: Wwify

    def play_artillery(self, game: Game) -> list[dict]:
        st = game.state
        strikes = [s for s in st.attrs.get(WwifyGameAttr.STRIKES, []) if s["turn"] == st.turn]
        jobs: list[dict] = []
        if strikes:
            for s in strikes:
                st.active_side = s["side"]
                game.emit("artillery", f"{st.sides[s['side']].name}'s prepared strike arrives on square {s['square']}.", side=s["side"])
                jobs += self.barrage(game, s["side"], s["square"], s.get("shell"))
        else:
            jobs += self.barrage(game, None, None, None)
        return jobs

    def barrage(self, game: Game, side: str | None, square: str | None, shell: str | None) -> list[dict]:
        st = game.state
        grid = self.rules.fighting.grid(game)
        a = self.rules.data.artillery
        if square is None:
            die = self.rules.fighting.square_die(game)
            r1 = game.dice.roll(die, "Artillery: which 2 ft square", target=f"1-{grid.big_count}")
            r1.outcome = f"square {r1.value}"
            r2 = game.dice.roll(a.quarter_die, f"Artillery: which quarter of square {r1.value}", target="1 2 / 3 4")
            big, quarter = r1.value, r2.value
            label = grid.label(big, quarter)
            if not grid.has_square(big, quarter):
                r2.outcome = f"quarter {quarter}: off the table"
                game.emit("artillery", f"The barrage lands on {label}, off the table: no effect.")
                return []
            r2.outcome = f"square {label}"
        else:
            big, quarter = grid.parse(square)
            label = grid.label(big, quarter)
        if shell is None:
            r = game.dice.roll(a.shell_die, f"Artillery on {label}: shell type", target="1-2 HE, 3-4 smoke, 5-6 gas")
            row = next(x for x in a.shells if r.value in x.faces)
            r.outcome = row.name
            shell = row.shell
        row = next(x for x in a.shells if x.shell == shell)
        poly = grid.square(big, quarter)
        cx, cy = grid.center(big, quarter)
        mid = f"artillery:{st.turn}:{len([m for m in st.markers.values() if m.kind == 'artillery']) + 1}"
        coords = [(float(x), float(y)) for x, y in poly.exterior.coords[:-1]]
        st.markers[mid] = Marker(mid, side or "", "artillery", cx, cy, attrs={BarrageKey.SQUARE: label, BarrageKey.NAME: row.name, BarrageKey.POLYGON: coords})
        hit = self.rules.fighting.under_barrage(game, poly)
        flyers = sum(1 for f in hit if self.rules.fighting.category(f) == "flyer")
        above = f" ({flyers} flyer(s) above it: no barrage can damage a flyer)" if flyers and shell != "smoke" else ""
        game.emit("artillery", f"{row.name} on square {label}: {len(hit)} figure(s) under it{above}.",
                  figures=[f.id for f in hit], data={"square": label, "shell": shell})
        if shell in ("smoke", "gas"):
            cid = f"{shell}:{st.turn}:{label}"
            st.clouds[cid] = Cloud(cid, shell, cx, cy, 0.0, coords, "end of turn", {})
            self.rules.sync_table(game)  # later steps of this command already see the cloud
        if shell == "smoke":
            return []
        key = f"cloud:{shell}:{st.turn}:{label}" if shell == "gas" else mid  # the gas cloud's table feature
        return self.test_figures(game, [f for f in hit if self.rules.fighting.testable(f)], shell, f"{row.name.lower()} on {label}", key)

    def test_figures(self, game: Game, figs: list[Figure], shell: str, cause: str, barrage: str | None = None) -> list[dict]:
        """HE or gas tests for each figure; the squads hit take morale tests after: one per
        barrage (``barrage`` names it: a squad under a gas barrage that later walks into its
        cloud does not test for it again), and one after losses that leave a squad more
        than half killed."""
        st = game.state
        squads: list[str] = []
        dead_before = {f.unit: self.rules.support.killed_in_game(game, st.units[f.unit])[0] for f in figs}
        for uid in sorted({f.unit for f in figs if f.alive}):
            self.rules.note_fire(game, uid, None, 0, heavy=True)  # the solo rules: under artillery fire
        for f in figs:
            if not f.alive:
                continue
            unit = st.units[f.unit]
            if shell == "gas":
                f.markers[WwifyFigMark.GAS_TURN] = st.turn
            if unit.kind == "squad" and unit.id not in squads:
                squads.append(unit.id)
            info = self.barrage_info(game, f)
            fate = self.he_fate(game.dice, info) if shell == "he" else self.gas_fate(game.dice, info)
            if fate == "safe":
                continue
            if fate == "kill":
                self.rules.fighting.kill(game, f, cause)
            elif fate == "wound":
                self.rules.fighting.wound(game, f, cause)
            elif fate in ("immobilised", "destroyed"):
                self.rules.fighting.vehicle_result(game, f, fate, cause)
        jobs = []
        for uid in squads:
            unit = st.units[uid]
            tested = unit.markers.get(WwifyUnitMark.BARRAGES) or []
            why = [] if barrage is not None and barrage in tested else ["artillery"]
            if barrage is not None and barrage not in tested:
                unit.markers[WwifyUnitMark.BARRAGES] = [*tested, barrage]
            if self.rules.support.killed_in_game(game, unit)[0] > dead_before[uid]:
                why.append("losses")
            if why:
                jobs.append({"do": "morale", "unit": uid, "why": why})
        return jobs

    # ---- one figure under the barrage ----------------------------------------------------------------
    def barrage_info(self, game: Game, fig: Figure) -> dict:
        tt = self.rules.troop(fig)
        return {"id": fig.id, "name": fig.name, "category": tt.category, "trench": self.rules.fighting.in_trench(game, fig),
                "mask": self.rules.fighting.has_mask(fig), "tree": tt.angry_tree}

    def he_fate(self, dice: Dice, info: dict) -> str:
        """One figure under high explosive: 'safe', 'kill', 'wound' (large creature), a
        vehicle's 'immobilised' or 'destroyed' (flyers are not tested: ``testable``)."""
        a = self.rules.data.artillery
        r = dice.roll("d6", f"HE: {info['name']}", target=f"{a.he_kill_on}+", figures=[info["id"]], cuts=(a.he_kill_on,))
        if r.value < a.he_kill_on:
            r.outcome = "unhurt"
            return "safe"
        cat = info["category"]
        if cat == "vehicle":
            return self.vehicle_hit(dice, info, r)
        if info["trench"]:
            r.outcome = "hit: in a trench, re-roll"
            rr = dice.roll("d6", f"HE: {info['name']} in a trench re-rolls", target=f"{a.trench_reroll_kill_on}+", figures=[info["id"]],
                           cuts=(a.trench_reroll_kill_on,))
            if rr.value < a.trench_reroll_kill_on:
                rr.outcome = "saved by the trench"
                return "safe"
            r = rr
        if cat == "large_creature":
            r.outcome = "a wound"
            return "wound"
        r.outcome = "killed"
        return "kill"

    def gas_fate(self, dice: Dice, info: dict) -> str:
        """One figure under poison gas: masks and Angry Trees are safe; 5-6 kills (large
        creatures too); a vehicle that rolls 5-6 goes to its damage table."""
        a = self.rules.data.artillery
        if info["tree"] or info["mask"]:
            return "safe"
        r = dice.roll("d6", f"Gas: {info['name']}", target=f"{a.gas_kill_on}+", figures=[info["id"]], cuts=(a.gas_kill_on,))
        if r.value < a.gas_kill_on:
            r.outcome = "unhurt"
            return "safe"
        if info["category"] == "vehicle":
            return self.vehicle_hit(dice, info, r)
        r.outcome = "killed"
        return "kill"

    def vehicle_hit(self, dice: Dice, info: dict, r: Roll) -> str:
        """A vehicle that rolled 5-6 under HE or gas: "Vehicles that are hit (ie rolled 5,6)
        - see 'Firing at Vehicles'": a kill result, rolled on the vehicle damage table."""
        r.outcome = "hit"
        return self.rules.fighting.vehicle_table(dice, info["name"], info["id"])
