"""The rule bot's hand strength, counted fast, is the very float the frozen reference counts.

A strength is a sum of per-card values such as 0.95 and 0.85, which are not binary
fractions: adding them in another order can round the last bit otherwise (shown below
on a worked hand), and a decision compares strengths with each other and with
thresholds, so a different last bit could be a different bid. Hence the bot keeps
the reference's order of additions and remembers strengths by the hand in order.

Its one shortcut: the dealer's "hand less one card" strengths (which card to
discard) are counted in exact hundredths, each the whole hand's count less the
card's share (`_cents_without`); only the hands tying for the most are weighed
as floats. That is sound because every value is a whole number of hundredths and
a float count is within far less than a hundredth of its exact value: checked
here over many hands of every contract of every bundled variant, with the card
chosen compared with the reference's.
"""

from __future__ import annotations

import itertools
import random

import pytest
from rule_bot_reference import ReferenceRuleBot

from interpreter.agents import RuleBot
from interpreter.agents.rule_bot import TRUMP_VALUE, _cents, _cents_without, _strength, tables_of
from interpreter.variants import bundled_names, load_rules


def test_the_order_of_the_additions_shows_in_the_last_bit() -> None:
    """Why the order is kept: four euchre trumps (places 0, 1, 2 and 6, worth 1.0, 0.95, 0.85
    and 0.5, and 0.5 more for the long trumps) in every order: 4.7 exactly, or one bit below."""
    rules = load_rules("euchre")
    k = 0
    ct = tables_of(rules).contracts[k]
    by_place = {ct.place[c]: c for c in range(rules.deck.size) if ct.trump_value[c]}
    reference = ReferenceRuleBot()
    values = set()
    for hand in itertools.permutations(by_place[p] for p in (0, 1, 2, 6)):
        value = _strength(ct, hand)[0]
        assert value == reference.strength(rules, hand, k)  # the reference rounds each order alike
        values.add(value)
    assert values == {4.7, 4.699999999999999}


@pytest.mark.parametrize("variant", bundled_names())
def test_hands_less_one_card_are_counted_in_exact_hundredths(variant: str) -> None:
    rules = load_rules(variant)
    tables = tables_of(rules)
    rng = random.Random(variant)
    bot, reference = RuleBot(), ReferenceRuleBot()
    size = max(len(hand) for hand in rules.deal(rng, 0).hands)
    for k, ct in enumerate(tables.contracts):
        for _ in range(120):
            whole = rng.sample(range(rules.deck.size), min(size + rng.choice((0, 1, 5)), rules.deck.size))
            cards = rng.sample(whole, rng.randint(1, len(whole)))
            if rng.random() < 0.2:  # a card not in the hand (the dealer's upcard he may decline)
                cards.append(next(c for c in range(rules.deck.size) if c not in whole))
            counts = _cents_without(ct, whole, cards)
            floats = [_strength(ct, tuple(x for x in whole if x != c))[0] for c in cards]
            assert all(abs(f * 100 - n) < 1e-9 for f, n in zip(floats, counts, strict=True)), (variant, k, whole)
            # the card the bot discards, and the strength it reads for the rest: the reference's
            card, value = bot._weakest(rules, cards, k, whole)
            assert card == reference._weakest(rules, cards, k, whole), (variant, k, whole, cards)
            assert value.hex() == reference.strength(rules, [x for x in whole if x != card], k).hex()


def test_the_weakest_card_is_the_first_of_equals() -> None:
    """Cards whose loss leaves the same strength: the lower card is named, as max() over (value, -card) did."""
    rules = load_rules("euchre")
    bot, reference = RuleBot(), ReferenceRuleBot()
    rng = random.Random(3)
    ties = 0
    for _ in range(400):
        whole = rng.sample(range(rules.deck.size), 6)
        k = rng.randrange(len(rules.contracts))
        counts = _cents_without(tables_of(rules).contracts[k], whole, whole)
        ties += counts.count(max(counts)) > 1
        card, value = bot._weakest(rules, whole, k)
        assert card == reference._weakest(rules, whole, k)
        assert value == reference.strength(rules, [x for x in whole if x != card], k)
    assert ties > 50  # equal losses are common: the tie rule is exercised


@pytest.mark.parametrize("variant", ["euchre", "bid-euchre", "five-hundred", "call-ace", "three-handed-euchre"])
def test_a_whole_hand_is_counted_in_exact_hundredths(variant: str) -> None:
    rules = load_rules(variant)
    rng = random.Random(variant)
    size = max(len(hand) for hand in rules.deal(rng, 0).hands)
    for ct in tables_of(rules).contracts:
        for _ in range(200):
            hand = rng.sample(range(rules.deck.size), size)
            value, trumps = _strength(ct, tuple(hand))
            count, n = _cents(ct, hand)
            assert n == trumps and abs(value * 100 - count) < 1e-9, (variant, hand)


def test_orders_at_a_hair_from_the_threshold_are_the_reference_s() -> None:
    """Seats whose exact count is the threshold itself (the float count may fall a bit either
    side): the bot counts those as the reference does, and orders or passes as it does."""
    rules = load_rules("euchre")
    codec = rules.codec
    bot, reference = RuleBot(), ReferenceRuleBot()
    rng = random.Random(8)
    at_threshold = 0
    for number in range(3000):
        state = rules.deal(rng, number % 4)
        while not state.is_over and codec.ORDER in state.legal_actions():
            seat = state.turn
            if seat != state.dealer:
                k = state.up_suit
                tables = tables_of(rules)
                count, trumps = _cents(tables.contracts[k], state.hands[seat])
                up = round(TRUMP_VALUE[min(tables.place[k][state.upcard], 5)] * 600)
                up = up if rules.side_of[seat] == rules.side_of[state.dealer] else -up
                at_threshold += trumps >= 2 and count * 10 + up == round(bot.threshold(rules, seat) * 1000)
            action = bot.act(state, seat)
            assert action == reference.act(state, seat)
            state.apply(codec.PASS if action == codec.ORDER and rng.random() < 0.5 else action)
    assert at_threshold >= 3


@pytest.mark.parametrize("variant", ["euchre", "five-hundred", "bid-euchre"])
def test_a_tally_holds_every_card_without_carrying(variant: str) -> None:
    """A hand's tally (`_Contract.pack`) has room for the whole deck in one hand: no field
    carries into the next, and a count kept per shape (`_Contract.rest`) reads the same again."""
    rules = load_rules(variant)
    rng = random.Random(variant)
    for ct in tables_of(rules).contracts:
        for size in (rules.deck.size, rules.deck.size // 2, 1):
            hand = rng.sample(range(rules.deck.size), size)
            value, trumps = _strength(ct, tuple(hand))
            first = _cents(ct, hand)
            assert first == _cents(ct, hand[::-1])  # read again, from the kept shape
            assert first[1] == trumps and abs(value * 100 - first[0]) < 1e-9, (variant, hand)
