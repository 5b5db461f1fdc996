"""hasenpfeffer (FAMILY.md): the joker, the widow and the forced bid, each rule worked by hand."""

from __future__ import annotations

import random

import pytest
from familyplay import full_match
from handplay import act, deal, held, legal, refuse, result, rules
from hypothesis import HealthCheck, given, settings
from hypothesis.strategies import booleans as st_bool
from hypothesis.strategies import integers as st_int

from interpreter.errors import SpecError
from interpreter.explain import explain_text
from interpreter.variants import load_rules

# Dealer 3, so seat 0 bids first. The widow is the card nobody was dealt (9H here).
STRONG = ["JK JH JD AH KH QH", "9C TC JC QC KC AC", "9D TD QD KD AD TH", "9S TS JS QS KS AS"]
# The joker is with seat 1, who has nothing else; the widow is JD.
FORCED = ["AC KC QC AH KH QH", "JK 9C TC 9D TD 9H", "JC JS AD KD QD TH", "AS KS QS TS 9S JH"]


def test_deck_deal_and_widow() -> None:
    r = rules("hasenpfeffer")
    assert r.players == 4 and r.n_sides == 2 and r.deck.size == 25 and "JK" in r.deck.names()
    st = r.deal(random.Random(1), dealer=3)
    assert [len(h) for h in st.hands] == [6, 6, 6, 6] and st.upcard < 0  # 24 dealt: one card is the widow


def test_one_bid_each_higher_than_the_last() -> None:
    st = deal(rules("hasenpfeffer"), 3, STRONG)
    assert legal(st) == ["pass"] + [f"bid {n}" for n in range(1, 7)]
    act(st, "bid 2")
    assert legal(st) == ["pass", "bid 3", "bid 4", "bid 5", "bid 6"]
    refuse(st, "bid 2")
    act(st, "pass", "bid 4")
    assert st.current_player == 3 and legal(st) == ["pass", "bid 5", "bid 6"]  # the dealer outbids too
    act(st, "pass")
    assert st.maker == 2 and st.bid == 4 and legal(st) == ["call C", "call D", "call H", "call S"]


def test_high_bidder_takes_the_widow_discards_one_leads_and_scores_a_trick_each() -> None:
    st = deal(rules("hasenpfeffer"), 3, STRONG)
    act(st, "bid 6", "pass", "pass", "pass", "call H")
    assert legal(st) == ["exchange"]  # the widow is not optional
    refuse(st, "keep")
    act(st, "exchange")
    assert "9H" in held(st, 0) and len(held(st, 0)) == 7
    act(st, "discard 9H")
    assert st.current_player == 0  # the high bidder leads
    # The joker is the highest trump and belongs to hearts: seat 2 follows with TH.
    act(st, "JK 9C TH 9S", "JH TC 9D TS", "JD JC TD JS", "AH QC QD QS", "KH KC KD KS", "QH AC AD AS")
    assert st.result() == result("H", 0, [6, 0, 0, 0], [6, 0], contract=6)


def test_all_pass_the_joker_holder_must_bid_three_and_loses_it() -> None:
    st = deal(rules("hasenpfeffer"), 3, FORCED, scores=[4, 2])
    act(st, "pass", "pass", "pass", "pass")
    # Seat 1 holds the joker: the bid of 3 is his, whatever he holds.
    assert st.maker == 1 and st.bid == 3 and st.current_player == 1
    act(st, "call C", "exchange", "discard 9H")
    act(st, "JK JS 9S QC", "9C JC TS KC", "AD QS AH 9D", "KD KS KH TD", "QD AS QH JD", "TH JH AC TC")
    # The bidders took 1 trick of 3: they lose the bid; the opponents score nothing for their tricks.
    assert st.result() == result("C", 1, [1, 1, 4, 0], [0, -3], [4, -1], contract=3)


def test_all_pass_with_the_joker_in_the_widow_redeals() -> None:
    hands = [h.replace("JK", "9H") if "JK" in h else h.replace("9H", "JD") for h in FORCED]
    hands[1] = "9H 9C TC 9D TD JD"  # JK is now the undealt card
    st = deal(rules("hasenpfeffer"), 3, hands)
    act(st, "pass", "pass", "pass", "pass")
    assert st.result()["status"] == "redeal" and st.result()["delta"] == [0, 0]


def test_game_ten_higher_wins_tie_shares() -> None:
    st = deal(rules("hasenpfeffer"), 3, STRONG, scores=[5, 9])
    act(st, "bid 6", "pass", "pass", "pass", "call H", "exchange", "discard 9H")
    act(st, "JK 9C TH 9S", "JH TC 9D TS", "JD JC TD JS", "AH QC QD QS", "KH KC KD KS", "QH AC AD AS")
    assert st.result()["scores"] == [11, 9] and st.result()["winners"] == [0]


def test_explain_reads_like_the_rules() -> None:
    text = " ".join(explain_text("hasenpfeffer").split())
    assert "if all pass, the player holding the joker must bid 3" in text
    assert "the maker must take the kitty" in text


def _spec(tmp_path: object, auction: str, widow: str = "{who: maker, must: true}") -> str:
    from pathlib import Path

    path = Path(str(tmp_path)) / "h.yaml"
    text = Path("variants/hasenpfeffer.yaml").read_text(encoding="utf-8")
    text = text.replace("{id: auction, min: 1, max: 6, all_pass: {holder_of: JK, bid: 3}}", auction)
    text = text.replace("{id: widow, who: maker, must: true}", widow)
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("auction", "widow", "message"),
    [
        ("{min: 1, max: 6, all_pass: {holder_of: ZZ, bid: 3}}", "{who: maker, must: true}", "no card 'ZZ'"),
        ("{min: 1, max: 6, all_pass: {holder_of: JK, bid: 7}}", "{who: maker, must: true}", "forced bid 7"),
        ("{min: 1, max: 6, all_pass: {holder_of: JK, bid: 3}}", "{who: each, must: true}", "must"),
    ],
)
def test_misuse_is_a_located_error(tmp_path: object, auction: str, widow: str, message: str) -> None:
    with pytest.raises(SpecError) as err:
        load_rules(_spec(tmp_path, auction, widow))
    assert message in str(err.value) and "h.yaml:" in str(err.value)


def test_full_match() -> None:
    m = full_match("hasenpfeffer")
    assert all(m.scores[w] >= 10 for w in m.winners)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st_int(min_value=0, max_value=10**9), passes=st_bool())
def test_random_hands_follow_the_rules(seed: int, passes: bool) -> None:
    """Any deal: all pass gives the joker's holder a bid of 3 (redeal if the joker is the widow);
    the maker takes the widow and discards one; makers score their tricks or lose the bid, opponents 0."""
    r = rules("hasenpfeffer")
    rng = random.Random(seed)
    state = r.deal(rng, dealer=seed % 4)
    names = r.codec.to_str
    widow = sorted(set(range(r.deck.size)) - {c for h in state.hands for c in h})
    assert len(widow) == 1
    holder = next((s for s, h in enumerate(state.hands) if r.deck.parse("JK") in h), None)
    while not state.is_over and st_bid_phase(state):
        pass_ = r.codec.parse("pass")
        choice = pass_ if passes and pass_ in state.legal_actions() else rng.choice(state.legal_actions())
        state.apply(choice)
    if passes:
        if holder is None:
            assert state.result()["status"] == "redeal"
            return
        assert state.maker == holder and state.bid == 3
    maker = state.maker
    state.apply(rng.choice(state.legal_actions()))  # names trump
    assert [names(a) for a in state.legal_actions()] == ["exchange"]
    state.apply(state.legal_actions()[0])
    assert len(state.hands[maker]) == 7 and widow[0] in state.hands[maker]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    res = state.result()
    side = maker % 2
    taken = res["tricks"][side] + res["tricks"][side + 2]
    expected = [0, 0]
    expected[side] = taken if taken >= state.bid else -state.bid
    assert res["delta"] == expected and sum(res["tricks"]) == 6


def st_bid_phase(state: object) -> bool:
    """Still in the auction: some legal action is a bid or a pass."""
    from interpreter.engine import State

    assert isinstance(state, State)
    words = {state.rules.codec.to_str(a).split()[0] for a in state.legal_actions()}
    return bool(words & {"bid", "pass"})
