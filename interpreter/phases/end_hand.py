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
from typing import TYPE_CHECKING

from ..claims import takes_every_trick
from ..dsl import CompiledExpr
from .base import Phase, Walk, seats_from

if TYPE_CHECKING:
    from ..actions import ActionCodec
    from ..engine import State
    from ..world_counts import CountTest


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

    @property
    def ends_hand(self) -> bool:
        return True

    who: str
    may_if: CompiledExpr | None
    outcome: Outcome

    def _eligible(self, st: State, seat: int) -> bool:
        if st.out[seat]:
            return False
        if self.may_if is not None and not self.may_if.fn(st.rules.seat_env(st, seat)):
            return False
        return self.outcome.allowed(st, seat)

    def count_test(self, st: State, seat: int) -> CountTest | None:
        """Asked from the dealer's left: those whose `may_if` holds, when it reads one count of their dealt cards."""
        from ..world_counts import CountTest, probe_condition

        if self.who != "each" or self.may_if is None or self.outcome.kind == "claim":
            return None
        probed = probe_condition(st.rules, self.may_if, st, seat)
        if probed is None:
            return None
        return CountTest(probed[0], probed[1], frozenset((self.outcome.word(self.codec), self.codec.KEEP)))

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
