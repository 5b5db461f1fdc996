"""Finding a variant by name or path, and loading it into compiled `Rules`.

This is the one entry point from a name on the command line or in a hand
record to runnable rules: YAML → schema → semantic checks → tables.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .errors import SpecError
from .rules import Rules, compile_rules
from .spec.schema_check import check_schema
from .spec.yaml_loader import load_yaml_file


def variants_dir() -> Path:
    """The bundled variants: package data when installed, `variants/` in a checkout."""
    try:
        found = resources.files("interpreter._variants")
        path = Path(str(found))
        if path.is_dir() and any(path.glob("*.yaml")):
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parent.parent / "variants"


def bundled_names() -> list[str]:
    return sorted(p.stem for p in variants_dir().glob("*.yaml"))


def resolve(name_or_path: str) -> Path:
    """A bundled name (`euchre`) or a path to a YAML file."""
    candidate = Path(name_or_path)
    if candidate.suffix in (".yaml", ".yml") or "/" in name_or_path or "\\" in name_or_path:
        if not candidate.is_file():
            raise SpecError(f"no such variant file: {name_or_path}")
        return candidate
    path = variants_dir() / f"{name_or_path}.yaml"
    if path.is_file():
        return path
    names = bundled_names()
    close = difflib.get_close_matches(name_or_path, names, 1)
    hint = f"did you mean '{close[0]}'?" if close else f"bundled variants: {', '.join(names)}"
    raise SpecError(f"unknown variant '{name_or_path}'", hint=hint)


def load_rules(name_or_path: str, options: dict[str, int] | None = None) -> Rules:
    """Load, validate and compile a variant; every problem is a SpecError."""
    path = resolve(name_or_path)
    key = tuple(sorted((options or {}).items()))
    return _load(str(path.resolve()), str(path), key)


@lru_cache(maxsize=64)
def _load(resolved: str, shown: str, options: tuple[tuple[str, int], ...]) -> Rules:
    """Cached by resolved path and options: a spec is compiled once per process."""
    doc = load_yaml_file(shown)
    check_schema(doc)
    return compile_rules(doc, dict(options))
