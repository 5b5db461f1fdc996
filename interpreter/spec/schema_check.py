"""Checking a loaded variant against `schema/variant.schema.json`, with messages a person can act on.

jsonschema's own messages ("{'dealer_pikup': 'always'} is not valid under any
of the given schemas") describe the schema, not the file. Here each problem is
rewritten as `file:line:col: friendly.path: what is wrong; what is expected`,
with a did-you-mean hint where a name was probably misspelt. Every distinct
problem of a file is reported (up to MAX_PROBLEMS), the most useful to fix
first leading: a caller that wants one error reads the `SpecErrors` raised as
that first one. The schema stays the single source of truth: allowed keys,
phase kinds and enum values are read from it, never repeated here.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import SpecError
from .schema_fast import surely_valid
from .yaml_loader import LoadedYaml, describe_type

if TYPE_CHECKING:  # jsonschema is imported only to explain a spec that is not surely valid
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

__all__ = ["MAX_PROBLEMS", "SpecErrors", "check_schema", "format_path", "schema", "schema_problems"]

SCHEMA_NAME = "variant.schema.json"
MAX_PROBLEMS = 20  # a file with more is shown with its first ones and a count of the rest
_WEAK = {"oneOf", "anyOf"}
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_TYPE_WORDS = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "a boolean (true or false)",
    "null": "null",
}


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The variant schema: package data `interpreter/_schema` when installed, else `schema/` in a checkout."""
    package = Path(__file__).resolve().parents[1]
    path = package / "_schema" / SCHEMA_NAME
    if not path.is_file():
        path = package.parent / "schema" / SCHEMA_NAME
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


@lru_cache(maxsize=1)
def spec_keys() -> frozenset[str]:
    """The top-level keys a spec may have: a file with none of them is no spec at all."""
    return frozenset(schema()["properties"])


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema())


class SpecErrors(SpecError):
    """Several problems of one spec. The error's own fields (`message`, `line`, …) are the
    first problem, the one to fix first; `errors` holds them all and `str()` lists them,
    one located line (and its hint) each."""

    def __init__(self, errors: Sequence[SpecError], more: int = 0) -> None:
        self.errors = list(errors)
        self.more = more  # problems found beyond those listed
        first = self.errors[0]
        super().__init__(first.message, first.file, first.line, first.column, first.hint, first.path)

    def __str__(self) -> str:
        lines = [SpecError.__str__(err) for err in self.errors]
        if self.more:
            lines.append(f"… and {self.more} more problem{'s' if self.more != 1 else ''}")
        return "\n".join(lines)


def check_schema(doc: LoadedYaml) -> None:
    """Raise for the schema violations of `doc`, if any: a SpecError for one problem,
    a SpecErrors (a SpecError for the first, listing them all) for several."""
    problems = schema_problems(doc)
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise SpecErrors(problems[:MAX_PROBLEMS], len(problems) - MAX_PROBLEMS if len(problems) > MAX_PROBLEMS else 0)


def schema_problems(doc: LoadedYaml) -> list[SpecError]:
    """Every distinct problem of `doc`: the most useful to fix first, then the others in file order."""
    keys = list(_non_string_keys(doc, doc.data, ()))
    if keys:  # the schema cannot be checked on such keys
        return keys
    if surely_valid(doc.data, schema()):  # the fast path: no jsonschema import for a valid spec
        return []
    errors = list(_validator().iter_errors(doc.data))
    if not errors:
        return []
    explainer = _Explainer(doc)
    first = explainer.explain(_select(errors, doc))
    others: list[SpecError] = []
    for error in _without_echoes(errors):
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            others += [explainer.unknown_key(error, key) for key in _extra_keys(error)]
        else:
            others.append(explainer.explain(error))
    others.sort(key=lambda e: (e.file or "", e.line or 0, e.column or 0))
    problems = [first]
    seen = {str(first)}
    for err in others:
        if str(err) not in seen:
            seen.add(str(err))
            problems.append(err)
    return problems


def _extra_keys(error: ValidationError) -> list[Any]:
    allowed = error.schema.get("properties", {})
    return [key for key in error.instance if key not in allowed]


def _without_echoes(errors: Sequence[ValidationError]) -> list[ValidationError]:
    """One problem told once: leave out 'missing required key title' (or "needs 'when' or
    'otherwise'") beside 'unknown key titel', and a oneOf/anyOf beside a wrong type of
    the same value."""
    unknown: dict[tuple[Any, ...], list[str]] = {}
    for error in errors:
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            unknown.setdefault(tuple(error.absolute_path), []).extend(str(k) for k in _extra_keys(error))
    # a value of the wrong type: its alternatives need not be told too
    plain = {tuple(e.absolute_path) for e in errors if e.validator in ("type", "enum", "const")}
    kept = []
    for error in errors:
        path = tuple(error.absolute_path)
        if error.validator in _WEAK and path in plain:
            continue
        extras = unknown.get(path, [])
        missing = _missing_keys(error)
        if extras and missing and all(difflib.get_close_matches(key, extras, n=1, cutoff=0.6) for key in missing):
            continue
        kept.append(error)
    return kept


def _missing_keys(error: ValidationError) -> list[str]:
    """The keys a `required` error (or a choice of required keys) asks for and the mapping lacks."""
    if not isinstance(error.instance, dict):
        return []
    if error.validator == "required":
        return [key for key in error.validator_value if key not in error.instance]
    if error.validator in _WEAK:
        branches = [_Explainer.resolve_in(schema(), b) for b in error.validator_value]
        choice = _Explainer.key_choice(branches)
        if choice is not None and not any(key in error.instance for key in choice):
            return choice
    return []


# ---------------------------------------------------------------------------
# friendly text


def format_path(path: Iterable[Any]) -> str:
    """`['bidding', 0, 'order_up']` -> `bidding[0].order_up` (empty for the top level)."""
    text = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            text += f"[{part}]"
        elif isinstance(part, str) and _IDENT.match(part):
            text += f".{part}" if text else part
        else:
            text += f"[{part!r}]"
    return text


def _value_text(value: Any) -> str:
    """A value as written in YAML, for 'got …' (strings quoted, booleans as true/false)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, int | float):
        return str(value)
    if value is None:
        return "null"
    return describe_type(value)


def _plain(value: Any) -> str:
    """An allowed value, unquoted, for 'expected one of always, optional'."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float):
        return str(value)
    return json.dumps(value)


def _words(items: Sequence[str], last: str = "or") -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def _type_words(types: Any) -> list[str]:
    names: list[str] = types if isinstance(types, list) else [types]  # the schema's type names
    return [_TYPE_WORDS.get(name, name) for name in names]


def _quoted(keys: Iterable[Any]) -> list[str]:
    return [f"'{key}'" for key in keys]


def _did_you_mean(word: Any, choices: Iterable[Any], noun: str) -> str | None:
    """'did you mean X?' when a choice is close to `word`, else the list of choices."""
    names = [str(c) for c in choices]
    if not names:
        return None
    close = difflib.get_close_matches(str(word), names, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return f"{noun}: {', '.join(names)}"


# ---------------------------------------------------------------------------
# choosing the error


def _select(errors: Sequence[ValidationError], doc: LoadedYaml) -> ValidationError:
    """The error to report: an unknown key first (a typo explains the other errors),
    then the shallowest (a missing section matters more than a detail inside it),
    then the first in the file."""

    def rank(error: ValidationError) -> tuple[Any, ...]:
        unknown = error.validator == "additionalProperties" and error.validator_value is False
        line, col = doc.locate(error.absolute_path)
        return (not unknown, len(error.absolute_path), error.validator in _WEAK, line or 0, col or 0)

    return min(errors, key=rank)


def _non_string_keys(doc: LoadedYaml, value: Any, path: tuple[Any, ...]) -> Iterator[SpecError]:
    """Every mapping key of a variant is a name; YAML turns `9:` or `on:` into a number or boolean."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                line, col = doc.locate((*path, key))
                where = format_path(path)
                text = "true" if key is True else "false" if key is False else str(key)
                hint = f"quote it: '{text}':"
                if isinstance(key, bool):
                    hint = f"YAML reads yes/no/on/off/true/false as booleans; {hint}"
                yield SpecError(
                    f"{where + ': ' if where else ''}key {text} must be a name (text), not {describe_type(key)}",
                    doc.file_at((*path, key)),
                    line,
                    col,
                    hint,
                )
            else:
                yield from _non_string_keys(doc, item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _non_string_keys(doc, item, (*path, index))


class _Explainer:
    """Turns one ValidationError into a located SpecError."""

    def __init__(self, doc: LoadedYaml) -> None:
        self.doc = doc
        self.root = schema()

    def resolve(self, subschema: Any) -> Any:
        return self.resolve_in(self.root, subschema)

    @staticmethod
    def resolve_in(root: Any, subschema: Any) -> Any:
        """Follow local `$ref`s ('#/$defs/x'); the schema has no others."""
        seen = 0
        while isinstance(subschema, dict) and "$ref" in subschema and seen < 20:
            ref = subschema["$ref"]
            if not isinstance(ref, str) or not ref.startswith("#/"):
                break
            target: Any = root
            for part in ref[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            subschema = target
            seen += 1
        return subschema

    def fail(
        self, path: Sequence[Any], what: str, hint: str | None = None, at: Sequence[Any] | None = None
    ) -> SpecError:
        """A SpecError `path: what`, located at `at` (default: `path`)."""
        where = format_path(path)
        spot = list(path if at is None else at)
        line, col = self.doc.locate(spot)
        return SpecError(f"{where}: {what}" if where else what, self.doc.file_at(spot), line, col, hint, tuple(spot))

    # -- dispatch

    def explain(self, error: ValidationError) -> SpecError:
        path = list(error.absolute_path)
        instance = error.instance
        kind = error.validator
        value = error.validator_value
        if kind in ("oneOf", "anyOf"):
            return self.alternatives(error)
        if kind == "additionalProperties":
            return self.unknown_key(error)
        if kind == "required":
            missing = [key for key in value if isinstance(instance, dict) and key not in instance]
            if len(missing) == 1:
                return self.fail(path, f"missing required key '{missing[0]}'", self.required_hint(error, missing[0]))
            return self.fail(path, f"missing required keys {_words(_quoted(missing), 'and')}")
        if kind == "type":
            return self.wrong_type(path, _type_words(value), instance)
        if kind == "enum":
            return self.bad_enum(path, value, instance)
        if kind == "const":
            return self.fail(path, f"expected {_plain(value)}, got {_value_text(instance)}")
        if kind == "minimum":
            return self.fail(path, f"expected at least {value}, got {_value_text(instance)}")
        if kind == "maximum":
            return self.fail(path, f"expected at most {value}, got {_value_text(instance)}")
        if kind == "minItems":
            got = "an empty list" if not instance else f"{len(instance)}"
            return self.fail(path, f"expected at least {value} item{'s' if value != 1 else ''}, got {got}")
        if kind == "maxItems":
            return self.fail(path, f"expected at most {value} items, got {len(instance)}")
        if kind == "uniqueItems":
            return self.repeated_item(path, instance)
        if kind == "minProperties":
            return self.fail(path, f"expected at least {value} entr{'ies' if value != 1 else 'y'}, got none")
        if kind == "minLength":
            return self.fail(path, "expected a non-empty string")
        if kind == "pattern":
            return self.bad_pattern(error)
        if kind == "not":
            return self.forbidden(error)
        return self.fail(path, error.message)

    # -- one explanation per kind of problem

    def unknown_key(self, error: ValidationError, key: Any = None) -> SpecError:
        """The unknown key `key` of the mapping (default: its first)."""
        path = list(error.absolute_path)
        allowed = list(error.schema.get("properties", {}))
        if key is None:
            extras = [k for k in error.instance if k not in allowed]
            key = extras[0] if extras else "?"
        if isinstance(key, str) and " " in key.strip() and error.instance.get(key) is None:
            # `{description: to win, agreed first}`: a comma in a flow mapping starts a new key
            hint: str | None = "a ',' inside {…} separates entries; quote a value that contains a comma"
        elif allowed:
            hint = _did_you_mean(key, allowed, "allowed keys")
        else:
            hint = "this mapping takes no keys (write {})"
        return self.fail(path, f"unknown key '{key}'", hint, at=[*path, key])

    def required_hint(self, error: ValidationError, missing: str) -> str | None:
        """If an unknown key of the same mapping looks like the missing one, say so."""
        if not isinstance(error.instance, dict):
            return None
        close = difflib.get_close_matches(missing, [str(k) for k in error.instance], n=1, cutoff=0.6)
        if close:
            return f"found '{close[0]}': is it misspelt?"
        description = self.resolve(error.schema).get("properties", {}).get(missing, {}).get("description")
        return f"{missing} — {description}" if description else None

    def wrong_type(self, path: list[Any], expected: list[str], instance: Any) -> SpecError:
        hint = None
        if instance is None and "a mapping" in expected:
            hint = "the value is empty; write {} for an empty mapping"
        elif instance is None:
            hint = "the value is empty"
        elif isinstance(instance, bool) and "a string" in expected:
            hint = "YAML reads yes/no/on/off/true/false as booleans; quote the value"
        elif isinstance(instance, str) and expected == ["a list"]:
            hint = "write a list as [a, b, c], or one '- item' per line"
        elif isinstance(instance, int | float) and expected == ["a string"]:
            hint = f"quote it to make it text: '{instance}'"
        return self.fail(path, f"expected {_words(expected)}, got {describe_type(instance)}", hint)

    def bad_enum(self, path: list[Any], allowed: list[Any], instance: Any) -> SpecError:
        names = [_plain(v) for v in allowed]
        got = _value_text(instance)
        hint = None
        if isinstance(instance, str):
            close = difflib.get_close_matches(instance, [v for v in allowed if isinstance(v, str)], n=1, cutoff=0.6)
            hint = f"did you mean '{close[0]}'?" if close else None
        if len(names) == 1:
            return self.fail(path, f"expected {names[0]}; got {got}", hint)
        return self.fail(path, f"expected one of {', '.join(names)}; got {got}", hint)

    def repeated_item(self, path: list[Any], items: list[Any]) -> SpecError:
        seen: list[Any] = []
        for index, item in enumerate(items):
            if any(item == other and type(item) is type(other) for other in seen):
                return self.fail(
                    path, f"{_value_text(item)} is listed twice", "list each value once", at=[*path, index]
                )
            seen.append(item)
        return self.fail(path, "a value is listed twice", "list each value once")

    def bad_pattern(self, error: ValidationError) -> SpecError:
        path = list(error.absolute_path)
        described = error.schema.get("description") or f"text matching {error.validator_value}"
        if "propertyNames" in error.relative_schema_path or "propertyNames" in error.schema_path:
            # the instance is the key itself; the path is its mapping
            return self.fail(
                path, f"invalid name '{error.instance}'", f"expected {described}", at=[*path, error.instance]
            )
        return self.fail(path, f"invalid value {_value_text(error.instance)}", f"expected {described}")

    def forbidden(self, error: ValidationError) -> SpecError:
        path = list(error.absolute_path)
        negated = error.validator_value
        description = error.schema.get("description")
        if isinstance(negated, dict) and set(negated) == {"required"} and isinstance(error.instance, dict):
            keys = [k for k in negated["required"] if k in error.instance]
            message = description or f"key {_words(_quoted(keys), 'and')} is not allowed here"
            return self.fail(path, message, at=[*path, keys[0]] if keys else None)
        return self.fail(path, description or error.message)

    # -- oneOf / anyOf

    def alternatives(self, error: ValidationError) -> SpecError:
        """Dig into a oneOf/anyOf: find the branch the author meant and report its problem."""
        path = list(error.absolute_path)
        instance = error.instance
        branches = [self.resolve(b) for b in error.validator_value]

        kinds = self.phase_kinds(branches)
        if kinds is not None:
            return self.phase_item(error, kinds)

        choice = self.key_choice(branches)
        if choice is not None and isinstance(instance, dict):
            present = [k for k in choice if k in instance]
            if error.validator == "oneOf" and len(present) > 1:
                return self.fail(
                    path,
                    f"has both {_words(_quoted(present), 'and')}; use only one",
                    at=[*path, present[1]],
                )
            if not present:
                need = "one of" if error.validator == "oneOf" else "at least one of"
                if len(choice) == 2 and error.validator == "oneOf":
                    return self.fail(path, f"needs {_words(_quoted(choice))}")
                return self.fail(path, f"needs {need} {_words(_quoted(choice))}")

        by_branch: dict[int, list[ValidationError]] = {}
        for sub in error.context:
            by_branch.setdefault(sub.relative_schema_path[0], []).append(sub)
        if not by_branch:  # valid under several branches, not a key choice
            return self.fail(path, error.message)

        def wrong_shape(errs: list[ValidationError]) -> bool:
            return any(not e.relative_path and e.validator == "type" for e in errs)

        plausible = {i: errs for i, errs in by_branch.items() if not wrong_shape(errs)}
        if not plausible:
            expected: list[str] = []
            for _, errs in sorted(by_branch.items()):
                for e in errs:
                    if not e.relative_path and e.validator == "type":
                        expected += [w for w in _type_words(e.validator_value) if w not in expected]
            return self.wrong_type(path, expected, instance)
        _, errs = min(plausible.items(), key=lambda item: (len(item[1]), item[0]))
        return self.explain(_select(errs, self.doc))

    def phase_kinds(self, branches: list[Any]) -> list[str] | None:
        """If every branch is a one-key mapping `KIND: {...}` (a phase item), the kinds."""
        kinds = []
        for branch in branches:
            if not isinstance(branch, dict):
                return None
            required = branch.get("required", [])
            properties = branch.get("properties", {})
            if (
                len(required) != 1
                or set(properties) != {required[0]}
                or branch.get("additionalProperties") is not False
            ):
                return None
            kinds.append(required[0])
        return kinds

    @staticmethod
    def key_choice(branches: list[Any]) -> list[str] | None:
        """If every branch only requires one key (`when` or `otherwise`), those keys."""
        keys = []
        for branch in branches:
            if not (isinstance(branch, dict) and set(branch) == {"required"} and len(branch["required"]) == 1):
                return None
            keys.append(branch["required"][0])
        return keys

    def phase_item(self, error: ValidationError, kinds: list[str]) -> SpecError:
        path = list(error.absolute_path)
        item = error.instance
        listing = ", ".join(kinds)
        if not isinstance(item, dict):
            hint = f"write '- {item}: {{}}'" if item in kinds else f"the phases here are: {listing}"
            return self.fail(path, f"expected a phase (a mapping KIND: {{settings}}), got {describe_type(item)}", hint)
        if not item:
            return self.fail(
                path, "expected a phase (KIND: {settings}), got an empty mapping", f"the phases here are: {listing}"
            )
        known = [key for key in item if key in kinds]
        if len(known) > 1:
            return self.fail(
                path,
                f"one item holds several phases: {_words(_quoted(known), 'and')}",
                "start each phase with its own '-'",
                at=[*path, known[1]],
            )
        if not known:
            key = next(iter(item))
            return self.fail(
                path, f"unknown phase '{key}'", _did_you_mean(key, kinds, "the phases here are"), at=[*path, key]
            )
        kind = known[0]
        if len(item) > 1:
            extra = next(key for key in item if key != kind)
            return self.fail(
                path,
                f"unexpected key '{extra}' beside the phase '{kind}'",
                f"settings go inside the phase: indent them under '{kind}:', or write {kind}: {{{extra}: …}}",
                at=[*path, extra],
            )
        index = kinds.index(kind)
        errs = [sub for sub in error.context if sub.relative_schema_path[0] == index]
        if not errs:  # pragma: no cover - the branch of the only kind must have failed
            return self.fail(path, error.message)
        return self.explain(_select(errs, self.doc))
