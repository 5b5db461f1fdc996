"""Any TrickSpec variant as a PettingZoo AEC environment: `env("euchre")`.

One episode is one hand, dealt at `reset(seed=...)` with a random dealer. Agents
are `player_0` ... `player_{n-1}` (the seats); the one to act is the engine's
`current_player`. Actions are the engine's action ints (`rules.codec`, so
`Discrete(codec.size)`), legal ones flagged in `action_mask`; observations are
the int-coded observation laid out as a flat vector (tensor.py); rewards at the
end of the hand are `State.returns()`. A redealt hand ends with zero rewards.

Needs the optional extra: `pip install 'trickspec[rl]'`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import AgentSelector
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError("the PettingZoo adapter needs the optional extra: pip install 'trickspec[rl]'") from err

from ..engine import State
from ..variants import load_rules
from .tensor import Layout, fill_observation, observation_layout

COUNTS = ("bid", "tricks", "scores")  # fields that hold numbers; every other field holds 0/1 flags


def _bounds(layout: Layout) -> tuple[Any, Any]:
    low = np.zeros(layout.size, np.float32)
    high = np.ones(layout.size, np.float32)
    at = 0
    for name, size in layout.pieces:
        if name in COUNTS:
            low[at : at + size] = -np.inf
            high[at : at + size] = np.inf
        at += size
    return low, high


class TrickSpecEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one variant (with options and house-rule overlays)."""

    metadata = {"render_modes": ["ansi"], "name": "trickspec_v0", "is_parallelizable": False}

    def __init__(
        self,
        variant: str = "euchre",
        options: dict[str, int] | None = None,
        rules: Sequence[str] = (),
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = load_rules(variant, options or {}, list(rules))
        self.metadata = {**self.metadata, "name": f"trickspec_{variant}_v0"}
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agents = self.possible_agents[:]
        self.layout = observation_layout(self.rules)
        low, high = _bounds(self.layout)
        size = self.rules.codec.size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.hand: State | None = None
        self._selector = AgentSelector(self.agents)

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        rng = random.Random(seed)
        self.hand = self.rules.deal(rng, rng.randrange(self.rules.players))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def _settle(self) -> None:
        """Select the seat to act, or end the episode with the hand's returns."""
        hand = self.hand
        assert hand is not None
        if hand.is_over:
            for agent, value in zip(self.possible_agents, hand.returns(), strict=True):
                self.rewards[agent] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
            for agent in self.agents:
                self.infos[agent] = {"result": hand.result()}
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = self.possible_agents[hand.turn]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        buffer = [0.0] * self.layout.size
        mask = np.zeros(self.rules.codec.size, np.int8)
        if self.hand is not None:
            fill_observation(self.rules, self.hand.observation_ints(seat), buffer)
            if not self.hand.is_over and self.hand.turn == seat:
                mask[self.hand.legal_actions()] = 1
        return {"observation": np.array(buffer, np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        hand = self.hand
        assert hand is not None and action is not None
        if hand.why_illegal(int(action)) is not None:
            raise ValueError(f"{agent}: illegal action {action}: {hand.why_illegal(int(action))}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        hand.apply(int(action))
        self._settle()

    def render(self) -> str | None:
        if self.hand is None or self.render_mode is None:
            return None
        codec = self.rules.codec
        return " ".join(f"{s}:{codec.to_str(a)}" for s, a in self.hand.history)

    def close(self) -> None:
        pass


def env(variant: str = "euchre", **kwargs: Any) -> TrickSpecEnv:
    """The environment of `variant` (kwargs: options, rules, render_mode)."""
    return TrickSpecEnv(variant, **kwargs)
