#!/usr/bin/env python3
"""Instructions a random euchre hand costs, engine against yardstick, counted by Valgrind.

CPU time on a shared machine moves with the load; an instruction count does not.
This runs each side in a child process under `valgrind --tool=callgrind` twice,
once playing no hand and once playing `--hands` hands, after the same untimed
warm-up (`--warm` hands of both sides, so the engine's memos are as full as in a
long run); the difference over `--hands` is the side's instructions a hand.

    python benchmarks/instructions.py [--hands 3000] [--warm 2000] [--json]

The sides:

- `engine`: `rules.deal(rng, dealer)`, then `st.apply(rng.choice(st.legal_actions()))`
  until the hand is over (throughput.py's per-decision loop);
- `play_out`: `rules.deal(rng, dealer).play_out(rng.choice)`, the same hands played
  in one call (throughput.py's batched loop, the yardstick's way);
- `yardstick`: benchmarks/euchre_yardstick.py's `random_hand`, the same hands;
- `draw`: the random draw both sides make and nothing else: the shuffle of the
  24 cards and one `rng.choice` over a list as long as each legal list of the
  same hands (their lengths are recorded first, untimed). A side's instructions
  minus the draw's is its own work.

The ratios printed are the yardstick's instructions over each engine loop's
(above 1.0x the engine is faster), as in throughput.py. The build measured (pure or
compiled) is the one `import interpreter` finds, as in throughput.py.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if importlib.util.find_spec("interpreter") is None:
    sys.path.insert(0, str(ROOT))

SIDES = ("engine", "play_out", "yardstick", "draw")


def _yardstick() -> object:
    spec = importlib.util.spec_from_file_location("euchre_yardstick", HERE / "euchre_yardstick.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def child(side: str, hands: int, warm: int, record: int) -> None:
    """Warm up, then play `hands` hands of `side` from seed 1 (what the parent counts).

    For the draw, the legal lists' lengths of the first `record` hands are recorded first
    (in both of the parent's runs alike, so they cancel out)."""
    from interpreter.variants import load_rules

    rules = load_rules("euchre")
    yardstick = _yardstick()
    rng = random.Random(99)
    for i in range(warm):
        st = rules.deal(rng, i % 4)
        while st.status is None:
            st.apply(rng.choice(st.legal_actions()))
        yardstick.random_hand(rng, i % 4)  # type: ignore[attr-defined]
    lengths: list[list[int]] = []
    if side == "draw":  # the legal lists' lengths of the very hands the other sides play
        rng = random.Random(1)
        for i in range(record):
            st = rules.deal(rng, i % 4)
            row = []
            while st.status is None:
                legal = st.legal_actions()
                row.append(len(legal))
                st.apply(rng.choice(legal))
            lengths.append(row)
    lists = [list(range(n)) for n in range(25)]
    options = [[lists[n] for n in row] for row in lengths[:hands]]
    rng = random.Random(1)
    choice = rng.choice
    if side == "engine":
        deal = rules.deal
        for i in range(hands):
            st = deal(rng, i % 4)
            while st.status is None:
                st.apply(choice(st.legal_actions()))
    elif side == "play_out":
        deal = rules.deal
        for i in range(hands):
            deal(rng, i % 4).play_out(choice)
    elif side == "yardstick":
        random_hand = yardstick.random_hand  # type: ignore[attr-defined]
        for i in range(hands):
            random_hand(rng, i % 4)
    else:
        shuffle = rng.shuffle
        for row in options:
            deck = list(range(24))
            shuffle(deck)
            for legal in row:
                choice(legal)


def count(side: str, hands: int, warm: int, record: int, valgrind: str) -> int:
    """The instructions a child process playing `hands` hands of `side` executes in all."""
    from callgrind import instructions  # beside this script (benchmarks/callgrind.py)

    args = ["--child", side, "--hands", str(hands), "--warm", str(warm), "--record", str(record)]
    return instructions([sys.executable, __file__, *args], valgrind=valgrind)


def build_kind() -> str:
    import interpreter.engine as engine

    return "compiled" if not str(engine.__file__).endswith(".py") else "pure"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000, help="hands counted per side (default 3000)")
    ap.add_argument("--warm", type=int, default=2000, help="untimed hands of both sides first (default 2000)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--child", choices=SIDES, help=argparse.SUPPRESS)
    ap.add_argument("--record", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.child, args.hands, args.warm, args.record)
        return 0
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("benchmarks/instructions.py needs Valgrind (`valgrind` on the PATH)", file=sys.stderr)
        return 1
    per_hand = {
        side: (
            count(side, args.hands, args.warm, args.hands, valgrind) - count(side, 0, args.warm, args.hands, valgrind)
        )
        / args.hands
        for side in SIDES
    }
    engine, play_out, yardstick, draw = (per_hand[s] for s in SIDES)
    out = {
        "hands": args.hands,
        "build": build_kind(),
        "instructions_per_hand": {s: round(v) for s, v in per_hand.items()},
        "own_work_per_hand": {s: round(per_hand[s] - draw) for s in SIDES if s != "draw"},
        "ratio": round(yardstick / engine, 3),
        "ratio_play_out": round(yardstick / play_out, 3),
    }
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"instructions a random euchre hand ({args.hands} hands, {out['build']} build, callgrind)")
    for side in SIDES:
        own = "" if side == "draw" else f"   own work (minus the draw): {per_hand[side] - draw:>9,.0f}"
        print(f"  {side:<10} {per_hand[side]:>9,.0f}{own}")
    print(f"euchre / yardstick, per-decision loop (legal_actions + apply): {out['ratio']:.3f}x")
    print(f"euchre / yardstick, play_out (a hand in one call):           {out['ratio_play_out']:.3f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
