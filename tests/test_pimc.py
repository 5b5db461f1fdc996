"""The pimc search bot and the agent registry that builds bots from specs like `pimc:k=20`."""

from __future__ import annotations

import random

import pytest

from interpreter.agents import REGISTRY, PimcBot, RuleBot, make_agent, parse_spec
from interpreter.errors import TrickSpecError
from interpreter.variants import bundled_names, load_rules


@pytest.mark.parametrize("variant", [*bundled_names(), "house/partners-best", "house/going-under"])
def test_pimc_plays_every_bundled_variant_to_the_end(variant: str) -> None:
    rules = load_rules(variant)
    bots = [PimcBot(random.Random(s), k=2) if s % 2 == 0 else RuleBot() for s in range(rules.players)]
    rng = random.Random(7)
    for number in range(2):
        state = rules.deal(rng, number % rules.players)
        while not state.is_over:
            seat = state.turn
            action = bots[seat].act(state, seat)
            assert action in state.legal_actions()
            state.apply(action)
        assert state.status in ("complete", "redeal")


def test_time_budget_stops_early() -> None:
    rules = load_rules("euchre")
    state = rules.deal(random.Random(2), 0)
    bot = PimcBot(random.Random(3), k=10_000, ms=1)
    legal = state.legal_actions()
    bot.values(state, state.turn, legal)
    assert 1 <= bot.worlds < 10_000
    bot = PimcBot(random.Random(3), k=7)
    bot.values(state, state.turn, legal)
    assert bot.worlds == 7


def test_registry_specs() -> None:
    defaults = {key: opt.default for key, opt in REGISTRY["pimc"].options.items()}
    assert parse_spec("pimc") == ("pimc", defaults)
    assert defaults["k"] == 20
    assert parse_spec("pimc:k=5:ms=2.5:infer=1") == ("pimc", {**defaults, "k": 5, "ms": 2.5, "infer": 1})
    bot = make_agent("pimc:k=3", rng=random.Random(1))
    assert isinstance(bot, PimcBot) and bot.k == 3
    assert isinstance(make_agent("rules"), RuleBot)
    for bad, message in [
        ("pimc:q=1", "unknown option 'q'; options: k=<int>"),
        ("pimc:k", "option 'k' needs a value"),
        ("pimc:k=x", "k=x is not a valid int"),
        ("pimc:k=0", "k=0 is below its least value 1"),
        ("pimc:mates=7", r"mates=7 is above its greatest value 4 \(judge a teammate's bidding"),
        ("pimc:iplay=3", "iplay=3 is above its greatest value 2"),
        ("pimc:rmate=2", "rmate=2 is above its greatest value 1"),
        ("rules:k=1", "unknown option 'k'; options: none"),
        ("smart", "unknown agent kind 'smart'"),
    ]:
        with pytest.raises(TrickSpecError, match=message):
            make_agent(bad)
