"""Shared helpers of the test files: the command line in-process, files in tmp_path, the example record.

pytest puts tests/ on sys.path, so a test imports them with `from cli_helpers import run, write`.
Fixtures shared by many files are in conftest.py.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.errors import SpecError
from interpreter.variants import load_rules

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = json.loads((ROOT / "tests" / "records" / "example.json").read_text(encoding="utf-8"))
EUCHRE_YAML = str(ROOT / "variants" / "euchre.yaml")
Capsys = pytest.CaptureFixture[str]


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    """`trickspec ARGV` in-process: (status, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_with_input(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, *argv: str, answers: str | None = None
) -> tuple[int, str, str]:
    """`trickspec ARGV` in-process, with `answers` as the person's input: (status, stdout, stderr)."""
    if answers is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def load_error(spec: str, rules: list[str] | None = None) -> str:
    with pytest.raises(SpecError) as info:
        load_rules(spec, rules=rules or [])
    return str(info.value)


def example(variant: str, actions: list[str] | None = None, **extra: object) -> dict[str, object]:
    """The worked euchre hand of tests/records/example.json under another variant (or fewer actions)."""
    rec = {k: v for k, v in EXAMPLE.items() if k != "expect"}
    rec["variant"] = variant
    if actions is not None:
        rec["actions"] = actions
    rec.update(extra)
    return rec
