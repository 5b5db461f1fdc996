#!/usr/bin/env python3
"""Wall time of a cold `trickspec validate variants/euchre.yaml`, against a bare interpreter.

Two validates are timed: `validate (full)` with the answer cache off (every run loads,
checks and compiles the spec), and `validate (remembered)`, the usual case of a spec
validated before and unchanged, answered from interpreter/validate_cache.py (a
temporary cache folder, filled by one untimed run first).

Every run is a new process (a cold start: imports, schema, compile). The full validate
is timed both as `python -m interpreter` (this checkout) and through the `trickspec`
command (the console script installed beside the interpreter: the editable install of
a checkout, or with `--python` another environment's, e.g. a `pip install .`), when it
is there. Each round runs every command once, in turn; the project's own share of a
command is its time minus `python -c pass`'s in the same round (the interpreter's own
start, `site` and the installed `.pth` files, which every Python program pays), and the
median and least of those differences are printed beside the times.

`--instructions` counts instead the machine instructions of the same runs with
Valgrind (`valgrind --tool=callgrind`), `--counts` runs of each command (default 3,
interleaved; the median is printed): untouched by the machine's load, so a change can
be weighed on a busy machine. A run's count still moves by a percent or so with
Python's random hash seed (dict and set layouts), hence the median.

A cold start is a new process, not a new install: Python reads the package's compiled
bytecode (`__pycache__`, written by pip at install or by the first run), so the runs
here do too, after one untimed run of each command. An environment that sets
PYTHONDONTWRITEBYTECODE (some sandboxes and containers do) would otherwise make every
run compile the whole package from source again, which no installed copy does; that
setting is dropped for the runs, and the output says so.

    python benchmarks/startup.py [--runs 11] [--python PATH] [--instructions [--counts 3]]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = "variants/euchre.yaml"
BARE = "python -c pass"


def _env(cache: str) -> dict[str, str]:
    env = {**os.environ, "TRICKSPEC_CACHE_DIR": cache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode is read (and written once), as installed code's is
    return env


def wall(cmd: list[str], runs: int, cache: str = "") -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT, env=_env(cache))
        out.append(time.perf_counter() - t0)
    return out


def instructions(cmd: list[str], cache: str = "") -> int:
    """Instructions the command executes, as Valgrind's callgrind counts them."""
    from callgrind import instructions as counted  # beside this script (benchmarks/callgrind.py)

    return counted(cmd, cwd=str(ROOT), env=_env(cache))


def commands(python: str) -> dict[str, tuple[list[str], bool]]:
    """name -> (command line, whether it reads the remembered answers)."""
    validate = [python, "-m", "interpreter", "validate", SPEC]
    found: dict[str, tuple[list[str], bool]] = {"validate (full)": (validate, False)}
    script = Path(python).with_name("trickspec")
    if script.is_file():
        found["trickspec validate (full)"] = ([str(script), "validate", SPEC], False)
    found["validate (remembered)"] = (validate, True)
    found[BARE] = ([python, "-c", "pass"], False)
    return found


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:6.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--python", default=sys.executable, help="the interpreter (and its trickspec) to time")
    ap.add_argument("--instructions", action="store_true", help="count instructions with Valgrind instead")
    ap.add_argument("--counts", type=int, default=3, help="with --instructions: runs counted per command (median)")
    args = ap.parse_args(argv)
    todo = commands(args.python)
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("(PYTHONDONTWRITEBYTECODE is set here: dropped for the runs, which read the package's bytecode)")
    with tempfile.TemporaryDirectory() as cache:
        for cmd, cached in todo.values():  # untimed: writes the bytecode and fills the answer cache
            wall(cmd, 1, cache if cached else "")
        if args.instructions:
            if shutil.which("valgrind") is None:
                print("--instructions needs valgrind on the PATH", file=sys.stderr)
                return 1
            counted: dict[str, list[int]] = {name: [] for name in todo}
            for _ in range(args.counts):  # interleaved; counts vary a little with the random hash seed
                for name, (cmd, cached) in todo.items():
                    counted[name].append(instructions(cmd, cache if cached else ""))
            counts = {name: int(statistics.median(c)) for name, c in counted.items()}
            for name, count in counts.items():
                own = "" if name == BARE else f"  own (minus {BARE}) {(count - counts[BARE]) / 1e6:7.1f}M"
                print(f"{name:<27} {count / 1e6:7.1f}M instructions{own}")
            return 0
        times: dict[str, list[float]] = {name: [] for name in todo}
        for _ in range(args.runs):  # interleaved, one of each at a time
            for name, (cmd, cached) in todo.items():
                times[name] += wall(cmd, 1, cache if cached else "")
    for name, ts in times.items():
        line = f"{name:<27} median {_ms(statistics.median(ts))} ms  (min {_ms(min(ts))}, max {_ms(max(ts))})"
        if name != BARE:
            own = [t - bare for t, bare in zip(ts, times[BARE], strict=True)]
            line += f"  own: median {_ms(statistics.median(own))}, min {_ms(min(own))}"
        print(line)
    print(f"({args.runs} rounds; own = the command's time minus {BARE}'s in the same round)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
