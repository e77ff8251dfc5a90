"""Mortars and radios in My 1/35th Scale WWII Skirmish (L184-208).

``plot (figure, point, target=mortar figure[, choice='again'])``, 3 points (L24): a figure
calls a mortar's fire on a point 20"-100" from the mortar (L186) that it sees. With the
optional rule mortar_observers (L188, on by default) the caller must have a radio, or be
within 12" of the mortar's crew and see it. A radio call is 2d6: anything but a double one
gets through; after a double one, any double fails (L208, interpretation radio). A crew
calling its own fire at a point it sees fires at once, over open sights (L192); otherwise
the fire lands at the end of the enemy's next turn (L204, interpretation mortar-timing).
A round lands on 2d6 2-7, else 2d3" off towards a direction rolled (L198-200); ``choice
again`` fires another round at the same plot, d3" off from where the last landed (L202,
interpretation mortar-follow-up). Each round bursts 4" across on the effect table (L186,
blasts.py). With the optional rule mortar_ammo (L190) a mortar has the map's
``mortar_rounds`` rounds.

The plotted point is kept secret from the other side until it lands.
"""

from __future__ import annotations

from math import cos, hypot, radians, sin
from typing import TYPE_CHECKING

from game.core.commands import Command, refuse, require
from game.core.game import Game
from game.core.keys import StateKey
from game.core.state import Figure, Marker
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Chapter

from .status import W135FigMark, W135PlotAttr

if TYPE_CHECKING:
    from game.rulesets.ww2_135.ruleset import Ww2135

XY = tuple[float, float]
PLOT = "mortar_plot"


class W135Mortar(Chapter["Ww2135"]):
    rules: Ww2135

    def rounds_left(self, game: Game, mortar: Figure) -> int | None:
        """Rounds the mortar has left under the optional rule mortar_ammo (None: no limit)."""
        if not self.rules.option(game, "mortar_ammo"):
            return None
        limit = game.state.attrs.get(StateKey.SETTINGS, {}).get("mortar_rounds")
        if not isinstance(limit, int):
            return None
        return max(0, limit - int(mortar.markers.get(W135FigMark.ROUNDS_FIRED, 0)))

    def plan(self, game: Game, cmd: Command) -> tuple[Figure, Figure, XY, bool, bool]:
        """(caller, mortar, point, over open sights, by radio) of a call ``cmd`` may make."""
        rules = self.rules
        st = game.state
        f, m = st.figures.get(cmd.figure or ""), st.figures.get(cmd.target or "")
        if f is None or m is None:
            refuse("Name the figure calling the fire and the mortar.")
        require(cmd.side == st.active_side, f"{f.name} calls fire in its own side's turn.")
        require(m.alive and m.side == f.side and "mortar" in m.weapons, f"{m.name} is not a mortar of yours in action.")
        level = rules.morale.word(rules.morale.level(m))
        require(level not in rules.data.shooting.cannot_fire, f"{m.name} is {level} and cannot fire (L79, interpretation fire-levels).")
        require(not any(k.kind == PLOT and k.attrs.get(W135PlotAttr.MORTAR) == m.id for k in st.markers.values()),
                f"{m.name}'s fire is plotted already.")
        left = self.rounds_left(game, m)
        require(left is None or left > 0, f"{m.name} has no rounds left (L190).")
        again = cmd.choice == "again"
        if again:
            last = m.markers.get(W135FigMark.LAST_LANDING)
            require(isinstance(last, list), f"{m.name} has fired no round yet to follow.")
            assert isinstance(last, list)
            p: XY = (float(last[0]), float(last[1]))
        else:
            if cmd.point is None:
                refuse("Give the point to call the fire on.")
            assert cmd.point is not None
            p = (float(cmd.point[0]), float(cmd.point[1]))
        far = rules.in_units(hypot(p[0] - m.x, p[1] - m.y))
        mo = rules.data.mortar
        require(mo.min_range <= far <= mo.max_range + 1e-9, f"That point is {far:.1f}\" from the mortar: it fires {mo.min_range:g}\"-{mo.max_range:g}\" (L186).")
        seen = rules.sight.sees_point(game, f, p)
        require(seen.visible, f"{f.name} must see the point to plot it (L204): {seen.why}.")
        cost = rules.data.actions["plot_indirect_fire"].fixed() or 0
        require(rules.points(game, f) >= cost, f"{f.name} has {rules.points(game, f)} points left; plotting fire costs {cost} (L24).")
        own = f.id == m.id or f.unit == m.unit
        radio = False
        if not own and rules.option(game, "mortar_observers"):
            near = rules.in_units(rules.dist(f.pos, m.pos)) <= mo.observer_within + 1e-9 and rules.sight.line(game, f, m).visible
            radio = not near
            require(near or "radio" in f.equipment,
                    f"{f.name} has no radio and is not within {mo.observer_within:g}\" in sight of the mortar's crew (L188).")
        return f, m, p, own, radio

    def check_plot(self, game: Game, cmd: Command) -> None:
        self.plan(game, cmd)

    def apply_plot(self, game: Game, cmd: Command) -> None:
        rules = self.rules
        st = game.state
        f, m, p, own, radio = self.plan(game, cmd)
        rules.pay(game, f, rules.data.actions["plot_indirect_fire"].fixed() or 0, "plotting indirect fire")
        f.markers.pop(W135FigMark.HIDDEN, None)
        if radio and not self.radio(game, f):
            return
        again = cmd.choice == "again"
        if own:
            game.emit("mortar", f"{m.name} fires over open sights (L192).", figures=[m.id], side=m.side)
            self.land(game, m, p, again)
            return
        pid = f"{PLOT}:{m.id}"
        st.markers[pid] = Marker(pid, f.side, PLOT, p[0], p[1], secret=True,
                                 attrs={W135PlotAttr.MORTAR: m.id, W135PlotAttr.UNTIL: rules.sideturn(game) + 1, W135PlotAttr.AGAIN: again})
        game.emit("mortar", f"{f.name} plots {m.name}'s fire: it comes in at the end of the enemy's turn (L204).", figures=[f.id],
                  side=f.side, visible_to=[f.side])

    def radio(self, game: Game, f: Figure) -> bool:
        """A radio call (L208): 2d6, anything but a double one; the next call after a double
        one fails on any double (interpretation radio)."""
        broken = bool(f.markers.pop(W135FigMark.RADIO_DOUBLE_ONE, None))
        r = game.dice.roll(self.rules.data.radio.dice, f"{f.name} radios the mortar",
                           target="any double fails (the call after a double one)" if broken else "a double one fails", figures=[f.id])
        double = r.faces[0] == r.faces[1]
        failed = double if broken else r.faces == [1, 1]
        if r.faces == [1, 1]:
            f.markers[W135FigMark.RADIO_DOUBLE_ONE] = True
        r.outcome = "no contact" if failed else "through"
        if failed:
            game.emit("mortar", f"{f.name}'s call does not get through.", figures=[f.id], side=f.side)
        return not failed

    def land(self, game: Game, m: Figure, p: XY, again: bool) -> None:
        """A round at ``p``: where it lands (L198-202) and its burst."""
        rules = self.rules
        at = self.landing(game, m.name, [m.id], p, again, "round")
        m.markers[W135FigMark.LAST_LANDING] = [at[0], at[1]]
        m.markers[W135FigMark.ROUNDS_FIRED] = int(m.markers.get(W135FigMark.ROUNDS_FIRED, 0)) + 1
        rules.blasts.explode(game, at, rules.data.mortar.burst, "The mortar round")

    def landing(self, game: Game, name: str, ids: list[str], p: XY, again: bool, what: str) -> XY:
        """Where a round aimed at ``p`` lands: 2d6 2-7 on target, else 2d3" towards a rolled
        direction (L198-200); a further round d3" from the last (L202). ``name``: who fires it
        (the words of its rolls), ``ids``: the figures the rolls are about."""
        rules = self.rules
        mo = rules.data.mortar
        if again:
            r = game.dice.roll(mo.follow_up, f"{name}'s next round: how far from the last (L202)", figures=ids)
            off = r.total
            r.outcome = f"{off}\" off"
        else:
            r = game.dice.roll("2d6", f"{name}'s {what}", target=f"{mo.on_target[0]}-{mo.on_target[1]} on target", figures=ids)
            if mo.on_target[0] <= r.total <= mo.on_target[1]:
                r.outcome = "on target"
                off = 0
            else:
                d = game.dice.roll(mo.deviate, f"how far {name}'s {what} lands off", figures=ids)
                off = d.total
                r.outcome = f"off target by {off}\""
        at = p
        if off:
            h = game.dice.direction(f"which way {name}'s {what} lands off", figures=ids)
            d_mm = rules.mm(off)
            at = clamp_to_table(game, (p[0] + d_mm * cos(radians(h.total)), p[1] + d_mm * sin(radians(h.total))))
        return at

    def incoming(self, game: Game) -> None:
        """At the end of a side's turn: the plotted fire due now comes in (L204)."""
        st = game.state
        now = self.rules.sideturn(game)
        for pid in sorted(k.id for k in st.markers.values() if k.kind == PLOT and k.attrs.get(W135PlotAttr.UNTIL) == now):
            k = st.markers.pop(pid)
            m = st.figures.get(k.attrs[W135PlotAttr.MORTAR])
            if m is None or not m.alive:
                game.emit("mortar", "The plotted fire never comes: its mortar is out of action.", side=k.side)
                continue
            level = self.rules.morale.word(self.rules.morale.level(m))
            if level in self.rules.data.shooting.cannot_fire:
                game.emit("mortar", f"The plotted fire never comes: {m.name} is {level} and cannot fire (L79, interpretation fire-levels).",
                          figures=[m.id], side=k.side)
                continue
            game.emit("mortar", f"{m.name}'s plotted fire comes in.", figures=[m.id], side=m.side)
            self.land(game, m, (k.x, k.y), bool(k.attrs.get(W135PlotAttr.AGAIN)))
