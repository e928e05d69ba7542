"""The Republic (after Napoleon's "Emperor"): the rules of docs/rules.md, "The Republic".

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

from collections.abc import Sequence
from typing import Any

from .cards import NAMES, shuffled_deck
from .errors import BadPosition
from .events import CardMoved, CardsDealt, CardTurned, Event
from .packing import RULES
from .scoring import Scoring
from .spec import GameSpec, rule_variants
from .tableau import PileGame

N = 10                     # columns and packets
PACKET_SIZE = 3
STOCK_SIZE = 104 - N * PACKET_SIZE - N
#: talon redeals each rule allows (-1: unlimited)
REDEALS = {"any-suit": 0, "alternate": 1, "same-suit": -1}
_COLUMN = tuple(f"c{i + 1}" for i in range(N))
_PACKET = tuple(f"p{i + 1}" for i in range(N))
_NO_PACKET_TOPS = (None,) * N
_NO_PACKET_SHOWN = (0,) * N
_CLOSED = tuple(f"Nothing may be put in column c{i + 1} while its packet p{i + 1} holds cards: "
                "a column is a vacancy only when its packet is empty too." for i in range(N))


class Republic(PileGame):
    name = "republic"
    title = "The Republic"
    OPTIONS = {"rule": RULES}
    N_COLUMNS, N_FOUNDATIONS, COPIES = N, 8, 2
    OTHER_PILES = {"p": N, "s": 0, "t": 0}
    TAKES_FROM = ("p", "s", "t", "f")
    PUTS = {"t": ("s",)}
    LAYOFF_FROM = ("c", "p")
    WORDS = ("layoff", "turn", "redeal")
    hides_cards = True          # the packets, the stock
    stock_move = "turn"

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
            c = self._top(kind, i)
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
        return self.turned is not None and self._playable()

    # ----------------------------------------------------------- hooks
    def _closed(self, i: int) -> str | None:
        return _CLOSED[i] if self.packets[i] else None

    def _offered(self, kind: str) -> Sequence[int | None]:
        if kind == "p":
            if all(self.columns):   # most of a game: every packet lies under its column
                return _NO_PACKET_TOPS
            return [packet[-1] if packet and not col else None for packet, col in zip(self.packets, self.columns)]
        if kind == "s":
            return [self.turned]
        if kind == "t":
            return [self.talon[-1] if self.talon else None]
        return self.foundations

    def _no_top_reason(self, kind: str, i: int | None) -> str:
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

    def _take(self, kind: str, i: int | None) -> int:
        if kind == "p":
            return self.packets[i].pop()
        if kind == "s":
            c, self.turned = self.turned, None
            return c
        if kind == "t":
            return self.talon.pop()
        return super()._take(kind, i)

    def _put(self, kind: str, i: int | None, c: int) -> None:
        self.talon.append(c)   # PUTS: only the turned card comes here (s-t)

    def _settle(self) -> list[Event]:
        """A packet whose column is empty shows its top card (an event the
        first time each card shows); its last card moves down at once."""
        cols, packets, shown = self.columns, self.packets, self._shown
        if all(cols):   # most moves: no packet shows (the loop below would say so column by column)
            if any(shown):
                shown[:] = _NO_PACKET_SHOWN
            return []
        events: list[Event] = []
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
        if not self._playable():
            self.turned = None
            self.talon.append(c)
            events.append(CardMoved(NAMES[c], "s", "t"))
        return events

    def _playable(self) -> bool:
        """Has the turned card a move now: to a foundation, onto a column or
        into a vacancy?  Asked of the rule's own parts: the foundation rule,
        then the column rule for each column."""
        c = self.turned
        if self._foundation_for([c]) is not None:
            return True
        return any(self._onto_column_reason(c, 1, j, None) is None for j in range(N))

    def _redeal(self) -> list[Event]:
        """The talon turned over as it lies: its first card is the stock's top.
        One event per card, the talon's top card first."""
        events: list[Event] = [CardMoved(NAMES[c], "t", "s") for c in reversed(self.talon)]
        self.stock = self.talon[::-1]
        self.talon = []
        if self.redeals_left > 0:
            self.redeals_left -= 1
        return events

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


def redeal_bonus(rule: str, history: list[str]) -> int:
    """A win's bonus point (docs/rules.md, "Scoring"): no redeal used under
    alternating colour, fewer than two under same suit."""
    redeals = history.count("redeal")
    if rule == "alternate" and redeals == 0:
        return 1
    if rule == "same-suit" and redeals < 2:
        return 1
    return 0


#: The Republic as the rest of the engine knows it (``spec.py``)
SPEC = GameSpec(Republic, letter="R",
                scoring=Scoring({"any-suit": (1, -4), "alternate": (2, -2), "same-suit": (4, -1)}, bonus=redeal_bonus),
                solver="engine.solve.piles:search", model="engine.solve.republic:RepublicModel", avoids=True,
                study=rule_variants(RULES),
                examples=("c1-c6", "t-c1", "c8-f", "turn"))
