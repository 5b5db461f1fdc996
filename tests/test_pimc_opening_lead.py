"""pimc's `topen`: the margin for the opening lead of the side that made the contract.

The opening lead is the only card play of its kind: `topen` sets the margin the
search needs there to overrule the rule bot (below 0: the card play's `tplay`),
by the seats' public sides only. Checked on hands played to the end: `_margin`
gives `topen` exactly at the makers' first lead and `tplay` at every other play,
and with one world (never sure) the makers' opening leads are the rule bot's
while the other plays still depart.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from interpreter.agents import PimcBot, RuleBot, make_agent
from interpreter.agents.pimc import _opens
from interpreter.engine import State
from interpreter.rules import Rules
from interpreter.variants import load_rules


def _card_choices(rules: Rules, seeds: int = 40) -> Iterator[tuple[int, State, int]]:
    """Hands of seeds 0..seeds-1 played to the end by the rule bot: (seed, state, the rule bot's
    card) at every card play with a choice, before the card is played."""
    for seed in range(seeds):
        state = rules.deal(random.Random(seed), seed % 4)
        rule_bot = RuleBot()
        while not state.is_over:
            choice = rule_bot.act(state, state.turn)
            if state.playing and len(state.legal_actions()) > 1:
                yield seed, state, choice
            state.apply(choice)


def _opens_for_makers(state: State) -> bool:
    """Is this the hand's opening lead, by a seat of the side that made the contract?"""
    return _opens(state) is True


def test_the_margin_is_topen_only_at_the_makers_opening_lead() -> None:
    rules = load_rules("euchre")
    bot = PimcBot(random.Random(1), topen=4.0, tplay=0.5)
    side_of = rules.side_of
    opens = others = 0
    for _, state, _ in _card_choices(rules):
        legal = state.legal_actions()
        first = state.played == 0 and state.led < 0 and side_of[state.maker] == side_of[state.turn]
        assert _opens_for_makers(state) == first
        assert bot._margin(state, legal, legal[0], legal[1]) == (4.0 if first else 0.5)
        opens += first
        others += not first
    assert opens >= 5 and others > 20


def test_topen_defaults_to_tplay() -> None:
    assert PimcBot(random.Random(1)).topen == PimcBot(random.Random(1)).tplay == 0.0
    assert PimcBot(random.Random(1), tplay=2.0).topen == 2.0
    assert make_agent("pimc:topen=3", rng=random.Random(1)).topen == 3.0  # type: ignore[attr-defined]


def test_one_world_keeps_the_rule_bots_opening_lead_for_the_makers() -> None:
    """With one world the search is never sure (no variance to judge), so under `topen` the
    makers' opening leads are the rule bot's; the other plays still follow the search."""
    rules = load_rules("euchre")
    free = PimcBot(random.Random(5), k=1)
    held = PimcBot(random.Random(5), k=1, topen=1.0)
    departs_free = departs_held = departs_other = 0
    for _, state, choice in _card_choices(rules):
        if _opens_for_makers(state):
            departs_free += free.act(state, state.turn) != choice
            departs_held += held.act(state, state.turn) != choice
        else:
            departs_other += held.act(state, state.turn) != choice
    assert departs_free > 0  # the search alone departs at some makers' opening leads
    assert departs_held == 0
    assert departs_other > 0


def test_an_infinite_topen_keeps_every_makers_opening_lead_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """`topen=inf`: the makers' opening lead is the rule bot's whatever the worlds say, and
    no world is drawn for it (the search could not change it); other plays are searched."""
    rules = load_rules("euchre")
    bot = make_agent("pimc:topen=inf", rng=random.Random(5))
    assert isinstance(bot, PimcBot) and bot.topen == math.inf
    searched: list[bool] = []
    real = PimcBot.worlds_values

    def spy(self: PimcBot, state: State, seat: int, legal: list[int]) -> list[list[float]]:
        searched.append(_opens_for_makers(state))
        return real(self, state, seat, legal)

    monkeypatch.setattr(PimcBot, "worlds_values", spy)
    opens = 0
    for seed, state, choice in _card_choices(rules):
        if _opens_for_makers(state):
            assert bot.act(state, state.turn) == choice
            opens += 1
        elif seed < 4:
            bot.act(state, state.turn)
    assert opens >= 5
    assert searched and not any(searched)  # the other plays were searched, the makers' opening leads never
    assert PimcBot._sure([[1.0, 0.0], [1.0, 0.0]], 0, 1, math.inf) is False  # every world agrees: still not sure
    assert PimcBot._sure([[1.0, 0.0], [1.0, 0.0]], 0, 1, 5.0) is True


def test_the_defenders_opening_lead_has_its_own_margin() -> None:
    """`tdopen`: the margin at the hand's opening lead by a side that defends; `topen` stays the
    makers', `tplay` every other play's; each below 0 is `tplay`."""
    rules = load_rules("euchre")
    bot = PimcBot(random.Random(1), topen=4.0, tdopen=7.0, tplay=0.5)
    side_of = rules.side_of
    seen = {4.0: 0, 7.0: 0, 0.5: 0}
    for _, state, _ in _card_choices(rules):
        legal = state.legal_actions()
        first = state.played == 0 and state.led < 0
        makers = side_of[state.maker] == side_of[state.turn]
        want = (4.0 if makers else 7.0) if first else 0.5
        assert _opens(state) == (makers if first else None)
        assert bot._margin(state, legal, legal[0], legal[1]) == want
        seen[want] += 1
    assert min(seen.values()) >= 5
    assert PimcBot(random.Random(1)).tdopen == 0.0 and PimcBot(random.Random(1), tplay=2.0).tdopen == 2.0
    assert make_agent("pimc:tdopen=inf", rng=random.Random(1)).tdopen == math.inf  # type: ignore[attr-defined]
