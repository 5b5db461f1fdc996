"""The benchmark's hand-written yardstick plays the very hands the engine plays.

With the same seed and `rng.choice`, both sides shuffle the same deck and draw
from option lists in the same order, so every hand must end the same way: the
same maker, trump, loner, tricks and points. That makes the benchmark's ratio
a comparison of equal work (and checks the yardstick's rules by hand).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from interpreter.variants import load_rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import euchre_yardstick as yardstick  # noqa: E402


def test_same_seed_same_hands_as_the_engine() -> None:
    rules = load_rules("euchre")
    for seed in range(600):
        dealer = seed % 4
        engine_rng, yard_rng = random.Random(seed), random.Random(seed)
        st = rules.deal(engine_rng, dealer)
        while st.status is None:
            st.apply(engine_rng.choice(st.legal_actions()))
        res = st.result()
        mine = yardstick.random_hand(yard_rng, dealer)
        if res["status"] == "redeal":
            assert mine is None, seed
            continue
        assert mine is not None, seed
        maker, trump, alone, tricks, points = mine
        assert res["maker"] == maker, seed
        assert res["trump"] == yardstick.SUITS[trump], seed
        assert (res["alone"] == [maker]) == alone, seed
        assert res["tricks"] == tricks, seed
        side = maker % 2
        expected = [0, 0]
        if points > 0:
            expected[side] = points
        else:
            expected[1 - side] = -points
        assert res["delta"] == expected, seed
        assert engine_rng.random() == yard_rng.random(), seed  # the same number of draws


def test_worked_hand() -> None:
    """Dealer 3, upcard TH. Seat 0 orders hearts up, the dealer throws his 9S, seat 0
    goes alone with JH JD AH KH QH (both bowers), takes all five tricks: 4 points;
    seat 3 must follow trump with the TH he picked up, seat 2 sits out."""
    hands = [[14, 8, 17, 16, 15], [0, 1, 2, 3, 4], [6, 7, 9, 10, 11], [18, 19, 20, 21, 22]]
    seen: list[list[int]] = []
    decisions = iter([yardstick.ORDER, 18, yardstick.ALONE])

    def choose(options: list[int]) -> int:
        seen.append(list(options))
        return next(decisions, options[0])

    result = yardstick.play_hand(hands, 13, 3, choose)
    assert result == (0, 2, True, [5, 0, 0, 0], 4)
    assert seen[1] == [18, 19, 20, 21, 22, 13]  # the dealer may discard the upcard too
    assert seen[4] == [0, 1, 2, 3, 4]  # seat 1 has no trump: any card
    assert seen[5] == [13]  # seat 3 holds one trump (the upcard he kept) and must follow with it
    assert len(seen) == 3 + 5 * 3  # three bids/choices, then three players a trick: seat 2 is out
