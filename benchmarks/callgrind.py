"""Machine instructions a command executes, as Valgrind's callgrind counts them.

The one counter of every benchmark that counts instructions (`instructions.py`,
`bots.py --instructions`, `startup.py --instructions`, and the profiles that count one
function at a time: `bidding_profile.py`, `rule_bot_bidding.py`): a count does not move
with the load of a shared machine, where a timed figure does, so a ratio that
must be trusted under load is read from two counts.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence


def instructions(
    cmd: list[str], *, valgrind: str = "valgrind", cwd: str | None = None, env: Mapping[str, str] | None = None
) -> int:
    """The instructions `cmd` executes in all (callgrind's `Collected` total); the command must succeed."""
    return counted(cmd, valgrind=valgrind, cwd=cwd, env=env)[0]


def counted(
    cmd: list[str],
    *,
    inside: Sequence[str] = (),
    valgrind: str = "valgrind",
    cwd: str | None = None,
    env: Mapping[str, str] | None = None,
) -> tuple[int, str]:
    """(the instructions `cmd` executes, what it printed); the command must succeed.

    With `inside` (C functions' names), only the instructions run inside those functions
    are collected (`--collect-atstart=no`, a `--toggle-collect` each): how the profiles
    count one Python function, called through a C function nothing else on the path
    calls (`contextvars.Context.run`: `context_run`), and leave a nested part out (a
    second toggle, entered inside the first, switches the collection off there)."""
    toggles = ["--collect-atstart=no", *(f"--toggle-collect={name}" for name in inside)] if inside else []
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            [valgrind, "--tool=callgrind", f"--callgrind-out-file={tmp}/out", *toggles, *cmd],
            capture_output=True,
            text=True,
            check=True,
            cwd=cwd,
            env=env,
        )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{proc.stderr[-2000:]}")
    return int(found.group(1)), proc.stdout


def profiled(script: str, args: list[str], inside: Sequence[str], valgrind: str = "valgrind") -> tuple[int, int, int]:
    """A function-at-a-time profile's child (`bidding_profile.py`, `rule_bot_bidding.py`): `script
    --child ARGS` run by this Python with `PYTHONHASHSEED=0`, collected only `inside` those C
    functions (see `counted`); the child ends by printing `CALLS A B` (the calls it counted and
    what it counts them by). Returns (the instructions collected, A, B)."""
    collected, out = counted(
        [sys.executable, script, "--child", *args],
        inside=inside,
        valgrind=valgrind,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    calls = re.search(r"CALLS (\d+) (\d+)", out)
    if calls is None:
        raise SystemExit(f"{script} --child printed no count of calls:\n{out[-2000:]}")
    return collected, int(calls.group(1)), int(calls.group(2))
