"""british-euchre (FAMILY.md): the Benny, a turned-up Benny, anyone alone in a fixed order, the lead,
the score and game 11, each rule worked by hand."""

from __future__ import annotations

import random

from familyplay import full_match
from handplay import act, deal, held, legal, refuse, result, rules

from interpreter.explain import explain_text
from interpreter.verify import verify
from interpreter.worlds import WorldSampler

NAME = "british-euchre"
# Dealer 3 in every hand. The Benny (JK) is turned up; the kitty is JC JS TH 9H.
BENNY_UP = ["JH JD AH KH QH", "9C TC QC KC AC", "9D TD QD KD AD", "9S TS QS KS AS"]
# TH turned; the kitty is JC JS JK 9S. Seat 1 holds the one heart seat 0 lacks (QH).
PLAIN = ["JH JD AH KH 9C", "QH TC QC KC AC", "9D TD QD KD AD", "AS KS QS TS 9H"]
# 9H turned; seat 1 holds the Benny; the kitty is JC JS TH AC.
LONERS = ["JH JD AH KH QH", "9C TC QC KC JK", "9D TD QD KD AD", "9S TS QS KS AS"]


def test_deck_benny_and_deal() -> None:
    r = rules(NAME)
    assert r.players == 4 and r.deck.size == 25 and "JK" in r.deck.names()
    st = r.deal(random.Random(2), dealer=3)
    assert [len(h) for h in st.hands] == [5, 5, 5, 5] and st.upcard >= 0  # 3 + 2, then one turned up


def test_benny_turned_up_the_dealer_names_trump_takes_it_and_is_the_maker() -> None:
    st = deal(rules(NAME), 3, BENNY_UP, "JK")
    assert st.turn == 3 and legal(st) == ["call C", "call D", "call H", "call S"]  # before anyone bids
    act(st, "call S")
    assert st.maker == 3 and st.contract == rules(NAME).deck.suits.index("S")
    assert legal(st) == [f"discard {c}" for c in ["9S", "TS", "QS", "KS", "AS", "JK"]]
    act(st, "discard 9S")
    assert "JK" in held(st, 3) and st.upcard_taken
    # no round 1 or 2: the alone question follows, the maker first
    assert st.turn == 3 and legal(st) == ["alone", "together"]
    act(st, "alone", "together", "together")  # then the defenders from his left: seat 0, seat 2
    assert st.out == [False, True, False, False] and st.turn == 0  # one alone: the seat at his left leads
    # The Benny is the highest spade: JK AS KS QS TS take everything.
    act(st, "AH 9D TS", "JK KH TD", "AS QH QD", "KS JH KD", "QS JD AD")
    assert st.result() == result("S", 3, [0, 0, 0, 5], [0, 4], alone=[3], out=[1])


def test_round_1_order_and_a_made_hand_scores_1() -> None:
    st = deal(rules(NAME), 3, PLAIN, "TH")
    act(st, "order", "discard 9H")  # seat 0 orders hearts; the dealer takes TH
    assert legal(st) == ["alone", "together"] and st.turn == 0
    act(st, "together", "together", "together", "together")  # maker, his partner, then seats 1 and 3
    assert st.turn == 0  # nobody alone: the dealer's left leads
    act(st, "JH QH 9D TH", "JD TC TD AS", "AH QC QD KS", "KH KC KD QS", "9C AC AD TS")
    assert st.result() == result("H", 0, [4, 1, 0, 0], [1, 0])


def test_march_2_and_euchred_2() -> None:
    st = deal(rules(NAME), 3, BENNY_UP, "TH")  # JK is in the kitty here (BENNY_UP's hands, TH turned)
    act(st, "order", "discard 9S", "together", "together", "together", "together")
    act(st, "JH 9C 9D TH", "JD TC TD AS", "AH QC QD KS", "KH KC KD QS", "QH AC AD TS")
    assert st.result() == result("H", 0, [5, 0, 0, 0], [2, 0])
    st = deal(rules(NAME), 3, BENNY_UP, "TH")
    act(st, "pass", "pass", "pass", "order", "discard 9S")  # the dealer orders for himself
    act(st, "together", "together", "together", "together")
    act(st, "JH 9C 9D TH", "JD TC TD AS", "AH QC QD KS", "KH KC KD QS", "QH AC AD TS")
    assert st.result() == result("H", 3, [5, 0, 0, 0], [2, 0])  # euchred: the defenders score 2


def test_alone_in_order_a_lone_partner_becomes_the_maker_and_a_lone_defender_leads() -> None:
    st = deal(rules(NAME), 3, LONERS, "9H")
    act(st, "order", "discard 9S")  # seat 0 orders hearts
    act(st, "together")
    assert st.turn == 2  # the maker's partner next
    act(st, "alone")
    assert st.maker == 2 and st.out == [True, False, False, False]  # the lone partner is the maker
    assert st.turn == 1  # then the defenders from the first maker's left
    act(st, "alone")
    assert st.out == [True, False, False, True] and st.alone == [2, 1]
    assert st.phase == st.rules.play_phase and st.turn == 1  # both alone: the lone defender leads
    # Seat 1's Benny and clubs against seat 2's diamonds: the lone defender takes all five.
    act(st, "JK 9D", "KC TD", "QC QD", "TC KD", "9C AD")
    assert st.result() == result("H", 2, [0, 5, 0, 0], [0, 4], alone=[1, 2], out=[0, 3])


def test_at_most_one_loner_a_side_and_a_lone_defenders_left_leads() -> None:
    st = deal(rules(NAME), 3, LONERS, "9H")
    act(st, "order", "discard 9S", "together", "together")  # the makers play together
    act(st, "together", "alone")  # seat 1 together, seat 3 alone: seat 1 sits out
    assert st.out == [False, True, False, False] and st.turn == 0  # one alone: the seat at his left leads
    st = deal(rules(NAME), 3, LONERS, "9H")
    act(st, "order", "discard 9S", "alone")  # the maker alone: his partner is not asked
    assert st.turn == 1
    act(st, "alone")  # the first defender alone: his partner is not asked either
    assert st.phase == st.rules.play_phase and st.alone == [0, 1]
    refuse(st, "alone")


def test_game_11() -> None:
    st = deal(rules(NAME), 3, PLAIN, "TH", scores=[10, 9])
    act(st, "order", "discard 9H", "together", "together", "together", "together")
    act(st, "JH QH 9D TH", "JD TC TD AS", "AH QC QD KS", "KH KC KD QS", "9C AC AD TS")
    assert st.result()["scores"] == [11, 9] and st.result()["winners"] == [0]


def test_sampled_worlds_after_a_turned_benny() -> None:
    st = deal(rules(NAME), 3, BENNY_UP, "JK")
    act(st, "call S", "discard 9S", "alone", "together", "together", "AH")
    rng = random.Random(1)
    benny = st.rules.deck.parse("JK")
    kept = 0
    for _ in range(30):
        world = WorldSampler(st, 0).sample(rng)  # the dealer's discard is hidden from seat 0
        assert world.hands[0] == st.hands[0] and world.upcard_taken and world.maker == 3
        assert benny in world.hands[3] or world.discarded == benny  # he took it: kept or laid it away
        kept += benny in world.hands[3]
    assert kept > 0


def test_explain_reads_like_the_rules() -> None:
    text = " ".join(explain_text(NAME).split())
    assert "if the upcard is the joker, before anyone bids the dealer names trump (any suit)" in text
    assert "the maker, then the maker's partner, then each defender from the maker's left may go alone" in text
    assert "If a defender is alone and the makers take fewer than 3 tricks: the defenders score 4" in text
    assert "If a side has 11 points or more, that side wins the match." in text


def test_verify_and_a_full_match() -> None:
    assert verify(NAME, hands=400, seed=5).ok
    m = full_match(NAME)
    assert all(m.scores[w] >= 11 for w in m.winners)
