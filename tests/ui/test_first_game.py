"""A guided first game for each way of playing a turn (issue 22): reachable from the menu,
against the solo AI, the guide's panel moving on as the player selects, measures, looks,
moves, sees the odds, fires and ends a phase - driven by posted events where a hand would
act."""

import pygame
import pytest

from game.ui.first_game import FirstGameScene, start_lesson
from game.ui.guide import LESSONS, Guide
from game.ui.handlers import LosHandler, MeasureHandler
from game.ui.play import PlayScene


def guided(app, drive, lesson, seed: int) -> PlayScene:
    start_lesson(app, lesson, seed)
    scene = app.scene
    assert isinstance(scene, PlayScene) and isinstance(scene.guide, Guide)
    assert scene.session.controllers[lesson.learner] == "human"
    assert all(c == "ai" for s, c in scene.session.controllers.items() if s != lesson.learner)
    drive.frame(2)
    return scene


def click_button(drive, guide: Guide, label: str) -> None:
    b = next(b for b in guide.buttons if b.label == label)
    drive.click(b.rect.center)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda les: les.map_file)
def test_the_guide_goes_on_as_the_player_does_each_thing(app, drive, lesson, seed):
    scene = guided(app, drive, lesson, seed)
    guide = scene.guide
    assert guide.at == 0
    click_button(drive, guide, "Next")
    assert guide.steps[guide.at].title == "Select"
    own = next(f for f in scene.game.state.figures.values() if f.side == lesson.learner)
    drive.click(scene.camera.to_screen(own.pos))
    assert guide.steps[guide.at].title == "Measure"
    enemy = next(f for f in scene.game.state.figures.values() if f.side != lesson.learner)
    a, b = scene.camera.to_screen(own.pos), scene.camera.to_screen(enemy.pos)
    drive.key(pygame.K_m)
    assert isinstance(scene.top(), MeasureHandler)
    drive.drag(a, b)
    assert guide.steps[guide.at].title == "Sight"
    drive.key(pygame.K_l)
    assert isinstance(scene.top(), LosHandler)
    drive.drag(a, b)
    drive.key(pygame.K_l)
    assert guide.steps[guide.at].title == "Move"
    # the rest by the rules' own commands: a move, a shot, the end of a phase (the solo AI plays between)
    for _ in range(200):
        title = guide.steps[guide.at].title
        if title == "On your own" or scene.game.state.over:
            break
        if scene.game.acting_side != lesson.learner:
            scene.skip_ai = True
            drive.frame()
            continue
        legal = scene.game.legal_commands(lesson.learner)
        want = {"Move": "move", "The odds": "fire", "Fire": "fire", "End": "end_phase"}[title]
        # what the step asks for, else the end of the phase, else a choice the rules put to the player
        pick = next((c for c in legal if want in c.kind), None) or next((c for c in legal if c.kind == "end_phase"), legal[0])
        scene.submit(pick)
        drive.frame()
    assert guide.steps[guide.at].title == "On your own", [s.title for s in guide.steps[guide.at:]]
    assert guide.done.moved() and guide.done.fired() and "end_phase" in guide.done.kinds
    assert [b.label for b in guide.buttons] == ["Close"]  # one button to close it (there were "Close guide" and "Close")
    click_button(drive, guide, "Close")
    assert guide.closed


def test_the_menu_leads_to_each_first_game_and_a_step_may_be_skipped(app, drive):
    menu = app.open("menu")
    drive.frame()
    drive.click(menu.buttons["A first game, guided"].rect.center)
    assert isinstance(app.scene, FirstGameScene)
    assert [b.text for b in app.scene.buttons] == [les.name for les in LESSONS]
    drive.click(app.scene.buttons[1].rect.center)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.guide.lesson is LESSONS[1]
    drive.frame(2)
    click_button(drive, scene.guide, "Next")
    click_button(drive, scene.guide, "Skip")
    assert scene.guide.steps[scene.guide.at].title == "Measure"
    click_button(drive, scene.guide, "Skip")
    assert not scene.tapes  # a click on the panel is the panel's, not the table's


@pytest.mark.parametrize("height", [640, 700, 760, 800, 1080])
def test_every_lesson_and_its_words_fit_above_back_in_any_window(height):
    from game.ui.first_game import lesson_rows

    top, gap, lines = lesson_rows(height, len(LESSONS))
    assert top >= 150  # under the screen's title and subtitle
    rows = [(top + gap * i, top + 50 + gap * i + 20 * lines) for i in range(len(LESSONS))]  # button top, words' bottom
    assert all(bottom <= nxt_top for (_, bottom), (nxt_top, _) in zip(rows, rows[1:], strict=False))  # no row runs into the next
    assert rows[-1][1] <= height - 90  # nor into the Back button
    assert lines == (2 if height >= 760 else 1)  # two lines of words where the window is tall enough
