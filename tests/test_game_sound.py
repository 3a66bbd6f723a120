"""Synthesised game sounds (game/sound.py) under SDL's dummy audio driver: arrays in the mixer's
own format, quiet, with no click at either end; and silence, never an exception, when the mixer
cannot start, the sounds are off, or a name is unknown."""

from __future__ import annotations

import importlib

import numpy as np
import pygame
import pytest

from game import sound
from game.sound import NAMES, Sounds, synthesise, to_mixer


@pytest.fixture(autouse=True)
def no_mixer():
    """Each test starts and ends with the mixer stopped."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def samples(sounds: Sounds, name: str) -> np.ndarray:
    return pygame.sndarray.array(sounds.sound(name))


def test_importing_does_not_start_the_mixer():
    importlib.reload(sound)
    assert pygame.mixer.get_init() is None


def test_sounds_build_in_the_mixers_format_quiet_and_without_clicks():
    sounds = Sounds.create()
    assert sounds.available and sounds.enabled and sounds.reason is None
    rate, size, channels = pygame.mixer.get_init()
    assert (size, channels) == (-16, 2)
    full = 32767
    for name in NAMES:
        wave = samples(sounds, name)
        assert wave.dtype == np.int16 and wave.ndim == 2 and wave.shape[1] == channels
        assert 0.05 < len(wave) / rate < 1.0  # short
        peak = np.abs(wave.astype(np.int32)).max()
        assert 0.25 * full <= peak <= 0.3 * full + 1  # the default volume, 0.3 of full scale
        assert np.array_equal(wave[:, 0], wave[:, 1])  # the same in both ears
        assert abs(int(wave[0, 0])) <= 0.01 * full and abs(int(wave[-1, 0])) <= 0.01 * full
        assert np.abs(wave[:20, 0].astype(np.int32)).max() < 0.05 * full  # a ramp, not a step


@pytest.mark.parametrize("size, channels, dtype", [(8, 1, np.uint8), (-16, 1, np.int16), (32, 2, np.float32)])
def test_sounds_follow_a_mixer_already_started_in_another_format(size, channels, dtype):
    pygame.mixer.init(22050, size, channels, 512)
    sounds = Sounds.create(volume=0.5)
    wave = samples(sounds, "win")
    assert wave.dtype == dtype and wave.shape[1:] == (() if channels == 1 else (channels,))
    assert 0.5 < len(wave) / 22050 < 1.0  # synthesised at the mixer's rate
    if dtype == np.uint8:
        assert abs(int(wave[0]) - 128) <= 2 and abs(int(wave.max()) - 128) <= 0.5 * 127 + 1
    elif dtype == np.float32:
        assert abs(wave[0, 0]) < 0.01 and np.abs(wave).max() <= 0.5 + 1e-6


def test_volume_scales_the_peak():
    for volume in (0.0, 0.1, 1.0):
        for name in NAMES:
            wave = synthesise(name, volume=volume)
            assert wave.dtype == np.float32 and wave.ndim == 1
            assert np.abs(wave).max() == pytest.approx(volume, abs=1e-6)
            assert wave[0] == 0 and abs(wave[-1]) < 1e-3 * max(volume, 1e-9) + 1e-9
    with pytest.raises(ValueError):
        Sounds.create(volume=1.5)
    with pytest.raises(KeyError):
        synthesise("fanfare")


def test_to_mixer_converts_to_each_format():
    wave = np.array([0.0, 1.0, -1.0, 0.5], dtype=np.float32)
    assert to_mixer(wave, -16, 1).tolist() == [0, 32767, -32767, 16384]
    assert to_mixer(wave, 16, 1).tolist() == [32768, 65535, 1, 49152]
    assert to_mixer(wave, 8, 1).tolist() == [128, 255, 1, 192]
    assert to_mixer(wave, -8, 2).tolist() == [[0, 0], [127, 127], [-127, -127], [64, 64]]
    assert to_mixer(wave, -32, 1).dtype == np.float32
    assert to_mixer(wave, 16, 6).shape == (4, 6)
    with pytest.raises(ValueError):
        to_mixer(wave, 24, 2)


def test_play_never_raises_and_logs_nothing(capsys):
    sounds = Sounds.create()
    for name in NAMES + ("fanfare", ""):
        sounds.play(name)
    sounds.enabled = False
    sounds.play("win")
    assert capsys.readouterr() == ("", "")


def test_a_mixer_that_cannot_start_makes_every_call_a_no_op(monkeypatch, capsys):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    def never(*args, **kwargs):
        raise AssertionError("no sound may be made without a mixer")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.sndarray, "make_sound", never)
    sounds = Sounds.create()
    assert not sounds.available and "no audio device" in sounds.reason
    for name in NAMES + ("fanfare",):
        assert sounds.sound(name) is None
        sounds.play(name)
    assert capsys.readouterr() == ("", "")


def test_disabled_sounds_leave_the_mixer_alone_and_stay_silent():
    sounds = Sounds.create(enabled=False)
    assert pygame.mixer.get_init() is None and not sounds.available and not sounds.enabled
    for name in NAMES:
        sounds.play(name)


def test_a_failing_play_is_swallowed():
    class Broken:
        def play(self):
            raise pygame.error("device lost")

    Sounds({"place": Broken()}).play("place")


def test_settings_say_when_sound_is_on_but_no_device_was_found(app):
    """With no audio device the mixer cannot start: the Sound row says so (the sounds are made
    after a frame, so the open screen notices), and says nothing once sound is off."""
    from game.settings import Settings

    app.goto("settings")
    app.frame([], 0.016)
    row = next(b for b in app.scene.menu.buttons if b.action == "sound")
    assert row.label == "Sound:  On"
    app.sounds = Sounds(reason="no sound: no audio device")
    assert app.frame([], 0.016, None)  # an idle frame draws it: the screen is stale
    row = next(b for b in app.scene.menu.buttons if b.action == "sound")
    assert row.label == "Sound:  On, but no sound device was found"
    app.apply_settings(Settings(sound=False))
    row = next(b for b in app.scene.menu.buttons if b.action == "sound")
    assert row.label == "Sound:  Off"
