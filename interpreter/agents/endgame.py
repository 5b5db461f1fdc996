"""Exact search of a hand's last tricks in one fully known world: a search bot's evaluation.

A rollout plays a sampled world out with a model of every seat; near the end of
a hand, when few cards are left, the world can instead be solved: every seat
plays its best card knowing every hand (minimax, the searching seat's team
maximising its returns, everyone else minimising them), so the value of a world
no longer depends on the model's mistakes in its last tricks.

It works on ints copied from the `State` (the hands, the contract's `follow`,
`power` and ranks by led suit, the next active seat) and mutates them in place
with undo, so a node costs a few list operations instead of a `clone()` and an
`apply()`. It is generic: the trick step is the engine's (follow the led suit if
you can, the highest rank of the led row wins, the winner leads), and the value
of a finished hand is the engine's own: the first time the search reaches a new
sequence of trick winners, the line of plays is replayed on a clone of the world
and scored by `worth` (`State.returns()`, or a match equity), then remembered
for that sequence. That memo, and the grouping of equivalent cards, assume what
pimc's grouping assumes: the scoring reads who won each trick, not which cards
won it (every bundled variant scores by trick counts).

Speed: alpha-beta with the cards of one hand that touch in rank (no card of
another hand or of the table between them) searched once. The tree of three
tricks of four seats is at most a few hundred nodes after that; two tricks, a few
dozen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .rollout import teammates

if TYPE_CHECKING:
    from ..engine import State


def tricks_left(world: State) -> int:
    """Tricks still to be played in `world`, counting the one in progress (0 outside the trick phase)."""
    if not world.playing:
        return 0
    return world.rules.hand_tricks - world.played


def solve(world: State, seat: int, worth: Callable[[State], float]) -> float:
    """The value to `seat` of `world` (in its trick phase, every hand known) under perfect play.

    `seat`'s team (rollout.teammates) maximises `worth` of the finished hand, the
    other seats minimise it. `world` itself is not changed.
    """
    if not world.playing:
        return worth(world)
    rules = world.rules
    hands = [list(h) for h in world.hands]
    follow, power, by_led, nxt = world.follow, world.power, world.by_led, world.nxt
    ruff = rules.play_tables[world.contract][4]
    maximiser = [teammates(world, p, seat) for p in range(rules.players)]
    called = world.partner_card
    total = rules.hand_tricks
    # cards on the table now: they still take or lose to a card played to this trick
    on_table = world.trick[1::2]
    table: list[int] = list(on_table)
    values: dict[tuple[int, ...], float] = {}
    line: list[int] = []  # the plays since `world`
    winners: list[int] = []  # the winners of the tricks completed since `world`
    inf = float("inf")

    def value_of_end() -> float:
        key = tuple(winners)
        v = values.get(key)
        if v is None:
            w = world.clone()
            for a in line:
                w.apply(a)
            v = values[key] = worth(w)
        return v

    def candidates(p: int, led: int) -> list[int]:
        """`p`'s legal cards, one of each group that takes the same tricks, high first."""
        hand = hands[p]
        legal = [c for c in hand if follow[c] == led] if led >= 0 else []
        if not legal:
            legal = hand[:]
        if len(legal) == 1:
            return legal
        legal.sort(key=power.__getitem__, reverse=True)
        others = [c for q, h in enumerate(hands) if q != p for c in h]
        others.extend(table)
        picked: list[int] = []
        for c in legal:
            if picked and c != called and picked[-1] != called and _touch(picked[-1], c, others, follow, power, ruff):
                continue  # equivalent to the card above it: searched once
            picked.append(c)
        return picked

    def search(p: int, leader: int, led: int, best: int, win: int, played: int, alpha: float, beta: float) -> float:
        maxing = maximiser[p]
        v = -inf if maxing else inf
        for c in candidates(p, led):
            hand = hands[p]
            hand.remove(c)
            line.append(c)
            table.append(c)
            if led < 0:
                nled, nbest, nwin = follow[c], power[c], p
            else:
                r = by_led[led][c]
                nled, nbest, nwin = (led, r, p) if r > best else (led, best, win)
            q = nxt[p]
            if q != leader:
                child = search(q, leader, nled, nbest, nwin, played, alpha, beta)
            else:  # the trick is complete
                winners.append(nwin)
                done = table[:]
                table.clear()
                if played + 1 == total:
                    child = value_of_end()
                else:
                    child = search(nwin, nwin, -1, -1, nwin, played + 1, alpha, beta)
                table.extend(done)
                winners.pop()
            table.pop()
            line.pop()
            hand.append(c)
            if maxing:
                if child > v:
                    v = child
                if v > alpha:
                    alpha = v
            else:
                if child < v:
                    v = child
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return v

    turn, led = world.turn, world.led
    if led < 0:  # between tricks: the seat to act leads
        return search(turn, turn, -1, -1, turn, world.played, -inf, inf)
    return search(turn, world.leader, led, world.best, world.winner, world.played, -inf, inf)


def _touch(a: int, b: int, others: list[int], follow: tuple[int, ...], power: tuple[int, ...], ruff: int) -> bool:
    """Do cards `a` and `b` of one hand take the same tricks: the same effective suit, and no
    card of another hand or of the table that could be compared with them ranked between?"""
    suit = follow[a]
    if follow[b] != suit:
        return False
    low, high = sorted((power[a], power[b]))
    return not any(low < power[c] < high and (suit == ruff or follow[c] in (suit, ruff)) for c in others)
