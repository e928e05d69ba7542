"""Issue 36's details, as the player meets them: Chinese Puzzle's ace order
named in the same words everywhere and seen on the table, the marks of a
grid growing with its cards, and sentences that say what they mean."""

from __future__ import annotations

import pygame
import pytest
from conftest import cp_from
from gui import make_app, post, settle

import engine
from game.games import front

# row a holds clubs; seven ace-column gaps and the seven other aces at column 5
ACES = """
AC .. .. .. .. .. .. .. .. .. .. .. .. --
-- .. .. .. .. AC .. .. .. .. .. .. .. ..
-- .. .. .. .. AD .. .. .. .. .. .. .. ..
-- .. .. .. .. AD .. .. .. .. .. .. .. ..
-- .. .. .. .. AH .. .. .. .. .. .. .. ..
-- .. .. .. .. AH .. .. .. .. .. .. .. ..
-- .. .. .. .. AS .. .. .. .. .. .. .. ..
-- .. .. .. .. AS .. .. .. .. .. .. .. ..
"""


@pytest.fixture
def home(tmp_path):
    return tmp_path


def key(app, k, mod=0, unicode="") -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    settle(app)


# ----------------------------------------------------------------- the engine's refusals, in plain words
def test_a_refused_ace_is_told_which_ace_the_row_takes_instead():
    game = cp_from(ACES, aces="bridge-order")
    reason = game.explain("g5-b0")          # a spade offered to row b, which takes diamonds
    assert reason.endswith("takes the ace of diamonds, not the ace of spades.")


def test_a_suit_already_placed_is_said_to_belong_in_two_rows():
    game = cp_from(ACES, aces="suits-in-four")
    reason = front("chinese-puzzle").speak_places(game, game.explain("b5-b0"))
    assert "so they belong in rows A and E only." in reason


# all eight gaps right of a king: stuck
ALL_DEAD = """
AC .. .. .. .. .. .. .. .. .. .. .. KC --
AC .. .. .. .. .. .. .. .. .. .. .. KC --
AD .. .. .. .. .. .. .. .. .. .. .. KD --
AD .. .. .. .. .. .. .. .. .. .. .. KD --
AH .. .. .. .. .. .. .. .. .. .. .. KH --
AH .. .. .. .. .. .. .. .. .. .. .. KH --
AS .. .. .. .. .. .. .. .. .. .. .. KS --
AS .. .. .. .. .. .. .. .. .. .. .. KS --
"""


def status_words(game) -> str:
    from game.media.surfaces import Fonts
    from game.table.session import Session
    from game.voice.status import StatusLine
    quiet = type("Prefs", (), {"option": lambda self, name: False})()      # no indicator
    _, right = StatusLine(Fonts(), None, quiet).status_parts(Session(game))
    return right[0][0]


# ----------------------------------------------------------------- the status line's sentences end
def test_a_stuck_table_and_a_game_over_are_said_in_whole_sentences():
    assert status_words(cp_from(ALL_DEAD)) == "Stuck: redeal."
    assert status_words(cp_from(ALL_DEAD, redeals_left=0)) == "No move left."
    stuck_gaps = type("Stuck", (), {"stuck": True})()
    assert front("gaps").stuck_text(stuck_gaps) == "Stuck: use a shuffle."


def test_a_winnable_deal_with_no_redeal_left_is_not_said_to_need_none():
    game = cp_from(ACES)
    cp = front("chinese-puzzle")
    assert cp.verdict_text(game, "won") == "can be won without a redeal"
    game = cp_from(ACES, redeals_left=0)
    assert cp.verdict_text(game, "won") == "can still be won", "no redeal is left to do without"


# ----------------------------------------------------------------- Chinese Puzzle's ace order, in one set of words
ORDERS = ("free", "suits-in-four", "bridge-order")


def legend_of(layout) -> list[str]:
    texts = [lb.text for lb in layout.labels if lb.role is None]
    if "Aces:" not in texts:
        return []
    start = texts.index("Aces:")
    return texts[start:start + 1 + next((k for k, t in enumerate(texts[start + 1:]) if len(t) <= 2), 99)]


@pytest.mark.parametrize("aces", ORDERS)
def test_the_dialog_the_legend_and_the_status_line_name_the_ace_order_alike(home, aces):
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "5", "--aces", aces, "--size", "1920x1080")
    offered = dict(front("chinese-puzzle").choice("aces").values)[aces]     # the Ace Order dialog's words
    legend = legend_of(app.scene.layout)
    assert legend[0] == "Aces:"
    assert " ".join(["Aces", *legend[1:]]).lower() in ("aces " + offered.lower(), offered.lower()), legend
    status = " ".join(app.status.status_text(app.session)).lower()
    assert offered.lower() in status, f"the status line should name {offered!r}: {status!r}"


@pytest.mark.parametrize("aces", ORDERS)
@pytest.mark.parametrize("size", ["1024x640", "1280x800", "1366x768", "3840x2160"])
def test_every_ace_order_shows_its_legend_on_the_table(home, aces, size):
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "5", "--aces", aces, "--size", size)
    assert legend_of(app.scene.layout), f"no legend of the ace order {aces} at {size}"


def test_in_bridge_order_the_ace_column_shows_each_suit_large_and_in_its_colour(home):
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "5", "--aces", "bridge-order", "--size", "1280x800")
    settle(app)
    layout, screen = app.scene.layout, app.screen
    ch = layout.card[1]
    for r, suit in enumerate(("clubs", "diamonds", "hearts", "spades")):
        rect = layout.slots[f"{'abcd'[r]}0"].rect.inflate(-6, -6)
        red = dark = 0
        rows = set()
        for x in range(rect.left, rect.right):
            for y in range(rect.top, rect.bottom):
                c = screen.get_at((x, y))
                if c.r > 170 and c.g < 90 and c.b < 90:
                    red += 1
                    rows.add(y)
                elif c.r < 45 and c.g < 45 and c.b < 45:
                    dark += 1
                    rows.add(y)
        if suit in ("diamonds", "hearts"):
            assert red > 100 and dark < red // 4, f"the {suit} sign should be drawn red ({red} red pixels)"
        else:
            assert dark > 100 and red == 0, f"the {suit} sign should be drawn black ({dark} dark pixels)"
        assert max(rows) - min(rows) >= ch * 0.25, f"the {suit} sign should stand a quarter of a card tall at least"


# ----------------------------------------------------------------- Rewind to Start, stopped by a redeal
def test_rewind_to_start_stopped_by_a_redeal_says_why(home):
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "5")
    game = app.game
    for word in ("card", "redeal", "card"):
        move = next(m for m in game.legal_moves() if (m.word == "redeal") == (word == "redeal"))
        assert app.scene.try_move(str(move))
        settle(app)
    app.commands.run("rewind")
    settle(app)
    assert app.game.history[-1] == "redeal", "a redeal is never undone"
    assert app.message == "Rewound to the last redeal. A redeal cannot be undone: it dealt the cards anew at random."


def test_rewind_to_start_just_after_a_redeal_says_why_nothing_is_taken_back(home):
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "5")
    assert app.scene.try_move("redeal")
    settle(app)
    app.commands.run("rewind")
    settle(app)
    assert app.message.startswith("A redeal cannot be undone")


# ----------------------------------------------------------------- a grid's marks grow with its cards
@pytest.mark.parametrize("name", ["gaps", "chinese-puzzle"])
@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440), (3840, 2160)])
def test_the_row_letters_and_column_numbers_grow_with_the_cards(name, size):
    from test_table_fill import ink, layout_of
    layout = layout_of(name, {}, {}, size)
    ch = layout.card[1]
    marks = [lb for lb in layout.labels if lb.role in ("row", "column") and lb.text != "Aces"]
    assert {lb.role for lb in marks} == {"row", "column"}
    for lb in marks:
        tall = ink(lb).h
        assert tall >= 0.1 * ch, f"{lb.role} mark {lb.text!r} stands {tall} px beside cards {ch} px tall at {size}"


# ----------------------------------------------------------------- the review's words
@pytest.mark.parametrize("losing, words", [(2, "without a shuffle"), (7, "without another shuffle")])
def test_the_review_says_another_shuffle_only_of_a_deal_a_shuffle_made(losing, words):
    from engine.review import summary
    deals = [{"first": 0, "last": 5, "lost_from_the_start": False},
             {"first": 5, "last": 10, "lost_from_the_start": False}]
    review = {"verdicts": ["won"] * (losing + 1) + ["lost"] * (10 - losing), "losing": losing, "instead": None,
              "deals": deals}
    said = summary(review, 10, lambda k: f"move {k}", lambda k, m: m, word="shuffle", won_game=False)
    assert said[0] == f"Move {losing + 1}, move {losing}: this deal could be finished {words} before it and not after."


def test_the_review_menu_says_when_it_opens(home):
    from game.ui.review import menu_label
    game = engine.new_game("prince", seed=7)
    assert menu_label(game) == "Review This Game (once a card has moved)"
    game.play(game.legal_moves()[0])
    assert menu_label(game) == "Review This Game..."


# ----------------------------------------------------------------- a new game over one under way
def test_new_game_says_what_becomes_of_the_game_under_way_and_does_it(home):
    app = make_app(home, "--game", "prince", "--seed", "4", "--rule", "alternate")
    move = next(m for m in app.game.legal_moves() if m.word is None)
    assert app.scene.try_move(str(move))
    settle(app)
    app.flow.new_game()
    assert app.dialogs[-1].message == ("Deal a new game? The game of The Prince under way (1 move) ends unfinished."
                                       "\nThis game counts as a loss: -2 points.")
    app.close_dialog("New Game")
    settle(app)
    assert app.records.stats.get("prince", "alternate").games == 1, "the game left counts, as a loss"
    assert app.game.history == []


# ----------------------------------------------------------------- the Demo at work, in seconds
def test_the_demo_at_work_says_its_time_in_seconds(home):
    from game.assistant.analyst import Answer
    from game.table.session import Demo
    app = make_app(home, "--game", "smith", "--seed", "2")       # The Smith: the Demo's first search, 60 s
    from game.voice.speech import RecordingBackend
    app.speech.backend, app.speech.screen_reader, app.speech.wanted = RecordingBackend(), False, True
    app.session.demo = Demo()
    app.assistant.analyst.pending["demo"] = 7
    app.assistant.on_answer(Answer(7, "demo", "progress", done=25))
    assert app.message == "Demo: looking for a line... 15 s of 60 s at most."
    assert "%" not in app.message and "solver's time" not in app.message
    app.assistant.on_answer(Answer(7, "demo", "progress", done=50))
    assert app.message == "Demo: looking for a line... 30 s of 60 s at most."
    assert app.speech.backend.spoken == ["Demo: looking for a line... 15 s of 60 s at most."], \
        "the seconds alone changed: not said again every half second"


# ----------------------------------------------------------------- Help names cards as the table does
def test_help_names_every_card_as_the_table_does():
    import re

    from engine.cards import RANK_WORDS
    from game.games import HELP
    from game.games.base import card_name
    named = re.compile(r"\b(\w+) of (clubs|diamonds|hearts|spades)\b")
    for name, text in HELP.items():
        flat = " ".join(text.split())
        for m in named.finditer(flat):
            assert m.group(1) in RANK_WORDS or m.group(1) in ("order",), \
                f"{name}'s Help names a card {m.group(0)!r}, not as the table does ('{card_name('7C')}')"
    assert "After the seven of clubs comes the eight of clubs and nothing else." in " ".join(HELP["gaps"].split())
    assert "the six of clubs only on the seven of clubs" in " ".join(HELP["republic"].split())


def test_chinese_puzzle_help_names_the_rows_by_their_letters():
    from game.games import HELP
    flat = " ".join(HELP["chinese-puzzle"].split())
    assert "rows A to D hold four different suits, and rows E to H repeat them" in flat
    assert "rows 1 to 4" not in flat


# ----------------------------------------------------------------- a high score's name keeps its accents
def test_a_high_score_name_typed_with_an_accent_keeps_it(home):
    """The name typed as the system sends it: each plain letter a key and its
    text input, "ë" (a dead key's letter, or one with no key of its own) by
    text input alone or after its key's bare "e": saved, read back and
    drawn with the accent."""
    from test_one_session import gaps_nearly_won, win_gaps

    from game.storage.records import Records
    app = make_app(home)
    app.show_game(engine.from_dict(gaps_nearly_won()), opening=False)
    settle(app)
    win_gaps(app)
    key(app, pygame.K_RETURN)                       # the result's OK: the name is asked
    dialog = app.dialogs[-1]
    assert dialog.entry == ""
    for ch in "Zo":
        post(pygame.KEYDOWN, key=ord(ch.lower()), mod=pygame.KMOD_SHIFT if ch.isupper() else 0, unicode=ch,
             scancode=0)
        post(pygame.TEXTINPUT, text=ch)
    post(pygame.TEXTINPUT, text="\u00eb")           # ë, composed: no key of its own
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    post(pygame.TEXTINPUT, text=" ")
    post(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e", scancode=0)
    post(pygame.TEXTINPUT, text="\u00e9")           # é, a dead key then e: the key said "e"
    settle(app)
    assert dialog.entry == "Zo\u00eb \u00e9"
    face = app.fonts.get(40)
    plain, accented = (face.render(t, True, (0, 0, 0)).get_bounding_rect() for t in ("e", "\u00eb"))
    assert accented.h > plain.h, "the font draws the accent over the letter"
    key(app, pygame.K_RETURN)
    app.close()
    names = [h["name"] for h in Records().high_scores()]
    assert names[0] == "Zo\u00eb \u00e9", names


def test_an_ace_order_chosen_is_said_in_the_dialogs_words_and_what_it_does(home):
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "5", "--aces", "free")
    app.commands.game_option("aces", "bridge-order")
    assert app.game.options["aces"] == "bridge-order" and app.game.history == []
    assert app.message == "Ace order: bridge order. The deal starts over under the new rule, as no move had been made."
    assert app.scene.try_move(str(app.game.legal_moves()[0]))
    settle(app)
    app.commands.game_option("aces", "free")
    assert app.message == "Ace order: any row. It applies from the next game."
