"""Per-seat steps: a phase's `may_if` (which players it asks) and `all_pass: next` (an all-pass
that falls through to the next phase), with the house rules built from them:
house/stuck-dealer-any-suit and house/stuck-dealer-no-trump.

Hand-worked: each test deals known cards, walks the bidding and asserts who is asked,
what he may say and how the hand ends.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from handplay import act, deal, legal, refuse, result, rules
from hypothesis import given, settings
from hypothesis import strategies as hst

from interpreter.agents import PimcBot, RuleBot
from interpreter.errors import SpecError
from interpreter.explain import diff_text, explain_text
from interpreter.match import play_match
from interpreter.records import replay_record
from interpreter.variants import load_rules
from interpreter.verify import verify

# Dealer 3; the upcard 9S is turned down in round 1, so spades is the turned-down suit.
SPADES_FOR_THE_DEALER = ["9C TC QC 9D TD", "9H TH QH KC KD", "AC AD AH QD JD", "JS JC AS KS QS"]
ACES_FOR_THE_DEALER = ["9C TC 9D TD 9H", "JC QC KC QD KD", "JH QH KH TS JD", "AC AD AH AS KS"]
ROUND1 = ["pass"] * 4


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "rule.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


# ------------------------------------------------------------------ stuck-dealer-any-suit
def test_any_suit_the_stuck_dealer_may_name_the_turned_down_suit_and_marches() -> None:
    st = deal(rules("house/stuck-dealer-any-suit"), 3, SPADES_FOR_THE_DEALER, "9S")
    act(st, *ROUND1)
    # Round 2 asks seats 0, 1, 2 (not the dealer); none may name spades.
    for seat in (0, 1, 2):
        assert st.turn == seat
        assert legal(st) == ["pass", "call C", "call D", "call H"]
        act(st, "pass")
    # The dealer is stuck: any suit, the turned-down one included, and no pass.
    assert st.turn == 3
    assert legal(st) == ["call C", "call D", "call H", "call S"]
    assert "not allowed" in refuse(st, "pass")
    act(st, "call S", "together")
    # Seat 0 leads; spades are trump and the dealer holds both bowers, A, K, Q: five tricks.
    act(st, "9C KC AC JS", "JC TC 9H QD", "AS QC TH AD", "KS 9D QH AH", "QS TD KD JD")
    assert st.result() == result("S", 3, [0, 0, 0, 5], [0, 2])


def test_any_suit_only_the_dealer_is_stuck_a_round_2_call_ends_the_bidding() -> None:
    st = deal(rules("house/stuck-dealer-any-suit"), 3, SPADES_FOR_THE_DEALER, "9S")
    act(st, *ROUND1, "pass", "call D")  # seat 1 names diamonds: nobody else is asked
    assert st.maker == 1 and st.turn == 1 and legal(st) == ["alone", "together"]


def test_any_suit_plain_stick_the_dealer_still_forbids_the_turned_down_suit() -> None:
    st = deal(rules("house/stick-the-dealer"), 3, SPADES_FOR_THE_DEALER, "9S")
    act(st, *ROUND1, "pass", "pass", "pass")
    assert legal(st) == ["call C", "call D", "call H"]
    st = deal(rules("euchre"), 3, SPADES_FOR_THE_DEALER, "9S")
    act(st, *ROUND1, "pass", "pass", "pass", "pass")
    assert st.status == "redeal"


# ------------------------------------------------------------------ stuck-dealer-no-trump
def test_no_trump_only_the_stuck_dealer_may_call_high() -> None:
    st = deal(rules("house/stuck-dealer-no-trump"), 3, ACES_FOR_THE_DEALER, "9S")
    act(st, *ROUND1)
    for _ in range(3):
        assert legal(st) == ["pass", "call C", "call D", "call H"]  # no "call high" before the dealer
        act(st, "pass")
    assert legal(st) == ["call C", "call D", "call H", "call high"]  # not spades, not pass


def test_no_trump_the_stuck_dealers_high_has_no_bowers() -> None:
    st = deal(rules("house/stuck-dealer-no-trump"), 3, ACES_FOR_THE_DEALER, "9S")
    act(st, *ROUND1, "pass", "pass", "pass", "call high", "together")
    # Seat 0 leads 9C; seat 1's JC is a plain club under the ace (no bower), seat 3's AC wins.
    act(st, "9C JC JH AC")
    assert st.trick_winners == [3]
    # The jacks follow their printed suits: seat 2 must follow diamonds with JD.
    act(st, "AD 9D QD JD", "AH 9H QC QH", "AS TC KC TS", "KS TD KD KH")
    assert st.result() == result("high", 3, [0, 0, 0, 5], [0, 2])


# ------------------------------------------------------------------ the constructs, in any spec
ORDER_UP_SEATS = "round1: {order_up: {may_if: seat == dealer}}"
SEATS_ORDER_UP = """\
extends: euchre
name: only-the-dealer-orders
title: only the dealer may order up
bidding:
  patch:
    round1: {order_up: {may_if: seat == dealer}}
"""


def test_may_if_on_order_up_asks_only_those_players(tmp_path: Path) -> None:
    st = deal(load_rules(write(tmp_path, SEATS_ORDER_UP)), 1, SPADES_FOR_THE_DEALER, "9S")
    assert st.turn == 1 and legal(st) == ["pass", "order"]  # the dealer, nobody before him
    act(st, "pass")
    assert st.turned_down == 3  # spades turned down at once: round 2 from the dealer's left
    assert st.turn == 2 and "call S" not in legal(st)


FALL_THROUGH = """\
extends: euchre
name: fall-through
title: round 2 falls through to a round with no-trump
ranking:
  no_trump: {high: [A, K, Q, J, T, 9]}
bidding:
  patch:
    round2: {name_trump: {all_pass: next}}
  append:
    - name_trump:
        id: round3
        may_if: seat == (dealer + 2) % players or seat == dealer
        choices: [high]
        all_pass: redeal
"""


def test_all_pass_next_goes_on_and_may_if_takes_a_seat_expression(tmp_path: Path) -> None:
    r = load_rules(write(tmp_path, FALL_THROUGH))
    st = deal(r, 3, SPADES_FOR_THE_DEALER, "9S")
    act(st, *ROUND1, "pass", "pass", "pass", "pass")  # round 2: all four pass, the dealer too
    assert st.status is None and st.turn == 1  # round 3 asks the dealer's partner (1), then the dealer
    assert legal(st) == ["pass", "call high"]
    act(st, "pass")
    assert st.turn == 3
    act(st, "pass")
    assert st.status == "redeal"  # round 3's own all_pass
    st = deal(r, 3, SPADES_FOR_THE_DEALER, "9S")
    act(st, *ROUND1, "pass", "pass", "pass", "pass", "call high")
    assert (st.maker, st.fixed_by, r.contracts[st.contract].name) == (1, "round3", "high")


def test_explain_and_diff_say_who_is_asked_and_the_fall_through() -> None:
    text = explain_text("house/stuck-dealer-any-suit")
    assert "each player who is not the dealer passes or names trump" in text.replace("\n     ", " ")
    assert "if all pass, bidding goes on to the next step" in text.replace("\n     ", " ")
    changes = diff_text("euchre", "house/stuck-dealer-no-trump")
    assert 'B adds "stuck"' in changes and "only the dealer is asked; if he names trump, he is the maker" in changes
    assert "the dealer may not pass: he must name trump" in changes
    assert '"high" (no trump)' in changes


@pytest.mark.parametrize("rule", ["house/stuck-dealer-any-suit", "house/stuck-dealer-no-trump"])
def test_verify_is_clean(rule: str) -> None:
    report = verify(rule, hands=200)
    assert not report.findings, report.findings


def test_verify_finds_a_fall_through_that_nothing_catches(tmp_path: Path) -> None:
    spec = write(tmp_path, SEATS_ORDER_UP.replace(ORDER_UP_SEATS, "round2: {name_trump: {all_pass: next}}"))
    messages = [f.message for f in verify(spec, hands=50).findings]
    assert any("bidding can end with no contract after every player passes in 'round2'" in m for m in messages)


def test_verify_walks_a_step_that_may_ask_nobody(tmp_path: Path) -> None:
    # `may_if` reads the maker: verify cannot tell that it always asks somebody, so the step may be
    # skipped and round 2's fall-through may reach the end with no contract.
    spec = write(tmp_path, FALL_THROUGH.replace("seat == (dealer + 2) % players or seat == dealer", "seat == maker"))
    messages = [f.message for f in verify(spec, hands=50).findings]
    assert any("bidding can end with no contract" in m for m in messages)


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("{may_if: seat == dealr}", "unknown name 'dealr' (did you mean 'dealer'?)"),
        ("{may_if: seat}", "expected true/false, got a number"),
        ("{all_pass: nxt}", "did you mean 'next'?"),
    ],
)
def test_misuse_is_a_located_error(tmp_path: Path, setting: str, message: str) -> None:
    spec = write(tmp_path, SEATS_ORDER_UP.replace(ORDER_UP_SEATS, f"round2: {{name_trump: {setting}}}"))
    with pytest.raises(SpecError) as info:
        load_rules(spec)
    assert message in str(info.value) + str(info.value.hint or "")
    assert info.value.line == 6


def test_may_if_needs_players_asked_in_turn(tmp_path: Path) -> None:
    spec = """\
players: 4
name: auction-may-if
title: x
sides: partnerships
deck: {suits: [C, D, H, S], ranks: [9, T, J, Q, K, A]}
ranking: {bower_rank: J, trump: [right_bower, left_bower, A, K, Q, T, 9], plain: [A, K, Q, J, T, 9]}
deal: {packets: [3, 2], upcard: false}
bidding:
  - auction: {min: 3, max: 5, all_pass: redeal}
  - name_trump: {who: maker, choices: [suits], may_if: seat == dealer}
lead: [{otherwise: true, from: maker}]
scoring: [{otherwise: true, makers: 1}]
match_end: [{winner_if: side.score >= 10}]
"""
    with pytest.raises(SpecError, match="`may_if` chooses among the players asked in turn: it needs `who: each`"):
        load_rules(write(tmp_path, spec))


# ------------------------------------------------------------------ bots finish matches
@pytest.mark.parametrize(
    "rule", ["house/stuck-dealer-any-suit", "house/stuck-dealer-no-trump", "house/dealer-concedes"]
)
def test_the_rule_bot_finishes_a_match_and_every_record_replays(rule: str) -> None:
    bots = [RuleBot() for _ in range(4)]
    match = play_match(load_rules("euchre", None, [rule]), bots, random.Random(3), variant="euchre", overlays=[rule])
    assert match.finished and match.winners
    for hand in match.hands:
        assert replay_record(hand.record).result == hand.result
    stuck = [h for h in match.hands if h.record["actions"][:7] == ["pass"] * 7]
    assert all(h.result["status"] == "complete" for h in stuck)  # the stuck dealer always names


@pytest.mark.parametrize("rule", ["house/stuck-dealer-any-suit", "house/stuck-dealer-no-trump"])
@pytest.mark.parametrize("bot", ["rules", "pimc"])
def test_the_bots_play_the_stuck_dealers_hands(rule: str, bot: str) -> None:
    """Bots rarely leave the dealer stuck in a match: the round-2 passes are forced here."""
    r = load_rules(rule)
    dealer_bot = PimcBot(random.Random(1), k=2) if bot == "pimc" else RuleBot()
    bots = [RuleBot(), PimcBot(random.Random(2), k=2), RuleBot(), dealer_bot]
    said = set()
    for hands in (SPADES_FOR_THE_DEALER, ACES_FOR_THE_DEALER, list(reversed(SPADES_FOR_THE_DEALER))):
        st = deal(r, 3, hands, "9S")
        act(st, *ROUND1, "pass", "pass", "pass")  # the dealer is stuck
        said.add(r.codec.to_str(dealer_bot.act(st, 3)))
        while not st.is_over:
            action = bots[st.turn].act(st, st.turn)
            assert action in st.legal_actions()
            st.apply(action)
        assert st.status == "complete"
    assert said <= {"call C", "call D", "call H", "call S", "call high"} and "pass" not in said


# ------------------------------------------------------------------ dealer-concedes (with end_hand's concession)
# Dealer 3 holds nothing: no trump in any suit worth naming, no ace.
NOTHING_FOR_THE_DEALER = ["AC AD AH QD JD", "JS JC AS KS QS", "9H TH QH KC KD", "9C TC QC 9D TD"]


def test_concedes_the_stuck_dealer_concedes_and_the_other_side_scores_1() -> None:
    st = deal(rules("house/dealer-concedes"), 3, NOTHING_FOR_THE_DEALER, "9S")
    act(st, *ROUND1, "pass", "pass", "pass")
    assert st.turn == 3 and legal(st) == ["concede", "keep"]  # no pass, no call yet
    act(st, "concede")
    assert st.result() == result(None, None, [0, 0, 0, 0], [1, 0], status="conceded")


def test_concedes_a_dealer_who_keeps_must_name_another_suit() -> None:
    st = deal(rules("house/dealer-concedes"), 3, NOTHING_FOR_THE_DEALER, "9S")
    act(st, *ROUND1, "pass", "pass", "pass", "keep")
    assert st.turn == 3 and legal(st) == ["call C", "call D", "call H"]  # not spades, no pass
    act(st, "call D", "together")
    assert (st.maker, st.fixed_by) == (3, "stuck")


def test_concedes_nobody_concedes_when_someone_made_trump() -> None:
    r = rules("house/dealer-concedes")
    st = deal(r, 3, NOTHING_FOR_THE_DEALER, "9S")
    act(st, *ROUND1, "pass", "call H")  # seat 1 names hearts in round 2
    assert st.turn == 1 and legal(st) == ["alone", "together"]
    st = deal(r, 3, NOTHING_FOR_THE_DEALER, "9S")
    act(st, "order")  # round 1: the dealer picks up, nobody is asked to concede
    assert st.turn == 3 and all(w.startswith("discard") for w in legal(st))


def test_concedes_explain_verify_and_the_bots() -> None:
    text = explain_text("house/dealer-concedes").replace("\n     ", " ")
    assert "the dealer may concede the hand (or keep playing); on a concession the hand is not played: " in text
    assert not verify("house/dealer-concedes", hands=200).findings
    r = load_rules("house/dealer-concedes")
    for bots in ([RuleBot() for _ in range(4)], [PimcBot(random.Random(s), k=2) for s in range(4)]):
        for hands in (NOTHING_FOR_THE_DEALER, SPADES_FOR_THE_DEALER):
            st = deal(r, 3, hands, "9S")
            act(st, *ROUND1, "pass", "pass", "pass")  # the dealer is stuck: concede or keep
            while not st.is_over:
                action = bots[st.turn].act(st, st.turn)
                assert action in st.legal_actions()
                st.apply(action)
            assert st.status in ("complete", "conceded")


# ------------------------------------------------------------------ a property over random deals and play
@settings(max_examples=60, deadline=None)
@given(seed=hst.integers(0, 2**32 - 1), rule=hst.sampled_from(["stuck-dealer-any-suit", "stuck-dealer-no-trump"]))
def test_only_the_stuck_dealer_has_his_choices_and_no_hand_is_redealt(seed: int, rule: str) -> None:
    """Random legal play: no hand is redealt; the turned-down suit and no-trump are named only by
    the dealer after everybody else passed both rounds, and only the dealer is ever refused a pass."""
    r = load_rules(f"house/{rule}")
    rng = random.Random(seed)
    st = r.deal(rng, seed % 4)
    codec = r.codec
    seen_stuck = False
    while not st.is_over:
        words = [codec.to_str(a) for a in st.legal_actions()]
        passes = sum(1 for _, a in st.history if codec.to_str(a) == "pass")
        stuck = st.turn == st.dealer and passes == 7 and not st.playing
        if st.turned_down >= 0 and not st.playing and any(w.startswith("call") for w in words):
            down = f"call {r.deck.suits[st.turned_down]}"
            assert (down in words) == (stuck and rule == "stuck-dealer-any-suit")
            assert ("call high" in words) == (stuck and rule == "stuck-dealer-no-trump")
            assert ("pass" not in words) == stuck
        legal_now = st.legal_actions()
        seen_stuck = seen_stuck or stuck
        # passes are likely, so that the dealer is often stuck (about one deal in five)
        st.apply(codec.PASS if "pass" in words and rng.random() < 0.8 else rng.choice(legal_now))
    assert st.status == "complete"
    STUCK_SEEN.append(seen_stuck)


STUCK_SEEN: list[bool] = []


def test_the_property_met_stuck_dealers() -> None:
    """Runs after the property (file order): a good share of its deals left the dealer stuck."""
    assert not STUCK_SEEN or sum(STUCK_SEEN) >= 3
