"""benchmarks/instructions.py's children play what the parent counts (the count itself needs Valgrind).

Each side is run as the parent runs it, without Valgrind and with a few hands: it
must finish cleanly; the parent's arithmetic is checked on made-up counts.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from interpreter.build import COMPILED

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "instructions.py"


@pytest.fixture
def bench() -> ModuleType:
    """The benchmark script as a module, for its parent's arithmetic on made-up counts."""
    spec = importlib.util.spec_from_file_location("instructions_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "side", ["engine", "play_out", "yardstick", "draw", "deal", "deal_draw", "bidding", "bidding_draw"]
)
@pytest.mark.parametrize("draw", ["choice", "fast"])
def test_each_side_plays_its_hands(side: str, draw: str) -> None:
    args = ["--child", side, "--hands", "5", "--warm", "3", "--record", "5", "--draw", draw]
    proc = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_the_parent_reports_per_hand_differences(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    base = {"engine": 1_000, "play_out": 900, "yardstick": 2_000, "draw": 500}
    per_hand = {"engine": 300, "play_out": 200, "yardstick": 240, "draw": 120}

    def fake_count(side: str, hands: int, warm: int, record: int, valgrind: str, draw: str) -> int:
        assert draw == "choice"  # the default: random.Random, as before --draw
        return base[side] + hands * per_hand[side]

    monkeypatch.setattr(bench, "count", fake_count)
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/valgrind")
    assert bench.main(["--hands", "10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["instructions_per_hand"] == per_hand
    assert out["own_work_per_hand"] == {"engine": 180, "play_out": 80, "yardstick": 120}
    assert out["ratio"] == 0.8
    assert out["ratio_play_out"] == 1.2
    assert out["draw"] == "choice"


def test_the_draw_named_reaches_every_child(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--draw fast`: every count (each side, with and without hands) is of children drawing fast."""
    draws: list[str] = []

    def fake_count(side: str, hands: int, warm: int, record: int, valgrind: str, draw: str) -> int:
        draws.append(draw)
        return 10 + hands * {"engine": 3, "play_out": 2, "yardstick": 4, "draw": 1}[side]

    monkeypatch.setattr(bench, "count", fake_count)
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/valgrind")
    assert bench.main(["--hands", "10", "--draw", "fast", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["draw"] == "fast" and draws == ["fast"] * 8


def test_the_pieces_split_play_outs_own_work(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    per_hand = {
        "engine": 300,
        "play_out": 200,
        "yardstick": 240,
        "draw": 120,
        "deal": 90,
        "deal_draw": 60,
        "bidding": 150,
        "bidding_draw": 80,
    }

    def fake_count(side: str, hands: int, warm: int, record: int, valgrind: str, draw: str) -> int:
        return 7 + hands * per_hand[side]

    monkeypatch.setattr(bench, "count", fake_count)
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/valgrind")
    monkeypatch.setattr(bench, "BUILD", "pure")  # (the split is the pure build's: see below)
    assert bench.main(["--hands", "10", "--pieces", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # deal 90 - 60 = 30; bidding 150 - 80 - 30 = 40; the rest of play_out's own 80: 10
    assert out["pieces_own_work_per_hand"] == {"deal": 30, "bidding": 40, "tricks_and_scoring": 10}


def test_the_pieces_are_refused_in_the_compiled_build(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Compiled, the draws made from the script's loop do not cancel the ones play_out makes
    from C (the bidding piece came out negative): --pieces says so and stops, counting nothing."""
    monkeypatch.setattr(bench, "BUILD", "compiled")
    monkeypatch.setattr(bench, "count", lambda *a: pytest.fail("nothing is counted"))
    assert bench.main(["--hands", "10", "--pieces"]) == 1
    err = capsys.readouterr().err
    assert "--pieces splits the pure build's work" in err and "run it with the pure build" in err


def test_bytecodes_names_the_engine_and_yardstick_functions() -> None:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--bytecodes", "--hands", "3", "--warm", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if COMPILED:  # the engine runs as C there: no bytecode to count, and the script says so
        assert proc.returncode == 1
        assert "--bytecodes counts Python bytecode; the compiled build runs the engine as C" in proc.stderr
        assert proc.stdout == ""
        return
    assert proc.returncode == 0, proc.stderr
    table = json.loads(proc.stdout)
    assert "engine.py:_play_tricks" in table["play_out"]
    assert "euchre_yardstick.py:play_hand" in table["yardstick"]
    assert all(ops > 0 and calls > 0 for ops, calls in table["play_out"].values())
