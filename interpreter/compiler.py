"""From a schema-checked spec to `Rules`: every semantic check, once.

`compile_rules` performs every check that needs the whole spec (ranks named
exist, orders are complete, the deal fits the deck for every player count,
expressions resolve and have the right types) and builds the tables and
closures. Each failure is a `SpecError` pointing at the YAML line (of the
overlay that wrote it). After this, nothing can fail on the spec.
"""

from __future__ import annotations

import difflib
from typing import Any

from .actions import ActionCodec
from .cards import (
    DEFAULT_COLOURS,
    DEFAULT_SUIT_NAMES,
    JOKER,
    Contract,
    Deck,
    no_trump_contract,
    norm_rank,
    norm_suit,
    suit_contract,
)
from .dsl import CompiledExpr, ExprError, compile_expr
from .errors import SpecError
from .limits import MAX_PLAYERS
from .names import hand_getter, side_getter, text_values
from .phases.bidding import Auction, AutoTrump, NameTrump, NameUpcardSuit, OrderUp, Phase
from .phases.declarations import Alone, CallPartner, PlayOrFold
from .phases.kitty import KittyExchange
from .rules import HAND_NAMES, SIDE_NAMES, UPCARD_NAMES, Path_, Rules, ScoreRow, SpecSource, WinRule
from .spec.schema_check import format_path

# Words a trump order may use besides ranks.
TOKENS = ("right_bower", "left_bower", "joker")


class _Compiler:
    """One pass over a checked spec; `fail` locates every error in the YAML."""

    def __init__(self, src: SpecSource, options: dict[str, int] | None) -> None:
        self.src = src
        self.spec: dict[str, Any] = src.data
        self.requested = dict(options or {})
        self.names_read: set[str] = set()
        self.values: dict[str, tuple[str, dict[str, str]]] = {}  # text-valued names: what they can hold

    def fail(self, path: Path_, message: str, hint: str | None = None) -> SpecError:
        line, col = self.src.locate(path)
        return SpecError(message, self.file_at(path), line, col, hint, tuple(path))

    # -- expressions
    def expr(self, path: Path_, value: Any, names: dict[str, str], expect: str) -> CompiledExpr:
        try:
            compiled = compile_expr(value, names, expect, self.values)
            self.names_read |= compiled.names
            return compiled
        except ExprError as err:
            locate_value = getattr(self.src, "locate_value", self.src.locate)
            line, col = locate_value(path)
            if col is not None and err.column is not None and isinstance(value, str):
                col = col + err.column - 1
            raise SpecError(f"{format_path(path)}: {err}", self.file_at(path), line, col, path=tuple(path)) from None

    def file_at(self, path: Path_) -> str:
        """Overlays: the file that wrote this part of the merged spec."""
        file_at = getattr(self.src, "file_at", None)
        return file_at(path) if file_at is not None else self.src.file

    def run(self) -> Rules:
        s = self.spec
        options = self.options()
        self.option_names = {k: "int" for k in options}
        players_option = (
            (self.spec.get("players") or {}).get("option") if isinstance(self.spec.get("players"), dict) else None
        )
        for name in options:
            if name != players_option and (name in SIDE_NAMES or name in UPCARD_NAMES):
                raise self.fail(["options", name], f"option '{name}' has the name of a built-in name; rename it")
        counters = self.counters()
        counter_names = {f"{team}.{c}": "int" for c in counters for team in ("makers", "defenders")}
        self.hand_names = {**HAND_NAMES, **counter_names, **self.option_names}
        self.side_names = {**SIDE_NAMES, **counter_names, **{f"side.{c}": "int" for c in counters}, **self.option_names}
        players = self.players(options)
        deck = self.deck()
        self.values = text_values(deck, s["bidding"])
        contracts, contract_names = self.contracts(deck)
        max_bid = 0
        for item in s.get("bidding", []):
            if "auction" in item:
                max_bid = max(max_bid, int(item["auction"].get("max", 0)))
        codec = ActionCodec(deck, contract_names, max_bid)
        sides_kind = s["sides"]
        if sides_kind == "partnerships":
            if players % 2:
                raise self.fail(["sides"], f"partnerships need an even number of players, got {players}")
            side_of = tuple(seat % 2 for seat in range(players))
        else:
            side_of = tuple(range(players))
        packets, hand_tricks, upcard = self.deal(deck, players, options)
        for count in self.player_counts():
            if count != players:  # the deal must fit whatever count a match chooses
                self.deal(deck, count, options)
        bidding = [self.bidding_phase(i, item, codec, deck, contract_names) for i, item in enumerate(s["bidding"])]
        decls = [self.declaration(i, item, codec, deck) for i, item in enumerate(s.get("declarations") or [])]
        if not upcard:
            for i, item in enumerate(s["bidding"]):
                kind = next(iter(item))
                if kind in ("order_up", "auto_trump", "name_upcard_suit"):
                    raise self.fail(["bidding", i, kind], f"'{kind}' needs an upcard, but deal.upcard is false")
        hand_names = self.hand_names
        side_names = self.side_names
        lead_rows = []
        for i, row in enumerate(s["lead"]):
            when = None if row.get("otherwise") else self.expr(["lead", i, "when"], row["when"], hand_names, "bool")
            lead_rows.append((when, self.expr(["lead", i, "from"], row["from"], hand_names, "int")))
        if all(when is not None and when.constant is not True for when, _ in lead_rows):
            raise self.fail(
                ["lead", len(lead_rows) - 1],
                "lead: no row applies when every `when` is false, so no one would lead",
                "end the lead rows with {otherwise: true, from: …}",
            )
        scoring = []
        for i, row in enumerate(s["scoring"]):

            def award(
                key: str, names: dict[str, str], where: dict = row, path: tuple = ("scoring", i)
            ) -> CompiledExpr | None:
                return self.expr([*path, key], where[key], names, "int") if key in where else None

            changes = []
            for name, spec in (row.get("counters") or {}).items():
                if name not in counters:
                    raise self.fail(["scoring", i, "counters", name], f"no counter named '{name}' (top-level counters)")
                path = ("scoring", i, "counters", name)
                changes.append(
                    (
                        name,
                        award("makers", hand_names, spec, path),
                        award("defenders", hand_names, spec, path),
                        award("each", side_names, spec, path),
                    )
                )

            scoring.append(
                ScoreRow(
                    id=str(row.get("id", f"row {i + 1}")),
                    when=None
                    if row.get("otherwise")
                    else self.expr(["scoring", i, "when"], row["when"], hand_names, "bool"),
                    makers=award("makers", hand_names),
                    defenders=award("defenders", hand_names),
                    each=award("each", side_names),
                    counters=tuple(changes),
                )
            )
        match_end = tuple(
            WinRule(self.expr(["match_end", i, "winner_if"], r["winner_if"], side_names, "bool"), r.get("best", "all"))
            for i, r in enumerate(s["match_end"])
        )
        phases = tuple(bidding + decls)
        first_dealer = None
        fd = s.get("first_dealer", "random")
        if isinstance(fd, dict):
            order = self.rank_list(["first_dealer", "order"], fd["order"], deck, allow_tokens=False)
            first_dealer = tuple(order)
        return Rules(
            name=str(s["name"]),
            title=str(s.get("title", s["name"])),
            description=str(s.get("description", "")),
            file=self.src.file,
            spec=s,
            options=options,
            players=players,
            sides_kind=sides_kind,
            side_of=side_of,
            n_sides=max(side_of) + 1,
            deck=deck,
            contracts=contracts,
            codec=codec,
            packets=packets,
            upcard=upcard,
            hand_tricks=hand_tricks,
            phases=phases,
            first_declaration=len(bidding),
            play_phase=len(phases),
            lead_rows=tuple(lead_rows),
            scoring=tuple(scoring),
            match_end=match_end,
            start_score=int(s.get("start_score", 0)),
            first_dealer=first_dealer,
            option_env=dict(options),
            counters=counters,
            counts_deals=any("deals" in rule.winner_if.names for rule in match_end),
            player_option=s["players"]["option"] if isinstance(s["players"], dict) else None,
            player_counts=tuple(self.player_counts()),
            lead_keys=self.keys_of([e for row in lead_rows for e in row if e is not None]),
            score_keys=self.keys_of(self.score_exprs(scoring, match_end)),
            side_keys=tuple((n, side_getter(n)) for n in sorted(self.side_reads(scoring, match_end))),
        )

    # -- which names the hot path computes
    @staticmethod
    def score_exprs(scoring: list[ScoreRow], match_end: tuple[WinRule, ...]) -> list[CompiledExpr]:
        exprs: list[CompiledExpr] = []
        for row in scoring:
            exprs += [e for e in (row.when, row.makers, row.defenders, row.each) if e is not None]
            for _, *awards in row.counters:
                exprs += [e for e in awards if e is not None]
        exprs += [rule.winner_if for rule in match_end]
        return exprs

    def side_reads(self, scoring: list[ScoreRow], match_end: tuple[WinRule, ...]) -> set[str]:
        return {n for e in self.score_exprs(scoring, match_end) for n in e.names if n.startswith("side.")}

    def keys_of(self, exprs: list[CompiledExpr]) -> tuple[tuple[str, Any], ...]:
        """(name, getter) for every hand-level name the expressions read (options are preset)."""
        names = {n for e in exprs for n in e.names}
        names -= set(self.option_names) | {n for n in names if n.startswith("side.")}
        return tuple((n, hand_getter(n)) for n in sorted(names))

    # -- pieces
    def counters(self) -> dict[str, int]:
        """Per-side tallies kept across hands (e.g. tokens), name → starting value."""
        out = {}
        for name, spec in (self.spec.get("counters") or {}).items():
            if f"side.{name}" in SIDE_NAMES:
                raise self.fail(["counters", name], f"counter '{name}' has the name of a built-in side name")
            out[str(name)] = int((spec or {}).get("start", 0))
        return out

    def options(self) -> dict[str, int]:
        declared = self.spec.get("options") or {}
        chosen: dict[str, int] = {}
        for name, opt in declared.items():
            if opt["default"] not in opt["values"]:
                raise self.fail(
                    ["options", name, "default"],
                    f"option '{name}': default {opt['default']} is not one of its values {opt['values']}",
                )
            chosen[name] = opt["default"]
        for name, value in self.requested.items():
            if name not in declared:
                known = ", ".join(declared) or "none"
                raise SpecError(f"unknown option {name!r} for variant '{self.spec['name']}' (its options: {known})")
            allowed = declared[name]["values"]
            if value not in allowed:
                raise SpecError(
                    f"option {name}={value} is not allowed for '{self.spec['name']}'; "
                    f"allowed: {', '.join(map(str, allowed))}"
                )
            chosen[name] = value
        return chosen

    def players(self, options: dict[str, int]) -> int:
        p = self.spec["players"]
        if isinstance(p, dict):
            name = p["option"]
            if name not in options:
                raise self.fail(["players", "option"], f"players: no option named '{name}' is declared")
            for i, count in enumerate(self.spec["options"][name]["values"]):
                if not 2 <= count <= MAX_PLAYERS:  # the schema bounds a plain count; an option's values here
                    raise self.fail(
                        ["options", name, "values", i],
                        f"options.{name}: {count} players is not possible (2 to {MAX_PLAYERS})",
                    )
            return options[name]
        return int(p)

    def player_counts(self) -> list[int]:
        """Every number of players the spec allows (several when an option chooses it)."""
        p = self.spec["players"]
        if isinstance(p, dict):
            return [int(v) for v in self.spec["options"][p["option"]]["values"]]
        return [int(p)]

    def deck(self) -> Deck:
        d = self.spec["deck"]
        suits = [norm_suit(str(x)) for x in d["suits"]]
        ranks = [norm_rank(x) for x in d["ranks"]]
        for key, items in (("suits", suits), ("ranks", ranks)):
            seen = set()
            for i, x in enumerate(items):
                if x in seen:
                    raise self.fail(["deck", key, i], f"deck.{key}: '{x}' is listed twice")
                seen.add(x)
        colours = d.get("colours") or {k: v for k, v in DEFAULT_COLOURS.items() if k in suits}
        for key in colours:
            if norm_suit(str(key)) not in suits:
                raise self.fail(["deck", "colours", key], f"deck.colours: '{key}' is not a suit of the deck")
        self.colours = {norm_suit(str(k)): str(v) for k, v in colours.items()}
        names = {k: v for k, v in DEFAULT_SUIT_NAMES.items() if k in suits}
        if d.get("jokers") and any(rank + suit == JOKER for suit in suits for rank in ranks):
            raise self.fail(["deck", "jokers"], f"deck: the joker's name {JOKER} would also name a card of the deck")
        return Deck(tuple(suits), tuple(ranks), int(d.get("jokers", 0)), names)

    def rank_list(
        self,
        path: Path_,
        items: list[Any],
        deck: Deck,
        allow_tokens: bool,
        need_joker: bool = False,
        bower: str | None = None,
        complete: bool = True,
    ) -> list[str]:
        """Check an order lists every rank (or token) of the deck exactly once
        (with `complete=False`: only that the ranks exist, once each)."""
        out: list[str] = []
        for i, raw in enumerate(items):
            tok = str(raw).strip().lower() if str(raw).strip().lower() in TOKENS else norm_rank(raw)
            if tok in TOKENS and not allow_tokens:
                raise self.fail([*path, i], f"'{raw}' may only appear in a trump order")
            if tok not in TOKENS and tok not in deck.ranks:
                close = difflib.get_close_matches(
                    str(raw), list(deck.ranks) + (list(TOKENS) if allow_tokens else []), 1
                )
                raise self.fail(
                    [*path, i],
                    f"unknown rank '{raw}'; the deck's ranks are {' '.join(deck.ranks)}",
                    f"did you mean '{close[0]}'?" if close else None,
                )
            if tok in out:
                raise self.fail([*path, i], f"'{raw}' is listed twice")
            out.append(tok)
        if not complete:
            return out
        expected = set(deck.ranks)
        if allow_tokens:
            if "right_bower" in out or "left_bower" in out:
                if bower is None:
                    raise self.fail(path, "the trump order names bowers but ranking.bower_rank is missing")
                expected.discard(bower)
            if need_joker:
                expected.add("joker")
        missing = [r for r in deck.ranks if r in expected and r not in out]
        if need_joker and "joker" not in out:
            missing.append("joker")
        if missing:
            raise self.fail(path, f"{format_path(path)}: the order is incomplete: missing {' '.join(missing)}")
        if "joker" in out and not need_joker:
            raise self.fail(path, f"{format_path(path)}: the order names a joker, but the deck has none (deck.jokers)")
        return out

    def contracts(self, deck: Deck) -> tuple[tuple[Contract, ...], tuple[str, ...]]:
        r = self.spec["ranking"]
        bower = norm_rank(r["bower_rank"]) if "bower_rank" in r else None
        if bower is not None and bower not in deck.ranks:
            raise self.fail(["ranking", "bower_rank"], f"bower_rank '{r['bower_rank']}' is not a rank of the deck")
        trump = self.rank_list(["ranking", "trump"], r["trump"], deck, True, deck.jokers > 0, bower)
        if bower is not None and ("right_bower" not in trump or "left_bower" not in trump):
            raise self.fail(
                ["ranking", "trump"], "with bower_rank set, the trump order must name right_bower and left_bower"
            )
        plain = self.rank_list(["ranking", "plain"], r["plain"], deck, False)
        contracts = [suit_contract(deck, t, trump, plain, bower, self.colours) for t in range(len(deck.suits))]
        for name, order in (r.get("no_trump") or {}).items():
            if deck.jokers:
                raise self.fail(
                    ["ranking", "no_trump", name], "no-trump contracts with a joker in the deck are not supported"
                )
            if str(name) in deck.suits:
                raise self.fail(
                    ["ranking", "no_trump", name], f"a no-trump contract may not be named like a suit ('{name}')"
                )
            ranks = self.rank_list(["ranking", "no_trump", name], order, deck, False)
            contracts.append(no_trump_contract(deck, str(name), ranks))
        return tuple(contracts), tuple(c.name for c in contracts)

    def deal(self, deck: Deck, players: int, options: dict[str, int]) -> tuple[tuple[tuple[int, ...], ...], int, bool]:
        d = self.spec["deal"]
        packets = []
        for i, p in enumerate(d["packets"]):
            if isinstance(p, list):
                if len(p) != players:
                    raise self.fail(
                        ["deal", "packets", i],
                        f"deal.packets[{i}] gives {len(p)} packets, one per player is needed ({players})",
                    )
                packets.append(tuple(int(x) for x in p))
            else:
                packets.append((int(p),) * players)
        hand = sum(p[0] for p in packets)
        for i in range(players):
            if sum(p[i] for p in packets) != hand:
                raise self.fail(["deal", "packets"], "deal.packets give the players hands of different sizes")
        upcard = bool(d.get("upcard", False))
        need = hand * players + (1 if upcard else 0)
        if need > deck.size:
            raise self.fail(
                ["deal"],
                f"with {players} players the deal needs {need} cards ({players} × {hand}"
                f"{' + upcard' if upcard else ''}) but the deck has {deck.size}",
            )
        return tuple(packets), hand, upcard

    def bidding_phase(
        self, i: int, item: dict[str, Any], codec: ActionCodec, deck: Deck, contract_names: tuple[str, ...]
    ) -> Phase:
        kind, cfg = next(iter(item.items()))
        cfg = cfg or {}
        path: list[str | int] = ["bidding", i, kind]
        pid = str(cfg.get("id", kind))
        upnames = {**UPCARD_NAMES, **self.option_names}
        if kind == "auto_trump":
            return AutoTrump(pid, codec, self.expr([*path, "when"], cfg["when"], upnames, "bool"))
        if kind == "name_upcard_suit":
            return NameUpcardSuit(
                pid, codec, self.expr([*path, "when"], cfg.get("when", "upcard.is_joker"), upnames, "bool")
            )
        if kind == "order_up":
            return OrderUp(pid, codec, cfg.get("dealer_pickup", "always"), bool(cfg.get("may_discard_upcard", True)))
        if kind == "name_trump":
            suits, extra = "none", []
            for j, choice in enumerate(cfg.get("choices", ["other_suits"])):
                if choice == "suits":
                    suits = "all"
                elif choice == "other_suits":
                    suits = "other" if suits != "all" else suits
                elif choice in contract_names[len(deck.suits) :]:
                    extra.append(contract_names.index(choice))
                else:
                    raise self.fail(
                        [*path, "choices", j],
                        f"unknown choice '{choice}'; expected suits, other_suits"
                        + "".join(f", {c}" for c in contract_names[len(deck.suits) :]),
                    )
            all_pass = cfg.get("all_pass", "redeal")
            fallback = -1
            if isinstance(all_pass, dict):
                name = all_pass["contract"]
                if name not in contract_names[len(deck.suits) :]:
                    raise self.fail(
                        [*path, "all_pass", "contract"], f"no no-trump contract named '{name}' in ranking.no_trump"
                    )
                fallback, all_pass = contract_names.index(name), "contract"
            return NameTrump(pid, codec, cfg.get("who", "each"), suits, tuple(extra), all_pass, fallback)
        if kind == "kitty_exchange":
            return self.kitty_exchange(path, pid, cfg, codec, deck)
        if kind == "auction":
            low, high = int(cfg["min"]), int(cfg["max"])
            if not 0 < low <= high:
                raise self.fail([*path, "min"], f"auction: min {low} must be at least 1 and at most max {high}")
            return Auction(
                pid, codec, low, high, bool(cfg.get("dealer_may_match", False)), cfg.get("all_pass", "redeal")
            )
        raise self.fail(path, f"unknown bidding phase '{kind}'")

    def kitty_exchange(
        self, path: list[str | int], pid: str, cfg: dict[str, Any], codec: ActionCodec, deck: Deck
    ) -> Phase:
        ranks = None
        if "ranks" in cfg:
            ranks = frozenset(
                deck.ranks.index(r) for r in self.rank_list([*path, "ranks"], cfg["ranks"], deck, False, complete=False)
            )
        low = int(cfg.get("min", 1))
        count = int(cfg.get("count", low if ranks is not None else 0))
        if ranks is not None and count > low:
            raise self.fail(
                [*path, "count"],
                f"kitty_exchange: count {count} is more than min {low}: "
                "the player could run out of cards of the listed ranks to lay away",
            )
        return KittyExchange(pid, codec, cfg.get("who", "each"), ranks, low, count)

    def declaration(self, i: int, item: dict[str, Any], codec: ActionCodec, deck: Deck) -> Phase:
        kind, cfg = next(iter(item.items()))
        cfg = cfg or {}
        path: list[str | int] = ["declarations", i, kind]
        pid = str(cfg.get("id", kind))
        if kind == "alone":
            must_if = None
            if "must_if" in cfg:
                must_if = self.expr([*path, "must_if"], cfg["must_if"], self.hand_names, "bool")
            return Alone(
                pid,
                codec,
                cfg.get("who", "maker"),
                bool(cfg.get("stop_at_first", False)),
                must_if,
                bool(cfg.get("partner_gives", False)),
            )
        if kind == "kitty_exchange":
            return self.kitty_exchange(path, pid, cfg, codec, deck)
        if kind == "call_partner":
            rank = norm_rank(cfg.get("rank", "A"))
            if rank not in deck.ranks:
                raise self.fail([*path, "rank"], f"call_partner: '{rank}' is not a rank of the deck")
            return CallPartner(pid, codec, deck.ranks.index(rank), bool(cfg.get("may_go_alone", True)))
        if kind == "play_or_fold":
            return PlayOrFold(pid, codec)
        raise self.fail(path, f"unknown declaration '{kind}'")


def compile_rules(src: SpecSource, options: dict[str, int] | None = None) -> Rules:
    """Check and compile a schema-valid spec; raises SpecError on any problem."""
    return _Compiler(src, options).run()
