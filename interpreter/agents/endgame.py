"""Exact search of a hand's last tricks in one fully known world: a search bot's evaluation.

A rollout plays a sampled world out with a model of every seat; near the end of
a hand, when few cards are left, the world can instead be solved: every seat
plays its best card knowing every hand (minimax, the searching seat's team
maximising its returns, everyone else minimising them), so the value of a world
no longer depends on the model's mistakes in its last tricks.

It is an int-coded trick solver built from the `State`'s tables: each hand is a
bitmask of card ids, the contract's `follow` table becomes one mask per
effective suit (`SuitTables`, built once per contract), the trick is decided by
the contract's ranks by led suit (`by_led`) and the next active seat (`nxt`),
and a node costs a few int operations, no `clone()` or `apply()` (both only to
score a finished hand, below). It is generic:
the trick step is the engine's (follow the led suit if you can, the highest rank
of the led row wins, the winner leads), and the value of a finished hand is the
engine's own: the first time the search reaches a new sequence of trick winners,
the line of plays is replayed on a clone of the world and scored by `worth`
(`State.returns()`, or a match equity), then remembered for that sequence. That
memo, and the grouping of equivalent cards, assume what pimc's grouping assumes:
the scoring reads who won each trick, not which cards won it (every bundled
variant scores by trick counts).

Speed comes from searching less, not only from cheaper nodes:
- alpha-beta, the cards of one hand that touch in rank within their effective
  suit (no card of another hand or of the table between them) searched once,
  high cards first;
- the last trick is not searched: every seat has one card left, its winner is
  computed in one pass;
- `solve_each` values every legal action of a position in one search, the
  actions sharing the memo of finished hands (pimc's decisions inside the
  exact window: the worlds' lines end in the same few sequences of winners).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .rollout import teammates

if TYPE_CHECKING:
    from ..engine import State

INF = float("inf")


class SuitTables:
    """One contract's cards by effective suit, as the solver reads them: per suit the bitmask
    of its cards, and its cards from the highest `power` down (to walk runs of touching cards)."""

    __slots__ = ("mask", "ranked", "suits")

    def __init__(self, follow: tuple[int, ...], power: tuple[int, ...]) -> None:
        by_suit: dict[int, list[int]] = {}
        for card, suit in enumerate(follow):
            by_suit.setdefault(suit, []).append(card)
        # high suits first: the order of the candidates (trumps, whose power is highest, first)
        self.suits = sorted(by_suit, key=lambda s: -max(power[c] for c in by_suit[s]))
        self.mask = {s: sum(1 << c for c in cards) for s, cards in by_suit.items()}
        self.ranked = {s: sorted(cards, key=power.__getitem__, reverse=True) for s, cards in by_suit.items()}


# (id(follow), id(power)) -> (follow, power, their tables): the rules build the tables once per contract
_TABLES: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...], SuitTables]] = {}


def suit_tables(follow: tuple[int, ...], power: tuple[int, ...]) -> SuitTables:
    """The `SuitTables` of a contract's `follow` and `power` tables, built once per pair of
    tables (found by identity, checked: a freed table's id may be reused)."""
    key = (id(follow), id(power))
    kept = _TABLES.get(key)
    if kept is not None and kept[0] is follow and kept[1] is power:
        return kept[2]
    tables = SuitTables(follow, power)
    _TABLES[key] = (follow, power, tables)
    return tables


def tricks_left(world: State) -> int:
    """Tricks still to be played in `world`, counting the one in progress (0 outside the trick phase)."""
    if not world.playing:
        return 0
    return world.rules.hand_tricks - world.played


def solve(world: State, seat: int, worth: Callable[[State], float], ends: dict[int, float] | None = None) -> float:
    """The value to `seat` of `world` (in its trick phase, every hand known) under perfect play.

    `seat`'s team (rollout.teammates) maximises `worth` of the finished hand, the
    other seats minimise it. `world` itself is not changed. `ends`: the memo of
    finished hands' worth by the hand's whole sequence of trick winners, which
    the solves of worlds that differ only in their card plays may share (pimc's
    actions in one world, after the auction); by default the solve's own.
    """
    if not world.playing:
        return worth(world)
    return _search(world, seat, worth, None, {} if ends is None else ends)[0]


def solve_each(world: State, seat: int, worth: Callable[[State], float], actions: list[int]) -> list[float]:
    """The value to `seat` of each of `actions` (legal cards of the seat to play in `world`,
    in its trick phase): what `solve` gives the world after that card, in one search whose
    actions share the memo of finished hands. `world` itself is not changed."""
    return _search(world, seat, worth, actions, {})


def _search(
    world: State, seat: int, worth: Callable[[State], float], actions: list[int] | None, values: dict[int, float]
) -> list[float]:
    """The search (one closure over ints, for speed): the value of `world`, or of each of `actions`."""
    rules = world.rules
    n = rules.players
    hands = [sum(1 << c for c in h) for h in world.hands]
    maximiser = [teammates(world, p, seat) for p in range(n)]
    follow, power, by_led, nxt = world.follow, world.power, world.by_led, world.nxt
    tables = suit_tables(follow, power)
    suit_mask, ranked, suits = tables.mask, tables.ranked, tables.suits
    total = rules.hand_tricks
    called = world.partner_card
    # `values`: the worth of a finished hand by its whole sequence of trick winners, coded as one
    # int (base `n` digits after a leading 1: the sequences of one hand have one length)
    start = 1
    for w in world.trick_winners:
        start = start * n + w
    line: list[int] = []  # the plays since `world`
    # cards on the table: they still take or lose to a card played to this trick
    trick = world.trick
    table = [sum(1 << c for c in trick[1::2])]
    # each hand holds one card at the last trick (else it is searched like the others)
    cards_left = total - world.played
    done = trick[0::2]
    one_each = all(len(world.hands[p]) == cards_left - (p in done) for p in _active(world))

    def end(key: int) -> float:
        """The worth of the finished hand the current line leads to, remembered by its winners."""
        v = values.get(key)
        if v is None:
            w = world.clone()
            for a in line:
                w.apply(a)
            v = values[key] = worth(w)
        return v

    def last_trick(leader: int, key: int) -> float:
        """The last trick, from its lead: every seat has one card, so nothing is chosen."""
        card = hands[leader].bit_length() - 1
        rank = by_led[follow[card]]
        best, win = power[card], leader
        k = len(line)
        line.append(card)
        p = nxt[leader]
        while p != leader:
            card = hands[p].bit_length() - 1
            line.append(card)
            r = rank[card]
            if r > best:
                best, win = r, p
            p = nxt[p]
        v = end(key * n + win)
        del line[k:]
        return v

    def candidates(p: int, led: int) -> list[int]:
        """`p`'s legal cards, one of each run of touching cards in an effective suit (no card
        of another hand or of the table between them: they take the same tricks), high first."""
        hand = hands[p]
        legal = hand & suit_mask[led] if led >= 0 else 0
        if not legal:
            legal = hand
        if legal & (legal - 1) == 0:  # one card
            return [legal.bit_length() - 1]
        blockers = table[0]
        for q in range(n):
            if q != p:
                blockers |= hands[q]
        picked: list[int] = []
        for suit in suits if legal == hand else (led,):
            if not legal & suit_mask[suit]:
                continue
            run = False  # the card above was ours and playable: this one is searched with it
            for c in ranked[suit]:
                bit = 1 << c
                if legal & bit:
                    if not run or c == called or picked[-1] == called:
                        picked.append(c)
                    run = True
                elif blockers & bit:
                    run = False
        return picked

    each: list[float] = []  # the root's values card by card (solve_each)

    def search(
        p: int, leader: int, led: int, best: int, win: int, played: int, key: int, alpha: float, beta: float
    ) -> float:
        """The value of the position, `p` to play to the trick (`led`, `best`, `win`: its state)."""
        root = each if actions is not None and not line else None  # solve_each: the root, every card
        if led < 0 and one_each and played + 1 == total and root is None:
            return last_trick(p, key)
        maxing = maximiser[p]
        v = -INF if maxing else INF
        on_table = table[0]
        hand = hands[p]
        for c in actions if root is not None and actions is not None else candidates(p, led):
            bit = 1 << c
            hands[p] = hand ^ bit
            line.append(c)
            if led < 0:
                nled, nbest, nwin = follow[c], power[c], p
            else:
                nled = led
                r = by_led[led][c]
                nbest, nwin = (r, p) if r > best else (best, win)
            q = nxt[p]
            if q != leader:
                table[0] = on_table | bit
                child = search(q, leader, nled, nbest, nwin, played, key, alpha, beta)
            else:  # the trick is complete
                table[0] = 0
                if played + 1 == total:
                    child = end(key * n + nwin)
                else:
                    child = search(nwin, nwin, -1, -1, nwin, played + 1, key * n + nwin, alpha, beta)
            table[0] = on_table
            line.pop()
            if root is not None:  # every card's own value: no cut
                root.append(child)
                continue
            if maxing:
                if child > v:
                    v = child
                    if v > alpha:
                        alpha = v
            elif child < v:
                v = child
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        hands[p] = hand
        return v

    turn = world.turn
    if world.led < 0:  # between tricks: the seat to act leads
        v = search(turn, turn, -1, -1, turn, world.played, start, -INF, INF)
    else:
        v = search(turn, world.leader, world.led, world.best, world.winner, world.played, start, -INF, INF)
    return [v] if actions is None else each


def _active(world: State) -> list[int]:
    """The seats that play to a trick (the next-seat cycle from the seat to act)."""
    seats = [world.turn]
    p = world.nxt[world.turn]
    while p != world.turn:
        seats.append(p)
        p = world.nxt[p]
    return seats
