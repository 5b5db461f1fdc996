"""What the optional compiled build (setup.py, mypyc) needs of the modules it compiles.

The compiled build is only tried in CI's last stage, so a module that mypyc
cannot load would be found late; these checks run in the ordinary (pure) run and
name the line. Each is a way mypyc's dataclasses differ from Python's:

- a dataclass (or NamedTuple) field's type must be a real import: mypyc resolves
  field types when the module loads, so a name imported only under
  TYPE_CHECKING fails there with a KeyError;
- a dataclass body holds fields only: mypyc makes EVERY class-level assignment
  there (a `ClassVar`, or a plain `x = True` overriding a base's) a field of the
  dataclass, which changes its constructor (a kind's facts are read-only
  properties instead, see phases/base.py);
- an interpreted class cannot subclass a compiled one ("interpreted classes
  cannot inherit from compiled"): code outside the compiled modules holds such
  an object instead of extending its class (verify's `Bidding` holds a `Reach`).
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trickspec_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: setup() is not called
    return module


COMPILED = _setup_module().compiled_modules()


def _type_checking_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                if isinstance(stmt, ast.ImportFrom | ast.Import):
                    names |= {alias.asname or alias.name for alias in stmt.names}
    return names


def _record_classes(tree: ast.Module) -> list[ast.ClassDef]:
    """The dataclasses and NamedTuples of a module: the classes whose annotations are read at load."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            decorated = any("dataclass" in ast.unparse(d) for d in node.decorator_list)
            named_tuple = any("NamedTuple" in ast.unparse(b) for b in node.bases)
            if decorated or named_tuple:
                out.append(node)
    return out


def _words(annotation: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)} | {
        n.value.id for n in ast.walk(annotation) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
    }


def test_the_compiled_list_names_the_hot_modules_and_every_runtime_phase() -> None:
    assert "interpreter/engine.py" in COMPILED
    assert "interpreter/phases/base.py" in COMPILED
    assert "interpreter/phases/order_up.py" in COMPILED
    assert not [m for m in COMPILED if m.endswith("_model.py") or m.endswith("registry.py")]
    assert all((ROOT / m).is_file() for m in COMPILED)


@pytest.mark.parametrize("module", COMPILED)
def test_field_types_are_real_imports(module: str) -> None:
    tree = ast.parse((ROOT / module).read_text("utf-8"))
    hidden = _type_checking_names(tree)
    bad = [
        f"{module}:{stmt.lineno}: {cls.name}.{ast.unparse(stmt.target)}: {sorted(_words(stmt.annotation) & hidden)}"
        for cls in _record_classes(tree)
        for stmt in cls.body
        if isinstance(stmt, ast.AnnAssign) and _words(stmt.annotation) & hidden
    ]
    assert not bad, "imported only under TYPE_CHECKING (mypyc needs them at load):\n" + "\n".join(bad)


@pytest.mark.parametrize("module", COMPILED)
def test_dataclass_bodies_hold_only_fields(module: str) -> None:
    tree = ast.parse((ROOT / module).read_text("utf-8"))
    bad = [
        f"{module}:{stmt.lineno}: {cls.name}: {ast.unparse(stmt).splitlines()[0]}"
        for cls in _record_classes(tree)
        for stmt in cls.body
        if isinstance(stmt, ast.Assign | ast.AugAssign)
        or (isinstance(stmt, ast.AnnAssign) and "ClassVar" in ast.unparse(stmt.annotation))
    ]
    assert not bad, "class-level assignments mypyc would make fields (use a read-only property):\n" + "\n".join(bad)


def test_the_checks_catch_what_they_look_for() -> None:
    """The two checks above find a ClassVar, a plain override and a TYPE_CHECKING-only field type."""
    source = (
        "from typing import TYPE_CHECKING, ClassVar\n"
        "if TYPE_CHECKING:\n    from x import Hidden\n"
        "@dataclass\nclass A:\n    f: Hidden\n    flag: ClassVar[bool] = False\n    other = True\n"
    )
    tree = ast.parse(source)
    (cls,) = _record_classes(tree)
    annotated = [s for s in cls.body if isinstance(s, ast.AnnAssign)]
    assert _words(annotated[0].annotation) & _type_checking_names(tree) == {"Hidden"}
    assert "ClassVar" in ast.unparse(annotated[1].annotation)
    assert isinstance(cls.body[2], ast.Assign)


def _classes_defined(module: str) -> set[str]:
    tree = ast.parse((ROOT / module).read_text("utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.ClassDef)}


def test_no_interpreted_class_extends_a_compiled_one() -> None:
    compiled_classes = set().union(*(_classes_defined(m) for m in COMPILED))
    compiled_paths = {ROOT / m for m in COMPILED}
    bad = []
    for path in sorted([*(ROOT / "interpreter").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]):
        if path in compiled_paths:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = {b.id for b in node.bases if isinstance(b, ast.Name)}  # `pyspiel.State` is not ours
                for base in sorted(bases & compiled_classes):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.name}({base})")
    assert not bad, "interpreted classes extending compiled ones (the compiled build refuses them):\n" + "\n".join(bad)
