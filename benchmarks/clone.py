#!/usr/bin/env python3
"""Microseconds one `State.clone()` takes: a euchre hand in the middle of its play.

python benchmarks/clone.py
"""

from __future__ import annotations

import random
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.engine import State  # noqa: E402
from interpreter.variants import load_rules  # noqa: E402


def mid_play_state() -> State:
    """A euchre hand after two tricks (dead hands are skipped)."""
    rules = load_rules("euchre")
    rng = random.Random(7)
    while True:
        st = rules.deal(rng, 0)
        while st.status is None and not (st.playing and st.played == 2):
            st.apply(rng.choice(st.legal_actions()))
        if st.status is None:
            return st


def main() -> int:
    st = mid_play_state()
    number = 20000
    best = min(timeit.repeat(st.clone, number=number, repeat=7)) / number
    print(f"State.clone(): {best * 1e6:.2f} us (best of 7 repeats of {number})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
