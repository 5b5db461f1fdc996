#!/usr/bin/env python3
"""Decisions per second of the bots, on one core: above all `pimc` at K = 20 on euchre.

Each run plays whole hands of a variant with a bot (by its registry spec) at
seats 0 and 2 and the rule bot at seats 1 and 3, from fixed seeds, and times
only the measured bot's `act` calls in CPU time (`time.process_time`). Every
call counts as a decision, also the forced ones (one legal action, answered
at once), as a player would count them; the decisions with a real choice are
reported apart. Runs of the bots named are interleaved (bot A, bot B, bot A, …)
and the median of the runs is reported with its spread.

    python benchmarks/bots.py [--variant euchre] [--hands 40] [--runs 3] [--json] [SPEC ...]
    python benchmarks/bots.py --table N [--runs 3] [--warm 300] [--instructions] [--loop] [--json] [SPEC ...]

Default specs: `pimc:k=20`, `rules`, `rules-v1`.

`--table N` measures instead what `simulate --bots SPEC` costs: whole matches
with the bot at every seat, played and folded as `simulate VARIANT --bot SPEC
--jobs 1` plays and folds them (`simulate.play_one` a match, `Stats.add_match`;
no records kept) until N hands are played, against N hands of the raw random
loop of benchmarks/throughput.py (`st.apply(rng.choice(st.legal_actions()))`),
the two interleaved run by run in CPU time; it prints each side's hands/s and
the median ratio (bot hands/s over random hands/s) with its spread, and the build
it measured: in a virtualenv holding the compiled build (`TRICKSPEC_COMPILE=1 pip
install .`) the installed package is timed, as benchmarks/throughput.py does.
Before the clock both sides play `--warm` hands (default 300), untimed: the rules
are compiled, the bot's tables built and its memo of hand strengths filled as in
a long `simulate`, which amortizes those one-time costs over its thousands of
hands (`--warm 0` times them too). `--loop` times the bare hand loop instead
(`state.apply(bot.act(state, seat))` over dealt hands, no match around them:
what this benchmark measured before it measured `simulate`).

`--table N --instructions` counts the same in machine instructions with
Valgrind (`valgrind --tool=callgrind`) instead of timing it: each side runs in
a child process twice, after the same `--warm` hands of both sides, playing
no hand and N hands (for the bot: the matches that reach N hands); the
difference over the hands played is its instructions a hand (the load of a
shared machine does not move it; `--warm 0` counts a cold start).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import shutil
import statistics
import sys
import time
from pathlib import Path

# The checkout only when no TrickSpec is installed (see benchmarks/throughput.py).
if importlib.util.find_spec("interpreter") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.agents import make_agent  # noqa: E402
from interpreter.build import BUILD  # noqa: E402
from interpreter.rules import Rules  # noqa: E402
from interpreter.simulate import Setup, play_one, team_of_side  # noqa: E402
from interpreter.simulate_stats import Stats  # noqa: E402
from interpreter.variants import load_rules  # noqa: E402


def run(variant: str, spec: str, hands: int, seed: int) -> dict[str, float]:
    """One run: `hands` hands with `spec` at the even seats; its decisions and CPU seconds."""
    rules = load_rules(variant)
    bot = make_agent(spec, rng=random.Random(seed))
    other = make_agent("rules", rng=random.Random(seed + 1))
    rng = random.Random(seed)
    decisions = choices = 0
    spent = 0.0
    for number in range(hands):
        state = rules.deal(rng, number % rules.players)
        while not state.is_over:
            seat = state.turn
            if seat % 2 == 0:
                choices += len(state.legal_actions()) > 1
                start = time.process_time()
                action = bot.act(state, seat)
                spent += time.process_time() - start
                decisions += 1
            else:
                action = other.act(state, seat)
            state.apply(action)
    return {"decisions": decisions, "choices": choices, "seconds": spent}


def table_hands(rules: Rules, spec: str | None, hands: int, seed: int) -> int:
    """Play `hands` whole hands with `spec` at every seat (None: the raw random loop), dealt
    one after another with no match around them (`--loop`); the hands played."""
    rng = random.Random(seed)
    bots = [make_agent(spec, rng=random.Random(seed + s)) for s in range(rules.players)] if spec else []
    for number in range(hands):
        state = rules.deal(rng, number % rules.players)
        if bots:
            while state.status is None:
                seat = state.turn
                state.apply(bots[seat].act(state, seat))
        else:
            while state.status is None:
                state.apply(rng.choice(state.legal_actions()))
    return hands


def simulate_hands(variant: str, spec: str, hands: int, seed: int) -> int:
    """Matches with `spec` at every seat as `simulate VARIANT --bot SPEC --seed SEED --jobs 1`
    plays and folds them (no records kept), until `hands` hands are played; the hands played."""
    rules = load_rules(variant)
    setup = Setup(variant, (), (), (spec,) * rules.players, seed)
    stats = Stats(rules, setup)
    teams = team_of_side(rules, 0)
    stats.start()
    index = 0
    while stats.hands < hands:
        stats.add_match(play_one(setup, index, 0), teams)
        index += 1
    stats.stop()
    return stats.hands


def side_hands(variant: str, spec: str | None, hands: int, seed: int, loop: bool) -> int:
    """One side of the table: the raw random loop (spec None), the bot's bare hand loop
    (`loop`) or its matches as `simulate` plays them; the hands played."""
    if spec is None or loop:
        return table_hands(load_rules(variant), spec, hands, seed)
    return simulate_hands(variant, spec, hands, seed)


def table_run(variant: str, spec: str | None, hands: int, seed: int, loop: bool = False) -> float:
    """Hands/s of `hands` whole hands with `spec` at every seat (None: the raw random loop)."""
    load_rules(variant)
    start = time.process_time()
    played = side_hands(variant, spec, hands, seed, loop)
    return played / (time.process_time() - start)


WARM_SEED = 7  # the warm-up's hands (the timed and counted runs use seeds from 2000)


def warm_up(variant: str, specs: list[str], hands: int, loop: bool = False) -> None:
    """`hands` untimed hands of every side from the same seed (see the module docstring)."""
    if hands:
        for spec in [*specs, None]:
            side_hands(variant, spec, hands, WARM_SEED, loop)


def table_child(args: argparse.Namespace) -> None:
    """What the parent counts: the warm-up of every side (the specs and the random loop),
    then `--table` hands of `--table-child` (`random`: the raw random loop)."""
    warm_up(args.variant, args.specs, args.warm, args.loop)
    spec = args.table_child
    if args.table:
        side_hands(args.variant, None if spec == "random" else spec, args.table, 2000, args.loop)


def table_count(args: argparse.Namespace, spec: str, hands: int, valgrind: str) -> int:
    """The instructions of a child process playing the warm-up and `hands` hands of `spec`."""
    from callgrind import instructions  # beside this script (benchmarks/callgrind.py)

    child = ["--table-child", spec, "--table", str(hands), "--warm", str(args.warm), "--variant", args.variant]
    if args.loop:
        child.append("--loop")
    return instructions([sys.executable, __file__, *child, *args.specs], valgrind=valgrind)


def table_instructions(args: argparse.Namespace) -> int:
    """Instructions a hand of each spec at every seat and of the raw random loop (see the module docstring)."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("benchmarks/bots.py --instructions needs Valgrind (`valgrind` on the PATH)", file=sys.stderr)
        return 1
    per_hand = {}
    for spec in [*args.specs, "random"]:
        # the hands the counted child plays (a match is not cut short at N hands): played here too
        played = side_hands(args.variant, None if spec == "random" else spec, args.table, 2000, args.loop)
        counted = table_count(args, spec, args.table, valgrind) - table_count(args, spec, 0, valgrind)
        per_hand[spec] = counted / played
    report = {
        spec: {
            "variant": args.variant,
            "hands": args.table,
            "warm": args.warm,
            "instructions_per_hand": round(per_hand[spec]),
            "random_instructions_per_hand": round(per_hand["random"]),
            "ratio": round(per_hand["random"] / per_hand[spec], 3),
            "build": BUILD,
            "measured": "loop" if args.loop else "simulate",
        }
        for spec in args.specs
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for spec, row in report.items():
            print(
                f"{spec:>12} at every seat on {row['variant']}: {row['instructions_per_hand']:,} instructions a "
                f"hand against {row['random_instructions_per_hand']:,} random: {row['ratio']:.3f}x "
                f"({row['hands']} hands after {row['warm']} warm-up; {row['measured']}; "
                f"{row['build']} build, callgrind)"
            )
    return 0


def table(args: argparse.Namespace) -> int:
    """Bots at every seat against the raw random loop, interleaved (see the module docstring)."""
    warm_up(args.variant, args.specs, args.warm, args.loop)
    report = {}
    for spec in args.specs:
        ratios, bot_rates, random_rates = [], [], []
        for r in range(args.runs):
            order = [None, spec] if r % 2 == 0 else [spec, None]
            rates = {name: table_run(args.variant, name, args.table, 2000 + r, args.loop) for name in order}
            bot_rates.append(rates[spec])
            random_rates.append(rates[None])
            ratios.append(rates[spec] / rates[None])
        report[spec] = {
            "variant": args.variant,
            "hands_per_run": args.table,
            "runs": args.runs,
            "bot_hands_per_second": round(statistics.median(bot_rates)),
            "random_hands_per_second": round(statistics.median(random_rates)),
            "ratio": round(statistics.median(ratios), 3),
            "spread": [round(min(ratios), 3), round(max(ratios), 3)],
            "warm": args.warm,
            "build": BUILD,
            "measured": "loop" if args.loop else "simulate",
        }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for spec, row in report.items():
            print(
                f"{spec:>12} at every seat on {row['variant']}: {row['bot_hands_per_second']} hands/s against "
                f"{row['random_hands_per_second']} random: {row['ratio']:.3f}x "
                f"(median of {row['runs']}, spread {row['spread'][0]}–{row['spread'][1]}; "
                f"after {row['warm']} warm-up hands; {row['measured']}; {row['build']} build)"
            )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", default=["pimc:k=20", "rules", "rules-v1"])
    parser.add_argument("--variant", default="euchre")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--table", type=int, default=0, metavar="N", help="hands: bot at every seat vs random")
    parser.add_argument("--warm", type=int, default=300, help="--table: untimed hands of every side first")
    parser.add_argument("--instructions", action="store_true", help="--table: count instructions (callgrind)")
    parser.add_argument("--loop", action="store_true", help="--table: the bare hand loop, not simulate's matches")
    parser.add_argument("--table-child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.table_child:
        table_child(args)
        return 0
    if args.table:
        if args.specs == parser.get_default("specs"):
            args.specs = ["rules"]
        return table_instructions(args) if args.instructions else table(args)
    per_spec: dict[str, list[dict[str, float]]] = {s: [] for s in args.specs}
    for r in range(args.runs):
        for spec in args.specs:
            per_spec[spec].append(run(args.variant, spec, args.hands, seed=1000 + r))
    report = {}
    for spec, runs in per_spec.items():
        rates = [x["decisions"] / x["seconds"] for x in runs if x["seconds"] > 0]
        choice_rates = [x["choices"] / x["seconds"] for x in runs if x["seconds"] > 0]
        report[spec] = {
            "variant": args.variant,
            "hands_per_run": args.hands,
            "runs": args.runs,
            "decisions_per_run": runs[0]["decisions"],
            "choices_per_run": runs[0]["choices"],
            "decisions_per_second": round(statistics.median(rates), 1),
            "spread": [round(min(rates), 1), round(max(rates), 1)],
            "choices_per_second": round(statistics.median(choice_rates), 1),
        }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for spec, r in report.items():
            print(
                f"{spec:>12} on {r['variant']}: {r['decisions_per_second']:>10.1f} decisions/s "
                f"(median of {r['runs']}, spread {r['spread'][0]}–{r['spread'][1]}); "
                f"{r['choices_per_second']:.1f}/s of the {r['choices_per_run']} of {r['decisions_per_run']} "
                "with a choice"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
