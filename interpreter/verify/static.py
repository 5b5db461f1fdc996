"""Static checks of `trickspec verify`: what can be proved from the compiled spec alone.

Loading (YAML, schema, compile) already refuses most mistakes at the first
one; here we add the checks that need the spec as a whole, by reasoning over
the compiled `Rules` instead of playing hands:

- the bidding phases are walked symbolically (which contract kinds, makers and
  bids a hand can end with; which phases can never run; which paths end
  without a contract and without an `all_pass` rule);
- every reachable hand outcome is enumerated (tricks split, alone or not,
  contract value, no-trump or not, option values…) and the scoring rows are
  evaluated on it, exactly as `Rules.score_hand` would: an outcome that no row
  scores is an error, a row that is never the first to match is a warning;
- the match end is tried against the largest score change a hand can make.

Nothing here looks at a variant's name, a suit or a card: every fact comes
from the compiled tables and phase objects.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import TRUMP_BONUS
from ..compiler import compile_rules
from ..dsl import CompiledExpr
from ..errors import SpecError
from ..names import CARD_FUNCTIONS, HAND_SCOPE, NAMES, SIDE_SCOPE, leading_run
from ..phases.base import Reach, Walk
from ..rules import GAMES_COUNTER, SIDE_NAMES, Rules
from ..spec.yaml_loader import LoadedYaml
from ..variants import compile_document, load_document, relocate
from .report import ERROR, WARNING, Finding, Report, located

MATCH_END_HANDS = 1000  # how many hands of the largest score change the match end is tried over
MAX_OPTION_COMBOS = 256  # option value combinations tried (the product can grow fast)
SHOWN_OUTCOMES = 3  # uncovered outcomes named in one finding


# =========================================================================
# loading


@dataclass
class Loaded:
    """The merged document and one compiled `Rules` per allowed number of players."""

    doc: LoadedYaml
    rules: list[Rules]
    fixed: dict[str, int]  # options the caller chose (--set): not varied


def load(spec: str, options: dict[str, int], rule_files: Sequence[str], report: Report) -> Loaded | None:
    """Load, check the schema and compile, for every player count the spec allows.

    Compiling once per player count catches what the default count hides (an
    odd count with partnerships, say). Every failure becomes one error finding.
    """
    try:
        doc = load_document(spec, rule_files)
        first = compile_document(doc, options)
    except SpecError as err:
        for each in getattr(err, "errors", None) or [err]:  # every schema problem, where several
            report.add(_spec_finding(each, spec))
        return None
    report.variant = first.name
    compiled = [first]
    players_opt = first.model.players_option
    if players_opt is not None and players_opt not in options:
        for value in first.model.options[players_opt].every():
            if value == first.players:
                continue
            try:
                compiled.append(compile_rules(doc, {**options, players_opt: value}))
            except SpecError as err:
                found = _spec_finding(relocate(err, doc), spec)
                report.add(
                    Finding(
                        ERROR,
                        f"with {players_opt}={value}: {found.message}",
                        found.hint,
                        found.file,
                        found.line,
                        found.column,
                        "load",
                    )
                )
    compiled.sort(key=lambda r: r.players)
    return Loaded(doc, compiled, dict(options))


def _spec_finding(err: SpecError, spec: str) -> Finding:
    return Finding(ERROR, err.message, err.hint, err.file or spec, err.line, err.column, "load")


# =========================================================================
# deal and card orders


def check_deal(loaded: Loaded, report: Report) -> None:
    """Re-check from the compiled tables that every allowed player count can be dealt."""
    for rules in loaded.rules:
        need = rules.players * rules.hand_tricks + (1 if rules.upcard else 0)
        if rules.hand_tricks < 1 or need > rules.deck.size:
            report.add(
                located(
                    loaded.doc,
                    ["deal"],
                    ERROR,
                    f"with {rules.players} players the deal needs {need} cards but the deck has {rules.deck.size}",
                    "deal fewer cards, or add ranks or suits to the deck",
                    "deal",
                )
            )


def check_orders(loaded: Loaded, report: Report) -> None:
    """Under every contract, every card follows a real suit and no two cards of a suit tie.

    A tie would make a trick's winner depend on the order the cards were played
    in; a trump that is not above every plain card could lose to the led suit.
    """
    rules = loaded.rules[0]
    deck = rules.deck
    names = deck.names()
    n_suits = len(deck.suits)
    for contract in rules.contracts:
        groups: dict[int, dict[int, int]] = {}
        for card in range(deck.size):
            follow = contract.follow[card]
            if deck.is_joker(card) and contract.trump < 0 and follow == contract.ruff == n_suits:
                continue  # at no-trump the joker is a suit of its own, the only trump (cards.no_trump_contract)
            if not 0 <= follow < n_suits:
                report.add(
                    located(
                        loaded.doc,
                        ["ranking"],
                        ERROR,
                        f"under the contract '{contract.name}' the card {names[card]} follows no suit",
                        "every card must belong to a suit (the joker to the trump suit)",
                        "orders",
                    )
                )
                continue
            seen = groups.setdefault(follow, {})
            power = contract.power[card]
            if power in seen:
                report.add(
                    located(
                        loaded.doc,
                        ["ranking"],
                        ERROR,
                        f"under the contract '{contract.name}', {names[seen[power]]} and {names[card]} "
                        f"are equally strong in {deck.suit_word(follow)}",
                        "list every rank exactly once in each order",
                        "orders",
                    )
                )
            seen[power] = card
        if contract.trump >= 0:
            trumps = [contract.power[c] for c in range(deck.size) if contract.follow[c] == contract.trump]
            plain = [contract.power[c] for c in range(deck.size) if contract.follow[c] != contract.trump]
            if trumps and plain and (min(trumps) <= max(plain) or min(trumps) < TRUMP_BONUS):
                report.add(
                    located(
                        loaded.doc,
                        ["ranking", "trump"],
                        ERROR,
                        f"under the contract '{contract.name}' a trump is not above every plain card",
                        None,
                        "orders",
                    )
                )


# =========================================================================
# bidding paths


@dataclass(frozen=True)
class Terminal:
    """How a hand can leave bidding with a contract: who made it and what kind."""

    has_maker: bool
    no_trump: bool
    bids: tuple[int, ...]  # possible values of `contract` (the winning bid; (0,) without an auction)
    fixed_by: str  # the id of the phase that fixed the contract (the `fixed_by` name)


@dataclass
class Bidding:
    """The bidding's terminals, and what the declarations can make of a hand (`reach`).

    It holds a `Reach` rather than extending it: the compiled build (mypyc) makes `Reach`
    a native class, which an interpreted class cannot subclass."""

    terminals: set[Terminal] = field(default_factory=set)
    reach: Reach = field(default_factory=Reach)


def check_bidding(loaded: Loaded, report: Report) -> Bidding:
    """Walk the phase list over every branch (someone bids / all pass) of every phase.

    The list is linear and each phase asks each player a bounded number of
    times, so a hand cannot loop; what can go wrong is a phase that never runs,
    or a path that ends with no contract and no rule saying what then.
    """
    rules = loaded.rules[0]
    doc = loaded.doc
    bidding = rules.phases[: rules.first_declaration]
    ran = [False] * len(bidding)
    states = {Walk(None, False, (), "")}
    for i, phase in enumerate(bidding):
        nxt: set[Walk] = set()
        for s in states:
            if s.contract is not None:
                nxt.add(s)
                continue
            gate = rules.phase_gates[i]
            if gate is not None and gate.constant is False:
                nxt.add(s)  # never offered
                continue
            runs, paths = phase.walk(s, rules.deck.jokers > 0)
            ran[i] = ran[i] or runs
            nxt.update(paths)
            if gate is not None and gate.constant is not True:
                nxt.add(s)  # not offered in this hand
        states = nxt
    for i, phase in enumerate(bidding):
        if ran[i]:
            continue
        gate = rules.phase_gates[i]
        if gate is not None and gate.constant is False:
            report.add(
                located(
                    doc,
                    ["bidding", i],
                    WARNING,
                    f"bidding phase '{phase.id}' can never run: its `when` is always false",
                    "write a condition that can hold, or remove the phase",
                    "bidding",
                )
            )
            continue
        severity, message, hint = phase.never_runs(list(bidding[:i])) or (
            WARNING,
            f"bidding phase '{phase.id}' can never run: the phases before it always fix the contract",
            "remove it, or let an earlier phase end without a contract (all pass)",
        )
        report.add(located(doc, ["bidding", i], severity, message, hint, "bidding"))
    for i, phase in enumerate(rules.phases):
        choice_if = getattr(phase, "choice_if", None)  # a condition on an answer (order_up, name_trump, alone)
        if choice_if is not None and choice_if.constant is False:
            place: list[str | int] = (
                ["bidding", i] if i < rules.first_declaration else ["declarations", i - rules.first_declaration]
            )
            report.add(
                located(
                    doc,
                    place,
                    WARNING,
                    f"phase '{phase.id}': its `choice_if` is always false, so no player may ever give any answer "
                    "but pass (or, going alone, together)",
                    "write a condition that can hold, or remove `choice_if`",
                    "bidding",
                )
            )
    result = Bidding()
    for s in states:
        if s.contract is None:
            if s.maker:
                report.add(
                    located(
                        doc,
                        ["bidding"],
                        ERROR,
                        "the auction's winner never names a contract: such hands end with no trump and are redealt",
                        "add `- name_trump: {who: maker, choices: [suits]}` after the auction",
                        "bidding",
                    )
                )
            else:
                after = f" after every player passes in '{s.passed}'" if s.passed else ""
                report.add(
                    located(
                        doc,
                        ["bidding"],
                        ERROR,
                        f"bidding can end with no contract{after}, and no phase says what happens then",
                        "end the bidding with a `name_trump` phase whose `all_pass` is redeal, "
                        "dealer_must_name or {contract: NAME}",
                        "bidding",
                    )
                )
            continue
        bids = s.bids if s.bids and s.maker else (0,)
        result.terminals.add(Terminal(s.maker, s.contract == "nt", bids, s.fixed))
    if not result.terminals:
        report.add(
            located(
                doc,
                ["bidding"],
                ERROR,
                "no hand can ever be played: every bidding path ends in a redeal",
                "let some player fix a contract (order_up, name_trump, auction)",
                "bidding",
            )
        )
    has_maker = any(t.has_maker for t in result.terminals)
    for j, phase in enumerate(rules.phases[rules.first_declaration :]):
        if not has_maker:
            report.add(
                located(
                    doc,
                    ["declarations", j],
                    WARNING,
                    f"declaration '{phase.id}' can never run: no hand has a maker",
                    "declarations are asked only in hands with a maker",
                    "bidding",
                )
            )
            continue
        gate = rules.phase_gates[rules.first_declaration + j]
        if gate is not None and gate.constant is False:
            report.add(
                located(
                    doc,
                    ["declarations", j],
                    WARNING,
                    f"declaration '{phase.id}' can never run: its `when` is always false",
                    "write a condition that can hold, or remove the phase",
                    "bidding",
                )
            )
            continue
        phase.reach(result.reach)
    return result


# =========================================================================
# outcomes of a hand


# How the outcome space covers each name (names.NAMES, column `verify`).
SEAT_NAMES = frozenset(n for n, row in NAMES.items() if row.verify == "seat")
RUN_NAMES = frozenset(n for n, row in NAMES.items() if row.verify == "run")
MODELLED = frozenset(n for n, row in NAMES.items() if row.verify != "type" and row.scopes & {HAND_SCOPE, SIDE_SCOPE})
MAX_SEQUENCE_TRICKS = 12  # trick runs are enumerated over all 2**hand_tricks win sequences
COUNTER_ROUNDS = 8  # hands of counter changes followed to find the values a counter can hold
MAX_COUNTER_VALUES = 16


def score_exprs(rules: Rules) -> list[CompiledExpr]:
    """Every expression of the scoring table (awards and counter changes) and of the match end."""
    exprs: list[CompiledExpr] = []
    for row in rules.scoring:
        exprs += [e for e in (row.when, row.makers, row.defenders, row.each) if e is not None]
        for _, *awards in getattr(row, "counters", ()):
            exprs += [e for e in awards if e is not None]
    exprs += [rule.winner_if for rule in rules.match_end]
    if rules.games is not None:
        exprs += [rules.games.winner_if, rules.games.carry]
    return exprs


def _constants(exprs: Sequence[CompiledExpr]) -> tuple[set[int], set[str]]:
    """Numbers and texts written in the expressions: the boundaries worth trying for unmodelled names."""
    ints: set[int] = set()
    strs: set[str] = set()
    for e in exprs:
        text = e.source
        strs |= {a or b for a, b in re.findall(r'"([^"]*)"|\'([^\']*)\'', text)}
        text = re.sub(r'"[^"]*"|\'[^\']*\'', " ", text)
        ints |= {int(x) for x in re.findall(r"(?<![\w.])\d+(?![\w.])", text)}
    return ints, strs


def _near(values: set[int]) -> set[int]:
    return {v + d for v in values for d in (-1, 0, 1)}


class Space:
    """Every outcome of a hand the bidding and declarations allow, as expression envs.

    The envs hold the names of docs/expressions.md (as `Rules.hand_env` and the
    side binding do). Only what an expression reads is enumerated: seats when a
    seat name is read (else one representative seating), the order of tricks
    when a trick run is read (else one outcome per count), the hand's number
    and counters over the values that matter. A name this model does not know
    is tried over the values its type allows, near the constants written.
    """

    def __init__(self, rules: Rules, bidding: Bidding, fixed: dict[str, int]) -> None:
        self.rules = rules
        self.bidding = bidding
        exprs = score_exprs(rules)
        self.names = frozenset(n for e in exprs for n in e.names)
        self.terminals = sorted(
            {t if "fixed_by" in self.names else replace(t, fixed_by="") for t in bidding.terminals},
            key=lambda t: (t.has_maker, t.no_trump, t.bids, t.fixed_by),
        )
        ints, strs = _constants(exprs)
        declared = rules.model.options
        compiled_in = rules.model.players_option  # one Space per count
        self.varied = [
            k for k in declared if k in self.names and k not in fixed and k in rules.options and k != compiled_in
        ]
        option_values = {v for k in self.varied for v in declared[k].samples()} | {
            rules.options[k] for k in rules.options if k in self.names
        }
        self.deals = sorted(v for v in {1} | _near(ints | option_values) if v >= 1)
        self.counter_values: dict[str, list[int]] = {c: [start] for c, start in rules.counters.items()}
        counter_names = {f"{t}.{c}" for c in rules.counters for t in ("makers", "defenders", "side")}
        types = {**SIDE_NAMES}
        self.extra: dict[str, tuple[Any, ...]] = {}
        for name in sorted(self.names - MODELLED - counter_names - set(rules.options)):
            kind = types.get(name, "int")
            card_values = self.card_values(name)
            if card_values is not None:
                self.extra[name] = card_values
            elif kind == "bool":
                self.extra[name] = (False, True)
            elif kind == "str":
                self.extra[name] = ("", *sorted(strs))
            else:
                self.extra[name] = tuple(sorted({0, 1} | _near(ints)))
        self._grow_counters()

    def card_values(self, name: str) -> tuple[Any, ...] | None:
        """A card function's values (held("A"), holder_of("JS")): counts 0..a hand, seats and -1; None if not one."""
        row = CARD_FUNCTIONS.get(name.split("(", 1)[0]) if name.endswith(")") else None
        if row is None:
            return None
        if row.result == "any":
            return (False, True)
        if row.result == "seat":
            return tuple(range(-1, self.rules.players))
        return tuple(range(self.rules.hand_tricks + 1))

    # -- options
    def option_envs(self) -> list[dict[str, int]]:
        """Every combination of the values of the options the scoring and match end read."""
        declared = self.rules.model.options
        values = [list(declared[k].samples()) for k in self.varied]
        out = []
        for combo in itertools.islice(itertools.product(*values), MAX_OPTION_COMBOS):
            env = dict(self.rules.options)
            env.update(zip(self.varied, combo, strict=True))
            out.append(env)
        return out

    # -- hand names
    def hand_envs(self, opt_env: dict[str, int]) -> Iterator[dict[str, Any]]:
        rules = self.rules
        names = self.names
        n = rules.players
        dealers = range(n) if "dealer" in names else (0,)
        deals = self.deals if "deals" in names else (1,)
        counters = [
            (f"{t}.{c}", self.counter_values[c])
            for c in rules.counters
            for t in ("makers", "defenders")
            if f"{t}.{c}" in names
        ]
        extra = [(k, v) for k, v in self.extra.items() if not k.startswith("side.")]
        free = [name for name, _ in counters + extra]
        free_values = list(itertools.product(*[v for _, v in counters + extra]))
        for t in self.terminals:
            for dealer in dealers:
                base: dict[str, object] = dict(opt_env)
                base.update(
                    {
                        "players": n,
                        "hand_tricks": rules.hand_tricks,
                        "dealer": dealer,
                        "no_trump": t.no_trump,
                        "fixed_by": t.fixed_by,
                    }
                )
                for seating in self._seatings(t, dealer):
                    for split in self._splits(t.has_maker):
                        for deal in deals:
                            for values in free_values:
                                env = dict(base)
                                env.update(seating)
                                env.update(split)
                                env["deals"] = deal
                                env.update(zip(free, values, strict=True))
                                yield env

    def _seatings(self, t: Terminal, dealer: int) -> Iterator[dict[str, Any]]:
        rules, bidding, names = self.rules, self.bidding, self.names
        if not t.has_maker:
            yield {
                "maker": -1,
                "has_maker": False,
                "contract": 0,
                "contract_value": 0,
                "bid": "",
                "alone": False,
                "defender_alone": False,
                "lone_defender": -1,
                "partner": -1,
            }
            return
        n = rules.players
        makers = range(n) if names & (SEAT_NAMES - {"dealer"}) else ((dealer + 1) % n,)
        alones = (False, True) if bidding.reach.alone_maker else (False,)
        for maker, (bid, value, word), alone in itertools.product(makers, self._bids(t), alones):
            for partner in self._partners(maker, alone):
                for lone in self._lone_defenders(maker, partner):
                    yield {
                        "maker": maker,
                        "has_maker": True,
                        "contract": bid,
                        "contract_value": value,
                        "bid": word,
                        "alone": alone,
                        "defender_alone": lone >= 0,
                        "lone_defender": lone,
                        "partner": partner,
                    }

    def _bids(self, t: Terminal) -> list[tuple[int, int, str]]:
        """(contract, contract_value, bid) a hand of this terminal can have: every auction bid
        of its tricks (and of its kind of contract, when the bid fixes one), when those names are read."""
        plain = [(bid, bid, str(bid) if bid else "") for bid in t.bids]
        if not self.names & {"contract_value", "bid"}:
            return plain
        rules = self.rules
        codec = rules.codec
        out = []
        for phase in rules.phases:
            for row in getattr(phase, "bids", ()):
                if row.tricks not in t.bids:
                    continue
                if row.contract >= 0 and (rules.contracts[row.contract].trump < 0) != t.no_trump:
                    continue
                out.append((row.tricks, row.value, codec.to_str(row.action)[4:]))
        return sorted(set(out)) or plain

    def _partners(self, maker: int, alone: bool) -> list[int]:
        rules = self.rules
        if not self.bidding.reach.partner or alone:
            return [-1]
        others = [s for s in range(rules.players) if s != maker]
        if "partner" not in self.names:
            away = [s for s in others if rules.side_of[s] != rules.side_of[maker]]
            others = (away or others)[:1]
        return others

    def _lone_defenders(self, maker: int, partner: int) -> list[int]:
        rules = self.rules
        if not self.bidding.reach.defender_alone:
            return [-1]
        team = {rules.side_of[maker]} | ({rules.side_of[partner]} if partner >= 0 else set())
        seats = [s for s in range(rules.players) if rules.side_of[s] not in team and s != partner]
        if "lone_defender" not in self.names:
            seats = seats[:1]
        return [-1, *seats]

    def _splits(self, has_maker: bool) -> Iterator[dict[str, int]]:
        """Tricks of the two teams; with trick runs read, every order in which they fell."""
        hand = self.rules.hand_tricks
        runs = bool(self.names & RUN_NAMES) and hand <= MAX_SEQUENCE_TRICKS
        if not runs:
            for taken in range(hand + 1) if has_maker else (0,):
                yield {"makers.tricks": taken, "defenders.tricks": hand - taken}
            return
        sequences = itertools.product((True, False), repeat=hand) if has_maker else [(False,) * hand]
        for seq in sequences:
            taken = sum(seq)
            yield {
                "makers.tricks": taken,
                "defenders.tricks": hand - taken,
                "makers.first_tricks": leading_run(seq, True),
                "defenders.first_tricks": leading_run(seq, False),
                "makers.last_tricks": leading_run(seq[::-1], True),
                "defenders.last_tricks": leading_run(seq[::-1], False),
            }

    # -- side names
    def side_envs(self, env: dict[str, Any], score: int) -> Iterator[tuple[bool, dict[str, Any]]]:
        """For one hand outcome: each side's possible `side.*` names, and whether it is on the maker's team."""
        rules, bidding = self.rules, self.bidding
        side_of = rules.side_of
        maker, partner = env["maker"], env["partner"]
        team = set()
        if maker >= 0:
            team.add(side_of[maker])
            if partner >= 0:
                team.add(side_of[partner])
        lone_side = side_of[env["lone_defender"]] if env["lone_defender"] >= 0 else -1
        n_team = len(team)
        n_def = rules.n_sides - n_team
        side_extra = [(k, v) for k, v in self.extra.items() if k.startswith("side.")]
        for side in range(rules.n_sides):
            is_maker = side in team
            total = env["makers.tricks"] if is_maker else env["defenders.tricks"]
            alone = (is_maker and env["alone"] and side == side_of[maker]) or side == lone_side
            sole = (n_team if is_maker else n_def) == 1
            counters = []
            for c, known in self.counter_values.items():
                if f"side.{c}" not in self.names:
                    continue
                team_name = f"{'makers' if is_maker else 'defenders'}.{c}"
                counters.append((f"side.{c}", [env[team_name]] if sole and team_name in env else known))
            won_game = [("side.won_game", [False, True])] if "side.won_game" in self.names else []
            free = counters + won_game + side_extra
            outs = (False, True) if bidding.reach.fold and maker >= 0 and not is_maker else (False,)
            for out in outs:
                if out:
                    if sole and total:
                        continue
                    tricks_range: Sequence[int] = (0,)
                else:
                    tricks_range = (total,) if sole else range(total + 1)
                for tricks in tricks_range:
                    for values in itertools.product(*[v for _, v in free]):
                        side_env = dict(env)
                        side_env.update(
                            {
                                "side.tricks": tricks,
                                "side.score": score,
                                "side.is_maker": is_maker,
                                "side.out": out,
                                "side.alone": alone,
                            }
                        )
                        side_env.update(zip([k for k, _ in free], values, strict=True))
                        yield is_maker, side_env

    # -- counters
    def _grow_counters(self) -> None:
        """The values each counter can hold: follow its changes from the start, a few hands deep."""
        rules = self.rules
        if not rules.counters:
            return
        if rules.games is not None:  # a game won adds one; a match has at most a few (over-approximated)
            self.counter_values[GAMES_COUNTER] = list(range(MAX_COUNTER_VALUES))
        scores = self._counter_scores()
        for _ in range(COUNTER_ROUNDS):
            grown = False
            found: dict[str, set[int]] = {c: set(v) for c, v in self.counter_values.items()}
            for opt_env in self.option_envs():
                for env in self.hand_envs(opt_env):
                    row = first_row(rules, env)
                    if row is None:
                        continue
                    for name, makers, defenders, each in getattr(row, "counters", ()):
                        for is_maker, side_env in (e for score in scores for e in self.side_envs(env, score)):
                            delta = 0
                            if makers is not None and is_maker:
                                delta += makers.fn(env)
                            if defenders is not None and not is_maker:
                                delta += defenders.fn(env)
                            if each is not None:
                                delta += each.fn(side_env)
                            for base in _bases(name, is_maker, env, side_env, self.counter_values[name]):
                                found[name].add(base + delta)
            for c, values in found.items():
                if len(values) > len(self.counter_values[c]) and len(values) <= MAX_COUNTER_VALUES:
                    self.counter_values[c] = sorted(values)
                    grown = True
            if not grown:
                return

    def _counter_scores(self) -> list[int]:
        """The side scores a counter's change is tried with: the start score, and when a change reads
        `side.score`, the scores a match can reach near the numbers written (in the direction scores move).

        A counter that grows with the score (`each: "1 if side.score >= 5 else 0"`) would otherwise
        never grow in this model, and a match end reading it would be reported as never holding.
        """
        rules = self.rules
        start = rules.start_score
        changes = [e for row in rules.scoring for _, *aw in row.counters for e in aw if e is not None]
        if not any("side.score" in e.names for e in changes):
            return [start]
        ints, _ = _constants(changes)
        option_values = {v for k, opt in rules.model.options.items() for v in opt.samples()}
        up = down = 0
        for opt_env in self.option_envs():
            deltas, _ = _deltas(self, opt_env)
            up = max([up, *deltas])
            down = min([down, *deltas])
        near = _near(ints | option_values)
        return sorted({start} | {v for v in near if (up > 0 and v > start) or (down < 0 and v < start)})


def _bases(name: str, is_maker: bool, env: dict[str, Any], side_env: dict[str, Any], values: list[int]) -> list[int]:
    """The counter value a change applies to: the side's own when known, else the team's, else any."""
    if f"side.{name}" in side_env:
        return [side_env[f"side.{name}"]]
    team = f"{'makers' if is_maker else 'defenders'}.{name}"
    return [env[team]] if team in env else list(values)


def first_row(rules: Rules, env: dict[str, Any]) -> Any:
    return next((r for r in rules.scoring if r.when is None or r.when.fn(env)), None)


def describe(env: dict[str, Any], shown: Sequence[str]) -> str:
    """An outcome in words, naming only what the rows read."""
    parts: list[str] = []
    has_maker = env.get("has_maker", True)
    if "has_maker" in shown or not has_maker:
        parts.append("there is a maker" if has_maker else "nobody is the maker")
    if has_maker:
        if "makers.tricks" in shown:
            parts.append(f"the makers take {_tricks(env['makers.tricks'])}")
        elif "defenders.tricks" in shown:
            parts.append(f"the defenders take {_tricks(env['defenders.tricks'])}")
        if "alone" in shown:
            parts.append("alone" if env["alone"] else "not alone")
        if "contract" in shown:
            parts.append(f"contract {env['contract']}")
        if "defender_alone" in shown:
            parts.append("a defender alone" if env["defender_alone"] else "no defender alone")
    elif "defenders.tricks" in shown:
        parts.append(f"the others take {_tricks(env['defenders.tricks'])}")
    if "no_trump" in shown:
        parts.append("no trump" if env["no_trump"] else "a trump suit")
    for name in ("dealer", "maker", "partner", "lone_defender"):
        if name in shown and env[name] >= 0:
            parts.append(f"{name.replace('_', ' ')} seat {env[name]}")
    if "players" in shown or "hand_tricks" in shown:
        parts.append(f"{env['players']} players, {_tricks(env['hand_tricks'])} a hand")
    done = {
        "has_maker",
        "makers.tricks",
        "defenders.tricks",
        "alone",
        "contract",
        "defender_alone",
        "no_trump",
        "dealer",
        "maker",
        "partner",
        "lone_defender",
        "players",
        "hand_tricks",
    }
    parts += [f"{k} = {json.dumps(env[k])}" for k in shown if k not in done and k in env]
    return ", ".join(parts) or "any hand"


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


# =========================================================================
# scoring table


@dataclass
class ScoringFacts:
    """What the scoring analysis learnt, for the dynamic run."""

    quiet_rows: set[int] = field(default_factory=set)  # rows already reported (or exempt): no "never fired"


def after_play_exprs(rules: Rules) -> Iterator[tuple[list[str | int], str, CompiledExpr]]:
    """Every expression read once the hand is played: (its path in the spec, what it is, it)."""
    awards = ("makers", "defenders", "each")
    for i, row in enumerate(rules.scoring):
        what = f"scoring row '{row.id}'"
        for key, expr in zip(("when", *awards), (row.when, row.makers, row.defenders, row.each), strict=True):
            if expr is not None:
                yield ["scoring", i, key], what, expr
        for counter, *changes in row.counters:
            for key, expr in zip(awards, changes, strict=True):
                if expr is not None:
                    yield ["scoring", i, "counters", counter, key], what, expr
        if row.cap is not None:
            for key, expr in zip(awards, row.cap, strict=True):
                if expr is not None:
                    yield ["scoring", i, "cap", key], what, expr
    for i, rule in enumerate(rules.match_end):
        yield ["match_end", i, "loser_if" if rule.loser else "winner_if"], "the match end", rule.winner_if
    if rules.games is not None:
        yield ["games", "winner_if"], "the game end", rules.games.winner_if
        yield ["games", "carry"], "the game end", rules.games.carry


def check_cards_after_play(loaded: Loaded, report: Report) -> None:
    """Warn where scoring (or a match or game end) reads the cards held now (`held`, `holds`,
    `holder_of`): it runs after play, when every card a player played is gone, so these nearly
    always read nothing (only a player who sat out, or a hand ended by a claim, still holds
    cards). The cards dealt are what such a rule means: `dealt`, `dealt_to`."""
    for path, what, expr in after_play_exprs(loaded.rules[0]):
        held = sorted({n.split("(", 1)[0] for n in expr.names if n.endswith(")") and _reads_held(n.split("(", 1)[0])})
        if not held:
            continue
        calls = " and ".join(f"{name}(...)" for name in held)
        report.add(
            located(
                loaded.doc,
                path,
                WARNING,
                f"{what} reads {calls}, the cards held now; it is read after play, when the cards played are "
                "gone (only a player who sat out, or a hand ended by a claim, still holds any)",
                "read the cards dealt instead: dealt(...) for held(...), dealt(...) >= 1 for holds(...), "
                "dealt_to(...) for holder_of(...)",
                "scoring",
            )
        )


def _reads_held(function: str) -> bool:
    row = CARD_FUNCTIONS.get(function)
    return row is not None and row.view == "held"


def check_scoring(loaded: Loaded, spaces: list[Space], report: Report) -> ScoringFacts:
    """Evaluate the rows on every reachable outcome: coverage (error) and shadowing (warning)."""
    doc = loaded.doc
    rows = loaded.rules[0].scoring
    shown = sorted({n for row in rows if row.when is not None for n in row.when.names})
    first_count = [0] * len(rows)
    always_before: list[frozenset[int] | None] = [None] * len(rows)
    firsts_before: list[set[int]] = [set() for _ in rows]
    uncovered: list[str] = []
    facts = ScoringFacts()
    for space in spaces:
        rules = space.rules
        for opt_env in space.option_envs():
            seen: set[tuple[Any, ...]] = set()
            for env in space.hand_envs(opt_env):
                key = tuple(env[n] for n in shown)
                if key in seen:
                    continue
                seen.add(key)
                matches = [i for i, row in enumerate(rules.scoring) if row.when is None or row.when.fn(env)]
                if not matches:
                    words = describe(env, shown)
                    if len(spaces) > 1:
                        words = f"{rules.players} players: {words}"
                    if words not in uncovered:
                        uncovered.append(words)
                    continue
                first_count[matches[0]] += 1
                for j in matches[1:]:
                    before = frozenset(k for k in matches if k < j)
                    prev = always_before[j]
                    always_before[j] = before if prev is None else prev & before
                    firsts_before[j].add(matches[0])
    if uncovered:
        more = len(uncovered) - SHOWN_OUTCOMES
        text = "; ".join(uncovered[:SHOWN_OUTCOMES]) + (f" (and {more} more outcomes)" if more > 0 else "")
        report.add(
            located(
                doc,
                ["scoring"],
                ERROR,
                f"no scoring row applies when {text}",
                "add an `otherwise: true` row at the end of the scoring table, or a row for these outcomes",
                "scoring",
            )
        )
    for j, row in enumerate(rows):
        if first_count[j]:
            continue
        facts.quiet_rows.add(j)
        if row.when is None and j == len(rows) - 1:
            continue  # a trailing `otherwise` kept as a safety net is fine
        shadow = always_before[j]
        shadowing: list[int] = []
        if shadow is None:
            reason = "its condition holds for no reachable outcome"
            hint = "check the condition against what a hand can end with, or remove the row"
        elif shadow:
            shadowing = [min(shadow)]
            reason = f"row '{rows[shadowing[0]].id}' above always matches first"
            hint = "move it above that row, narrow the rows above, or remove it"
        else:
            shadowing = sorted(firsts_before[j])
            ids = ", ".join(f"'{rows[k].id}'" for k in shadowing)
            reason = f"rows {ids} above always match first"
            hint = "move it above those rows, narrow them, or remove it"
        report.add(
            located(
                doc,
                _shadow_at(doc, j, shadowing),
                WARNING,
                f"scoring row '{row.id}' never applies: {reason}",
                hint,
                "scoring",
            )
        )
    return facts


def _shadow_at(doc: LoadedYaml, j: int, shadowing: Sequence[int]) -> list[str | int]:
    """Where a shadowed row is reported: the row itself, unless the top file added a row that shadows it.

    A base row shadowed by a row the overlay wrote is the overlay's doing: the
    warning points at the overlay's row, where the author can act.
    """
    own: list[str | int] = ["scoring", j]
    if doc.file_at(own) == doc.file:
        return own
    for k in shadowing:
        if doc.file_at(["scoring", k]) == doc.file:
            return ["scoring", k]
    return own


# =========================================================================
# match end


def check_match_end(loaded: Loaded, spaces: list[Space], report: Report) -> None:
    """Can some side ever satisfy each `winner_if`? Tried with the largest change a hand can make.

    Scores start at `start_score` and move by at most the largest positive (or
    negative) delta per hand; for k up to MATCH_END_HANDS hands of that change
    (or of no change: `deals` still counts) we test every rule on every side
    outcome the enumeration produced.
    """
    doc = loaded.doc
    first_rules = loaded.rules[0]
    failing: dict[int, list[str]] = {}
    tried = 0
    for i, rule in enumerate(first_rules.match_end):
        if rule.winner_if.constant is False:
            report.add(
                located(
                    doc,
                    ["match_end", i, "winner_if"],
                    WARNING,
                    f"match_end[{i}] never holds: its condition is always false",
                    "write a condition on side.score or side.tricks",
                    "match_end",
                )
            )
    for space in spaces:
        rules = space.rules
        for opt_env in space.option_envs():
            tried += 1
            deltas, sides = _deltas(space, opt_env)
            up = max((d for d in deltas if d > 0), default=0)
            down = min((d for d in deltas if d < 0), default=0)
            label = ", ".join(
                [f"{rules.players} players"] * (len(spaces) > 1) + [f"{k}={opt_env[k]}" for k in space.varied]
            )
            tests = [(i, rule.winner_if) for i, rule in enumerate(rules.match_end)]
            if rules.games is not None:
                tests.append((-1, rules.games.winner_if))  # -1: the game end (`games.winner_if`)
            for i, test in tests:
                if test.constant is False:
                    continue
                if not _reachable(test, sides, rules.start_score, up, down):
                    change = f"{down:+d}..{up:+d}" if up or down else "0"
                    failing.setdefault(i, []).append(
                        f"{label + ': ' if label else ''}a hand changes a score by {change}"
                    )
    for i, labels in failing.items():
        test = first_rules.games.winner_if if i < 0 and first_rules.games else first_rules.match_end[i].winner_if
        where: list[str | int] = ["games", "winner_if"] if i < 0 else ["match_end", i, "winner_if"]
        what = "games.winner_if" if i < 0 else f"match_end[{i}]"
        when = "" if len(labels) == tried else " in some settings"
        more = f" (and {len(labels) - SHOWN_OUTCOMES} more)" if len(labels) > SHOWN_OUTCOMES else ""
        report.add(
            located(
                doc,
                where,
                WARNING,
                f"{what} never holds{when}: '{test.source}' is still false after "
                f"{MATCH_END_HANDS} hands of the largest score change from start_score {first_rules.start_score} "
                f"({'; '.join(labels[:SHOWN_OUTCOMES])}{more})",
                "check the target against the points the scoring table gives and their direction",
                "match_end",
            )
        )


def _deltas(space: Space, opt_env: dict[str, int]) -> tuple[set[int], list[dict[str, Any]]]:
    """Every per-side score change the table can give, and every distinct side env (for `winner_if`)."""
    rules = space.rules
    deltas: set[int] = set()
    sides: dict[tuple[Any, ...], dict[str, Any]] = {}
    ends = [r.winner_if for r in rules.match_end] + ([rules.games.winner_if] if rules.games is not None else [])
    end_names = sorted({n for e in ends for n in e.names} - {"side.score", "deals"})
    for env in space.hand_envs(opt_env):
        row = first_row(rules, env)
        for is_maker, side_env in space.side_envs(env, rules.start_score):
            if row is not None:
                delta = 0
                if row.makers is not None and is_maker:
                    delta += row.makers.fn(env)
                if row.defenders is not None and not is_maker:
                    delta += row.defenders.fn(env)
                if row.each is not None:
                    delta += row.each.fn(side_env)
                deltas.add(delta)
            key = tuple(side_env[n] for n in end_names)
            sides.setdefault(key, side_env)
    return deltas, list(sides.values())


def score_change_bound(rules: Rules) -> int:
    """The largest |score change| one side can get in a hand, over every outcome the bidding
    and the scoring table allow (caps left out: they only lower gains); 0 when no hand is played.

    For tools that must declare a bound beforehand (the OpenSpiel game's utilities)."""
    report = Report(rules.name, rules.file)
    loaded = Loaded(load_document(rules.file, list(rules.house_rules)), [rules], dict(rules.options))
    bidding = check_bidding(loaded, report)
    if not bidding.terminals:
        return 0
    space = Space(rules, bidding, loaded.fixed)
    return max((abs(d) for env in space.option_envs() for d in _deltas(space, env)[0]), default=0)


def _reachable(test: CompiledExpr, sides: list[dict[str, Any]], start: int, up: int, down: int) -> bool:
    """True when after some k hands (score start + k × step, k deals) some side satisfies `test`."""
    fn: Callable[[dict[str, Any]], Any] = test.fn
    steps = sorted({0, up, down})
    counts_deals = "deals" in test.names
    for k in range(MATCH_END_HANDS + 1):
        for step in steps:
            if step == 0 and k and not counts_deals:
                continue  # the same scores as k = 0
            for env in sides:
                env["side.score"] = start + k * step
                env["deals"] = max(k, 1)
                if fn(env):
                    return True
    return False


# =========================================================================
# lead


def check_lead(loaded: Loaded, spaces: list[Space], report: Report) -> None:
    """A lead row whose `from` reads a role nobody may hold (`maker` where a hand is played with no
    maker) is reached in such a hand: the row then does not apply (the next one gives the lead)."""
    doc = loaded.doc
    found: dict[tuple[int, str], dict[str, Any]] = {}
    for space in spaces:
        rows = space.rules.lead_rows
        if not any(nobody for _, _, nobody in rows):
            continue
        for opt_env in space.option_envs():
            for env in space.hand_envs(opt_env):
                for i, (when, _, nobody) in enumerate(rows):
                    try:
                        if when is not None and not when.fn(env):
                            continue
                        missing = [name for name in nobody if env[name] < 0]
                    except KeyError:  # a name this outcome space does not model: no verdict
                        break
                    if not missing:
                        break
                    found.setdefault((i, missing[0]), env)
    for (i, name), env in sorted(found.items()):
        role = NAMES[name].noun
        outcome = describe(env, ["has_maker", "alone", "defender_alone"])
        outcome = "" if outcome == f"nobody is {role}" else f" ({outcome})"
        report.add(
            located(
                doc,
                ["lead", i, "from"],
                WARNING,
                f"lead[{i}] reads {name}, but in some hands that reach this row nobody is {role}"
                f"{outcome}: there the row does not apply "
                "and the next row gives the lead (the dealer's left when none is left)",
                f"guard the row with a `when` that says {role} exists (has_maker, alone, defender_alone), "
                "or put a row for those hands before it",
                "lead",
            )
        )


# =========================================================================
# all of them


STATIC_CHECKS = ("load", "deal", "orders", "bidding", "scoring", "match_end", "lead")


def run_static(
    spec: str, options: dict[str, int], rule_files: Sequence[str], report: Report
) -> tuple[Loaded | None, ScoringFacts | None]:
    """Every static check in order; later checks need a spec that loaded."""
    report.static_checks = 1
    loaded = load(spec, options, rule_files, report)
    if loaded is None:
        return None, None
    check_deal(loaded, report)
    check_orders(loaded, report)
    bidding = check_bidding(loaded, report)
    if not bidding.terminals:  # no hand is ever played: nothing to score, no match to end
        report.static_checks = len(STATIC_CHECKS)
        return loaded, ScoringFacts(set(range(len(loaded.rules[0].scoring))))
    spaces = [Space(rules, bidding, loaded.fixed) for rules in loaded.rules]
    check_cards_after_play(loaded, report)
    facts = check_scoring(loaded, spaces, report)
    check_match_end(loaded, spaces, report)
    check_lead(loaded, spaces, report)
    report.static_checks = len(STATIC_CHECKS)
    return loaded, facts
