"""The repository is ruff-clean (`ruff check`, rules configured in pyproject.toml).

The mypy test alone let line-length and import-order slips land on main several
times; running ruff here makes the suite catch them before a landing does.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> list[str]:
    """ruff's command: the executable beside this Python (the test extra installs it), else on PATH."""
    beside = Path(sys.executable).with_name("ruff")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("ruff")
    if found is None:
        pytest.fail("ruff is not installed: pip install -e '.[test]' installs it")
    return [found]


def test_ruff_check_reports_nothing() -> None:
    done = subprocess.run(
        [*_ruff(), "check", "--no-cache", "interpreter", "tests", "benchmarks", "setup.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"ruff check reports problems:\n{done.stdout}{done.stderr}"
