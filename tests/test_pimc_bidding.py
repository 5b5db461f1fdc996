"""pimc's bidding options: `lone` (rollouts in which our side may go alone), `tauc`, `traise` (margins)."""

from __future__ import annotations

import random

from interpreter.agents import PimcBot, RuleBot, make_agent
from interpreter.agents.pimc import _better_of, _LoneOrRule
from interpreter.engine import State
from interpreter.variants import load_rules


def _order_decision(seat1: str) -> State:
    """Euchre, dealer 0, the 9 of hearts turned: seat 1 (the dealer's left) orders it up or passes."""
    rules = load_rules("euchre")
    parse = rules.codec.parse
    hands = ["JC QC KC AC TD", seat1, "9C TC JD QD KD", "JS 9S TS QS KS"]
    dealt = [[c for c in (parse(w) for w in h.split()) if c is not None] for h in hands]
    return rules.new_hand(0, dealt, parse("9H"))


def _totals(rows: list[list[float]]) -> list[float]:
    return [sum(column) for column in zip(*rows, strict=True)]


def test_better_of_takes_a_whole_column_by_its_total() -> None:
    rows = [[1.0, 0.0, 2.0], [1.0, 0.0, 2.0]]
    alone = [[1.0, 4.0, 3.0], [1.0, -2.0, -4.0]]
    # column 1: 0 plain against 2 alone (alone kept, its -2 world too: no per-world best);
    # column 2: 4 plain against -1 alone (plain kept)
    assert _better_of(rows, alone) == [[1.0, 4.0, 2.0], [1.0, -2.0, 2.0]]
    assert _better_of(rows, [list(r) for r in rows]) is rows  # a tie keeps the rule bot's way


def test_the_bidder_goes_alone_for_our_side_only_when_forced() -> None:
    state = _order_decision("AH KH QH AS AD")
    codec = state.rules.codec
    state.apply(codec.ORDER)
    state.apply(codec.parse("discard TD") or 0)
    assert state.legal_actions() == [codec.ALONE, codec.TOGETHER] and state.turn == 1
    rule = RuleBot().act(state, 1)
    ours = _LoneOrRule(RuleBot(), state.rules, 1)
    assert ours.act(state, 1) == rule and ours.asked
    ours.force = True
    assert ours.act(state, 1) == codec.ALONE
    theirs = _LoneOrRule(RuleBot(), state.rules, 0)  # seat 1 is a foe of seat 0: never forced
    theirs.force = True
    assert theirs.act(state, 1) == rule and not theirs.asked


def test_an_order_with_a_lone_hand_is_worth_more_and_never_less() -> None:
    state = _order_decision("AH KH QH AS AD")  # three top hearts and two side aces: a lone hand
    legal = state.legal_actions()
    plain = _totals(PimcBot(random.Random(3), k=8).worlds_values(state, 1, legal))
    lone = _totals(PimcBot(random.Random(3), k=8, lone=1).worlds_values(state, 1, legal))
    order = legal.index(state.rules.codec.ORDER)
    assert lone[order] > plain[order]  # the same worlds: going alone adds a lone march's 4 in some
    assert all(b >= a for a, b in zip(plain, lone, strict=True))


def test_without_an_alone_choice_nothing_changes() -> None:
    """bid-euchre has no alone declaration: `lone=1` draws the same worlds and gives the same values."""
    rules = load_rules("bid-euchre")
    rng = random.Random(7)
    deal = rules.deal(rng, 0)
    state = rules.new_hand(0, [list(h) for h in deal.dealt], None)
    for _ in range(3):
        legal = state.legal_actions()
        seat = state.turn
        plain = PimcBot(random.Random(5), k=6).worlds_values(state, seat, legal)
        lone = PimcBot(random.Random(5), k=6, lone=1).worlds_values(state, seat, legal)
        assert plain == lone
        state.apply(RuleBot().act(state, seat))


def test_the_option_reaches_the_bot() -> None:
    bot = make_agent("pimc:lone=1", rng=random.Random(1))
    assert isinstance(bot, PimcBot) and bot.lone
    assert not PimcBot(random.Random(1)).lone


def test_an_auction_bid_has_its_own_margin() -> None:
    """`tauc` is the margin of an auction's bids (bid-euchre's numbers), `tbid` that of the trump call."""
    rules = load_rules("bid-euchre")
    deal = rules.deal(random.Random(7), 0)
    state = rules.new_hand(0, [list(h) for h in deal.dealt], None)
    codec = rules.codec
    bot = PimcBot(random.Random(1), tbid=1.0, tauc=3.0)
    assert any(codec.BID <= a < codec.ACE for a in state.legal_actions())
    bid3, bid4 = codec.BID + 3, codec.BID + 4
    assert bot._margin(state, state.legal_actions(), bid4, bid3) == 3.0
    while not any(codec.CALL <= a < codec.BID for a in state.legal_actions()):
        state.apply(RuleBot().act(state, state.turn))
    call = state.legal_actions()
    assert bot._margin(state, call, call[0], call[1]) == 1.0
    assert PimcBot(random.Random(1), tbid=2.0)._margin(state, call, call[0], call[1]) == 2.0
    assert make_agent("pimc:tauc=2", rng=random.Random(1)).tauc == 2.0  # type: ignore[attr-defined]
    assert PimcBot(random.Random(1)).tauc == PimcBot(random.Random(1)).tbid == 1.0


def test_a_raise_in_the_auction_has_its_own_margin() -> None:
    """`traise`: the margin of an auction bid above the rule bot's, or a bid where it passes."""
    rules = load_rules("bid-euchre")
    deal = rules.deal(random.Random(7), 0)
    state = rules.new_hand(0, [list(h) for h in deal.dealt], None)
    legal = state.legal_actions()
    codec = rules.codec
    bid3, bid4, pass_ = codec.BID + 3, codec.BID + 4, codec.PASS
    assert {bid3, bid4, pass_} <= set(legal)
    bot = PimcBot(random.Random(1), tauc=1.0, traise=5.0)
    assert bot._margin(state, legal, bid4, bid3) == 5.0  # higher than the rule bot's bid
    assert bot._margin(state, legal, bid3, pass_) == 5.0  # a bid where the rule bot passes
    assert bot._margin(state, legal, bid3, bid4) == 1.0  # lower
    assert bot._margin(state, legal, pass_, bid4) == 1.0  # a pass where the rule bot bids
    assert PimcBot(random.Random(1), tauc=2.0).traise == 2.0
    assert make_agent("pimc:traise=4", rng=random.Random(1)).traise == 4.0  # type: ignore[attr-defined]
