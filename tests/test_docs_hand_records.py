"""docs/hand-records.md says what the tool does: its example replays to the result shown,
and its table of each variant's action words matches the words random play produces."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from interpreter.records import replay_record
from interpreter.variants import bundled_names, load_rules

DOC = Path(__file__).resolve().parent.parent / "docs" / "hand-records.md"
TEXT = DOC.read_text(encoding="utf-8")


def json_blocks() -> list[object]:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", TEXT, re.S)]


def test_the_example_replays_to_the_result_shown() -> None:
    record, result = json_blocks()[:2]
    assert replay_record(record).result == result


def documented_words() -> dict[str, set[str]]:
    """The table 'The words each variant uses': variant name → its words (a card is implied)."""
    section = TEXT.split("### The words each variant uses", 1)[1].split("\n## ", 1)[0]
    table: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 or not cells[0].startswith("`"):
            continue
        found = re.findall(r"`([a-z]+(?: [A-Z]+| high| low| \d+[A-Z]+| [a-z]+)?)`", cells[1])
        # a bid of tricks and a denomination (`bid 7H`, `bid 6NT`) stands for all of them: `bid NS`
        words = {"bid NS" if re.fullmatch(r"bid \d+[A-Z]+", w) else w for w in found} - set(bundled_names())
        for name in re.findall(r"`([a-z/*-]+)`", cells[0].split("(")[0]):
            table[name] = words
    return table


def played_words(name: str, hands: int = 120) -> set[str]:
    """The action words of random hands, cards left out and arguments generalised (`discard XX`)."""
    rules = load_rules(name)
    rng = random.Random(7)
    words: set[str] = set()
    for number in range(hands):
        state = rules.deal(rng, number % rules.players)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        for _, action in state.history:
            if action < rules.codec.n_cards:
                continue
            verb, _, arg = rules.codec.to_str(action).partition(" ")
            if verb in ("discard", "give"):
                arg = "XX"
            elif verb == "bid":  # a number: N; tricks and a denomination: NS; a named bid stays itself
                arg = "N" if arg.isdigit() else "NS" if arg[:1].isdigit() else arg
            elif verb in ("call", "ace") and len(arg) == 1:
                arg = "S"
            words.add(f"{verb} {arg}".strip())
    return words


@pytest.mark.parametrize("name", bundled_names(house=True))
def test_every_word_a_variant_plays_is_documented_for_it(name: str) -> None:
    table = documented_words()
    documented = table.get(name) or (table["house/*"] | table["euchre"] if name.startswith("house/") else None)
    assert documented is not None, f"{name} is missing from the table of docs/hand-records.md"
    missing = played_words(name) - documented
    assert not missing, f"{name} plays {sorted(missing)}, not in its row of docs/hand-records.md"
