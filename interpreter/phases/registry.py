"""Every kind of decision by the name the spec writes it under: the one list to extend.

`bidding` and `declarations` items are `{KIND: settings}`; the spec model looks
the kind up here (see docs/architecture.md, "how to add a kind").

Why by name, imported on first use: a kind's model lives in `<kind>_model.py` beside
its runtime phase `<kind>.py`, and importing all twelve pairs cost a fifth of a cold
`trickspec validate` of a spec that uses three. `KINDS["order_up"]` imports that
kind only; iterating `KINDS` imports them all.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .base_model import PhaseModel

# kind -> its model class, defined in interpreter/phases/<kind>_model.py
_MODELS = {
    "auto_trump": "AutoTrumpModel",
    "name_upcard_suit": "NameUpcardSuitModel",
    "order_up": "OrderUpModel",
    "name_trump": "NameTrumpModel",
    "auction": "AuctionModel",
    "kitty_exchange": "KittyExchangeModel",
    "fixed_trump": "FixedTrumpModel",
    "alone": "AloneModel",
    "call_partner": "CallPartnerModel",
    "play_or_fold": "PlayOrFoldModel",
    "partner_exchange": "PartnerExchangeModel",
    "end_hand": "EndHandModel",
}


class _Kinds(Mapping[str, type[PhaseModel]]):
    """A read-only mapping kind -> model class whose modules are imported when first looked up."""

    def __init__(self) -> None:
        self._loaded: dict[str, type[PhaseModel]] = {}

    def __getitem__(self, kind: str) -> type[PhaseModel]:
        model = self._loaded.get(kind)
        if model is None:
            name = _MODELS[kind]  # KeyError for an unknown kind, as a dict would
            model = getattr(importlib.import_module(f"{__package__}.{kind}_model"), name)
            assert issubclass(model, PhaseModel) and model.kind == kind, (kind, model)
            self._loaded[kind] = model
        return model

    def __iter__(self) -> Iterator[str]:
        return iter(_MODELS)

    def __len__(self) -> int:
        return len(_MODELS)

    def __contains__(self, kind: object) -> bool:
        return kind in _MODELS


KINDS: Mapping[str, type[PhaseModel]] = _Kinds()


def kinds_in(place: str) -> list[str]:
    """The kinds that may stand in `bidding` or `declarations`."""
    return [name for name, model in KINDS.items() if place in model.places]
