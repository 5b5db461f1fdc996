"""Options with a range (`{min: 1, max: 100, default: 10}`): one overlay serves every value.

Hand-worked results of the ranged house rules are in tests/records/house/
(tests/test_house_records.py); here: which values a range allows, the errors
for values outside it, and what explain, verify and a player count make of it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.errors import SpecError
from interpreter.explain import explain_text
from interpreter.records import read_records, replay_record
from interpreter.spec.model import OptionModel
from interpreter.variants import load_rules

RECORDS = Path(__file__).resolve().parent / "records" / "house"


def test_a_range_allows_both_ends_and_nothing_outside() -> None:
    opt = OptionModel(values=(), low=1, high=24, default=4)
    assert [v for v in range(-2, 30) if opt.allows(v)] == list(range(1, 25))
    assert opt.allowed_text() == "any whole number from 1 to 24"
    assert opt.samples() == (1, 2, 4, 23, 24)  # the ends, next to them, the default
    listed = OptionModel(values=(5, 7, 10), low=None, high=None, default=10)
    assert not listed.is_range and listed.allows(7) and not listed.allows(8)
    assert listed.allowed_text() == "5, 7 or 10" and listed.samples() == (5, 7, 10)


@pytest.mark.parametrize(
    ("rule", "option"), [("loner-march-score", "loner_march_score"), ("loner-euchred-score", "loner_euchred_score")]
)
@pytest.mark.parametrize("value", [1, 24])
def test_both_ends_of_the_range_reach_the_scoring(rule: str, option: str, value: int) -> None:
    """The first record of each rule (a lone march by seat 0; a loner, seat 1, euchred) at the range's ends."""
    _, rec = next(iter(read_records(str(RECORDS / f"{rule}.jsonl"))))
    rec = {k: v for k, v in rec.items() if k not in ("expect", "plain_euchre", "why")}
    result = replay_record({**rec, "options": {option: value}}).result
    assert result["delta"] == [value, 0] and result["tricks"] == [5, 0, 0, 0]


@pytest.mark.parametrize("value", [0, 25, -3])
def test_a_value_outside_the_range_is_refused(value: int, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SpecError, match="allowed: any whole number from 1 to 24"):
        load_rules("euchre", {"loner_march_score": value}, ["house/loner-march-score"])
    code = main(["explain", "euchre", "--rule", "house/loner-march-score", "--set", f"loner_march_score={value}"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.strip() == (
        f"option loner_march_score={value} is not allowed for 'euchre'; allowed: any whole number from 1 to 24"
    )


def test_explain_says_the_range_and_the_chosen_value() -> None:
    text = " ".join(explain_text("house/target", options={"target": 21}).split())
    assert "target: points needed to win the match — any whole number from 1 to 100; default 10; 21 here." in text
    assert "If a side has 21 points or more (the target option), that side wins the match." in text


def test_verify_is_clean_on_the_ranged_overlays(capsys: pytest.CaptureFixture[str]) -> None:
    for rule in ("target", "fixed-deals", "loner-march-score", "loner-euchred-score"):
        assert main(["verify", f"house/{rule}", "--hands", "200", "--seed", "1"]) == 0
        out, _ = capsys.readouterr()
        assert " 0 errors," in out, out


def test_a_player_count_from_a_range(tmp_path: Path) -> None:
    src = (Path(__file__).resolve().parent.parent / "variants" / "call-ace.yaml").read_text(encoding="utf-8")
    assert "players: {option: players}" in src
    path = tmp_path / "ranged.yaml"
    path.write_text(
        "extends: call-ace\nname: call-ace-ranged\ntitle: Call-ace, a range of players\n"
        "options:\n  players: {values: null, min: 4, max: 5, default: 4}\n",
        encoding="utf-8",
    )
    for count in (4, 5):
        rules = load_rules(str(path), {"players": count})
        assert rules.players == count and rules.player_counts == (4, 5)
    with pytest.raises(SpecError, match="allowed: any whole number from 4 to 5"):
        load_rules(str(path), {"players": 6})
