"""Ruleset modules: one per rules text. The registry maps a ruleset id to its class."""

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


def ruleset_class(ruleset_id: str):
    target = REGISTRY.get(ruleset_id) if ruleset_id in REGISTRY else None
    if target is None:
        raise KeyError(ruleset_id)
    mod, _, name = target.partition(":")
    return getattr(import_module(mod), name)
