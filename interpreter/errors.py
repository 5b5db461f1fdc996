"""Errors a user can act on.

Every problem caused by input (a spec, a hand record, a command-line value) is
raised as a `TrickSpecError`; the CLI prints its `str()` and exits 1, so the text
must be complete on its own: where, what is wrong, what was expected.
"""

from __future__ import annotations

import re

# Characters that would break "one line" or move a terminal's cursor: C0/C1 controls and
# the Unicode line and paragraph separators. Input may hold them; messages show them escaped.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def printable(text: str, keep_newlines: bool = False) -> str:
    """`text` with control characters written as escapes (`\\r`, `\\x00`, `\\u2028`)."""

    def escape(match: re.Match[str]) -> str:
        char = match.group()
        if keep_newlines and char == "\n":
            return char
        return char.encode("unicode_escape").decode("ascii")

    return _CONTROL.sub(escape, text)


def format_location(file: str | None, line: int | None, column: int | None) -> str:
    """`file:line:column`, as far as each is known (the form editors jump to)."""
    where = file or "<spec>"
    if line is not None:
        where += f":{line}"
        if column is not None:
            where += f":{column}"
    return where


class TrickSpecError(Exception):
    """Bad input. `str(err)` is the whole message shown to the user.

    A message quotes input (a key, a record value), so its control characters are
    escaped here, once for every kind of error: a stray carriage return must not
    split or overwrite the line."""

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str):
            args = (printable(args[0], keep_newlines=True),)
        super().__init__(*args)


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
        self.message = printable(message)
        self.path = path  # the JSON path of the spec value at fault, where known
        self.file = file
        self.line = line
        self.column = column
        self.hint = printable(hint) if hint is not None else None
        super().__init__(self.__str__())

    def __str__(self) -> str:
        text = f"{format_location(self.file, self.line, self.column)}: {self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class RecordError(TrickSpecError):
    """A malformed or illegal hand record (docs/hand-records.md wording)."""
