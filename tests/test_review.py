"""Independent review against RULES.md and HAND_RECORDS.md, through `trickspec replay`.

Every hand record here was written by hand and its result worked out from the two
documents, not from the engine. The deviations the review found are fixed; their
tests keep them fixed. The last part replays random hands of all nine variants against a small
reference model written from RULES.md alone.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from interpreter.cli import main
from interpreter.records import apply_text, check_record

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = json.loads((ROOT / "tests" / "records" / "example.json").read_text(encoding="utf-8"))
EXAMPLE.pop("expect")
EXAMPLE_LINE = (
    '{"status": "complete", "trump": "H", "maker": 0, "contract": null, "alone": [], '
    '"partner": null, "out": [], "tricks": [4, 0, 0, 1], "delta": [1, 0], '
    '"scores": [1, 0], "winners": []}'
)


def replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Any, suffix: str = ".json", *flags: str
) -> tuple[int, str, str]:
    """`trickspec replay FILE --json` in-process: (exit status, stdout, stderr).

    `content`: a record (written as JSON), a str, or bytes written as they are.
    """
    path = tmp_path / f"record{suffix}"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
    capsys.readouterr()
    status = main(["replay", str(path), *(flags or ("--json",))])
    out, err = capsys.readouterr()
    return status, out, err


def one_error_line(status: int, out: str, err: str) -> str:
    """A rejected record: exit 1, nothing on stdout, exactly one line on stderr."""
    assert status == 1
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    return err[:-1]


# =========================================================================
# Hand-worked records of every variant and their exact result lines

H4 = [
    ["JH", "JD", "AH", "KH", "QH"],
    ["AC", "KC", "QC", "AS", "KS"],
    ["9C", "TC", "TD", "QD", "KD"],
    ["9S", "TS", "QS", "JS", "9D"],
]
B6 = [
    ["AC", "KC", "QC", "JC", "TC", "9C"],
    ["AD", "KD", "QD", "JD", "TD", "9D"],
    ["AH", "KH", "QH", "JH", "TH", "9H"],
    ["AS", "KS", "QS", "JS", "TS", "9S"],
]
C5 = [*H4, ["7C", "8C", "7D", "8D", "7H"]]
PLAY5 = [
    "JH",
    "AC",
    "9C",
    "9S",
    "7H",
    "JD",
    "KC",
    "TC",
    "TS",
    "9H",
    "AH",
    "QC",
    "TD",
    "QS",
    "8C",
    "KH",
    "AS",
    "QD",
    "JS",
    "7D",
    "QH",
    "KS",
    "KD",
    "9D",
    "8D",
]


def line(**fields: Any) -> str:
    base = {
        "status": "complete",
        "trump": None,
        "maker": None,
        "contract": None,
        "alone": [],
        "partner": None,
        "out": [],
        "tricks": [],
        "delta": [],
        "scores": [],
        "winners": [],
    }
    base.update(fields)
    return json.dumps(base)


CASES: dict[str, tuple[dict[str, Any], str]] = {
    # RULES §2: maker 0 alone, then the defender at his left (seat 1) alone: seat 3 is not
    # asked, seats 2 and 3 sit out, and the lone defender leads (AC, ruffed by QH).
    "classic: lone maker and lone defender, the lone defender leads": (
        {
            "variant": "euchre-classic",
            "dealer": 3,
            "hands": H4,
            "upcard": "9H",
            "actions": [
                "order",
                "discard 9D",
                "alone",
                "alone",
                "AC",
                "QH",
                "JH",
                "KS",
                "JD",
                "AS",
                "AH",
                "QC",
                "KH",
                "KC",
            ],
        },
        line(trump="H", maker=0, alone=[0, 1], out=[2, 3], tricks=[5, 0, 0, 0], delta=[4, 0], scores=[4, 0]),
    ),
    # RULES §3: a turned club: clubs trump, nobody bids or folds, the JC stays out;
    # JS is the left bower and takes the KC lead; everybody subtracts tricks or adds 5.
    "buck: dirty clubs": (
        {
            "variant": "buck-euchre",
            "dealer": 3,
            "hands": H4,
            "upcard": "JC",
            "actions": [
                "JH",
                "AC",
                "9C",
                "9S",
                "KC",
                "TC",
                "JS",
                "JD",
                "TS",
                "AH",
                "AS",
                "TD",
                "QC",
                "QD",
                "QS",
                "KH",
                "KS",
                "KD",
                "9D",
                "QH",
            ],
        },
        line(trump="C", tricks=[0, 4, 0, 1], delta=[5, -4, 5, -1], scores=[30, 21, 30, 24]),
    ),
    # RULES §3: all pass twice: no-trump hand `none`; seat 0 takes all five with hearts and
    # wins at once although three others are lower (the hand is still scored for all).
    "buck: no-trump hand, all five tricks win at once": (
        {
            "variant": "buck-euchre",
            "dealer": 3,
            "hands": H4,
            "upcard": "9H",
            "scores_before": [20, 3, 2, 1],
            "actions": ["pass"] * 8
            + [
                "JH",
                "AC",
                "9C",
                "9S",
                "JD",
                "KC",
                "TD",
                "9D",
                "AH",
                "QC",
                "TC",
                "TS",
                "KH",
                "AS",
                "QD",
                "QS",
                "QH",
                "KS",
                "KD",
                "JS",
            ],
        },
        line(trump="none", tricks=[5, 0, 0, 0], delta=[-5, 5, 5, 5], scores=[15, 8, 7, 6], winners=[0]),
    ),
    # RULES §4: the dealer matches the high bid 4 and takes the contract (an int), calls
    # high (upper-case accepted), leads and takes all six: 28 + 6 = 34 >= 32 with the bid made.
    "bid: the dealer matches, calls high and wins the match": (
        {
            "variant": "bid-euchre",
            "dealer": 3,
            "hands": B6,
            "upcard": None,
            "scores_before": [20, 28],
            "actions": [
                "bid 3",
                "pass",
                "bid 4",
                "bid 4",
                "call HIGH",
                "AS",
                "9C",
                "9D",
                "9H",
                "KS",
                "TC",
                "TD",
                "TH",
                "QS",
                "JC",
                "JD",
                "JH",
                "JS",
                "QC",
                "QD",
                "QH",
                "TS",
                "KC",
                "KD",
                "KH",
                "9S",
                "AC",
                "AD",
                "AH",
            ],
        },
        line(trump="high", maker=3, contract=4, tricks=[0, 0, 0, 6], delta=[0, 6], scores=[20, 34], winners=[1]),
    ),
    # RULES §4: three passes, the dealer must bid (5), names clubs (`call ♣`); JS is the left
    # bower and must follow the JC lead; the bidders are set: -5, the defenders score 6 and
    # win the match with 36 by setting them.
    "bid: forced dealer is set": (
        {
            "variant": "bid-euchre",
            "dealer": 3,
            "hands": B6,
            "scores_before": [30, 3],
            "actions": [
                "pass",
                "pass",
                "pass",
                "bid 5",
                "call ♣",
                "AS",
                "9C",
                "9D",
                "9H",
                "JC",
                "TD",
                "TH",
                "JS",
                "AC",
                "JD",
                "JH",
                "KS",
                "KC",
                "QD",
                "QH",
                "QS",
                "QC",
                "KD",
                "KH",
                "TS",
                "TC",
                "AD",
                "AH",
                "9S",
            ],
        },
        line(trump="C", maker=3, contract=5, tricks=[6, 0, 0, 0], delta=[6, -5], scores=[36, -2], winners=[0]),
    ),
    # RULES §5: the dealer lays away a dealt card; march 2; target 7 from `options`.
    "jucre: march to the target 7": (
        {
            "variant": "jucre",
            "options": {"target": 7},
            "dealer": 3,
            "hands": H4,
            "upcard": "9H",
            "scores_before": [6, 0],
            "actions": [
                "order",
                "discard 9D",
                "together",
                "JH",
                "AC",
                "9C",
                "9H",
                "JD",
                "KC",
                "TC",
                "9S",
                "AH",
                "QC",
                "TD",
                "TS",
                "KH",
                "AS",
                "QD",
                "QS",
                "QH",
                "KS",
                "KD",
                "JS",
            ],
        },
        line(trump="H", maker=0, tricks=[5, 0, 0, 0], delta=[2, 0], scores=[8, 0], winners=[0]),
    ),
    # RULES §6: a turned joker: the dealer names spades (`call ♠`), seat 0 orders, the dealer
    # takes the joker; the lone maker is euchred (the led joker calls for trump): defenders 3.
    "railroad: joker upcard named by the dealer": (
        {
            "variant": "jucre-railroad",
            "dealer": 3,
            "hands": H4,
            "upcard": "JK",
            "actions": [
                "call ♠",
                "order",
                "discard 9S",
                "alone",
                "JH",
                "AC",
                "TS",
                "QS",
                "JD",
                "AS",
                "KC",
                "JS",
                "AH",
                "9D",
                "KH",
                "QC",
                "JK",
                "QH",
                "KS",
            ],
        },
        line(trump="S", maker=0, alone=[0], out=[2], tricks=[0, 1, 0, 4], delta=[0, 3], scores=[0, 3]),
    ),
    # RULES §7: no alone question at all; march 2.
    "two-handed: march": (
        {
            "variant": "jucre-two-handed",
            "dealer": 1,
            "hands": H4[:2],
            "upcard": "9H",
            "actions": ["order", "discard KS", "JH", "9H", "JD", "AC", "AH", "KC", "KH", "QC", "QH", "AS"],
        },
        line(trump="H", maker=0, tricks=[5, 0], delta=[2, 0], scores=[2, 0]),
    ),
    # RULES §8: the maker (seat 1) is euchred: each of the two others scores 3; alone is [].
    "three-handed: euchred maker, each defender 3": (
        {
            "variant": "jucre-three-handed",
            "dealer": 2,
            "hands": H4[:3],
            "upcard": "9H",
            "actions": [
                "pass",
                "order",
                "discard KD",
                "JH",
                "AC",
                "9H",
                "JD",
                "KC",
                "9C",
                "AH",
                "QC",
                "TC",
                "KH",
                "AS",
                "TD",
                "QH",
                "KS",
                "QD",
            ],
        },
        line(trump="H", maker=1, tricks=[5, 0, 0], delta=[3, 0, 3], scores=[3, 0, 3]),
    ),
    # RULES §9: five players (from `players`/the hands), `ace ♠`: seat 1 holds AS and is the
    # partner; march with 5 players: 3 each.
    "call-ace: five players, partner march": (
        {
            "variant": "call-ace",
            "players": 5,
            "dealer": 4,
            "hands": C5,
            "upcard": "9H",
            "actions": ["order", "discard 7C", "ace ♠", *PLAY5],
        },
        line(trump="H", maker=0, partner=1, tricks=[5, 0, 0, 0, 0], delta=[3, 3, 0, 0, 0], scores=[3, 3, 0, 0, 0]),
    ),
    # RULES §9: the AD is undealt: the maker plays alone, alone = [maker], march = 5 players.
    "call-ace: undealt ace, lone march": (
        {
            "variant": "call-ace",
            "options": {"players": 5},
            "dealer": 4,
            "hands": C5,
            "upcard": "9H",
            "actions": ["order", "discard 7C", "ace d", *PLAY5],
        },
        line(trump="H", maker=0, alone=[0], tricks=[5, 0, 0, 0, 0], delta=[5, 0, 0, 0, 0], scores=[5, 0, 0, 0, 0]),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_hand_worked_record_gives_the_exact_line(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, expected = CASES[name]
    assert replay(tmp_path, capsys, record) == (0, expected + "\n", "")


def test_every_variant_in_one_jsonl_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One line per record, in order, nothing on stderr; blank lines are skipped."""
    text = "\n\n".join(json.dumps(record, ensure_ascii=False) for record, _ in CASES.values()) + "\n"
    expected = "".join(result + "\n" for _, result in CASES.values())
    assert replay(tmp_path, capsys, text, ".jsonl") == (0, expected, "")


def test_jsonl_error_after_the_good_records_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (first, first_line), (second, _) = list(CASES.values())[:2]
    bad = {**second, "actions": second["actions"][:3]}
    text = "\n".join([json.dumps(first), "", json.dumps(EXAMPLE), "   ", json.dumps(bad)]) + "\n"
    status, out, err = replay(tmp_path, capsys, text, ".jsonl")
    assert (status, out) == (1, first_line + "\n" + EXAMPLE_LINE + "\n")
    assert err == "record 5: actions end before the hand is over: seat 3 to act (9S, TS, QS, JS, 9D)\n"


def test_must_follow_names_the_left_bower_among_the_held_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hearts trump, JH led: seat 1's only heart is the JD (left bower), so AC is a revoke."""
    record = {
        "variant": "euchre",
        "dealer": 3,
        "upcard": "9H",
        "hands": [
            ["JH", "AH", "KH", "QH", "9S"],
            ["JD", "AC", "KC", "QC", "AS"],
            ["9C", "TC", "TD", "QD", "KD"],
            ["TS", "QS", "JS", "9D", "KS"],
        ],
        "actions": ["order", "discard 9D", "together", "JH", "AC"],
    }
    assert one_error_line(*replay(tmp_path, capsys, record)) == 'action 4 (seat 1, "AC"): must follow hearts, holds JD'


@pytest.mark.parametrize(
    ("variant", "hands", "upcard", "actions", "prefix"),
    [
        # RULES §7: nobody may go alone in two-handed jucre.
        ("jucre-two-handed", H4[:2], "9H", ["order", "discard KS", "alone"], 'action 2 (seat 0, "alone"): '),
        # RULES §8: no alone declaration in cutthroat.
        ("jucre-three-handed", H4[:3], "9H", ["order", "discard KD", "alone"], 'action 2 (seat 0, "alone"): '),
        # RULES §6/§5: the dealer exchanges one of his dealt cards for the joker, never the joker.
        ("jucre-railroad", H4, "JK", ["call S", "order", "discard JK"], 'action 2 (seat 3, "discard JK"): '),
        # RULES §6: a turned joker must be named first, before anybody may order.
        ("jucre-railroad", H4, "JK", ["order"], 'action 0 (seat 3, "order"): '),
        # RULES §6: the named suit is the turned-down suit in round 2.
        (
            "jucre-railroad",
            H4,
            "JK",
            ["call ♠", "pass", "pass", "pass", "pass", "call S"],
            'action 5 (seat 0, "call S"): ',
        ),
        # RULES §2: the turned-down suit may not be named in round 2.
        ("euchre-classic", H4, "9H", ["pass"] * 4 + ["call ♥"], 'action 4 (seat 0, "call ♥"): '),
        # RULES §2: the dealer who takes it up himself must pick it up.
        ("euchre-classic", H4, "9H", ["pass", "pass", "pass", "order", "decline"], 'action 4 (seat 3, "decline"): '),
        # RULES §1: defenders are never asked; after `together` the first lead is due.
        ("euchre", H4, "9H", ["order", "discard 9D", "together", "alone"], 'action 3 (seat 0, "alone"): '),
        # RULES §3: no folding in dirty clubs: the first lead is due at once.
        ("buck-euchre", H4, "JC", ["fold"], 'action 0 (seat 0, "fold"): '),
        # RULES §3: the chooser (seat 0) is never asked: after three answers his lead is due.
        (
            "buck-euchre",
            H4,
            "9H",
            ["order", "discard 9D", "stay", "stay", "fold", "fold"],
            'action 5 (seat 0, "fold"): ',
        ),
        # RULES §9: `ace S` names a suit, not a card.
        ("call-ace", H4, "9H", ["order", "discard 9D", "ace AS"], 'action 2 (seat 0, "ace AS"): '),
    ],
)
def test_illegal_action_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    variant: str,
    hands: list[list[str]],
    upcard: str,
    actions: list[str],
    prefix: str,
) -> None:
    record = {
        "variant": variant,
        "dealer": 3 if len(hands) == 4 else len(hands) - 1,
        "hands": hands,
        "upcard": upcard,
        "actions": actions,
    }
    message = one_error_line(*replay(tmp_path, capsys, record))
    assert message.startswith(prefix), message


def test_redeal_line_and_scores_before_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = {"variant": "jucre-three-handed", "dealer": 0, "hands": H4[:3], "upcard": "9H", "actions": ["pass"] * 6}
    expected = (
        '{"status": "redeal", "trump": null, "maker": null, "contract": null, "alone": [], '
        '"partner": null, "out": [], "tricks": [0, 0, 0], "delta": [0, 0, 0], "scores": [0, 0, 0], '
        '"winners": []}\n'
    )
    assert replay(tmp_path, capsys, record) == (0, expected, "")


def test_buck_scores_before_default_is_25(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, expected = CASES["buck: dirty clubs"]
    assert json.loads(expected)["scores"] == [25 + d for d in json.loads(expected)["delta"]]
    assert replay(tmp_path, capsys, {**record, "scores_before": None}) == (0, expected + "\n", "")


def test_readable_summary_of_every_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --json: results for a person, exit 0, nothing on stderr."""
    text = "\n".join(json.dumps(record, ensure_ascii=False) for record, _ in CASES.values()) + "\n"
    path = tmp_path / "all.jsonl"
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert out.count("Hand ") == len(CASES)
    assert "contract 4" in out and "partner seat 1" in out and "winners:" in out


def test_players_is_not_an_option_of_euchre(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """HAND_RECORDS: only options the variant declares; euchre's player count is fixed."""
    record = {**EXAMPLE, "options": {"players": 4}}
    message = one_error_line(*replay(tmp_path, capsys, record))
    assert message == "unknown option 'players' for variant 'euchre' (its options: none)"


@pytest.mark.parametrize(
    "content",
    [b"", b"\x00\x01\x02\xff\xfe", b"   \n", b"[1, 2]", b"null", b'"euchre"', b"{", b"\xef\xbb\xbf{}"],
    ids=["empty", "binary", "blank", "list", "null", "string", "truncated", "bom"],
)
def test_garbage_json_file_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    one_error_line(*replay(tmp_path, capsys, content))


def test_a_directory_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    status = main(["replay", str(tmp_path), "--json"])
    one_error_line(status, *capsys.readouterr())


def test_a_big_but_parsable_number_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(EXAMPLE)[:-1] + ', "dealer": ' + "9" * 400 + "}"
    assert one_error_line(*replay(tmp_path, capsys, text)).startswith("dealer 999")


def test_call_ace_player_option_contradicting_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, _ = CASES["call-ace: five players, partner march"]
    message = one_error_line(*replay(tmp_path, capsys, {**record, "options": {"players": 4}, "players": 4}))
    assert message == "players is 4 but hands lists 5 hands"


# =========================================================================
# Deviations the review found (fixed; these keep them fixed)


@pytest.mark.parametrize(
    ("variant", "hands", "scores"),
    [("euchre", H4, [10, 3]), ("jucre-three-handed", H4[:3], [4, 12, 11]), ("call-ace", H4, [0, 10, 3, 4])],
)
def test_redeal_never_has_winners(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str, hands: list[list[str]], scores: list[int]
) -> None:
    record = {
        "variant": variant,
        "dealer": 0,
        "hands": hands,
        "upcard": "9H",
        "scores_before": scores,
        "actions": ["pass"] * (2 * len(hands)),
    }
    status, out, err = replay(tmp_path, capsys, record)
    result = json.loads(out)
    assert (status, err, result["status"], result["scores"]) == (0, "", "redeal", scores)
    assert result["winners"] == []


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_deeply_nested_json_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str) -> None:
    text = json.dumps(EXAMPLE)[:-1] + ', "comment": ' + "[" * 5000 + "]" * 5000 + "}\n"
    message = one_error_line(*replay(tmp_path, capsys, text, suffix))
    assert message.startswith("record 1: " if suffix == ".jsonl" else "malformed JSON")


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_huge_json_integer_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str) -> None:
    text = json.dumps(EXAMPLE)[:-1] + ', "comment": ' + "9" * 5000 + "}\n"
    one_error_line(*replay(tmp_path, capsys, text, suffix))


@pytest.mark.parametrize("bid", ["bid ³", "bid " + "9" * 5000], ids=["superscript", "5000-digits"])
def test_unparsable_bid_is_an_illegal_action_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], bid: str) -> None:
    record, _ = CASES["bid: forced dealer is set"]
    message = one_error_line(*replay(tmp_path, capsys, {**record, "actions": [bid]}))
    assert message.startswith('action 0 (seat 0, "bid ')


def test_action_with_a_newline_still_gives_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = {**EXAMPLE, "actions": ["or\nder"]}
    message = one_error_line(*replay(tmp_path, capsys, record))
    assert message.startswith("action 0 (seat 0, ")


@pytest.mark.parametrize(
    "mutate",
    [lambda r: r.update(variant="eu\nchre"), lambda r: r.update(options={"a\nb": 1})],
    ids=["variant", "option"],
)
def test_names_with_a_newline_still_give_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mutate: Any
) -> None:
    record = json.loads(json.dumps(EXAMPLE))
    mutate(record)
    one_error_line(*replay(tmp_path, capsys, record))


def test_jsonl_bad_bytes_on_a_later_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = json.dumps(EXAMPLE).encode()
    status, out, err = replay(tmp_path, capsys, good + b"\n" + good + b'\n{"variant": "euchre\xff"}\n', ".jsonl")
    assert (status, out) == (1, EXAMPLE_LINE + "\n" + EXAMPLE_LINE + "\n")
    assert err.startswith("record 3: ") and err.count("\n") == 1


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u0085"], ids=["LS", "PS", "NEL"])
def test_jsonl_line_separator_inside_a_string(tmp_path: Path, capsys: pytest.CaptureFixture[str], char: str) -> None:
    record = {**EXAMPLE, "comment": f"first{char}second"}
    text = json.dumps(record, ensure_ascii=False) + "\n" + json.dumps(EXAMPLE) + "\n"
    assert replay(tmp_path, capsys, text, ".jsonl") == (0, EXAMPLE_LINE + "\n" + EXAMPLE_LINE + "\n", "")


@pytest.mark.parametrize("key", ["rules", "deal", "counters_before"])
def test_unlisted_keys_are_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str) -> None:
    record = {**EXAMPLE, key: "a note by the person who wrote the record"}
    assert replay(tmp_path, capsys, record) == (0, EXAMPLE_LINE + "\n", "")


def test_summary_on_an_ascii_terminal_has_no_traceback() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    proc = subprocess.run(
        [sys.executable, "-m", "interpreter", "replay", str(ROOT / "tests/records/example.json")],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 0


# =========================================================================
# Random hands of all nine variants against a reference model of RULES.md

SUITS = "CDHS"
COLOUR = {"C": "b", "S": "b", "D": "r", "H": "r"}
VARIANTS: dict[str, tuple[int, bool, str, bool]] = {  # players, partnerships, ranks low..high, joker
    "euchre": (4, True, "9TJQKA", False),
    "euchre-classic": (4, True, "9TJQKA", False),
    "buck-euchre": (4, False, "9TJQKA", False),
    "bid-euchre": (4, True, "9TJQKA", False),
    "jucre": (4, True, "789TJQKA", False),
    "jucre-railroad": (4, True, "789TJQKA", True),
    "jucre-two-handed": (2, False, "9TJQKA", False),
    "jucre-three-handed": (3, False, "789TJQKA", False),
    "call-ace": (0, False, "789TJQKA", False),
}
LONE_MAKER = ("euchre", "euchre-classic", "jucre", "jucre-railroad")


def effective_suit(card: str, trump: str) -> str:
    if card == "JK":
        return trump
    if trump in SUITS and card[0] == "J" and card[1] != trump and COLOUR[card[1]] == COLOUR[trump]:
        return trump
    return card[1]


def strength(card: str, trump: str, led: str, ranks: str) -> int:
    suit = effective_suit(card, trump)
    if trump in SUITS and suit == trump:
        if card == "JK":
            return 1000
        if card[0] == "J":
            return 999 if card[1] == trump else 998
        return 500 + ranks.index(card[0])
    if suit != led:
        return -1
    return 100 - ranks.index(card[0]) if trump == "low" else ranks.index(card[0])


class Reference:
    """One hand per RULES.md, as a generator of (seat, legal actions) that receives each action."""

    def __init__(
        self, variant: str, dealer: int, hands: list[list[str]], upcard: str | None, scores: list[int], target: int
    ) -> None:
        self.v = variant
        n, self.partnerships, self.ranks, _ = VARIANTS[variant]
        self.n = n or len(hands)
        self.dealer, self.hands, self.upcard = dealer, [list(h) for h in hands], upcard
        self.scores, self.target = scores, target
        self.trump: str | None = None
        self.maker: int | None = None
        self.contract: int | None = None
        self.alone: list[int] = []
        self.partner: int | None = None
        self.out: set[int] = set()
        self.tricks = [0] * self.n
        self.result: dict[str, Any] | None = None
        self.up_suit = None if upcard in (None, "JK") else upcard[1]
        self.gen = self.hand()
        self.pending: tuple[int, list[str]] | None = next(self.gen)

    def act(self, action: str) -> None:
        try:
            self.pending = self.gen.send(action)
        except StopIteration:
            self.pending = None

    def left(self, seat: int, k: int = 1) -> int:
        return (seat + k) % self.n

    def side(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def bidding(self):  # noqa: ANN201 - a generator
        v, d, n = self.v, self.dealer, self.n
        if v == "bid-euchre":
            high, bidder = 0, None
            for k in range(1, n + 1):
                s = self.left(d, k)
                low = high if s == d and bidder is not None else max(3, high + 1)
                bids = [f"bid {b}" for b in range(low, 7)]
                a = yield (s, bids if s == d and bidder is None else ["pass", *bids])
                if a != "pass":
                    high, bidder = int(a.split()[1]), s
            self.maker, self.contract = bidder, high
            a = yield (bidder, [f"call {x}" for x in SUITS] + ["call high", "call low"])
            self.trump = a.split()[1]
            return
        if v == "buck-euchre" and self.upcard[1] == "C":
            self.trump = "C"
            return
        if v == "jucre-railroad" and self.upcard == "JK":
            a = yield (d, [f"call {x}" for x in SUITS])
            self.up_suit = a.split()[1]
        for k in range(1, n + 1):
            s = self.left(d, k)
            if (yield (s, ["pass", "order"])) == "order":
                self.maker, self.trump = s, self.up_suit
                hand = self.hands[d]
                may_lay_upcard = v in ("euchre", "euchre-classic", "buck-euchre")
                legal = [f"discard {c}" for c in hand + ([self.upcard] if may_lay_upcard else [])]
                a = yield (d, legal + (["decline"] if v == "euchre-classic" and s != d else []))
                if a != "decline":
                    hand.append(self.upcard)
                    hand.remove(a.split()[1])
                return
        for k in range(1, n + 1):
            s = self.left(d, k)
            a = yield (s, ["pass"] + [f"call {x}" for x in SUITS if x != self.up_suit])
            if a != "pass":
                self.maker, self.trump = s, a.split()[1]
                return
        if v == "buck-euchre":
            self.trump = "none"

    def hand(self):  # noqa: ANN201 - a generator
        yield from self.bidding()
        if self.trump is None:
            self.result = self.finish(redeal=True)
            return
        v, m = self.v, self.maker
        lone_defender = None
        if m is not None and v in LONE_MAKER:
            if (yield (m, ["alone", "together"])) == "alone":
                self.alone.append(m)
                self.out.add(self.left(m, 2))
            if v == "euchre-classic":
                for s in (self.left(m, 1), self.left(m, 3)):
                    if (yield (s, ["alone", "together"])) == "alone":
                        self.alone.append(s)
                        self.out.add(self.left(s, 2))
                        lone_defender = s
                        break
        elif m is not None and v == "buck-euchre":
            for k in (1, 2, 3):
                if (yield (self.left(m, k), ["stay", "fold"])) == "fold":
                    self.out.add(self.left(m, k))
        elif m is not None and v == "call-ace":
            a = yield (m, ["alone"] + [f"ace {x}" for x in SUITS])
            holder = (
                None
                if a == "alone"
                else next((s for s in range(self.n) if s != m and "A" + a[-1] in self.hands[s]), None)
            )
            if holder is None:
                self.alone.append(m)
            self.partner = holder
        if v == "bid-euchre":
            lead = m
        elif v == "euchre-classic" and m in self.alone:
            lead = lone_defender if lone_defender is not None else self.left(m)
        elif v == "euchre-classic" and lone_defender is not None:
            lead = self.left(lone_defender)
        else:
            lead = self.left(self.dealer)
        while lead in self.out:
            lead = self.left(lead)
        players = self.n - len(self.out)
        for _ in range(len(self.hands[lead])):
            trick: list[tuple[int, str]] = []
            seat = lead
            while len(trick) < players:
                hand = self.hands[seat]
                led = effective_suit(trick[0][1], self.trump) if trick else None
                follow = [c for c in hand if effective_suit(c, self.trump) == led]
                card = yield (seat, follow or list(hand))
                hand.remove(card)
                trick.append((seat, card))
                seat = self.left(seat)
                while seat in self.out:
                    seat = self.left(seat)
            led = effective_suit(trick[0][1], self.trump)
            lead = max(trick, key=lambda sc: strength(sc[1], self.trump, led, self.ranks))[0]
            self.tricks[lead] += 1
        self.result = self.finish(redeal=False)

    def finish(self, redeal: bool) -> dict[str, Any]:
        v, n, m, t = self.v, self.n, self.maker, self.tricks
        sides = 2 if self.partnerships else n
        delta = [0] * sides
        if redeal:
            return {
                "status": "redeal",
                "trump": None,
                "maker": None,
                "contract": None,
                "alone": [],
                "partner": None,
                "out": [],
                "tricks": [0] * n,
                "delta": delta,
                "scores": list(self.scores),
                "winners": [],
            }
        team = set() if m is None else {s for s in range(n) if self.side(s) == self.side(m)}
        if self.partner is not None:
            team.add(self.partner)
        made = sum(t[s] for s in team)
        maker_sides = {self.side(s) for s in team}
        others = [x for x in range(sides) if x not in maker_sides]
        alone = m in self.alone

        def give(to: Any, points: int) -> None:
            for x in to:
                delta[x] += points

        if v == "buck-euchre":
            for s in set(range(n)) - self.out:
                delta[s] = 5 if (s == m and t[s] < 3) or t[s] == 0 else -t[s]
        elif v == "bid-euchre":
            for x in (0, 1):
                set_ = x == self.side(m) and made < self.contract
                delta[x] = -self.contract if set_ else t[x] + t[x + 2]
        elif made == 5:
            march = {"jucre-two-handed": 2, "jucre-three-handed": 3}.get(v, 4 if alone else 2)
            if v == "call-ace":
                march = n if alone else (2 if n == 4 else 3)
            give(maker_sides, march)
        elif made >= 3:
            give(maker_sides, 1)
        elif v == "euchre-classic" and len(self.alone) > (1 if alone else 0) and sum(t) - made == 5:
            give(others, 4)
        else:
            give(others, {"euchre": 2, "euchre-classic": 2, "call-ace": 2}.get(v, 3))
        scores = [a + b for a, b in zip(self.scores, delta, strict=True)]
        if v == "buck-euchre":
            winners = [s for s in range(n) if t[s] == 5]
            if not winners:
                low = [s for s in range(n) if scores[s] <= 0]
                winners = [s for s in low if scores[s] == min(scores[x] for x in low)]
        elif v == "bid-euchre":
            winners = [x for x in (0, 1) if scores[x] >= 32 and (x == self.side(m)) == (made >= self.contract)]
        else:
            goal = 10 if v.startswith("euchre") else self.target
            winners = [x for x in range(sides) if scores[x] >= goal]
            if v in ("jucre-three-handed", "call-ace") and winners:
                winners = [x for x in winners if scores[x] == max(scores[w] for w in winners)]
        return {
            "status": "complete",
            "trump": self.trump,
            "maker": m,
            "contract": self.contract,
            "alone": sorted(self.alone),
            "partner": self.partner,
            "out": sorted(self.out),
            "tricks": list(t),
            "delta": delta,
            "scores": scores,
            "winners": sorted(winners),
        }


def random_record(variant: str, seed: int) -> tuple[dict[str, Any], random.Random]:
    rng = random.Random(seed)
    n, partnerships, ranks, joker = VARIANTS[variant]
    n = n or 4 + seed % 3
    deck = [r + s for s in SUITS for r in ranks] + (["JK"] if joker else [])
    rng.shuffle(deck)
    size = 6 if variant == "bid-euchre" else 5
    hands = [deck[k * size : (k + 1) * size] for k in range(n)]
    upcard = None if variant == "bid-euchre" else deck[n * size]
    if joker and rng.random() < 0.3 and "JK" not in (upcard, *deck[n * size + 1 :]):
        holder = next(h for h in hands if "JK" in h)
        holder[holder.index("JK")], upcard = upcard, "JK"
    sides = 2 if partnerships else n
    target = rng.choice([5, 7, 10])
    top = {"buck-euchre": 25, "bid-euchre": 31}.get(variant, 9 if variant.startswith("euchre") else target - 1)
    low = 1 if variant == "buck-euchre" else -6 if variant == "bid-euchre" else 0
    record: dict[str, Any] = {
        "variant": variant,
        "dealer": rng.randrange(n),
        "hands": hands,
        "upcard": upcard,
        "scores_before": [rng.randint(low, top) for _ in range(sides)],
        "actions": [],
    }
    if variant.startswith("jucre") or variant == "call-ace":
        record["options"] = {"target": target}
    return record, rng


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_hands_match_the_reference_model(variant: str) -> None:
    for seed in range(150):
        record, rng = random_record(variant, seed)
        target = record.get("options", {}).get("target", 10)
        ref = Reference(variant, record["dealer"], record["hands"], record["upcard"], record["scores_before"], target)
        rules, state, _ = check_record(record)
        pass_rate = rng.choice([0.3, 0.7, 0.95])
        done: list[str] = []
        while ref.pending is not None:
            seat, legal = ref.pending
            offered = sorted(rules.codec.to_str(a) for a in state.legal_actions())
            assert (state.current_player, offered) == (seat, sorted(legal)), (seed, done)
            if "pass" in legal and rng.random() < pass_rate:
                action = "pass"
            elif "alone" in legal and rng.random() < 0.4:
                action = "alone"
            else:
                action = rng.choice(legal)
            done.append(action)
            ref.act(action)
            apply_text(state, len(done) - 1, action)
        assert state.is_over, (seed, done)
        assert state.result() == ref.result, (seed, done)
