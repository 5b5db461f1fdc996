"""House rules stacked on a house rule that changes the deck.

An overlay that adds a no-trump contract writes its order as the word `plain`
(`ranking: {no_trump: {high: plain}}`): the plain order of the spec as merged, so
the rule fits whatever deck it lands on. Written as the six ranks of a 24-card
pack, `house/deck-32` + `house/no-trump-round2` failed with "the order is
incomplete: missing 7 8". Every bundled house rule is stacked here on the two
rules that change the deck (`house/deck-32`, and `house/min-rank` at 8 and 7).
"""

from __future__ import annotations

from typing import Any

import pytest
from handplay import result

from interpreter.errors import RecordError, SpecError
from interpreter.records import replay_record
from interpreter.rules import Rules
from interpreter.spec import load_yaml_text
from interpreter.spec.overlay import apply_overlay
from interpreter.variants import bundled_names, compile_document, load_document, load_rules

HOUSE = [n for n in bundled_names(house=True) if n.startswith("house/")]
DECK_CHANGERS: list[tuple[str, dict[str, int]]] = [
    ("house/deck-32", {}),
    ("house/min-rank", {"min_rank": 8}),
    ("house/min-rank", {"min_rank": 7}),
]
# benny replaces the whole trump order (the joker on top) with the ranks of a 24-card
# pack: a list replaces a list (docs/overlays.md), so the two rules genuinely disagree.
CONFLICTS = {"house/benny": "ranking.trump: the order is incomplete: missing"}


@pytest.mark.parametrize(("base", "options"), DECK_CHANGERS, ids=lambda v: str(v))
@pytest.mark.parametrize("rule", HOUSE)
def test_every_house_rule_stacks_on_a_bigger_deck(base: str, options: dict[str, int], rule: str) -> None:
    if rule in {b for b, _ in DECK_CHANGERS}:
        return  # the deck changers themselves: the one stacked last chooses the deck
    if rule in CONFLICTS:
        with pytest.raises(SpecError) as err:
            load_rules(base, options, [rule])
        assert CONFLICTS[rule] in str(err.value) and rule.removeprefix("house/") + ".yaml:" in str(err.value)
        return
    rules = load_rules(base, options, [rule])
    assert len(rules.deck.ranks) == (7 if options.get("min_rank") == 8 else 8)


def no_trump_powers(rules: Rules, name: str) -> list[str]:
    """The spades of the contract `name`, strongest first (the order the tables make)."""
    contract = next(c for c in rules.contracts if c.name == name)
    spades = [c for c in range(rules.deck.size) if rules.deck.suit_of(c) == rules.deck.suits.index("S")]
    return [rules.deck.names()[c] for c in sorted(spades, key=lambda c: -contract.power[c])]


@pytest.mark.parametrize(
    ("variant", "rule"),
    [("house/deck-32", "house/no-trump-round2"), ("house/no-trump-round2", "house/deck-32")],
)
def test_deck_32_with_no_trump_round2_ranks_every_card(variant: str, rule: str) -> None:
    rules = load_rules(variant, {}, [rule])
    assert no_trump_powers(rules, "high") == ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"]
    high = next(c for c in rules.contracts if c.name == "high")
    assert len(set(high.power[c] for c in range(rules.deck.size))) == 8  # no two ranks tie


def test_stuck_dealer_no_trump_on_min_rank_seven() -> None:
    rules = load_rules("house/min-rank", {"min_rank": 7}, ["house/stuck-dealer-no-trump"])
    assert no_trump_powers(rules, "high") == ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"]
    rules = load_rules("house/min-rank", {"min_rank": 9}, ["house/stuck-dealer-no-trump"])
    assert no_trump_powers(rules, "high") == ["AS", "KS", "QS", "JS", "TS", "9S"]


def test_plain_and_plain_reversed_name_the_plain_order() -> None:
    doc = load_yaml_text(
        "extends: euchre\nname: t\nranking:\n"
        "  plain: [A, K, Q, J, T, 9, 8]\n  trump: [right_bower, left_bower, A, K, Q, T, 9, 8]\n"
        "  no_trump: {high: plain, low: plain_reversed, own: [9, 8, A, K, Q, J, T]}\n"
        "deck: {ranks: [8, 9, T, J, Q, K, A]}\n",
        "t.yaml",
    )
    rules = compile_document(apply_overlay(load_document("euchre"), doc))
    assert no_trump_powers(rules, "high") == ["AS", "KS", "QS", "JS", "TS", "9S", "8S"]
    assert no_trump_powers(rules, "low") == ["8S", "9S", "TS", "JS", "QS", "KS", "AS"]
    assert no_trump_powers(rules, "own") == ["9S", "8S", "AS", "KS", "QS", "JS", "TS"]


def test_a_misspelt_order_word_is_located() -> None:
    doc = load_yaml_text("name: t\nranking:\n  no_trump: {high: plian}\n", "t.yaml")
    with pytest.raises(SpecError) as err:
        compile_document(apply_overlay(load_document("euchre"), doc))
    assert str(err.value).startswith("t.yaml:3:")
    assert "expected one of plain, plain_reversed; got 'plian'" in str(err.value)
    assert "did you mean 'plain'" in str(err.value)


# Dealer 3; round 1 passes the 9D, seat 0 calls high (no trump) in round 2. At no-trump the
# 8H beats the 7H (both only a 32-card pack has), and seat 3's JS is a plain spade under KS.
HAND: dict[str, Any] = {
    "variant": "house/deck-32",
    "trickspec": {"rules": ["house/no-trump-round2"]},
    "dealer": 3,
    "hands": [
        ["AH", "8H", "7C", "AS", "KS"],
        ["9H", "7H", "QC", "TS", "8D"],
        ["TH", "JC", "9C", "8S", "7D"],
        ["KH", "QD", "AC", "JS", "7S"],
    ],
    "upcard": "9D",
    "actions": [
        "pass", "pass", "pass", "pass", "call high", "together",
        "AH", "9H", "TH", "KH",  # seat 0
        "8H", "7H", "8S", "QD",  # seat 0: the 8H beats the 7H
        "7C", "QC", "9C", "AC",  # seat 3
        "JS", "KS", "TS", "7D",  # seat 0: no bowers, the JS is under the KS
        "AS", "8D", "JC", "7S",  # seat 0
    ],
}  # fmt: skip


def test_a_no_trump_hand_with_sevens_and_eights() -> None:
    assert replay_record(HAND).result == result("high", 0, [4, 0, 0, 1], [1, 0])
    alone = {**HAND, "variant": "euchre"}  # the 24-card pack has no 8H
    with pytest.raises(RecordError, match='unknown card "8H"'):
        replay_record(alone)
