"""Run the `trickspec` command in-process on fuzzed input and judge the outcome.

The promise under test (README, docs/limits.md): whatever the input, the
command exits 0 or 1, never with a traceback, and a failure is reported as
located messages (`file:line:col: …`, `record K: …`), in bounded time. A case
that raises out of `main`, prints a traceback or runs past HANG_SECONDS is a
crash or a hang, counted in STATS and failed.
"""

from __future__ import annotations

import contextlib
import io
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from types import FrameType

from hypothesis import settings

from interpreter.cli import main

LONG_EXAMPLES = 1_500  # per fuzz target; four targets (and play/explain of what validates): > 6,000 cases
SHORT_EXAMPLES = 25  # per fuzz target in the default run
HANG_SECONDS = 60  # a case still running after this is a hang (typical cases take milliseconds;
# a valid file of thousands of records takes its time to replay)


def examples() -> int:
    """The long profile's count when it is loaded (--hypothesis-profile=long), else the short one."""
    return LONG_EXAMPLES if settings.default.max_examples == LONG_EXAMPLES else SHORT_EXAMPLES


@dataclass
class Stats:
    cases: int = 0
    crashes: int = 0
    hangs: int = 0
    slowest: float = 0.0
    by_target: Counter[str] = field(default_factory=Counter)
    by_status: Counter[int] = field(default_factory=Counter)

    def summary(self) -> str:
        targets = ", ".join(f"{name} {count}" for name, count in sorted(self.by_target.items()))
        status = ", ".join(f"exit {code}: {count}" for code, count in sorted(self.by_status.items()))
        return (
            f"fuzz: {self.cases} cases ({targets}); {self.crashes} crashes, {self.hangs} hangs; "
            f"{status}; slowest case {self.slowest:.2f} s"
        )


STATS = Stats()


class Hang(Exception):
    """Raised by the alarm inside a case that runs too long."""


@contextlib.contextmanager
def _alarm(seconds: int) -> Iterator[None]:
    def ring(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# A located line: a YAML file with line and column (or the file alone for whole-file
# problems), a record number, or the named record file / command-line value.
_SPEC_LINE = re.compile(r"^\S.*?\.ya?ml(:\d+(:\d+)?)?: \S")
_MORE_LINE = re.compile(r"^… and \d+ more problems?$")
_RECORD_LINE = re.compile(r"^(record \d+: \S|\S.*?\.jsonl?: \S|\S)")


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def run_cli(target: str, argv: Sequence[str], stdin: str = "") -> Outcome:
    """`trickspec ARGV`, judged: exit 0 or 1, no traceback, bounded time. Counts into STATS."""
    out, err = io.StringIO(), io.StringIO()
    old_in = sys.stdin
    sys.stdin = io.StringIO(stdin)
    STATS.cases += 1
    STATS.by_target[target] += 1
    started = time.perf_counter()
    try:
        with _alarm(HANG_SECONDS), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    except Hang:
        STATS.hangs += 1
        raise AssertionError(f"hang: trickspec {' '.join(argv)[:300]}") from None
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException:
        STATS.crashes += 1
        raise
    finally:
        sys.stdin = old_in
        STATS.slowest = max(STATS.slowest, time.perf_counter() - started)
    STATS.by_status[code] += 1
    outcome = Outcome(code, out.getvalue(), err.getvalue())
    if code not in (0, 1) or "Traceback" in outcome.err + outcome.out:
        STATS.crashes += 1
        raise AssertionError(f"exit {code}: {outcome.err[-2000:]}")
    return outcome


def assert_spec_errors_located(outcome: Outcome) -> None:
    """Every problem of a failed spec command is one located line (and at most a hint under it)."""
    lines = [line for line in outcome.err.splitlines() if line.strip()]
    assert lines, "exit 1 without a message"
    # schema_check ends a long list with one summary line ("… and 83 more problems"): not a problem line
    problems = [line for line in lines if not line.startswith("  ") and not _MORE_LINE.match(line)]
    assert problems and all(_SPEC_LINE.match(line) for line in problems), outcome.err[:2000]
    assert all(len(line) < 2000 for line in lines), "a message echoes a huge value"


def assert_record_error_located(outcome: Outcome) -> None:
    """A failed replay ends with one line naming the record (or file) and what is wrong."""
    lines = [line for line in outcome.err.splitlines() if line.strip()]
    assert len(lines) == 1, outcome.err[:2000]
    assert _RECORD_LINE.match(lines[0]) and len(lines[0]) < 2000, lines[0][:2000]
