"""`simulate --backend ray`: the same per-match seeds and results as on one core, on a local Ray instance.

Ray is the optional extra `[cluster]`; CI installs it (.ci/run) and runs these.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from interpreter.cli import main

ARGV = ["simulate", "euchre", "--matches", "6", "--bots", "rules,random", "--duplicate", "--seed", "11", "--json"]


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(argv) == 0, capsys.readouterr().err
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    data.pop("hands_per_second")
    return data


def test_ray_gives_the_results_of_one_core_and_of_a_pool(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray", reason="the [cluster] extra (Ray) is not installed")
    one = run_json([*ARGV, "--jobs", "1"], capsys)
    pool = run_json([*ARGV, "--jobs", "2"], capsys)
    on_ray = run_json([*ARGV, "--backend", "ray"], capsys)
    assert one == pool == on_ray
    assert on_ray["matches"] == 12 and on_ray["seed"] == 11


def test_without_ray_the_message_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import fails as if it were absent
    assert main(["simulate", "euchre", "--matches", "1", "--backend", "ray"]) == 1
    err = capsys.readouterr().err
    assert "[cluster]" in err and "pip install" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--address", "auto"], "add --backend ray"),
        (["--backend", "ray", "--jobs", "2"], "Ray spreads"),
    ],
)
def test_ray_options_are_checked_first(extra: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "euchre", "--matches", "1", *extra]) == 1
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_an_address_nobody_answers_is_one_line_not_a_hang(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray", reason="the [cluster] extra (Ray) is not installed")
    assert main(["simulate", "euchre", "--matches", "1", "--backend", "ray", "--address", "127.0.0.1:1"]) == 1
    err = capsys.readouterr().err
    assert "no Ray cluster answers" in err and err.count("\n") == 1
