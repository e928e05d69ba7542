"""The winnability study (``python -m engine study``): its statistics, its
result file (a torn last line ignored, damage reported), its table, and
real studies on a local two-worker Dask cluster: one through an existing
scheduler, one killed with SIGKILL midway and resumed, every deal counted
exactly once.  The Prince under any suit decides each deal in a few dozen
nodes, so the studies are quick."""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.study import add_parser, parse_deals, resolve_rule
from engine.study import main as study_main
from engine.study.records import Appender, StudyFileError, load
from engine.study.stats import summarise, wilson

ROOT = Path(__file__).resolve().parents[1]


def study(*args: str) -> tuple[int, str, str]:
    """``python -m engine study ARGS``: its exit code, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    code = study_main(parser.parse_args(["study", *args]), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def deal_lines(path: Path) -> list[dict]:
    return [d for d in load(str(path)) if d["kind"] == "deal"]


def verdict(deal: int, status: str, seconds: float, t: float, run: str = "r1", **extra) -> dict:
    return {"kind": "deal", "run": run, "game": "prince", "rule": "alternate", "known": False, "deal": deal,
            "status": status, "nodes": 10, "seconds": seconds, "cpu": seconds, "budget_s": 10.0,
            "budget_nodes": None, "worker": "w", "t": t, **extra}


def header(run: str = "r1", started: float = 1000.0, cores: int = 2) -> dict:
    return {"kind": "run", "run": run, "game": "prince", "rule": "alternate", "known": False,
            "budget_s": 10.0, "budget_nodes": None, "deals": [1, 4], "cores": cores, "workers": cores,
            "scheduler": "local", "host": "h", "engine": "x", "started": started}


def write_lines(path: Path, docs: list[dict], tail: str = "") -> None:
    path.write_text("".join(json.dumps(d) + "\n" for d in docs) + tail, encoding="utf-8")


# -- statistics ---------------------------------------------------------------

@given(st.integers(0, 5000), st.integers(0, 5000))
def test_wilson_interval_holds_the_observed_rate_within_0_and_1(wins, extra):
    n = wins + extra
    lo, hi = wilson(wins, n)
    assert 0.0 <= lo <= hi <= 1.0
    if n:
        assert lo - 1e-12 <= wins / n <= hi + 1e-12
    else:
        assert (lo, hi) == (0.0, 1.0)


def test_wilson_interval_of_no_win_in_27_is_the_published_one():
    # docs/study.md, the table before the study: The Smith same suit, 0 won of 27 decided, 95% CI 0.0-12.5%
    lo, hi = wilson(0, 27)
    assert (round(100 * lo, 1), round(100 * hi, 1)) == (0.0, 12.5)


def test_summary_counts_the_decided_and_bounds_the_unknown():
    s = summarise([("won", 1.0, 5), ("won", 2.0, 5), ("impossible", 3.0, 5), ("unknown", 10.0, 5)])
    assert (s["deals"], s["won"], s["impossible"], s["unknown"]) == (4, 2, 1, 1)
    assert math.isclose(s["rate"], 2 / 3)
    assert s["bounds"] == (0.5, 0.75)
    assert s["median"] == 2.5 and s["p95"] == 10.0 and s["nodes"] == 20


# -- arguments ----------------------------------------------------------------

def test_deals_and_rules_are_read_or_refused_with_a_reason():
    assert parse_deals("1-300") == range(1, 301)
    assert parse_deals("7") == range(7, 8)
    for bad, words in (("300-1", "comes before"), ("a-b", "A-B"), ("1-2-3", "A-B")):
        with pytest.raises(ValueError, match=words):
            parse_deals(bad)
    assert resolve_rule("chinese-puzzle", "1") == ("1 redeal", {"redeals": 1})
    assert resolve_rule("prince", None) == ("alternate", {"rule": "alternate"})
    with pytest.raises(ValueError, match="any-suit"):
        resolve_rule("smith", "spades")
    code, _, err = study("prince", "--deals", "5-1", "--out", "x.jsonl")
    assert code == 2 and "comes before" in err
    code, _, err = study("prince", "--deals", "1-5")
    assert code == 2 and "--out" in err


def test_a_file_of_another_budget_is_refused(tmp_path):
    path = tmp_path / "r.jsonl"
    write_lines(path, [header(), verdict(1, "won", 0.1, 1001.0)])
    code, _, err = study("prince", "--deals", "1-4", "--budget-s", "5", "--out", str(path))
    assert code == 2 and "10 s" in err and "another --out" in err
    assert len(deal_lines(path)) == 1


def test_a_missing_distributed_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)   # import distributed now raises ImportError
    path = tmp_path / "r.jsonl"
    code, _, err = study("prince", "--deals", "1-4", "--out", str(path))
    assert code == 2 and "pip install .[study]" in err
    assert not deal_lines(path)


def test_the_engine_and_the_table_never_import_distributed(tmp_path):
    path = tmp_path / "r.jsonl"
    write_lines(path, [header(), verdict(1, "won", 0.1, 1001.0)])
    code = ("import sys, engine, engine.study, engine.__main__ as m; m.main(['study', '--table', sys.argv[1]]); "
            "assert 'distributed' not in sys.modules and 'dask' not in sys.modules, 'imported'")
    done = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "| The Prince |" in done.stdout


# -- the result file ----------------------------------------------------------

def test_a_torn_last_line_is_ignored_and_cut_before_appending(tmp_path):
    path = tmp_path / "r.jsonl"
    whole = [header(), verdict(1, "won", 0.1, 1001.0), verdict(2, "impossible", 0.2, 1002.0)]
    write_lines(path, whole, tail=json.dumps(verdict(3, "won", 0.3, 1003.0))[:40])
    assert [d.get("deal") for d in load(str(path))] == [None, 1, 2]
    appender = Appender(str(path))
    appender.write(verdict(3, "unknown", 10.0, 1004.0))
    appender.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 and all(json.loads(line) for line in lines)
    assert [d["status"] for d in deal_lines(path)] == ["won", "impossible", "unknown"]


def test_damage_before_the_last_line_is_reported_with_its_line(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(header()) + "\n{not json\n" + json.dumps(verdict(1, "won", 0.1, 1.0)) + "\n")
    with pytest.raises(StudyFileError, match="line 2"):
        load(str(path))
    write_lines(path, [header(), {**verdict(1, "won", 0.1, 1.0), "status": "maybe"}])
    with pytest.raises(StudyFileError, match="maybe"):
        load(str(path))
    code, _, err = study("--table", str(path))
    assert code == 2 and "maybe" in err


def test_a_second_study_on_the_same_file_is_refused(tmp_path):
    path = tmp_path / "r.jsonl"
    first = Appender(str(path))
    try:
        with pytest.raises(StudyFileError, match="another study"):
            Appender(str(path))
    finally:
        first.close()


# -- the table ----------------------------------------------------------------

def test_the_table_counts_each_deal_once_and_says_how_long_on_how_many_cores(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    write_lines(a, [header(), verdict(1, "won", 1.0, 1100.0), verdict(2, "won", 2.0, 1200.0),
                    verdict(3, "impossible", 3.0, 1300.0)])
    # a second run (stopped and resumed) adds deal 4; deal 2 again in another file is not counted twice
    write_lines(b, [header("r2", started=5000.0), verdict(4, "unknown", 10.0, 5300.0, run="r2"),
                    verdict(2, "impossible", 2.0, 5310.0, run="r2")])
    code, out, _ = study("--table", str(a), str(b))
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith("| The Prince")]
    lo, hi = wilson(2, 3)
    assert rows == [f"| The Prince | alternate | 1-4 | 10 s | 2 | 1 | 1 | 66.7% | {100 * lo:.1f}-{100 * hi:.1f}% "
                    "| 50.0-75.0% | 2.50 | 10.00 | 2.50 | 10 min on 2 cores |"]


def test_the_table_shows_missing_deals_and_each_rule_and_budget_apart(tmp_path):
    path = tmp_path / "a.jsonl"
    write_lines(path, [header(), verdict(1, "won", 1.0, 1010.0), verdict(5, "won", 1.0, 1020.0),
                       {**verdict(1, "won", 0.5, 1030.0), "budget_s": 60.0},
                       {**verdict(2, "impossible", 0.5, 1040.0), "rule": "same-suit"}])
    _, out, _ = study("--table", str(path))
    rows = [line.split(" | ")[1:4] for line in out.splitlines() if line.startswith("| The Prince")]
    assert rows == [["alternate", "2 of 1-5", "10 s"], ["alternate", "1", "60 s"], ["same suit", "2", "10 s"]]


# -- real studies on a local two-worker cluster -------------------------------

#: a node budget, so the verdicts do not hang on the machine's load (a Prince
#: deal under any suit is won in a few dozen nodes)
NODES = "100000"

@pytest.fixture
def cluster():
    distributed = pytest.importorskip("distributed", reason="the study needs distributed (requirements.txt)")
    import logging
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=logging.CRITICAL) as c:
        yield c


def test_a_study_on_an_existing_cluster_skips_the_deals_in_its_file_and_redoes_a_torn_one(tmp_path, cluster):
    path = tmp_path / "prince.jsonl"
    earlier = {**verdict(3, "won", 0.01, 1001.0), "rule": "any-suit", "budget_s": None, "budget_nodes": int(NODES),
               "nodes": 777}
    torn = json.dumps({**earlier, "deal": 4})[:30]
    write_lines(path, [{**header(), "rule": "any-suit", "budget_s": None, "budget_nodes": int(NODES)}, earlier],
                tail=torn)
    code, _, err = study("prince", "--rule", "any-suit", "--deals", "1-10", "--budget-nodes", NODES, "--out",
                         str(path), "--scheduler", cluster.scheduler_address, "--chunk", "3")
    assert code == 0, err
    assert "won 9, impossible 0, unknown 0" in err and "1 already in the file" in err
    verdicts = deal_lines(path)
    assert sorted(v["deal"] for v in verdicts) == list(range(1, 11))
    assert [v["nodes"] for v in verdicts if v["deal"] == 3] == [777]     # kept, not solved again
    assert all(v["status"] == "won" for v in verdicts)                  # any suit: every deal is won
    runs = [d for d in load(str(path)) if d["kind"] == "run"]
    assert runs[-1]["scheduler"] == cluster.scheduler_address and runs[-1]["cores"] == 2
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 + 1 + 9 and all(json.loads(line) for line in lines)   # the torn line is gone
    code, _, err = study("prince", "--rule", "any-suit", "--deals", "1-10", "--budget-nodes", NODES, "--out",
                         str(path))
    assert code == 0 and "all 10 deals" in err


@pytest.mark.slow
def test_a_study_killed_midway_resumes_and_counts_every_deal_once(tmp_path):
    pytest.importorskip("distributed", reason="the study needs distributed (requirements.txt)")
    path = tmp_path / "prince.jsonl"
    command = [sys.executable, "-m", "engine", "study", "prince", "--rule", "any-suit", "--deals", "1-60",
               "--budget-nodes", NODES, "--out", str(path), "--workers", "2"]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if path.exists() and path.read_text(encoding="utf-8").count('"kind":"deal"') >= 3:
                break
            time.sleep(0.01)
        assert proc.poll() is None, f"the study ended before it could be killed: {proc.stderr.read()}"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        try:   # its worker processes too (the cluster's, in the study's session)
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.stderr.close()
    before = {v["deal"] for v in deal_lines(path)}
    assert 3 <= len(before) < 60
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"{len(before)} already in the file" in done.stderr
    deals = [v["deal"] for v in deal_lines(path)]
    assert sorted(deals) == list(range(1, 61))                        # each deal exactly once
    assert len([d for d in load(str(path)) if d["kind"] == "run"]) == 2
    code, out, _ = study("--table", str(path))
    assert "| The Prince | any suit | 1-60 | 100,000 nodes | 60 | 0 | 0 | 100.0% |" in out
