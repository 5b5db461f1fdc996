"""Players: the agent registry, from the random bot to the search bot, and a person at a terminal.

Every agent has `act(state, seat) -> int` (the `Agent` protocol of
interpreter.match) and works for any variant through the State API alone.
Bots are named on the command line by a spec, `NAME` or `NAME:KEY=VALUE:…`
(`pimc:k=20:ms=50`); the registry below declares each kind's options, so the
command line, simulate and the docs never need to know them.

The bots' modules are imported when a bot of their kind is made (or its class is
named, `from interpreter.agents import PimcBot`), not with this package: the
registry lists every kind and its options without them, so `simulate --bots
rules,rules` does not load the search bot, nor `rich` (the terminal player's).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TextIO

from ..errors import TrickSpecError
from ..match import Agent

if TYPE_CHECKING:
    from .human import HumanAgent, InputClosed
    from .pimc import PimcBot
    from .random_bot import RandomBot
    from .rule_bot import RuleBot
    from .rule_bot_v1 import RuleBotV1

# The classes this package offers, by the module (beside it) that defines each: read on first
# use (`__getattr__`), so importing the registry costs none of them.
_LAZY = {
    "HumanAgent": "human",
    "InputClosed": "human",
    "PimcBot": "pimc",
    "RandomBot": "random_bot",
    "RuleBot": "rule_bot",
    "RuleBotV1": "rule_bot_v1",
}


def __getattr__(name: str) -> Any:
    """A bot class named from the package, imported then (PEP 562; kept as an attribute after)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # (as `from .module import name` does: `-X importtime` shows it, which import_module's does not)
    value = getattr(__import__(module, globals(), None, (name,), 1), name)
    globals()[name] = value
    return value


def _bot(name: str) -> Any:
    """The bot class `name` for the registry's builders: kept after its first import, so a
    match's bots (simulate makes four a match) pay a dict lookup, not an import each."""
    value = globals().get(name)
    return value if value is not None else __getattr__(name)


@dataclass(frozen=True)
class Option:
    """One option of a bot kind: its type (int or float), default, meaning and range (a choice
    among numbered ways has a greatest value: a number past it would silently mean the default)."""

    kind: type
    default: float
    help: str
    low: float = 0
    high: float | None = None  # None: no greatest value


@dataclass(frozen=True)
class AgentKind:
    """A bot kind of the registry: how to build it from a random source and its options."""

    name: str
    help: str
    build: Callable[[random.Random, dict[str, float]], Agent]
    options: dict[str, Option] = field(default_factory=dict)
    # Does the bot draw on its random source? One that never does is given `NO_DRAWS`
    # instead of a Random of its own when it is made from a seed (`make_agent(seed=...)`):
    # seeding a Random costs about 37k instructions, which `simulate` paid per bot per match.
    draws: bool = True


class _NoDraws(random.Random):
    """The random source of a bot kind that declares it never draws (`AgentKind.draws`): a
    draw raises, so a kind that draws after all fails loudly instead of sharing a stream."""

    def random(self) -> float:
        raise RuntimeError("this bot kind is declared not to draw on its random source (AgentKind.draws)")

    def getrandbits(self, k: int, /) -> int:
        raise RuntimeError("this bot kind is declared not to draw on its random source (AgentKind.draws)")


NO_DRAWS: random.Random = _NoDraws(0)


REGISTRY: dict[str, AgentKind] = {
    kind.name: kind
    for kind in (
        AgentKind("random", "any legal action, uniformly at random", lambda rng, o: _bot("RandomBot")(rng)),
        AgentKind(
            "rules",
            "a rule bot: trump-first hand strength, lone hands, card memory (any variant)",
            lambda rng, o: _bot("RuleBot")(),
            draws=False,
        ),
        AgentKind(
            "rules-v1",
            "the first rule bot, kept as a yardstick for the better one",
            lambda rng, o: _bot("RuleBotV1")(),
            draws=False,
        ),
        AgentKind(
            "pimc",
            "Perfect-Information Monte Carlo: k sampled worlds, each legal action rolled out",
            lambda rng, o: _bot("PimcBot")(
                rng,
                k=int(o["k"]),
                ms=o["ms"],
                infer=int(o["infer"]),
                kbid=int(o["kbid"]),
                roll=int(o["roll"]),
                iplay=int(o["iplay"]),
                foes=int(o["foes"]),
                trust=o["trust"],
                kmax=int(o["kmax"]),
                match=int(o["match"]),
                mates=int(o["mates"]),
                hidden=int(o["hidden"]),
                exact=int(o["exact"]),
                carry=int(o["carry"]),
                reuse=int(o["reuse"]),
                tbid=o["tbid"],
                tplay=o["tplay"],
                lone=int(o["lone"]),
                tauc=o["tauc"],
                endgame=int(o["endgame"]),
                traise=o["traise"],
                rmate=int(o["rmate"]),
                topen=o["topen"],
                tdopen=o["tdopen"],
            ),
            {
                "k": Option(int, 20, "worlds sampled a decision", low=1),
                "ms": Option(float, 0, "time budget of a decision in milliseconds (0: none; at least one world)"),
                "infer": Option(int, 8, "draws to find a world the others' bidding fits (1: no inference)", low=1),
                "kbid": Option(int, 0, "worlds a decision before the first card (0: k)"),
                "roll": Option(int, 1, "rollout card play: 1 the rule bot, 0 a cheaper greedy rule", high=1),
                "iplay": Option(
                    int, 0, "infer from card plays too (1: the card, 2: its kind) or bidding only (0)", high=2
                ),
                "foes": Option(int, 0, "infer from the other sides only (1) or every other seat (0)", high=1),
                "trust": Option(float, 0, "z-score the search needs to overrule the rule bot (0: search decides)"),
                "tbid": Option(float, 1, "trust's z-score for bids, orders, calls, discards (not alone; 0: none)"),
                "tplay": Option(float, -1, "trust's z-score in the card play (<0: trust)"),
                "topen": Option(float, -1, "tplay's z-score for the makers' opening lead (<0: tplay)"),
                "tdopen": Option(float, -1, "tplay's z-score for the defenders' opening lead (<0: tplay)"),
                "tauc": Option(float, -1, "trust's z-score for an auction's bids (<0: tbid)"),
                "traise": Option(float, -1, "tauc's z-score for a bid above the rule bot's (<0: tauc)"),
                "rmate": Option(
                    int, 0, "bidding rollouts: a teammate outbids our high bid only with a trick to spare (1)", high=1
                ),
                "kmax": Option(int, 0, "most worlds a close decision before the first card draws (0: kbid)"),
                "hidden": Option(int, 0, "others' hidden discards made as the rule bot would (1) or drawn (0)", high=1),
                "mates": Option(
                    int,
                    0,
                    "judge a teammate's bidding exactly (0), by its kind, pass or not (1), an auction bid"
                    " within a step of the model's (2), by the tricks its hand is worth (3), and its trump"
                    " by its strength there too (4)",
                    high=4,
                ),
                "match": Option(
                    int,
                    0,
                    "judge worlds by the chance to win the match: 1 always, 2 in a hand that can end it (0: points)",
                    high=2,
                ),
                "carry": Option(int, 0, "most fitting worlds carried from one card play to the next (0: off)", low=0),
                "reuse": Option(int, 0, "a world no draw fits: one that fitted before, not a looser one (1)", high=1),
                "exact": Option(int, 0, "tricks left at which a world is solved, not rolled out (0: off)", low=0),
                "lone": Option(int, 0, "bidding rollouts also played with our side alone, the better kept (1)", high=1),
                "endgame": Option(
                    int, 0, "tricks left from which a decision's worlds are solved, all actions at once (0: off)", low=0
                ),
            },
        ),
    )
}
KINDS = (*REGISTRY, "human")

__all__ = [
    "KINDS",
    "REGISTRY",
    "HumanAgent",
    "InputClosed",
    "PimcBot",
    "RandomBot",
    "RuleBot",
    "RuleBotV1",
    "draws",
    "make_agent",
    "parse_spec",
]


def parse_spec(spec: str) -> tuple[str, dict[str, float]]:
    """`NAME:KEY=VALUE:…` → the kind's name and its options (defaults filled in), checked."""
    name, *pairs = [part.strip() for part in spec.split(":")]
    if name == "human" and not pairs:
        return name, {}
    kind = REGISTRY.get(name)
    if kind is None:
        raise TrickSpecError(f"unknown agent kind '{name}' (expected one of: {', '.join(KINDS)})")
    options = {key: opt.default for key, opt in kind.options.items()}
    for pair in pairs:
        key, eq, text = pair.partition("=")
        key = key.strip()
        opt = kind.options.get(key)
        if opt is None or not eq:
            known = ", ".join(f"{k}=<{o.kind.__name__}> ({o.help})" for k, o in kind.options.items()) or "none"
            what = f"unknown option '{key}'" if opt is None else f"option '{key}' needs a value"
            raise TrickSpecError(f"{name}: {what}; options: {known}")
        try:
            value = float(opt.kind(text.strip()))
        except ValueError:
            raise TrickSpecError(f"{name}: {key}={text.strip()} is not a valid {opt.kind.__name__}") from None
        if value < opt.low:
            raise TrickSpecError(f"{name}: {key}={text.strip()} is below its least value {opt.kind(opt.low)}")
        if opt.high is not None and value > opt.high:
            raise TrickSpecError(
                f"{name}: {key}={text.strip()} is above its greatest value {opt.kind(opt.high)} ({opt.help})"
            )
        options[key] = value
    return name, options


def draws(spec: str) -> bool:
    """Does the bot of this spec draw on its random source (`AgentKind.draws`; a person does not)?"""
    name, _ = parse_spec(spec)
    return name != "human" and REGISTRY[name].draws


def make_agent(
    kind: str,
    *,
    rng: random.Random | None = None,
    seed: int | None = None,
    seat: int = 0,
    inp: TextIO | None = None,
    out: TextIO | None = None,
    show_history: bool = True,
) -> Agent:
    """An agent by its spec (`random`, `rules`, `pimc:k=20`, …; `human` for a person at the terminal).

    Its random source: `rng`, or else one seeded with `seed` (a kind that never draws gets
    `NO_DRAWS`, see `AgentKind.draws`), or else a fresh one."""
    name, options = parse_spec(kind)
    if name == "human":
        return _bot("HumanAgent")(seat, inp, out, show_history)
    agent_kind = REGISTRY[name]
    if rng is None:
        rng = NO_DRAWS if seed is not None and not agent_kind.draws else random.Random(seed)
    return agent_kind.build(rng, options)
