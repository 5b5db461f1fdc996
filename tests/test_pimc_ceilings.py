"""benchmarks/pimc_ceilings.py: its decision kinds and the configurations that mix bots by kind.

The script measures where `pimc` could still win points by giving ONE kind of
decision to another bot; a kind that names the wrong decisions would measure
the wrong thing, so the kinds are checked on a hand played to the end (every
decision of the hand has exactly one kind, the play kinds split by the seat's
side), and each new configuration must build a bot that plays a deal both ways.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from interpreter.agents import make_agent
from interpreter.variants import load_rules

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def ceilings() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("pimc_ceilings_bench", ROOT / "benchmarks" / "pimc_ceilings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BID_WORDS = ("order", "call", "discard", "alone")
PLAY_WORDS = tuple(f"{k}-{r}" for k in ("lead1", "lead", "follow") for r in ("make", "def"))


def test_every_decision_of_a_hand_has_one_kind(ceilings: ModuleType) -> None:
    rules = load_rules("euchre")
    seen: set[str] = set()
    for seed in range(12):
        st = rules.deal(random.Random(seed), seed % 4)
        bot = make_agent("rules")
        while not st.is_over:
            if len(st.legal_actions()) > 1:
                words = [w for w in BID_WORDS + PLAY_WORDS if ceilings.kind_of(st, w)]
                assert len(words) == 1, (seed, st.history, words)
                seen.update(words)
                if st.playing:
                    side = rules.side_of
                    making = side[st.maker] == side[st.turn]
                    assert words[0].endswith("-make") == making
                    assert words[0].startswith("follow") == (st.led >= 0)
                    assert words[0].startswith("lead1") == (st.led < 0 and st.played == 0)
            st.apply(bot.act(st, st.turn))
    assert {"order", "lead1-make", "lead1-def", "lead-make", "follow-def"} <= seen


NEW_CONFIGS = ["oracle-order", "oracle-alone", "rules-lead1-make", "bid:pimc:k=4", "play:pimc:k=4"]


@pytest.mark.parametrize("config", NEW_CONFIGS)
def test_new_configurations_play_a_deal_both_ways(ceilings: ModuleType, config: str) -> None:
    rules = load_rules("euchre")
    value = ceilings.deal_value(rules, config, 0, 1000)
    assert isinstance(value, float)
    assert -8 <= value <= 8  # a euchre hand is worth at most 4 to a side


def test_rules_for_every_kind_is_the_rule_bot(ceilings: ModuleType) -> None:
    """Given every kind of decision, the mixed bot is the rule bot: the deal comes to 0 (the
    rule bot against itself, both ways)."""
    rules = load_rules("euchre")
    everything = "rules-" + "+".join(BID_WORDS + PLAY_WORDS)
    assert all(ceilings.deal_value(rules, everything, m, 1000) == 0 for m in range(3))


def test_an_unknown_configuration_is_refused(ceilings: ModuleType) -> None:
    with pytest.raises(SystemExit, match="unknown configuration"):
        ceilings.build("nonsense", random.Random(0))


def test_a_misspelt_kind_is_refused(ceilings: ModuleType) -> None:
    for config in ("rules-orders", "oracle-lead2-make", "rules-order+folow-def"):
        with pytest.raises(SystemExit, match="no kind"):
            ceilings.build(config, random.Random(0))
