#!/usr/bin/env python3
"""`trickspec simulate --jobs 2` against `--jobs 1`: wall time in interleaved pairs, and where the CPU goes.

Each pair runs the same command twice as new processes, `--jobs 1` then `--jobs N`
(default 2), with the same seed, and the ratio of their wall times is the pair's
speed-up; the median and the spread of the pairs are printed. The JSON of both
runs must be identical (the hands/s figure aside), or the benchmark stops.

Wall time on a shared machine moves with the other processes' load, so every run
also reports its CPU time split in two: the parent (the `trickspec` process: its
start, handing out the matches and merging what comes back) and its workers (the
pool's processes, reaped by the parent). From them and the start alone (S: the CPU
of the same command playing one match) an idle machine's ratio is estimated. With
`--jobs N` the start runs before any worker plays; then the matches (the work of
the one-core run after its start, T1 - S) and the rest of the parent's CPU (P - S)
share the N cores:

    estimate = T1 / (S + (T1 - S + P - S) / N)

where T1 is the `--jobs 1` run's CPU time (on an idle machine, its wall time) and P
the `--jobs N` parent's. The workers' own CPU is printed beside it: on a loaded
machine it swings with the others' load (shared caches, hyperthreads) far more
than the parent's does, so the estimate takes the one-core run's work for it.

    python benchmarks/jobs.py [--matches 10000] [--pairs 5] [--jobs 2] [--seed 1] [ARGS ...]

ARGS, given last, replace the default `euchre --bots rules,rules`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Bytecode is read (and written once), as an installed copy's is: with PYTHONDONTWRITEBYTECODE (set
# by some sandboxes) every run would compile the package from source again, inflating the start.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

# A child: runs the command in this process, then prints its own CPU and its reaped children's to stderr.
CHILD = """
import json, resource, sys
from interpreter.cli import main
code = main(sys.argv[1:])
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
sys.stderr.write("\\nCPU " + json.dumps([me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime]) + "\\n")
sys.exit(code)
"""


def run(argv: list[str]) -> tuple[float, float, float, dict[str, Any]]:
    """(wall seconds, parent CPU, workers' CPU, the JSON without hands/s) of one `trickspec simulate`."""
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, "simulate", *argv, "--json", "--quiet"],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        sys.exit(f"simulate {' '.join(argv)} failed:\n{done.stderr}")
    line = [ln for ln in done.stderr.splitlines() if ln.startswith("CPU ")][-1]
    parent, workers = json.loads(line[4:])
    data = json.loads(done.stdout)
    data.pop("hands_per_second")
    return wall, parent, workers, data


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=10000)
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1, help="the first pair's seed; pair i uses seed + i")
    ap.add_argument(
        "args", nargs=argparse.REMAINDER, help="simulate's arguments, last (default: euchre --bots rules,rules)"
    )
    a = ap.parse_args()
    a.args = a.args or ["euchre", "--bots", "rules,rules"]
    start = statistics.median(run([*a.args, "--matches", "1", "--seed", str(a.seed)])[1] for _ in range(3))
    print(f"simulate {' '.join(a.args)} --matches {a.matches}: --jobs 1 vs --jobs {a.jobs}, {a.pairs} pairs")
    print(f"start (CPU of one match, median of 3): {start:.2f} s")
    ratios, estimates = [], []
    for i in range(a.pairs):
        argv = [*a.args, "--matches", str(a.matches), "--seed", str(a.seed + i)]
        w1, p1, k1, one = run([*argv, "--jobs", "1"])
        wn, pn, kn, many = run([*argv, "--jobs", str(a.jobs)])
        if one != many:
            sys.exit(f"seed {a.seed + i}: the JSON of --jobs 1 and --jobs {a.jobs} differ")
        t1 = p1 + k1
        estimate = t1 / (start + (t1 - start + pn - start) / a.jobs)
        ratios.append(w1 / wn)
        estimates.append(estimate)
        print(
            f"  seed {a.seed + i}: wall {w1:6.2f} s vs {wn:6.2f} s = {w1 / wn:.2f}x   "
            f"CPU --jobs 1 {t1:6.2f} s; --jobs {a.jobs} parent {pn:5.2f} s (after its start {pn - start:5.2f} s) "
            f"+ workers {kn:6.2f} s   "
            f"idle estimate {estimate:.2f}x"
        )
    print(
        f"wall ratio: median {statistics.median(ratios):.2f}x [{min(ratios):.2f}-{max(ratios):.2f}]   "
        f"idle estimate: median {statistics.median(estimates):.2f}x [{min(estimates):.2f}-{max(estimates):.2f}]"
    )


if __name__ == "__main__":
    main()
