"""The model of `fixed_trump`: its settings as the spec writes them (the runtime phase: `fixed_trump.py`).

fixed_trump: the spec itself names trump (a suit or a no-trump contract); nobody bids for it.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from ..cards import norm_suit
from ..frozen import frozen
from .base import Phase
from .base_model import BuildContext, PhaseModel
from .fixed_trump import FixedTrump

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


@frozen
class FixedTrumpModel(PhaseModel):
    kind = "fixed_trump"
    word = "fixed trump"

    contract: str  # a suit letter of the deck or a ranking.no_trump name (required)

    def build(self, ctx: BuildContext) -> Phase:
        names = ctx.contract_names
        n_suits = len(ctx.deck.suits)
        wanted = norm_suit(self.contract) if norm_suit(self.contract) in ctx.deck.suits else self.contract
        if wanted not in names:
            close = difflib.get_close_matches(self.contract, list(names), n=1)
            raise ctx.fail(
                self.where("contract"),
                f"fixed_trump: '{self.contract}' is no suit of the deck ({' '.join(ctx.deck.suits)})"
                + (f" nor a ranking.no_trump contract ({', '.join(names[n_suits:])})" if names[n_suits:] else ""),
                f"did you mean '{close[0]}'?" if close else None,
            )
        index = names.index(wanted)
        return FixedTrump(self.pid, ctx.codec, index, index >= n_suits)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        from ..explain.words import suit_name  # explain imports the compiler, which imports the kinds

        contract = self.contract
        said = suit_name(norm_suit(contract)) if len(contract) == 1 else f'"{contract}" (no trump)'
        return [
            (
                "contract",
                f"{said} {'are' if said.endswith('s') else 'is'} trump, fixed by the rules: "
                "nobody bids for it and nobody is the maker; the rest of the bidding is skipped",
            )
        ]
