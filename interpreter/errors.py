"""Errors a user can act on.

Every problem caused by input (a spec, a hand record, a command-line value) is
raised as a `TrickSpecError`; the CLI prints its `str()` and exits 1, so the text
must be complete on its own: where, what is wrong, what was expected.
"""

from __future__ import annotations


def format_location(file: str | None, line: int | None, column: int | None) -> str:
    """`file:line:column`, as far as each is known (the form editors jump to)."""
    where = file or "<spec>"
    if line is not None:
        where += f":{line}"
        if column is not None:
            where += f":{column}"
    return where


class TrickSpecError(Exception):
    """Bad input. `str(err)` is the whole message shown to the user."""


class SpecError(TrickSpecError):
    """A problem in a variant file, located at file:line:column."""

    def __init__(
        self,
        message: str,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        hint: str | None = None,
        path: tuple[str | int, ...] | None = None,
    ) -> None:
        self.message = message
        self.path = path  # the JSON path of the spec value at fault, where known
        self.file = file
        self.line = line
        self.column = column
        self.hint = hint
        super().__init__(self.__str__())

    def __str__(self) -> str:
        text = f"{format_location(self.file, self.line, self.column)}: {self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class RecordError(TrickSpecError):
    """A malformed or illegal hand record (HAND_RECORDS.md wording)."""
