"""The play screen's tool box (the odds while aiming, a move's cost, a sight line's
features) as the play view draws it: what it keeps off on this screen and where it goes
(the rectangles are chosen in game/ui/info_box.py). A part of :class:`PlayView`."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.core.state import GameState

from .handlers import PointHandler, TargetHandler
from .info_box import LINE_H, KeepOff, Placed, choose, draw_box, folder
from .theme import text_width

if TYPE_CHECKING:
    from .play import PlayScene


class InfoBoxPart:
    """The tool box's part of the play view (game/ui/play_view.py sets these)."""

    scene: PlayScene
    tokens: dict[str, pygame.Rect]
    names: tuple[list[pygame.Rect], list[pygame.Rect]]
    info_rect: pygame.Rect | None
    info_cache: tuple[Hashable, Placed | None] | None
    actions_top: int
    aim_point: tuple[int, int]

    def cards(self, st: GameState) -> list[tuple[pygame.Rect, str, bool, str]]:
        raise NotImplementedError

    def draw_info(self, surf) -> None:
        """The box of the tool on top (the odds while aiming), drawn last but for the
        guide and the dialogs; one placed over the sidebar is put away while the pointer
        is over the sidebar (to read the log, press an action)."""
        if self.scene.in_table(self.scene.mouse):
            self.aim_point = self.scene.mouse  # off the table the box stays where it was
        placed = self.info_placed(self.aim_point)
        self.info_rect = None  # where the box was drawn this frame
        aside = placed is not None and not self.scene.table_rect.contains(placed.rect)
        if placed is None or (aside and self.scene.sidebar_rect.collidepoint(self.scene.mouse)):
            return
        draw_box(surf, placed, opaque=aside)
        self.info_rect = placed.rect

    def info_placed(self, cursor: tuple[int, int]) -> Placed | None:
        """The tool's box and where it goes (game/ui/info_box.py), kept while nothing it
        depends on changes (the places are tried each frame otherwise)."""
        found = next(((h, lines) for h in reversed(self.scene.handlers) if not h.modal and (lines := h.info(self.scene))), None)
        if found is None:
            return None
        h, lines = found
        keep = self.keep_off(cursor)
        side = self.side_room()
        key = (tuple(lines), self.scene.odds_whole, self.scene.table_rect.copy(), side,
               *(tuple(map(tuple, g)) for g in (keep.aimed, keep.shooters, keep.over, keep.others, keep.names)))
        if self.info_cache is not None and self.info_cache[0] == key:
            return self.info_cache[1]

        def short(most: int) -> list[str] | None:
            if not isinstance(h, TargetHandler | PointHandler):
                return None
            plain = h.info(self.scene, fold=str) or []  # the modifiers' line folded to the width of the others
            widest = max((text_width(x, LINE_H, bold=(i == 0)) for i, x in enumerate(plain) if not x.split(":")[0].endswith(" modifiers")), default=0)
            return h.info(self.scene, fold=folder(min(most, max(widest + 18, 300))))

        placed = choose(lines, short, self.scene.table_rect, side, keep, self.scene.odds_whole)
        self.info_cache = (key, placed)
        return placed

    def side_room(self) -> pygame.Rect | None:
        """The sidebar below the selection's card (its actions, the dice tray and the log),
        where the box may go, at the bottom (the log first)."""
        r, top = self.scene.sidebar_rect, self.actions_top
        room = pygame.Rect(r.x + 8, top, r.w - 16, r.bottom - 8 - top)
        return room if room.h > 60 and r.contains(room) else None

    def fixed_panels(self, st: GameState) -> list[pygame.Rect]:
        """What stands over the table where it is, which a box or panel placed over the
        table keeps off: the cards in play (with their captions), the minimap, the guide."""
        out = [r.inflate(8, 48).move(0, 20) for r, *_ in self.cards(st)]
        if self.scene.minimap.needed(self.scene.camera):
            out.append(self.scene.minimap.rect(self.scene.camera).inflate(8, 8))
        if self.scene.guide is not None and self.scene.guide.rect.w:
            out.append(self.scene.guide.rect)
        return out

    def keep_off(self, cursor: tuple[int, int]) -> KeepOff:
        """What the box keeps off (game/ui/info_box.py): the cursor and the unit aimed at
        (every figure of it, not only the one under the cursor), the selected unit's figures
        (the shooters), the cards in play and the minimap, the other figures, the names."""
        st = self.scene.view_state()
        top = self.scene.top()
        aimed = top.hover_unit if isinstance(top, TargetHandler) else None
        targets = set(st.units[aimed].figures) if aimed in st.units else {aimed} if aimed in st.figures else set()
        unit = self.scene.selected_unit
        shooters = set(st.units[unit].figures) if unit and unit in st.units else set()
        cards = self.fixed_panels(st)
        tokens = self.tokens
        return KeepOff([pygame.Rect(cursor[0] - 12, cursor[1] - 12, 24, 24)] + [r for f, r in tokens.items() if f in targets],
                       [r for f, r in tokens.items() if f in shooters and f not in targets], cards,
                       [r for f, r in tokens.items() if f not in targets and f not in shooters], list(self.names[0]))
