"""name_upcard_suit: the dealer names the suit a suitless upcard (a turned joker) stands for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dsl import CompiledExpr
from .base import BuildContext, Expr, Phase, PhaseModel, Walk, upcard_env

if TYPE_CHECKING:
    from ..engine import State
    from ..explain.rules_text import Describer


@dataclass(frozen=True, kw_only=True)
class NameUpcardSuitModel(PhaseModel):
    kind = "name_upcard_suit"
    needs_upcard = True
    when_is_own = True
    word = "naming the upcard's suit"

    when: Expr

    def build(self, ctx: BuildContext) -> Phase:
        return NameUpcardSuit(self.pid, ctx.codec, ctx.expr(self.where("when"), self.when, ctx.upcard_names, "bool"))

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        cond = d.words.clause(self.when)
        return [
            (
                "when",
                f"if {cond}, the dealer first names a suit (any suit), which the following steps "
                "treat as the upcard's suit; naming it does not make him the maker",
            )
        ]


@dataclass
class NameUpcardSuit(Phase):
    when: CompiledExpr
    names_upcard_suit = True

    def begin(self, st: State) -> bool:
        if st.contract >= 0 or st.upcard < 0 or not self.when.fn(upcard_env(st)):
            return False
        st.turn = st.dealer
        return True

    def legal(self, st: State) -> list[int]:
        call = self.codec.CALL
        return [call + s for s in range(len(st.rules.deck.suits))]

    def apply(self, st: State, action: int) -> None:
        st.up_suit = action - self.codec.CALL
        st.advance()

    def walk(self, s: Walk, jokers: bool) -> tuple[bool, list[Walk]]:
        return self.when.constant is not False, [s]

    def never_runs(self, earlier: list[Phase]) -> tuple[str, str, str] | None:
        if self.when.constant is False:
            return (
                "warning",
                f"bidding phase '{self.id}' can never run: its `when` is always false",
                "write a condition on the upcard, or remove the phase",
            )
        return None
