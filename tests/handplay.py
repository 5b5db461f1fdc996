"""Helpers for hand-worked tests: deal given cards, apply record actions, read the result."""

from __future__ import annotations

from collections.abc import Sequence

from interpreter.engine import State
from interpreter.rules import Rules
from interpreter.variants import load_rules


def rules(name: str, **options: int) -> Rules:
    return load_rules(name, options or None)


def deal(
    r: Rules, dealer: int, hands: Sequence[str], upcard: str | None = None, scores: Sequence[int] | None = None
) -> State:
    """`hands` as space-separated card strings per seat, e.g. "JH JD AH KS QC"."""
    parsed = [[_card(r, c) for c in h.split()] for h in hands]
    up = _card(r, upcard) if upcard else None
    return r.new_hand(dealer, parsed, up, scores)


def _card(r: Rules, text: str) -> int:
    card = r.deck.parse(text)
    assert card is not None, f"no card {text!r} in {r.name}"
    return card


def act(st: State, *actions: str) -> State:
    """Apply record actions in order; fail with the engine's reason on an illegal one."""
    for i, text in enumerate(actions):
        a = st.rules.codec.parse(text)
        assert a is not None, f"action {i} {text!r} is not an action"
        why = st.why_illegal(a)
        assert why is None, f"action {i} (seat {st.turn}, {text!r}): {why}"
        st.apply(a)
    return st


def legal(st: State) -> list[str]:
    return [st.rules.codec.to_str(a) for a in st.legal_actions()]


def is_legal(st: State, text: str) -> bool:
    a = st.rules.codec.parse(text)
    return a is not None and st.why_illegal(a) is None
