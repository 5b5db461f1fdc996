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
from typing import Any, Protocol

from .engine import State
from .rules import Rules


class Agent(Protocol):
    """Anything that picks an action for the seat to act.

    An agent may also offer `act_among(state, seat, legal) -> int`: the answer `act`
    would give, handed `legal`, the State's `legal_actions()` with two actions or more
    (the caller's list: read, not changed). Offering it declares that the agent answers a
    forced decision (one legal action) with that action and nothing else (no draw from
    its random source, no memory kept): `play_match` then plays a forced action without
    asking, and asks the others with the list it made (a rules-bots hand has about 8
    forced decisions of 25). Agents without it are asked by `act`, every decision."""

    def act(self, state: State, seat: int) -> int: ...


class HandRecord:
    """One played hand: its result, its finished State and the docs/hand-records.md input.

    The record (every card and action as text) is made from the State on the first ask
    and kept: `simulate` without --records or --csv never asks, and building it cost
    about 48k instructions a hand, 7% of a rules-bots hand (benchmarks/bots.py --table)."""

    __slots__ = ("result", "state", "_rules", "_variant", "_overlays", "_record")

    def __init__(
        self,
        rules: Rules,
        result: dict[str, Any],
        state: State,
        variant: str | None = None,
        overlays: Sequence[str] = (),
    ) -> None:
        self.result = result
        self.state = state
        self._rules = rules
        self._variant = variant
        self._overlays = overlays
        self._record: dict[str, Any] | None = None

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
        outcome = state.result()
        hand = HandRecord(rules, outcome, state, variant, overlays)
        result.hands.append(hand)
        result.scores = list(outcome["scores"])
        scores = rules.next_scores(outcome)  # a game that ended starts the next one from the carry
        counters = state.counters
        if on_hand is not None:
            on_hand(hand)
        if outcome["winners"]:
            result.winners = list(outcome["winners"])
            result.finished = True
            break
        dealer = state.next_dealer  # the next seat, or the same after a misdeal that says so
    return result
