"""`trickspec replay` against RULES.md and docs/hand-records.md: hand-worked records of every variant
and their exact result lines, and every bad record as one error line.

Every hand record here was written by hand and its result worked out from the two
documents, not from the engine. (Random hands against a reference model of RULES.md:
test_reference_model.py.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from interpreter.cli import main

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
    """docs/hand-records.md: only options the variant declares; euchre's player count is fixed."""
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
