"""Sound: dice, shots, explosions and interface clicks (issue 21), made in code (numpy
waveforms: no recorded files, nothing to credit), at the volume kept in the player's
settings file, and silent where there is no audio device.

The mixer is started only here, with the C library's error output silenced while it
tries (SDL's ALSA back end prints a page of "cannot find card" to the terminal on a machine
without sound); if it cannot start, every sound is skipped. The volume steps through
:data:`VOLUMES` (F2 on the play screen, or the Settings screen) and is kept in the player's
settings (game/ui/settings.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pygame

from .settings import read_settings, write_settings

RATE = 22050
#: the volume steps F2 cycles through (1 is full)
VOLUMES = (1.0, 0.5, 0.0)
#: event kinds that sound as a shot, and as an explosion
SHOT_KINDS = frozenset({"fire", "shot", "shoot", "opportunity", "volley", "burst"})
BLAST_KINDS = frozenset({"blast", "grenade", "bombardment", "explosion", "mortar", "barrage", "he"})


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """The process's standard error (file descriptor 2, where C libraries write) sent
    nowhere for the duration."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _envelope(n: int, decay: float) -> np.ndarray:
    t = np.arange(n) / RATE
    return np.exp(-t / decay)


def waveforms(seed: int = 7) -> dict[str, np.ndarray]:
    """Each sound as 16-bit samples (the same every run)."""
    rng = np.random.default_rng(seed)
    out: dict[str, np.ndarray] = {}
    # dice: four short rattles on a table
    dice = np.zeros(int(RATE * 0.32))
    for k, at in enumerate((0.0, 0.07, 0.15, 0.24)):
        n = int(RATE * 0.05)
        s = int(RATE * at)
        dice[s:s + n] += rng.uniform(-1, 1, n) * _envelope(n, 0.008) * (0.9 - 0.15 * k)
    out["dice"] = dice
    n = int(RATE * 0.22)  # a shot: a crack with a quick tail
    out["shot"] = rng.uniform(-1, 1, n) * _envelope(n, 0.03)
    n = int(RATE * 0.8)  # an explosion: low rumble, slow tail
    noise = np.cumsum(rng.uniform(-1, 1, n))
    noise -= np.convolve(noise, np.ones(200) / 200, mode="same")
    out["blast"] = noise / (np.abs(noise).max() or 1) * _envelope(n, 0.25)
    n = int(RATE * 0.03)  # a click
    out["click"] = np.sin(2 * np.pi * 1200 * np.arange(n) / RATE) * _envelope(n, 0.006)
    return {k: (np.clip(v, -1, 1) * 0.6 * 32767).astype(np.int16) for k, v in out.items()}


class Sounds:
    def __init__(self, volume: float | None = None) -> None:
        """``volume``: the player's setting, read by the caller (else read here)."""
        self.volume = float(read_settings()["volume"] if volume is None else volume)
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.ready = False
        try:
            with quiet_stderr():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            init = pygame.mixer.get_init()
            if init is None:
                return
            channels = init[2]
            for name, wave in waveforms().items():
                data = wave if channels == 1 else np.repeat(wave[:, None], channels, axis=1)
                self.sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(data))
            self.ready = True
        except (pygame.error, ValueError, OSError):
            self.sounds = {}  # no audio device: silence

    def play(self, name: str) -> bool:
        """Play a sound at the set volume; whether it was played."""
        snd = self.sounds.get(name)
        if not self.ready or snd is None or self.volume <= 0:
            return False
        snd.set_volume(self.volume)
        snd.play()
        return True

    def next_volume(self) -> float:
        """The next volume step, kept in the settings file."""
        i = min(range(len(VOLUMES)), key=lambda k: abs(VOLUMES[k] - self.volume))
        self.volume = VOLUMES[(i + 1) % len(VOLUMES)]
        write_settings({"volume": self.volume})
        return self.volume

    def for_events(self, kinds: list[str], rolled: bool) -> str | None:
        """The sound a command's events make: an explosion over a shot over the dice."""
        if any(k in BLAST_KINDS for k in kinds):
            return "blast"
        if any(k in SHOT_KINDS for k in kinds):
            return "shot"
        return "dice" if rolled else None
