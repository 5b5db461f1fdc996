"""Match equity: each side's chance to win the match from given scores, for any spec.

A search bot that sums a hand's points plays every hand as if it were the
first of the match. The match is what is won, though: at 9 to 6 a euchre
costs the match where at 0 to 0 it costs two points, and a march that takes
the side from 8 to 10 is worth no more than a single point. `MatchEquity`
answers "from these scores (and counters), how likely is each side to win the
match?", so that a world's outcome can be judged by the match it leaves.

How, without knowing the variant: `HANDS` hands are dealt and played by the
rule bot from the start of a match; each is a sample of what a hand does.
From scores `s`, a sampled hand is scored again as if it had been played at
`s` -- by the spec's own scoring rows and match end (`Rules.score_hand`) --
which tells whether it ends the match (and who wins) or which scores it leads
to. A side's equity at `s` is the mean over the sampled hands of 1 (it wins),
0 (another side wins; a shared win is split) or its equity at the scores the
hand leads to (a small recursion, remembered per scores). Target, direction
(lower-is-better games), match-end conditions that read the hand (a bid made),
games and their carry all come from the spec that way.

Hands whose scoring reads the same values are scored once (grouped, weighted).
When the scores can come back to where they were (points taken away: a set
bid, five-hundred's minus side), or too many score states are reachable, the
recursion cannot settle: `MatchEquity.build` answers None and the bot keeps to
points. One table per compiled spec and process (`equity_for`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .rule_bot import RuleBot

if TYPE_CHECKING:
    from ..engine import State
    from ..rules import Rules

HANDS = 240  # sampled hands a table is built from (HANDS / players deals, each from every seat)
SAMPLE_SEED = 20261201  # the sample is the same in every process: a bot's choices are repeatable
MAX_STATES = 1500  # score states a table may hold; more, and the spec keeps to points
MAX_HAND_ACTIONS = 2000  # a sampled hand that has not ended after this many actions is dropped

ScoreKey = tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...]]


class Unsettled(Exception):
    """The equity recursion met scores it is still computing (a cycle) or too many states."""


def score_key(scores: list[int], counters: dict[str, list[int]]) -> ScoreKey:
    """What the match's future depends on, hashable: the scores and the counters."""
    return tuple(scores), tuple((name, tuple(v)) for name, v in counters.items())


def unkey(key: ScoreKey) -> tuple[list[int], dict[str, list[int]]]:
    """The scores and counters of `key` (score_key's inverse), as fresh lists."""
    return list(key[0]), {name: list(v) for name, v in key[1]}


class MatchEquity:
    """Per side, the chance to win the match from a score state (`value`)."""

    def __init__(self, rules: Rules, hands: list[tuple[State, float]], settled: int) -> None:
        self.rules = rules
        self.hands = hands  # (a finished sampled hand, its weight: how many sampled hands score like it)
        self.settled = settled  # sampled hands that did not leave the scores where they were
        self.memo: dict[ScoreKey, tuple[float, ...]] = {}
        self._open: set[ScoreKey] = set()
        self._ends: dict[ScoreKey, bool] = {}

    @classmethod
    def build(cls, rules: Rules, n_hands: int = HANDS, seed: int = SAMPLE_SEED) -> MatchEquity | None:
        """A table from `n_hands` rule-bot hands, or None when the spec's match cannot be settled."""
        rng = random.Random(seed)
        bot = RuleBot()
        groups: dict[Any, list[Any]] = {}
        start = rules.start_scores()
        counters = rules.start_counters()
        n = rules.players
        for _ in range(max(1, n_hands // n)):
            base = rules.deal(rng, rng.randrange(n), start, 1, counters)
            upcard = None if base.upcard < 0 else base.upcard
            for turn in range(n):  # the deal from every seat: no side is luckier in the sample
                dealt = [list(base.dealt[(s - turn) % n]) for s in range(n)]
                st = rules.new_hand((base.dealer + turn) % n, dealt, upcard, start, 1, counters)
                for _ in range(MAX_HAND_ACTIONS):
                    if st.is_over:
                        break
                    st.apply(bot.act(st, st.turn))
                if not st.is_over or st.status != "complete":
                    continue  # a redeal (or an unplayed hand) leaves the scores: it only delays the match
                sign = rules.hand_signature(st)
                if sign in groups:
                    groups[sign][1] += 1.0
                else:
                    groups[sign] = [st, 1.0]
        hands = [(st, weight) for st, weight in groups.values()]
        if not hands:
            return None
        table = cls(rules, hands, n_hands)
        try:
            table.value(score_key(start, counters))
        except (Unsettled, RecursionError):
            return None
        return table

    def value(self, key: ScoreKey) -> tuple[float, ...]:
        """Each side's chance to win the match from the scores and counters in `key`."""
        got = self.memo.get(key)
        if got is not None:
            return got
        if key in self._open or len(self.memo) + len(self._open) > MAX_STATES:
            raise Unsettled(key)
        self._open.add(key)
        try:
            got = self._expand(key)
        finally:
            self._open.discard(key)
        self.memo[key] = got
        return got

    def _expand(self, key: ScoreKey) -> tuple[float, ...]:
        rules = self.rules
        n_sides = rules.n_sides
        scores, counters = unkey(key)
        acc = [0.0] * n_sides
        weight_sum = 0.0
        for st, weight in self.hands:
            result, after = rescore(rules, st, scores, counters)
            winners = result["winners"]
            if winners:
                share = weight / len(winners)
                for side in winners:
                    acc[side] += share
            else:
                nxt = score_key(rules.next_scores(result), after)
                if nxt == key:
                    continue  # a hand that changes nothing only delays the match
                for side, v in enumerate(self.value(nxt)):
                    acc[side] += weight * v
            weight_sum += weight
        if weight_sum == 0:
            return tuple([1.0 / n_sides] * n_sides)
        return tuple(a / weight_sum for a in acc)

    def may_end(self, st: State) -> bool:
        """Can the hand being played end the match (does some sampled hand end it from its scores)?"""
        key = score_key(st.scores_before, st.counters_before)
        got = self._ends.get(key)
        if got is None:
            scores, counters = unkey(key)
            got = self._ends[key] = any(rescore(self.rules, h, scores, counters)[0]["winners"] for h, _ in self.hands)
        return got

    def after(self, st: State, side: int) -> float:
        """`side`'s chance to win the match once the finished hand `st` is scored."""
        result = st.result()
        winners = result["winners"]
        if winners:
            return 1.0 / len(winners) if side in winners else 0.0
        key = score_key(self.rules.next_scores(result), st.counters)
        try:
            return self.value(key)[side]
        except (Unsettled, RecursionError):
            return 1.0 / self.rules.n_sides  # scores the start never leads to: no opinion


def rescore(
    rules: Rules, st: State, scores: list[int], counters: dict[str, list[int]]
) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """The finished hand `st` scored as if it had started from `scores` and `counters`:
    its result and the counters after it. `st` is left as it was."""
    kept = st.scores_before, st.counters_before
    st.scores_before, st.counters_before = scores, counters
    try:
        outcome = rules.score_hand(st)
    finally:
        st.scores_before, st.counters_before = kept
    return outcome.result, outcome.counters if outcome.counters is not None else counters


_TABLES: dict[int, tuple[Rules, MatchEquity | None]] = {}


def equity_for(rules: Rules, build: Callable[[Rules], MatchEquity | None] = MatchEquity.build) -> MatchEquity | None:
    """The table of a compiled spec, built on first use and kept for the process."""
    got = _TABLES.get(id(rules))
    if got is None or got[0] is not rules:
        got = _TABLES[id(rules)] = (rules, build(rules))
    return got[1]
