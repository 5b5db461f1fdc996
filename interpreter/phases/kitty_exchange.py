"""kitty_exchange: exchanging cards with the kitty (the undealt cards): farmer's hand, going under.

Usable among the bidding phases (before trump: a farmer's hand) or the
declarations (after trump: the maker "goes under"). The kitty's cards are
taken in card order, so a hand record — which lists the dealt hands, not the
order of the undealt cards — replays to one result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import BuildContext, Phase, PhaseModel, seats_from

if TYPE_CHECKING:
    from ..engine import State
    from ..explain.rules_text import Describer


@dataclass(frozen=True, kw_only=True)
class KittyExchangeModel(PhaseModel):
    kind = "kitty_exchange"
    places = ("bidding", "declarations")
    word = "kitty exchange"

    who: str = "each"  # "each" (those holding at least `min` cards of `ranks`) | "maker"
    ranks: tuple[str | int, ...] | None = None  # ranks the player must hold and lay away; None: any
    min: int = 1
    count: int | None = None  # cards taken; None: `min` with ranks, else the whole kitty
    must: bool = False  # with who: maker, `exchange` is his only answer (Hasenpfeffer's widow)

    @property
    def taken(self) -> int:
        """Cards taken from the kitty; 0: the whole kitty."""
        if self.count is not None:
            return self.count
        return self.min if self.ranks is not None else 0

    def build(self, ctx: BuildContext) -> Phase:
        deck = ctx.deck
        ranks = None
        if self.ranks is not None:
            listed = ctx.rank_list(self.where("ranks"), list(self.ranks), deck, False, complete=False)
            ranks = frozenset(deck.ranks.index(r) for r in listed)
        if ranks is not None and self.taken > self.min:
            raise ctx.fail(
                self.where("count"),
                f"kitty_exchange: count {self.taken} is more than min {self.min}: "
                "the player could run out of cards of the listed ranks to lay away",
            )
        if self.must and self.who != "maker":
            raise ctx.fail(self.where("must"), "kitty_exchange: must: true applies only with who: maker")
        return KittyExchange(self.pid, ctx.codec, self.who, ranks, self.min, self.taken, self.must)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        from ..explain.words import join_or, plural, rank_text  # explain imports the compiler, which imports the kinds

        count = self.taken
        taken = "the whole kitty" if not count else f"{plural(int(count), 'card')} of it"
        of_ranks = f" of rank {join_or([rank_text(r) for r in self.ranks])}" if self.ranks else ""
        kitty = (
            "the kitty (the undealt cards, not the upcard)" if d.model.deal.upcard else "the kitty (the undealt cards)"
        )
        if self.who == "maker" and self.must:
            who = f"the maker must take {kitty}: he may not keep his hand"
        elif self.who == "maker":
            who = f"the maker may exchange with {kitty} or keep his hand"
        else:
            holding = f" holding at least {plural(int(self.min), 'card')}{of_ranks}" if self.ranks else ""
            who = (
                f"from the dealer's left, each player{holding} may exchange with the kitty (the undealt cards, "
                "not the upcard) or keep his hand; after one exchange, nobody more is asked"
            )
        how = f"the one who exchanges takes {taken} into his hand, then discards as many cards{of_ranks}"
        return [("who", who), ("exchange", how)]


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
        deck = st.rules.deck
        return [
            c.DISCARD + card for card in st.hands[st.turn] if self.ranks is None or deck.rank_of(card) in self.ranks
        ]

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

    def kitty_discards(self) -> tuple[bool, frozenset[int] | None]:
        return True, self.ranks
