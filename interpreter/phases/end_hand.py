"""end_hand: a player may end the hand before play, with one of three outcomes.

One general decision for every rule that stops a hand before (or instead of)
its tricks: a misdeal (nothing scored, the same or the next dealer deals
again), a concession (points awarded to the sides, no play) and a claim (the
player lays his cards down; the engine proves they take every trick whatever
the others hold, and the hand is scored as if played). Who is asked (each
player from the dealer's left, the maker or the dealer), on what condition
(`may_if`, over the seat names: the hand names, `seat` the player asked, and
his cards: `dealt("A", "K")`) and the outcome
are the spec's; the answer words are the outcome's own (`misdeal`, `concede`,
`claim`), or `keep` to play on.

The outcome is its own small object (`Outcome`): another kind may end a hand
the same way by building one and calling `Outcome.finish(st, seat)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..claims import takes_every_trick
from ..dsl import CompiledExpr
from .base import BuildContext, Expr, Phase, PhaseModel, Walk, seats_from

if TYPE_CHECKING:
    from ..actions import ActionCodec
    from ..engine import State
    from ..explain.rules_text import Describer

WHO_WORDS = {
    "each": "from the dealer's left, each player",
    "maker": "the maker",
    "dealer": "the dealer",
}


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True)
class Outcome:
    """How a hand ends without play: a misdeal, a concession (an award), or a proven claim."""

    kind: str  # "misdeal" | "concede" | "claim"
    same_dealer: bool = False  # misdeal: the same dealer deals again
    own: CompiledExpr | None = None  # concede: points to the player's side
    others: CompiledExpr | None = None  # concede: points to each other side

    def word(self, codec: ActionCodec) -> int:
        """The action that chooses this outcome."""
        return {"misdeal": codec.MISDEAL, "concede": codec.CONCEDE, "claim": codec.CLAIM}[self.kind]

    def allowed(self, st: State, seat: int) -> bool:
        """May `seat` choose it now? (A claim must be proven; the others always may.)"""
        return self.kind != "claim" or takes_every_trick(st, seat)

    def finish(self, st: State, seat: int) -> None:
        """End the hand of `st`, chosen by `seat`."""
        rules = st.rules
        if self.kind == "claim":
            st.claim_all(seat)
            return
        n = rules.players
        if self.kind == "misdeal":
            after = st.dealer if self.same_dealer else (st.dealer + 1) % n
            st.end_unplayed(rules.redeal_result(st), after)
            return
        env = rules.hand_env(st)
        mine = rules.side_of[seat]
        own = 0 if self.own is None else int(self.own.fn(env))
        others = 0 if self.others is None else int(self.others.fn(env))
        delta = [own if side == mine else others for side in range(rules.n_sides)]
        st.end_unplayed(rules.unplayed_result(st, "conceded", delta), (st.dealer + 1) % n)


@dataclass
class EndHand(Phase):
    """Asks the eligible players in turn: the outcome's word ends the hand, `keep` plays on."""

    ends_hand: ClassVar[bool] = True

    who: str
    may_if: CompiledExpr | None
    outcome: Outcome

    def _eligible(self, st: State, seat: int) -> bool:
        if st.out[seat]:
            return False
        if self.may_if is not None and not self.may_if.fn(st.rules.seat_env(st, seat)):
            return False
        return self.outcome.allowed(st, seat)

    def begin(self, st: State) -> bool:
        if self.who == "maker":
            if st.maker < 0:
                return False
            candidates = [st.maker]
        elif self.who == "dealer":
            candidates = [st.dealer]
        else:
            candidates = seats_from(st, st.dealer + 1)
        st.queue = [s for s in candidates if self._eligible(st, s)]
        if not st.queue:
            return False
        st.turn = st.queue.pop(0)
        return True

    def legal(self, st: State) -> list[int]:
        return [self.outcome.word(self.codec), self.codec.KEEP]

    def apply(self, st: State, action: int) -> None:
        if action != self.codec.KEEP:
            self.outcome.finish(st, st.turn)
            return
        if st.queue:
            st.turn = st.queue.pop(0)
        else:
            st.advance()

    def walk(self, s: Walk, jokers: bool) -> tuple[bool, list[Walk]]:
        return True, [s]  # the hand may end here; otherwise nothing is fixed
