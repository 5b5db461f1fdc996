"""`simulate --jobs N`: N worker processes, each fed batches of matches through its own pipe.

Not `multiprocessing.Pool`: its worker-handler thread wakes on every result that
reaches the shared result queue and polls until the result thread has read it,
which cost the parent ~0.14 ms of CPU a match (rules bots, 1,000 matches: 0.144 s
against ~0.02 s of unpickling and merging) -- CPU taken from the two cores the
workers play on. Here the parent has no thread at all: it writes a batch to a
worker that has fewer than two (one playing, one waiting in its pipe), and sleeps in
`multiprocessing.connection.wait` until a worker answers. A worker that dies is
noticed at once (its pipe closes) instead of leaving its batch unanswered.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections import deque
from collections.abc import Iterable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any

from .errors import TrickSpecError
from .simulate import Batch, Job, Setup, in_order, play_batch

QUEUED = 2  # batches a worker holds: the one it plays and the next, so it never waits for the parent


class _Failed:
    """A batch that raised in a worker: the exception, re-raised in the parent."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


def _work(setup: Setup, conn: Connection, inherited: tuple[Connection, ...]) -> None:
    """A worker: batches until told to stop (the run's rules are inherited when forked, else compiled once).

    It drops the signal handlers inherited from the CLI (SIGTERM raising SystemExit),
    so that the parent can end it wherever it is, and ignores Ctrl-C, which is the
    parent's to handle. It closes the parent's ends of the workers forked before it
    (a fork inherits them): the parent's ends must close when the parent dies, so that
    every worker reads the end of its pipe and leaves instead of waiting for ever."""
    for other in inherited:
        other.close()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            jobs = conn.recv()
        except EOFError:  # the parent is gone
            return
        if jobs is None:
            return
        try:
            answer: Batch | _Failed = play_batch(setup, jobs)
        except Exception as err:  # sent to the parent, which raises it
            answer = _Failed(err)
        try:
            conn.send(answer)
        except OSError:  # the parent is gone
            return
        except Exception as err:  # an exception that does not pickle: its text does
            conn.send(_Failed(RuntimeError(f"{type(err).__name__}: {err}")))


class Workers:
    """N processes, each with a pipe; batches handed to whichever has room, answers kept by ticket."""

    def __init__(self, setup: Setup, n: int) -> None:
        ctx = multiprocessing.get_context()
        self.procs: list[Any] = []
        self.conns: list[Connection] = []
        for _ in range(n):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_work, args=(setup, theirs, (*self.conns, mine)), daemon=True)
            proc.start()
            theirs.close()  # the worker's end lives in the worker only: its death closes the pipe
            self.procs.append(proc)
            self.conns.append(mine)
        self.held: list[deque[int]] = [deque() for _ in range(n)]  # tickets each worker holds, in order
        self.unsent: deque[tuple[int, list[Job]]] = deque()
        self.answers: dict[int, Batch] = {}
        self.tickets = 0

    def submit(self, jobs: list[Job]) -> int:
        ticket = self.tickets
        self.tickets += 1
        self.unsent.append((ticket, jobs))
        self._hand_out()
        return ticket

    def _hand_out(self) -> None:
        for worker, held in enumerate(self.held):
            while self.unsent and len(held) < QUEUED:
                ticket, jobs = self.unsent.popleft()
                try:
                    self.conns[worker].send(jobs)
                except OSError:  # its end is closed: it died
                    raise self._lost(worker) from None
                held.append(ticket)

    def get(self, ticket: int) -> Batch:
        """The answer of a batch, waiting for it (and taking in the others' answers meanwhile)."""
        while ticket not in self.answers:
            busy = [self.conns[w] for w, held in enumerate(self.held) if held]
            for conn in wait(busy):
                assert isinstance(conn, Connection)
                worker = self.conns.index(conn)
                try:
                    answer = conn.recv()
                except (EOFError, OSError):
                    raise self._lost(worker) from None
                if isinstance(answer, _Failed):
                    raise answer.error
                self.answers[self.held[worker].popleft()] = answer
            self._hand_out()
        return self.answers.pop(ticket)

    def _lost(self, worker: int) -> TrickSpecError:
        proc = self.procs[worker]
        proc.join(1)
        return TrickSpecError(f"--jobs: a worker process ended unexpectedly (exit code {proc.exitcode})")

    def close(self) -> None:
        """Let the workers leave on their own (a finished run)."""
        for conn in self.conns:
            conn.send(None)
        for proc in self.procs:
            proc.join()

    def terminate(self) -> None:
        """End the workers at once (an interrupted or failed run)."""
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            proc.join()


def run_local(setup: Setup, jobs: Iterable[Job], n_jobs: int, total: int) -> Iterator[Batch]:
    """Batches in job order from `n_jobs` worker processes (at most 16 matches a batch, fewer at the end)."""
    batch = max(1, min(16, total // (n_jobs * 8)))
    workers = Workers(setup, n_jobs)
    finished = False
    try:
        yield from in_order(workers.submit, workers.get, jobs, batch, 4 * n_jobs, total)
        finished = True
    finally:
        if finished:
            workers.close()
        else:
            workers.terminate()
        for conn in workers.conns:
            conn.close()
