"""The application: the scenes (the start screen, or a game on the table)
and what passes between them, the dialogs, and what follows each move (the
autosave, a game's result, a stuck table's notice).

It is composed of objects with one job each, made here and handed to those
that use them: the preferences (``prefs.py``), the window (``window.py``),
the cards' looks (``looks.py``), the canvas, the sounds, the status line
(``status.py``), the menus and their commands, the records, the solver's
client (``assistant.py``) and the loop (``loop.py``).  The game on the
table and everything about it is its :class:`~game.session.Session`.  The
scene answers the small protocol of ``scene.py``; what a game does
differently is asked of its front end (``games/``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

import engine
from engine.scoring import game_points

from . import logs, storage
from .assistant import Assistant
from .commands import Commands
from .games import front
from .looks import Looks
from .loop import Loop
from .prefs import Prefs
from .records import Records
from .session import Session
from .sound import Sounds
from .speech import Speech
from .status import (
    StatusLine,
    game_title,
    leaving_cost,
    moves_text,
    over_message,
    stuck_alert,
    win_message,
    window_caption,
)
from .surfaces import Canvas, Fonts
from .table import Table
from .ui.dialogs import Dialog, control_state, control_words, dialog_words
from .ui.menubar import MenuBar
from .window import Window

DEAL_NUMBERS = 1_000_000_000     # new deals are numbered below this: short codes
PAUSED = "Paused: click the clock or press Ctrl+P to go on."
#: the win's result offers the next deal of the same game
NEW_GAME = "New Game"


def window_size_arg(text: str) -> tuple[int, int]:
    """``--size``: ``WxH`` in pixels, e.g. ``1024x640``."""
    w, sep, h = text.lower().partition("x")
    if not (sep and w.strip().isdigit() and h.strip().isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size: write WxH, e.g. 1024x640")
    return int(w), int(h)


class VersionAction(argparse.Action):
    """``--version``: ``card-shell X.Y.Z``, the package's version, looked up
    only when asked (reading the metadata at every start would cost the
    window's first frame)."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from . import version
        print(f"card-shell {version()}")
        parser.exit()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="card-shell", description="Card Shell: five patience games.")
    p.add_argument("--game", choices=sorted(engine.GAMES), help="start this game at once")
    p.add_argument("--seed", type=int, help="deal number")
    p.add_argument("--rule", choices=("alternate", "any-suit", "same-suit"),
                   help="packing rule (The Republic, The Smith, The Prince)")
    p.add_argument("--redeals", type=int, choices=(1, 2), help="Chinese Puzzle: redeals allowed")
    p.add_argument("--aces", choices=("free", "suits-in-four", "bridge-order"), help="Chinese Puzzle aces")
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
    return p.parse_args(argv)


class App:
    """Card Shell, running: its parts, the scene, the dialogs, and the flow
    from one game to the next."""

    def __init__(self, args: argparse.Namespace, speech_backend=None) -> None:
        self.args = args
        logs.start()
        self.records = Records()
        self.prefs = Prefs(self.records, keep=not args.screenshot)
        self.problems: list[str] = self.records.take_problems()
        #: the command line's options (--rule, --redeals, --aces) are for the game it asks for, once
        self.launch_options = {k: getattr(args, k) for k in ("rule", "redeals", "aces") if getattr(args, k)}
        self.last_folder: Path | None = None
        self.dump_path = args.dump_layout
        self.dialogs: list[Dialog] = []
        self.session: Session | None = None     # the game on the table, and all it keeps
        self.scene = None
        self.after_result: Callable[[], None] | None = None     # what follows a result (a Gaps high score)
        #: a Gaps high score won and not yet written: (the name's dialog once asked, shuffles, seconds)
        self.pending_score: tuple[Dialog | None, int, int] | None = None
        # the mixer starts once the first table is on screen (loop.begin)
        self.sounds = Sounds(enabled=not args.no_sound and self.prefs["sound"])
        #: the words spoken (Options > Speak, or a screen reader found at start)
        self.spoken_indicator = ""
        self.speech = Speech(enabled=bool(self.prefs.option("speak")), backend=speech_backend,
                             screen_reader=False if args.screenshot else None)
        # Dirty rectangles are what this table draws: SDL's software framebuffer
        # sends just them to the screen, where its GL-backed one loads the GL
        # stack and uploads the whole window at every update.
        # A player's own setting wins.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        try:  # the app's icon; a window without it is still a window
            from . import assets
            pygame.display.set_icon(pygame.image.load(str(assets.icon_path(256))))
        except Exception:
            pass
        pygame.font.init()
        self.fonts = Fonts()
        pygame.display.set_caption("Card Shell")
        self.window = Window(self.prefs, args.size, bool(args.fullscreen))
        self.fonts.fit(self.window.screen.get_size())       # the chrome's scale, for this window
        self.looks = Looks(self.prefs, args.cards)
        if self.looks.warning:
            self.problems.append(self.looks.warning)
        self.canvas = Canvas(self.window.screen, self.looks.sheet, self.fonts)
        self.status = StatusLine(self.fonts, self.window, self.prefs)
        self.commands = Commands(self)
        self.menu = MenuBar(self.fonts, self.commands.menus, self.commands.titles, speak=self.speech.say)
        self.assistant = Assistant(self, analysis=not (args.screenshot or args.no_analysis))
        self.loop = Loop(self)
        self.looks.apply(self.canvas)

    # ----------------------------------------------------------- what others read
    @property
    def game(self) -> engine.Game | None:
        """The engine's game on the table (its session's)."""
        return self.session.game if self.session is not None else None

    @property
    def table(self) -> Table | None:
        """The game on the table, when the scene is one (else None)."""
        return self.scene if self.scene is not None and self.scene.plays else None

    @property
    def analyst(self):
        return self.assistant.analyst

    def option(self, name: str):
        return self.prefs.option(name)

    def table_area(self):
        """The window between the menu bar and the status line (their heights at the chrome's scale)."""
        w, h = self.window.screen.get_size()
        top = self.menu.height()
        return pygame.Rect(0, top, w, h - top - self.status.height(w))

    def chrome_rect(self, which: str):
        return self.status.rect() if which == "status" else self.menu.rect(self.window.screen.get_width())

    def card_aspect(self) -> float:
        return self.looks.card_aspect()

    def draw_chrome(self, surface: pygame.Surface) -> None:
        """The menu bar and the status line, drawn on ``surface``."""
        self.menu.draw_bar(surface)
        self.status.draw(surface, self.canvas, self.session)

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
        self.loop.running = False

    def close(self) -> None:
        """At quit: the window's size and the preferences kept, the solver's
        process, the sound device and the speech channel closed.  A Gaps
        high score still to be written (its name being asked, or the result
        on screen before it) is written with the name typed so far."""
        self.keep_high_score()
        self.autosave()
        self.window.remember()
        self.save_prefs()
        self.assistant.analyst.stop()
        self.sounds.stop()
        self.speech.close()
        pygame.quit()

    def start_sounds(self) -> None:
        """Ready the sounds once the first table is on screen: opening the
        device can take a tenth of a second (longer where there is no device),
        which the window need not wait for.  Without sound, the status line
        says why."""
        if self.sounds.enabled and not self.sounds.start() and self.sounds.problem:
            self.say(self.sounds.problem)

    # ----------------------------------------------------------- options and looks
    def save_prefs(self) -> None:
        problem = self.prefs.save()
        if problem:
            self.say(problem)

    def set_option(self, name: str, value) -> None:
        self.prefs[name] = value
        if name == "sound":
            self.sounds.enabled = value
            if value and not self.sounds.ready:
                self.sounds.start()
        if name == "speak":
            if not value:
                self.speech.say("Speech off.")
            self.speech.set_wanted(bool(value))
            if value and not self.speech.available:
                self.say("No speech channel was found: install speech-dispatcher (Linux), "
                         "accessible_output2 (Windows), or use macOS's voice.")
            elif value:
                self.speech.say("Speech on.")
        if name in ("timer_shown", "blanks_move") and self.table is not None:
            self.table.show_timer(bool(self.option("timer_shown")))
        self.save_prefs()

    def toggle_option(self, name: str) -> None:
        self.set_option(name, not self.option(name))

    def set_colour(self, colour: bool) -> None:
        self.set_option("mono", not colour)
        self.apply_looks()

    def apply_looks(self) -> None:
        self.looks.apply(self.canvas)
        if self.scene is not None:
            self.scene.full_redraw()
        if self.dialogs:
            self.redraw_all()

    def reload_cards_if_changed(self, force: bool = False) -> None:
        """A sheet edited while the game runs is picked up (on returning to
        the window, or from the menu) without a restart; a bad one is
        refused in an alert, the built-in faces kept."""
        if not self.looks.changed(force):
            return
        warning = self.looks.load_cards()
        self.apply_looks()
        if warning:
            self.alert(warning)

    def sheet_path(self):
        return self.looks.sheet_path()

    # ----------------------------------------------------------- the window
    def resized(self) -> None:
        self.window.resized()
        self.after_window_change()

    def toggle_fullscreen(self) -> None:
        self.window.toggle_fullscreen()
        self.after_window_change()

    def default_window(self) -> None:
        self.window.default_window()
        self.after_window_change()

    def after_window_change(self) -> None:
        self.fonts.fit(self.window.screen.get_size())
        self.canvas.resize(self.window.screen)
        if self.scene is not None:
            self.scene.full_redraw()
        if self.dialogs or self.menu.is_open:
            self.redraw_all()

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    @property
    def screen(self) -> pygame.Surface:
        return self.window.screen

    # ----------------------------------------------------------- the status line
    def say(self, text: str) -> None:
        """News on the status line (it lasts until the table changes)."""
        # a progress line whose numbers alone changed ("...40% of the solver's time") is not said again
        if text == self.speech.last or not same_but_numbers(text, self.speech.last):
            self.speech.say(text)
        self.status.message = text
        self.say_again()

    def say_again(self) -> None:
        """The status line drawn again (the session's verdict or the Demo changed);
        the indicator's change spoken."""
        indicator = self.status.indicator_text(self.session)
        settled = self.session is not None and self.session.verdict not in (None, "thinking")
        if indicator and settled and indicator != self.spoken_indicator:
            # a verdict that changed is said once, after the move's words (never the solver at work)
            self.spoken_indicator = indicator
            self.speech.say(indicator_sentence(indicator), interrupt=False)
        if self.table is not None:
            self.table.render()
            self.table.refresh([self.chrome_rect("status")])
            if self.dialogs:
                self.redraw_all()        # the status line shows behind the dialog too

    @property
    def message(self) -> str:
        return self.status.message

    def status_text(self, width: int | None = None) -> tuple[str, str]:
        return self.status.status_text(self.session, width)

    def show_caption(self) -> None:
        pygame.display.set_caption(window_caption(self.session))

    # ----------------------------------------------------------- scenes
    def start_game(self, name: str, seed: int | None = None, fresh: bool = False, launch: bool = False) -> None:
        """Play ``name``: the game left in progress (restored, history and
        all, as it was), or a new deal.  ``launch``: the game the command
        line asked for, under its options (once: later deals take the
        player's preferences)."""
        if not fresh and seed is None:
            saved, extra = self.records.load_game(name)
            self.problems += self.records.take_problems()
            if saved is not None and not saved.won:
                self.show_session(Session.restore(saved, extra), opening=False)
                return
        pick = seed is None
        if seed is None:
            seed = self.pick_deal_number()
        options = front(name).new_options(self.launch_options if launch else {}, self.prefs.values)
        try:
            engine.GAMES[name].check_options(options)
        except ValueError:          # a hand-edited preference: the game's defaults instead
            options = {}
        game = engine.new_game(name, seed=seed, **options)
        if pick and self.option("winnable") and not self.args.screenshot:
            self.assistant.find_winnable(game)
            return
        self.show_game(game)

    def pick_deal_number(self) -> int:
        """A new deal's number, picked at random."""
        return engine.cards.Rng(int(time.time_ns() % engine.cards.MAX_SEED)).below(DEAL_NUMBERS)

    def show_game(self, game: engine.Game, opening: bool = True) -> None:
        """Put ``game`` on the table, a new session of it (a new deal, or
        one opened from a file or a code)."""
        self.show_session(Session(game), opening)

    def show_session(self, session: Session, opening: bool = True) -> None:
        """Put ``session``'s game on the table (``opening``: its deal flies in)."""
        self.assistant.analyst.forget("winnable")     # a game put on the table ends any search for another
        self.session = session
        if self.prefs["last_game"] != session.name:
            self.prefs["last_game"] = session.name
            self.save_prefs()
        self.status.message = ""
        self.menu.open(None)
        # under an open dialog nothing moving is drawn: a deal put there (a
        # winnable deal found while an alert is up) lies down at once
        animate = opening and not (self.args.screenshot or self.args.no_animation or self.dialogs)
        self.scene = Table(session, self, opening=animate)
        self.show_caption()
        self.scene.full_redraw()
        if self.dialogs:
            self.redraw_all()            # the dialog stays in front of the new table
        # a player who cannot see the table hears which game it is (before any news of its start)
        g = session.game
        self.speech.say(f"{game_title(g)}, deal {g.seed}, {moves_text(len(g.history))} made. "
                        "The arrows or the digits move the focus; W reads the table.")
        self.on_game_changed()   # a deal can be stuck from the start
        if session.clock.paused:
            self.say(PAUSED)     # restored paused: the cards covered, and how to go on

    def open_game(self, game: engine.Game) -> None:
        """A game opened from a file: the game in progress itself, as far as
        it went or further, keeps its session's marks and clock (the Demo's,
        Try Again's, counted); any other is a new session."""
        s = self.session
        if s is None or not same_game(s.game, game):
            self.show_game(game)
            return
        again = Session(game, elapsed=s.clock.elapsed, assisted=s.assisted, retried=s.retried, spacing=s.spacing)
        again.counted, again.counted_as = again.counted or s.counted, s.counted_as
        self.show_session(again)

    def deal_again(self, **options) -> bool:
        """The deal on the table dealt again under other options (a packing
        rule, Chinese Puzzle's redeals or ace order), when nothing of it
        would be lost: no move made or undone, not taken back by Try Again,
        and the seed's own deal (not a position opened from a file)."""
        s = self.session
        if s is None:
            return False
        g = s.game
        if g.history or g.can_redo or s.retried or s.counted:
            return False
        if engine.new_game(g.name, seed=g.seed, **g.options).to_dict()["deal"] != g.to_dict()["deal"]:
            return False            # a position opened from a file, not the seed's deal
        self.show_game(engine.new_game(g.name, seed=g.seed, **{**g.options, **options}), opening=False)
        return True

    def redraw_table(self) -> None:
        """The same game redrawn after many moves at once (rewind, fast forward)."""
        if self.session is not None:
            self.show_session(self.session, opening=False)

    def count_result(self) -> bool:
        """The game on the table ends now (won, lost or left after a move):
        into the records, once, unless the Demo played in it.  Whether it
        went in now."""
        s = self.session
        if s is None or not s.for_the_record or not s.game.history:
            return False
        s.counted = True
        s.counted_as = "win" if s.game.won else "loss"
        self.records.record_result(s.game)
        return True

    def leave_game(self) -> None:
        """The game on the table is being left for another: an unfinished
        Card Shell game that saw a move is scored as lost (RULES.md)."""
        if self.session is not None:
            self.count_result()
            self.records.clear_game(self.session.name)

    def in_progress(self, name: str) -> Session | None:
        """The unfinished game of ``name`` a new one would replace: the
        table's if it is of ``name``, else the saved one.  ``None`` when
        there is none, or it saw no move, or it has ended (it has counted)."""
        s = self.session
        if s is None or s.name != name:
            g, extra = self.records.load_game(name)
            s = Session.restore(g, extra) if g is not None else None
        if s is None or not s.game.started or s.game.over:
            return None
        return s

    def replace_game(self, name: str, question: str, button: str, go: Callable[[], None],
                     same: engine.Game | None = None) -> None:
        """Before a new game of ``name`` takes the place of one in progress:
        ask ``question`` (with what leaving that game costs), and only on
        ``button`` end it (scored as lost, its save gone) and ``go``.
        Cancelling leaves everything as it was.  A game of another kind on
        the table is not ended: it stays saved, as when switching games.
        ``same``: the game to be put on the table, when it may be the one
        in progress itself (the player's own save of it, opened again):
        then nothing is ended or counted."""
        victim = self.in_progress(name)
        notes = self.records.take_problems()      # a saved game found damaged on the way
        if same is not None and victim is not None and same_game(victim.game, same):
            go()                # the game in progress itself, as far as it went or further: nothing ends
            return
        if victim is None:
            if self.session is not None and self.session.name == name:
                self.leave_game()
            go()
            if notes:
                self.alert("\n".join(notes))
            return
        on_table = victim is self.session
        n = victim.moves
        title = front(name).title
        what = f"the game of {title} under way ({n} move{'s' if n != 1 else ''})" if on_table else \
            f"your saved game of {title} ({n} move{'s' if n != 1 else ''}), left to be taken up again"

        def answer(choice: str) -> None:
            if choice != button:
                return
            if on_table:
                self.leave_game()
            else:
                if victim.for_the_record:
                    self.records.record_result(victim.game)
                self.records.clear_game(name)
            go()
        text = f"{question} It takes the place of {what}.\n{leaving_cost(victim, on_table)}"
        self.ask("\n".join([*notes, text]), (button, "Cancel"), answer,
                 "A game is under way" if on_table else f"A saved game of {title}")

    def table_extra(self) -> dict:
        return self.session.extra() if self.session is not None else {}

    def show_start(self) -> None:
        from .ui.start import StartScreen
        self.autosave()
        self.session = None
        self.show_caption()
        self.scene = StartScreen(self, self.prefs["last_game"])
        self.scene.full_redraw()

    def new_game(self) -> None:
        """New Game: a fresh deal of the game on the table; a game under way
        is ended only when the player says so, told what it costs.  Not
        while Gaps is paused (its manual leaves New Game out of the pause)."""
        s = self.session
        if s is None or s.clock.paused:
            return
        name = s.name
        self.replace_game(name, "Deal a new one?", "New Game", lambda: self.start_game(name, fresh=True))

    def choose_game(self, name: str) -> None:
        """Switch games: the one left stays saved, and comes back as it was."""
        if self.session is not None and self.session.name == name:
            return
        self.autosave()             # the game left stays saved, its clock as it stands
        self.start_game(name)

    # ----------------------------------------------------------- pause
    def toggle_pause(self, quiet: bool = False) -> None:
        """Gaps' Pause: the clock stops and the cards are covered (said,
        unless ``quiet``: the window losing or regaining the focus)."""
        s, table = self.session, self.table
        if table is None or not s.front.timed or (s.game.over and not s.clock.paused):
            return
        table.settle()               # every card at rest before the cards are covered
        table.unflash()              # a hint's flash is not shown over the covered table
        s.clock.paused = not s.clock.paused
        s.clock.focus_paused = False
        self.status.message = PAUSED if s.clock.paused else ""
        if not quiet:
            self.speech.say(PAUSED if s.clock.paused else "Going on: the clock runs again.")
        table.render()
        self.redraw_all()
        self.autosave()                 # the clock as it stopped

    # ----------------------------------------------------------- commands
    def undo(self) -> None:
        if self.table is not None:
            self.table.undo()

    def redo(self) -> None:
        if self.table is not None:
            self.table.redo()

    def hint(self) -> None:
        self.assistant.hint()

    def start_demo(self) -> None:
        self.assistant.start_demo()

    # ----------------------------------------------------------- dialogs
    def alert(self, message: str, title: str = "", on_close=None) -> None:
        self.ask(message, ("OK",), on_close, title)

    def ask(self, message: str, buttons: tuple[str, ...], on_close=None, title: str = "") -> None:
        self.open_dialog(Dialog(message, buttons, title, on_close))

    def open_dialog(self, dialog) -> None:
        if self.scene is not None:
            self.scene.settle()
        dialog.mono = bool(self.option("mono"))     # Black and White: the dialog's pictures in ink only
        self.dialogs.append(dialog)
        self.speech.say(dialog_words(dialog))
        self.redraw_all()

    @property
    def modal(self) -> bool:
        return bool(self.dialogs)

    def redraw_all(self) -> None:
        """Background to screen, then the open dialog or menu over it."""
        screen = self.window.screen
        screen.blit(self.canvas.background, (0, 0))
        if self.dialogs:
            self.dialogs[-1].draw(screen, self.fonts)
        elif self.menu.is_open:
            self.menu.draw_open(screen)
        pygame.display.flip()

    def dialog_key(self, event: pygame.event.Event) -> str | None:
        """A key or click for the open dialog: its answer, or None while it
        stays (the control the keyboard moves to is spoken)."""
        dialog = self.dialogs[-1]
        before = control_state(dialog)
        choice = dialog.handle(event)
        if choice is None and event.type == pygame.KEYDOWN and control_state(dialog) != before:
            self.speech.say(control_words(dialog))
        return choice

    def close_dialog(self, choice: str) -> None:
        dialog = self.dialogs[-1]
        self.dismiss_dialog(dialog)
        said = self.speech.said
        if dialog.on_close:
            dialog.on_close(choice)
        if not self.dialogs and self.speech.said == said:
            self.say_where()         # nothing new said: where the player is back to

    def say_where(self) -> None:
        """Back at the table from a dialog: the focused place, spoken."""
        keyboard = getattr(self.scene, "keyboard", None)
        if keyboard is None:            # the start screen: the game highlighted there
            words = getattr(self.scene, "focus_words", None)
            if words is not None:
                self.speech.say(f"Back to the choice of games: {words()}")
            return
        words = keyboard.focus_words()
        self.speech.say(f"Back to the table{': ' + words if words else ''}.")

    def dismiss_dialog(self, dialog: Dialog) -> None:
        """Take ``dialog`` off the screen (without its answer), if it is open."""
        if dialog not in self.dialogs:
            return
        self.dialogs.remove(dialog)
        if self.scene is not None:
            self.scene.render()
        self.redraw_all()

    # ----------------------------------------------------------- after each move
    def autosave(self) -> None:
        """The game in progress saved, with its session: after every move,
        at a pause, at quit and when the table shows another game or the
        start screen (the clock as it stands).  A deal with no move and
        nothing of its own to keep is not saved."""
        s = self.session
        if s is None or self.args.screenshot or s.game.won:
            return
        if not (s.game.history or s.game.can_redo or s.retried or s.counted or s.assisted):
            return
        problem = self.records.save_game(s.game, s.extra())
        if problem:
            self.say(problem)

    def on_game_changed(self) -> None:
        """After every move: the autosave, a game's end, stuck notices.
        A message lasts until the table changes (the Demo's, while it plays)."""
        s = self.session
        if s is None:
            return
        g = s.game
        if s.demo is None and self.status.message:
            self.say("")
        if g.won:
            self.game_won()
            return
        self.autosave()                 # an undo back to move 0 too
        if g.over:
            self.game_lost()
            return
        self.assistant.ask_verdict()
        if getattr(g, "stuck", False) and g.explain("redeal") is None and s.demo is None:
            auto = s.front.auto_redeal(bool(self.option("auto_reshuffle")))
            text = stuck_alert(g, auto)

            def done(_choice: str = "OK") -> None:
                if auto and self.session is s and self.table is not None and g.explain("redeal") is None:
                    self.table.try_move("redeal")
            self.table.when_landed(lambda: self.alert(text, on_close=done))

    # ----------------------------------------------------------- a game's end
    def game_won(self) -> None:
        """Count the win (unless the game counted already), forget the
        autosave, and for Gaps offer the high-score table (after the
        celebration and the result) to a win that counted now."""
        s = self.session
        self.records.clear_game(s.name)
        self.after_result = None
        s.recorded = self.count_result()
        if s.recorded and s.high_score_allowed:
            shuffles, seconds = s.game.shuffles_used, int(s.clock.elapsed)
            if self.records.qualifies(shuffles, seconds) is not None:
                self.after_result = lambda: self.ask_name(shuffles, seconds)
                self.pending_score = (None, shuffles, seconds)

    def game_lost(self) -> None:
        """No move left: the game has ended, and counts now (RULES.md: scored
        when a game ends); its result shows once its last cards land."""
        s = self.session
        s.recorded = self.count_result()
        self.autosave()                 # counted: a restart does not count it again

    def show_result(self) -> None:
        """The win's result, once its cascade is over; then, for a Gaps
        score that made the table, the name to write in it."""
        then, self.after_result = self.after_result, None
        s = self.session

        def answer(choice: str) -> None:
            if choice == NEW_GAME:
                self.new_game()         # a fresh deal of the same game (the win counted already)
            if then:
                then()
        self.summary(win_message(s, self.records), s.front.title, answer, (NEW_GAME, "OK"), focus=1)

    def summary(self, message: str, title: str = "", on_close=None, buttons: tuple[str, ...] = ("OK",),
                focus: int = 0) -> None:
        """The end of a game in words; for a game that counts, the rule's
        statistics picture under them, small (the Scores window's)."""
        s = self.session
        if s is None or game_points(s.game) is None or s.assisted:
            dialog = Dialog(message, buttons, title, on_close)
            dialog.focus = focus
        else:
            from .ui.scores import SummaryDialog
            rec = self.records.stats.get(s.name, s.game.options["rule"])
            dialog = SummaryDialog(message, buttons, title, on_close, game_title(s.game), rec, focus)
        self.open_dialog(dialog)

    def show_over(self) -> None:
        """No move left: its result, the rule's picture, and the offer of a
        review ("See Where It Slipped Away"), never forced: OK is the
        default and Esc closes."""
        from .ui import review as review_ui
        s = self.session
        buttons = (review_ui.OFFER, "OK") if review_ui.unavailable(s.game) is None else ("OK",)

        def answer(choice: str) -> None:
            if choice == review_ui.OFFER:
                review_ui.open_review(self)
        self.summary(over_message(s, self.records), s.front.title, answer, buttons,
                     focus=len(buttons) - 1)

    def ask_name(self, shuffles: int, seconds: int) -> None:
        def done(_choice: str) -> None:
            self.pending_score = None
            rank = self.records.add_high_score(dialog.entry, shuffles, seconds)
            self.commands.show_high_scores(rank - 1)
        dialog = Dialog("You made the high scores! Type your name:", ("OK",), self.session.front.title, done,
                        entry="")
        self.pending_score = (dialog, shuffles, seconds)
        self.open_dialog(dialog)

    def keep_high_score(self) -> None:
        """At quit: a high score won but not yet written (the result still
        on screen, or the name half typed) written, never lost."""
        pending, self.pending_score = self.pending_score, None
        if pending is not None:
            dialog, shuffles, seconds = pending
            self.records.add_high_score(dialog.entry if dialog is not None else "", shuffles, seconds)


def indicator_sentence(text: str) -> str:
    """The indicator's words as a sentence with its subject: "The deal can still be won."."""
    text = text.rstrip(".")
    if text.lower().startswith(("this ", "the ")):
        return text[:1].upper() + text[1:] + "."
    return f"The deal {text}."


def same_but_numbers(a: str, b: str) -> bool:
    """``a`` and ``b`` are one progress line ("... 40% ..."), its numbers alone changed."""
    return "%" in a and "%" in b and re.sub(r"\d+", "#", a) == re.sub(r"\d+", "#", b)


def same_game(a: engine.Game, b: engine.Game) -> bool:
    """Whether ``b`` is ``a`` again, as far as it went or further (the same
    deal; ``b``'s history goes on from ``a``'s): a save of the game in
    progress.  An earlier save is another game: opening it would take moves
    back, so it is asked about as any other."""
    if a.name != b.name or a.seed != b.seed or a.options != b.options:
        return False
    if a.to_dict().get("deal") != b.to_dict().get("deal"):
        return False
    ha, hb = a.history, b.history
    return len(hb) >= len(ha) and hb[:len(ha)] == ha


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        from . import desktop
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
    lock = storage.FolderLock(storage.data_dir())
    problem = ""
    try:
        lock.acquire()
    except storage.AlreadyRunning as e:
        tell_already_running(str(e))
        return 1
    except OSError as e:            # a read-only folder, a file system without locks: play on, warned
        problem = (f"Card Shell could not lock its data folder {lock.folder} ({e.strerror or e}): "
                   "do not start a second copy while this one runs.")
    else:
        storage.remove_leftovers(lock.folder)     # what saves cut short by a kill left behind
    try:
        app = App(args)
        if problem:
            app.problems.append(problem)
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


def tell_already_running(message: str) -> None:
    """A second copy's only word: on its standard error, and in a message
    box of the desktop's when there is a desktop to show one."""
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
