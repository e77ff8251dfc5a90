"""Sound (issue 21): made in code the same every run, played for rolls, shots and
explosions at the volume kept in the player's settings, silent without an audio device."""

import json

import numpy as np
import pygame

from game.core.commands import Command
from game.session import Session
from game.ui.play import PlayScene
from game.ui.sound import RATE, Sounds, waveforms
from tests.rulesets.helpers import force
from tests.rulesets.w135 import table_game


def test_the_sounds_are_made_the_same_every_run():
    a, b = waveforms(), waveforms()
    assert sorted(a) == ["blast", "click", "dice", "shot"]
    for k in a:
        assert a[k].dtype == np.int16 and np.array_equal(a[k], b[k]) and np.abs(a[k]).max() > 1000
    assert len(a["blast"]) == int(RATE * 0.8) and len(a["click"]) < len(a["shot"]) < len(a["dice"])


def test_the_volume_steps_and_is_kept_in_the_settings_file(app, home):
    s = Sounds()
    assert s.volume == 1.0 and s.ready  # the dummy audio driver of the tests is a device
    assert s.next_volume() == 0.5
    assert json.loads((home / "settings.json").read_text())["volume"] == 0.5
    assert Sounds().volume == 0.5  # read back by the next start
    assert s.next_volume() == 0.0 and not s.play("shot")  # off: nothing plays
    assert s.next_volume() == 1.0 and s.play("shot")


def test_no_audio_device_is_silence_not_a_crash(app, monkeypatch):
    pygame.mixer.quit()

    def no_device(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = Sounds()
    assert not s.ready and not s.play("dice")


def test_a_shot_sounds_as_a_shot_and_a_move_is_silent(app, drive):
    game = table_game([("us_rifleman", 30, 20)], [("de_rifleman", 30, 40)])
    scene = PlayScene(app, Session(game, {s: "human" for s in game.state.side_order}, handover="never", autosaves=False))
    app.switch(scene)
    played = []
    app.sounds.play = played.append
    assert scene.submit(Command("move", "a", figure="a1.1", path=((30 * 25.4, 21 * 25.4),))).ok
    assert played == []
    force(game, 3, 4, *[3] * 10)
    assert scene.submit(Command("fire", "a", figure="a1.1", target="b1.1", choice="unaimed")).ok
    assert played == ["shot"]
    assert app.sounds.for_events(["roll"], True) == "dice" and app.sounds.for_events(["grenade", "fire"], True) == "blast"
