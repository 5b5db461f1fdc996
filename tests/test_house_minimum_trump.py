"""A condition on one answer of a decision (`choice_if`, issue 9 item 1) and house/minimum-trump.

Hand-worked: who may order or name under minimum trump (bowers count, the upcard
does not), what happens when nobody may, a forced dealer; `choice_if` on `alone`;
the candidate's names (`choice.suit`, `choice.colour`); and the two records of
tests/records/house/minimum-trump-*.json against plain euchre.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import load_error, write
from handplay import act, deal

from interpreter.agents import make_agent
from interpreter.engine import State
from interpreter.errors import RecordError
from interpreter.explain import explain_text
from interpreter.explain.diff import diff_text
from interpreter.match import play_match
from interpreter.records import replay_record
from interpreter.rules import Rules
from interpreter.variants import load_rules

RULE = "house/minimum-trump"
RECORDS = Path(__file__).resolve().parent / "records" / "house"


def ruled(*more: str) -> Rules:
    return load_rules("euchre", rules=[RULE, *more])


def words(st: State) -> list[str]:
    return [st.rules.codec.to_str(a) for a in st.legal_actions()]


def load(stem: str) -> dict[str, Any]:
    return json.loads((RECORDS / f"{stem}.json").read_text(encoding="utf-8"))


def first_legal(record: dict[str, Any], bidding: list[str]) -> dict[str, Any]:
    """The record's hand under plain euchre with other bidding, played out by first legal cards."""
    r = load_rules("euchre")
    st = act(deal(r, record["dealer"], record["hands"], record["upcard"]), *bidding)
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    return st.result()


# ------------------------------------------------------------------ round 1: ordering up
def test_no_trump_of_the_upcards_suit_no_order() -> None:
    # dealer 3 turns up 9H: seat 0 holds no heart and not JD, the left bower
    hands = ["AS KS AC KC AD", "JH AH KH QD 9S", "QS TS QC TC KD", "JD TH QH 9C 9D"]
    st = deal(ruled(), 3, hands, "9H")
    assert words(st) == ["pass"]
    st = act(st, "pass")
    assert words(st) == ["pass", "order"]  # seat 1 holds JH AH KH


def test_the_left_bower_counts() -> None:
    # seat 0's only "heart" is JD, trump if hearts are
    hands = ["JD KS AC KC AD", "JH AH KH QD 9S", "QS TS QC TC KD", "AS TH QH 9C 9D"]
    st = deal(ruled(), 3, hands, "9H")
    assert words(st) == ["pass", "order"]


def test_the_dealer_ordering_his_own_upcard_does_not_count_it() -> None:
    # the dealer (seat 3) holds no heart and not JD: the 9H he would pick up does not count
    hands = ["JH AS KS AC KC", "AH KH 9S QD AD", "QS TS QC TC KD", "JC TD JS 9C 9D"]
    st = act(deal(ruled(), 3, hands, "9H"), "pass", "pass", "pass")
    assert st.turn == 3 and words(st) == ["pass"]
    # with one heart in his hand he may
    hands = ["JH AS KS AC KC", "AH KH 9S QD AD", "QS TS QC TC KD", "TH TD JS 9C 9D"]
    st = act(deal(ruled(), 3, hands, "9H"), "pass", "pass", "pass")
    assert st.turn == 3 and words(st) == ["pass", "order"]


def test_a_dealer_ordered_up_by_another_has_no_say() -> None:
    hands = ["JH AS KS AC KC", "AH KH 9S QD AD", "QS TS QC TC KD", "JC TD JS 9C 9D"]
    st = act(deal(ruled(), 3, hands, "9H"), "order")  # seat 0 holds JH
    assert st.turn == 3 and "discard 9C" in words(st)  # he picks up, whatever he holds


# ------------------------------------------------------------------ round 2: naming
ROUND2 = ["AH KH QH AD KD", "9C TC QS KS 9D", "QC KC AC TD QD", "TH 9H JH AS TS"]


def test_only_suits_he_holds_a_trump_of() -> None:
    st = act(deal(ruled(), 3, ROUND2, "9S"), "pass", "pass", "pass", "pass")
    assert words(st) == ["pass", "call D", "call H"]  # no club and not JS: clubs refused; spades turned down
    st = act(st, "pass")
    assert words(st) == ["pass", "call C", "call D"]  # seat 1: 9C TC, 9D; no heart and not JD


def test_nobody_may_so_everybody_passes_and_the_hand_is_redealt() -> None:
    """Passing is always allowed; when all pass twice the hand is redealt, as in euchre."""
    st = act(deal(ruled(), 3, ROUND2, "9S"), *["pass"] * 8)
    assert st.is_over and st.result()["status"] == "redeal"


def test_a_stuck_dealer_allowed_nothing_may_name_any() -> None:
    """Stacked with stick the dealer: the dealer may not pass, so the condition is lifted for him
    when it allows him no suit (he holds only the turned-down suit)."""
    hands = ["9C TC QS KS 9D", "QC KC AC TD QD", "JS AS TS KD AD", "AH KH QH JH TH"]
    st = act(deal(ruled("house/stick-the-dealer"), 3, hands, "9H"), *["pass"] * 7)
    assert st.turn == 3
    # hearts turned down; JH is the left bower of diamonds: he may name diamonds only
    assert words(st) == ["call D"]
    hands = ["9C TC QS KS 9D", "QC KC AC TD QD", "JS AS TS KD AD", "AH KH QH 9H TH"]
    st = act(deal(ruled("house/stick-the-dealer"), 3, hands, "JH"), *["pass"] * 7)
    # only hearts, hearts turned down, not even a bower: no suit allowed, so every suit he may name
    assert words(st) == ["call C", "call D", "call S"]
    hands = ["9C TC QS KS 9D", "QC KC AC TD QD", "JS AS TS KD AD", "AH KH QH 9S JC"]
    st = act(deal(ruled("house/stick-the-dealer"), 3, hands, "TH"), *["pass"] * 7)
    # JC: left bower of spades, 9S: spades: he may name spades (and clubs: JC)
    assert words(st) == ["call C", "call S"]


# ------------------------------------------------------------------ the records
def test_record_round1_differs_from_euchre() -> None:
    record = load("minimum-trump-round1")
    assert record["expect"]["maker"] == 1  # seat 0 could not order, seat 1 did
    euchre = first_legal(record, ["order", "discard 9C", "together"])
    assert euchre["maker"] == 0 and euchre != record["expect"]
    refused = {k: v for k, v in record.items() if k != "expect"}
    refused["actions"] = ["order", *record["actions"][2:]]
    with pytest.raises(RecordError, match="not allowed now; allowed: pass"):
        replay_record(refused)


def test_record_round2_differs_from_euchre() -> None:
    record = load("minimum-trump-round2")
    assert record["expect"]["trump"] == "D" and record["expect"]["maker"] == 0
    euchre = first_legal(record, ["pass"] * 4 + ["call C", "together"])  # clubs: legal in plain euchre
    assert euchre["trump"] == "C" and euchre != record["expect"]
    refused = {k: v for k, v in record.items() if k != "expect"}
    refused["actions"] = ["pass"] * 4 + ["call C", *record["actions"][5:]]
    with pytest.raises(RecordError, match="allowed: pass, call D, call H"):
        replay_record(refused)


# ------------------------------------------------------------------ choice_if on alone, choice names
ALONE = """\
extends: euchre
name: alone-with-three-trumps
declarations:
  patch:
    alone: {alone: {choice_if: 'held("trump") >= 3 and choice.colour == "red"'}}
"""

RED_ROUND2 = """\
extends: euchre
name: red-round-two
bidding:
  patch:
    round2: {name_trump: {choice_if: 'choice.colour == "red"'}}
"""


def test_choice_if_on_alone(tmp_path: Path) -> None:
    r = load_rules(str(write(tmp_path / "a.yaml", ALONE)))
    hands = ["JH JD KD 9C TC", "9S TS QS KS AS", "QC KC AC TD QD", "9H TH QH KH 9D"]
    st = act(deal(r, 3, hands, "AD"), "order", "discard 9D")  # seat 0 orders diamonds
    assert words(st) == ["alone", "together"]  # JD, JH (the left bower), KD: three trumps, a red suit
    st = act(deal(r, 3, ["JH KD AH 9C TC", *hands[1:]], "AD"), "order", "discard 9D")
    assert words(st) == ["together"]  # JH, KD: two trumps
    hands = ["JC JS KC 9D TD", "9S TS QS KS AS", "QC TC AC AD QD", "9H TH QH KH AH"]
    st = act(deal(r, 3, hands, "9C"), "order", "discard AH")
    assert words(st) == ["together"]  # three trumps, but clubs are black


def test_round_two_may_name_only_red_suits(tmp_path: Path) -> None:
    r = load_rules(str(write(tmp_path / "r.yaml", RED_ROUND2)))
    st = act(deal(r, 3, ROUND2, "9S"), "pass", "pass", "pass", "pass")
    assert words(st) == ["pass", "call D", "call H"]
    hands = [*ROUND2[:3], "TH 9S JH AS TS"]
    st = act(deal(r, 3, hands, "9H"), "pass", "pass", "pass", "pass")
    assert words(st) == ["pass", "call D"]  # hearts turned down, clubs and spades black


@pytest.mark.parametrize(
    ("condition", "message"),
    [
        ('choice.colour == "green"', "'green' is not a colour of this spec (its colours: black red \"\")"),
        ('choice.suit == "X"', "'X' is not a suit of this spec"),
        ("choice.sut == 1", "unknown name 'choice.sut' (did you mean 'choice.suit'?)"),
        ('held("trump")', "expected true/false, got a number"),
    ],
)
def test_a_bad_condition_is_located(tmp_path: Path, condition: str, message: str) -> None:
    path = write(tmp_path / "bad.yaml", RED_ROUND2.replace("'choice.colour == \"red\"'", f"'{condition}'"))
    error = load_error(str(path))
    assert message in error and f"{path}:5:" in error and "choice_if" in error


def test_choice_if_is_only_on_the_kinds_that_have_answers(tmp_path: Path) -> None:
    spec = "extends: euchre\nname: x\nbidding:\n  - auto_trump: {when: true, choice_if: true}\n"
    error = load_error(str(write(tmp_path / "x.yaml", spec)))
    assert "choice_if" in error


def test_explain_and_diff_say_it() -> None:
    text = " ".join(explain_text("euchre", [RULE]).split())
    assert "a player may order it up only if the player holds 1 or more trumps" in text
    assert "he may name a choice only if the player holds 1 or more trumps (trump: the suit he would name)" in text
    diff = diff_text("euchre", RULE)
    assert "round 1 (order_up): A: — · B: a player may order it up only if" in diff
    assert "round 2 (name_trump): A: — · B: he may name a choice only if" in diff


def test_a_rule_bot_match_ends_and_replays() -> None:
    rules = ruled()
    agents = [make_agent("rules", rng=random.Random(200 + s)) for s in range(rules.players)]
    match = play_match(rules, agents, random.Random(2), max_hands=400, variant="euchre", overlays=[RULE])
    assert match.finished and match.winners
    for hand in match.hands:
        assert hand.record["trickspec"]["rules"] == [RULE]
        assert replay_record(hand.record).result == hand.result
