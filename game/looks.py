"""The cards' looks: the card sheet (the player's own, or the built-in faces
chosen), colour or black and white, the card back and the table's colour.

A mixin of :class:`game.app.App`: it owns ``sheet``, ``colour_sheet`` and
``mono_sheet``, and sets the canvas's looks.
"""

from __future__ import annotations

from pathlib import Path

from . import storage
from .sheet import open_sheet_or_default

FACES = {"classic": "cards.png", "large-index": "cards-large-index.png", "four-colour": "cards-four-colour.png"}


class Looks:
    """The card sheet and the colours, as the options say."""

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
