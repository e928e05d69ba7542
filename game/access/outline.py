"""What the window holds, as an accessibility tree of plain data.

An :class:`Outline` is made from the stage on the loop's thread: the window
(named by its caption), the menu bar and, when one is open, its menu and
items; the table's places, each named by the words the game speaks for it
(``game/voice/spoken.py``: "column 3, seven of hearts, 4 cards under it")
with its cards inside; the status line; the dialog in front and its
controls.  ``focus`` is the node the keyboard is on: the dialog's control,
else the lit menu item, else the table's focused place (named by the
keyboard's own words, the card it rests on included).

Nothing here needs AccessKit: ``adapter.py`` turns an outline into its
nodes.  A node's key is a tuple that stays the same while the thing it
names does (``("place", "c3")``), so a screen reader keeps its objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..table.board import focus_targets
from ..ui.dialogs import control_words, dialog_words
from ..voice.spoken import card_words, focus_words, pile_words

WINDOW = ("window",)


@dataclass(frozen=True)
class Node:
    """One object of the tree: its role (AccessKit's ``Role`` member's
    name), its name and description, its children (keys), where it is drawn
    (x0, y0, x1, y1, or None) and its state."""

    role: str
    label: str = ""
    description: str = ""
    children: tuple = ()
    bounds: tuple[float, float, float, float] | None = None
    disabled: bool = False
    toggled: bool | None = None
    shortcut: str = ""
    modal: bool = False
    focusable: bool = False
    value: str = ""
    live: bool = False          # a live region: a screen reader says its changes as they come


@dataclass
class Outline:
    nodes: dict[tuple, Node] = field(default_factory=dict)
    focus: tuple = WINDOW

    def add(self, key: tuple, node: Node) -> tuple:
        self.nodes[key] = node
        return key

    def label_of(self, key: tuple) -> str:
        return self.nodes[key].label


def box(rect) -> tuple[float, float, float, float] | None:
    if rect is None:
        return None
    return (float(rect.left), float(rect.top), float(rect.right), float(rect.bottom))


def outline(stage, caption: str) -> Outline:
    """The tree of what ``stage`` shows now, under a window named ``caption``."""
    out = Outline()
    children = [menu_bar(out, stage.menu)]
    table = stage.table
    if table is not None:
        children.append(table_node(out, table, stage.table_area()))
    elif stage.scene is not None:
        children.append(scene_node(out, stage.scene))
    status = status_node(out, stage)
    if status is not None:
        children.append(status)
    news = " ".join(str(stage.message or "").split())
    if news:        # the status line's news (a move, a refusal, a hint): said as it changes
        children.append(out.add(("news",), Node("LABEL", news, value=news, live=True)))
    if stage.dialogs:
        children.append(dialog_node(out, stage.dialogs[-1]))
    size = stage.window.screen.get_size() if stage.window.screen is not None else None
    out.add(WINDOW, Node("WINDOW", caption, children=tuple(children),
                         bounds=(0.0, 0.0, float(size[0]), float(size[1])) if size else None))
    if out.focus not in out.nodes:
        out.focus = WINDOW
    return out


# ----------------------------------------------------------- the menus
def menu_bar(out: Outline, menu) -> tuple:
    """The menu bar: each menu by its title; the open one with its items."""
    titles = list(menu.titles())
    open_index = menu.open_index
    current = getattr(menu, "_current", None) or []
    keys = []
    for n, title in enumerate(titles):
        key = ("menu", title)
        items: list[tuple] = []
        if n == open_index and n < len(current):
            for i, item in enumerate(current[n].items):
                if item.separator:
                    continue
                item_key = ("item", title, item.label)
                role = "MENU_ITEM" if item.checked is None else "MENU_ITEM_CHECK_BOX"
                out.add(item_key, Node(role, item.label.rstrip("."), disabled=not (item.enabled and item.action),
                                       toggled=item.checked, shortcut=item.shortcut, focusable=True))
                items.append(item_key)
                if i == menu.hover:
                    out.focus = item_key
            if out.focus == WINDOW:
                out.focus = key
        keys.append(out.add(key, Node("MENU", title, children=tuple(items), focusable=True)))
    return out.add(("menubar",), Node("MENU_BAR", "Menu bar", children=tuple(keys)))


# ----------------------------------------------------------- the table
def table_node(out: Outline, table, area=None) -> tuple:
    """The table: each place a named list of its cards; the keyboard's
    place focused, named as the keyboard says it."""
    game, layout, focus = table.game, table.board.layout, table.board.focus
    places: dict[str, list] = {}
    for place, _index, rect in focus_targets(layout, game):
        places.setdefault(place, []).append(rect)
    keys = []
    for place, rects in places.items():
        here = focus is not None and focus[0] == place
        label = focus_words(game, layout, focus if here else (place, None))
        pile = layout.pile(place) if place in layout.slots else []
        cards = []
        for sprite in pile:
            card_key = ("card", place, sprite.index)
            out.add(card_key, Node("LIST_ITEM", card_words(sprite), bounds=box(sprite.rect)))
            cards.append(card_key)
        bounds = rects[0].unionall(rects[1:]) if rects else None
        key = out.add(("place", place), Node("LIST", label, description=pile_words(game, layout, place),
                                             children=tuple(cards), bounds=box(bounds), focusable=True))
        keys.append(key)
        if here and out.focus == WINDOW:       # (an open menu's item keeps the focus)
            out.focus = key
    return out.add(("table",), Node("GROUP", f"{game.title} table", children=tuple(keys),
                                    bounds=box(area)))


def scene_node(out: Outline, scene) -> tuple:
    """A scene that is not a game: the start screen, each game a button (its
    title; its blurb the description), the highlighted one focused; another
    scene named by its own words."""
    offered = scene.choices() if hasattr(scene, "choices") else []
    if offered:
        keys = []
        for name, title, blurb, tile, focused in offered:
            key = out.add(("game", name), Node("BUTTON", title, description=blurb,
                                               bounds=box(tile) if tile is not None else None, focusable=True))
            keys.append(key)
            if focused and out.focus == WINDOW:
                out.focus = key
        return out.add(("scene",), Node("GROUP", "Choose a game", children=tuple(keys)))
    words = ""
    try:
        words = scene.back_words()
    except Exception:
        pass
    return out.add(("scene",), Node("GROUP", words or "Card Shell"))


def status_node(out: Outline, stage) -> tuple | None:
    try:
        left, right = stage.status_text()
    except Exception:
        return None
    text = " ".join(p for p in (left, right) if p)
    return out.add(("status",), Node("STATUS", text, value=text)) if text else None


# ----------------------------------------------------------- the dialog
def dialog_node(out: Outline, dialog) -> tuple:
    """The dialog in front: its title, its message, its controls; the one
    the keyboard is on focused."""
    title = getattr(dialog, "title", "") or ""
    message = " ".join(str(getattr(dialog, "message", "") or "").split())
    text = getattr(dialog, "text", None)
    if text:
        message = " ".join(str(text).split())
    children = []
    if message:
        children.append(out.add(("dialog", "message"), Node("LABEL", message, value=message)))
    in_field = bool(getattr(dialog, "in_field", False) and dialog.has_field())
    choices = getattr(dialog, "choices", None)
    if choices:
        keys = []
        for value, label in choices:
            key = out.add(("dialog", "choice", value),
                          Node("RADIO_BUTTON", label, toggled=value == getattr(dialog, "value", None),
                               focusable=True))
            keys.append(key)
            if in_field and value == dialog.value:
                out.focus = key
        children.append(out.add(("dialog", "choices"), Node("RADIO_GROUP", title or "Choices",
                                                            children=tuple(keys))))
    elif getattr(dialog, "entry", None) is not None:
        key = out.add(("dialog", "entry"), Node("TEXT_INPUT", title or "Text", value=str(dialog.entry),
                                                focusable=True))
        children.append(key)
        if in_field:
            out.focus = key
    buttons = tuple(getattr(dialog, "buttons", ()) or ())
    for n, label in enumerate(buttons):
        key = out.add(("dialog", "button", n, label), Node("BUTTON", label, focusable=True))
        children.append(key)
        if not in_field and n == getattr(dialog, "focus", 0):
            out.focus = key
    if out.focus == WINDOW or out.focus[0] != "dialog":
        own = getattr(dialog, "spoken_control", None)      # a control of the dialog's own (a list of files)
        words = own() if callable(own) else control_words(dialog)
        if words:
            out.focus = out.add(("dialog", "control"), Node("GROUP", words, focusable=True))
            children.append(out.focus)
    key = out.add(("dialog",), Node("DIALOG", title or "Dialog", description=dialog_words(dialog),
                                    children=tuple(children), bounds=box(getattr(dialog, "rect", None)),
                                    modal=True))
    if out.focus == WINDOW or out.focus[0] != "dialog":
        out.focus = key
    return key
