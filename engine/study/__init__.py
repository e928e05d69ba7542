"""The winnability study: numbered deals solved on a distributed engine.

    python -m engine study GAME [--rule R] --deals A-B [--budget-s S]
                           [--budget-nodes N] --out FILE
                           [--scheduler ADDRESS | --workers N] [--chunk K]
                           [--hidden]
    python -m engine study --table FILE...

The first solves deals A..B of GAME under rule R (the packing rule of The
Republic, The Smith and The Prince; Chinese Puzzle's redeals, 2 or 1) on
a Dask ``distributed`` cluster: a local one of N processes (default:
every core, one thread each), or the one whose scheduler is at ADDRESS;
K deals a task.
Each verdict is appended to FILE (JSON lines, ``records.py``) as it comes;
run the same command again after a stop of any kind and it goes on, the
deals already in FILE skipped.  The Republic and The Smith are solved with
every card known (the deal's winnability) unless ``--hidden``.

The second prints the winnability table of docs/study.md from result files
(``table.py``); ``stats.py`` holds the statistics, shared with
``bench/solver.py``.  Only ``run.py`` needs ``distributed``, and imports it
only when a study runs: ``pip install .[study]``.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from ..spec import names, spec
from .records import StudyFileError, load_all
from .stats import budget_words


def add_parser(sub) -> None:
    """The ``study`` command's arguments, on ``python -m engine``'s parser."""
    p = sub.add_parser("study", help="solve numbered deals on a Dask cluster; or print the table of results",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", nargs="?", choices=sorted(names()))
    p.add_argument("--rule", help="which of the game's study variants (its spec's study list: a packing rule, "
                                  "a number of redeals), by its label; default: the first")
    p.add_argument("--deals", help="the deal numbers, A-B (or one number)")
    p.add_argument("--budget-s", type=float, default=None, help="seconds a deal (default 10)")
    p.add_argument("--budget-nodes", type=int, default=None, help="nodes a deal (with or instead of seconds)")
    p.add_argument("--out", help="the result file (JSON lines), appended to")
    p.add_argument("--scheduler", help="the address of an existing Dask scheduler (default: a local cluster)")
    p.add_argument("--workers", type=int, default=None, help="local cluster: worker processes (default: every core)")
    p.add_argument("--chunk", type=int, default=1,
                   help="deals a task (default 1; more for deals of milliseconds, The Prince)")
    p.add_argument("--hidden", action="store_true", help="The Republic, The Smith: see only what the player sees")
    p.add_argument("--table", nargs="+", metavar="FILE", help="print the winnability table of these result files")


def parse_deals(text: str) -> range:
    """``A-B`` (or ``N``) as a range of deal numbers; ValueError says why not."""
    parts = text.split("-")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise ValueError(f"--deals {text!r}: write the first and last deal, A-B (such as 1-300)") from None
    if len(numbers) not in (1, 2) or min(numbers) < 0:
        raise ValueError(f"--deals {text!r}: write the first and last deal, A-B (such as 1-300)")
    lo, hi = numbers[0], numbers[-1]
    if hi < lo:
        raise ValueError(f"--deals {text!r}: the last deal comes before the first")
    return range(lo, hi + 1)


def resolve_rule(game: str, rule: str | None) -> tuple[str, dict]:
    """The variant's label and the game's options; ValueError for a rule the
    game does not have."""
    variants = spec(game).study
    for variant in variants:
        if rule is None or rule == variant.label or rule in variant.aliases:
            return variant.label, dict(variant.options)
    labels = ", ".join(v.label for v in variants if v.label != "-") or "none (leave --rule out)"
    raise ValueError(f"{game} has no rule {rule!r}; its rules: {labels}")


def main(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """``python -m engine study``: 0 done, 1 some deal failed (run again), 2
    bad arguments or file (the reason on stderr), 130 interrupted."""
    if args.table:
        if args.game or args.deals or args.out:
            print("--table prints the table of result files; it takes no game, --deals or --out", file=err)
            return 2
        try:
            docs = load_all(args.table)
        except StudyFileError as e:
            print(f"Cannot make the table: {e}", file=err)
            return 2
        from .table import markdown
        print(markdown(docs), file=out)
        return 0
    missing = [name for name, value in (("GAME", args.game), ("--deals", args.deals), ("--out", args.out))
               if not value]
    if missing:
        print(f"study: give {', '.join(missing)} (or --table FILE...); see python -m engine study --help", file=err)
        return 2
    try:
        deals = parse_deals(args.deals)
        rule, options = resolve_rule(args.game, args.rule)
        if args.budget_s is not None and args.budget_s <= 0 or args.budget_nodes is not None and args.budget_nodes <= 0:
            raise ValueError("the budget must be more than 0")
        if args.chunk < 1:
            raise ValueError("--chunk is 1 or more deals a task")
        if args.workers is not None and (args.workers < 1 or args.scheduler):
            raise ValueError("--workers is 1 or more, for a local cluster (not with --scheduler)")
    except ValueError as e:
        print(f"study: {e}", file=err)
        return 2
    budget_s = 10.0 if args.budget_s is None and args.budget_nodes is None else args.budget_s
    known = spec(args.game).hides_cards and not args.hidden
    try:
        check_budget(args.out, args.game, rule, known, budget_s, args.budget_nodes)
        from .run import run
        return run(args.game, rule, options, deals, budget_s, args.budget_nodes, known, args.out,
                   scheduler=args.scheduler, workers=args.workers, chunk=args.chunk, err=err)
    except StudyFileError as e:
        print(f"study: {e}", file=err)
        return 2
    except KeyboardInterrupt:   # before the first verdict: nothing written but the run's line
        print(f"stopped; the same command goes on from what {args.out} holds", file=err)
        return 130
    except OSError as e:
        print(f"study: cannot write {args.out}: {e.strerror or e}", file=err)
        return 2


def check_budget(path: str, game: str, rule: str, known: bool, budget_s: float | None,
                 budget_nodes: int | None) -> None:
    """A file holding this game and rule at another budget is another
    measurement: refuse to mix them (StudyFileError)."""
    from .records import load
    for doc in load(path):
        if doc["kind"] == "deal" and (doc["game"], doc["rule"], doc["known"]) == (game, rule, known) \
                and (doc.get("budget_s"), doc.get("budget_nodes")) != (budget_s, budget_nodes):
            theirs = budget_words(doc.get("budget_s"), doc.get("budget_nodes"))
            raise StudyFileError(f"{path} holds {game} {rule} at {theirs} "
                                 f"a deal; at {budget_words(budget_s, budget_nodes)} it would be another "
                                 "measurement: choose another --out")
