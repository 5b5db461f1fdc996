"""Names for a player's cards in expressions (issue 9 item 2): held, dealt, holds, holder_of, dealt_to.

Hand-worked: one dealt euchre hand, every kind of card word (rank, suit, colour,
card, trump, words joined), both views (held now / dealt), the seat asked about
and seats named, and the located errors of their misuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cli_helpers import load_error, write
from handplay import act, deal

from interpreter.compiler import _Compiler
from interpreter.engine import State
from interpreter.rules import Rules
from interpreter.spec.model import spec_model
from interpreter.variants import load_document, load_rules

# Dealer 3 turns up AC. Seat 0 holds both black jacks.
HANDS = ["JS JC AS 9H TH", "KS QS 9S AH KH", "AD KD QD JD TD", "9C TC 9D QH JH"]


def compiled(spec: str = "euchre") -> tuple[_Compiler, Rules]:
    """The compiler of a spec after its run, to compile more expressions over the same tables."""
    doc = load_document(spec, ())
    c = _Compiler(doc, spec_model(doc.data), None)
    return c, c.run()


def seat_value(text: str, st: State, seat: int, contract: str | None = None, expect: str = "int") -> Any:
    """`text` compiled as a condition asked of one player and evaluated for `seat`."""
    c, r = COMPILED
    fn = c.expr(["test"], text, c.seat_names, expect)
    index = -1 if contract is None else [k.name for k in r.contracts].index(contract)
    return fn.fn(r.seat_env(st, seat, index))


COMPILED = compiled()


def hand() -> State:
    return deal(COMPILED[1], 3, HANDS, "AC")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('held("A")', 1),
        ('held("J")', 2),
        ('held("10")', 1),  # "10" is T
        ('held("S")', 2),  # JS AS: the left bower keeps its printed suit here
        ('held("♥")', 2),
        ('held("black")', 3),
        ('held("red")', 2),
        ('held("red A")', 0),
        ('held("black J")', 2),
        ('held("A", "K", "Q", "J")', 3),
        ('held("JC")', 1),
        ('held("JC", "J")', 2),  # a card matching two arguments counts once
        ('held("trump")', 0),  # no trump fixed yet, no candidate
        ('dealt("9", "T")', 2),
        ('held(seat, "A") + held(dealer, "A")', 1),
    ],
)
def test_counts_of_the_player_asked(text: str, value: int) -> None:
    assert seat_value(text, hand(), 0) == value


def test_trump_is_the_candidate_contract_bowers_included() -> None:
    st = hand()
    assert seat_value('held("trump")', st, 0, "S") == 3  # JS, JC (left bower), AS
    assert seat_value('held("trump")', st, 0, "C") == 2  # JC, JS (left bower)
    assert seat_value('held("trump")', st, 0, "H") == 2
    assert seat_value('held("trump")', st, 0, "D") == 0
    assert seat_value('held("trump A")', st, 0, "S") == 1
    assert seat_value('held("trump", "A")', st, 0, "C") == 3  # JC JS, and AS


def test_trump_is_the_hands_contract_once_fixed() -> None:
    st = act(hand(), "order", "discard 9D")  # seat 0 orders clubs up, the dealer drops 9D
    assert seat_value('held("trump")', st, 0) == 2
    assert seat_value('held("trump")', st, 3) == 3  # 9C TC AC, the upcard picked up


def test_held_and_dealt_differ_after_the_pickup() -> None:
    st = act(hand(), "order")  # the dealer takes the upcard when he discards
    assert seat_value('held("C")', st, 3) == 2 and seat_value('holder_of("AC")', st, 0) == -1
    st = act(st, "discard 9D")
    assert seat_value('held("C")', st, 3) == 3
    assert seat_value('dealt("C")', st, 3) == 2  # the upcard was not dealt to him
    assert seat_value('holder_of("AC")', st, 0) == 3
    assert seat_value('dealt_to("AC")', st, 0) == -1
    assert seat_value('holder_of("9D")', st, 0) == -1 and seat_value('dealt_to("9D")', st, 0) == 3


def test_holds_and_holders() -> None:
    st = hand()
    assert seat_value('holds("JC")', st, 0, expect="bool") is True
    assert seat_value('holds("AH")', st, 0, expect="bool") is False
    assert seat_value('holds("red", "A")', st, 0, expect="bool") is True
    assert seat_value('holds(dealer, "AH")', st, 0, expect="bool") is False
    assert seat_value('holder_of("AH")', st, 0) == 1
    assert seat_value('holder_of("10D")', st, 0) == 2
    assert seat_value('holder_of("AC")', st, 0) == -1  # the upcard is on the table
    assert seat_value('holder_of("AH") == seat + 1', st, 0, expect="bool") is True


def test_cards_leave_the_hand_as_they_are_played() -> None:
    st = act(hand(), "order", "discard 9D", "together")
    assert seat_value('held("A")', st, 1) == 1
    st = act(st, "9H", "AH")  # seat 0 leads a heart, seat 1 follows with his ace
    assert seat_value('held("A")', st, 1) == 0 and seat_value('dealt("A")', st, 1) == 1
    assert seat_value('holder_of("AH")', st, 0) == -1 and seat_value('dealt_to("AH")', st, 0) == 1


SCORING = """\
extends: euchre
name: cardnames-scoring
scoring:
  - {when: 'dealt(maker, "trump") == 3', makers: 9}
  - {when: makers.tricks == 5, makers: 2}
  - {when: makers.tricks >= 3, makers: 1}
  - {otherwise: true, defenders: 2}
"""


def play_out(st: State) -> dict[str, Any]:
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    return st.result()


def test_a_seat_named_in_scoring(tmp_path: Path) -> None:
    """A hand-level expression names whose cards; "trump" is the hand's contract."""
    r = load_rules(str(write(tmp_path / "s.yaml", SCORING)))
    # Seat 1 names spades, dealt KS QS 9S: three trumps, the 9-point row, however the tricks fall.
    st = act(deal(r, 3, HANDS, "AC"), "pass", "pass", "pass", "pass", "pass", "call S", "together")
    assert play_out(st)["delta"] == [0, 9]
    # Seat 2 names diamonds, dealt five: the ordinary rows (he takes at least 4 tricks).
    st = act(deal(r, 3, HANDS, "AC"), "pass", "pass", "pass", "pass", "pass", "pass", "call D", "together")
    assert play_out(st)["delta"] in ([1, 0], [2, 0])


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ('held(maker, "Z")', "'Z' is not a card, rank, suit or colour of this deck"),
        ('held(maker, "rde")', "(did you mean 'red'?)"),
        ('held("A") >= 1', "'held' here needs whose cards: no player is being asked"),
        ('held(makers.tricks, "A")', "'makers.tricks' is not a seat here"),
        ('held(makr, "A")', "(did you mean 'maker'?)"),
        ("held(maker, 3)", "'held' takes text such as \"A\" or a seat name such as dealer"),
        ("held(maker)", "'held' needs card words"),
        ('holder_of("A") == 1', "'holder_of' names one card of the deck"),
        ('holder_of(maker, "AS") == 1', "'holder_of' takes one card, not a seat"),
        ('holds(maker, "A") + 1', "'+' needs numbers on both sides"),
        ('hold(maker, "A")', "(did you mean 'holds'?)"),
    ],
)
def test_misuse_is_a_located_error(tmp_path: Path, expr: str, message: str) -> None:
    spec = SCORING.replace("'dealt(maker, \"trump\") == 3'", f"'{expr}'")
    path = write(tmp_path / "bad.yaml", spec)
    error = load_error(str(path))
    assert message in error
    assert f"{path}:4:" in error and "scoring[0].when" in error


def test_every_use_is_resolved_once_into_tables() -> None:
    """The card words become per-card 0/1 tables at compile time; the env key is canonical."""
    c, r = compiled()
    c.expr(["t"], 'held("10", "♥") + held(seat, "T", "h")', c.seat_names, "int")
    keys = [k for k in r.card_getters if k.startswith("held(")]
    assert keys == ['held(seat, "T", "H")']


@pytest.mark.parametrize(
    ("expr", "said"),
    [
        (
            'dealt(seat, "A", "K", "Q", "J") == 0',
            "the player was dealt no aces, kings, queens or jacks",
        ),
        ('held(maker, "trump") >= 2', "the maker holds 2 or more trumps"),
        ('dealt("9", "10") >= 3', "the player was dealt 3 or more nines or tens"),
        (
            'held(maker, "trump") == held(dealer, "A")',
            "the number of trumps the maker holds is the number of aces the dealer holds",
        ),
        (
            'held(dealer, "red A", "trump J") < 1',
            "the dealer holds fewer than 1 red aces or jacks of trump",
        ),
        ('held(seat, "H", "10") > 1', "the player holds more than 1 hearts or tens"),
        ('holds(seat, "JS")', "the player holds the jack of spades"),
        ('not holds(dealer, "trump", "A")', "the dealer does not hold a trump or an ace"),
        ('holder_of("JK") == dealer', "the player holding the joker is the dealer"),
        ('dealt_to("10H") == maker', "the player dealt the ten of hearts is the maker"),
    ],
)
def test_explain_says_them_in_words(expr: str, said: str) -> None:
    from interpreter.explain.words import Words

    assert Words().clause(expr) == said
