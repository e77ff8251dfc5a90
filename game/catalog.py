"""Finding and loading the shipped rulesets and maps, validating any data file, and
starting or loading a game. This is where data, rulesets and the core meet."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.commands import Rejected
from game.core.game import Game
from game.core.save import SaveError, read_save
from game.core.verify import ReplayMismatch, check_final, replay_commands
from game.data.errors import DataError
from game.data.map_build import check_attrs, check_map, check_playable
from game.data.map_schema import MapFile
from game.data.pyd import validate_model
from game.data.ruleset_schema import RulesetData
from game.data.solo_schema import check_solo_section
from game.data.terrain_types import DEFAULT_PATH as TERRAIN_PATH
from game.data.terrain_types import TerrainFile, load_terrain_file
from game.data.yamlio import Doc, check_complete, check_doc_values, load_yaml, parse_yaml
from game.rulesets import (
    DATA_ONLY,
    IN_PROGRESS,
    REGISTRY,
    allowing_unfinished,
    data_class,
    ruleset_class,
    unfinished_class,
)

ROOT = Path(__file__).resolve().parents[1]
RULESETS_DIR = ROOT / "rulesets"
MAPS_DIR = ROOT / "maps"
RULES_TEXT_DIR = ROOT.parent / "shared" / "rules"

_terrain: TerrainFile | None = None
_rulesets: dict[str, Any] = {}


def terrain_file() -> TerrainFile:
    global _terrain
    if _terrain is None:
        _terrain = load_terrain_file(TERRAIN_PATH)
    return _terrain


def ruleset_path(ruleset_id: str) -> Path:
    return RULESETS_DIR / f"{ruleset_id}.yaml"


def available_rulesets() -> list[str]:
    """Rulesets whose data file and module are present and load cleanly; the problems
    of the others are kept in ``ruleset_problems`` for the interface to show."""
    out = []
    for r in REGISTRY:
        if not ruleset_path(r).exists():
            continue
        try:
            load_ruleset(r)
        except DataError as e:
            ruleset_problems[r] = e.one_line()
            continue
        except ImportError as e:
            ruleset_problems[r] = f"{ruleset_path(r)}: its module cannot be loaded ({e})"
            continue
        out.append(r)
    return out


ruleset_problems: dict[str, str] = {}


def _ruleset_id(doc: Doc, known: Iterable[str]) -> str:
    """The id of a ruleset file, refused unless it is one of ``known``."""
    data = doc.data
    if not isinstance(data, dict):
        raise DataError(doc.path, "a ruleset file must be a mapping of fields", doc.line(()))
    rid = data.get("id")
    if rid in DATA_ONLY and rid not in known:
        raise DataError(doc.path, f"the ruleset {rid!r} has its data but its rules are not playable yet; "
                        f"`validate` checks its file, and games use one of: {', '.join(REGISTRY)}", doc.line(("id",)), "id")
    if not isinstance(rid, str) or rid not in known:
        raise DataError(doc.path, f"unknown ruleset id {rid!r}; expected one of: {', '.join(known)}", doc.line(("id",)), "id")
    return rid


def _checked_data(doc: Doc, rid: str, data_cls: Any, check_data: Any) -> Any:
    """A ruleset file read whole and checked: complete (its ``end:`` line), against its
    data class, its own cross-references (``check_data``) and its solo section."""
    check_complete(doc, rid)
    model = validate_model(data_cls, doc)
    check_data(model, doc)
    check_solo_section(model, doc)
    return model


def load_ruleset_doc(doc: Doc):
    rid = _ruleset_id(doc, REGISTRY)
    cls = ruleset_class(rid)
    return cls(_checked_data(doc, rid, cls.Data, cls.check_data), terrain_file())


def load_ruleset_data_doc(doc: Doc) -> RulesetData:
    """The checked data of a ruleset file, playable (REGISTRY) or not yet (DATA_ONLY): what
    `validate` reads a ruleset file with."""
    rid = _ruleset_id(doc, [*REGISTRY, *DATA_ONLY])
    if rid in REGISTRY:
        data: RulesetData = load_ruleset_doc(doc).data
        return data
    cls = data_class(rid)
    model: RulesetData = _checked_data(doc, rid, cls, cls.check_data)
    return model


def load_ruleset(ruleset_id: str):
    """The ruleset object for an id (cached)."""
    if ruleset_id not in _rulesets:
        path = ruleset_path(ruleset_id)
        if ruleset_id not in REGISTRY:
            raise DataError(str(path), f"unknown ruleset {ruleset_id!r}; expected one of: {', '.join(REGISTRY)}")
        _rulesets[ruleset_id] = load_ruleset_doc(load_yaml(path))
    return _rulesets[ruleset_id]


def load_unfinished_ruleset(ruleset_id: str):
    """The rules object of a ruleset still being written (``game.rulesets.IN_PROGRESS``),
    for tests and headless runs only: a map loaded with it (``load_map_doc(doc, ruleset=it)``)
    may name it. Not cached with the playable ones, so ``load_ruleset`` still refuses it."""
    if ruleset_id not in IN_PROGRESS:
        raise DataError(str(ruleset_path(ruleset_id)), f"{ruleset_id!r} is not a ruleset being written; "
                        f"expected one of: {', '.join(IN_PROGRESS)}")
    cls = unfinished_class(ruleset_id)
    return cls(_checked_data(load_yaml(ruleset_path(ruleset_id)), ruleset_id, cls.Data, cls.check_data), terrain_file())


@dataclass
class LoadedMap:
    path: str
    doc: Doc
    model: MapFile
    ruleset: Any


def load_map_doc(doc: Doc, ruleset: Any | None = None, for_play: bool = True) -> LoadedMap:
    """``for_play=False``: a map being built in the editor, which may still lack what a
    game needs (a side's units)."""
    if not isinstance(doc.data, dict):
        raise DataError(doc.path, "a map file must be a mapping of fields", doc.line(()))
    with allowing_unfinished(getattr(ruleset, "id", None)):  # a test's map for rules being written
        model = validate_model(MapFile, doc)
    rs = ruleset or load_ruleset(model.ruleset)
    check_map(doc, model, terrain_file().types, rs.data)
    check_attrs(doc, model, rs.map_unit_attrs)
    rs.check_map(doc, model)
    if for_play:
        check_playable(doc, model)
        rs.check_playable_map(doc, model)
    return LoadedMap(doc.path, doc, model, rs)


def load_map(path: str | Path, ruleset: Any | None = None, for_play: bool = True) -> LoadedMap:
    return load_map_doc(load_yaml(path), ruleset, for_play)


def map_files() -> list[Path]:
    """Shipped maps, then the player's own (made in the editor)."""
    from game.paths import user_maps_dir

    own = user_maps_dir()
    return sorted(MAPS_DIR.glob("*.yaml")) + (sorted(own.glob("*.yaml")) if own.exists() else [])


def resolve_map(name: str | Path) -> Path:
    """A map named by path, by file name in maps/ or the player's maps, or without .yaml."""
    from game.paths import user_maps_dir

    p = Path(name)
    if p.exists():
        return p
    for folder in (MAPS_DIR, user_maps_dir()):
        for cand in (folder / str(name), folder / f"{name}.yaml"):
            if cand.exists():
                return cand
    return p


#: the map files that cannot be played, with the reason (for the New game screen)
map_problems: dict[str, str] = {}


def available_maps(ruleset_id: str | None = None, shipped_only: bool = False) -> list[LoadedMap]:
    """The maps that can be played (``shipped_only``: those in maps/, not the player's own);
    the others are kept in ``map_problems`` with why."""
    out = []
    for p in map_files():
        if shipped_only and p.parent != MAPS_DIR:
            continue
        try:
            lm = load_map(p)
        except DataError as e:
            map_problems[str(p)] = e.one_line()
            continue
        except ImportError as e:
            map_problems[str(p)] = f"{p}: its ruleset's module cannot be loaded ({e})"
            continue
        map_problems.pop(str(p), None)
        if ruleset_id is None or lm.model.ruleset == ruleset_id:
            out.append(lm)
    return out


def validate_file(path: str | Path) -> str:
    """Check one data file. Returns a one-line summary or raises DataError."""
    doc = load_yaml(path)
    data = doc.data
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind == "map":
        from game.solo.portal_check import map_sight, pool_notes, portal_warnings

        lm = load_map_doc(doc)
        n = sum(len(u.figures) for s in lm.model.sides for u in s.units)
        warn = portal_warnings(lm.model, lm.ruleset.build_table(lm.model), map_sight(lm))
        lines = [f"{path}: ok (map '{lm.model.name}' for {lm.model.ruleset}, {len(lm.model.terrain)} terrain features, {n} figures"
                 + (f", {len(warn)} warning(s)" if warn else "") + ")"]
        return "\n".join(lines + [f"{path}: warning: {w}" for w in warn] + [f"{path}: note: {x}" for x in pool_notes(lm.model, lm.ruleset)])
    if kind == "ruleset":
        rd = load_ruleset_data_doc(doc)
        later = "; its rules are not playable yet" if rd.id in DATA_ONLY else ""
        return f"{path}: ok (ruleset '{rd.name}', {len(rd.troop_types)} troop types, {len(rd.interpretations)} interpretations{later})"
    if kind == "terrain-types":
        check_complete(doc, "terrain-types")
        tf = validate_model(TerrainFile, doc)
        return f"{path}: ok ({len(tf.types)} terrain types)"
    if kind == "solo-tables":
        from game.solo.tables import SoloTables

        check_complete(doc, "solo-tables")
        st = validate_model(SoloTables, doc)
        return f"{path}: ok (solo tables: {len(st.risk_factors)} risk factors, {len(st.action_chart)} chart rows)"
    raise DataError(
        str(path),
        f"unknown or missing `kind` ({kind!r}); expected kind: map, ruleset, terrain-types or solo-tables",
        doc.line(("kind",)),
        "kind",
    )


def new_game(
    map_source: str | Path | LoadedMap,
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> Game:
    lm = map_source if isinstance(map_source, LoadedMap) else load_map(map_source)
    check_playable(lm.doc, lm.model)
    rs = lm.ruleset
    opts = {**rs.data.option_defaults(), **(options or {})}
    # "solo_side": the side the solo rules play (portal markers, solo counters)
    if opts.get("solo_side") is not None and opts["solo_side"] not in [s.id for s in lm.model.sides]:
        raise DataError(lm.path, f"solo_side {opts['solo_side']!r} is not a side of this map")
    unknown = set(opts) - {o.id for o in rs.data.optional_rules} - {"solo_side"}
    if unknown:
        raise DataError(lm.path, f"unknown optional rule(s): {', '.join(sorted(unknown))}")
    state = rs.new_state(lm.model, opts)
    table = rs.build_table(lm.model)
    game = Game(rs, state, table, seed, opts, scenario={"path": str(lm.path), "map": lm.doc.data})
    game.begin()
    return game


def game_from_scenario(scenario: dict[str, Any], seed: int, options: dict[str, Any]) -> Game:
    """Rebuild a game (before any command) from a saved scenario document."""
    path = scenario.get("path", "save")
    doc = Doc(path=f"{path} (as saved)", data=scenario["map"])
    check_doc_values(doc)  # the text checks a map file gets when it is read
    lm = load_map_doc(doc)
    return new_game(lm, seed, options)


def load_game(path: str | Path) -> Game:
    """The game a save holds, played again from its seed and commands and kept only if
    they give what the file says (:mod:`game.core.verify`). Anything wrong with the file
    is a SaveError naming the file and, where a command differs, the first one."""
    return game_from_save_doc(read_save(path), str(path))


def game_from_save_doc(doc: dict[str, Any], where: str) -> Game:
    """The game a save document (read and its envelope checked) holds, played again and
    verified; ``where`` names the file in what a SaveError says."""
    try:
        game = game_from_scenario(doc["scenario"], doc["seed"], doc.get("options", {}))
    except DataError as e:
        raise SaveError(f"{where}: the scenario inside this save no longer loads: {e}{_rules_changed(doc)}") from None
    except Exception as e:  # an untrusted file: whatever it holds, say so and go on
        raise SaveError(f"{where}: the save cannot be set up ({type(e).__name__}: {str(e)[:120]}); load another save") from None
    return play_on(game, doc, where)


def play_on(game: Game, doc: dict[str, Any], where: str) -> Game:
    """``game``, which holds the first of a save document's commands, fed the rest and
    checked against the document as :func:`game_from_save_doc` checks a whole game."""
    why = _rules_changed(doc).removeprefix("; ") or "the file was altered after it was saved, or is damaged - load another save"
    try:
        replay_commands(game, doc["commands"], doc["log"], why)
        check_final(game, doc, why)
    except ReplayMismatch as e:
        raise SaveError(f"{where}: {e}") from None
    except Exception as e:
        raise SaveError(f"{where}: its commands cannot be played again ({type(e).__name__}: {str(e)[:120]}); {why}") from None
    game.settle()
    return game


def _rules_changed(doc: dict[str, Any]) -> str:
    """Why a save's commands may no longer replay: the rules changed since it was made."""
    saved = doc.get("rules")
    rid = doc.get("ruleset")
    if not isinstance(saved, dict):
        return "; it was saved before saves recorded their rules, and these rules may have changed since" if doc.get("version", 0) < 3 else ""
    try:
        rs = load_ruleset(str(rid))
    except DataError:
        return ""
    if saved.get("version") != rs.rules_version:
        return (f"; it was played under version {saved.get('version')} of the {rs.data.name} rules and this program plays "
                f"version {rs.rules_version}, which resolves commands differently - finish it with the program that saved it")
    if saved.get("data") != rs.data_digest:
        return (f"; it was played under other {rs.data.name} data (digest {saved.get('data')}, now {rs.data_digest}: "
                f"rulesets/{rs.id}.yaml or terrain.yaml changed) - finish it with the files it was played with")
    return ""


def replay(game: Game, upto: int | None = None) -> Game:
    """A fresh game with the same scenario, seed and options, fed the same commands (the
    first ``upto`` of them: the game as it stood after that many)."""
    fresh = game_from_scenario(game.scenario, game.seed, game.options)
    for cmd in game.commands[:upto]:
        res = fresh.submit(cmd)
        if isinstance(res, Rejected):
            raise AssertionError(f"replay refused {cmd}: {res.reason}")
    return fresh


__all__ = ["parse_yaml", "new_game", "load_game", "game_from_save_doc", "replay", "validate_file"]
