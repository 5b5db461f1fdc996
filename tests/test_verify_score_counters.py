"""verify's model of a counter whose change reads `side.score` (issue 9, "Also fix").

verify follows each counter's changes over the hand outcomes to learn the
values it can hold. It used to try every change with `side.score` at the start
score only, so a counter that grows once a side has points never grew in its
model, and a match end reading it was reported as "never holds". The scores a
match can reach (near the numbers the change compares with, in the direction
the scoring moves) are now tried too; a counter that really cannot grow is
still reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.cli import main

GROWS = """extends: euchre
name: euchre-streak
counters:
  streak: {start: 0, description: hands made at 5 points or more}
scoring:
  patch:
    made: {counters: {streak: {each: "1 if side.score >= 5 else 0"}}}
match_end:
  - {winner_if: side.streak >= 3}
"""


def _verify(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    path = tmp_path / "streak.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["verify", str(path), "--hands", "30", "--seed", "2"]) == 0
    out, _ = capsys.readouterr()
    return out


def test_a_counter_that_grows_with_the_score_can_end_the_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _verify(tmp_path, GROWS, capsys)
    assert "never holds" not in out, out


def test_a_counter_whose_score_is_never_reached_is_still_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Scores only go up from 0 here: a change that needs a negative score never happens."""
    out = _verify(tmp_path, GROWS.replace("side.score >= 5", "side.score < 0"), capsys)
    assert "streak.yaml:9:6: warning: match_end[0] never holds: 'side.streak >= 3'" in out, out
