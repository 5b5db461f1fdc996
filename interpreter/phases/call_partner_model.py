"""The model of `call_partner`: its settings as the spec writes them (the runtime phase: `call_partner.py`).

call_partner: the maker names a card by suit; its holder becomes his secret partner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import norm_rank
from ..frozen import frozen
from .base import Phase
from .base_model import BuildContext, PhaseModel
from .call_partner import CallPartner

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


@frozen
class CallPartnerModel(PhaseModel):
    kind = "call_partner"
    places = ("declarations",)
    makes_secret_partner = True
    word = "calling a partner"

    rank: str | int  # the rank of the called card (required)
    may_go_alone: bool = True

    def build(self, ctx: BuildContext) -> Phase:
        rank = norm_rank(self.rank)
        if rank not in ctx.deck.ranks:
            raise ctx.fail(self.where("rank"), f"call_partner: '{rank}' is not a rank of the deck")
        return CallPartner(self.pid, ctx.codec, ctx.deck.ranks.index(rank), self.may_go_alone)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        from ..explain.words import rank_word  # explain imports the compiler, which imports the kinds

        return [
            (
                "call",
                f"the maker names a suit: whoever holds the {rank_word(self.rank)} of that suit is his secret "
                "partner for the hand (only the holder knows, until that card is played); if nobody else "
                "holds it, the maker plays alone and is scored as alone",
            ),
            ("may_go_alone", "the maker may instead go alone" if self.may_go_alone else "the maker may not go alone"),
        ]
