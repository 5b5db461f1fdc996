"""Declaration phases: questions asked once the contract is fixed.

They run only in a hand with a maker (an automatic or all-pass contract has
none), after the dealer's pick-up, before the first lead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dsl import CompiledExpr
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
    """'alone' or 'together', asked of the maker or of the defenders in turn.

    `must_if` forces the answer (Canadian loner); `partner_gives` has the loner's
    partner pass him one card, which the loner then replaces by a discard.
    """

    who: str  # "maker" | "defenders"
    stop_at_first: bool
    must_if: CompiledExpr | None = None
    partner_gives: bool = False

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
        st.step = 0  # 0: asking; 1: the partner gives a card; 2: the loner discards
        st.turn = st.queue.pop(0)
        return True

    def legal(self, st: State) -> list[int]:
        c = self.codec
        if st.step == 1:
            return [c.GIVE + card for card in st.hands[st.turn]]
        if st.step == 2:
            return [c.DISCARD + card for card in st.hands[st.turn]]
        if self.must_if is not None and self.must_if.fn(st.rules.hand_env(st)):
            return [c.ALONE]
        return [c.ALONE, c.TOGETHER]

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        if st.step == 1:
            card = action - c.GIVE
            st.hands[st.turn].remove(card)
            st.hands[st.queue[0]].append(card)
            st.step = 2
            st.turn = st.queue.pop(0)
            return
        if st.step == 2:
            card = action - c.DISCARD
            st.hands[st.turn].remove(card)
            st.laid_away.append(card)
            st.step = 0
        elif action == c.ALONE:
            loner = st.turn
            st.alone.append(loner)
            sit_out_partners(st, loner)
            st.queue = [s for s in st.queue if not st.out[s]]  # a benched partner is asked nothing
            if self.stop_at_first:
                st.queue = []
            giver = next(
                (
                    s
                    for s in seats_from(st, loner + 1)
                    if s != loner and st.out[s] and st.rules.side_of[s] == st.rules.side_of[loner]
                ),
                -1,
            )
            if self.partner_gives and giver >= 0:
                st.queue.insert(0, loner)
                st.step = 1
                st.turn = giver
                return
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
