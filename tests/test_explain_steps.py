"""explain says what a bidding step is, and prints a rule only where the spec can reach it.

- A step that asks one player (`may_if: seat == dealer`) is no round: it is "the
  dealer's turn", not "Round 3", and the rounds after it keep their numbers.
- "A turned-up joker whose suit no step named cannot be ordered" is printed
  only when one can reach an ordering step: not when an earlier step names the
  suit of every turned joker whatever the options (British euchre's Benny:
  the dealer names trump), but still when an option can leave it unnamed
  (house/benny with joker_upcard 0).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.explain import render
from interpreter.variants import load_rules

JOKER_SENTENCE = "A turned-up joker whose suit no step named cannot be ordered"


def text(name: str, rules: tuple[str, ...] = ()) -> str:
    """explain's output with its lines joined, so a sentence is found whatever the wrapping."""
    return " ".join(render(load_rules(name, {}, rules).model, None, rules).split())


@pytest.mark.parametrize(
    ("name", "step"),
    [("house/stuck-dealer-no-trump", 3), ("house/stuck-dealer-any-suit", 3), ("house/dealer-concedes", 4)],
)
def test_a_step_asking_only_the_dealer_is_the_dealers_turn(name: str, step: int) -> None:
    out = text(name)
    assert f"{step}. The dealer's turn: only the dealer is asked; if he names trump, he is the maker" in out
    assert "Round 3" not in out
    assert "2. Round 2: from the dealer's left, each player who is not the dealer passes or names trump" in out


def write(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: euchre\nname: {name}\n{body}", encoding="utf-8")
    return str(path)


def test_rounds_after_a_one_seat_step_keep_their_numbers_and_fixed_by_names_it(tmp_path: Path) -> None:
    spec = write(
        tmp_path,
        "first-dibs",
        "bidding:\n  insert_before:\n    round2:\n"
        "      - name_trump: {id: dibs, may_if: seat == dealer, choices: [other_suits], all_pass: next}\n"
        'scoring:\n  prepend:\n    - {when: fixed_by == "dibs" and makers.tricks >= 3, makers: 3}\n',
    )
    out = text(spec)
    assert "1. Round 1: from the dealer's left" in out
    assert "2. The dealer's turn: only the dealer is asked" in out
    assert "3. Round 2: from the dealer's left, each player passes or names trump" in out
    assert "trump was fixed by the dealer's turn" in out


@pytest.mark.parametrize("name", ["british-euchre", "jucre-railroad"])
def test_no_unnamed_joker_sentence_where_every_turned_joker_is_named(name: str) -> None:
    assert JOKER_SENTENCE not in text(name)


def test_the_sentence_stays_where_an_option_leaves_the_joker_unnamed() -> None:
    out = text("house/benny")
    assert "if the upcard is the joker and the joker_upcard option is 1, the dealer first names a suit" in out
    assert JOKER_SENTENCE in out


def test_the_sentence_stays_without_a_naming_step(tmp_path: Path) -> None:
    spec = write(
        tmp_path,
        "joker",
        "deck: {jokers: 1}\nranking:\n  trump: [joker, right_bower, left_bower, A, K, Q, T, 9]\n",
    )
    assert JOKER_SENTENCE in text(spec)


def test_a_naming_step_for_some_dealers_only_keeps_the_sentence(tmp_path: Path) -> None:
    spec = write(
        tmp_path,
        "joker-some",
        "deck: {jokers: 1}\nranking:\n  trump: [joker, right_bower, left_bower, A, K, Q, T, 9]\n"
        "bidding:\n  prepend:\n    - name_upcard_suit: {id: named, when: upcard.is_joker and dealer == 0}\n",
    )
    assert JOKER_SENTENCE in text(spec)
    always = write(
        tmp_path,
        "joker-all",
        "deck: {jokers: 1}\nranking:\n  trump: [joker, right_bower, left_bower, A, K, Q, T, 9]\n"
        "bidding:\n  prepend:\n    - name_upcard_suit: {id: named, when: upcard.is_joker or dealer == 0}\n",
    )
    assert JOKER_SENTENCE not in text(always)
