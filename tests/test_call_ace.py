"""Call Ace (RULES.md §9): 4–6 players, each for himself, a secret partner by a called ace.

Hands are worked out by hand; results are the exact docs/hand-records.md objects.
The random-play properties shared with the other seed-004 variants are in
test_jucre.py; here are the call-ace specifics, including that the partner
stays hidden from everybody but the holder until the ace is played.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
from handplay import act, deal, legal, refuse, result
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.compiler import compile_rules
from interpreter.errors import SpecError
from interpreter.spec.yaml_loader import LoadedYaml, load_yaml_file
from interpreter.variants import load_rules

VARIANTS_DIR = Path(__file__).resolve().parent.parent / "variants"


# --------------------------------------------------------------------- helpers


def swap(hands: list[list[str]], a: str, b: str) -> list[list[str]]:
    """The same deal with cards a and b exchanged between their holders."""
    out = copy.deepcopy(hands)
    for hand in out:
        for i, c in enumerate(hand):
            if c == a:
                hand[i] = b
            elif c == b:
                hand[i] = a
    return out


# ================================================================== spec, options


def test_call_ace_spec_shape() -> None:
    rules = load_rules("call-ace")
    assert rules.options == {"target": 10, "players": 4}
    assert rules.players == 4 and rules.n_sides == 4
    assert rules.deck.size == 32 and rules.hand_tricks == 5
    for n in (5, 6):
        rules = load_rules("call-ace", {"players": n})
        assert rules.players == n and rules.n_sides == n


@pytest.mark.parametrize("n", [4, 5, 6])
def test_call_ace_deal_fits(n: int) -> None:
    rules = load_rules("call-ace", {"players": n})
    state = rules.deal(random.Random(n), n - 1)
    hands = [state.observation(s)["hand"] for s in range(n)]
    assert all(len(h) == 5 for h in hands)
    up = state.observation(0)["upcard"]
    dealt = {c for h in hands for c in h} | {up}
    assert len(dealt) == 5 * n + 1 <= 32
    assert state.current_player == 0  # left of the dealer bids first


@pytest.mark.parametrize("bad", [{"players": 3}, {"players": 7}, {"target": 9}])
def test_call_ace_option_out_of_range(bad: dict[str, int]) -> None:
    with pytest.raises(SpecError) as info:
        load_rules("call-ace", bad)
    ((name, value),) = bad.items()
    text = str(info.value)
    assert f"{name}={value}" in text and "not allowed" in text


def call_ace_with_seven_players() -> LoadedYaml:
    doc = load_yaml_file(VARIANTS_DIR / "call-ace.yaml")
    data = copy.deepcopy(doc.data)
    data["options"]["players"]["values"] = [4, 5, 6, 7]
    return LoadedYaml(data, "call-ace-7.yaml")


def test_call_ace_seven_players_do_not_fit() -> None:
    # 7 × 5 + 1 = 36 > 32: choosing 7 players is refused with the arithmetic.
    with pytest.raises(SpecError) as info:
        compile_rules(call_ace_with_seven_players(), {"players": 7})
    assert "36" in str(info.value) and "32" in str(info.value)


def test_call_ace_every_allowed_player_count_must_fit() -> None:
    with pytest.raises(SpecError) as info:
        compile_rules(call_ace_with_seven_players(), {})  # default 4 fits, but 7 is allowed
    assert "36" in str(info.value) and "7" in str(info.value)


# ======================================================================== 4 players

# Dealer 3, 9H turned; seat 0 orders hearts, the dealer exchanges TC for it.
# Aces: AH seat 0, AS seat 1, AC seat 2, AD seat 3.
H_HANDS = [
    ["JH", "JD", "AH", "7C", "7S"],
    ["QH", "8C", "KS", "AS", "7D"],
    ["AC", "KC", "9S", "8S", "9D"],
    ["KH", "TH", "AD", "KD", "TC"],
]
H_PLAY = [
    "JH",
    "QH",
    "9D",
    "TH",
    "JD",
    "7D",
    "8S",
    "9H",
    "AH",
    "KS",
    "9S",
    "KH",
    "7C",
    "8C",
    "AC",
    "AD",  # seat 2's ace of clubs wins
    "KC",
    "KD",
    "7S",
    "AS",
]


def test_call_ace_maker_is_asked_after_the_exchange() -> None:
    rules = load_rules("call-ace")
    state = deal(rules, 3, H_HANDS, "9H")
    act(state, "order")
    assert state.current_player == 3
    refuse(state, "ace C")
    act(state, "discard TC")
    assert state.current_player == 0
    assert set(legal(state)) == {"alone", "ace C", "ace D", "ace H", "ace S"}
    refuse(state, "together")
    refuse(state, "pass")
    act(state, "ace C")
    # Straight to the first lead (dealer's left); nobody sits out.
    assert state.current_player == 0
    assert all(a in rules.deck.names() for a in legal(state))


def test_call_ace_partner_found_march_two_each() -> None:
    rules = load_rules("call-ace")
    state = act(deal(rules, 3, H_HANDS, "9H"), "order", "discard TC", "ace C", *H_PLAY)
    # Seat 0 took 3, his partner (seat 2, the ace of clubs) 2: a march together.
    assert state.result() == result(
        trump="H", maker=0, partner=2, tricks=[3, 0, 2, 0], delta=[2, 0, 2, 0], scores=[2, 0, 2, 0]
    )


def test_call_ace_partner_found_three_tricks_one_each() -> None:
    rules = load_rules("call-ace")
    # Calling spades makes seat 1 the partner; seat 2's two tricks now count against them.
    state = act(deal(rules, 3, H_HANDS, "9H", [1, 2, 3, 4]), "order", "discard TC", "ace S", *H_PLAY)
    assert state.result() == result(
        trump="H", maker=0, partner=1, tricks=[3, 0, 2, 0], delta=[1, 1, 0, 0], scores=[2, 3, 3, 4]
    )


def test_call_ace_the_trump_ace_may_be_called() -> None:
    rules = load_rules("call-ace")
    hands = swap(H_HANDS, "AH", "KS")  # seat 1 now holds the ace of trump
    state = act(
        deal(rules, 3, hands, "9H"),
        "order",
        "discard TC",
        "ace H",
        "JH",
        "AH",
        "9D",
        "TH",  # seat 1 must follow with the ace: partner shown
        "JD",
        "QH",
        "8S",
        "9H",
        "KS",
        "AS",
        "9S",
        "KH",  # seat 0 leads his new KS; the dealer trumps
        "AD",
        "7C",
        "7D",
        "AC",
        "KD",
        "7S",
        "8C",
        "KC",
    )
    # Maker and partner take 2: euchred, the two others score 2 each.
    assert state.result() == result(
        trump="H", maker=0, partner=1, tricks=[2, 0, 0, 3], delta=[0, 0, 2, 2], scores=[0, 0, 2, 2]
    )


def test_call_ace_own_ace_means_alone() -> None:
    rules = load_rules("call-ace")
    state = act(deal(rules, 3, H_HANDS, "9H"), "order", "discard TC", "ace H", *H_PLAY)
    assert state.result() == result(
        trump="H", maker=0, alone=[0], tricks=[3, 0, 2, 0], delta=[1, 0, 0, 0], scores=[1, 0, 0, 0]
    )


def test_call_ace_own_ace_hidden_from_the_others_until_played() -> None:
    rules = load_rules("call-ace")
    state = act(deal(rules, 3, H_HANDS, "9H"), "order", "discard TC", "ace H", *H_PLAY[:8])
    for seat in (1, 2, 3):
        assert state.observation(seat)["alone"] == [] and state.observation(seat)["partner"] is None
    act(state, "AH")  # seat 0 leads his own ace: now everybody knows he is alone
    assert [state.observation(s)["alone"] for s in range(4)] == [[0], [0], [0], [0]]
    assert [state.observation(s)["partner"] for s in range(4)] == [None] * 4


def test_call_ace_own_ace_maker_knows_he_is_alone() -> None:
    rules = load_rules("call-ace")
    state = act(deal(rules, 3, H_HANDS, "9H"), "order", "discard TC", "ace H")
    assert state.observation(0)["alone"] == [0]
    assert [state.observation(s)["alone"] for s in (1, 2, 3)] == [[], [], []]


def test_call_ace_undealt_ace_means_alone() -> None:
    rules = load_rules("call-ace")
    hands = [list(h) for h in H_HANDS]
    hands[3][hands[3].index("AD")] = "QD"  # the ace of diamonds stays in the pack
    play_ = [c if c != "AD" else "QD" for c in H_PLAY]
    state = act(deal(rules, 3, hands, "9H"), "order", "discard TC", "ace D", *play_)
    assert state.result() == result(
        trump="H", maker=0, alone=[0], tricks=[3, 0, 2, 0], delta=[1, 0, 0, 0], scores=[1, 0, 0, 0]
    )


def test_call_ace_discarded_ace_means_alone() -> None:
    rules = load_rules("call-ace")
    # The dealer lays the ace of diamonds away: by the call nobody holds it.
    play_ = [c if c != "AD" else "TC" for c in H_PLAY]
    state = act(deal(rules, 3, H_HANDS, "9H"), "order", "discard AD", "ace D", *play_)
    assert state.result() == result(
        trump="H", maker=0, alone=[0], tricks=[3, 0, 2, 0], delta=[1, 0, 0, 0], scores=[1, 0, 0, 0]
    )


def test_call_ace_turned_down_ace_means_alone() -> None:
    rules = load_rules("call-ace")
    hands = [list(h) for h in H_HANDS]
    hands[3][hands[3].index("AD")] = "9H"  # the ace of diamonds is turned up instead
    state = deal(rules, 3, hands, "AD")
    act(state, "pass", "pass", "pass", "pass", "call H", "ace D")
    act(
        state,
        "JH",
        "QH",
        "9D",
        "TH",
        "JD",
        "7D",
        "8S",
        "9H",
        "AH",
        "KS",
        "9S",
        "KH",
        "7C",
        "8C",
        "AC",
        "TC",
        "KC",
        "KD",
        "7S",
        "AS",
    )
    assert state.result() == result(
        trump="H", maker=0, alone=[0], tricks=[3, 0, 2, 0], delta=[1, 0, 0, 0], scores=[1, 0, 0, 0]
    )


def test_call_ace_dealer_picked_up_ace_makes_him_partner() -> None:
    rules = load_rules("call-ace")
    hands = [list(h) for h in H_HANDS]
    hands[3][hands[3].index("AD")] = "9H"
    # The ace of diamonds is turned up and ordered: the dealer holds it at the call.
    state = deal(rules, 3, hands, "AD")
    act(state, "order", "discard TC", "ace D")
    assert state.observation(3)["partner"] == 3
    assert state.observation(0)["partner"] is None


# C hand: seat 0 holds the five best cards.
C_HANDS = [
    ["JH", "JD", "AH", "KH", "AC"],
    ["QH", "7C", "KS", "AS", "7D"],
    ["8H", "QC", "9S", "8S", "9D"],
    ["TH", "KD", "AD", "TC", "8C"],
]
C_PLAY = [
    "JH",
    "QH",
    "8H",
    "TH",
    "JD",
    "7D",
    "9D",
    "9H",
    "AH",
    "KS",
    "9S",
    "TC",
    "KH",
    "AS",
    "8S",
    "KD",
    "AC",
    "7C",
    "QC",
    "AD",
]


@pytest.mark.parametrize(
    ("call", "alone", "partner", "delta"),
    [
        ("alone", [0], None, [4, 0, 0, 0]),  # lone march: the number of players
        ("ace C", [0], None, [4, 0, 0, 0]),  # his own ace: alone all the same
        ("ace S", [], 1, [2, 2, 0, 0]),  # march with a partner: 2 each with 4 players
        ("ace D", [], 3, [2, 0, 0, 2]),
    ],
)
def test_call_ace_march_four_players(call: str, alone: list[int], partner: int | None, delta: list[int]) -> None:
    rules = load_rules("call-ace")
    state = deal(rules, 3, C_HANDS, "9H")
    act(state, "order", "discard 8C", call)
    if call == "alone":
        obs = state.observation(2)
        assert obs["alone"] == [0] and obs["partner"] is None
    act(state, *C_PLAY)
    assert state.result() == result(
        trump="H", maker=0, alone=alone, partner=partner, tricks=[5, 0, 0, 0], delta=delta, scores=delta
    )


def test_call_ace_euchred_all_others_two() -> None:
    rules = load_rules("call-ace")
    state = deal(rules, 3, H_HANDS, "9H")
    # Seat 1 orders hearts with one trump and calls the ace of diamonds: seat 3.
    act(state, "pass", "order", "discard TC", "ace D", *H_PLAY)
    assert state.result() == result(
        trump="H", maker=1, partner=3, tricks=[3, 0, 2, 0], delta=[2, 0, 2, 0], scores=[2, 0, 2, 0]
    )


def test_call_ace_lone_euchred_all_others_two() -> None:
    rules = load_rules("call-ace")
    state = act(deal(rules, 3, H_HANDS, "9H"), "pass", "order", "discard TC", "alone", *H_PLAY)
    assert state.result() == result(
        trump="H", maker=1, alone=[1], tricks=[3, 0, 2, 0], delta=[2, 0, 2, 2], scores=[2, 0, 2, 2]
    )


@pytest.mark.parametrize(
    ("before", "scores", "winners"),
    [
        ([9, 0, 8, 9], [11, 0, 10, 9], [0]),  # two reach the target: the highest wins
        ([9, 0, 9, 5], [11, 0, 11, 5], [0, 2]),  # an exact tie shares the win
        ([7, 9, 7, 9], [9, 9, 9, 9], []),
    ],
)
def test_call_ace_match_end_highest_wins(before: list[int], scores: list[int], winners: list[int]) -> None:
    rules = load_rules("call-ace")
    state = act(deal(rules, 3, H_HANDS, "9H", before), "pass", "order", "discard TC", "ace D", *H_PLAY)
    assert state.result() == result(
        trump="H", maker=1, partner=3, tricks=[3, 0, 2, 0], delta=[2, 0, 2, 0], scores=scores, winners=winners
    )


def test_call_ace_target_option() -> None:
    rules = load_rules("call-ace", {"target": 5})
    state = act(deal(rules, 3, H_HANDS, "9H", [3, 4, 3, 0]), "order", "discard TC", "ace C", *H_PLAY)
    assert state.result()["scores"] == [5, 4, 5, 0]
    assert state.result()["winners"] == [0, 2]


# ======================================================================== 6 players

# Dealer 5, 7H turned; the QD stays in the pack. Aces: AH seat 0, AC seat 1, AS seat 4, AD seat 5.
K_HANDS = [
    ["JH", "JD", "AH", "KH", "7C"],
    ["AC", "8C", "7S", "8S", "7D"],
    ["QH", "9C", "9S", "TS", "8D"],
    ["TH", "TC", "JS", "QS", "9D"],
    ["9H", "JC", "KS", "AS", "TD"],
    ["8H", "QC", "KC", "AD", "KD"],
]
K_PLAY = [
    "JH",
    "7D",
    "QH",
    "TH",
    "9H",
    "7H",
    "JD",
    "7S",
    "8D",
    "9D",
    "TD",
    "8H",
    "AH",
    "8S",
    "9S",
    "QS",
    "KS",
    "KD",
    "7C",
    "AC",
    "9C",
    "TC",
    "JC",
    "KC",  # seat 1's ace of clubs wins
    "8C",
    "TS",
    "JS",
    "AS",
    "AD",
    "KH",
]  # he leads 8C; seat 0 trumps it


def test_call_ace_six_players_partner_march_three_each() -> None:
    rules = load_rules("call-ace", {"players": 6})
    state = act(deal(rules, 5, K_HANDS, "7H"), "order", "discard QC", "ace C", *K_PLAY)
    assert state.result() == result(
        trump="H", maker=0, partner=1, tricks=[4, 1, 0, 0, 0, 0], delta=[3, 3, 0, 0, 0, 0], scores=[3, 3, 0, 0, 0, 0]
    )


def test_call_ace_six_players_euchred_every_other_two() -> None:
    rules = load_rules("call-ace", {"players": 6})
    # Seat 1 orders and calls the ace of spades (seat 4): they take 1.
    state = act(deal(rules, 5, K_HANDS, "7H"), "pass", "order", "discard QC", "ace S", *K_PLAY)
    assert state.result() == result(
        trump="H", maker=1, partner=4, tricks=[4, 1, 0, 0, 0, 0], delta=[2, 0, 2, 2, 0, 2], scores=[2, 0, 2, 2, 0, 2]
    )


def test_call_ace_six_players_lone_euchred() -> None:
    rules = load_rules("call-ace", {"players": 6})
    state = act(deal(rules, 5, K_HANDS, "7H"), "pass", "order", "discard QC", "alone", *K_PLAY)
    assert state.result() == result(
        trump="H", maker=1, alone=[1], tricks=[4, 1, 0, 0, 0, 0], delta=[2, 0, 2, 2, 2, 2], scores=[2, 0, 2, 2, 2, 2]
    )


# Seat 0 holds the ace of clubs instead of the 7: he takes all five.
K2_HANDS = swap(K_HANDS, "AC", "7C")
K2_PLAY = K_PLAY[:18] + ["AC", "7C", "9C", "TC", "JC", "KC", "KH", "8C", "TS", "JS", "AS", "AD"]


@pytest.mark.parametrize(
    ("call", "alone", "partner", "delta"),
    [
        ("alone", [0], None, [6, 0, 0, 0, 0, 0]),  # lone march: the number of players
        ("ace C", [0], None, [6, 0, 0, 0, 0, 0]),  # his own ace
        ("ace D", [], 5, [3, 0, 0, 0, 0, 3]),  # the dealer's ace: march, 3 each with 6 players
    ],
)
def test_call_ace_six_players_march(call: str, alone: list[int], partner: int | None, delta: list[int]) -> None:
    rules = load_rules("call-ace", {"players": 6})
    state = act(deal(rules, 5, K2_HANDS, "7H"), "order", "discard QC", call, *K2_PLAY)
    assert state.result() == result(
        trump="H", maker=0, alone=alone, partner=partner, tricks=[5, 0, 0, 0, 0, 0], delta=delta, scores=delta
    )


def test_call_ace_five_players_march_three_each() -> None:
    rules = load_rules("call-ace", {"players": 5})
    # K2 without seat 5; seat 4 deals and lays away TD for the upcard.
    hands = [list(h) for h in K2_HANDS[:5]]
    play_ = [
        "JH",
        "7D",
        "QH",
        "TH",
        "9H",
        "JD",
        "7S",
        "8D",
        "9D",
        "7H",
        "AH",
        "8S",
        "9S",
        "QS",
        "KS",
        "AC",
        "7C",
        "9C",
        "TC",
        "JC",
        "KH",
        "8C",
        "TS",
        "JS",
        "AS",
    ]
    state = act(deal(rules, 4, hands, "7H"), "order", "discard TD", "ace S", *play_)
    assert state.result() == result(
        trump="H", maker=0, partner=4, tricks=[5, 0, 0, 0, 0], delta=[3, 0, 0, 0, 3], scores=[3, 0, 0, 0, 3]
    )


# ================================================================ hidden partner


def test_call_ace_partner_hidden_until_the_ace_is_played() -> None:
    """Two deals differing only in which of seats 1 and 2 holds the AC (swapped with the 8C).

    The maker (0) and the other non-holder (3) must see exactly the same thing in
    both deals until the AC or 8C is played; the holder knows from the call on.
    """
    rules = load_rules("call-ace")
    deal_a = H_HANDS  # seat 2 holds AC, seat 1 the 8C
    deal_b = swap(H_HANDS, "AC", "8C")  # seat 1 holds AC, seat 2 the 8C
    assert deal_b[1] == ["QH", "AC", "KS", "AS", "7D"] and deal_b[2] == ["8C", "KC", "9S", "8S", "9D"]
    a = deal(rules, 3, deal_a, "9H")
    b = deal(rules, 3, deal_b, "9H")
    common = ["order", "discard TC", "ace C", *H_PLAY[:12], "7C"]
    for text in common:
        act(a, text)
        act(b, text)
        for seat in (0, 3):
            assert a.observation(seat) == b.observation(seat), f"seat {seat} tells the deals apart after {text}"
    # Before the ace is played: only the holder knows.
    for state, holder in ((a, 2), (b, 1)):
        for seat in range(4):
            obs = state.observation(seat)
            assert obs["alone"] == []
            assert obs["partner"] == (holder if seat == holder else None)
            assert "ace C" in [x for _, x in obs["history"]]  # the call itself is public
    # Deal B: seat 1 plays the AC at once: everybody learns it.
    act(b, "AC")
    assert [b.observation(s)["partner"] for s in range(4)] == [1, 1, 1, 1]
    # Deal A: seat 1 plays the 8C; still secret; then seat 2's AC reveals him.
    act(a, "8C")
    assert [a.observation(s)["partner"] for s in range(4)] == [None, None, 2, None]
    act(a, "AC")
    assert [a.observation(s)["partner"] for s in range(4)] == [2, 2, 2, 2]
    act(a, "AD", "KC", "KD", "7S", "AS")
    act(b, "8C", "AD", "AS", "KC", "KD", "7S")
    assert a.result()["partner"] == 2 and a.result()["delta"] == [2, 0, 2, 0]
    assert b.result() == result(
        trump="H", maker=0, partner=1, tricks=[3, 2, 0, 0], delta=[2, 2, 0, 0], scores=[2, 2, 0, 0]
    )


def test_call_ace_hidden_partner_six_players() -> None:
    """Same check with six players: the AS held by seat 4 or by seat 2 (swapped with the 9S)."""
    rules = load_rules("call-ace", {"players": 6})
    deal_a = K_HANDS
    deal_b = swap(K_HANDS, "AS", "9S")
    a = deal(rules, 5, deal_a, "7H")
    b = deal(rules, 5, deal_b, "7H")
    others = (0, 1, 3, 5)
    common = ["order", "discard QC", "ace S", *K_PLAY[:12], "AH", "8S"]
    for text in common:
        act(a, text)
        act(b, text)
        for seat in others:
            assert a.observation(seat) == b.observation(seat), f"seat {seat} tells the deals apart after {text}"
    assert a.observation(4)["partner"] == 4 and b.observation(2)["partner"] == 2
    assert all(a.observation(s)["partner"] is None for s in others)


# ================================================================ properties


def called_holder(hands: list[list[str]], maker: int, ace: str) -> int | None:
    holders = [s for s, h in enumerate(hands) if ace in h and s != maker]
    return holders[0] if holders else None


@given(seed=st.integers(min_value=0, max_value=2**32 - 1), n=st.sampled_from([4, 5, 6]))
@settings(max_examples=150, deadline=None)
def test_partner_is_the_holder_and_hidden_until_played(seed: int, n: int) -> None:
    rules = load_rules("call-ace", {"players": n})
    rng = random.Random(seed)
    state = rules.deal(rng, rng.randrange(n))
    codec = rules.codec
    holder: int | None = None
    ace: str | None = None
    called = False
    shown = False
    for _ in range(200):
        if state.is_over:
            break
        text = codec.to_str(rng.choice(state.legal_actions()))
        seat = state.current_player
        if text.startswith("ace "):
            ace = "A" + text.split()[1]
            hands = [state.observation(s)["hand"] for s in range(n)]
            holder = called_holder(hands, seat, ace)
            called = True
        if text == ace:
            shown = True
        act(state, text)
        if called and ace is not None:
            for s in range(n):
                obs = state.observation(s)
                if holder is not None and (shown or s == holder):
                    assert obs["partner"] == holder
                else:
                    assert obs["partner"] is None
                own = ace in obs["hand"] or (s, f"discard {ace}") in obs["history"]
                if not shown and s != holder and not own:
                    # Not even "nobody holds it" may show before the ace is played
                    # (only the maker holding it, or the dealer who laid it away, knows).
                    assert obs["alone"] == []
    assert state.is_over
    res = state.result()
    if res["status"] == "redeal":
        return
    if called:
        assert res["partner"] == holder
        assert res["alone"] == ([] if holder is not None else [res["maker"]])
    else:
        assert res["alone"] == [res["maker"]] and res["partner"] is None
