"""The application: the window, the fixed-timestep loop, the menus, and the
scene they drive (the start screen or a table).

Each pass of the loop takes input, advances the scene in fixed steps of
``STEP`` seconds (at most ``MAX_STEPS`` at once, so a stall never turns into
a fast-forward), then draws once: only what moved.  When nothing moves and no
button is held, the loop sleeps inside SDL until the next event, so an idle
table uses no processor time.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pygame
from pygame import Rect

import engine
from engine import codes
from engine.scoring import game_points

from . import idle, logs, storage
from .analyst import ANSWER, STOPPED, Analyst
from .commands import Commands
from .games import FRONTS, front, front_of
from .records import Records
from .sheet import CardSheet, open_sheet_or_default
from .sound import Sounds
from .surfaces import Canvas, Fonts
from .table import Table
from .ui import menubar
from .ui import review as review_ui
from .ui.dialogs import Dialog
from .ui.menubar import MenuBar
from .ui.scores import SummaryDialog
from .ui.start import StartScreen

STEP = 1 / 120
MAX_STEPS = 12
FPS = 120
STATUS_H = 26
STATUS_SIZE = 20                 # the status line's text size
STATUS_GAP = 28                  # pixels at least between its two halves
MIN_WINDOW = (800, 560)          # the smallest window every table and the status line fit
#: the Demo's words while it plays: gone from the status line once it stops
DEMO_RUNNING = ("Demo: the solver is thinking", "Demo: any key stops it.", "Demo: locking cards")
RULE_TITLES = {"alternate": "alternating colour", "any-suit": "any suit", "same-suit": "same suit"}
DEFAULT_PREFS = {
    "last_game": FRONTS[0].name,
    "move_style": "drag",        # or "click"
    "sound": True,
    "fast_aces": False,
    "auto_reshuffle": True,
    "rules": {f.name: f.default_rule for f in FRONTS if f.default_rule},
    "redeals": 2,
    "aces": "free",
    "window": [1180, 760],
    "zoom": False,
    "mono": False,
    "back": 0,
    "table": "green",
    "timer_shown": True,
    "blanks_move": False,
    "winnable": False,
    "faces": "classic",
    "window_pos": [],
    "indicator": True,
}
DEAL_NUMBERS = 1_000_000_000     # new deals are numbered below this: short codes
DEMO_S = 10.0                    # the solver's time for the Demo's first search (a game's front may ask more)
DEMO_AGAIN_S = 3.0               # ... and for each later one (Gaps, Chinese Puzzle after a line or a redeal)
DEMO_ROUNDS = 200                # a Demo that plays on through redeals looks again this many times at most
WINNABLE_DEAL_S = 2.0            # "Winnable deals only": the solver's time for each deal it tries
HINT_S = 0.4                     # H: the solver's time for a hint (from what the player sees)
FACES = {"classic": "cards.png", "large-index": "cards-large-index.png", "four-colour": "cards-four-colour.png"}


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


def points_text(points: float) -> str:
    """Points as the player reads them: ``-2 points``, ``-1.75 points``, ``1 point``."""
    value = f"{points:+.2f}".rstrip("0").rstrip(".") if points else "0"
    value = value.lstrip("+")
    return f"{value} point{'' if abs(points) == 1 else 's'}"


def leaving_cost(game: engine.Game, assisted: bool, on_table: bool = True) -> str:
    """What ending ``game`` unfinished now costs, in a sentence: "This game
    counts as a loss: -2 points." (RULES.md's scoring)."""
    this = "This game" if on_table else "That game"
    if assisted:
        return f"{this} is not counted: the Demo played in it."
    pts = game_points(game)
    if pts is None:
        return f"{this} is gone for good ({front_of(game).title} keeps no score)."
    return f"{this} counts as a loss: {points_text(pts)}."


def redeal_word(game: engine.Game) -> str:
    """What a fresh deal of the cards in play is called in ``game``."""
    return front_of(game).redeal_word


class App:
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
        self.sounds = Sounds(enabled=not args.no_sound and self.prefs["sound"])
        if self.sounds.enabled:
            self.sounds.start()
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
    def window_size(self) -> tuple[int, int]:
        if self.args.size:
            w, h = self.args.size
            return max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h)
        w, h = self.prefs.get("window", DEFAULT_PREFS["window"])
        try:
            desk = pygame.display.get_desktop_sizes()[0]
            w, h = min(w, int(desk[0] * 0.95)), min(h, int(desk[1] * 0.9))
        except (pygame.error, IndexError):
            pass
        return max(MIN_WINDOW[0], int(w)), max(MIN_WINDOW[1], int(h))

    def open_window(self) -> pygame.Surface:
        if self.fullscreen:
            # the whole display from its corner: without a window manager
            # (X11), SDL keeps a window's place, so it is moved there first
            self.set_window(position=(0, 0))
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        pos = self.prefs.get("window_pos") or []
        if len(pos) == 2 and not self.args.size and "SDL_VIDEO_WINDOW_POS" not in os.environ:
            os.environ["SDL_VIDEO_WINDOW_POS"] = f"{int(pos[0])},{int(pos[1])}"
        screen = pygame.display.set_mode(self.windowed, pygame.RESIZABLE)
        self.set_window(minimum_size=MIN_WINDOW)     # the window manager is told the smallest size too
        return screen

    @staticmethod
    def set_window(**settings) -> None:
        """Set the window's ``position`` or ``minimum_size`` (SDL's window
        behind the display module), where the platform lets us."""
        try:
            with warnings.catch_warnings():     # pygame-ce prefers Window's own surface; only these are set
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
                for name, value in settings.items():
                    setattr(window, name, value)
        except (pygame.error, AttributeError):
            pass

    def toggle_fullscreen(self) -> None:
        """F11: the whole display from its corner (SDL keeps a window's
        position otherwise, and the table falls off the screen), and back
        to the window where it was."""
        if not self.fullscreen:
            self.windowed = self.screen.get_size()
            try:
                self.window_at = pygame.display.get_window_position()
            except (pygame.error, AttributeError):
                self.window_at = None
        self.fullscreen = not self.fullscreen
        self.screen = self.open_window()
        if not self.fullscreen and self.screen.get_size() != tuple(self.windowed):
            # leaving fullscreen without a window manager, SDL may keep the
            # screen's size at the first try; asking again restores it
            self.screen = self.open_window()
        if not self.fullscreen and self.window_at is not None:
            self.set_window(position=self.window_at)
        self.resized()

    window_at: tuple[int, int] | None = None     # where the window was before fullscreen

    def resized(self) -> None:
        self.screen = pygame.display.get_surface()
        w, h = self.screen.get_size()
        if not self.fullscreen and (w < MIN_WINDOW[0] or h < MIN_WINDOW[1]):
            # a window manager that ignores the minimum size: the window
            # is set back to it (nothing smaller is laid out)
            self.screen = pygame.display.set_mode((max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1])),
                                                  pygame.RESIZABLE)
        self.canvas.resize(self.screen)
        if not self.fullscreen:
            self.windowed = self.screen.get_size()
        if self.scene is not None:
            self.scene.full_redraw()

    def table_area(self) -> Rect:
        w, h = self.screen.get_size()
        return Rect(0, menubar.HEIGHT, w, h - menubar.HEIGHT - STATUS_H)

    def card_aspect(self) -> float:
        w, h = self.sheet.cell
        return w / h

    # ----------------------------------------------------------- options
    def option(self, name: str):
        return self.prefs.get(name, DEFAULT_PREFS.get(name))

    def set_option(self, name: str, value) -> None:
        self.prefs[name] = value
        if name == "sound":
            self.sounds.enabled = value
            if value and not self.sounds.ready:
                self.sounds.start()
        if name in ("timer_shown", "blanks_move") and isinstance(self.scene, Table):
            self.scene.ui["timer_shown"] = self.option("timer_shown")
            self.scene.full_redraw()
        self.save_prefs()

    def toggle_option(self, name: str) -> None:
        self.set_option(name, not self.option(name))

    def set_colour(self, colour: bool) -> None:
        self.set_option("mono", not colour)
        self.apply_looks()

    def apply_looks(self, redraw: bool = True) -> None:
        """Card sheet (colour or 1-bit), card back and table, as the options say."""
        if self.option("mono"):
            if self.mono_sheet is None:
                from .mono import MonoSheet
                self.mono_sheet = MonoSheet.from_sheet(self.colour_sheet)
            self.sheet = self.mono_sheet
        else:
            self.sheet = self.colour_sheet
        self.canvas.sheet = self.sheet
        self.canvas.mono = bool(self.option("mono"))
        self.canvas.back_index = int(self.option("back")) % 5
        self.canvas.set_table("mono" if self.option("mono") else self.option("table"))
        if redraw and self.scene is not None:
            self.scene.full_redraw()

    # ----------------------------------------------------------- card sheets
    def sheet_path(self) -> Path | None:
        """The player's own sheet (--cards, or cards.png in the data folder),
        else the built-in sheet of the chosen faces."""
        if self.args.cards:
            return Path(self.args.cards)
        own = storage.data_dir() / "cards.png"
        if own.exists():
            return own
        return self.builtin_faces()

    def builtin_faces(self) -> Path | None:
        """The built-in sheet of the faces chosen in Options (None: the classic one)."""
        faces = self.option("faces")
        if faces in FACES and faces != "classic":
            from . import assets
            return assets.path("cards", FACES[faces])
        return None

    def load_cards(self) -> bool:
        """(Re)load the card sheet; a bad sheet is refused with the expected
        grid in the message, and the built-in sheet of the chosen faces is used."""
        path = self.sheet_path()
        # the sheet's scaled copies are kept in the data folder: the next
        # start reads them and does not decode the whole sheet (game/sheet.py)
        sheet, warning = open_sheet_or_default(path, self.builtin_faces(), cache=storage.data_dir() / "cache")
        if warning:
            self.problems.append(warning)
            if getattr(self, "canvas", None) is not None:
                self.alert(warning)
        self.colour_sheet = sheet
        self.colour_sheet.convert()
        self.mono_sheet = None
        try:
            stamp = path.stat().st_mtime if path is not None else 0.0
        except OSError:
            stamp = 0.0
        self.sheet_source = (path, stamp)
        return warning is None

    def reload_cards_if_changed(self, force: bool = False) -> None:
        """A sheet edited while the game runs is picked up (on returning to
        the window, or from the menu) without a restart."""
        path, stamp = self.sheet_source
        try:
            now = path.stat().st_mtime if path is not None else 0.0
        except OSError:
            now = stamp
        if force or now != stamp or path != self.sheet_path():
            self.load_cards()
            self.apply_looks()

    def default_window(self) -> None:
        """Back to the default window size (and out of fullscreen)."""
        self.fullscreen = False
        self.windowed = tuple(DEFAULT_PREFS["window"])
        self.prefs["window"] = list(DEFAULT_PREFS["window"])
        self.prefs["window_pos"] = []
        os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
        self.windowed = self.window_size()
        self.screen = self.open_window()
        self.resized()

    def save_prefs(self) -> None:
        if self.args.screenshot:
            return
        if not self.fullscreen and getattr(self, "screen", None) is not None:
            self.prefs["window"] = list(self.screen.get_size())
            try:
                self.prefs["window_pos"] = list(pygame.display.get_window_position())
            except (pygame.error, AttributeError):
                pass
        problem = self.records.save_prefs(self.prefs)
        if problem:
            self.set_message(problem)

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

    def find_winnable(self, game: engine.Game) -> None:
        """"Winnable deals only": the deal picked goes on the table under a
        notice while the solver's process looks, from its number on, for a
        deal it proves winnable (30 s at most); the one found replaces it.
        The notice's button plays the deal shown instead, unchecked."""
        self.show_game(game)
        if self.analyst.ask(game, "winnable", budget=WINNABLE_DEAL_S) < 0:
            self.set_message("The solver is not available; this deal was not checked.")
            return
        self.looking = Dialog("Looking for a deal the solver can win...", ("Play This Deal",),
                              "Winnable Deals Only", self.stop_looking)
        self.open_dialog(self.looking)

    def stop_looking(self, _choice: str = "") -> None:
        """The player chose to play the deal on the table, unchecked."""
        self.looking = None
        self.analyst.forget("winnable")
        self.set_message("This deal was not checked by the solver.")

    def show_game(self, game: engine.Game, opening: bool = True, elapsed: float = 0.0,
                  keep: bool = False, assisted: bool = False) -> None:
        """Put ``game`` on the table (a new deal, or one opened or restored;
        ``keep``: the same game redrawn after many moves at once;
        ``assisted``: the Demo has played in it, so it is not counted)."""
        if keep and isinstance(self.scene, Table):
            elapsed = self.scene.elapsed
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
        self.scene = Table(self, game, opening=animate)
        self.scene.elapsed = elapsed
        self.scene.ui["timer_shown"] = self.option("timer_shown")
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
        extra = {"elapsed": round(self.scene.elapsed, 1)} if isinstance(self.scene, Table) else {}
        if self.assisted:
            extra["assisted"] = True
        return extra

    def show_start(self) -> None:
        self.game = None
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
        if not isinstance(self.scene, Table) or not self.scene.front.timed or (self.game.over and not self.paused):
            return
        self.scene.cancel_carry()
        self.scene.finish_actors()        # every card at rest before the cards are covered
        self.scene.flash_rects = []       # a hint's flash is not shown over the covered table
        self.paused = not self.paused
        self.focus_paused = False
        self.message = "Paused: click the clock or press Ctrl+P to go on." if self.paused else ""
        self.scene.render()
        self.redraw_all()

    # ----------------------------------------------------------- chrome
    message = ""
    recorded = False
    after_result: Callable[[], None] | None = None     # what follows the win's result (a Gaps high score)

    def set_message(self, text: str) -> None:
        self.message = text
        if isinstance(self.scene, Table):
            self.scene.render()
            self.scene.refresh([self.chrome_rect("status")])
            if self.dialogs:
                self.redraw_all()        # the status line shows behind the dialog too

    def chrome_rect(self, which: str) -> Rect:
        w, h = self.screen.get_size()
        if which == "status":
            return Rect(0, h - STATUS_H, w, STATUS_H)
        return Rect(0, 0, w, menubar.HEIGHT)

    def status_text(self, width: int | None = None) -> tuple[str, str]:
        """The status line's two halves: the game (its title, rule, deal
        number and code) on the left; the news (the message), the solver's
        word and the counts on the right.  Given ``width`` in pixels, what
        matters least goes first until both halves fit with a gap between
        them: the deal number, the code, the rule, the solver's word, the
        title; the message is shortened last, with "...". """
        left, right = self.status_parts()
        if width is None:
            return self.join_status(left, right)
        font = self.fonts.get(STATUS_SIZE)

        def fits(lt: list, rt: list) -> bool:
            a, b = self.join_status(lt, rt)
            return font.size(a)[0] + font.size(b)[0] + (STATUS_GAP if a and b else 0) <= width
        while not fits(left, right):
            droppable = [p for p in left + right if p[1] > 0]
            if not droppable:
                break
            gone = max(droppable, key=lambda p: p[1])
            left = [p for p in left if p is not gone]
            right = [p for p in right if p is not gone]
        if not fits(left, right) and right and right[0][1] == 0 and right[0][2] == "message":
            text = right[0][0]
            while text and not fits(left, [(text.rstrip() + "...", 0, "message"), *right[1:]]):
                text = text[:-1]
            right = [(text.rstrip() + "...", 0, "message"), *right[1:]]
        return self.join_status(left, right)

    @staticmethod
    def join_status(left: list, right: list) -> tuple[str, str]:
        return "  -  ".join(p[0] for p in left), "   ".join(p[0] for p in right)

    def status_parts(self) -> tuple[list, list]:
        """Each half's parts, as (text, priority, kind): priority 0 is
        never left out; the higher, the sooner it goes when space is short."""
        g = self.game
        if g is None:
            return [("Card Shell", 0, "title")], []
        title = front_of(g).title
        if "rule" in g.options:
            title += f", {RULE_TITLES[g.options['rule']]}"
        if getattr(self, "_code_for", None) is not g:
            self._code_for, self._code = g, codes.encode(g.name, g.options, g.seed)
        left = [(title, 2, "title"), (f"deal {g.seed}", 5, "deal"), (f"code {self._code}", 4, "code")]
        parts = [f"moves {len(g.history)}", *front_of(g).counts(g)]
        if g.won:
            state = "Won!"
        elif g.over:
            state = "No move left"
        elif front_of(g).stuck_text(g):
            state = front_of(g).stuck_text(g)
        elif self.demo is None and self.message.startswith(DEMO_RUNNING):
            state = ""                  # the Demo has stopped (or given up): its words go with it
        else:
            state = self.message
        indicator = self.indicator_text()
        right = ([(state, 0, "message")] if state else []) + ([(indicator, 3, "indicator")] if indicator else [])
        right += [(part, 0 if k == 0 else 1, "count") for k, part in enumerate(parts)]
        return left, right

    def indicator_text(self) -> str:
        """The quiet word on the deal: whether it can still be won."""
        g = self.game
        if g is None or g.won or g.over or not self.option("indicator") or not self.verdict:
            return ""
        if self.verdict == "thinking":
            return "the solver is thinking..."
        return front_of(g).verdict_text(g, self.verdict)

    def draw_chrome(self, surface: pygame.Surface) -> None:
        self.menu.draw_bar(surface)
        bar = self.chrome_rect("status")
        pygame.draw.rect(surface, (255, 255, 255) if self.canvas.mono else (30, 30, 34), bar)
        if self.canvas.mono:
            pygame.draw.line(surface, (0, 0, 0), bar.topleft, bar.topright)
        inner = bar.inflate(-24, 0)
        left, right = self.status_text(inner.w)
        self.canvas.text(surface, left, inner, STATUS_SIZE, (225, 225, 215), "left", shadow=False)
        self.canvas.text(surface, right, inner, STATUS_SIZE, (225, 225, 215), "right", shadow=False)

    # ----------------------------------------------------------- commands
    def undo(self) -> None:
        if isinstance(self.scene, Table):
            self.scene.undo()

    def redo(self) -> None:
        if isinstance(self.scene, Table):
            self.scene.redo()

    def quit(self) -> None:
        self.running = False

    # ----------------------------------------------------------- dialogs
    def alert(self, message: str, title: str = "", on_close=None) -> None:
        self.ask(message, ("OK",), on_close, title)

    def ask(self, message: str, buttons: tuple[str, ...], on_close=None, title: str = "") -> None:
        self.open_dialog(Dialog(message, buttons, title, on_close))

    def open_dialog(self, dialog) -> None:
        if isinstance(self.scene, Table):
            self.scene.cancel_carry()
            self.scene.finish_actors()
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
            self.scene.render() if hasattr(self.scene, "render") else None
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
                if auto and self.scene is not None and g is self.game and g.explain("redeal") is None:
                    self.scene.try_move("redeal")
            self.scene.after_actors.append(lambda: self.alert(text, on_close=done)) if self.scene.actors \
                else self.alert(text, on_close=done)

    # ----------------------------------------------------------- the solver
    def ask_verdict(self) -> None:
        """The indicator: the deal sent to the solver's process after each
        move (it may use every card, hidden ones too: it says whether, never how).
        A hint asked before the move is no longer wanted; a known solution
        goes on if the move was its first."""
        g = self.game
        if (g is not None and self.hint_line and self.hint_at == (g, len(g.history) - 1)
                and g.history[-1] == self.hint_line[0]):
            self.hint_line, self.hint_at = self.hint_line[1:], (g, len(g.history))
        else:
            self.hint_line = []
        self.analyst.forget("hint")
        if self.args.screenshot or self.args.no_analysis or not self.option("indicator") or self.game is None:
            return
        self.verdict = "thinking"
        self.analyst.ask(self.game, "verdict")
        self.set_message(self.message)        # the status line shows it at once

    def on_answer(self, answer) -> None:
        answer = self.analyst.take(answer)
        if answer is None:
            return
        if answer.purpose == STOPPED or answer.status == "error":
            self.solver_failed(answer)
            return
        if answer.purpose == "verdict":
            self.verdict = answer.status
            if answer.status == "won" and not front_of(self.game).hides_cards:
                self.hint_line, self.hint_at = list(answer.moves), (self.game, len(self.game.history))
            self.set_message(self.message)
        elif answer.purpose == "demo":
            if self.demo is None:
                return                              # stopped meanwhile
            if answer.status in ("won", "play-on") and answer.moves:
                self.demo = list(answer.moves)
                self.demo_more = answer.status == "play-on"
                self.set_message("Demo: any key stops it." if answer.status == "won" else
                                 f"Demo: locking cards for the next {redeal_word(self.game)}.")
                self.demo_step()
            elif self.demo_rounds:                  # a Gaps or Chinese Puzzle demo played on as far as it goes
                self.demo = None
                self.set_message("Demo: nothing more to do." if not self.game.won else "")
            else:
                self.demo = None
                self.alert("The solver found no way to win this deal from here"
                           + (" (it is lost)." if answer.status == "impossible" else " in its time."))
        elif answer.purpose == "winnable":
            if self.looking is not None:
                self.dismiss_dialog(self.looking)
            self.looking = None
            if answer.seed is None:
                self.set_message("No winnable deal found quickly; here is an ordinary one.")
                return
            if answer.seed != self.game.seed:
                self.start_game(self.game.name, seed=answer.seed, fresh=True, searched=True)
            self.set_message(f"A winnable deal: the solver has won deal {answer.seed}.")

        elif answer.purpose == "review":
            review_ui.take(self, answer)
        elif answer.purpose == "hint":
            self.show_hint(answer.moves[0] if answer.moves else None)

    def solver_failed(self, answer) -> None:
        """The solver failed on a request, or its process stopped (the
        traceback is in the log already): what waited for it gives up,
        and the player is told in plain words."""
        purposes = answer.moves if answer.purpose == STOPPED else [answer.purpose]
        if "review" in purposes:
            review_ui.take(self, answer)          # the Review window says it stopped
        if "verdict" in purposes:
            self.verdict = ""
        if "demo" in purposes and self.demo is not None:
            self.demo = None
        if "winnable" in purposes and self.looking is not None:
            self.dismiss_dialog(self.looking)
            self.looking = None
        what = "stopped unexpectedly" if answer.purpose == STOPPED else "failed on this deal"
        self.set_message(f"The solver {what}; details are in {logs.NAME} in the data folder.")

    def hint(self) -> None:
        """H: the best next move, shown by flashing its card and where it
        goes.  A solution known from the indicator is stepped through, a
        move at a time as the player follows it; without one the solver's
        process is asked (the table does not wait: "thinking..." until the
        answer comes)."""
        if not isinstance(self.scene, Table) or self.game.over:
            return
        g = self.game
        if self.hint_line and self.hint_at == (g, len(g.history)) and g.explain(self.hint_line[0]) is None:
            self.show_hint(self.hint_line[0])
            return
        if self.analyst.ask(self.game, "hint", budget=HINT_S, known=False) < 0:
            self.set_message(f"Hints need the solver, which is not available: {self.analyst.failed}")
            self.sounds.play("beep")
            return
        self.set_message("Hint: thinking...")

    def show_hint(self, move: str | None) -> None:
        """A hint for the position on the table (flashed), or the word that none helps."""
        if not isinstance(self.scene, Table) or self.game.over:
            return
        if move is None or self.game.explain(move) is not None:
            self.set_message("No hint: no move is known to help.")
            self.sounds.play("beep")
            return
        self.scene.show_move(move)

    def start_demo(self) -> None:
        if self.game is None or self.game.over:
            return
        budget = front_of(self.game).demo_seconds
        if self.analyst.ask(self.game, "demo", budget=budget, known=True) < 0:
            self.set_message(f"The Demo needs the solver, which is not available: {self.analyst.failed}")
            return
        self.set_message("Demo: the solver is thinking" + (f" (up to {budget:.0f} s)..." if budget > DEMO_S else "..."))
        self.demo = []
        self.demo_more = False
        self.demo_rounds = 0

    def demo_step(self) -> None:
        if not self.demo or not isinstance(self.scene, Table):
            if self.demo is not None and not self.demo:
                g = self.game
                if self.demo_more and not g.won and not g.over and self.demo_rounds < DEMO_ROUNDS:
                    # Gaps, Chinese Puzzle: a line or a redeal played, the solver looks again
                    self.demo_rounds += 1
                    if self.analyst.ask(g, "demo", budget=DEMO_AGAIN_S, known=True) < 0:
                        self.demo = None
                        self.set_message(f"The Demo stopped: {self.analyst.failed}")
                else:
                    self.demo = None
            return
        move = self.demo.pop(0)
        self.assisted = True
        if self.game.explain(move) is not None:
            self.demo = None
            return
        self.scene.try_move(move)
        self.scene.after_actors.append(lambda: self.scene.after_actors.append(self.demo_step)
                                       if self.scene.actors else self.demo_step())
        if not self.scene.actors:
            self.demo_step()

    def stop_demo(self) -> None:
        if self.demo is not None:
            self.demo = None
            self.set_message("Demo stopped.")

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
        if front_of(g).high_scores and isinstance(self.scene, Table):
            shuffles = g.shuffles_used
            seconds = int(self.scene.elapsed)
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
            rec = self.records.stats.get(g.name, g.options["rule"])
            dialog = SummaryDialog(message, buttons, title, on_close,
                                   f"{g.title}, {RULE_TITLES[g.options['rule']]}", rec, focus)
        self.open_dialog(dialog)

    def show_over(self) -> None:
        """No move left: what it costs, the rule's picture, and the offer
        of a review ("See Where It Slipped Away"), never forced: OK is the
        default and Esc closes."""
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

    def win_message(self) -> str:
        """The result: the moves, and what the manuals promise at the end of
        each game (Card Shell games: its points, the rule's running total,
        win rate and streak; Gaps: the shuffles and the time)."""
        g = self.game
        n = len(g.history)
        moves = f"{n} move{'s' if n != 1 else ''}"
        if self.assisted:
            return f"Won in {moves} with the Demo's help (not counted)."
        lines = [f"You won {front_of(g).title} in {moves}!"]
        lines += front_of(g).win_lines(g, self.scene.elapsed if isinstance(self.scene, Table) else 0.0)
        points = game_points(g)
        if points is not None:
            lines.append(f"This game: {points_text(points)}.")
            lines += self.standing()
        return "\n".join(lines)

    def standing(self) -> list[str]:
        """The rule's running figures, in words, for the game on the table."""
        g = self.game
        rec = self.records.stats.get(g.name, g.options["rule"])
        if not rec.games:
            return []
        title = f"{front_of(g).title}, {RULE_TITLES[g.options['rule']]}"
        lines = [f"{title}: {points_text(rec.points)} in all; {rec.wins} of {rec.games} "
                 f"game{'s' if rec.games != 1 else ''} won ({rec.win_percent:.0f}%)."]
        if rec.winning_streak:
            k = rec.winning_streak
            lines.append(f"Streak: {k} win{'s' if k != 1 else ''} in a row.")
        elif rec.losing_streak:
            k = rec.losing_streak
            lines.append(f"Streak: {k} loss{'es' if k != 1 else ''} in a row.")
        return lines

    def over_message(self) -> str:
        """No move left: what the game costs, the rule's figures so far, and what to do."""
        lines = ["No move is left: this game is over."]
        g = self.game
        if game_points(g) is not None and not self.assisted:
            lines.append(leaving_cost(g, False) + " It is counted when you deal a new game.")
            lines += self.standing()
        lines.append("Choose New Game (Ctrl+N) to play again.")
        return "\n".join(lines)

    # ----------------------------------------------------------- events
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if pygame.display.get_surface().get_size() != self.canvas.background.get_size():
                self.resized()
            return
        if event.type == ANSWER:
            self.on_answer(event.answer)
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and isinstance(self.scene, Table) \
                and self.scene.cascade is not None and not self.dialogs:
            self.scene.end_cascade()        # any key or click skips the win's cascade
            return
        if event.type == pygame.KEYDOWN and self.demo is not None and not self.menu.is_open:
            self.stop_demo()
            return
        if event.type == pygame.WINDOWEXPOSED:
            self.redraw_all()
            return
        if event.type == pygame.WINDOWFOCUSLOST and self.game is not None and front_of(self.game).timed \
                and not self.paused and not self.game.over:
            self.toggle_pause()
            self.focus_paused = True
            return
        if event.type == pygame.WINDOWFOCUSGAINED:
            self.reload_cards_if_changed()
            if self.paused and self.focus_paused:
                self.toggle_pause()
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F11 or (
                event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)):
            self.toggle_fullscreen()
            return
        if self.dialogs:
            choice = self.dialogs[-1].handle(event)
            if choice is not None:
                self.close_dialog(choice)
            elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
                self.redraw_all()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN):
            was_open = self.menu.is_open
            result = self.menu.handle(event)
            if result in ("redraw", "close", "run"):
                if result != "run" or self.menu.is_open or was_open:
                    if self.scene is not None and hasattr(self.scene, "render"):
                        self.scene.render()
                    self.redraw_all()
                return
            if result == "ignore":
                return
        if event.type == pygame.KEYDOWN:
            if self.menu.shortcut(event):
                return
            if event.key == pygame.K_ESCAPE and isinstance(self.scene, Table):
                self.scene.cancel_carry()
                self.scene.set_selected(None)
                self.scene.focus = None
                return
        if self.scene is not None:
            self.scene.handle(event)

    # ----------------------------------------------------------- the loop
    def busy(self) -> bool:
        return bool(self.scene is not None and self.scene.busy)

    def step(self, block: bool = True) -> None:
        """One pass: wait if idle, take input, update in fixed steps, draw."""
        was_idle = False
        if block and not self.busy():
            tick = self.scene.next_tick() if self.scene is not None else None
            idle.wait(tick)
            was_idle = True
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        now = time.perf_counter()
        dt = now - self._last
        self._last = now
        if isinstance(self.scene, Table):
            self.scene.real_time(dt)
        # nothing moved while the loop slept: no steps are owed for that time
        self._lag = 0.0 if was_idle else self._lag + min(dt, 0.25)
        steps = 0
        while self._lag >= STEP and steps < MAX_STEPS:
            self.scene.update(STEP)
            self._lag -= STEP
            steps += 1
        if steps == MAX_STEPS:
            self._lag = 0.0
        if not self.dialogs and not self.menu.is_open:
            dirty = self.scene.draw_overlay()
            if dirty:
                pygame.display.update(dirty)

    def begin(self) -> None:
        """The first scene: the game asked for, or the start screen."""
        self._last = time.perf_counter()
        self._lag = 0.0
        if self.args.deal:
            try:
                self.show_game(engine.from_dict(codes.document(self.args.deal)))
            except ValueError as e:
                self.problems.append(f"The deal code {self.args.deal!r} cannot be played: {e}")
                self.show_start()
        elif self.args.game:
            self.start_game(self.args.game, self.args.seed)
        else:
            self.show_start()
        if self.problems:
            self.alert("\n".join(self.problems))

    def run(self) -> int:
        self.begin()
        if self.args.screenshot:
            self.scene.full_redraw()
            pygame.image.save(self.screen, self.args.screenshot)
            return 0
        clock = pygame.time.Clock()
        while self.running:
            self.step()
            if self.busy():
                clock.tick(FPS)
        self.save_prefs()
        self.analyst.stop()
        self.sounds.stop()
        pygame.quit()
        return 0


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
    try:        # SDL's box on X11 does not wrap lines itself
        pygame.display.message_box("Card Shell is already running", textwrap.fill(message, 64), "warn")
    except (pygame.error, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
