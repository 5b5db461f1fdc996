"""`trickspec simulate` for researchers: seeds, duplicate deals, intervals, ties, processes."""

from __future__ import annotations

import csv
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from interpreter.cli import main
from interpreter.records import replay_file
from interpreter.simulate import Setup, match_seed, play_one, rotations, team_of_side
from interpreter.simulate_intervals import ClusterRatio, wilson
from interpreter.variants import load_rules


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["simulate", *argv, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    data.pop("hands_per_second")  # the only figure that depends on the machine
    return data


# ------------------------------------------------------------------ intervals, worked by hand
def test_wilson_interval_matches_the_worked_example() -> None:
    # 8 of 10: p = .8, z = 1.96: centre (.8 + .19208) / 1.38416 = .71682, half .23608 → [.4902, .9433]
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_cluster_ratio_matches_the_worked_example() -> None:
    # clusters (total, count): (4, 2) (2, 2) (0, 2): mean 1; residuals 2, 0, -2; var = 8 * 3/2 / 36 → se = 1/√3
    ratio = ClusterRatio()
    for total, count in ((4, 2), (2, 2), (0, 2)):
        ratio.add(total, count)
    mean, lo, hi = ratio.interval()
    se = 1 / math.sqrt(3)
    assert mean == 1 and lo == pytest.approx(1 - 1.959964 * se) and hi == pytest.approx(1 + 1.959964 * se)
    single = ClusterRatio()
    single.add(3, 1)
    assert single.interval()[0] == 3 and math.isnan(single.interval()[1])


# ------------------------------------------------------------------ seeds
def test_match_seeds_depend_on_the_run_seed_and_the_match_only() -> None:
    assert match_seed(0, 5) == match_seed(0, 5)
    assert len({match_seed(0, i) for i in range(50)} | {match_seed(1, i) for i in range(50)}) == 100


def test_seed_variant_rules_and_bots_are_in_every_output(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(["euchre", "--matches", "3", "--seed", "7", "--rule", "house/stick-the-dealer"], capsys)
    assert data["seed"] == 7 and data["variant"] == "euchre" and data["rules"] == ["house/stick-the-dealer"]
    assert data["bots"] == ["rules"] * 4
    assert main(["simulate", "euchre", "--matches", "3", "--seed", "7", "--rule", "house/stick-the-dealer"]) == 0
    text = capsys.readouterr().out
    assert "seed 7" in text and "house/stick-the-dealer" in text and "seat 3 rules" in text
    assert "maker: seat 0" in text  # maker_by_seat is in the text too


def test_results_are_identical_whatever_the_number_of_processes(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["euchre", "--matches", "12", "--bots", "rules,random", "--seed", "3"]
    one = run_json([*argv, "--jobs", "1"], capsys)
    two = run_json([*argv, "--jobs", "2"], capsys)
    assert one == two
    assert run_json([*argv, "--seed", "4"], capsys) != one


# ------------------------------------------------------------------ duplicate
def test_duplicate_replays_the_same_deals_with_the_sides_swapped() -> None:
    rules = load_rules("euchre")
    setup = Setup("euchre", (), (), ("rules", "random", "rules", "random"), seed=2, duplicate=True, keep_records=True)
    assert rotations(rules, setup.bots, True) == [0, 1]
    assert team_of_side(rules, 1) == (1, 0)
    first, second = play_one(setup, 0, 0), play_one(setup, 0, 1)
    assert first.seed == second.seed
    for a, b in zip(first.hands, second.hands, strict=False):  # hand k: the same cards, the same dealer
        assert a.record is not None and b.record is not None
        assert (a.record["hands"], a.record["upcard"], a.record["dealer"]) == (
            b.record["hands"],
            b.record["upcard"],
            b.record["dealer"],
        )


def test_duplicate_figures_follow_the_teams(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(["euchre", "--matches", "10", "--bots", "rules,random", "--duplicate"], capsys)
    assert data["duplicate"] is True and data["rotations"] == 2
    assert data["deal_sequences"] == 10 and data["matches"] == 20
    rules_team, random_team = data["teams"]
    assert rules_team["bots"] == ["rules", "rules"] and random_team["bots"] == ["random", "random"]
    assert rules_team["wins"] + random_team["wins"] == 20
    assert rules_team["wins"] > random_team["wins"]
    lo, hi = data["points_per_hand_difference"]["ci95"]
    assert 0 < lo <= data["points_per_hand_difference"]["mean"] <= hi
    mean, (plo, phi) = rules_team["points_per_hand"], rules_team["points_per_hand_ci95"]
    assert plo < mean < phi


def test_duplicate_with_one_kind_of_bot_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "euchre", "--matches", "2", "--duplicate"]) == 1
    err = capsys.readouterr().err
    assert "same bot" in err and err.count("\n") == 1


def test_duplicate_of_three_players_plays_three_rotations(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(["jucre-three-handed", "--matches", "2", "--bots", "rules,random,random", "--duplicate"], capsys)
    assert data["rotations"] == 3 and data["matches"] == 6
    assert sum(t["wins"] for t in data["teams"]) >= data["finished_matches"]


# ------------------------------------------------------------------ intervals and ties in the outputs
def test_win_rate_intervals_contain_the_rate(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(["euchre", "--matches", "8", "--bots", "rules,random"], capsys)
    for team in data["teams"]:
        lo, hi = team["win_rate_ci95"]
        assert 0 <= lo <= team["win_rate"] <= hi <= 1
        assert team["win_rate"] == team["wins"] / data["matches"]
    assert "Wilson" in data["intervals"]


def test_shared_wins_are_explained(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["call-ace", "--set", "players=5", "--matches", "40"]
    data = run_json(argv, capsys)
    wins = sum(t["wins"] for t in data["teams"])
    assert data["shared_matches"] > 0 and wins > data["matches"]  # several winners in a match
    assert sum(t["win_share"] for t in data["teams"]) == pytest.approx(data["finished_matches"])
    assert main(["simulate", *argv]) == 0
    text = capsys.readouterr().out
    assert f"{data['shared_matches']} of 40 matches ended in a shared win" in text and f"add up to {wins}" in text


# ------------------------------------------------------------------ bots
def test_a_short_line_up_repeats_round_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(["euchre", "--matches", "1", "--bots", "rules,random"], capsys)["bots"] == [
        "rules",
        "random",
        "rules",
        "random",
    ]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--bot", "random", "--bots", "rules,random"], "give one of them"),
        (["--bots", "rules,genius"], "genius"),
        (["--bot", "human"], "no person"),
        (["--jobs", "0"], "--jobs 0"),
    ],
)
def test_bad_bots_and_jobs_are_one_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "euchre", "--matches", "1", *argv]) == 1
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


# ------------------------------------------------------------------ per-hand data out
def test_records_csv_and_json_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records, table = tmp_path / "hands.jsonl", tmp_path / "hands.csv"
    argv = ["euchre", "--matches", "4", "--bots", "rules,random", "--duplicate", "--seed", "5"]
    data = run_json([*argv, "--records", str(records), "--csv", str(table)], capsys)
    replays = list(replay_file(str(records)))
    with table.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(replays) == len(rows) == data["hands"]
    points = [0, 0]
    for replay, row in zip(replays, rows, strict=True):
        r = replay.result
        assert (row["seed"], row["variant"]) == ("5", "euchre")
        assert row["status"] == r["status"] and row["trump"] == (r["trump"] or "")
        assert row["maker"] == ("" if r["maker"] is None else str(r["maker"]))
        assert [int(row[f"tricks_{s}"]) for s in range(4)] == r["tricks"]
        assert [int(row[f"delta_{s}"]) for s in range(2)] == r["delta"]
        assert [int(row[f"score_{s}"]) for s in range(2)] == r["scores"]
        assert row["scoring_row"] == replay.state.scored_by
        assert row["hand_0"] == " ".join(replay.rules.codec.to_str(c) for c in replay.state.dealt[0])
        for side, d in enumerate(r["delta"]):
            points[int(row[f"team_{side}"])] += d
    assert points == [team["points"] for team in data["teams"]]
    scored = Counter(row["scoring_row"] for row in rows if row["status"] == "complete")
    assert {k: v for k, v in data["scoring_rows"].items() if v} == dict(scored)
    first = json.loads(records.read_text().splitlines()[0])
    assert first["trickspec"]["simulate"] == {
        "seed": 5,
        "match": 0,
        "rotation": 0,
        "hand": 1,
        "bots": ["rules", "random", "rules", "random"],
    }


def test_outputs_are_never_overwritten_silently(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hands.csv"
    out.write_text("mine\n")
    assert main(["simulate", "euchre", "--matches", "1", "--csv", str(out)]) == 1
    assert "--force" in capsys.readouterr().err and out.read_text() == "mine\n"
    assert main(["simulate", "euchre", "--matches", "1", "--csv", str(out), "--force"]) == 0
    assert out.read_text().startswith("seed,variant")
    assert main(["simulate", "euchre", "--matches", "1", "--records", str(tmp_path)]) == 1
    assert "is a directory" in capsys.readouterr().err


def test_plot_without_matplotlib_says_how_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails as if it were absent
    assert main(["simulate", "euchre", "--matches", "1", "--plot", str(tmp_path / "p.png")]) == 1
    err = capsys.readouterr().err
    assert "pip install" in err and "[plot]" in err and err.count("\n") == 1
    assert not (tmp_path / "p.png").exists()


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_plot_draws_a_chart(suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="the [plot] extra (matplotlib) is not installed")
    out = tmp_path / f"chart{suffix}"
    assert main(["simulate", "euchre", "--matches", "3", "--bots", "rules,random", "--plot", str(out)]) == 0
    head = out.read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in out.read_bytes()


# ------------------------------------------------------------------ progress
def test_no_progress_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "euchre", "--matches", "2"]) == 0
    assert capsys.readouterr().err == ""


def test_progress_shows_hands_per_second_in_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from rich.console import Console

    import interpreter.simulate_cli as simulate_cli

    screen = io.StringIO()
    monkeypatch.setattr(simulate_cli, "_console", lambda: Console(file=screen, force_terminal=True, width=120))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert main(["simulate", "euchre", "--matches", "30"]) == 0
    shown = screen.getvalue()
    assert "hands/s" in shown and "ETA" in shown and "matches" in shown
    screen.truncate(0)
    assert main(["simulate", "euchre", "--matches", "3", "--quiet"]) == 0
    assert screen.getvalue() == ""


def test_bot_specs_with_options_are_judged_by_the_agent_registry() -> None:
    from interpreter.errors import TrickSpecError
    from interpreter.simulate_cli import parse_bots

    assert parse_bots("pimc:k=2,rules", None, 4) == ["pimc:k=2", "rules", "pimc:k=2", "rules"]
    with pytest.raises(TrickSpecError, match=r"--bots pimc:zz=2: .*zz"):
        parse_bots("pimc:zz=2,rules", None, 4)
