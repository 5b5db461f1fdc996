"""alone: the maker, his partners, or each defender in turn, may play alone (his side-mates sit out)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..build import COMPILED
from ..dsl import CompiledExpr
from .base import Phase, Reach, offered, one_decision, seats_from, sit_out_partners

if TYPE_CHECKING:
    from ..engine import State


@dataclass
class Alone(Phase):
    """'alone' or 'together', asked of the maker, his partners and/or the defenders in turn.

    `must_if` forces the answer (Canadian loner); `partner_gives` has the loner's
    partner pass him one card, which the loner then replaces by a discard;
    `loner_is_maker` makes a lone partner of the maker the maker (the maker sits out).
    """

    groups: tuple[str, ...]  # of "maker", "partners", "defenders": asked in this order
    stop_at_first: bool
    must_if: CompiledExpr | None = None
    partner_gives: bool = False
    loner_is_maker: bool = False
    choice_if: CompiledExpr | None = None  # the condition on going alone (None: always allowed)
    # Per maker: the players asked, in order, before those sitting out leave the queue
    # (worked out from the seats and sides on a maker's first hand, then looked up).
    queue_of: dict[int, tuple[int, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def free_alone(self) -> bool:
        return self.must_if is None and self.choice_if is None and not self.partner_gives and not self.loner_is_maker

    def _asked(self, st: State, maker: int) -> tuple[int, ...]:
        side_of = st.rules.side_of
        mine = side_of[maker]
        around = seats_from(st, maker + 1)
        queue: list[int] = []
        for group in self.groups:
            if group == "maker":
                queue.append(maker)
            elif group == "partners":
                queue += [s for s in around if s != maker and side_of[s] == mine]
            else:
                queue += [s for s in around if side_of[s] != mine]
        return tuple(queue)

    def begin(self, st: State) -> bool:
        maker = st.maker
        if maker < 0:
            return False
        asked = self.queue_of.get(maker)
        if asked is None:
            asked = self.queue_of[maker] = self._asked(st, maker)
        out = st.out
        if COMPILED:  # a native loop: `True in out` and `pop(0)` are generic there
            first = -1
            queue: list[int] = []
            for s in asked:
                if not out[s]:
                    if first < 0:
                        first = s
                    else:
                        queue.append(s)
            st.queue = queue
            if first < 0:
                return False
            st.step = 0
            st.turn = first
            return True
        st.queue = queue = [s for s in asked if not out[s]] if out != st.rules.nobody_out else [*asked]
        if not queue:
            return False
        st.step = 0  # 0: asking; 1: the partner gives a card; 2: the loner discards
        st.turn = queue.pop(0)
        return True

    def legal(self, st: State) -> list[int]:
        c = self.codec
        if st.step == 1:
            return [c.GIVE + card for card in st.hands[st.turn]]
        if st.step == 2:
            return [c.DISCARD + card for card in st.hands[st.turn]]
        if self.must_if is not None and self.must_if.fn(st.rules.hand_env(st)):
            return [c.ALONE]
        if self.choice_if is not None and not offered(self.choice_if, st, st.turn, st.contract):
            return [c.TOGETHER]
        return [c.ALONE, c.TOGETHER]

    def apply(self, st: State, action: int) -> None:
        c = self.codec
        if st.step == 1:
            card = action - c.GIVE
            st.hands[st.turn].remove(card)
            st.hands[st.queue[0]].append(card)
            st.takers = [*st.takers, st.queue[0]]  # (replaced, never changed in place: State)
            st.step = 2
            st.turn = st.queue.pop(0)
            return
        if st.step == 2:
            card = action - c.DISCARD
            st.hands[st.turn].remove(card)
            st.laid_away = [*st.laid_away, card]
            st.step = 0
        elif action == c.ALONE:
            loner = st.turn
            st.alone = [*st.alone, loner]
            if self.loner_is_maker and loner != st.maker and st.rules.side_of[loner] == st.rules.side_of[st.maker]:
                st.maker = loner
            sit_out_partners(st, loner)
            st.queue = [s for s in st.queue if not st.out[s]]  # a benched partner is asked nothing
            if self.stop_at_first:
                st.queue = []
            giver = -1
            if self.partner_gives:  # looked for only when one gives (this runs in every lone hand)
                giver = next(
                    (
                        s
                        for s in seats_from(st, loner + 1)
                        if s != loner and st.out[s] and st.rules.side_of[s] == st.rules.side_of[loner]
                    ),
                    -1,
                )
            if giver >= 0:
                st.queue.insert(0, loner)
                st.step = 1
                st.turn = giver
                return
        if st.queue:
            st.turn = st.queue.pop(0)
        else:
            st.advance()

    def play_out(self, st: State, choose: Callable[[list[int]], int]) -> None:
        """The answers 'alone' or 'together' in one loop while each asked may choose freely, and
        a lone player's effects (`answers`). A forced or conditional answer, or a step after the
        answer (a partner's gift, the loner's discard): through `apply`, one decision at a time."""
        if st.step != 0 or self.must_if is not None or self.choice_if is not None:
            one_decision(self, st, choose)
            return
        answers(self, st, choose, -1)

    def taker(self, st: State) -> int:
        return st.queue[0] if st.step == 1 else -1  # the loner gets his partner's card

    def reach(self, r: Reach) -> None:
        if "maker" in self.groups or ("partners" in self.groups and self.loner_is_maker):
            r.alone_maker = True
        if "defenders" in self.groups:
            r.defender_alone = True


def answers(alone: Alone, st: State, choose: Callable[[list[int]], int], phase: int) -> None:
    """Alone's batched step: the answers 'alone' or 'together' in one loop, and a lone player's
    effects (apply's, written out in locals: in plain Python a call costs more than these lines;
    tests/test_play_out.py holds the ways equal); a gift or a lone partner made maker through
    `apply`. From `Alone.play_out` (`phase` -1: begun by the walk, which goes on after it), or
    from the bidding step that fixed the contract (OrderUp's `play_out`) when the spec goes
    straight on to this free alone (`Phase.free_alone`) and the play (`Rules.alone_next`):
    then `phase` is its index, and it begins here and starts the play itself, with no phase
    walk (one call where the walk makes four: advance, begin, play_out, advance)."""
    rules = st.rules
    if phase < 0:
        queue = st.queue
        turn = st.turn
    else:  # begun here, as the walk would begin it
        st.phase = phase
        if not alone.begin(st):  # nobody to ask: the walk goes on (to the play)
            st.advance()
            return
        queue = st.queue
        turn = st.turn
    c = alone.codec
    lone = c.ALONE
    together = c.TOGETHER
    lone_o: object = lone  # the answers as objects (compiled: boxed once, not at each offer)
    together_o: object = together
    history: list[object] = st.history  # type: ignore[assignment]  # takes the shared pairs
    pairs = rules.seat_plays  # the (seat, action) history entries, built once (no new tuple)
    while True:
        offer: list[int] = [lone_o, together_o]  # type: ignore[list-item]
        action = choose(offer)
        if action != together:
            break
        history.append(pairs[turn][action])
        if not queue:
            if phase < 0:
                st.advance()
            else:  # the play, as the walk would start it next
                st.phase = rules.play_phase
                st._start_play()
            return
        st.turn = turn = queue.pop(0)
    if action != lone:
        st._refuse(action)
    history.append(pairs[turn][action])
    if alone.partner_gives or alone.loner_is_maker:
        alone.apply(st, action)  # a gift, or a lone partner made maker (never straight on: not free)
        return
    st.alone = [*st.alone, turn]
    out = st.out
    for s in rules.side_seats[rules.side_of[turn]]:  # his side-mates sit out (sit_out_partners)
        if s != turn:
            out[s] = True
    if queue:  # a benched partner is asked nothing; nobody is after the first loner
        st.queue = queue = [] if alone.stop_at_first else [s for s in queue if not out[s]]
        if queue:
            st.turn = queue.pop(0)
            return
    if phase < 0:
        st.advance()
    else:
        st.phase = rules.play_phase
        st._start_play()
