#!/usr/bin/env python3
"""Speed of the exact endgame search (interpreter/agents/endgame.py): solves a second, one core.

Positions are rule-bot hands of a variant played to the point where `tricks` tricks
are left (a trick boundary: where pimc's `exact=N` hands a rollout to the search),
from fixed seeds; each run solves every position for a random seat (its returns as
the worth), timed in CPU time (`time.process_time`); the median of the runs is
reported with its spread.

    python benchmarks/endgame.py [--variant euchre] [--tricks 2 3 4] [--positions 300] [--runs 5]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path

# The checkout only when no TrickSpec is installed (see benchmarks/throughput.py).
if importlib.util.find_spec("interpreter") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.agents.endgame import solve  # noqa: E402
from interpreter.agents.rollout import rollout  # noqa: E402
from interpreter.agents.rule_bot import RuleBot  # noqa: E402
from interpreter.engine import State  # noqa: E402
from interpreter.variants import load_rules  # noqa: E402


def positions(variant: str, tricks: int, count: int, seed: int) -> list[tuple[State, int]]:
    """`count` rule-bot hands stopped with `tricks` tricks left, each with a seat to solve for."""
    rules = load_rules(variant)
    bot = RuleBot()
    rng = random.Random(seed)
    out: list[tuple[State, int]] = []
    while len(out) < count:
        state = rules.deal(rng, rng.randrange(rules.players))
        rollout(state, bot, bot, stop=tricks)
        if state.playing:
            out.append((state, rng.randrange(rules.players)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="euchre")
    parser.add_argument("--tricks", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for tricks in args.tricks:
        cases = positions(args.variant, tricks, args.positions, seed=tricks)
        rates = []
        for _ in range(args.runs):
            start = time.process_time()
            for state, seat in cases:
                solve(state, seat, lambda w, s=seat: w.returns()[s])
            rates.append(len(cases) / (time.process_time() - start))
        print(
            f"{args.variant}, {tricks} tricks left: {statistics.median(rates):,.0f} solves/s "
            f"(median of {args.runs}, spread {min(rates):,.0f}–{max(rates):,.0f}; {len(cases)} positions)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
