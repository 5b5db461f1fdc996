#!/usr/bin/env python3
"""Hands per second of every bundled variant, and euchre against the hand-written yardstick.

Each hand is dealt and played to the end with uniformly random legal actions,
two ways, each timed: the per-decision loop of the `State` API the bots use
(`st.apply(rng.choice(st.legal_actions()))` until the hand is over) and the
batched one, `st.play_out(rng.choice)`, which plays the whole hand in one call
as the yardstick does. The yardstick, benchmarks/euchre_yardstick.py, plays the
same euchre written plainly by hand (`play_hand(hands, upcard, dealer, choose)`),
drawing the same way from the same seeds: all three play the very same hands.
`--draw` names that way (benchmarks/random_draw.py): `choice`, a plain
`random.Random` (its `shuffle` and `choice`, today's draw, the default), or
`fast`, the same fair draw on one C-level `random()` each, which leaves less
common work to dilute the ratio; the output says which.

Honest timing: CPU time (`time.process_time`). Every variant's hands/s is the
median of `--pairs` runs of `--hands` hands, the variants taking turns. The ratio
to the yardstick is read apart, in many short rounds (`--rounds` of
`--round-hands` hands, after one untimed round): each round runs euchre's two
loops and the yardstick back to back from the same seed (who goes first rotates),
so a machine that speeds up or slows down moves the sides of a round alike, and a
burst of load spoils one short round rather than a long run. The ratio reported
is the median of the per-round ratios, with the middle half (quartiles) and the
extremes: the spread as measured, none left out.

    python benchmarks/throughput.py [--hands N] [--pairs P] [--rounds R] [--round-hands H]
                                    [--draw choice|fast] [--json] [--also FILE] [VARIANT ...]

`--also FILE` times another yardstick (a module with `random_hand(rng, dealer)`)
in the same pairs and prints its ratio too.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
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
DRAW = HERE / "random_draw.py"  # the random draw of both sides, by name
Runner = Callable[[int, int], float]  # (hands, seed) -> CPU seconds


def load_module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


DRAWS = load_module(DRAW)  # random_draw: generator(draw, seed), the names in DRAWS
PLAY_OUT = ":play_out"  # the runner name suffix of a variant's batched loop


def engine_runner(name: str, batched: bool = False, draw: str = "choice") -> Runner:
    """The per-decision loop (`legal_actions()` and `apply()` at every decision), or with
    `batched` the batched one (`play_out(rng.choice)` plays each hand in one call: the
    same hands, the same draws); `draw` names the generator (random_draw.DRAWS)."""
    rules = load_rules(name)  # compiled once, outside the timing
    generator = DRAWS.generator

    def run(hands: int, seed: int) -> float:
        rng = generator(draw, seed)
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


def yardstick_runner(module: ModuleType, draw: str = "choice") -> Runner:
    """`module.random_hand(rng, dealer)` hand after hand, `rng` of the named draw (as the engine's)."""
    random_hand = module.random_hand
    generator = DRAWS.generator

    def run(hands: int, seed: int) -> float:
        rng = generator(draw, seed)
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
    """Engine speed over the other side's, round by round (time_other / time_engine): the
    median, the quartiles (the middle half of the rounds) and the extremes."""
    ratios = sorted(o / e for e, o in zip(engine, other, strict=True))
    q1, _, q3 = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else (ratios[0],) * 3
    return {
        "ratio": round(statistics.median(ratios), 3),
        "ratio_q1": round(q1, 3),
        "ratio_q3": round(q3, 3),
        "ratio_min": round(ratios[0], 3),
        "ratio_max": round(ratios[-1], 3),
    }


def rounds(runners: dict[str, Runner], hands: int, count: int) -> dict[str, list[float]]:
    """euchre's loops against the yardstick: one untimed round (the memos filled as in a
    long run), then `count` short rounds side by side (measure: the order rotates)."""
    measure(runners, hands, 1)
    return measure(runners, hands, count)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("variants", nargs="*", help="variants to time (default: all bundled)")
    ap.add_argument("--hands", type=int, default=4000, help="hands per run (default 4000)")
    ap.add_argument("--pairs", type=int, default=5, help="runs of each side (default 5); medians are reported")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--rounds", type=int, default=41, help="short rounds of euchre vs the yardstick (default 41)")
    ap.add_argument("--round-hands", type=int, default=400, help="hands a round, each side (default 400)")
    ap.add_argument("--also", type=Path, help="another yardstick module with random_hand(rng, dealer)")
    ap.add_argument(
        "--draw",
        choices=sorted(DRAWS.DRAWS),
        default=DRAWS.DEFAULT,
        help="the random draw of every side: choice (random.Random, the default) or fast (random_draw.FastDraw)",
    )
    args = ap.parse_args(argv)
    names = args.variants or bundled_names()
    runners: dict[str, Runner] = {}
    for name in names:
        runners[name] = engine_runner(name, draw=args.draw)
        runners[name + PLAY_OUT] = engine_runner(name, batched=True, draw=args.draw)
    times = measure(runners, args.hands, args.pairs)
    rate = {n: args.hands / statistics.median(t) for n, t in times.items()}
    if "euchre" in runners:  # the ratio: short rounds of the three side by side (and `--also`)
        duel = {"euchre": runners["euchre"], "euchre" + PLAY_OUT: runners["euchre" + PLAY_OUT]}
        duel["yardstick"] = yardstick_runner(load_module(YARDSTICK), args.draw)
        if args.also is not None:
            duel["also"] = yardstick_runner(load_module(args.also), args.draw)
        timed = rounds(duel, args.round_hands, args.rounds)
        times.update({n: timed[n] for n in duel if n not in times})
        rate.update({n: args.round_hands / statistics.median(timed[n]) for n in duel if n not in rate})
        times["euchre"], times["euchre" + PLAY_OUT] = timed["euchre"], timed["euchre" + PLAY_OUT]
    out: dict[str, object] = {
        "hands": args.hands,
        "pairs": args.pairs,
        "rounds": args.rounds,
        "round_hands": args.round_hands,
        "clock": "process_time",
        "build": BUILD,
        "draw": args.draw,
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
    head = f"({args.hands} hands a run, median of {args.pairs}, CPU time, {out['build']}, draw {args.draw})"
    print(f"hands/s {head}")
    print(f"{'variant':<{width}}  {'per-decision':>12}  {'play_out':>9}")
    for name in names:
        print(f"{name:<{width}}  {rate[name]:>12.0f}  {rate[name + PLAY_OUT]:>9.0f}")
    if "yardstick" in rate:
        print(f"{'yardstick':<{width}}  {rate['yardstick']:>12.0f}   (benchmarks/euchre_yardstick.py)")
        batched = out["play_out"]
        assert isinstance(batched, dict)
        print(f"euchre / yardstick: median of {args.rounds} rounds of {args.round_hands} hands [quartiles] (min-max)")
        for label, stats in (
            ("per-decision loop (legal_actions + apply)", out),
            ("play_out (a hand in one call)", batched),
        ):
            print(
                f"  {label:<42} {stats['ratio']:.2f}x [{stats['ratio_q1']:.2f}-{stats['ratio_q3']:.2f}] "
                f"({stats['ratio_min']:.2f}-{stats['ratio_max']:.2f})"
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
