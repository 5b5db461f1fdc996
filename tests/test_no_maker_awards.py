"""A hand with no maker: `defenders:` pays every side, and `side.dealt` names the
dealer's opponents (issue 9, "Also fix": the docs' recipe, checked by play)."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import write
from handplay import deal

from interpreter.engine import State
from interpreter.variants import load_rules

HANDS = ["AH KH QH AD KD", "9C TC QS KS 9D", "QC KC AC TD QD", "TH 9H JH AS TS"]

SPEC = """\
name: no-maker
title: Hearts always trump, scored against the deal
description: "Nobody bids; the dealer's opponents score 1, and the defenders' award shows who defends."
players: 4
sides: partnerships
deck: {suits: [C, D, H, S], ranks: [9, T, J, Q, K, A]}
ranking:
  bower_rank: J
  trump: [right_bower, left_bower, A, K, Q, T, 9]
  plain: [A, K, Q, J, T, 9]
deal: {packets: [3, 2], upcard: false}
bidding:
  - fixed_trump: {contract: H}
declarations: []
lead:
  - {otherwise: true, from: dealer + 1}
scoring:
  - {id: nobody_made, when: not has_maker, each: "1 if not side.dealt else 0", defenders: 10}
  - {otherwise: true, makers: 1}
match_end:
  - {winner_if: side.score >= 100}
"""


def played_out(st: State) -> State:
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    return st


def test_the_dealers_opponents_score_and_defenders_means_every_side(tmp_path: Path) -> None:
    r = load_rules(str(write(tmp_path / "no-maker.yaml", SPEC)))
    for dealer, expected in ((3, [11, 10]), (0, [10, 11]), (1, [11, 10]), (2, [10, 11])):
        result = played_out(deal(r, dealer, HANDS)).result()
        assert result["maker"] is None and result["status"] == "complete"
        assert result["delta"] == expected, (dealer, result["delta"])
