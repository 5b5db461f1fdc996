"""The `trickspec` command: validate, variants, replay, play (bots and a scripted person)."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import Capsys, run, run_with_input

from interpreter.agents import RandomBot, RuleBot, make_agent
from interpreter.errors import TrickSpecError
from interpreter.match import play_match
from interpreter.transcript import cards_text, hand_text
from interpreter.variants import bundled_names, load_rules

RECORDS = Path(__file__).parent / "records"
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_LINE = (
    '{"status": "complete", "trump": "H", "maker": 0, "contract": null, "alone": [], '
    '"partner": null, "out": [], "tricks": [4, 0, 0, 1], "delta": [1, 0], '
    '"scores": [1, 0], "winners": []}'
)
ILLEGAL_LINE = 'action 5 (seat 2, "9D"): must follow hearts, holds 9H TH QH'


# ------------------------------------------------------------ replay
def test_replay_json_prints_the_documented_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", str(RECORDS / "example.json"), "--json")
    assert (code, out, err) == (0, EXAMPLE_LINE + "\n", "")


def test_replay_readable_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(RECORDS / "example.json"))
    assert code == 0
    assert "trump ♥, maker seat 0" in out
    assert "tricks: seat 0 4, seat 1 0, seat 2 0, seat 3 1" in out
    assert "points: Seats 0+2 +1 · Seats 1+3 +0" in out
    assert "scores: Seats 0+2 1 · Seats 1+3 0" in out


def test_replay_illegal_action(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", str(RECORDS / "illegal.json"), "--json")
    assert (code, out, err) == (1, "", ILLEGAL_LINE + "\n")


def test_replay_jsonl_stops_at_bad_third_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", str(RECORDS / "three.jsonl"), "--json")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0] == EXAMPLE_LINE
    assert json.loads(lines[1])["status"] == "redeal"
    assert err == 'record 3: unknown card "XC" in the hand of seat 2\n'


def test_replay_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO((RECORDS / "example.json").read_text(encoding="utf-8")))
    code, out, _ = run(capsys, "replay", "-", "--json")
    assert (code, out) == (0, EXAMPLE_LINE + "\n")


def test_replay_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", "nowhere.jsonl")
    assert (code, out, err) == (1, "", "nowhere.jsonl: no such file\n")


# ------------------------------------------------------------ validate, variants
def test_validate_good(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate", "euchre", str(ROOT / "variants" / "euchre-classic.yaml"))
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "ok: euchre (euchre: Euchre (American), 4 players)",
        f"ok: {ROOT / 'variants' / 'euchre-classic.yaml'} (euchre-classic: Euchre (North American customs), 4 players)",
    ]


def test_validate_bad_file_reports_and_continues(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    text = (ROOT / "variants" / "euchre.yaml").read_text(encoding="utf-8")
    bad.write_text(text.replace("ranks: [9, T, J, Q, K, A]", "ranks: [9, T, J, Q, K, X]"), encoding="utf-8")
    code, out, err = run(capsys, "validate", str(bad), "euchre")
    assert code == 1
    assert out == "ok: euchre (euchre: Euchre (American), 4 players)\n"
    assert err.startswith(f"{bad}:")
    assert "Traceback" not in err


def test_validate_unknown_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate", "euchee")
    assert (code, out) == (1, "")
    assert err == "unknown variant 'euchee'\n  hint: did you mean 'euchre'?\n"


def test_variants_lists_titles_and_descriptions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "euchre" in lines and "euchre-classic" in lines
    assert "Euchre (American) — Four players in two partnerships" in lines["euchre"]


# ------------------------------------------------------------ play
def test_play_whole_match_ends_with_a_winner(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--seed", "1")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Euchre (American) — 4 players")
    assert re.fullmatch(r"Winner: Seats [02+13]+ — final score .* after \d+ hands", lines[-1])
    assert "Hand 1 — dealer: seat" in out
    assert re.search(r"Trick 1: seat \d \S+, seat \d \S+, seat \d \S+, seat \d \S+ → seat \d wins", out)
    # every seat's hand is shown in a bot match
    for seat in range(4):
        assert f"  Seat {seat}: " in out


def test_play_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "--seed", "7", "--quiet")
    second = run(capsys, "play", "--seed", "7", "--quiet")
    assert first == second
    assert first[1].startswith("Winner")


def test_play_hands_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--seed", "3", "--hands", "1", "--bot", "random")
    assert code == 0
    assert "Hand 2" not in out
    last = out.splitlines()[-1]
    assert last.startswith(("No winner after 1 hand —", "Winner"))


def _replay_json(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict]:
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert (code, err) == (0, "")
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("variant", ["euchre", "euchre-classic"])
def test_play_record_round_trip(capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str) -> None:
    out_path = tmp_path / "match.jsonl"
    code, transcript, _ = run(capsys, "play", variant, "--seed", "11", "--record", str(out_path))
    assert code == 0
    records = [json.loads(line) for line in out_path.read_text(encoding="utf-8").splitlines()]
    results = _replay_json(capsys, out_path)
    assert len(results) == len(records) == transcript.count("\nHand ") + transcript.startswith("Hand ")
    assert all(r["variant"] == variant for r in records)
    # each hand starts from the scores the previous one ended with …
    for before, after in zip(records[1:], results, strict=False):
        assert before["scores_before"] == after["scores"]
    # … each hand's points and score are the ones the transcript told …
    told = re.findall(r"^Score: (.*)$", transcript, flags=re.M)
    assert len(told) == len(results)
    for line, result in zip(told, results, strict=True):
        assert [int(x) for x in re.findall(r" (-?\d+)(?: ·|$)", line)] == result["scores"]
    # … and the last one decides the match the transcript announced.
    assert results[-1]["winners"]
    assert all(not r["winners"] for r in results[:-1])
    assert transcript.splitlines()[-1].startswith("Winner: ")
    assert not [p for p in tmp_path.iterdir() if p.name != "match.jsonl"], "no temp file is left behind"


def test_play_with_spec_path_records_a_relative_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "m.jsonl"
    spec = RECORDS / "spec" / "euchre-copy.yaml"
    code, _, _ = run(capsys, "play", str(spec), "--seed", "2", "--hands", "2", "--record", str(out_path))
    assert code == 0
    first = json.loads(out_path.read_text(encoding="utf-8").splitlines()[0])
    assert not os.path.isabs(first["variant"])
    assert (tmp_path / first["variant"]).resolve() == spec.resolve()
    assert len(_replay_json(capsys, out_path)) == 2


def test_record_keeps_the_finished_hands_when_the_run_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out_path = tmp_path / "match.jsonl"
    # the person answers a few questions, then the input ends mid-match (in hand 3)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 12))
    code, transcript, err = run(capsys, "play", "--seed", "5", "--human", "0", "--record", str(out_path))
    assert code == 1
    assert err == "no more input (end of file): the game is abandoned\n"
    assert list(tmp_path.iterdir()) == [out_path]  # no temp file left beside it
    finished = transcript.count("\nScore: ")
    assert finished == 2
    assert len(_replay_json(capsys, out_path)) == finished  # whole hands, each replays


def test_record_not_created_when_no_hand_was_finished(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out_path = tmp_path / "match.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    code, _, _ = run(capsys, "play", "--seed", "5", "--human", "0", "--record", str(out_path))
    assert code == 1
    assert list(tmp_path.iterdir()) == []


def test_record_into_missing_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "play", "--seed", "1", "--record", str(tmp_path / "no" / "m.jsonl"))
    assert code == 1
    assert "no such directory" in err


@pytest.mark.parametrize("seed", ["2", "5", "9"])
def test_human_seat_sees_only_its_own_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: str
) -> None:
    out_path = tmp_path / "hand.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 100))
    code, out, err = run(capsys, "play", "--seed", seed, "--human", "0", "--hands", "1", "--record", str(out_path))
    assert (code, err) == (0, "")
    (record,) = [json.loads(line) for line in out_path.read_text(encoding="utf-8").splitlines()]
    # the hand as a player holds it: sorted by suit, high to low
    rules = load_rules("euchre")
    dealt = [rules.codec.names.index(card) for card in record["hands"][0]]
    assert f"Your hand: {hand_text(rules, dealt)}" in out
    for seat in (1, 2, 3):
        assert cards_text(record["hands"][seat]) not in out
        assert hand_text(rules, [rules.codec.names.index(card) for card in record["hands"][seat]]) not in out
        assert f"  Seat {seat}: " not in out
    assert "your choice [1-" in out
    assert re.search(r"Trick 5: .* wins", out)
    assert "Points: " in out
    discards = [a for a in record["actions"] if a.startswith("discard")]
    if discards and record["dealer"] != 0:  # another seat's discard stays face down
        assert re.search(r"^  Dealer \(seat \d\) picks up the \S+ and discards$", out, flags=re.M)


def test_human_reasks_on_bad_answers(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nzzz\n99\n" + "1\n" * 100))
    code, out, _ = run(capsys, "play", "--seed", "5", "--human", "0", "--hands", "1")
    assert code == 0
    assert "type a number from 1 to" in out
    assert "'zzz' is not an action here" in out
    assert "99 is not on the list" in out


def test_human_may_type_the_action(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\n" + "1\n" * 100))
    code, out, _ = run(capsys, "play", "--seed", "2", "--human", "0", "--hands", "1")
    assert code == 0
    assert "Seat 0 (you) passes" in out


def test_human_seat_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--human", "4")
    assert (code, err) == (1, "--human 4: euchre has seats 0 to 3\n")


# ------------------------------------------------------------ bad command-line values
@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("target", "--set target: expected NAME=VALUE, e.g. --set target=7"),
        ("=7", "--set =7: expected NAME=VALUE, e.g. --set target=7"),
        ("target=ten", "--set target=ten: the value must be an integer, got 'ten'"),
        ("target=7", "unknown option 'target' for variant 'euchre' (its options: none)"),
    ],
)
def test_bad_set(capsys: pytest.CaptureFixture[str], tmp_path: Path, value: str, message: str) -> None:
    out_path = tmp_path / "never.jsonl"
    code, out, err = run(capsys, "play", "--set", value, "--record", str(out_path))
    assert (code, out) == (1, "")
    assert err == message + "\n"
    assert not out_path.exists()


def test_unknown_variant_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "euchr", "--seed", "1")
    assert (code, out) == (1, "")
    assert err == "unknown variant 'euchr'\n  hint: did you mean 'euchre'?\n"


# ------------------------------------------------------------ the real command
def test_console_entry_in_a_subprocess() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    good = subprocess.run(
        [sys.executable, "-m", "interpreter.cli", "replay", str(RECORDS / "example.json"), "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert (good.returncode, good.stdout, good.stderr) == (0, EXAMPLE_LINE + "\n", "")
    bad = subprocess.run(
        [sys.executable, "-m", "interpreter", "replay", str(RECORDS / "illegal.json")],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert (bad.returncode, bad.stdout, bad.stderr) == (1, "", ILLEGAL_LINE + "\n")


# ------------------------------------------------------------ bots
@pytest.mark.parametrize("variant", bundled_names())
@pytest.mark.parametrize("kind", ["rules", "random"])
def test_bots_play_every_bundled_variant(variant: str, kind: str) -> None:
    rules = load_rules(variant)
    agents = [make_agent(kind, rng=random.Random(s)) for s in range(rules.players)]
    match = play_match(rules, agents, random.Random(4), max_hands=40)
    assert match.hands
    for hand in match.hands:
        assert hand.state.is_over


@pytest.mark.parametrize("variant", bundled_names())
def test_rule_bot_never_reads_other_hands(variant: str) -> None:
    """Reshuffling the cards the seat cannot see never changes its decision."""
    rules = load_rules(variant)
    bot = RuleBot()
    for seed in range(6):
        rng = random.Random(seed)
        state = rules.deal(rng, seed % rules.players)
        while not state.is_over:
            seat = state.turn
            choice = bot.act(state, seat)
            other = state.clone()
            others = [s for s in range(rules.players) if s != seat]
            pool = [c for s in others for c in other.hands[s]]
            rng.shuffle(pool)
            for s in others:
                size = len(other.hands[s])
                other.hands[s], pool = pool[:size], pool[size:]
            assert bot.act(other, seat) == choice
            state.apply(choice)


@pytest.mark.parametrize("variant", ["euchre", "jucre"])
def test_rule_bot_beats_random(variant: str) -> None:
    rules = load_rules(variant)
    wins = 0
    for seed in range(20):
        smart = RuleBot()
        agents = [smart if rules.side_of[s] == seed % 2 else RandomBot(random.Random(seed)) for s in range(4)]
        match = play_match(rules, agents, random.Random(seed))
        wins += match.winners == [seed % 2]
    assert wins >= 16


def test_make_agent_rejects_unknown_kind() -> None:
    with pytest.raises(TrickSpecError, match="unknown agent kind 'smart'"):
        make_agent("smart")


def test_interrupt_exits_130_and_leaves_no_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import interpreter.match as match  # the CLI imports play_match from there when it plays

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(match, "play_match", interrupted)
    code, _, err = run(capsys, "play", "--seed", "1", "--record", str(tmp_path / "m.jsonl"))
    assert (code, err) == (130, "\ninterrupted\n")
    assert list(tmp_path.iterdir()) == []


def test_unknown_house_rule_suggests_the_name(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    status, _, err = run_with_input(capsys, monkeypatch, "play", "euchre", "--rule", "house/stik", "--hands", "1")
    assert status == 1
    assert "house/stick-the-dealer" in err, err
