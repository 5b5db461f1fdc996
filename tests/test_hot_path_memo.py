"""The hot path's remembered answers (`Rules.score_memo`, `Rules.lead_memo`) equal a fresh evaluation.

Scoring and the first leader are pure functions of the names they read; `Rules`
remembers their answers per value of those names. These tests play whole
matches (so scores, counters, games and deal numbers move) of every bundled
variant and of the house rules that add counters, games, caps and lead rows,
and check, hand by hand, that what the hand got from the memo is what the rows
say when evaluated afresh.
"""

from __future__ import annotations

import random

import pytest

from interpreter.agents.random_bot import RandomBot
from interpreter.engine import State
from interpreter.match import play_match
from interpreter.rules import Rules
from interpreter.variants import bundled_names, load_rules

HOUSE = [
    ("euchre", "house/four-trick-tokens"),  # counters
    ("euchre", "house/laps"),  # games, carry
    ("euchre", "house/lead-loners-left"),  # lead rows reading the maker
    ("euchre", "house/defend-alone"),  # a lone defender
    ("euchre", "house/dealer-concedes"),  # hands that end unplayed
    ("euchre", "house/partners-best"),
    ("five-hundred", None),  # caps and a losing threshold
]


def _fresh(rules: Rules, st: State) -> dict[str, object]:
    """The hand's outcome from the scoring rows and the match end, evaluated now (no memo)."""
    values = tuple(get(rules, st) for _, get in rules.score_keys)
    assert st.on_team is not None
    delta, scored_by, counters, winners, game = rules.score_outcome(st, values, st.on_team)
    out: dict[str, object] = {"delta": list(delta), "winners": list(winners), "scored_by": scored_by}
    out["counters"] = None if counters is None else {name: list(v) for name, v in counters}
    out["game"] = None if game is None else {name: list(v) for name, v in game}
    return out


def _check_match(rules: Rules, seed: int) -> int:
    """Play one match; every complete hand's result must equal a fresh scoring. Returns hands checked."""
    checked = 0
    rng = random.Random(seed)
    agents = [RandomBot(random.Random(seed * 10 + s)) for s in range(rules.players)]
    match = play_match(rules, agents, rng, max_hands=60)
    for hand in match.hands:
        st = hand.state
        result = st.result()
        if result["status"] != "complete":
            continue
        fresh = _fresh(rules, st)
        assert result["delta"] == fresh["delta"]
        assert result["winners"] == fresh["winners"]
        assert st.scored_by == fresh["scored_by"]
        assert result.get("trickspec") == fresh["game"]
        if fresh["counters"] is not None:
            assert st.counters == fresh["counters"]
        checked += 1
    return checked


@pytest.mark.parametrize("name", bundled_names())
def test_remembered_scoring_equals_a_fresh_one(name: str) -> None:
    rules = load_rules(name)
    assert sum(_check_match(rules, seed) for seed in range(1, 4)) > 0


@pytest.mark.parametrize(("name", "rule"), HOUSE)
def test_remembered_scoring_equals_a_fresh_one_under_house_rules(name: str, rule: str | None) -> None:
    rules = load_rules(name, rules=[rule] if rule else [])
    assert sum(_check_match(rules, seed) for seed in range(1, 4)) > 0


@pytest.mark.parametrize(("name", "rule"), [(n, None) for n in bundled_names()] + HOUSE)
def test_remembered_first_leader_equals_the_lead_rows(name: str, rule: str | None) -> None:
    rules = load_rules(name, rules=[rule] if rule else [])
    rng = random.Random(3)
    seen = 0
    for i in range(60):
        st = rules.deal(rng, i % rules.players)
        while st.status is None and not st.playing:
            st.apply(rng.choice(st.legal_actions()))
        if st.playing:
            expected = rules.lead_seat(rules.env_for(st, rules.lead_keys)) % rules.players
            assert rules.first_lead(st) == expected
            seen += 1
    assert seen > 0


def test_the_memos_stay_bounded() -> None:
    """A long run cannot grow them past their bounds (memory stays flat)."""
    from interpreter.rules import LEAD_MEMO_SIZE, SCORE_MEMO_SIZE

    rules = load_rules("euchre")
    assert len(rules.score_memo) <= SCORE_MEMO_SIZE
    assert len(rules.lead_memo) <= LEAD_MEMO_SIZE
