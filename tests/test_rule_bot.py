"""The rule bot: each blunder of issue 13, on its seed and hand, now answered with the better action;
its discards, card memory and lone judgement on hand-worked hands."""

from __future__ import annotations

import random

import pytest
from issue_hands import issue_hand

from interpreter.agents import RuleBot, RuleBotV1
from interpreter.engine import State
from interpreter.match import play_match
from interpreter.rules import Rules
from interpreter.variants import bundled_names, load_rules


def at_decision(seed: int, number: int, index: int) -> tuple[State, int, str]:
    """Hand `number` of `play euchre --seed SEED` (rules-v1), replayed up to its action `index`:
    the state, the seat to act, and what rules-v1 did there."""
    hand = issue_hand(seed, number)
    st = hand.state
    rules = st.rules
    state = rules.new_hand(st.dealer, [list(h) for h in st.dealt], st.upcard, st.scores_before, st.deal_number)
    for _, action in st.history[:index]:
        state.apply(action)
    seat, action = st.history[index]
    assert state.current_player == seat
    return state, seat, rules.codec.to_str(action)


def words(state: State, action: int) -> str:
    return state.rules.codec.to_str(action)


def test_no_order_without_trump_seed_14_hand_8() -> None:
    """Seat 2 holds AC JC TC AD AS: not one heart, yet rules-v1 ordered hearts."""
    state, seat, old = at_decision(14, 8, 1)
    assert (seat, old) == (2, "order")
    assert words(state, RuleBot().act(state, seat)) == "pass"


def test_sure_loner_goes_alone_seed_2_hand_9() -> None:
    """The dealer picked up to five diamonds with both bowers: alone (4 points), not together (2)."""
    state, seat, old = at_decision(2, 9, 5)
    assert (seat, old) == (2, "together")
    assert words(state, RuleBot().act(state, seat)) == "alone"


def test_loner_draws_trump_before_cashing_aces_seed_184_hand_6() -> None:
    """Alone in hearts with JH JD AH AD AC: lead trump, not the side ace."""
    state, seat, old = at_decision(184, 6, 6)
    assert (seat, old) == (1, "AD")
    choice = RuleBot().act(state, seat)
    contract = state.rules.contracts[state.contract]
    assert contract.follow[choice] == contract.trump
    assert words(state, choice) == "JH"


@pytest.mark.parametrize(
    ("seed", "number", "index", "seat", "old", "better"), [(1, 1, 3, 1, "AH", "JD"), (7, 9, 3, 3, "AD", "JH")]
)
def test_both_bowers_lead_trump(seed: int, number: int, index: int, seat: int, old: str, better: str) -> None:
    """Holding both bowers the maker's side leads the right bower, not an off ace that gets trumped."""
    state, who, did = at_decision(seed, number, index)
    assert (who, did) == (seat, old)
    assert words(state, RuleBot().act(state, seat)) == better


def _hand(rules: Rules, text: str) -> list[int]:
    cards = [rules.deck.parse(w) for w in text.split()]
    assert all(c is not None for c in cards)
    return [c for c in cards if c is not None]


def test_discard_creates_a_void() -> None:
    """Dealer, hearts trump, JH AH 9S TS QC + TH: rules-v1 throws its lowest card (9S) and keeps
    two suits; the new bot throws the lone QC and is void in clubs, ready to ruff."""
    rules = load_rules("euchre")
    hands = [
        _hand(rules, "JH AH 9S TS QC"),
        _hand(rules, "9C TC JC KC AC"),
        _hand(rules, "9D TD JD QD KD"),
        _hand(rules, "AD QS KS AS JS"),
    ]
    state = rules.new_hand(0, hands, rules.deck.parse("TH"), [0, 0])
    state.apply(rules.codec.ORDER)  # seat 1 orders the ten of hearts to the dealer
    assert words(state, RuleBotV1().act(state, 0)) == "discard 9S"
    assert words(state, RuleBot().act(state, 0)) == "discard QC"


def test_memory_makes_a_king_a_winner() -> None:
    """Once the ace of spades has fallen, the king is the top spade: the new bot leads it to win;
    rules-v1, which remembers nothing, leads a low club."""
    rules = load_rules("euchre")
    c = rules.codec
    hands = [
        _hand(rules, "AD KS 9C TD QD"),
        _hand(rules, "AS JH AH KH QH"),
        _hand(rules, "9S TC QC KC AC"),
        _hand(rules, "TS JD KD 9D JC"),
    ]
    state = rules.new_hand(3, hands, rules.deck.parse("TH"), [0, 0])
    for w in ["pass", "order", "discard JC", "together", "AD", "AS", "9S", "9D"]:
        state.apply(c.parse(w))
    assert state.current_player == 0  # the ace of diamonds took the trick
    assert words(state, RuleBot().act(state, 0)) == "KS"
    assert words(state, RuleBotV1().act(state, 0)) != "KS"


def test_lone_judgement() -> None:
    """Lone tricks: both bowers and three more trumps is a sure march; two low trumps is not."""
    rules = load_rules("euchre")
    bot = RuleBot()
    hearts = next(k for k, con in enumerate(rules.contracts) if con.name == "H")
    assert bot.lone_tricks(rules, _hand(rules, "JH JD AH KH 9H"), hearts) >= 5
    assert bot.lone_tricks(rules, _hand(rules, "JH JD AH AC AS"), hearts) >= 4.7
    assert bot.lone_tricks(rules, _hand(rules, "TH 9H AC AS AD"), hearts) < 4


@pytest.mark.parametrize("variant", bundled_names())
def test_plays_every_variant_and_reads_only_its_view(variant: str) -> None:
    """Any bundled variant to the end; a redeal of the unseen cards never changes a decision."""
    rules = load_rules(variant)
    bot = RuleBot()
    for seed in range(3):
        rng = random.Random(seed)
        state = rules.deal(rng, seed % rules.players)
        while not state.is_over:
            seat = state.turn
            choice = bot.act(state, seat)
            assert choice in state.legal_actions()
            assert bot.act(state.resample(seat, rng), seat) == choice
            state.apply(choice)


def test_beats_the_first_rule_bot_a_little_even_in_a_short_run() -> None:
    """A smoke check, not the measurement (that is simulate --duplicate, docs/bots.md)."""
    rules = load_rules("euchre")
    points = [0, 0]
    for seed in range(12):
        for new_side in (0, 1):
            bots = [RuleBot() if rules.side_of[s] == new_side else RuleBotV1() for s in range(4)]
            match = play_match(rules, bots, random.Random(seed))
            for hand in match.hands:
                points[0] += hand.result["delta"][new_side]
                points[1] += hand.result["delta"][1 - new_side]
    assert points[0] > points[1]
