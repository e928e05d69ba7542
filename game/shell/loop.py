"""The loop, after "Game Programming Patterns": each pass takes input,
advances the scene in fixed steps of ``STEP`` seconds (at most
``MAX_STEPS`` at once, so a stall never turns into a fast-forward), then
draws once: only what moved.  When nothing moves, the loop sleeps inside SDL
until the next event, so an idle table uses no processor time.

Events go first to what is in front: the win's cascade (any key skips it),
the Demo (any key stops it), an open dialog, the menus and their shortcuts,
and last the scene.  A scene answers the small protocol of
:class:`game.table.scene.Scene`.

The game's clock is advanced here, by the time that passed while nothing
stood in front of the table: no dialog, no open menu, no pause.  Whether it
ran is decided from the state before the loop waited, so the seconds an
alert stayed open are never counted when it closes.
"""

from __future__ import annotations

import threading
import time

import pygame

import engine
from engine import codes

from ..access import adapter as access
from ..assistant.analyst import ANSWER
from . import idle

STEP = 1 / 120
MAX_STEPS = 12
FPS = 120
#: another copy asked this one to bring its window forward (its request seen by the watcher)
COME_FORWARD = pygame.event.custom_type()
#: seconds between the watcher's looks for that request (a thread: the loop's idle wait stays whole)
WATCH_EVERY = 0.5


def watch_requests(lock, stop: threading.Event, every: float = WATCH_EVERY) -> None:
    """Another copy's requests to bring the window forward, looked for
    every ``every`` seconds until ``stop`` (on a thread of its own): each
    becomes a ``COME_FORWARD`` event, which wakes the loop's wait."""
    while not stop.wait(every):
        if lock.asked_forward():
            try:
                pygame.event.post(pygame.event.Event(COME_FORWARD))
            except pygame.error:        # the display closed meanwhile: the copy is quitting
                return


class Loop:
    """The fixed-timestep loop and the way events go: to the ``stage``
    (its scene, dialogs and menus), the game's ``flow``, the ``settings``
    and the ``assistant``.  ``args``: the command line (the first scene, a
    screenshot); ``close``: what quitting does, once the loop ends."""

    def __init__(self, stage, flow, settings, assistant, args, close, lock=None) -> None:
        self.stage = stage
        self.flow = flow
        self.settings = settings
        self.assistant = assistant
        self.args = args
        self.close = close
        self.running = True
        self.now = time.perf_counter          # the loop's clock (a test may hand it another)
        self.last = self.now()
        self.lag = 0.0
        #: the data folder's lock this copy holds: another copy's request to come forward arrives through it
        self.lock = lock
        #: how many times another copy asked this one's window to come forward (and it did)
        self.brought_forward = 0
        #: the accessibility tree a screen reader reads (game/access/), None where it cannot be given;
        #: made once the first scene is on screen (AccessKit's import is not the first frame's)
        self.access: access.Access | None = None

    def dispatch(self, event: pygame.event.Event) -> None:
        stage, flow = self.stage, self.flow
        session, table = stage.session, stage.table
        if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_q and
                                         event.mod & pygame.KMOD_CTRL and (stage.dialogs or stage.menu.is_open)):
            self.running = False            # Ctrl+Q quits with a dialog or a menu open too (the menus' shortcut is
            return                          # theirs only when none is); closing keeps what the app held
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if pygame.display.get_surface().get_size() != stage.canvas.background.get_size():
                stage.resized()
            return
        if event.type == ANSWER:
            self.assistant.on_answer(event.answer)
            return
        if event.type == COME_FORWARD:
            self.come_forward()
            return
        if event.type == access.WAKE:       # a screen reader asked for the tree (given after this pass), or
            if self.access is not None:     # moved the focus to a place
                self.access.handle(event)
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and not stage.dialogs \
                and stage.scene is not None and stage.scene.skip():
            return                          # any key or click skips the win's cascade
        if event.type == pygame.KEYDOWN and session is not None and session.demo is not None \
                and not stage.menu.is_open:
            self.assistant.stop_demo()
            return
        if event.type == pygame.WINDOWEXPOSED:
            stage.redraw_all()
            return
        if event.type == pygame.WINDOWFOCUSLOST and session is not None and session.clock_runs:
            flow.toggle_pause(quiet=True)         # (said nothing over the window the player went to)
            session.clock.focus_paused = True
            return
        if event.type == pygame.WINDOWFOCUSGAINED:
            self.settings.reload_cards_if_changed()
            if session is not None and session.clock.paused and session.clock.focus_paused:
                flow.toggle_pause(quiet=True)
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F11 or (
                event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)):
            stage.toggle_fullscreen()
            return
        if stage.dialogs:
            choice = stage.dialog_key(event)
            if choice is not None:
                stage.close_dialog(choice)
            elif event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                pygame.MOUSEWHEEL):
                stage.redraw_all()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN):
            was_open = stage.menu.is_open
            result = stage.menu.handle(event)
            if result in ("redraw", "close", "run"):
                if result != "run" or stage.menu.is_open or was_open:
                    if stage.scene is not None:
                        stage.scene.render()
                    stage.redraw_all()
                return
            if result == "ignore":
                return
        if event.type == pygame.KEYDOWN:
            if stage.menu.shortcut(event):
                return
            if event.key == pygame.K_ESCAPE and table is not None:
                table.escape()
                return
        if stage.scene is not None:
            stage.scene.handle(event)

    def stop(self) -> None:
        """Quit: the loop ends after this pass (and ``close`` runs)."""
        self.running = False

    def come_forward(self) -> None:
        """Another copy was started and asked for this one: the window is
        brought forward (restored if minimized, raised, given the focus)."""
        self.brought_forward += 1
        self.stage.bring_forward()

    def busy(self) -> bool:
        scene = self.stage.scene
        return bool(scene is not None and scene.busy)

    def clock_counts(self) -> bool:
        """Whether the game's clock counts now: a timed game in play, not
        paused, not ended as a loss (given up, or lost and then undone: its
        time was told), nothing in front of the table (a dialog, a menu)."""
        stage = self.stage
        return bool(stage.session is not None and stage.table is not None and stage.session.clock_runs
                    and stage.session.counted_as != "loss" and not stage.dialogs and not stage.menu.is_open)

    def next_tick(self) -> float | None:
        """Seconds until the clock's label changes, when it counts."""
        return self.stage.session.clock.until_tick() if self.clock_counts() else None

    def step(self, block: bool = True) -> None:
        """One pass: wait if idle, take input, update in fixed steps, draw."""
        stage = self.stage
        was_idle = False
        counting = self.clock_counts()          # the state the time until now passed in
        session = stage.session
        if block and not self.busy():
            idle.wait(self.next_tick())
            was_idle = True
        events = pygame.event.get()
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        now = self.now()
        dt = now - self.last
        self.last = now
        # (a pause or a game's end among the events drops the part of a second before it)
        if counting and stage.session is session and session.clock_runs and session.clock.advance(dt) \
                and stage.table is not None:
            stage.table.tick_timer()
        # nothing moved while the loop slept: no steps are owed for that time
        self.lag = 0.0 if was_idle else self.lag + min(dt, 0.25)
        steps = 0
        while self.lag >= STEP and steps < MAX_STEPS:
            stage.scene.update(STEP)
            self.lag -= STEP
            steps += 1
        if steps == MAX_STEPS:
            self.lag = 0.0
        if not stage.dialogs and not stage.menu.is_open:
            dirty = stage.scene.draw_overlay()
            if dirty:
                pygame.display.update(dirty)
        if self.access is not None:
            if events or steps:
                self.access.refresh(events=bool(events))     # what changed, told to a screen reader
            # a screen reader reading the tree says the focus and the news itself: the game's own
            # speech, on only because a screen reader runs, steps back (Options > Speak keeps it)
            stage.speech.tree_read = bool(self.access.active)

    def begin(self) -> None:
        """The first scene: the game asked for, else the game the player
        quit in, else the start screen."""
        flow = self.flow
        self.last = self.now()
        self.lag = 0.0
        args = self.args
        if args.deal:
            try:
                flow.show_game(engine.from_dict(codes.document(args.deal)))
            except ValueError as e:
                flow.problems.append(f"The deal code {args.deal!r} cannot be played: {e}")
                flow.show_start()
        elif args.game:
            flow.start_game(args.game, args.seed, launch=True)
        else:
            flow.resume()               # the game left on the table at quit, else the start screen
        self.settings.start_sounds()
        self.access = access.start(self.stage)
        flow.tell_problems()
        self.last = self.now()      # the start is no game's time (a restored clock goes on from here)

    def run(self) -> int:
        stage = self.stage
        self.begin()
        if self.args.screenshot:
            stage.scene.full_redraw()
            pygame.image.save(stage.window.screen, self.args.screenshot)
            return 0
        clock = pygame.time.Clock()
        stop = threading.Event()
        if self.lock is not None and self.lock.held:
            threading.Thread(target=watch_requests, args=(self.lock, stop), name="card-shell-come-forward",
                             daemon=True).start()
        try:
            while self.running:
                self.step()
                if self.busy():
                    clock.tick(FPS)
        finally:
            stop.set()
        self.close()
        return 0
