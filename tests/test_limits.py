"""Issue 15: every crash and hang found by mutating inputs, reproduced and refused with one located line.

Each test names the issue's item it reproduces. The limits themselves live in
interpreter/limits.py and the schema; docs/limits.md lists them (checked here too).
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
from cli_helpers import run

from interpreter import limits
from interpreter.records import replay_file
from interpreter.spec.schema_check import schema

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"
EUCHRE = (VARIANTS / "euchre.yaml").read_text(encoding="utf-8")
EXAMPLE = json.loads((ROOT / "tests" / "records" / "example.json").read_text(encoding="utf-8"))
LOCATED = re.compile(r"^[^\s:][^:]*:\d+:\d+: \S")  # file:line:col: message


def one_error(err: str) -> str:
    """The message of a failed command: one line, and at most a hint line; never a traceback."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert 1 <= len(lines) <= 2, err
    assert len(lines) == 1 or lines[1].startswith("  hint: "), err
    assert len(err) < 600, err  # short: no value echoed whole
    return lines[0]


def spec(tmp_path: Path, text: str, name: str = "v.yaml") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def euchre_with(old: str, new: str) -> str:
    assert old in EUCHRE
    return EUCHRE.replace(old, new, 1)


def validate_error(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    code, out, err = run(capsys, "validate", str(path))
    assert (code, out) == (1, "")
    line = one_error(err)
    assert LOCATED.match(line) and line.startswith(str(path)), line
    return line


def record_file(tmp_path: Path, **changes: object) -> Path:
    record = {k: v for k, v in EXAMPLE.items() if k != "expect"}
    record.update(changes)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def replay_error(capsys: pytest.CaptureFixture[str], path: Path | str) -> str:
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (1, "")
    return one_error(err)


# ------------------------------------------------------------------ 1. names over 255 bytes
LONG = "a" * 300


def test_1_long_variant_name_on_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name in (LONG, f"{tmp_path}/{LONG}.yaml", f"{LONG}/x.yaml"):
        code, _, err = run(capsys, "validate", name)
        assert code == 1 and "is too long" in one_error(err)


def test_1_long_rule_and_extends(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "validate", "euchre", "--rule", LONG + ".yaml")
    assert code == 1 and "is too long" in one_error(err)
    line = validate_error(capsys, spec(tmp_path, f"extends: {LONG}\n"))
    assert ":1:1: extends: the name 'aaa" in line and "is too long" in line


def test_1_long_names_in_a_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "is too long" in replay_error(capsys, record_file(tmp_path, variant=LONG))
    assert "is too long" in replay_error(capsys, record_file(tmp_path, variant=LONG + ".yaml"))
    assert "is too long" in replay_error(capsys, record_file(tmp_path, trickspec={"rules": [LONG + ".yaml"]}))
    code, _, err = run(capsys, "replay", str(tmp_path / (LONG + ".json")))
    assert code == 1 and "File name too long" in one_error(err)


def test_1_nul_in_a_referenced_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = validate_error(capsys, spec(tmp_path, 'extends: "a\\0.yaml"\n'))
    assert "NUL" in line
    assert "NUL" in replay_error(capsys, record_file(tmp_path, variant="x\u0000.yaml"))


# ------------------------------------------------------------------ 2. suit letters
def test_2_a_suit_of_two_letters_is_refused_where_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path, euchre_with("suits: [C, D, H, S]", "suits: [C, D, H, SS]"))
    line = validate_error(capsys, path)
    assert line == f"{path}:12:20: deck.suits[3]: invalid value 'SS'"


def test_2_suit_symbols_still_name_suits(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path, euchre_with("suits: [C, D, H, S]", "suits: [♣, ♦, ♥, ♠]"))
    code, _, err = run(capsys, "play", str(path), "--seed", "1", "--hands", "1", "--quiet")
    assert (code, err) == (0, "")


def test_2_a_card_named_like_the_joker_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path, euchre_with("  suits: [C, D, H, S]\n", "  suits: [C, D, H, K]\n  jokers: 1\n"))
    assert "the joker's name JK would also name a card" in validate_error(capsys, path)


# ------------------------------------------------------------------ 3. no lead row matches
def test_3_lead_rows_without_otherwise(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path, euchre_with("{otherwise: true, from: dealer + 1}", "{when: alone, from: dealer + 1}"))
    line = validate_error(capsys, path)
    assert line == f"{path}:32:5: lead: no row applies when every `when` is false, so no one would lead"
    code, out, err = run(capsys, "verify", str(path), "--hands", "5")
    assert code == 1 and "engine failed" not in out + err and "Traceback" not in out + err


def test_3_a_constant_true_row_ends_the_lead_rows(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path, euchre_with("{otherwise: true, from: dealer + 1}", "{when: true, from: dealer + 1}"))
    assert run(capsys, "validate", str(path))[0] == 0


# ------------------------------------------------------------------ 4. deep expressions
@pytest.mark.parametrize(
    ("expression", "column"),
    [
        ("-" * 1000 + "1", 1001),  # past the length limit
        ("not " * 1000 + "alone", 1001),
        (" + ".join(["1"] * 1000), 1001),
        ("-" * 400 + "1", 50),  # within the length, past the depth
        ("not " * 200 + "alone", 197),
        ("+".join(["makers.tricks"] * 60), 1),
        ("max(" * 100 + "1" + ", 1)" * 100, 197),
    ],
    ids=["minus-1000", "not-1000", "sum-1000", "minus-400", "not-200", "sum-60", "calls-100"],
)
def test_4_deep_expressions(capsys: pytest.CaptureFixture[str], tmp_path: Path, expression: str, column: int) -> None:
    path = spec(tmp_path, euchre_with("makers.tricks == 5 and alone", f"'{expression}'"))
    line = validate_error(capsys, path)
    assert line.startswith(f"{path}:35:") and "scoring[0].when: the expression is" in line
    assert int(line.split(":")[2]) == 28 + column  # the offending character (the quoted value starts at 28)


def test_4_parentheses_alone_nest_freely(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path, euchre_with("makers.tricks == 5 and alone", "'" + "(" * 400 + "alone" + ")" * 400 + "'"))
    assert run(capsys, "validate", str(path))[0] == 0


# ------------------------------------------------------------------ 5. huge integers
def test_5_huge_integer_in_an_expression(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path, euchre_with("makers: 4", "makers: '1 + " + "9" * 900 + "'"))
    line = validate_error(capsys, path)
    assert "too large (at most 1,000,000,000)" in line


def test_5_huge_integer_in_yaml(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for digits in ("9" * 5000, "1" + "0" * 9 + "1", "-" + "9" * 4400, "0x" + "f" * 4000):
        path = spec(tmp_path, euchre_with("packets: [3, 2]", f"packets: [3, {digits}]"))
        line = validate_error(capsys, path)
        assert line.startswith(f"{path}:21:") and "too large" in line


def test_5_integer_at_the_limit_is_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path, euchre_with("side.score >= 10", f"side.score >= {limits.MAX_INT}"))
    assert run(capsys, "validate", str(path))[0] == 0


# ------------------------------------------------------------------ 6. players
@pytest.mark.parametrize("players", ["100000000000000000000", str(2**63), str(10**18), str(2**62), "13"])
def test_6_players_beyond_the_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path, players: str) -> None:
    path = spec(tmp_path, euchre_with("players: 4", f"players: {players}"))
    started = time.perf_counter()
    line = validate_error(capsys, path)
    assert time.perf_counter() - started < 10  # a hang guard: 2**62 players ran on at 1.8 GB
    assert line.startswith(f"{path}:8:")


def test_6_players_from_an_option_beyond_the_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    body = euchre_with("players: 4", "options:\n  seats: {values: [4, 1000000], default: 4}\nplayers: {option: seats}")
    line = validate_error(capsys, spec(tmp_path, body))
    assert ":9:" in line and "options.seats: 1000000 players is not possible (2 to 12)" in line


# ------------------------------------------------------------------ 7. a symlink loop
def test_7_replay_of_a_symlink_loop(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    loop = tmp_path / "loop.json"
    os.symlink(loop, loop)
    assert "Too many levels of symbolic links" in replay_error(capsys, loop)
    os.symlink(tmp_path / "loop.yaml", tmp_path / "loop.yaml")
    code, _, err = run(capsys, "validate", str(tmp_path / "loop.yaml"))
    assert code == 1 and "no such variant file" in one_error(err)


# ------------------------------------------------------------------ hangs and unbounded memory
@pytest.mark.parametrize("bid", ["100000000000000000000", "1000000", "1001"])
def test_auction_bids_are_bounded(capsys: pytest.CaptureFixture[str], tmp_path: Path, bid: str) -> None:
    text = (VARIANTS / "bid-euchre.yaml").read_text(encoding="utf-8").replace("max: 6", f"max: {bid}")
    started = time.perf_counter()
    line = validate_error(capsys, spec(tmp_path, text))
    assert time.perf_counter() - started < 10  # a hang guard: max 10**20 never finished
    assert "too large" in line or "expected at most 1000" in line


@pytest.mark.parametrize(
    ("count", "words"), [(300, "scoring: expected at most 200 items, got 301"), (10_000, "more than 10000 values")]
)
def test_thousands_of_scoring_rows_are_refused_quickly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, count: int, words: str
) -> None:
    rows = "".join(f"  - {{when: makers.tricks == {i}, makers: 1}}\n" for i in range(count))
    text = EUCHRE[: EUCHRE.index("scoring:")] + "scoring:\n" + rows + "  - {otherwise: true, defenders: 2}\n"
    text += EUCHRE[EUCHRE.index("match_end:") :]
    path = spec(tmp_path, text)
    for command in ("validate", "explain", "verify"):
        started = time.perf_counter()
        code, out, err = run(capsys, command, str(path), *(["--hands", "10"] if command == "verify" else []))
        assert code == 1 and words in out + err
        assert time.perf_counter() - started < 30, command  # a hang guard (it was > 60 s), not a benchmark


def test_rows_at_the_limit_are_accepted(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = "".join(f"  - {{when: makers.tricks == {i} and alone, makers: 1}}\n" for i in range(10, 10 + 195))
    text = EUCHRE.replace("scoring:\n", "scoring:\n" + rows, 1)
    assert run(capsys, "validate", str(spec(tmp_path, text)))[0] == 0


def test_a_quarter_million_packets_is_not_called_an_alias_bomb(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = spec(tmp_path, euchre_with("packets: [3, 2]", "packets: [" + ", ".join(["1"] * 250_000) + "]"))
    started = time.perf_counter()
    code, _, err = run(capsys, "validate", str(path))
    assert time.perf_counter() - started < 30  # a hang guard (it took 15.6 s)
    assert code == 1 and "more than 10000 values" in one_error(err) and "alias" not in err


def test_packets_beyond_the_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path, euchre_with("packets: [3, 2]", "packets: [" + ", ".join(["1"] * 65) + "]"))
    assert "deal.packets: expected at most 64 items, got 65" in validate_error(capsys, path)


def test_a_long_overlay_chain_is_refused_by_its_length(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    spec(tmp_path, "extends: euchre\nname: o0\n", "o0.yaml")
    for i in range(1, 1000):
        spec(tmp_path, f"extends: o{i - 1}.yaml\nname: o{i}\n", f"o{i}.yaml")
    code, _, err = run(capsys, "validate", str(tmp_path / "o999.yaml"))
    line = one_error(err)
    # located at the `extends:` that goes one file too far; the hint names where the chain starts
    assert code == 1 and line.startswith(f"{tmp_path / 'o968.yaml'}:1:1: ") and "o999.yaml" in err
    assert f"extends: the chain of overlays is longer than {limits.MAX_OVERLAY_CHAIN} files" in line
    assert "nested too deeply" not in line
    # 32 files, the bundled base included, are fine
    code, _, err = run(capsys, "validate", str(tmp_path / f"o{limits.MAX_OVERLAY_CHAIN - 2}.yaml"))
    assert (code, err) == (0, "")


def test_replay_of_dev_zero_and_of_a_fifo_return_at_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    started = time.perf_counter()
    assert "/dev/zero: not a regular file" in replay_error(capsys, "/dev/zero")
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    assert "pipe.jsonl: not a regular file" in replay_error(capsys, fifo)
    assert "a directory" in replay_error(capsys, tmp_path)
    assert time.perf_counter() - started < 10  # /dev/zero read forever, a FIFO blocked


def test_record_files_have_a_size_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    line = json.dumps({k: v for k, v in EXAMPLE.items() if k != "expect"}) + "\n"
    monkeypatch.setattr("interpreter.records.MAX_RECORD_FILE_BYTES", 2 * len(line))
    path = tmp_path / "big.jsonl"
    path.write_text(line * 3, encoding="utf-8")
    assert "larger than 0 MiB, the limit for a record file" in replay_error(capsys, path)
    path.write_text(line * 2, encoding="utf-8")  # exactly at the limit: read
    assert run(capsys, "replay", str(path))[0] == 0


def test_record_with_huge_numbers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for changes in ({"dealer": 10**5000}, {"scores_before": [10**4000, 0]}, {"players": -(10**300)}):
        path = tmp_path / "r.json"
        record = {k: v for k, v in EXAMPLE.items() if k != "expect"} | changes
        path.write_text(json.dumps(record) if "dealer" not in changes else "", encoding="utf-8")
        if "dealer" in changes:  # json.dumps itself refuses 5,000 digits: write the text by hand
            path.write_text(json.dumps(record | {"dealer": 0}).replace('"dealer": 0', '"dealer": 1' + "0" * 5000))
        code, _, err = run(capsys, "replay", str(path))
        assert code in (0, 1) and "Traceback" not in err
        if code:
            one_error(err)


# ------------------------------------------------------------------ paths
def test_extends_of_an_absolute_path_reads_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    secret = spec(tmp_path / "elsewhere", "s3cr3t:*:19000:0:99999:7:::\n", "shadow.yaml")
    for target in ("/etc/shadow", "/etc/passwd", str(secret)):
        line = validate_error(capsys, spec(tmp_path / "mine", f"extends: {target}\n"))
        assert ":1:1: extends: " in line and "s3cr3t" not in line
        assert "absolute path" in line or "ends in .yaml" in line


def test_extends_cannot_leave_the_tree(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    spec(tmp_path, "s3cr3t:*:19000:0:99999:7:::\nother: 1\n", "outside.yaml")
    mine = spec(tmp_path / "tree", "extends: ../outside.yaml\n")
    line = validate_error(capsys, mine)
    assert "leads outside the folders this file may refer into" in line and "s3cr3t" not in line
    os.symlink(tmp_path / "outside.yaml", tmp_path / "tree" / "link.yaml")
    line = validate_error(capsys, spec(tmp_path / "tree", "extends: link.yaml\n", "v2.yaml"))
    assert "leads outside" in line


def test_a_referenced_file_that_is_no_spec_is_not_quoted(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    spec(tmp_path, "s3cr3t:*:19000:0:99999:7:::\ns3cr3t: again\n", "notes.yaml")
    code, _, err = run(capsys, "validate", str(spec(tmp_path, "extends: notes.yaml\n")))
    line = one_error(err)
    assert code == 1 and line.startswith(f"{tmp_path / 'notes.yaml'}:1:1: this is not a variant spec")
    assert "s3cr3t" not in err


def test_inside_the_tree_and_bundled_names_still_work(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    spec(tmp_path / "house", "extends: house/stick-the-dealer\nname: base\ntitle: Base\n", "base.yaml")
    top = spec(tmp_path, "extends: house/base.yaml\nname: top\ntitle: Top\n")
    code, out, err = run(capsys, "validate", str(top))
    assert (code, err) == (0, "") and "top" in out


def test_record_variant_paths_follow_the_policy(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "records").mkdir()
    spec(tmp_path, EUCHRE, "specs/mine.yaml")
    for variant, words in (
        ("/etc/passwd", "a path to a spec file ends in .yaml"),
        (str(tmp_path / "specs" / "mine.yaml"), "absolute path"),
        ("../../../../../../../etc/hosts", "ends in .yaml"),
        ("../" * 12 + "tmp/x.yaml", "no such variant file"),
    ):
        record = record_file(tmp_path / "records", variant=variant)
        assert words in replay_error(capsys, record)
    # relative to the record, inside the current directory: replays
    record = record_file(tmp_path / "records", variant="../specs/mine.yaml")
    assert run(capsys, "replay", str(record))[0] == 0
    # the same record seen from a directory that does not hold the spec
    monkeypatch.chdir(tmp_path / "records")
    assert "leads outside" in replay_error(capsys, record)


def test_a_spec_named_on_the_command_line_may_be_anywhere(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path / "far" / "away", EUCHRE)
    assert run(capsys, "validate", str(path))[0] == 0
    assert run(capsys, "validate", "euchre", "--rule", str(ROOT / "variants" / "house" / "benny.yaml"))[0] == 0


# ------------------------------------------------------------------ the limits are documented, in one place
def test_schema_maxima_are_the_limits_module() -> None:
    s = schema()
    props, defs = s["properties"], s["$defs"]
    assert props["players"]["oneOf"][0]["maximum"] == limits.MAX_PLAYERS
    assert props["deck"]["properties"]["suits"]["maxItems"] == limits.MAX_SUITS
    assert props["deck"]["properties"]["ranks"]["maxItems"] == limits.MAX_RANKS
    packets = props["deal"]["properties"]["packets"]
    assert packets["maxItems"] == limits.MAX_PACKET_ROUNDS
    assert packets["oneOf"][0]["items"]["maximum"] == limits.MAX_PACKET
    assert packets["oneOf"][1]["items"]["maxItems"] == limits.MAX_PLAYERS
    assert packets["oneOf"][1]["items"]["items"]["maximum"] == limits.MAX_PACKET
    for key in ("bidding", "declarations", "lead", "scoring", "match_end"):
        assert props[key]["maxItems"] == limits.MAX_ROWS, key
    assert props["options"]["maxProperties"] == limits.MAX_OPTIONS
    assert props["counters"]["maxProperties"] == limits.MAX_OPTIONS
    assert defs["option"]["properties"]["values"]["maxItems"] == limits.MAX_OPTIONS
    auction = defs["auction"]["properties"]["auction"]["properties"]
    assert auction["min"]["maximum"] == auction["max"]["maximum"] == limits.MAX_BID
    kitty = defs["kitty_exchange"]["properties"]["kitty_exchange"]["properties"]
    assert kitty["min"]["maximum"] == kitty["count"]["maximum"] == limits.MAX_PACKET


def test_docs_list_every_limit() -> None:
    text = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    for name in dir(limits):
        if name.startswith("MAX_"):
            value = getattr(limits, name)
            assert f"`{name}`" in text, name
            row = next(line for line in text.splitlines() if f"`{name}`" in line)
            shown = {
                "MAX_FILE_BYTES": "1 MiB",
                "MAX_RECORD_FILE_BYTES": "64 MiB",
            }.get(name, f"{value:,}")
            assert shown in row, (name, row)


def test_bundled_variants_are_well_inside_the_limits() -> None:
    for path in sorted(VARIANTS.glob("*.yaml")):
        data = path.read_text(encoding="utf-8")
        assert len(data) < limits.MAX_FILE_BYTES // 10
    assert list(replay_file(str(ROOT / "tests" / "records" / "example.json")))


# ------------------------------------------------------------------ found by the fuzzer (tests/fuzz)
def test_a_control_character_in_a_key_is_shown_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec(tmp_path, euchre_with("players: 4", 'players:\n  "\\r": 0'))
    line = validate_error(capsys, path)
    assert line == f"{path}:9:3: players: unknown key '\\r'"


def test_a_line_separator_in_a_record_value_is_shown_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    line = replay_error(capsys, record_file(tmp_path, variant=" \u2028 "))
    assert line == 'variant must be a bundled name or a path to a YAML spec, got " \\u2028 "'


def test_an_escape_of_no_character_in_yaml(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for escape in ("\\UFFFFFFFF", "\\U00AF3F61"):
        path = spec(tmp_path, euchre_with("title: Euchre (American)", f'title: "{escape}"'))
        assert "a quoted string holds an escape of no character" in validate_error(capsys, path)


def test_a_huge_record_value_is_not_echoed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = replay_error(capsys, record_file(tmp_path, players="9" * 5000))
    assert line.startswith('players is "9999') and "…" in line and len(line) < 200
