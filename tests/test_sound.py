"""The sounds: the committed WAV files, their generator, and game.media.sound."""

from __future__ import annotations

import os

os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import wave  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.media import sound  # noqa: E402
from game.media.sound import NAMES, THREAD, Sounds  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "assets" / "sounds"
MAKER = ROOT / "tools" / "make_sounds.py"

#: name -> (shortest, longest) plausible length in seconds
DURATIONS = {
    "plink": (0.08, 0.2),
    "deal": (0.03, 0.12),
    "place": (0.04, 0.15),
    "beep": (0.1, 0.3),
    "shuffle": (0.5, 1.2),
    "win": (0.8, 2.0),
    "turn": (0.03, 0.12),
}


def read_wav(path: Path) -> tuple[Any, np.ndarray]:
    """The file's ``wave`` parameters and its samples."""
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        pcm = np.frombuffer(wav.readframes(params.nframes), dtype="<i2")
    return params, pcm


def centroid(pcm: np.ndarray, rate: int) -> float:
    """The spectral centroid, in Hz: where the sound's energy sits."""
    power = np.abs(np.fft.rfft(pcm.astype(float) * np.hanning(len(pcm)))) ** 2
    return float((np.fft.rfftfreq(len(pcm), 1.0 / rate) * power).sum() / power.sum())


def keepers() -> list[threading.Thread]:
    """The sound keeper threads running now."""
    return [t for t in threading.enumerate() if t.name == THREAD]


@pytest.fixture(autouse=True)
def no_mixer_left_open():
    yield
    for keeper in keepers():  # a test that did not stop its Sounds: its keeper ends after the quiet spell
        keeper.join(30)
    pygame.mixer.quit()


# -- the files ------------------------------------------------------------------


def test_the_folder_holds_exactly_the_named_sounds():
    assert sorted(p.stem for p in FOLDER.glob("*.wav")) == sorted(NAMES)
    assert set(DURATIONS) == set(NAMES)
    assert sound.FOLDER == FOLDER


@pytest.mark.parametrize("name", NAMES)
def test_each_file_is_a_small_clean_16_bit_wav(name):
    path = FOLDER / f"{name}.wav"
    params, pcm = read_wav(path)
    assert (params.nchannels, params.sampwidth, params.comptype) == (1, 2, "NONE")
    assert params.framerate in (22050, 44100)
    shortest, longest = DURATIONS[name]
    assert shortest <= params.nframes / params.framerate <= longest
    assert path.stat().st_size < 120_000
    peak = np.abs(pcm.astype(int)).max()
    assert -4.0 < 20 * np.log10(peak / 32768) < -2.0  # about -3 dBFS: neither clipped nor faint
    rms = np.sqrt(np.mean(pcm.astype(float) ** 2))
    assert 20 * np.log10(rms / 32768) > -30  # not silent
    assert abs(int(pcm[0])) < 200 and abs(int(pcm[-1])) < 200  # faded: no click at either end
    assert abs(pcm.mean()) < 0.01 * peak  # no DC offset


def test_spectra_make_sense():
    rate, pcm = {}, {}
    for name in NAMES:
        params, pcm[name] = read_wav(FOLDER / f"{name}.wav")
        rate[name] = params.framerate
    assert 1500 < centroid(pcm["plink"], rate["plink"]) < 3000  # bright, bell-like
    assert centroid(pcm["place"], rate["place"]) < 600  # a low tap
    assert 400 < centroid(pcm["beep"], rate["beep"]) < 900  # a mid, gentle tone
    for name in ("deal", "turn", "shuffle"):  # paper noises
        assert 1500 < centroid(pcm[name], rate[name]) < 6000
    assert 1000 < centroid(pcm["win"], rate["win"]) < 3000


def test_generation_is_deterministic_and_matches_the_committed_files(tmp_path):
    runs = []
    for run in ("a", "b"):
        out = tmp_path / run
        done = subprocess.run([sys.executable, str(MAKER), "--out", str(out)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert done.stdout.count("wrote") == len(NAMES)
        runs.append(out)
    for name in NAMES:
        first = (runs[0] / f"{name}.wav").read_bytes()
        assert first == (runs[1] / f"{name}.wav").read_bytes(), f"{name}.wav differs between two runs"
        if first != (FOLDER / f"{name}.wav").read_bytes():
            _, fresh = read_wav(runs[0] / f"{name}.wav")
            _, committed = read_wav(FOLDER / f"{name}.wav")
            pytest.fail(f"{name}.wav is not what tools/make_sounds.py makes (lengths {len(fresh)} and "
                        f"{len(committed)}): regenerate it")


# -- game.media.sound -----------------------------------------------------------------


def test_importing_game_sound_starts_nothing():
    code = "import pygame, game.media.sound; print(pygame.get_init(), pygame.mixer.get_init())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "None"]


def test_the_dummy_device_plays_every_sound():
    sounds = Sounds()
    assert sounds.start()
    assert sounds.ready and sounds.problem is None
    assert sounds.available == set(NAMES)
    assert pygame.mixer.get_num_channels() >= 16
    for name in NAMES:
        sounds.play(name)
    for _ in range(40):  # a fast deal: more plays than voices
        sounds.play("deal")
    sounds.play("no-such-sound")
    assert sounds.start()  # a second start changes nothing
    sounds.stop()
    assert not sounds.ready and not pygame.mixer.get_init()
    sounds.play("plink")  # stopped: silent, and the mixer stays closed
    assert not pygame.mixer.get_init()


def test_no_sound_device_means_silence(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("Audio target 'none' not available")

    def must_not_play(*args, **kwargs):
        raise AssertionError("a silent Sounds played something")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds()
    assert sounds.start() is False
    assert sounds.problem.startswith("No sound device") and "silently" in sounds.problem
    assert "\n" not in sounds.problem
    assert not sounds.ready and sounds.available == set()
    monkeypatch.setattr(pygame.mixer, "find_channel", must_not_play)
    monkeypatch.setattr(pygame.mixer, "Sound", must_not_play)
    for name in NAMES:
        sounds.play(name)
    sounds.stop()


def test_a_missing_folder_gives_a_problem_not_a_crash(tmp_path):
    sounds = Sounds(folder=tmp_path / "nowhere")
    assert sounds.start() is False
    assert "nowhere" in sounds.problem and "silently" in sounds.problem
    for name in NAMES:
        sounds.play(name)
    sounds.stop()


def test_an_empty_folder_gives_a_problem_not_a_crash(tmp_path):
    sounds = Sounds(folder=tmp_path)
    assert sounds.start() is False
    assert "silently" in sounds.problem
    sounds.play("win")
    assert not pygame.mixer.get_init()  # nothing to play: the mixer was closed again


def test_a_broken_file_silences_that_sound_only(tmp_path):
    for name in NAMES:
        shutil.copy(FOLDER / f"{name}.wav", tmp_path)
    (tmp_path / "win.wav").write_bytes(b"RIFF not really a wave file")
    (tmp_path / "beep.wav").unlink()
    sounds = Sounds(folder=str(tmp_path))
    assert sounds.start()
    assert "win.wav" in sounds.problem and "beep.wav" in sounds.problem
    assert sounds.available == set(NAMES) - {"win", "beep"}
    for name in NAMES:
        sounds.play(name)
    sounds.stop()


def test_a_disabled_sounds_never_calls_into_the_mixer(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("a disabled Sounds called into the mixer")

    for attribute in ("init", "pre_init", "get_init", "quit", "Sound", "find_channel",
                      "set_num_channels", "get_num_channels", "stop", "Channel"):
        monkeypatch.setattr(pygame.mixer, attribute, forbidden)
    sounds = Sounds(enabled=False)
    assert sounds.start() is False
    assert sounds.problem is None
    for name in NAMES:
        sounds.play(name)
    sounds.stop()


def test_the_sound_option_can_be_toggled_at_any_time(monkeypatch):
    sounds = Sounds(enabled=False)
    sounds.start()
    assert not sounds.ready and not pygame.mixer.get_init()
    sounds.enabled = True
    sounds.play("deal")  # the first play once enabled starts the mixer
    assert sounds.ready and pygame.mixer.get_init()

    played = []
    real_find_channel = pygame.mixer.find_channel
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: played.append(1) or real_find_channel(force))
    sounds.enabled = False
    for name in NAMES:
        sounds.play(name)
    assert played == []
    sounds.enabled = True
    sounds.play("place")
    assert played == [1]
    sounds.stop()


def test_a_mixer_closed_behind_its_back_is_not_a_crash():
    sounds = Sounds()
    assert sounds.start()
    pygame.mixer.quit()  # as pygame.quit() would
    for name in NAMES:
        sounds.play(name)
    sounds.stop()


def test_the_table_is_on_screen_before_the_sound_device_is_opened(tmp_path, monkeypatch):
    """Opening the audio device can take a tenth of a second and more: the
    window shows the table first."""
    import game.app
    os.environ["CARD_SHELL_HOME"] = str(tmp_path)
    app = game.app.App(game.app.parse_args(["--size", "1024x640", "--no-analysis", "--game", "prince", "--seed", "1"]))
    assert not app.sounds.ready, "no sound device opened while the window was made"
    tables = []
    start = Sounds.start

    def watched(sounds):
        tables.append(app.table)
        return start(sounds)

    monkeypatch.setattr(Sounds, "start", watched)
    app.begin()
    assert tables and tables[0] is not None, "the table was dealt and drawn first"
    assert app.sounds.ready
    app.quit()
    app.sounds.stop()
    pygame.quit()


def test_without_a_sound_device_the_status_line_says_so(tmp_path, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("Audio target 'none' not available")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    import game.app
    os.environ["CARD_SHELL_HOME"] = str(tmp_path)
    app = game.app.App(game.app.parse_args(["--size", "1024x640", "--no-analysis", "--game", "gaps", "--seed", "2"]))
    app.begin()
    assert app.message.startswith("No sound device") and app.table is not None
    app.quit()
    app.sounds.stop()
    pygame.quit()


def test_nothing_plays_and_the_mixer_stays_closed_before_start(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("the mixer was opened before start()")

    monkeypatch.setattr(pygame.mixer, "init", forbidden)
    sounds = Sounds()
    for name in NAMES:
        sounds.play(name)
    assert not sounds.ready


# -- the device is open only while sounds play (issue 26) ---------------------------


@pytest.mark.slow
def test_the_device_closes_after_a_quiet_spell_and_opens_again_to_play():
    sounds = Sounds(quiet=0.2)
    assert sounds.start()
    assert sounds.device_open and pygame.mixer.get_init()
    sounds.play("deal")
    assert sounds.wait_closed()
    assert pygame.mixer.get_init() is None, "the device is closed after the quiet spell"
    assert not sounds.device_open and not keepers()
    assert sounds.ready and sounds.available == set(NAMES)  # closed, not silenced

    sounds.play("win")  # the device opens again for it, behind the caller's back
    assert sounds.wait()
    assert sounds.device_open and pygame.mixer.get_init()
    assert sounds.playing, "the sound plays once the device is open again"
    assert keepers()
    assert sounds.wait_closed()
    assert pygame.mixer.get_init() is None and not keepers()
    sounds.stop()


def test_stop_leaves_no_device_open_and_no_thread_running():
    sounds = Sounds()  # the default quiet spell: only stop() closes it this soon
    assert sounds.start()
    sounds.play("win")
    assert keepers() and sounds.playing
    sounds.stop()
    assert pygame.mixer.get_init() is None and not sounds.device_open
    assert not keepers()
    sounds.play("deal")  # stopped: silent, nothing opened, no keeper
    assert pygame.mixer.get_init() is None and not keepers()


def test_stop_while_the_device_is_closed_and_while_it_reopens():
    sounds = Sounds(quiet=0.05)
    assert sounds.start()
    assert sounds.wait_closed()
    sounds.stop()
    assert pygame.mixer.get_init() is None and not keepers()
    assert sounds.start()
    assert sounds.wait_closed()
    for name in NAMES:
        sounds.play(name)  # the keeper is opening the device for these
    sounds.stop()
    assert pygame.mixer.get_init() is None and not keepers()


def test_reopening_uses_the_kept_samples_not_the_files(tmp_path):
    for name in NAMES:
        shutil.copy(FOLDER / f"{name}.wav", tmp_path)
    sounds = Sounds(folder=tmp_path, quiet=0.05)
    assert sounds.start()
    assert sounds.wait_closed()
    for name in NAMES:
        (tmp_path / f"{name}.wav").unlink()
    sounds.play("win")
    assert sounds.wait()
    assert sounds.playing
    assert sounds.problem is None
    sounds.stop()


def test_the_game_never_waits_for_the_mixer():
    """While the keeper holds the mixer (opening or closing the device),
    play() queues the sound instead of waiting."""
    sounds = Sounds(quiet=0.05)
    assert sounds.start()
    assert sounds.wait_closed()
    with sound._MIXER:  # as the keeper holds it while it opens the device
        caller = threading.Thread(target=sounds.play, args=("win",))
        caller.start()
        caller.join(10)
        assert not caller.is_alive(), "play() waited for the mixer's lock"
        assert pygame.mixer.get_init() is None
    assert sounds.wait()
    assert sounds.playing
    sounds.stop()


@pytest.mark.slow
def test_plays_racing_the_keeper_open_and_close():
    """Plays in bursts and gaps, the device closing in each gap (no quiet
    spell beyond the sound) and opening again: no error, and nothing left
    behind by stop()."""
    sounds = Sounds(quiet=0.0)
    assert sounds.start()
    for i in range(40):
        sounds.play(("deal", "turn", "place")[i % 3])
        time.sleep((i % 6) * 0.02)
    for name in NAMES:
        sounds.play(name)
    assert sounds.ready and sounds.problem is None
    sounds.stop()
    assert pygame.mixer.get_init() is None and not keepers()


def test_a_device_gone_when_reopened_means_silence_then_start_tries_again(monkeypatch):
    sounds = Sounds(quiet=0.05)
    assert sounds.start()
    assert sounds.wait_closed()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")  # the device went away meanwhile
    sounds.play("deal")
    assert sounds.wait()
    assert sounds.wait_closed()
    assert not sounds.ready and sounds.available == set()
    assert sounds.problem.startswith("No sound device") and "silently" in sounds.problem
    assert pygame.mixer.get_init() is None and not keepers()
    for name in NAMES:
        sounds.play(name)  # silent, and no attempt
    assert not keepers()
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # back again: the Sound option switched on retries
    assert sounds.start()
    assert sounds.problem is None
    sounds.stop()


def test_no_sound_device_at_all_in_a_fresh_process():
    code = """
import json, threading
import pygame
from game.media.sound import NAMES, THREAD, Sounds
sounds = Sounds(quiet=0.05)
started = sounds.start()
for name in NAMES:
    sounds.play(name)
waited = sounds.wait() and sounds.wait_closed()
threads = [t.name for t in threading.enumerate() if t.name == THREAD]
sounds.stop()
print(json.dumps({"started": started, "problem": sounds.problem, "ready": sounds.ready, "waited": waited,
                  "mixer": pygame.mixer.get_init(), "threads": threads}))
"""
    env = {**os.environ, "SDL_AUDIODRIVER": "no-such-audio-driver"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["started"] is False and out["ready"] is False and out["waited"] is True
    assert out["problem"].startswith("No sound device") and out["problem"].endswith("playing silently.")
    assert "no-such-audio-driver" in out["problem"] and "\n" not in out["problem"]
    assert out["mixer"] is None and out["threads"] == []


def test_a_program_that_ends_without_stop_closes_the_device_at_exit():
    """The keeper is a daemon thread: the program does not wait out a quiet
    spell at exit (as ``--screenshot`` ends without ``stop()``); the device
    is closed by an exit hook before pygame's own."""
    code = """
import atexit, json, threading
import pygame
from game.media.sound import THREAD, Sounds
def report():  # registered before Sounds' hook, so it runs after it
    print(json.dumps({"open": sounds.device_open, "mixer": pygame.mixer.get_init(),
                      "keepers": [t.name for t in threading.enumerate() if t.name == THREAD]}))
atexit.register(report)
sounds = Sounds()
assert sounds.start()
sounds.play("win")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out == {"open": False, "mixer": None, "keepers": []}
