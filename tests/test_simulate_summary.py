"""A played hand's shortcuts read the same as its result object.

`simulate.summarize` (what `Stats` folds) and `match.hand_scores` (the scores after a
hand, the next hand's scores and the match's winners) read a played hand off the State
and its scoring outcome, so that a run that keeps no records never builds the result
object. The object is the documented truth (docs/hand-records.md): here every bundled
variant and overlay plays whole random matches, and at every hand the shortcut must equal
what the object tells (`summary_of`, `scores_of`, the path of hands that end unplayed).
"""

from __future__ import annotations

import random

import pytest

from interpreter.engine import State
from interpreter.match import HandRecord, hand_scores, play_match, scores_of
from interpreter.simulate import summarize, summary_of
from interpreter.variants import bundled_names, load_rules

SPECS = bundled_names(house=True)


class _Random:
    """A random player on its own generator (every decision, forced ones too)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, state: State, seat: int) -> int:
        return self.rng.choice(state.legal_actions())


@pytest.mark.parametrize("spec", SPECS)
def test_shortcuts_read_as_the_result_object(spec: str) -> None:
    rules = load_rules(spec)
    checked = {"played": 0, "ended": 0}

    def check(hand: HandRecord) -> None:
        state = hand.state
        fast = summarize(state)  # before the object is asked for: the shortcut, if played
        fast_scores = hand_scores(rules, state)
        result = state.result()
        assert fast == summary_of(state, result)
        after, carried, winners = fast_scores
        ref_after, ref_carried, ref_winners = scores_of(rules, result)
        assert (after, carried, list(winners)) == (ref_after, ref_carried, list(ref_winners))
        checked["played" if result["status"] != "redeal" else "ended"] += 1

    for seed in range(6):
        rng = random.Random(seed)
        agents = [_Random(random.Random(seed * 10 + seat)) for seat in range(rules.players)]
        play_match(rules, agents, rng, max_hands=60, on_hand=check)
    assert checked["played"] > 0
