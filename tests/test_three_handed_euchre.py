"""three-handed-euchre (FAMILY.md): cutthroat with the 24-card pack, each rule worked by hand."""

from __future__ import annotations

import random

from familyplay import full_match
from handplay import act, deal, held, legal, refuse, result, rules

HANDS = [["JH", "JD", "AH", "KH", "AC"], ["QH", "9C", "KS", "AS", "9D"], ["TH", "QC", "9S", "TS", "TD"]]
PLAY = ["JH QH TH", "JD 9D 9H", "AH KS 9S", "KH AS TS", "AC 9C QC"]


def test_deck_and_deal() -> None:
    r = rules("three-handed-euchre")
    assert r.players == 3 and r.n_sides == 3 and r.deck.size == 24
    assert {c[:-1] for c in r.deck.names()} == set("9TJQKA")
    st = r.deal(random.Random(5), dealer=0)
    assert [len(h) for h in st.hands] == [5, 5, 5] and st.upcard >= 0  # 15 + 1: 8 out of play


def test_maker_alone_against_two_march_scores_three() -> None:
    r = rules("three-handed-euchre")
    st = deal(r, 2, HANDS, "9H")
    assert st.current_player == 0
    act(st, "order")
    # The dealer may discard any of his six cards, the upcard included.
    assert sorted(legal(st)) == sorted(f"discard {c}" for c in [*held(st, 2), "9H"])
    act(st, "discard TD")
    assert st.current_player == 0  # no alone declaration; the dealer's left leads
    refuse(st, "alone")
    act(st, *PLAY)
    assert st.result() == result("H", 0, [5, 0, 0], [3, 0, 0])


def test_made_three_tricks_scores_one() -> None:
    r = rules("three-handed-euchre")
    hands = [["JH", "JD", "AH", "9C", "TC"], ["QH", "AC", "KS", "AS", "9D"], ["TH", "QC", "9S", "TS", "TD"]]
    st = deal(r, 2, hands, "9H", [1, 2, 3])
    act(st, "order", "discard TD", "JH QH TH", "JD 9D 9H", "AH KS 9S", "9C AC QC", "AS TS TC")
    assert st.result() == result("H", 0, [3, 2, 0], [1, 0, 0], [2, 2, 3])


def test_euchred_each_other_player_scores_two_highest_at_ten_wins() -> None:
    r = rules("three-handed-euchre")
    # Seat 1 orders with too little; seats 0 and 2 (partners for the hand) euchre him.
    st = deal(r, 2, HANDS, "9H", [8, 0, 9])
    act(st, "pass", "order", "discard TD")
    act(st, "JH QH TH", "JD 9D 9H", "AH KS 9S", "KH AS TS", "AC 9C QC")
    assert st.result() == result("H", 1, [5, 0, 0], [2, 0, 2], [10, 0, 11], winners=[2])


def test_exact_tie_at_ten_shares_the_win() -> None:
    r = rules("three-handed-euchre")
    st = deal(r, 2, HANDS, "9H", [8, 0, 8])
    act(st, "pass", "order", "discard TD", *PLAY)
    assert st.result()["winners"] == [0, 2]


def test_round_two_other_suits_and_all_pass_redeal() -> None:
    r = rules("three-handed-euchre")
    st = deal(r, 2, HANDS, "9H")
    act(st, "pass", "pass", "pass")
    assert legal(st) == ["pass", "call C", "call D", "call S"]
    act(st, "pass", "pass", "pass")
    assert st.result()["status"] == "redeal"


def test_full_match() -> None:
    m = full_match("three-handed-euchre")
    assert all(m.scores[w] >= 10 and m.scores[w] == max(m.scores) for w in m.winners)
