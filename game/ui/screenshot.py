"""`python main.py screenshot`: render the play view headless to an image file.

The arguments are checked before any work starts (main.py uses :func:`parse_size` and
:func:`check_out` as argparse types); each refusal is one line naming the fix:

* ``--size WIDTHxHEIGHT`` from :data:`MIN_SIZE` (960x640, the smallest window the play
  view lays out: the game window refuses to shrink below it) to :data:`MAX_SIDE` (8192)
  on a side. pygame allows 16384, but such a picture takes gigabytes to draw.
* ``--out`` must end in one of :data:`FORMATS` (what pygame writes; any other ending
  would silently get a TGA file) and go into a folder that exists.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

MIN_SIZE = (960, 640)  # as App.frame clamps a resized window
MAX_SIDE = 8192
FORMATS = (".png", ".jpg", ".jpeg", ".bmp", ".tga")


def parse_size(text: str) -> tuple[int, int]:
    """'1280x800' -> (1280, 800); ValueError with a one-line message naming the fix."""
    limits = f"from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIDE}x{MAX_SIDE}"
    try:
        w, h = (int(v) for v in text.strip().lower().split("x"))
    except ValueError:
        raise ValueError(f"must be WIDTHxHEIGHT {limits}, e.g. 1280x800, not {text!r}") from None
    if not (MIN_SIZE[0] <= w <= MAX_SIDE and MIN_SIZE[1] <= h <= MAX_SIDE):
        raise ValueError(f"{w}x{h} is out of range; give a size {limits} (the play view needs "
                         f"{MIN_SIZE[0]}x{MIN_SIZE[1]}; larger pictures take gigabytes)")
    return w, h


def check_out(text: str) -> str:
    """The --out path, if pygame can write it there; else ValueError naming the fix."""
    p = Path(text)
    if p.suffix.lower() not in FORMATS:
        raise ValueError(f"{text!r} must end in {', '.join(FORMATS[:-1])} or {FORMATS[-1]} (the formats pygame writes)")
    folder = p.parent
    if not folder.exists():
        raise ValueError(f"folder {str(folder)!r} does not exist; create it or choose another")
    if not folder.is_dir():
        raise ValueError(f"{str(folder)!r} is not a folder; choose another place for the picture")
    if p.is_dir():
        raise ValueError(f"{text!r} is a folder; give a file name such as {str(p / 'shot.png')!r}")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"folder {str(folder)!r} is not writable; choose another")
    return text


def _refuse(msg: str) -> int:
    print(msg, file=sys.stderr)
    return 2


def screenshot(args: Any) -> int:
    # main.py hands over checked values; a caller passing strings gets the same checks
    try:
        w, h = args.size if isinstance(args.size, tuple) else parse_size(str(args.size))
    except ValueError as e:
        return _refuse(f"--size {e}")
    try:
        out = check_out(str(args.out))
    except ValueError as e:
        return _refuse(f"--out {e}")
    if args.turn < 1:
        return _refuse(f"--turn must be 1 or more, not {args.turn}")
    if args.seed < 0:
        return _refuse(f"--seed must be 0 or more, not {args.seed}")

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    from game.catalog import load_map, new_game, resolve_map
    from game.simulate import play_to_turn

    lm = load_map(resolve_map(args.map))
    if args.ruleset and lm.model.ruleset != args.ruleset:
        return _refuse(f"{args.map}: this map is for {lm.model.ruleset}, not {args.ruleset}")
    game = new_game(lm, seed=args.seed)
    play_to_turn(game, args.turn, args.seed)  # the random baseline plays on to the turn asked
    return render(game, out, (w, h), f"{lm.model.name}, turn {game.state.turn}")


def render(game: Any, out: str, size: tuple[int, int], what: str) -> int:
    """Draw ``game`` as the play screen shows it to the side to act, into the picture ``out``."""
    import pygame

    from game.session import Session

    from .app import App
    from .play import PlayScene

    app = App(size, headless=True)
    try:
        scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
        app.switch(scene)
        for _ in range(3):
            app.frame(0.7)
        try:
            pygame.image.save(app.screen, out)
        except (pygame.error, OSError) as e:
            return _refuse(f"could not write {out}: {e}; choose another file or folder")
        sw, sh = app.screen.get_size()  # the surface written, not the size asked for
        print(f"saved {out} ({sw}x{sh}, {what})")
        return 0
    finally:
        pygame.quit()


def replay_shot(args: Any) -> int:
    """`main.py replay SAVE --to N --out FILE.png`: the saved game as it stood after its
    first N commands (checked by playing the whole save again first), drawn headless."""
    try:
        w, h = args.size if isinstance(args.size, tuple) else parse_size(str(args.size))
        out = check_out(str(args.out))
    except ValueError as e:
        return _refuse(f"--size or --out {e}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.catalog import load_game, replay
    from game.core.save import SaveError

    try:
        whole = load_game(args.save)
    except SaveError as e:
        return _refuse(str(e))
    n = len(whole.commands)
    if not 0 <= args.to <= n:
        return _refuse(f"--to {args.to}: the save holds {n} commands; give 0 (the start) to {n} (the end)")
    game = replay(whole, args.to)
    return render(game, out, (w, h), f"{game.state.scenario}, after command {args.to} of {n}, turn {game.state.turn}")
