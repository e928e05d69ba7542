"""The cards' looks: the card sheet (the player's own, or the built-in faces
chosen), colour or black and white, the card back and the table's colour.
It owns the sheets and tells the canvas how to draw."""

from __future__ import annotations

from pathlib import Path

from ..storage import storage
from ..storage.prefs import Prefs
from .sheet import CardSheet, open_sheet_or_default
from .surfaces import Canvas

FACES = {"classic": "cards.png", "large-index": "cards-large-index.png", "four-colour": "cards-four-colour.png"}


class Looks:
    """The card sheet and the colours, as the options say."""

    def __init__(self, prefs: Prefs, own_sheet: str | None = None) -> None:
        self.prefs = prefs
        self.own_sheet = own_sheet          # --cards
        self.sheet_source: tuple[Path | None, float] = (None, 0.0)
        self.colour_sheet: CardSheet | None = None
        self.mono_sheet: CardSheet | None = None
        self.warning = self.load_cards()

    @property
    def sheet(self) -> CardSheet:
        """The sheet drawn from: the colour one, or its 1-bit copy in Black & White."""
        if self.prefs.option("mono"):
            if self.mono_sheet is None:
                from .mono import MonoSheet
                self.mono_sheet = MonoSheet.from_sheet(self.colour_sheet)
            return self.mono_sheet
        return self.colour_sheet

    def card_aspect(self) -> float:
        w, h = self.colour_sheet.cell
        return w / h

    def apply(self, canvas: Canvas) -> None:
        """Card sheet (colour or 1-bit), card back and table, as the options say."""
        mono = bool(self.prefs.option("mono"))
        canvas.sheet = self.sheet
        canvas.mono = mono
        canvas.back_index = int(self.prefs.option("back")) % 5
        canvas.set_table("mono" if mono else self.prefs.option("table"))

    def sheet_path(self) -> Path | None:
        """The player's own sheet (--cards, or cards.png in the data folder),
        else the built-in sheet of the chosen faces."""
        if self.own_sheet:
            return Path(self.own_sheet)
        own = storage.data_dir() / "cards.png"
        if own.exists():
            return own
        return self.builtin_faces()

    def builtin_faces(self) -> Path | None:
        """The built-in sheet of the faces chosen in Options (None: the classic one)."""
        faces = self.prefs.option("faces")
        if faces in FACES and faces != "classic":
            from . import assets
            return assets.path("cards", FACES[faces])
        return None

    def load_cards(self) -> str | None:
        """(Re)load the card sheet; a bad sheet is refused with the expected
        grid in the warning returned, and the built-in sheet of the chosen
        faces is used."""
        path = self.sheet_path()
        # the sheet's scaled copies are kept in the cache folder: the next
        # start reads them and does not decode the whole sheet (game/media/sheet.py)
        sheet, warning = open_sheet_or_default(path, self.builtin_faces(), cache=storage.settle().cache)
        sheet.convert()
        self.colour_sheet = sheet
        self.mono_sheet = None
        try:
            stamp = path.stat().st_mtime if path is not None else 0.0
        except OSError:
            stamp = 0.0
        self.sheet_source = (path, stamp)
        return warning

    def changed(self, force: bool = False) -> bool:
        """Whether the sheet on disk changed (edited while the game runs, or
        another chosen) since it was loaded."""
        path, stamp = self.sheet_source
        try:
            now = path.stat().st_mtime if path is not None else 0.0
        except OSError:
            now = stamp
        return force or now != stamp or path != self.sheet_path()
