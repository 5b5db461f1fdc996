"""A quick yes to "does this spec satisfy the schema?", so a valid spec never imports jsonschema.

Importing jsonschema costs more than loading, checking and compiling a spec
together. Most specs a person validates are valid, so `surely_valid` answers
for them with a small walk over the keywords the variant schema uses. It only
ever says True when the instance is valid under JSON Schema 2020-12 for these
keywords; for anything it is not sure of (an invalid instance, a keyword it does
not know) it says False, and the caller asks jsonschema, whose errors make the
located messages. The messages therefore come from one place, unchanged.
tests/test_schema_fast.py checks the verdicts against jsonschema on every
bundled variant, every broken spec of the corpus and many random mutations.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

# Keywords that never affect validity.
_ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "$defs", "title", "description", "default", "examples"})


class _Unsure(Exception):
    """A keyword or value this checker does not decide: ask jsonschema."""


@lru_cache(maxsize=256)
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _is_type(value: Any, kind: str) -> bool:
    if kind == "object":
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list)
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "null":
        return value is None
    if isinstance(value, bool):
        return False
    if kind == "integer":
        return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if kind == "number":
        return isinstance(value, int | float)
    raise _Unsure(kind)


def _loose_key(value: Any) -> Any:
    """Equal keys for values JSON Schema may call equal (1 and 1.0; also True and 1: loose on purpose)."""
    if isinstance(value, bool | int | float):
        return ("n", float(value))
    if isinstance(value, list):
        return ("a", tuple(_loose_key(v) for v in value))
    if isinstance(value, dict):
        return ("o", tuple(sorted((k, _loose_key(v)) for k, v in value.items())))
    return ("s", value) if isinstance(value, str) else ("x", repr(value))


def _equal(a: Any, b: Any) -> bool:
    """Strict equality (a bool is never a number): only used to say 'valid' for enum/const."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b if not isinstance(a, int | float) else isinstance(b, int | float) and a == b


class _Checker:
    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root

    def resolve(self, ref: str) -> Any:
        if not ref.startswith("#/"):
            raise _Unsure(ref)
        node: Any = self.root
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def ok(self, value: Any, schema: Any) -> bool:  # noqa: C901 - one branch a keyword
        if schema is True:
            return True
        if schema is False or not isinstance(schema, dict):
            return False if schema is False else self._unsure(schema)
        for key, arg in schema.items():
            if key in _ANNOTATIONS:
                continue
            if key == "$ref":
                if not self.ok(value, self.resolve(arg)):
                    return False
            elif key == "type":
                kinds = arg if isinstance(arg, list) else [arg]
                if not any(_is_type(value, k) for k in kinds):
                    return False
            elif key == "enum":
                if not any(_equal(value, v) for v in arg):
                    return False
            elif key == "const":
                if not _equal(value, arg):
                    return False
            elif key in ("properties", "additionalProperties", "required", "propertyNames"):
                if isinstance(value, dict) and not self.object_ok(value, key, arg, schema):
                    return False
            elif key in ("minProperties", "maxProperties"):
                if isinstance(value, dict) and not (len(value) >= arg if key[1] == "i" else len(value) <= arg):
                    return False
            elif key == "items":
                if isinstance(value, list) and not all(self.ok(v, arg) for v in value):
                    return False
            elif key in ("minItems", "maxItems"):
                if isinstance(value, list) and not (len(value) >= arg if key[1] == "i" else len(value) <= arg):
                    return False
            elif key == "uniqueItems":
                if arg and isinstance(value, list) and len({_loose_key(v) for v in value}) != len(value):
                    return False
            elif key in ("minLength", "maxLength"):
                if isinstance(value, str):
                    n = len(value)  # code points, as JSON Schema counts
                    if not (n >= arg if key[1] == "i" else n <= arg):
                        return False
            elif key == "pattern":
                if isinstance(value, str) and not _regex(arg).search(value):
                    return False
            elif key in ("minimum", "maximum"):
                is_number = isinstance(value, int | float) and not isinstance(value, bool)
                if is_number and not (value >= arg if key[1] == "i" else value <= arg):
                    return False
            elif key == "oneOf":
                if sum(1 for sub in arg if self.ok(value, sub)) != 1:
                    return False
            elif key == "anyOf":
                if not any(self.ok(value, sub) for sub in arg):
                    return False
            elif key == "allOf":
                if not all(self.ok(value, sub) for sub in arg):
                    return False
            elif key == "not":
                if self.ok(value, arg):
                    return False
            elif key == "if":
                branch = schema.get("then", True) if self.ok(value, arg) else schema.get("else", True)
                if not self.ok(value, branch):
                    return False
            elif key in ("then", "else"):
                continue  # read with "if"
            else:
                raise _Unsure(key)
        return True

    def object_ok(self, value: dict[str, Any], key: str, arg: Any, schema: dict[str, Any]) -> bool:
        if key == "properties":
            return all(self.ok(value[k], sub) for k, sub in arg.items() if k in value)
        if key == "additionalProperties":
            known = schema.get("properties", {})
            if "patternProperties" in schema:
                raise _Unsure("patternProperties")
            return all(self.ok(v, arg) for k, v in value.items() if k not in known)
        if key == "required":
            return all(k in value for k in arg)
        return all(self.ok(k, arg) for k in value)  # propertyNames

    @staticmethod
    def _unsure(schema: Any) -> bool:
        raise _Unsure(repr(schema))


def surely_valid(instance: Any, schema: dict[str, Any]) -> bool:
    """True only when `instance` is certainly valid under `schema`; False means "ask jsonschema"."""
    try:
        return _Checker(schema).ok(instance, schema)
    except (_Unsure, RecursionError, KeyError, TypeError):
        return False
