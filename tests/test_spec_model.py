"""The typed spec model and the kind registry: defaults written once (and mirrored by the
schema), every kind in one module, and no kind named outside its module."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any

import pytest

from interpreter import frozen
from interpreter.phases.alone_model import AloneModel
from interpreter.phases.base import Phase
from interpreter.phases.base_model import PhaseModel
from interpreter.phases.name_trump_model import NameTrumpModel
from interpreter.phases.order_up_model import OrderUpModel
from interpreter.phases.registry import KINDS, kinds_in
from interpreter.spec import schema
from interpreter.spec.model import (
    CounterModel,
    DealModel,
    DeckModel,
    GamesModel,
    OptionModel,
    SpecModel,
    WinRuleModel,
    spec_model,
)
from interpreter.variants import load_document, load_rules

PACKAGE = Path(__file__).resolve().parent.parent / "interpreter"


def _schema_node(path: tuple[str, ...]) -> dict[str, Any]:
    node: Any = schema()
    for part in path:
        node = node[part]
    return node


def _model_defaults() -> dict[tuple[str, ...], Any]:
    """Every literal default of the model, by the schema path of the setting it belongs to."""
    where: list[tuple[type, tuple[str, ...]]] = [
        (SpecModel, ("properties",)),
        (DeckModel, ("properties", "deck", "properties")),
        (DealModel, ("properties", "deal", "properties")),
        (WinRuleModel, ("$defs", "match_end_rule", "properties")),
        (CounterModel, ("properties", "counters", "additionalProperties", "properties")),
        (GamesModel, ("properties", "games", "properties")),
        (OptionModel, ("$defs", "option", "properties")),
    ]
    where += [(model, ("$defs", kind, "properties", kind, "properties")) for kind, model in KINDS.items()]
    out: dict[tuple[str, ...], Any] = {}
    for cls, base in where:
        for f in frozen.fields(cls):
            if f.name in ("id", "path"):
                continue
            if f.default is not frozen.MISSING and f.default is not None:
                out[(*base, f.name)] = f.default
            elif f.default_factory is not frozen.MISSING:
                out[(*base, f.name)] = f.default_factory()
    return out


def _schema_defaults(node: Any, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    """Every `default` keyword of the schema, by its path (a property named `default` is not one)."""
    out: dict[tuple[str, ...], Any] = {}
    if not isinstance(node, dict):
        return out
    if "default" in node:  # a node here is a schema; a `properties` map is walked by name below
        out[path] = node["default"]
    for key, value in node.items():
        if key == "properties":
            for name, sub in value.items():
                out.update(_schema_defaults(sub, (*path, "properties", name)))
        elif isinstance(value, dict):
            out.update(_schema_defaults(value, (*path, key)))
        elif isinstance(value, list):
            for i, sub in enumerate(value):
                out.update(_schema_defaults(sub, (*path, key, str(i))))
    return out


# ------------------------------------------------------------ defaults, once
def test_every_model_default_is_the_schema_default() -> None:
    model = _model_defaults()
    assert model, "the model has defaults"
    for path, value in model.items():
        node = _schema_node(path)
        if path[-1] == "first_dealer":  # the model's None (not written) is the schema's "random"
            continue
        if path[-1] in ("options", "counters") and value == {}:
            continue  # an absent mapping: nothing to mirror
        shown = list(value) if isinstance(value, tuple) else value
        assert node.get("default") == shown, f"{'/'.join(path)}: model {value!r}, schema {node.get('default')!r}"


def test_every_schema_default_is_a_model_default() -> None:
    model = _model_defaults()
    found = _schema_defaults(schema())
    assert found, "the schema mirrors the defaults"
    for path in found:
        if path == ("properties", "first_dealer"):
            first_dealer = {f.name: f for f in frozen.fields(SpecModel)}["first_dealer"]
            assert found[path] == "random" and first_dealer.default is None
            continue
        assert path in model, f"schema default at {'/'.join(path)} has no default in the model"


def test_unwritten_settings_take_the_model_defaults() -> None:
    model = load_rules("euchre").model
    assert model.bidding[0] == OrderUpModel(id="round1")
    assert model.bidding[0].dealer_pickup == "always" and model.bidding[0].may_discard_upcard is True
    assert model.bidding[1] == NameTrumpModel(id="round2", choices=("other_suits",))
    assert model.bidding[1].all_pass == "redeal" and model.bidding[1].who == "each"
    assert model.declarations == (AloneModel(who="maker"),)
    assert (model.start_score, model.deck.jokers, model.first_dealer) == (0, 0, None)
    assert [r.best for r in model.match_end] == ["all"]


def test_written_settings_are_read() -> None:
    model = load_rules("house/stick-the-dealer").model
    assert isinstance(model.bidding[1], NameTrumpModel) and model.bidding[1].all_pass == "dealer_must_name"
    call_ace = load_rules("call-ace", {"players": 5}).model
    assert call_ace.players is None and call_ace.players_option == "players"
    assert call_ace.player_counts() == [4, 5, 6]


def test_the_model_is_frozen() -> None:
    model = load_rules("euchre").model
    with pytest.raises(frozen.FrozenError):
        model.bidding[0].id = "other"  # type: ignore[misc]


def test_model_of_the_raw_document_equals_the_compiled_one() -> None:
    assert spec_model(load_document("jucre-railroad").data) == load_rules("jucre-railroad").model


# ------------------------------------------------------------ the kind registry
@pytest.mark.parametrize("place", ["bidding", "declarations"])
def test_registry_and_schema_list_the_same_kinds(place: str) -> None:
    defs = schema()["$defs"]
    ref = "bidding_phase" if place == "bidding" else "declaration_phase"
    in_schema = sorted(alt["$ref"].rsplit("/", 1)[1] for alt in defs[ref]["oneOf"])
    assert in_schema == sorted(kinds_in(place))


def test_every_kind_is_a_model_module_beside_its_phase_module() -> None:
    """`<kind>_model.py` holds the model, `<kind>.py` its runtime phase, side by side."""
    for kind, model in KINDS.items():
        assert issubclass(model, PhaseModel)
        assert model.__module__ == f"interpreter.phases.{kind}_model", kind
        assert frozen.is_frozen(model)
        runtime = importlib.import_module(f"interpreter.phases.{kind}")
        own = [v for v in vars(runtime).values() if isinstance(v, type) and v.__module__ == runtime.__name__]
        assert [v.__name__ for v in own if issubclass(v, Phase)] == [model.__name__.removesuffix("Model")], kind


def test_runtime_phase_modules_hold_no_keyword_only_dataclass() -> None:
    """The mypyc build compiles the runtime phases and cannot compile `kw_only` dataclasses (it drops
    the flag): those stay in the `_model` modules, which no runtime module imports."""
    offenders = []
    for path in sorted((PACKAGE / "phases").glob("*.py")):
        if path.stem.endswith("_model") or path.stem == "registry":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "kw_only":
                offenders.append(f"{path.name}:{node.value.lineno}: kw_only")
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith(("_model", "registry")):
                offenders.append(f"{path.name}:{node.lineno}: imports {node.module}")
    assert offenders == []


KIND_CLASSES = {m.__name__ for m in KINDS.values()} | {m.__name__.removesuffix("Model") for m in KINDS.values()}
KIND_WORDS = set(KINDS) - {"alone"}  # `alone` is also an expression name and a result key


def test_no_module_outside_the_kinds_names_a_kind() -> None:
    """Compile, verify, explain, transcript and prompts ask the phases; they never name a kind
    class nor compare with a kind's name (prose in docstrings and messages may mention them)."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "phases":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            named = (
                node.id
                if isinstance(node, ast.Name)
                else node.attr
                if isinstance(node, ast.Attribute)
                else node.value
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in KIND_WORDS
                else None
            )
            if isinstance(node, ast.ImportFrom):
                named = next((a.name for a in node.names if a.name in KIND_CLASSES), None)
            if named is not None and (named in KIND_CLASSES or named in KIND_WORDS):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {named}")  # type: ignore[attr-defined]
    assert offenders == []
