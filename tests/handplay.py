"""Helpers for hand-worked tests: deal given cards, apply record actions, read the result.

The one home of these helpers for every test file (pytest puts tests/ on sys.path,
so a test imports them with `from handplay import act, deal, ...`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine import State
from interpreter.rules import Rules
from interpreter.variants import load_rules


def rules(name: str, **options: int) -> Rules:
    return load_rules(name, options or None)


def deal(
    r: Rules,
    dealer: int,
    hands: Sequence[str | Sequence[str]],
    upcard: str | None = None,
    scores: Sequence[int] | None = None,
) -> State:
    """A hand of `r` with the given cards, one hand per seat.

    Each hand is a space-separated string ("JH JD AH KS QC") or a list of card
    names (["JH", "JD", "AH", "KS", "QC"]). No card may be dealt twice.
    """
    parsed = [[_card(r, c) for c in (h.split() if isinstance(h, str) else h)] for h in hands]
    up = _card(r, upcard) if upcard else None
    dealt = [c for h in parsed for c in h] + ([] if up is None else [up])
    assert len(set(dealt)) == len(dealt), "a card is dealt twice"
    assert len(parsed) == r.players, f"{len(parsed)} hands for {r.players} players"
    return r.new_hand(dealer, parsed, up, scores)


def _card(r: Rules, text: str) -> int:
    card = r.deck.parse(text)
    assert card is not None, f"no card {text!r} in {r.name}"
    return card


def act(st: State, *actions: str) -> State:
    """Apply record actions in order; fail with the engine's reason on an illegal one.

    A whole trick may be given as one string of cards, e.g. "KH JD AH TH".
    """
    i = 0
    for text in actions:
        for word in _words(st, text):
            a = st.rules.codec.parse(word)
            assert a is not None, f"action {i} {word!r} is not an action"
            why = st.why_illegal(a)
            assert why is None, f"action {i} (seat {st.turn}, {word!r}): {why}"
            st.apply(a)
            i += 1
    return st


def _words(st: State, text: str) -> list[str]:
    """The actions in `text`: each word when all of them are cards (a trick), else `text` itself."""
    words = text.split()
    if len(words) > 1 and all(st.rules.deck.parse(w) is not None for w in words):
        return words
    return [text]


def refuse(st: State, text: str) -> str:
    """Assert the action is illegal now (so it is not applied); return the engine's reason."""
    a = st.rules.codec.parse(text)
    assert a is not None, f"{text!r} is not an action"
    assert a not in st.legal_actions(), f"{text!r} is legal for seat {st.turn}"
    why = st.why_illegal(a)
    assert why, f"{text!r} should be illegal for seat {st.turn}"
    return why


def legal(st: State) -> list[str]:
    """The legal actions now, in the engine's order."""
    return [st.rules.codec.to_str(a) for a in st.legal_actions()]


def is_legal(st: State, text: str) -> bool:
    a = st.rules.codec.parse(text)
    return a is not None and st.why_illegal(a) is None


def held(st: State, seat: int) -> list[str]:
    """The cards in a seat's hand, sorted by name."""
    return sorted(st.rules.codec.to_str(c) for c in st.hands[seat])


def result(
    trump: str | None,
    maker: int | None,
    tricks: list[int],
    delta: list[int],
    scores: list[int] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A whole result object (docs/hand-records.md) in its documented key order.

    `fields` sets any other key; the defaults are status "complete", contract None,
    alone [], partner None, out [], winners []. `scores` defaults to `delta` (a first hand).
    """
    res: dict[str, Any] = {
        "status": "complete",
        "trump": trump,
        "maker": maker,
        "contract": None,
        "alone": [],
        "partner": None,
        "out": [],
        "tricks": tricks,
        "delta": delta,
        "scores": delta if scores is None else scores,
        "winners": [],
    }
    unknown = set(fields) - set(res)
    assert not unknown, f"no result key {sorted(unknown)}"
    res.update(fields)
    return res
