"""The int-coded trick solver (interpreter/agents/endgame.py) against the generic search it
replaced, kept here as the reference: the same values on random positions of every bundled
variant, `solve_each` equal to `solve` after each card, and pimc's `endgame` option."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from test_endgame import _draw_trump_first, _endgames, _returns_of

from interpreter.agents import make_agent
from interpreter.agents.endgame import solve, solve_each
from interpreter.agents.rollout import rollout, teammates
from interpreter.agents.rule_bot import RuleBot
from interpreter.engine import State
from interpreter.variants import bundled_names, load_rules


def _reference(world: State, seat: int, worth: Callable[[State], float]) -> float:
    """The former solver (lists of card ids, alpha-beta, no equivalent cards pruned, every
    finished hand replayed and scored): the value the int-coded one must give."""
    if not world.playing:
        return worth(world)
    rules = world.rules
    hands = [list(h) for h in world.hands]
    follow, power, by_led, nxt = world.follow, world.power, world.by_led, world.nxt
    maximiser = [teammates(world, p, seat) for p in range(rules.players)]
    total = rules.hand_tricks
    line: list[int] = []
    inf = float("inf")

    def search(p: int, leader: int, led: int, best: int, win: int, played: int, alpha: float, beta: float) -> float:
        maxing = maximiser[p]
        v = -inf if maxing else inf
        legal = [c for c in hands[p] if follow[c] == led] or hands[p][:]
        for c in legal:
            hands[p].remove(c)
            line.append(c)
            if led < 0:
                nled, nbest, nwin = follow[c], power[c], p
            else:
                r = by_led[led][c]
                nled, nbest, nwin = (led, r, p) if r > best else (led, best, win)
            q = nxt[p]
            if q != leader:
                child = search(q, leader, nled, nbest, nwin, played, alpha, beta)
            elif played + 1 == total:
                w = world.clone()
                for a in line:
                    w.apply(a)
                child = worth(w)
            else:
                child = search(nwin, nwin, -1, -1, nwin, played + 1, alpha, beta)
            line.pop()
            hands[p].append(c)
            v = max(v, child) if maxing else min(v, child)
            if maxing:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        return v

    if world.led < 0:
        return search(world.turn, world.turn, -1, -1, world.turn, world.played, -inf, inf)
    return search(world.turn, world.leader, world.led, world.best, world.winner, world.played, -inf, inf)


@pytest.mark.parametrize("variant", bundled_names())
def test_the_solver_gives_the_reference_values(variant: str) -> None:
    """Random rule-bot endings of two and three tricks (some in mid-trick), and each card's
    value from `solve_each`, in every bundled variant."""
    for tricks in (2, 3):
        for state, seat in _endgames(variant, tricks, 10, seed=100 * tricks + len(variant)):
            worth = _returns_of(seat)
            assert solve(state, seat, worth) == _reference(state, seat, worth)
            legal = state.legal_actions()
            after = []
            for card in legal:
                child = state.clone()
                child.apply(card)
                after.append(_reference(child, seat, worth))
            assert solve_each(state, seat, worth, legal) == after


def test_four_tricks_of_euchre_give_the_reference_values() -> None:
    for state, seat in _endgames("euchre", 4, 6, seed=41):
        assert solve(state, seat, _returns_of(seat)) == _reference(state, seat, _returns_of(seat))


def test_solve_each_finds_the_card_that_draws_the_last_trump() -> None:
    """The hand-worked ending of test_endgame.py: AD first makes a march (2 points), either
    side ace lets the last trump ruff it (1 point)."""
    state = _draw_trump_first()
    codec = state.rules.codec
    legal = state.legal_actions()
    values = solve_each(state, 1, lambda w: w.returns()[1], legal)
    assert dict(zip(map(codec.to_str, legal), values, strict=True)) == {"AD": 2.0, "AS": 1.0, "AC": 1.0}


def test_pimc_with_endgame_search_leads_the_top_trump_and_plays_hands_out() -> None:
    state = _draw_trump_first()
    bot = make_agent("pimc:k=10:endgame=3", rng=random.Random(3))
    assert state.rules.codec.to_str(bot.act(state, 1)) == "AD"
    for variant in ("euchre", "bid-euchre", "call-ace"):
        r = load_rules(variant)
        bots = [make_agent("pimc:k=3:endgame=3", rng=random.Random(s)) for s in range(r.players)]
        hand = r.deal(random.Random(9), 0)
        while not hand.is_over:
            action = bots[hand.turn].act(hand, hand.turn)
            assert action in hand.legal_actions()
            hand.apply(action)


@pytest.mark.parametrize("variant", ["euchre", "call-ace", "five-hundred"])
def test_a_memo_of_finished_hands_shared_by_one_worlds_actions_changes_no_value(variant: str) -> None:
    """pimc's actions in one world, each rolled out to the last two tricks and solved with one
    shared memo of finished hands (keyed by the hand's whole sequence of trick winners), get
    the values that solving each alone gives."""
    bot = RuleBot()
    for state, seat in _endgames(variant, 4, 6, seed=5):
        worth = _returns_of(seat)
        shared: dict[int, float] = {}
        for card in state.legal_actions():
            child = state.clone()
            child.apply(card)
            rollout(child, bot, bot, stop=2)
            assert solve(child, seat, worth, shared) == _reference(child, seat, worth)
