"""docs/hand-records.md: `players` is always the number of hands — also where an option picks it."""

from __future__ import annotations

import pytest

from interpreter.errors import RecordError
from interpreter.records import check_record

FIVE = [
    ["7C", "8C", "9C", "TC", "JC"],
    ["QC", "KC", "AC", "7D", "8D"],
    ["9D", "TD", "JD", "QD", "KD"],
    ["AD", "7H", "8H", "9H", "TH"],
    ["JH", "QH", "KH", "AH", "7S"],
]


def record(**extra: object) -> dict[str, object]:
    return {"variant": "call-ace", "dealer": 0, "hands": FIVE, "upcard": "8S", "actions": [], **extra}


@pytest.mark.parametrize("extra", [{}, {"players": 5}, {"options": {"players": 5}}])
def test_five_hands_mean_five_players(extra: dict[str, object]) -> None:
    rules, state, _ = check_record(record(**extra))
    assert rules.players == 5 and rules.options["players"] == 5
    assert state.turn == 1 and len(state.hands) == 5


def test_an_option_that_contradicts_the_hands_is_an_error() -> None:
    with pytest.raises(RecordError, match="played by 4 players, but hands lists 5 hands"):
        check_record(record(options={"players": 4}))
