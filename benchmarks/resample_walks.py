"""How hard `State.resample` works, variant by variant: scripted random walks over seeds.

Each seed deals a hand (a random dealer and deal number, as tests/test_resample.py) and,
at every decision until the hand is over, resamples every seat before a random legal
action. Per variant it prints the worlds drawn, the mean and the worst number of draws a
world took (`WorldSampler._try` calls: the rejected ones and the one kept) with the seed
of the worst, and every walk that raised NoWorld (seed, seat, history length).

    python benchmarks/resample_walks.py --seeds 0 400
    python benchmarks/resample_walks.py --seeds 0 3000 house/farmers-hand house/nines-and-tens

The correctness of each world is tests/test_resample*.py's (TRICKSPEC_RESAMPLE_SEEDS=N runs
the same walks with every world checked); this script counts the work.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from interpreter.variants import bundled_names, load_rules
from interpreter.worlds import NoWorld, WorldSampler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", nargs=2, type=int, default=[0, 100], metavar=("FIRST", "END"))
    parser.add_argument("variants", nargs="*", help="bundled names (default: every variant and overlay)")
    args = parser.parse_args()
    cases: list[tuple[str, dict[str, int] | None]] = [(n, None) for n in bundled_names(house=True)]
    cases += [("call-ace", {"players": 5}), ("call-ace", {"players": 6})]
    if args.variants:
        cases = [(n, o) for n, o in cases if n in args.variants]
    draws = [0]
    real_try = WorldSampler._try

    def counted(self: WorldSampler, *a: Any, **k: Any) -> Any:
        draws[0] += 1
        return real_try(self, *a, **k)

    WorldSampler._try = counted  # type: ignore[method-assign]
    for name, options in cases:
        rules = load_rules(name, options)
        started = time.process_time()
        worlds = total = 0
        worst = (0, -1)
        failed = []
        for seed in range(*args.seeds):
            rng = random.Random(seed)
            state = rules.deal(rng, rng.randrange(rules.players), deal_number=1 + rng.randrange(3))
            try:
                while True:
                    for seat in range(rules.players):
                        draws[0] = 0
                        state.resample(seat, rng)
                        worlds += 1
                        total += draws[0]
                        worst = max(worst, (draws[0], seed))
                    if state.is_over:
                        break
                    state.apply(rng.choice(state.legal_actions()))
            except NoWorld:
                failed.append((seed, seat, len(state.history)))
        label = f"{name}{options or ''}"
        print(
            f"{label}: {worlds} worlds, {total / max(worlds, 1):.2f} draws a world, worst {worst[0]} "
            f"(seed {worst[1]}), NoWorld {failed or 'never'}, {time.process_time() - started:.1f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
