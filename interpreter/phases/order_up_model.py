"""The model of `order_up`: its settings as the spec writes them (the runtime phase: `order_up.py`).

order_up (round 1): each player may order the upcard's suit as trump; the dealer picks it up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..frozen import frozen
from .base import Phase, asks_by_dealer
from .base_model import BuildContext, Expr, PhaseModel, answer_condition
from .order_up import OrderUp

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


TRUMP_NOTE = " (trump: the upcard's suit; the upcard does not count)"


@frozen
class OrderUpModel(PhaseModel):
    kind = "order_up"
    needs_upcard = True
    orders_upcard = True

    dealer_pickup: str = "always"  # "always" | "optional"
    may_discard_upcard: bool = True
    choice_if: Expr | None = None  # a player may order only where this holds (answer names); else he passes

    @property
    def counts_as_round(self) -> bool:
        return True

    def build(self, ctx: BuildContext) -> Phase:
        seats = self.seat_filter(ctx)
        return OrderUp(
            self.pid,
            ctx.codec,
            self.dealer_pickup,
            self.may_discard_upcard,
            seats,
            answer_condition(ctx, self, self.choice_if),
            asks_by_dealer(seats, ctx.seat_count),
        )

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        included = "the upcard included" if self.may_discard_upcard else "not the upcard itself"
        if self.dealer_pickup == "optional":
            pickup = (
                f"the dealer may then take the upcard and discard one card ({included}), or decline; "
                "trump is the upcard's suit either way (if the dealer ordered it himself, he takes it)"
            )
        else:
            pickup = f"the dealer then takes the upcard and discards one card ({included})"
        parts = []
        if self.choice_if is not None:
            parts.append(
                (
                    "choice_if",
                    f"a player may order it up only if {d.words.clause(self.choice_if)}"
                    + (TRUMP_NOTE if "trump" in str(self.choice_if) else "")
                    + "; otherwise he must pass",
                )
            )
        return [
            (
                "turns",
                f"from the dealer's left, {d.asked(self)} passes or orders the upcard's suit as trump; "
                "the first to order it is the maker",
            ),
            *parts,
            ("pickup", pickup),
            ("all_pass", "if all pass, the upcard is turned down (its suit is the turned-down suit)"),
        ]
