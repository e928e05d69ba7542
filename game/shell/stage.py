"""The stage: what the window shows and says.

It owns the scene in the window (the start screen, or a game's table), the
session whose game is on the table, the dialogs in front of it, and the
chrome around it (the menu bar and the status line).  Whoever changes what
is shown (the game's flow, the commands, the assistant) is handed the stage;
no one is handed the application.

The status line's news is said here too (``say``): it is drawn, and spoken
to a player who listens, in one place.
"""

from __future__ import annotations

import re
import warnings

import pygame

import engine

from ..ui.dialogs import Dialog, control_state, control_words, dialog_words
from ..voice.status import window_caption


class Stage:
    """The window's contents: ``session`` and ``scene`` (set by the game's
    flow), ``dialogs`` (the front one last), and the menu bar (``menu``,
    set once the commands that fill it exist)."""

    def __init__(self, window, fonts, canvas, looks, status, speech, option) -> None:
        self.window = window
        self.fonts = fonts
        self.canvas = canvas
        self.looks = looks
        self.status = status
        self.speech = speech
        self.option = option                # a preference's value, by name
        self.menu = None                    # the menu bar (game/ui/menubar.py)
        self.session = None                 # the game on the table, and all it keeps
        self.scene = None                   # the start screen, or the table
        self.dialogs: list[Dialog] = []
        #: the indicator's words last spoken, and the session they were said of
        #: (a change is said once; a new deal's verdict once it settles, whatever the last deal's was)
        self.spoken_indicator = ""
        self.indicator_of = None

    # ----------------------------------------------------------- what is shown
    @property
    def game(self) -> engine.Game | None:
        """The engine's game on the table (its session's)."""
        return self.session.game if self.session is not None else None

    @property
    def table(self):
        """The game on the table, when the scene is one (else None)."""
        return self.scene if self.scene is not None and self.scene.plays else None

    @property
    def screen(self) -> pygame.Surface:
        return self.window.screen

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

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

    def show_caption(self) -> None:
        pygame.display.set_caption(window_caption(self.session))

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

    def bring_forward(self) -> None:
        """The window shown in front of the others and given the focus (a
        second copy was started): restored first if it was minimized, and
        drawn again.  Where the platform lets us: a window manager may only
        mark it as wanting attention."""
        try:
            with warnings.catch_warnings():     # pygame-ce prefers Window's own surface; only these are used
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
                if not pygame.display.get_active():     # minimized (restore() would also undo a maximize)
                    window.restore()
                window.show()
                window.focus()
        except (pygame.error, AttributeError):
            pass
        self.redraw_all()

    def after_window_change(self) -> None:
        self.fonts.fit(self.window.screen.get_size())
        self.canvas.resize(self.window.screen)
        self.redraw_scene()

    def redraw_scene(self) -> None:
        """The scene drawn again whole (new looks, a new window size), the
        dialog or open menu over it."""
        if self.scene is not None:
            self.scene.full_redraw()
        if self.dialogs or self.menu.is_open:
            self.redraw_all()

    # ----------------------------------------------------------- the status line
    def say(self, text: str, queue: bool = False) -> None:
        """News on the status line (it lasts until the table changes).
        ``queue``: said after the words being said, never cutting them off
        (news at the start: the scene's first words come first)."""
        # a progress line said again, or with its numbers alone changed ("looking for a line... 15 s of
        # 60 s"), is not said again; other news repeated (a refusal) is
        if not same_but_numbers(text, self.speech.last):
            self.speech.say(text, interrupt=not queue)
        self.status.message = text
        self.say_again()

    def say_again(self) -> None:
        """The status line drawn again (the session's verdict or the Demo changed);
        the indicator's change spoken."""
        indicator = self.status.indicator_text(self.session)
        settled = self.session is not None and self.session.verdict not in (None, "thinking")
        if indicator and settled and (indicator != self.spoken_indicator or self.indicator_of is not self.session):
            # a verdict that changed is said once, after the move's words (never the solver at work);
            # a new deal's, once it settles, even when it reads as the last deal's did
            self.spoken_indicator = indicator
            self.indicator_of = self.session
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

    # ----------------------------------------------------------- dialogs
    def alert(self, message: str, title: str = "", on_close=None, queue: bool = False) -> None:
        """An alert; ``queue``: its words said after those being said (the
        table's first words, a move's), never cutting them off."""
        self.ask(message, ("OK",), on_close, title, queue)

    def ask(self, message: str, buttons: tuple[str, ...], on_close=None, title: str = "",
            queue: bool = False) -> None:
        self.open_dialog(Dialog(message, buttons, title, on_close), queue)

    def open_dialog(self, dialog, queue: bool = False) -> None:
        if self.scene is not None:
            self.scene.settle()
        dialog.mono = bool(self.option("mono"))     # Black and White: the dialog's pictures in ink only
        self.dialogs.append(dialog)
        # a window read in parts (Help) says its own opening: its title, how many parts, the first
        opening = getattr(dialog, "opening_words", None)
        self.speech.say(opening() if opening else dialog_words(dialog), interrupt=not queue)
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
        if choice is None and getattr(dialog, "to_say", ""):     # the part of a window read in parts a key reached
            self.speech.say(dialog.to_say)
            dialog.to_say = ""
        if choice is None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) and control_state(dialog) != before:
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
        """Back from a dialog: where the player is, spoken (the scene says)."""
        words = self.scene.back_words() if self.scene is not None else ""
        if words:
            self.speech.say(words)

    def dismiss_dialog(self, dialog: Dialog) -> None:
        """Take ``dialog`` off the screen (without its answer), if it is open."""
        if dialog not in self.dialogs:
            return
        self.dialogs.remove(dialog)
        if self.scene is not None:
            self.scene.render()
        self.redraw_all()


def indicator_sentence(text: str) -> str:
    """The indicator's words as a sentence with its subject: "The deal can still be won."."""
    text = text.rstrip(".")
    if text.lower().startswith(("this ", "the ")):
        return text[:1].upper() + text[1:] + "."
    return f"The deal {text}."


def same_but_numbers(a: str, b: str) -> bool:
    """``a`` and ``b`` are one progress line, work under way ("... 15 s of
    60 s", "... 40% ..."), its numbers alone changed."""
    under_way = ("...", "%")
    return (any(m in a for m in under_way) and any(m in b for m in under_way)
            and re.sub(r"\d+", "#", a) == re.sub(r"\d+", "#", b))
