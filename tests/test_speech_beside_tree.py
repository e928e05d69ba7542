"""With a screen reader reading the accessibility tree, the game's own
speech, on only because a screen reader runs, steps back: the reader says
the focus and the news from the tree, and nothing is heard twice.  A player
who asked for Speak keeps it (issue 37: the game's speech kept as the
fallback and as an option)."""

from __future__ import annotations

import pygame
from gui import key, make_app, settle

from game.voice.speech import Speech


class Recorder:
    available = True

    def __init__(self) -> None:
        self.spoken: list[str] = []

    def speak(self, text: str, interrupt: bool = True) -> None:
        self.spoken.append(text)

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_screen_readers_speech_steps_back_while_the_tree_is_read():
    speech = Speech(enabled=False, backend=Recorder(), screen_reader=True)
    assert speech.enabled                       # a screen reader found: the game speaks
    speech.tree_read = True
    assert not speech.enabled                   # ... until the reader reads the tree
    speech.say("column 3, seven of hearts")
    assert speech.backend.spoken == []
    speech.set_wanted(True)                     # Options > Speak: the player asked for it
    assert speech.enabled
    speech.tree_read = False
    speech.set_wanted(False)
    assert not speech.enabled


class ActiveTree:
    """An accessibility tree a screen reader is reading (the adapter's stand-in)."""

    active = True

    def refresh(self, events: bool = True) -> None:
        pass

    def handle(self, event) -> None:
        pass


def test_the_loop_tells_the_speech_when_a_screen_reader_reads_the_tree(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    app.speech.screen_reader, app.speech.wanted, app.speech.silenced = True, False, False
    app.speech.backend = Recorder()
    app.loop.access = ActiveTree()
    settle(app)                                 # a pass of the loop: the reader is seen reading
    key(app, pygame.K_RIGHT)
    settle(app)
    assert app.speech.tree_read and app.speech.backend.spoken == []
    app.loop.access.active = False              # the reader stopped reading the tree
    settle(app)
    key(app, pygame.K_RIGHT)
    settle(app)
    assert not app.speech.tree_read and app.speech.backend.spoken, "the fallback speaks again"
