"""The model of `kitty_exchange`: its settings as the spec writes them (the runtime phase: `kitty_exchange.py`).

What the kind does, and why, is told once: in `kitty_exchange.py`'s docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..frozen import frozen
from .base import Phase
from .base_model import BuildContext, PhaseModel
from .kitty_exchange import KittyExchange

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


@frozen
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
