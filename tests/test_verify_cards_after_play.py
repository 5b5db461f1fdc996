"""verify warns where scoring reads the cards held now (`held`, `holds`, `holder_of`).

Scoring, the match end and the game end are read after play: the cards played
are gone, so these functions nearly always read nothing (only a player who sat
out, or a hand ended by a claim, still holds cards). The rule meant is nearly
always about the deal: `dealt`, `dealt_to`. The warning is located at the
expression, in the file that wrote it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.verify import verify

WARNING_START = "reads held(...), the cards held now"


def overlay(tmp_path: Path, body: str) -> str:
    path = tmp_path / "mine.yaml"
    path.write_text(f"extends: euchre\nname: mine\n{body}", encoding="utf-8")
    return str(path)


def findings(spec: str) -> list[str]:
    return [f.text() for f in verify(spec, hands=0).findings]


@pytest.mark.parametrize(
    ("row", "line", "called"),
    [
        ("{id: aces, when: 'makers.tricks >= 3 and held(maker, \"A\") >= 2', makers: 3}", 5, "held(...)"),
        ("{id: aces, when: makers.tricks >= 3, makers: 'held(maker, \"A\") + 1'}", 5, "held(...)"),
        (
            '{id: jack, when: \'holds(maker, "JS") and holder_of("AS") == maker\', makers: 3}',
            5,
            "holder_of(...) and holds(...)",
        ),
    ],
)
def test_a_scoring_row_reading_held_cards_is_warned_at_its_line(
    tmp_path: Path, row: str, line: int, called: str
) -> None:
    spec = overlay(tmp_path, f"scoring:\n  prepend:\n    - {row}\n")
    found = [f for f in findings(spec) if "the cards held now" in f]
    assert len(found) == 1, found
    assert found[0].startswith(f"{spec}:{line}:")
    assert "warning: scoring row" in found[0] and f"reads {called}, the cards held now" in found[0]
    assert "dealt(...)" in found[0]


def test_dealt_in_scoring_is_not_warned(tmp_path: Path) -> None:
    spec = overlay(
        tmp_path,
        "scoring:\n  prepend:\n    - {id: aces, when: 'makers.tricks >= 3 and dealt(maker, \"A\") >= 2', makers: 3}\n",
    )
    assert not [f for f in findings(spec) if "the cards held now" in f]


def test_held_before_play_is_not_warned() -> None:
    """house/minimum-trump reads held("trump") while bidding, where the cards are in hand."""
    assert not [f for f in findings("house/minimum-trump") if "the cards held now" in f]


def test_a_counter_change_and_the_match_end_are_checked_too(tmp_path: Path) -> None:
    spec = overlay(
        tmp_path,
        "counters:\n  tokens: {start: 0}\n"
        "scoring:\n  patch:\n    made: {counters: {tokens: {makers: 'held(maker, \"trump\")'}}}\n"
        "match_end:\n  - {winner_if: 'side.score >= 10 and held(dealer, \"A\") == 0'}\n",
    )
    found = [f for f in findings(spec) if "the cards held now" in f]
    assert len(found) == 2, found
    assert any(f.startswith(f"{spec}:7:") and "scoring row 'made'" in f for f in found), found
    assert any(f.startswith(f"{spec}:9:") and "the match end reads held(...)" in f for f in found), found
