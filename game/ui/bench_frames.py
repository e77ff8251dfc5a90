"""Frame time of the play screen over the largest shipped scenario, headless: a scripted
sequence of pans and zooms (with the idle terrain re-render after each zoom)."""

from __future__ import annotations

import os
import statistics
import time


def busy_table(scene) -> str:
    """Everything a player may have open at once: the largest unit selected (its tokens
    ringed), a figure's range rings, and an aiming tool over an enemy unit with its odds
    box; says what is open."""
    from .handlers import TargetHandler

    game, st = scene.game, scene.game.state
    side = game.acting_side
    own = max((u for u in st.side_units(side) if st.unit_alive(u.id)), key=lambda u: len(u.figures))
    fig = st.unit_figures(own.id)[0]
    scene.select(fig.id)
    scene.show_ranges = True
    aim = next((a for a in scene.rules.actions(game, side, own.id, fig.id) if a.odds and a.mode == "enemy_unit"), None)
    said = f"{len(st.unit_figures(own.id))} tokens selected, range rings"
    if aim is not None:
        h = TargetHandler(aim)
        h.hover_unit = next(u.id for u in st.units.values() if u.side != side and st.unit_alive(u.id))
        scene.push(h)
        said += ", an odds box open"
    return said


def frame_times(quick: bool = False, busy: bool = False) -> tuple[float, float, str]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.catalog import available_maps, new_game
    from game.session import Session

    from .app import App
    from .odds_worker import odds_worker
    from .play import PlayScene

    maps = available_maps()
    largest = max(maps, key=lambda lm: (lm.model.table.width * lm.model.table.height * (1 if lm.model.unit != "cm" else 0.155),
                                        sum(len(u.figures) for s in lm.model.sides for u in s.units), len(lm.model.terrain)))
    game = new_game(largest, seed=1)
    app = App((1280, 800), headless=True)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    app.frame(0.016)
    name = largest.model.name
    if busy:
        name += f" ({busy_table(scene)})"
        app.frame(0.016)  # the odds asked of the worker (the box says it works them out)
        odds_worker().settle()
        for _ in range(2):
            app.frame(0.016)  # the odds shown
    cam = scene.camera
    # each step: a pan by (dx, dy) pixels, or a zoom by a factor about the middle
    script: list[tuple[float, float] | float] = []
    for _k in range(60):
        script.append((6, 3))
    for _k in range(20):
        script.append(1.05)
    for _k in range(60):
        script.append((-5, -4))
    for _k in range(30):
        script.append(1 / 1.04)
    for _k in range(60):
        script.append((4, -2))
    if quick:
        script = script[::3]
    times = []
    for step in script:
        mid = (cam.view.centerx, cam.view.centery)
        if isinstance(step, tuple):
            cam.pan(*step)
        else:
            cam.zoom_at(step, mid)
            scene.zoom_idle = 0.0
        t0 = time.perf_counter()
        app.frame(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
    pygame.quit()
    times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    return statistics.median(times), p95, name
