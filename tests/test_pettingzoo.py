"""The PettingZoo adapter (issue 14): PettingZoo's own api_test for every bundled variant,
and episodes whose rewards are the hand's returns."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the optional extra [rl] (pettingzoo) is not installed")

import numpy as np  # noqa: E402  (installed with the extra)
from pettingzoo.test import api_test  # noqa: E402

from interpreter.adapters.pettingzoo import env  # noqa: E402
from interpreter.variants import bundled_names  # noqa: E402


@pytest.mark.parametrize("variant", bundled_names())
def test_api_test_passes_for_every_bundled_variant(variant: str) -> None:
    api_test(env(variant), num_cycles=200)


def test_api_test_with_options_and_house_rules() -> None:
    api_test(env("call-ace", options={"players": 5}), num_cycles=100)
    api_test(env("euchre", rules=["house/partners-best", "house/defend-alone"]), num_cycles=100)


def test_an_episode_ends_with_the_returns_and_masks_are_the_legal_actions() -> None:
    e = env("euchre", rules=["house/stick-the-dealer"])  # a hand is never redealt: someone scores
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    steps = 0
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination:
            final[agent] = reward
            e.step(None)
            continue
        hand = e.hand
        assert hand is not None and e.possible_agents[hand.turn] == agent
        assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(hand.legal_actions())
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert e.hand is not None and e.hand.is_over and steps >= 15  # bidding, then 5 tricks of 3 or 4 cards
    returns = e.hand.returns()
    assert sum(returns) == 0 and any(returns)
    assert [final[a] for a in e.possible_agents] == returns  # rewards = returns
    assert info["result"] == e.hand.result()
    assert not e.agents  # every agent was done and removed


def test_the_docs_example_runs() -> None:
    """docs/interop.md's PettingZoo example, executed as written."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "interop.md").read_text(encoding="utf-8")
    code = text.split("## PettingZoo", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, object] = {}
    exec(compile(code, "docs/interop.md", "exec"), namespace)
    assert namespace["table"].hand.is_over  # type: ignore[attr-defined]
