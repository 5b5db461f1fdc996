"""racehorse (FAMILY.md): bid euchre, plus a blind exchange of one card between the high bidder
and his partner. Every rule worked by hand; the exchange's secrecy checked on observations and
the search bots' sampled worlds."""

from __future__ import annotations

import random

from familyplay import full_match
from handplay import act, deal, held, legal, refuse, result, rules
from hypothesis import HealthCheck, given, settings
from hypothesis.strategies import integers as st_int

from interpreter.explain import explain_text
from interpreter.observe import HIDDEN_GIVE
from interpreter.records import replay_record
from interpreter.verify import verify
from interpreter.worlds import WorldSampler

# bid-euchre's hand A (tests/test_bid_euchre.py), dealer 3: s0 bids 3, s1 4, s2 passes, the dealer
# matches 4 and takes it; he names spades. Then the exchange: s3 gives 9D, his partner s1 gives TS.
HAND_A = ["9S AH AD 9C TC QC", "TS KC AC TD JD TH", "QS QD KD JH QH KH", "JS JC AS KS 9H 9D"]
AUCTION_A = ["bid 3", "bid 4", "pass", "bid 4", "call S"]
# Spades: JS > JC > AS > KS > QS > TS > 9S. With TS the bidder holds six spades and loses only the 9H.
#   T1 s3 JS  s0 9S  s1 TD  s2 QS  -> s3     T4 s3 KS  s0 QC  s1 9D  s2 JH  -> s3
#   T2 s3 JC  s0 9C  s1 KC  s2 QD  -> s3     T5 s3 TS  s0 AH  s1 TH  s2 QH  -> s3
#   T3 s3 AS  s0 TC  s1 AC  s2 KD  -> s3     T6 s3 9H  s0 AD  s1 JD  s2 KH  -> s2
PLAY_A = ["JS 9S TD QS", "JC 9C KC QD", "AS TC AC KD", "KS QC 9D JH", "TS AH TH QH", "9H AD JD KH"]


def test_bid_euchre_auction_and_naming_unchanged() -> None:
    st = deal(rules("racehorse"), 3, HAND_A)
    assert all(len(held(st, s)) == 6 for s in range(4)) and st.upcard < 0
    assert legal(st) == ["pass", "bid 3", "bid 4", "bid 5", "bid 6"]
    act(st, "bid 3", "bid 4", "pass")
    assert legal(st) == ["pass", "bid 4", "bid 5", "bid 6"]  # the dealer may match
    act(st, "bid 4")
    assert st.maker == 3 and legal(st) == ["call C", "call D", "call H", "call S", "call high", "call low"]
    st = deal(rules("racehorse"), 3, HAND_A)
    act(st, "pass", "pass", "pass")
    assert "pass" not in legal(st)  # the dealer must bid when the others passed


def test_the_bidder_gives_first_and_his_partner_chooses_blind() -> None:
    st = deal(rules("racehorse"), 3, HAND_A)
    act(st, *AUCTION_A)
    assert st.turn == 3 and legal(st) == [f"give {c}" for c in ["JS", "JC", "AS", "KS", "9H", "9D"]]
    act(st, "give 9D")
    # the partner has not got it yet: he chooses among his own six cards
    assert st.turn == 1 and held(st, 1) == sorted(["TS", "KC", "AC", "TD", "JD", "TH"]) and len(held(st, 3)) == 5
    refuse(st, "give 9D")
    assert st.observation(1)["history"][-1] == (3, "give")
    act(st, "give TS")
    assert held(st, 1) == sorted(["KC", "AC", "TD", "JD", "TH", "9D"]) and held(st, 3) == sorted(
        ["JS", "JC", "AS", "KS", "9H", "TS"]
    )
    assert st.observation(1)["history"][-2:] == [(3, "give 9D"), (1, "give TS")]
    for seat in (0, 2):  # the defenders see that cards were passed, not which
        assert st.observation(seat)["history"][-2:] == [(3, "give"), (1, "give")]
        assert [a for _, a in st.observation_ints(seat).history[-2:]] == [HIDDEN_GIVE, HIDDEN_GIVE]
    assert st.out == [False] * 4 and st.turn == 3  # nobody sits out; the high bidder leads


def test_the_exchange_changes_the_score() -> None:
    st = deal(rules("racehorse"), 3, HAND_A)
    act(st, *AUCTION_A, "give 9D", "give TS", *PLAY_A)
    assert st.result() == result("S", 3, [0, 0, 1, 5], [1, 5], contract=4)
    # bid-euchre's same auction without the exchange: the bidders take 4, the others 2
    plain = ["JS 9S TS QS", "JC 9C KC QD", "AS TC AC KD", "KS QC TD JH", "9H AH TH QH", "AD JD KH 9D"]
    st = deal(rules("bid-euchre"), 3, HAND_A)
    act(st, *AUCTION_A, *plain)
    assert st.result() == result("S", 3, [2, 0, 0, 4], [2, 4], contract=4)


def test_set_bidders_lose_the_bid_and_32_wins_only_by_making_or_setting() -> None:
    # s0 bids 6 in hearts and gets QH for his 9S; s2's JH and the spade, diamond and heart kings beat him.
    st = deal(rules("racehorse"), 3, HAND_A, scores=[30, 31])
    act(st, "bid 6", "pass", "pass", "pass", "call H", "give 9S", "give QH")
    act(st, "AH JD JH 9H", "QS JS AD TS", "QD 9D 9C TD", "KD JC TC KC", "KH AS QH TH", "9S KS QC AC")
    # the bidders took 5 of 6: set, they lose 6; the defenders score their trick, reach 32 and win
    assert st.result() == result("H", 0, [0, 0, 5, 1], [-6, 1], [24, 32], contract=6, winners=[1])
    # defenders reaching 32 against a made bid do not win (hand A: side 0 takes 1 trick against 4)
    st = deal(rules("racehorse"), 3, HAND_A, scores=[31, 0])
    act(st, *AUCTION_A, "give 9D", "give TS", *PLAY_A)
    assert st.result()["scores"] == [32, 5] and st.result()["winners"] == []


def test_the_rule_bot_plays_a_full_match_and_its_records_replay() -> None:
    m = full_match("racehorse")
    assert all(m.scores[w] >= 32 for w in m.winners)
    gives = [a for h in m.hands for a in h.record["actions"] if a.startswith("give ")]
    assert gives  # the exchange happened, and the records carry it


def test_sampled_worlds_respect_the_blind_card() -> None:
    st = deal(rules("racehorse"), 3, HAND_A)
    act(st, *AUCTION_A, "give 9D")
    rng = random.Random(3)
    codec = st.rules.codec
    nine = codec.parse("9D")
    for _ in range(30):
        mine = WorldSampler(st, 3).sample(rng)  # the giver knows his card is in transit
        assert mine.pending == nine and mine.hands[3] == st.hands[3]
        partner = WorldSampler(st, 1).sample(rng)  # the partner has not seen it
        assert partner.pending >= 0 and partner.hands[1] == st.hands[1]
        assert partner.pending not in partner.hands[1] and len(partner.hands[3]) == 5
    act(st, "give TS")
    for _ in range(30):
        defender = WorldSampler(st, 0).sample(rng)
        assert defender.hands[0] == st.hands[0] and defender.pending == -1
        assert [len(h) for h in defender.hands] == [6, 6, 6, 6]


def test_explain_and_verify() -> None:
    text = " ".join(explain_text("racehorse").split())
    assert (
        "the maker passes his partner one card face down; and his partner passes one card to the maker, "
        "choosing it before he sees the card he gets"
    ) in text
    assert "The maker leads the first trick." in text
    assert verify("racehorse", hands=300, seed=4).ok


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st_int(min_value=0, max_value=10**9))
def test_random_hands_swap_one_card_each_way(seed: int) -> None:
    """Any deal: after trump the bidder and his partner each hand over the card they chose; 6 cards each."""
    r = rules("racehorse")
    rng = random.Random(seed)
    st = r.deal(rng, dealer=seed % 4)
    codec = r.codec
    while st.maker < 0 or st.contract < 0:
        st.apply(rng.choice(st.legal_actions()))
    bidder, partner = st.maker, (st.maker + 2) % 4
    before = {s: set(st.hands[s]) for s in (bidder, partner)}
    first = rng.choice(st.legal_actions())
    st.apply(first)
    second = rng.choice(st.legal_actions())
    assert second - codec.GIVE in before[partner]
    st.apply(second)
    a, b = first - codec.GIVE, second - codec.GIVE
    assert set(st.hands[bidder]) == before[bidder] - {a} | {b}
    assert set(st.hands[partner]) == before[partner] - {b} | {a}
    while not st.is_over:
        st.apply(rng.choice(st.legal_actions()))
    rec = {
        "variant": "racehorse",
        "dealer": st.dealer,
        "hands": [[codec.to_str(c) for c in h] for h in st.dealt],
        "actions": [codec.to_str(x) for _, x in st.history],
    }
    assert replay_record(rec).result == st.result()
