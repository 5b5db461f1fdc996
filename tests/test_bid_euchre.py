"""Bid Euchre, 6-card / Racehorse (RULES.md §4): hand-worked hands and random legal play.

Every hand below was worked out by hand, trick by trick (see the comments).
Seats 0..3 clockwise; side 0 = seats 0 and 2, side 1 = seats 1 and 3. All 24
cards are dealt, 6 each; there is no upcard.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from handplay import act, deal, held, legal, refuse, result
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.engine import State
from interpreter.rules import Rules
from interpreter.variants import load_rules

VARIANT = "bid-euchre"


@functools.cache
def rules() -> Rules:
    return load_rules(VARIANT)


# ---------------------------------------------------------------- auction
# Hand A, dealer 3. Auction: s0 bid 3, s1 bid 4, s2 pass, s3 (dealer) matches 4 and
# takes it; he calls spades and leads. Spades: JS > JC > AS > KS > QS > TS > 9S.
#   T1 s3 JS  s0 9S  s1 TS  s2 QS   -> s3
#   T2 s3 JC  s0 9C  s1 KC  s2 QD   -> s3 (JC is trump: nobody can follow it)
#   T3 s3 AS  s0 TC  s1 AC  s2 KD   -> s3
#   T4 s3 KS  s0 QC  s1 TD  s2 JH   -> s3
#   T5 s3 9H  s0 AH  s1 TH  s2 QH   -> s0
#   T6 s0 AD  s1 JD  s2 KH  s3 9D   -> s0 (JD is a plain diamond under spades)
# Side 1 (bidders) 4 of 4: made, +4; side 0 +2.
HAND_A = ["9S AH AD 9C TC QC", "TS KC AC TD JD TH", "QS QD KD JH QH KH", "JS JC AS KS 9H 9D"]
PLAY_A = ["JS 9S TS QS", "JC 9C KC QD", "AS TC AC KD", "KS QC TD JH", "9H AH TH QH", "AD JD KH 9D"]


def hand_a(scores_before: list[int] | None = None) -> State:
    return act(deal(rules(), 3, HAND_A, scores=scores_before), "bid 3", "bid 4", "pass", "bid 4", "call S", *PLAY_A)


def test_auction_order_and_strictly_rising_bids() -> None:
    state = deal(rules(), 3, HAND_A)
    assert all(len(held(state, s)) == 6 for s in range(4))
    assert state.current_player == 0  # the dealer's left bids first
    assert sorted(legal(state)) == ["bid 3", "bid 4", "bid 5", "bid 6", "pass"]
    refuse(state, "bid 2")
    assert rules().codec.parse("bid 7") is None  # not even a word of this game
    refuse(state, "order")
    act(state, "bid 3")
    assert state.current_player == 1
    refuse(state, "bid 3")  # must be higher
    assert sorted(legal(state)) == ["bid 4", "bid 5", "bid 6", "pass"]
    act(state, "bid 4")
    assert state.current_player == 2
    refuse(state, "bid 4")
    assert sorted(legal(state)) == ["bid 5", "bid 6", "pass"]
    act(state, "pass")
    assert state.current_player == 3  # the dealer bids last
    assert sorted(legal(state)) == ["bid 4", "bid 5", "bid 6", "pass"]  # matching the high bid is allowed
    refuse(state, "bid 3")


def test_dealer_matching_takes_the_contract_and_the_high_bidder_leads() -> None:
    state = act(deal(rules(), 3, HAND_A), "bid 3", "bid 4", "pass", "bid 4")
    assert state.current_player == 3  # the dealer now names trump
    assert sorted(legal(state)) == ["call C", "call D", "call H", "call S", "call high", "call low"]
    refuse(state, "pass")  # he must name it
    act(state, "call S")
    assert state.current_player == 3  # and he leads
    assert sorted(legal(state)) == held(state, 3)
    act(state, *PLAY_A)
    assert state.result() == result("S", 3, [2, 0, 0, 4], [2, 4], [2, 4], contract=4)


def test_a_bid_after_a_pass_still_counts_and_the_dealer_may_pass() -> None:
    # s0 passes, s1 bids 5, the others pass: s1 holds the contract.
    state = act(deal(rules(), 3, HAND_A), "pass", "bid 5", "pass")
    assert "pass" in legal(state)
    act(state, "pass")
    assert state.current_player == 1
    act(state, "call S")
    assert state.current_player == 1


def test_dealer_must_bid_when_the_others_passed() -> None:
    state = act(deal(rules(), 3, HAND_A), "pass", "pass", "pass")
    assert state.current_player == 3
    refuse(state, "pass")
    assert sorted(legal(state)) == ["bid 3", "bid 4", "bid 5", "bid 6"]
    act(state, "bid 3")
    assert state.current_player == 3


def test_bidders_reaching_32_by_making_their_bid_win() -> None:
    state = hand_a([29, 28])
    assert state.result() == result("S", 3, [2, 0, 0, 4], [2, 4], [31, 32], contract=4, winners=[1])


def test_defenders_reaching_32_against_a_made_bid_do_not_win() -> None:
    state = hand_a([30, 0])
    assert state.result() == result("S", 3, [2, 0, 0, 4], [2, 4], [32, 4], contract=4)


# ------------------------------------------------------------ call high
# Hand B, dealer 3. s0 bids 4, everybody else passes (the dealer may, as somebody
# bid); s0 calls high: no trump, A K Q J T 9 in every suit, every jack plain.
#   T1 s0 AC  s1 9C  s2 TC  s3 QC   -> s0
#   T2 s0 AD  s1 9D  s2 TD  s3 QD   -> s0
#   T3 s0 AS  s1 9S  s2 TS  s3 KS   -> s0
#   T4 s0 9H  s1 KH  s2 JD  s3 TH   -> s1 (JD would be the left bower under hearts)
#   T5 s1 AH  s2 JC  s3 JH  s0 QH   -> s1
#   T6 s1 KD  s2 JS  s3 KC  s0 QS   -> s1
# Side 0 took 3 of 4: set, loses 4; side 1 scores its 3 tricks.
HAND_B = ["AC AD AS 9H QH QS", "9C 9D 9S KH AH KD", "TC TD TS JD JC JS", "QC QD KS TH KC JH"]
PLAY_B = ["AC 9C TC QC", "AD 9D TD QD", "AS 9S TS KS", "9H KH JD TH", "AH JC JH QH", "KD JS KC QS"]


def hand_b(scores_before: list[int] | None = None) -> State:
    state = act(deal(rules(), 3, HAND_B, scores=scores_before), "bid 4", "pass", "pass", "pass", "call high")
    assert state.current_player == 0
    act(state, *PLAY_B[:3])
    assert state.tricks == [3, 0, 0, 0]
    act(state, PLAY_B[3])
    assert state.tricks == [3, 1, 0, 0]  # K♥ beats the J♦: no bowers
    return act(state, *PLAY_B[4:])


def test_call_high_and_a_set_bid_goes_negative() -> None:
    state = hand_b([1, 0])
    assert state.result() == result("high", 0, [3, 3, 0, 0], [-4, 3], [-3, 3], contract=4)


def test_defenders_reaching_32_by_setting_the_bidders_win() -> None:
    state = hand_b([0, 29])
    assert state.result() == result("high", 0, [3, 3, 0, 0], [-4, 3], [-4, 32], contract=4, winners=[1])


def test_set_bidders_above_32_do_not_win() -> None:
    state = hand_b([40, 0])
    assert state.result() == result("high", 0, [3, 3, 0, 0], [-4, 3], [36, 3], contract=4)


# ------------------------------------------------------------- call low
# Hand C, dealer 3. Everybody passes, so the dealer must bid: 3; he calls low
# (9 T J Q K A, 9 high) and leads.
#   T1 s3 9C  s0 AC  s1 KC  s2 TC   -> s3 (9 beats A)
#   T2 s3 9D  s0 TD  s1 AD  s2 KD   -> s3
#   T3 s3 KH  s0 AH  s1 9H  s2 QH   -> s1
#   T4 s1 9S  s2 AS  s3 KS  s0 TS   -> s1
#   T5 s1 QS  s2 JS  s3 JC  s0 QC   -> s2 (J beats Q)
#   T6 s2 TH  s3 JD  s0 QD  s1 JH   -> s2 (T beats J)
# Side 1 (bidders) 4 tricks, bid 3: made; side 0 scores 2.
HAND_C = ["AC TD AH TS QC QD", "KC AD 9H 9S QS JH", "TC KD QH AS JS TH", "9C 9D KH KS JC JD"]
PLAY_C = ["9C AC KC TC", "9D TD AD KD", "KH AH 9H QH", "9S AS KS TS", "QS JS JC QC", "TH JD QD JH"]


def test_call_low_nine_beats_ace() -> None:
    state = act(deal(rules(), 3, HAND_C), "pass", "pass", "pass", "bid 3", "call low")
    assert state.current_player == 3
    act(state, PLAY_C[0])
    assert state.tricks == [0, 0, 0, 1]
    act(state, *PLAY_C[1:])
    assert state.result() == result("low", 3, [0, 2, 2, 2], [2, 4], [2, 4], contract=3)


def test_defenders_tricks_never_win_against_a_made_bid_even_past_32() -> None:
    state = act(deal(rules(), 3, HAND_C, scores=[31, 10]), "pass", "pass", "pass", "bid 3", "call low", *PLAY_C)
    assert state.result() == result("low", 3, [0, 2, 2, 2], [2, 4], [33, 14], contract=3)


# ----------------------------------------------------- random legal play

SUITS = "CDHS"
COLOUR = {"C": "black", "S": "black", "D": "red", "H": "red"}
ORDERS = {"high": "9TJQKA", "low": "AKQJT9"}  # low to high, no trump
PLAIN_LOW_TO_HIGH = "9TJQKA"
TRUMP_LOW_TO_HIGH = "9TQKA"


def eff_suit(card: str, trump: str) -> str:
    rank, suit = card[0], card[1]
    if trump in SUITS and rank == "J" and suit != trump and COLOUR[suit] == COLOUR[trump]:
        return trump
    return suit


def power(card: str, trump: str, led: str) -> int:
    """How strong `card` is in a trick led in `led`: independent of the engine's tables."""
    rank, suit = card[0], card[1]
    if trump in SUITS and eff_suit(card, trump) == trump:
        if rank == "J":
            return 200 if suit == trump else 199
        return 100 + TRUMP_LOW_TO_HIGH.index(rank)
    if eff_suit(card, trump) != led:
        return -1
    return ORDERS.get(trump, PLAIN_LOW_TO_HIGH).index(rank)


def play_randomly(seed: int, scores_before: list[int], pass_rate: float) -> dict[str, Any]:
    """Random legal play, checking every step against an independent model of the hand."""
    r = rules()
    codec, deck = r.codec, r.deck
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    state = r.deal(rng, dealer, scores_before)
    name = codec.to_str
    everything = set(deck.names())
    assert all(len(h) == 6 for h in state.hands)
    assert {name(c) for h in state.hands for c in h} == everything  # all 24 dealt, no upcard
    high, maker, trump = 0, None, None
    bids_seen: list[int] = []
    played: list[str] = []
    trick: list[tuple[int, str]] = []
    tricks = [0] * 4
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps <= 4 + 1 + 24, "a hand must end within 29 actions"
        seat = state.current_player
        assert seat is not None
        actions = state.legal_actions()
        words = sorted(name(a) for a in actions)
        action = codec.PASS if codec.PASS in actions and rng.random() < pass_rate else rng.choice(actions)
        word = name(action)
        hand = sorted(name(c) for c in state.hands[seat])
        if len(bids_seen) < 4:
            # The auction: seats in turn from the dealer's left, each once.
            assert seat == (dealer + 1 + len(bids_seen)) % 4
            lowest = max(3, high + 1) if seat != dealer or high == 0 else high
            expect = [f"bid {b}" for b in range(lowest, 7)]
            if not (seat == dealer and high == 0):
                expect.append("pass")
            assert words == sorted(expect)
            bids_seen.append(seat)
            if word.startswith("bid"):
                high, maker = int(word.split()[1]), seat
        elif word.startswith("call"):
            assert seat == maker and len(bids_seen) == 4
            assert words == ["call C", "call D", "call H", "call S", "call high", "call low"]
            trump = word.split()[1]
        else:
            assert trump is not None, word
            if trick:
                led = eff_suit(trick[0][1], trump)
                follow = [c for c in hand if eff_suit(c, trump) == led]
                assert words == sorted(follow or hand)
                if follow:
                    assert eff_suit(word, trump) == led
            else:
                assert words == hand
                assert played or seat == maker  # the high bidder leads the first trick
            trick.append((seat, word))
            played.append(word)
            if len(trick) == 4:
                led = eff_suit(trick[0][1], trump)
                winner = max(trick, key=lambda sc: power(sc[1], trump, led))[0]
                tricks[winner] += 1
                trick = []
        state.apply(action)
        # Every card is in exactly one place: a hand or the table.
        places = sorted([name(c) for h in state.hands for c in h] + played)
        assert places == sorted(everything)
    assert len(played) == 24
    res = state.result()
    assert list(res) == [
        "status",
        "trump",
        "maker",
        "contract",
        "alone",
        "partner",
        "out",
        "tricks",
        "delta",
        "scores",
        "winners",
    ]
    assert res["status"] == "complete"
    assert (res["trump"], res["maker"], res["contract"]) == (trump, maker, high)
    assert res["alone"] == [] and res["partner"] is None and res["out"] == []
    assert res["tricks"] == tricks
    return res


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    scores_before=st.lists(st.integers(min_value=-20, max_value=40), min_size=2, max_size=2),
    pass_rate=st.sampled_from([0.0, 0.5, 0.9, 1.0]),
)
def test_random_hands_follow_the_rules(seed: int, scores_before: list[int], pass_rate: float) -> None:
    res = play_randomly(seed, scores_before, pass_rate)
    side_tricks = [res["tricks"][0] + res["tricks"][2], res["tricks"][1] + res["tricks"][3]]
    bidders, contract = res["maker"] % 2, res["contract"]
    made = side_tricks[bidders] >= contract
    delta = list(side_tricks)
    if not made:
        delta[bidders] = -contract
    assert res["delta"] == delta
    scores = [b + d for b, d in zip(scores_before, delta, strict=True)]
    assert res["scores"] == scores
    # Only the side that made its bid, or set the bidders, can reach 32 and win.
    may_win = bidders if made else 1 - bidders
    assert res["winners"] == ([may_win] if scores[may_win] >= 32 else [])


@pytest.mark.parametrize("seed", range(3))
def test_start_scores_are_zero(seed: int) -> None:
    r = rules()
    rng = random.Random(seed)
    state = r.deal(rng, seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    res = state.result()
    assert res["scores"] == res["delta"]
    assert sum(res["tricks"]) == 6
