"""Hand-worked hands for `euchre-classic` (RULES.md §2)."""

from __future__ import annotations

import random

import pytest
from handplay import act, deal, held, is_legal, legal, rules
from test_euchre import EXAMPLE_HANDS, THREE_HANDS, TOP_HANDS


@pytest.fixture(scope="module")
def classic():
    return rules("euchre-classic")


def test_dealer_may_decline_after_an_order(classic):
    st = deal(classic, 3, EXAMPLE_HANDS, "KH")
    act(st, "order")
    assert "decline" in legal(st) and "discard KH" in legal(st)
    act(st, "decline")
    assert held(st, 3) == sorted(["TC", "JC", "AC", "JS", "TD"])
    assert classic.contracts[st.contract].name == "H" and st.maker == 0


def test_dealer_who_takes_it_up_must_pick_up(classic):
    st = deal(classic, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "pass", "pass", "order")
    assert not is_legal(st, "decline")
    assert len(legal(st)) == 6


def test_alone_questions_maker_then_defenders_in_order(classic):
    st = deal(classic, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "order", "discard TD")
    asked = []
    for answer in ("together", "together", "together"):
        asked.append(st.turn)
        act(st, answer)
    # maker (seat 1), the defender at his left (seat 2), the other defender (seat 0);
    # the maker's partner (seat 3) is never asked.
    assert asked == [1, 2, 0]
    assert st.phase == classic.play_phase and st.turn == 0  # nobody alone: dealer's left leads


def test_second_defender_not_asked_after_first_goes_alone(classic):
    st = deal(classic, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "alone", "alone")
    # Maker 0 alone (seat 2 out), defender seat 1 alone (seat 3 out): seat 3 is not asked.
    assert st.out == [False, False, True, True] and st.alone == [0, 1]
    assert st.phase == classic.play_phase
    assert st.turn == 1  # two alone: the lone defender leads


def test_lone_maker_lead_is_his_left(classic):
    st = deal(classic, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "pass", "order", "discard TC", "alone", "together", "together")
    assert st.out == [True, False, False, False]
    assert st.turn == 3  # maker seat 2 alone: seat 3 leads


def test_lone_defender_lead_is_his_left(classic):
    st = deal(classic, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "together", "alone")
    # Maker 0, defender seat 1 alone (seat 3 out); seat 2 leads.
    assert st.out == [False, False, False, True] and st.turn == 2


def test_lone_defender_sweep_scores_four(classic):
    st = deal(classic, 3, TOP_HANDS, "TH")
    act(st, "pass", "order", "discard 9S", "together", "together", "alone")
    assert st.turn == 1  # seat 0 alone (seat 2 out): seat 1 leads
    act(st, "9C", "TS", "JH", "JD", "TC", "TH", "AH", "QC", "QS", "KH", "KC", "KS", "QH", "AC", "AS")
    r = st.result()
    assert (r["maker"], r["alone"], r["out"], r["tricks"], r["delta"]) == (1, [0], [2], [5, 0, 0, 0], [4, 0])


def test_lone_defender_with_three_tricks_scores_two(classic):
    st = deal(classic, 3, THREE_HANDS, "TH")
    act(st, "pass", "order", "discard 9S", "together", "together", "alone")
    act(st, "KC", "JC", "9C", "AC", "TD", "9D", "TS", "AS", "JH", "JD", "QS", "TH", "AH", "KS", "KH")
    r = st.result()
    assert (r["tricks"], r["delta"], r["scores"]) == ([3, 2, 0, 0], [2, 0], [2, 0])


def test_scoring_rows_as_in_euchre(classic):
    from test_euchre import THREE_PLAY, TOP_PLAY

    st = deal(classic, 3, TOP_HANDS, "TH")
    act(st, "order", "discard 9S", "together", "together", "together", *TOP_PLAY)
    assert st.result()["delta"] == [2, 0]
    st = deal(classic, 3, THREE_HANDS, "TH")
    act(st, "order", "discard 9S", "together", "together", "together", *THREE_PLAY)
    assert st.result()["delta"] == [1, 0]
    st = deal(classic, 3, TOP_HANDS, "TH")
    act(st, "order", "discard 9S", "alone", "together", "together")
    assert st.turn == 1  # the lone maker's left leads
    act(st, "9C", "TS", "JH", "JD", "TC", "TH", "AH", "QC", "QS", "KH", "KC", "KS", "QH", "AC", "AS")
    assert st.result()["delta"] == [4, 0]


def test_round_two_and_redeal(classic):
    st = deal(classic, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "pass", "pass", "pass")
    assert not is_legal(st, "call H") and is_legal(st, "call S")
    act(st, "pass", "pass", "pass", "pass")
    assert st.result()["status"] == "redeal"


def test_deal_pattern_three_two_then_two_three(classic):
    seed = 11
    st = classic.deal(random.Random(seed), 2)
    deck = list(range(24))
    random.Random(seed).shuffle(deck)
    # From the dealer's left: 3, 2, 3, 2 then 2, 3, 2, 3.
    assert st.dealt[3] == tuple(deck[0:3] + deck[10:12])
    assert st.dealt[0] == tuple(deck[3:5] + deck[12:15])
    assert st.dealt[1] == tuple(deck[5:8] + deck[15:17])
    assert st.dealt[2] == tuple(deck[8:10] + deck[17:20])
    assert st.upcard == deck[20]
