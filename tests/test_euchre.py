"""Hand-worked hands for `euchre` (RULES.md §1): every rule, checked card by card."""

from __future__ import annotations

import random

import pytest
from handplay import act, deal, held, is_legal, legal, result, rules

EXAMPLE_HANDS = ["JH JD AH KS QC", "9S TS QS KD AD", "9H TH QH 9D 9C", "TC JC AC JS TD"]
EXAMPLE_PLAY = [
    "JH",
    "9S",
    "9H",
    "KH",
    "JD",
    "TS",
    "TH",
    "JC",
    "AH",
    "QS",
    "QH",
    "JS",
    "KS",
    "KD",
    "9D",
    "TD",
    "QC",
    "AD",
    "9C",
    "AC",
]

# Seat 0 holds the five best hearts; nobody else holds a heart (the dealer picks up TH).
TOP_HANDS = ["JH JD AH KH QH", "9C TC QC KC AC", "9D TD QD KD AD", "9S TS QS KS AS"]
TOP_PLAY = [
    "JH",
    "9C",
    "9D",
    "TH",
    "JD",
    "TC",
    "TD",
    "TS",
    "AH",
    "QC",
    "QD",
    "QS",
    "KH",
    "KC",
    "KD",
    "KS",
    "QH",
    "AC",
    "AD",
    "AS",
]

# Seat 0 wins three trumps, then loses a club to seat 1 and a spade to seat 3.
THREE_HANDS = ["JH JD AH 9C 9D", "KC AC TS QS KS", "TC QC QD KD AD", "9S AS JC TD KH"]


@pytest.fixture(scope="module")
def euchre():
    return rules("euchre")


def test_handrecords_example(euchre):
    st = deal(euchre, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "together", *EXAMPLE_PLAY)
    assert st.result() == result("H", 0, [4, 0, 0, 1], [1, 0], [1, 0])


def test_must_follow_message(euchre):
    st = deal(euchre, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "together", "JH", "9S")
    assert st.why_illegal(euchre.codec.parse("9D")) == "must follow hearts, holds 9H TH QH"


def test_left_bower_is_a_trump_not_a_diamond(euchre):
    # Hearts trump. Seat 1 holds JD but no other diamond: on a diamond lead he may
    # play anything; on a heart lead he must play JD.
    hands = ["AD KS QS 9C TC", "JD 9S AC KC QC", "9D TD QD KD TS", "JH AH KH QH JC"]
    st = deal(euchre, 3, hands, "TH")
    act(st, "order", "discard JC", "together", "AD")
    assert sorted(legal(st)) == sorted(["JD", "9S", "AC", "KC", "QC"])
    act(st, "9S")
    assert sorted(legal(st)) == ["9D", "KD", "QD", "TD"]

    st = deal(euchre, 3, ["JD 9S AC KC QC", "JH AH KS QS 9C", "AD 9D TD QD KD", "TC JC AS KH QH"], "TH")
    act(st, "pass", "order", "discard JC", "together")
    # The dealer's partner ordered; the dealer (seat 3) picked up TH. Seat 0 leads.
    act(st, "9S", "KS", "AD", "AS", "KH")  # seat 3 wins with AS and leads a heart
    assert st.turn == 0
    assert legal(st) == ["JD"]  # the left bower is his only heart


def test_right_bower_beats_left_beats_ace(euchre):
    hands = ["JD 9C TC QC KC", "AH 9S TS QS KS", "9H 9D TD QD KD", "JH AC JC AD AS"]
    st = deal(euchre, 3, hands, "JS")
    act(st, "pass", "pass", "pass", "pass", "call H", "together", "JD", "AH", "9H", "JH")
    assert st.tricks == [0, 0, 0, 1] and st.turn == 3
    st = deal(euchre, 3, hands, "JS")
    act(st, "pass", "pass", "pass", "pass", "call H", "together", "JD", "AH", "9H")
    assert st.winner == 0  # so far J♦ beats A♥: the left bower is the second trump


def test_dealer_picks_up_when_partner_orders(euchre):
    st = deal(euchre, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "order")
    assert st.turn == 3
    assert sorted(legal(st)) == sorted(f"discard {c}" for c in ["TC", "JC", "AC", "JS", "TD", "KH"])
    assert not is_legal(st, "decline")
    act(st, "discard JS")
    assert held(st, 3) == sorted(["TC", "JC", "AC", "TD", "KH"])
    assert st.turn == 1  # the maker (seat 1) is asked alone/together


def test_dealer_may_discard_the_upcard_and_orders_himself(euchre):
    st = deal(euchre, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "pass", "pass", "order", "discard KH", "together")
    assert "KH" not in held(st, 3)
    assert st.maker == 3 and st.turn == 0


def test_round_two_cannot_name_the_turned_down_suit(euchre):
    st = deal(euchre, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "pass", "pass", "pass")
    assert legal(st) == ["pass", "call C", "call D", "call S"]
    assert st.why_illegal(euchre.codec.parse("call H")).startswith("not allowed now")


def test_redeal_after_two_passing_rounds(euchre):
    st = deal(euchre, 3, EXAMPLE_HANDS, "KH", scores=[4, 7])
    act(st, *["pass"] * 8)
    assert st.is_over
    assert st.result() == result(None, None, [0, 0, 0, 0], [0, 0], [4, 7], status="redeal")


def test_dealer_is_not_forced_in_round_two(euchre):
    st = deal(euchre, 3, EXAMPLE_HANDS, "KH")
    act(st, *["pass"] * 7)
    assert "pass" in legal(st)


def test_march_scores_two(euchre):
    st = deal(euchre, 3, TOP_HANDS, "TH")
    act(st, "order", "discard 9S", "together", *TOP_PLAY)
    r = st.result()
    assert (r["tricks"], r["delta"], r["alone"], r["out"]) == ([5, 0, 0, 0], [2, 0], [], [])


def test_lone_march_scores_four_and_partner_sits_out(euchre):
    st = deal(euchre, 3, TOP_HANDS, "TH")
    act(st, "order", "discard 9S", "alone")
    play = [c for i, c in enumerate(TOP_PLAY) if i % 4 != 2]  # seat 2 is skipped
    act(st, *play)
    r = st.result()
    assert (r["tricks"], r["delta"], r["alone"], r["out"]) == ([5, 0, 0, 0], [4, 0], [0], [2])
    assert [s for s, _ in st.history[3:7]] == [0, 1, 3, 0]


THREE_PLAY = [
    "JH",
    "KC",
    "TC",
    "TH",
    "JD",
    "TS",
    "QC",
    "KH",
    "AH",
    "QS",
    "QD",
    "JC",
    "9C",
    "AC",
    "KD",
    "TD",
    "KS",
    "AD",
    "AS",
    "9D",
]


def test_three_tricks_score_one(euchre):
    st = deal(euchre, 3, THREE_HANDS, "TH", scores=[2, 5])
    act(st, "order", "discard 9S", "together", *THREE_PLAY)
    r = st.result()
    assert (r["tricks"], r["delta"], r["scores"]) == ([3, 1, 0, 1], [1, 0], [3, 5])


def test_lone_maker_with_three_tricks_scores_one(euchre):
    st = deal(euchre, 3, THREE_HANDS, "TH")
    act(st, "order", "discard 9S", "alone")
    act(st, *[c for i, c in enumerate(THREE_PLAY) if i not in (2, 6, 10, 14, 17)])
    r = st.result()
    assert (r["tricks"], r["delta"], r["out"]) == ([3, 1, 0, 1], [1, 0], [2])


def test_euchred_makers_give_defenders_two(euchre):
    st = deal(euchre, 3, TOP_HANDS, "TH")
    act(st, "pass", "order", "discard 9S", "together", *TOP_PLAY)
    r = st.result()
    assert (r["maker"], r["tricks"], r["delta"]) == (1, [5, 0, 0, 0], [2, 0])


def test_lone_maker_euchred_gives_two(euchre):
    st = deal(euchre, 3, TOP_HANDS, "TH")
    act(st, "pass", "order", "discard 9S", "alone")
    act(st, *[c for i, c in enumerate(TOP_PLAY) if i % 4 != 3])  # the dealer (seat 3) sits out
    r = st.result()
    assert (r["alone"], r["out"], r["delta"]) == ([1], [3], [2, 0])


def test_lead_skips_the_loners_partner(euchre):
    # Seat 2 goes alone: his partner, seat 0 (dealer's left), sits out; seat 1 leads.
    st = deal(euchre, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "pass", "order", "discard TC", "alone")
    assert st.out == [True, False, False, False] and st.turn == 1


def test_defenders_are_never_asked_alone(euchre):
    st = deal(euchre, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "together")
    assert st.phase == euchre.play_phase and st.turn == 0


def test_match_is_won_at_ten(euchre):
    st = deal(euchre, 3, THREE_HANDS, "TH", scores=[9, 9])
    act(st, "order", "discard 9S", "together", *THREE_PLAY)
    assert st.result()["scores"] == [10, 9] and st.result()["winners"] == [0]


def test_deal_is_three_then_two_from_the_dealers_left(euchre):
    seed = 7
    st = euchre.deal(random.Random(seed), 1)
    deck = list(range(24))
    random.Random(seed).shuffle(deck)
    assert st.dealt[2] == tuple(deck[0:3] + deck[12:14])
    assert st.dealt[1] == tuple(deck[9:12] + deck[18:20])
    assert st.upcard == deck[20]
