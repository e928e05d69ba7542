"""Review This Game: the window that shows where a game slipped away.

The review itself is the engine's (``engine.review``), run in the solver's
process (a ``review`` request, ``game/assistant/analyst.py``): the table never waits
on it.  This window draws the game as a timeline, one mark a move, each the
verdict on the position after that move:

    filled disc    can still be won
    cross          lost
    hollow ring    not known (the solver could not decide in its time)
    small dot      not looked at yet, or between the positions looked at

Shapes tell them apart as well as colours, so it reads in black and white.
It names the move that lost the game in words, the move that kept it
winnable there instead, and offers to rewind the game to just before the
losing move ("Try Again from Move 23"); the game rewound was counted once
already and does not count again (``Records.count_before_rewind``).

Where a review is allowed (``unavailable``): once a card has moved (before,
there is nothing to review), and then The Prince at any time (every card is
face up), The Republic and The Smith once the game is over (their searches
use the hidden cards too), Gaps and Chinese Puzzle at any time, each deal
between shuffles or redeals on its own.

The table sends what its indicator proved along the game this session
(``assistant.knowledge.along``) with the request, so the review starts from those
proofs and never contradicts them.  Its words are each game's own: Gaps'
shuffle, Chinese Puzzle's redeal (the front's ``redeal_in_verdict``), and
neither in the other games.  When the game is lost and the move that lost
it cannot be named, the window says from which move on it was proved lost.

Spoken: the window's sentences as it opens, its verdict when the search is
done (``take``; never its progress), and over the moves Left/Right and
Home/End say the move reached and its verdict, the sentence a click on its
mark adds to the window.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

import engine
from engine import codes
from engine.review import LOST, UNKNOWN, WON, position_after
from engine.review import summary as review_sentences

from ..games import front, front_of
from ..table.session import Session
from ..voice.status import game_title
from ..voice.words import describe
from .dialogs import DEFAULT, INK, Dialog, draw_button, draw_frame, wrap

WIN_INK = (30, 120, 60)
LOSS_INK = (170, 40, 40)
FAINT = (150, 150, 150)
#: the whole review's seconds at most (each search's: the game's front says)
TOTAL_S = 90.0
#: lines of text the window has room for from the start (a review says two to five)
TEXT_ROWS = 6
CLOSE = "Close"
TRY_AGAIN = "Try Again from Move"
#: the words on the button of the end-of-game alert that opens a review
OFFER = "See Where It Slipped Away"


def unavailable(game: engine.Game | None, ended: bool = False) -> str | None:
    """Why the game on the table cannot be reviewed now (a few words), or
    None when it can.  ``ended``: the game ended as a loss with moves left
    (given up with Resign..., or lost and then undone: ``ended``), so its
    face-down cards may be shown."""
    if game is None:
        return "no game"
    if not [m for m in game.history if str(m) != "redeal"]:
        return "once a card has moved"        # nothing to review before (a fresh deal moves no card of its own)
    if game.hides_cards and not (game.over or ended):        # face-down cards: not until the end
        return "once the game is over"
    return None


def ended(session: Session | None) -> bool:
    """Whether the game on the table has ended as a loss (counted so, or
    given up), whether or not moves are left."""
    return session is not None and session.counted_as == "loss"


def menu_label(game: engine.Game | None, over: bool = False) -> str:
    """The menu's words: the reason shown beside the item while it is dimmed."""
    why = unavailable(game, over)
    return "Review This Game..." if why is None else f"Review This Game ({why})"


def move_words(doc: dict, k: int) -> str:
    """Move ``k`` (its index in the history) of the game ``doc`` in words; a
    fresh deal in the game's own word ("use a shuffle" in Gaps)."""
    text = str(doc["history"][k])
    word = front(doc["game"]).redeal_in_verdict
    if text == "redeal" and word:
        return f"use a {word}"
    return describe(position_after(doc, k), text)


class ReviewDialog(Dialog):
    """The Review window over the table.  ``take`` gives it the worker's
    answers (progress, then the review); its buttons are Close and, once a
    losing move is found, Try Again from Move N."""

    def __init__(self, game: engine.Game, on_close: Callable[[str], None] | None = None) -> None:
        n = len(game.history)
        # the game and its rule as the status line names them, and the deal's code the player can type
        code = codes.encode(game.name, game.options, game.seed)
        title = f"Review: {game_title(game)} - code {code} ({n} move{'s' if n != 1 else ''})"
        super().__init__("", (CLOSE,), title, on_close, width=940)
        #: the lines of text the window keeps room for: it has its final size at once, and
        #: grows (never shrinks) only if the review says more than that
        self.text_rows = TEXT_ROWS
        self.doc = game.to_dict()
        self.name = game.name
        #: Gaps' "shuffle", Chinese Puzzle's "redeal": a fresh deal the verdicts leave out; None elsewhere
        self.random_word = front(game.name).redeal_in_verdict
        self.history = [str(m) for m in game.history]
        self.won_game = game.won
        self.done = 0
        self.most = 0
        self.result: dict | None = None
        self.failed = ""
        self.selected: int | None = None      # a move clicked on (its index)
        self._marks: list[tuple[Rect, int]] = []
        self._words: dict[int, str] = {}
        self.mono = False                     # Options > Black and White: ink only (the table sets it)

    # ----------------------------------------------------------- the review's news
    def progress(self, done: int, most: int) -> None:
        self.done, self.most = done, max(done, most)

    def finish(self, review: dict) -> None:
        self.result = review
        if self.losing is not None:
            self.buttons = (f"{TRY_AGAIN} {self.losing + 1}", CLOSE)
            self.selected = self.losing
        self.focus = 0

    def fail(self, message: str) -> None:
        self.failed = message

    def spoken_body(self) -> str:
        """What the window says as it opens (and, once the search is done,
        ``finished_words``): its sentences, as they stand."""
        return " ".join(self.summary())

    def finished_words(self) -> str:
        """What is said when the review is done (or stopped): the verdict,
        the window's sentences, and the button the keyboard is now on."""
        words = self.spoken_body()
        if self.result is not None:
            words = f"{words} {self.buttons[self.focus]}, button."
        return words

    def move_sentence(self, k: int) -> str:
        """Move ``k`` (its index) and its verdict, as a click on its mark
        shows them: the window's sentence about it (the losing move's, with
        what would have kept the game winnable)."""
        if self.failed or self.result is None:
            return f"Move {k + 1}, {self.words(k)}: not looked at yet."
        n = len(self.history)
        lines = review_sentences(self.result, n, self.words,
                                 lambda j, move: describe(position_after(self.doc, j), move),
                                 word=self.random_word, won_game=self.won_game, selected=k)
        if k == self.losing:
            return " ".join(line for line in lines if line.startswith((f"Move {k + 1},", "Instead, ")))
        mine = [line for line in lines if line.startswith(f"Move {k + 1},")]
        return mine[-1] if mine else f"Move {k + 1}, {self.words(k)}."

    @property
    def losing(self) -> int | None:
        return None if self.result is None else self.result.get("losing")

    def verdict(self, k: int) -> str | None:
        """The verdict on the position after move ``k`` (its index), or None
        before the review is done."""
        if self.result is None:
            return None
        return self.result["verdicts"][k + 1]

    def words(self, k: int) -> str:
        if k not in self._words:
            self._words[k] = move_words(self.doc, k)
        return self._words[k]

    # ----------------------------------------------------------- what it says
    def summary(self) -> list[str]:
        """The window's sentences, as the review stands."""
        n = len(self.history)
        moves = f"{n} move{'s' if n != 1 else ''}"
        if self.failed:
            return [f"The review stopped: {self.failed}"]
        if self.result is None:
            most = f" of at most {self.most}" if self.most else ""
            searches = "search" if (self.most or self.done) == 1 else "searches"
            return [f"The solver is looking through the game's {moves}: "
                    f"{self.done}{most} {searches} made.", "You can close this window at any time."]
        return review_sentences(self.result, n, self.words,
                                lambda k, move: describe(position_after(self.doc, k), move),
                                word=self.random_word, won_game=self.won_game, selected=self.selected)

    # ----------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface, fonts) -> Rect:
        self.scale = fonts.scale
        px = self.px
        body, head, small = fonts.ui(21), fonts.ui(26), fonts.ui(17)
        line = self.line = px(22)
        sw, sh = screen.get_size()
        width = min(px(self.width), sw - px(40))
        inner = width - px(40)
        lines = wrap(body, "\n".join(self.summary()), inner)
        self.text_rows = max(self.text_rows, len(lines))
        text_rows = self.text_rows
        n = len(self.history)
        label_w = small.size(str(max(1, n)))[0] + px(10)
        # the timeline: as large a mark as fits, rows of marks under each other
        room = max(px(60), sh - px(40) - (px(24 + 34) + line * text_rows + px(30 + 64 + 30)))
        cell = px(18)
        while cell > px(6):
            per_row = max(1, (inner - label_w) // cell)
            if -(-n // per_row) * (cell + px(4)) <= room:
                break
            cell -= 1
        per_row = max(1, (inner - label_w) // cell)
        rows = max(1, -(-n // per_row))
        timeline_h = rows * (cell + px(4))
        height = px(24 + 34) + timeline_h + px(12 + 26 + 10) + line * text_rows + px(64)
        self.rect = Rect(0, 0, width, min(height, sh - px(20)))
        self.rect.center = (sw // 2, sh // 2)
        draw_frame(screen, self.rect, px)
        x0, y = self.rect.x + px(20), self.rect.y + px(18)
        screen.blit(head.render(self.title, True, INK), (x0, y))
        y += px(34)
        self._marks = []
        for k in range(n):
            row, col = divmod(k, per_row)
            box = Rect(x0 + label_w + col * cell, y + row * (cell + px(4)), cell, cell)
            if col == 0:
                image = small.render(str(k + 1), True, INK)
                screen.blit(image, image.get_rect(midright=(x0 + label_w - px(6), box.centery)))
            if self.history[k] == "redeal" and self.random_word:     # a new deal starts here
                pygame.draw.line(screen, INK, (box.x, box.y - px(2)), (box.x, box.bottom + 1), px(2))
            mark(screen, box, self.verdict(k), self.mono)
            if k == self.losing:
                pygame.draw.rect(screen, DEFAULT, box.inflate(px(4), px(4)), px(2))
            elif k == self.selected:
                pygame.draw.line(screen, INK, (box.x, box.bottom + px(2)), (box.right - 1, box.bottom + px(2)), px(2))
            self._marks.append((box, k))
        y += timeline_h + px(12)
        y = legend(screen, small, x0, y, self.mono, self.scale) + px(10)
        for text in lines:
            screen.blit(body.render(text, True, INK), (x0, y))
            y += line
        self._draw_buttons(screen, body)
        return Rect(0, 0, sw, sh)

    def _draw_buttons(self, screen: pygame.Surface, body) -> None:
        px = self.px
        self._buttons = []
        x = self.rect.right - px(20)
        for n, label in reversed(list(enumerate(self.buttons))):
            w = max(px(90), body.size(label)[0] + px(30))
            box = Rect(x - w, self.rect.bottom - px(48), w, px(32))
            draw_button(screen, body, box, label, n == self.focus, n == self.focus and self.button_focused, self.scale)
            self._buttons.insert(0, (box, label))
            x -= w + px(12)

    # ----------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> str | None:
        self.news = ""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for box, k in self._marks:
                if box.inflate(2, 4).collidepoint(event.pos):
                    self.selected = k
                    return None
        keys = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)
        if event.type == pygame.KEYDOWN and event.key in keys and self.history:
            last = len(self.history) - 1
            if event.key in (pygame.K_HOME, pygame.K_END):
                k = 0 if event.key == pygame.K_HOME else last
            else:
                step = 1 if event.key == pygame.K_RIGHT else -1
                k = min(last, max(0, (self.selected if self.selected is not None else last) + step))
            self.selected = k
            self.tell(self.move_sentence(k))      # the move and its verdict, as a click on its mark shows
            return None
        return super().handle(event)


def mark(screen: pygame.Surface, box: Rect, verdict: str | None, mono: bool = False) -> None:
    """One move's mark: its shape says the verdict (colour only helps, and
    in black and white there is none)."""
    win, loss = (INK, INK) if mono else (WIN_INK, LOSS_INK)
    c = box.center
    r = max(2, box.w // 2 - 2)
    thin = max(1, box.w // 16)          # lines as thick as the chrome's scale makes the marks
    if verdict == WON:
        pygame.draw.circle(screen, win, c, r)
        pygame.draw.circle(screen, INK, c, r, thin)
    elif verdict == LOST:
        d = r - 1
        width = 2 if box.w < 12 else max(3, box.w // 6)
        pygame.draw.line(screen, loss, (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), width)
        pygame.draw.line(screen, loss, (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), width)
    elif verdict == UNKNOWN:
        pygame.draw.circle(screen, INK, c, r, thin)
    else:
        pygame.draw.circle(screen, FAINT, c, thin)


def legend(screen: pygame.Surface, font, x: int, y: int, mono: bool = False, scale: float = 1.0) -> int:
    """The marks' meanings in a row; returns the y under it (``scale``: the chrome's)."""
    def px(n: float) -> int:
        return int(round(n * scale))
    size = px(14)
    for verdict, text in ((WON, "can still be won"), (LOST, "lost"), (UNKNOWN, "not known"),
                          (None, "not looked at yet")):
        mark(screen, Rect(x, y + px(2), size, size), verdict, mono)
        image = font.render(text, True, INK)
        screen.blit(image, (x + size + px(6), y))
        x += size + px(6) + image.get_width() + px(22)
    return y + max(px(22), font.get_linesize())


# ----------------------------------------------------------------- the table's side
def open_review(flow) -> None:
    """Review This Game: the window opens at once, the solver's process
    reviews the game, and the window shows its progress and its findings.
    ``flow``: the game's flow (its stage shows the window; its assistant
    asks the solver)."""
    stage, analyst = flow.stage, flow.assistant.analyst
    game = stage.game
    why = unavailable(game, ended(stage.session))
    if why is not None:
        stage.say(f"Review This Game: {why}.")
        return
    dialog = ReviewDialog(game, on_close=lambda choice: closed(flow, dialog, choice))
    stage.open_dialog(dialog)
    if analyst.ask(game, "review", budget=front_of(game).review_seconds, known=True, total=TOTAL_S,
                   proved=proved_along(flow.assistant, game)) < 0:
        dialog.fail(f"the solver is not available. {analyst.failed}")
        stage.speech.say(dialog.finished_words(), interrupt=False)
        stage.redraw_all()


def proved_along(assistant, game: engine.Game) -> dict[int, str]:
    """What the table proved this session at the positions along ``game``'s
    history (position k: after k moves -> "won" or "lost"): the review
    starts from it."""
    return dict(assistant.knowledge.along(game))


def review_dialog(stage) -> ReviewDialog | None:
    return next((d for d in reversed(stage.dialogs) if isinstance(d, ReviewDialog)), None)


def take(stage, answer) -> None:
    """An answer to the review (the analyst kept it: the newest request's)."""
    dialog = review_dialog(stage)
    if dialog is None:
        return
    if answer.status == "progress":
        dialog.progress(answer.done, answer.most)
    elif answer.status == "reviewed" and answer.review is not None:
        dialog.finish(answer.review)
    else:
        dialog.fail(answer.message or "the solver failed; the details are in the log.")
    if answer.status != "progress":     # the verdict said, after the words being said (never its progress)
        stage.speech.say(dialog.finished_words(), interrupt=False)
    if stage.dialogs and stage.dialogs[-1] is dialog:
        stage.redraw_all()


def closed(flow, dialog: ReviewDialog, choice: str) -> None:
    flow.assistant.analyst.forget("review")
    if choice.startswith(TRY_AGAIN) and dialog.losing is not None:
        rewind(flow, dialog.doc, dialog.losing)


def rewind(flow, doc: dict, losing: int) -> None:
    """Put the game back as it was just before move ``losing`` (its index)
    to be played again.  The game counts now, once, as it stood; the game
    played on from here is the same game, taken back: it does not count
    again however it ends, and in Gaps it enters no high score (docs/rules.md,
    "Gaps": a take-back of more than one move is an assisted game)."""
    s = flow.session
    if s is None or s.game.to_dict().get("history") != doc.get("history"):
        flow.say("The game changed since the review: nothing was rewound.")
        return
    counted = ""
    if s.for_the_record and s.game.history:
        flow.count_result()
        counted = " (this game has counted once)"
    s.retried = s.counted = True
    s.recorded = False
    flow.records.clear_game(s.name)      # the game as it stood is gone: the retried one takes its save
    retried = Session(position_after(doc, losing), elapsed=s.clock.elapsed, assisted=s.assisted, retried=True,
                      spacing=s.spacing)
    flow.show_session(retried, opening=False)
    flow.autosave()                      # even at move 0: a restart keeps it retried
    flow.say(f"Back before move {losing + 1}: try again{counted}.")


#: Review This Game's shortcut
SHORTCUT = "Ctrl+J"


def menu_item(flow, game: engine.Game):
    """The menu's Review This Game: dimmed, with its reason beside it, where
    a review is not allowed (its shortcut then says why on the status line)."""
    from .menubar import Item
    why = unavailable(game, ended(flow.session))
    return Item(menu_label(game, ended(flow.session)), lambda: open_review(flow), SHORTCUT, why is None,
                refused=lambda: flow.say(f"Review This Game: {why}."), why=lambda: why)
