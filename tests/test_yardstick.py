"""The benchmark's hand-written yardstick plays the very hands the engine plays.

With the same seed and `rng.choice`, both sides shuffle the same deck and draw
from option lists in the same order, so every hand must end the same way: the
same maker, trump, loner, tricks and points. That makes the benchmark's ratio
a comparison of equal work (and checks the yardstick's rules by hand). So it
must be with each of the benchmarks' draws (benchmarks/random_draw.py), and the
cheaper one must still be a fair draw.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from interpreter.variants import load_rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import euchre_yardstick as yardstick  # noqa: E402
import random_draw  # noqa: E402


@pytest.mark.parametrize("draw", sorted(random_draw.DRAWS))
def test_same_seed_same_hands_as_the_engine(draw: str) -> None:
    rules = load_rules("euchre")
    for seed in range(600):
        dealer = seed % 4
        engine_rng, yard_rng = random_draw.generator(draw, seed), random_draw.generator(draw, seed)
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


@pytest.mark.parametrize("draw", sorted(random_draw.DRAWS))
def test_play_out_plays_the_yardsticks_hands(draw: str) -> None:
    """The batched loop (`play_out(rng.choice)`, which the benchmarks time too) with either draw."""
    rules = load_rules("euchre")
    for seed in range(200):
        engine_rng, yard_rng = random_draw.generator(draw, seed), random_draw.generator(draw, seed)
        st = rules.deal(engine_rng, seed % 4)
        st.play_out(engine_rng.choice)
        mine = yardstick.random_hand(yard_rng, seed % 4)
        res = st.result()
        assert (res["status"] == "redeal") == (mine is None), seed
        if mine is not None:
            assert (res["maker"], res["tricks"]) == (mine[0], mine[3]), seed
        assert engine_rng.random() == yard_rng.random(), seed


def test_the_draws_differ_and_the_default_is_random_random() -> None:
    """`choice` is a plain random.Random (the figures before --draw); `fast` draws other hands."""
    assert type(random_draw.generator("choice", 5)) is random.Random
    assert random_draw.DEFAULT == "choice"
    deck, other = list(range(24)), list(range(24))
    random_draw.generator("choice", 5).shuffle(deck)
    random_draw.generator("fast", 5).shuffle(other)
    assert sorted(other) == list(range(24)) and other != deck


class _Fixed(random_draw.FastDraw):
    """A FastDraw whose random() returns the given values in turn (the draw's edges)."""

    def __init__(self, values: list[float]) -> None:
        super().__init__(0)
        self.values = iter(values)

    def random(self) -> float:
        return next(self.values)


def test_fast_choice_reaches_every_index_and_no_further() -> None:
    """random() is k / 2**53, k in [0, 2**53): k = 0 draws the first option, the largest k the
    last (never one past it), and each bin's edge lies within one k of the exact i * 2**53 / n
    (the product's rounding to 53 bits moves it by at most one): every index is drawn with
    probability 1/n within 2 / 2**53, the bias the README states (below n / 2**53)."""
    top = (2**53 - 1) / 2**53
    for n in range(1, 25):
        seq = list(range(n))
        assert _Fixed([0.0]).choice(seq) == 0
        assert _Fixed([top]).choice(seq) == n - 1
        for i in range(1, n):
            edge = -(-i * 2**53 // n)  # the first k with k * n >= i * 2**53
            assert _Fixed([(edge - 2) / 2**53]).choice(seq) == i - 1, (n, i)
            assert _Fixed([(edge - 1) / 2**53]).choice(seq) in (i - 1, i), (n, i)
            assert _Fixed([edge / 2**53]).choice(seq) == i, (n, i)
            assert _Fixed([(edge + 1) / 2**53]).choice(seq) == i, (n, i)


def test_fast_shuffle_is_fisher_yates() -> None:
    """Position i (from the last down) swaps with floor(random() * (i + 1)): random.shuffle's loop."""
    values = [0.99, 0.0, 0.5, 0.7]  # for i = 4, 3, 2, 1: j = 4, 0, 1, 1
    x = list("abcde")
    _Fixed(values).shuffle(x)
    assert x == ["d", "c", "b", "a", "e"]


def test_fast_draw_is_uniform() -> None:
    """Seeded counts (the same every run): each of 6 options about 1/6 of 60,000 draws, and each
    of the 24 positions of a shuffled deck taking card 0 about 1/24 of 24,000 shuffles (chi-square
    well under the 0.1% critical values, 20.5 and 49.7)."""
    rng = random_draw.FastDraw(12)
    picks = Counter(rng.choice(range(6)) for _ in range(60_000))
    assert sum((c - 10_000) ** 2 / 10_000 for c in picks.values()) < 20.5
    where: Counter[int] = Counter()
    for _ in range(24_000):
        deck = list(range(24))
        rng.shuffle(deck)
        where[deck.index(0)] += 1
    assert len(where) == 24 and sum((c - 1_000) ** 2 / 1_000 for c in where.values()) < 49.7


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
