#!/usr/bin/env python3
"""Where could `pimc` still win points? Diagnostic ceilings, deal by deal against the default.

Each configuration is the default `pimc` with ONE part of its decisions made
differently, played over the same single deals as benchmarks/duplicate_hands.py
(deal `m` of seed S, each played with the tested side on either side against
`rules`):

- `base`: the default `pimc` everywhere;
- `oracle-bid`: a `pimc` whose worlds are all the real deal (it sees every hand:
  a diagnostic, not a bot) for the decisions before the first card;
- `oracle-def` / `oracle-make`: the real deal for the card play only when its side
  defends / made trump;
- `oracle-lone`: the real deal for the card play only when defending against a
  lone hand;
- `oracle-order`, `oracle-call`, `oracle-discard`, `oracle-alone`, `oracle-bid`'s
  kinds one at a time (`kind_of`): the real deal for that kind of decision only;
- `bid:SPEC` / `play:SPEC`: another `pimc` spec before the first card / in the play;
- `post-bid` / `post-play`: `pimc:infer=300` (worlds fitted to the bidding with up
  to 300 draws: nearer the exact posterior) before the first card / in the play.

A ceiling is how much better than `base` a part could do with perfect (or
nearer-exact) knowledge: the gap worth attacking. Each configuration's values
per deal go to `--out` (JSON lines), so runs of several processes can be paired
afterwards (`--pair FILE...`, deals of several seeds pooled; `--start M` goes on from deal M).

    python benchmarks/pimc_ceilings.py CONFIG [CONFIG ...] --deals 150 --seed 1000 --out ceil.jsonl
    python benchmarks/pimc_ceilings.py --pair ceil.jsonl [more.jsonl ...]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.agents import make_agent  # noqa: E402
from interpreter.agents.pimc import PimcBot  # noqa: E402
from interpreter.engine import State  # noqa: E402
from interpreter.match import Agent  # noqa: E402
from interpreter.rules import Rules  # noqa: E402
from interpreter.variants import load_rules  # noqa: E402
from interpreter.worlds import WorldSampler  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from duplicate_hands import paired_deal  # noqa: E402

Part = Callable[[State, int], bool]


class OracleBot(PimcBot):
    """A diagnostic `pimc` whose one world is the real deal: it reads every hand (never a bot)."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, k=1, tbid=0)  # one world: a margin (tbid, its default 1) would always keep the rule bot
        self._truth: State | None = None

    def act(self, state: State, seat: int) -> int:
        self._truth = state
        return super().act(state, seat)

    def _likely_world(self, sampler: WorldSampler, seat: int) -> State:
        assert self._truth is not None
        return self._truth.clone()


class Mixed:
    """`special` for the decisions `part` picks, `default` for the rest."""

    def __init__(self, special: Agent, default: Agent, part: Part) -> None:
        self.special, self.default, self.part = special, default, part

    def act(self, state: State, seat: int) -> int:
        return (self.special if self.part(state, seat) else self.default).act(state, seat)


def bidding(state: State, seat: int) -> bool:
    return not state.playing


def defending(state: State, seat: int) -> bool:
    side = state.rules.side_of
    return state.playing and side[state.maker] != side[seat]


def making(state: State, seat: int) -> bool:
    side = state.rules.side_of
    return state.playing and side[state.maker] == side[seat]


def against_lone(state: State, seat: int) -> bool:
    return defending(state, seat) and bool(state.alone)


def playing(state: State, seat: int) -> bool:
    return state.playing


def kind_of(state: State, word: str) -> bool:
    """Is the decision to take one of kind `word`: `order` (order up or pass), `call` (name a
    trump or pass), `bid` (an auction's bid or pass), `discard`, `alone` (alone or together);
    in the card play `lead1` (the hand's first lead), `lead` (a later lead) or `follow`, each
    with `-make` (the seat's side made trump) or `-def` (it defends): `lead1-make`?"""
    if state.playing:
        return play_kind(state) == word
    c = state.rules.codec
    legal = state.legal_actions()
    if word == "order":
        return c.ORDER in legal
    if word == "call":
        return any(c.CALL <= a < c.BID for a in legal)
    if word == "bid":
        return any(c.BID <= a < c.ACE for a in legal)
    if word == "discard":
        return any(c.DISCARD <= a < c.DISCARD + c.n_cards for a in legal)
    return word == "alone" and c.ALONE in legal and c.TOGETHER in legal


KINDS = ("order", "call", "bid", "discard", "alone") + tuple(
    f"{k}-{r}" for k in ("lead1", "lead", "follow") for r in ("make", "def")
)


def kinds(words: list[str], config: str) -> list[str]:
    """`words` checked against `kind_of`'s (a misspelt kind would silently pick no decision)."""
    wrong = [w for w in words if w not in KINDS]
    if wrong:
        raise SystemExit(f"unknown configuration {config!r}: no kind {wrong[0]!r}; kinds: {', '.join(KINDS)}")
    return words


def play_kind(state: State) -> str:
    """The card play's kind of decision for the seat to act (`kind_of`'s play words)."""
    side = state.rules.side_of
    role = "make" if side[state.maker] == side[state.turn] else "def"
    if state.led >= 0:
        return f"follow-{role}"
    return f"lead1-{role}" if state.played == 0 else f"lead-{role}"


def build(config: str, rng: random.Random) -> Agent:
    base = make_agent("pimc", rng=rng)
    if config == "base":
        return base
    if config.startswith("pimc"):  # any other spec of pimc, compared with the default
        return make_agent(config, rng=rng)
    if config.startswith("rules-"):  # the rule bot takes one kind of decision, pimc the rest
        words = kinds(config[6:].split("+"), config)
        return Mixed(make_agent("rules"), base, lambda state, seat: any(kind_of(state, w) for w in words))
    if config.startswith("oracle-"):
        parts: dict[str, Part] = {"bid": bidding, "def": defending, "make": making, "lone": against_lone}
        word = config[7:]
        if word not in parts:
            kinds([word], config)
        part = parts.get(word) or (lambda state, seat: kind_of(state, word))
        return Mixed(OracleBot(random.Random(rng.random())), base, part)
    if config.startswith(("bid:", "play:")):  # another pimc spec for one part, the default for the rest
        where, spec = config.split(":", 1)
        return Mixed(make_agent(spec, rng=random.Random(rng.random())), base, bidding if where == "bid" else playing)
    if config.startswith("post-"):
        part = {"bid": bidding, "play": playing}[config[5:]]
        return Mixed(make_agent("pimc:infer=300", rng=random.Random(rng.random())), base, part)
    raise SystemExit(f"unknown configuration {config!r}")


def deal_value(rules: Rules, config: str, m: int, seed: int) -> float:
    """Deal `m` played both ways (duplicate_hands.paired_deal): the tested side's points minus the other's."""
    return paired_deal(rules, lambda rng: build(config, rng), "rules", m, seed)


def interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("inf")
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] ({len(values)} deals)"


def pair(files: list[str]) -> None:
    values: dict[str, dict[tuple[int, int], float]] = {}
    for name in files:
        for line in Path(name).read_text().splitlines():
            row = json.loads(line)
            # deals of several seeds pool: a deal is its seed and number (rows without a seed: one seed)
            values.setdefault(row["config"], {})[(row.get("seed", 0), row["deal"])] = row["value"]
    base = values.get("base", {})
    for config, per in values.items():
        print(f"{config}: vs rules {interval(list(per.values()))}")
        common = sorted(set(per) & set(base))
        if config != "base" and len(common) > 1:
            print(f"  minus base, deal by deal: {interval([per[m] - base[m] for m in common])}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("configs", nargs="*")
    parser.add_argument("--variant", default="euchre")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="the first deal (a stopped run goes on from there)")
    parser.add_argument("--out", default="")
    parser.add_argument("--pair", nargs="+", default=[])
    args = parser.parse_args()
    if args.pair:
        pair(args.pair)
        return 0
    rules = load_rules(args.variant)
    out = open(args.out, "a") if args.out else None  # noqa: SIM115
    for m in range(args.start, args.deals):
        for config in args.configs:
            value = deal_value(rules, config, m, args.seed)
            if out is not None:
                out.write(json.dumps({"config": config, "seed": args.seed, "deal": m, "value": value}) + "\n")
                out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
