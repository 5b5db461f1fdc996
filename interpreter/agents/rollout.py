"""The fast policy PIMC plays its sampled worlds out with.

In a rollout every card is known to the world, but each seat still plays only
from its own hand and the table: a cheap greedy rule (win the trick as cheaply
as possible unless a teammate already wins it, else throw the lowest card; lead
trump from the maker's team when holding two, else the highest side card).
It reads the State's tables directly (`follow`, `power`, `trump`, the trick's
`led`, `best`, `winner`), so a card costs a few list lookups. Bidding and
declarations, a few decisions a hand, are left to a bidding agent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import State
    from ..match import Agent


def teammates(world: State, p: int, q: int) -> bool:
    """Do `p` and `q` play for the same result this hand (the maker's team or the rest)?"""
    side_of = world.rules.side_of
    if side_of[p] == side_of[q]:
        return True
    on_team = world.on_team
    if world.maker < 0 or on_team is None:
        return False
    return on_team[side_of[p]] == on_team[side_of[q]]


def greedy_card(world: State) -> int:
    """The card the greedy rule plays for the seat to act (the world must be in its trick phase)."""
    p = world.turn
    hand = world.hands[p]
    follow = world.follow
    power = world.power
    trump = world.trump
    led = world.led
    if led < 0:
        trumps = [c for c in hand if follow[c] == trump]
        if len(trumps) >= 2 and teammates(world, p, world.maker):
            return max(trumps, key=power.__getitem__)
        side = [c for c in hand if follow[c] != trump]
        return max(side or hand, key=power.__getitem__)
    same = [c for c in hand if follow[c] == led] or hand
    if len(same) == 1:
        return same[0]
    if teammates(world, p, world.winner):
        return min(same, key=power.__getitem__)
    best = world.best
    beats = [c for c in same if power[c] > best and (follow[c] == led or follow[c] == trump)]
    return min(beats or same, key=power.__getitem__)


def rollout(world: State, bidder: Agent, player: Agent | None = None, stop: int = 0) -> None:
    """Play `world` to the end of the hand: bidding and declarations by `bidder`, cards by
    `player` (None: greedily); with `stop` > 0, only until `stop` tricks or fewer are left to
    play (counting the one in progress), where an exact search takes over (endgame.py)."""
    while world.status is None:
        if world.playing:
            if stop and world.rules.hand_tricks - world.played <= stop:
                return
            world.apply(greedy_card(world) if player is None else player.act(world, world.turn))
        else:
            world.apply(bidder.act(world, world.turn))
