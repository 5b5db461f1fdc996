"""The model of `name_upcard_suit`: its settings as the spec writes them (the runtime phase: `name_upcard_suit.py`).

What the kind does, and why, is told once: in `name_upcard_suit.py`'s docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..frozen import frozen
from .base import Phase, upcard_table
from .base_model import BuildContext, Expr, PhaseModel
from .name_upcard_suit import NameUpcardSuit

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


@frozen
class NameUpcardSuitModel(PhaseModel):
    kind = "name_upcard_suit"
    needs_upcard = True
    names_upcard_suit = True
    when_is_own = True
    word = "naming the upcard's suit"

    when: Expr
    dealer_makes: bool = False  # the named suit is trump: the dealer is the maker, takes the upcard, discards

    @property
    def label(self) -> str:
        return "the dealer naming trump" if self.dealer_makes else self.word

    def build(self, ctx: BuildContext) -> Phase:
        when = ctx.expr(self.where("when"), self.when, ctx.upcard_names, "bool")
        holds = upcard_table(when, ctx.deck, ctx.seat_count, ctx.option_values)
        return NameUpcardSuit(self.pid, ctx.codec, when, holds, self.dealer_makes)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        cond = d.words.clause(self.when)
        if self.dealer_makes:
            return [
                (
                    "when",
                    f"if {cond}, before anyone bids the dealer names trump (any suit): his side are the "
                    "makers; he takes the upcard and discards one card (the upcard included), and the rest "
                    "of the bidding is skipped",
                )
            ]
        return [
            (
                "when",
                f"if {cond}, the dealer first names a suit (any suit), which the following steps "
                "treat as the upcard's suit; naming it does not make him the maker",
            )
        ]
