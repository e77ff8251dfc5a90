"""A table drawn small, with dots for figures: New game's scenario preview and the Load
screen's pictures of saves (one in each row, a larger one of the picked save).

The Load screen's pictures are kept: each save's for the file as it was (its path, size
and time of change: a save written again is drawn again), and the table under it once
per map (the autosaves of one game share theirs), so a list of many saves of a few
scenarios draws each table once."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Iterable
from pathlib import Path

import pygame

from game.catalog import LoadedMap, load_map_doc
from game.core.save import SaveError, read_save
from game.core.state import ACTIVE
from game.data.errors import DataError
from game.data.yamlio import Doc
from game.session import local_time

from .settings import SAFE_COLOURS
from .terrain_render import TerrainRenderer, terrain_looks

#: how many saves' pictures (and tables) are kept at most, the least recently used dropped
KEPT = 256

_pictures: OrderedDict[tuple[str, int, int, tuple[int, int], bool], tuple[pygame.Surface | None, list[str]]] = OrderedDict()
_maps: OrderedDict[str, LoadedMap] = OrderedDict()
_tables: OrderedDict[tuple[str, tuple[int, int]], tuple[pygame.Surface, float]] = OrderedDict()


def _keep(store: OrderedDict, key: object, value: object) -> None:
    store[key] = value
    store.move_to_end(key)
    while len(store) > KEPT:
        store.popitem(last=False)


def _terrain(lm: LoadedMap, room: tuple[int, int]) -> tuple[pygame.Surface, float]:
    table = lm.ruleset.build_table(lm.model)
    z = min(room[0] / table.width, room[1] / table.height)
    cache, _ = TerrainRenderer(table, terrain_looks()).surface(z)
    size = (max(1, round(table.width * z)), max(1, round(table.height * z)))
    return (pygame.transform.smoothscale(cache, size) if cache.get_size() != size else cache.copy()), z


def table_thumbnail(lm: LoadedMap, room: tuple[int, int], dots: Iterable[tuple[float, float, str]], key: str = "") -> pygame.Surface:
    """The map's table fitted into ``room`` (px), a dot for each (x mm, y mm, colour).
    With a ``key`` (the map's digest) the table under the dots is drawn once per room."""
    drawn = _tables.get((key, room)) if key else None
    if drawn is None:
        drawn = _terrain(lm, room)
        if key:
            _keep(_tables, (key, room), drawn)
    table, z = drawn
    pic = table.copy()
    r = 3 if min(room) >= 120 else 2  # a row's small picture: smaller dots
    for x, y, colour in dots:  # a light ring around the side's colour (a ring drawn over a small dot hid its colour)
        pygame.draw.circle(pic, (238, 230, 205), (x * z, y * z), r + 1)
        pygame.draw.circle(pic, pygame.Color(colour), (x * z, y * z), r)
    return pic


def side_colour(i: int, own: str, safe: bool) -> str:
    """The ``i``-th side's colour: its own, or the colour-blind-safe one (the settings)."""
    return SAFE_COLOURS[i % len(SAFE_COLOURS)] if safe else own


def save_thumbnail(path: Path, room: tuple[int, int], safe: bool = False) -> tuple[pygame.Surface | None, list[str]]:
    """A save's table as it stands (its figures as dots, unless its rules hide information:
    the Load screen is seen by both players; ``safe``: in the colour-blind-safe colours)
    and lines about it; a save that cannot be read gives no picture and the reason. Kept
    for the file as it is (see the module's note)."""
    try:
        st = path.stat()
    except OSError as e:
        return None, [f"No picture: {e.strerror or e}"]
    key = (str(path), st.st_mtime_ns, st.st_size, room, safe)
    if key in _pictures:
        _pictures.move_to_end(key)
        return _pictures[key]
    made = _draw_save(path, room, safe)
    _keep(_pictures, key, made)
    return made


def is_kept(path: Path, room: tuple[int, int], safe: bool = False) -> bool:
    """Whether the save's picture for ``room`` is drawn already (as the file is now)."""
    try:
        st = path.stat()
    except OSError:
        return True  # gone: nothing to draw
    return (str(path), st.st_mtime_ns, st.st_size, room, safe) in _pictures


def _draw_save(path: Path, room: tuple[int, int], safe: bool) -> tuple[pygame.Surface | None, list[str]]:
    try:
        doc = read_save(path)
        map_data = doc["scenario"]["map"]
        digest = hashlib.sha256(json.dumps(map_data, sort_keys=True).encode()).hexdigest()
        lm = _maps.get(digest)
        if lm is None:
            lm = load_map_doc(Doc(path=str(path), data=map_data))
            _keep(_maps, digest, lm)
        st = doc["state"]
        sides = st.get("sides", {})
        hidden = bool(getattr(lm.ruleset, "hidden_information", False))
        colours = {sid: side_colour(i, str(sd.get("colour", "#888888")), safe) for i, (sid, sd) in enumerate(sides.items())}
        dots = [] if hidden else [(float(f["x"]), float(f["y"]), colours.get(f["side"], "#888888"))
                                  for f in st.get("figures", {}).values() if f.get("life") == ACTIVE]
        pic = table_thumbnail(lm, room, dots, key=digest)
    except (SaveError, DataError, KeyError, TypeError, ValueError, AttributeError) as e:
        return None, [f"No picture: {str(e)[:120]}"]
    names = " v ".join(str(sides.get(s, {}).get("name", s)) for s in st.get("side_order", []))
    lines = [f"{doc.get('scenario_name', '')} ({lm.ruleset.data.name})", f"Turn {doc.get('turn', '?')}: {names}", f"Saved {local_time(str(doc.get('saved_at', '')))}"]
    if hidden:
        lines.append("Figures not shown: these rules hide each side's men from the other.")
    return pic, lines
