"""Profiles of the in-repo fuzzer (docs/limits.md; issue 15).

The default run keeps the fuzzer short (a few dozen cases a target, well under
a minute); the long run is by hand:

    python -m pytest tests/fuzz --hypothesis-profile=long

and prints the counts (cases, crashes, hangs) at the end of the run.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from .harness import LONG_EXAMPLES, STATS

settings.register_profile(
    "long",
    max_examples=LONG_EXAMPLES,
    deadline=None,  # the harness's own alarm judges hangs; a loaded machine must not fail a slow case
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if STATS.cases:
        terminalreporter.write_line(STATS.summary())
