"""The compiled scoring's memo key (`rules._packed_key`) and its native getter calls (`names.score_value`).

`Rules.score_played` keys its memo, in the compiled build, by one int packed from the two
names' values, the teams and the scores before (a tuple where a value does not fit), and
reads `makers.tricks` and `alone` by native calls. These run in plain Python too, so the
pure run checks them: a key tells every packed value apart and never meets a tuple key,
and `score_value` answers as the getter itself for every name scoring reads.
"""

from __future__ import annotations

import itertools
import random

import pytest

from interpreter.names import score_value
from interpreter.rules import _packed_key
from interpreter.variants import bundled_names, load_rules


def test_packed_keys_tell_every_value_apart() -> None:
    values = (-512, -3, 0, 1, 5, 511)
    seen: dict[object, tuple[object, ...]] = {}
    for a, b, s0, s1 in itertools.product(values, repeat=4):
        for t0, t1 in itertools.product((False, True), repeat=2):
            key = _packed_key(a, b, t0, t1, s0, s1)
            assert isinstance(key, int)
            assert key not in seen, (seen.get(key), (a, b, t0, t1, s0, s1))
            seen[key] = (a, b, t0, t1, s0, s1)


def test_a_bool_packs_as_its_int() -> None:
    """As in the tuple key, where True == 1: the same memo entry."""
    assert _packed_key(True, False, True, False, 3, 4) == _packed_key(1, 0, True, False, 3, 4)


@pytest.mark.parametrize(
    "values",
    [
        (512, 0, 0, 0),  # a value past 10 bits
        (0, -513, 0, 0),
        (0, 0, 600, 0),  # a score past 10 bits
        (0, 0, 0, -1000),
        ("7H", 0, 0, 0),  # not an int: a bid word
        (0, 2.5, 0, 0),
    ],
)
def test_what_does_not_fit_is_the_plain_tuple(values: tuple[object, object, int, int]) -> None:
    a, b, s0, s1 = values
    assert _packed_key(a, b, True, False, s0, s1) == (a, b, True, False, s0, s1)


@pytest.mark.parametrize("name", bundled_names())
def test_score_value_is_the_getters_value(name: str) -> None:
    rules = load_rules(name)
    rng = random.Random(5)
    scored = 0
    for i in range(30):
        st = rules.deal(rng, i % rules.players)
        while st.status is None:
            st.apply(rng.choice(st.legal_actions()))
        if st.status != "complete":
            continue
        for _, get in rules.score_keys:
            assert score_value(rules, st, get) == get(rules, st)
        scored += 1
    assert scored > 0
