"""auto_trump: the upcard alone fixes trump when a condition on it holds (no maker, no bidding)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dsl import CompiledExpr
from .base import Phase, Walk

if TYPE_CHECKING:
    from ..engine import State


@dataclass
class AutoTrump(Phase):
    when: CompiledExpr
    holds: tuple[tuple[bool, ...], ...]  # `when` per dealer and upcard (base.upcard_table)

    @property
    def deals_trump(self) -> bool:
        return True

    def begin(self, st: State) -> bool:
        if st.contract < 0 and st.upcard >= 0 and st.up_suit >= 0 and self.holds[st.dealer][st.upcard]:
            st.contract = st.up_suit
            st.fixed_by = self.id
        return False

    def walk(self, s: Walk, jokers: bool) -> tuple[bool, list[Walk]]:
        const = self.when.constant
        out = []
        if const is not False:
            out.append(Walk("suit", False, (), s.passed, self.id))
        if const is not True or jokers:  # a turned joker has no suit to make trump
            out.append(s)
        return const is not False, out

    def never_runs(self, earlier: list[Phase]) -> tuple[str, str, str] | None:
        if self.when.constant is False:
            return (
                "warning",
                f"bidding phase '{self.id}' can never run: its `when` is always false",
                "write a condition on the upcard, or remove the phase",
            )
        return None
