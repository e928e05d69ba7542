"""The application: its command line, and the objects with one job each
that make it up, made here and handed to those that use them.

- the preferences (``prefs.py``), the window (``window.py``), the cards'
  looks (``looks.py``), the canvas and fonts (``surfaces.py``), the sounds,
  the speech channel, the status line (``status.py``) and the records;
- the stage (``stage.py``): the scene in the window, the session on the
  table, the dialogs in front and the chrome around it;
- the settings (``settings.py``): a preference changed, put into effect;
- the assistant (``assistant.py``): the solver's client;
- the game's flow (``flow.py``): from one game to the next, and what follows
  each move;
- the loop (``loop.py``) and the menus' commands (``commands.py``).

No part holds the App: each is handed the few others it uses.  The game on
the table and everything about it is its :class:`~game.table.session.Session`;
what a game does differently is asked of its front end (``games/``).
"""

from __future__ import annotations

import argparse
import os
import sys
from functools import partial
from pathlib import Path

import pygame

import engine

from .assistant.assistant import Assistant
from .games import FRONTS
from .media.looks import Looks
from .media.sound import Sounds
from .media.surfaces import Canvas, Fonts
from .shell.commands import Commands
from .shell.flow import Flow
from .shell.loop import Loop
from .shell.opening import Opened
from .shell.settings import Settings
from .shell.stage import Stage
from .shell.window import Window, open_display, window_size
from .storage import logs, storage
from .storage.prefs import Prefs
from .storage.records import Records
from .ui.menubar import MenuBar
from .voice.speech import Speech
from .voice.status import StatusLine


def window_size_arg(text: str) -> tuple[int, int]:
    """``--size``: ``WxH`` in pixels, e.g. ``1024x640``."""
    size = window_size(text)
    if size is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size: write WxH, e.g. 1024x640")
    return size


class VersionAction(argparse.Action):
    """``--version``: ``card-shell X.Y.Z``, the package's version, looked up
    only when asked (reading the metadata at every start would cost the
    window's first frame)."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from . import version
        print(f"card-shell {version()}")
        parser.exit()


class LicenceAction(argparse.Action):
    """``--license``: the licence in a few lines, and where its full text
    and those of what the executable bundles are."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from . import licence_folder, version
        folder = licence_folder()
        print(f"Card Shell {version()}: free software under the GNU General Public License, version 3 or\n"
              "(at your option) any later version; it comes with NO WARRANTY.")
        if folder is None:
            print("The licence's full text is published at https://www.gnu.org/licenses/gpl-3.0.txt")
        else:
            print(f"The licence's full text:  {folder / 'LICENSE'}")
            print(f"What it bundles, and their licences:  {folder / 'licenses' / 'README.md'}"
                  if (folder / "licenses").is_dir() else "")
        parser.exit()


def game_choices() -> dict[str, tuple[list, str, list[str]]]:
    """The options the games let a player choose (their fronts' ``choices``),
    by name: the values any game takes, the words, and the games' names.
    The command line offers each as ``--NAME``, for the game it starts."""
    merged: dict[str, tuple[list, str, list[str]]] = {}
    for f in FRONTS:
        for choice in f.choices:
            values, _words, games = merged.setdefault(choice.name, ([], choice.words, []))
            values += [v for v, _label in choice.values if v not in values]
            games.append(f.name)        # (as --game names it: a title would load the game's rules)
    return merged


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="card-shell", description="Card Shell: five patience games.")
    p.add_argument("--game", choices=sorted(engine.GAMES), help="start this game at once")
    p.add_argument("--seed", type=int, help="deal number")
    for name, (values, words, games) in game_choices().items():
        p.add_argument(f"--{name}", type=type(values[0]), choices=values, help=f"{words} (--game {' or '.join(games)})")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles)")
    p.add_argument("--cards", help="a card sheet PNG to use instead of the built-in one")
    p.add_argument("--no-sound", action="store_true", help="play silently")
    p.add_argument("--size", type=window_size_arg, help="window size, WxH (e.g. 1024x640)")
    p.add_argument("--screenshot", help="draw the first frame to this PNG and exit")
    p.add_argument("--dump-layout", help="write every place and card's rectangle to this JSON file")
    p.add_argument("--no-animation", action="store_true", help="skip the opening deal's animation")
    p.add_argument("--deal", help="play the deal with this challenge code")
    p.add_argument("--no-analysis", action="store_true",
                   help="no winnability indicator: the solver's process starts only for a hint or the Demo")
    p.add_argument("--install-desktop-entry", action="store_true",
                   help="Linux: add Card Shell, with its icon, to the desktop's applications menu, and exit")
    p.add_argument("--uninstall-desktop-entry", action="store_true",
                   help="Linux: remove what --install-desktop-entry installed, and exit")
    p.add_argument("--version", action=VersionAction, nargs=0, help="print the version and exit")
    p.add_argument("--license", action=LicenceAction, nargs=0,
                   help="say under which licence Card Shell comes, and where the licences are, and exit")
    return p.parse_args(argv)


class via:
    """An App attribute that is one of its parts' (``via("stage.say")``):
    what the tests, the benchmarks and the tools read of the running app.
    Read, and set where the part's attribute may be set."""

    def __init__(self, path: str) -> None:
        self.part, self.name = path.split(".")

    def __get__(self, app: App | None, owner: type | None = None):
        return self if app is None else getattr(getattr(app, self.part), self.name)

    def __set__(self, app: App, value) -> None:
        setattr(getattr(app, self.part), self.name, value)


class App:
    """Card Shell, running: it makes its parts and hands each one the few
    others it uses; none of them holds the App."""

    def __init__(self, args: argparse.Namespace, speech_backend=None, opened: Opened | None = None,
                 lock: storage.FolderLock | None = None) -> None:
        self.args = args
        logs.start()
        if opened is None:
            records = Records()
            opened = Opened(records, Prefs(records, keep=not args.screenshot))
        self.records, self.prefs = opened.records, opened.prefs
        self.records.read()
        # the mixer starts once the first table is on screen (loop.begin)
        self.sounds = Sounds(enabled=not args.no_sound and self.prefs["sound"])
        self.speech = Speech(enabled=bool(self.prefs.option("speak")), backend=speech_backend,
                             screen_reader=False if args.screenshot else None)
        self.window = opened.window or open_display(self.prefs, args.size, bool(args.fullscreen))
        pygame.font.init()
        self.fonts = Fonts()
        self.fonts.fit(self.window.screen.get_size())       # the chrome's scale, for this window
        self.looks = Looks(self.prefs, args.cards)
        problems = self.records.take_problems() + ([self.looks.warning] if self.looks.warning else [])
        self.canvas = Canvas(self.window.screen, self.looks.sheet, self.fonts)
        self.status = StatusLine(self.fonts, self.window, self.prefs)
        self.stage = Stage(self.window, self.fonts, self.canvas, self.looks, self.status, self.speech,
                           self.prefs.option)
        self.settings = Settings(self.prefs, self.sounds, self.speech, self.looks, self.stage)
        self.assistant = Assistant(self.stage, self.prefs.option, self.sounds, self.records.folder,
                                   analysis=not (args.screenshot or args.no_analysis))
        #: the command line's game options are for the game it asks for, once
        launch = {k: getattr(args, k) for k in game_choices() if getattr(args, k, None)}
        self.flow = Flow(self.stage, self.settings, self.records, self.assistant, self.sounds, problems,
                         launch=launch, still=bool(args.screenshot), calm=args.no_animation,
                         dump_path=args.dump_layout)
        self.assistant.show_game = self.flow.show_game
        self.loop = Loop(self.stage, self.flow, self.settings, self.assistant, args,
                         close=partial(close, self.flow, self.settings, self.window, self.assistant),
                         lock=lock if lock is not None else opened.lock)
        self.commands = Commands(self.stage, self.settings, self.flow, self.records, self.assistant, self.loop.stop)
        self.flow.show_high_scores = self.commands.show_high_scores
        self.stage.menu = MenuBar(self.fonts, self.commands.menus, self.commands.titles, speak=self.speech.say)
        self.looks.apply(self.canvas)

    # what the tests, the benchmarks and the tools read of the running app, by the part that owns it
    session, scene, dialogs, game, table = (via(f"stage.{n}") for n in ("session", "scene", "dialogs", "game", "table"))
    menu, screen, fullscreen, message = (via(f"stage.{n}") for n in ("menu", "screen", "fullscreen", "message"))
    say, say_again, status_text = (via(f"stage.{n}") for n in ("say", "say_again", "status_text"))
    table_area, chrome_rect, card_aspect = (via(f"stage.{n}") for n in ("table_area", "chrome_rect", "card_aspect"))
    alert, ask, open_dialog, dismiss_dialog = (via(f"stage.{n}") for n in ("alert", "ask", "open_dialog",
                                                                         "dismiss_dialog"))
    close_dialog, redraw_all, resized = (via(f"stage.{n}") for n in ("close_dialog", "redraw_all", "resized"))
    option, set_option, set_colour = (via(f"settings.{n}") for n in ("option", "set_option", "set_colour"))
    reload_cards_if_changed, sheet_path = (via(f"settings.{n}") for n in ("reload_cards_if_changed", "sheet_path"))
    start_game, show_game, show_session, show_start = (via(f"flow.{n}") for n in ("start_game", "show_game",
                                                                                 "show_session", "show_start"))
    choose_game, toggle_pause, count_result, autosave = (via(f"flow.{n}") for n in ("choose_game", "toggle_pause",
                                                                                   "count_result", "autosave"))
    after_result, pick_deal_number = via("flow.after_result"), via("flow.pick_deal_number")
    last_folder = via("commands.last_folder")
    hint, start_demo, undo, redo = (via(f"commands.{n}") for n in ("hint", "start_demo", "undo", "redo"))

    @property
    def analyst(self):
        return self.assistant.analyst

    # ----------------------------------------------------------- the loop
    def run(self) -> int:
        return self.loop.run()

    def begin(self) -> None:
        self.loop.begin()

    def step(self, block: bool = True) -> None:
        self.loop.step(block)

    def busy(self) -> bool:
        return self.loop.busy()

    def quit(self) -> None:
        self.loop.stop()

    def close(self) -> None:
        close(self.flow, self.settings, self.window, self.assistant)


def close(flow: Flow, settings: Settings, window: Window, assistant: Assistant) -> None:
    """At quit: the game on the table saved for the next start (or none,
    from the start screen), the window's size and the preferences kept, the
    solver's process, the sound device and the speech channel closed.  A
    Gaps high score still to be written (its name being asked, or the result
    on screen before it) is written with the name typed so far."""
    flow.at_quit()                  # (a high score kept, the table saved for the next start)
    window.remember()
    settings.save_prefs()
    assistant.analyst.stop()
    settings.sounds.stop()
    settings.speech.close()
    pygame.quit()


def main(argv: list[str] | None = None, opened: Opened | None = None) -> int:
    """Card Shell from its command line.  ``opened``: the window and the
    rest ``launch.py`` opened before this module was loaded."""
    try:
        args = parse_args(argv)
    except SystemExit:              # a command line argparse refuses (or --help): no window stays
        if opened is not None:
            opened.close()
        raise
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        from .shell import desktop
        try:
            if args.uninstall_desktop_entry:
                desktop.uninstall()
            else:
                desktop.install()
        except OSError as e:        # a read-only or full ~/.local/share: one line, not a traceback
            print(f"card-shell: could not {'remove' if args.uninstall_desktop_entry else 'write'} the desktop "
                  f"entry: {e.strerror or e} ({e.filename or 'the applications folder'})", file=sys.stderr)
            return 1
        return 0
    # the window's class (SDL_VIDEO_X11_WMCLASS) was named by game/__init__.py, before pygame was imported
    if args.screenshot and "SDL_VIDEODRIVER" not in os.environ and not os.environ.get("DISPLAY"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    problem = ""
    if opened is not None and opened.lock is not None:
        lock = opened.lock
    else:
        lock = storage.FolderLock(storage.data_dir())
        try:
            lock.acquire()
        except storage.AlreadyRunning as e:
            tell_already_running(str(e), forward=lock.ask_forward())
            return 1
        except OSError as e:            # a read-only folder, a file system without locks: play on, warned
            problem = (f"Card Shell could not lock its data folder {lock.folder} ({e.strerror or e}): "
                       "do not start a second copy while this one runs.")
        else:
            storage.remove_leftovers(lock.folder)     # what saves cut short by a kill left behind
    try:
        app = App(args, opened=opened, lock=lock if lock.held else None)
        if problem:
            app.flow.problems.append(problem)
        return app.run()
    except Exception as error:
        logs.get("app").exception("Card Shell stopped on an error")
        tell_crash(error)
        return 1
    finally:
        lock.release()


def headless() -> bool:
    """No desktop to show a message box on: SDL's dummy or offscreen video
    driver, or Linux with neither an X nor a Wayland display."""
    return os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen") or (
        sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")))


def crash_text(error: BaseException) -> str:
    """What a player is told of an error nothing caught: its one line, and
    where the log with the whole story is."""
    line = f"{type(error).__name__}: {error}".strip().rstrip(":")
    line = line.splitlines()[0] if line else type(error).__name__
    path = getattr(logs, "_path", None)     # the log being written (never a search for it: that may be what failed)
    where = f"The log has the details:\n{Path(path).absolute()}" if path else \
        "The details were printed on standard error (no log file could be written)."
    return f"Card Shell stopped on an error:\n{line}\n\n{where}"


def tell_crash(error: BaseException) -> None:
    """An error nothing caught, told before the window goes: on standard
    error, and in the desktop's message box when there is a desktop."""
    text = crash_text(error)
    print(f"card-shell: {text}", file=sys.stderr)
    if headless():
        return
    try:
        pygame.display.message_box("Card Shell stopped", text, "error")
    except (pygame.error, AttributeError):
        pass


#: what a second copy adds when the running copy took its request to come forward
BROUGHT_FORWARD = "Its window has been brought forward."


def tell_already_running(message: str, forward: bool = False) -> None:
    """A second copy's only word: on its standard error, and in a message
    box of the desktop's when there is a desktop to show one.  ``forward``:
    the running copy took the request to bring its window forward."""
    if forward:
        message = f"{message} {BROUGHT_FORWARD}"
    print(f"card-shell: {message}", file=sys.stderr)
    if headless():
        return
    import textwrap
    try:        # SDL's box on X11 does not wrap lines itself
        pygame.display.message_box("Card Shell is already running", textwrap.fill(message, 64), "warn")
    except (pygame.error, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
