"""Declaration phases: questions asked once the contract is fixed.

They run only in a hand with a maker (an automatic or all-pass contract has
none), after the dealer's pick-up, before the first lead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .bidding import Phase

if TYPE_CHECKING:
    from ..engine import State


def seats_from(st: State, start: int) -> list[int]:
    """All seats clockwise beginning at `start`."""
    n = st.rules.players
    return [(start + k) % n for k in range(n)]


def sit_out_partners(st: State, seat: int) -> None:
    """A lone player's side-mates lay their hands down."""
    side_of = st.rules.side_of
    for s in range(st.rules.players):
        if s != seat and side_of[s] == side_of[seat]:
            st.out[s] = True


@dataclass
class Alone(Phase):
    """'alone' or 'together', asked of the maker or of the defenders in turn."""

    who: str  # "maker" | "defenders"
    stop_at_first: bool

    def begin(self, st: State) -> bool:
        if st.maker < 0:
            return False
        if self.who == "maker":
            st.queue = [st.maker]
        else:
            side_of = st.rules.side_of
            mine = side_of[st.maker]
            st.queue = [s for s in seats_from(st, st.maker + 1) if side_of[s] != mine and not st.out[s]]
        if not st.queue:
            return False
        st.turn = st.queue.pop(0)
        return True

    def legal(self, st: State) -> list[int]:
        return [self.codec.ALONE, self.codec.TOGETHER]

    def apply(self, st: State, action: int) -> None:
        if action == self.codec.ALONE:
            st.alone.append(st.turn)
            sit_out_partners(st, st.turn)
            if self.stop_at_first:
                st.queue = []
        if st.queue:
            st.turn = st.queue.pop(0)
        else:
            st.advance()


@dataclass
class CallPartner(Phase):
    """The maker names a card by suit; its holder becomes his secret partner."""

    rank: int  # rank index of the called card
    may_go_alone: bool

    def begin(self, st: State) -> bool:
        if st.maker < 0:
            return False
        st.turn = st.maker
        return True

    def legal(self, st: State) -> list[int]:
        c = self.codec
        calls = [c.ACE + s for s in range(len(st.rules.deck.suits))]
        return [c.ALONE, *calls] if self.may_go_alone else calls

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        if action == c.ALONE:
            st.alone.append(st.maker)
        else:
            card = st.rules.deck.card(action - c.ACE, self.rank)
            st.partner_card = card
            holders = [s for s in range(st.rules.players) if s != st.maker and card in st.hands[s]]
            if holders:
                st.partner = holders[0]
            else:
                st.alone.append(st.maker)
        st.advance()


@dataclass
class PlayOrFold(Phase):
    """Every player but the maker, from the maker's left, stays in or folds."""

    def begin(self, st: State) -> bool:
        if st.maker < 0:
            return False
        st.queue = [s for s in seats_from(st, st.maker + 1) if s != st.maker and not st.out[s]]
        if not st.queue:
            return False
        st.turn = st.queue.pop(0)
        return True

    def legal(self, st: State) -> list[int]:
        return [self.codec.STAY, self.codec.FOLD]

    def apply(self, st: State, action: int) -> None:
        if action == self.codec.FOLD:
            st.out[st.turn] = True
        if st.queue:
            st.turn = st.queue.pop(0)
        else:
            st.advance()
