"""Jucre and its variants (RULES.md §5–§8), played through the State API.

Every hand below is worked out by hand from the rules; the expected results are
the exact docs/hand-records.md objects. The property tests at the end play random
legal hands of all five seed-004 variants (call-ace included) and check what
must hold in any hand: every card in exactly one place, suit followed when
able, every hand ends, and the score change follows the variant's table
(recomputed here, independently of the spec).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from handplay import act, deal, legal, refuse, result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.errors import SpecError, TrickSpecError
from interpreter.variants import load_rules

# --------------------------------------------------------------------- helpers

COLOUR = {"C": "black", "S": "black", "D": "red", "H": "red"}
RANKS_LOW_TO_HIGH = "789TJQKA"


def eff_suit(card: str, trump: str | None) -> str:
    """The suit a card follows, worked out from its name (independent of the engine)."""
    if card == "JK":
        assert trump is not None
        return trump
    rank, suit = card[:-1], card[-1]
    if trump in COLOUR and rank == "J" and COLOUR[suit] == COLOUR[trump]:
        return trump
    return suit


def trick_winner(rules: Any, trump: str, cards: list[str]) -> int:
    """Play one trick of the given cards in trump `trump`; index (in `cards`) of its winner.

    Dealer 0, all pass round 1, seat 1 names `trump` and leads `cards[0]`; the
    other seats play the rest in turn. Every seat's other cards avoid the led
    suit, so each given card is a legal play.
    """
    n = rules.players
    assert len(cards) == n
    names = list(rules.deck.names())
    led = eff_suit(cards[0], trump)
    pool = [c for c in names if c not in cards and eff_suit(c, trump) != led]
    upcard = next(c for c in pool if c != "JK" and c[-1] != trump)
    pool.remove(upcard)
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, card in enumerate(cards):
        hands[(1 + i) % n].append(card)
    for hand in hands:
        while len(hand) < rules.hand_tricks:
            hand.append(pool.pop())
    state = deal(rules, 0, hands, upcard)
    for _ in range(n):
        act(state, "pass")
    act(state, f"call {trump}")
    if "together" in legal(state):
        act(state, "together")
    act(state, *cards)
    winners = [i for i in range(n) if state.observation(0)["tricks"][(1 + i) % n] == 1]
    assert len(winners) == 1
    return winners[0]


def check_order(rules: Any, trump: str, high_to_low: list[str], others: list[str]) -> None:
    """Each card beats the next one, whether it is led or played second."""
    for hi, lo in zip(high_to_low, high_to_low[1:], strict=False):
        assert trick_winner(rules, trump, [lo, hi, *others]) == 1, f"{hi} should beat {lo} led"
        assert trick_winner(rules, trump, [hi, lo, *others]) == 0, f"{hi} led should beat {lo}"


# ========================================================================= jucre

# Hand A: seat 0 orders hearts, is euchred (1 trick). Dealer 3 exchanges TC for the 9H.
A_HANDS = [
    ["JH", "7H", "AC", "7S", "8D"],
    ["JD", "AH", "KS", "AS", "7C"],
    ["8H", "QC", "9S", "8S", "9D"],
    ["KH", "QH", "AD", "KD", "TC"],
]
A_ACTIONS = [
    "order",
    "discard TC",
    "together",
    "JH",
    "AH",
    "8H",
    "KH",  # right bower wins; seat 1 must follow with AH
    "7H",
    "JD",
    "QC",
    "QH",  # seat 1's last trump is the left bower: it follows hearts
    "AS",
    "9S",
    "9H",
    "7S",  # the dealer trumps with the picked-up 9H
    "AD",
    "8D",
    "7C",
    "9D",
    "KD",
    "AC",
    "KS",
    "8S",
]

# Hand B: seat 0 orders hearts and makes 3 tricks.
B_HANDS = [
    ["JH", "JD", "AC", "AD", "7S"],
    ["AH", "7H", "KS", "AS", "7C"],
    ["8H", "QC", "9S", "8S", "9D"],
    ["KH", "QH", "8D", "KD", "TC"],
]
B_ACTIONS = [
    "order",
    "discard TC",
    "together",
    "JH",
    "7H",
    "8H",
    "KH",
    "JD",
    "AH",
    "QC",
    "QH",
    "AC",
    "7C",
    "9D",
    "9H",
    "KD",
    "AD",
    "KS",
    "8S",
    "7S",
    "AS",
    "9S",
    "8D",
]

# Hand C: seat 0 has the five top cards; alone or together he takes all five.
C_HANDS = [
    ["JH", "JD", "AH", "KH", "AC"],
    ["QH", "7C", "KS", "AS", "7D"],
    ["8H", "QC", "9S", "8S", "9D"],
    ["TH", "KD", "AD", "TC", "8C"],
]
C_PLAY_ALONE = ["JH", "QH", "TH", "JD", "7D", "9H", "AH", "KS", "TC", "KH", "AS", "KD", "AC", "7C", "AD"]
C_PLAY_TOGETHER = [
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


def test_jucre_spec_shape() -> None:
    rules = load_rules("jucre")
    assert rules.name == "jucre"
    assert rules.players == 4
    assert rules.deck.size == 32
    assert sorted({c[:-1] for c in rules.deck.names()}, key=RANKS_LOW_TO_HIGH.index) == list(RANKS_LOW_TO_HIGH)
    assert rules.options == {"target": 10}
    assert rules.hand_tricks == 5


def test_jucre_trump_order_32_cards() -> None:
    rules = load_rules("jucre")
    # Right bower > left bower > A > K > Q > T > 9 > 8 > 7 (the 7 lowest).
    check_order(rules, "H", ["JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H"], ["7C", "8C"])
    check_order(rules, "S", ["JS", "JC", "AS", "KS", "QS", "TS", "9S", "8S", "7S"], ["7D", "8D"])


def test_jucre_plain_order_32_cards() -> None:
    rules = load_rules("jucre")
    # A plain jack sits between the queen and the ten; the 7 is lowest.
    check_order(rules, "H", ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"], ["7C", "8C"])
    # The left bower's printed suit simply lacks its jack: Q then T.
    check_order(rules, "H", ["AD", "KD", "QD", "TD", "9D", "8D", "7D"], ["7C", "8C"])


def test_jucre_trump_beats_plain_and_left_bower_is_trump() -> None:
    rules = load_rules("jucre")
    assert trick_winner(rules, "H", ["AS", "7H", "KS", "QS"]) == 1
    # The left bower led is a trump lead; the 7 of trump does not lose to an ace of diamonds.
    assert trick_winner(rules, "H", ["JD", "AD", "7H", "KD"]) == 0
    assert trick_winner(rules, "H", ["AD", "JD", "KD", "QD"]) == 1


def test_jucre_left_bower_need_not_follow_its_printed_suit() -> None:
    rules = load_rules("jucre")
    # Hearts trump; seat 1 holds JD and no other diamond: on a diamond lead he may play anything.
    state = deal(
        rules,
        3,
        [
            ["AD", "7C", "8C", "9C", "TC"],
            ["JD", "AS", "KS", "QS", "JS"],
            ["7D", "8S", "9S", "TS", "QC"],
            ["8D", "9D", "TD", "QD", "KD"],
        ],
        "7S",
    )
    act(state, "pass", "pass", "pass", "pass", "call H", "together", "AD")
    assert set(legal(state)) == {"JD", "AS", "KS", "QS", "JS"}
    # …but on a heart lead the left bower is his only trump and he must play it.
    state = deal(
        rules,
        3,
        [
            ["AH", "7C", "8C", "9C", "TC"],
            ["JD", "AS", "KS", "QS", "JS"],
            ["7D", "8S", "9S", "TS", "QC"],
            ["8D", "9D", "TD", "QD", "KD"],
        ],
        "9H",
    )
    act(state, "order", "discard 8D", "together", "AH")
    assert set(legal(state)) == {"JD"}
    assert "must follow hearts" in refuse(state, "AS")


def test_jucre_euchre_is_worth_three() -> None:
    rules = load_rules("jucre")
    state = deal(rules, 3, A_HANDS, "9H")
    act(state, *A_ACTIONS)
    assert state.result() == result(trump="H", maker=0, tricks=[1, 1, 0, 3], delta=[0, 3], scores=[0, 3])


def test_jucre_dealer_exchanges_a_dealt_card_for_the_upcard() -> None:
    rules = load_rules("jucre")
    state = deal(rules, 3, A_HANDS, "9H")
    act(state, "order")
    assert state.current_player == 3
    # He exchanges a card of his hand for the upcard: laying the upcard itself away is no exchange.
    refuse(state, "discard 9H")
    refuse(state, "decline")
    assert set(legal(state)) == {f"discard {c}" for c in A_HANDS[3]}
    act(state, "discard TC")
    obs = state.observation(3)
    assert obs["upcard_taken"] is True
    assert sorted(obs["hand"]) == sorted(["KH", "QH", "AD", "KD", "9H"])
    # The others see that he discarded, not what.
    assert state.observation(0)["history"][-1] == (3, "discard")


def test_jucre_made_scores_one() -> None:
    rules = load_rules("jucre")
    state = deal(rules, 3, B_HANDS, "9H")
    act(state, *B_ACTIONS)
    assert state.result() == result(trump="H", maker=0, tricks=[3, 1, 0, 1], delta=[1, 0], scores=[1, 0])


def test_jucre_march_scores_two() -> None:
    rules = load_rules("jucre")
    state = deal(rules, 3, C_HANDS, "9H")
    act(state, "order", "discard 8C", "together", *C_PLAY_TOGETHER)
    assert state.result() == result(trump="H", maker=0, tricks=[5, 0, 0, 0], delta=[2, 0], scores=[2, 0])


def test_jucre_lone_march_scores_four_partner_sits_out() -> None:
    rules = load_rules("jucre")
    state = deal(rules, 3, C_HANDS, "9H")
    act(state, "order", "discard 8C")
    assert state.current_player == 0 and set(legal(state)) == {"alone", "together"}
    act(state, "alone")
    # Only the maker is asked; play starts at the dealer's left (seat 0); seat 2 is skipped.
    assert state.current_player == 0
    act(state, *C_PLAY_ALONE[:2])
    assert state.current_player == 3
    act(state, *C_PLAY_ALONE[2:])
    assert state.result() == result(
        trump="H", maker=0, alone=[0], out=[2], tricks=[5, 0, 0, 0], delta=[4, 0], scores=[4, 0]
    )


def test_jucre_lone_maker_three_tricks_scores_one() -> None:
    rules = load_rules("jucre")
    # Hand B, seat 0 alone: his partner's cards are gone, tricks change.
    state = deal(rules, 3, B_HANDS, "9H")
    act(
        state,
        "order",
        "discard TC",
        "alone",
        "JH",
        "7H",
        "KH",  # seat 0, seat 1, seat 3 (seat 2 out)
        "JD",
        "AH",
        "QH",
        "AC",
        "7C",
        "9H",  # the dealer trumps
        "KD",
        "AD",
        "KS",
        "7S",
        "AS",
        "8D",
    )
    assert state.result() == result(
        trump="H", maker=0, alone=[0], out=[2], tricks=[3, 1, 0, 1], delta=[1, 0], scores=[1, 0]
    )


def test_jucre_lone_maker_euchred_gives_three() -> None:
    rules = load_rules("jucre")
    state = deal(rules, 3, A_HANDS, "9H")
    act(
        state,
        "order",
        "discard TC",
        "alone",
        "JH",
        "AH",
        "KH",
        "7H",
        "JD",
        "QH",
        "AS",
        "9H",
        "7S",
        "AD",
        "8D",
        "7C",
        "KD",
        "AC",
        "KS",
    )
    assert state.result() == result(
        trump="H", maker=0, alone=[0], out=[2], tricks=[1, 1, 0, 3], delta=[0, 3], scores=[0, 3]
    )


def test_jucre_defenders_never_go_alone() -> None:
    rules = load_rules("jucre")
    state = deal(rules, 3, A_HANDS, "9H")
    act(state, "order", "discard TC", "together")
    # Straight to the first lead: nobody else is asked.
    assert state.current_player == 0
    refuse(state, "alone")
    assert all(a in state.rules.deck.names() for a in legal(state))


def lone_hand_seat_three_out() -> Any:
    """Hand A, but seat 1 orders and goes alone: the dealer (seat 3) picks up, then sits out."""
    rules = load_rules("jucre")
    state = deal(rules, 3, A_HANDS, "9H")
    act(
        state,
        "pass",
        "order",
        "discard TC",
        "alone",
        "JH",
        "AH",
        "8H",  # seat 0 leads; seat 3 is skipped
        "7H",
        "JD",
        "QC",
        "AS",
        "9S",
        "7S",
        "KS",
        "8S",
        "AC",
        "7C",
        "9D",
        "8D",
    )
    return state


def test_jucre_lone_maker_seat_one_dealer_sits_out() -> None:
    state = lone_hand_seat_three_out()
    assert state.result() == result(
        trump="H", maker=1, alone=[1], out=[3], tricks=[1, 4, 0, 0], delta=[0, 1], scores=[0, 1]
    )
    assert state.is_over and state.current_player is None
    assert state.why_illegal(state.rules.codec.parse("KH")) == "the hand is over"


def test_no_legal_actions_once_the_hand_is_over() -> None:
    # Regression: with seat 3 sitting out, legal_actions() once returned his unplayed cards.
    state = lone_hand_seat_three_out()
    assert state.legal_actions() == []


def test_jucre_round_two_other_suits_and_redeal() -> None:
    rules = load_rules("jucre")
    state = deal(rules, 3, A_HANDS, "9H", [4, 6])
    act(state, "pass", "pass", "pass", "pass")
    assert state.observation(1)["turned_down"] == "H"
    assert state.current_player == 0
    assert set(legal(state)) == {"pass", "call C", "call D", "call S"}
    assert "not allowed" in refuse(state, "call H")
    refuse(state, "order")
    act(state, "pass", "pass", "pass", "pass")
    assert state.is_over
    assert state.result() == {
        "status": "redeal",
        "trump": None,
        "maker": None,
        "contract": None,
        "alone": [],
        "partner": None,
        "out": [],
        "tricks": [0, 0, 0, 0],
        "delta": [0, 0],
        "scores": [4, 6],
        "winners": [],
    }


def test_jucre_round_two_call_makes_the_maker() -> None:
    rules = load_rules("jucre")
    state = deal(rules, 3, A_HANDS, "9H")
    act(state, "pass", "pass", "pass", "pass", "pass", "call D")
    obs = state.observation(0)
    assert obs["trump"] == "D" and obs["maker"] == 1 and obs["upcard_taken"] is False
    assert state.current_player == 1 and set(legal(state)) == {"alone", "together"}


# ---------------------------------------------------------------- target option


def test_jucre_target_default_is_ten() -> None:
    rules = load_rules("jucre")
    assert rules.options["target"] == 10
    state = act(deal(rules, 3, B_HANDS, "9H", [6, 2]), *B_ACTIONS)
    assert state.result() == result(trump="H", maker=0, tricks=[3, 1, 0, 1], delta=[1, 0], scores=[7, 2])
    state = act(deal(rules, 3, B_HANDS, "9H", [9, 2]), *B_ACTIONS)
    assert state.result()["scores"] == [10, 2] and state.result()["winners"] == [0]


def test_jucre_target_seven_side_at_six_scoring_one_wins() -> None:
    rules = load_rules("jucre", {"target": 7})
    assert rules.options == {"target": 7}
    state = act(deal(rules, 3, B_HANDS, "9H", [6, 2]), *B_ACTIONS)
    assert state.result() == result(trump="H", maker=0, tricks=[3, 1, 0, 1], delta=[1, 0], scores=[7, 2], winners=[0])
    # A euchre from 4 reaches 7 for the defenders.
    state = act(deal(rules, 3, A_HANDS, "9H", [5, 4]), *A_ACTIONS)
    assert state.result()["scores"] == [5, 7] and state.result()["winners"] == [1]


def test_jucre_target_five() -> None:
    rules = load_rules("jucre", {"target": 5})
    state = act(deal(rules, 3, C_HANDS, "9H", [3, 4]), "order", "discard 8C", "together", *C_PLAY_TOGETHER)
    assert state.result()["scores"] == [5, 4] and state.result()["winners"] == [0]


@pytest.mark.parametrize("bad", [0, 6, 8, 11, 15])
def test_jucre_target_out_of_range_is_refused(bad: int) -> None:
    with pytest.raises(SpecError) as info:
        load_rules("jucre", {"target": bad})
    text = str(info.value)
    assert "target" in text and str(bad) in text
    assert "5, 7, 10" in text


def test_jucre_unknown_option_is_refused() -> None:
    with pytest.raises(TrickSpecError) as info:
        load_rules("jucre", {"players": 4})
    assert "unknown option 'players'" in str(info.value)
    assert "target" in str(info.value)  # names the options it has


# ------------------------------------------------------------- first dealer draw


class ScriptedRng(random.Random):
    """Hands out the given draws, one round per `sample` call; anything else is an error."""

    def __init__(self, rules: Any, rounds: list[list[str]]) -> None:
        super().__init__(0)
        self.rounds = [[rules.deck.parse(c) for c in r] for r in rounds]

    def sample(self, population: Any, k: int, **kw: Any) -> list[int]:  # type: ignore[override]
        assert self.rounds, "more draws than scripted"
        cards = self.rounds.pop(0)
        assert len(cards) == k, f"drew {k} cards, {len(cards)} scripted"
        assert all(c in population for c in cards)
        return cards

    def randrange(self, *a: Any, **kw: Any) -> int:  # type: ignore[override]
        raise AssertionError("the first dealer must be drawn, not chosen at random")


def test_first_dealer_lowest_card_deals() -> None:
    rules = load_rules("jucre")
    rng = ScriptedRng(rules, [["KS", "7H", "9D", "AC"]])
    assert rules.draw_first_dealer(rng) == (1, [[(0, "KS"), (1, "7H"), (2, "9D"), (3, "AC")]])
    # Suits do not matter; rank order 7 8 9 T J Q K A.
    rng = ScriptedRng(rules, [["JC", "QD", "TS", "KH"]])
    assert rules.draw_first_dealer(rng)[0] == 2
    rng = ScriptedRng(rules, [["AC", "KD", "QS", "JH"]])
    assert rules.draw_first_dealer(rng)[0] == 3


def test_first_dealer_ties_redraw_among_the_tied() -> None:
    rules = load_rules("jucre")
    rng = ScriptedRng(rules, [["7S", "QH", "7D", "9C"], ["KD", "8H"]])
    dealer, rounds = rules.draw_first_dealer(rng)
    assert dealer == 2
    assert rounds == [[(0, "7S"), (1, "QH"), (2, "7D"), (3, "9C")], [(0, "KD"), (2, "8H")]]
    # A three-way tie, then a two-way tie, then a decision.
    rng = ScriptedRng(rules, [["9S", "9H", "9C", "AD"], ["TC", "7C", "7D"], ["KH", "QH"]])
    dealer, rounds = rules.draw_first_dealer(rng)
    assert dealer == 2
    assert [[s for s, _ in r] for r in rounds] == [[0, 1, 2, 3], [0, 1, 2], [1, 2]]
    assert not rng.rounds


def rank_value(card: str) -> int:
    return len(RANKS_LOW_TO_HIGH) if card == "JK" else RANKS_LOW_TO_HIGH.index(card[:-1])


def check_draws(players: int, dealer: int, rounds: list[list[tuple[int, str]]]) -> None:
    """Independent check of a draw: each round's lowest redraw; the last round has one lowest."""
    contenders = list(range(players))
    for k, draws in enumerate(rounds):
        assert [s for s, _ in draws] == contenders
        assert len({c for _, c in draws}) == len(draws)
        low = min(rank_value(c) for _, c in draws)
        lowest = [s for s, c in draws if rank_value(c) == low]
        if k < len(rounds) - 1:
            assert len(lowest) > 1
            contenders = lowest
        else:
            assert lowest == [dealer]


def test_first_dealer_seeded_draw_with_a_tie() -> None:
    rules = load_rules("jucre")
    tied = None
    for seed in range(500):
        dealer, rounds = rules.draw_first_dealer(random.Random(seed))
        check_draws(4, dealer, rounds)
        if len(rounds) > 1 and tied is None:
            tied = seed
    assert tied is not None, "no seed in 0..499 gave a tie"
    dealer, rounds = rules.draw_first_dealer(random.Random(tied))
    assert len(rounds) >= 2
    assert rules.draw_first_dealer(random.Random(tied)) == (dealer, rounds)  # reproducible


@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@settings(max_examples=100, deadline=None)
def test_first_dealer_draw_property(seed: int) -> None:
    for name, options in (
        ("jucre", {}),
        ("jucre-railroad", {}),
        ("jucre-two-handed", {}),
        ("jucre-three-handed", {}),
        ("call-ace", {"players": 6}),
    ):
        rules = load_rules(name, options)
        dealer, rounds = rules.draw_first_dealer(random.Random(seed))
        check_draws(rules.players, dealer, rounds)


def test_first_dealer_railroad_joker_is_never_lowest() -> None:
    rules = load_rules("jucre-railroad")
    rng = ScriptedRng(rules, [["JK", "AS", "AH", "AD"], ["KC", "AC", "QC"]])
    dealer, rounds = rules.draw_first_dealer(rng)
    assert dealer == 3 and len(rounds) == 2


# ======================================================================= railroad


def test_railroad_deck_has_one_joker() -> None:
    rules = load_rules("jucre-railroad")
    assert rules.deck.size == 33
    assert "JK" in rules.deck.names()
    assert rules.codec.to_str(rules.codec.parse("jk")) == "JK"


def test_railroad_joker_is_the_highest_trump() -> None:
    rules = load_rules("jucre-railroad")
    check_order(rules, "H", ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H"], ["7C", "8C"])
    check_order(rules, "C", ["JK", "JC", "JS", "AC"], ["7D", "8D"])
    # The joker trumps a plain lead.
    assert trick_winner(rules, "S", ["AD", "KD", "JK", "QD"]) == 2
    # Plain suits unchanged.
    check_order(rules, "H", ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"], ["7C", "8C"])


RAIL_HANDS = [
    ["AH", "8C", "9C", "TC", "9D"],
    ["JK", "AS", "KS", "QS", "7D"],
    ["7H", "8H", "9H", "QC", "8D"],
    ["KH", "QH", "AD", "KD", "7C"],
]


def test_railroad_joker_follows_as_trump() -> None:
    rules = load_rules("jucre-railroad")
    # Hearts ordered (upcard TH); seat 1 holds the joker and no other heart.
    state = deal(rules, 3, RAIL_HANDS, "TH")
    act(state, "order", "discard 7C", "together", "AH")
    assert state.current_player == 1
    assert set(legal(state)) == {"JK"}  # a trump lead: the joker is his only trump
    assert "must follow hearts" in refuse(state, "AS")
    act(state, "JK")
    assert state.current_player == 2
    act(state, "7H", "KH")
    assert state.observation(0)["tricks"] == [0, 1, 0, 0]


def test_railroad_joker_need_not_be_played_to_a_plain_lead() -> None:
    rules = load_rules("jucre-railroad")
    state = deal(rules, 3, RAIL_HANDS, "TH")
    act(state, "order", "discard 7C", "together")
    # Seat 0 leads a diamond; seat 1 holds 7D: he must play it, the joker is no diamond.
    act(state, "9D")
    assert set(legal(state)) == {"7D"}
    assert "must follow diamonds" in refuse(state, "JK")
    # Seat 0 leads a club; seat 1 has none: any card, the joker not compelled.
    state = deal(rules, 3, RAIL_HANDS, "TH")
    act(state, "order", "discard 7C", "together", "8C")
    assert set(legal(state)) == {"JK", "AS", "KS", "QS", "7D"}
    act(state, "AS")
    act(state, "QC", "KH")  # seat 2 follows clubs; the dealer trumps with KH
    assert state.observation(0)["tricks"] == [0, 0, 0, 1]


# Hand D: the joker is turned up; the dealer names spades, seat 1 orders, the dealer takes the joker.
D_HANDS = [
    ["AH", "KH", "7C", "8C", "9D"],
    ["JS", "JC", "AS", "KS", "7D"],
    ["8H", "9H", "QC", "8D", "TD"],
    ["QS", "7S", "AD", "KD", "7H"],
]
D_ACTIONS = [
    "call S",
    "pass",
    "order",
    "discard 7H",
    "together",
    "AH",
    "7D",
    "8H",
    "7S",  # the dealer trumps
    "JK",
    "7C",
    "KS",
    "QC",  # the joker led calls for trump
    "QS",
    "8C",
    "JC",
    "9H",  # the left bower beats the queen
    "JS",
    "8D",
    "AD",
    "9D",
    "AS",
    "TD",
    "KD",
    "KH",
]


def test_railroad_joker_upcard_dealer_names_suit_first() -> None:
    rules = load_rules("jucre-railroad")
    state = deal(rules, 3, D_HANDS, "JK")
    assert state.current_player == 3
    assert set(legal(state)) == {"call C", "call D", "call H", "call S"}
    refuse(state, "pass")
    refuse(state, "order")
    act(state, "call S")
    # Naming the suit makes nobody the maker; round 1 starts at the dealer's left.
    obs = state.observation(0)
    assert obs["maker"] is None and obs["trump"] is None
    assert state.current_player == 0 and set(legal(state)) == {"pass", "order"}
    act(state, "pass", "order")
    assert state.current_player == 3
    assert "discard JK" not in legal(state)
    act(state, "discard 7H")
    obs = state.observation(3)
    assert obs["trump"] == "S" and obs["maker"] == 1 and obs["upcard_taken"] is True
    assert "JK" in obs["hand"] and "7H" not in obs["hand"]
    assert state.current_player == 1 and set(legal(state)) == {"alone", "together"}


def test_railroad_joker_upcard_full_hand() -> None:
    rules = load_rules("jucre-railroad")
    state = act(deal(rules, 3, D_HANDS, "JK"), *D_ACTIONS)
    # Seats 1 and 3 take all five (1: three, 3: two): a march for side 1, though the dealer named the suit.
    assert state.result() == result(trump="S", maker=1, tricks=[0, 3, 0, 2], delta=[0, 2], scores=[0, 2])


def test_railroad_joker_upcard_round_one_passes() -> None:
    rules = load_rules("jucre-railroad")
    state = deal(rules, 3, D_HANDS, "JK")
    act(state, "call S", "pass", "pass", "pass", "pass")
    assert state.observation(2)["turned_down"] == "S"
    assert state.observation(2)["upcard_taken"] is False
    assert set(legal(state)) == {"pass", "call C", "call D", "call H"}
    assert "not allowed" in refuse(state, "call S")
    act(state, "call C", "together")
    obs = state.observation(0)
    assert obs["trump"] == "C" and obs["maker"] == 0
    # Nobody holds the joker: it was turned down.
    assert all("JK" not in state.observation(s)["hand"] for s in range(4))


def test_railroad_joker_upcard_all_pass_redeal() -> None:
    rules = load_rules("jucre-railroad")
    state = act(deal(rules, 0, D_HANDS, "JK", [2, 3]), "call H", *["pass"] * 8)
    assert state.result() == {
        "status": "redeal",
        "trump": None,
        "maker": None,
        "contract": None,
        "alone": [],
        "partner": None,
        "out": [],
        "tricks": [0, 0, 0, 0],
        "delta": [0, 0],
        "scores": [2, 3],
        "winners": [],
    }


def test_railroad_plain_upcard_no_naming() -> None:
    rules = load_rules("jucre-railroad")
    state = deal(rules, 3, RAIL_HANDS, "TH")
    assert state.current_player == 0 and set(legal(state)) == {"pass", "order"}


def test_railroad_euchre_is_worth_three() -> None:
    rules = load_rules("jucre-railroad", {"target": 5})
    # Hand A with a railroad deck (the joker undealt): the same play, the same euchre.
    state = act(deal(rules, 3, A_HANDS, "9H", [1, 3]), *A_ACTIONS)
    assert state.result() == result(trump="H", maker=0, tricks=[1, 1, 0, 3], delta=[0, 3], scores=[1, 6], winners=[1])


# ===================================================================== two-handed

TWO_MADE = ([["JH", "JD", "AH", "AC", "9S"], ["KH", "QH", "AS", "KS", "9C"]], "TH")
TWO_EUCHRED = ([["9H", "TH", "AC", "9S", "TS"], ["JH", "JD", "AH", "AS", "KC"]], "KH")


def test_two_handed_spec_shape() -> None:
    rules = load_rules("jucre-two-handed")
    assert rules.players == 2 and rules.n_sides == 2 and rules.deck.size == 24
    assert {c[:-1] for c in rules.deck.names()} == set("9TJQKA")
    assert rules.options == {"target": 10}


def test_two_handed_made_one_no_alone_ever() -> None:
    rules = load_rules("jucre-two-handed")
    hands, up = TWO_MADE
    state = deal(rules, 1, hands, up)
    assert state.current_player == 0
    refuse(state, "alone")
    act(state, "order")
    refuse(state, "alone")
    refuse(state, "discard TH")
    act(state, "discard 9C")
    # No alone question: seat 0 (the dealer's left) leads at once.
    assert state.current_player == 0
    refuse(state, "alone")
    refuse(state, "together")
    for card in ["JH", "TH", "JD", "QH", "AH", "KH", "AC", "AS", "9S", "KS"]:
        refuse(state, "alone")
        act(state, card)
    assert state.result() == result(trump="H", maker=0, tricks=[4, 1], delta=[1, 0], scores=[1, 0])


def test_two_handed_march_two() -> None:
    rules = load_rules("jucre-two-handed")
    # Seat 0 orders and takes all five.
    state = deal(rules, 1, [["JH", "JD", "AH", "AC", "AS"], ["KH", "QH", "KS", "QS", "9C"]], "TH", [3, 5])
    act(state, "order", "discard 9C", "JH", "TH", "JD", "QH", "AH", "KH", "AC", "KS", "AS", "QS")
    assert state.result() == result(trump="H", maker=0, tricks=[5, 0], delta=[2, 0], scores=[5, 5])


def test_two_handed_euchred_opponent_three() -> None:
    rules = load_rules("jucre-two-handed", {"target": 7})
    hands, up = TWO_EUCHRED
    state = deal(rules, 1, hands, up, [2, 4])
    act(
        state,
        "order",
        "discard KC",
        "AC",
        "KH",  # the dealer trumps seat 0's ace
        "JH",
        "9H",
        "JD",
        "TH",
        "AH",
        "9S",
        "AS",
        "TS",
    )
    assert state.result() == result(trump="H", maker=0, tricks=[0, 5], delta=[0, 3], scores=[2, 7], winners=[1])


def test_two_handed_round_two_and_redeal() -> None:
    rules = load_rules("jucre-two-handed")
    hands, up = TWO_MADE
    state = deal(rules, 1, hands, up)
    act(state, "pass", "pass")
    assert state.current_player == 0 and set(legal(state)) == {"pass", "call C", "call D", "call S"}
    act(state, "pass", "pass")
    assert state.result() == {
        "status": "redeal",
        "trump": None,
        "maker": None,
        "contract": None,
        "alone": [],
        "partner": None,
        "out": [],
        "tricks": [0, 0],
        "delta": [0, 0],
        "scores": [0, 0],
        "winners": [],
    }


# ==================================================================== three-handed

G_HANDS = [["JH", "JD", "AH", "KH", "AC"], ["QH", "7C", "KS", "AS", "7D"], ["8H", "QC", "9S", "8S", "9D"]]
G_PLAY = ["JH", "QH", "8H", "JD", "7D", "9H", "AH", "KS", "9S", "KH", "AS", "8S", "AC", "7C", "QC"]


def test_three_handed_spec_shape() -> None:
    rules = load_rules("jucre-three-handed")
    assert rules.players == 3 and rules.n_sides == 3 and rules.deck.size == 32


def test_three_handed_march_three_to_the_maker_only() -> None:
    rules = load_rules("jucre-three-handed")
    state = deal(rules, 2, G_HANDS, "9H")
    assert state.current_player == 0
    refuse(state, "alone")
    act(state, "order", "discard 9D")
    # No alone declaration: seat 0 leads at once.
    assert state.current_player == 0
    refuse(state, "alone")
    refuse(state, "together")
    act(state, *G_PLAY)
    assert state.result() == result(trump="H", maker=0, tricks=[5, 0, 0], delta=[3, 0, 0], scores=[3, 0, 0])


def test_three_handed_made_one() -> None:
    rules = load_rules("jucre-three-handed")
    # Seat 0 orders with a weaker hand: 3 tricks, 1 point; the two defenders score nothing.
    state = deal(
        rules,
        2,
        [["JH", "JD", "AH", "7C", "8C"], ["QH", "AC", "KS", "AS", "7D"], ["8H", "QC", "9S", "8S", "9D"]],
        "9H",
        [1, 2, 3],
    )
    act(
        state,
        "order",
        "discard 9D",
        "JH",
        "QH",
        "8H",
        "JD",
        "7D",
        "9H",
        "AH",
        "KS",
        "9S",
        "7C",
        "AC",
        "QC",  # seat 1 wins the club
        "AS",
        "8S",
        "8C",
    )  # and leads his ace of spades
    assert state.result() == result(trump="H", maker=0, tricks=[3, 2, 0], delta=[1, 0, 0], scores=[2, 2, 3])


def test_three_handed_euchred_each_defender_three() -> None:
    rules = load_rules("jucre-three-handed")
    state = deal(rules, 2, G_HANDS, "9H")
    act(
        state,
        "pass",
        "order",
        "discard 9D",
        "JH",
        "QH",
        "8H",
        "JD",
        "7D",
        "9H",
        "AH",
        "7C",
        "9S",
        "KH",
        "KS",
        "8S",
        "AC",
        "AS",
        "QC",
    )
    assert state.result() == result(trump="H", maker=1, tricks=[5, 0, 0], delta=[3, 0, 3], scores=[3, 0, 3])


@pytest.mark.parametrize(
    ("before", "scores", "winners"),
    [
        ([9, 0, 8], [12, 0, 11], [0]),  # both pass the target: the highest wins
        ([5, 0, 9], [8, 0, 12], [2]),  # only one reaches it
        ([9, 0, 9], [12, 0, 12], [0, 2]),  # an exact tie shares the win
        ([6, 9, 6], [9, 9, 9], []),  # the maker at 9 is not helped by a euchre
    ],
)
def test_three_handed_match_end_highest_wins(before: list[int], scores: list[int], winners: list[int]) -> None:
    rules = load_rules("jucre-three-handed")
    state = deal(rules, 2, G_HANDS, "9H", before)
    act(
        state,
        "pass",
        "order",
        "discard 9D",
        "JH",
        "QH",
        "8H",
        "JD",
        "7D",
        "9H",
        "AH",
        "7C",
        "9S",
        "KH",
        "KS",
        "8S",
        "AC",
        "AS",
        "QC",
    )
    assert state.result() == result(
        trump="H", maker=1, tricks=[5, 0, 0], delta=[3, 0, 3], scores=scores, winners=winners
    )


def test_three_handed_target_option() -> None:
    rules = load_rules("jucre-three-handed", {"target": 5})
    state = act(deal(rules, 2, G_HANDS, "9H", [2, 4, 4]), "order", "discard 9D", *G_PLAY)
    assert state.result()["scores"] == [5, 4, 4] and state.result()["winners"] == [0]


# ========================================================= properties, all five

VARIANTS: list[tuple[str, dict[str, int]]] = [
    ("jucre", {}),
    ("jucre", {"target": 5}),
    ("jucre-railroad", {}),
    ("jucre-railroad", {"target": 7}),
    ("jucre-two-handed", {}),
    ("jucre-three-handed", {}),
    ("jucre-three-handed", {"target": 5}),
    ("call-ace", {}),
    ("call-ace", {"players": 5}),
    ("call-ace", {"players": 6, "target": 5}),
]


def expected_delta(name: str, res: dict[str, Any], n: int) -> list[int]:
    """The score table of RULES.md §5–§9, applied to a result."""
    if res["status"] == "redeal":
        return [0] * (2 if name in ("jucre", "jucre-railroad") else n)
    maker, tricks = res["maker"], res["tricks"]
    if name in ("jucre", "jucre-railroad"):
        side = maker % 2
        made = tricks[side] + tricks[side + 2]
        delta = [0, 0]
        if made == 5:
            delta[side] = 4 if maker in res["alone"] else 2
        elif made >= 3:
            delta[side] = 1
        else:
            delta[1 - side] = 3
        return delta
    delta = [0] * n
    if name == "call-ace":
        team = {maker} if res["partner"] is None else {maker, res["partner"]}
        alone = res["partner"] is None
        made = sum(tricks[s] for s in team)
        for s in range(n):
            if s in team:
                if made == 5:
                    delta[s] = n if alone else (2 if n == 4 else 3)
                elif made >= 3:
                    delta[s] = 1
            elif made < 3:
                delta[s] = 2
        return delta
    march = {"jucre-two-handed": 2, "jucre-three-handed": 3}[name]
    made = tricks[maker]
    for s in range(n):
        if s == maker:
            delta[s] = march if made == 5 else 1 if made >= 3 else 0
        elif made < 3:
            delta[s] = 3
    return delta


def expected_winners(name: str, scores: list[int], target: int) -> list[int]:
    over = [s for s, v in enumerate(scores) if v >= target]
    if name in ("jucre-three-handed", "call-ace") and over:
        top = max(scores[s] for s in over)
        over = [s for s in over if scores[s] == top]
    return over


def card_places(state: Any, dealt: list[list[str]], upcard: str) -> list[str]:
    """Every card's place, from observations only: each must be found exactly once."""
    n = state.rules.players
    dealer = state.dealer
    obs = [state.observation(s) for s in range(n)]
    places: list[str] = []
    for s in range(n):
        places += obs[s]["hand"]
    names = set(state.rules.deck.names())
    played = [a for _, a in obs[0]["history"] if a in names]
    places += played
    # The dealer sees his own discard.
    discards = [a.split()[1] for s, a in obs[dealer]["history"] if s == dealer and a.startswith("discard ")]
    places += discards
    if not obs[0]["upcard_taken"]:
        places.append(upcard)
    seen = {c for hand in dealt for c in hand} | {upcard}
    places += [c for c in state.rules.deck.names() if c not in seen]
    return places


def random_hand(name: str, options: dict[str, int], seed: int) -> tuple[Any, list[str], dict[str, Any]]:
    """Deal and play one hand with random legal actions, checking invariants at every step."""
    rules = load_rules(name, options)
    rng = random.Random(seed)
    n = rules.players
    target = rules.options["target"]
    dealer = rng.randrange(n)
    before = [rng.randrange(target) for _ in range(rules.n_sides)]
    state = rules.deal(rng, dealer, before)
    codec = rules.codec
    dealt = [list(state.observation(s)["hand"]) for s in range(n)]
    upcard = state.observation(0)["upcard"]
    all_cards = sorted(rules.deck.names())
    flat = [c for h in dealt for c in h] + [upcard]
    assert len(set(flat)) == len(flat)
    assert all(len(h) == 5 for h in dealt)
    actions: list[str] = []
    for _ in range(200):
        if state.is_over:
            break
        assert sorted(card_places(state, dealt, upcard)) == all_cards
        seat = state.current_player
        assert seat is not None
        obs = state.observation(seat)
        moves = state.legal_actions()
        assert moves, "a player to act with nothing legal"
        assert obs["legal"] == [codec.to_str(a) for a in moves]
        for other in range(n):
            if other != seat:
                assert state.observation(other)["legal"] == []
        action = rng.choice(moves)
        text = codec.to_str(action)
        if text in rules.deck.names():
            hand = obs["hand"]
            trump = obs["trump"]
            assert text in hand
            if obs["trick"]:
                led = eff_suit(obs["trick"][0][1], trump)
                can = [c for c in hand if eff_suit(c, trump) == led]
                expect = set(can) if can else set(hand)
            else:
                expect = set(hand)
            assert {codec.to_str(a) for a in moves} == expect
            for c in hand:
                if c not in expect:
                    assert state.why_illegal(codec.parse(c))
        assert state.why_illegal(action) is None
        state.apply(action)
        actions.append(text)
    assert state.is_over, "the hand did not end"
    assert state.current_player is None and state.legal_actions() == []
    assert state.why_illegal(rng.choice(range(codec.n_cards))) == "the hand is over"
    res = state.result()
    assert sorted(card_places(state, dealt, upcard)) == all_cards
    return rules, actions, res


@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_random_hands_follow_the_rules(name: str, options: dict[str, int], seed: int) -> None:
    rules, actions, res = random_hand(name, options, seed)
    n = rules.players
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
    assert res["contract"] is None
    assert len(res["tricks"]) == n
    delta = expected_delta(name, res, n)
    assert res["delta"] == delta
    before = [s - d for s, d in zip(res["scores"], res["delta"], strict=True)]
    assert all(0 <= b < rules.options["target"] for b in before)
    if res["status"] == "redeal":
        assert res["trump"] is None and res["maker"] is None and res["alone"] == [] and res["out"] == []
        assert res["tricks"] == [0] * n and res["winners"] == []
        return
    assert res["status"] == "complete"
    assert sum(res["tricks"]) == 5
    assert res["trump"] in ("C", "D", "H", "S")
    assert res["winners"] == expected_winners(name, res["scores"], rules.options["target"])
    maker = res["maker"]
    assert maker is not None
    if name in ("jucre", "jucre-railroad"):
        assert res["partner"] is None
        if res["alone"]:
            assert res["alone"] == [maker] and res["out"] == [(maker + 2) % 4]
            assert res["tricks"][(maker + 2) % 4] == 0
            assert "alone" in actions
        else:
            assert res["out"] == []
    elif name == "call-ace":
        assert res["out"] == []
        assert (res["partner"] is None) == (res["alone"] == [maker])
        if res["partner"] is not None:
            assert res["partner"] != maker and res["alone"] == []
    else:
        # two- and three-handed: no declarations at all
        assert res["alone"] == [] and res["out"] == [] and res["partner"] is None
        assert "alone" not in actions and "together" not in actions
