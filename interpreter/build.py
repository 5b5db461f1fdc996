"""Which build runs: the optional compiled one (mypyc, setup.py) or plain Python.

A few per-decision lines of the hot modules are written two ways. Plain Python
is fastest handing a loop to C through builtins (`filter`, `map`, `list.remove`);
compiled code is fastest with the plain loop, which mypyc makes native, and
slowest calling those builtins (each is looked up and called generically). Both
ways give the same values in the same order; the test suite runs both builds
(CI's compiled stage).

This module is compiled with the others (setup.py's HOT_MODULES): a function
defined here is a native function exactly when the hot modules are.
"""

from __future__ import annotations

from types import FunctionType
from typing import Final


def _probe() -> None:
    """A plain Python function, unless this module was compiled."""


# Final: compiled code reads it as a native constant, not from the module's dict at every use.
COMPILED: Final = not isinstance(_probe, FunctionType)
BUILD: Final = "compiled" if COMPILED else "pure"  # the build's name, as the benchmarks report it
