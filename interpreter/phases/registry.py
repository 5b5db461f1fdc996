"""Every kind of decision by the name the spec writes it under: the one list to extend.

`bidding` and `declarations` items are `{KIND: settings}`; the spec model looks
the kind up here (see docs/architecture.md, "how to add a kind").
"""

from __future__ import annotations

from .alone import AloneModel
from .auction import AuctionModel
from .auto_trump import AutoTrumpModel
from .base import PhaseModel
from .call_partner import CallPartnerModel
from .end_hand import EndHandModel
from .fixed_trump import FixedTrumpModel
from .kitty_exchange import KittyExchangeModel
from .name_trump import NameTrumpModel
from .name_upcard_suit import NameUpcardSuitModel
from .order_up import OrderUpModel
from .partner_exchange import PartnerExchangeModel
from .play_or_fold import PlayOrFoldModel

KINDS: dict[str, type[PhaseModel]] = {
    model.kind: model
    for model in (
        AutoTrumpModel,
        NameUpcardSuitModel,
        OrderUpModel,
        NameTrumpModel,
        AuctionModel,
        KittyExchangeModel,
        FixedTrumpModel,
        AloneModel,
        CallPartnerModel,
        PlayOrFoldModel,
        PartnerExchangeModel,
        EndHandModel,
    )
}


def kinds_in(place: str) -> list[str]:
    """The kinds that may stand in `bidding` or `declarations`."""
    return [name for name, model in KINDS.items() if place in model.places]
