"""The base of the input handlers that scenes keep on a stack (the top one sees the mouse
and the keys first), and what a scene must offer the handlers shared between screens.

A handler is generic in the scene it works on: the play screen's handlers are
``Handler[PlayScene]``, the editor's tools ``Handler[EditorScene]``. The handlers both
screens use are written against a protocol (:class:`HandlerStack`, :class:`TableScene`)
that both scenes meet, and since a handler only ever *receives* its scene, a
``Handler[TableScene]`` may stand on the stack of any scene that is a ``TableScene``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import pygame

if TYPE_CHECKING:
    from game.geometry.table import Table
    from game.rulesets.base import RulesetBase

    from .camera import Camera

LEFT, MIDDLE, RIGHT = 1, 2, 3

WorldPos = tuple[float, float]
ScreenPos = tuple[int, int]

SceneT = TypeVar("SceneT", contravariant=True)


class Handler(Generic[SceneT]):
    """One input mode of a scene. ``modal``: it takes every event and draws over the
    whole screen (a question, the handover screen)."""

    modal = False
    #: it reads the arrow keys itself (they do not pan the table while it is on top)
    arrows = False

    @property
    def hint(self) -> str:
        """One line saying what the handler expects (a subclass may set a plain string)."""
        return ""

    def on_event(self, scene: SceneT, e: pygame.event.Event) -> bool:
        return False

    def draw(self, scene: SceneT, surf: pygame.Surface) -> None: ...

    def info(self, scene: SceneT) -> list[str] | None:
        return None


class HandlerStack(Protocol):
    """A scene with a handler stack (what the modal dialogs need)."""

    def pop(self, h: Handler[Any] | None = None) -> None: ...


class TableScene(HandlerStack, Protocol):
    """A scene showing a table (what the tape and the sight line need)."""

    tapes: list[tuple[WorldPos, WorldPos]]

    @property
    def camera(self) -> Camera: ...

    @property
    def table(self) -> Table: ...

    @property
    def rules(self) -> RulesetBase[Any]: ...

    def in_table(self, pos: ScreenPos) -> bool: ...

    def snap(self, pos: ScreenPos) -> WorldPos: ...
