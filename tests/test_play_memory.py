"""PlayMemory, the rule bot's per-hand record of plays and voids, agrees with observation_ints."""

from __future__ import annotations

import random

import pytest

from interpreter.agents import RandomBot
from interpreter.observe import PlayMemory
from interpreter.variants import bundled_names, load_rules


@pytest.mark.parametrize("variant", bundled_names())
def test_memory_read_on_matches_the_whole_observation(variant: str) -> None:
    """Read on decision by decision (and afresh on a clone), it says what the full rebuild says."""
    rules = load_rules(variant)
    memory = PlayMemory()
    for seed in range(4):
        rng = random.Random(seed)
        state = rules.deal(rng, seed % rules.players)
        bot = RandomBot(rng)
        while not state.is_over:
            obs = state.observation_ints(state.turn)
            for st in (state, state.clone()):
                memory.update(st)
                played = {c for trick in obs.tricks_played for _, c in trick} | {c for _, c in obs.trick}
                assert memory.gone == played
                assert [sorted(v) for v in memory.voids] == obs.voids
            memory.update(state)  # back to the real hand: starts afresh, reads it all again
            state.apply(bot.act(state, state.turn))


def test_memory_starts_afresh_on_a_new_hand() -> None:
    rules = load_rules("euchre")
    rng = random.Random(3)
    memory = PlayMemory()
    state = rules.deal(rng, 0)
    bot = RandomBot(rng)
    while not state.is_over:
        state.apply(bot.act(state, state.turn))
    memory.update(state)
    assert len(memory.gone) == rules.hand_tricks * state.n_active
    memory.update(rules.deal(rng, 1))
    assert memory.gone == set() and all(not v for v in memory.voids)
