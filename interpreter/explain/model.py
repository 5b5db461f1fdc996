"""The explained form of a spec: `Section`s of `Item`s, shared by explain and diff.

An item is one phase, row, option or topic, made of *parts* (one per setting),
so `diff` can compare two variants setting by setting.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .words import cap


@dataclass
class Item:
    """One explained thing: a phase, a row, an option, a topic.

    `parts` are (key, words) per setting, in order; `short` gives a shorter
    form of some parts for `diff`. `ident` is an explicit `id` (None without).
    """

    label: str
    parts: list[tuple[str, str]]
    kind: str = ""
    ident: str | None = None
    text: str = ""  # the sentence as explained; default: the parts joined
    short: dict[str, str] = field(default_factory=dict)

    def sentence(self) -> str:
        return self.text or cap("; ".join(p for _, p in self.parts)) + "."


@dataclass
class Section:
    key: str
    heading: str
    items: list[Item]
    intro: str = ""
    outro: str = ""
    numbered: bool = False
    labelled: bool = False  # print "Label: sentence"
