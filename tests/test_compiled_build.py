"""Which build is imported: the optional mypyc-compiled one (setup.py) or pure Python.

CI installs the compiled wheel into a second virtualenv and runs the whole suite
against it with TRICKSPEC_EXPECT_COMPILED=1, and the editable install with
nothing set; this test makes sure each run really tested the build it meant to.
"""

from __future__ import annotations

import os

import pytest

import interpreter.cards
import interpreter.engine
import interpreter.names
import interpreter.rules


def _compiled(module: object) -> bool:
    return not str(getattr(module, "__file__", "")).endswith(".py")


def test_the_imported_build_is_the_expected_one() -> None:
    expected = os.environ.get("TRICKSPEC_EXPECT_COMPILED")
    if expected is None:
        pytest.skip("TRICKSPEC_EXPECT_COMPILED is not set (CI sets it for the compiled run)")
    want = expected == "1"
    assert _compiled(interpreter.engine) == want
    assert _compiled(interpreter.cards) == want
    assert _compiled(interpreter.rules) == want
    assert _compiled(interpreter.names) == want
