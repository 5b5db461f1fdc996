#!/usr/bin/env python3
"""Wall time of a cold `trickspec validate variants/euchre.yaml`, against a bare interpreter.

Two validates are timed: `validate (full)` with the answer cache off (every run loads,
checks and compiles the spec), and `validate (remembered)`, the usual case of a spec
validated before and unchanged, answered from interpreter/validate_cache.py (a
temporary cache folder, filled by one untimed run first).

Every run is a new process (a cold start: imports, schema, compile). The full validate
is timed both as `python -m interpreter` and through the `trickspec` command (the console
script installed beside the interpreter), when it is there.

A cold start is a new process, not a new install: Python reads the package's compiled
bytecode (`__pycache__`, written by pip at install or by the first run), so the runs
here do too, after one untimed run of each command. An environment that sets
PYTHONDONTWRITEBYTECODE (some sandboxes and containers do) would otherwise make every
run compile the whole package from source again, which no installed copy does; that
setting is dropped for the runs, and the output says so.

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
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode is read (and written once), as installed code's is
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
    script = Path(sys.executable).with_name("trickspec")
    bare = [sys.executable, "-c", "pass"]
    commands = {"validate (full)": (validate, ""), "validate (remembered)": (validate, "cache")}
    if script.is_file():
        commands["trickspec validate (full)"] = ([str(script), "validate", "variants/euchre.yaml"], "")
    commands["python -c pass"] = (bare, "")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("(PYTHONDONTWRITEBYTECODE is set here: dropped for the runs, which read the package's bytecode)")
    times: dict[str, list[float]] = {name: [] for name in commands}
    with tempfile.TemporaryDirectory() as cache:
        for cmd, cached in commands.values():  # untimed: writes the bytecode and fills the answer cache
            wall(cmd, 1, cache if cached else "")
        for _ in range(args.runs):  # interleaved, one of each at a time
            for name, (cmd, cached) in commands.items():
                times[name] += wall(cmd, 1, cache if cached else "")
    for name, ts in times.items():
        print(
            f"{name:<25} median {statistics.median(ts) * 1000:6.1f} ms  "
            f"(min {min(ts) * 1000:.1f}, max {max(ts) * 1000:.1f}; {args.runs} runs)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
