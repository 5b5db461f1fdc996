"""benchmarks/instructions.py's children play what the parent counts (the count itself needs Valgrind).

Each side is run as the parent runs it, without Valgrind and with a few hands: it
must finish cleanly; the parent's arithmetic is checked on made-up counts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "instructions.py"


@pytest.mark.parametrize("side", ["engine", "play_out", "yardstick", "draw"])
def test_each_side_plays_its_hands(side: str) -> None:
    args = ["--child", side, "--hands", "5", "--warm", "3", "--record", "5"]
    proc = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_the_parent_reports_per_hand_differences(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util
    import json

    spec = importlib.util.spec_from_file_location("instructions_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    base = {"engine": 1_000, "play_out": 900, "yardstick": 2_000, "draw": 500}
    per_hand = {"engine": 300, "play_out": 200, "yardstick": 240, "draw": 120}

    def fake_count(side: str, hands: int, warm: int, record: int, valgrind: str) -> int:
        return base[side] + hands * per_hand[side]

    monkeypatch.setattr(bench, "count", fake_count)
    monkeypatch.setattr(bench.shutil, "which", lambda name: "/usr/bin/valgrind")
    assert bench.main(["--hands", "10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["instructions_per_hand"] == per_hand
    assert out["own_work_per_hand"] == {"engine": 180, "play_out": 80, "yardstick": 120}
    assert out["ratio"] == 0.8
    assert out["ratio_play_out"] == 1.2
