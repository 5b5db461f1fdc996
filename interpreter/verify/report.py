"""Findings of `trickspec verify` and the two ways they are shown.

A finding is meant to be acted on by a spec author: it says where (the file
that wrote that part of the merged spec, with line and column when known), what
is wrong, and how to fix it. The text form follows compilers
(`file:line:col: error: message`) so that editors can jump to it; the JSON form
carries the same fields for tools.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import format_location

ERROR = "error"
WARNING = "warning"


class Locator(Protocol):
    """What a merged spec document offers for pointing at a part of it."""

    @property
    def file(self) -> str: ...

    def locate(self, path: Sequence[str | int]) -> tuple[int | None, int | None]: ...

    def file_at(self, path: Sequence[str | int]) -> str: ...


@dataclass(frozen=True)
class Finding:
    """One problem (error) or doubt (warning), with where and a fix hint."""

    severity: str
    message: str
    hint: str | None = None
    file: str | None = None
    line: int | None = None
    column: int | None = None
    check: str = ""

    def where(self) -> str:
        return format_location(self.file, self.line, self.column)

    def text(self) -> str:
        """`file:line:col: error: message`, the hint on an indented second line."""
        out = f"{self.where()}: {self.severity}: {self.message}"
        if self.hint:
            out += f"\n  hint: {self.hint}"
        return out

    def spec_text(self) -> str:
        """The same words as a SpecError's text (no severity): what `validate` would print."""
        out = f"{self.where()}: {self.message}"
        if self.hint:
            out += f"\n  hint: {self.hint}"
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "severity": self.severity,
            "check": self.check,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "message": self.message,
            "hint": self.hint,
        }


def located(
    doc: Locator | None,
    path: Sequence[str | int],
    severity: str,
    message: str,
    hint: str | None = None,
    check: str = "",
    fallback_file: str | None = None,
) -> Finding:
    """A finding pointing at `path` of the merged document (the overlay that wrote it)."""
    if doc is None:
        return Finding(severity, message, hint, fallback_file, None, None, check)
    line, column = doc.locate(path)
    return Finding(severity, message, hint, doc.file_at(path), line, column, check)


@dataclass
class Report:
    """Everything one `verify` run found, and how much it looked at."""

    variant: str
    spec: str
    findings: list[Finding] = field(default_factory=list)
    static_checks: int = 0
    hands: int = 0
    seed: int | None = None
    failure_records: list[str] = field(default_factory=list)

    def add(self, finding: Finding) -> None:
        if finding not in self.findings:  # the same problem seen under two option values is one finding
            self.findings.append(finding)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity == WARNING)

    @property
    def ok(self) -> bool:
        return self.errors == 0

    def summary(self) -> str:
        return (
            f"verify: {self.variant}: {_count(self.errors, 'error')}, {_count(self.warnings, 'warning')} "
            f"(static checks: {self.static_checks}; dynamic: {self.hands} hands)"
        )

    def text(self) -> str:
        """Errors first, then warnings, each in the order found; the summary last."""
        ordered = [f for f in self.findings if f.severity == ERROR] + [f for f in self.findings if f.severity != ERROR]
        return "\n".join([*(f.text() for f in ordered), self.summary()])

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "spec": self.spec,
            "ok": self.ok,
            "errors": self.errors,
            "warnings": self.warnings,
            "static_checks": self.static_checks,
            "hands": self.hands,
            "seed": self.seed,
            "failure_records": list(self.failure_records),
            "findings": [f.to_json() for f in self.findings],
        }


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
