"""`python main.py screenshot`: render the play view headless to a PNG."""

from __future__ import annotations

import os
import sys
from typing import Any


def screenshot(args: Any) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.catalog import load_map, new_game, resolve_map
    from game.session import Session
    from game.simulate import make_player

    from .app import App
    from .play import PlayScene

    lm = load_map(resolve_map(args.map))
    if args.ruleset and lm.model.ruleset != args.ruleset:
        print(f"{args.map}: this map is for {lm.model.ruleset}, not {args.ruleset}", file=sys.stderr)
        return 2
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"--size must look like 1280x800, not {args.size!r}", file=sys.stderr)
        return 2
    game = new_game(lm, seed=args.seed)
    # play on with the baseline players until the requested turn
    players = {s: make_player("random", args.seed * 3 + i) for i, s in enumerate(game.state.side_order)}
    guard = 0
    while game.state.turn < args.turn and not game.state.over and guard < 20000:
        side = game.acting_side
        game.submit(players[side].choose(game, side))
        guard += 1
    app = App((w, h), headless=True)
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    for _ in range(3):
        app.frame(0.7)
    pygame.image.save(app.screen, args.out)
    print(f"saved {args.out} ({w}x{h}, {lm.model.name}, turn {game.state.turn})")
    pygame.quit()
    return 0
