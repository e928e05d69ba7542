"""speech-dispatcher over the game's own SSIP connection (issue 37), against
a fake daemon: a Unix socket server thread that records every command and
answers each with a 2xx line, as speech-dispatcher does."""

from __future__ import annotations

import shutil
import socket
import tempfile
import threading
from pathlib import Path

import pytest

from game.voice.speech import CommandBackend, RecordingBackend, Speech, SSIPBackend, choose_backend, ssip_data


class FakeDaemon:
    """An SSIP server on ``path``: ``commands`` holds each command line as
    sent (a SPEAK's words as ``SPEAK <text>``), ``connections`` how many
    clients connected.  ``stop()`` makes it go away, socket and all."""

    REPLIES = {"SET": "208 OK CLIENT NAME SET", "CANCEL": "210 OK CANCELED", "QUIT": "231 HAPPY HACKING",
               "STOP": "210 OK STOPPED"}

    def __init__(self, path: Path) -> None:
        self.path = path
        self.commands: list[str] = []
        self.connections = 0
        self.clients: list[socket.socket] = []
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen()
        self.heard = threading.Condition()
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            self.connections += 1
            self.clients.append(client)
            threading.Thread(target=self.talk, args=(client,), daemon=True).start()

    def talk(self, client: socket.socket) -> None:
        lines = client.makefile("rb")
        try:
            for raw in lines:
                line = raw.decode("utf-8").rstrip("\r\n")
                if line == "SPEAK":
                    client.sendall(b"230 OK RECEIVING DATA\r\n")
                    text = []
                    for data in lines:
                        data = data.decode("utf-8").rstrip("\r\n")
                        if data == ".":
                            break
                        text.append(data[1:] if data.startswith("..") else data)
                    self.record("SPEAK " + "\n".join(text))
                    client.sendall(b"225-%d\r\n225 OK MESSAGE QUEUED\r\n" % len(self.commands))
                    continue
                self.record(line)
                reply = self.REPLIES.get(line.split(" ")[0], "200 OK")
                if line == "HISTORY GET CLIENT_ID":         # (Debian's speechd module asks)
                    reply = "245-1\r\n245 OK CLIENT ID SENT"
                client.sendall(reply.encode() + b"\r\n")
                if line == "QUIT":
                    break
        except OSError:
            pass
        finally:
            client.close()

    def record(self, line: str) -> None:
        with self.heard:
            self.commands.append(line)
            self.heard.notify_all()

    def spoken(self) -> list[str]:
        return [c[len("SPEAK "):] for c in self.commands if c.startswith("SPEAK ")]

    def stop(self) -> None:
        self.server.close()
        for client in self.clients:
            try:
                client.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            client.close()
        self.path.unlink(missing_ok=True)


@pytest.fixture
def daemon():
    folder = Path(tempfile.mkdtemp(prefix="ssip", dir="/tmp"))     # a socket's path is short
    fake = FakeDaemon(folder / "speechd.sock")
    yield fake
    fake.stop()
    shutil.rmtree(folder, ignore_errors=True)


def test_speaking_introduces_the_game_and_sends_the_words(daemon):
    backend = SSIPBackend(daemon.path)
    backend.speak("The seven of hearts onto the eight of clubs.")
    assert daemon.commands[0].startswith("SET SELF CLIENT_NAME ")
    assert daemon.commands[0].endswith(":card-shell:main") and daemon.commands[0].count(":") == 2
    assert daemon.commands[1] == "SET SELF PRIORITY message"     # as Orca's: never cuts it, keeps our own order
    assert daemon.spoken() == ["The seven of hearts onto the eight of clubs."]
    backend.close()
    assert daemon.commands[-1] == "QUIT"


def test_newer_words_cancel_the_games_own_only_on_one_connection(daemon):
    backend = SSIPBackend(daemon.path)
    speech = Speech(enabled=True, backend=backend, screen_reader=False)
    speech.say("column 3, seven of hearts")
    speech.say("column 4, a gap")
    speech.say("The deal can still be won.", interrupt=False)
    speech.cancel()
    assert daemon.connections == 1 and backend.connections == 1        # one connection, kept
    after = daemon.commands[2:]
    assert after == ["CANCEL SELF", "SPEAK column 3, seven of hearts", "CANCEL SELF", "SPEAK column 4, a gap",
                     "SPEAK The deal can still be won.", "CANCEL SELF"]
    assert not any("ALL" in c for c in daemon.commands)                # never a screen reader's words
    backend.close()


def test_a_dot_line_is_escaped():
    assert ssip_data(".5 points\nnext") == b"..5 points\r\nnext\r\n.\r\n"
    assert ssip_data("one") == b"one\r\n.\r\n"


def test_a_daemon_gone_falls_back_without_an_exception(daemon):
    fallback = RecordingBackend()
    backend = SSIPBackend(daemon.path, fallback=fallback)
    backend.speak("first")
    assert daemon.spoken() == ["first"] and fallback.spoken == []
    daemon.stop()
    backend.speak("second")
    backend.speak("third", interrupt=False)
    backend.cancel()
    assert fallback.spoken == ["second", "third"]
    assert backend.sock is None
    backend.close()


def test_a_daemon_back_again_is_reached_on_a_new_connection(daemon):
    fallback = RecordingBackend()
    backend = SSIPBackend(daemon.path, fallback=fallback)
    backend.speak("first")
    daemon.stop()
    again = FakeDaemon(daemon.path)        # restarted on the same socket
    try:
        backend.speak("second")
        assert again.spoken() == ["second"] and fallback.spoken == []
    finally:
        backend.close()
        again.stop()


def test_a_stuck_daemon_holds_the_game_half_a_second_at_most(tmp_path):
    import time
    folder = Path(tempfile.mkdtemp(prefix="ssip", dir="/tmp"))
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(folder / "s"))
    server.listen()                        # accepts, never answers
    try:
        fallback = RecordingBackend()
        backend = SSIPBackend(folder / "s", fallback=fallback)
        start = time.monotonic()
        backend.speak("hello")
        backend.speak("again")             # not tried again at once: straight to the fallback
        assert time.monotonic() - start < 1.5
        assert fallback.spoken == ["hello", "again"]
    finally:
        server.close()
        shutil.rmtree(folder, ignore_errors=True)


def test_choose_backend_takes_a_running_daemon_over_ssip(daemon, monkeypatch):
    import sys

    import game.voice.speech as speech
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setitem(sys.modules, "speechd", None)              # no python3-speechd in this Python
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{daemon.path}")
    monkeypatch.setattr(speech.shutil, "which", lambda name: f"/usr/bin/{name}")
    backend = choose_backend()
    assert isinstance(backend, SSIPBackend) and backend.name == "speech-dispatcher"
    assert isinstance(backend.fallback, CommandBackend) and backend.fallback.name == "spd-say"
    backend.close()
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{daemon.path.parent / 'none.sock'}")
    backend = choose_backend()                  # no daemon: spd-say (which starts one)
    assert isinstance(backend, CommandBackend) and backend.name == "spd-say"


@pytest.mark.skipif(not shutil.which("speech-dispatcher"),
                    reason="speech-dispatcher (Debian's speech-dispatcher package) is not installed")
def test_a_real_daemon_says_the_games_words_in_order_and_never_cuts_a_screen_reader(tmp_path):
    """Debian's speech-dispatcher on a private socket (espeak-ng to libao's
    null device), logging what it does: a screen reader's sentence (another
    connection, priority message as Orca's) is said whole, and the game's
    move and the verdict queued after it are both said, in order."""
    import os
    import subprocess
    import time
    folder = Path(tempfile.mkdtemp(prefix="ssip", dir="/tmp"))
    sock, logs, conf, home = folder / "s.sock", folder / "logs", folder / "conf", folder / "home"
    for f in (logs, conf / "modules", home):
        f.mkdir(parents=True)
    (conf / "speechd.conf").write_text('AudioOutputMethod "libao"\n'
                                       'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
                                       "DefaultModule espeak-ng\n")
    module = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")
    (conf / "modules" / "espeak-ng.conf").write_text(module.read_text() if module.exists() else "")
    (home / ".libao").write_text("default_driver=null\n")
    daemon = subprocess.Popen(["speech-dispatcher", "-s", "-l", "5", "-L", str(logs), "-S", str(sock),
                               "-C", str(conf), "-t", "60", "-P", str(folder / "pid")],
                              env={**os.environ, "HOME": str(home)},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if sock.exists():
                break
            time.sleep(0.05)
        reader = SSIPBackend(sock, client="screen-reader")
        game = SSIPBackend(sock)
        assert reader.connect() and game.connect(), "speech-dispatcher did not start"
        reader.speak("The screen reader says a sentence that nobody cuts short.")
        game.speak("The five of spades onto the six of hearts.")
        game.speak("The deal can still be won.", interrupt=False)
        log = logs / "speech-dispatcher.log"
        said = []
        for _ in range(200):
            text = log.read_text(errors="replace")
            said = [line.split("<speak>", 1)[1].split("</speak>")[0].replace('<mark name="__spd_0"/>', "")
                    for line in text.splitlines() if "Command sent to output module: |<speak>" in line]
            if len(said) >= 3:
                break
            time.sleep(0.1)
        assert said == ["The screen reader says a sentence that nobody cuts short.",
                        "The five of spades onto the six of hearts.", "The deal can still be won."], said
        assert "Module stop" not in text          # nothing said was cut
        assert "CANCEL SELF" in text and "CANCEL ALL" not in text
        game.close()
        reader.close()
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")   # its reader thread's exit
def test_debians_speechd_module_is_used_with_priority_message_and_cancels_its_own(daemon, monkeypatch):
    """python3-speechd (the system's Python may have it): its client on the
    daemon's socket, priority message, and its cancel the connection's own."""
    import sys
    dist = Path("/usr/lib/python3/dist-packages")
    if not (dist / "speechd" / "client.py").exists():
        pytest.skip("Debian's python3-speechd is not installed")
    monkeypatch.syspath_prepend(str(dist))
    assert "speechd" not in sys.modules
    try:
        import speechd

        from game.voice.speech import SpeechdBackend
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{daemon.path}")
        backend = SpeechdBackend(speechd)
        backend.speak("seven of hearts")
        backend.speak("The deal can still be won.", interrupt=False)
        backend.close()
    finally:        # the module gone again: the other tests' Python has none
        for name in [m for m in sys.modules if m == "speechd" or m.startswith("speechd.")]:
            del sys.modules[name]
    assert "SET self PRIORITY message" in daemon.commands
    assert daemon.spoken() == ["seven of hearts", "The deal can still be won."]
    assert [c for c in daemon.commands if c.startswith("CANCEL")] == ["CANCEL self"]
