"""Bidding phases: how a hand's contract and maker are fixed.

Each phase answers three questions for `State`: does it ask anything in this
hand (`begin`), what may the player to act do (`legal`), and what does an
action change (`apply`). A phase ends by calling `state.advance()`; it ends the
hand early with `state.finish_redeal()`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..dsl import CompiledExpr

if TYPE_CHECKING:
    from ..actions import ActionCodec
    from ..engine import State


@dataclass
class Phase:
    """Common shape; `id` names the phase for overlays and messages."""

    id: str
    codec: ActionCodec = field(repr=False)

    def begin(self, st: State) -> bool:
        raise NotImplementedError

    def legal(self, st: State) -> list[int]:
        raise NotImplementedError

    def apply(self, st: State, action: int) -> None:
        raise NotImplementedError


def upcard_env(st: State) -> dict[str, object]:
    rules = st.rules
    deck = rules.deck
    card = st.upcard
    suit = deck.suit_of(card)
    env: dict[str, object] = dict(rules.option_env)
    env.update(
        {
            "upcard.suit": deck.suits[suit] if suit >= 0 else "",
            "upcard.rank": deck.ranks[deck.rank_of(card)] if suit >= 0 else "",
            "upcard.is_joker": suit < 0,
            "dealer": st.dealer,
        }
    )
    return env


@dataclass
class AutoTrump(Phase):
    """The upcard alone fixes trump (e.g. a turned club makes clubs trump): no maker, no bidding."""

    when: CompiledExpr

    def begin(self, st: State) -> bool:
        if st.contract < 0 and st.upcard >= 0 and st.up_suit >= 0 and self.when.fn(upcard_env(st)):
            st.contract = st.up_suit
            st.fixed_by = self.id
        return False


@dataclass
class NameUpcardSuit(Phase):
    """The dealer names the suit of a suitless upcard (a turned joker)."""

    when: CompiledExpr

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


@dataclass
class OrderUp(Phase):
    """Round 1: accept the upcard's suit; the dealer then picks it up."""

    dealer_pickup: str  # "always" | "optional"
    may_discard_upcard: bool

    def begin(self, st: State) -> bool:
        # A suitless upcard (a joker nobody named) cannot be ordered: straight to round 2.
        if st.contract >= 0 or st.maker >= 0 or st.upcard < 0 or st.up_suit < 0:
            return False
        st.step = 0  # 0: asking; 1: the dealer's pick-up
        st.asked = 0
        st.turn = (st.dealer + 1) % st.rules.players
        return True

    def legal(self, st: State) -> list[int]:
        c = self.codec
        if st.step == 0:
            return [c.PASS, c.ORDER]
        hand = st.hands[st.dealer]
        options = [c.DISCARD + card for card in hand]
        if self.may_discard_upcard:
            options.append(c.DISCARD + st.upcard)
        if self.dealer_pickup == "optional" and st.maker != st.dealer:
            options.append(c.DECLINE)
        return options

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        n = st.rules.players
        if st.step == 0:
            if action == c.ORDER:
                st.maker = st.turn
                st.contract = st.up_suit
                st.fixed_by = self.id
                st.step = 1
                st.turn = st.dealer
                return
            st.asked += 1
            if st.asked == n:
                st.turned_down = st.up_suit
                st.advance()
            else:
                st.turn = (st.turn + 1) % n
            return
        if action != c.DECLINE:
            card = action - c.DISCARD
            hand = st.hands[st.dealer]
            if card != st.upcard:
                hand.remove(card)
                hand.append(st.upcard)
            st.discarded = card
            st.upcard_taken = True
        st.advance()


@dataclass
class NameTrump(Phase):
    """Round 2 (each in turn may call) or the auction winner's choice of contract."""

    who: str  # "each" | "maker"
    suits: str  # "all" | "other" | "none"
    extra: tuple[int, ...]  # contract indices beyond the suits (no-trump names)
    all_pass: str  # "redeal" | "dealer_must_name" | "contract"
    fallback: int  # contract index for all_pass == "contract"

    def begin(self, st: State) -> bool:
        if st.contract >= 0:
            return False
        if self.who == "maker":
            if st.maker < 0:
                return False
            st.turn = st.maker
        else:
            st.asked = 0
            st.turn = (st.dealer + 1) % st.rules.players
        return True

    def _calls(self, st: State) -> list[int]:
        call = self.codec.CALL
        n_suits = len(st.rules.deck.suits)
        if self.suits == "all":
            out = [call + s for s in range(n_suits)]
        elif self.suits == "other":
            out = [call + s for s in range(n_suits) if s != st.turned_down]
        else:
            out = []
        out += [call + k for k in self.extra]
        return out

    def legal(self, st: State) -> list[int]:
        calls = self._calls(st)
        if self.who == "maker":
            return calls
        last = st.asked == st.rules.players - 1
        if last and self.all_pass == "dealer_must_name":
            return calls
        return [self.codec.PASS, *calls]

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        if action != c.PASS:
            st.contract = action - c.CALL
            st.fixed_by = self.id
            if self.who == "each":
                st.maker = st.turn
            st.advance()
            return
        st.asked += 1
        n = st.rules.players
        if st.asked < n:
            st.turn = (st.turn + 1) % n
        elif self.all_pass == "contract":
            st.contract = self.fallback
            st.fixed_by = self.id
            st.advance()
        else:
            st.finish_redeal()


@dataclass
class Auction(Phase):
    """One numeric bid each from the dealer's left; the high bid makes the maker."""

    low: int
    high: int
    dealer_may_match: bool
    all_pass: str  # "dealer_must_bid" | "redeal"

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
