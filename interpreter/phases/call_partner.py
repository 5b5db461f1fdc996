"""call_partner: the maker names a card by suit; its holder becomes his secret partner."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .base import Phase, Reach

if TYPE_CHECKING:
    from ..engine import State


@dataclass
class CallPartner(Phase):
    """The maker names a card by suit; its holder becomes his secret partner."""

    rank: int  # rank index of the called card
    may_go_alone: bool
    answers: tuple[int, ...] = field(init=False, repr=False, compare=False)  # built once: (alone,) the calls

    def __post_init__(self) -> None:
        c = self.codec
        calls = tuple(c.ACE + s for s in range(len(c.deck.suits)))
        self.answers = (c.ALONE, *calls) if self.may_go_alone else calls

    def begin(self, st: State) -> bool:
        if st.maker < 0:
            return False
        st.turn = st.maker
        return True

    def legal(self, st: State) -> list[int]:
        return list(self.answers)

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        if action == c.ALONE:
            st.alone = [*st.alone, st.maker]  # (replaced, never changed in place: State)
        else:
            card = st.rules.deck.card(action - c.ACE, self.rank)
            st.partner_card = card
            holders = [s for s in range(st.rules.players) if s != st.maker and card in st.hands[s]]
            if holders:
                st.partner = holders[0]
            else:
                st.alone = [*st.alone, st.maker]  # (replaced, never changed in place: State)
        st.advance()

    def reach(self, r: Reach) -> None:
        r.alone_maker = True  # going alone, or nobody else holds the called card
        r.partner = True
