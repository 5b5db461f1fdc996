"""Fuzzing variant files: mutated bundled specs through validate, then play and explain.

Whatever the bytes, `validate` exits 0 or 1 with located messages; a spec that
validates must also play a hand and be explained without a crash (issue 15,
items 2 and 3 were specs that validated and then crashed).
"""

from __future__ import annotations

import atexit
import itertools
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from .harness import assert_spec_errors_located, examples, run_cli
from .strategies import mutated_specs

WORK = Path(tempfile.mkdtemp(prefix="trickspec-fuzz-specs-"))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)
# A fresh name per case: specs are compiled once per process and path (the cache of load_rules).
NUMBERS = itertools.count()
FUZZ = settings(
    max_examples=examples(),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@FUZZ
@given(raw=mutated_specs())
def test_mutated_spec_validates_or_is_refused_with_located_lines(raw: bytes) -> None:
    spec = WORK / f"spec{next(NUMBERS)}.yaml"
    spec.write_bytes(raw)
    outcome = run_cli("validate", ["validate", str(spec)])
    if outcome.code == 1:
        assert_spec_errors_located(outcome)
        return
    played = run_cli("play", ["play", str(spec), "--seed", "1", "--hands", "1", "--quiet"])
    if played.code == 1:  # an error only a game reveals must be located too
        assert_spec_errors_located(played)
    explained = run_cli("explain", ["explain", str(spec)])
    assert explained.code == 0, explained.err[:2000]


@FUZZ
@given(raw=mutated_specs(), base=mutated_specs())
def test_mutated_overlay_on_a_mutated_base(raw: bytes, base: bytes) -> None:
    """An overlay's `extends` names a (mutated) base beside it: errors in either are located."""
    number = next(NUMBERS)
    (WORK / f"base{number}.yaml").write_bytes(base)
    overlay = WORK / f"overlay{number}.yaml"
    overlay.write_bytes(f"extends: base{number}.yaml\n".encode() + raw.replace(b"extends:", b"x-extends:"))
    outcome = run_cli("overlay", ["validate", str(overlay)])
    if outcome.code == 1:
        assert_spec_errors_located(outcome)
