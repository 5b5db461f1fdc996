"""Sides in hand expressions (issue 9 item 7): each team's score before the hand, and who holds the deal.

`makers.score` / `defenders.score` (the scores before the hand; the defenders'
is the highest of the others, as their counters are), `makers.dealt` /
`defenders.dealt` and `side.dealt` (the dealer sits on that team / side), hand-
worked in scoring, in a phase's `when`, and in words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cli_helpers import write
from handplay import act, deal

from interpreter.engine import State
from interpreter.explain.words import Words
from interpreter.rules import Rules
from interpreter.variants import load_rules

# Dealer 3 turns up AC; seat 0 holds the black bowers and orders clubs.
HANDS = ["JS JC AS 9H TH", "KS QS 9S AH KH", "AD KD QD JD TD", "9C TC 9D QH JH"]

SCORING = """\
extends: euchre
name: side-names
scoring:
  - {when: 'makers.tricks >= 3 and makers.score >= 9', makers: 5}
  - {when: 'makers.tricks >= 3 and defenders.score >= 9', makers: 6}
  - {when: 'makers.tricks >= 3 and makers.dealt', makers: 3}
  - {when: makers.tricks >= 3, each: '7 if side.is_maker else (1 if side.dealt else 0)'}
  - {otherwise: true, defenders: 2}
"""

# Going alone is offered only to a maker whose team is below 9 before the hand.
GATED = """\
extends: euchre
name: side-names-gate
declarations:
  patch:
    alone: {alone: {when: makers.score < 9}}
"""


def spec(tmp_path: Path, text: str) -> Rules:
    return load_rules(str(write(tmp_path / "spec.yaml", text)))


def ordered(r: Rules, scores: list[int]) -> State:
    """Dealer 3; seat 0 orders clubs up at once, the dealer drops his 9D."""
    return act(deal(r, 3, HANDS, "AC", scores), "order", "discard 9D")


def played(st: State) -> dict[str, Any]:
    """Seat 0 goes together and everybody plays his first legal card (seat 0's bowers take 3 or more)."""
    act(st, "together")
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    return st.result()


@pytest.mark.parametrize(
    ("scores", "delta"),
    [
        ([9, 4], 5),  # the makers (side 0) had 9 before the hand
        ([4, 9], 6),  # the defenders had 9
        ([4, 4], 7),  # neither: the dealer (seat 3) is a defender, so the `each` row
    ],
)
def test_team_scores_before_the_hand(tmp_path: Path, scores: list[int], delta: int) -> None:
    st = ordered(spec(tmp_path, SCORING), scores)
    result = played(st)
    assert sum(result["tricks"][s] for s in (0, 2)) >= 3
    assert result["delta"][0] == delta


def test_the_side_holding_the_deal(tmp_path: Path) -> None:
    r = spec(tmp_path, SCORING)
    # dealer 3 (side 1), seat 0 makes it: side 1 holds the deal, is no maker: 1 point by `side.dealt`
    assert played(ordered(r, [0, 0]))["delta"] == [7, 1]
    # dealer 2 (side 0) and seat 0 makes it: the makers hold the deal
    st = deal(r, 2, HANDS, "AC", [0, 0])
    st = act(st, "pass", "order", "discard AD")  # seat 3 passes, seat 0 orders; the dealer (seat 2) drops AD
    assert played(st)["delta"] == [3, 0]


def test_a_phase_gated_on_the_makers_score(tmp_path: Path) -> None:
    r = spec(tmp_path, GATED)
    below = ordered(r, [8, 9])
    assert below.turn == 0 and [r.codec.to_str(a) for a in below.legal_actions()] == ["alone", "together"]
    at_nine = ordered(r, [9, 0])
    assert at_nine.playing and at_nine.turn == 0  # not asked: play begins, seat 0 leads
    # the defenders' score does not matter: with seat 1 the maker, side 1 at 3 is below 9
    st = deal(r, 3, HANDS, "AC", [9, 3])
    st = act(st, "pass", "order", "discard 9D")
    assert st.turn == 1 and "alone" in [r.codec.to_str(a) for a in st.legal_actions()]


def test_no_maker_means_every_side_defends(tmp_path: Path) -> None:
    """Without a maker the makers hold nothing: score 0, no deal; the defenders are every side."""
    r = spec(tmp_path, SCORING)
    st = deal(r, 3, HANDS, "AC", [3, 8])
    env = r.hand_env(st)
    assert (env["makers.score"], env["defenders.score"]) == (0, 8)
    assert (env["makers.dealt"], env["defenders.dealt"]) == (False, True)


@pytest.mark.parametrize(
    ("expr", "said"),
    [
        ("makers.score >= 9", "before the hand, the makers have 9 points or more"),
        ("defenders.score == 0", "before the hand, the defenders have 0 points"),
        ("makers.dealt", "the makers hold the deal"),
        ("not defenders.dealt", "the defenders do not hold the deal"),
        ("makers.score + 2 >= target", "the makers' score before the hand plus 2 is at least `target`"),
    ],
)
def test_explain_says_them(expr: str, said: str) -> None:
    assert Words().clause(expr) == said
