"""The model of `play_or_fold`: its settings as the spec writes them (the runtime phase: `play_or_fold.py`).

play_or_fold: every player but the maker, from the maker's left, stays in or folds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..frozen import frozen
from .base import Phase
from .base_model import BuildContext, PhaseModel
from .play_or_fold import PlayOrFold

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


@frozen
class PlayOrFoldModel(PhaseModel):
    kind = "play_or_fold"
    places = ("declarations",)
    word = "play or fold"

    def build(self, ctx: BuildContext) -> Phase:
        return PlayOrFold(self.pid, ctx.codec)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        return [
            (
                "turns",
                "from the maker's left, every other player plays or folds; a player who folds "
                "sits out the hand; the maker cannot fold",
            )
        ]
