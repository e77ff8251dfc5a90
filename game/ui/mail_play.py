"""The play screen's part in a game played by e-mail (issue 22): when the side to act is
the other player's, the turn file is written and a screen says where it is, to whom it
goes and, with the first file, the game's password; the game itself stays in this copy's
sealed record until their reply is opened from Play by e-mail in the main menu."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.commands import Command
from game.mail.turns import MailError, inbox_dir
from game.paths import data_home
from game.session import local_time

from .handler_base import LEFT, Handler
from .theme import text, wrap

if TYPE_CHECKING:
    from .play import PlayScene


def play_through(scene: PlayScene, commands: list[Command]) -> None:
    """Commands the other player gave in their copy (already checked there and here),
    given again on this screen so they show as the computer's turn does: trails, shot
    lines and dice, then the step-through of what they did. The record is kept once, at
    the end (it already holds them)."""
    session = scene.session
    rec, session.mail = session.mail, None
    quiet, scene.skip_ai = scene.skip_ai, True  # no sound for each
    try:
        for cmd in commands:
            if not scene.submit(cmd).ok:
                break
    finally:
        session.mail, scene.skip_ai = rec, quiet
    scene.game.settle()  # the other player's commands stand: no undo reaches them
    scene.mail_sent = -1


def mail_turn(scene: PlayScene) -> bool:
    """Whether the play screen waits on the other player (their side is to act, or the
    game is over); writes the turn file once for this moment of the game."""
    session = scene.session
    rec = session.mail
    game = scene.game
    if rec is None or not (game.state.over or session.is_mail(game.acting_side)):
        return False
    if scene.mail_sent == len(game.commands) or scene.top().modal:
        return True
    scene.mail_sent = len(game.commands)
    last_file = rec.files[-1] if rec.files else None
    if game.state.over and last_file is not None and last_file["way"] == "in" and last_file["commands"] == len(game.commands):
        return True  # the end came in the other player's file: both copies hold it
    first = rec.last_seq == 0
    last = rec.files[-1] if rec.files else None
    again = last is not None and last["way"] == "out" and last["commands"] == len(game.commands)  # reopened while waiting
    try:
        path = rec.send(game)
    except (MailError, OSError) as e:
        scene.app.toast(f"The turn file could not be written: {e}", 10)
        return True
    to = rec.sides[rec.files[-1]["to"]]
    if game.state.over:
        scene.app.toast(f"The last turn file is written: {path}. Send it to {to} so their copy shows the end.", 12)
        return True
    scene.push(MailSentHandler(path, to, rec.password if first else None, rec.files[-1]["seq"],
                               f"written {local_time(rec.files[-1]['at'])}: waiting for the reply" if again else "written"))
    return True


class MailSentHandler(Handler["PlayScene"]):
    """The turn file is written: where it is and what to do with it."""

    modal = True

    def __init__(self, path: Path, to_name: str, password: str | None, seq: int, state: str = "written") -> None:
        self.state = state
        self.path = path
        self.to_name = to_name
        self.password = password
        self.seq = seq

    def on_event(self, scene: PlayScene, e: pygame.event.Event) -> bool:
        if (e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT) or (e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)):
            scene.app.open("mail")
        return True

    def draw(self, scene: PlayScene, surf: pygame.Surface) -> None:
        surf.fill((30, 28, 24))
        w, h = surf.get_size()
        room = min(w - 80, 900)
        lines: list[tuple[str, int, tuple[int, int, int], bool]] = [(f"Turn file {self.seq} {self.state}", 40, (240, 226, 190), True)]
        lines += [(part, 22, (250, 240, 210), False) for part in wrap(str(self.path), 22, room)]
        lines.append((f"Send it to {self.to_name}, by e-mail or any way you like: their copy opens it from Play by e-mail in the main menu.", 22, (200, 186, 150), False))
        if self.password:
            lines.append((f"This game's password: {self.password}", 30, (255, 214, 120), True))
            lines.append(("Tell it to them another way than with the file (a call, a message): their copy asks for it once, "
                          "and without it the file cannot be read.", 20, (200, 186, 150), False))
        lines.append((f"Their reply comes as a file too: put it in {inbox_dir(data_home())} or open it from wherever it is.", 20, (200, 186, 150), False))
        lines.append(("Click or press Enter: Play by e-mail.", 20, (170, 158, 128), False))
        rows = [(part, size, colour, bold) for words, size, colour, bold in lines for part in wrap(words, size, room, bold=bold)]
        y = h // 2 - sum(size + 12 for _, size, _, _ in rows) // 2
        for part, size, colour, bold in rows:
            text(surf, part, (w // 2, y), size, colour, bold=bold, anchor="midtop")
            y += size + 12
