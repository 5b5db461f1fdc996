"""benchmarks/rule_bot_bidding.py tells each kind of bidding decision apart and counts its calls."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bots  # noqa: E402
import rule_bot_bidding  # noqa: E402

from interpreter.agents.rule_bot import RuleBot  # noqa: E402


def test_every_kind_is_told_in_a_few_matches(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seen: Counter[str] = Counter()
    among = RuleBot.act_among

    def told(self: RuleBot, state, seat, legal):  # type: ignore[no-untyped-def]
        kind = rule_bot_bidding.kind_of(state, seat, legal)
        seen[kind] += 1
        if kind == "order":
            assert seat != state.dealer and state.rules.codec.ORDER in legal
        return among(self, state, seat, legal)

    monkeypatch.setattr(RuleBot, "act_among", told)
    bots.simulate_hands("euchre", "rules", 40, 3)
    assert all(seen[kind] for kind in rule_bot_bidding.KINDS), seen
    assert seen["play"] > seen["order"] and not seen["other"]


def test_a_child_counts_the_calls_of_its_kind() -> None:
    script = ROOT / "benchmarks" / "rule_bot_bidding.py"
    argv = ["--child", "alone", "--hands", "8", "--warm", "2"]
    done = subprocess.run([sys.executable, str(script), *argv], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    calls, played = map(int, done.stdout.split()[1:])
    assert played >= 8 and 0 < calls <= 2 * played  # about one alone question a hand
