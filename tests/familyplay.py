"""A full match of a family variant with the rule bot, each hand record replayed.

Shared by the tests/test_<variant>.py files of the wider family (FAMILY.md): the
match must end with a winner, and every record it wrote must replay to the very
result the match saw (records are the contract of docs/hand-records.md).
"""

from __future__ import annotations

import random

from interpreter.agents import make_agent
from interpreter.match import MatchResult, play_match
from interpreter.records import replay_record
from interpreter.variants import load_rules


def full_match(name: str, seed: int = 1, max_hands: int = 400) -> MatchResult:
    """Rule bots play `name` to the end; every hand replays to its recorded result."""
    rules = load_rules(name)
    agents = [make_agent("rules", rng=random.Random(seed * 100 + s)) for s in range(rules.players)]
    match = play_match(rules, agents, random.Random(seed), max_hands=max_hands)
    assert match.finished and match.winners, f"{name}: no winner after {len(match.hands)} hands"
    for hand in match.hands:
        assert replay_record(hand.record).result == hand.result
    return match
