"""`trickspec verify`: prove what can be proved about a spec, then watch it run.

Static checks (see `static`) reason over the compiled rules: loading errors,
the deal, card orders, bidding paths, scoring coverage and shadowed rows, and
whether the match can end. Dynamic checks (see `dynamic`) play random hands
through the `State` API with invariants at every step, and save any violation
as a replayable hand record. Findings are collected in a `Report`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .dynamic import run_dynamic
from .report import ERROR, WARNING, Finding, Report
from .static import run_static

__all__ = ["ERROR", "WARNING", "Finding", "Report", "verify"]

DEFAULT_HANDS = 2000


def verify(
    spec: str,
    options: dict[str, int] | None = None,
    rule_files: Sequence[str] = (),
    *,
    hands: int = DEFAULT_HANDS,
    seed: int = 0,
    out_dir: Path | str = ".",
) -> Report:
    """Verify one variant (a bundled name or a YAML path) with its `--rule` overlays and `--set` options.

    Dynamic hands run whenever the spec loads, even after static errors: the
    engine copes with an uncovered outcome (it scores nothing) or a path that
    redeals, and what the hands show may help to understand the static finding.
    """
    report = Report(variant=spec, spec=spec, seed=seed)
    loaded, facts = run_static(spec, dict(options or {}), rule_files, report)
    if loaded is None or facts is None or hands <= 0:
        return report
    run_dynamic(loaded, facts.quiet_rows, report, hands, seed, spec, rule_files, Path(out_dir))
    return report
