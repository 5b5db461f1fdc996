"""The schema fast path says "valid" only when jsonschema agrees (then jsonschema is not imported).

`surely_valid` may say False for a valid spec (the caller then asks jsonschema),
never True for an invalid one: checked on every bundled variant and overlay,
every spec of the broken-spec corpus, and random mutations of the variants.
"""

from __future__ import annotations

import copy
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from interpreter.spec import schema
from interpreter.spec.schema_fast import surely_valid
from interpreter.variants import bundled_names, load_document

ROOT = Path(__file__).resolve().parent.parent
BAD = sorted((ROOT / "tests" / "bad_specs").glob("*.yaml"))


def _valid(data: Any) -> bool:
    return Draft202012Validator(schema()).is_valid(data)


def _agree(data: Any) -> None:
    if surely_valid(data, schema()):
        assert _valid(data), data


def _data(name: str, rules: tuple[str, ...] = ()) -> Any:
    return load_document(name, rules).data


def test_every_bundled_variant_takes_the_fast_path() -> None:
    for name in bundled_names():
        data = _data(name)
        assert _valid(data), name
        assert surely_valid(data, schema()), f"{name}: the fast path should say valid"
    for house in sorted((ROOT / "variants" / "house").glob("*.yaml")):
        data = _data("euchre", (str(house),))
        assert surely_valid(data, schema()) == _valid(data), house.name


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_broken_specs_agree(path: Path) -> None:
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError):
        return  # not YAML at all: the schema is never asked
    _agree(data)


ODD_VALUES: list[Any] = [None, True, False, 0, 1, -1, 2.5, 3.0, "", "x", "always", "J", [], [1], ["A"], {}, {"id": "x"}]


def _mutate(data: Any, rng: random.Random) -> Any:
    """One random change somewhere inside `data`: drop, replace or add a value."""
    data = copy.deepcopy(data)
    node, path = data, []
    while isinstance(node, dict | list) and node and rng.random() < 0.75:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        node = node[key]
    if not path:
        return rng.choice(ODD_VALUES)
    parent, key = path[-1]
    action = rng.randrange(4)
    if action == 0:
        del parent[key]
    elif action == 1:
        parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif action == 2 and isinstance(parent, dict):
        parent[rng.choice(["extra", "idd", "when", "who", "id"])] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif isinstance(parent, list):
        parent.append(copy.deepcopy(rng.choice(parent + ODD_VALUES)))
    else:
        parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return data


def test_random_mutations_agree() -> None:
    rng = random.Random(2024)
    bases = [_data(name) for name in bundled_names()]
    fast_says_valid = 0
    for _ in range(1500):
        data = rng.choice(bases)
        for _ in range(rng.randrange(1, 3)):
            data = _mutate(data, rng)
        _agree(data)
        fast_says_valid += surely_valid(data, schema())
    assert fast_says_valid > 0  # some mutations stay valid, and the fast path sees them


def test_validate_of_a_valid_spec_does_not_import_jsonschema() -> None:
    code = (
        "import sys; from interpreter.cli import main; rc = main(['validate', 'variants/euchre.yaml']); "
        "sys.exit(rc or ('jsonschema' in sys.modules) * 3 or ('rich' in sys.modules) * 4)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr)
