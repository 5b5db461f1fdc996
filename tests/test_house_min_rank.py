"""house/min-rank: EGN's numeric toggle `min_rank` through the general `deck.lowest` construct.

`deck: {ranks: [7, 8, 9, T, J, Q, K, A], lowest: min_rank}`: the option's value
names the pack's lowest rank; the ranks below it leave the deck and every order.
Hand-worked deals pin each value (9 = plain euchre, 8 = 28 cards, 7 = deck-32),
and EGN's `min_rank: 8` imports through the overlay's option and exports back.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from interpreter.cli import main
from interpreter.errors import RecordError, SpecError
from interpreter.explain import diff_text, explain_text
from interpreter.formats.egn_export import export_records
from interpreter.formats.egn_import import import_file
from interpreter.formats.egn_rules import overlays_for, ruleset_for
from interpreter.records import replay_record
from interpreter.rules import Rules
from interpreter.spec import check_schema, load_yaml_text
from interpreter.variants import load_rules

RULE = "house/min-rank"
RECORDS = Path(__file__).resolve().parent / "records" / "house" / "min-rank.jsonl"

# Hearts trump (9H turned, seat 0 orders, the dealer discards 8D, nobody alone). Seat 0
# leads the AC and the dealer ruffs; the dealer leads the AD and seat 0, void in
# diamonds, ruffs it with the 7H -- a card only a pack down to 7 has -- then takes
# the JH, AH and KC tricks: 4 tricks, 1 point.
SEVENS = {
    "variant": "euchre",
    "dealer": 3,
    "hands": [
        ["JH", "AH", "7H", "AC", "KC"],
        ["QS", "KS", "AS", "QC", "TD"],
        ["9S", "TS", "8S", "9D", "QD"],
        ["KH", "QH", "AD", "KD", "8D"],
    ],
    "upcard": "9H",
    "actions": [
        "order", "discard 8D", "together",
        "AC", "QC", "8S", "9H",
        "AD", "7H", "TD", "9D",
        "JH", "AS", "9S", "QH",
        "AH", "KS", "TS", "KH",
        "KC", "QS", "QD", "KD",
    ],
}  # fmt: skip


def rules(value: int | None = None) -> Rules:
    return load_rules("euchre", {} if value is None else {"min_rank": value}, [RULE])


def under(rec: dict[str, Any], value: int | None) -> dict[str, Any]:
    """The record under euchre + house/min-rank with min_rank = value (None: its default)."""
    return {**rec, "trickspec": {"rules": [RULE]}, **({} if value is None else {"options": {"min_rank": value}})}


def trump_order(r: Rules, cards: list[str]) -> list[str]:
    """The given cards sorted by their power with hearts trump, high to low."""
    hearts = r.contracts[r.deck.suits.index("H")]
    ids = {c: r.deck.parse(c) for c in cards}
    return sorted(cards, key=lambda c: -hearts.power[ids[c]])  # type: ignore[index]


# ------------------------------------------------------------------ the deck at each value
@pytest.mark.parametrize(("value", "size", "ranks"), [(9, 24, "9TJQKA"), (8, 28, "89TJQKA"), (7, 32, "789TJQKA")])
def test_the_pack_starts_at_the_chosen_rank(value: int, size: int, ranks: str) -> None:
    r = rules(value)
    assert r.deck.size == size
    assert "".join(r.deck.ranks) == ranks
    assert r.deck.parse(f"{value}H") is not None
    assert r.deck.parse(f"{value - 1}H") is None  # below the lowest: no such card


def test_default_is_plain_euchre() -> None:
    plain, house = load_rules("euchre"), rules()
    assert house.deck.ranks == plain.deck.ranks and house.deck.size == 24
    assert [c.power for c in house.contracts] == [c.power for c in plain.contracts]


def test_seven_is_the_32_card_deck() -> None:
    deck32, house = load_rules("euchre", {}, ["house/deck-32"]), rules(7)
    assert house.deck.ranks == deck32.deck.ranks
    assert [c.power for c in house.contracts] == [c.power for c in deck32.contracts]


def test_eight_ranks_below_the_nine_in_trump_and_plain() -> None:
    r = rules(8)
    shuffled = ["8H", "QH", "JD", "9H", "AH", "TH", "JH", "KH"]
    assert trump_order(r, shuffled) == ["JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H"]
    clubs = ["9C", "8C", "AC", "JC", "TC", "KC", "QC"]
    assert trump_order(r, clubs) == ["AC", "KC", "QC", "JC", "TC", "9C", "8C"]
    st = r.deal(random.Random(5), 0)
    names = r.deck.names()
    dealt = {names[c] for hand in st.dealt for c in hand} | {names[st.upcard]}
    assert len(dealt) == 21 and r.deck.size - len(dealt) == 7  # 28 cards: the kitty grows by 4
    assert not any(card.startswith("7") for card in names)


# ------------------------------------------------------------------ hands the rule decides
def test_the_seven_of_trump_ruffs_an_ace() -> None:
    result = replay_record(under(SEVENS, 7)).result
    assert (result["trump"], result["maker"], result["tricks"], result["delta"]) == ("H", 0, [4, 0, 0, 1], [1, 0])
    for value in (8, 9, None):  # a pack down to 8 or 9 has no 7H: the hand cannot be dealt
        with pytest.raises(RecordError, match='unknown card "7H" in the hand of seat 0'):
            replay_record(under(SEVENS, value))


def test_the_records_differ_from_plain_euchre_only_by_the_low_cards() -> None:
    lines = [json.loads(line) for line in RECORDS.read_text(encoding="utf-8").splitlines()]
    assert sorted(rec["options"]["min_rank"] for rec in lines) == [7, 8]
    for rec in lines:
        low = rec["options"]["min_rank"]
        assert any(card[0] == str(low) for hand in rec["hands"] for card in hand)
        assert replay_record(rec).result == rec["expect"]
        with pytest.raises(RecordError, match="unknown card"):
            replay_record(under(rec, 9))


# ------------------------------------------------------------------ errors
def test_a_value_outside_the_range_is_refused() -> None:
    with pytest.raises(SpecError, match="min_rank=6 is not allowed"):
        rules(6)


def test_lowest_naming_no_option_is_located() -> None:
    text = (
        (Path(__file__).resolve().parent.parent / "variants" / "euchre.yaml")
        .read_text(encoding="utf-8")
        .replace("  ranks: [9, T, J, Q, K, A]\n", "  ranks: [9, T, J, Q, K, A]\n  lowest: smallest\n")
    )
    from interpreter.compiler import compile_rules

    doc = load_yaml_text(text, "mine.yaml")
    check_schema(doc)
    with pytest.raises(SpecError) as info:
        compile_rules(doc)
    said = str(info.value)
    assert "mine.yaml:14:3" in said and "deck.lowest: no option named 'smallest' (the options: none declared)" in said


# ------------------------------------------------------------------ explain, diff, verify
def test_explain_and_diff_name_the_option() -> None:
    text = explain_text(RULE, (), {"min_rank": 8})
    assert "28 cards: 8, 9, 10, J, Q, K, A" in text
    assert "The lowest rank is the min_rank option (any whole number from 7 to 9); 8 here" in " ".join(text.split())
    diff = " ".join(diff_text("euchre", RULE).split())
    assert "The lowest rank is the min_rank option" in diff and "B adds option min_rank" in diff


@pytest.mark.parametrize("value", ["7", "8", "9"])
def test_verify_is_clean_at_each_value(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", RULE, "--set", f"min_rank={value}"]) == 0
    assert "0 errors, 0 warnings" in capsys.readouterr().out


# ------------------------------------------------------------------ EGN
def test_egn_min_rank_imports_through_the_option() -> None:
    assert overlays_for({"min_rank": 8, "std": False}) == ([RULE], {"min_rank": 8})
    assert overlays_for({"min_rank": 7, "std": False}) == (["house/deck-32"], {})  # as before
    assert ruleset_for("euchre", [RULE], {"min_rank": 8}) == {"std": False, "min_rank": 8}


@pytest.mark.parametrize(("value", "overlay"), [(8, RULE), (7, "house/deck-32")])
def test_egn_export_then_import_replays_the_same(value: int, overlay: str, tmp_path: Path) -> None:
    lines = [json.loads(line) for line in RECORDS.read_text(encoding="utf-8").splitlines()]
    rec = next(r for r in lines if r["options"]["min_rank"] == value)
    bare = {k: v for k, v in rec.items() if k not in ("why", "expect", "plain_euchre")}
    jsonl = tmp_path / "a.jsonl"
    jsonl.write_text(json.dumps(bare) + "\n", encoding="utf-8")
    game = export_records(str(jsonl))
    assert game["metadata"]["ruleset"]["min_rank"] == value
    egn = tmp_path / "b.egn"
    egn.write_text(json.dumps(game), encoding="utf-8")
    (back,) = import_file(str(egn)).records
    assert back["trickspec"]["rules"] == [overlay]
    assert back.get("options", {}) == ({"min_rank": value} if overlay == RULE else {})
    assert replay_record(back).result == rec["expect"]


def test_a_mistake_in_an_order_is_located_where_it_is_written(tmp_path: Path) -> None:
    """The orders are checked as written, before the ranks below the lowest leave them."""
    text = (Path(__file__).resolve().parent.parent / "variants" / "house" / "min-rank.yaml").read_text(encoding="utf-8")
    spec = tmp_path / "mine.yaml"
    spec.write_text(
        text.replace("plain: [A, K, Q, J, T, 9, 8, 7]", "plain: [A, K, Q, J, T, 9, 8, 6]"), encoding="utf-8"
    )
    line, col = next(
        (n, t.index("6") + 1)
        for n, t in enumerate(spec.read_text(encoding="utf-8").splitlines(), 1)
        if t.startswith("  plain: [")
    )
    with pytest.raises(SpecError) as info:
        load_rules("euchre", {"min_rank": 9}, [str(spec)])
    assert f"mine.yaml:{line}:{col}:" in str(info.value) and "unknown rank '6'" in str(info.value)
