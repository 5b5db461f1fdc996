"""partner_exchange: the maker and his partner pass cards face down, one way or both.

One partner gives the other one card (`give XX`); the taker then gives one back
(`give XX`) or lays one away (`discard XX`). With `blind`, the cards cross at
once: the second chooses before he sees the first's card (Racehorse). Only the
giver and the taker see a card passed (`State.takers` names each gift's taker,
`State.pending` holds a blind card until its answer), so observations, the
transcript and the search bots' world sampler hide it from everybody else.
Serves a loner who gives a card back to his partner, partners exchanging
without going alone, and partner's best without going alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Phase

if TYPE_CHECKING:
    from ..engine import State


def partner_of(st: State, seat: int) -> int:
    """The seat's partner for an exchange: the first seat of its side at its left (-1: none)."""
    rules = st.rules
    n = rules.players
    side = rules.side_of[seat]
    return next((t for t in ((seat + k) % n for k in range(1, n)) if rules.side_of[t] == side), -1)


@dataclass
class PartnerExchange(Phase):
    """step 0: the first gives; step 1: the taker gives back (crossing a blind card) or discards."""

    maker_first: bool
    gives_back: bool
    blind: bool

    def begin(self, st: State) -> bool:
        if st.maker < 0:
            return False
        partner = partner_of(st, st.maker)
        if partner < 0:
            return False
        giver, taker = (st.maker, partner) if self.maker_first else (partner, st.maker)
        st.queue = [taker]
        st.step = 0
        st.turn = giver
        return True

    def taker(self, st: State) -> int:
        return st.queue[0]  # step 0: the taker; step 1: the first giver

    def taker_sees_at_once(self, st: State) -> bool:
        return not (self.blind and st.step == 0)

    def legal(self, st: State) -> list[int]:
        c = self.codec
        base = c.DISCARD if st.step == 1 and not self.gives_back else c.GIVE
        return [base + card for card in st.hands[st.turn]]

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        seat = st.turn
        if st.step == 0:
            card = action - c.GIVE
            taker = st.queue.pop(0)
            st.hands[seat].remove(card)
            st.takers = [*st.takers, taker]  # (replaced, never changed in place: State)
            if self.blind:
                st.pending = card  # handed over with the answer
            else:
                st.hands[taker].append(card)
            st.queue = [seat]
            st.step = 1
            st.turn = taker
            return
        if self.gives_back:
            card = action - c.GIVE
            first = st.queue.pop(0)
            st.hands[seat].remove(card)
            st.hands[first].append(card)
            st.takers = [*st.takers, first]
            if st.pending >= 0:
                st.hands[seat].append(st.pending)
                st.pending = -1
        else:
            card = action - c.DISCARD
            st.hands[seat].remove(card)
            st.laid_away = [*st.laid_away, card]
        st.step = 0
        st.advance()
