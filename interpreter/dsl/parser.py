"""The expression parser: lark's LALR(1) tables for `expr.lark`, run without importing lark.

Why: importing lark and loading its parser cost more than parsing, checking and
compiling a whole spec; `trickspec validate` must start fast. `tables_gen.py`
has lark turn the grammar into tables once (`tables.py`); this module is the
small part of lark that runs them, and gives the same result lark would:

- the lexer tries the grammar's terminals in lark's order (one regex); a name
  spelled like a keyword is that keyword; whitespace is skipped; a character no
  terminal matches is `UnexpectedCharacters` at its offset, raised when the
  parser asks for that token (so an earlier bad token is reported first);
- the parser shifts and reduces by the tables; a token the state has no action
  for is `UnexpectedToken` (the end of the text is a token of type `$END`);
- each reduction builds the tree as lark's tree builder does: anonymous tokens
  such as "(" dropped, `_rules` inlined, a `?rule` with one child replaced by
  it, and the positions propagated (`meta.start_pos`, `meta.end_pos`: the
  brackets around a sub-expression count for its parent, not for itself).

tests/test_expr_parser.py checks the trees, positions and errors against lark's
own parser of the grammar, and that `tables.py` is current.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from .tables import END, IGNORE, KEYWORDS, RULES, START, STATES, TOKENS

_SCAN = re.compile(TOKENS)


class Token(str):
    """A token: its text (the str), its terminal's name and where it is (0-based offsets)."""

    type: str
    start_pos: int
    end_pos: int

    def __new__(cls, type_: str, value: str, start_pos: int, end_pos: int) -> Token:
        token = super().__new__(cls, value)
        token.type = type_
        token.start_pos = start_pos
        token.end_pos = end_pos
        return token

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {str(self)!r})"


class Meta:
    """Where a subtree's text is: `start_pos`, `end_pos`; `container_*` include the brackets around it."""

    __slots__ = ("start_pos", "end_pos", "container_start_pos", "container_end_pos", "empty")

    def __init__(self) -> None:
        self.start_pos: int | None = None
        self.end_pos: int | None = None
        self.container_start_pos: int | None = None
        self.container_end_pos: int | None = None
        self.empty = True


class Tree:
    """A node of the syntax tree: `data` is its rule's name (or alias), `children` trees and tokens."""

    __slots__ = ("data", "children", "meta")

    def __init__(self, data: str, children: list[Tree | Token]) -> None:
        self.data = data
        self.children = children
        self.meta = Meta()

    def scan_values(self, pred: Callable[[Tree | Token], bool]) -> Iterator[Token]:
        """The tokens anywhere below, that `pred` accepts."""
        for child in self.children:
            if isinstance(child, Tree):
                yield from child.scan_values(pred)
            elif pred(child):
                yield child

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"


class UnexpectedCharacters(Exception):
    """No terminal matches the text at `pos_in_stream`."""

    def __init__(self, pos_in_stream: int) -> None:
        super().__init__(f"no token at offset {pos_in_stream}")
        self.pos_in_stream = pos_in_stream


class UnexpectedToken(Exception):
    """The grammar allows no `token` here (type `$END`: the text ended too early)."""

    def __init__(self, token: Token) -> None:
        super().__init__(f"unexpected {token.type} {str(token)!r} at offset {token.start_pos}")
        self.token = token


def _tokens(text: str) -> Iterator[Token]:
    pos, end = 0, len(text)
    while pos < end:
        m = _SCAN.match(text, pos)
        if m is None:
            raise UnexpectedCharacters(pos)
        kind = m.lastgroup
        value = m.group()
        assert kind is not None
        if kind not in IGNORE:
            yield Token(KEYWORDS.get(value, kind) if kind == "NAME" else kind, value, pos, m.end())
        pos = m.end()


def _first_start(children: list[Tree | Token]) -> int | None:
    for child in children:
        if isinstance(child, Token):
            return child.start_pos
        if not child.meta.empty:
            return child.meta.container_start_pos
    return None


def _last_end(children: list[Tree | Token]) -> int | None:
    for child in reversed(children):
        if isinstance(child, Token):
            return child.end_pos
        if not child.meta.empty:
            return child.meta.container_end_pos
    return None


def _reduce(rule: int, children: list[Tree | Token]) -> Tree | Token:
    _, name, _, expand1, kept = RULES[rule]
    if kept is None:
        filtered = children
    else:
        filtered = []
        for i, inlined in kept:
            child = children[i]
            if inlined:
                assert isinstance(child, Tree)
                filtered += child.children
            else:
                filtered.append(child)
    node = filtered[0] if expand1 and len(filtered) == 1 else Tree(name, filtered)
    if isinstance(node, Tree):
        meta = node.meta
        start = _first_start(children)
        if start is not None:
            if meta.start_pos is None:  # a tree passed up by a `?rule` keeps its own start
                meta.start_pos = start
                meta.empty = False
            meta.container_start_pos = start
        end = _last_end(children)
        if end is not None:
            if meta.end_pos is None:
                meta.end_pos = end
                meta.empty = False
            meta.container_end_pos = end
    return node


def _feed(token: Token, states: list[int], values: list[Tree | Token]) -> Tree | Token | None:
    """Shift `token` after the reductions it calls for; at `$END`, the finished tree."""
    while True:
        try:
            action, arg = STATES[states[-1]][token.type]
        except KeyError:
            raise UnexpectedToken(token) from None
        if action == 0:
            states.append(arg)
            values.append(token)
            return None
        size = RULES[arg][2]
        children = values[-size:]
        del states[-size:]
        del values[-size:]
        node = _reduce(arg, children)
        _, goto = STATES[states[-1]][RULES[arg][0]]
        states.append(goto)
        values.append(node)
        if token.type == "$END" and goto == END:
            return values[-1]


def parse(text: str) -> Tree | Token:
    """The syntax tree of one expression (a lone token for a literal or a name)."""
    states: list[int] = [START]
    values: list[Tree | Token] = []
    last: Token | None = None
    for last in _tokens(text):
        _feed(last, states, values)
    end = Token("$END", "", last.start_pos, last.end_pos) if last is not None else Token("$END", "", 0, 0)
    done = _feed(end, states, values)
    assert done is not None
    return done
