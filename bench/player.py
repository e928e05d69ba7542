"""The benches' player: which move to play next in a played game, seeded, so
every run plays the same game (``bench/shipped.py`` in a real window,
``bench/session.py`` through the table's indicator)."""

from __future__ import annotations


def choose(game, rng, last: str | None) -> str | None:
    """The bench's player: a card home four times in five when one can go,
    else any legal move but the one that would undo the last, now and then
    a deal from the stock; seeded, so every run plays the same game.  It
    stops (None) where only a shuffle or re-deal is left."""
    moves = [str(m) for m in game.legal_moves()]
    if not moves:
        return None
    home = [m for m in moves if m.endswith("-f") or "-f:" in m]
    if home and rng.random() < 0.8:
        return rng.choice(home)
    back = None
    if last and "-" in last:
        a, b = last.split(":")[0].split("-")
        back = f"{b}-{a}"
    cards = [m for m in moves if "-" in m and m.split(":")[0] != back and not m.endswith("-f") and "-f:" not in m]
    words = [m for m in moves if "-" not in m and m != "redeal"]
    if words and (not cards or rng.random() < 0.1):
        return rng.choice(words)
    # a shuffle or a re-deal (the cards dealt anew, after an alert) ends the bench's game
    return rng.choice(cards or home) if cards or home else None


def played(name: str, rule: str, seed: int, most: int = 5000):
    """Deal ``seed`` of ``name`` under ``rule``, played by :func:`choose`
    (seeded by the deal) until the game is over, only a shuffle or re-deal
    is left, or ``most`` moves are played."""
    import random

    import engine
    g = engine.new_game(name, seed=seed, rule=rule)
    rng = random.Random(seed)
    last = None
    while not g.over and len(g.history) < most:
        move = choose(g, rng, last)
        if move is None:
            break
        g.play(move)
        last = move
    return g
