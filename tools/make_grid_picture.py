"""Draw docs/sheet-grid.png: the card sheet's grid, labelled, for the README.

    python tools/make_grid_picture.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

CELL = (80, 112)
ROW_NAMES = ["clubs", "diamonds", "hearts", "spades", "backs and pictures"]
PICTURES = ["back 0", "back 1", "back 2", "back 3", "back 4", "outline", "grave", "hand 0", "hand 1",
            "hand 2", "hand 3", "redeal", "no redeal"]


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    sheet = pygame.image.load(str(ROOT / "assets" / "cards" / "cards.png"))
    small = pygame.transform.smoothscale(sheet, (CELL[0] * 13, CELL[1] * 5))
    font = pygame.font.Font(None, 22)
    # the row labels' column is as wide as the widest of them, with a margin
    left, top = max(font.size(f"row {r}: {name}")[0] for r, name in enumerate(ROW_NAMES)) + 24, 40
    out = pygame.Surface((left + small.get_width() + 10, top + small.get_height() + 30))
    out.fill((24, 98, 56))
    out.blit(small, (left, top))
    for c, rank in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]):
        text = font.render(f"col {c}: {rank}", True, (255, 240, 200))
        out.blit(text, text.get_rect(center=(left + c * CELL[0] + CELL[0] // 2, top - 14)))
    for r, name in enumerate(ROW_NAMES):
        text = font.render(f"row {r}: {name}", True, (255, 240, 200))
        out.blit(text, text.get_rect(midright=(left - 8, top + r * CELL[1] + CELL[1] // 2)))
    small_font = pygame.font.Font(None, 18)
    for c, name in enumerate(PICTURES):
        text = small_font.render(name, True, (255, 255, 255))
        out.blit(text, text.get_rect(center=(left + c * CELL[0] + CELL[0] // 2, top + 5 * CELL[1] + 12)))
    for c in range(14):
        x = left + c * CELL[0]
        pygame.draw.line(out, (255, 214, 90), (x, top), (x, top + 5 * CELL[1]))
    for r in range(6):
        y = top + r * CELL[1]
        pygame.draw.line(out, (255, 214, 90), (left, y), (left + 13 * CELL[0], y))
    target = ROOT / "docs" / "sheet-grid.png"
    pygame.image.save(out, str(target))
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
