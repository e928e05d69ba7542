"""The mixer and the table's sounds.

The sounds are the WAV files in ``assets/sounds/``, made by
``tools/make_sounds.py``:

==========  ===========================
name        plays when
==========  ===========================
plink       an ace is removed
deal        one card is dealt
place       a card is set down
beep        an illegal try
shuffle     a shuffle or a redeal
win         the game is won
turn        a card is turned over
==========  ===========================

Sound is a nicety: no audio device, a missing folder or a broken file leaves
the table silent with a one-line ``problem`` to show, never an exception.
Importing this module does nothing; the mixer starts in ``Sounds.start()``
(call it before ``pygame.init()``, or the mixer that ``pygame.init()`` opens
with its own settings is used as it is).

    sounds = Sounds(enabled=prefs.sound)
    sounds.start()            # False, with sounds.problem set, when silent
    sounds.play("deal")
    sounds.enabled = False    # the Sound option; takes effect at the next play
    sounds.stop()             # on the way out

**The device is open only while sounds play** (issue 26).  An open audio
device costs a core's time even in silence: SDL's audio thread wakes every
buffer to mix nothing, which was nearly all of the table's CPU at rest
(``bench/idle.py`` measures it).  So:

- ``start()`` opens the device once, on the caller's thread, to learn
  whether there is one (``problem`` says so when not) and to decode the
  files; it keeps each sound's samples as bytes in the device's format.
- A keeper thread (``card-shell-sound``) closes the device (``pygame.mixer.
  quit()``, which ends SDL's audio thread) once ``quiet`` seconds have passed
  after the last sound ended, then ends itself.  It sleeps on a condition
  until then: nothing polls.  At rest there is neither an audio thread nor a
  keeper.
- ``play()`` with the device open plays at once.  With it closed, it hands
  the name to a new keeper, which opens the device, rebuilds the sounds from
  the kept bytes (``pygame.mixer.Sound`` objects die with the mixer) and
  plays it, unless it waited more than ``LATE`` seconds; the caller never
  waits.  Opening takes well under a millisecond on SDL's dummy device once
  the files are decoded; a real device takes longer, and pygame holds
  Python's lock while it opens, so the game's thread may still stall that
  long, once per quiet spell, at the first sound.
- The keeper is a daemon thread, so a program that ends without ``stop()``
  does not wait out the quiet spell; an exit hook stops every ``Sounds``
  still running first, closing the device before ``pygame.quit()``'s hook.
- One lock guards every ``pygame.mixer`` call, from whichever thread; the
  game's thread only ever tries it (never waits: while the keeper opens or
  closes the device, a sound asked for is queued for the keeper instead).
- A device that cannot be opened again later (unplugged, say) leaves the
  table silent with ``problem`` set, as at ``start()``; ``start()`` tries
  again (as the Sound option does when switched back on).
"""

from __future__ import annotations

import atexit
import threading
import time
import weakref
from pathlib import Path

import pygame

from . import assets

#: where the sounds live: ``assets/sounds``, found through :mod:`game.media.assets`
FOLDER = assets.path("sounds")

#: every sound the table plays, by name (the file is ``NAME.wav``)
NAMES = ("plink", "deal", "place", "beep", "shuffle", "win", "turn")

#: playback level of each sound: the files all peak at -3 dBFS, so these
#: balance them by ear-ish loudness (the sustained beep down most, the
#: frequent clicks left full)
VOLUMES = {"plink": 0.8, "deal": 1.0, "place": 1.0, "beep": 0.5, "shuffle": 1.0, "win": 0.8, "turn": 0.7}

#: mixer settings: CD rate, stereo, a small buffer for low latency
FREQUENCY, SIZE, CHANNELS, BUFFER = 44100, -16, 2, 512

#: sounds that may play at once, so a fast deal overlaps card by card
VOICES = 16

#: seconds of silence after the last sound ends before the device is closed
QUIET = 3.0

#: a sound still waiting for the device this many seconds after it was asked
#: for is dropped: heard that late it would belong to nothing on the table
LATE = 0.5

#: the keeper thread's name (tests and benchmarks look for it)
THREAD = "card-shell-sound"

_NEW, _WANTED, _READY, _SILENT, _STOPPED = "new", "wanted", "ready", "silent", "stopped"

#: every pygame.mixer call is made holding this (the mixer is one per process)
_MIXER = threading.Lock()
#: the Sounds whose device is open, if any (read and written holding _MIXER)
_owner: Sounds | None = None
#: every Sounds that has started a keeper, stopped at exit (see _stop_all)
_live: weakref.WeakSet[Sounds] = weakref.WeakSet()
_exit_hook = False


def _stop_all() -> None:
    """At exit, stop every Sounds not stopped yet.  The keepers are daemon
    threads, so a program that ends without ``stop()`` does not wait out a
    quiet spell; this closes their devices first (it runs before
    ``pygame.quit()``'s own exit hook, registered earlier)."""
    for sounds in list(_live):
        sounds.stop()


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


class Sounds:
    """The table's sounds, played by name; silent when they cannot be.

    ``enabled`` may be changed at any time.  A ``Sounds`` that is disabled
    never touches the mixer; one that is enabled starts at ``start()``, or
    at its first ``play()`` if ``start()`` came while it was disabled.
    Before ``start()`` nothing plays and the mixer stays closed (the table
    starts it once its window shows).  ``problem`` is ``None``, or one line
    saying why some or all sounds are silent.  ``quiet`` is the seconds of
    silence after which the device is closed (see the module's docstring).
    """

    def __init__(self, enabled: bool = True, folder: str | Path | None = None, quiet: float = QUIET) -> None:
        self.enabled = enabled
        self.folder = Path(folder) if folder is not None else FOLDER
        self.quiet = quiet
        self.problem: str | None = None
        # why no sound can be heard, in a few words for the Sound item ("no sound device"), while silent
        self._silent_because = ""
        self._state = _NEW
        # the decoded samples, kept while the device is closed: name -> bytes
        # in ``_format`` (the mixer's (frequency, size, channels)), and seconds
        self._raw: dict[str, bytes] = {}
        self._lengths: dict[str, float] = {}
        self._format: tuple[int, int, int] | None = None
        # the playable sounds, only while the device is open (holding _MIXER)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        # the keeper's business, holding _cond (taken inside _MIXER, never around it)
        self._cond = threading.Condition()
        self._pending: list[tuple[str, float]] = []
        self._deadline = 0.0
        self._keeper: threading.Thread | None = None
        self._last_keeper: threading.Thread | None = None
        self._opening = False
        self._stopping = False

    @property
    def ready(self) -> bool:
        """True once the sounds are loaded and the device has opened: they
        can be heard (the device itself is open only while they play)."""
        return self._state == _READY

    @property
    def unavailable(self) -> str:
        """Why no sound can be heard, in a few words ("no sound device"),
        once ``start()`` (or a later opening) failed; "" otherwise (before
        any start, with sound turned off before it, or ready).  The Options
        menu dims its Sound item with these words; ``problem`` says it whole."""
        return self._silent_because if self._state == _SILENT else ""

    @property
    def available(self) -> frozenset[str]:
        """The names that can be heard (empty while silent)."""
        return frozenset(self._raw) if self._state == _READY else frozenset()

    @property
    def device_open(self) -> bool:
        """Whether this ``Sounds`` holds the audio device open right now."""
        return _owner is self

    @property
    def playing(self) -> bool:
        """Whether one of its sounds plays right now (False with the device
        closed).  Waits for the mixer's lock: for tests and tools."""
        with _MIXER:
            if _owner is not self:
                return False
            try:
                return bool(pygame.mixer.get_busy())
            except pygame.error:
                return False

    # ----------------------------------------------------------- start, stop
    def start(self) -> bool:
        """Open the device, load every sound; True if any can be heard.

        Never raises.  On failure ``problem`` says why and the sounds stay
        silent (a later ``start()`` tries again).  While disabled this does
        nothing and returns False: the first ``play()`` once enabled starts.
        The device is closed again after ``quiet`` seconds with nothing
        played.
        """
        if self._state == _READY:
            return True
        if not self.enabled:
            self._state = _WANTED
            return False
        self._state = _SILENT
        self.problem = None
        self._silent_because = ""
        if not self.folder.is_dir():
            self.problem = f"No sound folder at {self.folder}: playing silently."
            self._silent_because = "no sound folder"
            return False
        with _MIXER:
            self._raw, self._lengths, self._format = {}, {}, None
            if not self._open_locked():
                return False
            self._state = _READY
        self._keep_until(time.monotonic() + self.quiet)
        return True

    def stop(self) -> None:
        """Stop every sound and close the device, ending the keeper thread;
        ``play()`` is then silent until ``start()`` is called again."""
        with self._cond:
            self._stopping = True
            self._pending = []
            keeper = self._keeper
            self._cond.notify_all()
        if keeper is not None:
            keeper.join()
        with _MIXER:
            self._close_locked()
        with self._cond:
            self._stopping = False
        self._raw, self._lengths, self._format = {}, {}, None
        self._state = _STOPPED
        _live.discard(self)

    # ----------------------------------------------------------- playing
    def play(self, name: str) -> None:
        """Play the sound ``name`` over whatever is playing; quietly nothing
        when disabled, silent, stopped, or the name is unknown.  Never waits:
        with the device closed, the sound plays as soon as it is open again."""
        if not self.enabled:
            return
        if self._state == _WANTED:
            self.start()
        if self._state != _READY or name not in self._raw:
            return
        if _MIXER.acquire(blocking=False):
            try:
                if _owner is self:
                    self._play_locked(name)
                    return
            finally:
                _MIXER.release()
        with self._cond:
            if self._stopping:
                return
            self._pending.append((name, time.monotonic()))
            self._wake_keeper()

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait until every sound asked for has reached the device (or been
        dropped); True unless ``timeout`` seconds passed first.  For tests and
        tools: the game never waits."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._opening, timeout)

    def wait_closed(self, timeout: float = 30.0) -> bool:
        """Wait until the device is closed and the keeper thread has ended
        (``quiet`` seconds after the last sound); True unless ``timeout``
        seconds passed first.  For tests and tools."""
        end = time.monotonic() + timeout
        while True:
            with self._cond:
                keeper = self._last_keeper
            if keeper is None:
                return not self.device_open
            keeper.join(max(0.0, end - time.monotonic()))
            if keeper.is_alive():
                return False
            with self._cond:
                if self._last_keeper is keeper:
                    return not self.device_open

    # ----------------------------------------------------------- the device (holding _MIXER)
    def _open_locked(self) -> bool:
        """Open the device (or take over the one already open) and make the
        sounds; False, with ``problem`` set, when there is no device."""
        global _owner
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(FREQUENCY, SIZE, CHANNELS, BUFFER)
                pygame.mixer.init()
            pygame.mixer.set_num_channels(max(VOICES, pygame.mixer.get_num_channels()))
            spec = pygame.mixer.get_init()
        except (pygame.error, NotImplementedError, OSError) as err:
            self.problem = _one_line(f"No sound device ({err}): playing silently.")
            self._silent_because = "no sound device"
            self._sounds = {}
            self._state = _SILENT
            return False
        if _owner is not None and _owner is not self:
            _owner._sounds = {}      # another Sounds' device: this one takes it over
        _owner = self
        if self._raw and spec == self._format:
            self._sounds = {name: pygame.mixer.Sound(buffer=raw) for name, raw in self._raw.items()}
        else:
            self._load_locked(spec)     # the first time, or the device's format changed
        if not self._sounds:
            self.problem = f"No readable sound files in {self.folder}: playing silently."
            self._silent_because = "no sound files"
            self._close_locked()
            self._state = _SILENT
            return False
        for name, sound in self._sounds.items():
            sound.set_volume(VOLUMES[name])
        return True

    def _load_locked(self, spec: tuple[int, int, int]) -> None:
        """Decode the files for the open device, keeping their samples."""
        self._sounds, self._raw, self._lengths = {}, {}, {}
        unreadable = []
        for name in NAMES:
            path = self.folder / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(str(path))
                raw = sound.get_raw()
            except (pygame.error, OSError):
                unreadable.append(path.name)
                continue
            self._sounds[name] = sound
            self._raw[name] = raw
        frequency, size, channels = spec
        per_second = frequency * channels * (abs(size) // 8)
        self._lengths = {name: len(raw) / per_second for name, raw in self._raw.items()}
        self._format = spec
        if unreadable and self._raw:
            self.problem = f"Sound files missing or unreadable in {self.folder}: {', '.join(unreadable)}."

    def _close_locked(self) -> None:
        """Close this ``Sounds``' device if it holds it (the sounds die with it)."""
        global _owner
        self._sounds = {}
        if _owner is not self:
            return
        _owner = None
        try:
            pygame.mixer.stop()
        except pygame.error:
            pass
        pygame.mixer.quit()
        with self._cond:
            self._cond.notify_all()        # the keeper, if any, sees it closed and ends

    def _play_locked(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            # the longest-playing voice gives way when all are busy
            channel = pygame.mixer.find_channel(True)
            if channel is not None:
                channel.play(sound)
        except pygame.error:
            # the mixer went away under us (pygame.quit): stay quiet from now on
            self._close_locked()
            self._silent_because = "no sound device"
            self._state = _SILENT
            return
        self._keep_until(time.monotonic() + self._lengths.get(name, 0.0) + self.quiet)

    # ----------------------------------------------------------- the keeper thread
    def _keep_until(self, deadline: float) -> None:
        """Have the device kept open until ``deadline`` (monotonic seconds) at least."""
        with self._cond:
            self._deadline = max(self._deadline, deadline)
            self._wake_keeper()

    def _wake_keeper(self) -> None:
        """Start a keeper if none runs (holding ``_cond``), or wake the one that does."""
        global _exit_hook
        if self._keeper is None and not self._stopping:
            if not _exit_hook:
                atexit.register(_stop_all)
                _exit_hook = True
            _live.add(self)
            self._keeper = threading.Thread(target=self._keep, name=THREAD, daemon=True)
            self._last_keeper = self._keeper
            self._keeper.start()
        self._cond.notify_all()

    def _keep(self) -> None:
        """The keeper: open the device for the sounds asked for and play
        them; close it after the quiet spell; end once it is closed."""
        while True:
            with self._cond:
                while True:
                    if self._stopping:
                        self._keeper = None
                        return             # stop() closes the device
                    if self._pending:
                        pending, self._pending = self._pending, []
                        self._opening = True
                        todo = "play"
                        break
                    if _owner is not self:
                        self._keeper = None
                        self._cond.notify_all()
                        return
                    left = self._deadline - time.monotonic()
                    if left <= 0:
                        todo = "close"
                        break
                    self._cond.wait(left)
            if todo == "play":
                try:
                    self._play_pending(pending)
                finally:
                    with self._cond:
                        self._opening = False
                        self._cond.notify_all()
            else:
                self._close_when_quiet()

    def _play_pending(self, pending: list[tuple[str, float]]) -> None:
        # the latest of each name, unless it has waited too long already
        now, names = time.monotonic(), []
        for name, asked in reversed(pending):
            if name not in names and now - asked <= LATE:
                names.append(name)
        with _MIXER:
            if self._state != _READY or not self.enabled or not names:
                return
            if _owner is not self and not self._open_locked():
                return                     # no device now: silent, problem set
            for name in reversed(names):
                self._play_locked(name)

    def _close_when_quiet(self) -> None:
        with _MIXER:
            try:
                busy = _owner is self and bool(pygame.mixer.get_init()) and pygame.mixer.get_busy()
            except pygame.error:
                busy = False
            if busy:
                # a sound longer than reckoned still plays: another quiet spell
                with self._cond:
                    self._deadline = time.monotonic() + max(self.quiet, 0.1)
                return
            with self._cond:
                if self._pending or self._deadline > time.monotonic():
                    return                 # asked for again meanwhile
            self._close_locked()
