"""`asked.score` and `asked.dealt`: the side of the player asked, in a `may_if` or `choice_if`.

While bidding nobody is a maker yet, so `makers.score` reads 0 there and cannot
say "a side at 9 may not order up". The `asked.*` names read the side of the
player the condition is asked about, and only there (a located error elsewhere).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from handplay import act, deal, legal

from interpreter.errors import SpecError
from interpreter.explain import render
from interpreter.variants import load_rules

HANDS = ["JH JD AH KH QH", "9C TC QC KC AC", "9D TD QD KD AD", "9S TS QS KS AS"]


def overlay(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: euchre\nname: {name}\n{body}", encoding="utf-8")
    return str(path)


def test_a_side_at_nine_may_not_order_up(tmp_path: Path) -> None:
    spec = overlay(tmp_path, "nine", "bidding:\n  patch:\n    round1: {order_up: {choice_if: asked.score < 9}}\n")
    r = load_rules(spec)
    st = deal(r, 3, HANDS, "9H", scores=[9, 4])
    assert st.turn == 0 and legal(st) == ["pass"]  # seat 0's side has 9
    act(st, "pass")
    assert st.turn == 1 and legal(st) == ["pass", "order"]  # seat 1's side has 4
    st = deal(r, 3, HANDS, "9H", scores=[8, 9])
    assert legal(st) == ["pass", "order"]
    act(st, "pass")
    assert legal(st) == ["pass"]
    out = " ".join(render(r.model).split())
    assert "before the hand, the player's side has fewer than 9 points" in out


def test_only_the_side_not_dealing_is_asked_in_round_two(tmp_path: Path) -> None:
    spec = overlay(tmp_path, "dealt", "bidding:\n  patch:\n    round2: {name_trump: {may_if: not asked.dealt}}\n")
    r = load_rules(spec)
    st = deal(r, 3, HANDS, "9H")  # seat 3 deals: seats 1 and 3 are his side
    act(st, "pass", "pass", "pass", "pass")
    assert st.turn == 0
    act(st, "pass")
    assert st.turn == 2
    act(st, "pass")
    assert st.is_over and st.result()["status"] == "redeal"
    st = deal(r, 0, HANDS, "9H")  # seat 0 deals: seats 1 and 3 are asked
    act(st, "pass", "pass", "pass", "pass")
    assert st.turn == 1
    act(st, "pass")
    assert st.turn == 3


@pytest.mark.parametrize("name", ["asked.score", "asked.dealt"])
def test_asked_names_are_read_only_where_a_player_is_asked(tmp_path: Path, name: str) -> None:
    spec = overlay(tmp_path, "scoring", f"scoring:\n  prepend:\n    - {{when: {name} == {name}, makers: 3}}\n")
    with pytest.raises(SpecError) as err:
        load_rules(spec)
    assert "scoring.yaml:5:" in str(err.value) and name in str(err.value)
