#!/usr/bin/env python3
"""How near the truth are pimc's worlds? The maker's trumps in the worlds against the real deal.

Rule bots play N hands of a variant; at every card-play decision with a choice of
a seat that did not make trump, a fresh `pimc` (by its registry spec, one per
seat and hand, so options that carry worlds between decisions work as in play)
draws the worlds it would search, and the maker's trumps in each world are
compared with his real ones. Printed per role of the maker (a foe, or the seat's
teammate): the mean shortfall (real − worlds) with a 95% interval over decisions,
and how many decisions were counted. Worlds are what the search sees, so a world
the sampler could not fit to the bidding and took as it came counts too.

    python benchmarks/world_calibration.py SPEC [SPEC ...] [--variant euchre] [--hands 60] [--seed 1000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.agents import PimcBot, RuleBot, make_agent  # noqa: E402
from interpreter.agents.rollout import teammates  # noqa: E402
from interpreter.engine import State  # noqa: E402
from interpreter.variants import load_rules  # noqa: E402
from interpreter.worlds import WorldSampler  # noqa: E402


def worlds_of(bot: PimcBot, state: State, seat: int) -> list[State]:
    """The worlds `bot` would search at this decision (carried ones first, then fresh draws)."""
    sampler = WorldSampler(state, seat)
    carried = bot._carried(state, seat, bot.k)
    out = [w.clone() for w in reversed(carried)]
    while len(out) < bot.k:
        out.append(bot._likely_world(sampler, seat))
    return out


def trumps(state: State, seat: int) -> int:
    follow, trump = state.follow, state.trump
    return sum(1 for c in state.hands[seat] if follow[c] == trump)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", metavar="SPEC")
    parser.add_argument("--variant", default="euchre")
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    rules = load_rules(args.variant)
    player = RuleBot()
    for spec in args.specs:
        short: dict[str, list[float]] = {"foe": [], "teammate": []}
        for h in range(args.hands):
            rng = random.Random(args.seed + h)
            state = rules.deal(rng, rng.randrange(rules.players))
            bots = {s: make_agent(spec, rng=random.Random(args.seed * 7 + h * 11 + s)) for s in range(rules.players)}
            while not state.is_over:
                seat = state.turn
                bot = bots[seat]
                chooses = state.playing and len(state.legal_actions()) > 1
                if chooses and state.maker != seat and isinstance(bot, PimcBot):
                    real = trumps(state, state.maker)
                    worlds = worlds_of(bot, state, seat)
                    role = "teammate" if teammates(state, seat, state.maker) else "foe"
                    short[role].append(real - statistics.mean(trumps(w, state.maker) for w in worlds))
                state.apply(player.act(state, seat))
        for role, values in short.items():
            if len(values) > 1:
                mean = statistics.mean(values)
                half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
                print(
                    f"{spec} on {args.variant}: maker a {role}: {mean:+.3f} trumps short [{mean - half:+.3f}, "
                    f"{mean + half:+.3f}] over {len(values)} decisions",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
