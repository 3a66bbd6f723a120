"""Short game sounds, synthesised at start-up with numpy (no sound files).

Five sounds: ``place`` (a soft blip when a digit goes in), ``house`` (a rising two-note chime
when a row, column or box is completed), ``hint`` (a gentle bell), ``win`` (a short rising
arpeggio) and ``error`` (a low soft thud). Each is a few sine partials under an envelope that
rises from zero and falls back to zero (no click at either end), scaled so its peak is the
volume asked for (0.3 of full scale by default).

``Sounds.create`` starts the mixer (never at import time), asks it for its actual format
(``pygame.mixer.get_init()``: rate, sample size and sign, channels) and builds each sound's array
to match. When the mixer cannot start (no audio device), the sounds are disabled, or a name is
unknown, ``play`` does nothing and logs nothing.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import numpy.typing as npt
import pygame

SAMPLE_RATE = 44100  # Hz, asked of the mixer; the sounds follow whatever rate it actually has
CHANNELS = 2
BUFFER = 512  # samples; small, so a sound starts within ~12 ms of ``play``
DEFAULT_VOLUME = 0.3
NAMES = ("place", "house", "hint", "win", "error")
ATTACK = 0.004  # seconds of rise from silence (long enough that the start does not click)
RELEASE = 0.012  # seconds of the final fall to silence
DTYPES = {8: np.uint8, -8: np.int8, 16: np.uint16, -16: np.int16, 32: np.float32, -32: np.float32}


def _envelope(length: int, rate: int, decay: float) -> npt.NDArray[np.float64]:
    """``length`` gains (float64, 0..1): a raised-cosine attack from 0, an exponential decay
    (``decay`` seconds to fall by e), and a raised-cosine release that ends at exactly 0."""
    t = np.arange(length) / rate
    gain = np.exp(-t / decay)
    attack = min(length // 2, max(1, int(ATTACK * rate)))
    release = min(length // 2, max(1, int(RELEASE * rate)))
    gain[:attack] *= 0.5 - 0.5 * np.cos(np.pi * np.arange(attack) / attack)
    gain[-release:] *= 0.5 + 0.5 * np.cos(np.pi * np.arange(1, release + 1) / release)
    return gain


def _tone(
    rate: int, seconds: float, pitches: list[tuple[float, float]], decay: float, glide: float = 0.0
) -> np.ndarray:
    """A note: partials ``(frequency in Hz, amplitude)`` under one envelope; ``glide`` bends the
    pitch down by that fraction over the note (a blip or a thud rather than a beep)."""
    length = max(2, int(seconds * rate))
    t = np.arange(length) / rate
    bend = 1.0 - glide * (t / seconds)
    phase_time = np.cumsum(bend) / rate  # the integral of the bent frequency, per unit Hz
    wave = np.zeros(length)
    for frequency, amplitude in pitches:
        wave += amplitude * np.sin(2 * np.pi * frequency * phase_time)
    return wave * _envelope(length, rate, decay)


def _sequence(rate: int, notes: list[tuple[float, np.ndarray]]) -> np.ndarray:
    """Notes ``(start in seconds, samples)`` mixed into one array."""
    length = max(int(start * rate) + len(samples) for start, samples in notes)
    out = np.zeros(length)
    for start, samples in notes:
        begin = int(start * rate)
        out[begin : begin + len(samples)] += samples
    return out


def _chime(rate: int, frequency: float, seconds: float, decay: float) -> np.ndarray:
    """A soft bell-like note: the fundamental, a quiet octave and a faint twelfth above it."""
    return _tone(rate, seconds, [(frequency, 1.0), (2 * frequency, 0.25), (3 * frequency, 0.08)], decay)


def synthesise(name: str, rate: int = SAMPLE_RATE, volume: float = DEFAULT_VOLUME) -> np.ndarray:
    """The sound ``name`` (one of ``NAMES``) as mono float32 samples at ``rate`` Hz, peaking at
    ``volume`` (0..1 of full scale), starting and ending at 0. Raises KeyError for an unknown
    name and ValueError for a volume outside 0..1 or a rate below 8,000 Hz."""
    if not 0.0 <= volume <= 1.0:
        raise ValueError(f"volume must be within 0..1, got {volume}")
    if rate < 8000:
        raise ValueError(f"sample rate must be at least 8000 Hz, got {rate}")
    if name == "place":
        wave = _tone(rate, 0.07, [(880.0, 1.0), (1760.0, 0.15)], decay=0.025, glide=0.25)
    elif name == "house":
        wave = _sequence(
            rate,
            [
                (0.0, _chime(rate, 659.25, 0.22, 0.08)),  # E5, then B5
                (0.11, _chime(rate, 987.77, 0.34, 0.12)),
            ],
        )
    elif name == "hint":
        partials = [(784.0, 1.0), (784.0 * 2.76, 0.3), (784.0 * 5.40, 0.1)]  # a small bell's ratios
        wave = _tone(rate, 0.6, partials, decay=0.18)
    elif name == "win":
        notes = (523.25, 659.25, 783.99, 1046.5)  # C5 E5 G5 C6
        wave = _sequence(
            rate,
            [(i * 0.09, _chime(rate, f, 0.28 if i < 3 else 0.5, 0.1 if i < 3 else 0.2)) for i, f in enumerate(notes)],
        )
    elif name == "error":
        wave = _tone(rate, 0.16, [(110.0, 1.0), (220.0, 0.2)], decay=0.05, glide=0.4)
    else:
        raise KeyError(f"unknown sound {name!r}; choose one of {', '.join(NAMES)}")
    peak = float(np.max(np.abs(wave))) or 1.0
    return (wave * (volume / peak)).astype(np.float32)


def to_mixer(samples: np.ndarray, size: int, channels: int) -> np.ndarray:
    """Mono float samples (-1..1) in the mixer's format: ``size`` is the sample size in bits,
    negative when signed, as ``pygame.mixer.get_init()`` reports it (8, -8, 16, -16, or 32/-32
    for float); the result has shape (n,) for one channel, else (n, channels), and the matching
    dtype (unsigned formats are centred on half their range). Raises ValueError for another
    size or fewer than one channel."""
    if size not in DTYPES:
        raise ValueError(f"unsupported mixer sample size {size}")
    if channels < 1:
        raise ValueError(f"a mixer has at least one channel, got {channels}")
    dtype = DTYPES[size]
    if np.issubdtype(dtype, np.floating):
        out = samples.astype(dtype)
    else:
        bits = abs(size)
        scale = 2 ** (bits - 1) - 1
        centre = 0 if size < 0 else 2 ** (bits - 1)
        out = (np.round(samples * scale) + centre).astype(dtype)
    if channels > 1:
        out = np.repeat(out[:, None], channels, axis=1)
    return np.ascontiguousarray(out)


class Sounds:
    """The game's sounds, ready to play. Make it with ``Sounds.create``.

    ``play(name)`` never raises; it is silent when the mixer could not start, when ``enabled``
    is False, and for a name not in ``NAMES``. ``reason`` says why the sounds are silent (None
    when they are not); ``build_ms`` is how long the synthesis took in milliseconds.
    """

    def __init__(
        self,
        sounds: dict[str, pygame.mixer.Sound] | None = None,
        enabled: bool = True,
        reason: str | None = None,
        build_ms: float = 0.0,
    ) -> None:
        self._sounds = dict(sounds or {})
        self.enabled = enabled
        self.reason = reason
        self.build_ms = build_ms

    @classmethod
    def create(cls, volume: float = DEFAULT_VOLUME, enabled: bool = True) -> Sounds:
        """Start the mixer (44.1 kHz stereo asked; its actual format is used) and synthesise
        every sound at ``volume`` (0..1 of full scale). Returns a silent ``Sounds`` when
        ``enabled`` is False (the mixer is then not touched) or the mixer cannot start (no audio
        device: the pygame.error is kept in ``reason``). Raises ValueError for a volume outside
        0..1."""
        if not 0.0 <= volume <= 1.0:
            raise ValueError(f"volume must be within 0..1, got {volume}")
        if not enabled:
            return cls(enabled=False, reason="disabled")
        start = time.perf_counter()
        waves = {name: synthesise(name, SAMPLE_RATE, volume) for name in NAMES}  # before the
        build_ms = (time.perf_counter() - start) * 1000  # mixer's audio thread competes for the CPU
        try:
            with _quiet_native_stderr():  # ALSA prints a page of errors when there is no card
                pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=CHANNELS, buffer=BUFFER)
            init = pygame.mixer.get_init()
            if not init:
                return cls(reason="the mixer did not start")
            rate, size, channels = init
            start = time.perf_counter()
            if rate != SAMPLE_RATE:
                waves = {name: synthesise(name, rate, volume) for name in NAMES}
            sounds = {name: pygame.sndarray.make_sound(to_mixer(wave, size, channels)) for name, wave in waves.items()}
            build_ms += (time.perf_counter() - start) * 1000
        except (pygame.error, ValueError, ImportError, NotImplementedError) as exc:
            return cls(reason=f"no sound: {exc}")
        return cls(sounds, enabled=True, build_ms=build_ms)

    @property
    def available(self) -> bool:
        """True when the mixer started and the sounds were built (whether enabled or not)."""
        return bool(self._sounds)

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The built ``pygame.mixer.Sound`` for ``name``; None when unavailable or unknown."""
        return self._sounds.get(name)

    def play(self, name: str) -> None:
        """Play sound ``name`` once (it mixes over any already playing); a silent no-op when
        unavailable, disabled or unknown. Never raises."""
        if not self.enabled:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error:
            pass


@contextmanager
def _quiet_native_stderr() -> Iterator[None]:
    """Silence what C libraries write to the process's stderr (file descriptor 2) meanwhile:
    without a sound card, ALSA lists its failed lookups there before SDL reports the error the
    game handles. Python's own stderr is untouched; does nothing where stderr has no descriptor."""
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, ValueError, OSError):
        yield
        return
    sys.stderr.flush()
    saved = os.dup(fd)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)
        os.close(devnull)
