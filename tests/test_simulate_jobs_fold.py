"""Statistics folded in the workers: batches' tallies merged in order equal one Stats folded hand by hand.

A pooled or Ray run has each worker fold its batch of matches into a `Tally` and the
parent merge the tallies; these tests hold that to the plain fold of every match in
order (`Stats.add_match`, what `benchmarks/bots.py` and the sequential run did before),
field by field — counters in the same order, the interval sums exact — on variants with
two, three and five sides, shared wins, duplicate rotations and kept records.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.cli import main
from interpreter.simulate import MatchOutcome, Setup, jobs_of, play_batch, play_one, rotations, team_of_side
from interpreter.simulate_intervals import ClusterRatio
from interpreter.simulate_stats import Stats, Tally
from interpreter.variants import load_rules

# (variant, options, bots, duplicate, matches): two sides, five sides with shared wins, three rotations
CASES = [
    ("euchre", (), ("rules", "random"), True, 6),
    ("call-ace", (("players", 5),), ("rules", "random"), False, 8),
    ("jucre-three-handed", (), ("rules", "random", "random"), True, 3),
    ("bid-euchre", (), ("random",), False, 3),
]


def fields(tally: Tally) -> dict[str, Any]:
    """Every count of a tally, counters as their items in order (that order reaches the JSON)."""
    out: dict[str, Any] = {}
    for name in vars(Tally(1)):
        value = getattr(tally, name)
        if isinstance(value, ClusterRatio):
            value = vars(value)
        elif isinstance(value, list) and value and isinstance(value[0], ClusterRatio):
            value = [vars(v) for v in value]
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            value = [list(v.items()) for v in value]
        elif isinstance(value, dict):
            value = list(value.items())
        out[name] = value
    return out


def played(case: tuple[Any, ...], keep: bool = False) -> tuple[Stats, list[MatchOutcome], list[tuple[int, ...]]]:
    """The reference: every match of a case played and folded one by one into a Stats."""
    variant, options, bots, duplicate, matches = case
    rules = load_rules(variant, dict(options))
    line_up = tuple(bots[s % len(bots)] for s in range(rules.players))
    setup = Setup(variant, options, (), line_up, seed=5, duplicate=duplicate, keep_records=keep)
    rots = rotations(rules, line_up, duplicate)
    teams = [team_of_side(rules, r) for r in rots]
    stats = Stats(rules, setup, len(rots))
    outcomes = []
    for index in range(matches):
        for rotation in rots:
            outcome = play_one(setup, index, rotation)
            stats.add_match(outcome, teams[rotation])
            outcomes.append(outcome)
    stats.stop()
    return stats, outcomes, teams


@cache
def reference(name: str) -> tuple[Stats, list[MatchOutcome], list[tuple[int, ...]]]:
    return played(next(case for case in CASES if case[0] == name))


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_played_batches_merged_equal_the_match_by_match_fold(case: tuple[Any, ...]) -> None:
    stats, outcomes, _ = reference(case[0])
    setup, rules = stats.setup, stats.rules
    merged = Stats(rules, setup, stats.n_rotations)
    jobs = list(jobs_of(case[4], rotations(rules, setup.bots, setup.duplicate)))
    back = []
    for start, stop in ((0, 1), (1, len(jobs) - 1), (len(jobs) - 1, len(jobs))):  # uneven batches
        batch = play_batch(setup, jobs[start:stop])
        assert batch.tally._cluster is None  # closed: every match of it is in the intervals
        merged.merge(batch.tally)
        back += batch.outcomes
    merged.stop()
    assert fields(merged) == fields(stats)
    assert merged.to_json() | {"hands_per_second": 0} == stats.to_json() | {"hands_per_second": 0}
    assert merged.report().split("\n", 1)[1] == stats.report().split("\n", 1)[1]  # the speed aside
    # the matches come back in order, without their hands (the run keeps no records), their count kept
    assert [(o.index, o.rotation, o.winners, o.n_hands) for o in back] == [
        (o.index, o.rotation, o.winners, len(o.hands)) for o in outcomes
    ]
    assert all(o.hands == [] for o in back)


def test_a_kept_record_run_gets_every_hand_back() -> None:
    case = CASES[0]
    stats, outcomes, _ = played(case, keep=True)
    jobs = list(jobs_of(case[4], rotations(stats.rules, stats.setup.bots, True)))
    merged = Stats(stats.rules, stats.setup, stats.n_rotations)
    back = []
    for start in range(0, len(jobs), 4):
        batch = play_batch(stats.setup, jobs[start : start + 4])
        merged.merge(batch.tally)
        back += batch.outcomes
    merged.stop()
    assert fields(merged) == fields(stats)
    assert [[(h.summary, h.result, h.record) for h in o.hands] for o in back] == [
        [(h.summary, h.result, h.record) for h in o.hands] for o in outcomes
    ]
    assert all(o.hands for o in back)


@settings(max_examples=40, deadline=None)
@given(case=st.sampled_from(CASES), cuts=st.lists(st.integers(0, 30), max_size=6))
def test_any_split_into_whole_matches_merges_to_the_same_figures(case: tuple[Any, ...], cuts: list[int]) -> None:
    stats, outcomes, teams = reference(case[0])
    per_match = stats.n_rotations
    matches = len(outcomes) // per_match
    bounds = sorted({0, matches, *(c % (matches + 1) for c in cuts)})
    merged = Stats(stats.rules, stats.setup, per_match)
    for lo, hi in zip(bounds, bounds[1:], strict=False):
        part = Tally(stats.rules.n_sides)
        for outcome in outcomes[lo * per_match : hi * per_match]:
            part.add_match(outcome, teams[outcome.rotation])
        part.close()
        merged.merge(part)
    merged.stop()
    assert fields(merged) == fields(stats)


def test_shares_of_shared_wins_are_exact() -> None:
    stats = reference("call-ace")[0]
    assert stats.shared_matches > 0  # the case has shared wins
    finished = stats.finished
    assert sum(stats.shares) == finished * stats.share_unit  # each finished match shared out whole
    assert sum(stats.win_share) == pytest.approx(finished)


def test_jobs_1_2_3_give_the_same_json_records_and_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "euchre", "--matches", "7", "--bots", "rules,random", "--duplicate", "--seed", "9"]
    outputs = []
    for jobs in (1, 2, 3):
        records, table = tmp_path / f"r{jobs}.jsonl", tmp_path / f"t{jobs}.csv"
        assert main([*argv, "--jobs", str(jobs), "--json", "--records", str(records), "--csv", str(table)]) == 0
        data = json.loads(capsys.readouterr().out)
        data.pop("hands_per_second")
        outputs.append((data, records.read_text(), table.read_text()))
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0][0]["matches"] == 14 and outputs[0][1].count("\n") == outputs[0][0]["hands"]
