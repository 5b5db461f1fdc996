#!/usr/bin/env python3
"""Resident memory while playing many random euchre hands: it must stay flat.

python benchmarks/memory.py [--hands 1000000]
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.variants import load_rules  # noqa: E402


def rss_mb() -> float:
    """Current resident set size (Linux /proc), else the peak from getrusage."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * resource.getpagesize() / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    args = ap.parse_args(argv)
    rules = load_rules("euchre")
    rng = random.Random(1)
    choice = rng.choice
    step = max(1, args.hands // 10)
    print(f"{0:>9} hands  {rss_mb():6.1f} MB")
    for i in range(args.hands):
        st = rules.deal(rng, i % 4)
        while st.status is None:
            st.apply(choice(st.legal_actions()))
        if (i + 1) % step == 0:
            print(f"{i + 1:>9} hands  {rss_mb():6.1f} MB", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
