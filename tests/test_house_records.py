"""House rules written with the general constructs, by their hand records (tests/records/house/):
each record replays to its `expect`, and the same hand under plain euchre ends differently,
exactly as the rule says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from interpreter.errors import RecordError
from interpreter.records import replay_record

HOUSE_RECORDS = sorted((Path(__file__).resolve().parent / "records" / "house").glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def plain(record: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    """The same hand under plain euchre, with other actions."""
    out = {k: v for k, v in record.items() if k not in ("trickspec", "expect")}
    out["actions"] = actions
    return out


@pytest.mark.parametrize("path", HOUSE_RECORDS, ids=[p.stem for p in HOUSE_RECORDS])
def test_house_record_replays_to_its_expectation(path: Path) -> None:
    record = load(path)
    expect = record.pop("expect")
    assert replay_record(record, path.parent).result == expect


def test_every_general_construct_rule_has_two_records() -> None:
    rules = [load(p)["trickspec"]["rules"][0] for p in HOUSE_RECORDS]
    assert rules and all(rules.count(r) >= 2 for r in rules)


# ------------------------------------------------------------ no-alone-after-pass (a phase's `when`)
@pytest.mark.parametrize("stem", ["no-alone-after-pass-round2", "no-alone-after-pass-round2-seat1"])
def test_a_round_2_maker_is_not_asked_and_marches_for_2_not_4(stem: str) -> None:
    record = load(Path(__file__).parent / "records" / "house" / f"{stem}.json")
    maker = record["expect"]["maker"]
    calls = record["actions"][:5]  # four passes, then the call in round 2
    play = record["actions"][5:]
    assert record["expect"]["alone"] == [] and record["expect"]["delta"][maker % 2] == 2  # a march together
    # Plain euchre asks the same maker; alone, the same march scores 4.
    partner_cards = set(record["hands"][(maker + 2) % 4])
    alone_play = [c for c in play if c not in partner_cards]
    euchre = replay_record(plain(record, [*calls, "alone", *alone_play])).result
    assert euchre["alone"] == [maker] and euchre["delta"][maker % 2] == 4
    # Under the rule the question is not asked: `alone` there is refused.
    with pytest.raises(RecordError, match="a card must be played now"):
        replay_record({**plain(record, [*calls, "alone", *alone_play]), "trickspec": record["trickspec"]})


def test_a_round_1_orderer_still_chooses() -> None:
    hands = [h.split() for h in ["JH JD AH KH QH", "9C TC QC KC AC", "9D TD QD KD AD", "9S TS QS KS AS"]]
    record: dict[str, Any] = {"variant": "euchre", "dealer": 3, "hands": hands, "upcard": "TH"}
    play = ["JH", "9C", "TH", "JD", "TC", "9S", "AH", "QC", "TS", "KH", "KC", "QS", "QH", "AC", "KS"]
    actions = ["order", "discard AS", "alone", *play]
    ruled = {**record, "actions": actions, "trickspec": {"rules": ["house/no-alone-after-pass"]}}
    assert replay_record(ruled).result == replay_record({**record, "actions": actions}).result
    assert replay_record(ruled).result["delta"] == [4, 0]
