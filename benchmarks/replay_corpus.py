#!/usr/bin/env python3
"""A random corpus of hand records, to show that a refactoring changes no result.

`generate` plays matches of every bundled variant and house rule (and each value of
their options) between random bots and writes every hand as a hand record carrying
its result under `expect`. `check` replays every record of such a file with the
current code and compares the results. Generate the corpus from the code before a
change, check it after:

    python benchmarks/replay_corpus.py generate /tmp/corpus.jsonl [--hands 5000]
    python benchmarks/replay_corpus.py check /tmp/corpus.jsonl

`check` exits 1 and names the first differing records if any result changed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.agents import RandomBot  # noqa: E402
from interpreter.errors import TrickSpecError  # noqa: E402
from interpreter.match import play_match  # noqa: E402
from interpreter.records import replay_record  # noqa: E402
from interpreter.rules import Rules  # noqa: E402
from interpreter.variants import bundled_names, load_rules  # noqa: E402


def setups() -> list[tuple[str, list[str], dict[str, int]]]:
    """(variant, overlays, options) for every bundled variant, every house rule on euchre,
    and every declared value of every option (one option at a time)."""
    out: list[tuple[str, list[str], dict[str, int]]] = []
    targets = [(name, []) for name in bundled_names()]
    targets += [("euchre", [name]) for name in bundled_names(house=True) if name.startswith("house/")]
    for variant, overlays in targets:
        rules = load_rules(variant, {}, overlays)
        out.append((variant, overlays, {}))
        for option, declared in rules.model.options.items():  # a range: its ends and their neighbours
            for value in declared.samples():
                if value != declared.default:
                    out.append((variant, overlays, {option: value}))
    return out


def generate(path: Path, hands: int, seed: int) -> int:
    """Write about `hands` records (whole matches, capped per match), spread over every setup."""
    master = random.Random(seed)
    written = 0
    lines: list[str] = []
    for number in itertools.count():
        if written >= hands:
            break
        todo = setups()
        variant, overlays, options = todo[number % len(todo)]
        rules: Rules = load_rules(variant, options, overlays)
        agents = [RandomBot(random.Random(master.getrandbits(64))) for _ in range(rules.players)]
        match = play_match(
            rules, agents, random.Random(master.getrandbits(64)), max_hands=30, variant=variant, overlays=overlays
        )
        for hand in match.hands[: hands - written]:
            record = dict(hand.record)
            if options:
                record["options"] = {**record.get("options", {}), **options}
            record["expect"] = hand.result
            lines.append(json.dumps(record))
            written += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return written


def check(path: Path) -> int:
    """Replay each record; the number of records whose result differs from `expect`."""
    differ = 0
    total = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        total += 1
        record: dict[str, Any] = json.loads(line)
        expect = record.pop("expect")
        try:
            got: Any = replay_record(record).result
        except TrickSpecError as err:
            got = f"error: {err}"
        if got != expect:
            differ += 1
            if differ <= 10:
                print(f"record {number} ({record['variant']} {record.get('trickspec', {})}): {expect} -> {got}")
    print(f"{total} records replayed, {differ} results differ")
    return differ


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="play random matches and write their records with results")
    gen.add_argument("out", type=Path)
    gen.add_argument("--hands", type=int, default=5000)
    gen.add_argument("--seed", type=int, default=1)
    chk = sub.add_parser("check", help="replay a corpus and compare every result")
    chk.add_argument("corpus", type=Path)
    args = ap.parse_args(argv)
    if args.command == "generate":
        print(f"{generate(args.out, args.hands, args.seed)} records written to {args.out}")
        return 0
    return 1 if check(args.corpus) else 0


if __name__ == "__main__":
    sys.exit(main())
