"""Machine instructions a command executes, as Valgrind's callgrind counts them.

The one counter of every benchmark that counts instructions (`instructions.py`,
`bots.py --instructions`, `startup.py --instructions`): a count does not move
with the load of a shared machine, where a timed figure does, so a ratio that
must be trusted under load is read from two counts.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from collections.abc import Mapping


def instructions(
    cmd: list[str], *, valgrind: str = "valgrind", cwd: str | None = None, env: Mapping[str, str] | None = None
) -> int:
    """The instructions `cmd` executes in all (callgrind's `Collected` total); the command must succeed."""
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            [valgrind, "--tool=callgrind", f"--callgrind-out-file={tmp}/out", *cmd],
            capture_output=True,
            text=True,
            check=True,
            cwd=cwd,
            env=env,
        )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{proc.stderr[-2000:]}")
    return int(found.group(1))
