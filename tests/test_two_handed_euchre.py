"""two-handed-euchre (FAMILY.md): Keller's two-handed game, each rule worked by hand."""

from __future__ import annotations

import random

from familyplay import full_match
from handplay import act, deal, held, legal, refuse, result, rules

HANDS = [["JH", "JD", "AH", "AC", "9S"], ["KH", "QH", "AS", "KS", "9C"]]


def test_deck_deal_and_out_of_play() -> None:
    r = rules("two-handed-euchre")
    assert r.players == 2 and r.n_sides == 2 and r.deck.size == 24
    assert {c[:-1] for c in r.deck.names()} == set("9TJQKA")
    st = r.deal(random.Random(3), dealer=1)
    assert [len(h) for h in st.hands] == [5, 5]
    assert st.upcard >= 0  # 10 dealt + the upcard: 13 out of play
    assert 24 - 10 - 1 == 13
    # 3 + 2, non-dealer first: seat 0 (dealer 1's left) gets the first packet.
    assert r.packets == ((3, 3), (2, 2))


def test_non_dealer_orders_dealer_discards_any_of_six_and_non_dealer_leads() -> None:
    r = rules("two-handed-euchre")
    st = deal(r, 1, HANDS, "TH")
    assert st.current_player == 0 and legal(st) == ["pass", "order"]
    act(st, "order")
    # The dealer discards any of his six cards, the upcard included.
    assert st.current_player == 1
    assert sorted(legal(st)) == sorted(f"discard {c}" for c in [*held(st, 1), "TH"])
    refuse(st, "alone")
    act(st, "discard 9C")
    assert st.current_player == 0  # no alone question; the non-dealer leads
    refuse(st, "together")
    act(st, "JH TH", "JD QH", "AH KH", "AC AS", "9S KS")
    assert st.result() == result("H", 0, [4, 1], [1, 0])


def test_dealer_takes_up_and_march_scores_two() -> None:
    r = rules("two-handed-euchre")
    hands = [["KH", "QH", "KS", "QS", "9C"], ["JH", "JD", "AH", "AC", "AS"]]
    st = deal(r, 1, hands, "TH", [3, 5])
    act(st, "pass", "order", "discard TH")
    act(st, "KS AS", "AH KH", "JH QH", "JD 9C", "AC QS")
    assert st.result() == result("H", 1, [0, 5], [0, 2], [3, 7])


def test_euchred_gives_the_opponent_two_and_game_is_ten() -> None:
    r = rules("two-handed-euchre")
    hands = [["9H", "TH", "AC", "9S", "TS"], ["JH", "JD", "AH", "AS", "KC"]]
    st = deal(r, 1, hands, "KH", [2, 8])
    act(st, "order", "discard KC", "AC KH", "JH 9H", "JD TH", "AH 9S", "AS TS")
    assert st.result() == result("H", 0, [0, 5], [0, 2], [2, 10], winners=[1])


def test_round_two_another_suit_then_both_pass_redeal() -> None:
    r = rules("two-handed-euchre")
    st = deal(r, 1, HANDS, "TH")
    act(st, "pass", "pass")
    assert st.current_player == 0 and legal(st) == ["pass", "call C", "call D", "call S"]
    act(st, "pass")
    assert st.current_player == 1
    act(st, "pass")
    assert st.result()["status"] == "redeal" and st.result()["delta"] == [0, 0]


def test_round_two_call_makes_the_caller_maker() -> None:
    r = rules("two-handed-euchre")
    st = deal(r, 1, HANDS, "TH")
    act(st, "pass", "pass", "pass", "call S")
    assert st.maker == 1 and st.current_player == 0


def test_full_match_reaches_ten() -> None:
    m = full_match("two-handed-euchre")
    assert max(m.scores) >= 10 and all(m.scores[w] >= 10 for w in m.winners)
