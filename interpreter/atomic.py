"""Files that are either complete or not written at all ("complete or absent", docs/limits.md).

A temporary file beside the target takes the writes; `commit` flushes it to
the disk (fsync) and renames it over the target in one step, so a reader sees
the old file or the whole new one, never half of it. On any error — the disk
full, a write refused, an interruption — `abandon` removes the temporary file
and the target stays exactly as it was (or absent).

What cannot be cleaned up by the process itself (SIGKILL, a power cut) leaves a
temporary file named `.TARGET.PID.XXXX.tmp`; the next write to the same target
removes those whose process is gone.

A target that can never be written (a folder, a device, a read-only file, a
missing or read-only folder) is refused by `check_target` before any work is
done, so a long match is not played only to be lost. The file gets the
permissions an ordinary new file would (mkstemp's are private).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import TextIO

from .errors import TrickSpecError
from .limits import shorten


class OutputError(TrickSpecError):
    """An output file cannot be written; the target is left as it was."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _why(err: OSError) -> str:
    return err.strerror or str(err)


def check_target(path: str | Path) -> Path:
    """The target as a Path, or an OutputError saying why it can never be written."""
    target = Path(path)
    shown = shorten(str(path), 200)
    folder = target.parent
    try:
        if not folder.is_dir():
            raise OutputError(f"{shown}: no such directory '{shorten(str(folder), 200)}'")
        if target.is_dir():
            raise OutputError(f"{shown}: is a directory; name a file to write")
        if target.exists():
            if not stat.S_ISREG(target.stat().st_mode):
                raise OutputError(f"{shown}: is not a regular file")
            if not os.access(target, os.W_OK):
                raise OutputError(f"{shown}: the file is read-only")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise OutputError(
                f"{shown}: cannot create files in directory '{shorten(str(folder), 200)}' (permission denied)"
            )
    except OSError as err:  # a name too long, a loop of links, …
        raise OutputError(f"{shown}: cannot write there ({_why(err)})") from None
    except ValueError:  # a NUL byte
        raise OutputError(f"{shown}: no file can have this name") from None
    return target


def _remove_stale_temps(target: Path) -> None:
    """Temporary files of earlier writers to `target` that were killed before they could clean up."""
    pattern = re.compile(re.escape(f".{target.name}.") + r"(\d+)\.[^.]+\.tmp")
    with contextlib.suppress(OSError):
        for entry in os.scandir(target.parent):
            match = pattern.fullmatch(entry.name)
            if match is None or int(match.group(1)) == os.getpid():
                continue
            try:
                os.kill(int(match.group(1)), 0)
            except ProcessLookupError:  # its writer is gone
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
            except (OSError, OverflowError):  # alive (another user's), or no such pid at all
                pass


def _fsync_path(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class AtomicFile:
    """Text written to `path` all at once, or not at all. Every failure is an OutputError."""

    def __init__(self, path: str | Path) -> None:
        self.path = check_target(path)
        self.shown = shorten(str(path), 200)
        self.abandoned = False
        _remove_stale_temps(self.path)
        try:
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.{os.getpid()}.", suffix=".tmp")
        except OSError as err:
            raise OutputError(f"{self.shown}: cannot write there ({_why(err)})") from None
        self.tmp = tmp
        with contextlib.suppress(OSError):
            os.chmod(tmp, 0o666 & ~_umask())
        self.file: TextIO = os.fdopen(fd, "w", encoding="utf-8")

    def _failed(self, err: OSError) -> OutputError:
        self.abandon()
        return OutputError(f"{self.shown}: cannot write ({_why(err)}); the file is left as it was")

    def write(self, text: str) -> None:
        """Write and flush: a full disk is found at once, not after the whole match."""
        try:
            self.file.write(text)
            self.file.flush()
        except OSError as err:
            raise self._failed(err) from None

    def commit(self) -> None:
        """Make the written text the target's content, durably; on failure the target is unchanged."""
        if self.abandoned:
            raise OutputError(f"{self.shown}: nothing written (an earlier error); the file is left as it was")
        try:
            if self.file.closed:  # written by someone else through `tmp` (a plot library)
                _fsync_path(self.tmp)
            else:
                self.file.flush()
                os.fsync(self.file.fileno())
                self.file.close()
            os.replace(self.tmp, self.path)
        except OSError as err:
            raise self._failed(err) from None
        with contextlib.suppress(OSError):  # the rename itself, durably (where folders can be opened)
            folder = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)

    def abandon(self) -> None:
        """Drop everything written; the target stays as it was. Safe to call more than once."""
        self.abandoned = True
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
