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

The built-in sheets are drawn large (cells of 300 x 420, the largest card
a 3840 x 2160 screen shows), so that their faces are only ever made
smaller; each has a small companion (``cards-small.png``: cells of 75 x
105) whose corner index is a larger share of the card, drawn for cards
that tall or less, so that the index stays readable on the smallest
window (:meth:`CardSheet.source_for`).  A player's own sheet is scaled
from its one size, whatever it is.

The sheet scaled to the first few sizes a session draws (the table's card
size, a picture or two) is kept in a cache folder as pictures in BMP
(uncompressed, alpha kept: read back in a fraction of a millisecond, where
a TGA's run-length coding took several), named after the sheet's file, its
time and its length: the next start reads those and never decodes the
whole sheet unless it draws at a new size.  :func:`open_sheet`.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
from collections import OrderedDict
from pathlib import Path

import pygame

from ..storage import storage
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
#: the first sizes of a session scaled whole and kept in the cache folder
#: (later ones, such as a long column's smaller cards, are scaled card by card)
WHOLE_SIZES = 4
#: the scaled sheets the cache folder keeps, at most (the least used go first)
CACHE_FILES = 16
#: their kind of file; copies of another kind (an older version's TGA) are cleared away
CACHE_SUFFIX = ".bmp"
OLD_SUFFIXES = (".tga",)

GRID = ("a card sheet is a grid of 13 columns by 5 rows of equal cells: faces by suit "
        "(clubs, diamonds, hearts, spades) then backs and pictures")


class SheetError(ValueError):
    """A card sheet that cannot be used: missing, unreadable, not a picture, or the wrong shape."""


def builtin_sheet_path() -> Path:
    """Where the sheet that comes with the game lives (see :mod:`game.media.assets`)."""
    return assets.path("cards", "cards.png")


#: the built-in sheet's small companion is named after it with this ending
SMALL_SUFFIX = "-small"


def small_companion(file: Path) -> Path | None:
    """The small faces that go with the built-in sheet ``file``
    (``cards.png``: ``cards-small.png``), None for any other sheet (a
    player's own has no companion) or when it is missing."""
    try:
        builtin = builtin_sheet_path().parent.resolve()
        if file.parent.resolve() != builtin or file.stem.endswith(SMALL_SUFFIX):
            return None
        small = file.with_name(f"{file.stem}{SMALL_SUFFIX}{file.suffix}")
        return small if small.is_file() else None
    except OSError:
        return None


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


def open_sheet(path: str | Path | None = None, cache: Path | None = None) -> CardSheet:
    """The sheet at ``path`` (or the built-in one), its scaled copies kept in
    the folder ``cache``.  When the cache holds copies of this very file
    (same name, time and length), or when it is a built-in sheet (which
    comes with its small faces), the sheet is not decoded now: it is, if
    ever, when a size the cache and the small faces lack is drawn.
    Otherwise it is loaded and checked here.  Raises :class:`SheetError` as :func:`load_sheet`."""
    file = Path(path) if path is not None else builtin_sheet_path()
    key = _source_key(file)
    if cache is not None and key is not None:
        cell = _cached_cell(cache, key)
        if cell is not None:
            return CardSheet(None, file=file, cache=cache, cell=cell)
    if small_companion(file) is not None:
        # a built-in sheet (it comes with its small faces): its size read from its
        # header, decoded only when a card larger than the small faces is drawn
        cell = _png_cell(file)
        if cell is not None:
            return CardSheet(None, file=file, cache=cache, cell=cell)
    return CardSheet(load_sheet(file), file=file, cache=cache)


def open_sheet_or_default(path: str | Path | None, fallback: str | Path | None = None,
                          cache: Path | None = None) -> tuple[CardSheet, str | None]:
    """The sheet at ``path``, or when it cannot be used the sheet at
    ``fallback`` (the built-in faces the player chose), or last the built-in
    classic sheet; with the message to show the player (None when ``path``
    was used).  A broken built-in sheet still raises :class:`SheetError`."""
    try:
        return open_sheet(path, cache), None
    except SheetError as e:
        if path is None:
            raise
        warning = f"{e}. Using the built-in cards instead."
    if fallback is not None and Path(fallback) != Path(path):
        try:
            return open_sheet(fallback, cache), warning
        except SheetError:
            pass                    # a broken installation: the classic faces
    return open_sheet(None, cache), warning


def _source_key(file: Path) -> str | None:
    """The cache's name for the sheet in ``file`` as it is now: its name,
    and a digest of its content (a changed file is another sheet; the same
    picture anywhere is the same one, as the one-file executable's sheet is,
    unpacked into a new folder at every start).  About a millisecond for
    the built-in sheet's megabyte.  None when the file cannot be read."""
    try:
        digest = hashlib.blake2b(file.read_bytes(), digest_size=8).hexdigest()
    except (OSError, ValueError):
        return None
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in file.stem)[:40]
    return f"{stem}-{digest}"


def _cached_file(cache: Path, key: str, cell: tuple[int, int], size: tuple[int, int]) -> Path:
    return cache / f"{key}-{cell[0]}x{cell[1]}-{size[0]}x{size[1]}{CACHE_SUFFIX}"


def _cached_cell(cache: Path, key: str) -> tuple[int, int] | None:
    """The cell size of the sheet ``key`` when the cache holds a copy of it."""
    try:
        names = [n.name for n in cache.glob(f"{key}-*{CACHE_SUFFIX}")]
    except OSError:
        return None
    for name in names:
        try:
            cell = name[len(key) + 1:].split("-")[0]
            w, h = (int(v) for v in cell.split("x"))
            return check_sheet_size(w * COLUMNS, h * ROWS)
        except (ValueError, SheetError):
            continue
    return None


class CardSheet:
    """A loaded sheet, cut into cells, with scaled copies cached per size.

    ``face(card)``, ``back(i)`` and ``picture(name)`` give cells at the sheet's
    own size (subsurfaces, sharing its pixels); ``face_at``, ``back_at`` and
    ``picture_at`` give them smoothly scaled to any size, kept for the
    :data:`CACHED_SIZES` sizes used most recently.

    Made by :func:`open_sheet` from a ``file`` with a ``cache`` folder, the
    sheet itself (``surface``) may be read only when first needed: the first
    :data:`WHOLE_SIZES` sizes of a session are scaled whole, kept in the
    cache folder, and read from there by the next session.
    """

    def __init__(self, surface: pygame.Surface | None, *, file: Path | None = None,
                 cache: Path | None = None, cell: tuple[int, int] | None = None):
        self.file = file
        self.cache = cache
        self._key = _source_key(file) if file is not None else None
        self._source: pygame.Surface | None = None
        if surface is not None:
            self.cell: tuple[int, int] = check_sheet_size(*surface.get_size())
            self.surface = surface
        elif file is not None and cell is not None:
            self.cell = cell
        else:
            raise ValueError("a card sheet needs its picture, or its file and cell size")
        self._scaled: OrderedDict[tuple[int, int], dict] = OrderedDict()
        self._whole = 0                 # sizes scaled whole this session
        self._convert = False
        #: the small faces (a built-in sheet's companion), opened when first drawn
        self._small_file = small_companion(file) if file is not None else None
        self._small: CardSheet | None = None

    @classmethod
    def load(cls, path: str | Path | None = None) -> CardSheet:
        return cls(load_sheet(path))

    @property
    def surface(self) -> pygame.Surface:
        """The whole sheet at its own size, read from its file when first asked for."""
        if self._source is None:
            self._source = self._read_source()
        return self._source

    @surface.setter
    def surface(self, value: pygame.Surface) -> None:
        self._source = value

    @property
    def decoded(self) -> bool:
        """Whether the whole sheet is in memory."""
        return self._source is not None

    def _read_source(self) -> pygame.Surface:
        """The sheet from its file; if the file has become unusable since
        its copies were cached, the built-in sheet (scaled to this cell
        size when it differs) so that the table can still be drawn."""
        try:
            return load_sheet(self.file)
        except SheetError:
            surface = load_sheet(None)
            want = (self.cell[0] * COLUMNS, self.cell[1] * ROWS)
            return surface if surface.get_size() == want else pygame.transform.smoothscale(surface, want)

    def source_for(self, w: int, h: int) -> CardSheet:
        """The sheet a picture ``w`` x ``h`` is drawn from: the small
        companion when it is at least that size (its larger index), else
        this one.  The companion is opened only when first drawn from (its
        cell size is read from its file's header until then)."""
        if self._small_file is None:
            return self
        if self._small is None:
            cell = _png_cell(self._small_file)
            if cell is not None and (w > cell[0] or h > cell[1]):
                return self
            try:
                self._small = open_sheet(self._small_file, self.cache)
                if self._convert:
                    self._small.convert()
            except SheetError:
                self._small_file = None         # a damaged companion: this sheet draws every size
                return self
        small = self._small
        if w <= small.cell[0] and h <= small.cell[1]:
            return small
        return self

    def convert(self) -> None:
        """Make what is drawn fast to blit, once a display mode is set: the
        scaled copies are converted as they are made.  The whole sheet is
        left as loaded (only ever a source to scale from), so starting
        costs one copy of it in memory, not two."""
        self._convert = pygame.display.get_init() and pygame.display.get_surface() is not None
        self._scaled.clear()
        if self._small is not None:
            self._small.convert()

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
        return self.source_for(w, h)._at(("face", card), w, h)

    def back_at(self, i: int, w: int, h: int) -> pygame.Surface:
        return self.source_for(w, h)._at(("back", _back_index(i)), w, h)

    def picture_at(self, name: str, w: int, h: int) -> pygame.Surface:
        return self.source_for(w, h)._at(("picture", _picture_column(name)), w, h)

    def clear_cache(self) -> None:
        self._scaled.clear()
        if self._small is not None:
            self._small.clear_cache()

    def _at(self, key: tuple[str, int], w: int, h: int) -> pygame.Surface:
        size = (max(1, int(w)), max(1, int(h)))
        kind, index = key
        column, row = (index // 4, index & 3) if kind == "face" else (index, 4)
        if size == self.cell:
            return self._cell(column, row)
        bucket = self._scaled.get(size)
        if bucket is None:
            bucket = self._scaled[size] = self._new_bucket(size)
            while len(self._scaled) > CACHED_SIZES:
                self._scaled.popitem(last=False)
        else:
            self._scaled.move_to_end(size)
        image = bucket.get(key)
        if image is None:
            whole = bucket.get("whole")
            if whole is not None:
                image = whole.subsurface(pygame.Rect(column * size[0], row * size[1], *size))
            else:
                image = smooth(self.surface.subsurface(self.cell_rect(column, row)), size)
                if self._convert:
                    image = image.convert_alpha()
            bucket[key] = image
        return image

    def _new_bucket(self, size: tuple[int, int]) -> dict:
        """The cache of one size: for the first sizes of a session, the
        whole sheet at that size (read from the cache folder, or scaled
        here and written there); later, filled card by card."""
        if self.cache is None or self._key is None or self._whole >= WHOLE_SIZES:
            return {}
        self._whole += 1
        file = _cached_file(self.cache, self._key, self.cell, size)
        whole = self._read_whole(file, size)
        if whole is None:
            whole = pygame.Surface((size[0] * COLUMNS, size[1] * ROWS), pygame.SRCALPHA, self.surface)
            for row in range(ROWS):
                for column in range(COLUMNS):
                    cell = self.surface.subsurface(self.cell_rect(column, row))
                    # onto a clear surface, the greater of each channel is an exact copy (no blending)
                    whole.blit(smooth(cell, size), (column * size[0], row * size[1]),
                               special_flags=pygame.BLEND_RGBA_MAX)
            self._write_whole(file, whole)
        if self._convert:
            whole = whole.convert_alpha()
        return {"whole": whole}

    @staticmethod
    def _read_whole(file: Path, size: tuple[int, int]) -> pygame.Surface | None:
        try:
            whole = pygame.image.load(str(file))
        except (OSError, pygame.error, ValueError):
            return None
        if whole.get_size() != (size[0] * COLUMNS, size[1] * ROWS) or whole.get_bitsize() != 32:
            return None
        try:
            os.utime(file)              # recently used: kept when the cache is trimmed
        except OSError:
            pass
        return whole

    def _write_whole(self, file: Path, whole: pygame.Surface) -> None:
        """Into the cache, whole or not at all (``storage.write_atomic``); a
        cache that cannot be written (a full disk, a read-only folder) costs
        only the time to scale again next session."""
        picture = io.BytesIO()
        try:
            pygame.image.save(whole, picture, file.name)
            storage.write_atomic(file, picture.getvalue())
        except (OSError, pygame.error, ValueError):
            return
        _trim(file.parent)


def _trim(cache: Path) -> None:
    """Keep the :data:`CACHE_FILES` scaled sheets used most recently (and
    none of an older version's kind)."""
    try:
        files = sorted(cache.glob(f"*{CACHE_SUFFIX}"), key=lambda f: f.stat().st_mtime, reverse=True)
        stale = [f for suffix in OLD_SUFFIXES for f in cache.glob(f"*{suffix}")]
        for old in files[CACHE_FILES:] + stale:
            old.unlink()
    except OSError:
        pass


@functools.lru_cache(maxsize=16)
def _png_cell(file: Path) -> tuple[int, int] | None:
    """The cell size of the PNG sheet ``file`` from its header (no decoding),
    None when it is not a PNG of a sheet's shape."""
    try:
        with open(file, "rb") as stream:
            head = stream.read(24)
        if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
            return None
        return check_sheet_size(int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big"))
    except (OSError, SheetError):
        return None


@functools.lru_cache(maxsize=64)
def _shrink_loss(source: tuple[int, int], size: tuple[int, int]) -> int:
    """How many levels of 255 smoothscale's shrinking filter loses from
    ``source`` to ``size`` (its fixed-point weights sum to a little less
    than one): an opaque card would come out 251 opaque, and the card
    under it would show through."""
    if size[0] >= source[0] and size[1] >= source[1]:
        return 0
    probe = pygame.Surface(source, pygame.SRCALPHA, 32)
    probe.fill((255, 255, 255, 255))
    return 255 - pygame.transform.smoothscale(probe, size).get_at((size[0] // 2, size[1] // 2))[3]


def smooth(picture: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``picture`` smoothly scaled to ``size``, with what the shrinking
    filter loses put back (every channel raised in proportion, up to 255):
    what was opaque stays opaque, the paper as light as drawn."""
    image = pygame.transform.smoothscale(picture, size)
    lost = _shrink_loss(picture.get_size(), tuple(size))
    if lost > 0:
        k = -(-255 * lost // (255 - lost))
        extra = image.copy()
        # (alpha a level more: its rounding down must never leave 254)
        extra.fill((k, k, k, k + 1), special_flags=pygame.BLEND_RGBA_MULT)
        image.blit(extra, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
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
