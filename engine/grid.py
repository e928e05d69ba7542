"""What Gaps and Chinese Puzzle share: a grid of cells, gaps filled by the
next card of the suit on their left, rows locked from their left end, and a
random reshuffle of everything not locked.

Cells are numbered in reading order, ``row * WIDTH + index``; a place is
named by its row letter and column number (``b7``).  The leftmost column
(Gaps' column 1, Chinese Puzzle's ace column 0) takes the row's base card:
any 2 in Gaps, an ace in Chinese Puzzle.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .base import Game
from .cards import CARDS, KING, NAMES, RANK_OF, Rng, card, check_deck
from .errors import BadPosition, InvalidMove
from .events import CardMoved, Event, Redealt
from .notation import Move

_REDEAL = Move(word="redeal")   # moves are immutable: the listing hands out this one


class GridGame(Game):
    ROWS: ClassVar[int]
    WIDTH: ClassVar[int]          # cells per row
    FIRST_COLUMN: ClassVar[int]   # the number of the leftmost column
    BASE_RANK: ClassVar[int]      # the rank that starts a row
    COPIES: ClassVar[int]
    CARDS_IN_PLAY: ClassVar[int]  # cards on the table: all of them when won
    VOLUNTARY_REDEAL: ClassVar[bool]  # may the player redeal while a card can move?
    REDEALS_KEY: ClassVar[str]    # "shuffles_left" or "redeals_left"
    REDEAL_WORD: ClassVar[str]    # "shuffle" or "redeal", for messages
    #: does a card in proper place never move again?  (Chinese Puzzle: yes;
    #: in Gaps proper place decides only what a shuffle keeps)
    IN_PLACE_STAYS: ClassVar[bool] = False
    irreversible = frozenset({"redeal"})

    cells: list[int | None]
    redeals_left: int

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if hasattr(cls, "ROWS"):
            cls.PLACES = tuple(f"{'abcdefgh'[i // cls.WIDTH]}{i % cls.WIDTH + cls.FIRST_COLUMN}"
                               for i in range(cls.ROWS * cls.WIDTH))
            cls.INDEX = {p: i for i, p in enumerate(cls.PLACES)}
            cls.ROW_LETTERS = "abcdefgh"[:cls.ROWS]
            cls._MOVE_CACHE = {}
            #: the cards of the base rank, which alone may fill a first-column gap
            cls._BASE_CARDS = tuple(c for c in range(52) if RANK_OF[c] == cls.BASE_RANK)

    # ----------------------------------------------------------- places
    def _index(self, place: str) -> int:
        i = self.INDEX.get(place)
        if i is None:
            last = self.FIRST_COLUMN + self.WIDTH - 1
            raise InvalidMove(f"{place!r} is not a place in {self.title} (rows a to "
                              f"{self.ROW_LETTERS[-1]}, columns {self.FIRST_COLUMN} to {last})")
        return i

    def card_at(self, place: str) -> str | None:
        """The card at ``place`` (``"7H"``), or ``None`` for a gap."""
        c = self.cells[self._index(place)]
        return None if c is None else NAMES[c]

    def _where(self, c: int) -> list[int]:
        cells = self.cells
        found, i = [], -1
        for _ in range(self.COPIES):
            try:
                i = cells.index(c, i + 1)
            except ValueError:
                break
            found.append(i)
        return found

    # ----------------------------------------------------------- locking
    def _locked_length(self, row: int) -> int:
        cells, start = self.cells, row * self.WIDTH
        first = cells[start]
        if first is None or RANK_OF[first] != self.BASE_RANK:
            return 0
        n = 1
        while n < self.WIDTH and cells[start + n] == first + 4 * n:
            n += 1
        return n

    def locked_counts(self) -> list[int]:
        """Cards in proper (final) place in each row, top row first."""
        return [self._locked_length(r) for r in range(self.ROWS)]

    def is_locked(self, place: str) -> bool:
        """Whether the card at ``place`` is in proper place: part of the run
        in one suit from its row's base card (a 2 in Gaps' column 1, an ace
        in Chinese Puzzle's column 0).  What that means is each game's rule:
        in Gaps a shuffle leaves it where it is (and nothing more); in
        Chinese Puzzle it never moves again."""
        i = self._index(place)
        return self._in_place(i)

    def _in_place(self, i: int) -> bool:
        return i % self.WIDTH < self._locked_length(i // self.WIDTH)

    def _locked_cells(self) -> set[int]:
        locked = set()
        for r in range(self.ROWS):
            start = r * self.WIDTH
            locked.update(range(start, start + self._locked_length(r)))
        return locked

    # ----------------------------------------------------------- the rule
    # A card move takes the card at ``src`` into the gap at ``dst``.  Whether
    # it is legal is decided by `_refusal` alone, from three parts written
    # once: what may leave a cell (`_stays`, from IN_PLACE_STAYS, and
    # `_stay_reason`), what a gap in the first column takes (a card of the
    # base rank, as `_first_column_reason` says), and what any other gap
    # takes (`_needed`).  `_sources` and `_card_sources`, the listing, are
    # faster paths built from the same parts; tests/test_grid_properties.py
    # holds them to `_refusal` for every pair of cells on every position it
    # reaches.

    def _needed(self, gap: int) -> int | None:
        """The card that fills a gap not in the first column, or ``None``
        when nothing can (a gap or a king on its left)."""
        left = self.cells[gap - 1]
        if left is None or RANK_OF[left] == KING:
            return None
        return left + 4

    def _stays(self, src: int) -> bool:
        """Whether the rules keep the card at ``src`` where it is, whatever
        gap is open (Chinese Puzzle: a card in final position)."""
        return self.IN_PLACE_STAYS and self._in_place(src)

    def _stay_reason(self, src: int) -> str:
        raise NotImplementedError

    def _first_column_reason(self, c: int, dst: int) -> str | None:
        """Why card ``c`` may not go into the first-column gap ``dst``, or
        ``None`` when it may (it allows cards of the base rank alone)."""
        raise NotImplementedError

    def _refusal(self, src: int, dst: int) -> str | None:
        """Why one card may not move from cell ``src`` into cell ``dst`` now,
        or ``None`` when the rules allow it: the rule of a card move."""
        c = self.cells[src]
        if c is None:
            return f"There is no card at {self.PLACES[src]}: it is a gap."
        if self.cells[dst] is not None:
            return (f"{self.PLACES[dst]} holds the {NAMES[self.cells[dst]]}: "
                    "a card moves only into a gap.")
        if self._stays(src):
            return self._stay_reason(src)
        if dst % self.WIDTH == 0:
            return self._first_column_reason(c, dst)
        left = self.cells[dst - 1]
        place = self.PLACES[dst]
        if left is None:
            return (f"The gap at {place} has a gap on its left: nothing can go there "
                    "until that gap is filled.")
        if RANK_OF[left] == KING:
            return f"The gap at {place} is dead: no card follows the {NAMES[left]} on its left."
        if c != left + 4:
            return (f"Only the {NAMES[left + 4]} (the card after the {NAMES[left]} on its left) "
                    f"can go in {place}, not the {NAMES[c]}.")
        return None

    def _sources(self, gap: int) -> list[int]:
        """The cells whose card may fill ``gap`` now (a path to what
        `_refusal` allows, for one gap)."""
        if gap % self.WIDTH == 0:
            cells = self.cells
            return [s for s in sorted(i for c in self._BASE_CARDS for i in self._where(c))
                    if not self._stays(s) and self._first_column_reason(cells[s], gap) is None]
        need = self._needed(gap)
        if need is None:
            return []
        return [s for s in self._where(need) if not self._stays(s)]

    def _card_sources(self) -> list[tuple[int, int]]:
        """``(source, gap)`` for every legal card move, gaps in reading order:
        what `_sources` gives for each gap, with its parts written inline
        (the listing follows every move, and the calls cost more than the
        work); the same property test holds it to `_refusal`."""
        cells, w, copies = self.cells, self.WIDTH, self.COPIES
        index, rank = cells.index, RANK_OF
        # `_stays`, row by row: a card stays when it lies in its row's locked run
        locked = self.locked_counts() if self.IN_PLACE_STAYS else None
        loose: list[tuple[int, int]] | None = None   # base-rank cards free to move
        moves: list[tuple[int, int]] = []
        gap = -1
        for _ in range(cells.count(None)):
            gap = index(None, gap + 1)
            if gap % w == 0:
                if loose is None:
                    loose = sorted((i, c) for c in self._BASE_CARDS for i in self._where(c)
                                   if locked is None or i % w >= locked[i // w])
                allowed: dict[int, bool] = {}
                for s, c in loose:
                    ok = allowed.get(c)
                    if ok is None:
                        ok = allowed[c] = self._first_column_reason(c, gap) is None
                    if ok:
                        moves.append((s, gap))
                continue
            left = cells[gap - 1]
            if left is None or rank[left] == KING:
                continue
            need, s = left + 4, -1
            for _ in range(copies):
                try:
                    s = index(need, s + 1)
                except ValueError:
                    break
                if locked is None or s % w >= locked[s // w]:
                    moves.append((s, gap))
        return moves

    # ----------------------------------------------------------- queries
    def dead_gaps(self) -> int:
        """How many gaps are dead (see :meth:`dead_places`)."""
        return len(self.dead_places())

    def dead_places(self) -> list[str]:
        """The dead gaps, in reading order: gaps right of a king, which
        nothing can ever fill."""
        cells, w = self.cells, self.WIDTH
        return [self.PLACES[i] for i, c in enumerate(cells)
                if c is None and i % w and cells[i - 1] is not None and RANK_OF[cells[i - 1]] == KING]

    def fillers(self, place: str) -> list[str]:
        """The places of the cards that may fill the gap at ``place`` now
        (none when ``place`` holds a card)."""
        i = self._index(place)
        if self.cells[i] is not None:
            return []
        return [self.PLACES[s] for s in self._sources(i)]

    def targets(self, place: str) -> list[str]:
        """The gaps the card at ``place`` may legally go to now."""
        i = self._index(place)
        return [self.PLACES[g] for s, g in self._card_sources() if s == i]

    def follows(self, place: str) -> list[str]:
        """The places of the card(s) the card at ``place`` follows (same suit,
        one rank lower): where it would go, right of one of them."""
        c = self.cells[self._index(place)]
        if c is None or RANK_OF[c] == 1:
            return []
        return [self.PLACES[i] for i in self._where(c - 4)]

    def hint_places(self, place: str) -> list[str]:
        """What a hint (Alt-click, right-click) on ``place`` lights: on a
        gap, the cards that may fill it now; on a card, each game's answer
        (see the subclass); ``[]`` when there is nothing to show."""
        i = self._index(place)
        if self.cells[i] is None:
            return self.fillers(place)
        return self._card_hint(i)

    def _card_hint(self, i: int) -> list[str]:
        raise NotImplementedError

    def pickup_reason(self, place: str, count: int = 1) -> str | None:
        """Why the card at ``place`` cannot be picked up, or None when it can."""
        try:
            i = self._index(place)
        except ValueError as e:
            return str(e)
        c = self.cells[i]
        if c is None:
            return f"There is no card at {place}: it is a gap."
        if count != 1:
            return f"Only one card moves at a time in {self.title}."
        if self._stays(i):
            return self._stay_reason(i)
        return None

    @property
    def stuck(self) -> bool:
        """No card can move (a shuffle or redeal is all that is left)."""
        return not self._is_won() and not self._card_sources()

    @property
    def can_redeal(self) -> bool:
        """Whether ``redeal`` is a legal move now."""
        return "redeal" in {str(m) for m in self.legal_moves()}

    def _is_won(self) -> bool:
        cells, w = self.cells, self.WIDTH
        # a won row ends in its gap: a quick "no" for almost every position
        if cells[w - 1::w].count(None) != self.ROWS:
            return False
        return sum(self.locked_counts()) == self.CARDS_IN_PLAY

    # ----------------------------------------------------------- moves
    def _generate(self) -> list[Move]:
        if self._is_won():
            return []
        cache = self._MOVE_CACHE
        moves = []
        for pair in self._card_sources():
            m = cache.get(pair)
            if m is None:
                m = cache[pair] = Move(self.PLACES[pair[0]], self.PLACES[pair[1]])
            moves.append(m)
        if self.redeals_left > 0 and (not moves or self.VOLUNTARY_REDEAL):
            moves.append(_REDEAL)
        return moves

    def _reason(self, move: Move) -> str | None:
        if self._is_won():
            return "The game is won: there is nothing left to play."
        if move.word == "redeal":
            return self._redeal_reason()
        if move.word is not None:
            return f"{self.title} has no {move.word!r} move; cards move into gaps, like 'b7-a3'."
        src, dst = self._index(move.src), self._index(move.dst)
        if move.count != 1 and self.cells[src] is not None:
            return f"Only one card moves at a time in {self.title}."
        return self._refusal(src, dst)

    def _irreversible_reason(self, move: str) -> str:
        return (f"A {self.REDEAL_WORD} cannot be undone: it dealt the cards anew at random. "
                f"Undo takes back moves made after it.")

    def _redeal_reason(self) -> str | None:
        if self.redeals_left <= 0:
            return f"No {self.REDEAL_WORD}s are left."
        if not self.VOLUNTARY_REDEAL:
            moves = self._card_sources()
            if moves:
                # the example: a card that gains by moving, not one already in
                # proper place (a 2 at a row's start going to another row's start)
                s, g = next(((s, g) for s, g in moves if not self._in_place(s)), moves[0])
                still = "still go" if not self._in_place(s) else "still go, though it is in place where it lies,"
                return (f"A {self.REDEAL_WORD} may be used only when no card can move; "
                        f"the {NAMES[self.cells[s]]} can {still} from {self.PLACES[s]} to {self.PLACES[g]}.")
        return None

    def _apply(self, move: Move) -> list[Event]:
        if move.word == "redeal":
            return self._redeal()
        src, dst = self.INDEX[move.src], self.INDEX[move.dst]
        c = self.cells[src]
        self.cells[dst], self.cells[src] = c, None
        return [CardMoved(NAMES[c], move.src, move.dst)]

    def _redeal_rng(self) -> Rng:
        return Rng(self.seed, stream=1 + self._history.count("redeal"))

    def _redeal(self) -> list[Event]:
        raise NotImplementedError

    def _relaid(self, places: list[int], cards: list[int | None]) -> Redealt:
        for i, c in zip(places, cards):
            self.cells[i] = c
        return Redealt(tuple((None if c is None else NAMES[c], self.PLACES[i])
                             for i, c in zip(places, cards)))

    # ----------------------------------------------------------- data
    def _snapshot(self) -> Any:
        return (tuple(self.cells), self.redeals_left)

    def _restore(self, snapshot: Any) -> None:
        cells, self.redeals_left = snapshot
        self.cells = list(cells)

    def _dump(self) -> dict[str, Any]:
        w = self.WIDTH
        rows = [[None if c is None else NAMES[c] for c in self.cells[r * w:(r + 1) * w]]
                for r in range(self.ROWS)]
        return {"rows": rows, self.REDEALS_KEY: self.redeals_left}

    def _load(self, layout: dict[str, Any]) -> None:
        rows = layout.get("rows")
        if not isinstance(rows, list) or len(rows) != self.ROWS or any(
                not isinstance(r, list) or len(r) != self.WIDTH for r in rows):
            raise BadPosition(f"a position of {self.title} has 'rows': {self.ROWS} rows of "
                              f"{self.WIDTH} cells each (a card like '7H' or null)")
        cells: list[int | None] = []
        for r, row in enumerate(rows):
            for k, name in enumerate(row):
                if name is None:
                    cells.append(None)
                    continue
                try:
                    cells.append(CARDS[card(name)])
                except ValueError as e:
                    row = self.ROW_LETTERS[r].upper()
                    raise BadPosition(f"row {row}, column {k + self.FIRST_COLUMN}: {e}") from None
        left = layout.get(self.REDEALS_KEY)
        most = self._most_redeals()
        if isinstance(left, bool) or not isinstance(left, int) or not 0 <= left <= most:
            raise BadPosition(f"'{self.REDEALS_KEY}' must be a whole number from 0 to {most}, not {left!r}")
        problem = check_deck(self._deck_part(cells), self.COPIES)
        if problem:
            raise BadPosition(problem[0].upper() + problem[1:])
        self.cells = cells
        self.redeals_left = left
        self._check_layout()

    def _deck_part(self, cells: list[int | None]) -> list[int]:
        return [c for c in cells if c is not None]

    def _most_redeals(self) -> int:
        raise NotImplementedError

    def _check_layout(self) -> None:
        """Refuse, with BadPosition, what the rules make impossible."""

    # ----------------------------------------------------------- text
    def render(self) -> str:
        """The layout as text, one row a line, for the terminal game."""
        w = self.WIDTH
        head = "    " + "".join(f"{k + self.FIRST_COLUMN:>4}" for k in range(w))
        lines = [head]
        for r in range(self.ROWS):
            locked = self._locked_length(r)
            row = []
            for k in range(w):
                c = self.cells[r * w + k]
                text = "--" if c is None else NAMES[c]
                row.append(f"{text + ('*' if k < locked else ' '):>4}")
            lines.append(f"  {self.ROW_LETTERS[r]} " + "".join(row) + f"   {locked:>2} in place")
        return "\n".join(lines)
