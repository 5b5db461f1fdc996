"""Checks on a file the command is about to write, made before any work is done.

An existing file is never replaced silently: the user says `--force`, or the
command stops at once with a line saying so (and nothing has been played yet).
"""

from __future__ import annotations

from .atomic import OutputError, check_target
from .errors import TrickSpecError


def check_new_file(option: str, path: str, force: bool) -> None:
    """`path` can be written (atomic.check_target: a file in a writable directory) and is new unless `force`."""
    try:
        target = check_target(path)
    except OutputError as err:
        raise TrickSpecError(f"{option} {err}") from None
    if target.exists() and not force:
        raise TrickSpecError(f"{option} {path}: the file exists; add --force to replace it")
