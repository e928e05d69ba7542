"""What the solver has proved this session, kept so that it is not searched
for again.

The indicator asks the solver's process about the position on the table
after every move.  Much of what it would search for is known already:

- a position proved **won** comes with a winning line; the position after
  the line's first move is won too, with the rest of the line, so a player
  who follows the line (H, the Demo) needs no new search;
- a position proved **lost** stays lost whatever is played from it, up to
  the next random move (Gaps' shuffle, Chinese Puzzle's redeal, which deal
  the cards anew): every later position of the game is lost without a search;
- a verdict found once for a position is remembered for the session, so an
  undo, a redo or a position reached again is answered at once; so is a
  search that gave up (searching it again with the same budget would give up
  again, the budgets being processor time, not the wall clock);
- after searches that gave up, a few positions are let pass before the
  next full search (``MOST_LET_PASS``): a deal the solver cannot decide in
  its budget seldom becomes decidable in one move.  Those positions get a
  short probe only (``game.assistant.assistant.PROBE_S``), which decides the ones
  that have become easy (a game that has just been lost, say).

Positions are told apart by the game's own document of the position (the
cards where they lie, face-down ones too), its game and options, hashed.
The table owns one :class:`Knowledge` for the session (the assistant's ``knowledge``);
the review asks it what the table proved along a game (:meth:`along`).
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

WON, LOST, UNKNOWN = "won", "impossible", "unknown"
def random_moves(game: Any) -> frozenset:
    """The moves of ``game`` after which the cards are dealt anew at random
    (the game's ``irreversible`` ones: Gaps' shuffle, Chinese Puzzle's
    redeal; not The Republic's redeal, which turns its talon over): a loss
    before one says nothing of the positions after it."""
    return frozenset(getattr(type(game), "irreversible", frozenset()))
#: after a search that gave up, the positions let pass before the next
#: search double with each search in a row that gives up (0, 1, 3, ...),
#: up to this many: one move seldom makes a deal the solver cannot decide
#: decidable, and a search that gives up costs its whole budget.  Any
#: verdict found starts the count again.
MOST_LET_PASS = 3
#: the positions remembered, at most (the oldest are forgotten first); a
#: position costs its key and a reference to a line shared with its neighbours
LIMIT = 50_000


class Verdict:
    """The solver's word on one position: ``status`` (won, impossible,
    unknown) and, when won, a winning line from it (``line[offset:]``: the
    positions along one line share its list)."""

    __slots__ = ("status", "_line", "_offset", "let_pass")

    def __init__(self, status: str, line: list[str] | None = None, offset: int = 0, let_pass: bool = False) -> None:
        self.status = status
        #: not known because the position was let pass unsearched (after
        #: searches that gave up): only a short probe is worth making
        self.let_pass = let_pass
        self._line = line or []
        self._offset = offset

    @property
    def line(self) -> list[str]:
        return self._line[self._offset:]

    def after(self, move: str, random: frozenset = frozenset()) -> Verdict | None:
        """What this verdict says of the position after ``move`` from its
        own, without a search: won along the line when ``move`` is the
        line's next one, lost for good once lost (unless ``move`` deals the
        cards anew: one of ``random``); None when it says nothing."""
        if self.status == LOST and move not in random:
            return Verdict(LOST)
        if self.status == WON and self._offset < len(self._line) and self._line[self._offset] == move:
            return Verdict(WON, self._line, self._offset + 1)
        return None

    def __repr__(self) -> str:
        return f"Verdict({self.status!r}, {len(self.line)} moves)"


def position_key(game: Any) -> str:
    """The key of ``game``'s position: equal for equal positions of the same
    game and options, whatever history led there."""
    doc = game.to_dict()
    text = json.dumps([doc["game"], doc.get("options", {}), doc.get("position")], sort_keys=True,
                      separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _history_key(game: Any, moves: int) -> str:
    """The key of ``game``'s position after its first ``moves`` moves, by
    the deal and the moves that led there (cheap: no position is made)."""
    text = json.dumps([game.name, game.options, game.seed, [str(m) for m in game.history[:moves]]],
                      sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class Knowledge:
    """The session's verdicts, position by position."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._verdicts: OrderedDict[str, Verdict] = OrderedDict()
        #: the key of (game, options, deal, history) -> the position's key,
        #: for every position the table has shown (:meth:`along`)
        self._keys: dict[str, str] = {}
        #: a winning line known from the position before this one, which
        #: the move played left (:meth:`line_before`)
        self._line_before: list[str] = []
        #: the position last looked at: its game, number of moves and key
        self._last: tuple[Any, int, str] | None = None
        #: the solver's answers learned (searches made)
        self.searches = 0
        #: the key of the position last looked at (:meth:`learn_key`)
        self.last_key = ""
        #: the game whose searches gave up, how many in a row, and the
        #: positions let pass since the last one
        self._giving_up: tuple[Any, int, int] = (None, 0, 0)

    def __len__(self) -> int:
        return len(self._verdicts)

    def _remember(self, key: str, verdict: Verdict) -> None:
        old = self._verdicts.get(key)
        if old is not None and old.status != UNKNOWN and verdict.status == UNKNOWN:
            return                      # a proof is never overwritten by a search that gave up
        self._verdicts[key] = verdict
        self._verdicts.move_to_end(key)
        while len(self._verdicts) > self.limit:
            self._verdicts.popitem(last=False)

    def look(self, game: Any) -> Verdict | None:
        """The verdict on the position on the table, if known: remembered
        for this very position, or following without a search from the one
        looked at just before, when this one came from it by one move.
        Every position looked at is remembered for :meth:`along`."""
        key = position_key(game)
        n = len(game.history)
        self._keys[_history_key(game, n)] = key
        last, self._last = self._last, (game, n, key)
        self.last_key = key
        known = self._verdicts.get(key)
        self._line_before = []
        if known is None and last is not None and last[0] is game and last[1] == n - 1 and game.history:
            before = self._verdicts.get(last[2])
            if before is not None:
                known = before.after(str(game.history[-1]), random_moves(game))
                if known is not None:
                    self._remember(key, known)
                elif before.status == WON:
                    self._line_before = before.line
        if known is not None:
            self._verdicts.move_to_end(key)
            return known
        which, in_a_row, passed = self._giving_up
        if which is game and in_a_row and passed < min(2 ** (in_a_row - 1), MOST_LET_PASS + 1) - 1:
            self._giving_up = (game, in_a_row, passed + 1)
            return Verdict(UNKNOWN, let_pass=True)   # the last search gave up a move or two ago
        return None

    def peek(self, game: Any) -> Verdict | None:
        """The verdict remembered for ``game``'s very position, if any
        (nothing else is changed: :meth:`look` is for the indicator)."""
        return self._verdicts.get(position_key(game))

    def line_before(self) -> list[str]:
        """A winning line known from the position before the one last looked
        at, which the move between them left (the player played another
        move): the solver tries it from here before it searches; [] when
        none is known."""
        return list(self._line_before)

    def learn(self, game: Any, status: str, moves: list[str] | None = None) -> Verdict:
        """The solver's ``status`` on ``game``'s position (won with ``moves``,
        impossible, unknown), remembered for the session."""
        return self.learn_key(position_key(game), status, moves)

    def learn_key(self, key: str, status: str, moves: list[str] | None = None, probe: bool = False) -> Verdict:
        """:meth:`learn` for the position of key ``key`` (:attr:`last_key`
        when it was asked about).  ``probe``: the answer of a short search
        of a position let pass, which says nothing when it gives up."""
        verdict = Verdict(status, list(moves or []) if status == WON else None)
        self.searches += 1
        if probe and status == UNKNOWN:
            return verdict
        self._remember(key, verdict)
        game = self._last[0] if self._last is not None and self._last[2] == key else None
        if status == UNKNOWN and game is not None:
            which, in_a_row, _ = self._giving_up
            self._giving_up = (game, in_a_row + 1 if which is game else 1, 0)
        elif status != UNKNOWN:
            self._giving_up = (None, 0, 0)
        return verdict

    def along(self, game: Any) -> dict[int, str]:
        """The verdicts proved this session for the positions along
        ``game``'s history (position k: after k moves), "won" or "lost": a
        loss carries to every later position, a win to every earlier one, as
        far as the next random move (a shuffle or redeal) either way."""
        n = len(game.history)
        proved: dict[int, str] = {}
        for k in range(n + 1):
            key = self._keys.get(_history_key(game, k))
            verdict = self._verdicts.get(key) if key is not None else None
            if verdict is not None and verdict.status in (WON, LOST):
                proved[k] = "won" if verdict.status == WON else "lost"
        history = [str(m) for m in game.history]
        random = random_moves(game)
        for k, status in sorted(proved.items()):
            if status != "lost":
                continue
            j = k
            while j < n and history[j] not in random:
                j += 1
                proved.setdefault(j, "lost")
        for k, status in sorted(proved.items(), reverse=True):
            if status != "won":
                continue
            j = k
            while j > 0 and history[j - 1] not in random:
                j -= 1
                proved.setdefault(j, "won")
        return dict(sorted(proved.items()))
