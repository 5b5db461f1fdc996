"""Players: a random bot, a rule-based bot, and a person at a terminal.

Every agent has `act(state, seat) -> int` (the `Agent` protocol of
interpreter.match) and works for any variant through the State API alone.
"""

from __future__ import annotations

import random
from typing import TextIO

from ..errors import TrickSpecError
from ..match import Agent
from .human import HumanAgent, InputClosed
from .random_bot import RandomBot
from .rule_bot import RuleBot

KINDS = ("random", "rules", "human")

__all__ = ["KINDS", "HumanAgent", "InputClosed", "RandomBot", "RuleBot", "make_agent"]


def make_agent(
    kind: str,
    *,
    rng: random.Random | None = None,
    seat: int = 0,
    inp: TextIO | None = None,
    out: TextIO | None = None,
    show_history: bool = True,
) -> Agent:
    """An agent by its command-line name: `random`, `rules` or `human`."""
    if kind == "random":
        return RandomBot(rng)
    if kind == "rules":
        return RuleBot()
    if kind == "human":
        return HumanAgent(seat, inp, out, show_history)
    raise TrickSpecError(f"unknown agent kind '{kind}' (expected one of: {', '.join(KINDS)})")
