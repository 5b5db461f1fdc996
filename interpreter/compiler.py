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
from .dsl import CompiledExpr, ExprError, Resolver, compile_expr
from .errors import SpecError
from .hand_cards import CardGetter, CardWords, card_resolvers
from .limits import MAX_PLAYERS
from .names import CHOICE_TYPES, NOBODY_SEATS, SEAT_TYPES, SEAT_VALUED, hand_getter, side_getter, text_values
from .rules import (
    GAMES_COUNTER,
    HAND_NAMES,
    SIDE_NAMES,
    UPCARD_NAMES,
    GameRule,
    Path_,
    Rules,
    ScoreRow,
    SpecSource,
    WinRule,
)
from .spec.model import AwardModel, OptionModel, SpecModel, spec_model
from .spec.schema_check import format_path

# Words a trump order may use besides ranks.
TOKENS = ("right_bower", "left_bower", "joker")


class _Compiler:
    """One pass over a checked spec; `fail` locates every error in the YAML."""

    def __init__(self, src: SpecSource, model: SpecModel, options: dict[str, int] | None) -> None:
        self.src = src
        self.model = model
        self.requested = dict(options or {})
        self.names_read: set[str] = set()
        self.values: dict[str, tuple[str, dict[str, str]]] = {}  # text-valued names: what they can hold
        self.card_words: CardWords | None = None  # the deck's card words, once the deck is built
        self.card_getters: dict[str, CardGetter] = {}  # every card function the spec calls, by its key

    def fail(self, path: Path_, message: str, hint: str | None = None) -> SpecError:
        line, col = self.src.locate(path)
        return SpecError(message, self.file_at(path), line, col, hint, tuple(path))

    # -- expressions
    def expr(self, path: Path_, value: Any, names: dict[str, str], expect: str) -> CompiledExpr:
        try:
            compiled = compile_expr(value, names, expect, self.values, self.card_calls(names))
            self.names_read |= compiled.names
            return compiled
        except ExprError as err:
            locate_value = getattr(self.src, "locate_value", self.src.locate)
            line, col = locate_value(path)
            if col is not None and err.column is not None and isinstance(value, str):
                col = col + err.column - 1
            raise SpecError(f"{format_path(path)}: {err}", self.file_at(path), line, col, path=tuple(path)) from None

    def card_calls(self, names: dict[str, str]) -> dict[str, Resolver] | None:
        """The card functions a scope offers: where hand names are read (and `seat` when a player is asked)."""
        if self.card_words is None or "maker" not in names:
            return None
        seats = frozenset(n for n in SEAT_VALUED if n in names)
        return card_resolvers(self.card_words, self.card_getters, "seat" in names, seats)

    def file_at(self, path: Path_) -> str:
        """Overlays: the file that wrote this part of the merged spec."""
        file_at = getattr(self.src, "file_at", None)
        return file_at(path) if file_at is not None else self.src.file

    def run(self) -> Rules:
        m = self.model
        options = self.options()
        self.option_names = {k: "int" for k in options}
        players_option = m.players_option
        for name in options:
            if name != players_option and (name in SIDE_NAMES or name in UPCARD_NAMES or name in CHOICE_TYPES):
                raise self.fail(["options", name], f"option '{name}' has the name of a built-in name; rename it")
        counters = self.counters()
        counter_names = {f"{team}.{c}": "int" for c in counters for team in ("makers", "defenders")}
        self.hand_names = {**HAND_NAMES, **counter_names, **self.option_names}
        self.side_names = {**SIDE_NAMES, **counter_names, **{f"side.{c}": "int" for c in counters}, **self.option_names}
        self.upcard_names = {**UPCARD_NAMES, **self.option_names}
        # conditions asked of one player (answers, per-seat steps): the hand names and `seat`
        self.seat_names = {**SEAT_TYPES, **counter_names, **self.option_names}
        self.option_values = options
        # a condition on one answer of a decision (`choice_if`): the seat names and the candidate `choice.*`
        self.choice_names = {**CHOICE_TYPES, **counter_names, **self.option_names}
        players = self.seat_count = self.players(options)
        if m.deck.lowest is not None:
            self.check_lowest(options)
            self.contracts(self.make_deck())  # the orders as written, checked whole: errors at their own index
            m = self.model = m.at_lowest(options)
        deck = self.deck = self.make_deck()
        contracts, contract_names = self.contracts(deck)
        self.card_words = CardWords(deck, self.colours, contracts)
        self.contract_names = contract_names
        max_bid = max(phase.max_bid() for phase in m.bidding)
        bid_words = tuple(dict.fromkeys(w for phase in m.bidding for w in phase.bid_words()))
        codec = self.codec = ActionCodec(deck, contract_names, max_bid, bid_words)
        numbers = [str(n) for phase in m.bidding for n in range(1, phase.max_bid() + 1)]
        self.values = text_values(
            deck, [phase.pid for phase in m.bidding], [*dict.fromkeys(numbers), *bid_words], self.colours
        )
        sides_kind = m.sides
        if sides_kind == "partnerships":
            if players % 2:
                raise self.fail(["sides"], f"partnerships need an even number of players, got {players}")
            side_of = tuple(seat % 2 for seat in range(players))
        else:
            side_of = tuple(range(players))
        packets, hand_tricks, upcard = self.deal(deck, players, options)
        for count in m.player_counts():
            if count != players:  # the deal must fit whatever count a match chooses
                self.deal(deck, count, options)
        if not upcard:
            for phase in m.bidding:
                if phase.needs_upcard:
                    raise self.fail(list(phase.path), f"'{phase.kind}' needs an upcard, but deal.upcard is false")
        bidding = [phase.build(self) for phase in m.bidding]
        decls = [phase.build(self) for phase in m.declarations]
        gates = tuple(
            None
            if phase.when_is_own or phase.when is None
            else self.expr(phase.where("when"), phase.when, self.hand_names, "bool")
            for phase in m.phases
        )
        hand_names = self.hand_names
        side_names = self.side_names
        lead_rows = []
        for i, lead in enumerate(m.lead):
            when = None if lead.when is None else self.expr(["lead", i, "when"], lead.when, hand_names, "bool")
            source = self.expr(["lead", i, "from"], lead.source, hand_names, "int")
            lead_rows.append((when, source, tuple(sorted(source.names & NOBODY_SEATS))))
        if all(when is not None and when.constant is not True for when, _, _ in lead_rows):
            raise self.fail(
                ["lead", len(lead_rows) - 1],
                "lead: no row applies when every `when` is false, so no one would lead",
                "end the lead rows with {otherwise: true, from: …}",
            )
        scoring = []
        for i, row in enumerate(m.scoring):

            def award(
                key: str, names: dict[str, str], where: AwardModel = row, path: tuple = ("scoring", i)
            ) -> CompiledExpr | None:
                value = getattr(where, key)
                return None if value is None else self.expr([*path, key], value, names, "int")

            changes = []
            for name, change in row.counters:
                if name not in counters:
                    raise self.fail(["scoring", i, "counters", name], f"no counter named '{name}' (top-level counters)")
                path = ("scoring", i, "counters", name)
                changes.append(
                    (
                        name,
                        award("makers", hand_names, change, path),
                        award("defenders", hand_names, change, path),
                        award("each", side_names, change, path),
                    )
                )

            caps = None
            if row.cap is not None:
                where = ("scoring", i, "cap")
                caps = (
                    award("makers", hand_names, row.cap, where),
                    award("defenders", hand_names, row.cap, where),
                    award("each", hand_names, row.cap, where),
                )
                for key, given in (("makers", row.makers), ("defenders", row.defenders), ("each", row.each)):
                    if getattr(row.cap, key) is not None and given is None:
                        raise self.fail(
                            [*where, key], f"scoring row {i + 1}: cap.{key} caps points the row does not give ({key})"
                        )
            scoring.append(
                ScoreRow(
                    id=row.id if row.id is not None else f"row {i + 1}",
                    when=None if row.when is None else self.expr(["scoring", i, "when"], row.when, hand_names, "bool"),
                    makers=award("makers", hand_names),
                    defenders=award("defenders", hand_names),
                    each=award("each", side_names),
                    counters=tuple(changes),
                    cap=caps,
                )
            )
        match_end = tuple(
            WinRule(self.expr(["match_end", i, key], test, side_names, "bool"), r.best, key == "loser_if")
            for i, r in enumerate(m.match_end)
            for key, test in [("winner_if", r.winner_if) if r.winner_if is not None else ("loser_if", r.loser_if)]
        )
        games = self.games(side_names, scoring, match_end)
        # What is read after the scoring: the match end, and the game end and carry.
        ends = [rule.winner_if for rule in match_end] + ([] if games is None else [games.winner_if, games.carry])
        phases = tuple(bidding + decls)
        first_dealer = None
        if m.first_dealer is not None:
            order = self.rank_list(["first_dealer", "order"], list(m.first_dealer.order), deck, allow_tokens=False)
            first_dealer = tuple(order)
        return Rules(
            name=m.name,
            title=m.title,
            description=m.description,
            file=self.src.file,
            model=m,
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
            phase_gates=gates,
            card_getters=self.card_getters,
            colour_of={suit: colour.lower() for suit, colour in self.colours.items()},
            first_declaration=len(bidding),
            play_phase=len(phases),
            lead_rows=tuple(lead_rows),
            scoring=tuple(scoring),
            match_end=match_end,
            start_score=m.start_score,
            first_dealer=first_dealer,
            option_env=dict(options),
            counters=counters,
            games=games,
            counts_deals=any("deals" in e.names for e in ends),
            player_option=m.players_option,
            player_counts=tuple(m.player_counts()),
            lead_keys=self.lead_keys(lead_rows),
            score_keys=self.keys_of(self.score_exprs(scoring, ends)),
            side_keys=tuple((n, side_getter(n)) for n in sorted(self.side_reads(scoring, ends))),
        )

    # -- which names the hot path computes
    @staticmethod
    def score_exprs(scoring: list[ScoreRow], ends: list[CompiledExpr]) -> list[CompiledExpr]:
        exprs: list[CompiledExpr] = []
        for row in scoring:
            exprs += [e for e in (row.when, row.makers, row.defenders, row.each) if e is not None]
            exprs += [e for e in row.cap or () if e is not None]
            for _, *awards in row.counters:
                exprs += [e for e in awards if e is not None]
        return exprs + ends

    def side_reads(self, scoring: list[ScoreRow], ends: list[CompiledExpr]) -> set[str]:
        return {n for e in self.score_exprs(scoring, ends) for n in e.names if n.startswith("side.")}

    def lead_keys(
        self, rows: list[tuple[CompiledExpr | None, CompiledExpr, tuple[str, ...]]]
    ) -> tuple[tuple[str, Any], ...]:
        """The names the lead rows read, and `dealer` when a row may not apply (the dealer's left leads then)."""
        keys = self.keys_of([e for when, seat, _ in rows for e in (when, seat) if e is not None])
        if any(nobody for _, _, nobody in rows) and all(name != "dealer" for name, _ in keys):
            keys += (("dealer", hand_getter("dealer")),)
        return keys

    def keys_of(self, exprs: list[CompiledExpr]) -> tuple[tuple[str, Any], ...]:
        """(name, getter) for every hand-level name the expressions read (options are preset)."""
        names = {n for e in exprs for n in e.names}
        names -= set(self.option_names) | {n for n in names if n.startswith("side.")}
        return tuple((n, hand_getter(n)) for n in sorted(names))

    # -- pieces
    def counters(self) -> dict[str, int]:
        """Per-side tallies kept across hands (e.g. tokens), name → starting value.

        A spec played in games (`games:`) also keeps the games each side won, as
        the counter `games` (side.games, makers.games): records carry it like any
        counter, so a replayed hand knows the games won before it.
        """
        out = {}
        for name, counter in self.model.counters.items():
            if f"side.{name}" in SIDE_NAMES:
                raise self.fail(["counters", name], f"counter '{name}' has the name of a built-in side name")
            if name == GAMES_COUNTER and self.model.games is not None:
                raise self.fail(
                    ["counters", name],
                    f"counter '{name}' is the count of games won that `games` keeps; rename this counter",
                )
            out[name] = counter.start
        if self.model.games is not None:
            out[GAMES_COUNTER] = 0
        return out

    def games(
        self, side_names: dict[str, str], scoring: list[ScoreRow], match_end: tuple[WinRule, ...]
    ) -> GameRule | None:
        """`games`: the game's end and the carry, side expressions.

        `side.won_game` is known only once a game has ended, after the scoring:
        in `games.carry` and `match_end` of a spec played in games.
        """
        g = self.model.games
        won = "side.won_game"
        for i, row in enumerate(scoring):
            exprs = [row.when, row.makers, row.defenders, row.each] + [e for _, *aw in row.counters for e in aw]
            if any(e is not None and won in e.names for e in exprs):
                raise self.fail(
                    ["scoring", i],
                    f"{won} is not known while a hand is scored (a game ends after the scoring)",
                    "read it in games.carry or match_end",
                )
        if g is None:
            for i, rule in enumerate(match_end):
                if won in rule.winner_if.names:
                    raise self.fail(
                        ["match_end", i, "winner_if"],
                        f"{won} is only known in a match played in games",
                        "add a top-level `games: {winner_if: …, carry: …}`, or remove side.won_game",
                    )
            return None
        winner_if = self.expr(["games", "winner_if"], g.winner_if, side_names, "bool")
        if won in winner_if.names:
            raise self.fail(
                ["games", "winner_if"],
                f"games.winner_if decides who won the game: it cannot read {won}",
                "read it in games.carry or match_end",
            )
        carry = self.expr(["games", "carry"], g.carry, side_names, "int")
        return GameRule(winner_if, g.best, carry)

    def options(self) -> dict[str, int]:
        declared = self.model.options
        chosen: dict[str, int] = {}
        for name, opt in declared.items():
            self.check_option_shape(name, opt)
            if not opt.allows(opt.default):
                allowed = (
                    f"within its range {opt.low} to {opt.high}"
                    if opt.is_range
                    else f"one of its values {list(opt.values)}"
                )
                raise self.fail(
                    ["options", name, "default"],
                    f"option '{name}': default {opt.default} is not {allowed}",
                )
            chosen[name] = opt.default
        for name, value in self.requested.items():
            if name not in declared:
                known = ", ".join(declared) or "none"
                raise SpecError(f"unknown option {name!r} for variant '{self.model.name}' (its options: {known})")
            if not declared[name].allows(value):
                raise SpecError(
                    f"option {name}={value} is not allowed for '{self.model.name}'; allowed: {_allowed(declared[name])}"
                )
            chosen[name] = value
        return chosen

    def check_option_shape(self, name: str, opt: OptionModel) -> None:
        """An option lists its `values` or gives a range `min`..`max`: one of the two, whole."""
        where: list[str | int] = ["options", name]
        has_min, has_max = opt.low is not None, opt.high is not None
        if opt.values and (has_min or has_max):
            raise self.fail(
                [*where, "min" if has_min else "max"],
                f"option '{name}': give either a list of values or a range min..max, not both",
            )
        if not opt.values and not (has_min and has_max):
            missing = "max" if has_min else "min" if has_max else "values (or min and max)"
            raise self.fail(
                where, f"option '{name}': missing {missing}; an option is {{values: [...]}} or {{min: N, max: M}}"
            )
        if opt.is_range and opt.low is not None and opt.high is not None and opt.low > opt.high:
            raise self.fail([*where, "max"], f"option '{name}': max {opt.high} is below min {opt.low}")

    def players(self, options: dict[str, int]) -> int:
        name = self.model.players_option
        if name is not None:
            if name not in options:
                raise self.fail(["players", "option"], f"players: no option named '{name}' is declared")
            opt = self.model.options[name]
            for i, count in enumerate(opt.values):
                if not 2 <= count <= MAX_PLAYERS:  # the schema bounds a plain count; an option's values here
                    raise self.fail(
                        ["options", name, "values", i],
                        f"options.{name}: {count} players is not possible (2 to {MAX_PLAYERS})",
                    )
            for key, bound in (("min", opt.low), ("max", opt.high)):
                if bound is not None and not 2 <= bound <= MAX_PLAYERS:
                    raise self.fail(
                        ["options", name, key],
                        f"options.{name}: {bound} players is not possible (2 to {MAX_PLAYERS})",
                    )
            return options[name]
        assert self.model.players is not None
        return self.model.players

    def make_deck(self) -> Deck:
        d = self.model.deck
        suits = [norm_suit(str(x)) for x in d.suits]
        ranks = [norm_rank(x) for x in d.ranks]
        for key, items in (("suits", suits), ("ranks", ranks)):
            seen = set()
            for i, x in enumerate(items):
                if x in seen:
                    raise self.fail(["deck", key, i], f"deck.{key}: '{x}' is listed twice")
                seen.add(x)
        colours = d.colours or {k: v for k, v in DEFAULT_COLOURS.items() if k in suits}
        for key in colours:
            if norm_suit(str(key)) not in suits:
                raise self.fail(["deck", "colours", key], f"deck.colours: '{key}' is not a suit of the deck")
        self.colours = {norm_suit(str(k)): str(v) for k, v in colours.items()}
        names = {k: v for k, v in DEFAULT_SUIT_NAMES.items() if k in suits}
        if d.jokers and any(rank + suit == JOKER for suit in suits for rank in ranks):
            raise self.fail(["deck", "jokers"], f"deck: the joker's name {JOKER} would also name a card of the deck")
        return Deck(tuple(suits), tuple(ranks), d.jokers, names, self.suit_ranks(suits, ranks))

    def check_lowest(self, options: dict[str, int]) -> None:
        """deck.lowest names a declared option, and every value it allows names a rank of the deck."""
        name = self.model.deck.lowest
        if name is None:
            return
        where: list[str | int] = ["deck", "lowest"]
        if name not in options:
            close = difflib.get_close_matches(name, list(options), 1)
            known = ", ".join(options) or "none declared"
            raise self.fail(
                where,
                f"deck.lowest: no option named '{name}' (the options: {known})",
                f"did you mean '{close[0]}'?" if close else None,
            )
        ranks = [norm_rank(r) for r in self.model.deck.ranks]
        for value in self.model.options[name].every():
            if norm_rank(value) not in ranks:
                raise self.fail(
                    where,
                    f"deck.lowest: option '{name}' allows {value}, which is not a rank of the deck ({' '.join(ranks)})",
                )

    def suit_ranks(self, suits: list[str], ranks: list[str]) -> tuple[tuple[int, ...], ...] | None:
        """deck.suit_ranks: per suit, the indices of its ranks (in `ranks` order); None when not written."""
        given = self.model.deck.suit_ranks
        if not given:
            return None
        own: dict[str, tuple[int, ...]] = {}
        for key, items in given.items():
            suit = norm_suit(key)
            if suit not in suits:
                close = difflib.get_close_matches(key, suits, 1)
                raise self.fail(
                    ["deck", "suit_ranks", key],
                    f"deck.suit_ranks: '{key}' is not a suit of the deck ({' '.join(suits)})",
                    f"did you mean '{close[0]}'?" if close else None,
                )
            seen: list[int] = []
            for i, raw in enumerate(items):
                rank = norm_rank(raw)
                if rank not in ranks:
                    close = difflib.get_close_matches(str(raw), ranks, 1)
                    raise self.fail(
                        ["deck", "suit_ranks", key, i],
                        f"deck.suit_ranks.{key}: unknown rank '{raw}'; the deck's ranks are {' '.join(ranks)}",
                        f"did you mean '{close[0]}'?" if close else None,
                    )
                if ranks.index(rank) in seen:
                    raise self.fail(["deck", "suit_ranks", key, i], f"deck.suit_ranks.{key}: '{raw}' is listed twice")
                seen.append(ranks.index(rank))
            own[suit] = tuple(sorted(seen))
        full = tuple(range(len(ranks)))
        return tuple(own.get(s, full) for s in suits)

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
        r = self.model.ranking
        bower = norm_rank(r.bower_rank) if r.bower_rank is not None else None
        if bower is not None and bower not in deck.ranks:
            raise self.fail(["ranking", "bower_rank"], f"bower_rank '{r.bower_rank}' is not a rank of the deck")
        trump = self.rank_list(["ranking", "trump"], list(r.trump), deck, True, deck.jokers > 0, bower)
        if bower is not None and ("right_bower" not in trump or "left_bower" not in trump):
            raise self.fail(
                ["ranking", "trump"], "with bower_rank set, the trump order must name right_bower and left_bower"
            )
        plain = self.rank_list(["ranking", "plain"], list(r.plain), deck, False)
        contracts = [suit_contract(deck, t, trump, plain, bower, self.colours) for t in range(len(deck.suits))]
        for name, order in r.no_trump.items():
            if deck.jokers > 1:
                raise self.fail(
                    ["ranking", "no_trump", name],
                    "a no-trump contract with more than one joker is not supported (which joker would win?)",
                )
            if str(name) in deck.suits:
                raise self.fail(
                    ["ranking", "no_trump", name], f"a no-trump contract may not be named like a suit ('{name}')"
                )
            ranks = self.rank_list(["ranking", "no_trump", name], list(order), deck, False)
            contracts.append(no_trump_contract(deck, str(name), ranks))
        return tuple(contracts), tuple(c.name for c in contracts)

    def deal(self, deck: Deck, players: int, options: dict[str, int]) -> tuple[tuple[tuple[int, ...], ...], int, bool]:
        d = self.model.deal
        packets = []
        for i, p in enumerate(d.packets):
            if isinstance(p, tuple):
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
        upcard = d.upcard
        need = hand * players + (1 if upcard else 0)
        if need > deck.size:
            raise self.fail(
                ["deal"],
                f"with {players} players the deal needs {need} cards ({players} × {hand}"
                f"{' + upcard' if upcard else ''}) but the deck has {deck.size}",
            )
        return tuple(packets), hand, upcard


def compile_rules(src: SpecSource, options: dict[str, int] | None = None, model: SpecModel | None = None) -> Rules:
    """Check and compile a schema-valid spec (its model, when already built); raises SpecError on any problem."""
    return _Compiler(src, model if model is not None else spec_model(src.data), options).run()


def _allowed(opt: OptionModel) -> str:
    """An option's allowed values as an error lists them: '5, 7, 10', or the range in words."""
    return opt.allowed_text() if opt.is_range else ", ".join(map(str, opt.values))
