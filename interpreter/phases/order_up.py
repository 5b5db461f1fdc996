"""order_up (round 1): each player may order the upcard's suit as trump; the dealer picks it up."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from ..build import COMPILED
from ..dsl import CompiledExpr
from .alone import Alone, answers
from .base import Phase, SeatFilter, Walk, asked_seats, offered, one_decision

if TYPE_CHECKING:
    from ..engine import State


@dataclass
class OrderUp(Phase):
    """Round 1: accept the upcard's suit; the dealer then picks it up."""

    dealer_pickup: str  # "always" | "optional"
    may_discard_upcard: bool
    seats: SeatFilter | None = None  # `may_if`: the players asked (None: all)
    choice_if: CompiledExpr | None = None  # the condition on ordering up (None: always allowed)
    asks: tuple[tuple[int, ...], ...] | None = None  # per dealer, the players asked (base.asks_by_dealer)

    @property
    def picks_up_upcard(self) -> bool:
        return True

    @property
    def waits_for_contract(self) -> bool:
        return True

    def begin(self, st: State) -> bool:
        # A suitless upcard (a joker nobody named; no upcard has no suit either) cannot be ordered:
        # straight to round 2. (No contract is fixed here: the phase walk does not begin a step that
        # waits for one once one is.)
        if st.up_suit < 0 or st.maker >= 0:
            return False
        asks = self.asks
        st.queue = queue = [*asks[st.dealer]] if asks is not None else asked_seats(st, self.seats)
        if not queue:
            st.turned_down = st.up_suit  # nobody may order it: turned down, as when all pass
            return False
        st.step = 0  # 0: asking; 1: the dealer's pick-up
        st.asked = 0
        st.turn = queue[0]
        return True

    def legal(self, st: State) -> list[int]:
        c = self.codec
        if st.step == 0:
            if self.choice_if is not None and not offered(self.choice_if, st, st.turn, st.up_suit):
                return [c.PASS]
            return [c.PASS, c.ORDER]
        return self._pickups(st)

    def _pickups(self, st: State) -> list[int]:
        """The dealer's answers to an order: a discard of each card he holds (in his hand's
        order), of the upcard where allowed, and a decline where the pick-up is optional."""
        c = self.codec
        discard = c.DISCARD
        options = []  # a plain loop: in plain Python cheaper than a comprehension or a map (see play_out)
        for card in st.hands[st.dealer]:
            options.append(discard + card)
        if self.may_discard_upcard:
            options.append(c.DISCARD + st.upcard)
        if self.dealer_pickup == "optional" and st.maker != st.dealer:
            options.append(c.DECLINE)
        return options

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        if st.step == 0:
            if action == c.ORDER:
                self._ordered(st)
                return
            st.asked += 1
            if st.asked == len(st.queue):
                self._all_passed(st)
            else:
                st.turn = st.queue[st.asked]
            return
        self._pick_up(st, action)

    def _ordered(self, st: State) -> None:
        """The seat to answer ordered: the upcard's suit is trump, the dealer answers next."""
        st.maker = st.turn
        st.contract = st.up_suit
        st.fixed_by = self.id
        st.step = 1
        st.turn = st.dealer

    def _all_passed(self, st: State) -> None:
        """Everybody asked passed: the upcard's suit is turned down; the next phase."""
        st.turned_down = st.up_suit
        st.advance()

    def _pick_up(self, st: State, action: int) -> None:
        """The dealer's answer (a discard, or a decline) applied; then the next phase."""
        c = self.codec
        if action != c.DECLINE:
            card = action - c.DISCARD
            hand = st.hands[st.dealer]
            if card != st.upcard:
                hand.remove(card)
                hand.append(st.upcard)
            st.discarded = card
            st.upcard_taken = True
        st.advance()

    def play_out(self, st: State, choose: Callable[[list[int]], int]) -> None:
        """The asks in one loop, then the dealer's pick-up: `apply`'s steps (`_ordered`, `_pickups`,
        `_pick_up`) written out in locals, because in plain Python each call costs more than the
        lines it runs; then, where the spec goes straight on to a free alone and the play
        (`Rules.alone_next`), its answers and the play's start, without the phase walk (`alone.answers`).
        tests/test_play_out.py holds the ways equal pick by pick, also when `choose` raises or picks
        something not offered: the turn and the count asked are written back before a raise
        propagates (the fields as after the last applied pick)."""
        c = self.codec
        dealer = st.dealer
        rules = st.rules
        history: list[object] = st.history  # type: ignore[assignment]  # takes the shared pairs
        pairs = rules.seat_plays  # the (seat, action) history entries, built once (no new tuple)
        if st.step == 0:
            if self.choice_if is not None:  # a conditional offer: one decision at a time
                one_decision(self, st, choose)
                return
            queue = st.queue
            asked = st.asked
            last = len(queue)
            no = c.PASS
            order = c.ORDER
            answer_o: object = no  # the answers as objects (compiled: boxed once, not at each offer)
            order_o: object = order
            turn = st.turn
            try:
                while True:
                    offer: list[int] = [answer_o, order_o]  # type: ignore[list-item]
                    action = choose(offer)
                    if action == order:
                        break
                    if action != no:
                        st._refuse(action)
                    history.append(pairs[turn][action])
                    asked += 1
                    if asked == last:
                        st.asked = asked
                        self._all_passed(st)
                        return
                    turn = queue[asked]
            except BaseException:  # (a raising `choose` or pick: the fields as after the last pick)
                st.asked = asked
                st.turn = turn
                raise
            history.append(pairs[turn][action])
            st.asked = asked
            st.maker = turn  # (_ordered)
            st.contract = st.up_suit
            st.fixed_by = self.id
            st.step = 1
            st.turn = dealer
        hand = st.hands[dealer]  # the dealer's pick-up (_pickups)
        upcard = st.upcard
        discard = c.DISCARD
        # a plain loop (compiled: a native one): in plain Python ~1.9k instructions less than
        # `[*map(discard.__add__, hand)]` for five cards (a method-wrapper call per card), ~1.4k less
        # than a comprehension (its frame is a Python call) (callgrind, benchmarks/README.md)
        legal = []
        for card in hand:
            legal.append(discard + card)
        if self.may_discard_upcard:
            legal.append(discard + upcard)
        decline = c.DECLINE
        if self.dealer_pickup == "optional" and st.maker != dealer:
            legal.append(decline)
        action = choose(legal)
        if COMPILED:  # a native loop: `in` compares each item generically there
            found = False
            for a in legal:
                if a == action:
                    found = True
                    break
            if not found:
                st._refuse(action)
        elif action not in legal:
            st._refuse(action)
        history.append(pairs[dealer][action])  # (as an object: compiled code would box a typed pair again)
        if action != decline:  # (_pick_up)
            card = action - discard
            if card != upcard:
                if COMPILED:  # remove + append as one shift (list.remove compares generically there)
                    i = 0
                    while hand[i] != card:  # (it is there: it was offered)
                        i += 1
                    cards = cast("list[object]", hand)  # the cards moved as objects
                    end = len(cards) - 1
                    while i < end:
                        cards[i] = cards[i + 1]
                        i += 1
                    hand[end] = upcard
                else:
                    hand.remove(card)
                    hand.append(upcard)
            st.discarded = card
            st.upcard_taken = True
        then = rules.alone_next[st.phase]
        if then < 0:
            st.advance()
        else:
            alone: Alone = rules.phases[then]  # type: ignore[assignment]  # (no `cast`: a call in plain Python)
            answers(alone, st, choose, then)

    def walk(self, s: Walk, jokers: bool) -> tuple[bool, list[Walk]]:
        if s.maker:
            return False, [s]
        passed = Walk(None, False, (), self.id)
        if self.choice_if is not None and self.choice_if.constant is False:
            return True, [passed]  # nobody may ever order: everybody passes
        return True, [Walk("suit", True, (), s.passed, self.id), passed]
