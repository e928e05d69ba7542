"""Speech (issue 28): what the game says, through a recording backend."""

from __future__ import annotations

import importlib.util
import shutil

import pygame
import pytest

from game.speech import CommandBackend, RecordingBackend, SilentBackend, Speech, choose_backend
from tests.gui import key, make_app


def speaking_app(home, *argv, speak=True):
    app = make_app(home, *argv)
    app.speech.backend = RecordingBackend()
    app.speech.screen_reader = False
    app.speech.wanted = speak
    return app


def test_newer_speech_cancels_older():
    rec = RecordingBackend()
    speech = Speech(enabled=True, backend=rec, screen_reader=False)
    speech.say("one")
    speech.say("two")
    assert rec.spoken == ["one", "two"]
    assert rec.cancels == 2             # each utterance first cancels what was being said


def test_nothing_said_when_off():
    rec = RecordingBackend()
    speech = Speech(enabled=False, backend=rec, screen_reader=False)
    speech.say("one")
    assert rec.spoken == []
    speech.screen_reader = True         # a screen reader turns it on
    speech.say("two")
    assert rec.spoken == ["two"]


def test_silent_backend_breaks_nothing():
    speech = Speech(enabled=True, backend=SilentBackend(), screen_reader=False)
    speech.say("nobody hears this")
    assert not speech.available


def test_spd_say_command_line_cancels_first():
    b = CommandBackend("/usr/bin/spd-say", cancel_flag=True)
    assert b.command("seven of hearts") == ["/usr/bin/spd-say", "-C", "--", "seven of hearts"]


def test_speak_option_in_menu_and_status_without_channel(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", speak=False)
    app.speech.backend = SilentBackend()
    options = next(m for m in app.commands.menus() if m.title == "Options")
    item = next(i for i in options.items if getattr(i, "label", "") == "Speak")
    assert item.shortcut == "Ctrl+Shift+V" and not item.checked
    key(app, pygame.K_v, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert app.option("speak") is True
    assert "No speech channel" in app.message


def test_status_messages_spoken(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince")
    app.say("Hello there.")
    assert app.speech.backend.last == "Hello there."
    app.speech.wanted = False
    app.say("Quiet now.")
    assert app.speech.backend.last == "Hello there."


needs_speechd = pytest.mark.skipif(not (shutil.which("spd-say") or importlib.util.find_spec("speechd")),
                                   reason="speech-dispatcher is not installed")


@needs_speechd
def test_words_reach_speech_dispatcher():
    backend = choose_backend()
    assert backend.name in ("spd-say", "speech-dispatcher")
    backend.speak("seven of hearts")
    if isinstance(backend, CommandBackend):
        assert backend.last_command[-1] == "seven of hearts" and "-C" in backend.last_command
        backend.process.wait(timeout=10)
