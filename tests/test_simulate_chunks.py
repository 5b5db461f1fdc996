"""How a pooled simulate hands out its matches: in order, bounded, and in smaller batches at the end."""

from __future__ import annotations

from typing import Any

from interpreter.simulate import Batch, MatchOutcome, in_order
from interpreter.simulate_stats import Tally


def run(jobs: int, batch: int, window: int, total: int) -> tuple[list[int], list[int]]:
    """Feed `jobs` jobs through in_order with a submit that plays at once; (batch sizes, jobs in fold order)."""
    sizes: list[int] = []

    def submit(chunk: list[tuple[int, int]]) -> Batch:
        sizes.append(len(chunk))
        return Batch(Tally(2), [MatchOutcome(index, rotation, 0, True, []) for index, rotation in chunk])

    def get(pending: Any) -> Batch:
        assert isinstance(pending, Batch)
        return pending

    batches = in_order(submit, get, ((i, 0) for i in range(jobs)), batch, window, total)
    folded = [o.index for b in batches for o in b.outcomes]
    return sizes, folded


def test_batches_shrink_towards_the_end_and_every_job_comes_back_once_in_order() -> None:
    sizes, folded = run(1000, 16, 8, 1000)
    assert folded == list(range(1000))
    assert sizes[0] == 16 and sizes[-1] == 1
    assert sizes == sorted(sizes, reverse=True)  # never larger again
    assert sum(1 for s in sizes if s < 16) >= 16  # the tail is spread over many small batches


def test_without_a_total_the_batches_stay_whole() -> None:
    sizes, folded = run(100, 16, 8, 0)
    assert folded == list(range(100))
    assert sizes == [16] * 6 + [4]


def test_a_run_shorter_than_a_batch() -> None:
    for jobs in (1, 2, 7):
        sizes, folded = run(jobs, 16, 8, jobs)
        assert folded == list(range(jobs)) and sum(sizes) == jobs and max(sizes) == 1
