"""pimc's match-aware utility (`match=1`): worlds judged by the chance to win the match.

The equity table is checked by hand on a two-hand sample, and a lone-hand
decision is shown to turn on the score: with both bowers, the king of trump
and a side ace, going alone is worth most points, but a side at 8 needs only
the two points of a march with its partner, and a partner makes the march likelier.
"""

from __future__ import annotations

import random

import pytest

from interpreter.agents import PimcBot, RuleBot, make_agent
from interpreter.agents.equity import MatchEquity, equity_for, score_key
from interpreter.engine import State
from interpreter.rules import Rules
from interpreter.variants import bundled_names, load_rules


def _played(rules: Rules, delta: list[int]) -> State:
    """A euchre hand played by rule bots whose points per side are `delta` (the first found)."""
    bot = RuleBot()
    for seed in range(500):
        st = rules.deal(random.Random(seed), seed % rules.players)
        while not st.is_over:
            st.apply(bot.act(st, st.turn))
        if st.status == "complete" and st.result()["delta"] == delta:
            return st
    raise AssertionError(f"no hand scores {delta}")


def _equity(scores: list[int], *deltas: list[int]) -> float:
    rules = load_rules("euchre")
    table = MatchEquity(rules, [(_played(rules, d), 1.0) for d in deltas], len(deltas))
    return table.value(score_key(scores, {}))[0]


def test_equity_by_hand_one_point_each_way() -> None:
    # Two equally likely hands: side 0 makes 1, or side 1 makes 1; the first to 10 wins.
    one_each = ([1, 0], [0, 1])
    assert _equity([9, 9], *one_each) == 0.5
    assert _equity([9, 8], *one_each) == 0.75  # 1/2 (win now) + 1/2 * E(9, 9)
    assert _equity([8, 9], *one_each) == 0.25  # 1/2 * E(9, 9)
    assert _equity([8, 8], *one_each) == 0.5  # 1/2 * E(9, 8) + 1/2 * E(8, 9)
    assert _equity([0, 0], *one_each) == pytest.approx(0.5)


def test_equity_by_hand_a_march_ends_the_match_from_eight() -> None:
    # Side 0 marches (2) or side 1 makes 1: from 8 to 9 the march wins at once.
    assert _equity([8, 9], [2, 0], [0, 1]) == 0.5
    assert _equity([7, 9], [2, 0], [0, 1]) == 0.25  # 1/2 * E(9, 9), and E(9, 9) = 1/2


def test_euchre_table_is_fair_and_grows_with_the_score() -> None:
    table = equity_for(load_rules("euchre"))
    assert table is not None
    even = table.value(score_key([0, 0], {}))
    assert even[0] == pytest.approx(0.5) and sum(even) == pytest.approx(1.0)
    row = [table.value(score_key([a, 5], {}))[0] for a in range(10)]
    assert row == sorted(row) and row[0] < 0.2 < 0.8 < row[9]


def test_a_match_that_can_come_back_keeps_to_points() -> None:
    # bid-euchre's set makers lose points: the scores can return, the recursion cannot settle
    rules = load_rules("bid-euchre")
    assert equity_for(rules) is None
    bot = PimcBot(random.Random(1), k=2, match=1)
    st = rules.deal(random.Random(3), 0)
    seat = st.turn
    worth = bot._worth(st, seat)
    while not st.is_over:
        st.apply(RuleBot().act(st, st.turn))
    assert worth(st) == st.returns()[seat] != 0


def _lone_choice(scores: list[int]) -> State:
    """Seat 0 has ordered the queen of diamonds holding J♦ J♥ K♦ A♠ 9♠: alone or not?"""
    rules = load_rules("euchre")
    parse = rules.codec.parse
    hands = ["AS 9S KD JH JD", "JS KS KH AC QC", "QS AD 9H TC 9C", "TS TH AH QH TD"]
    dealt = [[c for c in (parse(w) for w in h.split()) if c is not None] for h in hands]
    st = rules.new_hand(3, dealt, parse("QD"), scores)
    for word in ("order", "discard TS"):
        action = parse(word)
        assert action in st.legal_actions()
        st.apply(action)
    assert st.turn == 0 and [rules.codec.to_str(a) for a in st.legal_actions()] == ["alone", "together"]
    return st


def _totals(scores: list[int], match: int) -> dict[str, float]:
    """Each choice's value summed over 6 searches of 40 worlds (seeded: repeatable)."""
    st = _lone_choice(scores)
    legal = st.legal_actions()
    totals = dict.fromkeys(legal, 0.0)
    for seed in range(6):
        for action, value in zip(
            legal, PimcBot(random.Random(seed), k=40, match=match).values(st, 0, legal), strict=True
        ):
            totals[action] += value
    return {st.rules.codec.to_str(a): v for a, v in totals.items()}


def test_points_say_alone_at_any_score() -> None:
    for scores in ([0, 0], [8, 9]):
        totals = _totals(scores, match=0)
        assert totals["alone"] > totals["together"]


def test_the_match_says_alone_at_the_start_together_at_eight() -> None:
    start = _totals([0, 0], match=1)
    assert start["alone"] > start["together"]
    eight = _totals([8, 9], match=1)  # a march with the partner wins the match; alone is only riskier
    assert eight["together"] > eight["alone"]


def test_match_option_parses() -> None:
    bot = make_agent("pimc:match=1")
    assert isinstance(bot, PimcBot) and bot.match
    assert not PimcBot().match


def test_match_two_judges_by_the_match_only_where_the_hand_can_end_it() -> None:
    rules = load_rules("euchre")
    table = equity_for(rules)
    assert table is not None
    assert not table.may_end(rules.deal(random.Random(1), 0, [0, 0]))
    assert table.may_end(rules.deal(random.Random(1), 0, [3, 9]))  # any point of the other side ends it
    start = _lone_choice([0, 0])
    bot = PimcBot(random.Random(1), match=2)
    finished = start.clone()
    while not finished.is_over:
        finished.apply(RuleBot().act(finished, finished.turn))
    assert bot._worth(start, 0)(finished) == finished.returns()[0]  # at 0 to 0: the points
    eight = _totals([8, 9], match=2)
    assert eight["together"] > eight["alone"]


@pytest.mark.parametrize("variant", bundled_names())
def test_match_plays_every_bundled_variant_to_the_end(variant: str) -> None:
    # a table is built (or found unsettled) for each spec, and the hand still ends
    rules = load_rules(variant)
    bots = [PimcBot(random.Random(s), k=2, match=1 + s % 2) for s in range(rules.players)]
    state = rules.deal(random.Random(5), 0, [rules.start_score + 1] * rules.n_sides)
    while not state.is_over:
        action = bots[state.turn].act(state, state.turn)
        assert action in state.legal_actions()
        state.apply(action)
    assert state.status in ("complete", "redeal")
