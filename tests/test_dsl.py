"""Tests for the expression language (interpreter/dsl): parsing, typing, closures, errors."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from interpreter.dsl import CompiledExpr, ExprError, compile_expr

NAMES: dict[str, str] = {
    "a": "bool",
    "b": "bool",
    "x": "int",
    "y": "int",
    "makers.tricks": "int",
    "defenders.tricks": "int",
    "side.is_maker": "bool",
    "upcard.suit": "str",
    "target": "int",
}

ENV: dict[str, Any] = {
    "a": True,
    "b": False,
    "x": 5,
    "y": -3,
    "makers.tricks": 3,
    "defenders.tricks": 2,
    "side.is_maker": True,
    "upcard.suit": "C",
    "target": 10,
}


def run(source: str | int | bool, env: dict[str, Any] | None = None, **kw: Any) -> Any:
    """Compile against NAMES and evaluate once."""
    return compile_expr(source, NAMES, **kw).fn(ENV if env is None else env)


def error(source: str | int | bool, expect: str | None = None) -> ExprError:
    with pytest.raises(ExprError) as info:
        compile_expr(source, NAMES, expect)
    return info.value


class Boom(dict[str, Any]):
    """An env that fails on any look-up of 'x': proves a branch was not evaluated."""

    def __getitem__(self, key: str) -> Any:
        if key == "x":
            raise AssertionError("short-circuit failed: 'x' was read")
        return ENV[key]


# --- values and precedence ----------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("1 + 2 * 3 == 7", True),
        ("(1 + 2) * 3", 9),
        ("10 - 4 - 3", 3),  # left-associative
        ("-x * 2", -10),
        ("- - x", 5),
        ("x - -1", 6),
        ("17 // 5", 3),
        ("17 % 5", 2),
        ("-7 // 2", -4),  # floor division, as in Python
        ("-7 % 2", 1),
        ("not a and b", False),  # (not a) and b
        ("not b and a", True),
        ("a or b and b", True),  # a or (b and b)
        ("not x == 5", False),  # not (x == 5)
        ("x > 3 and y < 0", True),
        ("x >= 5 and x <= 5 and x != 4", True),
        ("1 if false else 2 if true else 3", 2),
        ("1 if b else 2 if b else 3", 3),
        ("(1 if a else 2) + 10", 11),
        ('upcard.suit == "C"', True),
        ("upcard.suit == 'D'", False),
        ("upcard.suit != 'D'", True),
        ("min(x, y)", -3),
        ("max(x, y, 7)", 7),
        ("min(x)", 5),
        ("abs(y)", 3),
        ("makers.tricks >= 3 and side.is_maker", True),
        ("2 if makers.tricks == 5 else 1 if makers.tricks >= 3 else 0", 1),
        ("a == b", False),
        ("true", True),
        ("  x  ", 5),
    ],
)
def test_values(source: str, expected: Any) -> None:
    result = run(source)
    assert result == expected
    assert type(result) is type(expected)


def test_division_by_zero_gives_zero() -> None:
    assert run("x // 0") == 0
    assert run("x % 0") == 0
    assert run("7 // (x - 5)") == 0
    assert run("7 % (x - 5)") == 0
    assert run("x // y") == -2


def test_compiled_expr_fields() -> None:
    expr = compile_expr("makers.tricks + x if side.is_maker else 0", NAMES, "int")
    assert isinstance(expr, CompiledExpr)
    assert expr.source == "makers.tricks + x if side.is_maker else 0"
    assert expr.type == "int"
    assert expr.names == frozenset({"makers.tricks", "x", "side.is_maker"})
    assert expr.constant is None
    assert expr.fn(ENV) == 8
    assert expr.fn({**ENV, "side.is_maker": False}) == 0


def test_constants_fold() -> None:
    assert compile_expr("1 + 2 * 3", NAMES).constant == 7
    assert compile_expr("1 if false else 2 if true else 3", NAMES).constant == 2
    folded = compile_expr("false and a", NAMES)
    assert folded.constant is False
    assert folded.names == frozenset({"a"})  # names are those mentioned, dead or not
    assert compile_expr("0", NAMES).constant == 0
    assert compile_expr("x + 1", NAMES).constant is None
    assert compile_expr("true or a", NAMES).fn({}) is True  # no look-up needed


def test_yaml_scalars() -> None:
    true = compile_expr(True, NAMES)
    assert (true.type, true.constant, true.source, true.fn({})) == (
        "bool",
        True,
        "True",
        True,
    )
    four = compile_expr(4, NAMES, "int")
    assert (four.type, four.constant, four.source, four.fn({})) == ("int", 4, "4", 4)
    assert compile_expr(False, NAMES, "bool").constant is False
    assert error(True, "int").message == "expected a number, got true/false"
    assert error(3.5).message.startswith("expected an expression")  # type: ignore[arg-type]


def test_short_circuit() -> None:
    boom = Boom()
    assert compile_expr("b and x > 0", NAMES).fn(boom) is False
    assert compile_expr("a or x > 0", NAMES).fn(boom) is True
    assert compile_expr("1 if a else x", NAMES).fn(boom) == 1
    assert compile_expr("x if b else 2", NAMES).fn(boom) == 2
    with pytest.raises(AssertionError):
        compile_expr("a and x > 0", NAMES).fn(boom)


# --- errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "column", "message"),
    [
        ("1 + )", 5, "unexpected ')'"),
        ("(1 + 2", 7, "expression ends too early"),
        ("a and", 6, "expression ends too early"),
        ("x $ 2", 3, "unexpected character '$'"),
        ("x = 1", 3, "unexpected character '=' (compare with '==')"),
        ("1 2", 3, "unexpected '2'"),
        ("x + else", 5, "unexpected 'else'"),
        ('"abc', 1, 'text starting here has no closing "'),
        ("", 1, "empty expression"),
        (
            "x < y < 3",
            7,
            "comparisons do not chain: write 'a < b and b < c' instead of 'a < b < c'",
        ),
    ],
)
def test_parse_errors(source: str, column: int, message: str) -> None:
    err = error(source)
    assert (err.column, err.message) == (column, message)
    assert str(err) == message
    assert "\n" not in str(err)


def test_unknown_name_did_you_mean() -> None:
    err = error("1 + makers.trick")
    assert err.message == "unknown name 'makers.trick' (did you mean 'makers.tricks'?)"
    assert err.column == 5
    err = error("zzz")
    assert (err.message, err.column) == ("unknown name 'zzz'", 1)


def test_unknown_function() -> None:
    err = error("x + mn(1, 2)")
    assert err.message == "unknown function 'mn' (did you mean 'min'?); known: abs, max, min"
    assert err.column == 5
    assert error("foo()").message == "unknown function 'foo'; known: abs, max, min"


@pytest.mark.parametrize(
    ("source", "expect", "column", "message"),
    [
        (
            "x and a",
            None,
            3,
            "'and' needs true/false on both sides, got a number on the left",
        ),
        (
            "a or 1",
            None,
            3,
            "'or' needs true/false on both sides, got a number on the right",
        ),
        ("not x", None, 1, "'not' needs true/false, got a number"),
        (
            "a + 1",
            None,
            3,
            "'+' needs numbers on both sides, got true/false on the left",
        ),
        (
            "a * upcard.suit",
            None,
            3,
            "'*' needs numbers on both sides, got true/false on the left and text on the right",
        ),
        ("-a", None, 1, "'-' needs a number, got true/false"),
        (
            "a < 1",
            None,
            3,
            "'<' needs numbers on both sides, got true/false on the left",
        ),
        (
            "x == 'C'",
            None,
            3,
            "'==' needs the same type on both sides, got a number on the left and text on the right",
        ),
        (
            "1 if x else 2",
            None,
            6,
            "'if' needs true/false as its condition, got a number",
        ),
        (
            "1 if a else b",
            None,
            8,
            ("both branches of 'if ... else' need the same type, got a number before 'if' and true/false after 'else'"),
        ),
        ("max(x, a)", None, 8, "'max' needs numbers, got true/false as argument 2"),
        ("abs(1, 2)", None, 1, "'abs' takes exactly one number, got 2"),
        ("min()", None, 1, "'min' needs at least one number"),
        ("x + 1", "bool", 1, "expected true/false, got a number"),
        ("  a", "int", 3, "expected a number, got true/false"),
        ("upcard.suit", "bool", 1, "expected true/false, got text"),
    ],
)
def test_type_errors(source: str, expect: str | None, column: int, message: str) -> None:
    err = error(source, expect)
    assert (err.column, err.message) == (column, message)


def test_bad_expect_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        compile_expr("1", NAMES, "number")


# --- values a text-valued name can hold ---------------------------------------

VALUES = {
    "upcard.suit": ("suit", ("C", "D", "H", "S")),
    "fixed_by": ("bidding phase id", {"round1": "round1", "round2": "round2", "": ""}),
    "upcard.rank": ("rank", {"9": "9", "T": "T", "10": "T", "A": "A"}),
}
TEXT_NAMES = {**NAMES, "fixed_by": "str", "upcard.rank": "str"}


@pytest.mark.parametrize(
    ("source", "env", "expected"),
    [
        ('upcard.suit == "C"', {"upcard.suit": "C"}, True),
        ("'D' != upcard.suit", {"upcard.suit": "C"}, True),
        ('fixed_by == ""', {"fixed_by": ""}, True),
        ('upcard.rank == "10"', {"upcard.rank": "T"}, True),  # an accepted spelling compiles as the value held
        ('"10" != upcard.rank', {"upcard.rank": "T"}, False),
        ('upcard.rank == "A" and (upcard.suit) == "H"', {"upcard.rank": "A", "upcard.suit": "H"}, True),
    ],
)
def test_known_values_compare(source: str, env: dict[str, Any], expected: bool) -> None:
    assert compile_expr(source, TEXT_NAMES, "bool", VALUES).fn(env) is expected


@pytest.mark.parametrize(
    ("source", "column", "message"),
    [
        ('upcard.suit == "X"', 16, "'X' is not a suit of this spec (its suits: C D H S)"),
        ('"7" != upcard.rank', 1, "'7' is not a rank of this spec (its ranks: 9 T A)"),
        (
            'a and fixed_by == "roundone"',
            19,
            "'roundone' is not a bidding phase id of this spec (its bidding phase ids: round1 round2 \"\")",
        ),
    ],
)
def test_unknown_values_are_refused_at_the_literal(source: str, column: int, message: str) -> None:
    with pytest.raises(ExprError) as info:
        compile_expr(source, TEXT_NAMES, "bool", VALUES)
    assert (info.value.column, info.value.message) == (column, message)


def test_values_are_checked_only_when_given_and_only_against_a_literal() -> None:
    assert compile_expr('upcard.suit == "X"', TEXT_NAMES).fn({"upcard.suit": "C"}) is False
    both = compile_expr("upcard.suit == fixed_by", TEXT_NAMES, "bool", VALUES)
    assert both.fn({"upcard.suit": "", "fixed_by": ""}) is True
    picked = compile_expr('("X" if a else "Y") == upcard.suit', TEXT_NAMES, "bool", VALUES)
    assert picked.fn({"a": True, "upcard.suit": "X"}) is True


# --- properties ---------------------------------------------------------------

ints = st.integers(min_value=-(10**6), max_value=10**6)


@given(ints, ints, st.sampled_from(["+", "-", "*", "//", "%"]))
@example(7, 0, "//")
@example(-7, 0, "%")
def test_arithmetic_matches_python(p: int, q: int, op: str) -> None:
    python = {
        "+": p + q,
        "-": p - q,
        "*": p * q,
        "//": p // q if q else 0,
        "%": p % q if q else 0,
    }[op]
    env = {"x": p, "y": q}
    assert compile_expr(f"x {op} y", NAMES).fn(env) == python
    assert compile_expr(f"x {op} {q}", NAMES).fn(env) == python  # constant right side
    # Negative literals parse as unary minus, which binds tighter than * // %.
    folded = compile_expr(f"{p} {op} {q}", NAMES)
    assert folded.constant == python


@given(ints, ints, st.booleans(), st.booleans())
def test_conditional_chooses(p: int, q: int, cond: bool, other: bool) -> None:
    env = {**ENV, "x": p, "y": q, "a": cond, "b": other}
    assert compile_expr("x if a else y", NAMES).fn(env) == (p if cond else q)
    assert compile_expr("x if a else y if b else 0", NAMES).fn(env) == (p if cond else q if other else 0)
    assert compile_expr("x < y or a and not b", NAMES).fn(env) == (p < q or cond and not other)
