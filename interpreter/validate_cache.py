"""Remembered answers of `trickspec validate FILE`, so validating an unchanged spec again is instant.

Why: most of a cold `validate` is importing the engine (yaml, the typed model,
forty dataclasses), not checking the spec. A spec that validated once, unchanged,
with the same TrickSpec, validates again: its "ok" line is kept here and a new
process prints it without importing any of that (`__main__.run` asks first).

What is remembered: only successes of a plain `validate` of spec files given as
paths (no `--rule`, no bundled names) whose text has no `extends:` (so the file
is the whole input). Failures are never remembered: their messages come from the
full run every time.

When an answer is used: its key is a SHA-256 over the file's absolute path and
its bytes, the Python version, and a stamp of the code that decides the answer
(every file of this package, the bundled variants and the schema: path, size and
modification time; and where PyYAML and jsonschema are installed, with
their modification times). Change any of these and the key changes, so a stale
answer is never found; old entries are only dead files.

Where: `$TRICKSPEC_CACHE_DIR` if set (empty: no cache at all), else
`$XDG_CACHE_HOME/trickspec/validate`, else `~/.cache/trickspec/validate`; one
small file per key, written to a temporary name and renamed (a reader never sees
half a file). Any error reading or writing the cache means: no cache.

This module imports only the standard library's small modules: it runs before
everything else.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

VERSION = 1  # of the entry format
_DEPENDENCIES = ("yaml", "jsonschema")  # (lark only generates the parser's tables: dsl/tables_gen.py)
_stamp: bytes | None = None


def plain_validate(argv: Sequence[str]) -> list[str] | None:
    """The files of a plain `validate FILE…` command line (no option at all), else None.

    Such a line has one meaning (validate these files, no overlay), so `__main__.run`
    answers it from here and `cli.main` runs it without building the argument parser
    (argparse and what it imports are a few percent of a cold validate)."""
    if len(argv) > 1 and argv[0] == "validate" and not any(a.startswith("-") for a in argv[1:]):
        return list(argv[1:])
    return None


def cache_dir() -> str | None:
    """Where the answers live; None when the cache is off (TRICKSPEC_CACHE_DIR set to nothing)."""
    configured = os.environ.get("TRICKSPEC_CACHE_DIR")
    if configured is not None:
        return configured or None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "trickspec", "validate")


def _walk(top: str, out: list[str]) -> None:
    for folder, dirs, files in os.walk(top, followlinks=True):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            path = os.path.join(folder, name)
            try:
                st = os.stat(path)
            except OSError:
                continue
            out.append(f"{path}\0{st.st_size}\0{st.st_mtime_ns}")


def code_stamp() -> bytes:
    """What the answer depends on besides the spec file: the code, bundled data and dependencies."""
    global _stamp
    if _stamp is None:
        here = os.path.dirname(os.path.abspath(__file__))
        tops = [here]
        if not os.path.isdir(os.path.join(here, "_schema")):  # a checkout: the data sits beside the package
            tops += [os.path.join(os.path.dirname(here), "schema"), os.path.join(os.path.dirname(here), "variants")]
        parts = [f"v{VERSION}", sys.version]
        for top in tops:
            _walk(top, parts)
        parts += [_dependency(name) for name in _DEPENDENCIES]
        _stamp = "\n".join(parts).encode("utf-8", "surrogateescape")
    return _stamp


def _dependency(name: str) -> str:
    """Where an installed dependency's package is, and when it was written (an upgrade rewrites it)."""
    for entry in sys.path:
        folder = os.path.join(entry or ".", name)
        init = os.path.join(folder, "__init__.py")
        try:
            return f"{init}\0{os.stat(init).st_mtime_ns}\0{os.stat(folder).st_mtime_ns}"
        except OSError:
            continue
    return f"{name}\0missing"


def cacheable(arg: str) -> bool:
    """A spec named by its path (as `variants.looks_like_path` decides) that is an existing file."""
    return (arg.endswith((".yaml", ".yml")) or "/" in arg or "\\" in arg) and "\0" not in arg and os.path.isfile(arg)


def key(arg: str) -> str | None:
    """The entry's name for this spec file now; None when its answer must not be remembered."""
    try:
        with open(arg, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if b"extends" in data:  # another file is part of the input
        return None
    import hashlib  # here: with the cache off (TRICKSPEC_CACHE_DIR empty) nothing asks for a key

    h = hashlib.sha256(code_stamp())
    h.update(b"\0" + os.path.abspath(arg).encode("utf-8", "surrogateescape") + b"\0")
    h.update(data)
    return h.hexdigest()


def answers(files: Sequence[str]) -> list[str] | None:
    """The "ok" lines of a validate of `files` when every one is remembered, else None."""
    folder = cache_dir()
    if folder is None or not files:
        return None
    lines = []
    for arg in files:
        if not cacheable(arg):
            return None
        name = key(arg)
        if name is None:
            return None
        try:
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                said = f.read()
        except (OSError, UnicodeDecodeError):
            return None
        if not (said.startswith("(") and said.endswith(")")) or "\n" in said:
            return None  # not an entry this module wrote
        lines.append(f"ok: {arg} {said}")
    return lines


def remember(arg: str, said: str) -> None:
    """Keep the part of an "ok" line after the file name, for the next validate of `arg`."""
    folder = cache_dir()
    if folder is None or not cacheable(arg):
        return
    name = key(arg)
    if name is None:
        return
    try:
        os.makedirs(folder, exist_ok=True)
        tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(said)
        os.replace(tmp, os.path.join(folder, name))
    except OSError:
        return
