"""Writes `tables.py`, the expression parser's tables, from the grammar `expr.lark` (with lark).

Why: importing lark and loading its parser was a fifth of a cold `trickspec
validate`. The grammar stays the one definition of the language; lark turns it
into LALR(1) tables and a lexer here, once, and `parser.py` runs those tables
with no lark import. `tests/test_expr_parser.py` fails when the shipped
`tables.py` is not what this script makes of the current grammar, and checks
the two parsers agree (trees, positions, errors).

    python -m interpreter.dsl.tables_gen        # rewrite interpreter/dsl/tables.py

Only this script and the tests import lark; it is not on any command's path.
"""

from __future__ import annotations

import pprint
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GRAMMAR = HERE / "expr.lark"
TABLES = HERE / "tables.py"

# The options the language is parsed with (see parser.py): LALR, the basic lexer (keywords
# reserved everywhere), positions kept for located errors.
LARK_OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "basic", "propagate_positions": True}


def reference_parser() -> Any:
    """lark's own parser of the grammar: the reference the tables are made from and checked against."""
    from lark import Lark

    return Lark(GRAMMAR.read_text("utf-8"), **LARK_OPTIONS)


def tables_text() -> str:
    """The text of `tables.py` for the current grammar."""
    from lark.lexer import PatternStr
    from lark.parsers.lalr_analysis import Shift

    lark = reference_parser()
    lexer = lark.parser.lexer
    scanner = lexer.scanner  # built on first use; it also sets lexer.callback
    pattern = "|".join(m.pattern for m in scanner._mres)  # tried in order, as lark does
    keywords: dict[str, str] = {}
    for name, callback in lexer.callback.items():
        assert name == "NAME", f"a lexer callback for {name}: parser.py knows only keywords among names"
        for term in callback.scanner.terminals:
            assert isinstance(term.pattern, PatternStr) and not term.pattern.flags, term
            keywords[term.pattern.value] = term.name
    assert not lark.options.keep_all_tokens and not lark.options.lexer_callbacks
    rules = list(lark.rules)
    index = {id(rule): i for i, rule in enumerate(rules)}
    rule_rows = []
    for rule in rules:
        assert not rule.options.empty_indices, "placeholders ([...]) are not supported by parser.py"
        assert rule.expansion, "empty rules are not supported by parser.py"
        include = [
            (i, not sym.is_term and sym.name.startswith("_"))
            for i, sym in enumerate(rule.expansion)
            if not (sym.is_term and sym.filter_out)
        ]
        plain = len(include) == len(rule.expansion) and not any(inline for _, inline in include)
        rule_rows.append(
            (
                str(rule.origin.name),
                str(rule.alias or rule.origin.name),
                len(rule.expansion),
                bool(rule.options.expand1 and not rule.alias),
                None if plain else tuple(include),
            )
        )
    table = lark.parser.parser._parse_table
    # States numbered in the order met from the start (symbols in sorted order), not lark's own
    # numbering: the file then depends on the grammar only, not on lark's version.
    start, end = table.start_states["start"], table.end_states["start"]
    number = {start: 0}
    queue = [start]
    for state in queue:
        for _, (action, arg) in sorted(table.states[state].items()):
            if action is Shift and arg not in number:
                number[arg] = len(number)
                queue.append(arg)
    assert len(number) == len(table.states) and end in number
    states = {
        number[state]: {
            str(symbol): (0, number[arg]) if action is Shift else (1, index[id(arg)])
            for symbol, (action, arg) in sorted(table.states[state].items())
        }
        for state in queue
    }
    parts = [
        '"""The expression parser\'s tables: GENERATED from expr.lark by `python -m interpreter.dsl.tables_gen`.',
        "",
        "Do not edit: change the grammar and run the script (tests/test_expr_parser.py checks this file",
        'is current). What each table means is in parser.py."""',
        "",
        "# ruff: noqa: E501",
        "from __future__ import annotations",
        "",
        f"TOKENS = {pattern!r}",
        f"IGNORE: frozenset[str] = frozenset({sorted(lexer.ignore_types)!r})",
        f"KEYWORDS: dict[str, str] = {pprint.pformat(dict(sorted(keywords.items())), width=110)}",
        "START = 0",
        f"END = {number[end]!r}",
        "# (origin, tree name, length, expands a single child, kept children: None = all, else (index, inlined))",
        "RULES: tuple[tuple[str, str, int, bool, tuple[tuple[int, bool], ...] | None], ...] = "
        + pprint.pformat(tuple(rule_rows), width=110),
        "# state -> {symbol: (0, next state) to shift, (1, rule index) to reduce}",
        "STATES: dict[int, dict[str, tuple[int, int]]] = " + pprint.pformat(states, width=110, compact=True),
        "",
    ]
    return "\n".join(parts)


def main() -> int:
    TABLES.write_text(tables_text(), encoding="utf-8")
    print(f"wrote {TABLES}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
