"""The card sheet: one picture that holds every card face, back and table picture.

The grid is fixed (``assets/cards/README.md`` draws it): 13 columns by 5 rows
of equal cells, no gaps or margins.  Rows 0-3 are the faces, one suit a row in
bridge order (clubs, diamonds, hearts, spades), column = rank - 1.  Row 4
holds five backs, then the pictures named in :data:`PICTURES`.  The cell size
is read from the image, so a sheet at any resolution works, and a player may
draw their own.

Importing this module has no side effect: nothing is initialised and no
window opened.  A loaded sheet is a plain 32-bit surface with per-pixel
alpha; :meth:`CardSheet.convert` speeds up blitting once a window exists.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from . import assets

COLUMNS = 13
ROWS = 5
BACKS = 5
#: suits in the order of the sheet's rows, as in ``engine.cards``
SUITS = ("clubs", "diamonds", "hearts", "spades")
#: the pictures of row 4 after the backs, and their columns
PICTURES = {
    "outline": 5,      # an empty place: a quiet rounded outline
    "gravestone": 6,   # Chinese Puzzle's dead gaps
    "hand0": 7,        # Gaps' shuffles left: a fist ...
    "hand1": 8,
    "hand2": 9,
    "hand3": 10,       # ... to three fingers
    "redeal": 11,      # an empty stock that can be dealt again
    "no-redeal": 12,   # an empty stock with no redeal left
}
#: a cell is card-shaped: width / height within these bounds, and this many pixels at least
ASPECT_RANGE = (0.55, 0.85)
MIN_CELL = 20
#: how many different sizes of scaled pictures are kept at once
CACHED_SIZES = 8

GRID = ("a card sheet is a grid of 13 columns by 5 rows of equal cells: faces by suit "
        "(clubs, diamonds, hearts, spades) then backs and pictures")


class SheetError(ValueError):
    """A card sheet that cannot be used: missing, unreadable, not a picture, or the wrong shape."""


def builtin_sheet_path() -> Path:
    """Where the sheet that comes with the game lives (see :mod:`game.assets`)."""
    return assets.path("cards", "cards.png")


def check_sheet_size(width: int, height: int) -> tuple[int, int]:
    """The cell size of a sheet ``width`` x ``height`` pixels.

    Raises :class:`SheetError`, naming the expected grid, when the image does
    not divide into 13 x 5 equal cells or its cells are not card-shaped.
    """
    if width <= 0 or height <= 0 or width % COLUMNS or height % ROWS:
        raise SheetError(f"{GRID}; this image is {width} x {height}, which does not divide into "
                         f"{COLUMNS} x {ROWS} cells")
    cw, ch = width // COLUMNS, height // ROWS
    if cw < MIN_CELL or ch < MIN_CELL:
        raise SheetError(f"{GRID}; this image is {width} x {height}, so its cells of {cw} x {ch} are "
                         f"too small (at least {MIN_CELL} pixels each way)")
    low, high = ASPECT_RANGE
    if not low <= cw / ch <= high:
        raise SheetError(f"{GRID}; this image is {width} x {height}, so its cells of {cw} x {ch} are not "
                         f"card-shaped (width / height must be between {low} and {high})")
    return cw, ch


def load_sheet(path: str | Path | None = None) -> pygame.Surface:
    """Load and check the sheet at ``path``, or the built-in one.

    Returns a 32-bit surface with per-pixel alpha.  Raises :class:`SheetError`
    naming the file and the reason: missing, a folder, unreadable, not a
    picture, or the wrong shape.
    """
    file = Path(path) if path is not None else builtin_sheet_path()
    if not file.exists():
        raise SheetError(f"card sheet {file}: no such file")
    if file.is_dir():
        raise SheetError(f"card sheet {file}: this is a folder, not a picture")
    try:
        with open(file, "rb") as stream:
            surface = pygame.image.load(stream, file.name)
    except OSError as e:
        raise SheetError(f"card sheet {file}: cannot be read ({e.strerror or e})") from e
    except (pygame.error, ValueError) as e:
        raise SheetError(f"card sheet {file}: not a picture pygame can read ({e})") from e
    try:
        check_sheet_size(*surface.get_size())
    except SheetError as e:
        raise SheetError(f"card sheet {file}: {e}") from None
    if surface.get_bitsize() != 32 or not surface.get_flags() & pygame.SRCALPHA:
        # smoothscale needs 32 bits; a paletted or opaque PNG is widened here, without a display
        wide = pygame.Surface(surface.get_size(), pygame.SRCALPHA, 32)
        wide.blit(surface, (0, 0))
        surface = wide
    return surface


def load_sheet_or_default(path: str | Path | None) -> tuple[pygame.Surface, str | None]:
    """The sheet at ``path``, or the built-in one with the message to show the player.

    With ``path`` None, the built-in sheet and no message.  A broken built-in
    sheet (a broken installation) still raises :class:`SheetError`.
    """
    if path is None:
        return load_sheet(), None
    try:
        return load_sheet(path), None
    except SheetError as e:
        return load_sheet(), f"{e}. Using the built-in cards instead."


class CardSheet:
    """A loaded sheet, cut into cells, with scaled copies cached per size.

    ``face(card)``, ``back(i)`` and ``picture(name)`` give cells at the sheet's
    own size (subsurfaces, sharing its pixels); ``face_at``, ``back_at`` and
    ``picture_at`` give them smoothly scaled to any size, kept for the
    :data:`CACHED_SIZES` sizes used most recently.
    """

    def __init__(self, surface: pygame.Surface):
        self.cell: tuple[int, int] = check_sheet_size(*surface.get_size())
        self.surface = surface
        self._scaled: OrderedDict[tuple[int, int], dict[tuple[str, int], pygame.Surface]] = OrderedDict()
        self._convert = False

    @classmethod
    def load(cls, path: str | Path | None = None) -> CardSheet:
        return cls(load_sheet(path))

    def convert(self) -> None:
        """Make what is drawn fast to blit, once a display mode is set: the
        scaled copies are converted as they are made.  The whole sheet is
        left as loaded (only ever a source to scale from), so starting
        costs one copy of it in memory, not two (14 MB at 2600 x 1400)."""
        self._convert = pygame.display.get_init() and pygame.display.get_surface() is not None
        self._scaled.clear()

    # cells at the sheet's own size ---------------------------------------

    def cell_rect(self, column: int, row: int) -> pygame.Rect:
        w, h = self.cell
        return pygame.Rect(column * w, row * h, w, h)

    def _cell(self, column: int, row: int) -> pygame.Surface:
        return self.surface.subsurface(self.cell_rect(column, row))

    def face(self, card: int) -> pygame.Surface:
        """The face of ``card``, an int ``(rank - 1) * 4 + suit`` as in ``engine.cards``."""
        card = _card_index(card)
        return self._cell(card // 4, card & 3)

    def back(self, i: int = 0) -> pygame.Surface:
        """Back number ``i``, 0 to ``BACKS - 1``."""
        return self._cell(_back_index(i), 4)

    def picture(self, name: str) -> pygame.Surface:
        """One of :data:`PICTURES`: ``"outline"``, ``"gravestone"``, ``"hand0"``.. ``"hand3"``,
        ``"redeal"``, ``"no-redeal"``."""
        return self._cell(_picture_column(name), 4)

    # cells scaled to a size ----------------------------------------------

    def face_at(self, card: int, w: int, h: int) -> pygame.Surface:
        card = _card_index(card)
        return self._at(("face", card), w, h)

    def back_at(self, i: int, w: int, h: int) -> pygame.Surface:
        return self._at(("back", _back_index(i)), w, h)

    def picture_at(self, name: str, w: int, h: int) -> pygame.Surface:
        return self._at(("picture", _picture_column(name)), w, h)

    def clear_cache(self) -> None:
        self._scaled.clear()

    def _at(self, key: tuple[str, int], w: int, h: int) -> pygame.Surface:
        size = (max(1, int(w)), max(1, int(h)))
        kind, index = key
        if kind == "face":
            source = self._cell(index // 4, index & 3)
        else:
            source = self._cell(index, 4)
        if size == self.cell:
            return source
        bucket = self._scaled.get(size)
        if bucket is None:
            bucket = self._scaled[size] = {}
            while len(self._scaled) > CACHED_SIZES:
                self._scaled.popitem(last=False)
        else:
            self._scaled.move_to_end(size)
        image = bucket.get(key)
        if image is None:
            image = pygame.transform.smoothscale(source, size)
            if self._convert:
                image = image.convert_alpha()
            bucket[key] = image
        return image


def _card_index(card: int) -> int:
    if not 0 <= int(card) < 52:
        raise ValueError(f"a card is 0..51, (rank - 1) * 4 + suit; not {card!r}")
    return int(card)


def _back_index(i: int) -> int:
    if not 0 <= int(i) < BACKS:
        raise ValueError(f"the sheet has backs 0..{BACKS - 1}; not {i!r}")
    return int(i)


def _picture_column(name: str) -> int:
    try:
        return PICTURES[name]
    except KeyError:
        raise ValueError(f"no picture {name!r} on the sheet; it has {', '.join(PICTURES)}") from None
