"""Compile TrickSpec expressions (docs/spec-language.md, "Expressions") into closures.

Why closures: expressions run in the inner loop (scoring every hand, every
simulated deal), so each is parsed and type-checked once, when the spec is
loaded, and turned into nested Python functions ``fn(env)``. Evaluating one then
costs a few calls and dict look-ups: no tree walking, and never ``eval``.

What the caller must know:

- ``env`` maps dotted names to values (``env["makers.tricks"] == 3``). It must
  hold every name in ``CompiledExpr.names`` with a value of the declared type
  (``bool`` for "bool"); nothing is checked at run time.
- ``//`` and ``%`` are Python's floor division and modulo, except that a zero
  divisor gives 0 instead of raising: a spec must never crash mid-hand.
- Comparisons do not chain: ``a < b < c`` is an ``ExprError`` (write
  ``a < b and b < c``); Python's chaining would make ``1 < 2 == true`` quietly
  false, which is never what a spec author means.
- ``and``, ``or`` and ``A if C else B`` short-circuit. Sub-expressions over
  constants are folded at compile time; ``CompiledExpr.constant`` is the value
  when the whole expression folds (test it with ``is not None``: it may be
  ``0`` or ``False``).
- ``ExprError.column`` is the 1-based character offset in the source string,
  i.e. the column for a one-line expression.
- ``values`` (optional) names, per text-valued name, the strings it can hold:
  ``name == "literal"`` (or ``!=``, either side) with a literal it never holds
  is an ExprError at the literal. When the allowed strings are a mapping, its
  keys are the spellings accepted and its values what the name holds at run
  time (``"10"`` → ``"T"``): the literal is compiled as its value.
- ``calls`` (optional) adds functions whose arguments are fixed when the spec
  is loaded (``held("A")``, ``holder_of(dealer, "JK")``): each argument must be
  a text literal or a bare name, and the caller's resolver turns the call into
  one name of the env (a canonical key such as ``held(seat, "A")``) and its
  type. The language stays ignorant of what the call means; the env computes
  the key like any other name.
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, NamedTuple, Protocol, overload

from ..frozen import frozen_positional
from ..limits import MAX_EXPR_CHARS, MAX_EXPR_DEPTH, MAX_INT, shorten
from .parser import Token, Tree, UnexpectedCharacters, UnexpectedToken, parse

Fn = Callable[[Mapping[str, Any]], Any]
# Per text-valued name: (noun, allowed strings), e.g. ("suit", ("C", "D", "H", "S")).
Values = Mapping[str, tuple[str, Collection[str]]]

TYPES = ("int", "bool", "str")
FUNCTIONS = ("abs", "max", "min")


class CallArg(NamedTuple):
    """One argument of a caller-resolved call: a text literal ("A") or a bare name (dealer)."""

    kind: str  # "text" | "name"
    value: str
    column: int  # 1-based, for the resolver's ExprError


# A resolver turns the arguments of one call into (env key, type); it raises ExprError when they are wrong.
Resolver = Callable[[list[CallArg], int], tuple[str, str]]

# How a type reads in a message: "got a number", "needs true/false".
_A = {"int": "a number", "bool": "true/false", "str": "text"}
_NEEDS = {"int": "numbers", "bool": "true/false", "str": "text"}


@frozen_positional
class CompiledExpr:
    """A checked expression: call ``fn(env)`` to evaluate it."""

    source: str  # the text as given (str(value) for non-strings)
    type: str  # "int" | "bool" | "str"
    names: frozenset[str]  # every name it mentions, even in dead branches
    fn: Fn
    constant: Any | None = None  # the value when the whole expression folds


class ExprError(Exception):
    """message: what is wrong and what was expected; column: 1-based column in source (or None).

    ``str(err)`` is the message alone: the caller knows the file and line and
    adds them (e.g. as a SpecError at the scalar's column + ``column - 1``).
    """

    def __init__(self, message: str, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


class _Node(NamedTuple):
    """A compiled sub-expression; ``const`` is ``_VARIES`` unless it folded."""

    type: str
    fn: Fn
    const: Any
    pos: int  # 0-based offset of its first character


_VARIES = object()


def _constant(type_: str, value: Any, pos: int) -> _Node:
    return _Node(type_, lambda env: value, value, pos)


def _floordiv(a: int, b: int) -> int:
    return a // b if b else 0


def _mod(a: int, b: int) -> int:
    return a % b if b else 0


# Closure factories, one per operator, so the hot path is a single lambda
# with the operator inlined rather than a call through operator.*.
_BINARY: dict[str, Callable[[Fn, Fn], Fn]] = {
    "+": lambda a, b: lambda env: a(env) + b(env),
    "-": lambda a, b: lambda env: a(env) - b(env),
    "*": lambda a, b: lambda env: a(env) * b(env),
    "//": lambda a, b: lambda env: _floordiv(a(env), b(env)),
    "%": lambda a, b: lambda env: _mod(a(env), b(env)),
    "==": lambda a, b: lambda env: a(env) == b(env),
    "!=": lambda a, b: lambda env: a(env) != b(env),
    "<": lambda a, b: lambda env: a(env) < b(env),
    "<=": lambda a, b: lambda env: a(env) <= b(env),
    ">": lambda a, b: lambda env: a(env) > b(env),
    ">=": lambda a, b: lambda env: a(env) >= b(env),
}
# The common "name OP constant" shape (makers.tricks >= 3) skips one call.
_BINARY_CONST: dict[str, Callable[[Fn, Any], Fn]] = {
    "+": lambda a, c: lambda env: a(env) + c,
    "-": lambda a, c: lambda env: a(env) - c,
    "*": lambda a, c: lambda env: a(env) * c,
    "//": lambda a, c: lambda env: a(env) // c,  # only used when c != 0
    "%": lambda a, c: lambda env: a(env) % c,
    "==": lambda a, c: lambda env: a(env) == c,
    "!=": lambda a, c: lambda env: a(env) != c,
    "<": lambda a, c: lambda env: a(env) < c,
    "<=": lambda a, c: lambda env: a(env) <= c,
    ">": lambda a, c: lambda env: a(env) > c,
    ">=": lambda a, c: lambda env: a(env) >= c,
}


def _did_you_mean(word: str, choices: Mapping[str, Any] | tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _need_both(a: _Node, b: _Node, type_: str, op: Tree | Token) -> None:
    """An operator that takes `type_` on both sides: say which side is wrong, at the operator."""
    if a.type != type_ or b.type != type_:
        what = "numbers" if type_ == "int" else "true/false"
        raise ExprError(f"'{op}' needs {what} on both sides, got {_got(a.type, b.type, type_)}", _pos(op) + 1)


def _got(left: str, right: str, want: str) -> str:
    """'got a number on the left' for the side(s) that are not ``want``."""
    bad = [f"{_A[t]} on the {side}" for t, side in ((left, "left"), (right, "right")) if t != want]
    return " and ".join(bad)


def _pos(node: Tree | Token) -> int:
    """0-based offset of a node's first character (every token and tree has one)."""
    if isinstance(node, Token):
        return node.start_pos
    assert node.meta.start_pos is not None
    return node.meta.start_pos


class _Compiler:
    """One tree walk: type-checks each node and builds its closure bottom-up."""

    def __init__(
        self, names: Mapping[str, str], values: Values | None = None, calls: Mapping[str, Resolver] | None = None
    ) -> None:
        self.names = names
        self.values = values or {}
        self.calls = calls or {}
        self.used: set[str] = set()

    def walk(self, node: Tree | Token) -> _Node:
        if isinstance(node, Token):
            return getattr(self, f"tok_{node.type}")(node)
        return getattr(self, f"tree_{node.data}")(node)

    # --- leaves -------------------------------------------------------------
    def tok_INT(self, tok: Token) -> _Node:
        digits = str(tok).lstrip("0")
        if len(digits) > len(str(MAX_INT)) or int(digits or "0") > MAX_INT:
            raise ExprError(f"the number {shorten(digits, 20)} is too large (at most {MAX_INT:,})", _pos(tok) + 1)
        return _constant("int", int(tok), _pos(tok))

    def tok_TRUE(self, tok: Token) -> _Node:
        return _constant("bool", True, _pos(tok))

    def tok_FALSE(self, tok: Token) -> _Node:
        return _constant("bool", False, _pos(tok))

    def tok_STRING(self, tok: Token) -> _Node:
        return _constant("str", str(tok)[1:-1], _pos(tok))

    def tok_NAME(self, tok: Token) -> _Node:
        name = str(tok)
        if name not in self.names:
            raise ExprError(
                f"unknown name '{name}'{_did_you_mean(name, self.names)}",
                _pos(tok) + 1,
            )
        self.used.add(name)
        return _Node(self.names[name], operator.itemgetter(name), _VARIES, _pos(tok))

    # --- operators ----------------------------------------------------------
    def _binary(self, a: _Node, op: str, b: _Node, type_: str) -> _Node:
        if a.const is not _VARIES and b.const is not _VARIES:
            return _constant(type_, _BINARY[op](a.fn, b.fn)({}), a.pos)
        if b.const is not _VARIES:
            if op in ("//", "%") and b.const == 0:
                return _constant(type_, 0, a.pos)
            return _Node(type_, _BINARY_CONST[op](a.fn, b.const), _VARIES, a.pos)
        return _Node(type_, _BINARY[op](a.fn, b.fn), _VARIES, a.pos)

    def tree_binop(self, tree: Tree) -> _Node:
        left, op, right = tree.children
        a, b = self.walk(left), self.walk(right)
        _need_both(a, b, "int", op)
        return self._binary(a, str(op), b, "int")

    def tree_comparison(self, tree: Tree) -> _Node:
        if len(tree.children) > 3:
            op2 = tree.children[3]
            raise ExprError(
                f"comparisons do not chain: write 'a {tree.children[1]} b and b {op2} c'"
                f" instead of 'a {tree.children[1]} b {op2} c'",
                _pos(op2) + 1,
            )
        left, op, right = tree.children
        a, b = self.walk(left), self.walk(right)
        if op in ("==", "!="):
            if a.type != b.type:
                raise ExprError(
                    f"'{op}' needs the same type on both sides,"
                    f" got {_A[a.type]} on the left and {_A[b.type]} on the right",
                    _pos(op) + 1,
                )
            if self.values:
                a = self._known_value(right, left, a)
                b = self._known_value(left, right, b)
        else:
            _need_both(a, b, "int", op)
        return self._binary(a, str(op), b, "bool")

    def _known_value(self, name: Tree | Token, literal: Tree | Token, node: _Node) -> _Node:
        """A text literal compared with a text-valued name: it must be a value the name can hold."""
        if not (isinstance(name, Token) and name.type == "NAME" and str(name) in self.values):
            return node
        if not (isinstance(literal, Token) and literal.type == "STRING"):
            return node
        noun, allowed = self.values[str(name)]
        if node.const in allowed:
            value = allowed[node.const] if isinstance(allowed, Mapping) else node.const
            return _constant("str", value, node.pos)
        shown = dict.fromkeys(allowed.values() if isinstance(allowed, Mapping) else allowed)
        listed = " ".join(v if v else '""' for v in shown)
        article = "an" if noun[:1] in "aeiou" else "a"
        raise ExprError(f"'{node.const}' is not {article} {noun} of this spec (its {noun}s: {listed})", node.pos + 1)

    def tree_boolop(self, tree: Tree) -> _Node:
        left, op, right = tree.children
        a, b = self.walk(left), self.walk(right)
        _need_both(a, b, "bool", op)
        if a.const is not _VARIES:  # false and x / true or x: x is never needed
            decided = (not a.const) if op == "and" else a.const
            return _constant("bool", a.const, a.pos) if decided else b._replace(pos=a.pos)
        fa, fb = a.fn, b.fn
        if op == "and":
            return _Node("bool", lambda env: fa(env) and fb(env), _VARIES, a.pos)
        return _Node("bool", lambda env: fa(env) or fb(env), _VARIES, a.pos)

    def tree_notop(self, tree: Tree) -> _Node:
        op, operand = tree.children
        a = self.walk(operand)
        if a.type != "bool":
            raise ExprError(f"'not' needs true/false, got {_A[a.type]}", _pos(op) + 1)
        if a.const is not _VARIES:
            return _constant("bool", not a.const, _pos(op))
        fa = a.fn
        return _Node("bool", lambda env: not fa(env), _VARIES, _pos(op))

    def tree_neg(self, tree: Tree) -> _Node:
        op, operand = tree.children
        a = self.walk(operand)
        if a.type != "int":
            raise ExprError(f"'-' needs a number, got {_A[a.type]}", _pos(op) + 1)
        if a.const is not _VARIES:
            return _constant("int", -a.const, _pos(op))
        fa = a.fn
        return _Node("int", lambda env: -fa(env), _VARIES, _pos(op))

    def tree_ifelse(self, tree: Tree) -> _Node:
        then_tree, _if, cond_tree, else_tok, else_tree = tree.children
        a, c, b = self.walk(then_tree), self.walk(cond_tree), self.walk(else_tree)
        if c.type != "bool":
            raise ExprError(f"'if' needs true/false as its condition, got {_A[c.type]}", c.pos + 1)
        if a.type != b.type:
            raise ExprError(
                "both branches of 'if ... else' need the same type,"
                f" got {_A[a.type]} before 'if' and {_A[b.type]} after 'else'",
                _pos(else_tok) + 1,
            )
        if c.const is not _VARIES:
            return (a if c.const else b)._replace(pos=a.pos)
        fa, fc, fb = a.fn, c.fn, b.fn
        return _Node(a.type, lambda env: fa(env) if fc(env) else fb(env), _VARIES, a.pos)

    def tree_call(self, tree: Tree) -> _Node:
        name_tok, *arg_trees = tree.children
        name, column = str(name_tok), _pos(name_tok) + 1
        if name in self.calls:
            return self._resolved_call(name, column, arg_trees)
        if name not in FUNCTIONS:
            known = (*FUNCTIONS, *sorted(self.calls))
            raise ExprError(
                f"unknown function '{name}'{_did_you_mean(name, known)}; known: {', '.join(known)}",
                column,
            )
        args = [self.walk(t) for t in arg_trees]
        if name == "abs" and len(args) != 1:
            raise ExprError(f"'abs' takes exactly one number, got {len(args)}", column)
        if not args:
            raise ExprError(f"'{name}' needs at least one number", column)
        for i, arg in enumerate(args, 1):
            if arg.type != "int":
                raise ExprError(
                    f"'{name}' needs numbers, got {_A[arg.type]} as argument {i}",
                    arg.pos + 1,
                )
        fns = [arg.fn for arg in args]
        if name == "abs":
            if args[0].const is not _VARIES:
                return _constant("int", abs(args[0].const), _pos(name_tok))
            return _Node("int", _call1(abs, fns[0]), _VARIES, _pos(name_tok))
        pick = _MIN_MAX[name]
        if all(arg.const is not _VARIES for arg in args):
            return _constant("int", pick(a.const for a in args), _pos(name_tok))
        if len(fns) == 1:
            return args[0]._replace(pos=_pos(name_tok))
        fn = _call2(pick, *fns) if len(fns) == 2 else _calln(pick, fns)
        return _Node("int", fn, _VARIES, _pos(name_tok))

    def _resolved_call(self, name: str, column: int, arg_trees: list[Tree | Token]) -> _Node:
        """A call the caller resolves at compile time into one env name (see the module notes)."""
        args = []
        for tree in arg_trees:
            if isinstance(tree, Token) and tree.type == "STRING":
                args.append(CallArg("text", str(tree)[1:-1], _pos(tree) + 1))
            elif isinstance(tree, Token) and tree.type == "NAME":
                args.append(CallArg("name", str(tree), _pos(tree) + 1))
            else:
                raise ExprError(
                    f"'{name}' takes text such as \"A\" or a seat name such as dealer, not an expression",
                    _pos(tree) + 1,
                )
        key, type_ = self.calls[name](args, column)
        self.used.add(key)
        return _Node(type_, operator.itemgetter(key), _VARIES, column - 1)


class _Pick(Protocol):
    """`max` or `min`: of two numbers, or of a list of them."""

    @overload
    def __call__(self, a: int, b: int, /) -> int: ...

    @overload
    def __call__(self, items: Iterable[int], /) -> int: ...


_MIN_MAX: dict[str, _Pick] = {"max": max, "min": min}


# Call factories: each closure binds its own operands (no late binding in loops).
def _call1(func: Callable[[int], int], f0: Fn) -> Fn:
    return lambda env: func(f0(env))


def _call2(func: Callable[[int, int], int], f0: Fn, f1: Fn) -> Fn:
    return lambda env: func(f0(env), f1(env))


def _calln(func: Callable[[list[int]], int], fns: list[Fn]) -> Fn:
    return lambda env: func([f(env) for f in fns])


def _check_depth(tree: Tree | Token) -> None:
    """Refuse a tree nested deeper than MAX_EXPR_DEPTH, without recursion (the compiler's walk recurses)."""
    level: list[Tree | Token] = [tree]
    depth = 0
    while level:
        depth += 1
        if depth > MAX_EXPR_DEPTH:
            deepest = level[0]
            raise ExprError(
                f"the expression is nested more than {MAX_EXPR_DEPTH} levels deep"
                " (operators, brackets and calls inside each other)",
                _pos(deepest) + 1,
            )
        level = [child for node in level if isinstance(node, Tree) for child in node.children]


def _parse(source: str) -> Tree | Token:
    """Parse, turning lark's multi-line reports into one short ExprError."""
    if not source.strip():
        raise ExprError("empty expression", 1)
    if len(source) > MAX_EXPR_CHARS:
        raise ExprError(f"the expression is longer than {MAX_EXPR_CHARS} characters", MAX_EXPR_CHARS + 1)
    try:
        tree = parse(source)
    except UnexpectedCharacters as err:
        at = err.pos_in_stream
        assert at is not None  # the lexer always says where it stopped
        char = source[at]
        if char in "\"'":
            raise ExprError(f"text starting here has no closing {char}", at + 1) from None
        hint = " (compare with '==')" if char == "=" else ""
        raise ExprError(f"unexpected character {char!r}{hint}", at + 1) from None
    except UnexpectedToken as err:
        token = err.token
        if token.type == "$END":
            raise ExprError("expression ends too early", len(source.rstrip()) + 1) from None
        raise ExprError(f"unexpected '{shorten(str(token), 30)}'", token.start_pos + 1) from None
    _check_depth(tree)
    return tree


def compile_expr(
    source: str | int | bool,
    names: Mapping[str, str],
    expect: str | None = None,
    values: Values | None = None,
    calls: Mapping[str, Resolver] | None = None,
) -> CompiledExpr:
    """Parse, type-check and compile ``source`` once; raise ExprError on bad input.

    ``source`` may be a YAML scalar: ``True``/``False`` and ints are constants.
    ``names`` maps each readable dotted name to its type ("int"/"bool"/"str");
    ``expect`` is the type the caller needs, if any; ``values`` the strings
    text-valued names can hold, ``calls`` the compile-time resolved functions
    (see the module notes). Division or modulo by
    zero evaluates to 0 (never raises), so a spec cannot crash mid-hand.
    """
    if expect is not None and expect not in TYPES:
        raise ValueError(f"expect must be one of {TYPES}, not {expect!r}")
    compiler = _Compiler(names, values, calls)
    if isinstance(source, bool):  # before int: bool is an int subclass
        node = _constant("bool", source, 0)
    elif isinstance(source, int):
        node = _constant("int", source, 0)
    elif isinstance(source, str):
        node = compiler.walk(_parse(source))
    else:
        raise ExprError(f"expected an expression, a number or true/false, got {source!r}")
    if expect is not None and node.type != expect:
        raise ExprError(f"expected {_A[expect]}, got {_A[node.type]}", node.pos + 1)
    return CompiledExpr(
        source=str(source),
        type=node.type,
        names=frozenset(compiler.used),
        fn=node.fn,
        constant=None if node.const is _VARIES else node.const,
    )
