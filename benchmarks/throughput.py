#!/usr/bin/env python3
"""Hands per second of every bundled variant, against the hand-written yardstick.

Each hand is dealt and played to the end with uniformly random legal actions
through the same `State` API the bots use (`legal_actions`, `apply`). For
`euchre` the plain hand-written engine in ../shared/bench/euchre_handcoded.py
runs the same number of hands in the same process, and the ratio is printed.

    python benchmarks/throughput.py [--hands N] [--runs R] [--json] [VARIANT ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.variants import bundled_names, load_rules  # noqa: E402

YARDSTICK = ROOT.parent / "shared" / "bench" / "euchre_handcoded.py"


def time_variant(name: str, hands: int, seed: int) -> float:
    rules = load_rules(name)
    rng = random.Random(seed)
    choice = rng.choice
    players = rules.players
    deal = rules.deal
    t0 = time.perf_counter()
    for i in range(hands):
        st = deal(rng, i % players)
        while st.status is None:
            st.apply(choice(st.legal_actions()))
    return hands / (time.perf_counter() - t0)


def time_yardstick(hands: int, seed: int) -> float | None:
    if not YARDSTICK.is_file():
        return None
    spec = importlib.util.spec_from_file_location("euchre_handcoded", YARDSTICK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for i in range(hands):
        module.random_hand(rng, i % 4)
    return hands / (time.perf_counter() - t0)


def median_rate(fn, runs: int, *args) -> float:  # noqa: ANN001 - a timing callable
    return statistics.median(fn(*args, seed) for seed in range(1, runs + 1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", help="variants to time (default: all bundled)")
    ap.add_argument("--hands", type=int, default=5000, help="hands per run (default 5000)")
    ap.add_argument("--runs", type=int, default=3, help="runs per variant; the median is reported")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    names = args.variants or bundled_names()
    rates = {name: median_rate(time_variant, args.runs, name, args.hands) for name in names}
    baseline = None
    if "euchre" in rates:
        runs = [time_yardstick(args.hands, seed) for seed in range(1, args.runs + 1)]
        baseline = None if runs[0] is None else statistics.median(r for r in runs if r is not None)
    ratio = rates["euchre"] / baseline if baseline else None
    if args.json:
        print(
            json.dumps(
                {
                    "variants": {n: {"hands_per_second": round(r, 1)} for n, r in rates.items()},
                    "baseline_hands_per_second": None if baseline is None else round(baseline, 1),
                    "ratio": None if ratio is None else round(ratio, 3),
                }
            )
        )
        return 0
    width = max(len(n) for n in names)
    print(f"{'variant':<{width}}  hands/s   ({args.hands} hands, median of {args.runs} runs)")
    for name, rate in rates.items():
        print(f"{name:<{width}}  {rate:>8.0f}")
    if baseline is not None:
        print(f"{'yardstick':<{width}}  {baseline:>8.0f}   (../shared/bench/euchre_handcoded.py, euchre)")
        print(f"ratio euchre / yardstick: {ratio:.2f}x")
    elif "euchre" in rates:
        print(f"yardstick not found at {YARDSTICK}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
