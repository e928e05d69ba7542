"""The loop, after "Game Programming Patterns": each pass takes input,
advances the scene in fixed steps of ``STEP`` seconds (at most
``MAX_STEPS`` at once, so a stall never turns into a fast-forward), then
draws once: only what moved.  When nothing moves, the loop sleeps inside SDL
until the next event, so an idle table uses no processor time.

Events go first to what is in front: the win's cascade (any key skips it),
the Demo (any key stops it), an open dialog, the menus and their shortcuts,
and last the scene.  A scene answers the small protocol of
:class:`game.scene.Scene`.

A mixin of :class:`game.app.App`.
"""

from __future__ import annotations

import time

import pygame

import engine
from engine import codes

from . import idle
from .analyst import ANSWER
from .games import front_of

STEP = 1 / 120
MAX_STEPS = 12
FPS = 120


class Loop:
    """The fixed-timestep loop and the way events go."""

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
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and not self.dialogs \
                and self.scene is not None and self.scene.skip():
            return                          # any key or click skips the win's cascade
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
                    if self.scene is not None:
                        self.scene.render()
                    self.redraw_all()
                return
            if result == "ignore":
                return
        if event.type == pygame.KEYDOWN:
            if self.menu.shortcut(event):
                return
            if event.key == pygame.K_ESCAPE and self.table is not None:
                self.table.escape()
                return
        if self.scene is not None:
            self.scene.handle(event)

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
        if self.scene is not None:
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
        self.start_sounds()
        if self.problems:
            self.alert("\n".join(self.problems))

    def start_sounds(self) -> None:
        """Open the sound device once the first table is on screen: that
        can take a tenth of a second (longer where there is no device), which
        the window need not wait for.  Without sound, the status line says why."""
        if self.sounds.enabled and not self.sounds.start() and self.sounds.problem:
            self.set_message(self.sounds.problem)

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
