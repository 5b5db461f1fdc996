"""Games within a match (top-level `games`) and the overlay house/laps, hand-worked.

A laps match is games to 10 (the option `target`): the side that reaches it
wins the game, carries its points past the target into the next game, the
other side starts it at 0; two games won end the match. Each case below is a
dealt hand (tests/test_euchre.py's hands) whose result under laps differs from
plain euchre exactly there; matches of bots check the chaining of games.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from handplay import result
from hypothesis import given, settings
from hypothesis import strategies as st
from test_euchre import THREE_HANDS, THREE_PLAY, TOP_HANDS, TOP_PLAY

from interpreter import rules as rules_module
from interpreter.agents.random_bot import RandomBot
from interpreter.cli import main
from interpreter.errors import SpecError
from interpreter.explain import explain_text
from interpreter.explain.diff import diff_text
from interpreter.match import play_match
from interpreter.records import replay_record
from interpreter.transcript import Narrator
from interpreter.variants import load_rules

EUCHRE = Path(__file__).resolve().parent.parent / "variants" / "euchre.yaml"

# Seat 0 orders the TH and takes three tricks: 1 point. Seat 0 orders and marches: 2 points.
THREE = ["order", "discard 9S", "together", *THREE_PLAY]
MARCH = ["order", "discard 9S", "together", *TOP_PLAY]


def laps(
    hands: list[str], actions: list[str], scores: list[int], games: list[int] | None = None, **options: int
) -> dict[str, Any]:
    """A hand record under euchre + house/laps (dealer 3, TH turned), with the games won before it."""
    ext: dict[str, Any] = {"rules": ["house/laps"]}
    if games is not None:
        ext["counters_before"] = {"games": games}
    rec: dict[str, Any] = {
        "variant": "euchre",
        "dealer": 3,
        "hands": [h.split() for h in hands],
        "upcard": "TH",
        "scores_before": scores,
        "trickspec": ext,
        "actions": actions,
    }
    if options:
        rec["options"] = options
    return rec


def game_end(winners: list[int], next_scores: list[int]) -> dict[str, Any]:
    return {"trickspec": {"game_winners": winners, "next_scores": next_scores}}


# ------------------------------------------------------------------ hand-worked
def test_reaching_ten_wins_a_game_not_the_match() -> None:
    done = replay_record(laps(THREE_HANDS, THREE, [9, 4]))
    assert done.result == {**result("H", 0, [3, 1, 0, 1], [1, 0], [10, 4]), **game_end([0], [0, 0])}
    assert done.state.counters == {"games": [1, 0]}


def test_the_winner_carries_his_excess_the_loser_starts_at_zero() -> None:
    done = replay_record(laps(TOP_HANDS, MARCH, [9, 6]))  # a march: 9 + 2 = 11, one past the target
    assert done.result == {**result("H", 0, [5, 0, 0, 0], [2, 0], [11, 6]), **game_end([0], [1, 0])}


def test_below_the_target_nothing_ends() -> None:
    done = replay_record(laps(TOP_HANDS, MARCH, [7, 9], games=[1, 0]))
    assert done.result == result("H", 0, [5, 0, 0, 0], [2, 0], [9, 9])
    assert done.state.counters == {"games": [1, 0]}


def test_the_second_game_won_wins_the_rubber() -> None:
    done = replay_record(laps(TOP_HANDS, MARCH, [8, 5], games=[1, 1]))
    assert done.result == {**result("H", 0, [5, 0, 0, 0], [2, 0], [10, 5], winners=[0]), **game_end([0], [0, 0])}
    assert done.state.counters == {"games": [2, 1]}


def test_a_first_game_won_by_the_side_that_lost_the_first_does_not_end_the_match() -> None:
    done = replay_record(laps(TOP_HANDS, MARCH, [8, 5], games=[0, 1]))
    assert done.result["winners"] == [] and done.state.counters == {"games": [1, 1]}


def test_the_target_option_sets_the_game_length() -> None:
    done = replay_record(laps(THREE_HANDS, THREE, [4, 3], target=5))
    assert done.result == {**result("H", 0, [3, 1, 0, 1], [1, 0], [5, 3]), **game_end([0], [0, 0])}
    assert replay_record(laps(THREE_HANDS, THREE, [4, 3])).result == result("H", 0, [3, 1, 0, 1], [1, 0], [5, 3])


def test_plain_euchre_ends_the_match_where_laps_ends_a_game() -> None:
    rec = laps(TOP_HANDS, MARCH, [9, 6])
    del rec["trickspec"]
    assert replay_record(rec).result == result("H", 0, [5, 0, 0, 0], [2, 0], [11, 6], winners=[0])


# ------------------------------------------------------------------ matches
def _match(seed: int, target: int) -> Any:
    rules = load_rules("euchre", {"target": target}, ["house/laps"])
    bots = [RandomBot(random.Random(seed + k)) for k in range(4)]
    return rules, play_match(rules, bots, random.Random(seed), overlays=["house/laps"])


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), target=st.sampled_from([1, 2, 3, 5]))
def test_a_match_chains_its_games(seed: int, target: int) -> None:
    """Every hand starts from the previous one's carry, games won only grow at a game end, and the
    match ends at the first side's second game — whatever the deals."""
    rules, match = _match(seed, target)
    assert match.finished
    scores, games, ended = [0, 0], [0, 0], 0
    for hand in match.hands:
        assert hand.record["scores_before"] == scores
        assert hand.record["trickspec"]["counters_before"] == {"games": games}
        res = hand.result
        game = res.get("trickspec")
        if game is None:
            assert all(s < target for s in res["scores"]) or res["status"] == "redeal"
            scores = res["scores"]
        else:
            ended += 1
            (won,) = game["game_winners"]  # one side scores a hand: never two winners
            assert res["scores"][won] >= target
            excess = min(res["scores"][won] - target, target - 1)
            assert game["next_scores"] == [excess if s == won else 0 for s in range(2)]
            games = [g + (s == won) for s, g in enumerate(games)]
            scores = game["next_scores"]
        assert hand.state.counters == {"games": games}
        assert res["winners"] == [s for s in range(2) if games[s] >= 2]
    assert max(games) == 2 and ended == sum(games) and match.winners == [games.index(2)]


def test_the_records_of_a_match_replay_to_its_results(tmp_path: Path) -> None:
    _, match = _match(7, 3)
    path = tmp_path / "laps.jsonl"
    path.write_text("".join(json.dumps(h.record) + "\n" for h in match.hands), encoding="utf-8")
    for hand in match.hands:
        assert replay_record(hand.record).result == hand.result
    assert any("trickspec" in h.result for h in match.hands)


def test_play_narrates_each_game() -> None:
    rules, match = _match(3, 2)
    out = io.StringIO()
    narrator = Narrator(rules, out)
    for hand in match.hands:
        narrator.hand_end(hand)
    narrator.match_end(match)
    text = out.getvalue()
    ends = sum("trickspec" in h.result for h in match.hands)
    assert [f"Game {k} won by" in text for k in range(1, ends + 1)] == [True] * ends
    assert f"Game {ends + 1} won by" not in text
    assert f"Game {ends} starts at" in text and f"Game {ends + 1} starts at" not in text  # the last one ends the match
    last = text.strip().splitlines()[-1]
    assert last.startswith("Winner: ") and "games won: " in last


def test_simulate_counts_matches_not_games(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["simulate", "euchre", "--rule", "house/laps", "--set", "target=2", "--matches", "6", "--json", "--seed", "4"]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    data = json.loads(out)
    assert data["matches"] == data["finished_matches"] == 6
    assert sum(team["wins"] for team in data["teams"]) == 6
    assert data["hands"] >= 12  # two games a match, a game at least one hand


# ------------------------------------------------------------------ explain, diff, verify
def test_explain_and_diff_say_the_games() -> None:
    text = explain_text("euchre", ["house/laps"])
    assert "The match is played in games." in text
    assert "that side wins the game" in text and "a side has 2 games or more, that side wins the match" in text
    diff = diff_text("euchre", "house/laps")
    assert "games: B adds games: if a side has 10 points or more" in diff


@pytest.mark.parametrize("target", [1, 10])
def test_verify_is_clean_on_laps(target: int, capsys: pytest.CaptureFixture[str]) -> None:
    """No finding (a row seldom met in a few random hands is only a note about the sample)."""
    assert main(["verify", "house/laps", "--hands", "150", "--seed", "1", "--set", f"target={target}"]) == 0
    out, _ = capsys.readouterr()
    assert " 0 errors," in out, out
    warnings = [line for line in out.splitlines() if ": warning: " in line]
    assert all("random hands" in line for line in warnings), out


def test_a_small_target_caps_the_carry_below_it() -> None:
    """Target 1: a march from 0 reaches 2; the excess 1 would start the next game already won, so 0 is carried."""
    done = replay_record(laps(TOP_HANDS, MARCH, [0, 0], target=1))
    assert done.result == {**result("H", 0, [5, 0, 0, 0], [2, 0], [2, 0]), **game_end([0], [0, 0])}
    at_two = replay_record(laps(TOP_HANDS, MARCH, [0, 0], target=2))
    assert at_two.result == {**result("H", 0, [5, 0, 0, 0], [2, 0], [2, 0]), **game_end([0], [0, 0])}
    at_three = replay_record(laps(TOP_HANDS, MARCH, [2, 0], target=3))  # 4: excess 1, below 3
    assert at_three.result == {**result("H", 0, [5, 0, 0, 0], [2, 0], [4, 0]), **game_end([0], [1, 0])}


# ------------------------------------------------------------------ misuse
def _spec(tmp_path: Path, body: str) -> str:
    path = tmp_path / "mine.yaml"
    path.write_text("extends: euchre\nname: mine\n" + body, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "games: {winner_if: side.score >= 10 and not side.won_game, carry: 0}\n",
            "mine.yaml:3:9: games.winner_if decides who won the game: it cannot read side.won_game",
        ),
        (
            "games: {winner_if: side.score >= 10, carry: side.games}\nmatch_end: [{winner_if: side.gmes >= 2}]\n",
            "side.gmes",
        ),
        ("games: {winner_if: side.score >= 10, carry: side.is_maker}\n", "carry"),
        ("match_end: [{winner_if: side.games >= 2}]\n", "side.games"),
    ],
)
def test_misuse_is_one_located_error(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(SpecError) as info:
        load_rules(_spec(tmp_path, body))
    assert message in str(info.value)
    assert str(info.value).startswith(str(tmp_path / "mine.yaml") + ":")


@pytest.mark.skipif(
    not str(rules_module.__file__).endswith(".py"),
    reason="compiled build: the native Rules class cannot be monkeypatched (the pure-Python run covers this)",
)
def test_verify_catches_an_engine_that_carries_the_wrong_score(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """verify's random hands recompute every game end on their own: a wrong carry is found."""
    from interpreter.rules import Rules

    honest = Rules.close_hand

    def off_by_one(self: Rules, *args: Any) -> Any:
        winners, counters, game = honest(self, *args)
        if game is not None:
            game = {**game, "next_scores": [s + 1 for s in game["next_scores"]]}
        return winners, counters, game

    monkeypatch.setattr(Rules, "close_hand", off_by_one)
    monkeypatch.chdir(tmp_path)  # the failing hand's record is saved here
    assert main(["verify", "house/laps", "--hands", "60", "--seed", "1", "--set", "target=1"]) == 1
    out, _ = capsys.readouterr()
    assert "the points differ from the scoring table" in out and "but games gives" in out, out
