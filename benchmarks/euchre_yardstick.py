"""Plain hand-written Euchre: the yardstick the engine's speed is measured against.

It plays exactly the rules of `variants/euchre.yaml`, written directly in
Python the way a programmer who needed only this one game would write it: no
spec, no phases, no expressions — fixed tables per trump and a few loops. It
uses no part of `interpreter/`, so a clone of the repository can print the
engine/yardstick ratio on its own.

The rules (those of `variants/euchre.yaml`):

* 4 players, partners across (seats s and s+2); 24 cards 9 T J Q K A of C D H S,
  card id = suit * 6 + rank. Shuffled, dealt from the dealer's left in packets
  of 3 to each player, then 2 to each; the 21st card is turned up.
* Round 1, from the dealer's left: pass or order up the upcard's suit. On an
  order the dealer discards one of his five cards or the upcard; a kept upcard
  replaces the discard at the end of his hand.
* Round 2, from the dealer's left: pass or call one of the other three suits.
  Four passes: the hand is dead (a redeal).
* The maker chooses alone or together; a lone maker's partner sits out.
* The dealer's left leads (the next active seat if that one sits out); follow
  the led suit if able (the left bower belongs to trump); the highest trump
  wins, else the highest card of the led suit; the winner leads.
* Makers with 5 tricks score 4 alone or 2, with 3-4 tricks 1; otherwise the
  defenders score 2.

Every decision is drawn by `choose(options)` from the full list of legal
options, listed in the same order the engine lists them; with `rng.choice` and
the same seed both play the very same hand (tests/test_yardstick.py checks
it, for each of the benchmarks' draws: benchmarks/random_draw.py), so the
benchmark compares equal work.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

SUITS = "CDHS"
RANKS = "9TJQKA"
JACK = 2
PASS = -1
ORDER = -2
ALONE = -3
TOGETHER = -4


def _tables() -> tuple[list[list[int]], list[list[int]]]:
    """FOLLOW[trump][card]: the suit a card follows; POWER[trump][card]: its strength.

    Any trump (>= 100) beats any card of the led suit.
    """
    trump_rank = {0: 100, 1: 101, 3: 102, 4: 103, 5: 104}  # 9 T Q K A; the jacks are bowers
    plain_rank = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5}  # 9 T J Q K A
    follow, power = [], []
    for trump in range(4):
        left = 3 - trump  # the other suit of the same colour: C-S, D-H
        f, p = [0] * 24, [0] * 24
        for card in range(24):
            suit, rank = divmod(card, 6)
            if rank == JACK and suit == trump:
                f[card], p[card] = trump, 106
            elif rank == JACK and suit == left:
                f[card], p[card] = trump, 105
            elif suit == trump:
                f[card], p[card] = trump, trump_rank[rank]
            else:
                f[card], p[card] = suit, plain_rank[rank]
        follow.append(f)
        power.append(p)
    return follow, power


FOLLOW, POWER = _tables()
BID_ROUND_1 = [PASS, ORDER]
BID_ROUND_2 = [[PASS] + [s for s in range(4) if s != up] for up in range(4)]
LONE = [ALONE, TOGETHER]

# Result: (maker, trump, alone, tricks per seat, points (makers > 0, defenders < 0)), None: dead hand.
Result = tuple[int, int, bool, list[int], int] | None


def play_hand(hands: list[list[int]], upcard: int, dealer: int, choose: Callable[[Sequence[int]], int]) -> Result:
    """Play one dealt hand to the end; `hands` is used up."""
    up_suit = upcard // 6
    maker = trump = -1
    for k in range(1, 5):
        if choose(BID_ROUND_1) == ORDER:
            maker, trump = (dealer + k) % 4, up_suit
            held = hands[dealer]
            card = choose(held + [upcard])
            if card != upcard:
                held.remove(card)
                held.append(upcard)
            break
    else:
        calls = BID_ROUND_2[up_suit]
        for k in range(1, 5):
            call = choose(calls)
            if call != PASS:
                maker, trump = (dealer + k) % 4, call
                break
        else:
            return None
    alone = choose(LONE) == ALONE
    partner = (maker + 2) % 4
    follow, power = FOLLOW[trump], POWER[trump]
    won = [0, 0, 0, 0]
    leader = (dealer + 1) % 4
    if alone and leader == partner:
        leader = (leader + 1) % 4
    order = [[(s + k) % 4 for k in range(4) if not (alone and (s + k) % 4 == partner)] for s in range(4)]
    for _ in range(5):
        led = -1
        best = -1
        winner = leader
        for seat in order[leader]:
            hand = hands[seat]
            if led < 0:
                card = choose(hand)
                led = follow[card]
                best = power[card]
                winner = seat
            else:
                card = choose([c for c in hand if follow[c] == led] or hand)
                f = follow[card]
                if (f == led or f == trump) and power[card] > best:  # noqa: SIM109 - no tuple per card
                    best = power[card]
                    winner = seat
            hand.remove(card)
        won[winner] += 1
        leader = winner
    makers = won[maker] + won[partner]
    if makers == 5:
        points = 4 if alone else 2
    elif makers >= 3:
        points = 1
    else:
        points = -2
    return maker, trump, alone, won, points


def deal(rng: random.Random, dealer: int) -> tuple[list[list[int]], int]:
    """Shuffle 24 cards; 3 to each player from the dealer's left, then 2 each; the next card turns up."""
    deck = list(range(24))
    rng.shuffle(deck)
    hands: list[list[int]] = [[], [], [], []]
    pos = 0
    for size in (3, 2):
        for k in range(1, 5):
            hands[(dealer + k) % 4].extend(deck[pos : pos + size])
            pos += size
    return hands, deck[20]


def random_hand(rng: random.Random, dealer: int) -> Result:
    """Deal and play one hand with uniformly random legal choices."""
    hands, upcard = deal(rng, dealer)
    return play_hand(hands, upcard, dealer, rng.choice)
