"""Issue 11's command-line defects, each pinned by a test that fails without its fix."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.spec.overlay import item_id
from interpreter.transcript import Printer
from interpreter.variants import load_document

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*argv: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "interpreter", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        input=stdin,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


# ------------------------------------------------------------------ 2: nothing to replay
@pytest.mark.parametrize("content", ["", "\n\n  \n"])
def test_replay_of_a_file_without_records_is_an_error(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "e.jsonl"
    path.write_text(content)
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"no hand records in {path}") and captured.err.count("\n") == 1


# ------------------------------------------------------------------ 3: stacked rules are named
def test_play_header_names_the_stacked_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "euchre", "--rule", "house/super-euchre", "--seed", "1", "--hands", "1"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("Euchre (American) + house/super-euchre — ")


def test_validate_explain_and_diff_name_the_stacked_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "euchre", "--rule", "house/super-euchre"]) == 0
    assert "Euchre (American) + house/super-euchre" in capsys.readouterr().out
    assert main(["explain", "euchre", "--rule", "house/super-euchre"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Euchre (American) + house/super-euchre"
    assert main(["diff", "euchre", "euchre", "--rule-b", "house/super-euchre"]) == 0
    head = capsys.readouterr().out.splitlines()[:2]
    assert head == ["A: euchre — Euchre (American)", "B: euchre + house/super-euchre — Euchre (American)"]


def test_simulate_names_the_stacked_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "euchre", "--rule", "house/super-euchre", "--matches", "1"]) == 0
    assert capsys.readouterr().out.startswith("Euchre (American) + house/super-euchre — seed 0")


# ------------------------------------------------------------------ 4: a directory is not a variant
@pytest.mark.parametrize("command", ["play", "validate", "explain", "simulate", "ids"])
def test_a_directory_is_said_to_be_a_directory(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path} is a directory, not a variant file" in err and "no such" not in err


# ------------------------------------------------------------------ 8: terminals
def test_an_ascii_terminal_gets_letter_suits() -> None:
    done = run_cli("play", "euchre", "--seed", "1", "--hands", "1", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    assert "\\u" not in done.stdout
    assert "Upcard: QD" in done.stdout and "Euchre (American) - 4 players" in done.stdout


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_narrow_terminal_wraps_between_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.delenv("NO_COLOR", raising=False)
    screen = _Terminal()
    words = " ".join(f"word{n:02d}" for n in range(40))
    Printer(screen).line(words)
    lines = [line.rstrip() for line in screen.getvalue().splitlines()]
    assert len(lines) > 1 and all(len(line) <= 60 for line in lines)
    assert " ".join(lines).split() == words.split()  # no word cut in two


def test_a_pipe_gets_whole_lines() -> None:
    out = io.StringIO()
    words = " ".join(f"word{n:02d}" for n in range(40))
    Printer(out).line(words)
    assert out.getvalue() == words + "\n"


def test_quiet_does_not_change_what_a_person_at_the_table_sees() -> None:
    answers = "1\n" * 40
    plain = run_cli("play", "euchre", "--seed", "3", "--hands", "1", "--human", "0", stdin=answers)
    quiet = run_cli("play", "euchre", "--seed", "3", "--hands", "1", "--human", "0", "--quiet", stdin=answers)
    assert plain.returncode == quiet.returncode == 0, quiet.stderr
    assert "You are seat 0." in quiet.stdout
    assert quiet.stdout == plain.stdout


# ------------------------------------------------------------------ 9: no silent overwrite, no ignored option
def test_play_record_does_not_overwrite_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hands.jsonl"
    out.write_text("keep me\n")
    assert main(["play", "euchre", "--seed", "1", "--hands", "1", "--record", str(out)]) == 1
    captured = capsys.readouterr()
    assert "exists" in captured.err and "--force" in captured.err and captured.out == ""
    assert out.read_text() == "keep me\n"
    assert main(["play", "euchre", "--seed", "1", "--hands", "1", "--record", str(out), "--force"]) == 0
    assert json.loads(out.read_text().splitlines()[0])["variant"] == "euchre"


def test_simulate_refuses_bot_and_bots_together(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "euchre", "--bot", "random", "--bots", "rules,random,rules,random"]) == 1
    err = capsys.readouterr().err
    assert "--bot random" in err and "--bots" in err and err.count("\n") == 1


# ------------------------------------------------------------------ ids an overlay can address
def test_ids_lists_every_addressable_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ids", "euchre"]) == 0
    out = capsys.readouterr().out
    data = load_document("euchre").data
    for key in ("bidding", "declarations", "scoring", "match_end"):
        assert f"\n{key}:\n" in out
        for item in data[key]:
            ident = item_id(item)
            assert ident is not None and f"  {ident}  " in out
    assert "lone_march  when makers.tricks == 5 and alone" in out


def test_ids_include_the_stacked_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ids", "euchre", "--rule", "house/super-euchre"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Euchre (American) + house/super-euchre") and "super_euchre" in out
