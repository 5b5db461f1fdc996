"""`Rules.new_hand` takes the State's own "no upcard" (-1) as no upcard.

`State.upcard` and `IntObservation.upcard` say -1 when no card is turned up, so a caller
may hand that value straight back to `new_hand` (docs/api.md). It must deal the hand
with no upcard, exactly as `None` does, never read -1 as a card (in Python, the last
card of the deck: a suit to order).
"""

from __future__ import annotations

import random

import pytest

from interpreter.variants import bundled_names, load_rules

SPECS = bundled_names(house=True)


@pytest.mark.parametrize("spec", SPECS)
def test_minus_one_deals_as_none(spec: str) -> None:
    rules = load_rules(spec)
    for seed in range(5):
        dealt = rules.deal(random.Random(seed), seed % rules.players)
        hands = [list(hand) for hand in dealt.dealt]
        none = rules.new_hand(dealt.dealer, hands, None)
        minus = rules.new_hand(dealt.dealer, hands, -1)
        assert minus.upcard == none.upcard == -1
        assert minus.up_suit == none.up_suit
        assert (minus.phase, minus.turn, minus.legal_actions()) == (none.phase, none.turn, none.legal_actions())
        # and the State's own upcard, handed back, deals that hand again
        again = rules.new_hand(dealt.dealer, hands, dealt.upcard)
        assert (again.upcard, again.up_suit, again.legal_actions()) == (
            dealt.upcard,
            dealt.up_suit,
            dealt.legal_actions(),
        )


def test_euchre_without_an_upcard_offers_no_order() -> None:
    """The reviewer's case: euchre hands with -1 for the upcard went to order up the last
    card's suit; with no upcard the hand opens at the naming round instead."""
    rules = load_rules("euchre")
    dealt = rules.deal(random.Random(1), 0)
    st = rules.new_hand(0, [list(hand) for hand in dealt.dealt], -1)
    assert rules.codec.ORDER not in st.legal_actions()
