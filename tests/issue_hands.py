"""The hands of issue 13, as `trickspec play euchre --seed N` dealt them to the first rule bot."""

from __future__ import annotations

import random

from interpreter.agents import RuleBotV1
from interpreter.match import HandRecord, play_match
from interpreter.variants import load_rules


def issue_hand(seed: int, number: int, variant: str = "euchre") -> HandRecord:
    """Hand `number` (1-based) of the match `trickspec play VARIANT --seed SEED` played with rules-v1."""
    rules = load_rules(variant)
    master = random.Random(seed)
    deal_rng = random.Random(master.getrandbits(64))  # as cmd_play: the deals' own stream
    dealer, _ = rules.draw_first_dealer(deal_rng)
    bots = [RuleBotV1() for _ in range(rules.players)]
    match = play_match(rules, bots, deal_rng, max_hands=number, first_dealer=dealer)
    return match.hands[number - 1]
