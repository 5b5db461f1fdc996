"""Hand records (docs/hand-records.md): the example's exact result, every kind of bad
record and its one-line message, and the record <-> match round trip."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import example as example_record
from cli_helpers import write
from handplay import result

from interpreter.agents import RandomBot, RuleBot
from interpreter.errors import RecordError
from interpreter.match import hand_record, play_match
from interpreter.records import read_records, replay_file, replay_record, result_json
from interpreter.variants import load_rules

RECORDS = Path(__file__).parent / "records"

EXAMPLE_RESULT = result("H", 0, [4, 0, 0, 1], [1, 0], [1, 0])
EXAMPLE_LINE = (
    '{"status": "complete", "trump": "H", "maker": 0, "contract": null, "alone": [], '
    '"partner": null, "out": [], "tricks": [4, 0, 0, 1], "delta": [1, 0], '
    '"scores": [1, 0], "winners": []}'
)


def error_of(record: Any) -> str:
    with pytest.raises(RecordError) as info:
        replay_record(record)
    text = str(info.value)
    assert "\n" not in text, "a record error is one line"
    return text


# ------------------------------------------------------------ the example
def test_example_replays_to_documented_result(example: dict[str, Any]) -> None:
    replay = replay_record(example)
    assert replay.result == EXAMPLE_RESULT
    assert list(replay.result) == list(EXAMPLE_RESULT)  # documented key order
    assert result_json(replay.result) == EXAMPLE_LINE


def test_example_file_carries_its_expectation() -> None:
    record = json.loads((RECORDS / "example.json").read_text(encoding="utf-8"))
    assert replay_record(record).result == record["expect"] == EXAMPLE_RESULT


def test_illegal_action_example() -> None:
    record = json.loads((RECORDS / "illegal.json").read_text(encoding="utf-8"))
    assert error_of(record) == 'action 5 (seat 2, "9D"): must follow hearts, holds 9H TH QH'


def test_alternative_spellings_give_the_same_result(example: dict[str, Any]) -> None:
    example["hands"][0][0] = "J♥"
    example["hands"][1][1] = "10S"
    example["hands"][3][0] = "tc"
    example["upcard"] = "K♥"
    example["actions"][1] = "discard 10♣"
    assert replay_record(example).result == EXAMPLE_RESULT


def test_redeal_result(example: dict[str, Any]) -> None:
    example["actions"] = ["pass"] * 8
    example["scores_before"] = [3, 7]
    assert replay_record(example).result == result(None, None, [0, 0, 0, 0], [0, 0], [3, 7], status="redeal")


def test_unknown_keys_are_ignored(example: dict[str, Any]) -> None:
    example["comment"] = "anything"
    example["expect"] = {"whatever": 1}
    assert replay_record(example).result == EXAMPLE_RESULT


def test_players_may_double_check(example: dict[str, Any]) -> None:
    example["players"] = 4
    assert replay_record(example).result == EXAMPLE_RESULT


# ------------------------------------------------------------ bad records
def _set(key: str, value: Any):
    return lambda r: r.__setitem__(key, value)


def _drop(key: str):
    return lambda r: r.pop(key)


def _action(index: int, value: Any):
    return lambda r: r["actions"].__setitem__(index, value)


def _card(seat: int, index: int, value: Any):
    return lambda r: r["hands"][seat].__setitem__(index, value)


BAD = [
    ("missing variant", _drop("variant"), "missing required key 'variant'"),
    ("missing dealer", _drop("dealer"), "missing required key 'dealer'"),
    ("missing hands", _drop("hands"), "missing required key 'hands'"),
    ("missing actions", _drop("actions"), "missing required key 'actions'"),
    ("unknown variant", _set("variant", "euchr"), "unknown variant 'euchr' (did you mean 'euchre'?)"),
    ("missing spec file", _set("variant", "no/such.yaml"), "no such variant file: no/such.yaml"),
    ("variant not a string", _set("variant", 3), "variant must be a bundled name or a path to a YAML spec, got 3"),
    (
        "unknown option",
        _set("options", {"target": 7}),
        "unknown option 'target' for variant 'euchre' (its options: none)",
    ),
    ("option not an int", _set("options", {"target": "7"}), "option 'target' must be an integer, got \"7\""),
    ("options not an object", _set("options", [7]), "options must be an object of name: integer, got [7]"),
    ("players disagree", _set("players", 3), "players is 3 but hands lists 4 hands"),
    ("too few hands", lambda r: r["hands"].pop(), "euchre is played by 4 players, but hands lists 3 hands"),
    ("short hand", lambda r: r["hands"][1].pop(), "the hand of seat 1 has 4 cards; euchre deals 5"),
    ("long hand", lambda r: r["hands"][2].append("9C"), "the hand of seat 2 has 6 cards; euchre deals 5"),
    ("hands not lists", _set("hands", "JH JD"), "hands must be a list with one list of cards per seat"),
    ("unknown card", _card(1, 0, "XS"), 'unknown card "XS" in the hand of seat 1'),
    ("card not in deck", _card(1, 0, "8S"), 'unknown card "8S" in the hand of seat 1'),
    ("non-string card", _card(1, 0, 9), "unknown card 9 in the hand of seat 1"),
    ("duplicate card", _card(1, 0, "JH"), "card JH is dealt twice (in the hand of seat 0 and in the hand of seat 1)"),
    (
        "duplicate via spelling",
        _card(2, 0, "J♥"),
        "card JH is dealt twice (in the hand of seat 0 and in the hand of seat 2)",
    ),
    (
        "upcard duplicates a hand",
        _set("upcard", "JH"),
        "card JH is dealt twice (in the hand of seat 0 and as the upcard)",
    ),
    ("missing upcard", _drop("upcard"), "missing upcard: euchre turns one up"),
    ("null upcard", _set("upcard", None), "missing upcard: euchre turns one up"),
    ("unknown upcard", _set("upcard", "1H"), 'unknown card "1H" in upcard'),
    ("dealer out of range", _set("dealer", 4), "dealer 4 is not a seat (0 to 3)"),
    ("negative dealer", _set("dealer", -1), "dealer -1 is not a seat (0 to 3)"),
    ("dealer not an int", _set("dealer", "3"), 'dealer "3" is not a seat (0 to 3)'),
    ("scores wrong length", _set("scores_before", [0]), "scores_before must list 2 integers (one per side), got [0]"),
    (
        "scores not ints",
        _set("scores_before", [0, 1.5]),
        "scores_before must list 2 integers (one per side), got [0, 1.5]",
    ),
    ("actions not a list", _set("actions", "order"), 'actions must be a list of strings, got "order"'),
    ("non-string action", _action(3, 7), "action 3 is not a string: 7"),
    (
        "unparsable action",
        _action(0, "ordr"),
        'action 0 (seat 0, "ordr"): not an action (expected one of: pass, order)',
    ),
    ("no such card played", _action(5, "ZZ"), 'action 5 (seat 2, "ZZ"): not a card (expected one of: 9H, TH, QH)'),
    ("card not held", _action(5, "AS"), 'action 5 (seat 2, "AS"): AS is not in the hand of seat 2'),
    ("word during play", _action(5, "pass"), 'action 5 (seat 2, "pass"): a card must be played now (9H, TH, QH)'),
    (
        "pass when a discard is due",
        _action(1, "pass"),
        'action 1 (seat 3, "pass"): not allowed now; allowed: discard TC, discard JC, discard AC, discard JS, '
        "discard TD, discard KH",
    ),
    ("action after the end", lambda r: r["actions"].append("AC"), 'action 23 ("AC"): the hand is over'),
    (
        "actions stop early",
        lambda r: r.__setitem__("actions", []),
        "actions end before the hand is over: seat 0 to act (pass, order)",
    ),
    (
        "actions stop mid-trick",
        lambda r: r.__setitem__("actions", r["actions"][:10]),
        "actions end before the hand is over: seat 3 to act (JC, AC, JS, TD)",
    ),
]


@pytest.mark.parametrize(("mutate", "message"), [case[1:] for case in BAD], ids=[case[0] for case in BAD])
def test_bad_record(example: dict[str, Any], mutate: Any, message: str) -> None:
    record = copy.deepcopy(example)
    mutate(record)
    assert error_of(record) == message


def test_record_must_be_an_object() -> None:
    assert error_of([1, 2]) == "a hand record must be a JSON object, got list"


def test_upcard_given_where_none_is_turned() -> None:
    """bid-euchre deals all 24 cards and turns nothing up; `null` is the same as absent."""
    rules = load_rules("bid-euchre")
    assert not rules.upcard
    deck = list(rules.deck.names())
    hands = [deck[k * rules.hand_tricks : (k + 1) * rules.hand_tricks] for k in range(rules.players)]
    record = {"variant": "bid-euchre", "dealer": 0, "hands": hands, "upcard": "9C", "actions": []}
    assert error_of(record) == 'bid-euchre turns no upcard, but the record gives upcard "9C"'
    record["upcard"] = None
    assert error_of(record).startswith("actions end before the hand is over: seat 1 to act (pass, bid 3")
    del record["upcard"]
    assert error_of(record).startswith("actions end before the hand is over: seat 1 to act")


# ------------------------------------------------------------ files
def test_malformed_json_names_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"variant": "euchre",\n  "dealer" 3}\n', encoding="utf-8")
    with pytest.raises(RecordError) as info:
        list(replay_file(str(bad)))
    assert str(info.value) == "malformed JSON at line 2, column 12: Expecting ':' delimiter"


def test_jsonl_in_a_json_file_gets_a_hint(tmp_path: Path) -> None:
    bad = tmp_path / "two.json"
    bad.write_text("{}\n{}\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"Extra data \(one record per line needs a \.jsonl file\)"):
        list(replay_file(str(bad)))


def test_jsonl_stops_at_first_bad_record() -> None:
    results = []
    with pytest.raises(RecordError) as info:
        for replay in replay_file(str(RECORDS / "three.jsonl")):
            results.append(replay.result)
    assert len(results) == 2
    assert results[0] == EXAMPLE_RESULT
    assert results[1]["status"] == "redeal"
    assert str(info.value) == 'record 3: unknown card "XC" in the hand of seat 2'


def test_jsonl_counts_blank_lines_and_malformed_lines(tmp_path: Path, example: dict[str, Any]) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(example) + "\n\n   \n{nope}\n", encoding="utf-8")
    seen = []
    with pytest.raises(RecordError) as info:
        for replay in replay_file(str(path)):
            seen.append(replay.result)
    assert seen == [EXAMPLE_RESULT]
    assert str(info.value).startswith("record 4: malformed JSON at column 2: ")


def test_read_records_numbers_jsonl_lines() -> None:
    numbers = [n for n, _ in read_records("x.jsonl", text='{"a": 1}\n\n{"b": 2}\n')]
    assert numbers == [1, 3]


def test_missing_file() -> None:
    with pytest.raises(RecordError, match=r"no/such\.json: no such file"):
        list(replay_file("no/such.json"))


def test_variant_path_resolves_against_the_record_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # not the record's directory
    (replay,) = replay_file(str(RECORDS / "by-path.json"))
    assert replay.rules.name == "euchre-copy"
    assert replay.result == EXAMPLE_RESULT


def test_variant_path_prefers_the_records_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # `play --record` writes the path relative to the record: a same-named file in
    # the current directory must not be taken instead.
    (tmp_path / "spec").mkdir()
    text = (RECORDS / "spec" / "euchre-copy.yaml").read_text(encoding="utf-8")
    (tmp_path / "spec" / "euchre-copy.yaml").write_text(
        text.replace("name: euchre-copy", "name: cwd-copy"), encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    (replay,) = replay_file(str(RECORDS / "by-path.json"))
    assert replay.rules.name == "euchre-copy"


# ------------------------------------------------------------ round trip
@pytest.mark.parametrize("variant", ["euchre", "euchre-classic"])
@pytest.mark.parametrize("bot", ["rules", "random"])
def test_match_records_replay_to_the_match_results(variant: str, bot: str) -> None:
    rules = load_rules(variant)
    for seed in range(3):
        bots = [RuleBot() if bot == "rules" else RandomBot(random.Random(seed * 10 + s)) for s in range(4)]
        match = play_match(rules, bots, random.Random(seed))
        assert match.finished
        for hand in match.hands:
            line = json.dumps(hand_record(rules, hand.state, variant))
            assert replay_record(json.loads(line)).result == hand.result


def test_record_variant_path_is_relative_to_the_record_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(
        tmp_path / "records" / "mine.yaml",
        "extends: euchre\nname: beside\ntitle: B\nscoring:\n  patch:\n    made: {makers: 3}\n",
    )
    write(tmp_path / "cwd" / "mine.yaml", "extends: euchre\nname: impostor\ntitle: I\n")
    path = write(tmp_path / "records" / "r.json", json.dumps(example_record("mine.yaml")))
    monkeypatch.chdir(tmp_path / "cwd")
    replayed = replay_record(json.loads(path.read_text()), path.parent)
    assert replayed.rules.name == "beside" and replayed.result["delta"] == [3, 0]
