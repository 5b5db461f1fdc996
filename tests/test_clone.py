"""`State.clone()` copies every field: equal values, and no list shared with the original.

clone() names each field explicitly (for speed); this test fails when a field is
added to `State.__slots__` and forgotten there.
"""

from __future__ import annotations

import random

import pytest

from interpreter.engine import State
from interpreter.variants import bundled_names, load_rules

UNSET = object()
# The fields: __slots__ in pure Python; a mypyc-compiled State lists them in __mypyc_attrs__.
FIELDS: tuple[str, ...] = getattr(State, "__slots__", None) or State.__mypyc_attrs__  # type: ignore[attr-defined]


def _states(name: str) -> list[State]:
    """States of a few hands at every decision, and the finished ones."""
    rules = load_rules(name)
    rng = random.Random(5)
    out = []
    for dealer in range(3):
        st = rules.deal(rng, dealer % rules.players)
        out.append(st.clone())
        while st.status is None:
            st.apply(rng.choice(st.legal_actions()))
            out.append(st.clone())
    return out


@pytest.mark.parametrize("name", bundled_names())
def test_clone_copies_every_slot_and_shares_no_list(name: str) -> None:
    for st in _states(name):
        twin = st.clone()
        assert "hands" in FIELDS and "tricks" in FIELDS
        for slot in FIELDS:
            mine, theirs = getattr(st, slot, UNSET), getattr(twin, slot, UNSET)
            assert theirs is not UNSET, f"clone() does not set {slot}"
            assert mine == theirs, slot
            if isinstance(mine, list) and slot != "_deck":  # (the deal's shuffled deck: never changed, shared)
                assert mine is not theirs, f"clone() shares the list {slot}"
                for a, b in zip(mine, theirs, strict=True):
                    assert not isinstance(a, list) or a is not b, f"clone() shares an inner list of {slot}"


def test_a_clone_plays_on_alone() -> None:
    rules = load_rules("euchre")
    rng = random.Random(11)
    st = rules.deal(rng, 0)
    while not st.playing:
        st = rules.deal(rng, 0) if st.status is not None else st
        if st.status is None and not st.playing:
            st.apply(rng.choice(st.legal_actions()))
    before = (st.turn, [h[:] for h in st.hands], st.history[:], st.trick[:], st.tricks[:])
    twin = st.clone()
    while twin.status is None:
        twin.apply(rng.choice(twin.legal_actions()))
    assert (st.turn, st.hands, st.history, st.trick, st.tricks) == before
    assert st.status is None and twin.status == "complete"
