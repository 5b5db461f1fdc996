"""six-handed-euchre (FAMILY.md): two teams of three, each rule worked by hand."""

from __future__ import annotations

import random

from familyplay import full_match
from handplay import act, deal, legal, result, rules

from interpreter.explain import explain_text

# Dealer 5; seat 0 holds the top hearts; teams 0+2+4 against 1+3+5.
HANDS = [
    "JH JD AH KH QH",
    "7C 8C 9C TC JC",
    "7D 8D 9D TD QD",
    "7S 8S 9S TS JS",
    "QC KC AC QS KS",
    "AS KD AD 8H 9H",
]
ALONE_PLAY = ["JH 7C 7S 8H", "JD 8C 8S 9H", "AH 9C 9S TH", "KH TC TS AS", "QH JC JS AD"]


def test_teams_deck_and_deal() -> None:
    r = rules("six-handed-euchre")
    assert r.players == 6 and r.n_sides == 2 and r.side_of == (0, 1, 0, 1, 0, 1)
    assert r.deck.size == 32 and {c[:-1] for c in r.deck.names()} == set("789TJQKA")
    st = r.deal(random.Random(2), dealer=0)
    assert [len(h) for h in st.hands] == [5] * 6 and st.upcard >= 0  # 30 + 1: one card out of play


def test_lone_maker_both_partners_sit_out_lone_march_five() -> None:
    r = rules("six-handed-euchre")
    st = deal(r, 5, HANDS, "TH")
    act(st, "order", "discard KD")
    assert st.current_player == 0 and set(legal(st)) == {"alone", "together"}
    act(st, "alone")
    # The first active seat at the dealer's left leads; seats 2 and 4 are skipped.
    assert st.current_player == 0
    act(st, "JH")
    assert st.current_player == 1
    act(st, "7C")
    assert st.current_player == 3
    act(st, "7S 8H", *ALONE_PLAY[1:])
    assert st.result() == result("H", 0, [5, 0, 0, 0, 0, 0], [5, 0], alone=[0], out=[2, 4])


def test_lone_maker_three_tricks_scores_one() -> None:
    r = rules("six-handed-euchre")
    hands = list(HANDS)
    hands[0], hands[2] = "JH JD AH 7D 8D", "KH QH 9D TD QD"
    st = deal(r, 5, hands, "TH")
    act(st, "order", "discard KD", "alone")
    act(st, "JH 7C 7S 8H", "JD 8C 8S 9H", "AH 9C 9S TH", "7D TC TS AD", "AS 8D JC JS")
    assert st.result() == result("H", 0, [3, 0, 0, 0, 0, 2], [1, 0], alone=[0], out=[2, 4])


def test_together_march_two_made_one_euchred_two() -> None:
    r = rules("six-handed-euchre")
    st = deal(r, 5, HANDS, "TH")
    act(st, "order", "discard KD", "together")
    act(st, "JH 7C 7D 7S QC 8H", "JD 8C 8D 8S KC 9H", "AH 9C 9D 9S AC TH")
    act(st, "KH TC TD TS QS AS", "QH JC QD JS KS AD")
    assert st.result() == result("H", 0, [5, 0, 0, 0, 0, 0], [2, 0])
    # The dealer's side orders and is euchred: the defenders score 2, game 10.
    st = deal(r, 5, HANDS, "TH", [8, 3])
    act(st, "pass", "pass", "pass", "pass", "pass", "order", "discard KD", "together")
    act(st, "JH 7C 7D 7S QC 8H", "JD 8C 8D 8S KC 9H", "AH 9C 9D 9S AC TH")
    act(st, "KH TC TD TS QS AS", "QH JC QD JS KS AD")
    assert st.result() == result("H", 5, [5, 0, 0, 0, 0, 0], [2, 0], [10, 3], winners=[0])


def test_explain_says_both_partners_sit_out() -> None:
    assert "his partners all sit out" in explain_text("six-handed-euchre")


def test_full_match() -> None:
    m = full_match("six-handed-euchre")
    assert all(m.scores[w] >= 10 for w in m.winners)
