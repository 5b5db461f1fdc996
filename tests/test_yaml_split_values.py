"""A comma inside an unquoted value in { } splits it: the loader says so, at the split.

YAML reads `{description: points to win, or more}` as `description: points to
win` plus a key `or more` with no value. Where a mapping takes any key (options,
counters, no-trump names) that passed silently. A key written without ':' inside
{ } is now a located error whose hint quotes the whole value.
"""

from __future__ import annotations

import pytest

from interpreter.errors import SpecError
from interpreter.spec import load_yaml_text
from interpreter.variants import bundled_names, load_rules


def error(text: str) -> SpecError:
    with pytest.raises(SpecError) as info:
        load_yaml_text(text, "t.yaml")
    return info.value


def test_a_comma_in_an_option_description_is_located_and_the_quoted_value_suggested() -> None:
    err = error("name: x\noptions:\n  goal: {min: 1, max: 20, default: 10, description: points to win, or more}\n")
    assert (err.line, err.column) == (3, 68)
    assert str(err).startswith("t.yaml:3:68: 'or more' has no value: inside { }, a comma ends an unquoted value")
    assert err.hint == 'quote the value: description: "points to win, or more"'


def test_several_commas_are_quoted_whole() -> None:
    err = error("a: {x: 1, note: one, two, three, y: 2}\n")
    assert err.hint == 'quote the value: note: "one, two, three"'


def test_a_key_without_a_value_first_in_the_braces() -> None:
    err = error("a: {b, x: 1}\n")
    assert "'b' has no value" in str(err) and err.hint is not None and "give it a value ('b: ...')" in err.hint


@pytest.mark.parametrize(
    "text",
    [
        "a: {x: 1, y: }\n",  # an empty value written with ':' is null, as the author wrote
        "a: {x: null}\n",
        "a: {x: 'one, two'}\n",  # quoted
        "a:\n  x: one, two\n",  # a block mapping: the comma is part of the value
        "a: [one, two]\n",  # a list
    ],
)
def test_values_that_are_no_split_load(text: str) -> None:
    load_yaml_text(text, "t.yaml")


def test_every_bundled_spec_still_loads() -> None:
    for name in bundled_names(house=True):
        load_rules(name)
