"""Fuzzing hand records: mutated real records of every bundled variant through replay.

Whatever the bytes, `replay` exits 0 or 1, and a failure is one line naming the
record (docs/hand-records.md wording) — never a traceback, never a hang.
"""

from __future__ import annotations

import atexit
import itertools
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .harness import assert_record_error_located, examples, run_cli
from .strategies import mutated_records

WORK = Path(tempfile.mkdtemp(prefix="trickspec-fuzz-records-"))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)
NUMBERS = itertools.count()
FUZZ = settings(
    max_examples=examples(),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@FUZZ
@given(record=mutated_records(), as_json=st.booleans())
def test_mutated_record_replays_or_is_refused_with_one_line(record: tuple[str, bytes], as_json: bool) -> None:
    suffix, raw = record
    path = WORK / f"record{next(NUMBERS)}{suffix}"
    path.write_bytes(raw)
    outcome = run_cli("replay", ["replay", str(path), *(["--json"] if as_json else [])])
    if outcome.code == 1:
        assert_record_error_located(outcome)


@FUZZ
@given(record=mutated_records())
def test_mutated_record_on_standard_input(record: tuple[str, bytes]) -> None:
    _, raw = record
    outcome = run_cli("stdin", ["replay", "-"], stdin=raw.decode("utf-8", "surrogateescape"))
    if outcome.code == 1:
        assert_record_error_located(outcome)
