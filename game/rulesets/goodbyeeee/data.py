"""GOODBYEEEEEE!!!: the data model of rulesets/goodbyeeee.yaml (validated by pydantic).

Every number of the rules text lives in the YAML file, with its line of goodbyeeee.txt in a
comment and every reading in ``interpretations:``; this module says what shape the numbers
have (the tables are in ``data_tables.py``, ``data_weapons.py``, ``data_events.py`` and
``data_forces.py``) and checks the cross-references between them (``check_gb_data``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, ClassVar

from pydantic import Field, ValidationError, model_validator

from game.core.cards import playing_deck
from game.core.dice import parse_spec
from game.data.ruleset_schema import RulesetData
from game.data.solo_schema import check_solo_section
from game.data.terrain_types import load_terrain_file
from game.rulesets.stats import FigureStats

from .data_events import Events
from .data_forces import GbTroop, GbUpgrade, PointsSystem, ReadyForce
from .data_tables import (
    CloseCombat,
    ClosingFire,
    Command,
    Courage,
    LuckValour,
    MoveAndFire,
    Movement,
    Overwatch,
    Players,
    Rank,
    Shooting,
    StandTo,
    Turn,
)
from .data_weapons import (
    CriticalHits,
    GrenadeRules,
    HmgRules,
    LmgRules,
    MortarRules,
    TemplateShape,
    Weapon,
)


class GbData(RulesetData):
    """rulesets/goodbyeeee.yaml. A troop type's ``stats`` are its rank's, filled in when the
    file is read (a rank with "variable" attacks leaves them to its troop types)."""

    #: two or more players (L7), one to each table edge
    MAX_SIDES: ClassVar[int] = 4

    players: Players
    turn: Turn
    stats: list[str] = Field(min_length=1)  # the statistics figures have, by name
    skills: dict[str, str]  # the words the rules read on troop types and upgrades: what each does
    ranks: dict[str, Rank] = Field(min_length=1)
    luck_valour: LuckValour
    command: Command
    courage: Courage
    movement: Movement
    move_and_fire: MoveAndFire
    shooting: Shooting
    closing_fire: ClosingFire
    overwatch: Overwatch
    stand_to: StandTo
    weapons: dict[str, Weapon] = Field(min_length=1)
    lmg_rules: LmgRules
    hmg_rules: HmgRules
    grenade_rules: GrenadeRules
    mortar_rules: MortarRules
    templates: dict[str, TemplateShape] = Field(min_length=1)
    close_combat: CloseCombat
    critical_hits: CriticalHits
    events: Events
    points: PointsSystem
    equipment: dict[str, GbUpgrade] = Field(default_factory=dict)
    troop_types: dict[str, GbTroop]
    ready_forces: dict[str, ReadyForce] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _rank_stats(cls, raw: Any) -> Any:
        """Each troop type starts from its rank's statistics, and its rank's points unless
        it gives its own (a rank that does not validate is left to its own error)."""
        if not isinstance(raw, dict) or not isinstance(raw.get("ranks"), dict) or not isinstance(raw.get("troop_types"), dict):
            return raw
        ranks: dict[str, Rank] = {}
        for rid, r in raw["ranks"].items():
            try:
                ranks[rid] = Rank.model_validate(r)
            except ValidationError:
                continue
        troops: dict[Any, Any] = {}
        for tid, tt in raw["troop_types"].items():
            rank = ranks.get(tt["rank"]) if isinstance(tt, dict) and isinstance(tt.get("rank"), str) else None
            own = tt.get("stats", {}) if isinstance(tt, dict) else None
            if rank is None or not isinstance(own, dict):
                troops[tid] = tt
                continue
            troops[tid] = {**tt, "stats": {**rank.stat_block(), **own}, "points": tt.get("points", rank.points)}
        return {**raw, "troop_types": troops}

    @classmethod
    def check_data(cls, data: RulesetData, doc) -> None:
        """Cross-references inside the file (raise doc.error on the first problem)."""
        if not isinstance(data, GbData):
            raise TypeError(f"GbData.check_data checks GbData, not {type(data).__name__}")
        check_gb_data(data, doc)

    def is_vehicle_type(self, troop_type: str) -> bool:
        tt = self.troop_types.get(troop_type)
        return tt is not None and tt.rank in self.ranks and self.ranks[tt.rank].vehicle

    def figure_stats(self) -> FigureStats:
        return FigureStats(self.troop_types, self.equipment)

    def figure_points(self, troop_type: str, equipment: Sequence[str] | None = None) -> int | None:
        """What a figure costs: its type's points and its upgrades' (its type's own, unless
        ``equipment`` is given); None for a figure the points list does not price."""
        tt = self.troop_types[troop_type]
        return self.figure_stats().figure_points(troop_type, tt.equipment if equipment is None else equipment)


@cache
def _terrain_ids() -> frozenset[str]:
    return frozenset(load_terrain_file().types)


def check_gb_data(data: GbData, doc) -> None:
    """Cross-references of rulesets/goodbyeeee.yaml: each name a table uses exists, each
    number the text gives twice agrees, every card of the deck is there once and the ready
    forces add up. Raises ``doc.error`` (file, line, field and the fix) on the first problem."""

    def need(ok: bool, loc: tuple, message: str) -> None:
        if not ok:
            raise doc.error(loc, message)

    def known(names: Iterable[str] | str, table: Iterable[str], loc: tuple, what: str) -> None:
        """Each of ``names`` (a list, or one name at ``loc``) is in ``table``."""
        table = list(table)
        for i, name in ([((), names)] if isinstance(names, str) else [((i,), n) for i, n in enumerate(names)]):
            need(name in table, loc + i, f"unknown {what} '{name}'; expected one of: {', '.join(table)}")

    def file_die(spec: str, loc: tuple) -> None:
        kind = parse_spec(spec)[1]
        need(kind[1:] in data.dice, loc, f"'{spec}' is not a die of this file's dice section ({', '.join('d' + d for d in data.dice)})")
        need("HIT" in data.dice[kind[1:]].faces, loc, f"the scatter die '{spec}' needs a HIT face (on target)")

    weapons, terrain, vehicles = list(data.weapons), sorted(_terrain_ids()), [r for r, rk in data.ranks.items() if rk.vehicle]
    need(data.players.max <= type(data).MAX_SIDES, ("players", "max"), f"at most {type(data).MAX_SIDES} players (one to each table edge)")
    _check_names(data, need)
    known(data.terrain, terrain, ("terrain",), "terrain type")

    # ranks and points (L58-69, L319-343)
    basic = data.points.basic_figure
    loc: tuple[str | int, ...]
    for rid, rk in data.ranks.items():
        loc = ("ranks", rid)
        if rk.vehicle:
            need(rk.list_price == rk.points, loc + ("points",), f"a vehicle costs its list_price ({rk.list_price}), with no basic figure (interpretation points)")
        else:
            price = basic + (rk.list_price or 0)
            need(rk.points == price, loc + ("points",), f"a man of this rank costs the basic figure ({basic}) plus its list_price ({rk.list_price or 0}) = {price}")
    # troop types and upgrades
    for eid, up in data.equipment.items():
        known(up.weapons, weapons, ("equipment", eid, "weapons"), "weapon")
        known(up.skills, data.skills, ("equipment", eid, "skills"), "skill")
        known(up.stats, data.stats, ("equipment", eid, "stats"), "statistic")
    for tid, tt in data.troop_types.items():
        _check_troop(data, tid, tt, need, known)

    # the weapons chart and its rules (L176-257)
    known(data.move_and_fire.weapons, weapons, ("move_and_fire", "weapons"), "weapon")
    missing = [w for w in weapons if w not in data.move_and_fire.weapons]
    need(not missing, ("move_and_fire", "weapons"), f"say how far a figure may move and fire the {', '.join(missing)}")
    known([k for k in data.closing_fire.shots if k != "default"], weapons, ("closing_fire", "shots"), "weapon")
    known(data.courage.rout_abandons, weapons, ("courage", "rout_abandons"), "weapon")
    known(data.courage.terror_weapons, weapons, ("courage", "terror_weapons"), "weapon")
    known(data.movement.no_dash, weapons + list(data.equipment), ("movement", "no_dash"), "weapon or equipment")
    known(data.movement.difficult_terrain, terrain, ("movement", "difficult_terrain"), "terrain type")
    need(sorted(data.movement.tanks) == sorted(vehicles), ("movement", "tanks"), f"give the speeds of each vehicle rank: {', '.join(vehicles)}")
    for wid, w in data.weapons.items():
        _check_weapon(data, wid, w, need)
    for part in ("grenade_rules", "mortar_rules"):
        file_die(getattr(data, part).scatter_die, (part, "scatter_die"))
    known(data.grenade_rules.obstructions, terrain, ("grenade_rules", "obstructions"), "terrain type")
    known(data.grenade_rules.confined, terrain, ("grenade_rules", "confined"), "terrain type")
    hand, rifle = data.weapons.get("hand_grenade"), data.weapons.get("rifle_grenade")
    if hand is not None and rifle is not None and hand.scatter_dice and rifle.scatter_dice:
        extra = [d + data.grenade_rules.rifle_grenade_extra for d in hand.scatter_dice]
        need(rifle.scatter_dice == extra, ("weapons", "rifle_grenade", "scatter_dice"),
             f"a rifle grenade adds {data.grenade_rules.rifle_grenade_extra} D6 to the hand grenade's (L208): {extra}")
    known(data.critical_hits.caused_by, weapons, ("critical_hits", "caused_by"), "weapon")
    need(sorted(data.critical_hits.tables) == sorted(vehicles), ("critical_hits", "tables"), f"give a critical hit table for each vehicle rank: {', '.join(vehicles)}")

    # the events (L281-313)
    deck = playing_deck(data.events.deck.jokers, data.events.deck.lowest_rank)
    missing = [c for c in deck if c not in data.events.cards]
    need(not missing, ("events", "cards"), f"the deck has {len(deck)} cards: give the {', '.join(missing)} (effect: none for a card with no event)")
    for code, card in data.events.cards.items():
        loc = ("events", "cards", code)
        need(code in deck, loc, f"'{code}' is not a card of the deck ({data.events.deck.lowest_rank} to ace of four suits and {data.events.deck.jokers} jokers); expected one of: {', '.join(deck)}")
        if card.joins_as is not None:
            known(card.joins_as, data.troop_types, loc + ("joins_as",), "troop type")
        for k, rank in enumerate(card.ranks or []):
            known(rank, data.ranks, loc + ("ranks", k), "rank")
        known(card.weapons or [], weapons, loc + ("weapons",), "weapon")
        if card.template is not None:
            known(card.template, data.templates, loc + ("template",), "template")
        for f in ("scatter", "wind_direction"):
            if getattr(card, f) is not None:
                file_die(getattr(card, f), loc + (f,))

    # the ready forces (L347-384)
    for fid, force in data.ready_forces.items():
        total = 0
        for i, u in enumerate(force.units):
            loc = ("ready_forces", fid, "units", i)
            known(u.figures, data.troop_types, loc + ("figures",), "troop type")
            prices = {t: data.figure_points(t) for t in u.figures}
            unpriced = [t for t, p in prices.items() if p is None]
            need(not unpriced, loc + ("figures",), f"'{unpriced[0] if unpriced else ''}' has no points; a ready force is bought with points")
            cost = sum(n * (prices[t] or 0) for t, n in u.figures.items())
            need(cost == u.points, loc + ("points",), f"the unit's figures cost {cost} points, not {u.points}")
            total += cost
        need(total == force.total, ("ready_forces", fid, "total"), f"the units cost {total} points in all, not {force.total}")
    check_solo_section(data, doc)


def _check_names(data: GbData, need) -> None:
    """Ids listed twice, and the optional rules the tables refer to."""
    for what, ids in (("interpretations", [i.id for i in data.interpretations]), ("optional_rules", [o.id for o in data.optional_rules]),
                      ("stats", data.stats)):
        twice = [x for i, x in enumerate(ids) if x in ids[:i]]
        need(not twice, (what,), f"'{twice[0] if twice else ''}' is listed twice; keep one")
    options = [o.id for o in data.optional_rules]
    for rule, loc in (("courage_twelve", ("courage", "courage_twelve")), ("consent", ("luck_valour", "consent")),
                      ("difficult_terrain", ("movement", "difficult_terrain"))):
        need(rule in options, loc, f"this table is played under the optional rule '{rule}'; declare it in optional_rules")


def _check_troop(data: GbData, tid: str, tt: GbTroop, need, known) -> None:
    loc = ("troop_types", tid)
    known(tt.rank, data.ranks, loc + ("rank",), "rank")
    rank = data.ranks[tt.rank]
    known(tt.weapons, data.weapons, loc + ("weapons",), "weapon")
    known(tt.equipment, data.equipment, loc + ("equipment",), "equipment")
    known(tt.skills, data.skills, loc + ("skills",), "skill")
    known(tt.stats, data.stats, loc + ("stats",), "statistic")
    for k, v in rank.stat_block().items():
        need(tt.stats[k] == v, loc + ("stats", k), f"the rank {tt.rank} has {k} {v}; a troop type keeps its rank's statistics (give upgrades in equipment)")
    if rank.attacks == "variable":
        for k in ("shooting_attacks", "melee_attacks"):
            need(k in tt.stats, loc + ("stats",), f"the rank {tt.rank} has variable attacks: give this troop type's {k}")
        need(tt.stats.get("shooting_attacks") == len(tt.weapons), loc + ("stats", "shooting_attacks"),
             f"a tank's shooting attacks are its weapons (interpretation tank-weapons): {len(tt.weapons)}")
    need(tt.points is None or tt.points == rank.points, loc + ("points",), f"a troop type costs its rank's points ({rank.points}) before its upgrades, or null when unpriced")
    for e in tt.equipment:
        lacking = [w for w in data.equipment[e].weapons if w not in tt.weapons]
        need(not lacking, loc + ("weapons",), f"its upgrade '{e}' gives the {', '.join(lacking)}: list it in weapons too")


def _check_weapon(data: GbData, wid: str, w: Weapon, need) -> None:
    loc = ("weapons", wid)
    for f in ("template", "boom_template"):
        name = getattr(w, f)
        if name is None:
            continue
        need(name in data.templates, loc + (f,), f"unknown template '{name}'; expected one of: {', '.join(data.templates)}")
        strip = w.kind == "flame" and f == "template"
        need(data.templates[name].is_blast != strip, loc + (f,), f"'{name}' is a {'blast' if data.templates[name].is_blast else 'strip'}; "
             + ("a flame weapon lays a strip (length and width)" if strip else "this weapon lays a blast (diameter or radius)"))
    if w.if_moved is not None:
        need(w.if_moved in data.weapons and w.if_moved != wid, loc + ("if_moved",), f"if_moved names another weapon of the chart, not '{w.if_moved}'")
