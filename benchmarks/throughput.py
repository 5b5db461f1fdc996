#!/usr/bin/env python3
"""Hands per second of every bundled variant, and euchre against the hand-written yardstick.

Each hand is dealt and played to the end with uniformly random legal actions,
two ways, each timed: the per-decision loop of the `State` API the bots use
(`st.apply(rng.choice(st.legal_actions()))` until the hand is over) and the
batched one, `st.play_out(rng.choice)`, which plays the whole hand in one call
as the yardstick does. The yardstick, benchmarks/euchre_yardstick.py, plays the
same euchre written plainly by hand (`play_hand(hands, upcard, dealer, choose)`),
drawing the same way from the same seeds: all three play the very same hands.

Honest timing: CPU time (`time.process_time`), and the engine and the
yardstick run in pairs, taking turns (who goes first alternates), so a machine
that speeds up or slows down during the run moves both sides of a pair alike.
The ratio reported is the median of the per-pair ratios, with its spread (min
and max); every variant's hands/s is the median of its runs, one a pair.

    python benchmarks/throughput.py [--hands N] [--pairs P] [--json] [--also FILE] [VARIANT ...]

`--also FILE` times another yardstick (a module with `random_hand(rng, dealer)`)
in the same pairs and prints its ratio too.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# The checkout only when no TrickSpec is installed: in a virtualenv holding the compiled build
# (`TRICKSPEC_COMPILE=1 pip install .`) the installed package is the one to time, not the
# checkout's pure modules (the output names the build it measured).
if importlib.util.find_spec("interpreter") is None:
    sys.path.insert(0, str(ROOT))

from interpreter.build import BUILD  # noqa: E402
from interpreter.variants import bundled_names, load_rules  # noqa: E402

YARDSTICK = HERE / "euchre_yardstick.py"
Runner = Callable[[int, int], float]  # (hands, seed) -> CPU seconds


def load_module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PLAY_OUT = ":play_out"  # the runner name suffix of a variant's batched loop


def engine_runner(name: str, batched: bool = False) -> Runner:
    """The per-decision loop (`legal_actions()` and `apply()` at every decision), or with
    `batched` the batched one (`play_out(rng.choice)` plays each hand in one call: the
    same hands, the same draws)."""
    rules = load_rules(name)  # compiled once, outside the timing

    def run(hands: int, seed: int) -> float:
        rng = random.Random(seed)
        choice = rng.choice
        players = rules.players
        deal = rules.deal
        gc.collect()
        t0 = time.process_time()
        if batched:
            for i in range(hands):
                deal(rng, i % players).play_out(choice)
        else:
            for i in range(hands):
                st = deal(rng, i % players)
                while st.status is None:
                    st.apply(choice(st.legal_actions()))
        return time.process_time() - t0

    return run


def yardstick_runner(module: ModuleType) -> Runner:
    random_hand = module.random_hand

    def run(hands: int, seed: int) -> float:
        rng = random.Random(seed)
        gc.collect()
        t0 = time.process_time()
        for i in range(hands):
            random_hand(rng, i % 4)
        return time.process_time() - t0

    return run


def measure(runners: dict[str, Runner], hands: int, pairs: int) -> dict[str, list[float]]:
    """CPU seconds per runner, one run each per pair; the order rotates every pair."""
    names = list(runners)
    times: dict[str, list[float]] = {n: [] for n in names}
    for k in range(pairs):
        shift = k % len(names)
        for name in names[shift:] + names[:shift]:
            times[name].append(runners[name](hands, k + 1))
    return times


def ratio_stats(engine: list[float], other: list[float]) -> dict[str, float]:
    """Engine speed over the other side's, pair by pair (time_other / time_engine)."""
    ratios = [o / e for e, o in zip(engine, other, strict=True)]
    return {
        "ratio": round(statistics.median(ratios), 3),
        "ratio_min": round(min(ratios), 3),
        "ratio_max": round(max(ratios), 3),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("variants", nargs="*", help="variants to time (default: all bundled)")
    ap.add_argument("--hands", type=int, default=4000, help="hands per run (default 4000)")
    ap.add_argument("--pairs", type=int, default=5, help="runs of each side (default 5); medians are reported")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--also", type=Path, help="another yardstick module with random_hand(rng, dealer)")
    args = ap.parse_args(argv)
    names = args.variants or bundled_names()
    runners: dict[str, Runner] = {}
    for name in names:
        runners[name] = engine_runner(name)
        runners[name + PLAY_OUT] = engine_runner(name, batched=True)
    if "euchre" in runners:
        runners["yardstick"] = yardstick_runner(load_module(YARDSTICK))
        if args.also is not None:
            runners["also"] = yardstick_runner(load_module(args.also))
    times = measure(runners, args.hands, args.pairs)
    rate = {n: args.hands / statistics.median(t) for n, t in times.items()}
    out: dict[str, object] = {
        "hands": args.hands,
        "pairs": args.pairs,
        "clock": "process_time",
        "build": BUILD,
        "variants": {
            n: {
                "hands_per_second": round(rate[n], 1),
                "play_out_hands_per_second": round(rate[n + PLAY_OUT], 1),
            }
            for n in names
        },
        "baseline_hands_per_second": round(rate["yardstick"], 1) if "yardstick" in rate else None,
        "ratio": None,
        "play_out": None,
    }
    if "yardstick" in times:
        out.update(ratio_stats(times["euchre"], times["yardstick"]))
        out["play_out"] = ratio_stats(times["euchre" + PLAY_OUT], times["yardstick"])
    if "also" in times:
        out["also"] = {
            "file": str(args.also),
            "hands_per_second": round(rate["also"], 1),
            **ratio_stats(times["euchre"], times["also"]),
        }
    if args.json:
        print(json.dumps(out))
        return 0
    width = max(len(n) for n in [*names, "yardstick"])
    head = f"({args.hands} hands a run, median of {args.pairs}, CPU time, {out['build']})"
    print(f"hands/s {head}")
    print(f"{'variant':<{width}}  {'per-decision':>12}  {'play_out':>9}")
    for name in names:
        print(f"{name:<{width}}  {rate[name]:>12.0f}  {rate[name + PLAY_OUT]:>9.0f}")
    if "yardstick" in rate:
        print(f"{'yardstick':<{width}}  {rate['yardstick']:>12.0f}   (benchmarks/euchre_yardstick.py)")
        batched = out["play_out"]
        assert isinstance(batched, dict)
        print(
            f"euchre / yardstick, per-decision loop (legal_actions + apply): {out['ratio']:.2f}x "
            f"median of {args.pairs} pairs (min {out['ratio_min']:.2f}x, max {out['ratio_max']:.2f}x)"
        )
        print(
            f"euchre / yardstick, play_out (a hand in one call):           {batched['ratio']:.2f}x "
            f"median of {args.pairs} pairs (min {batched['ratio_min']:.2f}x, max {batched['ratio_max']:.2f}x)"
        )
    if "also" in out:
        also = out["also"]
        assert isinstance(also, dict)
        print(
            f"euchre / {args.also}: {also['ratio']:.2f}x ({rate['also']:.0f} hands/s; "
            f"min {also['ratio_min']:.2f}x, max {also['ratio_max']:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
