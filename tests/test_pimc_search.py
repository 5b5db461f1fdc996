"""pimc's search details: equivalent cards searched once, and the rule bot kept unless the search is sure."""

from __future__ import annotations

import random

import pytest

from interpreter.agents import PimcBot, RuleBot, pimc
from interpreter.engine import State
from interpreter.variants import load_rules
from interpreter.worlds import WorldSampler


def _cards(state: State, words: str) -> list[int]:
    parse = state.rules.codec.parse
    return [c for c in (parse(w) for w in words.split()) if c is not None]


def _ordered_hand(seat1: str = "AS KS QS TH 9H", seat3: str = "JS 9S TS JH QH", seat2: str = "9C TC JD QD KD") -> State:
    """Euchre, dealer 0, seat 1 orders the 9 of diamonds (trump) and leads."""
    rules = load_rules("euchre")
    parse = rules.codec.parse
    hands = ["JC QC KC AC TD", seat1, seat2, seat3]
    dealt = [[c for c in (parse(w) for w in h.split()) if c is not None] for h in hands]
    state = rules.new_hand(0, dealt, parse("9D"))
    for words in ("order", "discard TD"):
        action = parse(words)
        assert action is not None and action in state.legal_actions()
        state.apply(action)
    while not state.playing:  # nobody goes alone
        together = parse("together")
        assert together in state.legal_actions()
        state.apply(together)
    assert state.turn == 1
    return state


def test_touching_cards_are_one_group() -> None:
    state = _ordered_hand()
    groups = PimcBot(random.Random(1), k=1)._equivalent(state, state.legal_actions())
    assert sorted(map(sorted, groups)) == sorted(map(sorted, [_cards(state, "AS KS QS"), _cards(state, "TH 9H")]))


def test_a_card_out_in_another_hand_splits_a_group() -> None:
    state = _ordered_hand(seat1="AS QS 9S TH 9H", seat3="JS KS TS JH QH")
    groups = PimcBot(random.Random(1), k=1)._equivalent(state, state.legal_actions())
    expected = [_cards(state, "AS"), _cards(state, "QS"), _cards(state, "9S"), _cards(state, "TH 9H")]
    assert sorted(map(sorted, groups)) == sorted(map(sorted, expected))


def test_a_played_card_joins_the_cards_around_it() -> None:
    state = _ordered_hand()
    for card in ("KS", "9C", "JS"):  # seat 1 leads KS, seat 2 has no spade, seat 3 follows
        state.apply(_cards(state, card)[0])
    state.apply(_cards(state, "JC")[0])  # the dealer has no spade either: seat 1 took the trick
    assert state.turn == 1
    groups = PimcBot(random.Random(1), k=1)._equivalent(state, state.legal_actions())
    # AS and QS touch now that KS is gone (and JS: nothing of another hand lies between)
    assert sorted(map(sorted, groups)) == sorted(map(sorted, [_cards(state, "AS QS"), _cards(state, "TH 9H")]))


def test_a_card_on_the_table_parts_the_cards_around_it() -> None:
    """An opponent's KS led to this trick: AS takes it and QS does not, so they are searched apart."""
    state = _ordered_hand(seat1="KS TS TH 9H AH", seat2="AS QS JD QD KD", seat3="9C TC 9S JH QH")
    state.apply(_cards(state, "KS")[0])
    assert state.turn == 2
    groups = PimcBot(random.Random(1), k=1)._equivalent(state, state.legal_actions())
    assert sorted(map(sorted, groups)) == sorted(map(sorted, [_cards(state, "AS"), _cards(state, "QS")]))


def test_groups_cover_the_legal_cards_and_hold_no_unseen_card_between() -> None:
    rules = load_rules("euchre")
    bot = PimcBot(random.Random(2), k=1)
    rule_bot = RuleBot()
    for seed in range(20):
        state = rules.deal(random.Random(seed), seed % 4)
        while not state.is_over:
            legal = state.legal_actions()
            if state.playing and len(legal) > 1:
                groups = bot._equivalent(state, legal)
                assert sorted(c for g in groups for c in g) == sorted(legal)
                table = set(state.trick[1::2])  # a card of this trick still parts ours
                played = {a for _, a in state.history if a < rules.codec.n_cards} - table
                mine = set(state.hands[state.turn])
                for group in groups:
                    assert len({state.follow[c] for c in group}) == 1
                    high, low = state.power[group[0]], state.power[group[-1]]
                    between = [
                        c
                        for c in range(rules.deck.size)
                        if state.follow[c] == state.follow[group[0]] and low < state.power[c] < high
                    ]
                    assert all(c in played or c in mine for c in between)
            state.apply(rule_bot.act(state, state.turn))


def test_unsure_search_keeps_the_rule_bots_choice() -> None:
    """With one world the search can never be sure, so `trust` leaves every choice to the rule bot."""
    rules = load_rules("euchre")
    rule_bot = RuleBot()
    for seed in range(6):
        bot = PimcBot(random.Random(seed), k=1, trust=1.0)
        state = rules.deal(random.Random(seed), seed % 4)
        while not state.is_over:
            choice = rule_bot.act(state, state.turn)
            assert bot.act(state, state.turn) == choice
            state.apply(choice)


def test_sure_needs_a_gain_beyond_the_noise() -> None:
    bot = PimcBot(random.Random(0), k=4, trust=2.0)
    steady = [[1.0, 0.0], [1.0, 0.2], [1.2, 0.0], [1.0, 0.1]]
    noisy = [[4.0, 0.0], [-2.0, 0.0], [2.0, 0.0], [-3.0, 0.0]]
    assert bot._sure(steady, 0, 1, 2.0)
    assert not bot._sure(noisy, 0, 1, 2.0)
    assert not bot._sure(steady, 1, 0, 2.0)


def _departures(bot: PimcBot, seeds: range) -> tuple[int, int, int]:
    """How often `bot` chose unlike the rule bot in the bidding (bids, orders, calls, discards),
    in the choice to play alone, and in the card play (the rule bot's choices are the ones
    applied, so every bot sees the same decisions)."""
    rules = load_rules("euchre")
    codec = rules.codec
    rule_bot = RuleBot()
    bids = alone = plays = 0
    for seed in seeds:
        state = rules.deal(random.Random(seed), seed % 4)
        while not state.is_over:
            choice = rule_bot.act(state, state.turn)
            if bot.act(state, state.turn) != choice:
                if state.playing:
                    plays += 1
                elif codec.ALONE in state.legal_actions():
                    alone += 1
                else:
                    bids += 1
            state.apply(choice)
    return bids, alone, plays


def test_trust_can_be_set_for_the_bidding_and_the_play_apart() -> None:
    """`tbid` keeps the rule bot's bids, orders, calls and discards unless the search is sure,
    `tplay` its card plays; with one world the search is never sure, so that part follows the
    rule bot and the others do not. The choice to play alone stays the search's under `tbid`."""
    seeds = range(32, 40)  # deals where a one-world search departs in all three parts
    free = _departures(PimcBot(random.Random(5), k=1, tbid=0.0), seeds)
    assert min(free) > 0  # the search alone departs in every part on these deals
    bids, alone, plays = _departures(PimcBot(random.Random(5), k=1, tbid=1.0), seeds)
    assert bids == 0 and alone > 0 and plays > 0
    bids, alone, plays = _departures(PimcBot(random.Random(5), k=1, tbid=0.0, tplay=1.0), seeds)
    assert plays == 0 and bids > 0
    assert _departures(PimcBot(random.Random(5), k=1, trust=1.0), seeds) == (0, 0, 0)
    both = PimcBot(random.Random(5), k=1, trust=2.0, tbid=-1.0, tplay=0.0)  # below 0: trust's margin
    assert both.tbid == 2.0 and both.tplay == 0.0
    assert PimcBot().tbid == 1.0 and PimcBot().tplay == 0.0  # the default: a margin on the bidding only


def test_bidding_decisions_get_their_own_budget() -> None:
    rules = load_rules("euchre")
    state = rules.deal(random.Random(2), 0)
    assert not state.playing and len(state.legal_actions()) > 1
    bot = PimcBot(random.Random(3), k=3, kbid=7)
    bot.worlds_values(state, state.turn, state.legal_actions())
    assert bot.worlds == 7


def test_a_settled_search_stops_after_five_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """When every action comes to the same in each world, more worlds cannot change the choice."""
    rules = load_rules("euchre")
    state = rules.deal(random.Random(2), 0)
    bot = PimcBot(random.Random(3), k=20)
    monkeypatch.setattr(pimc, "rollout", lambda world, bidder, player=None: None)  # unfinished: worth 0
    rows = bot.worlds_values(state, state.turn, state.legal_actions())
    assert bot.worlds == pimc.SAME_AFTER == len(rows)
    monkeypatch.undo()
    bot.worlds_values(state, state.turn, state.legal_actions())
    assert bot.worlds == 20


def test_an_action_clearly_worse_than_the_leader_is_pruned() -> None:
    """After PRUNE_AT[0] worlds, a column losing to the leader beyond PRUNE_Z standard errors stops."""
    rows = [[1.0, 0.0, 1.0], [2.0, 0.0, 1.0], [1.0, -1.0, 2.0], [1.0, 0.0, 0.0]]
    fill: dict[int, float] = {}
    kept = PimcBot._prune(rows, [0, 1, 2], fill)
    # action 1 loses in every world (gains -1, -2, -2, -1): pruned, filled with its mean so far;
    # action 2 loses to the leader only on average (gains 0, -1, +1, -1): kept
    assert kept == [0, 2]
    assert fill == {1: -0.25}


def test_pruned_columns_keep_their_mean(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search rolls a pruned action out no more, yet its total stays its worlds' mean times their number;
    when only one action is left, it stops."""
    rules = load_rules("euchre")
    state = _ordered_hand()
    legal = state.legal_actions()
    assert len(legal) >= 3
    calls: list[int] = []

    def fake_rollout(world: State, bidder: object, player: object = None) -> None:
        calls.append(world.history[-1][1])

    monkeypatch.setattr(pimc, "rollout", fake_rollout)
    values = {a: float(min(i, len(legal) - 2)) for i, a in enumerate(legal)}  # the last two tie at the top
    monkeypatch.setattr(State, "returns", lambda self: [values[self.history[-1][1]]] * rules.players)
    bot = PimcBot(random.Random(1), k=12)
    rows = bot.worlds_values(state, state.turn, legal)
    assert len(rows) == 12
    assert calls.count(legal[-1]) == calls.count(legal[-2]) == 12
    first = pimc.PRUNE_AT[0]
    assert all(calls.count(a) == first for a in legal[:-2])  # each loses by 1+ in every world
    assert [sum(col) / 12 for col in zip(*rows, strict=True)] == [values[a] for a in legal]
    values[legal[-2]] = -1.0  # now one action leads alone: the search stops at the first pruning
    calls.clear()
    assert len(bot.worlds_values(state, state.turn, legal)) == first
    assert len(calls) == first * len(legal)


class _NeverOrders:
    """The rule bot, except that it passes every offer to order up; it notes whom it was asked for.

    It holds a rule bot rather than extending one: the compiled build compiles RuleBot, and an
    interpreted class cannot extend a compiled one (tests/test_mypyc_modules.py)."""

    def __init__(self) -> None:
        self.bot = RuleBot()
        self.asked: list[int] = []

    def act(self, state: State, seat: int) -> int:
        self.asked.append(seat)
        codec = state.rules.codec
        if codec.ORDER in state.legal_actions():
            return codec.PASS
        return self.bot.act(state, seat)


def test_a_teammate_the_model_cannot_explain_goes_unjudged_in_that_world() -> None:
    """A search-bot partner may bid unlike the model; when no draw explains its choice, the
    world explains the foes' bidding only (before, any world was taken)."""
    rules = load_rules("euchre")
    codec = rules.codec
    state = rules.deal(random.Random(4), 3)  # seat 0 bids first, seat 2 is its partner
    for action in (codec.PASS, codec.PASS, codec.ORDER):  # the partner (seat 2) orders
        state.apply(action)
    rule_bot = RuleBot()
    while state.turn != 0 or not state.playing:
        state.apply(rule_bot.act(state, state.turn))
    bot = PimcBot(random.Random(5), k=3, infer=4)
    model = bot.policy = _NeverOrders()  # a model under which no world explains the order
    assert bot._levels == [(True, False), (False, False)]
    world = bot._likely_world(WorldSampler(state, 0), 0)
    assert world.turn == 0 and len(world.history) == len(state.history)
    assert model.asked.count(2) == 3  # the partner's order judged (and refused) in each of infer - 1 draws
    assert model.asked.count(1) >= 4  # the foe's pass judged in those and in the world taken
    assert PimcBot(random.Random(5), foes=1)._levels == [(False, False)]
    assert PimcBot(random.Random(5), iplay=1)._levels == [(True, True), (False, True), (False, False)]


def test_a_close_bidding_decision_draws_more_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the first card, worlds are drawn in steps of EXTEND_STEP up to `kmax` while the
    leader's gain over the runner-up stays within EXTEND_Z standard errors; a clear one stops at `kbid`."""
    rules = load_rules("euchre")
    state = rules.deal(random.Random(2), 0)
    legal = state.legal_actions()
    assert not state.playing and len(legal) == 2
    flip = iter(range(1_000_000))

    def coin(self: State) -> list[float]:  # the two actions alternate as the better one: never clear
        v = 1.0 if next(flip) % 4 in (0, 3) else 0.0
        return [v] * rules.players

    monkeypatch.setattr(pimc, "rollout", lambda world, bidder, player=None: None)
    monkeypatch.setattr(State, "returns", coin)
    bot = PimcBot(random.Random(3), k=20, kmax=50)
    bot.worlds_values(state, state.turn, legal)
    assert bot.worlds == 50
    monkeypatch.setattr(State, "returns", lambda self: [float(self.history[-1][1] == legal[0])] * rules.players)
    bot.worlds_values(state, state.turn, legal)
    assert bot.worlds == pimc.PRUNE_AT[0]  # one action always better: pruned, and the search stops
    assert PimcBot(random.Random(3), k=20, kmax=50)._clear([[1.0, 0.0]] * 20 + [[0.0, 1.0]], [0, 1])
