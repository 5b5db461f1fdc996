"""auction: bids from the dealer's left, ranked by value; the high bidder is the maker.

A bid is a number of tricks (`bid 4`), a number of tricks in a denomination
ranked by a value table (`bid 7H`, `bid 6NT`), or a named bid (`bid misere`,
`bid pepper`) with its own value, tricks, contract and who plays. Every bid
is reduced at compile time to one row of ints (its action, value, tricks,
contract, alone), so the auction compares values and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .base import Phase, Walk, sit_out_partners

if TYPE_CHECKING:
    from ..engine import State


@dataclass(frozen=True)
class BidRow:
    """One bid an auction offers, as ints: what it is worth and what it fixes."""

    action: int
    value: int  # bids rank by value; a numeric bid's value is its number
    tricks: int  # the `contract` name: tricks the maker's team must take (0: a named bid's own test)
    contract: int  # the contract it fixes (index into rules.contracts), -1: named later (name_trump)
    alone: bool  # the maker plays without his partners (they sit out)


@dataclass
class Auction(Phase):
    """Bids ranked by value from the dealer's left; the high bid makes the maker.

    `st.high_bid` is the value of the high bid (0: none yet), `st.queue[0]` its
    bidder and `st.queue[1]` its row; with rounds until_passed, `st.queue[2:]`
    are the seats that passed.
    """

    bids: tuple[BidRow, ...]  # sorted by value
    dealer_may_match: bool
    all_pass: str  # "dealer_must_bid" | "redeal" | "holder_must_bid"
    forced_card: int = -1  # holder_must_bid: the card whose holder takes the forced bid
    forced_bid: int = 0
    rounds: str = "once"
    pid: str = ""
    # Tables built once from the rows (__post_init__), so a decision is a look-up and a copy:
    # rounds == "once"; a bid's action -> its row; per high bid (0: none yet), pass and the bids
    # above it, and pass and the bids at or above it (a dealer who may match); what a dealer
    # nobody outbid may say.
    once: bool = field(init=False, repr=False, compare=False)
    row_of: dict[int, int] = field(init=False, repr=False, compare=False)
    above: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    matching: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    opening: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pass_ = self.codec.PASS
        bids = self.bids
        self.once = self.rounds == "once"
        self.row_of = {}
        for k, row in enumerate(bids):
            self.row_of.setdefault(row.action, k)
        highs = {0, *(row.value for row in bids)}  # the high bid is none yet (0) or a row's value
        self.above = {high: (pass_, *(row.action for row in bids if row.value > high)) for high in highs}
        self.matching = {high: (pass_, *(row.action for row in bids if row.value >= high)) for high in highs}
        actions = tuple(row.action for row in bids)
        self.opening = actions if self.all_pass == "dealer_must_bid" else (pass_, *actions)

    @property
    def makes_bid_maker(self) -> bool:
        return True

    @property
    def waits_for_contract(self) -> bool:
        return True

    def begin(self, st: State) -> bool:
        if st.contract >= 0 or st.maker >= 0:
            return False
        st.asked = 0
        st.high_bid = 0
        st.queue = [-1, -1]
        st.turn = (st.dealer + 1) % st.rules.players
        return True

    def legal(self, st: State) -> list[int]:
        high = st.high_bid
        if self.once and st.turn == st.dealer:
            if high == 0:
                return list(self.opening)
            if self.dealer_may_match:
                return list(self.matching[high])
        return list(self.above[high])

    def apply(self, st: State, action: int) -> None:
        queue = st.queue
        once = self.once
        if action != self.codec.PASS:
            k = self.row_of[action]
            st.high_bid = self.bids[k].value
            queue[0], queue[1] = st.turn, k
        elif not once:
            queue.append(st.turn)
        st.asked += 1
        rules = st.rules
        n = rules.players
        if once:
            if st.asked < n:
                st.turn = rules.next_seat[st.turn]
                return
        else:
            passed = len(queue) - 2
            if passed < n - 1 or (passed == n - 1 and queue[0] < 0):
                out_of_it = queue[2:]
                seat = rules.next_seat[st.turn]
                while seat in out_of_it:
                    seat = rules.next_seat[seat]
                st.turn = seat
                return
        if queue[0] < 0:
            holder = self._holder(st) if self.all_pass == "holder_must_bid" else -1
            if holder < 0:
                st.finish_redeal()
                return
            st.maker = holder
            st.bid = st.high_bid = self.forced_bid
            st.bid_action = self.codec.BID + self.forced_bid
            st.advance()
            return
        row = self.bids[queue[1]]
        st.maker = queue[0]
        st.bid = row.tricks
        st.bid_action = row.action
        if row.contract >= 0:
            st.contract = row.contract
            st.fixed_by = self.pid
        if row.alone:
            st.alone = [*st.alone, st.maker]  # (replaced, never changed in place: State)
            sit_out_partners(st, st.maker)
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
        out: list[Walk] = []
        open_bids = tuple(sorted({row.tricks for row in self.bids if row.contract < 0}))
        if open_bids:
            out.append(Walk(None, True, open_bids, s.passed))
        for kind in ("suit", "nt"):
            fixed = tuple(sorted({row.tricks for row in self.bids if row.contract >= 0 and self._kind(row) == kind}))
            if fixed:
                out.append(Walk(kind, True, fixed, s.passed, self.pid))
        return True, out

    def _kind(self, row: BidRow) -> str:
        return "suit" if row.contract < len(self.codec.deck.suits) else "nt"
