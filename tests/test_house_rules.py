"""Hand-worked hands for the house rules (variants/house/*.yaml, docs/house-rules.md).

Every rule has a hand record whose result under the rule differs from plain
`euchre` exactly as the rule says; both results are asserted whole. Where the
rule changes what may be done (a forced call, a new question, new cards), the
record is illegal or rejected under plain euchre, and that message is asserted.
Comments name who wins the tricks that matter, and why.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from handplay import act, deal, is_legal, legal, result, rules
from test_euchre import EXAMPLE_HANDS, EXAMPLE_PLAY, THREE_HANDS, THREE_PLAY, TOP_HANDS, TOP_PLAY

from interpreter.cli import main
from interpreter.errors import RecordError
from interpreter.records import Replay, replay_record
from interpreter.variants import bundled_names, load_rules

ROOT = Path(__file__).resolve().parent.parent
HOUSE = ROOT / "variants" / "house"
DOCS = ROOT / "docs" / "house-rules.md"


# ------------------------------------------------------------------ helpers
def record(dealer: int, hands: list[str], upcard: str, actions: list[str], **extra: Any) -> dict[str, Any]:
    """A plain-euchre hand record (docs/hand-records.md); `extra`: scores_before, options, trickspec…"""
    return {
        "variant": "euchre",
        "dealer": dealer,
        "hands": [h.split() for h in hands],
        "upcard": upcard,
        **extra,
        "actions": list(actions),
    }


def with_rule(rec: dict[str, Any], rule: str | None, **options: int) -> dict[str, Any]:
    out = dict(rec)
    if rule is not None:
        out["trickspec"] = {**rec.get("trickspec", {}), "rules": [f"house/{rule}"]}
    if options:
        out["options"] = options
    return out


def replayed(rec: dict[str, Any], rule: str | None = None, **options: int) -> Replay:
    return replay_record(with_rule(rec, rule, **options))


def replay(rec: dict[str, Any], rule: str | None = None, **options: int) -> dict[str, Any]:
    """The result of `rec` under plain euchre (rule None) or under euchre + house/RULE."""
    return replayed(rec, rule, **options).result


def replay_error(rec: dict[str, Any], rule: str | None = None, **options: int) -> str:
    with pytest.raises(RecordError) as info:
        replayed(rec, rule, **options)
    return str(info.value)


def redeal(scores: list[int], winners: list[int] | None = None) -> dict[str, Any]:
    return result(None, None, [0, 0, 0, 0], [0, 0], scores, winners=winners or [], status="redeal")


def without(play: list[str], seat_index: int) -> list[str]:
    """A four-player play list with one seat's cards removed (that seat sits out)."""
    return [c for i, c in enumerate(play) if i % 4 != seat_index]


# ================================================================== 1. stick the dealer
# EXAMPLE_HANDS, dealer 3, KH turned. Everybody passes twice: plain euchre redeals.
ALL_PASS = record(3, EXAMPLE_HANDS, "KH", ["pass"] * 8)
# Seven passes, then the dealer (stuck) names clubs: JC right bower, JS left bower,
# AC TC are his trumps. Seat 0 leads.
STUCK = record(
    3,
    EXAMPLE_HANDS,
    "KH",
    ["pass"] * 7
    + ["call C", "together"]
    + ["AH", "9S", "9H", "TC"]  # seat 3, void in hearts, trumps with TC
    + ["JC", "QC", "TS", "9C"]  # right bower draws QC and 9C
    + ["JS", "KS", "QS", "9D"]  # left bower: nobody has a club left
    + ["AC", "JD", "KD", "TH"]
    + ["TD", "JH", "AD", "QH"],  # diamonds led, seat 1's AD wins
)
STUCK_RESULT = result("C", 3, [0, 1, 0, 4], [0, 2])  # makers (1+3) take all five: march, 2


def test_stick_the_dealer_dealer_may_not_pass_when_the_others_passed() -> None:
    assert replay(ALL_PASS) == redeal([0, 0])
    assert (
        replay_error(ALL_PASS, "stick-the-dealer")
        == 'action 7 (seat 3, "pass"): not allowed now; allowed: call C, call D, call S'
    )
    assert replay(STUCK, "stick-the-dealer") == STUCK_RESULT
    assert replay(STUCK) == STUCK_RESULT  # a dealer may of course name trump in euchre too


def test_stick_the_dealer_only_the_dealer_is_stuck() -> None:
    st = deal(rules("house/stick-the-dealer"), 3, EXAMPLE_HANDS, "KH")
    act(st, *["pass"] * 6)
    assert legal(st) == ["pass", "call C", "call D", "call S"]  # seat 2 may still pass
    act(st, "pass")
    assert st.turn == 3 and legal(st) == ["call C", "call D", "call S"]  # never the turned-down hearts


# ================================================================== 2. 32-card deck
# Hearts trump (9H turned, seat 0 orders, the dealer discards TD). 7s and 8s rank
# below the 9, in trump and in plain suits.
DECK32_HANDS = ["JH JD AH 7H 7C", "8C 7D 8D 9D 7S", "8S 9S TS QD KD", "8H AS KS QS TD"]
DECK32 = record(
    3,
    DECK32_HANDS,
    "9H",
    ["order", "discard TD", "together"]
    + ["JH", "7D", "8S", "9H"]  # seat 0, right bower
    + ["7H", "8D", "9S", "8H"]  # seat 3: the 8 of trump beats the 7
    + ["AS", "AH", "7S", "TS"]  # seat 0, void in spades, trumps the ace
    + ["7C", "8C", "QD", "KS"]  # seat 1: the 8 of clubs beats the 7, nobody trumps
    + ["9D", "KD", "QS", "JD"],  # seat 0: the left bower, a heart, trumps the diamond lead
)


def test_deck_32_plays_the_sevens_and_eights() -> None:
    assert replay_error(DECK32) == 'unknown card "7H" in the hand of seat 0'
    assert replay(DECK32, "deck-32") == result("H", 0, [3, 1, 0, 1], [1, 0])


def test_deck_32_orders_and_kitty() -> None:
    r = rules("house/deck-32")
    trump_h = r.contracts[r.deck.suits.index("H")]
    names = ["JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H"]
    powers = [trump_h.power[r.deck.parse(c)] for c in names]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    clubs = [trump_h.power[r.deck.parse(c)] for c in ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"]]
    assert clubs == sorted(clubs, reverse=True) and len(set(clubs)) == len(clubs)
    st = r.deal(random.Random(3), 0)
    dealt = {c for hand in st.dealt for c in hand} | {st.upcard}
    assert [len(h) for h in st.dealt] == [5, 5, 5, 5] and r.deck.size - len(dealt) == 11  # the kitty grows


# ================================================================== 3. target score
# THREE_HANDS: seat 0 orders the TH and takes three tricks, 1 point, from 4 to 5.
TARGET = record(3, THREE_HANDS, "TH", ["order", "discard 9S", "together", *THREE_PLAY], scores_before=[4, 3])


def test_target_five_ends_the_match_at_five() -> None:
    plain = result("H", 0, [3, 1, 0, 1], [1, 0], [5, 3])
    assert replay(TARGET) == plain
    assert replay(TARGET, "target", target=5) == result("H", 0, [3, 1, 0, 1], [1, 0], [5, 3], winners=[0])
    assert replay(TARGET, "target") == plain  # default 10: plain euchre


def test_target_above_ten_goes_on_past_ten() -> None:
    at_nine = dict(TARGET, scores_before=[9, 9])
    assert replay(at_nine) == result("H", 0, [3, 1, 0, 1], [1, 0], [10, 9], winners=[0])
    assert replay(at_nine, "target", target=11) == result("H", 0, [3, 1, 0, 1], [1, 0], [10, 9])
    assert replay_error(TARGET, None, target=5) == "unknown option 'target' for variant 'euchre' (its options: none)"


# ================================================================== 4. lead: the loner's left
# Seat 1 orders the TH and goes alone; the dealer (seat 3) sits out. Seat 0 holds
# JD QH: a left bower guarded, which beats the loner's AH unless it is led through.
LONER_HANDS = ["JD QH KC KD KS", "JH AH AC AS AD", "9H QC QD QS TC", "KH JC JS 9C 9D"]
LONER_BID = ["pass", "order", "discard 9C", "alone"]
# House rule: seat 2 (the loner's left) leads, through seat 0 to the loner.
LONER_LEFT = record(
    3,
    LONER_HANDS,
    "TH",
    LONER_BID
    + ["9H", "QH", "AH"]  # seat 2 leads trump; seat 0 plays QH, the loner's AH wins
    + ["JH", "QC", "JD"]  # the right bower fells the left bower, now bare
    + ["AC", "TC", "KC"]
    + ["AS", "QS", "KS"]
    + ["AD", "QD", "KD"],
)
# Plain euchre: seat 0 (the dealer's left) leads and keeps JD over the AH.
LONER_DEALERS_LEFT = record(
    3,
    LONER_HANDS,
    "TH",
    LONER_BID
    + ["KS", "AS", "QS"]
    + ["JH", "9H", "QH"]  # seat 0 keeps JD
    + ["AH", "QC", "JD"]  # seat 0's left bower beats the ace
    + ["KD", "AD", "QD"]
    + ["AC", "TC", "KC"],
)


def test_lead_loners_left() -> None:
    assert replay(LONER_DEALERS_LEFT) == result("H", 1, [1, 4, 0, 0], [0, 1], alone=[1], out=[3])
    assert replay_error(LONER_LEFT) == 'action 4 (seat 0, "9H"): 9H is not in the hand of seat 0'
    assert replay(LONER_LEFT, "lead-loners-left") == result("H", 1, [0, 5, 0, 0], [0, 4], alone=[1], out=[3])
    assert (
        replay_error(LONER_DEALERS_LEFT, "lead-loners-left")
        == 'action 4 (seat 2, "KS"): KS is not in the hand of seat 2'
    )


def test_lead_loners_left_only_for_a_loner() -> None:
    st = deal(rules("house/lead-loners-left"), 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "order", "discard TC", "together")
    assert st.turn == 0  # nobody alone: the dealer's left


# ================================================================== 5. lone march worth 5
LONE_MARCH = record(3, TOP_HANDS, "TH", ["order", "discard 9S", "alone", *without(TOP_PLAY, 2)])


def test_lone_march_scores_five() -> None:
    assert replay(LONE_MARCH) == result("H", 0, [5, 0, 0, 0], [4, 0], alone=[0], out=[2])
    assert replay(LONE_MARCH, "lone-march-5") == result("H", 0, [5, 0, 0, 0], [5, 0], alone=[0], out=[2])


# ================================================================== 6. euchred loner gives 4
# Seat 1 orders the TH and goes alone; seat 0 holds the five best hearts.
LONE_EUCHRED = record(3, TOP_HANDS, "TH", ["pass", "order", "discard 9S", "alone", *without(TOP_PLAY, 3)])
# The same with the loner's partner playing: seat 1 orders and plays together.
EUCHRED = record(3, TOP_HANDS, "TH", ["pass", "order", "discard 9S", "together", *TOP_PLAY])


def test_lone_euchre_gives_four() -> None:
    assert replay(LONE_EUCHRED) == result("H", 1, [5, 0, 0, 0], [2, 0], alone=[1], out=[3])
    assert replay(LONE_EUCHRED, "lone-euchre-4") == result("H", 1, [5, 0, 0, 0], [4, 0], alone=[1], out=[3])
    assert replay(EUCHRED, "lone-euchre-4") == replay(EUCHRED) == result("H", 1, [5, 0, 0, 0], [2, 0])


# ================================================================== 7. defend alone
# THREE_HANDS: seat 1 orders the TH, plays together; seat 2 (maker's left) says
# together, seat 0 alone (seat 2 sits out). Seat 0's left, seat 1, leads.
DEFENDED = record(
    3,
    THREE_HANDS,
    "TH",
    ["pass", "order", "discard 9S", "together", "together", "alone"]
    + ["KC", "JC", "9C"]  # seat 1: KC over the plain JC
    + ["AC", "TD", "9D"]
    + ["TS", "AS", "JH"]  # seat 0 trumps the spade
    + ["JD", "QS", "TH"]
    + ["AH", "KS", "KH"],
)


def test_defend_alone_lone_defender_euchre_scores_four() -> None:
    assert replay_error(DEFENDED) == 'action 4 (seat 0, "together"): a card must be played now (JH, JD, AH, 9C, 9D)'
    assert replay(DEFENDED, "defend-alone") == result("H", 1, [3, 2, 0, 0], [4, 0], alone=[0], out=[2])


def test_defend_alone_defending_together_scores_as_euchre() -> None:
    together = dict(EUCHRED, actions=["pass", "order", "discard 9S", "together", "together", "together", *TOP_PLAY])
    assert replay(together, "defend-alone") == replay(EUCHRED) == result("H", 1, [5, 0, 0, 0], [2, 0])


def test_defend_alone_questions_and_leads() -> None:
    r = rules("house/defend-alone")
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "alone", "alone")  # maker 0 alone, then seat 1 alone: seat 3 not asked
    assert st.alone == [0, 1] and st.out == [False, False, True, True]
    assert st.phase == r.play_phase and st.turn == 1  # two alone: the lone defender leads
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "together", "together", "alone")  # seat 3 alone, seat 1 out
    assert st.turn == 0  # the lone defender's left
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "order", "discard TC", "alone", "together", "together")  # seat 1 alone, seat 3 out
    assert st.turn == 0  # maker alone only: the dealer's left, as in euchre (not the loner's left, seat 2)


# ================================================================== 8. no-trump in round 2
# Round 1 passes; seat 0 calls high (no trump): jacks are plain cards, A K Q J T 9.
NO_TRUMP = record(
    3,
    EXAMPLE_HANDS,
    "KH",
    ["pass"] * 4
    + ["call high", "together"]
    + ["AH", "9S", "9H", "TC"]
    + ["JH", "TS", "TH", "JC"]  # JH is only the jack of hearts, but still beats TH
    + ["JD", "KD", "9D", "TD"]  # JD is a plain diamond: seat 1's KD wins
    + ["AD", "9C", "AC", "QC"]  # nobody can trump: AC is just a club
    + ["QS", "QH", "JS", "KS"],  # JS is a plain spade under seat 0's KS
)


def test_no_trump_in_round_two() -> None:
    assert (
        replay_error(NO_TRUMP)
        == 'action 4 (seat 0, "call high"): not an action (expected one of: pass, call C, call D, call S)'
    )
    assert replay(NO_TRUMP, "no-trump-round2") == result("high", 0, [3, 2, 0, 0], [1, 0])


def test_no_trump_only_in_round_two() -> None:
    st = deal(rules("house/no-trump-round2"), 3, EXAMPLE_HANDS, "KH")
    assert legal(st) == ["pass", "order"]
    act(st, *["pass"] * 4)
    assert legal(st) == ["pass", "call C", "call D", "call S", "call high"]


# ================================================================== 9. super-euchre
SWEPT = EUCHRED  # seat 1 makes hearts; seat 0 takes all five tricks


def test_super_euchre_scores_four_for_a_sweep() -> None:
    assert replay(SWEPT) == result("H", 1, [5, 0, 0, 0], [2, 0])
    assert replay(SWEPT, "super-euchre") == result("H", 1, [5, 0, 0, 0], [4, 0])
    # Makers with two tricks (seats 1 and 3 one each) are euchred as usual.
    two = record(3, THREE_HANDS, "TH", ["pass", "order", "discard 9S", "together", *THREE_PLAY])
    assert replay(two, "super-euchre") == replay(two) == result("H", 1, [3, 1, 0, 1], [2, 0])


# ================================================================== 10. fixed number of deals
# Deal 8 of 8: seat 0 makes 1 point, 6-7 becomes 7-7: the tie shares the win.
LAST_DEAL = record(
    3, THREE_HANDS, "TH", ["order", "discard 9S", "together", *THREE_PLAY], scores_before=[6, 7], trickspec={"deal": 8}
)


def test_fixed_deals_match_ends_after_the_last_deal() -> None:
    assert replay(LAST_DEAL) == result("H", 0, [3, 1, 0, 1], [1, 0], [7, 7])
    assert replay(LAST_DEAL, "fixed-deals") == result("H", 0, [3, 1, 0, 1], [1, 0], [7, 7], winners=[0, 1])
    seventh = dict(LAST_DEAL, trickspec={"deal": 7})
    assert replay(seventh, "fixed-deals") == result("H", 0, [3, 1, 0, 1], [1, 0], [7, 7])
    assert replay(dict(LAST_DEAL, trickspec={"deal": 4}), "fixed-deals", match_deals=4)["winners"] == [0, 1]


def test_fixed_deals_ten_points_end_nothing() -> None:
    at_nine = dict(LAST_DEAL, scores_before=[9, 2], trickspec={"deal": 3})
    assert replay(at_nine) == result("H", 0, [3, 1, 0, 1], [1, 0], [10, 2], winners=[0])
    assert replay(at_nine, "fixed-deals") == result("H", 0, [3, 1, 0, 1], [1, 0], [10, 2])


def test_fixed_deals_a_redeal_counts() -> None:
    last = dict(ALL_PASS, scores_before=[5, 4], trickspec={"deal": 8})
    assert replay(last) == redeal([5, 4])
    assert replay(last, "fixed-deals") == redeal([5, 4], winners=[0])


# ================================================================== 11. Canadian loner
# Seat 1, the dealer's partner, orders the KH in round 1.
CANADIAN_TOGETHER = record(
    3,
    EXAMPLE_HANDS,
    "KH",
    ["pass", "order", "discard TC", "together"]
    + ["JH", "9S", "9H", "KH"]
    + ["JD", "TS", "TH", "JC"]
    + ["AH", "QS", "QH", "JS"]
    + ["KS", "KD", "9D", "TD"]
    + ["QC", "AD", "9C", "AC"],  # the dealer's AC wins the last trick
)
CANADIAN_ALONE = record(
    3,
    EXAMPLE_HANDS,
    "KH",
    ["pass", "order", "discard TC", "alone", *without(CANADIAN_TOGETHER["actions"][4:], 3)],
)


def test_canadian_loner_dealers_partner_must_go_alone() -> None:
    assert replay(CANADIAN_TOGETHER) == result("H", 1, [4, 0, 0, 1], [2, 0])
    assert (
        replay_error(CANADIAN_TOGETHER, "canadian-loner")
        == 'action 3 (seat 1, "together"): not allowed now; allowed: alone'
    )
    alone = result("H", 1, [5, 0, 0, 0], [2, 0], alone=[1], out=[3])
    assert replay(CANADIAN_ALONE, "canadian-loner") == replay(CANADIAN_ALONE) == alone


def test_canadian_loner_other_makers_choose() -> None:
    r = rules("house/canadian-loner")
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC")  # seat 0, the dealer's left
    assert legal(st) == ["alone", "together"]
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "pass", "pass", "order", "discard TC")  # the dealer himself
    assert legal(st) == ["alone", "together"]
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, *["pass"] * 5, "call S")  # the dealer's partner, but in round 2
    assert st.maker == 1 and legal(st) == ["alone", "together"]


# ================================================================== 12. partner's best
# Seat 0 orders the KH and goes alone; partner seat 2 gives him QH, he discards QC.
BEST = record(
    3,
    EXAMPLE_HANDS,
    "KH",
    ["order", "discard TC", "alone", "give QH", "discard QC"]
    + ["JH", "9S", "KH"]
    + ["JD", "TS", "JC"]
    + ["AH", "QS", "JS"]
    + ["QH", "KD", "TD"]  # the given QH takes a trick
    + ["KS", "AD", "AC"],
)
# Plain euchre: alone with his own five cards, he loses the QC to the AC.
ALONE_OWN = record(
    3,
    EXAMPLE_HANDS,
    "KH",
    ["order", "discard TC", "alone"]
    + ["JH", "9S", "KH"]
    + ["JD", "TS", "JC"]
    + ["AH", "QS", "JS"]
    + ["KS", "KD", "TD"]
    + ["QC", "AD", "AC"],
)


def test_partners_best_loner_gets_a_card() -> None:
    assert replay(ALONE_OWN) == result("H", 0, [4, 0, 0, 1], [1, 0], alone=[0], out=[2])
    assert replay_error(BEST) == 'action 3 (seat 0, "give QH"): a card must be played now (JH, JD, AH, KS, QC)'
    assert replay(BEST, "partners-best") == result("H", 0, [5, 0, 0, 0], [4, 0], alone=[0], out=[2])


def test_partners_best_who_gives_and_what_others_see() -> None:
    r = rules("house/partners-best")
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "alone")
    assert st.turn == 2 and legal(st) == ["give 9H", "give TH", "give QH", "give 9D", "give 9C"]
    act(st, "give QH")
    assert st.turn == 0 and len(legal(st)) == 6 and is_legal(st, "discard QH")
    act(st, "discard QC")
    assert st.phase == r.play_phase and st.turn == 0
    assert st.observation(1)["history"][-2:] == [(2, "give"), (0, "discard")]
    assert st.observation(0)["history"][-2:] == [(2, "give QH"), (0, "discard QC")]
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "together")
    assert st.phase == r.play_phase  # nobody gives to a maker who plays together


# ================================================================== 13. farmer's hand
# Seat 0 holds four 9s and 10s; the kitty is JH KH AH. Nobody else holds three.
FARM_HANDS = ["9C TC 9D TD AS", "JC QC KC AC 9H", "JD QD KD AD TH", "9S TS JS QS KS"]
FARM = record(
    3,
    FARM_HANDS,
    "QH",
    ["exchange", "discard 9C", "discard TC", "discard 9D"]  # seat 0 now holds TD AS JH KH AH
    + ["order", "discard 9S", "together"]
    + ["JH", "9H", "TH", "QH"]
    + ["AH", "JC", "JD", "TS"]  # seat 2's left bower beats the AH
    + ["AD", "KS", "TD", "QC"]
    + ["KD", "QS", "KH", "AC"]  # seat 0 trumps the diamond
    + ["AS", "KC", "QD", "JS"],
)


def test_farmers_hand_exchange() -> None:
    assert replay_error(FARM) == 'action 0 (seat 0, "exchange"): not allowed now; allowed: pass, order'
    assert replay(FARM, "farmers-hand") == result("H", 0, [3, 0, 2, 0], [2, 0])


def test_farmers_hand_who_is_asked_and_what_goes_back() -> None:
    r = rules("house/farmers-hand")
    st = deal(r, 3, FARM_HANDS, "QH")
    assert st.turn == 0 and legal(st) == ["exchange", "keep"]
    act(st, "keep")
    assert st.turn == 0 and legal(st) == ["pass", "order"]  # seats 1-3 hold one or two 9s/10s: not asked
    st = deal(r, 3, FARM_HANDS, "QH")
    act(st, "exchange")
    assert legal(st) == ["discard 9C", "discard TC", "discard 9D", "discard TD"]
    assert not is_legal(st, "discard AS") and not is_legal(st, "discard JH")
    act(st, "discard 9C", "discard TC", "discard 9D")
    assert sorted(r.codec.to_str(c) for c in st.hands[0]) == ["AH", "AS", "JH", "KH", "TD"]
    assert sorted(r.codec.to_str(c) for c in st.kitty) == ["9C", "9D", "TC"]
    st = deal(r, 3, EXAMPLE_HANDS, "KH")  # seats 0 and 1 hold none and two: seat 2 (four) is asked first
    assert st.turn == 2 and legal(st) == ["exchange", "keep"]
    act(st, "keep")
    assert st.turn == 0 and legal(st) == ["pass", "order"]


# ================================================================== 14. going under
# Seat 0 orders the KH, then takes the kitty (KC QD AS) and lays away QC QD KC.
UNDER = record(
    3,
    EXAMPLE_HANDS,
    "KH",
    ["order", "discard TC", "exchange", "discard QC", "discard QD", "discard KC", "together"]
    + ["JH", "9S", "9H", "KH"]
    + ["JD", "TS", "TH", "JC"]
    + ["AH", "QS", "QH", "JS"]
    + ["KS", "KD", "9D", "TD"]
    + ["AS", "AD", "9C", "AC"],  # the kitty's AS takes the last trick
)
EXAMPLE = record(3, EXAMPLE_HANDS, "KH", ["order", "discard TC", "together", *EXAMPLE_PLAY])


def test_going_under_maker_exchanges_with_the_kitty() -> None:
    assert replay(EXAMPLE) == result("H", 0, [4, 0, 0, 1], [1, 0])
    assert replay_error(UNDER) == 'action 2 (seat 0, "exchange"): not allowed now; allowed: alone, together'
    assert replay(UNDER, "going-under") == result("H", 0, [5, 0, 0, 0], [2, 0])
    keep = dict(EXAMPLE, actions=["order", "discard TC", "keep", "together", *EXAMPLE_PLAY])
    assert replay(keep, "going-under") == replay(EXAMPLE)


def test_going_under_any_cards_after_trump() -> None:
    r = rules("house/going-under")
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "order", "discard JS")
    assert st.turn == 1 and legal(st) == ["exchange", "keep"]  # the maker, after the dealer's discard
    act(st, "exchange")
    assert len(legal(st)) == 8 and is_legal(st, "discard AS") and is_legal(st, "discard 9S")
    act(st, "discard AS", "discard 9S", "discard TS")
    assert legal(st) == ["alone", "together"]


# ================================================================== 15. the joker (benny)
# The joker is turned: the dealer names spades; seat 0 orders, the dealer picks up the joker.
BENNY_HANDS = ["JS AH KH QH 9C", "JC AS 9D TD QD", "KS QS TS 9S AD", "9H TH JH JD KD"]
BENNY = record(
    3,
    BENNY_HANDS,
    "JK",
    ["call S", "order", "discard 9H", "together"]
    + ["JS", "AS", "9S", "JK"]  # the joker beats the right bower
    + ["KD", "9C", "QD", "AD"]
    + ["KS", "TH", "QH", "JC"]  # the left bower beats KS
    + ["9D", "QS", "JD", "KH"]  # JD is a plain diamond; seat 2 trumps
    + ["TS", "JH", "AH", "TD"],
)
# Option joker_upcard 0: the turned joker cannot be ordered; round 2 at once, every suit.
BENNY_SKIP = record(
    3,
    BENNY_HANDS,
    "JK",
    ["call S", "together"]
    + ["JS", "AS", "9S", "9H"]
    + ["AH", "9D", "AD", "TH"]
    + ["KH", "TD", "TS", "JH"]
    + ["KS", "KD", "9C", "JC"]
    + ["QD", "QS", "JD", "QH"],
)


def test_benny_joker_is_the_highest_trump() -> None:
    assert replay_error(BENNY) == 'unknown card "JK" in upcard'
    assert replay(BENNY, "benny") == result("S", 0, [0, 1, 3, 1], [1, 0])


def test_benny_turned_joker_skips_round_one_with_option_zero() -> None:
    assert replay(BENNY_SKIP, "benny", joker_upcard=0) == result("S", 0, [2, 1, 2, 0], [1, 0])
    # With the default (1) the dealer names the joker's suit first: "call S" is his.
    assert replay_error(BENNY_SKIP, "benny") == 'action 1 (seat 0, "together"): not allowed now; allowed: pass, order'
    st = deal(rules("house/benny", joker_upcard=0), 3, BENNY_HANDS, "JK")
    assert st.turn == 0 and legal(st) == ["pass", "call C", "call D", "call H", "call S"]


def test_benny_deck() -> None:
    r = rules("house/benny")
    assert r.deck.size == 25
    st = r.deal(random.Random(1), 0)
    assert r.deck.size - len({c for h in st.dealt for c in h} | {st.upcard}) == 4


# ================================================================== 16. fast break
# Seat 0 orders the KH; the defenders take the first two tricks, the makers the last three.
FAST_HANDS = ["JH JD AH 9C 9S", "AC KC AS KS QS", "TC JC QC QD KD", "9H TH QH 9D TS"]
FAST = record(
    3,
    FAST_HANDS,
    "KH",
    ["order", "discard 9H", "together"]
    + ["9C", "AC", "TC", "9D"]  # seat 1
    + ["AS", "JC", "TS", "9S"]  # seat 1
    + ["KC", "QC", "TH", "AH"]  # seat 0 overtrumps
    + ["JH", "KS", "QD", "QH"]
    + ["JD", "QS", "KD", "KH"],
)


def test_fast_break_scores_nothing() -> None:
    assert replay(FAST) == result("H", 0, [3, 2, 0, 0], [1, 0])
    assert replay(FAST, "fast-break") == result("H", 0, [3, 2, 0, 0], [0, 0])
    # Three tricks first, then two lost (THREE_PLAY): an ordinary made hand.
    assert replay(TARGET, "fast-break") == replay(TARGET) == result("H", 0, [3, 1, 0, 1], [1, 0], [5, 3])


# ================================================================== 17. four-trick tokens
# EXAMPLE: seat 0 (side 0) makes hearts and takes exactly four tricks.
def test_four_trick_tokens() -> None:
    assert replay(EXAMPLE) == result("H", 0, [4, 0, 0, 1], [1, 0])
    first = replayed(EXAMPLE, "four-trick-tokens")
    assert first.result == result("H", 0, [4, 0, 0, 1], [1, 0])
    assert first.state.counters == {"tokens": [1, 0]}  # the first token
    second = replayed(dict(EXAMPLE, trickspec={"counters_before": {"tokens": [1, 1]}}), "four-trick-tokens")
    assert second.result == result("H", 0, [4, 0, 0, 1], [2, 0])  # the second token cashes 1 more
    assert second.state.counters == {"tokens": [0, 1]}
    assert replay_error(dict(EXAMPLE, trickspec={"counters_before": {"tokens": [1, 1]}})) == (
        'trickspec.counters_before: the variant has no counter "tokens" (its counters: none)'
    )


def test_four_trick_tokens_only_for_exactly_four() -> None:
    march = record(
        3,
        TOP_HANDS,
        "TH",
        ["order", "discard 9S", "together", *TOP_PLAY],
        trickspec={"counters_before": {"tokens": [1, 0]}},
    )
    done = replayed(march, "four-trick-tokens")
    assert done.result == result("H", 0, [5, 0, 0, 0], [2, 0])
    assert done.state.counters == {"tokens": [1, 0]}


# ================================================================== the files, the CLI, the docs
NO_ALONE_AFTER_PASS = {
    k: v
    for k, v in json.loads(
        (ROOT / "tests" / "records" / "house" / "no-alone-after-pass-round2.json").read_text()
    ).items()
    if k not in ("trickspec", "expect")
}


def first_jsonl_record(rule: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first record of tests/records/house/RULE.jsonl as plain euchre, and its result under the rule."""
    rec = json.loads((ROOT / "tests" / "records" / "house" / f"{rule}.jsonl").read_text().splitlines()[0])
    return {k: v for k, v in rec.items() if k not in ("trickspec", "expect", "plain_euchre", "why")}, rec["expect"]


MINIMUM_TRUMP = json.loads((ROOT / "tests" / "records" / "house" / "minimum-trump-round1.json").read_text())
# (rule, record, options, the rule's result): one hand record per house rule.
CASES = [
    ("defend-alone-egn", *first_jsonl_record("defend-alone-egn")[:1], {}, first_jsonl_record("defend-alone-egn")[1]),
    (
        "loner-gets-a-card-both-ways",
        *first_jsonl_record("loner-gets-a-card-both-ways")[:1],
        {},
        first_jsonl_record("loner-gets-a-card-both-ways")[1],
    ),
    ("no-alone-after-pass", NO_ALONE_AFTER_PASS, {}, result("H", 0, [5, 0, 0, 0], [2, 0])),
    (
        "minimum-trump",
        {k: v for k, v in MINIMUM_TRUMP.items() if k not in ("trickspec", "expect")},
        {},
        MINIMUM_TRUMP["expect"],
    ),
    ("stick-the-dealer", STUCK, {}, STUCK_RESULT),
    (
        "dealer-concedes",
        *first_jsonl_record("dealer-concedes")[:1],
        {},
        first_jsonl_record("dealer-concedes")[1],
    ),
    (
        "stuck-dealer-any-suit",
        *first_jsonl_record("stuck-dealer-any-suit")[:1],
        {},
        first_jsonl_record("stuck-dealer-any-suit")[1],
    ),
    (
        "stuck-dealer-no-trump",
        *first_jsonl_record("stuck-dealer-no-trump")[:1],
        {},
        first_jsonl_record("stuck-dealer-no-trump")[1],
    ),
    ("deck-32", DECK32, {}, result("H", 0, [3, 1, 0, 1], [1, 0])),
    ("min-rank", DECK32, {"min_rank": 7}, result("H", 0, [3, 1, 0, 1], [1, 0])),
    ("target", TARGET, {"target": 5}, result("H", 0, [3, 1, 0, 1], [1, 0], [5, 3], winners=[0])),
    ("lead-loners-left", LONER_LEFT, {}, result("H", 1, [0, 5, 0, 0], [0, 4], alone=[1], out=[3])),
    ("lone-march-5", LONE_MARCH, {}, result("H", 0, [5, 0, 0, 0], [5, 0], alone=[0], out=[2])),
    ("lone-euchre-4", LONE_EUCHRED, {}, result("H", 1, [5, 0, 0, 0], [4, 0], alone=[1], out=[3])),
    (
        "loner-march-score",
        LONE_MARCH,
        {"loner_march_score": 6},
        result("H", 0, [5, 0, 0, 0], [6, 0], alone=[0], out=[2]),
    ),
    (
        "loner-euchred-score",
        LONE_EUCHRED,
        {"loner_euchred_score": 3},
        result("H", 1, [5, 0, 0, 0], [3, 0], alone=[1], out=[3]),
    ),
    ("defend-alone", DEFENDED, {}, result("H", 1, [3, 2, 0, 0], [4, 0], alone=[0], out=[2])),
    ("no-trump-round2", NO_TRUMP, {}, result("high", 0, [3, 2, 0, 0], [1, 0])),
    ("super-euchre", SWEPT, {}, result("H", 1, [5, 0, 0, 0], [4, 0])),
    ("fixed-deals", LAST_DEAL, {}, result("H", 0, [3, 1, 0, 1], [1, 0], [7, 7], winners=[0, 1])),
    ("canadian-loner", CANADIAN_ALONE, {}, result("H", 1, [5, 0, 0, 0], [2, 0], alone=[1], out=[3])),
    ("partners-best", BEST, {}, result("H", 0, [5, 0, 0, 0], [4, 0], alone=[0], out=[2])),
    ("farmers-hand", FARM, {}, result("H", 0, [3, 0, 2, 0], [2, 0])),
    ("going-under", UNDER, {}, result("H", 0, [5, 0, 0, 0], [2, 0])),
    ("benny", BENNY, {}, result("S", 0, [0, 1, 3, 1], [1, 0])),
    ("fast-break", FAST, {}, result("H", 0, [3, 2, 0, 0], [0, 0])),
    (
        "four-trick-tokens",
        dict(EXAMPLE, trickspec={"counters_before": {"tokens": [1, 0]}}),
        {},
        result("H", 0, [4, 0, 0, 1], [2, 0]),
    ),
    # the lone maker lays down the five best hearts: the march is scored without play
    (
        "lay-down-loner",
        record(3, TOP_HANDS, "TH", ["order", "discard 9S", "alone", "claim"]),
        {},
        result("H", 0, [5, 0, 0, 0], [4, 0], alone=[0], out=[2]),
    ),
    # seat 1, dealt only 9s and 10s, calls a misdeal: a redeal, nothing scored
    (
        "no-ace-no-face",
        record(3, ["JH QD AH KH QH", "9C TC 9D TD 9H", "JD KD AD AC KC", "9S TS QS KS AS"], "TH", ["misdeal"]),
        {},
        redeal([0, 0]),
    ),
    # seat 0, dealt three 9s and 10s, calls a misdeal
    (
        "nines-and-tens",
        record(3, ["9C TC 9D QH KS", "JH JD AH KH TH", "QD KD AD AC KC", "9S TS QS JS AS"], "JC", ["misdeal"]),
        {},
        redeal([0, 0]),
    ),
]
# laps: 9 to 10 wins game 1 (not the match), and both sides start game 2 at 0.
CASES.append(
    (
        "laps",
        dict(TARGET, scores_before=[9, 4]),
        {},
        {**result("H", 0, [3, 1, 0, 1], [1, 0], [10, 4]), "trickspec": {"game_winners": [0], "next_scores": [0, 0]}},
    )
)
# four-trick-tokens-egn: the 4th token (3 held) cashes at once, 2 points instead of 1.
CASES.append(
    (
        "four-trick-tokens-egn",
        dict(EXAMPLE, trickspec={"counters_before": {"tokens": [3, 0]}}),
        {},
        result("H", 0, [4, 0, 0, 1], [2, 0]),
    )
)
RULE_FILES = sorted(p.stem for p in HOUSE.glob("*.yaml"))


def test_every_house_rule_has_a_case() -> None:
    assert sorted(name for name, *_ in CASES) == RULE_FILES


@pytest.mark.parametrize(("rule", "rec", "options", "expected"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("how", ["record rules", "--rule"])
def test_cli_replays_with_the_house_rule(
    rule: str,
    rec: dict[str, Any],
    options: dict[str, int],
    expected: dict[str, Any],
    how: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "hand.json"
    if (
        how == "record rules"
    ):  # the record names the rule: {"variant": "euchre", "trickspec": {"rules": ["house/NAME"]}}
        path.write_text(json.dumps(with_rule(rec, rule, **options)), encoding="utf-8")
        argv = ["replay", str(path), "--json"]
    else:  # a plain euchre record, the rule stacked on the command line
        path.write_text(json.dumps(with_rule(rec, None, **options)), encoding="utf-8")
        argv = ["replay", str(path), "--json", "--rule", f"house/{rule}"]
    code = main(argv)
    out, err = capsys.readouterr()
    assert (code, out, err) == (0, json.dumps(expected) + "\n", "")


@pytest.mark.parametrize("stem", RULE_FILES)
def test_house_rule_file_conventions(stem: str) -> None:
    text = (HOUSE / f"{stem}.yaml").read_text(encoding="utf-8")
    assert text.startswith("extends: euchre\n")
    assert re.search(rf"^name: euchre-{re.escape(stem)}$", text, re.M)
    assert re.search(r'^description: "[^"\n]+"$', text, re.M)
    r = load_rules(f"house/{stem}")
    assert r.name == f"euchre-{stem}" and r.title and r.description
    assert r.model.notes.strip()
    assert f"house/{stem}" in bundled_names(house=True)


@pytest.mark.parametrize("stem", RULE_FILES)
def test_docs_show_each_rule_verbatim(stem: str) -> None:
    docs = DOCS.read_text(encoding="utf-8")
    text = (HOUSE / f"{stem}.yaml").read_text(encoding="utf-8")
    assert f"```yaml\n# variants/house/{stem}.yaml\n{text}```" in docs
    assert f"--rule house/{stem}" in docs
