"""Where the player's own files live: saves, maps made in the editor, screenshots.
The user's data folder (platformdirs), or TRENCHTABLE_HOME when set (tests use it)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir


def data_home() -> Path:
    env = os.environ.get("TRENCHTABLE_HOME")
    return Path(env) if env else Path(user_data_dir("trenchtable", appauthor=False))


def saves_dir() -> Path:
    return data_home() / "saves"


def user_maps_dir() -> Path:
    return data_home() / "maps"
