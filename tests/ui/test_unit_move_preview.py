"""The preview of a whole unit's move to a point (issue 21: none for WW2 team moves and
vehicle drives, no cost for Great War unit moves): driven by posted mouse events, the
lines name each figure's distance as the move itself would make it."""

import pygame

from game.catalog import load_map, new_game
from game.core.commands import Command
from game.session import Session
from game.ui.handlers import PointHandler
from game.ui.play import PlayScene


def scene_of(app, path):
    game = new_game(load_map(path), 1)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.02)
    return scene


def aim(scene, drive, fid, label, to):
    scene.select(fid)
    k = next(i for i, a in enumerate(scene.current_actions()) if a.label.startswith(label))
    drive.key(pygame.K_1 + k if k < 9 else pygame.K_0)
    assert isinstance(scene.top(), PointHandler)
    drive.move(scene.camera.to_screen(to))
    return scene.top().info(scene)


def test_a_ww2_team_move_and_a_vehicle_drive_show_each_figures_way(app, drive):
    scene = scene_of(app, "maps/ww2-village-hauteville.yaml")
    st = scene.game.state
    team = st.units["us1"]
    lead = st.figures[team.figures[0]]
    to = (lead.x, lead.y - 60)
    lines = aim(scene, drive, lead.id, "Move the team together", to)
    plans = scene.rules.unit_move_plans(scene.game, Command("move_unit", "us", unit="us1", point=scene.top().cursor))
    assert plans and lines[0].startswith("Move the team together")
    for f, plan in plans:
        assert any(line.startswith(f"{f.name}: {scene.rules.fmt(plan.length)}") for line in lines)
    drive.key(pygame.K_ESCAPE)
    sherman = st.figures[st.units["us8"].figures[0]]
    lines = aim(scene, drive, sherman.id, "Drive to a point", (sherman.x, sherman.y - 100))
    (_, plan), = scene.rules.unit_move_plans(scene.game, Command("move_unit", "us", unit="us8", point=scene.top().cursor))
    assert abs(plan.length - 100) < 1 and lines[:2] == ["Drive to a point", f"{sherman.name}: {scene.rules.fmt(plan.length)}"]


def test_a_great_war_unit_move_shows_its_figures_distances(app, drive):
    scene = scene_of(app, "maps/open-field-encounter.yaml")
    game = scene.game
    drive.key(pygame.K_SPACE)  # the rally phase: nothing to rally
    assert game.state.phase == "movement" and game.state.active_side == "british"
    scene.select("b1.1")
    drive.key(pygame.K_2)  # roll move: 2dAv, no advancing
    b = game.state.figures["b1.1"]
    lines = aim(scene, drive, "b1.1", "Move the unit", (b.x - 40, b.y))  # back, away from the Germans
    plans = scene.rules.unit_move_plans(game, Command("move_unit", "british", unit="b1", point=scene.top().cursor))
    assert plans and lines[0] == "Move the unit to a point"
    for f, plan in plans:
        assert any(line.startswith(f"{f.name}: {scene.rules.fmt(plan.length)}") for line in lines), lines


def test_a_figure_dragged_past_what_it_has_left_is_told_so_without_contradiction(app, drive):
    """Issue 21's "contradictory waypoint text", found in the guided first game: a Great War
    figure dragged past its move showed "path 4.1\", costs 4.1\" of 4.1\" left" (the path cut
    short) under a line drawn to the cursor and its label, then "Not possible: That move is
    8.6\"". The lines now give the path as aimed and how far the figure could go along it."""
    from game.ui.handlers import MoveFigureHandler

    scene = scene_of(app, "maps/open-field-encounter.yaml")
    game = scene.game
    drive.key(pygame.K_SPACE)  # the rally phase: nothing to rally
    scene.select("b1.1")
    drive.key(pygame.K_2)  # roll move: 2dAv, no advancing
    g = game.state.figures["b1.1"]
    left = scene.rules.listing.move_budget(game, g)
    start = scene.camera.to_screen(g.pos)
    way = 1 if g.x < game.table.width / 2 else -1  # towards the middle of the table
    far = (g.x + way * (left + 120), g.y)  # well past what is left
    drive.move(start)
    drive.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    drive.frame()
    for k in range(1, 6):
        p = scene.camera.to_screen((g.x + (far[0] - g.x) * k / 5, g.y))
        drive.move(p, buttons=(1, 0, 0))
    tool = scene.top()
    assert isinstance(tool, MoveFigureHandler)
    lines = tool.info(scene)
    fmt = scene.rules.fmt
    aimed = ((tool.path()[-1][0] - g.x) ** 2 + (tool.path()[-1][1] - g.y) ** 2) ** 0.5
    ok, label, _ = scene.preview_move("b1.1", tool.path())
    assert not ok and label == fmt(aimed)  # the label at the cursor: the line's own length
    assert lines[1].startswith(f"path {fmt(aimed)}; the first {fmt(left)} cost {fmt(left)} of {fmt(left)} left"), lines
    assert lines[-1].startswith("Not possible: ") and not any(line.startswith("stops:") for line in lines)
    drive.post(pygame.MOUSEBUTTONUP, pos=scene.camera.to_screen(far), button=1)
    drive.frame()
    assert game.state.figures["b1.1"].pos == g.pos  # refused: it stays
