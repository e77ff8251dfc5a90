"""The side panel's words: every row of the log fits the panel's width, the indented rows
after an event's first included; the dice tray always shows a roll's outcome."""

import pygame

from game.core.events import Event
from game.ui.logview import INDENT, LogView
from game.ui.theme import font


def test_every_row_of_a_long_event_fits_inside_the_panel(app):
    view = LogView()
    said = ("Private (rifleman) fires at the charger (closing fire) the Rifle at Private (rifleman) "
            "(3.23 cm, short range, in cover). ") * 3
    events = [Event(i, 1, "fire", "a", kind, said) for i, kind in enumerate(("fire", "roll", "melee"))]
    width = 344
    view.sync(events, width)
    assert len(view.rows) > 6
    for line, _ev, first in view.rows:
        assert font(17).size(line)[0] <= width - 16, line
        assert first or line.startswith(INDENT)
    assert " ".join(line.strip() for line, _, _ in view.rows[:sum(1 for r in view.rows if r[1] is events[0])]) == said.strip()
    assert isinstance(view.rect, pygame.Rect)


def test_the_dice_tray_always_shows_the_outcome_of_a_long_roll(app):
    from game.ui.dice_tray import tray_lines

    said = ("German Lewis gunner (LMG): courage test (pinned, at the start of its turn, under fire from a whole section) "
            "on 8 (German Lance corporal)  needs 8 or under")
    lines = tray_lines(said + " (a second test of the same kind, read out in full)", "passed", 324)
    assert len(lines) == 3 and lines[-1] == "-> passed" and lines[1].endswith("...")
    assert all(font(17).size(line)[0] <= 324 for line in lines)
    assert tray_lines("d6 [4] needs 4+", "hit", 324) == ["d6 [4] needs 4+ -> hit"]


def test_the_header_fits_a_long_side_or_step_with_smaller_type_then_an_ellipsis(app):
    from game.ui.theme import fit_line, text_width

    said = "Fire troops and weapons phase"
    full = text_width(said, 20, True)
    words, size = fit_line(said, 20, 15, full - 10, bold=True)  # a little too wide: smaller type, the words whole
    assert words == said and size < 20 and text_width(words, size, True) <= full - 10
    words, size = fit_line("answering in British bombing party's turn, a long way round", 20, 15, 150, bold=True)
    assert size == 15 and words.endswith("...") and text_width(words, 15, True) <= 150
    assert fit_line("German garrison", 21, 16, 300, bold=True) == ("German garrison", 21)


def test_new_events_bring_a_scrolled_log_back_to_the_newest_line(app):
    view = LogView()
    view.rect = pygame.Rect(0, 0, 344, 26 + 5 * LogView.LINE)  # five rows shown
    events = [Event(i, 1, "fire", "a", "fire", f"event {i}") for i in range(20)]
    view.sync(events, 344)
    view.wheel(2)
    assert view.scroll == 6
    view.sync(events, 344)  # nothing new: it stays where the reader scrolled
    assert view.scroll == 6
    view.sync([*events, Event(20, 1, "fire", "a", "fire", "event 20")], 344)
    assert view.scroll == 0 and view.rows[-1][0] == "event 20"


def test_the_dice_tray_shows_every_roll_of_a_group_shot(app, monkeypatch):
    """Issue 21: a team's volley (a roll a figure) showed only its last die."""
    import game.ui.dice_tray as tray_mod
    from game.core.dice import Roll
    from game.ui.dice_tray import TUMBLE, DiceTray

    rolls = [Roll("d20", [f], f, f"Rifleman {k} fires", "12+", outcome="hit" if f >= 12 else "miss") for k, f in enumerate((3, 15, 12, 7), 1)]
    tray = DiceTray()
    tray.rect = pygame.Rect(0, 0, 344, 112)
    tray.show(rolls, animate=False)
    said = []
    monkeypatch.setattr(tray_mod, "text", lambda surf, s, *a, **k: said.append(s))
    dice = []
    monkeypatch.setattr(tray_mod, "draw_die", lambda surf, rect, kind, face, settled: dice.append((face, settled)))
    tray.draw(pygame.Surface((400, 200)))
    assert dice == [(3, True), (15, True), (12, True), (7, True)] and said == ["miss", "hit", "hit", "miss"]
    assert not tray.busy() and TUMBLE > 0
    # more rolls than rows: the last row counts the rest
    tray.show(rolls * 3, animate=False)
    said.clear()
    tray.draw(pygame.Surface((400, 200)))
    assert said[-1] == "+8 more rolls (all in the log)" and len(said) == 5
