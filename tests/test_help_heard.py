"""The Help window heard (issue 37): the rules and About are read a part at
a time (a section, or a long section's paragraphs), the keys move between
the parts and say them, and a table is read row by row in words."""

from __future__ import annotations

import pygame
from gui import key, post, settle
from test_speech import said, speaking_app

from game.games import HELP
from game.ui.help import ABOUT, PART_WORDS, TextDialog, blocks, reading, row_words


def test_a_table_row_is_said_with_its_columns_names():
    assert row_words(["Packing rule", "Win", "Loss"], ["Alternating colour", "1", "-4"]) == \
        "Packing rule: alternating colour, win 1, loss -4"
    assert row_words(["Packing rule", "The Republic", "The Smith"], ["Same suit", "4 / -1", "16 / 0"]) == \
        "Packing rule: same suit; the Republic win 4, loss -1; the Smith win 16, loss 0"
    assert row_words(["Key", "NVDA"], ["F1", ""]) == "Key: F1"


def test_every_help_is_read_in_parts_that_cover_it_all_and_never_read_a_pipe():
    for name, text in [*HELP.items(), ("about", ABOUT)]:
        parts = reading(text)
        assert len(parts) >= 4, name
        heard = " ".join(words for _, words in parts)
        assert "|" not in heard, name
        for kind, content in blocks(text):
            if kind in ("paragraph", "bullet", "heading"):
                assert content in heard, (name, content[:60])
        for start, words in parts:
            assert len(words.split()) <= PART_WORDS + 5, (name, words[:60])
            kind, content = blocks(text)[start]
            assert kind != "heading" or words.startswith(content), (name, words[:60])
    assert "Packing rule: alternating colour, win 2, loss -2." in " ".join(w for _, w in reading(HELP["republic"]))


def test_the_rules_open_on_their_first_part_and_the_keys_read_the_others(tmp_path):
    app = speaking_app(tmp_path, "--game", "republic", "--seed", "2")
    key(app, pygame.K_F1)
    dialog = app.dialogs[-1]
    assert isinstance(dialog, TextDialog)
    parts = [words for _, words in reading(HELP["republic"])]
    n = len(parts)
    opening = said(app)[-1]
    assert opening.startswith(f"The Republic: Rules. {n} parts: Down reads the next, Up the one before")
    assert opening.endswith(f"Part 1 of {n}: {parts[0]}")
    assert "Packets and vacancies" not in opening, "one part, never the whole text"
    key(app, pygame.K_DOWN)
    assert said(app)[-1] == f"Part 2 of {n}: {parts[1]}" and parts[1].startswith("The layout.")
    top = dialog.scroll
    key(app, pygame.K_PAGEDOWN)
    assert said(app)[-1] == f"Part 3 of {n}: {parts[2]}"
    assert dialog.scroll > top, "the part read is brought into view"
    key(app, pygame.K_UP)
    assert said(app)[-1] == f"Part 2 of {n}: {parts[1]}"
    key(app, pygame.K_PAGEUP)
    assert said(app)[-1] == f"Part 1 of {n}: {parts[0]}"
    key(app, pygame.K_UP)
    assert said(app)[-1] == "The top: part 1 is the first."
    key(app, pygame.K_END)
    assert said(app)[-1] == f"Part {n} of {n}: {parts[-1]}"
    assert said(app)[-1].startswith(f"Part {n} of {n}: Scoring. Packing rule: any suit, win 1, loss -4. ")
    assert dialog.scroll == dialog.max_scroll
    key(app, pygame.K_DOWN)
    assert said(app)[-1].startswith("The end:")
    key(app, pygame.K_HOME)
    assert said(app)[-1] == f"Part 1 of {n}: {parts[0]}" and dialog.scroll == 0
    key(app, pygame.K_TAB)
    assert said(app)[-1] == "OK, button"
    key(app, pygame.K_TAB)
    assert said(app)[-1] == f"Part 1 of {n}: {parts[0]}"
    key(app, pygame.K_ESCAPE)
    assert not app.dialogs


def test_about_is_read_in_parts_with_its_scoring_table_in_words(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince")
    app.commands.show_about()
    parts = [words for _, words in reading(ABOUT)]
    assert said(app)[-1].startswith(f"About Card Shell. {len(parts)} parts: ")
    assert said(app)[-1].endswith(f"Part 1 of {len(parts)}: {parts[0]}")
    key(app, pygame.K_END)
    assert said(app)[-1].startswith(f"Part {len(parts)} of {len(parts)}: Scoring at a glance. ")
    assert "Packing rule: same suit; the Republic win 4, loss -1; the Smith win 16, loss 0; " \
           "the Prince win 4, loss -1." in said(app)[-1]
    assert "/" not in said(app)[-1].split("packing rule:")[-1] and "|" not in said(app)[-1]


def test_the_mouse_wheel_moves_where_the_keys_go_on_from(tmp_path):
    app = speaking_app(tmp_path, "--game", "gaps")
    key(app, pygame.K_F1)
    dialog = app.dialogs[-1]
    for _ in range(4):
        post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)
    settle(app)
    assert dialog.scroll > 0 and dialog.part > 0
    part = dialog.part
    key(app, pygame.K_DOWN)
    assert said(app)[-1].startswith(f"Part {part + 2} of ")


def test_a_short_text_is_said_whole_with_its_button():
    dialog = TextDialog("Note", "# Hello\nJust a line.")
    assert dialog.opening_words() == "Note. Hello. Just a line. OK, button."
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert dialog.to_say.startswith("The end:")
