"""The package type-checks: `mypy` (configured in pyproject.toml) reports no errors.

mypyc is to compile the hot modules from these annotations, so they must stay exact.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api as mypy_api

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_reports_no_errors(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the config's `files` are relative to the project root
    cache = tmp_path_factory.mktemp("mypy_cache")  # keep mypy's cache out of the repository
    stdout, stderr, status = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache)])
    assert status == 0, f"mypy reports problems:\n{stdout}{stderr}"
