"""Ruleset modules: one per rules text. The registry maps a ruleset id to its class;
``DATA_ONLY`` maps the ids of rulesets still being written to their data classes."""

from __future__ import annotations

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
})


#: rulesets whose data is written and checked but whose rules are not playable yet: the id
#: and the data class (a RulesetData with its check_data) of each. `validate` checks their
#: files; the New game screen, the editor and maps do not offer them (they are not in
#: REGISTRY). A ruleset leaves this list when its rules class joins REGISTRY.
DATA_ONLY: dict[str, str] = Registry({
    "goodbyeeee": "game.rulesets.goodbyeeee.data:GbData",
})


def ruleset_class(ruleset_id: str):
    target = REGISTRY.get(ruleset_id) if ruleset_id in REGISTRY else None
    if target is None:
        raise KeyError(ruleset_id)
    mod, _, name = target.partition(":")
    return getattr(import_module(mod), name)


def data_class(ruleset_id: str):
    """The data class of a ruleset of DATA_ONLY (KeyError for any other id)."""
    target = DATA_ONLY.get(ruleset_id) if ruleset_id in DATA_ONLY else None
    if target is None:
        raise KeyError(ruleset_id)
    mod, _, name = target.partition(":")
    return getattr(import_module(mod), name)
