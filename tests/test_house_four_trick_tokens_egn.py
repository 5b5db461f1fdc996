"""EGN's four-trick tokens (variants/house/four-trick-tokens-egn.yaml), hand-worked, and its EGN mapping.

A partnered maker side taking exactly 4 tricks scores 1 and earns a token; the
4th token cashes at once for an extra point (the hand scores 2) and the tokens
go back to 0. A lone maker earns none. The bundled house/four-trick-tokens (two
tokens cash, loners earn them too) is a different rule and stays.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from handplay import result
from test_euchre import EXAMPLE_HANDS, EXAMPLE_PLAY, THREE_HANDS, THREE_PLAY, TOP_HANDS, TOP_PLAY

from interpreter.agents import RandomBot
from interpreter.cli import main
from interpreter.formats.egn_export import export_records
from interpreter.formats.egn_import import import_egn, import_file
from interpreter.formats.egn_rules import overlays_for, ruleset_for
from interpreter.match import play_match
from interpreter.records import Replay, replay_record
from interpreter.variants import load_rules

DATA = Path(__file__).resolve().parent / "data" / "egn"
RULE = "house/four-trick-tokens-egn"

# EXAMPLE_HANDS: seat 0 orders the KH and, with his partner, takes exactly four tricks.
FOUR = ["order", "discard TC", "together", *EXAMPLE_PLAY]
FOUR_RESULT = result("H", 0, [4, 0, 0, 1], [1, 0])
# The same seats, seat 0 alone this time (found by a random match; seat 3 takes the AC trick).
LONE_HANDS = ["9C QS KH QC JC", "9H AH QD JD KC", "9S 9D TC KD AS", "QH TD TS JH AC"]
LONE = ["order", "discard TD", "alone", "KH", "9H", "QH", "JC", "QD", "KS", "9C", "KC", "AC", "TS", "QS", "AH"]
LONE += ["QC", "JD", "JH"]


def hand(
    hands: list[str], upcard: str, actions: list[str], tokens: list[int], scores: list[int], rule: str = RULE
) -> Replay:
    return replay_record(
        {
            "variant": "euchre",
            "dealer": 3,
            "hands": [h.split() for h in hands],
            "upcard": upcard,
            "scores_before": scores,
            "trickspec": {"rules": [rule], "counters_before": {"tokens": tokens}},
            "actions": actions,
        }
    )


def test_four_tricks_with_a_partner_earn_a_token() -> None:
    done = hand(EXAMPLE_HANDS, "KH", FOUR, [0, 2], [0, 0])
    assert done.result == FOUR_RESULT
    assert done.state.counters == {"tokens": [1, 2]}


def test_the_fourth_token_cashes_for_an_extra_point_and_can_win_the_game() -> None:
    done = hand(EXAMPLE_HANDS, "KH", FOUR, [3, 0], [9, 5])
    assert done.result == result("H", 0, [4, 0, 0, 1], [2, 0], [11, 5], winners=[0])
    assert done.state.counters == {"tokens": [0, 0]}


def test_two_tokens_do_not_cash_unlike_the_other_tokens_rule() -> None:
    egn = hand(EXAMPLE_HANDS, "KH", FOUR, [1, 0], [0, 0])
    assert egn.result == FOUR_RESULT and egn.state.counters == {"tokens": [2, 0]}
    house = hand(EXAMPLE_HANDS, "KH", FOUR, [1, 0], [0, 0], rule="house/four-trick-tokens")
    assert house.result == result("H", 0, [4, 0, 0, 1], [2, 0]) and house.state.counters == {"tokens": [0, 0]}


def test_a_lone_maker_with_four_tricks_earns_no_token() -> None:
    done = hand(LONE_HANDS, "KS", LONE, [3, 0], [6, 7])
    assert done.result == result("S", 0, [4, 0, 0, 1], [1, 0], [7, 7], alone=[0], out=[2])
    assert done.state.counters == {"tokens": [3, 0]}


@pytest.mark.parametrize(
    ("hands", "actions", "expected"),
    [
        (THREE_HANDS, ["order", "discard 9S", "together", *THREE_PLAY], result("H", 0, [3, 1, 0, 1], [1, 0])),
        (TOP_HANDS, ["order", "discard 9S", "together", *TOP_PLAY], result("H", 0, [5, 0, 0, 0], [2, 0])),
    ],
    ids=["three tricks", "a march"],
)
def test_only_exactly_four_tricks_earn_one(hands: list[str], actions: list[str], expected: dict[str, Any]) -> None:
    done = hand(hands, "TH", actions, [3, 3], [0, 0])
    assert done.result == expected and done.state.counters == {"tokens": [3, 3]}


# ------------------------------------------------------------------ EGN
def test_egn_toggle_maps_to_the_overlay_both_ways() -> None:
    assert overlays_for({"four_trick_tokens": True, "std": False}) == ([RULE], {})
    assert ruleset_for("euchre", [RULE], {}) == {"std": False, "four_trick_tokens": True}
    imported = import_file(str(DATA / "four-trick-tokens.egn")).records
    assert imported[0]["trickspec"]["rules"] == ["house/stick-the-dealer", RULE]


def test_a_played_match_exports_and_imports_with_its_tokens(tmp_path: Path) -> None:
    """Tokens are not written in EGN: import counts them again, hand by hand, to the same values."""
    rules = load_rules("euchre", {}, [RULE])
    for seed in range(40):
        match = play_match(rules, [RandomBot(random.Random(seed * 4 + s)) for s in range(4)], random.Random(seed))
        if any(h.state.counters != h.state.counters_before for h in match.hands):
            break
    records = [h.record | {"trickspec": {**h.record["trickspec"], "rules": [RULE]}} for h in match.hands]
    jsonl = tmp_path / "played.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    game = export_records(str(jsonl))
    assert game["metadata"]["ruleset"] == {"std": False, "four_trick_tokens": True}
    back = import_egn(json.loads(json.dumps(game)), "played.egn").records
    assert [r["trickspec"]["counters_before"] for r in back] == [r["trickspec"]["counters_before"] for r in records]
    assert [replay_record(r).result for r in back] == [h.result for h in match.hands]
    assert any(r["trickspec"]["counters_before"]["tokens"] != [0, 0] for r in back)


def test_verify_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", RULE, "--hands", "150", "--seed", "1"]) == 0
    out, _ = capsys.readouterr()
    assert " 0 errors," in out and "never holds" not in out, out
