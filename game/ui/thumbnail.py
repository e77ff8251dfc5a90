"""A table drawn small, with dots for figures: New game's scenario preview and the Load
screen's picture of a save."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pygame

from game.catalog import LoadedMap, load_map_doc
from game.core.save import SaveError, read_save
from game.core.state import ACTIVE
from game.data.errors import DataError
from game.data.yamlio import Doc
from game.session import local_time

from .terrain_render import TerrainRenderer, terrain_looks


def table_thumbnail(lm: LoadedMap, room: tuple[int, int], dots: Iterable[tuple[float, float, str]]) -> pygame.Surface:
    """The map's table fitted into ``room`` (px), a dot for each (x mm, y mm, colour)."""
    table = lm.ruleset.build_table(lm.model)
    z = min(room[0] / table.width, room[1] / table.height)
    cache, _ = TerrainRenderer(table, terrain_looks()).surface(z)
    size = (max(1, round(table.width * z)), max(1, round(table.height * z)))
    pic = pygame.transform.smoothscale(cache, size) if cache.get_size() != size else cache.copy()
    for x, y, colour in dots:
        pygame.draw.circle(pic, pygame.Color(colour), (x * z, y * z), 3)
        pygame.draw.circle(pic, (238, 230, 205), (x * z, y * z), 3, 1)
    return pic


def save_thumbnail(path: Path, room: tuple[int, int]) -> tuple[pygame.Surface | None, list[str]]:
    """A save's table as it stands (its figures as dots, unless its rules hide information:
    the Load screen is seen by both players) and lines about it; a save that cannot be read
    gives no picture and the reason."""
    try:
        doc = read_save(path)
        lm = load_map_doc(Doc(path=str(path), data=doc["scenario"]["map"]))
        st = doc["state"]
        sides = st.get("sides", {})
        hidden = bool(getattr(lm.ruleset, "hidden_information", False))
        dots = [] if hidden else [(float(f["x"]), float(f["y"]), str(sides.get(f["side"], {}).get("colour", "#888888")))
                                  for f in st.get("figures", {}).values() if f.get("life") == ACTIVE]
        pic = table_thumbnail(lm, room, dots)
    except (SaveError, DataError, KeyError, TypeError, ValueError, AttributeError) as e:
        return None, [f"No picture: {str(e)[:120]}"]
    names = " v ".join(str(sides.get(s, {}).get("name", s)) for s in st.get("side_order", []))
    lines = [f"{doc.get('scenario_name', '')} ({lm.ruleset.data.name})", f"Turn {doc.get('turn', '?')}: {names}", f"Saved {local_time(str(doc.get('saved_at', '')))}"]
    if hidden:
        lines.append("Figures not shown: these rules hide each side's men from the other.")
    return pic, lines
