"""State.returns(): per-seat utility of a finished hand, higher always better."""

from __future__ import annotations

import random

from interpreter.engine import State
from interpreter.variants import load_rules


def _play_out(state: State, rng: random.Random) -> State:
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_partnership_returns_are_the_score_difference() -> None:
    rules = load_rules("euchre")
    seen = set()
    for seed in range(60):
        rng = random.Random(seed)
        state = _play_out(rules.deal(rng, seed % 4), rng)
        ret = state.returns()
        if state.status == "redeal":
            assert ret == [0.0] * 4
            continue
        d = state.result()["delta"]
        assert ret == [d[0] - d[1], d[1] - d[0], d[0] - d[1], d[1] - d[0]]
        assert sum(ret) == 0
        seen.add(tuple(d))
    assert (0, 2) in seen or (2, 0) in seen  # a euchre (or march) was among them


def test_lower_is_better_games_are_negated() -> None:
    """Buck euchre counts down: gaining points is bad, so the return is negative."""
    rules = load_rules("buck-euchre")
    for seed in range(40):
        rng = random.Random(seed)
        state = _play_out(rules.deal(rng, 0), rng)
        if state.status != "complete":
            continue
        d = state.result()["delta"]
        ret = state.returns()
        for seat in range(4):
            others = (sum(d) - d[seat]) / 3
            assert ret[seat] == -(d[seat] - others)
        worst = max(range(4), key=lambda s: d[s])
        assert ret[worst] == min(ret)


def test_a_hand_in_play_returns_zeros() -> None:
    rules = load_rules("jucre-three-handed")
    state = rules.deal(random.Random(1), 0)
    assert state.returns() == [0.0, 0.0, 0.0]


def test_int_observation_mirrors_the_readable_one() -> None:
    rules = load_rules("euchre")
    codec = rules.codec
    rng = random.Random(5)
    state = rules.deal(rng, 1)
    while not state.is_over:
        for seat in range(4):
            words = state.observation(seat)
            ints = state.observation_ints(seat)
            assert [codec.to_str(c) for c in ints.hand] == words["hand"]
            assert [codec.to_str(a) for a in ints.legal] == words["legal"]
            assert len(ints.history) == len(words["history"])
            for (s, a), (s2, w) in zip(ints.history, words["history"], strict=True):
                assert s == s2 and (w in ("discard", "give") if a < 0 else codec.to_str(a) == w)
            assert [[(s, codec.to_str(c)) for s, c in t] for t in ints.tricks_played] == words["tricks_played"]
            assert ints.trick_winners == words["trick_winners"] and ints.tricks == words["tricks"]
            assert ints.packets == tuple(tuple(p) for p in words["packets"])
        state.apply(rng.choice(state.legal_actions()))
