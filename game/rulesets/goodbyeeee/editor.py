"""What the map editor offers for GOODBYEEEEEE!!!: its kinds of unit (sections, tanks, gun
crews), each figure's points (L319-343: the rank's, with its upgrades), the upgrades a
single figure may be given, the speculative British platoon as a ready force (L347-384),
and the points system's advice (L7 force size, L321 the attacker's 25%, L52-56 who commands;
interpretation composition: advice, never a refusal)."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.rulesets.parts import EditorSupport, ReadyForce, ReadyUnit

if TYPE_CHECKING:
    from game.rulesets.goodbyeeee.ruleset import Goodbyeeee

#: the ranks that lead a section of privates (L52) and every two sections (L54), and the side (L56)
SECTION_LEADER, SENIOR, OFFICER = "junior_nco", "senior_nco", "junior_officer"


class GbEditor(EditorSupport["Goodbyeeee"]):
    rules: Goodbyeeee

    def unit_kinds(self) -> tuple[str, ...]:
        return ("section", "vehicle", "crew")

    def troop_points(self, troop_type: str) -> int | None:
        return self.rules.data.figure_points(troop_type)

    def figure_points(self, troop_type: str, equipment: Sequence[str]) -> int | None:
        return self.rules.data.figure_points(troop_type, list(equipment) or None)

    def upgrades(self, troop_type: str) -> list[tuple[str, str, int]]:
        """The points list's single-figure upgrades that give no weapon (L339-343, and the
        stormtrooper's reading price): a weapon comes with its specialist troop type. Tanks
        and the field gun take none."""
        data = self.rules.data
        tt = data.troop_types[troop_type]
        if tt.points is None or data.is_vehicle_type(troop_type):
            return []
        return [(eid, u.name, u.points) for eid, u in data.equipment.items()
                if not u.weapons and eid not in tt.equipment]

    def ready_forces(self) -> list[ReadyForce]:
        return [ReadyForce(fid, f.name, tuple(ReadyUnit(u.name, "section", tuple(t for t, n in u.figures.items() for _ in range(n)),
                                                        u.points) for u in f.units), f.total)
                for fid, f in self.rules.data.ready_forces.items()]

    def template_sizes(self) -> dict[str, float]:
        """The blast templates for the play screen's template tool: name and radius, in mm."""
        out: dict[str, float] = {}
        for tid, t in self.rules.data.templates.items():
            if t.is_blast:
                out[tid] = self.rules.mm(t.radius if t.radius is not None else (t.diameter or 0.0) / 2)
        return out

    # ---- advice --------------------------------------------------------------------------------------
    def side_points(self, side: Mapping[str, Any]) -> int:
        return sum(self.figure_points(f["type"], f.get("equipment") or []) or 0 for u in side["units"] for f in u["figures"])

    def force_advice(self, sides: Sequence[Mapping[str, Any]], attackers: Collection[str]) -> list[str]:
        pts = self.rules.data.points
        out: list[str] = []
        lo, hi = pts.force_size
        for s in sides:
            n = sum(len(u["figures"]) for u in s["units"])
            if n and not lo <= n <= hi:
                out.append(f"{s['name']}: {n} figures; the rules suggest {lo}-{hi} a player (L7).")
            out += [f"{s['name']}: {w}" for w in self.composition(s)]
        att = [s for s in sides if s["id"] in attackers]
        dfn = [s for s in sides if s["id"] not in attackers]
        if len(att) == 1 and len(dfn) == 1:
            a, d = self.side_points(att[0]), self.side_points(dfn[0])
            if a and d:
                want = math.floor(d * pts.attacker_advantage + 0.5)
                ratio = a / d
                verdict = "about right" if abs(ratio - pts.attacker_advantage) <= 0.1 else "more than that" if ratio > pts.attacker_advantage else "less than that"
                out.append(f"Attacker {att[0]['name']} {a} pts against {d}: x{ratio:.2f}; the rules advise about "
                           f"{pts.attacker_advantage - 1:.0%} more ({want} pts, L321): {verdict}.")
        return out

    def composition(self, side: Mapping[str, Any]) -> list[str]:
        """L52-56 as advice: a junior NCO in each section of privates, a senior NCO for every
        two sections, a junior officer for the side."""
        ranks = self.rules.data.troop_types
        out: list[str] = []
        sections = 0
        seniors = officers = 0
        for u in side["units"]:
            have = [ranks[f["type"]].rank for f in u["figures"] if f["type"] in ranks]
            seniors += have.count(SENIOR)
            officers += have.count(OFFICER)
            if u.get("kind") == "section" and "private" in have:
                sections += 1
                if SECTION_LEADER not in have:
                    out.append(f"{u['name']} has no junior NCO to command it (L52).")
        if sections >= 2 and seniors < sections // 2:
            out.append(f"{sections} sections want {sections // 2} senior NCO{'s' if sections // 2 > 1 else ''}; it has {seniors} (L54).")
        if sections and not officers:
            out.append("no junior officer commands the side (L56).")
        return out
