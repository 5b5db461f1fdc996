"""The bidding phases answer from tables built once per spec: the tables must say what the rules say.

Each test puts a table beside the plain definition of the same rule (the per-hand
evaluation it replaced, or the rule as docs/spec-language.md words it) and checks
that they agree on hand-worked cases and on every decision of random hands.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import State
from interpreter.phases.base import Phase, SeatFilter, asked_seats, seats_from
from interpreter.phases.name_trump import NameTrump
from interpreter.phases.order_up import OrderUp
from interpreter.rules import Rules
from interpreter.variants import bundled_names, load_rules

MAY_IF = """\
extends: euchre
name: seats-table
title: round 2 asks the dealer's partner and the dealer only
bidding:
  patch:
    round2: {name_trump: {may_if: seat == (dealer + 2) % players or seat == dealer}}
"""


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "rule.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def seat_filters(rules: Rules) -> list[SeatFilter]:
    return [seats for phase in rules.phases if isinstance(seats := getattr(phase, "seats", None), SeatFilter)]


def asked_by_evaluation(rules: Rules, seats: SeatFilter, st: State) -> list[int]:
    """The condition asked of every player in turn from the dealer's left, in this hand."""
    return [seat for seat in seats_from(st, st.dealer + 1) if seats.expr.fn(rules.seat_env(st, seat))]


# ------------------------------------------------------------------ may_if
def test_a_may_if_on_seats_alone_is_one_row_per_dealer(tmp_path: Path) -> None:
    rules = load_rules(write(tmp_path, MAY_IF))
    [seats] = seat_filters(rules)
    # from the dealer's left: his partner, then himself
    assert seats.by_dealer == ((2, 0), (3, 1), (0, 2), (1, 3))
    rng = random.Random(5)
    for dealer in range(4):
        st = rules.deal(rng, dealer)
        assert seats.asked(st) == asked_by_evaluation(rules, seats, st) == list(seats.by_dealer[dealer])


def test_a_may_if_reading_cards_is_asked_in_every_hand(tmp_path: Path) -> None:
    rules = load_rules(
        write(tmp_path, MAY_IF.replace("seat == (dealer + 2) % players or seat == dealer", 'held("A") >= 1'))
    )
    [seats] = seat_filters(rules)
    assert seats.by_dealer is None and seats.may_ask_nobody and seats.may_skip_dealer
    rng = random.Random(6)
    seen = set()
    for number in range(40):
        st = rules.deal(rng, number % 4)
        asked = seats.asked(st)
        assert asked == [
            s for s in seats_from(st, st.dealer + 1) if any(st.rules.deck.rank_of(c) == 5 for c in st.hands[s])
        ]
        seen.add(len(asked))
    assert len(seen) > 1  # the hands differ in who holds an ace


@pytest.mark.parametrize(
    "rule", ["house/stuck-dealer-any-suit", "house/dealer-concedes", "house/stuck-dealer-no-trump"]
)
def test_the_bundled_seat_rules_are_tables_that_agree_with_evaluation(rule: str) -> None:
    rules = load_rules("euchre", rules=[rule])
    filters = seat_filters(rules)
    assert filters and all(seats.by_dealer is not None for seats in filters)
    rng = random.Random(7)
    for dealer in range(4):
        st = rules.deal(rng, dealer)
        for seats in filters:
            assert seats.asked(st) == asked_by_evaluation(rules, seats, st)


# ------------------------------------------------------------------ decisions in random hands
def auction_by_rule(phase: Phase, st: State) -> list[int]:
    """An auction's answers as the spec language says them: pass, or a bid worth more than the high
    bid; the dealer (bidding once) may match it if allowed, and must bid when nobody did if forced."""
    rows = phase.bids  # type: ignore[attr-defined]
    bids_over = [row.action for row in rows if row.value > st.high_bid]
    if phase.rounds == "once" and st.turn == st.dealer:  # type: ignore[attr-defined]
        if st.high_bid == 0:
            every = [row.action for row in rows]
            return every if phase.all_pass == "dealer_must_bid" else [phase.codec.PASS, *every]  # type: ignore[attr-defined]
        if phase.dealer_may_match:  # type: ignore[attr-defined]
            return [phase.codec.PASS] + [row.action for row in rows if row.value >= st.high_bid]
    return [phase.codec.PASS, *bids_over]


def name_trump_by_rule(phase: Phase, st: State) -> list[int] | None:
    """name_trump's answers as the spec language says them (None: a `choice_if` decides, not checked here)."""
    p = phase
    if p.choice_if is not None:  # type: ignore[attr-defined]
        return None
    n_suits = len(st.rules.deck.suits)
    suits = {"all": range(n_suits), "other": [s for s in range(n_suits) if s != st.turned_down], "none": []}
    calls = sorted({*(p.codec.CALL + s for s in suits[p.suits]), *(p.codec.CALL + k for k in p.extra)})  # type: ignore[attr-defined]
    last = st.asked == len(st.queue) - 1
    forced = p.who == "maker" or (last and p.all_pass == "dealer_must_name" and st.turn == st.dealer)  # type: ignore[attr-defined]
    return calls if forced else [p.codec.PASS, *calls]


CASES = [
    ("bid-euchre", ()),
    ("pepper", ()),
    ("five-hundred", ()),
    ("hasenpfeffer", ()),
    ("euchre", ()),
    ("euchre-classic", ()),
    ("british-euchre", ()),
    ("euchre", ("house/stuck-dealer-any-suit",)),
    ("euchre", ("house/stuck-dealer-no-trump",)),
]


@pytest.mark.parametrize(("variant", "rules_"), CASES)
def test_every_bidding_decision_offers_what_the_rules_say(variant: str, rules_: tuple[str, ...]) -> None:
    rules = load_rules(variant, rules=rules_)
    rng = random.Random(11)
    checked = {"Auction": 0, "NameTrump": 0}
    for number in range(150):
        st = rules.deal(rng, number % rules.players)
        while st.status is None:
            legal = st.legal_actions()
            if not st.playing:
                phase = rules.phases[st.phase]
                kind = type(phase).__name__
                expected = (
                    auction_by_rule(phase, st)
                    if kind == "Auction"
                    else name_trump_by_rule(phase, st)
                    if kind == "NameTrump"
                    else None
                )
                if expected is not None:
                    assert legal == expected, (variant, number, st.history)
                    checked[kind] += 1
            st.apply(rng.choice(legal))
    present = {type(phase).__name__ for phase in rules.phases} & set(checked)
    assert present and all(checked[kind] > 0 for kind in present), checked  # the hands did bid


def test_each_lone_hand_asks_the_groups_in_their_order() -> None:
    """british-euchre asks the maker, then his partner, then each defender from the maker's left;
    the order is worked out on a maker's first hand and looked up after (same answer both times)."""
    rules = load_rules("british-euchre")
    [alone] = [phase for phase in rules.phases if type(phase).__name__ == "Alone"]
    for _ in range(2):
        st = rules.deal(random.Random(3), 0)
        st.maker, st.contract = 1, 0
        assert alone.begin(st)
        assert [st.turn, *st.queue] == [1, 3, 2, 0]
        st.out[3] = True  # a partner sitting out is not asked
        assert alone.begin(st)
        assert [st.turn, *st.queue] == [1, 2, 0]


# ------------------------------------------------------------------ upcard conditions
def upcard_phase(rules: Rules, kind: str) -> Phase:
    [phase] = [phase for phase in rules.phases if type(phase).__name__ == kind]
    return phase


def test_an_upcard_condition_is_a_table_of_every_dealer_and_card() -> None:
    """buck-euchre's dirty clubs: `upcard.suit == "C"` holds for the clubs and nothing else, whoever deals;
    british-euchre's turned Benny: `upcard.is_joker` holds for the joker only."""
    buck = load_rules("buck-euchre")
    deck = buck.deck
    clubs = deck.suits.index("C")
    holds = upcard_phase(buck, "AutoTrump").holds  # type: ignore[attr-defined]
    assert len(holds) == buck.players
    assert all(row == tuple(deck.suit_of(card) == clubs for card in range(deck.size)) for row in holds)
    british = load_rules("british-euchre")
    holds = upcard_phase(british, "NameUpcardSuit").holds  # type: ignore[attr-defined]
    jokers = tuple(british.deck.suit_of(card) < 0 for card in range(british.deck.size))
    assert sum(jokers) == 1 and all(row == jokers for row in holds)
    rng = random.Random(2)
    turned = 0
    for number in range(300):  # and a hand asks the table: the phase runs exactly for a turned joker
        st = british.deal(rng, number % 4)
        assert (st.turn == st.dealer and st.phase == 0) == jokers[st.upcard]
        turned += jokers[st.upcard]
    assert turned > 0


@pytest.mark.parametrize("name", bundled_names(house=True))
def test_the_players_asked_per_dealer_are_the_walk_of_each_hand(name: str) -> None:
    """order_up and name_trump look up the players they ask (`asks`, the model's
    `asks_by_dealer`) instead of walking the seats in each hand (`asked_seats`): the same
    players in the same order for every dealer; no table where `may_if` reads the hand."""
    rules = load_rules(name)
    tables = 0
    for phase in rules.phases:
        if not isinstance(phase, OrderUp | NameTrump):
            continue
        asks = phase.asks
        seats = phase.seats
        if seats is not None and seats.by_dealer is None:
            assert asks is None  # `may_if` reads the hand: asked in each hand
            continue
        assert asks is not None
        tables += 1
        for dealer in range(rules.players):
            st = rules.deal(random.Random(dealer), dealer)
            assert list(asks[dealer]) == asked_seats(st, seats), (phase.id, dealer)
    assert tables or not any(isinstance(p, OrderUp | NameTrump) for p in rules.phases)
