"""pepper (FAMILY.md): Iowa bid euchre, each rule worked by hand: the auction of 1 to 6 and pepper
above 6 (a named bid level, `bid pepper`), naming a suit or `high`, the high bidder's lead, the
score (1 a trick, -6 set, pepper +12/-12, opponents 1 a trick) and game 30."""

from __future__ import annotations

import random

from familyplay import full_match
from handplay import act, deal, legal, refuse, result, rules

from interpreter.explain import explain_text
from interpreter.verify import verify

NAME = "pepper"
# Dealer 3: seat 0 bids first. All 24 cards are dealt. Side 0 = seats 0 and 2.
HANDS = ["JH JD AH KH QH TH", "9C TC QC KC AC JC", "9D TD QD KD AD 9H", "9S TS QS KS AS JS"]
# Seat 0's six hearts take every trick.
HEARTS = ["JH 9C 9H 9S", "JD TC 9D TS", "AH QC TD QS", "KH KC QD KS", "QH AC KD AS", "TH JC AD JS"]
BIDS = ["pass", *[f"bid {n}" for n in range(1, 7)], "bid pepper"]


def test_deal_and_the_auction_with_pepper_above_six() -> None:
    r = rules(NAME)
    st = deal(r, 3, HANDS)
    assert r.deck.size == 24 and st.upcard < 0 and all(len(h) == 6 for h in st.hands)
    assert st.turn == 0 and legal(st) == BIDS  # one chance each from the dealer's left
    act(st, "bid 6")
    assert legal(st) == ["pass", "bid pepper"]  # pepper ranks above 6
    act(st, "bid pepper")
    assert legal(st) == ["pass"]
    refuse(st, "bid pepper")  # nothing is higher than pepper
    act(st, "pass", "pass")
    assert st.maker == 1 and st.bid == 6  # pepper is a bid of all six tricks
    assert legal(st) == ["call C", "call D", "call H", "call S", "call high"]  # a suit or no-trump


def test_all_pass_the_next_dealer_deals() -> None:
    st = deal(rules(NAME), 3, HANDS)
    act(st, "pass", "pass", "pass", "pass")
    assert st.result()["status"] == "redeal" and st.result()["delta"] == [0, 0]


def test_pepper_made_scores_12() -> None:
    st = deal(rules(NAME), 3, HANDS)
    act(st, "bid pepper", "pass", "pass", "pass", "call H")
    assert st.turn == 0 and st.out == [False] * 4  # the high bidder leads; played with the partner
    act(st, *HEARTS)
    assert st.result() == result("H", 0, [6, 0, 0, 0], [12, 0], contract=6)


def test_pepper_failed_loses_12_and_the_opponents_score_their_tricks() -> None:
    # Seat 1 peppers in diamonds, holding none: seat 0's bowers and seat 2's diamonds take everything.
    st = deal(rules(NAME), 3, HANDS)
    act(st, "pass", "bid pepper", "pass", "pass", "call D")
    assert st.turn == 1
    act(st, "AC 9D 9S JD", "JH 9C TD TS", "AH TC 9H QS", "KH QC QD KS", "KD AS QH KC", "AD JS TH JC")
    assert st.result() == result("D", 1, [3, 0, 3, 0], [6, -12], contract=6)


def test_a_bid_made_scores_1_a_trick_to_each_side() -> None:
    st = deal(rules(NAME), 3, HANDS, scores=[3, 4])
    act(st, "bid 4", "pass", "pass", "pass", "call H", *HEARTS)
    assert st.result() == result("H", 0, [6, 0, 0, 0], [6, 0], [9, 4], contract=4)


def test_a_set_bid_loses_6_and_the_opponents_score_their_tricks() -> None:
    # Seat 2 bids 3 and names clubs, holding none: seat 1's clubs and seat 3's left bower take all six.
    st = deal(rules(NAME), 3, HANDS)
    act(st, "pass", "pass", "bid 3", "pass", "call C")
    assert st.turn == 2
    act(st, "AD 9S JD 9C", "JC 9H JS TH", "AC 9D TS QH", "KC TD QS KH", "QC QD KS AH", "TC KD AS JH")
    assert st.result() == result("C", 2, [0, 6, 0, 0], [-6, 6], contract=3)


def test_no_trump_high_has_no_bowers() -> None:
    st = deal(rules(NAME), 3, HANDS)
    act(st, "bid 2", "pass", "pass", "pass", "call high")
    act(st, "JH")  # the jack of hearts is a plain heart: seat 1 may play any card, seat 2 must follow
    assert legal(st) == [f"{c}" for c in ["9C", "TC", "QC", "KC", "AC", "JC"]]
    act(st, "9C")
    assert legal(st) == ["9H"]


def test_game_30_the_highest_at_or_above_wins() -> None:
    st = deal(rules(NAME), 3, HANDS, scores=[40, 27])  # the set above: 34 and 33, both past 30
    act(st, "pass", "pass", "bid 3", "pass", "call C")
    act(st, "AD 9S JD 9C", "JC 9H JS TH", "AC 9D TS QH", "KC TD QS KH", "QC QD KS AH", "TC KD AS JH")
    assert st.result()["scores"] == [34, 33] and st.result()["winners"] == [0]
    st = deal(rules(NAME), 3, HANDS, scores=[20, 29])
    act(st, "bid pepper", "pass", "pass", "pass", "call H", *HEARTS)
    assert st.result()["scores"] == [32, 29] and st.result()["winners"] == [0]


def test_explain_reads_like_the_rules() -> None:
    text = " ".join(explain_text(NAME).split())
    assert "a number of tricks from 1 to 6" in text and "a player may instead bid pepper, worth 7, for 6 tricks" in text
    assert 'If the winning bid is "pepper" and the makers take 6 tricks: the makers score 12.' in text
    assert "that side wins the match; if several do, the one with the highest score wins" in text


def test_verify_and_a_full_match() -> None:
    assert verify(NAME, hands=400, seed=6).ok
    m = full_match(NAME)
    assert all(m.scores[w] >= 30 for w in m.winners)


def test_random_hands_score_by_the_table() -> None:
    r = rules(NAME)
    codec = r.codec
    for seed in range(60):
        rng = random.Random(seed)
        st = r.deal(rng, dealer=seed % 4)
        while not st.is_over:
            st.apply(rng.choice(st.legal_actions()))
        res = st.result()
        if res["status"] == "redeal":
            continue
        side = st.maker % 2
        made = res["tricks"][side] + res["tricks"][side + 2]
        pepper = codec.to_str(next(a for _, a in reversed(st.history) if codec.to_str(a).startswith("bid ")))
        delta = [res["tricks"][s] + res["tricks"][s + 2] for s in (0, 1)]
        if pepper == "bid pepper":
            delta[side] = 12 if made == 6 else -12
        elif made < st.bid:
            delta[side] = -6
        assert res["delta"] == delta, (seed, pepper, res)
