"""`python -m interpreter` and the `trickspec` command.

Why a separate entry point: Ctrl-C while the modules are still loading (a
second or so on a slow machine) must end like Ctrl-C at any other time — the
word "interrupted" and exit status 130, no traceback — and only a function
that imports the rest itself can catch it.
"""

from __future__ import annotations

import sys


def run() -> int:
    try:
        from .cli import main
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    raise SystemExit(run())
