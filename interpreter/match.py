"""A match: hands dealt with a rotating dealer until the spec's match end holds.

The match only drives the `State` API: agents choose among `legal_actions()`;
every hand can be had as a hand record (docs/hand-records.md) so that any match can be
replayed hand by hand (the record is written on the first ask: a simulation that keeps
no records never pays for its strings).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import add
from typing import Any

from .agent_api import Agent as Agent  # (re-exported: `match.Agent` is where bots have found it)
from .engine import State
from .rules import Rules


class HandRecord:
    """One played hand: its result, its finished State and the docs/hand-records.md input.

    The result object and the record (every card and action as text) are made from the
    State on the first ask and kept: `simulate` without --records or --csv asks for
    neither (building the record cost about 48k instructions a hand, 7% of a rules-bots
    hand, the result object about 11.5k; benchmarks/bots.py --table)."""

    __slots__ = ("state", "_rules", "_variant", "_overlays", "_record")

    def __init__(
        self,
        rules: Rules,
        state: State,
        variant: str | None = None,
        overlays: Sequence[str] = (),
    ) -> None:
        self.state = state
        self._rules = rules
        self._variant = variant
        self._overlays = overlays
        self._record: dict[str, Any] | None = None

    @property
    def result(self) -> dict[str, Any]:
        """The hand's result object (`State.result`: built on the first ask, kept by the State)."""
        return self.state.result()

    @property
    def record(self) -> dict[str, Any]:
        """The hand record (built once: the hand is over, so its State no longer changes)."""
        record = self._record
        if record is None:
            record = self._record = hand_record(self._rules, self.state, self._variant, self._overlays)
        return record


@dataclass
class MatchResult:
    first_dealer: int
    draws: list[list[tuple[int, str]]]
    hands: list[HandRecord] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    finished: bool = False


def hand_record(rules: Rules, state: State, variant: str | None = None, overlays: Sequence[str] = ()) -> dict[str, Any]:
    """The portable record of a finished (or running) hand.

    Our extensions of docs/hand-records.md (house rules stacked with --rule, the deal's
    number, counters) go under one `trickspec` key, which other readers ignore.
    """
    codec = rules.codec
    rec: dict[str, Any] = {"variant": variant or rules.name}
    ext: dict[str, Any] = {}
    if overlays:
        ext["rules"] = list(overlays)
    if rules.options:
        rec["options"] = dict(rules.options)
    rec["players"] = rules.players
    rec["dealer"] = state.dealer
    rec["hands"] = [[codec.to_str(c) for c in hand] for hand in state.dealt]
    if rules.upcard:
        rec["upcard"] = codec.to_str(state.upcard)
    rec["scores_before"] = list(state.scores_before)
    if state.deal_number > 1:
        ext["deal"] = state.deal_number
    if rules.counters:
        ext["counters_before"] = {name: list(v) for name, v in state.counters_before.items()}
    if ext:
        rec["trickspec"] = ext
    rec["actions"] = [codec.to_str(a) for _, a in state.history]
    return rec


def hand_scores(rules: Rules, state: State) -> tuple[list[int], list[int], Sequence[int]]:
    """A finished hand's scores after it, the scores the next hand starts from (the carry
    when it ended a game: `Rules.next_scores`) and the match's winners (none while it goes on).

    A played hand's are read off its scoring outcome (`State.outcome`, what `result()` builds
    the result object from), so a match that is not asked for the object never builds it; a
    hand that ended unplayed stored its object, which is read."""
    played = state.outcome
    if played is None:
        return scores_of(rules, state.result())
    delta, _, _, winners, game = played
    after = list(map(add, state.scores_before, delta))
    return after, list(dict(game)["next_scores"]) if game else after[:], winners


def scores_of(rules: Rules, result: dict[str, Any]) -> tuple[list[int], list[int], Sequence[int]]:
    """`hand_scores` as the hand's result object tells them: how a hand that ended unplayed is
    read, and the reference a played hand's shortcut is held to (tests/test_simulate_summary.py)."""
    return list(result["scores"]), rules.next_scores(result), result["winners"]


def play_match(
    rules: Rules,
    agents: Sequence[Agent],
    rng: random.Random,
    *,
    max_hands: int = 1000,
    variant: str | None = None,
    overlays: Sequence[str] = (),
    on_hand: Callable[[HandRecord], None] | None = None,
    first_dealer: int | None = None,
) -> MatchResult:
    """Play hands until somebody wins (or `max_hands` are dealt)."""
    if first_dealer is None:
        dealer, draws = rules.draw_first_dealer(rng)
    else:
        dealer, draws = first_dealer, []
    result = MatchResult(first_dealer=dealer, draws=draws, scores=rules.start_scores())
    overlays = tuple(overlays)  # (read when a hand's record is asked for: after the hand)
    counters = rules.start_counters()
    scores = result.scores
    among = [getattr(agent, "act_among", None) for agent in agents]  # (see Agent)
    for number in range(1, max_hands + 1):
        state = rules.deal(rng, dealer, scores, number, counters)
        while state.status is None:  # (not the `is_over` property: a call a decision)
            seat = state.turn
            choose = among[seat]
            if choose is None:
                state.apply(agents[seat].act(state, seat))
            else:
                legal = state.legal_actions()
                state.apply(legal[0] if len(legal) == 1 else choose(state, seat, legal))
        hand = HandRecord(rules, state, variant, overlays)
        result.hands.append(hand)
        after, scores, winners = hand_scores(rules, state)
        result.scores = after
        counters = state.counters
        if on_hand is not None:
            on_hand(hand)
        if winners:
            result.winners = list(winners)
            result.finished = True
            break
        dealer = state.next_dealer  # the next seat, or the same after a misdeal that says so
    return result
