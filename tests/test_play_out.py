"""`State.play_out(choose)` ends every hand exactly as the per-decision loop does.

The loop `while st.status is None: st.apply(choose(st.legal_actions()))` is the
reference; `play_out` runs the tricks in one loop with the fields in locals.
For every bundled variant and overlay, many seeds and several policies (random,
always the first option, always the last), both are played from equal states
and compared: every slot of the end state, `result()`, the hand record, the
lists `choose` was offered, and what the random generator drew.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import partial

import pytest

from interpreter.build import COMPILED
from interpreter.engine import State
from interpreter.match import hand_record
from interpreter.phases.order_up import OrderUp
from interpreter.rules import Rules
from interpreter.variants import bundled_names, load_rules

SPECS = bundled_names(house=True)
# The fields: __slots__ in pure Python; a mypyc-compiled State lists them in __mypyc_attrs__ (as test_clone).
# The dealt tuples are compared as `dealt` reads them: the compiled deal keeps the shuffled deck
# (`_deck`) and `_dealt` caches the tuples once asked, so one state may have asked and the other not.
_SLOTS: tuple[str, ...] = getattr(State, "__slots__", None) or State.__mypyc_attrs__  # type: ignore[attr-defined]
FIELDS: tuple[str, ...] = tuple("dealt" if slot == "_dealt" else slot for slot in _SLOTS if slot != "_deck")
SEEDS = range(40)
Choose = Callable[[list[int]], int]  # a decision: the legal list offered -> the pick
Policy = Callable[[random.Random], Choose]
POLICIES: dict[str, Policy] = {
    "random": lambda rng: rng.choice,
    "first": lambda rng: lambda legal: legal[0],
    "last": lambda rng: lambda legal: legal[-1],
}


def _deal(rules: Rules, seed: int) -> State:
    """A hand of a running match: some dealer, scores (and counters) not at the start."""
    rng = random.Random(seed)
    dealer = rng.randrange(rules.players)
    scores = [rng.randrange(0, 4) for _ in range(rules.n_sides)]
    return rules.deal(rng, dealer, scores_before=scores, deal_number=1 + seed % 3)


def _offered(choose: Callable[[list[int]], int], seen: list[list[int]]) -> Callable[[list[int]], int]:
    """`choose`, keeping every list it is offered (as it was offered: the caller may keep it)."""

    def pick(legal: list[int]) -> int:
        seen.append(legal)
        return choose(legal)

    return pick


def _same(a: State, b: State) -> None:
    for slot in FIELDS:
        assert getattr(a, slot) == getattr(b, slot), slot
    assert a.result() == b.result()
    assert a.returns() == b.returns()
    assert hand_record(a.rules, a) == hand_record(b.rules, b)


def _by_decision(st: State, choose: Callable[[list[int]], int]) -> None:
    while st.status is None:
        st.apply(choose(st.legal_actions()))


@pytest.mark.parametrize("name", SPECS)
def test_play_out_ends_the_hand_as_the_per_decision_loop(name: str) -> None:
    rules = load_rules(name)
    for policy, make in POLICIES.items():
        for seed in SEEDS:
            start = _deal(rules, seed)
            ref, fast = start.clone(), start.clone()
            rng_ref, rng_fast = random.Random(seed), random.Random(seed)
            seen_ref: list[list[int]] = []
            seen_fast: list[list[int]] = []
            _by_decision(ref, _offered(make(rng_ref), seen_ref))
            fast.play_out(_offered(make(rng_fast), seen_fast))
            assert seen_fast == seen_ref, (policy, seed)
            assert rng_fast.getstate() == rng_ref.getstate(), (policy, seed)
            _same(fast, ref)


@pytest.mark.parametrize("name", ["euchre", "jucre-three-handed", "call-ace", "house/defend-alone", "five-hundred"])
def test_play_out_from_the_middle_of_a_hand(name: str) -> None:
    """Started after some decisions (in the bidding, mid-trick), it plays the rest alike."""
    rules = load_rules(name)
    for seed in SEEDS:
        rng = random.Random(seed)
        st = _deal(rules, seed)
        for _ in range(rng.randrange(12)):
            if st.status is not None:
                break
            st.apply(rng.choice(st.legal_actions()))
        ref = st.clone()
        _by_decision(ref, random.Random(seed).choice)
        st.play_out(random.Random(seed).choice)
        _same(st, ref)


class Stop(Exception):
    """Raised by a policy on its k-th pick."""


def _stop_at(k: int) -> Callable[[list[int]], int]:
    """A policy picking by its count of calls, raising Stop on the k-th."""
    calls = 0

    def pick(legal: list[int]) -> int:
        nonlocal calls
        calls += 1
        if calls == k:
            raise Stop
        return legal[calls % len(legal)]

    return pick


@pytest.mark.parametrize("name", ["euchre", "jucre", "call-ace", "house/defend-alone", "pepper"])
def test_a_policy_that_raises_leaves_the_state_of_that_decision(name: str) -> None:
    """`choose` raising (say on the 9th decision) leaves the state the per-decision loop had
    before that decision: the fields kept in locals are written back. Played on, it ends alike."""
    rules = load_rules(name)
    for seed in range(20):
        for k in (1, 5, 9, 14, 20):
            _stopped_like_apply(State.play_out, _deal(rules, seed), k)


def _stopped_like_apply(run: Callable[[State, Choose], None], start: State, k: int) -> None:
    """`run(state, choose)` from `start` with a `choose` raising Stop on its k-th pick leaves the
    state the per-decision loop has after k - 1 picks (or the finished hand, if it ended first);
    played on, both end alike. Shared by the play_out and trick-loop tests."""
    ref, fast = start.clone(), start.clone()
    by_hand = _stop_at(k)
    for _ in range(k - 1):
        if ref.status is None:
            ref.apply(by_hand(ref.legal_actions()))
    if ref.status is None:
        with pytest.raises(Stop):
            run(fast, _stop_at(k))
    else:
        run(fast, _stop_at(k))
    _same_so_far(fast, ref)
    ref.play_out(lambda legal: legal[0])
    fast.play_out(lambda legal: legal[0])
    _same(fast, ref)


def _same_so_far(a: State, b: State) -> None:
    for slot in FIELDS:
        assert getattr(a, slot) == getattr(b, slot), slot
    assert a.legal_actions() == b.legal_actions()


def _bad_at(rules: Rules, seed: int, k: int) -> Callable[[list[int]], int]:
    """A random policy whose k-th pick is an action not offered (not held, not following, a bid word)."""
    rng = random.Random(seed)
    picks = 0

    def pick(legal: list[int]) -> int:
        nonlocal picks
        picks += 1
        if picks < k:
            return rng.choice(legal)
        return rng.choice([a for a in range(rules.codec.size) if a not in legal])

    return pick


@pytest.mark.parametrize("name", ["euchre", "jucre", "five-hundred"])
def test_an_illegal_pick_raises_and_changes_nothing(name: str) -> None:
    """A pick not offered raises ValueError with the why_illegal reason, and the state is the one
    of that decision (never a silent corruption)."""
    rules = load_rules(name)
    raised = 0
    for seed in range(30):
        raised += _refused_like_apply(State.play_out, _deal(rules, seed), partial(_bad_at, rules, seed, 1 + seed % 15))
    assert raised > 10


def _refused_like_apply(run: Callable[[State, Choose], None], start: State, bad: Callable[[], Choose]) -> bool:
    """`run(state, bad())` from `start`, `bad()` a fresh policy whose some pick is not offered:
    True when `run` raised `apply`'s ValueError (why_illegal's reason) with the state of that
    decision, which the per-decision loop reaches with another `bad()`; False when the hand ended
    first, as that loop ends it. Shared by the play_out and trick-loop tests."""
    fast, ref = start.clone(), start.clone()
    try:
        run(fast, bad())
    except ValueError as err:
        choose = bad()
        while True:
            legal = ref.legal_actions()
            pick = choose(legal)
            if pick not in legal:
                break
            ref.apply(pick)
        _same_so_far(fast, ref)
        reason = ref.why_illegal(pick)
        assert reason is not None
        assert str(err) == f"illegal action {pick}: {reason}"
        return True
    _by_decision(ref, bad())
    _same(fast, ref)  # the hand ended before the bad pick
    return False


def _walked(rules: Rules) -> Rules:
    """The same rules with the bidding's shortcuts off: every phase started by the phase walk
    (no first phase begun directly, no free alone asked by the step before it)."""
    walked = copy.copy(rules)
    walked.alone_next = (-1,) * len(rules.alone_next)
    walked.first_phase = -1
    return walked


def test_the_bidding_shortcuts_are_taken_where_the_spec_allows() -> None:
    """A free alone straight after the bidding with the play next is asked by the step before it;
    a forced answer, a gift, a lone partner made maker, a gate or a phase after it keep the walk."""
    assert load_rules("euchre").alone_next == (2, 2, -1)
    assert load_rules("euchre").first_phase == (-1 if COMPILED else 0)
    assert load_rules("house/defend-alone").alone_next == (-1, -1, 3, -1)  # only the second alone: the play next
    for name in ("house/canadian-loner", "house/partners-best", "british-euchre", "house/no-alone-after-pass"):
        rules = load_rules(name)  # forced, a gift, a lone partner made maker, a gated alone
        assert [rules.alone_next[i] for i, p in enumerate(rules.phases) if isinstance(p, OrderUp)] == [-1], name


@pytest.mark.parametrize("name", SPECS)
def test_the_bidding_shortcuts_play_the_hands_the_walk_plays(name: str) -> None:
    """Every hand dealt and played out with the shortcuts (Rules.first_phase, Rules.alone_next)
    ends field by field as the same hand with every phase started by the walk, and so does a
    hand played by decisions, each from a state dealt either way."""
    rules = load_rules(name)
    walked = _walked(rules)
    for policy, make in POLICIES.items():
        for seed in range(20):
            fast, ref = _deal(rules, seed), _deal(walked, seed)
            for slot in FIELDS:
                if slot != "rules":
                    assert getattr(fast, slot) == getattr(ref, slot), (slot, policy, seed)
            seen_fast: list[list[int]] = []
            seen_ref: list[list[int]] = []
            fast.play_out(_offered(make(random.Random(seed)), seen_fast))
            ref.play_out(_offered(make(random.Random(seed)), seen_ref))
            assert seen_fast == seen_ref, (policy, seed)
            for slot in FIELDS:
                if slot != "rules":
                    assert getattr(fast, slot) == getattr(ref, slot), (slot, policy, seed)
            assert fast.result() == ref.result()
