"""The terminal game and the position tools.

    python -m engine play gaps --seed 7          play in the terminal
    python -m engine play --file saved.json      go on with a saved game
    python -m engine show saved.json             print a saved position
    python -m engine solve saved.json [--budget-s S] [--nodes N] [--known]
                                                 solve it: one JSON line, {"status":
                                                 "won" | "impossible" | "unknown",
                                                 "moves": [...], "nodes": N,
                                                 "seconds": T}; exit 2 (the reason
                                                 on stderr) for a bad file
    python -m engine study GAME --deals A-B --out FILE [--rule R] [--budget-s S]
                           [--scheduler ADDRESS]
                                                 solve numbered deals on a Dask cluster
                                                 (pip install .[study]); run again to go on
    python -m engine study --table FILE...       the winnability table of result files
    python -m engine review saved.json [--budget-s S] [--json]
                                                 which move lost the game, in words
                                                 (--json: one JSON line)

A command whose output is piped into a reader that stops early (| head)
ends quietly, exit status 141.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from typing import TextIO

from . import GAMES, BadPosition, Game, MoveError, from_dict, new_game
from .notation import Move
from .spec import specs

HELP = """\
Type a move in the notation ({examples}), or a command:
  moves          the legal moves now
  fill PLACE     the cards that may fill the gap at PLACE
  targets PLACE  where the card at PLACE may go
  follows PLACE  where the card lies that the card at PLACE follows
  belongs PLACE  where the card lies that belongs at PLACE
  undo, redo     take back a move, or play it again
  history        the moves so far
  save FILE      write the game to FILE (the position format)
  show           print the layout again
  help, quit
A move is FROM-TO, one place to another{places}{words}.
Cards are written rank then suit: A 2 3 4 5 6 7 8 9 T J Q K, and T is the
ten (TS is the ten of spades); C clubs, D diamonds, H hearts, S spades."""

#: the queries, typed word -> the game's method (a game without it has no such query)
QUERIES = {"fill": "fillers", "targets": "targets", "follows": "follows", "belongs": "belongs"}



def words_of(game: Game) -> tuple[str, ...]:
    """The words (moves that are no FROM-TO) the game on the table knows."""
    words = getattr(game, "WORDS", None)
    if words is None:
        words = ("redeal",) if hasattr(game, "REDEAL_WORD") else ()
    return tuple(words)


def places_of(game: Game) -> str:
    """The game's places, as its own rules name them ("rows a to d,
    columns 1 to 13"; "c1..c8, f1..f8, f"), or "" where it does not say."""
    reason = game.explain("z99-z99") or ""
    m = re.search(r"\((?:places: )?([^()]*)\)\.?$", reason)
    return m.group(1) if m else ""


def examples_of(game: Game) -> tuple[str, ...]:
    """The help's examples: the game's spec's (``engine/spec.py``), else its first legal moves."""
    from .spec import find
    spec = find(game.name)
    if spec is not None and spec.examples:
        return spec.examples
    return tuple(dict.fromkeys(str(m) for m in game.legal_moves()[:3]))


def help_text(game: Game) -> str:
    """The help for the game on the table: its own examples, places and words."""
    places = places_of(game)
    words = words_of(game)
    redeal = getattr(game, "REDEAL_WORD", "redeal")
    said = [f"{w} (a {redeal})" if w == "redeal" and redeal != "redeal" else w for w in words]
    text = HELP.format(
        examples=", ".join(examples_of(game)),
        places=f" ({game.title}: {places})" if places else "",
        words=f"; or the word{'s' if len(words) > 1 else ''} {', '.join(said)}" if words else "")
    lacks = [f"  {cmd} PLACE " for cmd, method in QUERIES.items() if not hasattr(game, method)]
    return "\n".join(line for line in text.splitlines() if not line.startswith(tuple(lacks)))


def not_a_move(game: Game, line: str) -> str:
    """Why ``line`` is not a move, in the words of the game on the table."""
    shown = line if len(line) <= 20 else line[:17] + "..."
    words = words_of(game)
    also = f", or one of {', '.join(words)}" if len(words) > 1 else f", or {words[0]}" if words else ""
    example = examples_of(game)[0]
    places = places_of(game)
    where = f" ({places})" if places else ""
    return (f"{shown!r} is not a move in {game.title}: write FROM-TO like '{example}'{where}"
            f"{also}; 'help' says more.")


def line_editing():
    """readline, where Python has it (Linux, macOS): Up and Down recall the
    lines typed before, and the arrows move in the line, where without it
    the terminal prints ^[[A.  None where there is none (Windows)."""
    try:
        import readline
    except ImportError:
        return None
    return readline


def status(game: Game) -> str:
    """One line under the layout: what is left and how the game stands."""
    parts = []
    if hasattr(game, "redeals_left"):
        word = getattr(game, "REDEAL_WORD", "redeal") + "s"
        parts.append(f"{word} left: {game.redeals_left if game.redeals_left >= 0 else 'unlimited'}")
    if hasattr(game, "dead_gaps"):
        parts.append(f"dead gaps: {game.dead_gaps()}")
    parts.append(f"moves: {len(game.history)}")
    if game.won:
        parts.append("WON!")
    elif game.over:
        parts.append("game over: no move is left")
    elif getattr(game, "stuck", False):
        parts.append("stuck: no card can move, type 'redeal'")
    return "   ".join(parts)


def render(game: Game) -> str:
    if hasattr(game, "render"):
        return game.render() + "\n" + status(game)
    return json.dumps(game.position(), indent=1) + "\n" + status(game)


def load_file(path: str) -> Game:
    """A game from a document file; ``BadPosition`` (or ``OSError``) says why not."""
    with open(path, encoding="utf-8") as f:
        try:
            doc = json.load(f)
        except json.JSONDecodeError as e:
            raise BadPosition(f"it is not a JSON document ({e})") from None
        except UnicodeDecodeError:
            raise BadPosition("it is not a text file: a saved game is JSON text") from None
        except RecursionError:
            raise BadPosition("it is nested too deep to be a Card Shell document") from None
        except ValueError as e:   # a number of thousands of digits
            raise BadPosition(f"it holds a number too long to read ({e})") from None
    return from_dict(unwrap(doc))


def unwrap(doc):
    """The game document inside a file the game wrote (its autosaves and
    Save As: ``{"format": 1, "kind": "game", "data": DOC}``, the table's own
    fields under ``"table"``); any other document as it is."""
    if isinstance(doc, dict) and doc.get("kind") == "game" and isinstance(doc.get("data"), dict) \
            and "game" not in doc:
        return {k: v for k, v in doc["data"].items() if k != "table"}
    return doc


def run_command(game: Game, line: str, out: TextIO) -> bool:
    """Carry out one line typed by the player; False to stop."""
    words = line.split()
    if not words:
        return True
    cmd, args = words[0].lower(), words[1:]
    if cmd in ("quit", "exit", "q"):
        return False
    if cmd in ("help", "?"):
        print(help_text(game), file=out)
    elif cmd == "show":
        print(render(game), file=out)
    elif cmd == "moves":
        print(" ".join(str(m) for m in game.legal_moves()) or "(no legal move)", file=out)
    elif cmd == "history":
        print(" ".join(game.history) or "(no move yet)", file=out)
    elif cmd in ("undo", "redo"):
        if not getattr(game, f"can_{cmd}"):
            print(f"Nothing to {cmd}.", file=out)
        else:
            getattr(game, cmd)()
            print(render(game), file=out)
    elif cmd == "save":
        if len(args) != 1:
            print("Write: save FILE", file=out)
        else:
            try:
                with open(args[0], "w", encoding="utf-8") as f:
                    json.dump(game.to_dict(), f, indent=1)
            except OSError as e:
                print(f"Could not save to {args[0]}: {e.strerror or e}", file=out)
            else:       # (said outside the try: a reader gone from ``out`` is no failed save)
                print(f"Saved to {args[0]}.", file=out)
    elif cmd in QUERIES:
        method = getattr(game, QUERIES[cmd], None)
        if method is None or len(args) != 1:
            print(f"Write: {cmd} PLACE" if method else f"{game.title} has no '{cmd}' query.", file=out)
        else:
            try:
                answer = method(args[0].lower())
            except ValueError as e:
                print(str(e), file=out)
            else:
                places = answer if isinstance(answer, list) else [answer] if answer else []
                shown = [f"{game.card_at(pl)} at {pl}" if game.card_at(pl) else pl for pl in places]
                print(" ".join(shown) or "none", file=out)
    else:
        try:
            Move.parse(line.strip())
        except ValueError:
            print(not_a_move(game, line.strip()), file=out)
            return True
        try:
            game.play(line.strip())
        except MoveError as e:
            print(e.reason, file=out)
        else:
            print(render(game), file=out)
    return True


def play(game: Game, inp: TextIO, out: TextIO) -> int:
    print(f"{game.title}, deal {game.seed}. Type 'help' for the commands.", file=out)
    print(render(game), file=out)
    # at a terminal, lines are read by input(), which edits them with readline
    typing = inp is sys.stdin and out is sys.stdout and inp.isatty() and line_editing() is not None
    while True:
        if typing:
            try:
                line = input("> ") + "\n"
            except EOFError:
                line = ""
        else:
            print("> ", end="", file=out, flush=True)
            line = inp.readline()
        if not line:
            print(file=out)
            return 0
        if not run_command(game, line, out):
            return 0


def solve_file(path: str, budget_s: float | None, known: bool, out: TextIO, nodes: int | None = None) -> int:
    """``python -m engine solve FILE``: one JSON line, whose moves replay
    from the file's position to a won game; 2 (and the reason on stderr)
    when the file cannot be read."""
    from .solve import Budget, solve
    try:
        game = load_file(path)
    except (BadPosition, OSError) as e:
        print(f"Cannot open {path}: {e}", file=sys.stderr)
        return 2
    result = solve(game, Budget(seconds=budget_s, nodes=nodes), known=known)
    print(json.dumps(result.to_json()), file=out)
    return 0


def review_file(path: str, budget_s: float, out: TextIO, as_json: bool = False) -> int:
    """``python -m engine review FILE``: the review in words, as the game's
    Review window says it (``engine.review.summary``), then each move with
    the verdict after it; ``as_json`` (``--json``): one JSON line instead,
    the verdict after each move ("won", "lost", "unknown"; position 0 is
    the deal) and the index in the history of the move that lost the game
    (or null).  2 (and the reason on stderr) when the file cannot be read."""
    from .review import in_words, review
    try:
        game = load_file(path)
    except (BadPosition, OSError) as e:
        print(f"Cannot open {path}: {e}", file=sys.stderr)
        return 2
    found = review(game, seconds=budget_s).to_json()
    print(json.dumps(found) if as_json else in_words(game, found), file=out)
    return 0


def game_options() -> dict[str, tuple[list, list[str]]]:
    """Every option any game declares (its class's ``OPTIONS``), by name:
    the values the games take and their titles; ``play`` offers each as
    ``--NAME``, for the game it plays."""
    merged: dict[str, tuple[list, list[str]]] = {}
    for found in specs():
        for name, values in found.game.OPTIONS.items():
            known, titles = merged.setdefault(name, ([], []))
            known += [v for v in values if v not in known]
            titles.append(found.title)
    return merged


def main(argv: list[str] | None = None, inp: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a game in the terminal")
    p.add_argument("game", nargs="?", choices=sorted(GAMES), default=None)
    p.add_argument("--seed", type=int, help="deal number (random if not given)")
    p.add_argument("--file", help="go on with a saved game")
    for name, (values, titles) in game_options().items():
        p.add_argument(f"--{name}", type=type(values[0]), choices=values, help=f"{', '.join(titles)}: its {name}")
    s = sub.add_parser("show", help="print a saved position")
    s.add_argument("file")
    v = sub.add_parser("solve", help="solve a position file; prints one JSON line")
    v.add_argument("file")
    v.add_argument("--budget-s", type=float, default=10.0, help="time budget in seconds (default 10)")
    v.add_argument("--nodes", type=int, default=None, help="a node budget as well (default: none)")
    v.add_argument("--known", action="store_true",
                   help="The Republic, The Smith: let the search see the face-down cards")
    r = sub.add_parser("review", help="find the move that lost a game; says it in words",
                       description="Review a saved game: which move lost it, and the move that would have "
                                   "kept it winnable, in words (as the game's Review window says it), then "
                                   "every move with the verdict after it.")
    r.add_argument("file")
    r.add_argument("--budget-s", type=float, default=2.0, help="time for each search in seconds (default 2)")
    r.add_argument("--json", action="store_true",
                   help='print one JSON line instead of words: {"verdicts": [...] (position 0 is the deal), '
                        '"losing": the index in the history of the move that lost it or null, "instead", '
                        '"deals", "searches", "out_of_time"}')
    from .study import add_parser as add_study_parser
    add_study_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "study":
        from .study import main as study_main
        return study_main(args, out)
    if args.command == "review":
        return review_file(args.file, args.budget_s, out, as_json=args.json)
    if args.command == "solve":
        return solve_file(args.file, args.budget_s, args.known, out, nodes=args.nodes)

    try:
        if args.command == "show" or args.file:
            game = load_file(args.file)
        else:
            options = {k: v for k in game_options() if (v := getattr(args, k)) is not None}
            game = new_game(args.game or "gaps", seed=args.seed, **options)
    except BadPosition as e:
        print(f"Cannot open {args.file}: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"Cannot open {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"Cannot start: {e}", file=sys.stderr)
        return 2
    # the output is written outside the try: a reader of standard output
    # that has gone (``show FILE | head -1``) is no file that cannot be opened
    if args.command == "show":
        print(render(game), file=out)
        return 0
    return play(game, inp, out)


#: the exit status of a command whose reader went away (``| head -1``):
#: 128 + SIGPIPE, what a shell reports for a Unix tool the pipe ended
READER_GONE = 141


def stdout_gone() -> bool:
    """Whether standard output is a pipe whose reader has closed it (where
    that cannot be asked, Windows: taken as so)."""
    try:
        import select
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):
        return True


def run(argv: list[str] | None = None) -> int:
    """``python -m engine``: :func:`main`, ended quietly when its standard
    output is a pipe whose reader has gone (``show FILE | head -1``): no
    traceback and no message, the exit status ``READER_GONE``, as a Unix
    tool ended by SIGPIPE."""
    try:
        try:
            return main(argv)
        finally:
            sys.stdout.flush()      # what is still buffered fails here, not at the interpreter's exit
    except BrokenPipeError:
        if not stdout_gone():
            raise               # another pipe (a study's cluster): a failure to see
        # the interpreter flushes standard output once more on its way out:
        # pointed at devnull, that writes nothing and says nothing
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return READER_GONE


if __name__ == "__main__":
    sys.exit(run())
