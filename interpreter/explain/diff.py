"""`trickspec diff`: what differs between two variants, item by item.

The items of two specs are paired (phases and rows by `id`, else by kind and
position) and what differs is printed, one line per difference.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..spec.model import SpecModel
from ..variants import load_rules
from .model import Item, Section
from .rules_text import Describer
from .words import plural, uncap, words


def _pair(a: list[Item], b: list[Item]) -> list[tuple[Item | None, Item | None]]:
    """Items of two lists paired: by explicit id, then by kind in order where either lacks an id."""
    pairs: dict[int, int] = {}
    used: set[int] = set()
    for i, x in enumerate(a):
        if x.ident is None:
            continue
        for j, y in enumerate(b):
            if j not in used and y.ident == x.ident:
                pairs[i] = j
                used.add(j)
                break
    for i, x in enumerate(a):
        if i in pairs:
            continue
        for j, y in enumerate(b):
            if j not in used and y.kind == x.kind and (x.ident is None or y.ident is None):
                pairs[i] = j
                used.add(j)
                break
    for i, x in enumerate(a):  # the catch-all rows of two tables answer each other
        if i in pairs or x.kind != "otherwise":
            continue
        for j, y in enumerate(b):
            if j not in used and y.kind == "otherwise":
                pairs[i] = j
                used.add(j)
                break
    out: list[tuple[Item | None, Item | None]] = [(x, b[pairs[i]] if i in pairs else None) for i, x in enumerate(a)]
    out += [(None, y) for j, y in enumerate(b) if j not in used]
    return out


def _flat(item: Item) -> str:
    return uncap(item.sentence().rstrip("."))


def _added_text(item: Item) -> str:
    """A row as one line: 'if the makers take no trick, the defenders score 4'."""
    if item.kind not in ("when", "otherwise"):
        return _flat(item)
    cond, *rest = [p for _, p in item.parts]
    return ", ".join([cond, "; ".join(p for p in rest if p)]) if cond else "; ".join(p for p in rest if p)


ROW_SECTIONS = ("lead", "scoring", "match_end")
PHASE_SECTIONS = ("bidding", "declarations")


def _name_of(section: Section, item: Item) -> str:
    """How an added or removed item is named: its id, with its label for a phase."""
    if section.key in PHASE_SECTIONS:
        about = item.label if item.label == words(item.kind) else f"{item.label}, {item.kind}"
        return f'"{item.ident}" ({about})' if item.ident else f"{item.label} ({item.kind})"
    if section.key in ROW_SECTIONS:
        return f'"{item.ident}"' if item.ident else item.label
    return item.label


def _label(section: Section, item: Item, other: Item) -> str:
    """How a changed item is named at the start of its line (`other`: its pair in B)."""
    renamed = f' / "{other.ident}"' if item.ident and other.ident and other.ident != item.ident else ""
    if section.key in PHASE_SECTIONS:
        return f"{item.label} ({item.kind})"
    if section.key in ROW_SECTIONS:
        return f"{words(section.key)} " + (f'"{item.ident}"{renamed}' if item.ident else item.label)
    if len(section.items) == 1:
        return words(section.key)
    return item.label


def _compare(section: Section, x: Item, y: Item) -> tuple[str, str] | None:
    """The differing parts of two paired items, as (A's words, B's words); None if alike."""
    if x.parts == y.parts and x.kind == y.kind:
        return None
    if x.kind != y.kind and section.key in PHASE_SECTIONS:
        return f"{x.kind}: {_flat(x)}", f"{y.kind}: {_flat(y)}"
    ax, by = dict(x.parts), dict(y.parts)
    if section.key in ROW_SECTIONS and set(ax) != set(by):
        return _added_text(x), _added_text(y)
    keys = [k for k, _ in x.parts] + [k for k, _ in y.parts if k not in ax]
    left, right = [], []
    for k in keys:
        if ax.get(k) != by.get(k):
            if k in x.short and k in y.short and x.short[k] != y.short[k]:
                left.append(x.short[k])
                right.append(y.short[k])
            elif k in x.short and k in y.short:  # what differs (a description, a bower rank) is not in the short form
                left.append(uncap(ax.get(k) or "—"))
                right.append(uncap(by.get(k) or "—"))
            else:
                left.append(ax.get(k) or "—")
                right.append(by.get(k) or "—")
    if not left:
        return None
    return "; ".join(left), "; ".join(right)


def diff_lines(spec_a: SpecModel, spec_b: SpecModel) -> list[str]:
    """What differs between two spec models, one line per difference (empty: none)."""
    a_sections = {s.key: s for s in Describer(spec_a).sections()}
    b_sections = {s.key: s for s in Describer(spec_b).sections()}
    keys = list(a_sections) + [k for k in b_sections if k not in a_sections]
    lines = []
    for key in keys:
        if key == "scoring":
            lines += _start_score(spec_a, spec_b)
        sa = a_sections.get(key) or Section(key, key, [])
        sb = b_sections.get(key) or Section(key, key, [])
        pairs = _pair(sa.items, sb.items)
        for x, y in pairs:
            if x is not None and y is not None:
                changed = _compare(sa, x, y)
                if changed:
                    lines.append(f"{_label(sa, x, y)}: A: {changed[0]} · B: {changed[1]}")
            elif x is not None:
                lines.append(f"{words(key)}: B removes {_name_of(sa, x)}: {_added_text(x)}")
            elif y is not None:
                lines.append(f"{words(key)}: B adds {_name_of(sb, y)}: {_added_text(y)}")
        # The order of rows and phases matters: say when it changed.
        both = [(x, y) for x, y in pairs if x is not None and y is not None]
        order_b = [sb.items.index(y) for _, y in both if y is not None]
        if order_b != sorted(order_b):
            said_a = ", ".join(_name_of(sa, x) for x, _ in both if x is not None)
            said_b = ", ".join(_name_of(sb, y) for _, y in sorted(both, key=lambda p: sb.items.index(p[1])))
            lines.append(f"{words(key)}: the order differs: A: {said_a} · B: {said_b}")
    return lines


def _start_score(spec_a: SpecModel, spec_b: SpecModel) -> list[str]:
    """The score every side starts the match with (said in the scoring intro, not as an item)."""
    a, b = spec_a.start_score, spec_b.start_score
    if a == b:
        return []
    return [f"scoring: start score: A: {plural(a, 'point')} each · B: {plural(b, 'point')} each"]


def _stacked(rules: Sequence[str]) -> str:
    return "".join(f" + {rule}" for rule in rules)


def diff_text(a: str, b: str, rules: Sequence[str] = (), rules_b: Sequence[str] = ()) -> str:
    """`trickspec diff A B`: both are validated, then compared section by section."""
    rules_b = [*rules, *rules_b]
    spec_a = load_rules(a, {}, rules).model
    spec_b = load_rules(b, {}, rules_b).model
    head = [
        f"A: {a}{_stacked(rules)} — {spec_a.title}",
        f"B: {b}{_stacked(rules_b)} — {spec_b.title}",
    ]
    lines = diff_lines(spec_a, spec_b) or ["no differences"]
    return "\n".join(head + lines) + "\n"
