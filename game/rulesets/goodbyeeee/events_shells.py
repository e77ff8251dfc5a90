"""GOODBYEEEEEE!!!: the events that fall from the sky or from off the table (L294, L296,
L300, L307, L308, L310; interpretations event-targets, scatter-die).

- Stray burst (AC): each figure of a random section rolls its cover save first (if it has
  cover), then 1-3 nothing, 4-5 suppressed (pinned), 6 killed.
- Stray shells (QC 2D6, 12 cm; AS 3D6, 20 cm) land the distance dice and a scatter die from a
  random section's leader (a HIT lands on him); the Ace of Diamonds drops the QC's shell on a
  section of another player. Each figure under it rolls on the card's table: suppressed for
  this and next turn, or killed; a tank: suppressed with a weapon knocked out, or destroyed.
- Gas (KS): a 10 cm radius cloud lands like a shell; figures in it roll (4-5 suppressed this
  turn, 6 killed); its wind (2D6 + 10 cm, the scatter die's way, a HIT re-rolled) moves it
  at the end of each turn, and figures it then covers roll again, once a turn.
- Off-table sniper (JS): a D3 names the player that many seats to the drawer's left, who
  picks the figure of the drawer's it shoots: 4-5 suppressed for next turn, 6 killed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from shapely.geometry import LineString, Point

from game.core.commands import Command, require
from game.core.game import Game
from game.core.state import DEAD, DESTROYED, Cloud, Figure
from game.rulesets.movement import clamp_to_table
from game.rulesets.parts import Chapter
from game.rulesets.turn_order import left_of

from .status import GbCloudAttr, GbFigMark, GbGameAttr

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.data_events import EventCard
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

XY = tuple[float, float]


class GbShells(Chapter["Goodbyeeee"]):
    rules: Goodbyeeee

    def card(self, job: dict) -> EventCard:
        return self.rules.data.events.cards[job["code"]]

    def row(self, rows, face: int) -> str:
        return next(r.result for r in rows if face in r.faces)

    # ---- what happens to one figure -----------------------------------------------------------------
    def suffer(self, game: Game, fig: Figure, result: str, what: str) -> None:
        st = game.state
        if result == "none":
            return
        if result == "killed":
            fig.life = DEAD
            game.emit("casualty", f"{fig.name} is killed by the {what}.", figures=[fig.id])
            self.rules.courage.after_loss(game, st.units[fig.unit])
        elif result == "destroyed":
            fig.life = DESTROYED
            game.emit("casualty", f"{fig.name} is destroyed by the {what}.", figures=[fig.id])
            self.rules.courage.after_loss(game, st.units[fig.unit])
        elif result == "suppressed":
            self.rules.courage.pin(game, fig)
        else:  # suppressed for a time: it ends by itself (interpretation pinned)
            until = {"suppressed_this_turn": st.turn, "suppressed_next_turn": st.turn + 1,
                     "suppressed_this_and_next": st.turn + 1, "suppressed_weapon_out": st.turn + 1}[result]
            fig.markers[GbFigMark.SUPPRESSED_UNTIL] = max(int(fig.markers.get(GbFigMark.SUPPRESSED_UNTIL, 0)), until)
            fig.markers[GbFigMark.PRONE] = not self.rules.data.is_vehicle_type(fig.type)
            game.emit("event", f"{fig.name} is suppressed until the end of turn {until}.", figures=[fig.id])
            if result == "suppressed_weapon_out" and fig.weapons:
                self.rules.tanks.knock_out(game, fig, fig.weapons[0], list(fig.markers.get(GbFigMark.WEAPONS_OUT, [])))

    def roll_for(self, game: Game, fig: Figure, card: EventCard, what: str) -> None:
        tank = self.rules.data.is_vehicle_type(fig.type)
        rows = card.tank if tank and card.tank else card.figure
        if rows is None or card.die is None:
            return
        r = game.dice.roll(card.die, f"{what}: {fig.name}", figures=[fig.id])
        result = self.row(rows, r.value)
        r.outcome = result.replace("_", " ")
        self.suffer(game, fig, result, what)

    # ---- the stray burst -------------------------------------------------------------------------------
    def effect_stray_burst(self, game: Game, job: dict) -> list[dict]:
        card = self.card(job)
        unit = self.rules.events.section_of(game, job["side"], job, "is caught")
        if unit is None:
            return []
        game.emit("event", f"A stray burst of machine gun fire catches {unit.name}.", units=[unit.id])
        for f in self.rules.alive(game, unit.id):
            if card.cover_saves_first and self.covered(game, f):
                continue
            self.roll_for(game, f, card, "the stray burst")
        return []

    def covered(self, game: Game, f: Figure) -> bool:
        """A cover save against fire from off the table: in cover 1-3, prone in the open 1-2."""
        sh = self.rules.data.shooting
        cover = any(ft.type.cover != "none" for ft in game.table.features_at(f.pos))
        saves = sh.cover_saves if cover else sh.prone_open_saves if f.markers.get(GbFigMark.PRONE) else None
        if not saves:
            return False
        r = game.dice.roll("d6", f"Cover save for {f.name}", target=f"{min(saves)}-{max(saves)}", figures=[f.id],
                           cuts=(max(saves) + 1,))
        r.outcome = "saved" if r.value in saves else "no save"
        return r.value in saves

    # ---- shells ------------------------------------------------------------------------------------------
    def landing(self, game: Game, card: EventCard, lead: Figure) -> XY:
        """The distance dice and the scatter die from the unit leader (a HIT lands on him)."""
        assert card.scatter is not None and card.distance is not None
        s = game.dice.roll(card.scatter, f"The shell's scatter die (from {lead.name})")
        d = game.dice.roll(card.distance, "The shell's distance (cm)")
        if (s.labels or ["HIT"])[0] == "HIT":
            s.outcome = "on the leader"
            return lead.pos
        ang = game.dice.direction("The shell's direction")
        a = math.radians(ang.total)
        s.outcome = f"{d.total} cm toward {ang.total} degrees"
        return clamp_to_table(game, (lead.x + math.cos(a) * self.rules.mm(d.total), lead.y + math.sin(a) * self.rules.mm(d.total)),
                              margin=0.0)

    def shell_on(self, game: Game, job: dict, side: str, card: EventCard, what: str) -> None:
        unit = self.rules.events.section_of(game, side, job, "is shelled")
        if unit is None:
            return
        lead = self.rules.command.section_leader(game, unit)
        at = self.landing(game, card, lead)
        assert card.template is not None
        under = self.rules.blasts.under(game, at, card.template)
        game.emit("event", f"The {what} lands near {unit.name}: {len(under)} figure{'s' if len(under) != 1 else ''} under it.",
                  units=[unit.id], figures=[f.id for f in under])
        self.rules.solo_view.under_fire(game, None, under, None)
        for f in under:
            self.roll_for(game, f, card, what)

    def effect_stray_shell(self, game: Game, job: dict) -> list[dict]:
        self.shell_on(game, job, job["side"], self.card(job), "stray shell")
        return []

    def effect_shell_on_other(self, game: Game, job: dict) -> list[dict] | None:
        """L300: played at the start of the holder's turn, on a section of another player he names."""
        st = game.state
        others = [s for s in st.side_order if st.hostile(job["side"], s)]
        if not others:
            return []
        if "target" not in job:
            if len(others) == 1:
                job["target"] = others[0]
            else:
                self.rules.ask(game, job["side"], "Drop the shell on which player?",
                               [(st.sides[s].name, Command("pick_player", job["side"], choice=s)) for s in others])
                job["asking"] = True
                return None
        self.shell_on(game, job, job["target"], self.card(job), "shell")
        return []

    def check_pick_player(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "card", self.rules.decision(game) is not None)
        require(job.get("asking") is True and cmd.choice in game.state.sides and game.state.hostile(job["side"], cmd.choice or ""),
                "Name another player.")

    def apply_pick_player(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.answer(game, target=cmd.choice, asking=False)

    # ---- gas -----------------------------------------------------------------------------------------------
    def effect_gas_shell(self, game: Game, job: dict) -> list[dict]:
        card = self.card(job)
        unit = self.rules.events.section_of(game, job["side"], job, "is gassed")
        if unit is None:
            return []
        lead = self.rules.command.section_leader(game, unit)
        at = self.landing(game, card, lead)
        assert card.wind_speed is not None and card.wind_direction is not None
        speed = game.dice.roll(card.wind_speed, "The wind's speed (cm a turn, +10)").total + (card.wind_speed_plus or 0)
        for _ in range(20):  # a HIT has no direction: roll again (interpretation scatter-die)
            s = game.dice.roll(card.wind_direction, "The wind's way (scatter die)")
            if (s.labels or ["HIT"])[0] != "HIT":
                break
        ang = game.dice.direction("The wind's direction").total
        n = len(game.state.clouds) + 1
        cid = f"gas{n}"
        while cid in game.state.clouds:
            n += 1
            cid = f"gas{n}"
        assert card.template is not None
        game.state.clouds[cid] = Cloud(cid, "gas", at[0], at[1], radius=self.rules.blasts.radius(card.template), expires="never",
                                       attrs={GbCloudAttr.SPEED: speed, GbCloudAttr.HEADING: ang, GbCloudAttr.CARD: job["code"],
                                              GbCloudAttr.GASSED: game.state.turn})
        self.rules.sync_table(game)
        game.emit("event", f"A gas shell bursts near {unit.name}: a cloud 10 cm across its radius, drifting {speed} cm a turn "
                  f"toward {ang} degrees.", units=[unit.id])
        self.gas_hits(game, game.state.clouds[cid])
        return []

    def gas_hits(self, game: Game, cloud: Cloud) -> None:
        """Every figure under ``cloud`` rolls for it (once a turn each)."""
        for f in sorted(game.state.figures.values(), key=lambda f: f.id):
            if self.rules.dist(f.pos, (cloud.x, cloud.y)) <= cloud.radius:
                self.gas_roll(game, f, cloud)

    def gas_roll(self, game: Game, f: Figure, cloud: Cloud) -> None:
        """``f`` rolls for the gas of ``cloud``, once a turn (interpretation event-targets)."""
        if not f.alive or self.rules.data.is_vehicle_type(f.type):
            return
        rolled = dict(f.markers.get(GbFigMark.GASSED) or {})
        if rolled.get(cloud.id) == game.state.turn:
            return
        rolled[cloud.id] = game.state.turn
        f.markers[GbFigMark.GASSED] = rolled
        self.roll_for(game, f, self.rules.data.events.cards[cloud.attrs[GbCloudAttr.CARD]], "gas")

    def gas_on_move(self, game: Game, f: Figure, walked: Sequence[XY]) -> None:
        """A figure whose move entered a gas cloud rolls for it (interpretation event-targets)."""
        clouds = [c for c in game.state.clouds.values() if c.type == "gas" and GbCloudAttr.CARD in c.attrs]
        if not clouds or len(walked) < 2:
            return
        line = LineString(walked)
        for c in sorted(clouds, key=lambda c: c.id):
            if line.distance(Point(c.x, c.y)) <= c.radius:
                self.gas_roll(game, f, c)

    def drift(self, game: Game) -> None:
        """At the end of each turn every gas cloud moves with its wind and hits who it covers."""
        st = game.state
        for cid in sorted(st.clouds):
            c = st.clouds[cid]
            if c.type != "gas" or GbCloudAttr.SPEED not in c.attrs:
                continue
            a = math.radians(c.attrs[GbCloudAttr.HEADING])
            d = self.rules.mm(c.attrs[GbCloudAttr.SPEED])
            c.x, c.y = c.x + math.cos(a) * d, c.y + math.sin(a) * d
            if not (-c.radius <= c.x <= game.table.width + c.radius and -c.radius <= c.y <= game.table.height + c.radius):
                del st.clouds[cid]
                game.emit("event", "The gas cloud drifts off the table.")
                continue
            game.emit("event", f"The gas drifts {c.attrs[GbCloudAttr.SPEED]} cm.")
            if c.attrs.get(GbCloudAttr.GASSED) != st.turn:  # it hits once a turn (interpretation event-targets)
                c.attrs[GbCloudAttr.GASSED] = st.turn
                self.gas_hits(game, c)
        self.rules.sync_table(game)

    # ---- the off-table sniper ----------------------------------------------------------------------------------
    def effect_off_table_sniper(self, game: Game, job: dict) -> list[dict] | None:
        """L310: a D3 names the player to the drawer's left who picks the target."""
        st = game.state
        card = self.card(job)
        if "picker" not in job:
            assert card.seat_die is not None
            n = game.dice.roll(card.seat_die, "Which player aims the sniper (seats to the left)").total
            seats = list(st.attrs[GbGameAttr.SEATS])
            picker = left_of(seats, job["side"], n)
            job["picker"] = picker if picker != job["side"] else next(s for s in seats if s != job["side"])
        targets = sorted((f for f in st.figures.values() if f.side == job["side"] and f.alive
                          and not self.rules.data.is_vehicle_type(f.type)), key=lambda f: f.id)
        if not targets:
            return []
        if "target" not in job:
            self.rules.ask(game, job["picker"], f"An off-table sniper: pick the figure of {st.sides[job['side']].name}'s it shoots at.",
                           [(f.name, Command("pick_figure", job["picker"], target=f.id)) for f in targets])
            job["asking"] = True
            return None
        self.roll_for(game, st.figures[job["target"]], card, "sniper")
        return []

    def check_pick_figure(self, game: Game, cmd: Command) -> None:
        job = self.rules.jobs.waiting_job(game, "card", self.rules.decision(game) is not None)
        fig = game.state.figures.get(cmd.target or "")
        require(job.get("picker") == cmd.side and fig is not None and fig.side == job["side"] and fig.alive, "Pick a figure of theirs.")

    def apply_pick_figure(self, game: Game, cmd: Command) -> None:
        self.rules.jobs.answer(game, target=cmd.target, asking=False)
