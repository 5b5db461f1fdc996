"""The numeric house rules' hand records (tests/records/house/RULE.jsonl, one rule a file) replay to their results.

Each line is a hand record (docs/hand-records.md) naming its rule in
"trickspec": {"rules": ["house/RULE"]}, with its options, and three keys replay
ignores: "why" (the difference, in words), "expect" (the result under the rule)
and "plain_euchre": the result of the same record under plain `euchre` (the
rule and its options taken away) — or {"error": TEXT} when plain euchre refuses
the record (an action only the rule allows). Both are asserted whole, and they
must differ: a record that plain euchre scores the same proves nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from interpreter.cli import main
from interpreter.errors import RecordError
from interpreter.records import read_records, replay_record
from interpreter.variants import bundled_names

RECORDS = Path(__file__).resolve().parent / "records" / "house"
FILES = sorted(RECORDS.glob("*.jsonl"))
CASES = [(path, n, rec) for path in FILES for n, rec in read_records(str(path))]


def _plain(rec: dict[str, Any]) -> dict[str, Any]:
    """The same hand under plain euchre: no house rule, no option (the deal number and counters kept)."""
    out = {k: v for k, v in rec.items() if k not in ("options", "expect", "plain_euchre", "why")}
    trickspec = {k: v for k, v in rec.get("trickspec", {}).items() if k != "rules"}
    out.pop("trickspec", None)
    if trickspec:
        out["trickspec"] = trickspec
    return out


def test_every_file_is_a_bundled_rule_with_two_records() -> None:
    assert FILES
    house = set(bundled_names(house=True))
    for path in FILES:
        records = [rec for _, rec in read_records(str(path))]
        assert f"house/{path.stem}" in house, path.name
        assert len(records) >= 2, f"{path.name}: a rule needs at least two records"
        for rec in records:
            assert rec["trickspec"]["rules"] == [f"house/{path.stem}"], path.name
            assert rec["why"].strip()


@pytest.mark.parametrize(("path", "line", "rec"), CASES, ids=[f"{p.stem}:{n}" for p, n, _ in CASES])
def test_record_replays_to_its_result_and_plain_euchre_differs(path: Path, line: int, rec: dict[str, Any]) -> None:
    assert replay_record(rec).result == rec["expect"]
    plain = rec["plain_euchre"]
    if "error" in plain:
        with pytest.raises(RecordError) as info:
            replay_record(_plain(rec))
        assert plain["error"] in str(info.value)
    else:
        assert replay_record(_plain(rec)).result == plain
        assert plain != rec["expect"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_cli_replays_the_file(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    expected = [rec["expect"] for _, rec in read_records(str(path))]
    assert [json.loads(line) for line in out.splitlines()] == expected
    assert err == ""
