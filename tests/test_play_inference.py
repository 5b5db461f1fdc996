"""Inference from card plays by the kind of card (worlds.same_kind_of_play, pimc's `iplay=2`)."""

from __future__ import annotations

import random

from interpreter.agents import PimcBot, RuleBot
from interpreter.engine import State
from interpreter.variants import load_rules
from interpreter.worlds import WorldSampler, same_kind_of_call, same_kind_of_play


def _card(state: State, word: str) -> int:
    card = state.rules.codec.parse(word)
    assert card is not None
    return card


def _spade_lead() -> State:
    """Euchre, diamonds trump (seat 1 ordered the dealer up); seat 1 led QS, seat 2 threw 9C."""
    rules = load_rules("euchre")
    parse = rules.codec.parse
    hands = ["JC QC KC AC TD", "QS KS TH 9H 9S", "9C TC JD QD KD", "AS JS TS JH QH"]
    dealt = [[c for c in (parse(w) for w in h.split()) if c is not None] for h in hands]
    state = rules.new_hand(0, dealt, parse("9D"))
    for word in ("order", "discard TD", "together", "together", "together", "together"):
        action = parse(word)
        if state.playing:
            break
        assert action in state.legal_actions(), word
        state.apply(action)
    assert state.playing and state.turn == 1
    state.apply(_card(state, "QS"))
    return state


def test_cards_of_one_suit_that_do_the_same_are_one_kind() -> None:
    state = _spade_lead()  # seat 2 (no spade) to play to the queen of spades
    assert same_kind_of_play(state, _card(state, "9C"), _card(state, "TC"))  # two low clubs
    assert not same_kind_of_play(state, _card(state, "9C"), _card(state, "JD"))  # a club is not a trump
    assert same_kind_of_play(state, _card(state, "JD"), _card(state, "KD"))  # both trump the queen


def test_a_card_that_overtakes_is_not_one_that_plays_under() -> None:
    state = _spade_lead()
    state.apply(_card(state, "9C"))
    assert state.turn == 3
    ace, jack, ten = (_card(state, w) for w in ("AS", "JS", "TS"))
    assert not same_kind_of_play(state, ace, ten)  # the ace takes the queen's trick, the ten does not
    assert same_kind_of_play(state, jack, ten)  # both play under
    assert same_kind_of_play(state, ace, ace)


def test_the_kinds_split_the_legal_cards() -> None:
    """Reflexive and symmetric on every legal pair of every play of 30 rule-bot hands, in two variants."""
    for variant in ("euchre", "bid-euchre"):
        rules = load_rules(variant)
        bot = RuleBot()
        for seed in range(15):
            rng = random.Random(seed)
            state = rules.deal(rng, seed % rules.players)
            while not state.is_over:
                legal = state.legal_actions()
                if state.playing:
                    for a in legal:
                        assert same_kind_of_play(state, a, a)
                        for b in legal:
                            assert same_kind_of_play(state, a, b) == same_kind_of_play(state, b, a)
                state.apply(bot.act(state, state.turn))


def test_coarse_judge_keeps_a_world_whose_play_differs_only_in_the_card_under() -> None:
    """Seat 3 cannot beat the trump on the table and plays the jack of spades where the model
    plays another spade: from seat 0's view the exact judge (iplay=1) turns the true deal
    down, the coarse one (iplay=2) keeps it."""
    state = _spade_lead()
    state.apply(RuleBot().act(state, 2))
    assert state.rules.contracts[state.contract].follow[state.history[-1][1]] == state.trump  # seat 2 trumped
    model = RuleBot().act(state, 3)
    jack = _card(state, "JS")
    assert model != jack and same_kind_of_play(state, model, jack)
    state.apply(jack)
    side_of = state.rules.side_of
    exact = PimcBot(random.Random(1), iplay=1)._judge(side_of, 0, partners=True)
    coarse = PimcBot(random.Random(1), iplay=2)._judge(side_of, 0, partners=True)
    # the real deal replayed up to seat 3's play, which each judge is asked about
    replay = state.rules.new_hand(state.dealer, [list(h) for h in state.dealt], state.upcard)
    for _, a in state.history[:-1]:
        replay.apply(a)
    assert replay.turn == 3
    assert not exact(replay, 3, jack)
    assert coarse(replay, 3, jack)
    world = WorldSampler(state, 0).sample_if(random.Random(3), coarse, plays=True)
    assert world is None or world.history == state.history


def test_calls_are_alike_when_both_pass_or_both_do_not() -> None:
    state = load_rules("bid-euchre").deal(random.Random(1), 0)
    codec = state.rules.codec
    bids = [a for a in state.legal_actions() if a != codec.PASS]
    assert len(bids) >= 2
    assert same_kind_of_call(state, bids[0], bids[-1])
    assert same_kind_of_call(state, codec.PASS, codec.PASS)
    assert not same_kind_of_call(state, codec.PASS, bids[0])


def _teammate_to_bid() -> tuple[State, int]:
    """A bid-euchre auction at seat 2's turn where the model bids (not a pass) and another bid is legal."""
    rules = load_rules("bid-euchre")
    bot = RuleBot()
    for seed in range(200):
        state = rules.deal(random.Random(seed), 1)  # seat 2 bids first
        assert state.turn == 2
        model = bot.act(state, 2)
        if model != rules.codec.PASS and len(state.legal_actions()) > 2:
            return state, model
    raise AssertionError("no deal found")


def test_mates_judges_a_teammates_bid_by_its_kind() -> None:
    """Seat 0 judging its teammate (seat 2): with mates=1 another number than the model's fits,
    a pass where the model bids does not; without it only the model's own bid fits."""
    state, model = _teammate_to_bid()
    codec = state.rules.codec
    other = next(a for a in state.legal_actions() if a not in (model, codec.PASS))
    side_of = state.rules.side_of
    exact = PimcBot(random.Random(1))._judge(side_of, 0, partners=True)
    kind = PimcBot(random.Random(1), mates=1)._judge(side_of, 0, partners=True)
    assert exact(state, 2, model) and kind(state, 2, model)
    assert not exact(state, 2, other)
    assert kind(state, 2, other)
    assert not kind(state, 2, codec.PASS)
    # a foe (seat 3, next to bid) is still judged exactly
    state.apply(other)
    foe_model = RuleBot().act(state, 3)
    wrong = next(a for a in state.legal_actions() if a != foe_model)
    assert not kind(state, 3, wrong)
