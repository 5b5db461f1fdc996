"""The model of `partner_exchange`: its settings as the spec writes them (the runtime phase: `partner_exchange.py`).

What the kind does, and why, is told once: in `partner_exchange.py`'s docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..frozen import frozen
from .base import Phase
from .base_model import BuildContext, PhaseModel
from .partner_exchange import PartnerExchange

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


@frozen
class PartnerExchangeModel(PhaseModel):
    kind = "partner_exchange"
    places = ("declarations",)
    word = "partner exchange"

    giver: str = "partner"  # "maker" | "partner": who gives first
    back: str = "give"  # "give" (the taker gives one card back) | "discard" (he lays one away)
    blind: bool = False  # with back: give, the second chooses before seeing the first's card

    def build(self, ctx: BuildContext) -> Phase:
        if self.blind and self.back != "give":
            raise ctx.fail(
                self.where("blind"),
                "partner_exchange: blind: true needs back: give (two cards that cross at once)",
                "remove blind, or write back: give",
            )
        return PartnerExchange(self.pid, ctx.codec, self.giver == "maker", self.back == "give", self.blind)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        if self.giver == "maker":
            first, taker, to_first = "the maker passes his partner", "his partner", "the maker"
        else:
            first, taker, to_first = "the maker's partner passes him", "the maker", "his partner"
        parts = [("giver", f"{first} one card face down")]
        if self.back == "discard":
            parts.append(("back", f"then {taker} lays one card away face down"))
        elif self.blind:
            parts.append(
                (
                    "back",
                    f"and {taker} passes one card to {to_first}, choosing it before he sees the card he gets "
                    "(the first card is chosen first)",
                )
            )
        else:
            parts.append(("back", f"then {taker} gives {to_first} one card back face down"))
        parts.append(("sees", "only the two of them see the cards passed"))
        return parts
