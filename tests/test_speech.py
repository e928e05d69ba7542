"""Speech (issue 28): what the game says, through a recording backend."""

from __future__ import annotations

import shutil

import pygame
import pytest
from gui import key, make_app, settle

import engine
from game.voice.speech import CommandBackend, RecordingBackend, SilentBackend, Speech, choose_backend
from game.voice.words import describe


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




@pytest.mark.skipif(not (shutil.which("speech-dispatcher") and shutil.which("spd-say")),
                    reason="speech-dispatcher (Debian's speech-dispatcher package) is not installed")
def test_a_move_by_keys_reaches_a_running_speech_dispatcher(tmp_path, monkeypatch):
    """A speech-dispatcher of its own (as Orca's would be, here on a private
    socket, logging what it is sent): the game's words, chosen by the game
    itself, reach it: the focus, the card picked up, the move played."""
    import os
    import subprocess
    import time
    from pathlib import Path
    sock, logs, conf, home = tmp_path / "speechd.sock", tmp_path / "logs", tmp_path / "conf", tmp_path / "home"
    for folder in (logs, conf / "modules", home):
        folder.mkdir(parents=True)
    # espeak-ng's voice, played to libao's null device (this machine has no sound card)
    (conf / "speechd.conf").write_text('AudioOutputMethod "libao"\n'
                                       'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
                                       "DefaultModule espeak-ng\n")
    module = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")
    (conf / "modules" / "espeak-ng.conf").write_text(module.read_text() if module.exists() else "")
    (home / ".libao").write_text("default_driver=null\n")
    app = None
    daemon = subprocess.Popen(["speech-dispatcher", "-s", "-l", "5", "-L", str(logs), "-S", str(sock),
                               "-C", str(conf), "-t", "60", "-P", str(tmp_path / "pid")],
                              env={**os.environ, "HOME": str(home)},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if sock.exists():
                break
            time.sleep(0.05)
        assert sock.exists(), "speech-dispatcher did not start"
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
        app = make_app(tmp_path, "--game", "prince", "--seed", "2")
        app.speech.screen_reader = False
        app.speech.backend = None           # the game's own choice
        app.speech.wanted = True
        log = logs / "speech-dispatcher.log"

        def heard(words: str) -> bool:
            """Whether the daemon was sent ``words`` (given the time a player
            takes between keys: newer words stop an spd-say still at work)."""
            for _ in range(100):
                if log.exists() and f"DATA:|{words}" in log.read_text(errors="replace"):
                    return True
                time.sleep(0.1)
            return False
        move = next(m for m in app.game.legal_moves() if m.word is None and m.dst[0] == "c" and m.count == 1)
        key(app, [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
                  pygame.K_8, pygame.K_9, pygame.K_0][int(move.src[1:]) - 1])
        assert heard(app.scene.keyboard.focus_words())
        key(app, pygame.K_RETURN)
        assert heard("Picked up ")
        words = describe(app.game, str(move))
        app.scene.keyboard.focus_on(move.dst)
        key(app, pygame.K_RETURN)
        settle(app)
        assert app.game.history, "the move was played"
        assert app.speech.backend.name in ("spd-say", "speech-dispatcher")
        assert heard(words[:1].upper() + words[1:] + ".")
    finally:
        if app is not None:
            app.speech.close()
        daemon.terminate()
        daemon.wait(timeout=10)


def test_speech_chooses_no_channel_until_it_speaks():
    speech = Speech(enabled=False, screen_reader=False)
    speech.say("nothing")
    assert speech.backend is None


def said(app) -> list[str]:
    return app.speech.backend.spoken


def test_moving_the_focus_says_the_place_and_card(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "1")
    key(app, pygame.K_3)
    pile = app.scene.layout.pile("c3")
    words = engine.cards.card(pile[-1].card).words
    below = len(pile) - 1
    assert said(app)[-1] == f"column 3, {words}, {below} cards under it"
    key(app, pygame.K_UP)
    assert said(app)[-1].startswith(f"column 3, {engine.cards.card(pile[-2].card).words} and 1 card on it")


def test_where_am_i_and_the_whole_pile(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "1")
    key(app, pygame.K_1)
    key(app, pygame.K_w)
    assert said(app)[-1].startswith("On column 1, ") and "Column 2:" in said(app)[-1]
    key(app, pygame.K_w, pygame.KMOD_SHIFT)
    assert said(app)[-1].startswith("column 1, ") and "from the bottom:" in said(app)[-1]


def test_a_refused_move_says_its_reason(tmp_path):
    app = speaking_app(tmp_path, "--game", "gaps", "--seed", "3")
    legal = {str(m) for m in app.game.legal_moves()}
    gap = next(p for p in app.scene.layout.slots if app.game.card_at(p) is None and p[1:] != "1")
    src = next(s.place for s in app.scene.layout.sprites if f"{s.place}-{gap}" not in legal)
    app.scene.board.focus = (src, 0)
    key(app, pygame.K_RETURN)
    assert app.scene.carry is not None
    assert said(app)[-1].startswith("Picked up ")
    app.scene.board.focus = (gap, None)
    key(app, pygame.K_RETURN)
    assert app.game.history == []
    assert said(app)[-1] == app.message and app.message


def test_a_played_move_is_said_in_words(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "1")
    move = next(str(m) for m in app.game.legal_moves() if m.word is None)
    words = describe(app.game, move)
    app.scene.try_move(move)
    settle(app)
    assert any(w.startswith(words[:1].upper() + words[1:] + ".") for w in said(app))


def test_a_dialog_says_its_title_and_text_and_tab_its_buttons(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince")
    app.ask("Start again from the deal?", ("Restart", "Cancel"), title="Restart")
    assert said(app)[-1] == "Restart. Start again from the deal? Restart, button."
    key(app, pygame.K_TAB)
    assert said(app)[-1] == "Cancel, button"
    key(app, pygame.K_ESCAPE)
    assert not app.dialogs


def test_f10_and_down_say_the_menu_item(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince")
    key(app, pygame.K_F10)
    assert said(app)[-1] == "File menu, New Game, Ctrl+N"
    key(app, pygame.K_DOWN)
    assert said(app)[-1] == "Open, Ctrl+O"
    key(app, pygame.K_RIGHT)
    assert said(app)[-1].startswith("Edit menu")
    key(app, pygame.K_ESCAPE)
    assert said(app)[-1] == "Menu closed."


def test_speak_off_says_nothing(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "1", speak=False)
    key(app, pygame.K_3)
    key(app, pygame.K_F10)
    key(app, pygame.K_ESCAPE)
    app.say("A message.")
    assert said(app) == []


def test_a_short_gaps_game_by_keys_with_its_words(tmp_path):
    app = speaking_app(tmp_path, "--game", "gaps", "--seed", "3")
    game, table = app.game, app.scene
    digits = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4]
    for _ in range(3):
        move = next(m for m in game.legal_moves() if m.word is None)
        src, gap = move.src, move.dst
        key(app, digits["abcd".index(src[0])])
        row = src[0].upper()
        assert said(app)[-1].startswith(f"row {row}, column ")
        for _ in range(14):
            if table.focus[0] == src:
                break
            key(app, pygame.K_RIGHT if int(src[1:]) > int(table.focus[0][1:]) else pygame.K_LEFT)
        name = engine.cards.card(game.card_at(src)).words
        assert said(app)[-1] == f"row {row}, column {int(src[1:])}, {name}"
        key(app, pygame.K_RETURN)
        assert said(app)[-1] == f"Picked up {name}."
        for _ in range(52):
            key(app, pygame.K_TAB)
            if table.focus[0] == gap:
                break
        left = game.card_at(f"{gap[0]}{int(gap[1:]) - 1}") if int(gap[1:]) > 1 else None
        the_gap = f"a gap after the {engine.cards.card(left).words}" if left else "a gap at the start of the row"
        assert said(app)[-1] == f"row {gap[0].upper()}, column {int(gap[1:])}, {the_gap}"      # (issue 37)
        words = describe(game, str(move))
        key(app, pygame.K_RETURN)
        assert game.history[-1] == str(move)
        assert any(w.startswith(words[:1].upper() + words[1:] + ".") for w in said(app)[-3:])


def test_an_orca_process_turns_speech_on(tmp_path):
    from game.voice.speech import screen_reader_running
    proc = tmp_path / "proc"
    (proc / "12").mkdir(parents=True)
    (proc / "12" / "comm").write_text("bash\n")
    (proc / "self").mkdir()
    (proc / "77").mkdir()
    (proc / "77" / "comm").write_bytes(b"donn\xc3\n")    # a name cut inside a letter: never a crash
    assert not screen_reader_running(proc)
    (proc / "345").mkdir()
    (proc / "345" / "comm").write_text("orca\n")
    assert screen_reader_running(proc)
    assert not screen_reader_running(tmp_path / "nothing")


def test_the_indicator_change_is_said_once_and_never_the_solver_at_work(tmp_path):
    """After each move the solver thinks again: a player hears the move, not
    "the solver is thinking", and the verdict only when it changes."""
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "1")
    words = {"thinking": "the solver is thinking...", "yes": "can still be won", "no": "can no longer be won"}
    app.status.indicator_text = lambda s: words.get(s.verdict, "")
    for verdict, heard in [("thinking", None), ("yes", "The deal can still be won."), ("thinking", None),
                           ("yes", None), ("no", "The deal can no longer be won.")]:
        count = len(said(app))
        app.session.verdict = verdict
        app.say_again()
        assert said(app)[count:] == ([heard] if heard else []), (verdict, said(app)[count:])


def test_words_not_interrupting_never_stop_the_words_being_sent(tmp_path):
    """spd-say still sending a move's words when the indicator's come: both
    reach the daemon (the second is queued, not the first killed)."""
    import sys
    slow = tmp_path / "slow-say"
    slow.write_text(f"#!{sys.executable}\nimport sys, time\ntime.sleep(0.5)\n"
                    f"open({str(tmp_path / 'heard')!r}, 'a').write(sys.argv[-1] + '\\n')\n")
    slow.chmod(0o755)
    b = CommandBackend(str(slow), cancel_flag=True)
    b.speak("The five of spades onto the six of hearts.")
    first = b.process
    b.speak("The deal can still be won.", interrupt=False)
    first.wait(timeout=10)
    b.process.wait(timeout=10)
    assert sorted((tmp_path / "heard").read_text().splitlines()) == [     # both, none killed
        "The deal can still be won.", "The five of spades onto the six of hearts."]
    b.close()


def test_w_speaks_a_gaps_table_by_rows(tmp_path):
    app = speaking_app(tmp_path, "--game", "gaps", "--seed", "3")
    key(app, pygame.K_w)
    text = said(app)[-1]
    assert "Row A: " in text and "Row D: " in text and "gap" in text


def test_undo_and_redo_say_the_move(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "1")
    move = next(str(m) for m in app.game.legal_moves() if m.word is None)
    words = describe(app.game, move)
    app.scene.try_move(move)
    settle(app)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert f"Undone: {words}." in said(app)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert f"Played again: {words}." in said(app)


def test_a_prince_endgame_by_keys_says_each_move_and_the_win(tmp_path):
    from test_keyboard import play_by_keys, prince_endgame
    app = speaking_app(tmp_path)
    app.show_game(engine.from_dict(prince_endgame()), opening=False)
    settle(app)
    for move in ["c5-f", "c4-c7", "c4-f", "c7-f", "c1-f", "c2-f", "c3-f"]:
        start = len(said(app))
        src = engine.Move.parse(move).src
        top = app.scene.layout.pile(src)[-1]
        words = engine.cards.card(top.card).words
        play_by_keys(app, move)
        heard = said(app)[start:]
        assert any(w.startswith(f"Picked up {words}") for w in heard), heard
        assert any(w.startswith("The " + words) and w.endswith(".") for w in heard), heard
    start = len(said(app))
    play_by_keys(app, "layoff")
    settle(app)
    assert app.game.won
    assert any("The game is won." in w for w in said(app)[start:]), said(app)[start:]


def test_the_stock_says_how_many_cards_it_holds(tmp_path):
    app = speaking_app(tmp_path, "--game", "smith", "--seed", "2")
    key(app, pygame.K_s)
    count = len(app.game.position()["stock"])
    assert said(app)[-1] == f"the stock, {count} cards, face down"


def test_a_progress_line_is_not_said_again_for_its_numbers(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince")
    app.say("Demo: looking for a line... 10 s of 60 s at most.")
    app.say("Demo: looking for a line... 10 s of 60 s at most.")     # the same line again: not said twice
    app.say("Demo: looking for a line... 20 s of 60 s at most.")
    app.say("That card has nowhere to go now.")
    app.say("That card has nowhere to go now.")      # a refusal repeated is said again
    app.say("Column 4 is not empty.")
    app.say("Column 5 is not empty.")                # other places: other words
    assert said(app) == ["Demo: looking for a line... 10 s of 60 s at most.",
                         "That card has nowhere to go now.", "That card has nowhere to go now.",
                         "Column 4 is not empty.", "Column 5 is not empty."]


def test_the_start_screen_says_the_game_highlighted(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince")
    app.show_start()
    assert said(app)[-1].startswith("Choose a game: ")
    key(app, pygame.K_RIGHT)
    assert said(app)[-1].endswith(f"of {len(app.scene.tiles) or 5}")


def test_macos_say_gets_the_text_alone():
    b = CommandBackend("/usr/bin/say", cancel_flag=False)
    assert b.command("-7 points") == ["/usr/bin/say", " -7 points"]
    assert b.command("seven of hearts") == ["/usr/bin/say", "seven of hearts"]


def test_speak_unchecked_quiets_a_screen_reader_session(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", speak=False)
    app.speech.screen_reader = True
    options = next(m for m in app.commands.menus() if m.title == "Options")
    assert next(i for i in options.items if i.label == "Speak").checked
    key(app, pygame.K_v, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert said(app)[-1] == "Speech off." and not app.speech.enabled
    app.say("Quiet.")
    assert said(app)[-1] == "Speech off."
    key(app, pygame.K_v, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert app.speech.enabled and said(app)[-1] == "Speech on."


@pytest.mark.skipif(not (shutil.which("speech-dispatcher") and shutil.which("spd-say")),
                    reason="speech-dispatcher (Debian's speech-dispatcher package) is not installed")
def test_a_speech_dispatcher_the_game_started_is_stopped_at_quit(tmp_path, monkeypatch):
    """No daemon ran: spd-say starts one for the game's words; closing the
    channel (at quit) stops it, so the game leaves no process behind."""
    import os
    import time
    run = tmp_path / "run"
    run.mkdir(mode=0o700)
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(run))
    sock = run / "speech-dispatcher" / "speechd.sock"
    backend = choose_backend()
    assert isinstance(backend, CommandBackend)
    backend.speak("seven of hearts")
    backend.process.wait(timeout=20)

    def daemons() -> list[int]:
        found = []
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                if str(sock).encode() in open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0") and \
                        open(f"/proc/{pid}/comm").read().strip() == "speech-dispatch":
                    found.append(int(pid))
            except OSError:
                pass
        return found
    for _ in range(50):
        if daemons():
            break
        time.sleep(0.1)
    assert daemons(), "spd-say started a speech-dispatcher for the game"
    backend.close()
    for _ in range(100):
        if not daemons():
            break
        time.sleep(0.1)
    assert not daemons(), "the daemon the game started still runs after quit"


def test_help_and_the_high_scores_are_read_whole(tmp_path):
    """A window of text is said in sentences (its headings each one), and a
    table row by row: the rules and the scores reach a player by ear."""
    from game.ui.dialogs import sentences
    app = speaking_app(tmp_path, "--game", "gaps", "--seed", "2")
    key(app, pygame.K_F1)
    rules = said(app)[-1]
    assert rules.startswith("Gaps: Rules.") and "The aim. Put the whole pack in order" in rules
    assert "with the last space" in rules, "a paragraph wrapped over lines is one sentence"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_i, pygame.KMOD_CTRL)
    scores = said(app)[-1]
    first = app.records.high_scores()[0]
    assert f"1: Name {first['name']}, " in scores, scores[:200]
    assert sentences("# Keys\n- F1 the rules,\n  and more\n\nA line\nwrapped") == \
        ["Keys.", "F1 the rules, and more.", "A line wrapped."]
