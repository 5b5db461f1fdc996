"""name_upcard_suit: the dealer names the suit a suitless upcard (a turned joker) stands for.

With `dealer_makes`, the suit he names is trump: he is the maker, takes the
upcard and discards one card, and the rest of the bidding is skipped (British
euchre's turned-up Benny).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dsl import CompiledExpr
from .base import Phase, Walk

if TYPE_CHECKING:
    from ..engine import State


@dataclass
class NameUpcardSuit(Phase):
    """step 0: the dealer names a suit; step 1 (dealer_makes): he takes the upcard and discards."""

    when: CompiledExpr
    holds: tuple[tuple[bool, ...], ...]  # `when` per dealer and upcard (base.upcard_table)
    dealer_makes: bool = False
    @property
    def names_upcard_suit(self) -> bool:
        return True

    @property
    def picks_up_upcard(self) -> bool:  # its only discard is the dealer's pick-up (dealer_makes)
        return True

    @property
    def waits_for_contract(self) -> bool:
        return True

    def begin(self, st: State) -> bool:
        if st.contract >= 0 or st.upcard < 0 or not self.holds[st.dealer][st.upcard]:
            return False
        st.step = 0
        st.turn = st.dealer
        return True

    def legal(self, st: State) -> list[int]:
        c = self.codec
        if st.step == 1:
            return [c.DISCARD + card for card in (*st.hands[st.dealer], st.upcard)]
        return [c.CALL + s for s in range(len(st.rules.deck.suits))]

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        if st.step == 1:
            card = action - c.DISCARD
            hand = st.hands[st.dealer]
            if card != st.upcard:
                hand.remove(card)
                hand.append(st.upcard)
            st.discarded = card
            st.upcard_taken = True
            st.step = 0
            st.advance()
            return
        st.up_suit = action - c.CALL
        if self.dealer_makes:
            st.contract = st.up_suit
            st.maker = st.dealer
            st.fixed_by = self.id
            st.step = 1
            return
        st.advance()

    def walk(self, s: Walk, jokers: bool) -> tuple[bool, list[Walk]]:
        runs = self.when.constant is not False
        if not self.dealer_makes or not runs:
            return runs, [s]
        made = Walk("suit", True, (), s.passed, self.id)
        return True, [made] if self.when.constant is True else [made, s]

    def never_runs(self, earlier: list[Phase]) -> tuple[str, str, str] | None:
        if self.when.constant is False:
            return (
                "warning",
                f"bidding phase '{self.id}' can never run: its `when` is always false",
                "write a condition on the upcard, or remove the phase",
            )
        return None
