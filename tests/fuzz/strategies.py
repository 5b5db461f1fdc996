"""Hypothesis strategies that mutate the bundled specs and real hand records.

Mutations come in two layers, as a hostile or careless author would make them:
- structure: the parsed document is changed at a random place — a value
  replaced by another type, a magnitude far out of range, unicode or control
  text, a deep expression, a path to elsewhere; a key deleted or added; a list
  item repeated hundreds of times; a subtree copied somewhere else;
- bytes: the text itself — bytes flipped, inserted (NUL, BOM, invalid UTF-8,
  YAML tags and aliases, brackets), deleted, the file cut short, a line repeated.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from interpreter.agents import make_agent
from interpreter.match import play_match
from interpreter.variants import bundled_names, load_rules, variants_dir

VARIANTS = variants_dir()
SPEC_FILES = sorted(VARIANTS.glob("*.yaml")) + sorted((VARIANTS / "house").glob("*.yaml"))
SPEC_TEXTS = {path: path.read_text(encoding="utf-8") for path in SPEC_FILES}

# A huge integer cannot go through yaml/json dumping (Python refuses to print 4,300+ digits):
# a marker goes in, and the digits replace it in the text.
_HUGE = {"zzhugeint1": "9" * 4400, "zzhugeint2": "-" + "1" * 5000, "zzhugeint3": "1" + "0" * 30}

NAMES = [
    "makers.tricks",
    "defenders.tricks",
    "alone",
    "defender_alone",
    "dealer",
    "maker",
    "players",
    "contract",
    "side.score",
    "side.tricks",
    "side.is_maker",
    "upcard.suit",
    "trump",
    "target",
    "bogus.name",
]
OPERATORS = ["+", "-", "*", "//", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or"]


@st.composite
def expressions(draw: st.DrawFn) -> str:
    """Expression text: mostly well-formed, sometimes deep, long or broken."""
    shape = draw(st.sampled_from(["tree", "deep", "broken"]))
    if shape == "deep":
        n = draw(st.integers(10, 1200))
        unit = draw(st.sampled_from(["-", "not ", "(", "max(1, ", "1 + ", "abs("]))
        closing = {"(": ")", "max(1, ": ")", "abs(": ")"}.get(unit, "")
        return unit * n + draw(st.sampled_from(["1", "alone", "makers.tricks"])) + closing * n

    def build(depth: int) -> str:
        if depth == 0 or draw(st.booleans()):
            return draw(
                st.one_of(
                    st.sampled_from(NAMES),
                    st.integers(-5, 20).map(str),
                    st.sampled_from(["10000000000", "999999999999999999999", "true", "false", "'H'", '"x"']),
                )
            )
        if draw(st.integers(0, 4)) == 0:
            return f"{draw(st.sampled_from(['-', 'not ']))}{build(depth - 1)}"
        if draw(st.integers(0, 6)) == 0:
            return f"{build(depth - 1)} if {build(depth - 1)} else {build(depth - 1)}"
        return f"({build(depth - 1)} {draw(st.sampled_from(OPERATORS))} {build(depth - 1)})"

    text = build(draw(st.integers(0, 5)))
    if shape == "broken":
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.sampled_from(["", "(", ")", "==", "'", '"', "@", "\t", "é", "\u2028"])) + text[cut:]
    return text


_MAGNITUDES = [0, 1, -1, 2, 3, 12, 13, 64, 65, 200, 201, 1000, 1001, 10**6, 10**9, 10**9 + 1, 2**31, 2**62, 2**63]
_MAGNITUDES += [10**18, 10**20, -(10**20)]
_PATHS = [
    "euchre",
    "house/benny",
    "house/../../etc/passwd",
    "/etc/passwd",
    "/etc/shadow.yaml",
    "../outside.yaml",
    "spec.yaml",
    "sub/../spec.yaml",
    "/dev/zero",
    "~/x.yaml",
    "a" * 300,
    "a" * 300 + ".yaml",
    "x\x00.yaml",
    "nul\x00",
]
_WORDS = ["C", "D", "H", "S", "SS", "♠", "JK", "9", "T", "10", "J", "A", "right_bower", "left_bower", "none", "high"]

leaves = st.one_of(
    st.integers(-10, 100),
    st.sampled_from(_MAGNITUDES),
    st.sampled_from(sorted(_HUGE)),
    st.text(max_size=30),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=True, allow_infinity=True),
    expressions(),
    st.sampled_from(_PATHS),
    st.sampled_from(_WORDS),
)
values = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(
            st.one_of(st.text(max_size=10), st.sampled_from(["id", "when", "otherwise", "from"])), inner, max_size=4
        ),
    ),
    max_leaves=12,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*prefix, index))
    return out


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


@st.composite
def mutate_structure(draw: st.DrawFn, data: Any) -> Any:
    """One change at one random place of a parsed document (changed in place, and returned)."""
    paths = _paths(data)
    path = draw(st.sampled_from(paths))
    op = draw(st.sampled_from(["replace", "replace", "delete", "add_key", "repeat", "copy", "wrap"]))
    if not path:
        if op == "replace" and draw(st.integers(0, 9)) == 0:
            return draw(values)  # the whole document becomes something else
        op = "add_key"
    parent = _get(data, path[:-1]) if path else None
    key = path[-1] if path else None
    node = _get(data, path)
    if op == "replace":
        parent[key] = draw(values)
    elif op == "delete":
        del parent[key]
    elif op == "add_key" and isinstance(node, dict):
        name = draw(
            st.one_of(
                st.sampled_from(["extends", "players", "deck", "jokers", "id", "when", "lead"]), st.text(max_size=12)
            )
        )
        node[name] = draw(values)
    elif op == "repeat" and isinstance(node, list) and node:
        item = node[draw(st.integers(0, len(node) - 1))]
        node.extend([item] * draw(st.sampled_from([2, 10, 199, 200, 201, 300, 3000])))
    elif op == "copy":
        source = _get(data, draw(st.sampled_from(paths)))
        if path and source is not node:
            parent[key] = json.loads(json.dumps(source))
    elif op == "wrap" and path:
        parent[key] = draw(st.sampled_from([[node], {"x": node}, [node] * 3]))
    return data


_INTERESTING_BYTES = [
    b"\x00",
    b"\xff\xfe",
    b"\xef\xbb\xbf",
    b"\xc3(",
    b"\t",
    b"\r",
    b"&a ",
    b"*a",
    b"<<: *a\n",
    b"!!python/object/apply:os.system ['echo hi']",
    b"!!binary aGk=",
    b"!local ",
    b"{",
    b"}",
    b"[",
    b"]",
    b"'",
    b'"',
    b": ",
    b"- ",
    b"\n  ",
    b"\n---\n",
    b"%YAML 1.1\n",
    b"? ",
    b"#",
    b"\\u0000",
    b"99999999999999999999999999",
]


@st.composite
def mutate_bytes(draw: st.DrawFn, raw: bytes) -> bytes:
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(raw)))
        op = draw(st.sampled_from(["flip", "insert", "insert", "delete", "truncate", "repeat_line"]))
        if op == "flip" and raw:
            at = min(at, len(raw) - 1)
            raw = raw[:at] + bytes([draw(st.integers(0, 255))]) + raw[at + 1 :]
        elif op == "insert":
            piece = draw(st.one_of(st.sampled_from(_INTERESTING_BYTES), st.binary(min_size=1, max_size=6)))
            raw = raw[:at] + piece + raw[at:]
        elif op == "delete":
            raw = raw[:at] + raw[at + draw(st.integers(1, 40)) :]
        elif op == "truncate":
            raw = raw[:at]
        elif op == "repeat_line":
            lines = raw.split(b"\n")
            index = min(at, len(lines) - 1)
            lines[index:index] = [lines[index]] * draw(st.sampled_from([2, 50, 5000]))
            raw = b"\n".join(lines)
    return raw


def _with_huge(text: str) -> str:
    for marker, digits in _HUGE.items():
        text = text.replace(marker, digits)
    return text


@st.composite
def mutated_specs(draw: st.DrawFn) -> bytes:
    """The bytes of a variant file: a bundled spec or house rule, mutated."""
    path = draw(st.sampled_from(SPEC_FILES))
    text = SPEC_TEXTS[path]
    layers = draw(st.sampled_from(["structure", "structure", "bytes", "both"]))
    if layers in ("structure", "both"):
        data = yaml.safe_load(text)
        for _ in range(draw(st.integers(1, 4))):
            data = draw(mutate_structure(data))
        text = _with_huge(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=200))
    raw = text.encode("utf-8")
    if layers in ("bytes", "both"):
        raw = draw(mutate_bytes(raw))
    return raw


def _sample_records() -> list[dict[str, Any]]:
    """Real records of every bundled variant: two hands of random bots each."""
    records: list[dict[str, Any]] = []
    for name in bundled_names():
        rules = load_rules(name)
        rng = random.Random(7)
        agents = [make_agent("random", rng=random.Random(seat)) for seat in range(rules.players)]
        play_match(rules, agents, rng, max_hands=2, variant=name, on_hand=lambda hand: records.append(hand.record))
    return records


RECORDS = _sample_records()
EXAMPLE = Path(__file__).resolve().parent.parent / "records" / "example.json"
RECORDS.append({k: v for k, v in json.loads(EXAMPLE.read_text(encoding="utf-8")).items() if k != "expect"})

record_values = st.one_of(
    values,
    st.sampled_from(["order", "pass", "alone", "together", "discard TC", "JH", "9S", "XX", "", "order " * 50]),
    st.lists(st.sampled_from(["JH", "JD", "AH", "KS", "QC", "9S", "TS", "JK", "XC"]), max_size=8),
)


@st.composite
def mutated_records(draw: st.DrawFn) -> tuple[str, bytes]:
    """(suffix, bytes) of a record file: one record (.json) or several lines (.jsonl), mutated."""
    count = draw(st.integers(1, 3))
    chosen = [json.loads(json.dumps(draw(st.sampled_from(RECORDS)))) for _ in range(count)]
    layers = draw(st.sampled_from(["structure", "structure", "bytes", "both"]))
    if layers in ("structure", "both"):
        which = draw(st.integers(0, count - 1))
        for _ in range(draw(st.integers(1, 3))):
            chosen[which] = draw(mutate_structure_records(chosen[which]))
    suffix = ".json" if count == 1 and draw(st.booleans()) else ".jsonl"
    if suffix == ".json":
        text = json.dumps(chosen[0], ensure_ascii=draw(st.booleans()), allow_nan=True)
    else:
        text = "\n".join(json.dumps(r, ensure_ascii=False, allow_nan=True) for r in chosen) + "\n"
    raw = _with_huge(text).encode("utf-8", "surrogatepass")
    if layers in ("bytes", "both"):
        raw = draw(mutate_bytes(raw))
    return suffix, raw


@st.composite
def mutate_structure_records(draw: st.DrawFn, record: Any) -> Any:
    paths = _paths(record)
    path = draw(st.sampled_from(paths))
    if not path:
        return draw(record_values) if draw(st.integers(0, 9)) == 0 else record
    parent = _get(record, path[:-1])
    op = draw(st.sampled_from(["replace", "replace", "delete", "repeat"]))
    if op == "replace":
        parent[path[-1]] = draw(record_values)
    elif op == "delete":
        del parent[path[-1]]
    else:
        node = parent[path[-1]]
        if isinstance(node, list) and node:
            node.extend(node[:1] * draw(st.sampled_from([1, 5, 100, 5000])))
    return record
