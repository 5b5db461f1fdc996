"""Perfect-Information Monte Carlo: the search bot for any variant, on the State API only.

At a decision with a choice, it draws `k` worlds the seat cannot tell from the
real hand (`WorldSampler`, interpreter/worlds.py), plays every legal action out
to the end of the hand in each world with the fast rollout policy, and takes
the action whose returns (`State.returns()`, the hand's worth to the seat in
the match's direction) sum highest. Ties go to the rule bot's choice. `ms`
bounds a decision's time (at least one world is always drawn). Nothing here
knows a variant: worlds, rollouts and returns come from the engine and the spec.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from ..worlds import WorldSampler
from .rollout import rollout
from .rule_bot import RuleBot

if TYPE_CHECKING:
    from ..engine import State


class PimcBot:
    """`k` sampled worlds a decision, each legal action rolled out; `ms`: a time budget (0: none)."""

    def __init__(
        self,
        rng: random.Random | None = None,
        k: int = 20,
        ms: float = 0.0,
        infer: int = 8,
        kbid: int = 0,
        roll: int = 0,
        iplay: int = 0,
        foes: int = 0,
    ) -> None:
        self.rng = rng if rng is not None else random.Random()
        self.k = k
        self.kbid = kbid or k  # worlds at a decision before the first card (bidding, declarations)
        self.ms = ms
        self.infer = infer  # worlds drawn at most to find one whose bidding the model would have bid
        self.policy = RuleBot()  # bids in the rollouts, and breaks ties
        self.roll = roll  # rollout card play: 0 the greedy rule, 1 the rule bot
        self.iplay = bool(iplay)  # infer from the others' card plays too, not only their bidding
        self.foes = bool(foes)  # infer from the other sides' choices only (a partner may not bid as the model)
        self.worlds = 0  # worlds drawn at the last searched decision

    def act(self, state: State, seat: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        totals = self.values(state, seat, legal)
        top = max(totals)
        best = [a for a, v in zip(legal, totals, strict=True) if v == top]
        if len(best) == 1:
            return best[0]
        hint = self.policy.act(state, seat)
        return hint if hint in best else best[0]

    def values(self, state: State, seat: int, legal: list[int]) -> list[float]:
        """Summed returns of each legal action over the sampled worlds."""
        deadline = time.perf_counter() + self.ms / 1000 if self.ms > 0 else None
        sampler = WorldSampler(state, seat)
        totals = [0.0] * len(legal)
        policy = self.policy
        self.worlds = 0
        card_player = policy if self.roll else None
        for _ in range(self.k if state.playing else self.kbid):
            world = self._likely_world(sampler, seat)
            self.worlds += 1
            for i, action in enumerate(legal):
                w = world.clone() if i < len(legal) - 1 else world
                w.apply(action)
                rollout(w, policy, card_player)
                totals[i] += w.returns()[seat]
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return totals

    def _likely_world(self, sampler: WorldSampler, seat: int) -> State:
        """A sampled world in which the others' bidding is what the model would have bid.

        Worlds are drawn until one agrees with every public choice of the other
        seats before the first card (at most `infer` draws, then any world): an
        orderer then holds trumps, a passer lacks them. The judge runs inside
        the sampler's replay, so a rejected world costs only its bidding.
        """
        if self.infer > 1:
            policy = self.policy
            side_of = sampler.state.rules.side_of
            mine = side_of[seat]
            foes = self.foes

            def judge(world: State, s: int, action: int) -> bool:
                if foes and side_of[s] == mine:
                    return True
                return len(world.legal_actions()) == 1 or policy.act(world, s) == action

            for _ in range(self.infer - 1):
                judged = sampler.sample_if(self.rng, judge, plays=self.iplay)
                if judged is not None:
                    return judged
        return sampler.sample(self.rng)
