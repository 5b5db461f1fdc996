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

`--only play` lets the tested bot choose only its card plays (the other bot
bids, declares and discards for it), `--only bid` only the rest: which part of
its edge each part wins. `--every N` prints the figures so far every N deals
(a run stopped by the clock still says what it measured).

    python benchmarks/duplicate_hands.py SPEC [SPEC ...] [--against rules] [--variant euchre] [--deals 300]
        [--only play|bid] [--every N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.agents import make_agent  # noqa: E402
from interpreter.engine import State  # noqa: E402
from interpreter.match import Agent  # noqa: E402
from interpreter.rules import Rules  # noqa: E402
from interpreter.variants import load_rules  # noqa: E402


class Split:
    """One bot for the card plays, another for every other decision (`--only`)."""

    def __init__(self, player: Agent, bidder: Agent) -> None:
        self.player = player
        self.bidder = bidder

    def act(self, state: State, seat: int) -> int:
        return (self.player if state.playing else self.bidder).act(state, seat)


def tested(spec: str, against: str, only: str, rng: random.Random) -> Agent:
    """The bot under test for one seat: `spec` for the part `only` names, `against` for the rest."""
    bot = make_agent(spec, rng=rng)
    if only == "play":
        return Split(bot, make_agent(against))
    if only == "bid":
        return Split(make_agent(against), bot)
    return bot


def deal_value(rules: Rules, spec: str, against: str, m: int, seed: int, only: str = "all") -> float:
    """Deal `m` played both ways: the mean of (spec's side − the other side) in points."""
    return paired_deal(rules, lambda rng: tested(spec, against, only, rng), against, m, seed)


def paired_deal(rules: Rules, build: Callable[[random.Random], Agent], against: str, m: int, seed: int) -> float:
    """Deal `m` of `seed`, played once with `build`'s bots on each side against `against`:
    the mean of (their side's points − the other side's). Shared with pimc_ceilings.py."""
    rng = random.Random(seed + m)
    dealer = rng.randrange(rules.players)
    base = rules.deal(rng, dealer)
    total = 0.0
    for side in (0, 1):
        bots = [
            build(random.Random(m * 11 + s)) if rules.side_of[s] == side else make_agent(against)
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
    parser.add_argument("--only", choices=("all", "play", "bid"), default="all")
    parser.add_argument("--every", type=int, default=0, help="print the figures so far every N deals")
    args = parser.parse_args(argv)
    rules = load_rules(args.variant)
    if rules.n_sides != 2:
        parser.error(f"{args.variant} has {rules.n_sides} sides; this benchmark compares two")
    diffs: dict[str, list[float]] = {spec: [] for spec in args.specs}
    for m in range(args.deals):
        for spec in args.specs:  # interleaved deal by deal, so a stopped run still compares like with like
            diffs[spec].append(deal_value(rules, spec, args.against, m, args.seed, args.only))
        if args.every and (m + 1) % args.every == 0 and m + 1 < args.deals:
            report(diffs, args.against, args.variant, args.only)
    report(diffs, args.against, args.variant, args.only)
    return 0


def report(diffs: dict[str, list[float]], against: str, variant: str, only: str) -> None:
    """Each spec's figure over the deals played so far, and each against the first, deal by deal."""
    specs = list(diffs)
    first = specs[0]
    part = "" if only == "all" else f" (its {only} only)"
    for spec in specs:
        print(
            f"{spec}{part} vs {against} on {variant}, {len(diffs[spec])} deals each played both ways: "
            f"{interval(diffs[spec])}",
            flush=True,
        )
        if spec != first:
            paired = [b - a for a, b in zip(diffs[first], diffs[spec], strict=True)]
            print(f"  {spec} − {first}, deal by deal: {interval(paired)}", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
