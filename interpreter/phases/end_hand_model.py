"""The model of `end_hand`: its settings as the spec writes them (the runtime phase: `end_hand.py`).

What the kind does, and why, is told once: in `end_hand.py`'s docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..frozen import frozen
from .base import Phase
from .base_model import BuildContext, Expr, PhaseModel
from .end_hand import EndHand, Outcome

if TYPE_CHECKING:
    from ..explain.rules_text import Describer

WHO_WORDS = {
    "each": "from the dealer's left, each player",
    "maker": "the maker",
    "dealer": "the dealer",
}


@frozen
class EndHandModel(PhaseModel):
    kind = "end_hand"
    places = ("bidding", "declarations")
    word = "ending the hand"

    outcome: str  # "misdeal" | "concede" | "claim" (required)
    who: str = "each"  # "each" (from the dealer's left) | "maker" | "dealer"
    dealer: str = "next"  # misdeal: "same" or "next" dealer deals again
    award: dict[str, Expr] | None = None  # concede: points to the player's side (`own`) and the others (`others`)

    @property
    def label(self) -> str:
        return {"misdeal": "misdeal", "concede": "concession", "claim": "claim"}[self.outcome]

    def build(self, ctx: BuildContext) -> Phase:
        if self.dealer != "next" and self.outcome != "misdeal":
            raise ctx.fail(self.where("dealer"), "end_hand: dealer (who deals again) applies only to outcome: misdeal")
        if self.award is not None and self.outcome != "concede":
            raise ctx.fail(self.where("award"), "end_hand: award applies only to outcome: concede")
        if self.outcome == "concede" and not self.award:
            raise ctx.fail(
                self.where("outcome"),
                "end_hand: outcome concede needs an award",
                "add award: {others: 1} (points to the other sides; own: points to the player's side)",
            )
        if self.outcome == "claim" and self.who != "maker":
            raise ctx.fail(
                self.where("who"),
                "end_hand: a claim is made by the maker once trump is fixed",
                "write who: maker, among the declarations",
            )
        if self.outcome == "claim" and self.path[:1] != ("declarations",):
            raise ctx.fail(
                list(self.path),
                "end_hand: a claim needs trump fixed: put it among the declarations",
                "move this end_hand step from bidding to declarations",
            )
        names = ctx.seat_names
        may_if = None if self.may_if is None else ctx.expr(self.where("may_if"), self.may_if, names, "bool")
        award = self.award or {}
        own = ctx.expr(self.where("award", "own"), award["own"], ctx.hand_names, "int") if "own" in award else None
        others = (
            ctx.expr(self.where("award", "others"), award["others"], ctx.hand_names, "int")
            if "others" in award
            else None
        )
        outcome = Outcome(self.outcome, self.dealer == "same", own, others)
        return EndHand(self.pid, ctx.codec, self.who, may_if, outcome)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        who = WHO_WORDS[self.who]
        cond = "" if self.may_if is None else f" if {d.words.clause(self.may_if)}"
        if self.outcome == "misdeal":
            again = "the same dealer deals again" if self.dealer == "same" else "the next dealer deals"
            parts = [
                ("who", f"{who} may call a misdeal{cond} (or keep his hand)"),
                ("outcome", f"on a misdeal nothing is scored and {again}"),
            ]
        elif self.outcome == "concede":
            parts = [
                ("who", f"{who} may concede the hand{cond} (or keep playing)"),
                ("outcome", f"on a concession the hand is not played: {self._award_words(d)}"),
            ]
        else:
            parts = [
                ("who", f"{who} may lay his cards down{cond} when they take every trick whatever the others hold"),
                (
                    "outcome",
                    "the engine checks the claim (his trumps from the highest, then each suit from the highest, "
                    "must win against any holding); the hand is then scored as if he took every trick",
                ),
            ]
        return parts

    def _award_words(self, d: Describer) -> str:
        award = self.award or {}
        words = []
        if "own" in award:
            words.append(f"his {d.side} scores {d.words.noun(award['own'])}")
        if "others" in award:
            other = "the other side" if d.partnerships and d.players == 4 else f"every other {d.side}"
            words.append(f"{other} scores {d.words.noun(award['others'])}")
        return " and ".join(words)
