"""kitty_exchange: exchanging cards with the kitty (the undealt cards): farmer's hand, going under.

Usable among the bidding phases (before trump: a farmer's hand) or the
declarations (after trump: the maker "goes under"). The kitty's cards are
taken in card order, so a hand record — which lists the dealt hands, not the
order of the undealt cards — replays to one result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Phase, seats_from

if TYPE_CHECKING:
    from ..engine import State
    from ..world_counts import CountTest


def kitty_of(st: State) -> list[int]:
    """The undealt cards (built on first use: most hands never need them)."""
    if st.kitty is None:
        used = {c for hand in st.dealt for c in hand}
        used.add(st.upcard)
        st.kitty = [c for c in range(st.rules.deck.size) if c not in used]
    return st.kitty


@dataclass
class KittyExchange(Phase):
    """A player may `exchange` (take cards from the kitty, then discard as many) or `keep`."""

    who: str  # "each" (those holding at least `min` cards of `ranks`) | "maker"
    ranks: frozenset[int] | None  # rank indices the player must hold and lay away; None: any
    min: int
    count: int  # cards taken; 0: the whole kitty
    must: bool = False  # `exchange` is the maker's only answer (like alone's must_if)

    def _eligible(self, st: State, seat: int) -> bool:
        if self.ranks is None:
            return True
        deck = st.rules.deck
        return sum(1 for c in st.hands[seat] if deck.rank_of(c) in self.ranks) >= self.min

    def begin(self, st: State) -> bool:
        if self.who == "maker":
            if st.maker < 0:
                return False
            candidates = [st.maker]
        else:
            candidates = seats_from(st, st.dealer + 1)
        st.queue = [s for s in candidates if not st.out[s] and self._eligible(st, s)]
        if not st.queue or not kitty_of(st):
            return False
        st.step = 0  # 0: exchange or keep; n > 0: n cards still to discard
        st.turn = st.queue.pop(0)
        return True

    def legal(self, st: State) -> list[int]:
        c = self.codec
        if st.step == 0:
            return [c.EXCHANGE] if self.must else [c.EXCHANGE, c.KEEP]
        discard = c.DISCARD
        hand = st.hands[st.turn]
        ranks = self.ranks
        if ranks is None:
            return [discard + card for card in hand]
        rank_of = st.rules.deck.rank_of
        return [discard + card for card in hand if rank_of(card) in ranks]

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        kitty = kitty_of(st)
        if st.step == 0 and action == c.EXCHANGE:
            self._take(st)
            return
        if st.step > 0:
            card = action - c.DISCARD
            st.hands[st.turn].remove(card)
            kitty.append(card)
            st.step -= 1
            if st.step:
                return
            st.queue = []  # one exchange a hand: the kitty is now somebody's discards
        if st.queue:
            st.turn = st.queue.pop(0)
        else:
            st.advance()

    def _take(self, st: State) -> None:
        """The player takes his cards from the kitty; `st.step` counts the discards owed."""
        kitty = kitty_of(st)
        take = len(kitty) if self.count == 0 else min(self.count, len(kitty))
        st.hands[st.turn].extend(kitty[:take])
        del kitty[:take]
        st.step = take

    def cards_to_lay_away(self, st: State) -> int:
        return st.step

    def count_test(self, st: State, seat: int) -> CountTest | None:
        """Asked from the dealer's left: those holding at least `min` cards of `ranks` (when a kitty is left)."""
        from ..world_counts import CountTest

        rules = st.rules
        deck = rules.deck
        undealt = deck.size - sum(len(h) for h in st.dealt) - (1 if st.upcard >= 0 else 0)
        if self.who != "each" or self.ranks is None or undealt <= 0:
            return None
        cards = frozenset(c for c in range(deck.size) if deck.rank_of(c) in self.ranks)
        counts = frozenset(range(self.min, len(st.dealt[seat]) + 1))
        return CountTest(cards, counts, frozenset((self.codec.EXCHANGE, self.codec.KEEP)))

    def kitty_discards(self) -> tuple[bool, frozenset[int] | None]:
        return True, self.ranks
