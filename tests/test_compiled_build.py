"""Which build is imported: the optional mypyc-compiled one (setup.py) or pure Python.

CI installs the compiled wheel into a second virtualenv and runs the whole suite
against it with TRICKSPEC_EXPECT_COMPILED=1, and the editable install with
nothing set; this test makes sure each run really tested the build it meant to.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _compiled(module: object) -> bool:
    return not str(getattr(module, "__file__", "")).endswith(".py")


def _compiled_names() -> list[str]:
    """The modules setup.py compiles, as import names (interpreter.engine, interpreter.phases.alone, ...)."""
    spec = importlib.util.spec_from_file_location("trickspec_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # not __main__: setup() is not called
    return [path.removesuffix(".py").replace("/", ".") for path in setup.compiled_modules()]


@pytest.mark.parametrize("name", _compiled_names())
def test_the_imported_build_is_the_expected_one(name: str) -> None:
    expected = os.environ.get("TRICKSPEC_EXPECT_COMPILED")
    if expected is None:
        pytest.skip("TRICKSPEC_EXPECT_COMPILED is not set (CI sets it for the compiled run)")
    assert _compiled(importlib.import_module(name)) == (expected == "1")
