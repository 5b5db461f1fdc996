"""Checks on a file the command is about to write, made before any work is done.

An existing file is never replaced silently: the user says `--force`, or the
command stops at once with a line saying so (and nothing has been played yet).
"""

from __future__ import annotations

from pathlib import Path

from .errors import TrickSpecError


def check_new_file(option: str, path: str, force: bool) -> None:
    """`path` can be written: its directory exists, it is not a directory, and it is new unless `force`."""
    target = Path(path)
    if target.is_dir():
        raise TrickSpecError(f"{option} {path}: is a directory; name a file to write")
    if not target.parent.is_dir():
        raise TrickSpecError(f"{option} {path}: no such directory '{target.parent}'")
    if target.exists() and not force:
        raise TrickSpecError(f"{option} {path}: the file exists; add --force to replace it")
