"""Opening a save in the play screen, for every screen that does it (the main menu's
Continue, the Load screen, ``main.py play --load``); a module of its own, not a scene's,
so the scenes that share it import no other scene."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.core.save import SaveError
from game.data.errors import DataError
from game.session import load_session

if TYPE_CHECKING:
    from .app import App


def open_save(app: App, path: str | Path) -> bool:
    """Load a save into the play screen; on failure show why and stay usable."""
    app.busy("Checking the save: playing its commands again from the seed...")
    try:
        session = load_session(path)
    except (SaveError, DataError) as e:
        app.toast(str(e), 8)
        return False
    app.open("play", session)
    return True

