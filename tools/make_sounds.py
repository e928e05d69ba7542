"""Synthesise the table's sounds and write them to ``assets/sounds/``.

    python tools/make_sounds.py [--out FOLDER]

Every sound is made here from sine waves and shaped noise with numpy, and
written as 16-bit mono WAV at 22050 Hz with the standard ``wave`` module: no
third-party audio.  The output is deterministic (each sound draws its noise
from a generator seeded with its own name), starts and ends on silence (short
raised-cosine fades), and peaks at about -3 dBFS.

==========  ==============================  =======
file        plays when                      length
==========  ==============================  =======
plink.wav   an ace is removed               120 ms
deal.wav    one card is dealt               60 ms
place.wav   a card is set down              80 ms
beep.wav    an illegal try                  180 ms
shuffle.wav a shuffle or redeal             800 ms
win.wav     the game is won                 1.2 s
turn.wav    a card is turned over           70 ms
==========  ==============================  =======
"""

from __future__ import annotations

import argparse
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

RATE = 22050
PEAK_DBFS = -3.0
FOLDER = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Signal = np.ndarray


# -- building blocks ---------------------------------------------------------

def samples(seconds: float) -> int:
    return int(round(seconds * RATE))


def timeline(seconds: float) -> Signal:
    """Sample times, in seconds, of a sound ``seconds`` long."""
    return np.arange(samples(seconds)) / RATE


def rng_for(name: str) -> np.random.RandomState:
    """The noise source of one sound.

    ``RandomState`` is numpy's frozen legacy generator: its stream for a seed
    never changes between numpy versions, so the files stay reproducible.
    """
    return np.random.RandomState(zlib.crc32(name.encode()))


def band_noise(rng: np.random.RandomState, n: int, centre: float, octaves: float) -> Signal:
    """``n`` samples of noise with unit RMS, band-passed around ``centre`` Hz.

    The band is a Gaussian in log-frequency, ``octaves`` wide (one standard
    deviation each side), applied in the frequency domain.
    """
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1.0 / RATE)
    distance = np.log2(np.maximum(freqs, 1.0) / centre) / octaves
    noise = np.fft.irfft(spectrum * np.exp(-0.5 * distance**2), n)
    return noise / np.sqrt(np.mean(noise**2))


def strike(t: Signal, attack: float, decay: float) -> Signal:
    """A percussive envelope: a quick exponential rise, an exponential fall."""
    return (1.0 - np.exp(-t / attack)) * np.exp(-t / decay)


def place_at(total: Signal, piece: Signal, start: float, gain: float = 1.0) -> None:
    """Mix ``piece`` into ``total`` from ``start`` seconds on (cut at the end)."""
    i = samples(start)
    piece = piece[: max(0, len(total) - i)]
    total[i : i + len(piece)] += gain * piece


def bell(seconds: float, freq: float, decay: float, partials: tuple[tuple[float, float, float], ...]) -> Signal:
    """A struck tone: ``partials`` are (frequency ratio, level, decay factor)."""
    t = timeline(seconds)
    tone = np.zeros_like(t)
    for ratio, level, factor in partials:
        tone += level * np.sin(2 * np.pi * freq * ratio * t) * np.exp(-t / (decay * factor))
    return tone * (1.0 - np.exp(-t / 0.0008))


def fades(x: Signal, fade_in: float, fade_out: float) -> Signal:
    """Raised-cosine fades, so the sound starts and ends exactly on zero."""
    x = x.copy()
    for length, at_end in ((samples(fade_in), False), (samples(fade_out), True)):
        if length:
            ramp = 0.5 - 0.5 * np.cos(np.pi * np.arange(length) / length)
            if at_end:
                x[len(x) - length :] *= ramp[::-1]
            else:
                x[:length] *= ramp
    return x


# -- the sounds --------------------------------------------------------------
# Each returns float samples of any scale; ``render`` fades and normalises.

BELL_PARTIALS = ((1.0, 1.0, 1.0), (2.0, 0.3, 0.45), (3.0, 0.12, 0.3), (4.16, 0.06, 0.2))


def plink(rng: np.random.RandomState) -> Signal:
    """Ace removal: a tiny marimba/bell pluck on A6 (1760 Hz), 120 ms."""
    tone = bell(0.12, 1760.0, 0.032, ((1.0, 1.0, 1.0), (2.0, 0.22, 0.45), (4.0, 0.05, 0.15), (0.5, 0.12, 0.8)))
    t = timeline(0.12)
    mallet = band_noise(rng, len(t), 3000.0, 0.5) * strike(t, 0.0002, 0.0015)
    return tone + 0.08 * mallet


def deal(rng: np.random.RandomState) -> Signal:
    """One card dealt: a soft paper snap, band-passed noise with a quick decay."""
    t = timeline(0.06)
    snap = band_noise(rng, len(t), 2600.0, 0.8) * strike(t, 0.0004, 0.008)
    tick = band_noise(rng, len(t), 5000.0, 0.4) * strike(t, 0.0002, 0.002)
    body = band_noise(rng, len(t), 800.0, 0.8) * strike(t, 0.001, 0.012)
    return snap + 0.35 * tick + 0.3 * body


def place(rng: np.random.RandomState) -> Signal:
    """A card set down: a soft low tap, a thump falling from 260 to 150 Hz and a dull knock."""
    t = timeline(0.08)
    freq = 150.0 + 110.0 * np.exp(-t / 0.012)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    thump = np.sin(phase) * strike(t, 0.001, 0.018)
    knock = band_noise(rng, len(t), 600.0, 0.5) * strike(t, 0.0005, 0.008)
    return 0.7 * thump + knock


def beep(rng: np.random.RandomState) -> Signal:
    """An illegal try: a gentle two-tone "nope", E flat 5 then C5 (a minor third down)."""
    total = np.zeros(samples(0.18))
    for start, length, freq in ((0.0, 0.085, 622.25), (0.085, 0.095, 523.25)):
        t = timeline(length)
        # a rounded square: odd harmonics, gently, and nothing above 3 kHz
        tone = np.sin(2 * np.pi * freq * t) + 0.18 * np.sin(6 * np.pi * freq * t) + 0.05 * np.sin(10 * np.pi * freq * t)
        env = (1.0 - np.exp(-t / 0.003)) * np.exp(-t / 0.06)
        place_at(total, fades(tone * env, 0.0, 0.012), start)
    return total


def shuffle(rng: np.random.RandomState) -> Signal:
    """A riffle shuffle: flicks that speed up from 40 ms apart to 9 ms, then the deck squared up."""
    seconds = 0.8
    total = np.zeros(samples(seconds))
    start, riffle_end = 0.004, 0.68
    t = start
    while t < riffle_end:
        progress = (t - start) / (riffle_end - start)
        length = 0.03
        tt = timeline(length)
        centre = 2200.0 + 1400.0 * rng.uniform()
        flick = band_noise(rng, len(tt), centre, 0.6) * strike(tt, 0.0003, 0.003 + 0.003 * rng.uniform())
        place_at(total, flick, t, (0.55 + 0.45 * progress) * (0.75 + 0.25 * rng.uniform()))
        t += 0.040 - 0.031 * progress
    # a low rustle under the riffle, swelling with it
    tt = timeline(seconds)
    swell = np.clip((tt - start) / (riffle_end - start), 0.0, 1.0) * (tt < riffle_end + 0.02)
    total += 0.06 * band_noise(rng, len(tt), 1800.0, 1.0) * swell
    # the halves pushed together: a soft, longer, lower brush
    squared = timeline(0.1)
    place_at(total, band_noise(rng, len(squared), 1000.0, 0.8) * strike(squared, 0.004, 0.02), 0.7, 0.6)
    return total


def win(rng: np.random.RandomState) -> Signal:
    """The game is won: bell tones rising C6 E6 G6 C7, then the chord rings out."""
    total = np.zeros(samples(1.2))
    notes = (1046.50, 1318.51, 1567.98, 2093.00)
    for k, freq in enumerate(notes):
        place_at(total, bell(0.6, freq, 0.25, BELL_PARTIALS), 0.1 * k, 1.0)
    for freq in notes:
        place_at(total, bell(0.8, freq, 0.35, BELL_PARTIALS), 0.45, 0.5)
    return total


def turn(rng: np.random.RandomState) -> Signal:
    """A card turned over: a light swish rising in pitch, then a faint tick as it lands."""
    t = timeline(0.07)
    low = band_noise(rng, len(t), 1500.0, 0.6)
    high = band_noise(rng, len(t), 4200.0, 0.6)
    rise = np.clip(t / 0.04, 0.0, 1.0)
    swell = (t / 0.015) ** 2 * np.exp(2.0 - 2.0 * t / 0.015)  # peaks at 1 after 15 ms
    swish = ((1.0 - rise) * low + rise * high) * swell
    tick = np.zeros_like(t)
    tt = timeline(0.02)
    place_at(tick, band_noise(rng, len(tt), 3500.0, 0.5) * strike(tt, 0.0002, 0.0025), 0.038)
    return 0.45 * swish + 0.6 * tick


#: name -> (maker, fade in, fade out), in seconds
SOUNDS: dict[str, tuple[Callable[[np.random.RandomState], Signal], float, float]] = {
    "plink": (plink, 0.001, 0.015),
    "deal": (deal, 0.001, 0.01),
    "place": (place, 0.001, 0.015),
    "beep": (beep, 0.002, 0.015),
    "shuffle": (shuffle, 0.002, 0.06),
    "win": (win, 0.002, 0.3),
    "turn": (turn, 0.002, 0.01),
}


def render(name: str) -> np.ndarray:
    """The 16-bit samples of one sound: faded, DC removed, peaking at -3 dBFS."""
    make, fade_in, fade_out = SOUNDS[name]
    x = make(rng_for(name))
    x = fades(x - np.mean(x), fade_in, fade_out)
    x *= 10 ** (PEAK_DBFS / 20) / np.max(np.abs(x))
    return np.round(x * 32767).astype("<i2")


def write_wav(path: Path, pcm: np.ndarray) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def make_all(folder: Path = FOLDER) -> list[Path]:
    """Write every sound into ``folder`` (created if need be); return the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SOUNDS:
        path = folder / f"{name}.wav"
        write_wav(path, render(name))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise the table's sounds as WAV files.")
    parser.add_argument("--out", type=Path, default=FOLDER, help=f"folder to write into (default {FOLDER})")
    args = parser.parse_args(argv)
    for path in make_all(args.out):
        with wave.open(str(path), "rb") as wav:
            frames = wav.getnframes()
            pcm = np.frombuffer(wav.readframes(frames), dtype="<i2")
        peak = 20 * np.log10(np.max(np.abs(pcm)) / 32768)
        print(f"wrote {path}  {frames / RATE * 1000:4.0f} ms  {path.stat().st_size:6d} bytes  peak {peak:.1f} dBFS")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
