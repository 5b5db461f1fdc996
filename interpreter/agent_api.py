"""`Agent`: the protocol every bot answers to, in a module of its own.

It is apart from interpreter/match.py, which the optional compiled build compiles
(setup.py's HOT_MODULES): there a Protocol becomes a compiled trait, which a Python
class cannot inherit from. Here it stays a plain Protocol in both builds, so a bot may
subclass it (or not: a Protocol is structural) whichever build is installed;
`interpreter.match.Agent` is this class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .engine import State


class Agent(Protocol):
    """Anything that picks an action for the seat to act.

    An agent may also offer `act_among(state, seat, legal) -> int`: the answer `act`
    would give, handed `legal`, the State's `legal_actions()` with two actions or more
    (the caller's list: read, not changed). Offering it declares that the agent answers a
    forced decision (one legal action) with that action and nothing else (no draw from
    its random source, no memory kept): `play_match` then plays a forced action without
    asking, and asks the others with the list it made (a rules-bots hand has about 8
    forced decisions of 25). Agents without it are asked by `act`, every decision."""

    def act(self, state: State, seat: int) -> int: ...
