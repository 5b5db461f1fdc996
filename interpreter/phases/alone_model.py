"""The model of `alone`: its settings as the spec writes them (the runtime phase: `alone.py`).

alone: the maker, his partners, or each defender in turn, may play alone (his side-mates sit out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..frozen import frozen
from .alone import Alone
from .base import Phase
from .base_model import BuildContext, Expr, PhaseModel, answer_condition

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


@frozen
class AloneModel(PhaseModel):
    kind = "alone"
    places = ("declarations",)
    word = "going alone"

    # "maker" | "partners" | "defenders", or a list of them: the groups asked, in that order (required)
    who: str | tuple[str, ...]
    stop_at_first: bool = False
    must_if: Expr | None = None
    partner_gives: bool = False
    loner_is_maker: bool = False  # a partner of the maker who goes alone becomes the maker
    choice_if: Expr | None = None  # the asked player may go alone only where this holds (answer names)

    @property
    def groups(self) -> tuple[str, ...]:
        """The groups asked, in order (`who` as one word or as a list)."""
        return (self.who,) if isinstance(self.who, str) else self.who

    @property
    def label(self) -> str:
        return "defenders going alone" if self.groups == ("defenders",) else self.word

    def build(self, ctx: BuildContext) -> Phase:
        groups = self.groups  # the schema refuses a group listed twice
        if self.loner_is_maker and "partners" not in groups:
            raise ctx.fail(
                self.where("loner_is_maker"),
                "alone: loner_is_maker needs the maker's partners among the players asked",
                "add `partners` to `who`, e.g. who: [maker, partners, defenders]",
            )
        must_if = None
        if self.must_if is not None:
            must_if = ctx.expr(self.where("must_if"), self.must_if, ctx.hand_names, "bool")
        return Alone(
            self.pid,
            ctx.codec,
            groups,
            self.stop_at_first,
            must_if,
            self.partner_gives,
            self.loner_is_maker,
            answer_condition(ctx, self, self.choice_if),
        )

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        if not d.partnerships:
            sits = "the other players of his side sit out"
        elif d.players == 4:
            sits = "his partner sits out the hand"
        else:  # two partnerships of three or more: every partner sits out
            sits = "his partners all sit out the hand"
        groups = self.groups
        if groups == ("defenders",):
            parts = [("who", f"each defender in turn, from the maker's left, may go alone: {sits}")]
            parts.append(
                (
                    "stop_at_first",
                    "once one defender goes alone, nobody more is asked"
                    if self.stop_at_first
                    else "every defender is asked",
                )
            )
        elif groups == ("maker",):
            parts = [("who", f"the maker may go alone: {sits}")]
        else:
            asked = ", then ".join(GROUP_WORDS[g] for g in groups)
            parts = [
                (
                    "who",
                    f"once trump is fixed, {asked} may go alone: {sits}; nobody of a side already alone is asked",
                )
            ]
            if self.stop_at_first:
                parts.append(("stop_at_first", "once one player goes alone, nobody more is asked"))
        if self.loner_is_maker:
            parts.append(("loner_is_maker", "a partner of the maker who goes alone becomes the maker (the lone maker)"))
        if self.must_if is not None:
            parts.append(("must_if", f"he must go alone if {d.words.clause(self.must_if)}"))
        if self.choice_if is not None:
            said = d.words.clause(self.choice_if)
            parts.append(("choice_if", f"he may go alone only if {said}; otherwise he plays together"))
        if self.partner_gives:
            # with more than one partner (six players), the first of them at the loner's left gives
            giver = "his partner" if d.partnerships and d.players == 4 else "the first of his partners at his left"
            parts.append(("partner_gives", f"{giver} then passes him one card, and he discards one"))
        return parts


# How explain names each group of `who`.
GROUP_WORDS = {
    "maker": "the maker",
    "partners": "the maker's partner",
    "defenders": "each defender from the maker's left",
}
