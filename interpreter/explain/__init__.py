"""`trickspec explain` and `trickspec diff`: a variant's rules in plain English.

Everything here is generated from the typed spec model (`Rules.model`), never
from a variant's name: a house rule or a new file is explained like a bundled
one. Three layers, one module each:

- `words`: `Words` says an expression in words. It parses with the project's own
  parser (`interpreter.dsl.compiler`) and maps names and shapes to phrases
  (`makers.tricks >= 3` → "the makers take 3 tricks or more"); what it cannot
  phrase it shows as the expression text in backticks.
- `rules_text`: `Describer` turns a spec model into `Section`s of `Item`s (`model`);
  each phase's words come from its kind (`interpreter/phases/`).
  An item is one phase, row, option or topic, made of *parts* (one per
  setting), so `diff` can compare two variants setting by setting.
  `explain_text` prints the sections.
- `diff`: `diff_text` pairs the items of two specs (phases and rows by `id`,
  else by kind and position) and prints what differs.
"""

from __future__ import annotations

from .diff import diff_lines, diff_text
from .model import Item, Section
from .rules_text import Describer, explain_text, render
from .words import Words

__all__ = [
    "Describer",
    "Item",
    "Section",
    "Words",
    "diff_lines",
    "diff_text",
    "explain_text",
    "render",
]
