"""Speech: the game's words through the platform's own channel.

Linux: speech-dispatcher (its ``speechd`` module where Debian's
python3-speechd is installed, else a connection of our own speaking its
protocol, SSIP, else the ``spd-say`` command), so Orca's users hear the
game in Orca's voice, and the game's newer words cancel only the game's
older ones, never Orca's; Windows: accessible_output2 (NVDA,
JAWS or SAPI); macOS: the ``say`` command.  Without any of them a silent
backend, and nothing breaks.  Newer speech interrupts older: nothing is
queued behind stale words.  Nothing here holds the game's loop for long
(each of speech-dispatcher's answers is waited for half a second at most).

:class:`Speech` is owned by the App and handed to those that speak; it
speaks when Options > Speak is checked or a screen reader runs.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import subprocess


class SilentBackend:
    """No speech channel: every word dropped."""

    name = "none"
    available = False

    def speak(self, text: str, interrupt: bool = True) -> None:
        pass

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingBackend:
    """For tests: every utterance kept (``spoken``), and each cancel counted."""

    name = "recording"
    available = True

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.cancels = 0

    def speak(self, text: str, interrupt: bool = True) -> None:
        if interrupt:
            self.cancel()
        self.spoken.append(text)

    def cancel(self) -> None:
        self.cancels += 1

    def close(self) -> None:
        pass

    @property
    def last(self) -> str:
        return self.spoken[-1] if self.spoken else ""


class SpeechdBackend:
    """speech-dispatcher through its own Python module (python3-speechd)."""

    name = "speech-dispatcher"
    available = True

    def __init__(self, speechd) -> None:
        # a daemon already running (Orca's): never spawned from here, which could keep the game waiting
        self.client = speechd.SSIPClient("card-shell", autospawn=False)
        try:        # as Orca's words: never cuts them, and words queued after others never cut those
            self.client.set_priority(speechd.Priority.MESSAGE)
        except Exception:
            pass

    def speak(self, text: str, interrupt: bool = True) -> None:
        try:
            if interrupt:
                self.client.cancel()
            self.client.speak(text)
        except Exception:       # the daemon gone: the game plays on
            pass

    def cancel(self) -> None:
        try:
            self.client.cancel()
        except Exception:
            pass

    def close(self) -> None:
        try:
            self.client.close()
        except Exception:
            pass


class SSIPBackend:
    """speech-dispatcher over one SSIP connection of the game's own, for a
    Python without the ``speechd`` module: the Speech Synthesis Interface
    Protocol, lines of text over the daemon's Unix socket.

    Newer words cancel only this connection's messages (``CANCEL SELF``),
    never a screen reader's (``spd-say -C`` is ``CANCEL ALL``).  Each reply
    is waited for at most :attr:`timeout` seconds.  When the daemon cannot
    be reached (gone, or stuck) the words go to ``fallback`` (``spd-say``,
    or nothing), and the socket is tried again a few seconds later."""

    name = "speech-dispatcher"
    available = True
    timeout = 0.5           # seconds for a reply: a stuck daemon never holds the game longer
    retry_after = 3.0       # seconds before a lost daemon is tried again
    priority = "message"

    def __init__(self, address: Path, fallback=None, client: str = "card-shell") -> None:
        self.address = address
        self.fallback = fallback
        self.client = client
        self.sock = None
        self.buffer = b""
        self.connections = 0            # how many times connected (one, while the daemon stays)
        self.retry_at = 0.0

    # ----------------------------------------------------------- the protocol
    def connect(self) -> bool:
        """The connection, opened and introduced if it is not yet: whether there is one."""
        if self.sock is not None:
            return True
        import time
        if time.monotonic() < self.retry_at:
            return False
        import socket
        try:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(self.timeout)
            sock.connect(str(self.address))
        except OSError:
            self.lost()
            return False
        self.sock, self.buffer = sock, b""
        try:
            self.command(f"SET SELF CLIENT_NAME {ssip_user()}:{self.client}:main")
            self.command(f"SET SELF PRIORITY {self.priority}")
        except OSError:
            self.lost()
            return False
        self.connections += 1
        return True

    def lost(self) -> None:
        """The connection dropped (the daemon gone or stuck): tried again later."""
        import time
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        self.sock, self.buffer = None, b""
        self.retry_at = time.monotonic() + self.retry_after

    def reply(self) -> tuple[int, list[str]]:
        """The daemon's answer: its code and its lines (``225-21``, ``225 OK MESSAGE QUEUED``).
        Events (7xx) are never asked for, and skipped should one come."""
        lines: list[str] = []
        while True:
            while b"\n" not in self.buffer:
                data = self.sock.recv(4096)
                if not data:
                    raise ConnectionError("speech-dispatcher closed the connection")
                self.buffer += data
            raw, _, self.buffer = self.buffer.partition(b"\n")
            line = raw.rstrip(b"\r").decode("utf-8", "replace")
            if len(line) < 4 or not line[:3].isdigit():
                raise ConnectionError(f"not an SSIP reply: {line!r}")
            if line[0] == "7":
                continue
            lines.append(line[4:])
            if line[3] == " ":
                return int(line[:3]), lines

    def command(self, line: str) -> tuple[int, list[str]]:
        """One command sent and its reply read; an answer other than 2xx is an error."""
        self.sock.sendall(line.encode("utf-8") + b"\r\n")
        code, lines = self.reply()
        if code // 100 != 2:
            raise ConnectionError(f"speech-dispatcher answered {line!r} with {code} {lines[-1]}")
        return code, lines

    def send(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self.command("CANCEL SELF")
        self.command("SPEAK")                   # 230 OK RECEIVING DATA
        self.sock.sendall(ssip_data(text))
        code, lines = self.reply()              # 225 OK MESSAGE QUEUED
        if code // 100 != 2:
            raise ConnectionError(f"speech-dispatcher refused the words: {code} {lines[-1]}")

    # ----------------------------------------------------------- the backend
    def speak(self, text: str, interrupt: bool = True) -> None:
        for _ in range(2):                      # a daemon restarted since: one new connection
            had = self.sock is not None
            if not self.connect():
                break
            try:
                self.send(text, interrupt)
                return
            except OSError:
                self.lost()
                if not had:
                    break
                self.retry_at = 0.0
        if self.fallback is not None:
            self.fallback.speak(text, interrupt)

    def cancel(self) -> None:
        if self.sock is not None:
            try:
                self.command("CANCEL SELF")
            except OSError:
                self.lost()
        if self.fallback is not None:
            self.fallback.cancel()

    def close(self) -> None:
        """At quit: ``QUIT`` said and the socket closed; the fallback closed too."""
        if self.sock is not None:
            try:
                self.command("QUIT")
            except OSError:
                pass
            self.lost()
        if self.fallback is not None:
            self.fallback.close()


def ssip_data(text: str) -> bytes:
    """The words as SSIP's data: CRLF lines, a line starting with a dot
    doubled, and the lone dot that ends them."""
    lines = [".." + line[1:] if line.startswith(".") else line for line in text.splitlines() or [""]]
    return ("\r\n".join(lines) + "\r\n.\r\n").encode("utf-8")


def ssip_user() -> str:
    """The user's name for SSIP's CLIENT_NAME (its parts are parted by colons)."""
    try:
        import getpass
        name = getpass.getuser()
    except Exception:
        name = ""
    name = "".join(c for c in name if c.isalnum() or c in "-_.")
    return name or "user"


class CommandBackend:
    """A command that speaks its arguments, started without waiting:
    ``spd-say`` (its ``--cancel`` interrupts what speech-dispatcher says,
    a screen reader's words too: used only when no daemon could be reached
    over SSIP, so most often a daemon spd-say started for the game itself)
    or macOS's ``say`` (the previous process killed to interrupt it).

    A command still running when the next words come is stopped: ``say``
    is still speaking them, and an ``spd-say`` still at work has not
    reached the daemon yet (newer words interrupt older ones anyway).
    When no speech-dispatcher ran before the game first spoke, ``spd-say``
    started one; :meth:`close` stops it at quit, so the game leaves no
    process behind (a daemon that ran before, a screen reader's, is
    never touched)."""

    available = True

    def __init__(self, program: str, cancel_flag: bool) -> None:
        self.program = program
        self.name = Path(program).name
        self.cancel_flag = cancel_flag      # spd-say: -C cancels; say: kill the last process
        self.process: subprocess.Popen | None = None
        self.last_command: list[str] = []
        self.daemon_socket: Path | None = None  # the socket of a daemon spd-say started for the game

    def command(self, text: str, interrupt: bool = True) -> list[str]:
        if not self.cancel_flag:            # macOS's say: the text alone (never read as an option)
            return [self.program, " " + text if text.startswith("-") else text]
        flags = ["-C"] if interrupt else []
        return [self.program, *flags, "--", text]

    def speak(self, text: str, interrupt: bool = True) -> None:
        if self.process is None and self.cancel_flag:
            sock = speechd_socket()
            if sock is not None and not sock.exists():
                self.daemon_socket = sock       # spd-say is about to start one: ours to stop
        command = self.command(text, interrupt)
        self.last_command = command
        running = self.process is not None and self.process.poll() is None
        if not interrupt and running:
            if self.cancel_flag:            # spd-say: the daemon queues it behind the words being sent
                self.start(command)
            else:                           # say: after the words being said, never over them
                import threading
                last = self.process
                threading.Thread(target=lambda: (last.wait(), self.start(command)), daemon=True).start()
            return
        self.stop_last()
        self.start(command)

    def start(self, command: list[str]) -> None:
        try:
            import subprocess  # (not before the first frame: tests/test_start_up.py)
            self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError:
            self.process = None

    def stop_last(self) -> None:
        """The last command stopped if it still runs, and reaped (never a zombie)."""
        p = self.process
        if p is None:
            return
        try:
            if p.poll() is None:
                p.kill()
                p.wait(timeout=1)
        except Exception:
            pass

    def cancel(self) -> None:
        if not self.cancel_flag:
            self.stop_last()

    def close(self) -> None:
        """At quit: the last command stopped, and a daemon the game started."""
        self.stop_last()
        if self.daemon_socket is not None:
            stop_daemon(self.daemon_socket)
            self.daemon_socket = None


def speechd_socket() -> Path | None:
    """Where ``spd-say`` looks for speech-dispatcher: ``SPEECHD_ADDRESS``'s
    socket, else the runtime folder's, else the cache folder's (None: an
    address that is not a socket of this machine)."""
    address = os.environ.get("SPEECHD_ADDRESS", "")
    if address:
        method, _, rest = address.partition(":")
        return Path(rest) if method == "unix_socket" and rest else None
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return Path(runtime) / "speech-dispatcher" / "speechd.sock"
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "speech-dispatcher" / "speechd.sock"


def processes(name: bytes, proc: Path = Path("/proc")) -> list[Path]:
    """The ``/proc`` folders of the processes called ``name`` (as the kernel
    keeps it: bytes, cut to 15, never decoded: a cut may end inside a letter)."""
    found = []
    try:
        entries = [e for e in os.scandir(proc) if e.name.isdigit()]
    except OSError:
        return found
    for entry in entries:
        try:
            if Path(entry.path, "comm").read_bytes().strip() == name[:15]:
                found.append(Path(entry.path))
        except OSError:
            continue
    return found


def stop_daemon(socket: Path, proc: Path = Path("/proc")) -> list[int]:
    """Stop the speech-dispatcher serving ``socket`` (found in ``/proc`` by
    its name and its socket); the ids it signalled."""
    import signal
    stopped = []
    for folder in processes(b"speech-dispatcher", proc):
        try:
            if str(socket).encode() in (folder / "cmdline").read_bytes().split(b"\0"):
                os.kill(int(folder.name), signal.SIGTERM)
                stopped.append(int(folder.name))
        except (OSError, ValueError):
            continue
    if stopped:
        import time
        time.sleep(0.2)         # a daemon held up by its voice (no sound device) ignores the request
        still = {int(f.name) for f in processes(b"speech-dispatcher", proc)}
        for pid in still.intersection(stopped):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
    return stopped


class OutputBackend:
    """Windows: accessible_output2 (NVDA, JAWS, or SAPI)."""

    name = "accessible_output2"
    available = True

    def __init__(self, outputs) -> None:
        self.output = outputs.auto.Auto()

    def speak(self, text: str, interrupt: bool = True) -> None:
        try:
            self.output.speak(text, interrupt=interrupt)
        except Exception:
            pass

    def cancel(self) -> None:
        try:
            self.output.speak("", interrupt=True)
        except Exception:
            pass

    def close(self) -> None:
        pass


def choose_backend():
    """The platform's speech channel, or the silent one.  Cheap: nothing is
    started here but speech-dispatcher's own client (a socket)."""
    if sys.platform.startswith("win"):
        try:
            import accessible_output2.outputs  # type: ignore[import-not-found]
            return OutputBackend(accessible_output2.outputs)
        except Exception:
            return SilentBackend()
    if sys.platform == "darwin":
        say = shutil.which("say")
        return CommandBackend(say, cancel_flag=False) if say else SilentBackend()
    try:
        import speechd  # type: ignore[import-not-found]
        return SpeechdBackend(speechd)
    except Exception:
        pass
    spd = shutil.which("spd-say")
    command = CommandBackend(spd, cancel_flag=True) if spd else None
    address = speechd_socket()
    if address is not None:
        ssip = SSIPBackend(address, fallback=command)
        if ssip.connect():                  # a daemon running (a screen reader's): our own connection
            return ssip
    return command or SilentBackend()       # none: spd-say starts one (and the game stops it at quit)


def screen_reader_running(proc: Path = Path("/proc")) -> bool:
    """A screen reader at work: on Linux an ``orca`` process (read from
    /proc, nothing started); on Windows accessible_output2's own finding."""
    if sys.platform.startswith("win"):
        try:
            import accessible_output2.outputs  # type: ignore[import-not-found]
            auto = accessible_output2.outputs.auto.Auto()
            return any(o.name not in ("sapi5", "SAPI5") and o.is_active() for o in auto.outputs)
        except Exception:
            return False
    return bool(processes(b"orca", proc))


class Speech:
    """What the game says aloud.  ``enabled``: the player's Speak, or a
    screen reader found at start.  ``say`` interrupts older speech."""

    def __init__(self, enabled: bool = False, backend=None, screen_reader: bool | None = None) -> None:
        self.backend = backend          # None: chosen when first needed (nothing at start while Speak is off)
        self.screen_reader = screen_reader_running() if screen_reader is None else screen_reader
        self.wanted = enabled
        self.silenced = False           # Speak unchecked while a screen reader runs: quiet for this session
        #: a screen reader reads the accessibility tree (game/access/): it says the focus and the
        #: news itself, so the game speaks only if the player asked for it (Options > Speak)
        self.tree_read = False
        self.last = ""
        self.said = 0                   # how many things said (has anything been said since?)

    @property
    def enabled(self) -> bool:
        return self.wanted or (self.screen_reader and not self.silenced and not self.tree_read)

    def set_wanted(self, on: bool) -> None:
        """Options > Speak: on, or off (even with a screen reader running)."""
        self.wanted = on
        self.silenced = not on

    def channel(self):
        """The backend, chosen the first time it is needed."""
        if self.backend is None:
            self.backend = choose_backend()
        return self.backend

    @property
    def available(self) -> bool:
        return bool(self.channel().available)

    def say(self, text: str, interrupt: bool = True) -> None:
        text = " ".join(str(text).split())
        if not self.enabled or not text:
            return
        self.last = text
        self.said += 1
        self.channel().speak(text, interrupt)

    def cancel(self) -> None:
        if self.backend is not None:
            self.backend.cancel()

    def close(self) -> None:
        """At quit: the channel closed (a process it started, stopped)."""
        if self.backend is not None:
            self.backend.close()
