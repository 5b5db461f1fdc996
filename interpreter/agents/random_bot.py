"""The baseline opponent: any legal action, uniformly at random.

It needs nothing but `legal_actions()`, so it plays every variant, and it is
the yardstick a smarter bot must beat.
"""

from __future__ import annotations

import random

from ..engine import State


class RandomBot:
    """Chooses uniformly among the legal actions with its own random source."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def act(self, state: State, seat: int) -> int:
        return self.rng.choice(state.legal_actions())
