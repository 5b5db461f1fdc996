"""Overlays and house rules stacked with --rule: extends chains, list edits by id, nulls,
identity, and every error an overlay causes located in the overlay."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import ROOT, load_error, run, write

from interpreter.phases.alone_model import AloneModel
from interpreter.variants import load_rules


def test_extends_chain_of_three_relative_paths_and_null(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each `extends` is read relative to its own file, whatever the current directory; null removes a key.
    (Inside the tree of the file named: docs/limits.md, "Paths".)"""
    write(
        tmp_path / "a" / "base.yaml",
        "extends: euchre\nname: base\ntitle: Base\n"
        "first_dealer: {draw: lowest, order: [A, K, Q, J, T, 9]}\n"
        "scoring:\n  patch:\n    march: {makers: 3}\n",
    )
    write(
        tmp_path / "a" / "b" / "mid.yaml",
        "extends: ../base.yaml\nname: mid\ntitle: Mid\nscoring:\n  remove: [lone_march]\n",
    )
    top = write(
        tmp_path / "top.yaml",
        "extends: a/b/mid.yaml\nname: top\ntitle: Top\nfirst_dealer: null\ndescription: null\n",
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    rules = load_rules(str(top))
    assert rules.name == "top"
    assert [row.id for row in rules.scoring] == ["march", "made", "euchred"]
    assert rules.scoring[0].makers is not None and rules.scoring[0].makers.source == "3"
    assert rules.model.first_dealer is None  # null removed what base.yaml added (back to random)
    assert not rules.description  # and what euchre itself wrote


def test_list_edits_compose_in_the_documented_order(tmp_path: Path) -> None:
    """remove + append re-adds an id at the end; insert_after; patch finds a phase without id by its kind."""
    overlay = write(
        tmp_path / "edits.yaml",
        "extends: euchre\n"
        "scoring:\n"
        "  remove: [made, euchred]\n"
        "  append:\n"
        "    - {id: made, when: makers.tricks >= 3, makers: 7}\n"
        "    - {id: euchred, otherwise: true, defenders: 2}\n"
        "  insert_after:\n"
        "    march:\n"
        "      - {id: four, when: makers.tricks == 4, makers: 3}\n"
        "declarations:\n"
        "  patch:\n"
        "    alone: {alone: {partner_gives: true}}\n",
    )
    rules = load_rules(str(overlay))
    assert [row.id for row in rules.scoring] == ["lone_march", "march", "four", "made", "euchred"]
    assert rules.model.declarations == (AloneModel(who="maker", partner_gives=True),)


@pytest.mark.parametrize(
    ("edit", "line", "words"),
    [
        ("patch:\n    lone_marhc: {makers: 5}\n", "4:5", "no item with id 'lone_marhc' to patch"),
        ("insert_after:\n    mde:\n      - {when: makers.tricks == 4, makers: 3}\n", "4:5", "to insert after"),
        ("remove: [made, zzz]\n", "3:3", "no item with id 'zzz' to remove"),
    ],
    ids=["patch", "insert_after", "remove"],
)
def test_unknown_id_of_each_edit_is_located_in_the_overlay(tmp_path: Path, edit: str, line: str, words: str) -> None:
    overlay = write(tmp_path / "bad.yaml", "extends: euchre\nscoring:\n  " + edit)
    text = load_error(str(overlay))
    assert text.startswith(f"{overlay}:{line}: scoring: ") and words in text
    assert "hint: ids here: lone_march, march, " in text


def test_error_in_the_middle_of_a_chain_points_at_the_middle_file(tmp_path: Path) -> None:
    mid = write(
        tmp_path / "sub" / "mid.yaml",
        "extends: euchre\nscoring:\n  insert_before:\n    euchred:\n"
        "      - {id: sweep, when: makers.tricks == 0, defenders: bogus}\n",
    )
    top = write(tmp_path / "top.yaml", "extends: sub/mid.yaml\nname: top\ntitle: Top\n")
    text = load_error(str(top))
    where, _, message = text.partition(": scoring[3].defenders: ")
    file, line, column = where.rsplit(":", 2)
    assert (Path(file).resolve(), line, column) == (mid.resolve(), "5", "58")
    assert message.startswith("unknown name 'bogus'")


def test_extends_a_house_rule_self_cycle_and_misspelt_base(tmp_path: Path) -> None:
    mine = write(
        tmp_path / "mine.yaml",
        "extends: house/super-euchre\nname: mine\ntitle: Mine\nscoring:\n  patch:\n    super_euchre: {defenders: 6}\n",
    )
    rules = load_rules(str(mine))
    assert [row.id for row in rules.scoring] == ["lone_march", "march", "made", "super_euchre", "euchred"]
    selfish = write(tmp_path / "self.yaml", "extends: self.yaml\nname: s\n")
    assert "overlays extend each other in a cycle: self.yaml → self.yaml" in load_error(str(selfish))
    typo = write(tmp_path / "typo.yaml", "extends: eucher\nname: t\n")
    text = load_error(str(typo))
    assert text.startswith(f"{typo}:1:1: extends: unknown variant 'eucher'") and "did you mean 'euchre'?" in text


def test_two_stacked_rules_insert_before_the_same_row_first_listed_first() -> None:
    rules = load_rules("euchre", rules=["house/super-euchre", "house/lone-euchre-4"])
    assert [row.id for row in rules.scoring] == [
        "lone_march",
        "march",
        "made",
        "super_euchre",
        "lone_euchred",
        "euchred",
    ]


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", "euchre"],
        ["verify", "euchre", "--hands", "0"],
        ["explain", "euchre"],
        ["simulate", "euchre", "--matches", "1"],
        ["play", "euchre", "--hands", "1", "--seed", "1", "--quiet"],
        ["replay", str(ROOT / "tests" / "records" / "example.json")],
        ["diff", "euchre", "jucre"],
    ],
    ids=lambda argv: argv[0],
)
def test_every_command_honours_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """A broken --rule overlay is merged by every command: exit 1, located in the overlay, no traceback."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "rules" / "broken.yaml", "scoring:\n  patch:\n    made: {makers: 'x + 1'}\n")
    code, out, err = run(capsys, *argv, "--rule", "rules/broken.yaml")
    assert code == 1
    assert "rules/broken.yaml:3:21:" in out + err and "unknown name 'x'" in out + err
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    "body",
    [
        "deck:\n  ranks: [8, 9, T, J, Q, K, A]\n",
        "options:\n  seats: {values: [4, 6], default: 4}\nplayers: {option: seats}\n",
        "ranking:\n  bower_rank: null\n",
    ],
    ids=["deck-ranks", "six-players", "null-bower"],
)
def test_error_caused_by_an_overlay_is_located_in_the_overlay(tmp_path: Path, body: str) -> None:
    overlay = write(tmp_path / "mine.yaml", "extends: euchre\nname: mine\ntitle: Mine\n" + body)
    assert re.match(rf"{re.escape(str(overlay))}:\d+:\d+: ", load_error(str(overlay)))


def test_rule_keeps_the_identity_of_the_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "jucre", "--rule", "house/lone-euchre-4")
    assert code == 0
    assert out.splitlines()[0].startswith("Jucre") and "instead of 2" not in out


def test_null_inside_a_new_mapping_is_removed(tmp_path: Path) -> None:
    overlay = write(
        tmp_path / "target.yaml",
        "extends: euchre\n"
        "options:\n  target: {values: [5, 10], default: 10, description: null}\n"
        "match_end:\n  - {winner_if: side.score >= target}\n",
    )
    rules = load_rules(str(overlay))
    assert rules.model.options["target"].description == ""


def test_misspelt_list_edit_is_named(tmp_path: Path) -> None:
    overlay = write(
        tmp_path / "typo.yaml",
        "extends: euchre\nscoring:\n  patch:\n    made: {makers: 2}\n  replce:\n    march: {id: march, makers: 3}\n",
    )
    text = load_error(str(overlay))
    assert text.startswith(f"{overlay}:5:3: ") and "replce" in text and "replace" in text


def test_unknown_id_hint_never_says_none(tmp_path: Path) -> None:
    overlay = write(
        tmp_path / "lead.yaml",
        "extends: euchre\nlead:\n  insert_before:\n    otherwise:\n      - {when: alone, from: maker + 1}\n",
    )
    text = load_error(str(overlay))
    assert "no item with id 'otherwise' to insert before" in text and "None" not in text


def test_cycle_is_located_at_an_extends_line(tmp_path: Path) -> None:
    a = write(tmp_path / "a.yaml", "# a\nextends: b.yaml\nname: a\n")
    write(tmp_path / "b.yaml", "# b\nextends: a.yaml\nname: b\n")
    text = load_error(str(a))
    assert re.match(r".*[ab]\.yaml:2:1: overlays extend each other in a cycle", text)
