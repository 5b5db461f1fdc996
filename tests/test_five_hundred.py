"""five-hundred (FAMILY.md, Australian rules): every rule of the section worked by hand.

Dealer 3 in every hand here, so seat 0 bids first. The kitty is the three cards
nobody was dealt (JS QS KS in the hands below).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from familyplay import full_match
from handplay import act, deal, held, legal, refuse, result, rules
from hypothesis import given, settings
from hypothesis.strategies import floats as st_float
from hypothesis.strategies import integers as st_int

from interpreter.agents import RuleBot
from interpreter.engine import State
from interpreter.explain import explain_text
from interpreter.records import replay_record

RECORDS = sorted((Path(__file__).resolve().parent / "records" / "five-hundred").glob("*.json"))

# Seat 0 holds the top of every suit and the joker; seat 1 the bottom of the red suits;
# seat 2 the middle; seat 3 the clubs and the low spades. The kitty: JS QS KS.
TOP = [
    "JK AH KH QH AD KD QD AC KC AS",
    "4H 5H 6H 7H 4D 5D 6D 7D 5C 6C",
    "8H 9H TH JH 8D 9D TD JD 7C 8C",
    "9C TC JC QC 5S 6S 7S 8S 9S TS",
]
# The same, but the joker is with seat 1 (who gives seat 0 his 4H).
JOKER_WITH_1 = [
    "4H AH KH QH AD KD QD AC KC AS",
    "JK 5H 6H 7H 4D 5D 6D 7D 5C 6C",
    TOP[2],
    TOP[3],
]

AVONDALE = [
    "6S", "6C", "6D", "6H", "6NT", "7S", "7C", "7D", "7H", "7NT", "8S", "misere",
    "8C", "8D", "8H", "8NT", "9S", "9C", "9D", "9H", "9NT", "10S", "10C", "10D", "10H", "10NT",
]  # fmt: skip


def first_legal_to_the_end(st: State) -> State:
    """Everybody plays his first legal card (hand order) until the hand is over."""
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    return st


def won_by(st: State, bid: str, bidder: int = 0) -> State:
    """Seats from the dealer's left pass except `bidder`, who bids `bid`; the others then pass."""
    for seat in range(4):
        act(st, f"bid {bid}" if seat == bidder else "pass")
    assert st.maker == bidder
    return st


def exchange_back(st: State) -> State:
    """The contractor takes the kitty (JS QS KS here) and lays the same three cards away."""
    act(st, "exchange", "discard JS", "discard QS", "discard KS")
    return st


# ------------------------------------------------------------------ the cards
def test_43_cards_red_suits_to_4_black_to_5_one_joker_dealt_3_4_3_and_a_kitty_of_3() -> None:
    r = rules("five-hundred")
    names = r.deck.names()
    assert r.deck.size == 43 and "JK" in names and "4H" in names and "4D" in names
    assert "4C" not in names and "4S" not in names and r.deck.parse("4C") is None
    assert r.packets == ((3, 3, 3, 3), (4, 4, 4, 4), (3, 3, 3, 3))
    st = r.deal(random.Random(7), dealer=3)
    dealt = [c for h in st.hands for c in h]
    assert [len(h) for h in st.hands] == [10] * 4 and len(set(dealt)) == 40  # three left: the kitty


def test_trump_joker_right_left_then_a_k_q_and_down_to_4_in_a_red_suit() -> None:
    r = rules("five-hundred")
    hearts = r.contracts[r.codec.parse("call H") - r.codec.CALL]
    order = sorted((c for c in range(r.deck.size) if hearts.follow[c] == hearts.trump), key=lambda c: -hearts.power[c])
    assert [r.codec.to_str(c) for c in order] == [
        "JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H", "6H", "5H", "4H",
    ]  # fmt: skip
    spades = r.contracts[r.codec.parse("call S") - r.codec.CALL]
    trumps = [c for c in range(r.deck.size) if spades.follow[c] == spades.trump]
    assert len(trumps) == 12  # JK, JS, JC and nine more: spades go down to 5
    clubs_plain = sorted((c for c in range(r.deck.size) if spades.follow[c] == 0), key=lambda c: -spades.power[c])
    assert [r.codec.to_str(c) for c in clubs_plain] == ["AC", "KC", "QC", "TC", "9C", "8C", "7C", "6C", "5C"]


# ------------------------------------------------------------------ the auction
def test_bids_rank_by_the_avondale_value_with_misere_between_8s_and_8c() -> None:
    st = deal(rules("five-hundred"), 3, TOP)
    assert legal(st) == ["pass"] + [f"bid {b}" for b in AVONDALE]
    act(st, "bid 7H")  # 200: the next must be worth more
    assert legal(st) == ["pass"] + [f"bid {b}" for b in AVONDALE[AVONDALE.index("7NT") :]]
    refuse(st, "bid 7D")
    refuse(st, "bid 7H")
    act(st, "bid 8S")  # 240
    assert legal(st)[1:3] == ["bid misere", "bid 8C"]
    act(st, "bid misere")  # 250 beats 8S
    assert legal(st)[1] == "bid 8C"


def test_a_passer_is_out_and_the_auction_ends_when_the_three_others_passed_after_a_bid() -> None:
    st = deal(rules("five-hundred"), 3, TOP)
    act(st, "bid 6S", "pass", "bid 6C", "pass")
    assert st.current_player == 0  # seat 1 and seat 3 passed: they are out
    act(st, "bid 6D")
    assert st.current_player == 2  # seat 1 is skipped
    act(st, "bid 7S")
    assert st.current_player == 0
    act(st, "pass")  # seats 1, 3 and 0 have passed after seat 2's bid
    assert st.maker == 2 and st.bid == 7 and st.fixed_by == "auction"
    assert st.rules.contracts[st.contract].name == "S"  # the bid's denomination is trump
    assert legal(st) == ["exchange"]  # the contractor takes the kitty


def test_the_last_player_may_still_bid_after_three_passes() -> None:
    st = deal(rules("five-hundred"), 3, TOP)
    act(st, "pass", "pass", "pass")
    assert st.current_player == 3 and "bid 6S" in legal(st)
    act(st, "bid 6NT")
    assert st.maker == 3 and st.rules.contracts[st.contract].name == "NT"


def test_all_four_pass_the_next_dealer_deals() -> None:
    st = deal(rules("five-hundred"), 3, TOP)
    act(st, "pass", "pass", "pass", "pass")
    assert st.result()["status"] == "redeal" and st.result()["delta"] == [0, 0]


def test_record_words_bid_7h_bid_6nt_bid_misere_and_the_suit_symbol() -> None:
    codec = rules("five-hundred").codec
    for word in ("bid 7H", "bid 6NT", "bid misere", "bid 10NT", "pass"):
        action = codec.parse(word)
        assert action is not None and codec.to_str(action) == word
    assert codec.parse("bid 7♥") == codec.parse("bid 7h") == codec.parse("bid 7H")
    assert codec.parse("bid 11H") is None and codec.parse("bid 5S") is None


# ------------------------------------------------------------------ kitty and lead
def test_the_contractor_takes_the_kitty_discards_3_and_leads() -> None:
    st = won_by(deal(rules("five-hundred"), 3, TOP), "7NT", bidder=2)
    act(st, "exchange")
    assert len(held(st, 2)) == 13 and {"JS", "QS", "KS"} <= set(held(st, 2))
    act(st, "discard 7C", "discard 8C")
    assert st.current_player == 2 and not st.playing  # a third discard is owed
    act(st, "discard 8D")
    assert st.playing and st.current_player == 2 and len(held(st, 2)) == 10


# ------------------------------------------------------------------ the joker at no-trump
def test_at_no_trump_the_joker_may_be_played_only_when_its_holder_cannot_follow_and_wins() -> None:
    st = exchange_back(won_by(deal(rules("five-hundred"), 3, JOKER_WITH_1), "6NT"))
    act(st, "AH")
    assert legal(st) == ["5H", "6H", "7H"]  # seat 1 holds hearts: not the joker
    refuse(st, "JK")
    act(st, "5H", "8H", "9C")
    act(st, "AS")  # nobody else holds a spade any more
    assert "JK" in legal(st) and len(legal(st)) == 9  # void in spades: any card, the joker too
    act(st, "JK", "TH", "5S")
    assert st.trick_winners == [0, 1]  # the joker wins, the only trump


def test_at_no_trump_a_led_joker_wins_and_the_others_play_any_card() -> None:
    st = exchange_back(won_by(deal(rules("five-hundred"), 3, TOP), "6NT"))
    act(st, "JK")
    for seat in (1, 2, 3):
        assert st.current_player == seat and len(legal(st)) == 10  # any card: nobody can follow the joker
        st.apply(st.legal_actions()[-1])
    assert st.trick_winners == [0]


def test_in_a_suit_contract_the_joker_is_the_top_trump_and_follows_trump() -> None:
    st = exchange_back(won_by(deal(rules("five-hundred"), 3, JOKER_WITH_1), "6H"))
    act(st, "KH")
    assert "JK" in legal(st)  # the joker is a heart here: seat 1 may follow with it
    act(st, "JK", "JH", "9C")
    assert st.trick_winners == [1]


# ------------------------------------------------------------------ misère
def test_misere_partner_sits_out_played_at_no_trump_made_with_no_trick() -> None:
    st = won_by(deal(rules("five-hundred"), 3, TOP), "misere", bidder=1)
    assert st.out == [False, False, False, True] and st.alone == [1]
    assert st.rules.contracts[st.contract].name == "NT" and st.bid == 0
    act(st, "exchange", "discard JS", "discard QS", "discard KS")
    assert st.current_player == 1  # the contractor leads
    first_legal_to_the_end(st)
    assert st.tricks[1] == 0 and sum(st.tricks) == 10
    # made: the contract's 250; the opponents score nothing in misère
    assert st.result() == result("NT", 1, st.tricks, [0, 250], alone=[1], out=[3])


def test_misere_failed_loses_250_and_the_opponents_still_score_nothing() -> None:
    st = exchange_back(won_by(deal(rules("five-hundred"), 3, TOP), "misere", bidder=0))
    first_legal_to_the_end(st)
    assert st.tricks[0] > 0 and st.tricks[2] == 0  # seat 2 sat out
    assert st.result() == result("NT", 0, st.tricks, [-250, 0], alone=[0], out=[2])


# ------------------------------------------------------------------ scoring
def test_all_ten_tricks_on_a_bid_worth_less_than_250_score_250() -> None:
    st = first_legal_to_the_end(exchange_back(won_by(deal(rules("five-hundred"), 3, TOP), "6NT")))
    assert st.tricks == [10, 0, 0, 0]
    assert st.result() == result("NT", 0, [10, 0, 0, 0], [250, 0], contract=6)


def test_all_ten_tricks_on_a_bid_worth_250_or_more_score_the_bid() -> None:
    st = first_legal_to_the_end(exchange_back(won_by(deal(rules("five-hundred"), 3, TOP), "10NT")))
    assert st.result() == result("NT", 0, [10, 0, 0, 0], [520, 0], contract=10, winners=[0])  # and 500


def test_made_scores_the_value_and_the_opponents_10_a_trick() -> None:
    st = won_by(deal(rules("five-hundred"), 3, TOP), "7S")
    act(st, "exchange", "discard QH", "discard QD", "discard KC")  # keeps JS QS KS: seven trumps with JK, AS
    first_legal_to_the_end(st)
    assert st.tricks == [8, 0, 0, 2]  # seat 3 trumps KD and AC with small spades
    assert st.result() == result("S", 0, [8, 0, 0, 2], [140, 20], contract=7)  # 7S is worth 140


def test_failed_loses_the_value_and_the_opponents_score_their_tricks() -> None:
    st = first_legal_to_the_end(exchange_back(won_by(deal(rules("five-hundred"), 3, TOP), "10S", bidder=1)))
    opponents = st.tricks[0] + st.tricks[2]
    assert st.tricks[1] + st.tricks[3] < 10 and opponents > 0
    assert st.result()["delta"] == [10 * opponents, -440]


def test_the_opponents_tricks_never_take_them_past_490() -> None:
    st = deal(rules("five-hundred"), 3, TOP, scores=[470, 0])
    first_legal_to_the_end(exchange_back(won_by(st, "10S", bidder=1)))
    assert st.tricks[0] + st.tricks[2] >= 3  # worth 30 or more: only 20 fit under 490
    res = st.result()
    assert res["delta"] == [20, -440] and res["scores"] == [490, -440] and res["winners"] == []
    st = deal(rules("five-hundred"), 3, TOP, scores=[490, 0])
    first_legal_to_the_end(exchange_back(won_by(st, "10S", bidder=1)))
    assert st.result()["delta"] == [0, -440]  # already at 490: the tricks score nothing


def test_a_side_reaching_500_by_its_own_contract_wins() -> None:
    st = deal(rules("five-hundred"), 3, TOP, scores=[300, 480])
    first_legal_to_the_end(exchange_back(won_by(st, "6NT")))
    res = st.result()
    assert res["scores"] == [550, 480] and res["winners"] == [0]


def test_a_side_at_minus_500_or_below_loses_and_the_other_wins() -> None:
    st = deal(rules("five-hundred"), 3, TOP, scores=[-100, -60])
    first_legal_to_the_end(exchange_back(won_by(st, "10S", bidder=1)))
    res = st.result()
    assert res["scores"][1] == -500 and res["winners"] == [0]
    st = deal(rules("five-hundred"), 3, TOP, scores=[-100, -50])
    first_legal_to_the_end(exchange_back(won_by(st, "10S", bidder=1)))
    assert st.result()["scores"][1] == -490 and st.result()["winners"] == []


# ------------------------------------------------------------------ tools
def test_explain_reads_like_family_md() -> None:
    out = " ".join(explain_text("five-hundred").split())
    for sentence in [
        "43 cards: 5, 6, 7, 8, 9, 10, J, Q, K, A in clubs and spades; 4, 5, 6, 7, 8, 9, 10, J, Q, K, A in "
        "diamonds and hearts, and one joker.",
        "the joker is the only trump: its holder may play it only when he cannot follow suit, and it wins the "
        "trick; led, it wins and the others play any card",
        "worth by the table 6S 40, 6C 60, 6D 80, 6H 100, 6NT 120, and 100 more for each trick above 6",
        "a player may instead bid misere, worth 250",
        "the bidder playing alone (his partner sits out)",
        "a player who passes is out of the auction; it ends when all the others have passed after a bid",
        "but these points never take a side past 490 points",
        "If a side has -500 points or fewer, that side loses the match and the other wins.",
    ]:
        assert sentence in out, sentence


def test_a_full_match_with_the_rule_bot_replays_every_hand() -> None:
    match = full_match("five-hundred")
    assert any(hand.result["status"] == "complete" for hand in match.hands)


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_hand_records_replay_to_their_expectation(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    expect = record.pop("expect")
    assert replay_record(record, path.parent).result == expect


def test_the_records_cover_every_scoring_row_and_both_match_ends() -> None:
    results = [json.loads(p.read_text(encoding="utf-8"))["expect"] for p in RECORDS]
    assert len(RECORDS) >= 8
    assert {r["trump"] for r in results} >= {"S", "NT", None}
    assert any(r["alone"] and r["delta"][r["maker"] % 2] == 250 for r in results)  # misère made
    assert any(r["alone"] and r["delta"][r["maker"] % 2] == -250 for r in results)  # misère failed
    assert any(r["scores"][0] == 490 for r in results)  # the cap
    assert any(r["winners"] and min(r["scores"]) <= -500 for r in results)  # the losing threshold


VALUE = {
    f"{n}{d}": base + 100 * (n - 6)
    for n in range(6, 11)
    for d, base in zip(["S", "C", "D", "H", "NT"], [40, 60, 80, 100, 120], strict=True)
}
VALUE["misere"] = 250


@settings(max_examples=60, deadline=None)
@given(seed=st_int(min_value=0, max_value=10**9), pass_rate=st_float(min_value=0.2, max_value=0.9))
def test_random_hands_follow_every_rule(seed: int, pass_rate: float) -> None:
    """Any deal and any bidding: a passer never bids again, each bid is worth more than the last,
    the auction ends when the others passed after a bid; at no-trump the joker is played only by a
    player who cannot follow, and wins; the score is the contract's value as FAMILY.md says."""
    r = rules("five-hundred")
    rng = random.Random(seed)
    st = r.deal(rng, dealer=seed % 4)
    words = r.codec.to_str
    joker = r.deck.parse("JK")
    passed: set[int] = set()
    last = 0
    bids: list[tuple[int, str]] = []
    while st.maker < 0 and not st.is_over:  # the auction
        seat = st.turn
        assert seat not in passed
        legal_now = st.legal_actions()
        action = r.codec.PASS if rng.random() < pass_rate else rng.choice(legal_now)
        word = words(action)
        if word == "pass":
            passed.add(seat)
        else:
            assert VALUE[word[4:]] > last
            last = VALUE[word[4:]]
            bids.append((seat, word[4:]))
        st.apply(action)
    if not bids:
        assert len(passed) == 4 and st.result()["status"] == "redeal"
        return
    maker, bid = bids[-1]
    assert st.maker == maker and passed == set(range(4)) - {maker}
    assert r.contracts[st.contract].name == ("NT" if bid == "misere" else bid.lstrip("0123456789"))
    assert st.out == [bid == "misere" and seat == (maker + 2) % 4 for seat in range(4)]
    while not st.playing:  # the kitty: take it, lay three away
        st.apply(rng.choice(st.legal_actions()))
    assert len(st.hands[maker]) == 10 and st.turn == maker
    no_trump = r.contracts[st.contract].trump < 0
    joker_trick = -1  # (at no-trump) the trick the joker fell in, and who played it
    joker_seat = -1
    while not st.is_over:
        seat, hand = st.turn, list(st.hands[st.turn])
        card = rng.choice(st.legal_actions())
        led = st.led
        if no_trump and card == joker:
            assert led < 0 or not any(r.deck.suit_of(c) == led for c in hand)  # only when he cannot follow
            joker_trick, joker_seat = len(st.trick_winners), seat
        st.apply(card)
    if joker_trick >= 0:
        assert st.trick_winners[joker_trick] == joker_seat  # and it wins the trick
    res = st.result()
    side = maker % 2
    made_tricks = res["tricks"][side] + res["tricks"][side + 2]
    other = 10 - made_tricks
    value = VALUE[bid]
    expected = [0, 0]
    if bid == "misere":
        expected[side] = value if made_tricks == 0 else -value
    else:
        made = made_tricks >= int(bid.rstrip("SCDHNT"))
        expected[side] = (250 if made_tricks == 10 and value < 250 else value) if made else -value
        expected[1 - side] = 10 * other  # from 0: the cap of 490 is far
    assert res["delta"] == expected


def test_the_rule_bot_bids_the_denomination_its_hand_is_strong_in_and_passes_a_weak_hand() -> None:
    r = rules("five-hundred")
    bot = RuleBot()
    hands = ["JH JD AH KH QH TH 9H AC KC AS", TOP[1], "8H JK AD KD 8D 9D TD QD 7C 8C", TOP[3]]
    st = deal(r, 3, hands)
    first = r.codec.to_str(bot.act(st, 0))
    assert first.startswith("bid ") and first.endswith("H")  # seven hearts with both bowers: hearts
    act(st, first)
    assert r.codec.to_str(bot.act(st, 1)) == "pass"  # the bottom of the red suits: no bid
