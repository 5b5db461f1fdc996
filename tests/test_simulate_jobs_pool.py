"""`simulate --jobs N`'s workers (interpreter/simulate_pool.py): errors reach the parent, a dead worker is one line.

The pool feeds each worker through its own pipe and keeps no thread in the parent
(multiprocessing.Pool's handler threads cost the parent CPU the workers needed).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from interpreter.errors import TrickSpecError
from interpreter.simulate import MatchOutcome, Setup, simulate
from interpreter.simulate_pool import Workers
from interpreter.variants import load_rules

ROOT = Path(__file__).resolve().parent.parent
EUCHRE = Setup("euchre", (), (), ("rules", "random", "rules", "random"), seed=3)


def test_an_error_in_a_worker_is_raised_in_the_parent() -> None:
    workers = Workers(Setup("no-such-variant", (), (), ("random",) * 4, seed=0), 2)
    try:
        ticket = workers.submit([(0, (0,))])
        with pytest.raises(TrickSpecError, match="no-such-variant"):
            workers.get(ticket)
    finally:
        workers.terminate()


def test_a_worker_that_dies_is_reported_not_waited_for() -> None:
    workers = Workers(EUCHRE, 1)
    try:
        os.kill(workers.procs[0].pid, signal.SIGKILL)
        workers.procs[0].join()
        with pytest.raises(TrickSpecError, match="worker process ended unexpectedly"):
            workers.get(workers.submit([(0, (0,))]))
    finally:
        workers.terminate()


def test_batches_come_back_in_order_from_both_workers_and_the_parent_runs_no_thread() -> None:
    threads: list[int] = []
    seen: list[int] = []

    def on_match(outcome: MatchOutcome) -> None:
        threads.append(threading.active_count())
        seen.append(outcome.index)

    before = threading.active_count()
    stats = simulate(load_rules("euchre"), EUCHRE, 40, jobs=2, on_match=on_match)
    assert seen == list(range(40)) and stats.matches == 40
    assert set(threads) == {before}  # no handler thread next to the parent's own


_ORPHANED = """
import sys, time
from interpreter.simulate import Setup
from interpreter.simulate_pool import Workers
workers = Workers(Setup("euchre", (), (), ("random",) * 4, seed=0), 2)
workers.submit([(i, (0,)) for i in range(3)])
print(*(p.pid for p in workers.procs), flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped counts as gone)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            return not any(line.startswith("State:") and "Z" in line.split()[1] for line in status)
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc to follow the workers")
def test_workers_leave_when_the_parent_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", _ORPHANED], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert parent.stdout is not None
    pids = [int(p) for p in parent.stdout.readline().split()]
    assert len(pids) == 2 and all(map(_alive, pids))
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 20
    while any(map(_alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in pids if _alive(pid)]
    for pid in left:  # leave no orphan behind when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left  # each read the end of its pipe: none waits for ever
