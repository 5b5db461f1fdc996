"""Many bot matches of a variant, played so that a seed fixes every result.

Every match gets its own seed, derived from the run's seed and the match's
number alone, so the results are the same whether the matches run one after
another, in a pool of processes (`jobs`) or on a Ray cluster, and a single
match can be told apart and reproduced. A pooled or Ray run sends out batches of
whole matches; a worker plays a batch and folds its statistics itself into a
`Tally` (interpreter.simulate_stats), which comes back with the matches (without
their hands, unless the run keeps records), and the parent merges the tallies in
match order: the same figures as folding every hand in order, while the parent,
which shares the cores with the workers, does next to nothing per hand.

Duplicate mode plays each match's deals again with the bots moved one seat on
(as many times as it takes for the line-up to come round), so that every team
holds every hand once and the luck of the cards cancels out of a comparison.
A match's deals depend only on its seed: the deal stream is used for nothing
else, so hand k of every rotation is dealt the same cards by the same dealer.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, NamedTuple

from .agents import draws, make_agent
from .engine import State
from .errors import TrickSpecError
from .match import HandRecord, play_match
from .rules import Rules
from .simulate_stats import Stats, Tally


@dataclass(frozen=True)
class Setup:
    """Everything a worker needs to rebuild the rules and play any match: plain, picklable data."""

    variant: str  # as given to load_rules: a bundled name or a spec path
    options: tuple[tuple[str, int], ...]
    overlays: tuple[str, ...]
    bots: tuple[str, ...]  # one bot spec per seat
    seed: int
    duplicate: bool = False
    max_hands: int = 1000
    keep_records: bool = False  # send each hand's record back (for --records and --csv)
    record_variant: str | None = None  # the `variant` written into hand records
    record_overlays: tuple[str, ...] = ()


class HandOutcome(NamedTuple):
    """One hand as `Stats` and the data files need it.

    Every hand of a pooled run is sent from a worker to the parent, which unpickles and folds
    them alone while the workers play: so a hand travels as the flat `summary` Stats reads
    (see `summarize`), and its whole result and record only when the run keeps records."""

    summary: tuple[Any, ...]
    result: dict[str, Any] | None = None  # only with Setup.keep_records
    record: dict[str, Any] | None = None  # only with Setup.keep_records

    @property
    def row(self) -> str:
        """The id of the scoring row that applied ("" for a redeal)."""
        return str(self.summary[2])


def summarize(state: State) -> tuple[Any, ...]:
    """What `Stats` reads of a finished hand: (redeal, trump, row, maker, alone, seats out, delta,
    tricks), as its result object (`State.result`) tells them.

    `row` is the id of the scoring row that applied ("" for a redeal); `alone` and `seats
    out` are whether there were any. A played hand's are read off the State and its scoring
    outcome (the object's sources: `Rules.played_result`), so a run that keeps no records
    never builds the object; a hand that ended unplayed stored its object, which is read."""
    played = state.outcome
    if played is None:
        return summary_of(state, state.result())
    maker = state.maker
    return (
        False,
        state.rules.contracts[state.contract].name,
        state.scored_by,
        None if maker < 0 else maker,
        bool(state.alone),
        True in state.out,
        played.delta,
        tuple(state.tricks),
    )


def summary_of(state: State, result: dict[str, Any]) -> tuple[Any, ...]:
    """`summarize`'s tuple as the hand's result object tells it: how a hand that ended
    unplayed is summed up, and the reference a played hand's shortcut is held to
    (tests/test_simulate_summary.py)."""
    if result["status"] == "redeal":
        return (True, None, state.scored_by, None, False, False, (), ())
    return (
        False,
        result["trump"],
        state.scored_by,
        result["maker"],
        bool(result["alone"]),
        bool(result["out"]),
        tuple(result["delta"]),
        tuple(result["tricks"]),
    )


@dataclass
class MatchOutcome:
    index: int  # the match's number, 0-based
    rotation: int  # seats the bots were moved on (always 0 outside duplicate mode)
    seed: int  # the match's own seed
    finished: bool
    winners: list[int]  # sides
    hands: list[HandOutcome] = field(default_factory=list)  # emptied by a batch of a run keeping no records
    hand_count: int | None = None  # the hands played, once `hands` was emptied

    @property
    def n_hands(self) -> int:
        """The hands the match took (whether or not they are still here)."""
        return len(self.hands) if self.hand_count is None else self.hand_count


_RULES: dict[tuple[str, tuple[tuple[str, int], ...], tuple[str, ...]], Rules] = {}


def rules_for(setup: Setup) -> Rules:
    """The compiled rules of a setup, compiled once per process."""
    from .variants import load_rules

    key = (setup.variant, setup.options, setup.overlays)
    if key not in _RULES:
        _RULES[key] = load_rules(setup.variant, dict(setup.options), list(setup.overlays))
    return _RULES[key]


def match_seed(seed: int, index: int) -> int:
    """A match's seed: from the run's seed and the match's number only (a string seed is hashed with SHA-512)."""
    return random.Random(f"trickspec-simulate:{seed}:{index}").getrandbits(64)


def seat_bots(bots: Sequence[str], rotation: int) -> list[str]:
    """The line-up moved `rotation` seats on: seat q gets the bot of seat q - rotation."""
    n = len(bots)
    return [bots[(q - rotation) % n] for q in range(n)]


def rotations(rules: Rules, bots: Sequence[str], duplicate: bool) -> list[int]:
    """The rotations each match is played in: [0], or in duplicate mode until the line-up comes round."""
    if not duplicate:
        return [0]
    period = next(r for r in range(1, rules.players + 1) if seat_bots(bots, r) == list(bots))
    if period == 1:
        raise TrickSpecError("--duplicate: every seat has the same bot, so swapping sides changes nothing")
    return list(range(period))


def team_of_side(rules: Rules, rotation: int) -> tuple[int, ...]:
    """Which team (a side of the unrotated line-up) plays each side in this rotation.

    Moving the bots one seat on must carry whole sides onto whole sides; seating
    where it does not (sides that are not evenly interleaved) has no duplicate."""
    n = rules.players
    teams = []
    for seats in rules.side_seats:
        owners = {rules.side_of[(q - rotation) % n] for q in seats}
        if len(owners) != 1:
            raise TrickSpecError(
                f"--duplicate: in {rules.name} moving the bots {rotation} seat(s) on splits a side, "
                "so the sides cannot be swapped"
            )
        teams.append(owners.pop())
    return tuple(teams)


_LINEUPS: dict[tuple[tuple[str, ...], int], tuple[list[str], bool]] = {}  # (bots, rotation) -> seats' bots, any draws


def play_one(setup: Setup, index: int, rotation: int) -> MatchOutcome:
    """Play match `index` in `rotation`: the same deals in every rotation, its own bots' random streams."""
    rules = rules_for(setup)
    seed = match_seed(setup.seed, index)
    lineup = _LINEUPS.get((setup.bots, rotation))
    if lineup is None:  # (read once a run: each spec's parse costs a few thousand instructions a match)
        kinds = seat_bots(setup.bots, rotation)
        lineup = _LINEUPS[(setup.bots, rotation)] = (kinds, any(map(draws, kinds)))
    kinds, any_draws = lineup
    if any_draws:
        # each bot's random source from its seed (drawn for every seat in turn, whether the bot draws or not)
        bot_rng = random.Random(f"{seed}:{rotation}")
        agents = [make_agent(kind, seed=bot_rng.getrandbits(64)) for kind in kinds]
    else:  # no bot draws: no seeds are needed (the source of them costs ~44k instructions a match)
        agents = [make_agent(kind, seed=0) for kind in kinds]
    outcome = MatchOutcome(index, rotation, seed, False, [])
    keep = setup.keep_records

    def on_hand(hand: HandRecord) -> None:
        summary = summarize(hand.state)
        outcome.hands.append(HandOutcome(summary, hand.result, hand.record) if keep else HandOutcome(summary))

    result = play_match(
        rules,
        agents,
        random.Random(seed),
        max_hands=setup.max_hands,
        variant=setup.record_variant,
        overlays=setup.record_overlays,
        on_hand=on_hand,
    )
    outcome.finished = result.finished
    outcome.winners = list(result.winners)
    return outcome


Job = tuple[int, tuple[int, ...]]  # a match and every rotation it is played in: one cluster, never split


def jobs_of(matches: int, rots: Sequence[int]) -> Iterator[Job]:
    """A job a match (with all its rotations), in the order results are folded: lazily, for runs of any length."""
    rotations = tuple(rots)
    for index in range(matches):
        yield index, rotations


class Batch(NamedTuple):
    """What a batch of jobs gives back: its statistics folded, and its matches in order.

    The matches come without their hands unless the run keeps records (for --records
    and --csv): a parent merging tallies has no use for them, and sending every hand
    back cost the parent more than folding the counts costs a worker."""

    tally: Tally
    outcomes: list[MatchOutcome]


def play_batch(setup: Setup, jobs: Sequence[Job], tally: Tally | None = None) -> Batch:
    """Play some jobs in order and fold them: into `tally` (left open), or a new tally (closed).

    The one code path of every backend: a pool's or a Ray worker's batch, and a run on
    one core (which folds straight into its `Stats`)."""
    rules = rules_for(setup)
    fold = Tally(rules.n_sides) if tally is None else tally
    teams: dict[int, tuple[int, ...]] = {}
    outcomes = []
    for index, rots in jobs:
        for rotation in rots:
            outcome = play_one(setup, index, rotation)
            team = teams.get(rotation)
            if team is None:
                team = teams[rotation] = team_of_side(rules, rotation)
            fold.add_match(outcome, team)
            if not setup.keep_records:
                outcome.hand_count = len(outcome.hands)
                outcome.hands = []
            outcomes.append(outcome)
    if tally is None:
        fold.close()
    return Batch(fold, outcomes)


# ------------------------------------------------------------------ batches in order
def in_order(
    submit: Callable[[list[Any]], Any],
    get: Callable[[Any], Batch],
    jobs: Iterable[Any],
    batch: int,
    window: int,
    total: int = 0,
) -> Iterator[Batch]:
    """Jobs sent out in batches, at most `window` batches in flight, the batches' results yielded in job order.

    The bound keeps memory flat for runs of any length (a pool's `imap` would
    queue every job at once). Knowing the `total` number of jobs, the batches
    shrink towards the end of the run (to a share of the jobs left, down to one
    job): the workers then finish together instead of one playing a whole last
    batch while the others wait."""
    pending: deque[Any] = deque()
    source = iter(jobs)
    left = total
    while True:
        while len(pending) < window:
            size = batch if not total else max(1, min(batch, left // (2 * window)))
            chunk = list(islice(source, size))
            left -= len(chunk)
            if not chunk:
                break
            pending.append(submit(chunk))
        if not pending:
            return
        yield get(pending.popleft())


# ------------------------------------------------------------------ the run
def simulate(
    rules: Rules,
    setup: Setup,
    matches: int,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_match: Callable[[MatchOutcome], None] | None = None,
) -> Stats:
    """Play `matches` matches (each in every rotation in duplicate mode) and fold their statistics."""
    rots = rotations(rules, setup.bots, setup.duplicate)
    for r in rots:
        team_of_side(rules, r)  # a duplicate that would split a side is refused before any match
    # The caller compiled the setup's rules already: a forked worker inherits them instead of
    # compiling them again before its first match.
    _RULES.setdefault((setup.variant, setup.options, setup.overlays), rules)
    stats = Stats(rules, setup, len(rots))
    work = jobs_of(matches, rots)
    batches: Iterable[Batch]
    if backend == "ray":
        from .simulate_ray import run_ray

        batches = run_ray(setup, work, address, matches)
    elif jobs > 1:
        from .simulate_pool import run_local

        batches = run_local(setup, work, jobs, matches)
    else:  # one core: each match folded straight into the run's Stats
        batches = (play_batch(setup, [job], stats) for job in work)
    stats.start()
    for batch in batches:
        if batch.tally is not stats:
            stats.merge(batch.tally)
        if on_match is not None:
            for outcome in batch.outcomes:
                on_match(outcome)
    stats.stop()
    return stats
