"""The accessibility tree given to the desktop's screen reader, through
AccessKit (``pip install accesskit``; the ``access`` extra).

On Linux AccessKit's Unix adapter speaks AT-SPI over D-Bus, so Orca reads
the window's objects: the menus, the dialog, every place on the table with
its cards, and the focus as the keyboard moves it.  It needs no window
handle; it becomes active only when an assistive technology asks
(AT-SPI enabled on the session), and until then nothing is computed.

The game's own speech (Options > Speak, ``game/voice/speech.py``) is
untouched: the tree is added beside it, and it stays the fallback where
AccessKit or AT-SPI is missing.

:func:`start` answers an :class:`Access`, or None where the tree cannot be
given (no AccessKit, not Linux, no session bus, ``CARD_SHELL_ACCESS=0``).
The loop calls :meth:`Access.refresh` after each pass that took events or
moved cards; the adapter's own thread asks for the first tree (activation),
which is answered from the last outline made and wakes the loop by posting
:data:`WAKE`, so the full tree follows at once.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import warnings

import pygame

from ..storage import logs
from .outline import WINDOW, Node, Outline, outline

#: posted from the adapter's thread when a screen reader asks for the tree (the loop then refreshes it)
WAKE = pygame.event.custom_type()
#: while cards move (no events), the tree is refreshed at most this often
BUSY_EVERY = 0.25


def wanted() -> bool:
    """Whether to try: Linux (the Unix adapter), a session bus to talk on,
    and not turned off with ``CARD_SHELL_ACCESS=0``."""
    if os.environ.get("CARD_SHELL_ACCESS", "").strip() in ("0", "no", "off", "false"):
        return False
    return sys.platform.startswith("linux") and bool(os.environ.get("DBUS_SESSION_BUS_ADDRESS"))


def start(stage) -> Access | None:
    """The tree for ``stage``'s window, or None where it cannot be given."""
    if not wanted():
        return None
    try:
        import accesskit
    except ImportError:
        return None
    try:
        return Access(stage, accesskit)
    except Exception:           # no AT-SPI to talk to: the game's speech remains
        return None


class Access:
    """The adapter and the ids it knows: each node's key kept to one id for
    as long as the window lives."""

    def __init__(self, stage, accesskit) -> None:
        self.stage = stage
        self.ak = accesskit
        self.ids: dict[tuple, int] = {WINDOW: 0}
        self.lock = threading.Lock()            # the ids are given on the loop's thread and the adapter's
        self.last: Outline | None = None        # the outline last given (the activation's answer)
        self.focused: bool | None = None        # the window's focus, as last told
        self.bounds: tuple | None = None        # the window's place on the desktop, as last told
        self.updated = 0.0
        self.updates = 0
        self.failed = False                     # an outline could not be made (told to the log once)
        #: a screen reader (an assistive technology) reads the tree now
        self.active = False
        self.adapter = accesskit.unix.Adapter(self.activate, self.act, self.deactivate)
        self.window_focus(True)                 # the window opens with the focus (then its events say)

    # ----------------------------------------------------------- the adapter's calls (its thread)
    def activate(self):
        """A screen reader asks for the tree: the last outline (or the
        window alone), and the loop woken to give the whole tree now."""
        self.active = True
        last = self.last
        if last is None:
            last = Outline()
            last.add(WINDOW, Node("WINDOW", caption()))
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            pass
        return self.update(last, whole=True)

    def act(self, request) -> None:
        """An action asked by the screen reader (its thread): the focus moved
        to a place or a game (the only action offered), done by the loop."""
        if request.action == self.ak.Action.FOCUS:
            try:
                pygame.event.post(pygame.event.Event(WAKE, target=int(request.target)))
            except (pygame.error, TypeError, ValueError):
                pass

    def deactivate(self) -> None:
        self.active = False

    # ----------------------------------------------------------- the loop's calls
    def handle(self, event) -> None:
        """A :data:`WAKE` event: a screen reader's focus on a place of the
        table or a game of the start screen, made the keyboard's (nothing
        while a dialog or a menu is in front); else the tree asked for
        (given after this pass)."""
        target = getattr(event, "target", None)
        with self.lock:
            key = next((k for k, n in self.ids.items() if n == target), None) if target is not None else None
        stage = self.stage
        if key is None or stage.dialogs or stage.menu.is_open or stage.scene is None:
            return
        if key[0] == "place" and stage.table is not None:
            stage.table.keyboard.focus_on(key[1])
        elif key[0] == "game" and hasattr(stage.scene, "focus"):
            names = [name for name, *_rest in stage.scene.choices()]
            if key[1] in names:
                stage.scene.focus = names.index(key[1])
                stage.scene.full_redraw()

    def refresh(self, events: bool = True) -> None:
        """The tree brought up to date (when a screen reader listens)."""
        focused = bool(pygame.key.get_focused()) or pygame.display.get_driver() in ("dummy", "offscreen")
        if focused != self.focused:
            self.window_focus(focused)
        now = time.monotonic()
        if not events and now - self.updated < BUSY_EVERY:
            return
        self.updated = now
        self.place_window()
        events_out = self.adapter.update_if_active(self.changed)
        if events_out is not None:
            events_out.raise_events()

    def changed(self):
        try:
            out = outline(self.stage, caption())
        except Exception:       # the tree never stops the game: the last one stands (logged once)
            if not self.failed:
                self.failed = True
                logs.get("access").exception("the accessibility tree could not be made")
            out = self.last
            if out is None:
                out = Outline()
                out.add(WINDOW, Node("WINDOW", caption()))
        self.last = out
        self.updates += 1
        return self.update(out, whole=True)

    def place_window(self) -> None:
        """Where the window lies on the desktop, told when it changes (the
        nodes' bounds are the window's own; a magnifier or a pointer's review
        needs the desktop's)."""
        try:
            with warnings.catch_warnings():     # pygame-ce prefers Window's own surface; only its place is read
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
                (x, y), (w, h) = window.position, window.size
        except (pygame.error, AttributeError):
            return
        if (x, y, w, h) == self.bounds:
            return
        self.bounds = (x, y, w, h)
        rect = self.ak.Rect(float(x), float(y), float(x + w), float(y + h))
        try:
            self.adapter.set_root_window_bounds(rect, rect)
        except Exception:
            pass

    def window_focus(self, focused: bool) -> None:
        self.focused = focused
        try:
            self.adapter.update_window_focus_state(focused)
        except Exception:
            pass

    # ----------------------------------------------------------- outline to nodes
    def id_of(self, key: tuple) -> int:
        if key not in self.ids:
            self.ids[key] = len(self.ids)
        return self.ids[key]

    def update(self, out: Outline, whole: bool):
        with self.lock:
            return self.nodes(out, whole)

    def nodes(self, out: Outline, whole: bool):
        ak = self.ak
        update = ak.TreeUpdate(self.id_of(out.focus))
        if whole:
            tree = ak.Tree(self.id_of(WINDOW))
            tree.toolkit_name = "Card Shell"
            update.tree = tree
        for key, node in out.nodes.items():
            update.nodes.append((self.id_of(key), self.node(node, key[0])))
        return update

    def node(self, data: Node, key_kind: str = ""):
        ak = self.ak
        node = ak.Node(getattr(ak.Role, data.role))
        if data.label:
            node.set_label(data.label)
        if data.description and data.description != data.label:
            node.set_description(data.description)
        if data.value:
            node.set_value(data.value)
        if data.children:
            node.set_children([self.id_of(k) for k in data.children])
        if data.bounds is not None:
            node.set_bounds(ak.Rect(*data.bounds))
        if data.focusable and data.role in ("LIST", "BUTTON") and key_kind in ("place", "game"):
            node.add_action(ak.Action.FOCUS)
        if data.disabled:
            node.set_disabled()
        if data.toggled is not None:
            node.set_toggled(ak.Toggled.TRUE if data.toggled else ak.Toggled.FALSE)
        if data.shortcut:
            node.set_keyboard_shortcut(data.shortcut)
        if data.modal:
            node.set_modal()
        if data.live:
            node.set_live(ak.Live.POLITE)
        return node


def caption() -> str:
    try:
        return pygame.display.get_caption()[0] or "Card Shell"
    except pygame.error:
        return "Card Shell"
