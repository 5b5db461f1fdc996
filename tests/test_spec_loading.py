"""Loading a variant file: YAML reading with positions, the JSON Schema, and the error messages.

The messages are the product here (a spec author only ever sees them), so the
tests assert their exact important parts: file, line, column, key path, hint.

`tests/bad_specs/*.yaml` is a corpus of broken files. Each starts with comment
lines `# expect: TEXT`; loading, schema-checking and compiling the file must
raise a SpecError whose text contains every TEXT. Line numbers in an
expectation count the comment lines. Add a file to add a case. Files with only
`# verify-expect:` lines load fine and hold mistakes only `trickspec verify`
finds; they, and the multi-file cases in `bad_specs/overlays/`, are checked in
tests/test_verify.py.
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path

import pytest
from cli_helpers import Capsys, run_with_input
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from interpreter.errors import SpecError
from interpreter.spec import LoadedYaml, check_schema, load_yaml_file, load_yaml_text, schema
from interpreter.spec.yaml_loader import MAX_FILE_BYTES

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BAD_SPECS = sorted((HERE / "bad_specs").glob("*.yaml"))

VALID = """\
name: euchre
title: Euchre (American)
description: Four players in two partnerships, 24 cards.
players: 4
sides: partnerships

deck:
  suits: [C, D, H, S]
  ranks: [9, T, J, Q, K, A]

ranking:
  bower_rank: J
  trump: [right_bower, left_bower, A, K, Q, T, 9]
  plain: [A, K, Q, J, T, 9]

deal:
  packets: [3, 2]
  upcard: true

bidding:
  - order_up: {id: round1, dealer_pickup: always}
  - name_trump: {id: round2, choices: [other_suits], all_pass: redeal}

declarations:
  - alone: {who: maker}

lead:
  - {when: alone, from: maker + 1}
  - {otherwise: true, from: dealer + 1}

scoring:
  - {id: lone_march, when: makers.tricks == 5 and alone, makers: 4}
  - {id: march, when: makers.tricks == 5, makers: 2}
  - {id: made, when: makers.tricks >= 3, makers: 1}
  - {id: euchred, otherwise: true, defenders: 2}

match_end:
  - {winner_if: side.score >= 10}
"""


def load_error(text: str, file: str = "v.yaml") -> SpecError:
    """The SpecError raised by loading and schema-checking `text`."""
    with pytest.raises(SpecError) as info:
        check_schema(load_yaml_text(text, file))
    return info.value


def mutated(old: str, new: str) -> str:
    assert VALID.count(old) == 1, old
    return VALID.replace(old, new)


def line_of(text: str, fragment: str) -> int:
    """1-based line of the first line containing `fragment` (so tests don't hard-code VALID's layout)."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


# ---------------------------------------------------------------------------
# valid documents


def test_valid_minimal_document_passes() -> None:
    doc = load_yaml_text(VALID, "euchre.yaml")
    check_schema(doc)
    assert doc.data["deck"]["ranks"] == [9, "T", "J", "Q", "K", "A"]  # YAML ints stay ints
    assert doc.data["bidding"][0] == {"order_up": {"id": "round1", "dealer_pickup": "always"}}
    assert doc.file == "euchre.yaml"


@pytest.mark.parametrize("path", sorted((ROOT / "variants").glob("**/*.yaml")), ids=lambda p: p.name)
def test_bundled_variants_pass_the_schema(path: Path) -> None:
    from interpreter.variants import load_document

    check_schema(load_document(str(path)))  # house rules: merged onto what they extend


def test_every_documented_feature_is_accepted() -> None:
    text = (
        mutated("players: 4\n", "players: {option: players}\n")
        + """
extends: euchre
notes: free text
start_score: 0
first_dealer: {draw: lowest, order: [A, K, Q, J, T, 9]}
options:
  target: {values: [5, 7, 10], default: 10, description: points needed to win}
  players: {values: [4, 5, 6], default: 4}
"""
    )
    text = text.replace("  upcard: true", "  upcard: true\n  # per seat:\n  # packets: [[3, 2, 3, 2], [2, 3, 2, 3]]")
    text = text.replace(
        "  ranks: [9, T, J, Q, K, A]",
        "  ranks: [9, 10, J, Q, K, A]\n  jokers: 1\n  colours: {C: black, D: red, H: red, S: black}",
    )
    text = text.replace(
        "  plain: [A, K, Q, J, T, 9]", "  plain: [A, K, Q, J, T, 9]\n  no_trump: {high: [A, K], low: [9, T]}"
    )
    text = text.replace(
        "  - order_up: {id: round1, dealer_pickup: always}",
        "  - auto_trump: {when: 'upcard.suit == \"C\"'}\n"
        "  - name_upcard_suit: {when: upcard.is_joker}\n"
        "  - order_up: {id: round1, dealer_pickup: optional, may_discard_upcard: false}\n"
        "  - auction: {min: 3, max: 6, dealer_may_match: true, all_pass: dealer_must_bid}\n"
        "  - name_trump: {who: maker, choices: [suits, high, low]}\n"
        "  - name_trump: {who: each, choices: [suits], all_pass: {contract: high}}\n"
        "  - name_trump: {choices: [suits], all_pass: dealer_must_name}",
    )
    text = text.replace(
        "  - alone: {who: maker}",
        "  - alone: {who: defenders, stop_at_first: true}\n"
        "  - call_partner: {rank: A, may_go_alone: true}\n"
        "  - play_or_fold: {id: fold}",
    )
    text = text.replace(
        "  - {id: euchred, otherwise: true, defenders: 2}",
        "  - {when: side.out, each: -1}\n  - {id: euchred, otherwise: true, defenders: 2, makers: 0}",
    )
    text = text.replace(
        "  - {winner_if: side.score >= 10}",
        "  - {winner_if: side.tricks == hand_tricks}\n  - {winner_if: side.score <= 0, best: lowest}",
    )
    check_schema(load_yaml_text(text, "all.yaml"))


# ---------------------------------------------------------------------------
# the corpus of broken files


def _expectations(path: Path) -> list[str]:
    header = path.read_bytes().decode("utf-8", errors="replace").splitlines()
    expects = []
    for line in header:
        if not line.startswith("#"):
            break
        if line.startswith("# expect:"):
            expects.append(line.removeprefix("# expect:").strip())
    return expects


def _load_fully(shown: str) -> None:
    """Read, check the schema, compile: the corpus holds semantic mistakes too."""
    from interpreter.compiler import compile_rules

    doc = load_yaml_file(shown)
    check_schema(doc)
    compile_rules(doc)


@pytest.mark.parametrize("path", [p for p in BAD_SPECS if _expectations(p)], ids=lambda p: p.stem)
def test_bad_spec(path: Path) -> None:
    expects = _expectations(path)
    assert expects, f"{path.name}: no '# expect: …' comment at the top"
    shown = str(path)
    with pytest.raises(SpecError) as info:
        _load_fully(shown)
    text = str(info.value)
    assert text.startswith(shown + ":"), text
    assert info.value.file == shown
    for expected in expects:
        assert expected in text, f"{path.name}: expected {expected!r} in:\n{text}"


def test_corpus_is_not_empty() -> None:
    assert len(BAD_SPECS) >= 15


# ---------------------------------------------------------------------------
# YAML level


def test_syntax_error_has_line_and_column() -> None:
    err = load_error("name: euchre\ntitle: a: b\n")
    assert (err.file, err.line, err.column) == ("v.yaml", 2, 9)
    assert err.message == "mapping values are not allowed here"
    assert str(err).startswith("v.yaml:2:9: mapping values are not allowed here\n  hint: ")


def test_unclosed_flow_list_mentions_where_it_started() -> None:
    err = load_error("name: euchre\ndeck: {suits: [C, D\nranks: [9]\n")
    assert err.line == 3
    assert "while parsing a flow sequence at line 2" in (err.hint or "")


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n", "\n\n   \n"])
def test_empty_file(text: str) -> None:
    err = load_error(text)
    assert str(err) == "v.yaml: the file is empty; expected a variant (a mapping with name, deck, …)"


@pytest.mark.parametrize(
    ("text", "got"),
    [("- a\n- b\n", "a list"), ("just text\n", "a string"), ("42\n", "an integer"), ("~\n", "null (an empty value)")],
)
def test_top_level_must_be_a_mapping(text: str, got: str) -> None:
    err = load_error(text)
    assert str(err) == f"v.yaml:1:1: expected a mapping at the top level, got {got}"


@pytest.mark.parametrize(
    "text",
    [
        "name: !!python/object/apply:os.system [echo hi]\n",
        "name: !!python/name:os.system ''\n",
        "name: !!python/object:collections.OrderedDict {}\n",
        "!!python/object:os.system\nname: x\n",
        "name: !!binary aGVsbG8=\n",
        "name: !!set {a, b}\n",
        "name: !custom x\n",
    ],
)
def test_python_and_other_tags_are_refused(text: str) -> None:
    err = load_error(text)
    assert err.message.startswith("unsupported YAML tag '!")
    assert err.line == 1
    assert "plain data" in (err.hint or "")


def test_billion_laughs_is_refused_quickly() -> None:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    previous = "a"
    for name in "bcdefghij":  # 10**10 strings if expanded
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 10) + "]")
        previous = name
    start = time.perf_counter()
    err = load_error("\n".join(lines) + "\n")
    assert time.perf_counter() - start < 2.0
    assert "more than 10000 values once aliases are expanded" in err.message
    assert err.line is not None


def test_too_many_aliases_are_refused() -> None:
    text = "base: &b 1\nitems: [" + ", ".join(["*b"] * 101) + "]\n"
    err = load_error(text)
    assert err.message == "too many aliases (more than 100 '*' references)"
    assert err.line == 2


def test_recursive_alias_is_refused() -> None:
    err = load_error("name: euchre\nloop: &l [1, *l]\n")
    assert (err.line, err.message) == (2, "recursive alias: this value contains itself")


def test_deep_nesting_is_refused() -> None:
    err = load_error("a: " + "[" * 500 + "]" * 500 + "\n")
    assert "nested more than 100 levels deep" in err.message


def test_oversized_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("notes: |\n" + ("  " + "x" * 70 + "\n") * (MAX_FILE_BYTES // 72 + 10), encoding="utf-8")
    start = time.perf_counter()
    with pytest.raises(SpecError) as info:
        load_yaml_file(path)
    assert time.perf_counter() - start < 1.0
    assert str(info.value) == f"{path}: the file is too large (more than 1024 KiB)"
    with pytest.raises(SpecError, match="too large"):
        load_yaml_text("x" * (MAX_FILE_BYTES + 1))


def test_duplicate_key_points_at_the_second() -> None:
    err = load_error("name: euchre\ndeck: {}\ntitle: x\ndeck: {}\n")
    assert str(err) == "v.yaml:4:1: duplicate key 'deck' (first at line 2)"


def test_duplicate_nested_key() -> None:
    err = load_error("deck:\n  suits: [C]\n  ranks: [A]\n  suits: [D]\n")
    assert (err.line, err.column, err.message) == (4, 3, "duplicate key 'suits' (first at line 2)")


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(SpecError) as info:
        load_yaml_file(tmp_path / "nope.yaml")
    assert str(info.value) == f"{tmp_path / 'nope.yaml'}: file not found"
    with pytest.raises(SpecError) as info:
        load_yaml_file(tmp_path)
    assert str(info.value) == f"{tmp_path}: is a directory, not a file"


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: euchre\ntitle: Euchre fran\u00e7aise\n".encode("latin-1"))
    with pytest.raises(SpecError) as info:
        load_yaml_file(path)
    assert (info.value.line, info.value.column) == (2, 19)
    assert info.value.message == "the file is not valid UTF-8 (byte 0xe7)"


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + VALID.encode())
    check_schema(load_yaml_file(path))


def test_control_character_is_located() -> None:
    err = load_error("name: euchre\ntitle: a\x07b\n")
    assert (err.line, err.column) == (2, 9)
    assert "#x0007" in err.message


def test_yaml_scalars_keep_their_yaml_types() -> None:
    doc = load_yaml_text("a: 9\nb: '10'\nc: on\nd: 2024-01-31\ne: ~\nf: 1.5\ng: =\n")
    assert doc.data == {"a": 9, "b": "10", "c": True, "d": "2024-01-31", "e": None, "f": 1.5, "g": "="}


def test_merge_keys_work_and_explicit_keys_win() -> None:
    doc = load_yaml_text("base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n")
    assert doc.data["d"] == {"x": 1, "y": 3}
    assert doc.locate(["d", "y"]) == (4, 3)
    assert doc.locate(["d", "x"]) == (1, 11)  # where the merged value was written
    assert load_yaml_text("a: <<\n").data == {"a": "<<"}


def test_errors_never_escape_as_other_exceptions() -> None:
    for text in ["a: *undefined\n", "a: 1\n---\nb: 2\n", "? [a]\n: 1\n", "a: !!int abc\n", "a: 'open\n", "\ta: 1\n"]:
        with pytest.raises(SpecError) as info:
            load_yaml_text(text)
        assert info.value.line is not None, text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab:-[]{},&*!'\"#|>?\n\t ~%@`0.9")), max_size=60))
def test_fuzz_loader_raises_only_spec_errors(text: str) -> None:
    try:
        doc = load_yaml_text(text)
    except SpecError:
        return
    assert isinstance(doc.data, dict)
    with contextlib.suppress(SpecError):
        check_schema(doc)


# ---------------------------------------------------------------------------
# locate


def test_locate_points_at_keys_items_and_parents() -> None:
    doc = load_yaml_text(VALID, "v.yaml")
    deck = line_of(VALID, "deck:")
    assert doc.locate(["deck"]) == (deck, 1)
    assert doc.locate(["deck", "suits"]) == (deck + 1, 3)
    assert doc.locate(["deck", "suits", 2]) == (deck + 1, 17)  # the item H
    bidding = line_of(VALID, "order_up:")
    assert doc.locate(["bidding", 0]) == (bidding, 5)
    assert doc.locate(["bidding", 0, "order_up", "dealer_pickup"]) == (bidding, 28)
    assert doc.locate(["bidding", 0, "order_up", "missing"]) == (bidding, 5)  # nearest parent: the key order_up
    assert doc.locate([]) == (1, 1)
    assert doc.locate(["nothing", "here"]) == (1, 1)


def test_locate_value_is_the_start_of_the_text() -> None:
    text = "lead:\n  - {when: alone, from: maker + 1}\n  - {otherwise: true, from: 'dealer + 1'}\n"
    doc = load_yaml_text(text)
    assert doc.locate(["lead", 0, "from"]) == (2, 19)
    assert doc.locate_value(["lead", 0, "from"]) == (2, 25)
    assert doc.locate_value(["lead", 1, "from"]) == (3, 30)  # after the quote


def test_locate_without_positions() -> None:
    doc = LoadedYaml({"name": "x"}, "mem")
    assert doc.locate(["name"]) == (None, None)
    with pytest.raises(SpecError) as info:
        check_schema(doc)
    assert str(info.value).startswith("mem: missing required key")


# ---------------------------------------------------------------------------
# schema messages


def test_schema_is_valid_draft_2020_12() -> None:
    Draft202012Validator.check_schema(schema())
    on_disk = json.loads((ROOT / "schema" / "variant.schema.json").read_text(encoding="utf-8"))
    assert on_disk == schema()


def test_every_documented_top_level_key_is_in_the_schema() -> None:
    doc = (ROOT / "docs" / "spec-language.md").read_text(encoding="utf-8")
    table = doc.split("## Top-level keys", 1)[1].split("##", 1)[0]
    documented = {row.split("`")[1] for row in table.splitlines() if row.startswith("| `")}
    assert documented <= set(schema()["properties"])
    assert set(schema()["properties"]) == documented


def test_unknown_top_level_key_with_did_you_mean() -> None:
    text = mutated("ranking:", "rankng:")
    err = load_error(text)
    assert str(err) == f"v.yaml:{line_of(text, 'rankng')}:1: unknown key 'rankng'\n  hint: did you mean 'ranking'?"


def test_unknown_key_without_close_match_lists_allowed_keys() -> None:
    err = load_error(mutated("  upcard: true", "  upcard: true\n  shuffle: 3"))
    assert err.message == "deal: unknown key 'shuffle'"
    assert err.hint == "allowed keys: packets, upcard"


def test_unknown_nested_key() -> None:
    text = mutated("dealer_pickup: always", "dealer_pikup: always")
    err = load_error(text)
    assert (err.line, err.column) == (line_of(text, "dealer_pikup"), 28)
    assert err.message == "bidding[0].order_up: unknown key 'dealer_pikup'"
    assert err.hint == "did you mean 'dealer_pickup'?"


def test_wrong_type() -> None:
    text = mutated("suits: [C, D, H, S]", "suits: C")
    err = load_error(text)
    assert str(err).startswith(f"v.yaml:{line_of(text, 'suits')}:3: deck.suits: expected a list, got a string")


def test_wrong_type_of_union() -> None:
    err = load_error(mutated("players: 4", "players: four"))
    assert err.message == "players: expected an integer or a mapping, got a string"


def test_expression_type() -> None:
    err = load_error(mutated("makers: 1}", "makers: [1]}"))
    assert err.message == "scoring[2].makers: expected a string, an integer or a boolean (true or false), got a list"


def test_bad_enum() -> None:
    err = load_error(mutated("dealer_pickup: always", "dealer_pickup: sometimes"))
    assert err.message == "bidding[0].order_up.dealer_pickup: expected one of always, optional; got 'sometimes'"
    assert err.hint is None


def test_bad_enum_with_close_value() -> None:
    err = load_error(mutated("{winner_if: side.score >= 10}", "{winner_if: side.score >= 10, best: hihgest}"))
    assert err.message == "match_end[0].best: expected one of all, highest, lowest; got 'hihgest'"
    assert err.hint == "did you mean 'highest'?"


def test_first_dealer_forms() -> None:
    err = load_error(mutated("players: 4", "players: 4\nfirst_dealer: randon"))
    assert err.message == "first_dealer: expected random; got 'randon'"
    err = load_error(mutated("players: 4", "players: 4\nfirst_dealer: {draw: highest, order: [A]}"))
    assert err.message == "first_dealer.draw: expected lowest; got 'highest'"


def test_missing_required_key() -> None:
    err = load_error(mutated("title: Euchre (American)\n", ""))
    assert str(err).startswith("v.yaml:1:1: missing required key 'title'")


def test_missing_required_key_hints_at_a_misspelt_one() -> None:
    err = load_error(
        mutated(
            "  - order_up: {id: round1, dealer_pickup: always}\n", "  - auction: {min: 3, mx: 6, all_pass: redeal}\n"
        )
    )
    assert err.message == "bidding[0].auction: unknown key 'mx'"  # the typo is reported before its consequence
    assert err.hint == "did you mean 'max'?"


def test_unknown_phase_kind() -> None:
    text = mutated("- order_up:", "- order_upp:")
    err = load_error(text)
    assert (err.line, err.column) == (line_of(text, "order_upp"), 5)
    assert err.message == "bidding[0]: unknown phase 'order_upp'"
    assert err.hint == "did you mean 'order_up'?"


def test_unknown_phase_kind_lists_the_kinds() -> None:
    err = load_error(mutated("  - alone: {who: maker}", "  - double: {}"))
    assert err.message == "declarations[0]: unknown phase 'double'"
    assert err.hint == (
        "the phases here are: alone, call_partner, play_or_fold, kitty_exchange, partner_exchange, end_hand"
    )


def test_phase_written_without_settings() -> None:
    err = load_error(mutated("  - alone: {who: maker}", "  - play_or_fold"))
    assert err.message == "declarations[0]: expected a phase (a mapping KIND: {settings}), got a string"
    assert err.hint == "write '- play_or_fold: {}'"
    err = load_error(mutated("  - alone: {who: maker}", "  - play_or_fold:"))
    assert err.message == "declarations[0].play_or_fold: expected a mapping, got null (an empty value)"


def test_bad_setting_inside_a_phase_is_reported_as_such() -> None:
    err = load_error(mutated("  - alone: {who: maker}", "  - alone: {who: partner}"))
    assert err.message == "declarations[0].alone.who: expected one of maker, partners, defenders; got 'partner'"


def test_scoring_row_with_both_when_and_otherwise() -> None:
    text = mutated("{id: euchred, otherwise: true,", "{id: euchred, when: true, otherwise: true,")
    err = load_error(text)
    assert (err.line, err.column) == (line_of(text, "euchred"), 31)
    assert err.message == "scoring[3]: has both 'when' and 'otherwise'; use only one"


def test_scoring_row_with_neither_when_nor_otherwise() -> None:
    err = load_error(mutated("{id: euchred, otherwise: true,", "{id: euchred,"))
    assert err.message == "scoring[3]: needs 'when' or 'otherwise'"


def test_lead_row_otherwise_must_be_true() -> None:
    err = load_error(mutated("{otherwise: true, from: dealer + 1}", "{otherwise: false, from: dealer + 1}"))
    assert err.message == "lead[1].otherwise: expected true, got false"


def test_option_values_and_names() -> None:
    err = load_error(VALID + "options:\n  target: {values: [5, 7], default: ten}\n")
    assert err.message == "options.target.default: expected an integer, got a string"
    err = load_error(VALID + "options:\n  win-at: {values: [5], default: 5}\n")
    assert (err.line, err.message) == (VALID.count("\n") + 2, "options: invalid name 'win-at'")


def test_numeric_and_boolean_keys_are_refused() -> None:
    err = load_error(mutated("  ranks: [9, T, J, Q, K, A]", "  ranks: [9, T, J, Q, K, A]\n  colours: {on: red}"))
    assert err.message == "deck.colours: key true must be a name (text), not a boolean"
    assert "quote it" in (err.hint or "")


def test_repeated_list_item_is_located() -> None:
    text = mutated("suits: [C, D, H, S]", "suits: [C, D, H, C]")
    err = load_error(text)
    assert (err.line, err.column) == (line_of(text, "suits"), 20)
    assert err.message == "deck.suits: 'C' is listed twice"


def test_validate_reports_every_problem_of_a_file(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text = (ROOT / "variants" / "euchre.yaml").read_text(encoding="utf-8")
    text = text.replace("title:", "titel:", 1).replace("sides:", "sidez:", 1)
    spec = tmp_path / "typos.yaml"
    spec.write_text(text, encoding="utf-8")
    status, _, err = run_with_input(capsys, monkeypatch, "validate", str(spec))
    assert status == 1
    assert "'titel'" in err and "'sidez'" in err, err


def test_check_schema_lists_every_problem_and_leads_with_the_first(tmp_path: Path) -> None:
    from interpreter.spec import check_schema, load_yaml_text
    from interpreter.spec.schema_check import SpecErrors

    text = (ROOT / "variants" / "euchre.yaml").read_text(encoding="utf-8")
    text = text.replace("title:", "titel:", 1).replace("sides:", "sidez:", 1)
    text = text.replace("dealer_pickup: always", "dealer_pikup: always")
    with pytest.raises(SpecErrors) as caught:
        check_schema(load_yaml_text(text, "typos.yaml"))
    err = caught.value
    assert (err.message, err.line) == ("unknown key 'titel'", 2)  # the one to fix first, as before
    lines = [line for line in str(err).splitlines() if not line.startswith("  hint:")]
    assert [line.split(": ", 1)[1] for line in lines] == [
        "unknown key 'titel'",
        "unknown key 'sidez'",
        "bidding[0].order_up: unknown key 'dealer_pikup'",
    ]  # a typo is not also told as a missing key
    assert str(err).count("  hint: did you mean") == 3
