"""Buck Euchre (RULES.md §3): hand-worked hands through the State API, and random legal play.

Every hand below was worked out by hand, trick by trick; the comments give the
tricks so a reader can check them against the rules without running anything.
Seats 0..3 clockwise, the dealer's left is dealer + 1. Scores start at 25 and go
down; `delta` is the raw change (+5 for a penalty, -1 per trick).
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

VARIANT = "buck-euchre"


@functools.cache
def rules() -> Rules:
    return load_rules(VARIANT)


# ------------------------------------------------------------ the seed hand
# Dealer 3, upcard 9H. Seat 0 orders hearts; the dealer picks up 9H, discards KC.
# Hearts trump: JH (undealt) > JD > AH > KH > QH > TH > 9H.
#   T1 s0 KH  s1 JD  s2 AH  s3 TH   -> s1 (J♦ is the left bower: seed §08)
#   T2 s1 AD  s2 KD  s3 9D  s0 9C   -> s1
#   T3 s1 9S  s2 TS  s3 KS  s0 AS   -> s0
#   T4 s0 QH  s1 QD  s2 QS  s3 9H   -> s0
#   T5 s0 TC  s1 QC  s2 AC  s3 JS   -> s2
# Tricks 2, 2, 1, 0: the chooser (2 < 3) +5, the others -2, -1, +5 (no trick).
SEED_HANDS = ["KH QH AS 9C TC", "JD AD 9S QD QC", "AH KD TS QS AC", "TH 9D KS JS KC"]
SEED_PLAY = ["KH JD AH TH", "AD KD 9D 9C", "9S TS KS AS", "QH QD QS 9H", "TC QC AC JS"]


def seed_hand(scores_before: list[int] | None = None) -> State:
    state = deal(rules(), 3, SEED_HANDS, "9H", scores_before)
    return act(state, "order", "discard KC", "stay", "stay", "stay")


def test_left_bower_takes_the_seed_trick() -> None:
    state = seed_hand()
    assert state.current_player == 0  # dealer's left leads
    act(state, "KH")
    why = refuse(state, "QD")  # J♦ is seat 1's only heart: he must play it
    assert "hearts" in why
    assert sorted(legal(state)) == ["JD"]
    act(state, "JD", "AH", "TH")
    assert state.tricks == [0, 1, 0, 0]  # J♦ beats A♥
    assert state.current_player == 1  # and its winner leads


def test_seed_scoring_example() -> None:
    state = act(seed_hand(), *SEED_PLAY)
    assert state.is_over
    assert state.result() == result("H", 0, [2, 2, 1, 0], [5, -2, -1, 5], [30, 23, 24, 30])


def test_round1_words_and_the_dealer_pickup() -> None:
    state = deal(rules(), 3, SEED_HANDS, "9H")
    assert state.current_player == 0
    assert sorted(legal(state)) == ["order", "pass"]
    refuse(state, "call S")
    refuse(state, "stay")
    act(state, "order")
    assert state.current_player == 3  # the dealer takes the upcard
    assert sorted(legal(state)) == sorted(f"discard {c}" for c in [*SEED_HANDS[3].split(), "9H"])
    refuse(state, "decline")  # he always picks it up
    act(state, "discard KC")
    assert held(state, 3) == sorted(["TH", "9D", "KS", "JS", "9H"])


def test_dealer_may_discard_the_upcard_itself() -> None:
    state = act(deal(rules(), 3, SEED_HANDS, "9H"), "order", "discard 9H")
    assert held(state, 3) == sorted(SEED_HANDS[3].split())


def test_the_chooser_is_never_asked_to_fold() -> None:
    state = act(deal(rules(), 3, SEED_HANDS, "9H"), "order", "discard KC")
    asked = []
    while sorted(legal(state)) == ["fold", "stay"]:
        asked.append(state.current_player)
        act(state, "stay")
    assert asked == [1, 2, 3]  # from the chooser's left; never seat 0
    assert state.current_player == 0
    assert sorted(legal(state)) == held(state, 0)  # straight to the first lead
    refuse(state, "fold")


def test_dealer_orders_himself_and_a_penalty_is_never_doubled() -> None:
    # Same cards and play; the dealer (seat 3) orders it himself and takes no trick:
    # +5 once (broken promise), not +5 more for the empty hand.
    state = act(deal(rules(), 3, SEED_HANDS, "9H"), "pass", "pass", "pass", "order", "discard KC")
    asked = []
    while sorted(legal(state)) == ["fold", "stay"]:
        asked.append(state.current_player)
        act(state, "stay")
    assert asked == [0, 1, 2]
    act(state, *SEED_PLAY)
    assert state.result() == result("H", 3, [2, 2, 1, 0], [-2, -2, -1, 5], [23, 23, 24, 30])


@pytest.mark.parametrize(
    ("before", "after", "winners"),
    [
        ([10, 1, 1, 10], [15, -1, 0, 15], [1]),  # two at 0 or below: the most negative wins
        ([10, 1, 0, 10], [15, -1, -1, 15], [1, 2]),  # an exact tie shares the win
        ([10, 2, 6, 10], [15, 0, 5, 15], [1]),  # exactly 0 is enough
        ([10, 3, 6, 10], [15, 1, 5, 15], []),  # nobody at 0: deal again
    ],
)
def test_winners_at_zero_or_below(before: list[int], after: list[int], winners: list[int]) -> None:
    state = act(seed_hand(before), *SEED_PLAY)
    assert state.result() == result("H", 0, [2, 2, 1, 0], [5, -2, -1, 5], after, winners=winners)


# ------------------------------------------------------------- dirty clubs
# Dealer 0, upcard 9C: clubs trump, nobody bids; 9C stays out of every hand.
# Clubs: JC > JS > AC > KC > QC > TC (9C out).
#   T1 s1 JC  s2 KC  s3 QC  s0 TC   -> s1
#   T2 s1 JS  s2 TH  s3 KH  s0 JH   -> s1 (JS is trump; JH is a plain heart)
#   T3 s1 AC  s2 QH  s3 AH  s0 QD   -> s1
#   T4 s1 9D  s2 TD  s3 AD  s0 KD   -> s3
#   T5 s3 AS  s0 KS  s1 9H  s2 9S   -> s3
DIRTY_HANDS = ["TC JH QD KD KS", "JC JS AC 9D 9H", "KC TH QH TD 9S", "QC AD AS KH AH"]
DIRTY_PLAY = ["JC KC QC TC", "JS TH KH JH", "AC QH AH QD", "9D TD AD KD", "AS KS 9H 9S"]


def test_dirty_clubs() -> None:
    state = deal(rules(), 0, DIRTY_HANDS, "9C")
    assert state.current_player == 1  # no bidding: the first action is a lead
    assert sorted(legal(state)) == held(state, 1)
    for word in ("pass", "order", "call C", "stay", "fold"):
        refuse(state, word)
    for trick in DIRTY_PLAY:
        for word in trick.split():
            assert not {"stay", "fold", "pass"} & set(legal(state))
            assert all("9C" not in held(state, s) for s in range(4))  # the upcard stays out
            act(state, word)
    # 0 tricks: +5 each; the others subtract their tricks; nobody is the maker.
    assert state.result() == result("C", None, [0, 3, 0, 2], [5, -3, 5, -2], [30, 22, 30, 23])


def test_taking_all_five_wins_at_once_whatever_the_score() -> None:
    # Dirty clubs (upcard AC, out of play); seat 1 holds the five best remaining trumps.
    hands = ["AS KS QS TS 9S", "JC JS KC QC TC", "9C AH KH QH JH", "AD KD QD JD TD"]
    state = deal(rules(), 0, hands, "AC")
    act(state, "JC 9C AD AS", "JS AH KD KS", "KC KH QD QS", "QC QH JD TS", "TC JH TD 9S")
    # The hand is still scored for everybody; seat 1 is far from 0 and wins anyway.
    assert state.result() == result("C", None, [0, 5, 0, 0], [5, -5, 5, 5], [30, 20, 30, 30], winners=[1])


# ------------------------------------------------------ round 2 and folding
# Dealer 3, upcard KH: all pass; round 2 seat 2 names spades. Asked from seat 3:
# seat 3 stays, seat 0 folds, seat 1 stays. Lead: seat 0 is out, so seat 1.
# Spades: JS > JC > AS > KS > QS > TS > 9S. Order of play 1, 2, 3 (0 skipped).
#   T1 s1 AD  s2 9D  s3 TD   -> s1
#   T2 s1 AC  s2 JC  s3 9C   -> s2 (JC is trump; seat 2 has no clubs)
#   T3 s2 JS  s3 QD  s1 9S   -> s2
#   T4 s2 AS  s3 TC  s1 KD   -> s2
#   T5 s2 9H  s3 TH  s1 AH   -> s1
FOLD_HANDS = ["QS KS TS JD JH", "AD AC 9S KD AH", "9D JC JS AS 9H", "TD 9C QD TC TH"]
FOLD_PLAY = ["AD 9D TD", "AC JC 9C", "JS QD 9S", "AS TC KD", "9H TH AH"]


def fold_hand() -> State:
    state = act(deal(rules(), 3, FOLD_HANDS, "KH"), "pass", "pass", "pass", "pass")
    assert held(state, 3) == sorted(FOLD_HANDS[3].split())  # the upcard was turned down
    assert state.current_player == 0
    assert sorted(legal(state)) == ["call C", "call D", "call S", "pass"]
    refuse(state, "call H")  # the turned-down suit
    refuse(state, "order")
    return act(state, "pass", "pass", "call S")


def test_round2_naming_and_folding() -> None:
    state = fold_hand()
    asked = []
    for answer in ("stay", "fold", "stay"):
        asked.append(state.current_player)
        assert sorted(legal(state)) == ["fold", "stay"]
        act(state, answer)
    assert asked == [3, 0, 1]  # from the namer's left, not the namer
    assert state.current_player == 1  # seat 0 folded: seat 1 leads
    for trick in FOLD_PLAY:
        for word in trick.split():
            assert state.current_player != 0
            act(state, word)
    assert held(state, 0) == sorted(FOLD_HANDS[0].split())  # his cards stayed down
    # Folded: unchanged. Namer 3 tricks: -3. Seat 1: -2. Seat 3, no trick: +5.
    assert state.result() == result("S", 2, [0, 2, 3, 0], [0, -2, -3, 5], [25, 23, 22, 30], out=[0])


# ------------------------------------------------------ all pass twice: none
# Dealer 3, upcard 9S turned down; everybody passes twice: no trump, A high, jacks plain.
#   T1 s0 AH  s1 JH  s2 9H  s3 JD   -> s0 (JH is no bower, JD no trump)
#   T2 s0 TD  s1 9D  s2 QD  s3 KD   -> s3
#   T3 s3 JC  s0 TC  s1 9C  s2 QC   -> s2 (the J of the led suit ranks between Q and T)
#   T4 s2 AS  s3 QS  s0 KC  s1 JS   -> s2
#   T5 s2 KS  s3 AD  s0 AC  s1 TS   -> s2
NT_HANDS = ["AH TD TC KC AC", "JH 9D 9C JS TS", "9H QD QC AS KS", "JD KD JC QS AD"]
NT_PLAY = ["AH JH 9H JD", "TD 9D QD KD", "JC TC 9C QC", "AS QS KC JS", "KS AD AC TS"]


def test_all_pass_twice_is_a_no_trump_hand() -> None:
    state = act(deal(rules(), 3, NT_HANDS, "9S"), *["pass"] * 4)
    assert sorted(legal(state)) == ["call C", "call D", "call H", "pass"]
    act(state, "pass", "pass", "pass")
    assert "pass" in legal(state)  # the dealer is not stuck
    act(state, "pass")
    assert state.current_player == 0  # no fold question: straight to the lead
    assert sorted(legal(state)) == held(state, 0)
    act(state, NT_PLAY[0])
    assert state.tricks == [1, 0, 0, 0]
    act(state, NT_PLAY[1], NT_PLAY[2])
    assert state.tricks == [1, 0, 1, 1]
    act(state, *NT_PLAY[3:])
    # Everybody plays and promises nothing: -tricks, or +5 with none.
    assert state.result() == result("none", None, [1, 0, 3, 1], [-1, 5, -3, -1], [24, 30, 22, 24])


# ------------------------------------------------------------ all three fold


def all_fold_hand(scores_before: list[int] | None = None) -> State:
    state = act(deal(rules(), 3, SEED_HANDS, "9H", scores_before), "order", "discard KC", "fold", "fold", "fold")
    assert state.current_player == 0  # the chooser alone leads
    for word in SEED_HANDS[0].split():
        assert state.current_player == 0
        act(state, word)  # one-card tricks
    return state


def test_all_three_fold_the_chooser_takes_five_and_wins() -> None:
    state = all_fold_hand()
    assert state.result() == result("H", 0, [5, 0, 0, 0], [-5, 0, 0, 0], [20, 25, 25, 25], out=[1, 2, 3], winners=[0])


def test_taking_all_five_is_tried_before_the_race_to_zero() -> None:
    # Contrived scores: folded seat 1 sits at 0 (unchanged), but the sweep decides the match.
    state = all_fold_hand([20, 0, 10, 10])
    assert state.result() == result("H", 0, [5, 0, 0, 0], [-5, 0, 0, 0], [15, 0, 10, 10], out=[1, 2, 3], winners=[0])


def test_nothing_is_legal_once_the_hand_is_over() -> None:
    state = all_fold_hand()
    assert state.is_over
    assert state.legal_actions() == []


# ----------------------------------------------------- random legal play

SUITS = "CDHS"
COLOUR = {"C": "black", "S": "black", "D": "red", "H": "red"}
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
    return PLAIN_LOW_TO_HIGH.index(rank)


def expected_delta(res: dict[str, Any]) -> list[int]:
    delta = []
    for seat, taken in enumerate(res["tricks"]):
        if seat in res["out"]:
            delta.append(0)
        elif (seat == res["maker"] and taken < 3) or taken == 0:
            delta.append(5)  # a broken promise or no trick: +5, never both
        else:
            delta.append(-taken)
    return delta


def expected_winners(tricks: list[int], scores: list[int]) -> list[int]:
    sweep = [s for s, t in enumerate(tricks) if t == 5]
    if sweep:
        return sweep
    low = [s for s in range(4) if scores[s] <= 0]
    if not low:
        return []
    best = min(scores[s] for s in low)
    return [s for s in low if scores[s] == best]


def play_randomly(seed: int, scores_before: list[int], pass_rate: float = 0.5) -> tuple[State, dict[str, Any]]:
    """Random legal play, checking every step against an independent model of the hand.

    `pass_rate`: how often a player who may pass does (1.0 reaches the no-trump hand).
    """
    r = rules()
    codec, deck = r.codec, r.deck
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    state = r.deal(rng, dealer, scores_before)
    name = codec.to_str
    everything = set(deck.names())
    dealt = {name(c) for h in state.hands for c in h}
    upcard = name(state.upcard)
    undealt = everything - dealt - {upcard}
    assert len(undealt) == 3 and all(len(h) == 5 for h in state.hands)
    up_suit = upcard[1]
    trump = "C" if up_suit == "C" else None
    maker = None
    folded: list[int] = []
    discarded = None
    upcard_in_hand = False
    played: list[str] = []
    trick: list[tuple[int, str]] = []
    tricks = [0] * 4
    passes = 0
    answers = 0
    discard_pending = False
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps <= 4 + 1 + 4 + 3 + 20, "a hand must end within 32 actions"
        seat = state.current_player
        assert seat is not None
        actions = state.legal_actions()
        assert actions
        action = codec.PASS if codec.PASS in actions and rng.random() < pass_rate else rng.choice(actions)
        word = name(action)
        words = sorted(name(a) for a in actions)
        hand = sorted(name(c) for c in state.hands[seat])
        if trump is None:  # bidding: round 1, then round 2
            assert seat == (dealer + 1 + passes) % 4
            round2 = ["pass", *(f"call {s}" for s in SUITS if s != up_suit)]
            assert words == sorted(["order", "pass"] if passes < 4 else round2)
            if word == "order":
                trump, maker, discard_pending = up_suit, seat, True
            elif word == "pass":
                passes += 1
                if passes == 8:
                    trump = "none"  # everybody passed twice
            else:
                trump, maker = word.split()[1], seat
        elif discard_pending:  # the dealer took the upcard
            assert seat == dealer
            assert words == sorted(f"discard {c}" for c in [*hand, upcard])
            discarded = word.split()[1]
            upcard_in_hand = discarded != upcard
            discard_pending = False
        elif maker is not None and answers < 3:  # play or fold, from the maker's left
            assert seat == (maker + 1 + answers) % 4
            assert seat != maker
            assert words == ["fold", "stay"]
            answers += 1
            if word == "fold":
                folded.append(seat)
        else:  # a card to the trick
            assert seat not in folded
            if trick:
                led = eff_suit(trick[0][1], trump)
                follow = [c for c in hand if eff_suit(c, trump) == led]
                assert words == (follow or hand)
                if follow:
                    assert eff_suit(word, trump) == led
            else:
                assert words == hand
                if not played:  # the first lead: first player in, left of the dealer
                    assert seat == next(s % 4 for s in range(dealer + 1, dealer + 5) if s % 4 not in folded)
            trick.append((seat, word))
            played.append(word)
            if len(trick) == 4 - len(folded):
                led = eff_suit(trick[0][1], trump)
                winner = max(trick, key=lambda sc: power(sc[1], trump, led))[0]
                tricks[winner] += 1
                trick = []
        state.apply(action)
        # Every card is in exactly one place: a hand, the table, or out of play.
        places: dict[str, int] = dict.fromkeys(everything, 0)
        for h in state.hands:
            for c in h:
                places[name(c)] += 1
        for c in played:
            places[c] += 1
        for c in undealt:
            places[c] += 1
        if discarded is not None:
            places[discarded] += 1
        if not upcard_in_hand and discarded != upcard:
            places[upcard] += 1
        assert set(places.values()) == {1}, {c: k for c, k in places.items() if k != 1}
    assert len(played) == 5 * (4 - len(folded))
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
    assert res["trump"] == trump
    assert res["maker"] == maker
    assert res["contract"] is None and res["alone"] == [] and res["partner"] is None
    assert res["out"] == sorted(folded)
    assert res["tricks"] == tricks
    if trump in ("C", "none") and maker is None:
        assert folded == []  # no folding in dirty clubs or no-trump hands
    return state, res


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    scores_before=st.lists(st.integers(min_value=1, max_value=25), min_size=4, max_size=4),
    pass_rate=st.sampled_from([0.5, 0.9, 1.0]),
)
def test_random_hands_follow_the_rules(seed: int, scores_before: list[int], pass_rate: float) -> None:
    _, res = play_randomly(seed, scores_before, pass_rate)
    delta = expected_delta(res)
    assert res["delta"] == delta
    scores = [b + d for b, d in zip(scores_before, delta, strict=True)]
    assert res["scores"] == scores
    assert res["winners"] == expected_winners(res["tricks"], scores)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_random_hands_from_the_start_score(seed: int) -> None:
    # The default scores_before is the variant's start: 25 each.
    r = rules()
    rng = random.Random(seed)
    state = r.deal(rng, rng.randrange(4))
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    res = state.result()
    assert res["scores"] == [25 + d for d in res["delta"]]
    assert sum(res["tricks"]) == 5
