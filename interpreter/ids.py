"""`trickspec ids VARIANT`: the ids an overlay can address, list by list.

An overlay edits a list of phases or rows by id (docs/overlays.md); this shows
every such list of the merged spec (house rules stacked with --rule included),
each item's id — a row's `id`, a phase's `id` setting, or its kind when it has
none, exactly as the overlay merge finds them (`item_id`) — and what the item is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from .spec.overlay import item_id
from .variants import load_document, load_rules


def _lists(data: Any, path: str = "") -> Iterator[tuple[str, list[Any]]]:
    """Every list of mappings in the document, with its path (`scoring`, `deal.kitty`…), in document order."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _lists(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list) and any(isinstance(item, dict) for item in data):
        yield path, data


def _about(item: Any) -> str:
    """A few words on an item: a row's condition, a phase's kind."""
    if not isinstance(item, dict):
        return str(item)
    if "when" in item:
        return f"when {item['when']}"
    if item.get("otherwise"):
        return "otherwise"
    if "winner_if" in item:
        return f"winner if {item['winner_if']}"
    if "loser_if" in item:
        return f"loser if {item['loser_if']}"
    if len(item) == 1:
        return f"phase: {next(iter(item))}"
    return ", ".join(f"{k}: {v}" for k, v in item.items() if k != "id")


def ids_text(name: str, rules: Sequence[str] = (), options: dict[str, int] | None = None) -> str:
    """The lists of the merged spec and their ids, for a person writing an overlay."""
    compiled = load_rules(name, options or {}, rules)  # every problem is a SpecError first
    doc = load_document(name, rules)
    lines = [f"{compiled.heading}: the ids an overlay can address (see docs/overlays.md)"]
    for path, items in _lists(doc.data):
        lines += ["", f"{path}:"]
        ids = [item_id(item) for item in items]
        width = max((len(i) for i in ids if i is not None), default=0)
        for index, (ident, item) in enumerate(zip(ids, items, strict=True)):
            shown = ident if ident is not None else f"(item {index}: no id)"
            lines.append(f"  {shown:<{width}}  {_about(item)}")
        if all(i is None for i in ids):
            lines.append("  no item has an id: an overlay gives the whole list, or appends / prepends to it")
    return "\n".join(lines) + "\n"
