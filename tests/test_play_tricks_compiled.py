"""The compiled build's trick loop (`State._play_tricks_compiled`) ends every hand as the per-decision loop.

`play_out` runs the tricks with `_play_tricks` in plain Python and with
`_play_tricks_compiled` in the compiled build (native loops instead of builtins,
shared history pairs). tests/test_play_out.py checks `play_out` in
whichever build runs; this file calls the compiled loop directly, so the pure run
checks it too: from the first lead of every bundled variant and overlay, for
several policies, a `choose` that raises, and an illegal pick.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from test_play_out import (
    POLICIES,
    SPECS,
    _by_decision,
    _deal,
    _offered,
    _refused_like_apply,
    _same,
    _stopped_like_apply,
)

from interpreter.engine import State
from interpreter.rules import Rules
from interpreter.variants import load_rules

SEEDS = range(15)


def _at_first_lead(rules: Rules, seed: int) -> State:
    """A dealt hand with its bidding played at random, up to the first lead (or its end)."""
    st = _deal(rules, seed)
    rng = random.Random(1000 + seed)
    while st.status is None and not st.playing:
        st.apply(rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("name", SPECS)
def test_the_compiled_loop_plays_the_tricks_as_the_per_decision_loop(name: str) -> None:
    rules = load_rules(name)
    played = 0
    for policy, make in POLICIES.items():
        for seed in SEEDS:
            start = _at_first_lead(rules, seed)
            if start.status is not None:
                continue  # the hand ended in the bidding (a redeal, a concession)
            played += 1
            ref, fast = start.clone(), start.clone()
            rng_ref, rng_fast = random.Random(seed), random.Random(seed)
            seen_ref: list[list[int]] = []
            seen_fast: list[list[int]] = []
            _by_decision(ref, _offered(make(rng_ref), seen_ref))
            fast._play_tricks_compiled(_offered(make(rng_fast), seen_fast))
            assert seen_fast == seen_ref, (policy, seed)
            assert rng_fast.getstate() == rng_ref.getstate(), (policy, seed)
            _same(fast, ref)
    assert played > 0


@pytest.mark.parametrize("name", ["euchre", "jucre", "call-ace", "house/defend-alone", "pepper"])
def test_a_raise_in_the_compiled_loop_leaves_the_state_of_that_decision(name: str) -> None:
    """`choose` raising on its k-th pick leaves the state the per-decision loop had before it."""
    rules = load_rules(name)
    for seed in range(10):
        for k in (1, 2, 4, 7, 11):
            start = _at_first_lead(rules, seed)
            if start.status is None:
                _stopped_like_apply(State._play_tricks_compiled, start, k)


def _bad_card_at(rules: Rules, seed: int, k: int) -> Callable[[], Callable[[list[int]], int]]:
    """Fresh random policies whose k-th pick is a card (or any action) not offered."""

    def policy() -> Callable[[list[int]], int]:
        rng = random.Random(seed)
        picks = 0

        def pick(legal: list[int]) -> int:
            nonlocal picks
            picks += 1
            if picks < k:
                return rng.choice(legal)
            if picks % 2:  # a card: another seat's, a played one, or one that does not follow
                return rng.choice([c for c in range(rules.codec.n_cards) if c not in legal])
            return rng.choice([a for a in [-1, *range(rules.codec.size)] if a not in legal])

        return pick

    return policy


@pytest.mark.parametrize("name", ["euchre", "jucre", "five-hundred"])
def test_an_illegal_pick_in_the_compiled_loop_raises_and_changes_nothing(name: str) -> None:
    rules = load_rules(name)
    raised = 0
    for seed in range(30):
        start = _at_first_lead(rules, seed)
        if start.status is None:
            raised += _refused_like_apply(State._play_tricks_compiled, start, _bad_card_at(rules, seed, 1 + seed % 12))
    assert raised > 10


class _Bound:
    """A policy handed over as a bound method (`_play_tricks_compiled` calls a bound method's
    function with its object, without the bound-method layer): the same picks as `choose`."""

    def __init__(self, choose: Callable[[list[int]], int]) -> None:
        self.choose = choose

    def pick(self, legal: list[int]) -> int:
        return self.choose(legal)


def _loop_with_bound_method(st: State, choose: Callable[[list[int]], int]) -> None:
    st._play_tricks_compiled(_Bound(choose).pick)


@pytest.mark.parametrize("name", ["euchre", "jucre", "call-ace", "house/defend-alone", "five-hundred"])
def test_a_bound_method_plays_the_tricks_as_the_per_decision_loop(name: str) -> None:
    """`rng.choice` itself (the benchmarks' policy) and a policy object's method, each handed
    over as it is: the same lists offered, the same picks, the same hand."""
    rules = load_rules(name)
    played = 0
    for seed in SEEDS:
        start = _at_first_lead(rules, seed)
        if start.status is not None:
            continue
        played += 1
        ref, fast, kept = start.clone(), start.clone(), start.clone()
        rng_ref, rng_fast = random.Random(seed), random.Random(seed)
        _by_decision(ref, rng_ref.choice)
        fast._play_tricks_compiled(rng_fast.choice)
        assert rng_fast.getstate() == rng_ref.getstate(), seed
        _same(fast, ref)
        seen: list[list[int]] = []
        _loop_with_bound_method(kept, _offered(random.Random(seed).choice, seen))
        kept.result()  # (built on the first ask: `_same` asked ref's)
        _same(kept, ref)
        assert len(seen) == len(ref.history) - len(start.history)
    assert played > 0


@pytest.mark.parametrize("name", ["euchre", "jucre", "house/defend-alone"])
def test_a_bound_method_that_raises_or_picks_wrong_leaves_the_state_of_that_decision(name: str) -> None:
    rules = load_rules(name)
    raised = 0
    for seed in range(10):
        start = _at_first_lead(rules, seed)
        if start.status is not None:
            continue
        for k in (1, 4, 11):
            _stopped_like_apply(_loop_with_bound_method, start, k)
        raised += _refused_like_apply(_loop_with_bound_method, start, _bad_card_at(rules, seed, 1 + seed % 12))
    assert raised > 3
