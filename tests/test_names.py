"""The one table of expression names: every name has its type, its getter, its words and its
place in verify's outcome space, and every view (compiler types, explain phrases, verify sets)
is read from it."""

from __future__ import annotations

import pytest

from interpreter.explain import words
from interpreter.names import (
    CARD_FUNCTIONS,
    CHOICE_SCOPE,
    CHOICE_TYPES,
    HAND_SCOPE,
    HAND_TYPES,
    NAMES,
    SEAT_SCOPE,
    SEAT_TYPES,
    SIDE_SCOPE,
    SIDE_TYPES,
    UPCARD_SCOPE,
    UPCARD_TYPES,
)
from interpreter.verify import static


@pytest.mark.parametrize("name", sorted(NAMES))
def test_every_name_is_complete(name: str) -> None:
    row = NAMES[name]
    assert row.type in ("int", "bool", "str")
    assert row.scopes and row.scopes <= {HAND_SCOPE, SIDE_SCOPE, UPCARD_SCOPE, SEAT_SCOPE, CHOICE_SCOPE}
    if row.type == "bool":
        assert row.true and row.false and not row.noun, "a flag is said as a clause, true and false"
    else:
        assert row.noun and not row.true, "a number or a text is said as a noun"
    if HAND_SCOPE in row.scopes:
        assert row.getter is not None, "a hand name is computed from the state"
    elif row.scopes == {SIDE_SCOPE}:
        assert row.side_getter is not None, "a side name is computed per side"
    elif row.scopes == {SEAT_SCOPE}:
        assert row.getter is None, "the player asked about is preset in the env (HandEnv(seat=...))"
        assert (row.seat_getter is None) == (name == "seat"), "asked.* are computed from his seat"
    elif row.scopes == {CHOICE_SCOPE}:
        assert row.getter is None, "the candidate is preset in the env (Rules.choice_env)"
    assert row.verify in ("outcome", "seat", "run", "type")
    assert row.seat == (row.verify == "seat")


def test_the_views_are_the_table() -> None:
    assert set(HAND_TYPES) == {n for n, r in NAMES.items() if HAND_SCOPE in r.scopes}
    assert set(SIDE_TYPES) == {n for n, r in NAMES.items() if n.startswith("side.")}
    assert set(UPCARD_TYPES) == {"players", "dealer", "upcard.suit", "upcard.rank", "upcard.is_joker"}
    assert words.BOOLS["alone"] == ("the maker is alone", "the maker is not alone")
    assert words.NOUNS["side.score"] == "{p} score" and words.SEATS["dealer"] == "the dealer"
    assert {"dealer", "maker", "partner", "lone_defender", "seat"} == static.SEAT_NAMES
    assert set(SEAT_TYPES) == set(HAND_TYPES) | {"seat", "asked.score", "asked.dealt"}
    assert set(CHOICE_TYPES) == set(SEAT_TYPES) | {"choice.suit", "choice.colour", "choice.no_trump"}
    tried = {n for n, r in NAMES.items() if r.verify == "type"}  # tried over their type's values instead
    assert tried == {"makers.score", "defenders.score", "makers.dealt", "defenders.dealt", "side.dealt"} | {
        "asked.score",
        "asked.dealt",
        "choice.suit",
        "choice.colour",
        "choice.no_trump",
    }
    assert (set(HAND_TYPES) | set(SIDE_TYPES)) - tried == static.MODELLED


@pytest.mark.parametrize("name", sorted(CARD_FUNCTIONS))
def test_every_card_function_is_complete(name: str) -> None:
    row = CARD_FUNCTIONS[name]
    assert row.view in ("held", "dealt")
    assert row.result in ("count", "any", "seat")
    assert row.type == {"count": "int", "any": "bool", "seat": "int"}[row.result]
    assert "{what}" in row.phrase and ("{who}" in row.phrase) == (row.result != "seat")
    assert bool(row.negated) == (row.type == "bool"), "a true/false function is said as a clause, true and false"
