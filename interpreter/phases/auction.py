"""auction: one numeric bid each from the dealer's left; the high bidder is the maker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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
    # "dealer_must_bid" | "redeal" | {holder_of: CARD, bid: N} (required): a forced bid by the
    # holder of a card (Hasenpfeffer's joker), or a redeal when nobody holds it
    all_pass: str | dict[str, Any]

    def max_bid(self) -> int:
        return self.max

    def build(self, ctx: BuildContext) -> Phase:
        low, high = self.min, self.max
        if not 0 < low <= high:
            raise ctx.fail(self.where("min"), f"auction: min {low} must be at least 1 and at most max {high}")
        all_pass, card, forced = self.all_pass, -1, 0
        if isinstance(all_pass, dict):
            name = all_pass["holder_of"]
            parsed = ctx.deck.parse(str(name))
            if parsed is None:
                raise ctx.fail(
                    self.where("all_pass", "holder_of"),
                    f"auction: no card '{name}' in this deck",
                    "a card name such as AS, TH or JK (a joker, with deck.jokers)",
                )
            forced = all_pass["bid"]
            if not low <= forced <= high:
                raise ctx.fail(
                    self.where("all_pass", "bid"), f"auction: forced bid {forced} is outside min {low} .. max {high}"
                )
            all_pass, card = "holder_must_bid", parsed
        return Auction(self.pid, ctx.codec, low, high, self.dealer_may_match, all_pass, card, forced)

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
        elif isinstance(self.all_pass, dict):
            from ..explain.words import card_text  # explain imports the compiler, which imports the kinds

            card = card_text(str(self.all_pass["holder_of"]))
            parts.append(
                (
                    "all_pass",
                    f"if all pass, the player holding the {card} must bid {self.all_pass['bid']} (it is his bid "
                    f"whatever he holds); if nobody holds it, the hand is redealt by the next dealer (no score)",
                )
            )
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
    all_pass: str  # "dealer_must_bid" | "redeal" | "holder_must_bid"
    forced_card: int = -1  # holder_must_bid: the card whose holder takes the forced bid
    forced_bid: int = 0
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
            holder = self._holder(st) if self.all_pass == "holder_must_bid" else -1
            if holder < 0:
                st.finish_redeal()
                return
            st.maker = holder
            st.bid = st.high_bid = self.forced_bid
            st.advance()
        else:
            st.maker = st.queue[0]
            st.bid = st.high_bid
            st.advance()

    def _holder(self, st: State) -> int:
        """The seat holding the forced card, -1 when it was not dealt to anybody."""
        for seat, hand in enumerate(st.hands):
            if self.forced_card in hand:
                return seat
        return -1

    def walk(self, s: Walk, jokers: bool) -> tuple[bool, list[Walk]]:
        if s.maker:
            return False, [s]
        # all_pass: redeal (and a forced card nobody holds) ends the hand explicitly;
        # dealer_must_bid has no all-pass branch; the forced bid is one of the range
        return True, [Walk(None, True, tuple(range(self.low, self.high + 1)), s.passed)]
