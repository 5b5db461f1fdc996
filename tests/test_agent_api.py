"""A bot may subclass `match.Agent` in either build (CI runs this against the compiled one).

`interpreter/match.py` is compiled in the optional build, where a Protocol defined in it
would become a compiled trait that no Python class can inherit from; the protocol lives
in interpreter/agent_api.py, which stays plain Python.
"""

from __future__ import annotations

import random

from interpreter import agent_api, match
from interpreter.engine import State
from interpreter.match import play_match
from interpreter.variants import load_rules


class FirstBot(match.Agent):
    """Always the first legal action: a bot written by subclassing the protocol."""

    def act(self, state: State, seat: int) -> int:
        return state.legal_actions()[0]


def test_a_bot_subclassing_agent_plays_a_match() -> None:
    assert match.Agent is agent_api.Agent
    rules = load_rules("euchre")
    result = play_match(rules, [FirstBot() for _ in range(rules.players)], random.Random(3), max_hands=40)
    assert result.hands and all(hand.state.status is not None for hand in result.hands)
