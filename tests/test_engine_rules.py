"""The engine's phases on hand-worked and spec-written cases that no variant file covers."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import write

from interpreter.errors import RecordError
from interpreter.records import replay_record


def test_a_defender_sitting_out_is_not_asked_to_go_alone(tmp_path: Path) -> None:
    overlay = write(
        tmp_path / "both_alone.yaml",
        "extends: euchre\ndeclarations:\n  append:\n    - alone: {id: d, who: defenders}\n",
    )
    # Dealer 0; seat 1 orders diamonds and goes alone; seat 2 (a defender) goes alone, which puts
    # seat 0 out — but seat 0 is still asked, says alone, and seat 2 is put out too.
    rec = {
        "variant": str(overlay),
        "dealer": 0,
        "hands": [
            ["9D", "9C", "TD", "QH", "QC"],
            ["JS", "AD", "AS", "TC", "TS"],
            ["AH", "QS", "TH", "KH", "9H"],
            ["AC", "KD", "QD", "KS", "JH"],
        ],
        "upcard": "JD",
        "actions": ["order", "discard 9D", "alone", "alone", "alone", "TC", "AD", "AS", "JS", "TS"],
    }
    try:
        result = replay_record(rec).result
    except RecordError:
        return  # the third `alone` is refused: seat 0 sits out and is not asked
    assert not {0, 2} <= set(result["out"]), result
