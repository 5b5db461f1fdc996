"""The compiled build's deal (`Rules.deal` under `COMPILED`) gives the very hand the plain one gives.

The two builds deal with different code: plain Python applies each seat's picker to
the shuffled deck and passes `State` the dealt tuples; the compiled build takes each
seat's cards by native loops and passes the shuffled deck instead, from which
`State.dealt` reads the tuples on the first ask (a hand played out never asks).
This runs the compiled way in the pure run too (the flag switched for the test),
for every bundled variant and overlay and every dealer, and checks the hands, the
upcard, the dealt tuples, the random state and a whole played hand against the
plain way; in the compiled build both ways are the compiled one and it still holds.
"""

from __future__ import annotations

import random

import pytest
from test_play_out import FIELDS

from interpreter import rules as rules_module
from interpreter.engine import State
from interpreter.rules import Rules
from interpreter.variants import bundled_names, load_rules

SPECS = bundled_names(house=True)


def _deal(rules: Rules, seed: int, dealer: int, compiled: bool, monkeypatch: pytest.MonkeyPatch) -> State:
    """A hand dealt the compiled way or the plain way (the module's flag switched meanwhile)."""
    with monkeypatch.context() as patch:
        patch.setattr(rules_module, "COMPILED", compiled)
        return rules.deal(random.Random(seed), dealer)


@pytest.mark.parametrize("name", SPECS)
def test_the_compiled_deal_is_the_plain_deal(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_rules(name)
    for dealer in range(rules.players):
        for seed in range(3):
            plain = _deal(rules, seed, dealer, False, monkeypatch)
            compiled = _deal(rules, seed, dealer, True, monkeypatch)
            assert compiled._deck is not None  # the compiled way ran (a misdeal check may have read dealt)
            assert compiled.hands == plain.hands
            assert compiled.upcard == plain.upcard
            assert compiled.dealt == plain.dealt  # read from the kept deck
            assert all(isinstance(seat, tuple) for seat in compiled.dealt)
            twin = compiled.clone()
            assert twin.dealt == plain.dealt
            rng_plain, rng_compiled = random.Random(seed), random.Random(seed)
            plain.play_out(rng_plain.choice)
            compiled.play_out(rng_compiled.choice)
            assert rng_plain.getstate() == rng_compiled.getstate()
            for slot in FIELDS:  # (`dealt` as read, not the kept deck: only the compiled way keeps one)
                assert getattr(compiled, slot) == getattr(plain, slot), slot
            assert compiled.dealt == plain.dealt
            assert compiled.result() == plain.result()


def test_a_dealt_state_set_by_hand_keeps_its_tuples() -> None:
    """`dealt` can be set (clone, tools): the tuples given are the ones read back."""
    rules = load_rules("euchre")
    st = rules.deal(random.Random(5), 0)
    given = tuple(tuple(sorted(seat)) for seat in st.dealt)
    st.dealt = given
    assert st.dealt is given
