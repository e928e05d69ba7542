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
"""

from __future__ import annotations

from pathlib import Path

import pygame

from . import assets

#: where the sounds live: ``assets/sounds``, found through :mod:`game.assets`
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

_NEW, _WANTED, _READY, _SILENT, _STOPPED = "new", "wanted", "ready", "silent", "stopped"


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


class Sounds:
    """The table's sounds, played by name; silent when they cannot be.

    ``enabled`` may be changed at any time.  A ``Sounds`` that is disabled
    never touches the mixer; one that is enabled starts the mixer at
    ``start()``, or at its first ``play()`` if ``start()`` came while it was
    disabled.  Before ``start()`` nothing plays and the mixer stays closed
    (the table starts it once its window shows).  ``problem`` is ``None``,
    or one line saying why some or all sounds are silent.
    """

    def __init__(self, enabled: bool = True, folder: str | Path | None = None) -> None:
        self.enabled = enabled
        self.folder = Path(folder) if folder is not None else FOLDER
        self.problem: str | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._state = _NEW

    @property
    def ready(self) -> bool:
        """True once the mixer runs and at least one sound is loaded."""
        return self._state == _READY

    @property
    def available(self) -> frozenset[str]:
        """The names that can be heard (empty while silent)."""
        return frozenset(self._sounds)

    def start(self) -> bool:
        """Start the mixer and load every sound; True if any can be heard.

        Never raises.  On failure ``problem`` says why and the sounds stay
        silent (a later ``start()`` tries again).  While disabled this does
        nothing and returns False: the first ``play()`` once enabled starts.
        """
        if self._state == _READY:
            return True
        if not self.enabled:
            self._state = _WANTED
            return False
        self._state = _SILENT
        self._sounds = {}
        self.problem = None
        if not self.folder.is_dir():
            self.problem = f"No sound folder at {self.folder}: playing silently."
            return False
        try:
            opened = not pygame.mixer.get_init()
            if opened:
                pygame.mixer.pre_init(FREQUENCY, SIZE, CHANNELS, BUFFER)
                pygame.mixer.init()
            pygame.mixer.set_num_channels(max(VOICES, pygame.mixer.get_num_channels()))
        except (pygame.error, NotImplementedError, OSError) as err:
            self.problem = _one_line(f"No sound device ({err}): playing silently.")
            return False
        unreadable = []
        for name in NAMES:
            path = self.folder / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError):
                unreadable.append(path.name)
                continue
            sound.set_volume(VOLUMES[name])
            self._sounds[name] = sound
        if not self._sounds:
            self.problem = f"No readable sound files in {self.folder}: playing silently."
            if opened:
                pygame.mixer.quit()
            return False
        if unreadable:
            self.problem = f"Sound files missing or unreadable in {self.folder}: {', '.join(unreadable)}."
        self._state = _READY
        return True

    def play(self, name: str) -> None:
        """Play the sound ``name`` over whatever is playing; quietly nothing
        when disabled, silent, stopped, or the name is unknown."""
        if not self.enabled:
            return
        if self._state == _WANTED:
            self.start()
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
            self._sounds = {}
            self._state = _SILENT

    def stop(self) -> None:
        """Stop every sound and close the mixer; ``play()`` is then silent
        until ``start()`` is called again."""
        if self._state == _READY:
            self._sounds = {}
            try:
                pygame.mixer.stop()
                pygame.mixer.quit()
            except pygame.error:
                pass
        self._sounds = {}
        self._state = _STOPPED
