"""The fast rule bot decides exactly as the rule bot it replaced, decision by decision.

`tests/rule_bot_reference.py` is the rule bot as it was before it was rewritten
for speed (tables and bitmasks instead of sets and per-decision scans). Both
bots sit at every seat of the same hands and are asked every decision — forced
ones, bids, discards, calls, leads and follows — on the same state; they must
answer the same action. To reach the positions bots alone never make, a share of
the actions applied are random legal actions (both bots are still asked first),
and some decisions are asked again on a clone (a fresh history: the memory of
plays starts over).

Every bundled variant and house overlay is played. The default run is a few
hundred hands a variant; TRICKSPEC_SAME_DECISIONS_HANDS=N plays N instead (the
check made before the fast bot replaced the old one used thousands).
"""

from __future__ import annotations

import os
import random

import pytest
from rule_bot_reference import ReferenceRuleBot

from interpreter.agents import RuleBot
from interpreter.variants import bundled_names, load_rules

HANDS = int(os.environ.get("TRICKSPEC_SAME_DECISIONS_HANDS", "0"))


def play_both(variant: str, hands: int, seed: int) -> int:
    """Play `hands` hands asking both bots at every decision; the number of decisions compared."""
    rules = load_rules(variant)
    rng = random.Random(seed)
    fast = [RuleBot() for _ in range(rules.players)]
    slow = [ReferenceRuleBot() for _ in range(rules.players)]
    compared = 0
    scores = rules.start_scores()
    for number in range(hands):
        state = rules.deal(rng, number % rules.players, scores)
        wild = number % 3 == 2  # every third hand: a quarter of the actions random
        while not state.is_over:
            seat = state.turn
            if rng.random() < 0.1:  # asked on a copy first: neither bot may carry stale memory back
                copy = state.clone()
                assert fast[seat].act(copy, seat) == slow[seat].act(copy, seat), (variant, seed, number)
            action = fast[seat].act(state, seat)
            expected = slow[seat].act(state, seat)
            assert action == expected, (
                f"{variant} seed {seed} hand {number}: seat {seat} chose {rules.codec.to_str(action)}, "
                f"the reference {rules.codec.to_str(expected)} (history {state.history})"
            )
            compared += 1
            if wild and rng.random() < 0.25:
                action = rng.choice(state.legal_actions())
            state.apply(action)
        scores = rules.next_scores(state.result())
        if state.result()["winners"]:
            scores = rules.start_scores()
    return compared


@pytest.mark.parametrize("variant", bundled_names())
def test_same_decisions_in_every_bundled_variant(variant: str) -> None:
    assert play_both(variant, HANDS or 240, seed=11) > 0


@pytest.mark.parametrize("variant", [n for n in bundled_names(house=True) if n.startswith("house/")])
def test_same_decisions_with_every_house_overlay(variant: str) -> None:
    assert play_both(variant, HANDS or 60, seed=12) > 0


def test_same_decisions_when_one_bot_plays_several_seats_and_hands() -> None:
    """One bot asked for every seat in turn (as pimc's rollout policy is): its caches serve them all."""
    rules = load_rules("euchre")
    rng = random.Random(5)
    fast, slow = RuleBot(), ReferenceRuleBot()
    for number in range(150):
        state = rules.deal(rng, number % 4)
        while not state.is_over:
            seat = state.turn
            action = fast.act(state, seat)
            assert action == slow.act(state, seat)
            state.apply(action)
