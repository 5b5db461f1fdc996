"""How `pimc` reads a teammate's bidding (`mates=2|3|4`): hand-worked bid-euchre auctions.

A teammate may be a search bot that bids unlike the rule bot model, so its exact choice is
rarely the model's; these judges read what its choice says about its hand instead.
"""

from __future__ import annotations

import random

from interpreter.agents.pimc import PimcBot
from interpreter.engine import State
from interpreter.variants import load_rules
from interpreter.worlds import near_bid

RULES = load_rules("bid-euchre")
CODEC = RULES.codec


def _cards(text: str) -> list[int]:
    cards = [CODEC.parse(word) for word in text.split()]
    assert all(c is not None for c in cards)
    return [c for c in cards if c is not None]


def _auction(seat2: str) -> State:
    """Dealer 1, so seat 2 bids first; seat 2 holds `seat2`, the others the rest of the deck."""
    mine = _cards(seat2)
    rest = [c for c in RULES.card_ids if c not in mine]
    hands = [rest[0:6], rest[6:12], mine, rest[12:18]]
    state = State(RULES, 1, [list(h) for h in hands], None, RULES.start_scores(), 1, None, tuple(map(tuple, hands)))
    assert state.turn == 2
    return state


def _bid(n: int) -> int:
    action = CODEC.parse(f"bid {n}")
    assert action is not None
    return action


def test_near_bid_is_one_step_on_the_ladder() -> None:
    state = _auction("9C TC 9D TD 9S TS")
    p = CODEC.PASS
    assert near_bid(state, p, p) and near_bid(state, p, _bid(3)) and near_bid(state, _bid(4), _bid(3))
    assert near_bid(state, _bid(5), _bid(6))
    assert not near_bid(state, p, _bid(4))
    assert not near_bid(state, _bid(3), _bid(5))


def test_near_bid_off_the_ladder_is_the_same_choice_only() -> None:
    state = _auction("9C TC 9D TD 9S TS")
    call = CODEC.CALL  # not legal in the auction: off the ladder
    assert near_bid(state, call, call)
    assert not near_bid(state, call, CODEC.PASS)


def _judge(mates: int):  # type: ignore[no-untyped-def]
    """Seat 0 judging its teammate, seat 2."""
    return PimcBot(random.Random(1), mates=mates)._judge(RULES.side_of, 0, partners=True)


def test_reach_reads_a_strong_teammates_high_bid() -> None:
    """Both bowers, A K Q of hearts and an ace: six tricks by any count. The rule bot opens
    with the cheapest bid (3), so exact judging (mates=0) throws away a bid of 6; by its
    reach (mates=3) a bid of 6 or 5 fits, a pass does not."""
    state = _auction("JH JD AH KH QH AS")
    exact, reach = _judge(0), _judge(3)
    assert exact(state, 2, _bid(3)) and not exact(state, 2, _bid(6))
    assert reach(state, 2, _bid(6)) and reach(state, 2, _bid(5)) and reach(state, 2, _bid(3))
    assert not reach(state, 2, CODEC.PASS)
    # a foe (seat 1, seat 0's opponent is seat 3 here: judge from seat 3's side) is still judged exactly
    foe_judge = PimcBot(random.Random(1), mates=3)._judge(RULES.side_of, 3, partners=True)
    assert not foe_judge(state, 2, _bid(6))


def test_reach_reads_a_weak_teammates_pass() -> None:
    """Queens and tens, no bower and no ace (at most 1.72 tricks by the rule bot's count, in any
    contract: a reach of 3 with a partner): a pass fits, as does a bid one above the cheapest;
    a bid of 5 or 6 does not."""
    state = _auction("QC TC QD TD QS KS")
    reach = _judge(3)
    assert reach(state, 2, CODEC.PASS) and reach(state, 2, _bid(4))
    assert not reach(state, 2, _bid(5)) and not reach(state, 2, _bid(6))


def test_call_fits_a_near_best_contract_under_mates_4() -> None:
    """Seat 2 has won the auction and names trump: with five hearts and the left bower, hearts
    fits; clubs (a single nine) does not. Under mates=3 a named trump is still judged exactly."""
    state = _auction("JH JD AH KH QH 9C")
    state.apply(_bid(6))
    while state.turn != 2:
        state.apply(CODEC.PASS)
    legal = state.legal_actions()
    hearts, clubs = CODEC.parse("call H"), CODEC.parse("call C")
    assert hearts in legal and clubs in legal
    calls = _judge(4)
    assert calls(state, 2, hearts)
    assert not calls(state, 2, clubs)
    high = CODEC.parse("call high")
    assert _judge(3)(state, 2, high) == _judge(0)(state, 2, high)


def test_euchre_teammates_are_judged_as_before() -> None:
    """Euchre has no auction and its trump calls may be passed: every `mates` of 2 to 4 judges a
    teammate's orders and calls exactly as `mates=0` does (the options change nothing there)."""
    from interpreter.agents.rule_bot import RuleBot

    rules = load_rules("euchre")
    bot = RuleBot()
    judges = [PimcBot(random.Random(1), mates=m)._judge(rules.side_of, 0, partners=True) for m in (0, 2, 3, 4)]
    checked = 0
    for seed in range(40):
        state = rules.deal(random.Random(seed), seed % 4)
        while not state.playing and not state.is_over:
            if state.turn == 2:
                for action in state.legal_actions():
                    verdicts = {judge(state, 2, action) for judge in judges}
                    assert len(verdicts) == 1
                    checked += 1
            state.apply(bot.act(state, state.turn))
    assert checked > 50


def _deal(seat: int, cards: str) -> State:
    """Dealer 1 (seat 2 bids first, then 3, 0, 1); `seat` holds `cards`, the others the rest."""
    mine = _cards(cards)
    rest = iter(c for c in RULES.card_ids if c not in mine)
    hands = [mine if s == seat else [next(rest) for _ in range(6)] for s in range(4)]
    return State(RULES, 1, [list(h) for h in hands], None, RULES.start_scores(), 1, None, tuple(map(tuple, hands)))


def test_steady_mates_pass_over_their_partners_high_bid_without_a_trick_to_spare() -> None:
    """In the bidding rollouts under rmate=1, seat 0 (whose teammate, seat 2, opened 3) holds a
    hand the rule bot would raise to 4 with a reach of 4: it passes instead. With a reach of 5
    it raises as the rule bot does; a foe is always the rule bot."""
    from interpreter.agents.pimc import _SteadyMates
    from interpreter.agents.rule_bot import RuleBot

    for cards, raises in (("QC TC QD KD JS QS", False), ("JC JS AC KD QH 9D", True)):
        state = _deal(0, cards)
        state.apply(_bid(3))  # seat 2, seat 0's teammate
        state.apply(CODEC.PASS)  # seat 3
        assert state.turn == 0
        rule = RuleBot().act(state, 0)
        assert rule == _bid(4)
        steady = _SteadyMates(RuleBot(), RULES, 2)  # the searching seat: 2 (its teammate acts)
        assert steady.act(state, 0) == (rule if raises else CODEC.PASS)
        foes = _SteadyMates(RuleBot(), RULES, 1)  # searched from the other side: seat 0 is a foe
        assert foes.act(state, 0) == rule


def test_steady_mates_change_nothing_without_a_teammates_high_bid() -> None:
    """Seat 0 opening (no high bid yet held by its side) bids as the rule bot."""
    from interpreter.agents.pimc import _SteadyMates
    from interpreter.agents.rule_bot import RuleBot

    state = _deal(0, "QC TC QD KD JS QS")
    state.apply(CODEC.PASS)  # seat 2
    state.apply(_bid(3))  # seat 3, a foe, holds the high bid
    assert _SteadyMates(RuleBot(), RULES, 0).act(state, 0) == RuleBot().act(state, 0)


def test_pimc_with_the_partner_options_plays_hands_to_the_end() -> None:
    from interpreter.agents import make_agent

    for variant in ("bid-euchre", "euchre"):
        rules = load_rules(variant)
        for spec in ("pimc:k=3:rmate=1", "pimc:k=3:mates=4"):
            state = rules.deal(random.Random(5), 0)
            bots = [make_agent(spec, rng=random.Random(s)) for s in range(rules.players)]
            while not state.is_over:
                action = bots[state.turn].act(state, state.turn)
                assert action in state.legal_actions()
                state.apply(action)
