"""Ruleset modules: one per rules text. The registry maps a ruleset id to its class;
``DATA_ONLY`` maps the ids of rulesets still being written to their data classes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import import_module


class Registry(dict[str, str]):
    """Ruleset ids and where their classes live. Only a text names a ruleset: asking
    whether a list or a mapping (from a damaged file) is one answers no."""

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and super().__contains__(key)


REGISTRY: dict[str, str] = Registry({
    "great-war-54mm": "game.rulesets.great_war_54mm.rules:GreatWar54",
    "wwify": "game.rulesets.wwify.ruleset:Wwify",
    "ww2-skirmish": "game.rulesets.ww2_skirmish.ruleset:Ww2Skirmish",
    "goodbyeeee": "game.rulesets.goodbyeeee.ruleset:Goodbyeeee",
    "ww2-135": "game.rulesets.ww2_135.ruleset:Ww2135",
})


#: rulesets whose data is written and checked but whose rules are not playable yet: the id
#: and the data class (a RulesetData with its check_data) of each. `validate` checks their
#: files; the New game screen, the editor and maps do not offer them (they are not in
#: REGISTRY). A ruleset leaves this list when its rules class joins REGISTRY.
DATA_ONLY: dict[str, str] = Registry({})


#: the rules classes of DATA_ONLY rulesets whose rules are being written, slice by slice
#: (docs/goodbyeeee-design.md section 7). Tests build games of them: the ruleset object from
#: ``game.catalog.load_unfinished_ruleset`` and a map loaded with that object
#: (``load_map_doc(doc, ruleset=...)``, which lets the map name it). Nothing a player reaches
#: offers them: the New game screen, the editor, map files and saves read REGISTRY only.
IN_PROGRESS: dict[str, str] = Registry({})

#: the unfinished rulesets a map being loaded now may name (set only by `allowing_unfinished`)
_allowed: ContextVar[frozenset[str]] = ContextVar("unfinished_rulesets_allowed", default=frozenset())


@contextmanager
def allowing_unfinished(ruleset_id: str | None) -> Iterator[None]:
    """While a map is validated for a ruleset object of IN_PROGRESS that the caller holds,
    its ``ruleset:`` may name that ruleset (None: nothing more is allowed)."""
    allowed = _allowed.get()
    if ruleset_id is not None and ruleset_id in IN_PROGRESS:
        allowed = allowed | {ruleset_id}
    token = _allowed.set(allowed)
    try:
        yield
    finally:
        _allowed.reset(token)


def unfinished_allowed(ruleset_id: str) -> bool:
    """Whether a map being loaded now may name the unfinished ruleset ``ruleset_id``."""
    return ruleset_id in _allowed.get()


def _class_in(table: dict[str, str], ruleset_id: str):
    """The class ``table`` names for ``ruleset_id`` (``module:Class``), imported when asked
    (KeyError for an id the table does not hold)."""
    target = table.get(ruleset_id) if ruleset_id in table else None
    if target is None:
        raise KeyError(ruleset_id)
    mod, _, name = target.partition(":")
    return getattr(import_module(mod), name)


def ruleset_class(ruleset_id: str):
    """The rules class of a playable ruleset (REGISTRY)."""
    return _class_in(REGISTRY, ruleset_id)


def data_class(ruleset_id: str):
    """The data class of a ruleset of DATA_ONLY (KeyError for any other id)."""
    return _class_in(DATA_ONLY, ruleset_id)


def unfinished_class(ruleset_id: str):
    """The rules class of a ruleset of IN_PROGRESS (KeyError for any other id)."""
    return _class_in(IN_PROGRESS, ruleset_id)
