"""`import interpreter.agents` loads no bot: each bot's module (and `rich`, the terminal
player's) is imported when a bot of its kind is made or its class is named, while the
registry still lists every kind with its options."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import interpreter.agents as agents

ROOT = Path(__file__).resolve().parent.parent
BOTS = {
    "interpreter.agents.human",
    "interpreter.agents.pimc",
    "interpreter.agents.random_bot",
    "interpreter.agents.rule_bot",
    "interpreter.agents.rule_bot_v1",
}


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running `code`."""
    listing = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", listing], capture_output=True, text=True, check=True, cwd=ROOT)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_the_registry_lists_every_kind_and_its_options_without_importing_a_bot() -> None:
    code = (
        "from interpreter.agents import KINDS, REGISTRY, parse_spec\n"
        "assert KINDS == ('random', 'rules', 'rules-v1', 'pimc', 'human'), KINDS\n"
        "assert parse_spec('pimc:k=3')[1]['k'] == 3.0 and len(REGISTRY['pimc'].options) > 20\n"
    )
    modules = _modules_after(code)
    assert not modules & BOTS
    assert "rich" not in {m.split(".")[0] for m in modules}


def test_a_rule_bot_loads_its_own_module_only() -> None:
    """What `simulate --bots rules,rules` makes: the rule bot, not the search bot nor rich."""
    modules = _modules_after("from interpreter.agents import make_agent\nmake_agent('rules')\n")
    assert modules & BOTS == {"interpreter.agents.rule_bot"}
    assert "rich" not in {m.split(".")[0] for m in modules}


@pytest.mark.parametrize("name", ["HumanAgent", "InputClosed", "PimcBot", "RandomBot", "RuleBot", "RuleBotV1"])
def test_each_class_is_named_from_the_package_as_before(name: str) -> None:
    cls = getattr(agents, name)
    assert cls.__name__ == name and name in agents.__all__
    assert cls.__module__.startswith("interpreter.agents.")


def test_every_kind_makes_its_bot() -> None:
    made = {kind: type(agents.make_agent(kind, seed=1)).__name__ for kind in agents.REGISTRY}
    assert made == {"random": "RandomBot", "rules": "RuleBot", "rules-v1": "RuleBotV1", "pimc": "PimcBot"}
    assert isinstance(agents.make_agent("human"), agents.HumanAgent)


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Nobody'"):
        agents.Nobody  # noqa: B018
    from interpreter.agents import pimc  # a submodule is still found by name

    assert pimc.PimcBot is agents.PimcBot
