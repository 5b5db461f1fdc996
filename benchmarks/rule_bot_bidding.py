#!/usr/bin/env python3
"""Instructions each kind of the rule bot's bidding decisions costs, counted by Valgrind.

`bots.py --table --instructions` counts a whole table hand; this counts the rule bot's
bidding decisions one kind at a time, in the same matches (`simulate euchre --bots
rules,rules` as `bots.py --table` plays them: `--warm` hands from seed 7, then `--hands`
hands from seed 2000), so each kind has a figure a call and a hand:

- order: a seat not the dealer asked to order the upcard's suit or pass;
- order dealer: the dealer asked the same;
- discard: the dealer's discard after a pick-up;
- alone: alone or together;
- call: naming trump (a contract or a pass).

A decision is the bot's `act_among(state, seat, legal)` (the match loop makes the legal
list, so it is not counted), called through `contextvars.Context.run`, a C function
(`context_run`) nothing else on a hand's path calls; callgrind collects only inside it
(`--collect-atstart=no --toggle-collect=context_run`), so a figure is the whole decision
with all it calls. The wrapper's own share (an empty function called the same way) is
taken off each call. Every kind runs in its own child process.

    python benchmarks/rule_bot_bidding.py [--hands 300] [--warm 300] [--only KIND ...]
"""

from __future__ import annotations

import argparse
import contextvars
import importlib.util
import shutil
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if importlib.util.find_spec("interpreter") is None:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))  # bots.py, beside this script

KINDS = ("order", "order dealer", "discard", "alone", "call")


def kind_of(state: Any, seat: int, legal: list[int]) -> str:
    """The kind of the decision `act_among` is asked (see the module docstring; "play" and
    "other" are not counted)."""
    if state.playing:
        return "play"
    c = state.rules.codec
    if c.ORDER in legal:
        return "order dealer" if seat == state.dealer else "order"
    if c.DISCARD <= legal[0] < c.DISCARD + c.n_cards:
        return "discard"
    if c.ALONE in legal and c.TOGETHER in legal:
        return "alone"
    if c.CALL <= legal[-1] < c.BID:
        return "call"
    return "other"


def child(kind: str, hands: int, warm: int, variant: str) -> None:
    """Play the warm-up, then `hands` hands with the decisions of `kind` counted (`empty`: an
    empty function called `hands` times the same way); print the calls and hands played."""
    import bots

    from interpreter.agents.rule_bot import RuleBot

    among = RuleBot.act_among
    counting = [False]
    calls = [0]

    def counted(self: RuleBot, state: Any, seat: int, legal: list[int]) -> int:
        if counting[0] and kind_of(state, seat, legal) == kind:
            calls[0] += 1
            return contextvars.Context().run(among, self, state, seat, legal)  # type: ignore[no-any-return]
        return among(self, state, seat, legal)

    RuleBot.act_among = counted  # type: ignore[method-assign]
    if warm:
        bots.simulate_hands(variant, "rules", warm, 7)
    counting[0] = True
    played = 0
    if kind == "empty":
        for _ in range(hands):
            calls[0] += 1
            contextvars.Context().run(lambda: None)
        played = hands
    elif hands:
        played = bots.simulate_hands(variant, "rules", hands, 2000)
    print(f"CALLS {calls[0]} {played}")


def count(kind: str, hands: int, warm: int, variant: str, valgrind: str) -> tuple[int, int, int]:
    """(instructions collected inside the counted calls, the calls, the hands played)."""
    from callgrind import profiled  # beside this script (benchmarks/callgrind.py)

    return profiled(
        __file__, [kind, "--hands", str(hands), "--warm", str(warm), "--variant", variant], ("context_run",), valgrind
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--warm", type=int, default=300)
    ap.add_argument("--variant", default="euchre")
    ap.add_argument("--only", nargs="*", choices=KINDS, help="count only these kinds")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.child, args.hands, args.warm, args.variant)
        return 0
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("benchmarks/rule_bot_bidding.py needs Valgrind (`valgrind` on the PATH)", file=sys.stderr)
        return 1
    total, calls, _ = count("empty", 1000, 0, args.variant, valgrind)
    empty = total / max(calls, 1)
    print(f"the rule bot's bidding on {args.variant}, {args.hands} hands after {args.warm} (pure, callgrind)")
    print(f"{'kind':<14} {'calls a hand':>13} {'a call':>9} {'a hand':>9}")
    whole = 0.0
    for kind in args.only or KINDS:
        total, calls, played = count(kind, args.hands, args.warm, args.variant, valgrind)
        own = total - calls * empty
        whole += own / max(played, 1)
        print(f"{kind:<14} {calls / max(played, 1):>13.2f} {own / max(calls, 1):>9,.0f} {own / max(played, 1):>9,.0f}")
    print(f"{'the bidding':<14} {'':>13} {'':>9} {whole:>9,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
