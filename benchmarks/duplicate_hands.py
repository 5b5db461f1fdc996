#!/usr/bin/env python3
"""Points a hand of one bot against another over the same single deals, sides swapped.

Each of N deals (seeded) is played twice: the bot under test at the even-side
seats, then at the odd-side seats, the other bot at the rest. The score is the
mean over deals of (test side's points − other side's points), averaged over
the two seatings, with a 95% interval (1.96 standard errors over deals).
Hands rather than matches: many more comparisons per CPU second, and the luck
of the cards cancels deal by deal. Two-sided variants only.

With several SPECs, every one plays the very same deals, and each after the
first is also compared with the first deal by deal (the paired difference and
its interval): far tighter than comparing two separate intervals, since the
luck of each deal cancels between the specs too.

    python benchmarks/duplicate_hands.py SPEC [SPEC ...] [--against rules] [--variant euchre] [--deals 300]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.agents import make_agent  # noqa: E402
from interpreter.rules import Rules  # noqa: E402
from interpreter.variants import load_rules  # noqa: E402


def deal_value(rules: Rules, spec: str, against: str, m: int, seed: int) -> float:
    """Deal `m` played both ways: the mean of (spec's side − the other side) in points."""
    rng = random.Random(seed + m)
    dealer = rng.randrange(rules.players)
    base = rules.deal(rng, dealer)
    total = 0.0
    for side in (0, 1):
        bots = [
            make_agent(spec, rng=random.Random(m * 11 + s)) if rules.side_of[s] == side else make_agent(against)
            for s in range(rules.players)
        ]
        st = rules.new_hand(dealer, [list(h) for h in base.dealt], None if base.upcard < 0 else base.upcard)
        while not st.is_over:
            st.apply(bots[st.turn].act(st, st.turn))
        delta = st.result()["delta"]
        total += delta[side] - delta[1 - side]
    return total / 2


def interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("inf")
    return f"{mean:+.3f} points a hand [{mean - half:+.3f}, {mean + half:+.3f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", metavar="SPEC")
    parser.add_argument("--against", default="rules")
    parser.add_argument("--variant", default="euchre")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args(argv)
    rules = load_rules(args.variant)
    if rules.n_sides != 2:
        parser.error(f"{args.variant} has {rules.n_sides} sides; this benchmark compares two")
    diffs: dict[str, list[float]] = {spec: [] for spec in args.specs}
    for m in range(args.deals):
        for spec in args.specs:  # interleaved deal by deal, so a stopped run still compares like with like
            diffs[spec].append(deal_value(rules, spec, args.against, m, args.seed))
    first = args.specs[0]
    for spec in args.specs:
        print(
            f"{spec} vs {args.against} on {args.variant}, {args.deals} deals each played both ways: "
            f"{interval(diffs[spec])}",
            flush=True,
        )
        if spec != first:
            paired = [b - a for a, b in zip(diffs[first], diffs[spec], strict=True)]
            print(f"  {spec} − {first}, deal by deal: {interval(paired)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
