"""`python -m interpreter` and the `trickspec` command.

Why a separate entry point: Ctrl-C while the modules are still loading (a
second or so on a slow machine) must end like Ctrl-C at any other time — the
word "interrupted" and exit status 130, no traceback — and only a function
that imports the rest itself can catch it.

The garbage collector is off while the modules load: everything importing
creates (modules, classes, functions, tables) lives until the process ends, so
collecting then only costs time (a few percent of a cold `trickspec validate`).
It is then frozen out of later collections and the collector turned back on.
"""

from __future__ import annotations

import gc
import os
import sys


def run() -> int:
    from .validate_cache import answers, plain_validate

    files = plain_validate(sys.argv[1:])
    if files is not None:
        # An unchanged spec validated before: its remembered answer, without loading the engine.
        lines = answers(files)
        if lines is not None:
            try:
                print("\n".join(lines), flush=True)
            except BrokenPipeError:  # `trickspec validate x.yaml | true`: as the full run does
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
                return 141
            return 0
    gc.disable()
    try:
        from .cli import main
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    finally:
        gc.freeze()
        gc.enable()
    return main()


if __name__ == "__main__":
    raise SystemExit(run())
