#!/usr/bin/env python3
"""Instructions each piece of a random euchre hand's bidding costs, counted by Valgrind.

`instructions.py` counts a whole hand; this counts one function at a time, in the
same hands (`play_out(rng.choice)` from seed 1 after the same warm-up), so each piece
of the bidding (from the `State`'s construction to the first lead) has a number.

How a Python function is counted in plain Python 3.11 (whose Python-to-Python calls
run in one C frame, so callgrind cannot tell them apart): the function under test is
called through `contextvars.Context.run`, a C function (`context_run`) nothing else on
a hand's path calls, and callgrind collects only inside it
(`--collect-atstart=no --toggle-collect=context_run`). So the count is the function's
inclusive cost, with everything it calls. The random draws it makes are left out: its
`choose` calls `rng.choice` through `functools.reduce` (`functools_reduce`, a second
toggle: callgrind does not toggle again on a nested entry of the same function), which
switches the collection off for the draw; what is left of a call to `choose` (the call of the
router and its test, measured by the `choose` row, an empty target calling `choose`
once) is subtracted per decision. Every piece runs in its own child process, counted
with `--hands` hands (less what one run with no hand collects: nothing is expected).

    python benchmarks/bidding_profile.py [--hands 1000] [--warm 1000] [--only NAME ...]

The yardstick's bidding is its `play_hand` cut after the alone decision (its source,
cut in memory when the profile runs: the same lines, nothing of the play).
"""

from __future__ import annotations

import argparse
import contextvars
import importlib.util
import inspect
import random
import shutil
import sys
from collections.abc import Callable
from functools import reduce
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if importlib.util.find_spec("interpreter") is None:
    sys.path.insert(0, str(ROOT))

# name -> (module, attribute path): the functions counted one at a time
TARGETS: dict[str, tuple[str, str]] = {
    "bidding": ("", ""),  # the State's first phase walk (in __init__) + the bidding loop to the first lead
    "first advance": ("interpreter.engine", "State.advance@init"),
    "bidding loop": ("", ""),  # the phases' play_out calls up to the first lead
    "State.advance": ("interpreter.engine", "State.advance"),
    "OrderUp.begin": ("interpreter.phases.order_up", "OrderUp.begin"),
    "OrderUp.play_out": ("interpreter.phases.order_up", "OrderUp.play_out"),
    "OrderUp._pickups": ("interpreter.phases.order_up", "OrderUp._pickups"),
    "OrderUp._pick_up": ("interpreter.phases.order_up", "OrderUp._pick_up"),
    "NameTrump.begin": ("interpreter.phases.name_trump", "NameTrump.begin"),
    "NameTrump.play_out": ("interpreter.phases.name_trump", "NameTrump.play_out"),
    "NameTrump.apply": ("interpreter.phases.name_trump", "NameTrump.apply"),
    "Alone.begin": ("interpreter.phases.alone", "Alone.begin"),
    "Alone.play_out": ("interpreter.phases.alone", "Alone.play_out"),
    "State._start_play": ("interpreter.engine", "State._start_play"),
    "State.finish_redeal": ("interpreter.engine", "State.finish_redeal"),
    "hand (play_out)": ("", ""),  # the whole of State.play_out
    "empty": ("", ""),  # calibration: an empty function through the wrapper
    "choose": ("", ""),  # calibration: one call of `choose` (the draw switched off)
    "yardstick bidding": ("", ""),
    "yardstick play_hand": ("", ""),
}

INSIDE = [False]  # is a counted function running (then `choose` switches the collection off)
CALLS = [0, 0]  # calls of the target, decisions inside it


def _yardstick() -> Any:
    import euchre_yardstick  # beside this script (benchmarks/euchre_yardstick.py)

    return euchre_yardstick


def _yardstick_bidding(module: Any) -> Callable[..., Any]:
    """The yardstick's play_hand up to its alone decision (its own lines, cut here)."""
    source = inspect.getsource(module.play_hand)
    cut = source.index("    partner = (maker + 2) % 4")
    code = source[:cut].replace("def play_hand(", "def bidding_hand(") + "    return maker, trump, alone\n"
    namespace = dict(vars(module))
    exec(compile(code, "<yardstick bidding>", "exec"), namespace)
    return namespace["bidding_hand"]  # type: ignore[no-any-return]


def _counted(fn: Callable[..., Any], when: Callable[..., bool] | None = None) -> Callable[..., Any]:
    """`fn` called through Context.run (callgrind collects inside it), counting its calls."""

    def wrapper(*args: Any) -> Any:
        if when is not None and not when(*args):
            return fn(*args)
        if not COUNTING[0]:
            return fn(*args)
        CALLS[0] += 1
        INSIDE[0] = True
        try:
            return contextvars.Context().run(fn, *args)
        finally:
            INSIDE[0] = False

    return wrapper


COUNTING = [False]


def child(name: str, hands: int, warm: int) -> None:
    from interpreter.engine import State
    from interpreter.variants import load_rules

    rules = load_rules("euchre")
    yardstick = _yardstick()
    rng = random.Random(99)
    for i in range(warm):
        rules.deal(rng, i % 4).play_out(rng.choice)
        yardstick.random_hand(rng, i % 4)
    rng = random.Random(1)
    choice = rng.choice
    draw = lambda _, legal: choice(legal)  # noqa: E731 - run by functools.reduce: the collection off

    def choose(legal: list[int]) -> int:
        if INSIDE[0]:
            CALLS[1] += 1
            return reduce(draw, (legal,), None)  # type: ignore[no-any-return]
        return choice(legal)

    module_name, path = TARGETS[name]
    if module_name:
        module = importlib.import_module(module_name)
        owner_name, _, attr = path.partition(".")
        attr, _, flag = attr.partition("@")
        owner = getattr(module, owner_name)
        orig = getattr(owner, attr)
        when = (lambda st: st.phase == -1) if flag == "init" else None
        setattr(owner, attr, _counted(orig, when))
    phases = rules.phases

    def bid_loop(st: State, choose: Callable[[list[int]], int]) -> None:
        while not st.playing and st.status is None:
            phases[st.phase].play_out(st, choose)

    counted_loop = _counted(bid_loop)
    deal = rules.deal
    COUNTING[0] = hands > 0
    if name in ("bidding", "bidding loop"):
        if name == "bidding":
            State.advance = _counted(State.advance, lambda st: st.phase == -1)  # type: ignore[method-assign]
        for i in range(hands):
            st = deal(rng, i % 4)
            counted_loop(st, choose)
            st.play_out(choose)
    elif name == "hand (play_out)":
        counted = _counted(State.play_out)
        for i in range(hands):
            counted(deal(rng, i % 4), choose)
    elif name == "empty":
        empty = _counted(lambda: None)
        for _ in range(hands):
            empty()
    elif name == "choose":
        legal = [0, 1]
        one = _counted(lambda: choose(legal))
        for _ in range(hands):
            one()
    elif name.startswith("yardstick"):
        play = _yardstick_bidding(yardstick) if name == "yardstick bidding" else yardstick.play_hand
        counted_play = _counted(play)
        for i in range(hands):
            hands_, upcard = yardstick.deal(rng, i % 4)
            counted_play(hands_, upcard, i % 4, choose)
    else:
        for i in range(hands):
            deal(rng, i % 4).play_out(choose)
    COUNTING[0] = False
    print(f"CALLS {CALLS[0]} {CALLS[1]}")


def count(name: str, hands: int, warm: int, valgrind: str) -> tuple[int, int, int]:
    """(instructions collected inside the target, its calls, the decisions inside it)."""
    from callgrind import profiled  # beside this script (benchmarks/callgrind.py)

    return profiled(
        __file__, [name, "--hands", str(hands), "--warm", str(warm)], ("context_run", "functools_reduce"), valgrind
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--warm", type=int, default=1000)
    ap.add_argument("--only", nargs="*", help="count only these targets (names as printed)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.child, args.hands, args.warm)
        return 0
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("benchmarks/bidding_profile.py needs Valgrind (`valgrind` on the PATH)", file=sys.stderr)
        return 1
    names = ["empty", "choose", *(n for n in args.only or TARGETS if n not in ("empty", "choose"))]
    base: dict[str, float] = {}
    print(f"inclusive instructions, random draws left out ({args.hands} hands after {args.warm}, pure euchre)")
    total0, _, _ = count("empty", 0, args.warm, valgrind)  # what is collected with no hand (none expected)
    print(f"collected with no hand: {total0:,}")
    print(f"{'function':<22} {'a hand':>9} {'calls a hand':>13} {'a call':>9} {'decisions a hand':>17}")
    for name in names:
        total, calls, decisions = count(name, args.hands, args.warm, valgrind)
        raw = total - total0
        if name == "empty":
            base["empty"] = raw / max(calls, 1)
            print(f"{name:<22} {'':>9} {'':>13} {base['empty']:>9,.0f}   (the wrapper's share of a counted call)")
            continue
        if name == "choose":
            base["choose"] = raw / max(calls, 1) - base["empty"]
            print(f"{name:<22} {'':>9} {'':>13} {base['choose']:>9,.0f}   (a decision's share, left out below)")
            continue
        own = raw - decisions * base["choose"]  # a call's own cost (about the `empty` row) stays in
        per_hand = own / args.hands
        print(
            f"{name:<22} {per_hand:>9,.0f} {calls / args.hands:>13.2f} {own / max(calls, 1):>9,.0f}"
            f" {decisions / args.hands:>17.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
