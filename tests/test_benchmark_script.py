"""The throughput benchmark runs and prints its documented JSON (a smoke test, not a timing)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent


def _throughput(*args: str) -> dict[str, Any]:
    """benchmarks/throughput.py run with `args` and --json: its JSON object."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "throughput.py"), *args, "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    return cast("dict[str, Any]", json.loads(out))


def test_benchmark_prints_the_documented_json() -> None:
    data = _throughput("--hands", "30", "--pairs", "2")
    assert {"variants", "baseline_hands_per_second", "ratio", "ratio_min", "ratio_max", "build"} <= set(data)
    assert {"euchre", "buck-euchre", "call-ace"} <= set(data["variants"])
    assert all(v["hands_per_second"] > 0 for v in data["variants"].values())
    assert all(v["play_out_hands_per_second"] > 0 for v in data["variants"].values())
    batched = data["play_out"]  # the ratio of the batched loop (State.play_out)
    assert batched["ratio_min"] <= batched["ratio"] <= batched["ratio_max"]
    assert data["baseline_hands_per_second"] > 0  # the yardstick ships in benchmarks/
    assert data["ratio_min"] <= data["ratio"] <= data["ratio_max"]
    assert data["draw"] == "choice"  # the default: random.Random, the figures from before --draw


def test_benchmark_names_the_draw_it_used() -> None:
    """`--draw fast` (benchmarks/random_draw.py) times both sides with the cheaper draw and says so."""
    data = _throughput(
        "--hands", "10", "--pairs", "1", "--rounds", "2", "--round-hands", "10", "--draw", "fast", "euchre"
    )
    assert data["draw"] == "fast"
    assert data["ratio_min"] <= data["ratio"] <= data["ratio_max"]
    assert data["play_out"]["ratio"] > 0
