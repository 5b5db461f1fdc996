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
    argv = sys.argv[1:]
    if len(argv) > 1 and argv[0] == "validate" and not any(a.startswith("-") for a in argv[1:]):
        # An unchanged spec validated before: its remembered answer, without loading the engine.
        from .validate_cache import answers

        lines = answers(argv[1:])
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
