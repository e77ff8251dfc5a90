"""WW2 Skirmish: who is with which team. Carrying a wounded comrade, scouts going ahead
and rejoining, and figures joining another team as replacements (a crewed weapon's team
taking a new crewman). A chapter of :class:`game.rulesets.ww2_skirmish.ruleset.Ww2Skirmish`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.state import Unit
from game.rulesets.parts import Chapter
from game.rulesets.ww2_skirmish.common import EPS
from game.rulesets.ww2_skirmish.status import Ww2FigAttr, Ww2FigMark, Ww2UnitAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_skirmish.ruleset import Ww2Skirmish


class Ww2Teams(Chapter["Ww2Skirmish"]):
    # ---- carrying comrades -----------------------------------------------------------------------------------------------
    rules: Ww2Skirmish

    def check_carry(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Comrades are picked up during your own turn.")
        f = self.rules.require_figure(game, cmd.figure, "figure that carries")
        require(self.rules.fighter(f), f"{f.name} cannot carry anyone.")
        require(not f.markers.get(Ww2FigMark.CARRYING), f"{f.name} is already carrying someone.")
        require(self.rules.actions_left(f) >= 1, f"{f.name} has no action left to pick up a comrade.")
        t = st.figures.get(cmd.target or "")
        if t is None or not (t.side == f.side and t.life == "disabled"):
            refuse("Choose a disabled comrade to carry.")
        require(len(t.attrs.get(Ww2FigAttr.CARRIED_BY, [])) < 2, f"{t.name} is already carried by two.")
        require(self.rules.gap(f, t) <= self.rules.mm(self.rules.data.movement.reach) + EPS,
                f"{t.name} is more than {self.rules.data.movement.reach:g}\" away.")

    def apply_carry(self, game: Game, cmd: Command) -> None:
        st = game.state
        f, t = st.figures[cmd.figure_id], st.figures[cmd.target_id]
        self.rules.spend(f, 1)
        f.markers[Ww2FigMark.CARRYING] = t.id
        t.attrs.setdefault(Ww2FigAttr.CARRIED_BY, []).append(f.id)
        n = len(t.attrs[Ww2FigAttr.CARRIED_BY])
        game.emit("move", f"{f.name} picks up {t.name}" + (" with a comrade (-1\" each)." if n == 2 else " (-2\" movement)."),
                  figures=[f.id, t.id])

    def check_drop(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(cmd.side == st.active_side, "Only during your own turn.")
        f = self.rules.require_figure(game, cmd.figure)
        require(bool(f.markers.get(Ww2FigMark.CARRYING)), f"{f.name} is not carrying anyone.")

    def apply_drop(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = st.figures[cmd.figure_id]
        cid = f.markers.pop(Ww2FigMark.CARRYING)
        c = st.figures[cid]
        c.attrs[Ww2FigAttr.CARRIED_BY] = [x for x in c.attrs.get(Ww2FigAttr.CARRIED_BY, []) if x != f.id]
        game.emit("move", f"{f.name} puts {c.name} down.", figures=[f.id, c.id])

    # ---- scouts and replacements -----------------------------------------------------------------------------------------
    def check_scout(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Scouts are sent out during your own turn.")
        f = self.rules.require_figure(game, cmd.figure)
        require(self.rules.fighter(f) and self.rules.actions_left(f) >= 1, f"{f.name} cannot go scouting now (needs an action).")
        unit = st.units[f.unit]
        require(not unit.attrs.get(Ww2UnitAttr.PARENT), f"{f.name} is already a scout.")
        require(self.rules.unit_vehicle(game, unit.id) is None and self.rules.unit_gun(game, unit.id) is None,
                "Crews do not send out scouts.")
        require(len(self.rules.fighters(game, unit.id)) >= 2, f"{unit.name} has nobody else left.")

    def apply_scout(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = st.figures[cmd.figure_id]
        parent = st.units[f.unit]
        self.rules.spend(f, 1)
        sid = f"{parent.id}-scouts"
        scouts = st.units.get(sid)
        if scouts is None:
            scouts = Unit(sid, parent.side, f"{parent.name} scouts", "scouts", [], {}, {Ww2UnitAttr.PARENT: parent.id, Ww2UnitAttr.START_STRENGTH: 1})
            st.units[sid] = scouts
        else:
            scouts.attrs[Ww2UnitAttr.START_STRENGTH] = scouts.attrs.get(Ww2UnitAttr.START_STRENGTH, 0) + 1
        parent.figures.remove(f.id)
        scouts.figures.append(f.id)
        f.unit = sid
        game.emit("orders", f"{f.name} leaves {parent.name} as a scout ({scouts.name}).", figures=[f.id], units=[parent.id, sid])

    def check_rejoin(self, game: Game, cmd: Command) -> None:
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Scouts rejoin during your own turn.")
        require(cmd.unit in st.units, "Choose the scouts.")
        u = st.units[cmd.unit_id]
        parent = u.attrs.get(Ww2UnitAttr.PARENT)
        if not parent:
            refuse(f"{u.name} are not scouts.")
        reach = self.rules.mm(self.rules.data.movement.cohesion) + EPS
        home = self.rules.fighters(game, parent)
        require(bool(home), "Their parent fire team is gone.")
        require(all(any(self.rules.gap(s, h) <= reach for h in home) for s in self.rules.fighters(game, u.id)),
                f"Every scout must be within {self.rules.data.movement.cohesion:g}\" of {st.units[parent].name} to rejoin.")

    def apply_rejoin(self, game: Game, cmd: Command) -> None:
        st = game.state
        u = st.units[cmd.unit_id]
        parent = st.units[u.attrs[Ww2UnitAttr.PARENT]]
        for fid in list(u.figures):
            st.figures[fid].unit = parent.id
            parent.figures.append(fid)
        u.figures = []
        del st.units[u.id]
        game.emit("orders", f"{u.name} rejoin {parent.name}.", units=[parent.id])

    def check_transfer(self, game: Game, cmd: Command) -> None:
        """A figure joins a crewed weapon team that has lost men (to replace losses only)."""
        st = game.state
        require(st.phase == "action" and cmd.side == st.active_side, "Only during your own turn.")
        f = self.rules.require_figure(game, cmd.figure)
        require(self.rules.fighter(f) and self.rules.actions_left(f) >= 1, f"{f.name} cannot join another team now (needs an action).")
        require(cmd.target in st.units and cmd.target != f.unit, "Choose the crewed weapon team to join.")
        t = st.units[cmd.target_id]
        require(t.side == f.side, "That team is not yours.")
        require(self.crewed_team(game, t), f"{t.name} is not a crewed weapon team.")
        alive, start = self.rules.strength(game, t)
        require(alive < start, f"{t.name} has lost nobody: figures join crewed weapons only to replace losses.")
        reach = self.rules.mm(self.rules.data.movement.cohesion) + EPS
        require(any(self.rules.gap(f, m) <= reach for m in st.unit_figures(t.id)), f"{f.name} must be within 2\" of {t.name}.")

    def crewed_team(self, game: Game, unit: Unit) -> bool:
        for m in game.state.unit_figures(unit.id):
            if self.rules.is_gun(m):
                return True
            for _, w in self.rules.weapons_of(m):
                if (w.category == "mg" and not w.bar) or w.category == "mortar" or (w.category == "at" and (w.loaders or 0) > 0):
                    return True
        return False

    def apply_transfer(self, game: Game, cmd: Command) -> None:
        st = game.state
        f = st.figures[cmd.figure_id]
        old, new = st.units[f.unit], st.units[cmd.target_id]
        self.rules.spend(f, 1)
        old.figures.remove(f.id)
        new.figures.append(f.id)
        f.unit = new.id
        f.attrs[Ww2FigAttr.ROLE] = "crew" if self.rules.unit_gun(game, new.id) is not None else "loader"
        game.emit("orders", f"{f.name} leaves {old.name} to replace losses in {new.name}.", figures=[f.id], units=[old.id, new.id])
