"""The exact search of a hand's last tricks (interpreter/agents/endgame.py) and pimc's `exact` option."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from interpreter.agents import make_agent
from interpreter.agents.endgame import solve, tricks_left
from interpreter.agents.rollout import rollout, teammates
from interpreter.agents.rule_bot import RuleBot
from interpreter.engine import State
from interpreter.variants import bundled_names, load_rules


def _minimax(world: State, seat: int) -> float:
    """The same value by brute force over clone/apply, every legal card tried (the reference)."""
    if world.status is not None:
        return world.returns()[seat]
    values = []
    for action in world.legal_actions():
        child = world.clone()
        child.apply(action)
        values.append(_minimax(child, seat))
    return max(values) if teammates(world, world.turn, seat) else min(values)


def _draw_trump_first() -> State:
    """Euchre, diamonds trump, seat 1 (maker, with seat 3) has won the first two tricks with
    both bowers and leads to the last three holding AD AS AC. Seat 2 holds the last trump, KD,
    and neither spades nor clubs: AS or AC first lets KD ruff it (four tricks, one point); AD
    first draws KD and the aces take the rest (a march, two points)."""
    rules = load_rules("euchre")
    parse = rules.codec.parse

    def cards(words: str) -> list[int]:
        out = [parse(w) for w in words.split()]
        assert None not in out
        return [c for c in out if c is not None]

    dealt = [cards("9H TH QH QC JS"), cards("AD AS AC JD JH"), cards("KD QD TD KH AH"), cards("TS 9S 9C QS KC")]
    state = rules.new_hand(0, dealt, parse("9D"))
    for word in ("order", "discard JS"):
        action = parse(word)
        assert action is not None and action in state.legal_actions()
        state.apply(action)
    together = parse("together")
    while not state.playing:  # nobody goes alone
        assert together is not None and together in state.legal_actions()
        state.apply(together)
    for card in cards("JD QD KC 9D JH TD QS QC"):  # two tricks, both to seat 1
        state.apply(card)
    assert state.turn == 1 and tricks_left(state) == 3 and state.tricks[1] == 2
    return state


def test_the_exact_search_draws_the_last_trump_before_cashing_the_aces() -> None:
    state = _draw_trump_first()
    rules = state.rules
    values = {}
    for card in state.legal_actions():
        child = state.clone()
        child.apply(card)
        values[rules.codec.to_str(card)] = solve(child, 1, lambda w: w.returns()[1])
    assert values == {"AD": 2.0, "AS": 1.0, "AC": 1.0}
    assert solve(state, 1, lambda w: w.returns()[1]) == 2.0
    # the defenders' view of the same position: they lose two points whatever they do
    assert solve(state, 2, lambda w: w.returns()[2]) == -2.0


def test_solving_does_not_change_the_world() -> None:
    state = _draw_trump_first()
    before = (list(map(list, state.hands)), state.history[:], state.turn, state.tricks[:])
    solve(state, 1, lambda w: w.returns()[1])
    assert (list(map(list, state.hands)), state.history, state.turn, state.tricks) == before


def test_pimc_with_exact_search_leads_the_top_trump() -> None:
    """A check of the wiring (the rule bot leads AD here too: the test above is the one that
    proves the search finds the winning card)."""
    state = _draw_trump_first()
    bot = make_agent("pimc:k=10:exact=3", rng=random.Random(3))
    assert state.rules.codec.to_str(bot.act(state, 1)) == "AD"


def _returns_of(seat: int) -> Callable[[State], float]:
    return lambda w: w.returns()[seat]


def _endgames(variant: str, tricks: int, count: int, seed: int) -> list[tuple[State, int]]:
    """Positions of rule-bot hands with `tricks` or fewer tricks left (some in mid-trick), and a seat."""
    rules = load_rules(variant)
    bot = RuleBot()
    rng = random.Random(seed)
    out: list[tuple[State, int]] = []
    while len(out) < count:
        state = rules.deal(rng, rng.randrange(rules.players))
        while state.status is None and not (state.playing and tricks_left(state) <= tricks):
            state.apply(bot.act(state, state.turn))
        for _ in range(rng.randrange(3)):
            if state.playing:
                state.apply(rng.choice(state.legal_actions()))
        if state.playing:
            out.append((state, rng.randrange(rules.players)))
    return out


@pytest.mark.parametrize("variant", bundled_names())
def test_exact_search_agrees_with_brute_force_minimax(variant: str) -> None:
    """Alpha-beta, equivalent cards searched once and the memo of finished hands by trick
    winners give the value that trying every card gives, in every bundled variant."""
    for state, seat in _endgames(variant, 2, 12, seed=len(variant)):
        assert solve(state, seat, _returns_of(seat)) == _minimax(state, seat)


def test_exact_search_agrees_with_brute_force_over_three_tricks() -> None:
    for state, seat in _endgames("euchre", 3, 15, seed=7):
        assert solve(state, seat, _returns_of(seat)) == _minimax(state, seat)


def test_a_rollout_with_stop_hands_over_at_that_many_tricks() -> None:
    rules = load_rules("euchre")
    bot = RuleBot()
    for seed in range(10):
        state = rules.deal(random.Random(seed), seed % 4)
        rollout(state, bot, bot, stop=2)
        assert state.status is not None or (state.playing and tricks_left(state) == 2)


@pytest.mark.parametrize("variant", ["euchre", "bid-euchre", "call-ace", "five-hundred"])
def test_pimc_with_exact_search_plays_a_hand_to_the_end(variant: str) -> None:
    rules = load_rules(variant)
    bots = [make_agent("pimc:k=3:exact=3", rng=random.Random(s)) for s in range(rules.players)]
    state = rules.deal(random.Random(5), 0)
    while not state.is_over:
        action = bots[state.turn].act(state, state.turn)
        assert action in state.legal_actions()
        state.apply(action)
