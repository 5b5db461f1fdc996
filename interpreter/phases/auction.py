"""auction: one numeric bid each from the dealer's left; the high bidder is the maker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import BuildContext, Phase, PhaseModel, Walk

if TYPE_CHECKING:
    from ..engine import State
    from ..explain.rules_text import Describer


@dataclass(frozen=True, kw_only=True)
class AuctionModel(PhaseModel):
    kind = "auction"
    word = "auction"

    min: int
    max: int
    dealer_may_match: bool = False
    all_pass: str  # "dealer_must_bid" | "redeal" (required)

    def max_bid(self) -> int:
        return self.max

    def build(self, ctx: BuildContext) -> Phase:
        low, high = self.min, self.max
        if not 0 < low <= high:
            raise ctx.fail(self.where("min"), f"auction: min {low} must be at least 1 and at most max {high}")
        return Auction(self.pid, ctx.codec, low, high, self.dealer_may_match, self.all_pass)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        team = "his side" if d.partnerships else "he"
        low, high = self.min, self.max
        parts = [
            (
                "turns",
                f"from the dealer's left, each player bids once: a number of tricks from {low} to "
                f"{high} that {team} will take, higher than the high bid so far, or passes",
            )
        ]
        if self.dealer_may_match:
            parts.append(("dealer_may_match", "the dealer, bidding last, may match the high bid to take it"))
        else:
            parts.append(("dealer_may_match", "the dealer must outbid the high bid like everybody else"))
        if self.all_pass == "dealer_must_bid":
            parts.append(("all_pass", f"if all the others pass, the dealer must bid (at least {low}): a forced bid"))
        else:
            parts.append(("all_pass", "if all pass, the hand is redealt by the next dealer (no score)"))
        parts.append(("result", "the high bidder is the maker, and his bid is the contract"))
        return parts


@dataclass
class Auction(Phase):
    """One numeric bid each from the dealer's left; the high bid makes the maker."""

    low: int
    high: int
    dealer_may_match: bool
    all_pass: str  # "dealer_must_bid" | "redeal"
    makes_bid_maker = True

    def begin(self, st: State) -> bool:
        if st.contract >= 0 or st.maker >= 0:
            return False
        st.asked = 0
        st.high_bid = 0
        st.queue = []  # [high bidder] once somebody bid
        st.turn = (st.dealer + 1) % st.rules.players
        return True

    def legal(self, st: State) -> list[int]:
        bid = self.codec.BID
        high = st.high_bid
        if st.turn == st.dealer:
            if high == 0:
                bids = [bid + b for b in range(self.low, self.high + 1)]
                return bids if self.all_pass == "dealer_must_bid" else [self.codec.PASS, *bids]
            start = high if self.dealer_may_match else high + 1
        else:
            start = max(self.low, high + 1)
        return [self.codec.PASS] + [bid + b for b in range(start, self.high + 1)]

    def apply(self, st: State, action: int) -> None:
        if action != self.codec.PASS:
            st.high_bid = action - self.codec.BID
            st.queue = [st.turn]
        st.asked += 1
        n = st.rules.players
        if st.asked < n:
            st.turn = (st.turn + 1) % n
        elif not st.queue:
            st.finish_redeal()
        else:
            st.maker = st.queue[0]
            st.bid = st.high_bid
            st.advance()

    def walk(self, s: Walk, jokers: bool) -> tuple[bool, list[Walk]]:
        if s.maker:
            return False, [s]
        # all_pass: redeal ends the hand explicitly; dealer_must_bid has no all-pass branch
        return True, [Walk(None, True, tuple(range(self.low, self.high + 1)), s.passed)]
