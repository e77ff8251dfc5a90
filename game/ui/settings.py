"""The player's settings, kept in ``settings.json`` in the data folder (written
atomically; a missing or broken file gives the defaults): sound volume, colour-blind-safe
side colours, how fast the computer plays, full screen. The Settings screen changes them
(game/ui/menu.py); each part of the program reads what it needs here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.core.save import write_atomic
from game.paths import data_home

#: the Okabe-Ito colours, told apart with every common colour blindness (sides in map order)
SAFE_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#D55E00")
#: seconds between the computer's commands, so a person can follow (None: as fast as it can)
AI_SPEEDS = {"normal": 0.35, "fast": 0.1, "instant": 0.0}
DEFAULTS: dict[str, Any] = {"volume": 1.0, "colour_blind": False, "ai_speed": "normal", "fullscreen": False}


def settings_path() -> Path:
    return data_home() / "settings.json"


def read_settings() -> dict[str, Any]:
    """The settings file over the defaults; a value of the wrong kind is the default."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    out = dict(DEFAULTS)
    if isinstance(data, dict):
        for k, v in data.items():
            if k in DEFAULTS and isinstance(v, type(DEFAULTS[k])) or (k == "volume" and isinstance(v, int | float)):
                out[k] = v
    if out["ai_speed"] not in AI_SPEEDS:
        out["ai_speed"] = DEFAULTS["ai_speed"]
    return out


def write_settings(changes: dict[str, Any]) -> dict[str, Any]:
    data = read_settings()
    data.update(changes)
    write_atomic(settings_path(), json.dumps(data, indent=2, sort_keys=True))
    return data
