"""Every kind of decision by the name the spec writes it under: the one list to extend.

`bidding` and `declarations` items are `{KIND: settings}`; the spec model looks
the kind up here (see docs/architecture.md, "how to add a kind").
"""

from __future__ import annotations

from .alone_model import AloneModel
from .auction_model import AuctionModel
from .auto_trump_model import AutoTrumpModel
from .base_model import PhaseModel
from .call_partner_model import CallPartnerModel
from .end_hand_model import EndHandModel
from .fixed_trump_model import FixedTrumpModel
from .kitty_exchange_model import KittyExchangeModel
from .name_trump_model import NameTrumpModel
from .name_upcard_suit_model import NameUpcardSuitModel
from .order_up_model import OrderUpModel
from .partner_exchange_model import PartnerExchangeModel
from .play_or_fold_model import PlayOrFoldModel

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
