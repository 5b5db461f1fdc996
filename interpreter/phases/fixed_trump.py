"""fixed_trump: the spec itself names trump (a suit or a no-trump contract); nobody bids for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Phase, Walk

if TYPE_CHECKING:
    from ..engine import State


@dataclass
class FixedTrump(Phase):
    """Trump is the spec's: set it and ask nothing (no maker)."""

    contract: int  # index into Rules.contracts
    no_trump: bool

    def begin(self, st: State) -> bool:
        if st.contract < 0:
            st.contract = self.contract
            st.fixed_by = self.id
        return False

    def walk(self, s: Walk, jokers: bool) -> tuple[bool, list[Walk]]:
        return True, [Walk("nt" if self.no_trump else "suit", False, (), s.passed, self.id)]
