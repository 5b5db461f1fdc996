"""name_trump: each player in turn (round 2) or the auction's winner names trump or a no-trump contract."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..dsl import CompiledExpr
from .base import Phase, SeatFilter, Walk, asked_seats, offered, one_decision

if TYPE_CHECKING:
    from ..engine import State


@dataclass
class NameTrump(Phase):
    """Round 2 (each in turn may call) or the auction winner's choice of contract."""

    who: str  # "each" | "maker"
    suits: str  # "all" | "other" | "none"
    extra: tuple[int, ...]  # contract indices named one by one: particular suits, no-trump names
    all_pass: str  # "redeal" | "dealer_must_name" | "next" | "contract"
    fallback: int  # contract index for all_pass == "contract"
    seats: SeatFilter | None = None  # `may_if`: the players asked (None: all)
    choice_if: CompiledExpr | None = None  # the condition on each choice (None: all allowed)
    asks: tuple[tuple[int, ...], ...] | None = None  # per dealer, the players asked (base.asks_by_dealer)
    # Tables built once (__post_init__), indexed by the turned-down suit + 1 (0: none turned
    # down): the calls offered, and pass followed by them; and the settings as booleans.
    calls_by_down: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    open_by_down: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    by_maker: bool = field(init=False, repr=False, compare=False)  # who == "maker": he must name
    stuck_dealer: bool = field(init=False, repr=False, compare=False)  # all_pass == "dealer_must_name"

    def __post_init__(self) -> None:
        n_suits = len(self.codec.deck.suits)
        self.calls_by_down = tuple(self._calls(down) for down in range(-1, n_suits))
        self.open_by_down = tuple((self.codec.PASS, *calls) for calls in self.calls_by_down)
        self.by_maker = self.who == "maker"
        self.stuck_dealer = self.all_pass == "dealer_must_name"

    @property
    def waits_for_contract(self) -> bool:
        return True

    def begin(self, st: State) -> bool:
        if st.contract >= 0:
            return False
        if self.by_maker:
            if st.maker < 0:
                return False
            st.turn = st.maker
        else:
            asks = self.asks
            st.queue = queue = [*asks[st.dealer]] if asks is not None else asked_seats(st, self.seats)
            if not queue:
                return False  # `may_if` lets nobody in this hand: the next step
            st.asked = 0
            st.turn = queue[0]
        return True

    def _calls(self, turned_down: int) -> tuple[int, ...]:
        """The calls offered when `turned_down` is the turned-down suit (-1: none), in contract order."""
        call = self.codec.CALL
        n_suits = len(self.codec.deck.suits)
        if self.suits == "all":
            out = [call + s for s in range(n_suits)]
        elif self.suits == "other":
            out = [call + s for s in range(n_suits) if s != turned_down]
        else:
            out = []
        if self.extra:  # particular suits and no-trump names, each once, in contract order
            out = sorted({*out, *(call + k for k in self.extra)})
        return tuple(out)

    def legal(self, st: State) -> list[int]:
        down = st.turned_down + 1
        forced = self.by_maker or (self.stuck_dealer and st.turn == st.dealer and st.asked == len(st.queue) - 1)
        if self.choice_if is not None:
            calls = self.calls_by_down[down]
            call = self.codec.CALL
            allowed = [a for a in calls if offered(self.choice_if, st, st.turn, a - call)]
            # a player who may not pass keeps every choice when the condition allows him none
            chosen = allowed if allowed or not forced else list(calls)
            return chosen if forced else [self.codec.PASS, *chosen]
        return [*(self.calls_by_down[down] if forced else self.open_by_down[down])]

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        if action != c.PASS:
            st.contract = action - c.CALL
            st.fixed_by = self.id
            if not self.by_maker:
                st.maker = st.turn
            st.advance()
            return
        st.asked += 1
        if st.asked < len(st.queue):
            st.turn = st.queue[st.asked]
        elif self.all_pass == "contract":
            st.contract = self.fallback
            st.fixed_by = self.id
            st.advance()
        elif self.all_pass == "next":
            st.advance()  # the next phase, or a redeal when none fixes the contract
        else:
            st.finish_redeal()

    def play_out(self, st: State, choose: Callable[[list[int]], int]) -> None:
        """Each asked in turn in one loop, the offers copied from the tables per turned-down
        suit; a call or the last pass is applied by `apply` (the all-pass rules live there).
        A conditional offer, or the auction winner's choice: one decision at a time."""
        if self.choice_if is not None or self.by_maker:
            one_decision(self, st, choose)
            return
        no = self.codec.PASS
        down = st.turned_down + 1
        offers = self.open_by_down[down]
        calls = self.calls_by_down[down]
        stuck = self.stuck_dealer
        dealer = st.dealer
        queue = st.queue
        last = len(queue) - 1
        history = st.history
        while True:
            turn = st.turn
            asked = st.asked
            legal = [*(calls if stuck and turn == dealer and asked == last else offers)]
            action = choose(legal)
            if action not in legal:
                st._refuse(action)
            history.append((turn, action))
            if action != no or asked == last:
                self.apply(st, action)
                return
            st.asked = asked = asked + 1
            st.turn = queue[asked]

    def walk(self, s: Walk, jokers: bool) -> tuple[bool, list[Walk]]:
        n_suits = len(self.codec.deck.suits)
        suits = self.suits != "none" or any(k < n_suits for k in self.extra)
        kinds = (["suit"] if suits else []) + (["nt"] if any(k >= n_suits for k in self.extra) else [])
        if self.who == "maker" and not s.maker:
            return False, [s]
        if self.choice_if is not None and self.choice_if.constant is False and self.who == "each":
            # nobody may name anything; only a stuck dealer (who may not pass) names, any choice
            kinds = kinds if self.all_pass == "dealer_must_name" else []
        out = [Walk(kind, True, s.bids, s.passed, self.id) for kind in kinds]
        if self.who == "each" and self.all_pass == "contract":
            out.append(Walk("nt", s.maker, s.bids, self.id, self.id))
        if self.who == "each" and self.all_pass == "next":
            out.append(Walk(None, s.maker, s.bids, self.id))  # nothing fixed: the next phase decides
        if self.seats is not None and self.seats.may_ask_nobody:
            out.append(s)  # asks nobody in some hands: skipped, as if not there
        # "redeal" ends the hand (an explicit, scored-as-nothing path); "dealer_must_name" has no all-pass
        # (with `may_if` leaving the dealer out, it redeals)
        return True, out

    def never_runs(self, earlier: list[Phase]) -> tuple[str, str, str] | None:
        if self.who == "maker" and not any(p.makes_bid_maker for p in earlier):
            return (
                "error",
                f"bidding phase '{self.id}' (name_trump, who: maker) can never run: no auction before it "
                "makes a maker who has not chosen trump yet",
                "put an `auction` phase before it, or use `who: each`",
            )
        return None
