"""The first rule-based player, kept unchanged as the yardstick the better `RuleBot` is measured against.

It reads only what its seat may know — `state.observation(seat)` (own hand,
upcard, trump, the current trick, the known partner), the public fields of the
bidding (the upcard's suit, the maker) and `state.legal_actions()` — plus the
static tables of the rules (each contract's `follow`/`power`, `side_of`). It
never names a variant, a suit or a card: every judgement is made from those
tables, so a new variant needs no new bot.

Hand strength is an estimate of tricks: high trumps count nearly a trick each,
low trumps less, the top card of a side suit most of a trick.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..engine import State
from ..rules import Rules


@dataclass(frozen=True)
class _Tables:
    """Per contract: each card's place within its (effective) suit, 0 = top."""

    place: tuple[tuple[int, ...], ...]


def _build_tables(rules: Rules) -> _Tables:
    places = []
    for contract in rules.contracts:
        place = [0] * rules.deck.size
        by_suit: dict[int, list[int]] = {}
        for card in range(rules.deck.size):
            by_suit.setdefault(contract.follow[card], []).append(card)
        for cards in by_suit.values():
            for k, card in enumerate(sorted(cards, key=lambda c: -contract.power[c])):
                place[card] = k
        places.append(tuple(place))
    return _Tables(tuple(places))


@dataclass
class _View:
    """What the seat knows at this decision, decoded to ints."""

    rules: Rules
    seat: int
    hand: list[int]
    upcard: int  # -1: none
    up_suit: int  # the suit the upcard stands for (-1: none/unnamed)
    dealer: int
    maker: int  # -1: none yet
    partner: int  # the known called partner, -1 if unknown/none
    contract: int  # index into rules.contracts, -1 before it is fixed
    trick: list[tuple[int, int]]
    phase: int  # which question is being asked (public)

    def teammates(self, other: int) -> bool:
        """Does `other` play for the same result as this seat in this hand?"""
        me = self.seat
        if other == me or self.rules.side_of[other] == self.rules.side_of[me]:
            return True
        if self.partner < 0 or self.maker < 0:
            return False
        return {me, other} == {self.maker, self.partner}


def _view(state: State, seat: int) -> _View:
    obs = state.observation(seat)
    rules = state.rules
    deck = rules.deck
    names = {c.name: k for k, c in enumerate(rules.contracts)}
    return _View(
        rules=rules,
        seat=seat,
        hand=[_card(deck.parse(n)) for n in obs["hand"]],
        upcard=-1 if obs["upcard"] is None else _card(deck.parse(obs["upcard"])),
        up_suit=-1 if obs["upcard_suit"] is None else deck.suits.index(obs["upcard_suit"]),
        dealer=obs["dealer"],
        maker=-1 if obs["maker"] is None else obs["maker"],
        partner=-1 if obs["partner"] is None else obs["partner"],
        contract=-1 if obs["trump"] is None else names[obs["trump"]],
        trick=[(s, _card(deck.parse(n))) for s, n in obs["trick"]],
        phase=state.phase,
    )


def _card(card: int | None) -> int:
    if card is None:  # the observation only names real cards
        raise ValueError("observation names an unknown card")
    return card


class RuleBotV1:
    """Bids on an estimate of its tricks; plays low to a winning partner, else wins cheaply."""

    def __init__(self, make: float = 0.5, alone_margin: float = 0.6, fold_below: float = 1.0) -> None:
        self.make = make  # share of the hand's tricks needed to make trump
        self.alone_margin = alone_margin  # go alone within this many tricks of a march
        self.fold_below = fold_below
        self._tables: dict[int, tuple[Rules, _Tables]] = {}

    # ---------------------------------------------------------- entry point
    def act(self, state: State, seat: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = _view(state, seat)
        if legal[0] < state.rules.codec.n_cards:
            return self._play(view, legal)
        return self._decide(view, legal)

    def tables(self, rules: Rules) -> _Tables:
        cached = self._tables.get(id(rules))
        if cached is None or cached[0] is not rules:
            cached = (rules, _build_tables(rules))
            self._tables[id(rules)] = cached
        return cached[1]

    # ---------------------------------------------------------- estimates
    def strength(self, rules: Rules, hand: Iterable[int], k: int) -> float:
        """Expected tricks of `hand` under contract `k` (a rough count)."""
        contract = rules.contracts[k]
        place = self.tables(rules).place[k]
        total = 0.0
        trumps = 0
        for card in hand:
            pos = place[card]
            if contract.trump >= 0 and contract.follow[card] == contract.trump:
                trumps += 1
                total += max(0.4, 1.0 - 0.15 * pos)
            elif pos == 0:
                total += 0.8 if contract.trump >= 0 else 1.0
            elif pos == 1:
                total += 0.3 if contract.trump >= 0 else 0.5
        return total + 0.3 * max(0, trumps - 2)

    def threshold(self, rules: Rules) -> float:
        """Tricks the bot wants in hand before it makes trump (partners and callers help)."""
        return self.make * rules.hand_tricks

    def _weakest(self, rules: Rules, cards: Iterable[int], k: int) -> int:
        """The card least worth keeping: low, not trump, not the top of its suit."""
        contract = rules.contracts[k]
        place = self.tables(rules).place[k]

        def keep(card: int) -> tuple[bool, bool, int]:
            return (
                contract.trump >= 0 and contract.follow[card] == contract.trump,
                place[card] == 0,
                contract.power[card],
            )

        return min(cards, key=keep)

    def _order_strength(self, v: _View, k: int) -> float:
        """Strength for ordering up the upcard's suit: the upcard goes to the dealer."""
        rules = v.rules
        if v.seat == v.dealer:
            hand = [*v.hand, v.upcard]
            hand.remove(self._weakest(rules, hand, k))
            return self.strength(rules, hand, k)
        est = self.strength(rules, v.hand, k)
        contract = rules.contracts[k]
        if contract.follow[v.upcard] == contract.trump:
            est += 0.5 if v.teammates(v.dealer) else -0.4
        return est

    # ---------------------------------------------------------- bidding
    def _decide(self, v: _View, legal: list[int]) -> int:
        c = v.rules.codec
        actions = set(legal)
        if c.ORDER in actions:
            k = v.up_suit
            strong = k >= 0 and self._order_strength(v, k) >= self.threshold(v.rules)
            return c.ORDER if strong else c.PASS
        if any(c.DISCARD <= a < c.DISCARD + c.n_cards for a in legal):
            return self._discard(v, legal)
        if c.ALONE in actions and c.TOGETHER in actions:
            return c.ALONE if self._very_strong(v) else c.TOGETHER
        if c.STAY in actions:
            return c.STAY if self.strength(v.rules, v.hand, v.contract) >= self.fold_below else c.FOLD
        if any(a >= c.ACE for a in legal):
            return self._call_partner(v, legal)
        if any(c.BID <= a < c.ACE for a in legal):
            return self._bid(v, legal)
        if any(c.CALL <= a < c.BID for a in legal):
            return self._call(v, legal)
        return legal[0]

    def _very_strong(self, v: _View) -> bool:
        return self.strength(v.rules, v.hand, v.contract) >= v.rules.hand_tricks - self.alone_margin

    def _discard(self, v: _View, legal: list[int]) -> int:
        c = v.rules.codec
        cards = [a - c.DISCARD for a in legal if c.DISCARD <= a < c.DISCARD + c.n_cards]
        worst = self._weakest(v.rules, [*cards, v.upcard] if c.DECLINE in legal else cards, v.contract)
        if worst not in cards:  # the upcard is the weakest and may not be discarded
            return c.DECLINE
        return c.DISCARD + worst

    def _call(self, v: _View, legal: list[int]) -> int:
        c = v.rules.codec
        calls = [a for a in legal if c.CALL <= a < c.BID]
        best = max(calls, key=lambda a: self.strength(v.rules, v.hand, a - c.CALL))
        if c.PASS not in legal:
            return best
        strong = self.strength(v.rules, v.hand, best - c.CALL) >= self.threshold(v.rules)
        return best if strong else c.PASS

    def _bid(self, v: _View, legal: list[int]) -> int:
        """Bid the cheapest legal count not above the estimate (own tricks + partner's help)."""
        rules = v.rules
        c = rules.codec
        best = max(self.strength(rules, v.hand, k) for k in range(len(rules.contracts)))
        helpers = rules.side_of.count(rules.side_of[v.seat]) - 1
        expected = best + 0.2 * rules.hand_tricks * min(helpers, 1)
        bids = sorted(a for a in legal if c.BID <= a < c.ACE)
        if c.PASS not in legal or bids[0] - c.BID <= int(expected + 0.25):
            return bids[0]
        return c.PASS

    def _call_partner(self, v: _View, legal: list[int]) -> int:
        """Alone with a very strong hand; else call a card it does not hold, trump first."""
        rules = v.rules
        c = rules.codec
        if c.ALONE in legal and self._very_strong(v):
            return c.ALONE
        rank = getattr(rules.phases[v.phase], "rank", None) if 0 <= v.phase < len(rules.phases) else None
        trump = rules.contracts[v.contract].trump
        calls = sorted((a for a in legal if a >= c.ACE), key=lambda a: (a - c.ACE != trump, a))
        for a in calls:
            if rank is None or rules.deck.card(a - c.ACE, rank) not in v.hand:
                return a
        return c.ALONE if c.ALONE in legal else calls[0]

    # ---------------------------------------------------------- play
    def _play(self, v: _View, legal: list[int]) -> int:
        rules = v.rules
        contract = rules.contracts[v.contract]

        def low(card: int) -> tuple[bool, int]:
            return (contract.trump >= 0 and contract.follow[card] == contract.trump, contract.power[card])

        if not v.trick:
            return self._lead(v, legal, low)
        led = contract.follow[v.trick[0][1]]
        winner, best = v.trick[0]
        best_power = contract.power[best]
        for seat, card in v.trick[1:]:
            f = contract.follow[card]
            if (f == led or f == contract.trump) and contract.power[card] > best_power:
                winner, best_power = seat, contract.power[card]
        if v.teammates(winner):
            return min(legal, key=low)
        winning = [
            card
            for card in legal
            if (contract.follow[card] in (led, contract.trump)) and contract.power[card] > best_power
        ]
        return min(winning, key=lambda card: contract.power[card]) if winning else min(legal, key=low)

    def _lead(self, v: _View, legal: list[int], low: Callable[[int], tuple[bool, int]]) -> int:
        """Lead a side suit's top card; else the maker's team draws trump; else lead low."""
        rules = v.rules
        contract = rules.contracts[v.contract]
        place = self.tables(rules).place[v.contract]
        trumps = [c for c in legal if contract.trump >= 0 and contract.follow[c] == contract.trump]
        tops = [c for c in legal if place[c] == 0 and c not in trumps]
        if tops:
            return max(tops, key=lambda card: contract.power[card])
        if trumps and v.maker >= 0 and v.teammates(v.maker):
            return max(trumps, key=lambda card: contract.power[card])
        return min(legal, key=low)
