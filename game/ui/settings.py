"""The player's settings, kept in ``settings.json`` in the data folder (written
atomically; a missing or broken file gives the defaults): sound volume, colour-blind-safe
side colours, how fast the computer plays, full screen, the window's size, the UI scale,
how fast tokens glide and dice tumble. The Settings screen changes them
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
#: the window's sizes offered (the screens are laid out for 960x640 points and more)
WINDOW_SIZES = ("1000x700", "1280x800", "1440x900", "1600x1000", "1920x1080")
#: the UI scales offered: the screens drawn this much larger (as far as 960x640 points fit)
UI_SCALES = (1.0, 1.25, 1.5, 2.0)
#: how fast tokens glide and dice tumble (0: no animation)
ANIMATIONS = {"normal": 1.0, "fast": 3.0, "off": 0.0}
DEFAULTS: dict[str, Any] = {"volume": 1.0, "colour_blind": False, "ai_speed": "normal", "fullscreen": False,
                            "window": "1280x800", "ui_scale": 1.0, "animation": "normal"}


def window_size(settings: dict[str, Any]) -> tuple[int, int]:
    w, h = str(settings.get("window", DEFAULTS["window"])).split("x")
    return int(w), int(h)


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
            if k in DEFAULTS and isinstance(v, type(DEFAULTS[k])) or (k in ("volume", "ui_scale") and isinstance(v, int | float)):
                out[k] = v
    for key, allowed in (("ai_speed", AI_SPEEDS), ("window", WINDOW_SIZES), ("ui_scale", UI_SCALES), ("animation", ANIMATIONS)):
        if out[key] not in allowed:
            out[key] = DEFAULTS[key]
    return out


def write_settings(changes: dict[str, Any]) -> dict[str, Any]:
    data = read_settings()
    data.update(changes)
    write_atomic(settings_path(), json.dumps(data, indent=2, sort_keys=True))
    return data
