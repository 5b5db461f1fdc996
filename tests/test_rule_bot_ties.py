"""The rule bot's weakest card when hands less one card tie in hundredths, without floats.

A discard is chosen by the count of the hand less each card, in exact hundredths
(`_cents_without`); the cards that tie for the most were all weighed as floats, as
the frozen reference weighs them, because floats added in another order may round
the last bit otherwise (tests/test_rule_bot_strength.py shows it). `_same_floats`
spares those floats where they cannot differ: every tied card is a side card of the
hand whose loss leaves its suit's term as it was (nothing, or its top card's, or its
second card's with two cards left) and in its place (the card is not the first of a
suit that adds a term), so every hand left adds the same terms in the same order. These
tests hold that claim to the last bit, and the card chosen to the reference's, over
every contract of every bundled variant.
"""

from __future__ import annotations

import random

import pytest
from rule_bot_reference import ReferenceRuleBot

from interpreter.agents import RuleBot
from interpreter.agents.rule_bot import _cents_without, _same_floats, _strength, tables_of
from interpreter.variants import bundled_names, load_rules


def _without(whole: list[int], card: int) -> list[int]:
    rest = whole.copy()
    rest.remove(card)
    return rest


@pytest.mark.parametrize("variant", bundled_names())
def test_ties_told_equal_are_equal_to_the_last_bit(variant: str) -> None:
    rules = load_rules(variant)
    tables = tables_of(rules)
    rng = random.Random(f"ties {variant}")
    size = max(len(hand) for hand in rules.deal(rng, 0).hands)
    told = 0
    for ct in tables.contracts:
        for _ in range(150):
            whole = rng.sample(range(rules.deck.size), min(size + rng.choice((0, 1, 3)), rules.deck.size))
            counts = _cents_without(ct, whole, whole)
            most = max(counts)
            tied = [c for c, n in zip(whole, counts, strict=True) if n == most]
            if len(tied) > 1 and _same_floats(ct, whole, tied):
                told += 1
                floats = {_strength(ct, _without(whole, c))[0].hex() for c in tied}
                assert len(floats) == 1, (variant, whole, tied, floats)
    assert told > 0  # the claim was put to the test


@pytest.mark.parametrize("variant", ["euchre", "five-hundred", "bid-euchre"])
def test_ties_in_suits_that_count_are_told_equal_to_the_last_bit(variant: str) -> None:
    """Tied cards whose suit adds a term (its top card held, or its second with two others)
    are told equal only where the floats are: the claim put to the test on such ties alone."""
    rules = load_rules(variant)
    rng = random.Random(f"counting ties {variant}")
    size = max(len(hand) for hand in rules.deal(rng, 0).hands)
    told = 0
    for ct in tables_of(rules).contracts:
        for _ in range(600):
            whole = rng.sample(range(rules.deck.size), size + 1)
            counts = _cents_without(ct, whole, whole)
            most = max(counts)
            tied = [c for c, n in zip(whole, counts, strict=True) if n == most]
            counting = [c for c in tied if not ct.trump_value[c] and ct.top_two[c][0] in whole]
            if len(tied) > 1 and counting and _same_floats(ct, whole, tied):
                told += 1
                floats = {_strength(ct, _without(whole, c))[0].hex() for c in tied}
                assert len(floats) == 1, (variant, whole, tied, floats)
    assert told > 0


def test_a_tie_of_top_cards_is_left_to_the_floats() -> None:
    """Aces of two side suits tie in hundredths but add 0.8 each at their suit's place: not told equal."""
    rules = load_rules("euchre")
    ct = tables_of(rules).contracts[0]
    aces = [c for c in range(rules.deck.size) if ct.place[c] == 0 and not ct.trump_value[c]]
    trumps = [c for c in range(rules.deck.size) if ct.trump_value[c]][:3]
    assert not _same_floats(ct, [*trumps, *aces[:2]], aces[:2])
    assert not _same_floats(ct, [*trumps, *aces[:2]], [trumps[0], aces[0]])  # a trump is never told


@pytest.mark.parametrize("variant", bundled_names())
def test_the_discard_is_the_reference_s_where_hands_tie(variant: str) -> None:
    """The dealer's discard (`_weakest_card`, with the shortcut) names the reference's card."""
    rules = load_rules(variant)
    tables = tables_of(rules)
    rng = random.Random(f"discards {variant}")
    bot, reference = RuleBot(), ReferenceRuleBot()
    size = max(len(hand) for hand in rules.deal(rng, 0).hands)
    for k in range(len(tables.contracts)):
        for _ in range(60):
            whole = rng.sample(range(rules.deck.size), min(size + 1, rules.deck.size))
            cards = whole if rng.random() < 0.7 else rng.sample(whole, rng.randint(1, len(whole)))
            assert bot._weakest_card(rules, cards, k, whole) == reference._weakest(rules, cards, k, whole)
