"""`trickspec simulate`: statistics that add up, for any variant, repeatable by seed."""

from __future__ import annotations

import json

import pytest

from interpreter.cli import main
from interpreter.simulate import Setup, simulate
from interpreter.variants import load_rules


@pytest.mark.parametrize("name", ["euchre", "buck-euchre", "bid-euchre", "call-ace", "house/four-trick-tokens"])
def test_statistics_add_up(name: str) -> None:
    rules = load_rules(name)
    setup = Setup(name, tuple(sorted(rules.options.items())), (), ("rules",) * rules.players, seed=1)
    stats = simulate(rules, setup, matches=3)
    played = stats.hands - stats.redeals
    assert stats.matches == 3 and stats.hands_min * 3 <= stats.hands <= stats.hands_max * 3
    assert sum(stats.rows.values()) == played == sum(stats.contracts.values())
    assert set(stats.rows) <= {row.id for row in rules.scoring}
    assert sum(stats.tricks.values()) == played * rules.hand_tricks
    assert sum(stats.wins) >= stats.finished  # a shared win counts for each winner


def test_the_stronger_bot_wins_and_the_seed_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "euchre", "--matches", "20", "--bots", "rules,random,rules,random", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["match_wins"]["0"] > first["match_wins"]["1"]
    assert first["finished_matches"] == 20 and first["bots"] == ["rules", "random", "rules", "random"]
    main(["simulate", "euchre", "--matches", "20", "--bots", "rules,random,rules,random", "--json"])
    again = json.loads(capsys.readouterr().out)
    assert {k: v for k, v in again.items() if k != "hands_per_second"} == {
        k: v for k, v in first.items() if k != "hands_per_second"
    }


def test_text_report_names_every_scoring_row(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "jucre", "--matches", "5", "--set", "target=5"]) == 0
    out = capsys.readouterr().out
    assert "Matches won" in out and "options: target=5" in out
    for row in load_rules("jucre").scoring:
        assert row.id in out


@pytest.mark.parametrize(
    "argv", [["--bots", "rules,random,rules"], ["--bots", "rules,rules,rules,genius"], ["--matches", "0"]]
)
def test_bad_arguments_are_one_line_and_exit_1(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "euchre", *argv]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
