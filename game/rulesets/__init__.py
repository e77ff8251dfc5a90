"""Ruleset modules: one per rules text. The registry maps a ruleset id to its class."""

from __future__ import annotations

from importlib import import_module

REGISTRY: dict[str, str] = {
    "great-war-54mm": "game.rulesets.great_war_54mm.rules:GreatWar54",
    "wwify": "game.rulesets.wwify.ruleset:Wwify",
    "ww2-skirmish": "game.rulesets.ww2_skirmish.ruleset:Ww2Skirmish",
}


def ruleset_class(ruleset_id: str):
    target = REGISTRY.get(ruleset_id)
    if target is None:
        raise KeyError(ruleset_id)
    mod, _, name = target.partition(":")
    return getattr(import_module(mod), name)
