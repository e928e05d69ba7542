"""The Help menu's texts and the scrolling window that shows them."""

from __future__ import annotations

import hashlib
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import engine  # noqa: E402
from engine.spec import specs  # noqa: E402
from game.games import HELP  # noqa: E402
from game.media.surfaces import TABLES, Fonts, felt  # noqa: E402
from game.ui import help as helptext  # noqa: E402
from game.ui.help import ABOUT, SCORING, TextDialog, blocks  # noqa: E402

#: fingerprints of every run of eight words in the five original manuals (the
#: manuals themselves are not ours to ship); ``PYTHONPATH=. python tests/test_help.py DIR``
#: writes them again from a folder holding the manuals' text, 0*.txt
MANUAL_RUNS = Path(__file__).with_name("data") / "manual-runs.txt"
RUN = 8


def flat(text: str) -> str:
    """The text as one line of words, the way the window shows it."""
    return " ".join(text.split())


def section(name: str, heading: str) -> str:
    """The words under one heading of a game's help."""
    out, inside = [], False
    for kind, content in blocks(HELP[name]):
        if kind == "heading":
            inside = content == heading
        elif inside:
            out.append(content if isinstance(content, str) else " ".join(" ".join(r) for r in content))
    assert out, f"{name} has no section {heading!r}"
    return " ".join(out)


def table(name: str) -> dict[str, tuple[int, int]]:
    rows = next(c for kind, c in blocks(HELP[name]) if kind == "table")
    assert rows[0] == ["Packing rule", "Win", "Loss"]
    return {r[0]: (int(r[1]), int(r[2])) for r in rows[1:]}


# ------------------------------------------------------------------ the texts

@pytest.mark.every_game
def test_every_game_has_help():
    assert set(HELP) == set(engine.GAMES)
    for name, text in HELP.items():
        kinds = [kind for kind, _ in blocks(text)]
        assert kinds[0] == "heading", name
        assert kinds.count("heading") >= 5, name
        assert len(flat(text)) > 1500, name


def test_gaps_help():
    text = flat(HELP["gaps"])
    assert "3 shuffles" in text
    assert "only when no move is left" in text
    assert "one level deep" in text
    assert "Choose Undo again and the move is made again" in text
    assert "A shuffle cannot be undone" in text
    assert "takes any 2" in text
    assert "right of a King is dead" in text
    assert "the four Aces" in section("gaps", "Three shuffles")
    assert "last column is never a proper place" in text
    assert "Auto Reshuffle" in text and "Fast Aces" in text and "Clicking Blanks Moves" in text
    assert "Fewer shuffles used ranks higher" in text
    for control in ("Ctrl+Z", "Ctrl+U", "Ctrl+P", "Alt-click", "right-click", "Double-click", "F11"):
        assert control in text, control
    assert "Ctrl+Y" not in text and "Ctrl+B" not in text     # Gaps has no redo of its own


def test_chinese_puzzle_help():
    text = flat(HELP["chinese-puzzle"])
    for words in ("ace column", "1 or 2 redeals", "Suits in the first four rows", "Bridge order",
                  "clubs, diamonds, hearts, spades", "either copy will do", "locked", "gravestone",
                  "Placing an Ace counts as a move", "exactly one gap just after the last locked card",
                  "only before your first move", "deals the same cards again", "notices every stuck position",
                  "all 104 cards", "after three in a row", "never shows an illegal move"):
        assert words in text, words
    for control in ("Ctrl+Z", "Ctrl+Y", "Ctrl+D", "Alt-click", "right-click", "Double-click", "F11", "Drag"):
        assert control in text, control


def test_republic_help():
    text = flat(HELP["republic"])
    for words in ("Ten packets of three cards", "64 cards", "Alternating colour (the default)",
                  "nothing can be put on it", "vacancy only when its packet is empty too",
                  "2 cards with one vacancy, 4 with two, 8 with three", "half as many",
                  "goes to the talon by itself", "judged once", "the first card that went to the talon is the first",
                  "Any suit: never", "Alternating colour: once", "Same suit: as often as you like",
                  "leaves the stock and the talon alone", "played back onto a column", "no legal move at all"):
        assert words in text, words
    for control in ("Ctrl+L", "Shift-click", "Double-click", "Ctrl+B", "Ctrl+F", "Ctrl+Z", "Ctrl+Y",
                    "Ctrl+D", "Click the stock", "F11"):
        assert control in text, control


def test_smith_help():
    text = flat(HELP["smith"])
    for words in ("Eight columns of three cards", "80 cards", "movable unit", "any part of it",
                  "One unit moves at a time", "Any suit (the default)", "same suit is always allowed",
                  "Any unit may go into an empty column", "all 13 cards move together",
                  "the only way cards reach a foundation", "never come back",
                  "every column holds at least one card", "ten deals", "the dot puts them back to normal"):
        assert words.lower() in text.lower(), words
    for control in ("Ctrl+D", "Ctrl+B", "Ctrl+F", "F11", "Click the stock"):
        assert control in text, control


def test_prince_help():
    text = flat(HELP["prince"])
    for words in ("9, 8, 7", "reserve", "7 cards", "every Ace is laid off", "No card is ever put into the reserve",
                  "an Ace never leaves its foundation", "Alternating colour (the default)",
                  "from the columns and the reserve", "neither a win nor a loss", "all 52 cards"):
        assert words in text, words
    for control in ("Ctrl+L", "Shift-click", "Double-click", "Ctrl+B", "Ctrl+F", "F11"):
        assert control in text, control


def test_the_scoring_tables_are_the_rulebooks():
    scored = [s.name for s in specs() if s.scoring is not None]
    assert table("republic") == {"Any suit": (1, -4), "Alternating colour": (2, -2), "Same suit": (4, -1)}
    assert table("smith") == {"Any suit": (2, -2), "Alternating colour": (4, -1), "Same suit": (16, 0)}
    assert table("prince") == {"Any suit": (1, -4), "Alternating colour": (2, -2), "Same suit": (4, -1)}
    assert "bonus point" in flat(HELP["republic"])
    assert "one eighth of its win points for each suit" in flat(HELP["smith"])
    for name in scored:
        assert "at least one move" in flat(HELP[name])
    for name in [name for name in engine.GAMES if name not in scored]:
        assert not any(kind == "table" for kind, _ in blocks(HELP[name]))
    rows = next(c for kind, c in blocks(SCORING) if kind == "table")
    assert rows[0] == ["Packing rule", "The Republic", "The Smith", "The Prince"]
    assert rows[3] == ["Same suit", "4 / -1", "16 / 0", "4 / -1"]


@pytest.mark.every_game
def test_about():
    text = flat(ABOUT)
    for words in ("Card Shell", "Thomas Reed", "A. Kirby", "Ralph S. Sutherland", "from scratch",
                  *(cls.title for cls in engine.GAMES.values())):
        assert words in text, words


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def fingerprint(run: list[str]) -> str:
    return hashlib.blake2b(" ".join(run).encode(), digest_size=6).hexdigest()


def run_fingerprints(text: str) -> dict[str, str]:
    """Each run of eight words in ``text``, by its fingerprint."""
    w = words(text)
    return {fingerprint(w[i:i + RUN]): " ".join(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


def manual_runs() -> set[str]:
    return {line for line in MANUAL_RUNS.read_text().splitlines() if line and not line.startswith("#")}


@pytest.mark.every_game
def test_the_texts_are_our_own_words():
    """No run of eight words from an original manual."""
    manual = manual_runs()
    assert len(manual) > 5000
    for name, text in [*HELP.items(), ("about", ABOUT)]:
        copied = [run for fp, run in run_fingerprints(text).items() if fp in manual]
        assert not copied, f"{name}: {copied[:3]}"


def test_the_check_finds_a_copied_run():
    manual = manual_runs()
    copied = "Our own goal. The aim is to simply build up the eight foundations, said The Republic's manual."
    found = [run for fp, run in run_fingerprints(copied).items() if fp in manual]
    assert found == ["the aim is to simply build up the", "aim is to simply build up the eight",
                     "is to simply build up the eight foundations"]
    assert not set(run_fingerprints("Build the eight foundations up from Aces to Kings.")) & manual


def write_manual_runs(folder: Path) -> None:
    """The fingerprints file, from the manuals' text in ``folder``."""
    runs: set[str] = set()
    for path in sorted(folder.glob("0*.txt")):
        runs |= set(run_fingerprints(path.read_text(errors="replace")))
    MANUAL_RUNS.write_text("# blake2b (6 bytes) of each run of eight words in the original manuals: test_help.py\n"
                           + "".join(f"{fp}\n" for fp in sorted(runs)))


def test_blocks():
    text = "# Head\nOne line\nand its follower.\n\n- a point\n  carried on\n- another\n|A|B\n|---|---\n|1|2\n"
    assert blocks(text) == [("heading", "Head"), ("paragraph", "One line and its follower."),
                            ("bullet", "a point carried on"), ("bullet", "another"),
                            ("table", [["A", "B"], ["1", "2"]])]


# ------------------------------------------------------------------ the window

@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1024, 700))
    yield surface
    pygame.display.quit()


def post_and_handle(dialog: TextDialog, *events: pygame.event.Event) -> list:
    """Send events through pygame's own queue and let the dialog take them."""
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    return [dialog.handle(e) for e in pygame.event.get() if e.type in {x.type for x in events}]


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def click(pos) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)]


def test_the_window_draws_and_scrolls(screen):
    fonts = Fonts()
    dialog = TextDialog("The Republic: Rules", HELP["republic"])
    assert dialog.on_close is None
    area = dialog.draw(screen, fonts)
    assert area == screen.get_rect()
    assert dialog.rect.width <= 720 and dialog.rect.height <= 560
    assert screen.get_rect().contains(dialog.rect)
    assert dialog.max_scroll > 0 and dialog.track.height > 0
    top = pygame.image.tobytes(screen.subsurface(dialog.view), "RGB")

    assert post_and_handle(dialog, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)) == [None]
    assert dialog.scroll > 0 and dialog.changed
    dialog.draw(screen, fonts)
    assert not dialog.changed
    assert pygame.image.tobytes(screen.subsurface(dialog.view), "RGB") != top

    wheel = dialog.scroll
    post_and_handle(dialog, key(pygame.K_DOWN))
    assert dialog.scroll > wheel
    down = dialog.scroll
    post_and_handle(dialog, key(pygame.K_PAGEDOWN))          # the keys go a part at a time (issue 37)
    assert dialog.scroll > down and dialog.part == 2
    post_and_handle(dialog, key(pygame.K_END))
    assert dialog.scroll == dialog.max_scroll
    post_and_handle(dialog, key(pygame.K_PAGEDOWN), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False))
    assert dialog.scroll == dialog.max_scroll                 # clamped at the end
    post_and_handle(dialog, key(pygame.K_PAGEUP))
    assert dialog.scroll < dialog.max_scroll
    post_and_handle(dialog, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    post_and_handle(dialog, key(pygame.K_HOME), key(pygame.K_UP))
    assert dialog.scroll == 0                                  # clamped at the top
    dialog.draw(screen, fonts)
    assert pygame.image.tobytes(screen.subsurface(dialog.view), "RGB") == top


def test_the_scroll_bar_drags_and_pages(screen):
    fonts = Fonts()
    dialog = TextDialog("Smith", HELP["smith"])
    dialog.draw(screen, fonts)
    thumb = dialog.thumb.center
    results = post_and_handle(dialog, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=thumb),
                              pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb[0], thumb[1] + 80), rel=(0, 80),
                                                 buttons=(1, 0, 0)),
                              pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(thumb[0], thumb[1] + 80)))
    assert results == [None, None, None]
    assert dialog.scroll > 0
    dialog.draw(screen, fonts)
    scrolled = dialog.scroll
    below = (dialog.track.centerx, dialog.track.bottom - 2)
    post_and_handle(dialog, *click(below))
    assert dialog.scroll > scrolled


@pytest.mark.parametrize("k", [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE])
def test_the_window_closes_with_keys(screen, k):
    dialog = TextDialog("Gaps: Rules", HELP["gaps"])
    dialog.draw(screen, Fonts())
    assert post_and_handle(dialog, key(k)) == ["OK"]


def test_the_window_closes_with_its_ok_button(screen):
    dialog = TextDialog("Gaps: Rules", HELP["gaps"])
    dialog.draw(screen, Fonts())
    assert post_and_handle(dialog, *click((dialog.rect.centerx, dialog.rect.centery))) == [None, None]
    assert post_and_handle(dialog, *click(dialog.ok.center)) == [None, "OK"]


def test_the_window_fits_a_small_screen():
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode((480, 360))
        dialog = TextDialog("About Card Shell", ABOUT)
        dialog.draw(screen, Fonts())
        assert screen.get_rect().contains(dialog.rect)
        assert dialog.view.width > 200
        assert dialog.max_scroll > 0
    finally:
        pygame.display.quit()


def test_short_text_needs_no_scroll_bar(screen):
    dialog = TextDialog("Note", "# Hello\nJust a line.")
    dialog.draw(screen, Fonts())
    assert dialog.max_scroll == 0 and dialog.track.width == 0
    post_and_handle(dialog, key(pygame.K_PAGEDOWN))
    assert dialog.scroll == 0 and not dialog.changed


def test_render_the_republic_help(screen, tmp_path):
    """Draw the window over the green table, as the game shows it, and keep a picture."""
    fonts = Fonts()
    screen.blit(felt(screen.get_size(), TABLES["green"]), (0, 0))
    dialog = TextDialog("The Republic: Rules", HELP["republic"])
    dialog.draw(screen, fonts)
    pygame.image.save(screen, str(tmp_path / "help.png"))
    assert (tmp_path / "help.png").stat().st_size > 10_000
    # paper inside, table outside
    assert screen.get_at(dialog.rect.move(0, 0).inflate(-8, -8).topleft)[:3] == helptext.PAPER
    assert screen.get_at((5, 5))[:3] != helptext.PAPER


if __name__ == "__main__":
    write_manual_runs(Path(sys.argv[1]))
