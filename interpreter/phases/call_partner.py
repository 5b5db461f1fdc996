"""call_partner: the maker names a card by suit; its holder becomes his secret partner."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import norm_rank
from .base import BuildContext, Phase, PhaseModel, Reach

if TYPE_CHECKING:
    from ..engine import State
    from ..explain.rules_text import Describer


@dataclass(frozen=True, kw_only=True)
class CallPartnerModel(PhaseModel):
    kind = "call_partner"
    places = ("declarations",)
    makes_secret_partner = True
    word = "calling a partner"

    rank: str | int  # the rank of the called card (required)
    may_go_alone: bool = True

    def build(self, ctx: BuildContext) -> Phase:
        rank = norm_rank(self.rank)
        if rank not in ctx.deck.ranks:
            raise ctx.fail(self.where("rank"), f"call_partner: '{rank}' is not a rank of the deck")
        return CallPartner(self.pid, ctx.codec, ctx.deck.ranks.index(rank), self.may_go_alone)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        from ..explain.words import rank_word  # explain imports the compiler, which imports the kinds

        return [
            (
                "call",
                f"the maker names a suit: whoever holds the {rank_word(self.rank)} of that suit is his secret "
                "partner for the hand (only the holder knows, until that card is played); if nobody else "
                "holds it, the maker plays alone and is scored as alone",
            ),
            ("may_go_alone", "the maker may instead go alone" if self.may_go_alone else "the maker may not go alone"),
        ]


@dataclass
class CallPartner(Phase):
    """The maker names a card by suit; its holder becomes his secret partner."""

    rank: int  # rank index of the called card
    may_go_alone: bool

    def begin(self, st: State) -> bool:
        if st.maker < 0:
            return False
        st.turn = st.maker
        return True

    def legal(self, st: State) -> list[int]:
        c = self.codec
        calls = [c.ACE + s for s in range(len(st.rules.deck.suits))]
        return [c.ALONE, *calls] if self.may_go_alone else calls

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        if action == c.ALONE:
            st.alone.append(st.maker)
        else:
            card = st.rules.deck.card(action - c.ACE, self.rank)
            st.partner_card = card
            holders = [s for s in range(st.rules.players) if s != st.maker and card in st.hands[s]]
            if holders:
                st.partner = holders[0]
            else:
                st.alone.append(st.maker)
        st.advance()

    def reach(self, r: Reach) -> None:
        r.alone_maker = True  # going alone, or nobody else holds the called card
        r.partner = True
