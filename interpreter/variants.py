"""Finding a variant by name or path, and loading it into compiled `Rules`.

This is the one entry point from a name on the command line or in a hand
record to runnable rules: YAML → schema → semantic checks → tables.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .compiler import compile_rules
from .errors import SpecError
from .rules import Rules
from .spec.overlay import apply_overlay, load_with_extends
from .spec.schema_check import check_schema
from .spec.yaml_loader import LoadedYaml, load_yaml_file


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


def bundled_names(house: bool = False) -> list[str]:
    """Bundled variant names; with `house`, the house-rule overlays too (`house/NAME`)."""
    names = sorted(p.stem for p in variants_dir().glob("*.yaml"))
    if house:
        names += sorted(f"house/{p.stem}" for p in (variants_dir() / "house").glob("*.yaml"))
    return names


def resolve(name_or_path: str, relative_to: Path | None = None) -> Path:
    """A bundled name (`euchre`, `house/stick-the-dealer`) or a path to a YAML file.

    A relative path is tried against `relative_to` (the directory of the overlay
    that names it) before the current directory.
    """
    candidate = Path(name_or_path)
    looks_like_path = candidate.suffix in (".yaml", ".yml") or "/" in name_or_path or "\\" in name_or_path
    if looks_like_path:
        tries = [relative_to / candidate] if relative_to is not None and not candidate.is_absolute() else []
        tries.append(candidate)
        for path in tries:
            if path.is_file():
                return path
        bundled = variants_dir() / f"{name_or_path}.yaml"
        if bundled.is_file():
            return bundled
        raise SpecError(f"no such variant file: {name_or_path}")
    path = variants_dir() / f"{name_or_path}.yaml"
    if path.is_file():
        return path
    names = bundled_names(house=True)
    close = difflib.get_close_matches(name_or_path, names, 1)
    hint = f"did you mean '{close[0]}'?" if close else f"bundled variants: {', '.join(bundled_names())}"
    raise SpecError(f"unknown variant {name_or_path!r}", hint=hint)


def load_document(name_or_path: str, rules: Sequence[str] = ()) -> LoadedYaml:
    """The spec as one merged document: its `extends` chain, then each `--rule` overlay."""
    doc = load_with_extends(resolve(name_or_path), resolve)
    for rule in rules:
        # A --rule overlay applies to the variant named on the command line; its own
        # `extends` (if any) only says what it was written for.
        doc = apply_overlay(doc, load_yaml_file(resolve(rule)))
    return doc


def load_rules(name_or_path: str, options: dict[str, int] | None = None, rules: Sequence[str] = ()) -> Rules:
    """Load, merge overlays, validate and compile a variant; every problem is a SpecError."""
    path = resolve(name_or_path)
    rule_paths = tuple(str(resolve(r).resolve()) for r in rules)
    key = tuple(sorted((options or {}).items()))
    return _load(str(path.resolve()), name_or_path, rule_paths, tuple(rules), key)


@lru_cache(maxsize=64)
def _load(
    resolved: str, shown: str, rule_paths: tuple[str, ...], rules: tuple[str, ...], options: tuple[tuple[str, int], ...]
) -> Rules:
    """Cached by resolved paths and options: a spec is compiled once per process."""
    doc = load_document(shown, rules)
    check_schema(doc)
    return compile_rules(doc, dict(options))
