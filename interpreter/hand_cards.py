"""The card functions of expressions: what a player holds or was dealt, and who holds a card.

`held("A")`, `dealt("A", "K", "Q", "J")`, `holds("trump")`, `holder_of("JS")`
(the table is `names.CARD_FUNCTIONS`, the words docs/expressions.md). Their
arguments are fixed in the spec, so each call is resolved ONCE, when the spec is
compiled: the card words become a per-card table of 0/1, and the call becomes
one name of the expression env (its canonical text, `held(seat, "A")`) whose
getter counts a hand through that table. The hot path sees ints and tuples.

A card word is what the spec's deck calls things: a card ("JS", "10H", "JK"),
a rank ("A", "10"), a suit ("H", "♥"), a colour of `deck.colours` ("red"), or
`trump` (the cards that follow trump, bowers and joker included, in the hand's
contract or, in a condition on a candidate suit, in the contract that suit would
make; with no trump, none). Words joined by spaces must all hold ("red A": the
red aces); several arguments count a card matching any of them.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import norm_rank, norm_suit
from .dsl import CallArg, ExprError, Resolver
from .names import CARD_FUNCTIONS, CardFunction, hand_getter

if TYPE_CHECKING:
    from .cards import Contract, Deck
    from .engine import State
    from .rules import Rules

# (rules, state, the seat asked about (-1: none), the contract "trump" means (-1: none)) -> value
CardGetter = Callable[["Rules", "State", int, int], Any]

TRUMP_WORD = "trump"


@dataclass(frozen=True)
class CardFilter:
    """Which cards a call's words match: `plain[c]` without trump; `trumpy[c]` only if c follows trump."""

    plain: tuple[int, ...]
    trumpy: tuple[int, ...]
    words: tuple[str, ...]  # the canonical words, for the key and explain

    def tables(self, contracts: Sequence[Contract]) -> tuple[tuple[int, ...], ...]:
        """Per contract index, each card 1 if it matches in that contract; the last entry (index -1,
        no contract yet) matches no trump. Without "trump" every entry is the same table."""
        if not any(self.trumpy):
            return (self.plain,)
        per = [
            tuple(
                int(p or (t and k.trump >= 0 and k.follow[c] == k.trump))
                for c, (p, t) in enumerate(zip(self.plain, self.trumpy, strict=True))
            )
            for k in contracts
        ]
        return (*per, self.plain)


class CardWords:
    """The card words of one deck, resolved to per-card tables."""

    def __init__(self, deck: Deck, colours: dict[str, str], contracts: Sequence[Contract] = ()) -> None:
        self.deck = deck
        self.contracts = contracts  # "trump" is resolved per contract into its own table
        self.names = deck.names()
        size = deck.size
        self.sets: dict[str, tuple[str, frozenset[int]]] = {}  # word -> (kind, cards)
        for c, name in enumerate(self.names):
            self.sets[name] = ("card", frozenset({c}))
        for r, rank in enumerate(deck.ranks):
            self._add(rank, "rank", {c for c in range(size) if deck.rank_of(c) == r})
        for s, suit in enumerate(deck.suits):
            self._add(suit, "suit", {c for c in range(size) if deck.suit_of(c) == s})
        for colour in sorted(set(colours.values())):
            suits = {deck.suits.index(s) for s, col in colours.items() if col == colour and s in deck.suits}
            self._add(colour.lower(), "colour", {c for c in range(size) if deck.suit_of(c) in suits})
        if deck.jokers:
            self._add("joker", "card", {c for c in range(size) if deck.is_joker(c)})

    def _add(self, word: str, kind: str, cards: set[int]) -> None:
        if word in self.sets:
            other = self.sets[word][0]
            # the same word for two things (a rank and a suit): the spec must spell a card instead
            self.sets[word] = (f"{other} and {kind}", frozenset())
            return
        self.sets[word] = (kind, frozenset(cards))

    def canonical(self, word: str) -> str:
        """A word as the deck spells it ("10" -> "T", "♥" -> "H", "Red" -> "red"), unchanged if unknown."""
        text = word.strip()
        if text.lower() in (TRUMP_WORD, "joker") or text.lower() in self.sets:
            return text.lower()
        card = self.deck.parse(text)
        if card is not None:
            return self.names[card]
        if norm_rank(text) in self.deck.ranks:
            return norm_rank(text)
        if norm_suit(text) in self.deck.suits:
            return norm_suit(text)
        return text

    def resolve(self, arg: CallArg, fn: str) -> tuple[str, frozenset[int], bool]:
        """One argument: its canonical text, its cards, and whether they must also follow trump."""
        parts = arg.value.split()
        if not parts:
            raise ExprError(f"'{fn}' needs card words, got empty text", arg.column)
        words, cards, trump = [], frozenset(range(self.deck.size)), False
        for part in parts:
            word = self.canonical(part)
            if word == TRUMP_WORD:
                trump = True
                words.append(word)
                continue
            if word not in self.sets:
                known = [*self.sets, TRUMP_WORD]
                close = difflib.get_close_matches(part, known, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise ExprError(
                    f"'{part}' is not a card, rank, suit or colour of this deck{hint}; "
                    f"its ranks: {' '.join(self.deck.ranks)}, suits: {' '.join(self.deck.suits)}",
                    arg.column,
                )
            kind, these = self.sets[word]
            if " and " in kind:
                raise ExprError(f"'{part}' is both a {kind.replace(' and ', ' and a ')} of this deck", arg.column)
            words.append(word)
            cards &= these
        return " ".join(words), cards, trump

    def card(self, arg: CallArg, fn: str) -> int:
        """The one card a `holder_of`-like call names."""
        card = self.deck.parse(arg.value)
        if card is None or len(arg.value.split()) != 1:
            raise ExprError(
                f"'{fn}' names one card of the deck (such as \"{self.names[-1]}\"), not '{arg.value}'", arg.column
            )
        return card


def card_resolvers(
    words: CardWords, getters: dict[str, CardGetter], acting: bool, seat_names: frozenset[str]
) -> dict[str, Resolver]:
    """The resolvers of every card function for one scope; each registers its getter in `getters`.

    `acting`: a player is being asked (the name `seat`), so a call may leave out
    whose cards it reads. `seat_names`: the seat-valued names the scope offers.
    """
    out: dict[str, Resolver] = {}
    for fn, row in CARD_FUNCTIONS.items():
        out[fn] = _resolver(fn, row, words, getters, acting, seat_names)
    return out


def _resolver(
    fn: str,
    row: CardFunction,
    words: CardWords,
    getters: dict[str, CardGetter],
    acting: bool,
    seat_names: frozenset[str],
) -> Resolver:
    def resolve(args: list[CallArg], column: int) -> tuple[str, str]:
        seat = None
        if args and args[0].kind == "name":
            first = args.pop(0)
            if first.value not in seat_names:
                known = ", ".join(sorted(seat_names))
                close = difflib.get_close_matches(first.value, sorted(seat_names), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise ExprError(f"'{first.value}' is not a seat here{hint}; seats: {known}", first.column)
            seat = first.value
        for arg in args:
            if arg.kind != "text":
                raise ExprError(f"'{fn}' takes a seat name first, then text such as \"A\"", arg.column)
        if row.result == "seat":
            if seat is not None:
                raise ExprError(f"'{fn}' takes one card, not a seat: {fn}(\"{words.names[0]}\")", column)
            if len(args) != 1:
                raise ExprError(f"'{fn}' takes exactly one card, got {len(args)} arguments", column)
            card = words.card(args[0], fn)
            key = f'{fn}("{words.names[card]}")'
            getters.setdefault(key, _holder(card, row.view == "dealt"))
            return key, row.type
        if not args:
            raise ExprError(f'\'{fn}\' needs card words: {fn}("A"), {fn}("trump"), {fn}("red")', column)
        if seat is None:
            if not acting:
                raise ExprError(
                    f"'{fn}' here needs whose cards: no player is being asked, so write {fn}(maker, …) "
                    "or another seat name first",
                    column,
                )
            seat = "seat"
        resolved = [words.resolve(arg, fn) for arg in args]
        size = words.deck.size
        plain = tuple(int(any(c in cs for _, cs, trump in resolved if not trump)) for c in range(size))
        trumpy = tuple(int(any(c in cs for _, cs, trump in resolved if trump)) for c in range(size))
        filt = CardFilter(plain, trumpy, tuple(text for text, _, _ in resolved))
        shown = ", ".join(f'"{w}"' for w in filt.words)
        key = f"{fn}({seat}, {shown})"
        getters.setdefault(key, _counter(filt.tables(words.contracts), seat, row.view == "dealt", row.result == "any"))
        return key, row.type

    return resolve


def _counter(tables: tuple[tuple[int, ...], ...], seat: str, dealt: bool, any_: bool) -> CardGetter:
    """The getter of a count (or, with `any_`, a holds): the seat's cards through the contract's table."""
    seat_of = None if seat == "seat" else hand_getter(seat)
    single = tables[0] if len(tables) == 1 else None  # no "trump": one table for every contract

    # `if any_: return ...` rather than `x if any_ else n`: the compiled build (mypyc) types that
    # conditional as int (the join of bool and int) and would return 1 where a holds is True.
    def get(rules: Rules, st: State, asked: int, contract: int) -> int | bool:
        who = asked if seat_of is None else seat_of(rules, st)
        if who < 0:
            if any_:
                return False
            return 0
        cards = st.dealt[who] if dealt else st.hands[who]
        table = single if single is not None else tables[contract]  # contract -1: the last, no trump
        n = sum(map(table.__getitem__, cards))
        if any_:
            return n > 0
        return n

    return get


def _holder(card: int, dealt: bool) -> CardGetter:
    """The getter of `holder_of` / `dealt_to`: the seat with that card, -1 if none."""

    def get(rules: Rules, st: State, asked: int, contract: int) -> int:
        hands = st.dealt if dealt else st.hands
        for seat, cards in enumerate(hands):
            if card in cards:
                return seat
        return -1

    return get
