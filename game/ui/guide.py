"""A guided first game (issue 22): a small scenario for each way the rules run a turn
(phases, activation cards, fire teams, each figure's action points, orders by command
roll), played against the
solo AI, with a panel that teaches one thing at a time - select, measure, sight, move, the odds, fire, the end of a
phase - and moves on when the player has done it (in any order: what was done before its
step counts). The scenarios are maps/first-game/*.yaml; each lesson's words are here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.catalog import MAPS_DIR

from .handler_base import LEFT
from .handlers import LosHandler
from .pointer import mouse_pos
from .theme import INK_SOFT, text, wrap
from .widgets import Button, draw_note_panel, least_covering

if TYPE_CHECKING:
    from .play import PlayScene

FIRST_GAMES = MAPS_DIR / "first-game"


@dataclass
class Done:
    """What the learner has done since the guide began."""

    kinds: set[str] = field(default_factory=set)  # the kinds of the commands their side gave
    measured: bool = False
    sighted: bool = False
    aimed: bool = False  # saw the odds of a shot before giving it
    seen: int = 0  # commands looked at

    def moved(self) -> bool:
        return any("move" in k for k in self.kinds)

    def fired(self) -> bool:
        return any(k in ("fire", "fire_unit", "shoot", "volley") or k.startswith("fire") for k in self.kinds)


@dataclass
class Step:
    title: str
    words: str
    done: Callable[[PlayScene, Done], bool] | None = None  # None: the player reads it and clicks Next


@dataclass
class Lesson:
    map_file: str
    name: str  # the way of play it teaches
    learner: str  # the side the player plays (the other is the solo AI)
    intro: str
    move: str
    fire: str
    end: str


LESSONS = [
    Lesson("phases-great-war.yaml", "Phases (The Great War in 54mm)", "british",
           "Each side in turn plays four phases: Rally, Movement, Shooting, Assaults. The sidebar says whose phase it is; "
           "Space ends a phase. You are the British section (red); the computer plays the Germans.",
           "In the Movement phase your section must first roll to advance (the sidebar offers it, with the chance), then "
           "moves by dragging a figure or picking Move; the path shows the cost before you let go. End the Rally phase "
           "(Space) to reach the Movement phase.",
           "In the Shooting phase pick Fire in the sidebar and hover the German section: the box shows the exact odds "
           "and every modifier before you click. Click to fire.",
           "Press Space to end the phase. Each phase you end hands on to the next, then to the Germans."),
    Lesson("activation-wwify.yaml", "Activation cards (WWIFY AR:SE)", "alliance",
           "A deck of six cards decides who acts: each card drawn (top right) names a kind of unit, and the side whose "
           "units it names activates them, two actions each. You are the Alliance (blue); the computer plays the Horde.",
           "When your sections are activated (the Forces of Good card), select one, pick a move action in the sidebar and drag a figure (or click where it "
           "goes): the path shows what the move costs before you let go.",
           "Pick Fire in the sidebar and hover the Horde: the box shows the exact odds (every six kills) before you "
           "click. Click to fire: that is the section's second action.",
           "Press Space to end the activation: the next card is drawn."),
    Lesson("fire-teams-ww2.yaml", "Fire teams (WW2 Skirmish)", "us",
           "Each side's fire teams act in its turn, each with its actions: move, spot, fire, remove suppression. "
           "Enemies must be spotted before they can be shot. You are the Americans (green); the computer plays the Germans.",
           "Select a fire team and pick 'Move the team together to a point' in the sidebar (key 2), then click where it "
           "goes: the path shows the distance before you click. A single figure may be dragged too, staying within 2\" "
           "of its team.",
           "Pick Fire in the sidebar (spot first if the Germans are not yet seen) and hover the German team: the box "
           "shows the exact odds of the d20 against its band. Click to fire.",
           "Press Space to end your turn: the Germans act, then the turn comes back with what they did stepped through."),
    Lesson("action-points-ww2-135.yaml", "Action points (My 1/35th Scale WWII Skirmish)", "us",
           "Each figure has its own action points (Green 3, Experienced 4, Elite 5) to spend in any order in its side's "
           "turn: 1 a 3\" move, 3 an un-aimed shot, 4 an aimed one. Points left over are lost, but 4 may be held for "
           "opportunity fire. You are the Americans (olive tokens), Experienced men with 4 points each; the computer "
           "plays the Germans.",
           "Select a figure and pick Move in the sidebar, then drag it or click where it goes: the path shows the points "
           "the move costs before you let go (a wall or fence in the way costs a d3 more). Its points left show on its "
           "token and in the sidebar.",
           "Pick a shot in the sidebar (aimed fire needs a target seen last turn and no move this turn; un-aimed costs "
           "less) and hover a German: the box shows the roll to acquire him, the roll to hit with every modifier, his save "
           "and the exact chance of each end. Click to fire.",
           "When your figures have spent what they will, press Space to end your turn: the Germans spend their points, "
           "then the turn comes back with what they did stepped through."),
    Lesson("orders-goodbyeeee.yaml", "Orders (GOODBYEEEEEE!!!)", "british",
           "Each turn both sides roll a d10: the higher goes first, and a 1 draws a random event card. Your turn goes "
           "step by step (the sidebar names the step): rally tests, moves of 5 cm without orders, command rolls and "
           "moves, fire, close combat. You are the British section (red); the computer plays the Germans, and asks you "
           "(Y or N) whether each Luck or Valour point it spends is a fair use.",
           "Figures fire on their own but need an order to move more than 5 cm. In 'Moves on initiative' drag a figure up "
           "to 5 cm, or press Space for 'Command rolls and moves' and pick 'Command roll: order the section (2d6)': at or "
           "under your lance corporal's Command (8) and each figure may move 15 cm (a dash 25 cm, and no fire after it). "
           "Drag a figure or click where it goes: the path shows its cost before you let go.",
           "In 'Fire troops and weapons' select a figure, pick 'Fire the Rifle' and hover a German: the box shows the "
           "chance to hit him (4+ short, 5+ long), to wound him, his cover roll and his courage test, before you click. "
           "Click to fire: each figure fires its own shots.",
           "Press Space to end each step: after close combat the Germans take their turn, then the next turn's d10s."),
]


def steps(lesson: Lesson) -> list[Step]:
    return [
        Step("Your first game", lesson.intro),
        Step("Select", "Click one of your figures: its unit is selected and the sidebar shows its card and what it can do.",
             lambda scene, d: scene.selected_unit is not None and scene.selected_unit in scene.game.state.units
             and scene.game.state.units[scene.selected_unit].side == lesson.learner),
        Step("Measure", "Press M (or the Measure button) and drag from one of your figures towards the enemy: the tape "
             "gives the distance. Tapes stay until C.", lambda scene, d: d.measured),
        Step("Sight", "Press L (Sight) and drag from one of your figures to an enemy: every feature the line crosses is "
             "listed with what it does. Press L again to put it away.", lambda scene, d: d.sighted),
        Step("Move", lesson.move, lambda scene, d: d.moved()),
        Step("The odds", lesson.fire, lambda scene, d: d.aimed or d.fired()),
        Step("Fire", "Click the enemy to fire. The dice tray shows the roll with what it needed; the log says why. "
             "Hover a log line to see whom it is about.", lambda scene, d: d.fired()),
        Step("End", lesson.end, lambda scene, d: "end_phase" in d.kinds),
        Step("On your own", "That is the whole of it. Play the game out: F1 opens the rules at the phase you are in, "
             "Ctrl+Z takes back a command that rolled no dice, and the end screen offers the replay."),
    ]


def lesson_for(path: str | Path) -> Lesson | None:
    p = Path(path)
    return next((les for les in LESSONS if p.name == les.map_file and p.parent.name == FIRST_GAMES.name), None)


class Guide:
    """The lesson's panel on the play screen and what it watches."""

    W = 400

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.steps = steps(lesson)
        self.at = 0
        self.done = Done()
        self.closed = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []

    def watch(self, scene: PlayScene) -> None:
        """What the learner did this frame; the steps already done are passed."""
        d = self.done
        for cmd in scene.game.commands[d.seen:]:
            if cmd.side == self.lesson.learner:
                d.kinds.add(cmd.kind)
        d.seen = len(scene.game.commands)
        d.measured = d.measured or bool(scene.tapes)
        for h in scene.handlers:
            if isinstance(h, LosHandler) and h.line() is not None:
                d.sighted = True
            memo = getattr(h, "odds", None)
            if memo is not None and any(not isinstance(r, str) and r is not None for r in getattr(memo, "cache", {}).values()):
                d.aimed = True
        while self.at < len(self.steps) - 1 and (check := self.steps[self.at].done) is not None and check(scene, d):
            self.at += 1

    def click(self, pos: tuple[int, int]) -> bool:
        if self.closed or not self.rect.collidepoint(pos):
            return False
        for b in self.buttons:
            if b.enabled and b.rect.collidepoint(pos):
                b.action()
        return True

    def handle(self, e: pygame.event.Event) -> bool:
        return e.type == pygame.MOUSEBUTTONDOWN and e.button == LEFT and self.click(e.pos)

    def next(self) -> None:
        if self.at < len(self.steps) - 1:
            self.at += 1
        else:
            self.closed = True

    def draw(self, scene: PlayScene, surf: pygame.Surface) -> None:
        if self.closed:
            return
        step = self.steps[self.at]
        t = scene.table_rect
        lines = wrap(step.words, 17, self.W - 20)
        h = 34 + 17 * len(lines) + 44
        # the corner of the table that covers the fewest figures (the bottom left first)
        figures = [scene.camera.to_screen(f.pos) for f in scene.view_state().figures.values() if f.alive]
        corners = [pygame.Rect(x, y, self.W, h) for y in (t.bottom - 10 - h, t.y + 10) for x in (t.x + 10, t.right - 10 - self.W)]
        self.rect = least_covering(corners, figures, margin=10)
        draw_note_panel(surf, self.rect, f"First game: {step.title} ({self.at + 1} of {len(self.steps)})", lines,
                        (250, 242, 214, 240), (150, 60, 40), 2)
        by = self.rect.bottom - 38
        last = self.at == len(self.steps) - 1
        self.buttons = [Button(pygame.Rect(self.rect.right - 112, by, 102, 30), "Close" if last else "Next", self.next,
                               step.done is None or last)]
        if step.done is not None and not last:
            text(surf, "Do it and the guide goes on.", (self.rect.x + 10, by + 8), 15, INK_SOFT)
            self.buttons.append(Button(pygame.Rect(self.rect.right - 226, by, 106, 30), "Skip", self.next))
        elif not last:  # the last step's own button closes it: not two buttons for one thing
            self.buttons.append(Button(pygame.Rect(self.rect.x + 10, by, 130, 30), "Close guide", self.close))
        for b in self.buttons:
            b.draw(surf, b.rect.collidepoint(mouse_pos()))

    def close(self) -> None:
        self.closed = True
