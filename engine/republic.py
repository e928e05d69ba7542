"""The Republic (after Napoleon's "Emperor"): RULES.md section 3.

Two decks: 10 packets of 3 cards face down, a column of one face-up card
under each, 8 foundations, and the other 64 cards as the stock, with the
talon beside it.  Columns pack by the chosen rule, with sequence moves by
vacancies.  A column emptied while its packet holds cards shows the packet's
top card, which may be played away, but nothing may be put there; the
packet's last card moves down into the column by itself.  A column is a
vacancy only when it and its packet are both empty.

``turn`` turns the stock's top card up as the turned card ``s``; with no
move anywhere it goes to the talon by itself, otherwise it waits to be
played or moved to the talon by hand (``s-t``).  The talon's top card plays.
``redeal`` turns the talon over, as it lies, back into the stock: never
under any-suit, once under alternating colour, without limit under same
suit.

Whether a packet's top card is face up is not stored: it is face up exactly
when its column is empty.
"""

from __future__ import annotations

from typing import Any

from .cards import KING, NAMES, RANK_OF, shuffled_deck
from .errors import BadPosition
from .events import CardMoved, CardsDealt, CardTurned, Event
from .notation import Move
from .packing import PACKS, RULES
from .tableau import PileGame

N = 10                     # columns and packets
PACKET_SIZE = 3
STOCK_SIZE = 104 - N * PACKET_SIZE - N
#: talon redeals each rule allows (-1: unlimited)
REDEALS = {"any-suit": 0, "alternate": 1, "same-suit": -1}
#: the longest sequence a column can hold (K down to A)
LONGEST = 13

#: for each rule, for each card, the cards it may be packed on
_PARENTS = {rule: tuple(frozenset(u for u in range(52) if fits(u, c)) for c in range(52))
            for rule, fits in PACKS.items()}
_ACES = frozenset(range(4))
_COLUMN = tuple(f"c{i + 1}" for i in range(N))
_PACKET = tuple(f"p{i + 1}" for i in range(N))
_PLACES = {**{p: ("c", i) for i, p in enumerate(_COLUMN)}, **{p: ("p", i) for i, p in enumerate(_PACKET)},
           **{f"f{j + 1}": ("f", j) for j in range(8)}, "f": ("f", None), "s": ("s", None), "t": ("t", None)}

# Moves are immutable values, so the generator hands out shared ones.
#: _COLUMN_MOVES[i][j][k]: k cards from column i onto column j
_COLUMN_MOVES = tuple(tuple((None, *(Move(_COLUMN[i], _COLUMN[j], k) for k in range(1, LONGEST + 1))) for j in range(N))
                      for i in range(N))
_FOUNDATION = tuple(f"f{j + 1}" for j in range(8))
_SINGLE_NAMES = (*_PACKET, "s", "t", *_FOUNDATION)
#: _SINGLE_MOVES[src][j]: the card at src onto column j; _TO_FOUNDATION[src]: to a foundation
_SINGLE_MOVES = {src: tuple(Move(src, c) for c in _COLUMN) for src in _SINGLE_NAMES}
_TO_FOUNDATION = {src: Move(src, "f") for src in (*_COLUMN, *_PACKET, "s", "t")}
_TURNED_TO_TALON = Move("s", "t")
_WORD_MOVES = {w: Move(word=w) for w in ("layoff", "turn", "redeal")}


class Republic(PileGame):
    name = "republic"
    title = "The Republic"
    OPTIONS = {"rule": RULES}
    N_COLUMNS, N_FOUNDATIONS, COPIES = N, 8, 2
    OTHER_PILES = {"p": N}
    SINGLE_PLACES = ("s", "t")
    LAYOFF_FROM = ("c", "p")
    WORDS = ("layoff", "turn", "redeal")

    packets: list[list[int]]
    stock: list[int]
    turned: int | None
    talon: list[int]
    redeals_left: int

    # ----------------------------------------------------------- the deal
    def _deal(self) -> list[Event]:
        """The deck's top card (the shuffle's first) is dealt first: three
        rounds of one face-down card to each packet, then one face-up card
        to each column; the rest of the deck, face down, is the stock."""
        cards = shuffled_deck(self.seed, copies=2)
        self.packets = [[] for _ in range(N)]
        dealt = []
        at = 0
        for _ in range(PACKET_SIZE):
            for i in range(N):
                self.packets[i].append(cards[at])
                dealt.append((NAMES[cards[at]], _PACKET[i]))
                at += 1
        self.columns = []
        for i in range(N):
            self.columns.append([cards[at]])
            dealt.append((NAMES[cards[at]], _COLUMN[i]))
            at += 1
        self.stock = list(reversed(cards[at:]))
        self.turned = None
        self.talon = []
        self.foundations = [None] * 8
        self.redeals_left = REDEALS[self.rule]
        self._reset_shown()
        return [CardsDealt(tuple(dealt))]

    # ----------------------------------------------------------- public queries
    def packet_face_up(self, i: int) -> bool:
        """Whether packet ``i`` (0-based) shows its top card face up: exactly
        when the packet holds cards and its column is empty."""
        return bool(self.packets[i]) and not self.columns[i]

    def face_down(self, i: int) -> int:
        """How many cards of packet ``i`` (0-based) lie face down."""
        return len(self.packets[i]) - (1 if self.packet_face_up(i) else 0)

    @property
    def stock_size(self) -> int:
        """How many cards are left face down in the stock."""
        return len(self.stock)

    @property
    def can_turn(self) -> bool:
        """Whether ``turn`` is legal: the stock holds cards and no turned card waits."""
        return bool(self.stock) and self.turned is None

    @property
    def can_redeal(self) -> bool:
        """Whether ``redeal`` is legal: the stock is empty, the talon is not,
        no turned card waits and the rule leaves a redeal."""
        return not self.stock and bool(self.talon) and self.turned is None and self.redeals_left != 0

    @property
    def redeals_used(self) -> int:
        """The talon redeals played since the deal (or the puzzle's position)."""
        return self._history.count("redeal")

    def card_at(self, place: str) -> str | None:
        """The card a player sees on top of ``place`` (``"c3"``, ``"p3"``,
        ``"f2"``, ``"s"``, ``"t"``), or ``None``: an empty pile, a packet
        whose top is face down, or bare ``"f"``.  ``ValueError`` for no such place."""
        kind, i = self._place(place)
        if kind == "c":
            col = self.columns[i]
            c = col[-1] if col else None
        elif kind == "f":
            c = None if i is None else self.foundations[i]
        else:
            c = self._single_top(kind, i)
        return None if c is None else NAMES[c]

    def targets(self, place: str, count: int = 1) -> list[str]:
        """Where the top ``count`` cards at ``place`` may go now, as places
        (``"c5"``, ``"f"``, ``"t"``), in the order of ``legal_moves()``."""
        kind, i = self._place(place)
        src = self._name(kind, i)
        return [m.dst for m in self.legal_moves() if m.src == src and m.count == count]

    def turned_has_move(self) -> bool:
        """Whether the waiting turned card could be played now (onto a column,
        into a vacancy or to a foundation); False when no card waits."""
        return self.turned is not None and self._playable(self.turned)

    # ----------------------------------------------------------- hooks
    def _is_vacancy(self, i: int) -> bool:
        return not self.columns[i] and not self.packets[i]

    def _takes_cards(self, i: int) -> bool:
        return not self.packets[i]

    def _closed_column_reason(self, j: int) -> str:
        return (f"Nothing may be put in column c{j + 1} while its packet p{j + 1} holds cards: "
                "a column is a vacancy only when its packet is empty too.")

    def _place(self, place: str) -> tuple[str, int | None]:
        found = _PLACES.get(place)
        return found if found is not None else super()._place(place)

    def _single_sources(self) -> list[tuple[str, int | None]]:
        return [*(("p", i) for i in range(N)), ("s", None), ("t", None), *(("f", j) for j in range(8))]

    def _single_top(self, kind: str, i: int | None) -> int | None:
        if kind == "p":
            packet = self.packets[i]
            return packet[-1] if packet and not self.columns[i] else None
        if kind == "s":
            return self.turned
        if kind == "t":
            return self.talon[-1] if self.talon else None
        return super()._single_top(kind, i)

    def _single_refusal(self, kind: str, i: int | None) -> str:
        if kind == "p":
            if not self.packets[i]:
                return f"Packet p{i + 1} is empty."
            return (f"Packet p{i + 1}'s cards are face down under column c{i + 1}: "
                    "its top card shows only when the column is empty.")
        if kind == "s":
            return "No turned stock card waits: 'turn' turns one up."
        if kind == "t":
            return "The talon is empty."
        return f"Foundation f{i + 1} is empty."

    def _take_single(self, kind: str, i: int | None) -> int:
        if kind == "p":
            return self.packets[i].pop()
        if kind == "s":
            c, self.turned = self.turned, None
            return c
        if kind == "t":
            return self.talon.pop()
        return super()._take_single(kind, i)

    def _extra_moves(self, kind: str, i: int | None) -> list[Move]:
        return [_TURNED_TO_TALON] if kind == "s" else []

    def _other_destination_reason(self, sk: str, si: int | None, dk: str, di: int | None, count: int) -> str | None:
        if dk == "t":
            if sk != "s":
                return "Only the turned stock card goes to the talon ('s-t')."
            if count != 1:
                return "Only one card at a time comes from the turned stock card."
            if self.turned is None:
                return self._single_refusal("s", None)
            return None
        if dk == "p":
            return "No card is ever put on a packet."
        if dk == "s":
            return "Only 'turn' puts a card in the turned card's place, from the stock."
        return super()._other_destination_reason(sk, si, dk, di, count)

    def _put_other(self, kind: str, i: int | None, cards: list[int]) -> None:
        self.talon.extend(cards)   # only the turned card comes here (s-t)

    def _settle(self) -> list[Event]:
        """A packet whose column is empty shows its top card (an event the
        first time each card shows); its last card moves down at once."""
        events: list[Event] = []
        cols, packets, shown = self.columns, self.packets, self._shown
        for i in range(N):
            packet = packets[i]
            if cols[i] or not packet:
                shown[i] = 0
                continue
            n = len(packet)
            if n == shown[i]:
                continue
            c = packet[-1]
            events.append(CardTurned(NAMES[c], _PACKET[i]))
            if n == 1:
                packet.pop()
                cols[i].append(c)
                events.append(CardMoved(NAMES[c], _PACKET[i], _COLUMN[i]))
                shown[i] = 0
            else:
                shown[i] = n
        return events

    def _reset_shown(self) -> None:
        # how many cards packet i held when its top last showed (0: not showing)
        self._shown = [len(p) if p and not c else 0 for p, c in zip(self.packets, self.columns)]

    # ----------------------------------------------------------- words
    def _word_reason(self, word: str) -> str | None:
        if word == "turn":
            if self.turned is not None:
                return (f"The turned {NAMES[self.turned]} waits: play it or move it to the talon ('s-t') "
                        "before turning another card.")
            if not self.stock:
                return "The stock is empty" + (": 'redeal' turns the talon over." if self.can_redeal else ".")
            return None
        if word == "redeal":
            if self.redeals_left == 0:
                if REDEALS[self.rule] == 0:
                    return "The talon is never redealt under the any-suit rule."
                return "The talon's one redeal is used."
            if self.turned is not None:
                return f"The turned {NAMES[self.turned]} waits: play it or move it to the talon ('s-t') first."
            if self.stock:
                return "The talon is redealt only when the stock is empty."
            if not self.talon:
                return "The talon is empty: there is nothing to redeal."
            return None
        return super()._word_reason(word)

    def _apply_word(self, word: str) -> list[Event]:
        if word == "turn":
            return self._turn()
        if word == "redeal":
            return self._redeal()
        return super()._apply_word(word)

    def _turn(self) -> list[Event]:
        c = self.stock.pop()
        self.turned = c
        events: list[Event] = [CardTurned(NAMES[c], "s")]
        if not self._playable(c):
            self.turned = None
            self.talon.append(c)
            events.append(CardMoved(NAMES[c], "s", "t"))
        return events

    def _playable(self, c: int) -> bool:
        """Has card ``c`` a move now: to a foundation, into a vacancy, or onto a column?"""
        if self._foundation_for(c) is not None:
            return True
        parents = _PARENTS[self.rule][c]
        for col, packet in zip(self.columns, self.packets):
            if (col and col[-1] in parents) or (not col and not packet):
                return True
        return False

    def _redeal(self) -> list[Event]:
        """The talon turned over as it lies: its first card is the stock's top.
        One event per card, the talon's top card first."""
        events: list[Event] = [CardMoved(NAMES[c], "t", "s") for c in reversed(self.talon)]
        self.stock = self.talon[::-1]
        self.talon = []
        if self.redeals_left > 0:
            self.redeals_left -= 1
        return events

    # ----------------------------------------------------------- the generator
    def _generate(self) -> list[Move]:
        # Same moves, in the same order, as PileGame._generate, computed faster.
        wanted: set[int] = set()
        for top in self.foundations:
            if top is None:
                wanted |= _ACES
            elif RANK_OF[top] != KING:
                wanted.add(top + 4)
        if not wanted:
            return []                       # won
        parents = _PARENTS[self.rule]
        cols, packets = self.columns, self.packets
        vacant = [j for j in range(N) if not cols[j] and not packets[j]]
        n_vac = len(vacant)
        lim_col = 1 << n_vac
        lim_vac = 1 << (n_vac - 1) if n_vac else 0
        tops = [(j, col[-1]) for j, col in enumerate(cols) if col]
        top_set = {top for _, top in tops}
        moves: list[Move] = []
        add = moves.append
        layoff = False
        for i in range(N):
            col = cols[i]
            if not col:
                continue
            top = col[-1]
            if top in wanted:
                add(_TO_FOUNDATION[_COLUMN[i]])
                layoff = True
            n = len(col)
            run = 1
            while run < n and col[n - run - 1] in parents[col[n - run]]:
                run += 1
            most_col = run if run < lim_col else lim_col
            most_vac = run if run < lim_vac else lim_vac
            if not most_vac:
                # no vacancy to go to: look further only if some top takes a card of the run
                for k in range(1, most_col + 1):
                    if not top_set.isdisjoint(parents[col[-k]]):
                        break
                else:
                    continue
            row = _COLUMN_MOVES[i]
            lowest = RANK_OF[top]
            for j in range(N):
                if j == i:
                    continue
                dst = cols[j]
                if dst:
                    # a run's ranks climb by one from its top card: only the
                    # length ending one rank below dst's top can land there
                    k = RANK_OF[dst[-1]] - lowest
                    if 1 <= k <= most_col and dst[-1] in parents[col[-k]]:
                        add(row[j][k])
                elif most_vac and not packets[j]:
                    moves.extend(row[j][1:most_vac + 1])
        sources = [(_PACKET[i], packets[i][-1]) for i in range(N) if packets[i] and not cols[i]]
        for _, c in sources:
            if c in wanted:
                layoff = True
        if self.turned is not None:
            sources.append(("s", self.turned))
        if self.talon:
            sources.append(("t", self.talon[-1]))
        n_singles = len(sources)
        found = self.foundations
        sources += [(_FOUNDATION[j], found[j]) for j in range(8) if found[j] is not None]
        for k, (src, c) in enumerate(sources):
            if k < n_singles and c in wanted:
                add(_TO_FOUNDATION[src])
            to = _SINGLE_MOVES[src]
            ps = parents[c]
            if not ps.isdisjoint(top_set):
                for j, top in tops:
                    if top in ps:
                        add(to[j])
            for j in vacant:
                add(to[j])
            if src == "s":
                add(_TURNED_TO_TALON)
        if layoff:
            add(_WORD_MOVES["layoff"])
        if self.turned is None:
            if self.stock:
                add(_WORD_MOVES["turn"])
            elif self.talon and self.redeals_left != 0:
                add(_WORD_MOVES["redeal"])
        return moves

    # ----------------------------------------------------------- state
    def _snapshot(self) -> Any:
        return (tuple(map(tuple, self.packets)), tuple(map(tuple, self.columns)), tuple(self.stock),
                self.turned, tuple(self.talon), tuple(self.foundations), self.redeals_left)

    def _restore(self, snapshot: Any) -> None:
        packets, cols, stock, turned, talon, found, redeals = snapshot
        self.packets = [list(p) for p in packets]
        self.columns = [list(c) for c in cols]
        self.stock = list(stock)
        self.turned = turned
        self.talon = list(talon)
        self.foundations = list(found)
        self.redeals_left = redeals
        self._reset_shown()

    def _dump(self) -> dict[str, Any]:
        return {"packets": [self._names(p) for p in self.packets],
                "columns": [self._names(c) for c in self.columns],
                "stock": self._names(self.stock),
                "turned": None if self.turned is None else NAMES[self.turned],
                "talon": self._names(self.talon),
                "foundations": [None if c is None else NAMES[c] for c in self.foundations],
                "redeals_left": self.redeals_left}

    def _load(self, layout: dict[str, Any]) -> None:
        packets = self._read_piles(layout, "packets", N)
        columns = self._read_piles(layout, "columns", N)
        for key in ("stock", "turned", "talon"):
            if key not in layout:
                raise BadPosition(f"a Republic position has {key!r}: "
                                  + ("a card or null" if key == "turned" else "a list of cards, bottom to top"))
        stock = self._read_pile(layout["stock"], "the stock")
        talon = self._read_pile(layout["talon"], "the talon")
        turned = self._read_card(layout["turned"], "the turned card")
        found = self._read_foundations(layout)
        redeals = layout.get("redeals_left")
        if isinstance(redeals, bool) or not isinstance(redeals, int):
            raise BadPosition("a Republic position has 'redeals_left': a whole number (-1 for unlimited)")
        cards = [c for pile in packets + columns for c in pile] + stock + talon
        if turned is not None:
            cards.append(turned)
        self._check_cards(cards + self._foundation_cards(found))
        allowed = REDEALS[self.rule]
        if redeals != allowed and not (allowed > 0 and 0 <= redeals < allowed):
            rule = self.rule
            if allowed < 0:
                raise BadPosition(f"the {rule} rule redeals the talon without limit: redeals_left is -1, "
                                  f"not {redeals}")
            raise BadPosition(f"the {rule} rule allows {allowed} talon redeal{'s' if allowed != 1 else ''}: "
                              f"redeals_left cannot be {redeals}")
        for i, packet in enumerate(packets):
            if len(packet) > PACKET_SIZE:
                raise BadPosition(f"packet {i + 1} holds {len(packet)} cards; a packet is dealt "
                                  f"{PACKET_SIZE} and never gains one")
            if len(packet) == 1 and not columns[i]:
                raise BadPosition(f"column {i + 1} is empty over a packet holding one card: "
                                  "that card moves down into the column at once")
        off_table = len(stock) + len(talon) + (turned is not None)
        if off_table > STOCK_SIZE:
            raise BadPosition(f"the stock, the turned card and the talon hold {off_table} cards; "
                              f"the stock is dealt {STOCK_SIZE} and never gains one")
        self.packets, self.columns, self.stock, self.turned = packets, columns, stock, turned
        self.talon, self.foundations, self.redeals_left = talon, found, redeals
        self._check_foundation_suits()
        self._reset_shown()

    # ----------------------------------------------------------- text
    def render(self) -> str:
        """A compact picture for the terminal: packets as one ``#`` per
        face-down card, then ``+`` and the face-up top when it shows."""
        turned = "--" if self.turned is None else NAMES[self.turned]
        talon = f"{len(self.talon)}" + (f" (top {NAMES[self.talon[-1]]})" if self.talon else "")
        redeals = "unlimited" if self.redeals_left < 0 else str(self.redeals_left)
        fnd = " ".join("--" if c is None else NAMES[c] for c in self.foundations)
        lines = [f"stock: {len(self.stock)}   turned s: {turned}   talon t: {talon}   redeals left: {redeals}",
                 f"foundations f1..f8: {fnd}"]
        for i in range(N):
            packet = self.packets[i]
            if not packet:
                shown = "--"
            elif self.packet_face_up(i):
                shown = "#" * (len(packet) - 1) + "+" + NAMES[packet[-1]]
            else:
                shown = "#" * len(packet)
            col = " ".join(NAMES[c] for c in self.columns[i])
            lines.append(f"  {_PACKET[i]:<3} {shown:<6}  {_COLUMN[i] + ':':<4} {col}".rstrip())
        return "\n".join(lines)
