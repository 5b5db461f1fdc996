"""State.resample over every bundled variant: each sampled world is a legal deal, agrees
with the seat's observation, and replaying its history reproduces that observation."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.engine import State
from interpreter.rules import Rules
from interpreter.variants import bundled_names, load_rules
from interpreter.worlds import WorldSampler

CASES = [(name, None) for name in bundled_names(house=True)]
CASES += [("call-ace", {"players": 5}), ("call-ace", {"players": 6})]


def _rules(name: str, options: dict[str, int] | None) -> Rules:
    return load_rules(name, options)


def assert_world(state: State, world: State, seat: int) -> None:
    """The three promises of resample, checked from the outside."""
    rules = state.rules
    # 1. A legal deal: packet sizes, every card once, the upcard apart, counters carried.
    assert [len(h) for h in world.dealt] == [len(h) for h in state.dealt]
    cards = Counter(c for h in world.dealt for c in h)
    assert all(k == 1 for k in cards.values())
    assert world.upcard == state.upcard and (world.upcard < 0 or world.upcard not in cards)
    assert world.dealer == state.dealer and world.deal_number == state.deal_number
    assert world.scores_before == state.scores_before and world.counters_before == state.counters_before
    # 2. The seat cannot tell the world from the real hand.
    assert world.observation(seat) == state.observation(seat)
    assert world.observation_ints(seat) == state.observation_ints(seat)
    # 3. Replaying the world's history from its deal reproduces that observation.
    again = rules.new_hand(
        world.dealer,
        [list(h) for h in world.dealt],
        None if world.upcard < 0 else world.upcard,
        world.scores_before,
        world.deal_number,
        world.counters_before,
    )
    for s, a in world.history:
        assert again.current_player == s and a in again.legal_actions()
        again.apply(a)
    assert again.observation(seat) == state.observation(seat)


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}{o or ''}" for n, o in CASES])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_sampled_world_agrees_with_the_seat(name: str, options: dict[str, int] | None, seed: int) -> None:
    rules = _rules(name, options)
    rng = random.Random(seed)
    state = rules.deal(rng, rng.randrange(rules.players), deal_number=1 + rng.randrange(3))
    while True:
        for seat in range(rules.players):
            world = state.resample(seat, rng)
            assert_world(state, world, seat)
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))


def test_a_world_really_differs_in_what_the_seat_cannot_see() -> None:
    """Resampling is not a copy: other hands change, the seat's own never does."""
    rules = load_rules("euchre")
    state = rules.deal(random.Random(3), 0)
    rng = random.Random(4)
    others = {tuple(sorted(world.hands[1])) for world in (state.resample(0, rng) for _ in range(30))}
    assert len(others) > 20
    assert all(state.resample(0, rng).hands[0] == state.hands[0] for _ in range(10))


def test_voids_shown_are_respected() -> None:
    """A seat that failed to follow a suit never holds it in a sampled world."""
    rules = load_rules("euchre")
    for seed in range(40):
        rng = random.Random(seed)
        state = rules.deal(rng, 0)
        while not state.is_over and not state.observation_ints(0).voids[1:].count([]) < 3:
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        obs = state.observation_ints(0)
        follow = rules.contracts[state.contract].follow
        for _ in range(20):
            world = state.resample(0, rng)
            for s in range(1, 4):
                assert not any(follow[c] in obs.voids[s] for c in world.hands[s])


def test_hidden_discards_are_redone_with_other_cards() -> None:
    """The dealer's discard is hidden from the others: worlds vary it, the dealer's own never."""
    rules = load_rules("euchre")
    for seed in range(200):
        rng = random.Random(seed)
        state = rules.deal(rng, 0)
        state.apply(rules.codec.ORDER)  # seat 1 orders up
        if rules.codec.DISCARD + state.upcard in state.legal_actions() and len(state.legal_actions()) > 1:
            break
    state.apply(state.legal_actions()[0])
    seen_by_other = {world.discarded for world in (state.resample(1, rng) for _ in range(40))}
    assert len(seen_by_other) > 3
    assert {state.resample(0, rng).discarded for _ in range(10)} == {state.discarded}


def test_secret_partner_follows_the_called_card() -> None:
    """Call-ace: a defender does not know the partner; worlds place the ace anywhere unseen."""
    rules = load_rules("call-ace")
    codec = rules.codec
    for seed in range(300):
        rng = random.Random(seed)
        state = rules.deal(rng, 0)
        while not state.is_over and state.partner_card < 0:
            legal = state.legal_actions()
            calls = [a for a in legal if a >= codec.ACE]
            state.apply(calls[0] if calls else rng.choice(legal))
        if state.partner >= 0 and not state.is_over:
            break
    watcher = next(s for s in range(4) if s not in (state.maker, state.partner))
    partners = {state.resample(watcher, rng).partner for _ in range(60)}
    assert len(partners) >= 2  # somebody else, or nobody (the maker alone), in some worlds
    assert {state.resample(state.partner, rng).partner for _ in range(10)} == {state.partner}


def test_sampler_is_reusable_for_many_worlds() -> None:
    rules = load_rules("bid-euchre")
    state = rules.deal(random.Random(8), 2)
    sampler = WorldSampler(state, 1)
    rng = random.Random(9)
    worlds = [sampler.sample(rng) for _ in range(5)]
    assert all(w.hands[1] == state.hands[1] for w in worlds)
