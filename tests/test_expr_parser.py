"""The expression parser without lark (interpreter/dsl/parser.py) is lark's parser of expr.lark.

`tables.py` is generated from the grammar by lark; these tests fail when it is not
current, and compare the two parsers on hand-picked texts, every expression in the
bundled variants and house rules, and random texts: the same trees (rule names,
tokens, every position) and the same errors (where, and which token).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.dsl import parser as ours
from interpreter.dsl.tables_gen import TABLES, reference_parser, tables_text

ROOT = Path(__file__).resolve().parent.parent
LARK = reference_parser()


def test_the_shipped_tables_are_made_from_the_current_grammar() -> None:
    assert TABLES.read_text("utf-8") == tables_text(), (
        "interpreter/dsl/tables.py is stale: run `python -m interpreter.dsl.tables_gen`"
    )


def _shape(node: Any) -> Any:
    """A tree as plain data: names, token types and texts, and the positions of everything."""
    if hasattr(node, "children"):
        return ("tree", str(node.data), node.meta.start_pos, node.meta.end_pos, [_shape(c) for c in node.children])
    return ("token", node.type, str(node), node.start_pos, node.end_pos)


def _lark_result(text: str) -> Any:
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    try:
        return _shape(LARK.parse(text))
    except UnexpectedCharacters as err:
        return ("characters", err.pos_in_stream)
    except UnexpectedToken as err:
        return ("token", err.token.type, str(err.token), err.token.start_pos)


def _our_result(text: str) -> Any:
    try:
        return _shape(ours.parse(text))
    except ours.UnexpectedCharacters as err:
        return ("characters", err.pos_in_stream)
    except ours.UnexpectedToken as err:
        return ("token", err.token.type, str(err.token), err.token.start_pos)


HAND_PICKED = [
    "a",
    "12",
    "true",
    "'x'",
    "makers.tricks >= 3 and not side.is_maker",
    "(a + b) * c",
    "((a))",
    "-(-1) // 2 % 3",
    "f()",
    "f(x, (y), 3)",
    "max(1, 2) < 3 == 4",
    "a if b else c if d else e",
    "(a if b else c) + 1",
    "not not x or y and z",
    "iffy + elsewhere + true.x + if.x",
    "held(seat, \"A\") + holder_of('JK')",
    "a +",
    "a + else",
    "f(,)",
    "f(a,)",
    "(a",
    "a)",
    "1 2",
    "12abc",
    "a = b",
    "a & b",
    "'open",
    '"open',
    "x\n+\ty",
    "a é b",
    "+ é",
    "a if b",
    "if",
    ")",
    "a < b < c",
]


@pytest.mark.parametrize("text", HAND_PICKED)
def test_hand_picked_texts_parse_as_lark_parses_them(text: str) -> None:
    assert _our_result(text) == _lark_result(text)


def _bundled_expressions() -> list[str]:
    """Every quoted or plain scalar of the bundled specs that lark parses (the expressions among them)."""
    found: set[str] = set()
    for path in sorted((ROOT / "variants").rglob("*.yaml")):
        for line in path.read_text("utf-8").splitlines():
            m = re.match(r"\s*(?:- )?[a-z_]+:\s+(.+)$", line)
            if m:
                found.add(m.group(1).strip().strip("\"'"))
    return sorted(found)


def test_every_bundled_line_value_parses_as_lark_parses_it() -> None:
    texts = _bundled_expressions()
    assert len(texts) > 100  # the specs hold many expressions (and other values, which must agree too)
    for text in texts:
        assert _our_result(text) == _lark_result(text), text


PIECES = [
    "a", "b.c", "seat", "if", "else", "and", "or", "not", "true", "false", "0", "17", "+", "-", "*", "//",
    "%", "==", "!=", "<", "<=", ">", ">=", "(", ")", ",", "'x'", '"y z"', " ", "\n", "=", "!", "/", "&",
    "'", '"', "f(", "max(", "é", ".", "iffy", "_", "1a",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=14).map(lambda parts: " ".join(parts)))
def test_random_texts_parse_as_lark_parses_them(text: str) -> None:
    assert _our_result(text) == _lark_result(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=14).map("".join))
def test_random_texts_without_spaces_parse_as_lark_parses_them(text: str) -> None:
    assert _our_result(text) == _lark_result(text)


def _expressions() -> st.SearchStrategy[str]:
    atoms = st.sampled_from(["x", "a.b", "1", "23", "true", "false", "'s'", '"t"', "f()"])

    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        ops = st.sampled_from(["+", "-", "*", "//", "%", "==", "!=", "<", ">=", "and", "or"])
        return st.one_of(
            st.tuples(inner, ops, inner).map(lambda t: f"{t[0]} {t[1]} {t[2]}"),
            inner.map(lambda e: f"({e})"),
            inner.map(lambda e: f"not {e}"),
            inner.map(lambda e: f"-{e}"),
            st.tuples(inner, inner, inner).map(lambda t: f"{t[0]} if {t[1]} else {t[2]}"),
            st.lists(inner, min_size=1, max_size=3).map(lambda args: f"max({', '.join(args)})"),
        )

    return st.recursive(atoms, grow, max_leaves=12)


@settings(max_examples=400, deadline=None)
@given(_expressions())
def test_well_formed_expressions_parse_as_lark_parses_them(text: str) -> None:
    assert _our_result(text) == _lark_result(text)


@settings(max_examples=300, deadline=None)
@given(_expressions(), st.integers(min_value=0, max_value=200), st.sampled_from(PIECES))
def test_damaged_expressions_fail_where_lark_fails(text: str, at: int, piece: str) -> None:
    at = at % (len(text) + 1)
    damaged = text[:at] + piece + text[at:]
    assert _our_result(damaged) == _lark_result(damaged)

