"""Every broken spec of the corpus, through the command line: exit 1, located, one message, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.cli import main

CORPUS = sorted((Path(__file__).resolve().parent / "bad_specs").glob("*.yaml"))
LOAD_ERRORS = [p for p in CORPUS if "# expect:" in p.read_text(encoding="utf-8", errors="replace")]
VERIFY_ERRORS = [
    p
    for p in CORPUS
    if any(
        line.startswith("# verify-expect:") and "error:" in line
        for line in p.read_text(encoding="utf-8", errors="replace").splitlines()
    )
]


def test_the_corpus_is_large() -> None:
    assert len(CORPUS) >= 30


@pytest.mark.parametrize("path", LOAD_ERRORS, ids=lambda p: p.name)
def test_validate_rejects(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"{path}:") and "Traceback" not in err
    assert len(err.strip().splitlines()) <= 3  # the message, and at most a hint


@pytest.mark.parametrize("path", VERIFY_ERRORS, ids=lambda p: p.name)
def test_verify_rejects(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(path), "--hands", "20"]) == 1
    out, err = capsys.readouterr()
    assert f"{path}:" in out + err and "Traceback" not in out + err
