#!/usr/bin/env python3
"""Instructions a random euchre hand costs, engine against yardstick, counted by Valgrind.

CPU time on a shared machine moves with the load; an instruction count does not.
This runs each side in a child process under `valgrind --tool=callgrind` twice,
once playing no hand and once playing `--hands` hands, after the same untimed
warm-up (`--warm` hands of both sides, so the engine's memos are as full as in a
long run); the difference over `--hands` is the side's instructions a hand.

    python benchmarks/instructions.py [--hands 3000] [--warm 2000] [--draw choice|fast] [--pieces] [--json]
    python benchmarks/instructions.py --bytecodes [--hands 1000] [--warm 1000] [--draw choice|fast]

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

`--pieces` also cuts `play_out`'s own work where a hand's fixed work changes hands:
`deal` (the shuffle, the deal, the `State` and the first bidding step's start, less
the shuffle), `bidding` (play_out's bidding steps up to the first lead, less their
draw and the deal's own work) and the rest, the tricks and scoring (`play_out`'s own
work less both); pure build only (in the compiled build the draws this script makes
from Python cost more than the same draws called from C, so the pieces would not add
up). `--bytecodes` counts no instructions: it prints each Python function's bytecodes
and calls a hand (`sys.settrace`), the per-function split that callgrind cannot make
of pure Python (pure build only: compiled functions run none).

Every side draws with the generator `--draw` names (benchmarks/random_draw.py, as
throughput.py): `choice`, a plain `random.Random` (the default, the figures from
before the option), or `fast`, the same fair draw on one C-level `random()` each;
its `shuffle` and `choice` are what `rng.shuffle` and `rng.choice` mean above.

The ratios printed are the yardstick's instructions over each engine loop's
(above 1.0x the engine is faster), as in throughput.py. The build measured (pure or
compiled) is the one `import interpreter` finds, as in throughput.py.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if importlib.util.find_spec("interpreter") is None:
    sys.path.insert(0, str(ROOT))
if str(HERE) not in sys.path:  # (imported from elsewhere, as the tests do): the modules beside it
    sys.path.insert(0, str(HERE))

from random_draw import DEFAULT, DRAWS, generator  # noqa: E402  (beside this script)

from interpreter.build import BUILD  # noqa: E402

SIDES = ("engine", "play_out", "yardstick", "draw")
# --pieces: `play_out` cut where a hand's fixed work changes hands (each with its own draw)
PIECES = ("deal", "deal_draw", "bidding", "bidding_draw")


def _yardstick() -> object:
    import euchre_yardstick  # beside this script (benchmarks/euchre_yardstick.py)

    return euchre_yardstick


def child(side: str, hands: int, warm: int, record: int, draw: str = DEFAULT) -> None:
    """Warm up, then play `hands` hands of `side` from seed 1 (what the parent counts), every
    draw by the generator `draw` names.

    For the draw, the legal lists' lengths of the first `record` hands are recorded first
    (in both of the parent's runs alike, so they cancel out)."""
    from interpreter.variants import load_rules

    rules = load_rules("euchre")
    yardstick = _yardstick()
    rng = generator(draw, 99)
    for i in range(warm):
        st = rules.deal(rng, i % 4)
        while st.status is None:
            st.apply(rng.choice(st.legal_actions()))
        yardstick.random_hand(rng, i % 4)  # type: ignore[attr-defined]
    lengths: list[list[int]] = []
    if side in ("draw", "bidding_draw"):  # the legal lists' lengths of the very hands the other sides play
        rng = generator(draw, 1)
        for i in range(record):
            st = rules.deal(rng, i % 4)
            sizes = []
            while st.status is None and not (st.playing and side == "bidding_draw"):  # (bidding: to the first lead)
                offered = st.legal_actions()
                sizes.append(len(offered))
                st.apply(rng.choice(offered))
            lengths.append(sizes)
    lists = [list(range(n)) for n in range(25)]
    options = [[lists[n] for n in row] for row in lengths[:hands]]
    rng = generator(draw, 1)
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
    elif side == "deal":  # the shuffle, the deal, the State and the first bidding step's start
        deal = rules.deal
        for i in range(hands):
            deal(rng, i % 4)
    elif side == "bidding":  # the deal, then play_out's bidding steps up to the first lead (or the hand's end)
        deal = rules.deal
        phases = rules.phases
        for i in range(hands):
            st = deal(rng, i % 4)
            while st.status is None and not st.playing:
                phases[st.phase].play_out(st, choice)
    elif side == "yardstick":
        random_hand = yardstick.random_hand  # type: ignore[attr-defined]
        for i in range(hands):
            random_hand(rng, i % 4)
    elif side == "deal_draw":  # the deal's draw: the shuffle
        shuffle = rng.shuffle
        for _ in range(hands):
            deck = list(range(24))
            shuffle(deck)
    else:  # draw, bidding_draw: the shuffle and one choice per recorded list
        shuffle = rng.shuffle
        for row in options:
            deck = list(range(24))
            shuffle(deck)
            for legal in row:
                choice(legal)


def bytecodes(hands: int, warm: int, draw: str = DEFAULT) -> dict[str, dict[str, tuple[float, float]]]:
    """Per Python function, the bytecodes it executes itself and the calls made to it, a hand
    (`sys.settrace` with opcode events; no Valgrind), for `play_out` and for the yardstick.

    Callgrind cannot tell one pure-Python function from another (they all run in the
    interpreter's loop), so this is the per-function split: a Python call costs about
    1.1k instructions in this build and a bytecode a few dozen, which with the callgrind
    totals says where a hand's own work goes."""
    from collections import Counter
    from types import FrameType

    from interpreter.variants import load_rules

    rules = load_rules("euchre")
    yardstick = _yardstick()
    rng = generator(draw, 99)
    for i in range(warm):
        rules.deal(rng, i % 4).play_out(rng.choice)
    out: dict[str, dict[str, tuple[float, float]]] = {}
    ops: Counter[str] = Counter()
    calls: Counter[str] = Counter()

    def tracer(frame: FrameType, event: str, arg: object) -> object:
        code = frame.f_code
        key = f"{Path(code.co_filename).name}:{code.co_name}"
        if event == "call":
            calls[key] += 1
            frame.f_trace_opcodes = True
        elif event == "opcode":
            ops[key] += 1
        return tracer

    for side in ("play_out", "yardstick"):
        ops.clear()
        calls.clear()

        rng = generator(draw, 1)
        choice = rng.choice
        deal = rules.deal
        random_hand = yardstick.random_hand  # type: ignore[attr-defined]
        sys.settrace(tracer)  # type: ignore[arg-type]
        try:
            for i in range(hands):
                if side == "play_out":
                    deal(rng, i % 4).play_out(choice)
                else:
                    random_hand(rng, i % 4)
        finally:
            sys.settrace(None)
        out[side] = {key: (ops[key] / hands, calls[key] / hands) for key in sorted(ops, key=lambda k: (-ops[k], k))}
    return out


def count(side: str, hands: int, warm: int, record: int, valgrind: str, draw: str = DEFAULT) -> int:
    """The instructions a child process playing `hands` hands of `side` executes in all."""
    from callgrind import instructions  # beside this script (benchmarks/callgrind.py)

    args = ["--child", side, "--hands", str(hands), "--warm", str(warm), "--record", str(record), "--draw", draw]
    return instructions([sys.executable, __file__, *args], valgrind=valgrind)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000, help="hands counted per side (default 3000)")
    ap.add_argument("--warm", type=int, default=2000, help="untimed hands of both sides first (default 2000)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument(
        "--pieces",
        action="store_true",
        help="also split play_out's own work: the deal (with the State), the bidding to the first lead, the rest",
    )
    ap.add_argument(
        "--bytecodes",
        action="store_true",
        help="print each Python function's bytecodes and calls a hand (play_out, yardstick; no Valgrind)",
    )
    ap.add_argument(
        "--draw",
        choices=sorted(DRAWS),
        default=DEFAULT,
        help=f"the random draw of every side: choice (random.Random) or fast (random_draw.FastDraw); default {DEFAULT}",
    )
    ap.add_argument("--child", choices=SIDES + PIECES, help=argparse.SUPPRESS)
    ap.add_argument("--record", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.child, args.hands, args.warm, args.record, args.draw)
        return 0
    if args.bytecodes:
        if BUILD == "compiled":  # compiled functions run no bytecode: the table would miss them
            print(
                "benchmarks/instructions.py --bytecodes counts Python bytecode; the compiled build runs the"
                " engine as C: run it with the pure build (an editable install)",
                file=sys.stderr,
            )
            return 1
        table = bytecodes(args.hands, args.warm, args.draw)
        if args.json:
            print(json.dumps(table))
            return 0
        for side, rows in table.items():
            total = sum(ops for ops, _ in rows.values())
            print(f"{side}: {total:,.0f} bytecodes a hand ({args.hands} hands), per function (bytecodes, calls):")
            for key, (ops, calls) in rows.items():
                print(f"  {key:<48} {ops:>8.1f} {calls:>7.2f}")
        return 0
    if args.pieces and BUILD == "compiled":
        # the pieces subtract draws made from this script's Python loop, where the compiled
        # play_out calls the same draw from C for less: the bidding piece came out negative
        print(
            "benchmarks/instructions.py --pieces splits the pure build's work; in the compiled build its"
            " draws (called from Python here, from C in play_out) do not cancel: run it with the pure build",
            file=sys.stderr,
        )
        return 1
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("benchmarks/instructions.py needs Valgrind (`valgrind` on the PATH)", file=sys.stderr)
        return 1
    per_hand = {
        side: (
            count(side, args.hands, args.warm, args.hands, valgrind, args.draw)
            - count(side, 0, args.warm, args.hands, valgrind, args.draw)
        )
        / args.hands
        for side in SIDES
    }
    if args.pieces:
        for side in PIECES:
            per_hand[side] = (
                count(side, args.hands, args.warm, args.hands, valgrind, args.draw)
                - count(side, 0, args.warm, args.hands, valgrind, args.draw)
            ) / args.hands
    engine, play_out, yardstick, draw = (per_hand[s] for s in SIDES)
    out = {
        "hands": args.hands,
        "build": BUILD,
        "draw": args.draw,
        "instructions_per_hand": {s: round(v) for s, v in per_hand.items()},
        "own_work_per_hand": {s: round(per_hand[s] - draw) for s in SIDES if s != "draw"},
        "ratio": round(yardstick / engine, 3),
        "ratio_play_out": round(yardstick / play_out, 3),
    }
    if args.pieces:
        deal_own = per_hand["deal"] - per_hand["deal_draw"]
        bidding_own = per_hand["bidding"] - per_hand["bidding_draw"] - deal_own
        out["pieces_own_work_per_hand"] = {
            "deal": round(deal_own),
            "bidding": round(bidding_own),
            "tricks_and_scoring": round(play_out - draw - deal_own - bidding_own),
        }
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"instructions a random euchre hand ({args.hands} hands, {out['build']} build, draw {args.draw}, callgrind)")
    for side in SIDES:
        own = "" if side == "draw" else f"   own work (minus the draw): {per_hand[side] - draw:>9,.0f}"
        print(f"  {side:<10} {per_hand[side]:>9,.0f}{own}")
    print(f"euchre / yardstick, per-decision loop (legal_actions + apply): {out['ratio']:.3f}x")
    print(f"euchre / yardstick, play_out (a hand in one call):           {out['ratio_play_out']:.3f}x")
    if args.pieces:
        print("play_out's own work by piece (each less its own draw; the bidding's hands stop at the first lead):")
        for piece, own in out["pieces_own_work_per_hand"].items():
            print(f"  {piece:<20} {own:>9,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
