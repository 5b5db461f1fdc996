"""A cold `trickspec validate` imports only what validating needs (benchmarks/startup.py times it).

Not a timed test: it lists the modules a fresh process has imported after a
successful validate, and fails when one that only another command, a failure or
a kind the spec does not use needs has crept onto the path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_LISTING = (
    "import json, sys\n"
    "from interpreter.cli import main\n"
    "status = main(['validate', *sys.argv[1:]])\n"
    "print(json.dumps([status, sorted(sys.modules)]))\n"
)


def _modules_after_validate(*specs: str) -> tuple[int, set[str]]:
    env = {**os.environ, "TRICKSPEC_CACHE_DIR": ""}
    out = subprocess.run(
        [sys.executable, "-c", _LISTING, *specs], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    )
    status, modules = json.loads(out.stdout.splitlines()[-1])
    return status, set(modules)


def _top(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def test_a_valid_spec_is_validated_without_lark_jsonschema_rich_or_the_answer_cache_s_hashing() -> None:
    status, modules = _modules_after_validate("variants/euchre.yaml")
    assert status == 0
    assert not _top(modules) & {"lark", "jsonschema", "rich", "hashlib", "tempfile"}


def test_a_plain_validate_builds_no_argument_parser() -> None:
    """`validate FILE…` with no option means one thing: argparse (with gettext, locale and
    shutil, which its help formatter imports) is not loaded for it."""
    status, modules = _modules_after_validate("variants/euchre.yaml")
    assert status == 0
    assert not _top(modules) & {"argparse", "gettext", "shutil"}


def test_only_the_kinds_the_spec_uses_are_imported() -> None:
    status, modules = _modules_after_validate("variants/euchre.yaml")
    assert status == 0
    models = {m.removeprefix("interpreter.phases.") for m in modules if m.startswith("interpreter.phases.")}
    kinds = {m.removesuffix("_model") for m in models if m.endswith("_model")} - {"base"}
    assert kinds == {"order_up", "name_trump", "alone"}  # euchre's bidding and declarations


def test_commands_other_than_validate_stay_unimported() -> None:
    status, modules = _modules_after_validate("variants/euchre.yaml")
    assert status == 0
    others = {
        "interpreter.agents",
        "interpreter.match",
        "interpreter.records",
        "interpreter.transcript",
        "interpreter.verify",
        "interpreter.explain",
        "interpreter.simulate",
        "interpreter.output_paths",
    }
    assert not modules & others

