"""alone: the maker, or each defender in turn, may play alone (his side-mates sit out)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dsl import CompiledExpr
from .base import BuildContext, Expr, Phase, PhaseModel, Reach, seats_from, sit_out_partners

if TYPE_CHECKING:
    from ..engine import State
    from ..explain.rules_text import Describer


@dataclass(frozen=True, kw_only=True)
class AloneModel(PhaseModel):
    kind = "alone"
    places = ("declarations",)
    word = "going alone"

    who: str  # "maker" | "defenders" (required)
    stop_at_first: bool = False
    must_if: Expr | None = None
    partner_gives: bool = False

    @property
    def label(self) -> str:
        return "defenders going alone" if self.who == "defenders" else self.word

    def build(self, ctx: BuildContext) -> Phase:
        must_if = None
        if self.must_if is not None:
            must_if = ctx.expr(self.where("must_if"), self.must_if, ctx.hand_names, "bool")
        return Alone(self.pid, ctx.codec, self.who, self.stop_at_first, must_if, self.partner_gives)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        if not d.partnerships:
            sits = "the other players of his side sit out"
        elif d.players == 4:
            sits = "his partner sits out the hand"
        else:  # two partnerships of three or more: every partner sits out
            sits = "his partners all sit out the hand"
        if self.who == "defenders":
            parts = [("who", f"each defender in turn, from the maker's left, may go alone: {sits}")]
            parts.append(
                (
                    "stop_at_first",
                    "once one defender goes alone, nobody more is asked"
                    if self.stop_at_first
                    else "every defender is asked",
                )
            )
        else:
            parts = [("who", f"the maker may go alone: {sits}")]
        if self.must_if is not None:
            parts.append(("must_if", f"he must go alone if {d.words.clause(self.must_if)}"))
        if self.partner_gives:
            parts.append(("partner_gives", "his partner then passes him one card, and he discards one"))
        return parts


@dataclass
class Alone(Phase):
    """'alone' or 'together', asked of the maker or of the defenders in turn.

    `must_if` forces the answer (Canadian loner); `partner_gives` has the loner's
    partner pass him one card, which the loner then replaces by a discard.
    """

    who: str  # "maker" | "defenders"
    stop_at_first: bool
    must_if: CompiledExpr | None = None
    partner_gives: bool = False

    def begin(self, st: State) -> bool:
        if st.maker < 0:
            return False
        if self.who == "maker":
            st.queue = [st.maker]
        else:
            side_of = st.rules.side_of
            mine = side_of[st.maker]
            st.queue = [s for s in seats_from(st, st.maker + 1) if side_of[s] != mine and not st.out[s]]
        if not st.queue:
            return False
        st.step = 0  # 0: asking; 1: the partner gives a card; 2: the loner discards
        st.turn = st.queue.pop(0)
        return True

    def legal(self, st: State) -> list[int]:
        c = self.codec
        if st.step == 1:
            return [c.GIVE + card for card in st.hands[st.turn]]
        if st.step == 2:
            return [c.DISCARD + card for card in st.hands[st.turn]]
        if self.must_if is not None and self.must_if.fn(st.rules.hand_env(st)):
            return [c.ALONE]
        return [c.ALONE, c.TOGETHER]

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        if st.step == 1:
            card = action - c.GIVE
            st.hands[st.turn].remove(card)
            st.hands[st.queue[0]].append(card)
            st.step = 2
            st.turn = st.queue.pop(0)
            return
        if st.step == 2:
            card = action - c.DISCARD
            st.hands[st.turn].remove(card)
            st.laid_away.append(card)
            st.step = 0
        elif action == c.ALONE:
            loner = st.turn
            st.alone.append(loner)
            sit_out_partners(st, loner)
            st.queue = [s for s in st.queue if not st.out[s]]  # a benched partner is asked nothing
            if self.stop_at_first:
                st.queue = []
            giver = next(
                (
                    s
                    for s in seats_from(st, loner + 1)
                    if s != loner and st.out[s] and st.rules.side_of[s] == st.rules.side_of[loner]
                ),
                -1,
            )
            if self.partner_gives and giver >= 0:
                st.queue.insert(0, loner)
                st.step = 1
                st.turn = giver
                return
        if st.queue:
            st.turn = st.queue.pop(0)
        else:
            st.advance()

    def reach(self, r: Reach) -> None:
        if self.who == "maker":
            r.alone_maker = True
        else:
            r.defender_alone = True
