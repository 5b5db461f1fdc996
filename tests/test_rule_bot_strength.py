"""The rule bot's hand strength, counted fast, is the very float the frozen reference counts.

A strength is a sum of per-card values such as 0.95 and 0.85, which are not binary
fractions: adding them in another order can round the last bit otherwise (shown below
on a worked hand), and a decision compares strengths with each other and with
thresholds, so a different last bit could be a different bid. Hence the bot keeps
the reference's order of additions, remembers strengths by the hand in order, and
its one shortcut -- the dealer's six "hand less one card" strengths counted together
(`_strengths_without`) -- is checked here value by value, bit for bit, against
counting each hand alone, over many hands of every contract of every bundled variant.
"""

from __future__ import annotations

import itertools
import random

import pytest
from rule_bot_reference import ReferenceRuleBot

from interpreter.agents import RuleBot
from interpreter.agents.rule_bot import _strength, _strengths_without, tables_of
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
def test_hands_less_one_card_are_counted_to_the_last_bit(variant: str) -> None:
    rules = load_rules(variant)
    tables = tables_of(rules)
    rng = random.Random(variant)
    reference = ReferenceRuleBot()
    size = max(len(hand) for hand in rules.deal(rng, 0).hands)
    for k, ct in enumerate(tables.contracts):
        for _ in range(150):
            whole = rng.sample(range(rules.deck.size), min(size + 1, rules.deck.size))
            cards = rng.sample(whole, rng.randint(1, len(whole)))
            if rng.random() < 0.2:  # a card not in the hand (the dealer's upcard he may decline)
                cards.append(next(c for c in range(rules.deck.size) if c not in whole))
            fast = _strengths_without(ct, whole, cards)
            one_by_one = [_strength(ct, tuple(x for x in whole if x != c))[0] for c in cards]
            assert [v.hex() for v in fast] == [v.hex() for v in one_by_one], (variant, k, whole, cards)
            # ... and each is the reference bot's strength of that hand, bit for bit
            gone = cards[0]
            rest = [x for x in whole if x != gone]
            assert fast[0].hex() == reference.strength(rules, rest, k).hex()
            assert RuleBot().trump_count(rules, rest, k) == reference.trump_count(rules, rest, k)


def test_the_weakest_card_is_the_first_of_equals() -> None:
    """Two cards whose loss leaves the same strength: the lower card is named, as max() over (value, -card) did."""
    rules = load_rules("euchre")
    bot = RuleBot()
    reference = ReferenceRuleBot()
    rng = random.Random(3)
    ties = 0
    for _ in range(400):
        whole = rng.sample(range(rules.deck.size), 6)
        k = rng.randrange(len(rules.contracts))
        values = _strengths_without(tables_of(rules).contracts[k], whole, whole)
        ties += len(set(values)) < len(values)
        card, value = bot._weakest(rules, whole, k)
        assert card == reference._weakest(rules, whole, k)
        assert value == reference.strength(rules, [x for x in whole if x != card], k)
    assert ties > 50  # equal losses are common: the tie rule is exercised
