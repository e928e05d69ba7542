"""Hints that never walk in circles: the next move, and the way on when no
move is known to help.

A hint (H) never leads back to a position the game has already been
through (issue 34): not the one before the last move (a take-back), and
not one passed twenty moves ago by way of three others.  A player who
follows H therefore never sees a position twice, and since a deal has
finitely many positions, following H always ends somewhere.  How:

- the positions of the game's history are listed by replaying it from the
  deal (:func:`passed`);
- the searches are told them as already reached where they can be (The
  Republic and The Smith's search over what the player sees, ``piles.py``;
  Gaps and Chinese Puzzle's ``grid.best_line``; the generic search of a
  game that brings no search of its own, ``generic.py``): no line they
  return passes through one;
- every hinted move is checked the same way in the engine (:func:`fresh`):
  a move into a passed position is never the hint, whatever the search
  said; The Prince's search, which cannot be told positions to avoid, has
  its other moves searched one by one when its line's first move would go
  back (:func:`_prince`).

When no move is known to help (nothing reachable without going back
gains anything), :func:`advise` names the way on instead, where the game
has one (:func:`way_on`): use a shuffle (Gaps: when stuck; when not, the
move that leads to being stuck, since a shuffle may be used only then),
redeal (Chinese Puzzle), deal the stock (The Smith; first the move that
fills an empty column, since a column left empty blocks the deal), turn the
stock or the talon over (The Republic), the layoff; otherwise taking back
the last move.  :attr:`Advice.reason` says which, and :meth:`Advice.words`
says it in a sentence for the table.

The verdict searches (``solve``) are never given positions to avoid: an
avoided position would make an "impossible" unsound; a hint's search only
ever uses its line.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ..spec import find, load
from .budget import Budget, OutOfBudget, collector_paused
from .replay import position_copy
from .result import Status

#: :attr:`Advice.reason`: the game is proved lost whatever is played
LOST = "lost"
#: nothing is known to help, and the way on is to take back the last move
UNDO = "undo"
#: the move is the way on named by the game (:data:`WAYS`)
SHUFFLE, TOWARD_SHUFFLE, REDEAL, DEAL, FILL_THEN_DEAL, TURN, REVEAL, TO_TALON, TALON, LAYOFF = (
    "shuffle", "toward-shuffle", "redeal", "deal", "fill-then-deal", "turn", "reveal", "to-talon", "talon",
    "layoff")
#: the share of a hint's budget its search gets; the rest is for the way on
SEARCH_SHARE = 0.75
#: nothing is known to help, and there is no way on
NOTHING = "nothing"
#: the words of each reason: after "No hint: " when there is no move, after
#: the hinted move's words when the move is a way on
WORDS = {
    LOST: "this deal can no longer be won",
    UNDO: "every move leads back to a position already played; take back your last move",
    NOTHING: "no move is known to help",
    SHUFFLE: "no card can be locked before a shuffle",
    TOWARD_SHUFFLE: "no card can be locked before a shuffle, and a shuffle may be used only when "
                    "no move is left; this move leads there",
    REDEAL: "no card can be locked in this deal",
    DEAL: "nothing on the table is known to help",
    FILL_THEN_DEAL: "nothing on the table is known to help, and an empty column blocks the deal: "
                    "fill it, then deal",
    TURN: "nothing on the table is known to help",
    TO_TALON: "nothing on the table is known to help",
    REVEAL: "nothing on the table is known to help; this shows the next card",
    TALON: "nothing on the table is known to help",
    LAYOFF: "nothing else is known to help",
}


@dataclass
class Advice:
    """A hint: ``move`` (engine notation; None when no move is known to
    help or the game is over) and ``reason``: "" for an ordinary hint,
    else one of this module's reasons (a way on, or why there is no move)."""

    move: str | None
    reason: str = ""
    #: the line the move begins, as the search found it (the move alone
    #: for a way on): a table may step through it while the player follows,
    #: so that H keeps to one plan rather than starting a new one each move
    line: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.move is not None and (not self.line or self.line[0] != self.move):
            self.line = [self.move]

    def words(self, started: bool = True) -> str:
        """The reason in plain words for the table ("" for an ordinary hint);
        a deal lost before its first move (not ``started``) "cannot be won"."""
        if self.reason == LOST and not started:
            return "this deal cannot be won"
        return WORDS.get(self.reason, "")


# ----------------------------------------------------------------- positions passed

def key(game: Any) -> str:
    """The position of ``game`` as a key: equal for equal positions (the
    cards where they lie, face-down ones too, and what is left to redeal).
    The same game's positions list their piles in the same order, so their
    text compares them (the Demo's short ways key positions the same way)."""
    return repr(game.position())


def passed(game: Any) -> list[dict]:
    """The positions ``game`` has been through, the deal's first and the
    present one last (each as the game's position document), by replaying
    its history from the deal; ``[game.position()]`` when it has no deal to
    replay from (a puzzle position, a game that does not read back)."""
    from .. import from_dict
    doc = game.to_dict()
    try:
        start = from_dict({k: v for k, v in doc.items() if k != "position"} | {"history": []})
    except Exception:  # noqa: BLE001 - a game that does not read back: its present alone
        return [game.position()]
    out = [start.position()]
    for move in doc.get("history", []):
        if start.explain(str(move)) is not None:
            return [game.position()]
        start.play(str(move))
        out.append(start.position())
    return out if out[-1] == game.position() else [game.position()]


def _keys(positions: list[dict]) -> set[str]:
    return {repr(p) for p in positions}


def after(game: Any, move: str) -> Any:
    """A copy of ``game`` at its position after ``move`` (which must be legal)."""
    copy = position_copy(game)
    copy.play(move)
    return copy


def fresh(game: Any, seen: set[str] | None = None) -> list[str]:
    """``game``'s legal moves that lead to a position it has not been
    through (``seen``: the keys of :func:`passed`, computed when not given)."""
    if seen is None:
        seen = _keys(passed(game))
    return [str(m) for m in game.legal_moves() if key(after(game, str(m))) not in seen]


def leads_back(game: Any, move: str) -> bool:
    """Whether playing ``move`` now brings ``game`` back to a position it
    has already been through (a table stepping through a known line asks)."""
    if game.explain(move) is not None:
        return False
    return key(after(game, move)) in replayed(game).keys


class Replay:
    """A game's history replayed from its deal, kept between questions
    about the same game (a hint, then the next one a move later): each
    question replays only the moves made since.  ``keys``: the position
    keys passed (:func:`key`), the present's included; ``search_keys``: the
    same positions keyed by ``keyer`` (a search's own keys), in order."""

    def __init__(self, start: Any, keyer: Any = None) -> None:
        self.game = start
        self.keyer = keyer
        self.history: list[str] = []
        self.keys: set[str] = set()
        self.search_keys: list = []
        self._record()

    def _record(self) -> None:
        self.keys.add(key(self.game))
        if self.keyer is not None:
            self.search_keys.append(self.keyer(self.game))

    def play(self, move: str) -> bool:
        if self.game.explain(move) is not None:
            return False
        self.game.play(move)
        self.history.append(move)
        self._record()
        return True


#: the replays kept (the newest few games asked about), by deal and keyer
_REPLAYS: dict[tuple, Replay] = {}
KEEP_REPLAYS = 4


def replayed(game: Any, keyer: Any = None) -> Replay:
    """``game``'s history replayed from its deal (a kept replay carried on
    when it is a replay of the start of this history; else a new one);
    when the game has no deal to replay from, or its replay does not come
    to its position, a replay of the present alone."""
    from .. import from_dict
    doc = game.to_dict()
    history = [str(m) for m in doc.get("history", [])]
    base = {k: v for k, v in doc.items() if k not in ("position", "history")}
    which = (json.dumps(base, sort_keys=True), getattr(keyer, "__qualname__", ""))
    r = _REPLAYS.get(which)
    if r is None or r.history != history[:len(r.history)]:
        try:
            r = Replay(from_dict(base | {"history": []}), keyer)
        except Exception:  # noqa: BLE001 - a game that does not read back: its present alone
            r = None
    if r is not None:
        for move in history[len(r.history):]:
            if not r.play(move):
                r = None
                break
    if r is None or r.game.position() != game.position():
        _REPLAYS.pop(which, None)
        return Replay(position_copy(game), keyer)
    _REPLAYS.pop(which, None)
    _REPLAYS[which] = r
    while len(_REPLAYS) > KEEP_REPLAYS:
        del _REPLAYS[next(iter(_REPLAYS))]
    return r


def model_key(game: Any) -> tuple:
    """The key The Republic and The Smith's search gives ``game``'s
    position, with the search's score of it and what is hidden there
    (:func:`hidden`)."""
    from .piles import model_of
    pos = model_of(game)(game)
    return pos.key(), pos.score(), hidden(game)


def hidden(game: Any) -> tuple:
    """How many cards lie face down in each of ``game``'s stock, packets and
    talon (each a pile the player has not seen all of): equal between two
    positions with no card shown between them (The Republic, The Smith)."""
    p = game.position()
    packets = p.get("packets") or []
    return (len(p.get("stock") or []), sum(len(k) for k in packets), len(p.get("talon") or []),
            p.get("redeals_left"))


def grid_key(game: Any) -> bytes:
    """The key Gaps and Chinese Puzzle's search gives ``game``'s position."""
    from .grid_model import Grid
    return bytes(Grid(game).s)


# ----------------------------------------------------------------- the advice

def advise(game: Any, budget: Budget) -> Advice:
    """The hint for ``game`` within ``budget`` (``engine.solve.hint`` gives
    its move): never a move into a position the game has been through; the
    way on when no move is known to help (the module docstring)."""
    if game.won or game.over:
        return Advice(None)
    spec = find(game.name)
    # a game that brings no search of its own is searched by the generic
    # search (``generic.py``), keyed as the hints key positions (:func:`key`)
    generic = spec is not None and spec.solver is None
    keyer = (model_key if spec is not None and spec.avoids else grid_key if spec and spec.hint_line
             else key if generic else None)
    replay = replayed(game, keyer)
    seen = replay.keys
    moves = fresh(game, seen)
    if not moves:
        return way_on(game, [], budget, seen)
    search = load(spec.solver) if spec is not None and spec.solver is not None else None
    floor = None
    if keyer is model_key:
        # a hint's line must end better than the best position passed since
        # a card was last shown (by the search's score), not only better than
        # this one: the score climbs between deals, so H cannot wander on
        # (a column emptied, filled, emptied again) and deals once nothing
        # beats what it has had
        now = replay.search_keys[-1][2]
        earlier = frozenset(k for k, _, _ in replay.search_keys[:-1])
        floor = max((score for _, score, shown in replay.search_keys[:-1] if shown == now), default=None)
    else:
        earlier = frozenset(replay.search_keys[:-1])
    lost = closed = False
    # most of the budget for the search; the rest for the way on, if needed
    part = budget.part(SEARCH_SHARE)
    try:
        with collector_paused():
            if spec is not None and spec.avoids:
                status, line = search(game, part, False, avoid_keys=earlier, gains_only=True, floor=floor)
                # every position reachable without going back seen, none of them a way on
                closed = status is Status.IMPOSSIBLE
                line = line if not closed else []
            elif spec is not None and spec.hint_line is not None:
                line = load(spec.hint_line)(game, part, avoid_keys=earlier)
            elif generic:
                from .generic import search as generic_search
                # from what the player sees; a line only when it wins or ends
                # better than the position is now (the generic search's UNKNOWN)
                status, line = generic_search(game, part, False, avoid_keys=earlier)
                closed = status is Status.IMPOSSIBLE
                line = line if not closed else []
            else:
                line, lost = _prince(game, part, moves)
    except OutOfBudget:
        line = []
    finally:
        part.release()
    if line and line[0] in moves:
        return Advice(line[0], line=list(line))
    if lost:
        return Advice(None, LOST)
    advice = way_on(game, moves, budget, seen)
    if advice.reason == NOTHING:
        # nothing known to help and no way on: is the deal lost, or is going
        # back the way on?
        return Advice(None, _nothing_in(game, budget, closed))
    return advice


def _nothing_in(game: Any, budget: Budget, closed: bool) -> str:
    """Why no hint, when nothing known helps and the game has no way on:
    :data:`LOST` when a search from what the player sees, going back
    allowed, proves that nothing wins (a proof: the searches prune only
    what cannot matter; in Gaps and Chinese Puzzle only once no shuffle or
    redeal is left, since their search plays the deal as it lies);
    :data:`UNDO` when nothing reachable without going back leads on
    (``closed``) and the last move can be taken back; else :data:`NOTHING`."""
    from . import solve
    random_left = getattr(game, "redeals_left", 0) if game.irreversible else 0
    if not random_left:
        part = budget.part(1.0)
        with collector_paused():
            if solve(game, part).status is Status.IMPOSSIBLE:
                return LOST
    return UNDO if closed and game.can_undo and game.history else NOTHING


def _prince(game: Any, budget: Budget, moves: list[str]) -> tuple[list[str], bool]:
    """The hint's line where the search cannot be told positions to avoid
    (The Prince): the search's line when its first move is fresh; else, a
    share of the budget each, the first of ``moves`` (the fresh ones) from
    whose position a search wins.  Also whether the game is proved lost."""
    from . import solve
    result = solve(game, budget.part(0.5))
    if result.status is Status.IMPOSSIBLE:
        return [], True
    if result.moves and result.moves[0] in moves:
        return result.moves, False
    best: list[str] = []
    for i, m in enumerate(moves):
        child = after(game, m)
        r = solve(child, budget.part(1 / max(1, len(moves) - i)))
        if r.status is Status.WON:
            return [m] + r.moves, False
        if r.status is Status.UNKNOWN and not best:
            best = [m] + r.moves
    return best, False


def way_on(game: Any, moves: list[str], budget: Budget, seen: set[str]) -> Advice:
    """When no move is known to help: the way on the game has (a fresh move
    of ``moves`` with its reason), else why there is none."""
    words = {m for m in moves if "-" not in m}
    if "redeal" in getattr(game, "irreversible", ()):
        # Gaps' shuffle, Chinese Puzzle's redeal: the cards dealt anew
        shuffle = getattr(game, "REDEAL_WORD", "redeal") == "shuffle"
        if "redeal" in words:
            return Advice("redeal", SHUFFLE if shuffle else REDEAL)
        if getattr(game, "redeals_left", 0) > 0:
            # listed only once no move is left (Gaps): the way there
            line = _to_stuck(game, seen, budget)
            if line:
                return Advice(line[0], TOWARD_SHUFFLE)
    if "deal" in words:
        return Advice("deal", DEAL)
    if getattr(game, "stock_move", None) == "deal" and game.stock_size and game.explain("deal") is not None:
        # The Smith: an empty column blocks the deal; a move that fills one
        filling = sorted((m for m in moves if _fills_empty_column(game, m)), key=lambda m: _fill_rank(game, m))
        if filling:
            # the deal right after, when that filled the last empty column: one plan
            m = filling[0]
            then = ["deal"] if after(game, m).explain("deal") is None else []
            return Advice(m, FILL_THEN_DEAL, line=[m] + then)
    if "turn" in words:
        return Advice("turn", TURN)
    shows = _reveals(game, moves)
    if shows:
        # a move that shows a card (The Republic: a talon card played, the
        # next one shows): what is learned may open a way
        return Advice(shows[0], REVEAL)
    if "s-t" in moves:
        return Advice("s-t", TO_TALON)
    if "redeal" in words:
        return Advice("redeal", TALON)
    if "layoff" in words:
        return Advice("layoff", LAYOFF)
    if not moves and game.history and game.can_undo:
        return Advice(None, UNDO)
    return Advice(None, NOTHING)


def _reveals(game: Any, moves: list[str]) -> list[str]:
    """The moves of ``moves`` that show a hidden card, by the search's model
    (The Republic and The Smith), those that show most first; for a game
    searched by the generic search, those whose events show a card; [] for
    a game whose search has no model."""
    spec = find(game.name)
    if spec is not None and spec.solver is None and game.hides_cards:
        # a game searched by the generic search: the moves whose events show a card
        from .generic import shows
        return [m for m in moves if shows(game, m)]
    if spec is None or spec.model is None:
        return []
    pos = load(spec.model)(game)
    fresh_moves = set(moves)
    shown = [m for m in pos.moves(None, None) if pos.is_frontier(m) and pos.text(m) in fresh_moves]
    shown.sort(key=lambda m: -pos.frontier_gain(m))
    return [pos.text(m) for m in shown]


def _fills_empty_column(game: Any, move: str) -> bool:
    """Whether ``move`` puts cards into an empty column and leaves none
    empty in their place (The Smith)."""
    from ..notation import Move
    m = Move.parse(move)
    if m.word is not None or not (m.dst or "").startswith("c") or game.card_at(m.dst) is not None:
        return False
    return not m.src.startswith("c") or len(game.position()["columns"][int(m.src[1:]) - 1]) > m.count


def _fill_rank(game: Any, move: str) -> tuple:
    """The order in which filling moves are tried (lowest first): the
    highest card at the moved unit's base first (a king in an empty column
    never blocks anything), then the longest unit."""
    from ..cards import RANK_OF, card
    from ..notation import Move
    m = Move.parse(move)
    column = game.position()["columns"][int(m.src[1:]) - 1]
    return (-RANK_OF[int(card(column[-m.count]))], -m.count, move)


#: the positions the search for a stuck position looks at, at most
STUCK_NODES = 20_000


def _to_stuck(game: Any, seen: set[str], budget: Budget) -> list[str]:
    """Gaps: the shortest line of card moves, through positions the game has
    not been through, to a position with no move left (where a shuffle may
    be used); [] when none is found within ``STUCK_NODES`` positions."""
    start = position_copy(game)
    queue: deque = deque([(start, [])])
    visited = set(seen)
    visited.add(key(start))
    looked = 0
    while queue and looked < STUCK_NODES:
        g, line = queue.popleft()
        if budget.exhausted():
            break
        for m in g.legal_moves():
            text = str(m)
            if text == "redeal":
                return line
            child = after(g, text)
            k = key(child)
            if k in visited:
                continue
            visited.add(k)
            looked += 1
            if child.over or "redeal" in {str(x) for x in child.legal_moves()}:
                return line + [text]
            queue.append((child, line + [text]))
    return []
