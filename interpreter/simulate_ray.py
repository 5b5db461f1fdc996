"""`simulate --backend ray`: the matches spread over a Ray cluster (the optional extra `[cluster]`).

The work is the same as with a local pool — `simulate.play_batch` on whole
matches whose seeds come from the run's seed alone, each batch folded into a
`Tally` by the worker — and the batches are merged in job order, so the output
is identical to a run on one core. Jobs go out in
batches (a remote call has a cost) with a bounded number in flight, so a run of
any length keeps the driver's memory flat.

Without `--address` a Ray instance is started on this machine for the run and
stopped after it; with `--address auto` (or `ray://HOST:10001`) the run joins a
cluster started beforehand (docs/simulate.md says how). Every node needs
trickspec installed, the same version as the driver.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .errors import TrickSpecError
from .simulate import Batch, Job, Setup, in_order, play_batch

BATCH = 8  # matches a remote call plays (each in all its rotations)


def check_ray() -> None:
    """Ray is there, or one line saying how to get it (checked before any match is played)."""
    try:
        import ray  # noqa: F401
    except ImportError:
        raise TrickSpecError(
            "--backend ray needs Ray, an optional extra: pip install 'trickspec[cluster]' "
            "(from a clone: pip install -e '.[cluster]')"
        ) from None


def _reachable(address: str, seconds: float = 5.0) -> None:
    """A HOST:PORT address answers, or one line now (Ray itself would retry for minutes)."""
    import socket

    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return  # `auto` and other forms: Ray resolves them, and fails at once when there is nothing
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=seconds).close()
    except OSError as err:
        raise TrickSpecError(
            f"--address {address}: no Ray cluster answers there ({err.strerror or err}); "
            "start one with `ray start --head` (docs/simulate.md)"
        ) from None


def run_ray(setup: Setup, jobs: Iterable[Job], address: str | None, total: int) -> Iterator[Batch]:
    """Batches in job order, played and folded by Ray workers (`simulate.play_batch`, as a pool's workers do)."""
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {"address": address, "log_to_driver": False, "logging_level": "ERROR"}
        if address is None:
            options["include_dashboard"] = False
        else:
            _reachable(address)
        try:
            ray.init(**options)
        except (ConnectionError, RuntimeError, ValueError) as err:
            where = f"the Ray cluster at {address}" if address else "a local Ray instance"
            raise TrickSpecError(f"--backend ray: cannot start or reach {where}: {err}") from None
    try:
        remote = ray.remote(play_batch)
        shared = ray.put(setup)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        window = max(2, 2 * cpus)
        yield from in_order(lambda batch: remote.remote(shared, batch), ray.get, jobs, BATCH, window, total)
    finally:
        if started_here:
            ray.shutdown()
