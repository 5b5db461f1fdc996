"""Files that are either complete or not written at all.

A temporary file beside the target takes the writes; `commit` renames it over
the target in one step, `abandon` removes it. The file gets the permissions an
ordinary new file would (mkstemp's are private).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import TextIO


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class AtomicFile:
    """Text written to `path` all at once, or not at all."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp")
        self.tmp = tmp
        with contextlib.suppress(OSError):
            os.chmod(tmp, 0o666 & ~_umask())
        self.file: TextIO = os.fdopen(fd, "w", encoding="utf-8")

    def write(self, text: str) -> None:
        self.file.write(text)

    def commit(self) -> None:
        self.file.close()
        os.replace(self.tmp, self.path)

    def abandon(self) -> None:
        with contextlib.suppress(OSError):
            self.file.close()
        with contextlib.suppress(OSError):
            os.unlink(self.tmp)


def write_text_atomically(path: str | Path, text: str) -> None:
    out = AtomicFile(path)
    try:
        out.write(text)
        out.commit()
    except BaseException:
        out.abandon()
        raise
