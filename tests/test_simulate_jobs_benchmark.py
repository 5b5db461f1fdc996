"""benchmarks/jobs.py runs end to end on a tiny run: it compares the JSON of both runs and prints its figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_jobs_benchmark_runs_and_reports_every_figure() -> None:
    argv = ["--matches", "4", "--pairs", "2", "euchre", "--bots", "random"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "jobs.py"), *argv], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("simulate euchre --bots random --matches 4: --jobs 1 vs --jobs 2, 2 pairs")
    pairs = [line for line in lines if line.strip().startswith("seed ")]
    assert len(pairs) == 2 and all("parent" in p and "workers" in p and "idle estimate" in p for p in pairs)
    assert lines[-1].startswith("wall ratio: median") and "idle estimate: median" in lines[-1]
