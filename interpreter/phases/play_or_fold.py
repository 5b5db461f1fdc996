"""play_or_fold: every player but the maker, from the maker's left, stays in or folds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Phase, Reach, seats_from

if TYPE_CHECKING:
    from ..engine import State


@dataclass
class PlayOrFold(Phase):
    def begin(self, st: State) -> bool:
        if st.maker < 0:
            return False
        st.queue = [s for s in seats_from(st, st.maker + 1) if s != st.maker and not st.out[s]]
        if not st.queue:
            return False
        st.turn = st.queue.pop(0)
        return True

    def legal(self, st: State) -> list[int]:
        return [self.codec.STAY, self.codec.FOLD]

    def apply(self, st: State, action: int) -> None:
        if action == self.codec.FOLD:
            st.out[st.turn] = True
        if st.queue:
            st.turn = st.queue.pop(0)
        else:
            st.advance()

    def reach(self, r: Reach) -> None:
        r.fold = True
