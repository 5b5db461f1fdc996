"""The model of `auto_trump`: its settings as the spec writes them (the runtime phase: `auto_trump.py`).

auto_trump: the upcard alone fixes trump when a condition on it holds (no maker, no bidding).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..frozen import frozen
from .auto_trump import AutoTrump
from .base import Phase, upcard_table
from .base_model import BuildContext, Expr, PhaseModel

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


@frozen
class AutoTrumpModel(PhaseModel):
    kind = "auto_trump"
    needs_upcard = True
    when_is_own = True
    word = "automatic trump"

    when: Expr

    def build(self, ctx: BuildContext) -> Phase:
        when = ctx.expr(self.where("when"), self.when, ctx.upcard_names, "bool")
        return AutoTrump(self.pid, ctx.codec, when, upcard_table(when, ctx.deck, ctx.seat_count, ctx.option_values))

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        cond = d.words.clause(self.when)
        return [
            (
                "when",
                f"if {cond}, the upcard's suit is trump at once: nobody is the maker, the upcard "
                "stays out of every hand, and the rest of the bidding is skipped",
            )
        ]
