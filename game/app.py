"""The application: the scenes (the start screen, or a game on the table)
and what passes between them, the dialogs, and what follows each move (the
autosave, a win's records, a stuck table's notice).

Its other roles live in mixins of their own, one job each: the window and
preferences (``window.py``), the cards' looks (``looks.py``), the status
line and the game's words (``status.py``), the solver's client
(``assistant.py``) and the loop (``loop.py``).  The scene on the table
answers the small protocol of ``scene.py``; what a game does differently is
asked of its front end (``games/``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

import engine
from engine.scoring import game_points

from . import logs, storage
from .analyst import Analyst
from .assistant import SolverClient
from .commands import Commands
from .games import front, front_of
from .knowledge import Knowledge
from .looks import Looks
from .loop import Loop
from .records import Records
from .sheet import CardSheet
from .sound import Sounds
from .status import StatusLine, game_title, leaving_cost, redeal_word
from .surfaces import Canvas, Fonts
from .table import Table
from .ui.dialogs import Dialog
from .ui.menubar import MenuBar
from .window import DEFAULT_PREFS, Window

DEAL_NUMBERS = 1_000_000_000     # new deals are numbered below this: short codes


def window_size_arg(text: str) -> tuple[int, int]:
    """``--size``: ``WxH`` in pixels, e.g. ``1024x640``."""
    w, sep, h = text.lower().partition("x")
    if not (sep and w.strip().isdigit() and h.strip().isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size: write WxH, e.g. 1024x640")
    return int(w), int(h)


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
    return p.parse_args(argv)


class App(Window, Looks, StatusLine, SolverClient, Loop):
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        logs.start()
        self.records = Records()
        self.prefs = self.records.load_prefs(DEFAULT_PREFS)
        self.problems: list[str] = self.records.take_problems()
        self.last_folder: Path | None = None
        self.analyst = Analyst()
        self.looking: Dialog | None = None      # the notice while a winnable deal is looked for
        self.verdict = ""                 # the solver's word on the deal: won, impossible, unknown, thinking
        self.knowledge = Knowledge()      # what the solver proved this session, position by position
        self.verdict_asked: tuple[object, int, str] = (None, 0, "")   # the position the verdict was asked of
        self.verdict_probe = False        # ... with a short probe only (a position let pass: game/knowledge.py)
        self.demo: list[str] | None = None
        self.assisted = False           # the Demo has played in this game: it is not counted
        self.demo_more = False          # the demo goes on past its line (Gaps, Chinese Puzzle: redeals)
        self.demo_rounds = 0
        self.hint_line: list[str] = []    # a known solution from the position on the table (H shows its first move)
        self.hint_at: tuple[object, int] = (None, 0)    # ... and that position: its game and number of moves
        self.focus_paused = False
        self.dump_path = args.dump_layout
        self.modal = False
        self.paused = False
        self.running = True
        self.dialogs: list[Dialog] = []
        self.fullscreen = bool(args.fullscreen)
        # the mixer starts once the first table is on screen (loop.begin)
        self.sounds = Sounds(enabled=not args.no_sound and self.prefs["sound"])
        # Dirty rectangles are what this table draws: SDL's software framebuffer
        # sends just them to the screen, where its GL-backed one loads the GL
        # stack (about 90 MB) and uploads the whole window at every update.
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
        self.windowed = self.window_size()
        self.screen = self.open_window()
        self.sheet_source: tuple[Path | None, float] = (None, 0.0)
        self.mono_sheet: CardSheet | None = None
        self.load_cards()
        self.sheet = self.colour_sheet
        self.canvas = Canvas(self.screen, self.sheet, self.fonts)
        self.commands = Commands(self)
        self.menu = MenuBar(self.fonts, self.commands.menus, self.commands.titles)
        self.apply_looks(redraw=False)
        self.scene = None
        self.game: engine.Game | None = None

    # ----------------------------------------------------------- window
    # ----------------------------------------------------------- options
    # ----------------------------------------------------------- card sheets
    # ----------------------------------------------------------- scenes
    def start_game(self, name: str, seed: int | None = None, fresh: bool = False, searched: bool = False) -> None:
        """Play ``name``: the game left in progress (restored, history and
        all), or a new deal."""
        if not fresh and seed is None:
            saved, extra = self.records.load_game(name)
            self.problems += self.records.take_problems()
            if saved is not None and not saved.won:
                self.show_game(saved, opening=False, elapsed=float(extra.get("elapsed", 0.0)),
                               assisted=bool(extra.get("assisted", False)))
                return
        pick = seed is None
        if seed is None:
            seed = self.pick_deal_number()
        options = front(name).new_options(self.args, self.prefs)
        try:
            engine.GAMES[name].check_options(options)
        except ValueError:          # a hand-edited preference: the game's defaults instead
            options = {}
        game = engine.new_game(name, seed=seed, **options)
        if pick and not searched and self.option("winnable") and not self.args.screenshot:
            self.find_winnable(game)
            return
        self.show_game(game)

    def pick_deal_number(self) -> int:
        """A new deal's number, picked at random."""
        return engine.cards.Rng(int(time.time_ns() % engine.cards.MAX_SEED)).below(DEAL_NUMBERS)

    def show_game(self, game: engine.Game, opening: bool = True, elapsed: float = 0.0,
                  keep: bool = False, assisted: bool = False) -> None:
        """Put ``game`` on the table (a new deal, or one opened or restored;
        ``keep``: the same game redrawn after many moves at once;
        ``assisted``: the Demo has played in it, so it is not counted)."""
        if keep and self.table is not None:
            elapsed = self.table.elapsed
            assisted = self.assisted
        self.assisted = assisted
        self.analyst.forget("winnable")     # a game put on the table ends any search for another
        self.game = game
        self.recorded = game.won
        if self.prefs["last_game"] != game.name:
            self.prefs["last_game"] = game.name
            self.save_prefs()
        self.message = ""
        self.paused = False
        self.menu.open(None)
        # under an open dialog nothing moving is drawn: a deal put there (a
        # winnable deal found while an alert is up) lies down at once
        animate = opening and not (self.args.screenshot or self.args.no_animation or self.dialogs)
        self.scene = Table(self, game, opening=animate, elapsed=elapsed,
                           timer_shown=bool(self.option("timer_shown")))
        self.show_caption()
        self.scene.full_redraw()
        if self.dialogs:
            self.redraw_all()            # the dialog stays in front of the new table
        self.on_game_changed()   # a deal can be stuck from the start

    def leave_game(self) -> None:
        """The game on the table is being left for another: an unfinished
        Card Shell game that saw a move is scored as lost (RULES.md)."""
        g = self.game
        if g is not None and not self.recorded and g.history and not self.assisted:
            self.records.record_result(g)
            self.recorded = True
        if g is not None:
            self.records.clear_game(g.name)

    def in_progress(self, name: str) -> tuple[engine.Game, bool, bool] | None:
        """The unfinished game of ``name`` a new one would replace, with
        whether it is the one on the table and whether the Demo played in
        it: the table's game if it is of ``name``, else the saved one.
        ``None`` when there is none, or it saw no move or is over."""
        g = self.game
        if g is not None and g.name == name:
            on_table, assisted = True, self.assisted
        else:
            g, extra = self.records.load_game(name)
            on_table, assisted = False, bool(extra.get("assisted", False))
        if g is None or not g.started or g.over or (on_table and self.recorded):
            return None
        return g, on_table, assisted

    def replace_game(self, name: str, question: str, button: str, go: Callable[[], None]) -> None:
        """Before a new game of ``name`` takes the place of one in progress:
        ask ``question`` (with what leaving that game costs), and only on
        ``button`` end it (scored as lost, its save gone) and ``go``.
        Cancelling leaves everything as it was.  A game of another kind on
        the table is not ended: it stays saved, as when switching games."""
        victim = self.in_progress(name)
        notes = self.records.take_problems()      # a saved game found damaged on the way
        if victim is None:
            if self.game is not None and self.game.name == name:
                self.leave_game()
            go()
            if notes:
                self.alert("\n".join(notes))
            return
        g, on_table, assisted = victim
        n = len(g.history)
        title = front(name).title
        what = f"the game of {title} under way ({n} move{'s' if n != 1 else ''})" if on_table else \
            f"your saved game of {title} ({n} move{'s' if n != 1 else ''}), left to be taken up again"

        def answer(choice: str) -> None:
            if choice != button:
                return
            if on_table:
                self.leave_game()
            else:
                if not assisted:
                    self.records.record_result(g)
                self.records.clear_game(name)
            go()
        text = f"{question} It takes the place of {what}.\n{leaving_cost(g, assisted, on_table)}"
        self.ask("\n".join([*notes, text]), (button, "Cancel"), answer,
                 "A game is under way" if on_table else f"A saved game of {title}")

    def table_extra(self) -> dict:
        extra = {"elapsed": round(self.table.elapsed, 1)} if self.table is not None else {}
        if self.assisted:
            extra["assisted"] = True
        return extra

    def show_start(self) -> None:
        from .ui.start import StartScreen
        self.game = None
        self.show_caption()
        self.scene = StartScreen(self, self.prefs["last_game"])
        self.scene.full_redraw()

    def new_game(self) -> None:
        """New Game: a fresh deal of the game on the table; a game under way
        is ended only when the player says so, told what it costs.  Not
        while Gaps is paused (its manual leaves New Game out of the pause)."""
        if self.game is None or self.paused:
            return
        name = self.game.name
        self.replace_game(name, "Deal a new one?", "New Game", lambda: self.start_game(name, fresh=True))

    def choose_game(self, name: str) -> None:
        """Switch games: the one left stays saved, and comes back as it was."""
        if self.game is not None and self.game.name == name:
            return
        self.start_game(name)

    # ----------------------------------------------------------- pause
    def toggle_pause(self) -> None:
        """Gaps' Pause: the clock stops and the cards are covered."""
        if self.table is None or not self.table.front.timed or (self.game.over and not self.paused):
            return
        self.table.settle()               # every card at rest before the cards are covered
        self.table.unflash()              # a hint's flash is not shown over the covered table
        self.paused = not self.paused
        self.focus_paused = False
        self.message = "Paused: click the clock or press Ctrl+P to go on." if self.paused else ""
        self.scene.render()
        self.redraw_all()

    @property
    def table(self) -> Table | None:
        """The game on the table, when the scene is one (else None)."""
        return self.scene if self.scene is not None and self.scene.plays else None

    recorded = False
    after_result: Callable[[], None] | None = None     # what follows the win's result (a Gaps high score)

    # ----------------------------------------------------------- commands
    def undo(self) -> None:
        if self.table is not None:
            self.table.undo()

    def redo(self) -> None:
        if self.table is not None:
            self.table.redo()

    def quit(self) -> None:
        self.running = False

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
        self.modal = True
        self.redraw_all()

    def redraw_all(self) -> None:
        """Background to screen, then the open dialog or menu over it."""
        self.screen.blit(self.canvas.background, (0, 0))
        if self.dialogs:
            self.dialogs[-1].draw(self.screen, self.fonts)
        elif self.menu.is_open:
            self.menu.draw_open(self.screen)
        pygame.display.flip()

    def close_dialog(self, choice: str) -> None:
        dialog = self.dialogs[-1]
        self.dismiss_dialog(dialog)
        if dialog.on_close:
            dialog.on_close(choice)

    def dismiss_dialog(self, dialog: Dialog) -> None:
        """Take ``dialog`` off the screen (without its answer), if it is open."""
        if dialog not in self.dialogs:
            return
        self.dialogs.remove(dialog)
        self.modal = bool(self.dialogs)
        if self.scene is not None:
            self.scene.render()
        self.redraw_all()

    # ----------------------------------------------------------- table hooks
    def on_game_changed(self) -> None:
        """After every move: the autosave, a win's records, stuck notices.
        A message lasts until the table changes (the Demo's, while it plays)."""
        g = self.game
        if g is None:
            return
        if self.demo is None and self.message:
            self.set_message("")
        if g.won:
            self.game_won()
            return
        if (g.history or g.can_redo) and not self.args.screenshot:     # an undo back to move 0 too
            problem = self.records.save_game(g, self.table_extra())
            if problem:
                self.set_message(problem)
        if g.over:
            return
        self.ask_verdict()
        if getattr(g, "stuck", False) and g.explain("redeal") is None and self.demo is None:
            word = redeal_word(g)
            auto = front_of(g).auto_redeal(bool(self.option("auto_reshuffle")))
            text = f"No card can move. {'The cards will now be reshuffled' if auto else f'Use a {word}'}."

            def done(_choice: str = "OK") -> None:
                if auto and self.table is not None and g is self.game and g.explain("redeal") is None:
                    self.table.try_move("redeal")
            self.table.when_landed(lambda: self.alert(text, on_close=done))

    # ----------------------------------------------------------- the solver
    def game_won(self) -> None:
        """Count the win (once), forget the autosave, and for Gaps offer the
        high-score table (after the celebration and the result)."""
        g = self.game
        if self.recorded:
            return
        self.recorded = True
        self.after_result = None
        self.records.clear_game(g.name)
        if self.assisted:               # the Demo's win is not the player's
            return
        self.records.record_result(g)
        if front_of(g).high_scores and self.table is not None:
            shuffles = g.shuffles_used
            seconds = int(self.table.elapsed)
            rank = self.records.qualifies(shuffles, seconds)
            if rank is not None:
                self.after_result = lambda: self.ask_name(shuffles, seconds)

    def show_result(self) -> None:
        """The win's result, once its cascade is over; then, for a Gaps
        score that made the table, the name to write in it."""
        then, self.after_result = self.after_result, None
        self.summary(self.win_message(), front_of(self.game).title,
                   on_close=(lambda _choice: then()) if then else None)

    def summary(self, message: str, title: str = "", on_close=None, buttons: tuple[str, ...] = ("OK",),
                focus: int = 0) -> None:
        """The end of a game in words; for a game that counts, the rule's
        statistics picture under them, small (the Scores window's)."""
        g = self.game
        if g is None or game_points(g) is None or self.assisted:
            dialog = Dialog(message, buttons, title, on_close)
            dialog.focus = focus
        else:
            from .ui.scores import SummaryDialog
            rec = self.records.stats.get(g.name, g.options["rule"])
            dialog = SummaryDialog(message, buttons, title, on_close,
                                   game_title(g), rec, focus)
        self.open_dialog(dialog)

    def show_over(self) -> None:
        """No move left: what it costs, the rule's picture, and the offer
        of a review ("See Where It Slipped Away"), never forced: OK is the
        default and Esc closes."""
        from .ui import review as review_ui
        buttons = (review_ui.OFFER, "OK") if review_ui.unavailable(self.game) is None else ("OK",)

        def answer(choice: str) -> None:
            if choice == review_ui.OFFER:
                review_ui.open_review(self)
        self.summary(self.over_message(), "", answer, buttons, focus=len(buttons) - 1)

    def ask_name(self, shuffles: int, seconds: int) -> None:
        def done(_choice: str) -> None:
            rank = self.records.add_high_score(dialog.entry, shuffles, seconds)
            self.commands.show_high_scores(rank - 1)
        dialog = Dialog("You made the high scores! Type your name:", ("OK",), front_of(self.game).title, done,
                        entry="")
        self.open_dialog(dialog)

    # ----------------------------------------------------------- events
    # ----------------------------------------------------------- the loop

def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.install_desktop_entry:
        from . import desktop
        desktop.install()
        return 0
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "cardshell")   # the desktop entry's StartupWMClass
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
    except Exception:
        logs.get("app").exception("Card Shell stopped on an error")
        raise
    finally:
        lock.release()


def tell_already_running(message: str) -> None:
    """A second copy's only word: on its standard error, and in a message
    box of the desktop's when there is a desktop to show one."""
    print(f"card-shell: {message}", file=sys.stderr)
    headless = os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen") or (
        sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")))
    if headless:
        return
    import textwrap
    try:        # SDL's box on X11 does not wrap lines itself
        pygame.display.message_box("Card Shell is already running", textwrap.fill(message, 64), "warn")
    except (pygame.error, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
