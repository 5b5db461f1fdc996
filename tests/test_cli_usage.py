"""Usage mistakes are bad input: a message and exit status 1, never a traceback."""

from __future__ import annotations

import pytest

from interpreter.cli import main


@pytest.mark.parametrize("argv", [[], ["play", "--hands", "x"], ["frobnicate"], ["replay"]])
def test_usage_errors_exit_1(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 1
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("trickspec ")
