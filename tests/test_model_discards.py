"""WorldSampler's `chooser`: the others' hidden discards made by a model (pimc's `hidden=1`)."""

from __future__ import annotations

import random

import pytest
from test_resample import assert_world

from interpreter.agents import RuleBot
from interpreter.engine import State
from interpreter.variants import load_rules
from interpreter.worlds import CHOOSER_MISSES, WorldSampler


def _dealer_picked_up(seed: int) -> State:
    """Euchre, dealer 0 ordered up by seat 1 and has discarded; the play has begun."""
    rules = load_rules("euchre")
    bot = RuleBot()
    state = rules.deal(random.Random(seed), 0)
    state.apply(rules.codec.ORDER)
    while not state.playing:
        state.apply(bot.act(state, state.turn))
    return state


def _discard_of(world: State, dealer: int) -> tuple[int, State]:
    """The dealer's discard in `world`, and the world replayed up to just before it."""
    rules = world.rules
    again = rules.new_hand(world.dealer, [list(h) for h in world.dealt], world.upcard)
    for s, a in world.history:
        if s == dealer and rules.codec.DISCARD <= a < rules.codec.GIVE:
            return a, again
        again.apply(a)
    raise AssertionError("no discard")


@pytest.mark.parametrize("seed", range(4))
def test_the_dealers_hidden_discard_is_the_models_own(seed: int) -> None:
    state = _dealer_picked_up(seed)
    bot = RuleBot()
    sampler = WorldSampler(state, 1)
    rng = random.Random(seed)
    for _ in range(15):
        world = sampler.sample(rng, chooser=bot.act)
        assert_world(state, world, 1)
        discard, before = _discard_of(world, 0)
        assert discard == bot.act(before, 0)  # what the model discards from this world's hand
        assert world.upcard in world.hands[0] or world.upcard in [a for _, a in world.history]  # kept (or played)


def test_without_a_chooser_the_upcard_is_sometimes_laid_away() -> None:
    """The drawn discard (no model) puts the upcard in the discard in some worlds: the bias `hidden` removes."""
    state = _dealer_picked_up(0)
    sampler = WorldSampler(state, 1)
    rng = random.Random(5)
    laid_away = sum(world.discarded == world.upcard for world in (sampler.sample(rng) for _ in range(200)))
    assert laid_away > 0
    bot = RuleBot()
    with_model = [sampler.sample(rng, chooser=bot.act) for _ in range(100)]
    assert all(w.discarded != w.upcard for w in with_model)


@pytest.mark.parametrize("name", ["euchre", "five-hundred", "hasenpfeffer", "two-handed-euchre"])
def test_model_discards_keep_every_world_consistent(name: str) -> None:
    """Over rule-bot hands of variants with hidden discards, every world drawn with the
    model's discards still agrees with every seat's observation."""
    rules = load_rules(name)
    bot = RuleBot()
    for seed in range(3):
        rng = random.Random(seed)
        state = rules.deal(rng, seed % rules.players)
        while not state.is_over:
            for seat in range(rules.players):
                world = WorldSampler(state, seat).sample(rng, chooser=bot.act)
                assert_world(state, world, seat)
            state.apply(bot.act(state, state.turn))


def test_a_chooser_no_world_fits_is_dropped() -> None:
    """A dealer who does not discard as the model does: here a model that always lays away a
    card the dealer was seen to play later. No world fits it, so after `CHOOSER_MISSES`
    draws the sampler draws the discard at random and still finds worlds."""
    state = _dealer_picked_up(0)
    while len(state.hands[0]) > 4 or state.turn == 0:  # the dealer has played a card
        state.apply(RuleBot().act(state, state.turn))
    played = next(a for s, a in state.history if s == 0 and a < state.rules.codec.n_cards)
    discard_played = state.rules.codec.DISCARD + played

    def stubborn(world: State, seat: int) -> int:
        return discard_played

    sampler = WorldSampler(state, 1)
    rng = random.Random(1)
    for _ in range(5):
        assert_world(state, sampler.sample(rng, chooser=stubborn), 1)
    assert sampler.chooser_misses == CHOOSER_MISSES
