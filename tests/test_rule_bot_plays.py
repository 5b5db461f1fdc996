"""The rule bots' shared memory of plays (`_MEMORY`, read on decision by decision across
hands and clones) agrees with a `PlayMemory` reading the State afresh, and their unseen cards
with a count from scratch, decision by decision, in every bundled variant."""

from __future__ import annotations

import random

import pytest

from interpreter.agents.rule_bot import _MEMORY, _unseen, tables_of
from interpreter.observe import PlayMemory
from interpreter.variants import bundled_names, load_rules


@pytest.mark.parametrize("variant", bundled_names())
def test_plays_and_unseen_agree_with_a_fresh_count(variant: str) -> None:
    rules = load_rules(variant)
    tables = tables_of(rules)
    rng = random.Random(23)
    asked = 0
    for number in range(12):
        state = rules.deal(rng, number % rules.players)
        while not state.is_over:
            seat = state.turn
            if state.playing:
                st = state.clone() if rng.random() < 0.2 else state  # a fresh history: started over
                unseen = _unseen(st, seat, tables)
                memory = PlayMemory()
                memory.update(st)
                assert _MEMORY.gone_mask == memory.gone_mask
                assert _MEMORY.void_bits == memory.void_bits
                assert [sorted(v) for v in memory.voids] == st.observation_ints(seat).voids
                seen = memory.gone_mask
                for x in st.hands[seat]:
                    seen |= 1 << x
                if st.upcard >= 0 and not st.upcard_taken:
                    seen |= 1 << st.upcard
                full = (1 << rules.codec.n_cards) - 1
                assert unseen & full == ~seen & full
                asked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert asked > 0
