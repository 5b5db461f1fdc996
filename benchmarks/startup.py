#!/usr/bin/env python3
"""Wall time of a cold `trickspec validate variants/euchre.yaml`, against a bare interpreter.

Two validates are timed: `validate (full)` with the answer cache off (every run loads,
checks and compiles the spec), and `validate (remembered)`, the usual case of a spec
validated before and unchanged, answered from interpreter/validate_cache.py (a
temporary cache folder, filled by one untimed run first).

Every run is a new process (a cold start: imports, grammar, schema, compile).

    python benchmarks/startup.py [--runs 11]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wall(cmd: list[str], runs: int, cache: str = "") -> list[float]:
    out = []
    env = {**os.environ, "TRICKSPEC_CACHE_DIR": cache}
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT, env=env)
        out.append(time.perf_counter() - t0)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=11)
    args = ap.parse_args(argv)
    validate = [sys.executable, "-m", "interpreter", "validate", "variants/euchre.yaml"]
    bare = [sys.executable, "-c", "pass"]
    times: dict[str, list[float]] = {"validate (full)": [], "validate (remembered)": [], "python -c pass": []}
    with tempfile.TemporaryDirectory() as cache:
        wall(validate, 1, cache)  # the first validate of the spec fills the cache
        for _ in range(args.runs):  # interleaved, one of each at a time
            times["validate (full)"] += wall(validate, 1)
            times["validate (remembered)"] += wall(validate, 1, cache)
            times["python -c pass"] += wall(bare, 1)
    for name, ts in times.items():
        print(
            f"{name:<21} median {statistics.median(ts) * 1000:6.1f} ms  "
            f"(min {min(ts) * 1000:.1f}, max {max(ts) * 1000:.1f}; {args.runs} runs)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
