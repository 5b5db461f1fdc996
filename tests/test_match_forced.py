"""The match loop's `act_among` path (match.Agent): forced actions played without asking,
the legal list made once and handed over; results identical to asking `act` every time."""

from __future__ import annotations

import random

import pytest

from interpreter.agents import RandomBot, RuleBot
from interpreter.engine import State
from interpreter.match import Agent, MatchResult, play_match
from interpreter.variants import load_rules


class ActOnly:
    """The agent asked by `act` alone (no `act_among`): as every agent was asked before."""

    def __init__(self, agent: RuleBot) -> None:
        self.agent = agent
        self.asked = 0

    def act(self, state: State, seat: int) -> int:
        self.asked += 1
        return self.agent.act(state, seat)


class Among:
    """A rule bot (wrapped: a compiled class cannot be extended) that checks what the loop hands it."""

    def __init__(self) -> None:
        self.bot = RuleBot()
        self.asked = 0
        self.by_act = 0

    def act(self, state: State, seat: int) -> int:
        self.by_act += 1
        return self.bot.act(state, seat)

    def act_among(self, state: State, seat: int, legal: list[int]) -> int:
        assert len(legal) >= 2
        assert legal == state.legal_actions()
        assert seat == state.turn
        self.asked += 1
        return self.bot.act_among(state, seat, legal)


def _played(result: MatchResult) -> list[object]:
    return [(hand.state.history, hand.result["scores"], hand.result["winners"]) for hand in result.hands] + [
        result.scores,
        result.winners,
        result.finished,
        result.first_dealer,
    ]


@pytest.mark.parametrize("variant", ["euchre", "bid-euchre", "house/stick-the-dealer"])
def test_the_same_match_whether_forced_actions_are_asked_or_not(variant: str) -> None:
    rules = load_rules(variant)
    for seed in range(3):
        fast = [Among() for _ in range(rules.players)]
        slow = [ActOnly(RuleBot()) for _ in range(rules.players)]
        a = play_match(rules, fast, random.Random(seed), max_hands=12)
        b = play_match(rules, slow, random.Random(seed), max_hands=12)
        assert _played(a) == _played(b)
        decisions = sum(len(hand.state.history) for hand in a.hands)
        asked_fast = sum(bot.asked for bot in fast)
        asked_slow = sum(bot.asked for bot in slow)
        assert asked_slow == decisions  # `act` alone: every decision is asked, forced ones too
        assert 0 < asked_fast < asked_slow  # forced ones are not
        assert sum(bot.by_act for bot in fast) == 0  # nor is `act`: the loop made the list


class CountedRandom(RandomBot):
    asked = 0

    def act(self, state: State, seat: int) -> int:
        CountedRandom.asked += 1
        return super().act(state, seat)


def test_an_agent_without_act_among_is_asked_every_decision_and_keeps_its_stream() -> None:
    """A random bot draws even for a forced action: it is asked every time, so its stream,
    and the match, are those of a loop that asks every agent by `act`."""
    rules = load_rules("euchre")
    for seed in range(3):
        CountedRandom.asked = 0
        mixed: list[Agent] = [
            Among(),
            CountedRandom(random.Random(seed)),
            Among(),
            CountedRandom(random.Random(seed + 1)),
        ]
        a = play_match(rules, mixed, random.Random(seed), max_hands=8)
        asked_random = CountedRandom.asked
        old: list[Agent] = [
            ActOnly(RuleBot()),
            RandomBot(random.Random(seed)),
            ActOnly(RuleBot()),
            RandomBot(random.Random(seed + 1)),
        ]
        b = play_match(rules, old, random.Random(seed), max_hands=8)
        assert _played(a) == _played(b)
        random_turns = sum(1 for hand in a.hands for s, _ in hand.state.history if s % 2 == 1)
        assert asked_random == random_turns
