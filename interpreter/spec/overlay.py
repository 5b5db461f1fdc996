"""House rules as overlays: `extends:` a base variant and give only what changes.

The merge rule is JSON Merge Patch (RFC 7396): mappings merge key by key, any
other value (lists included) replaces, `null` removes. On top of it, a list of
phases or rows can be edited by `id` instead of being copied whole — the
overlay gives a mapping of list edits where the base has a list:

    scoring:
      insert_before: {euchred: [{id: super_euchre, when: makers.tricks == 0, defenders: 4}]}
      replace: {march: {id: march, when: makers.tricks == 5, makers: 3}}
      patch: {round2: {name_trump: {all_pass: dealer_must_name}}}
      remove: [lone_march]
      append: [...]
      prepend: [...]

Every value of the merged document remembers the file and line that wrote it,
so a schema or semantic error in the result points at the overlay's own line.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import SpecError
from ..limits import MAX_OVERLAY_CHAIN
from .yaml_loader import LoadedYaml, load_yaml_file

EDIT_KEYS = ("replace", "patch", "insert_before", "insert_after", "remove", "append", "prepend")

Origin = tuple[LoadedYaml, tuple[Any, ...]]  # a document and the path of the value in it
# A list item being edited: its value, its origin, and a patch to merge onto it with the patch's origin (or None).
_Item = tuple[Any, Origin, tuple[Any, Origin] | None]


def item_id(item: Any) -> str | None:
    """A row's `id`, or a phase's (`- order_up: {id: round1}`; the kind when it has none)."""
    if not isinstance(item, dict):
        return None
    if "id" in item:
        return str(item["id"])
    if len(item) == 1:
        kind, settings = next(iter(item.items()))
        if isinstance(settings, dict) and "id" in settings:
            return str(settings["id"])
        return str(kind)
    return None


class _Merger:
    """Builds merged data and, beside it, the origin of every path of the result."""

    def __init__(self) -> None:
        self.origins: dict[tuple[Any, ...], Origin] = {}

    def record(self, value: Any, origin: Origin, rpath: tuple[Any, ...]) -> Any:
        """Take `value` as it is, remembering where each part of it came from."""
        doc, opath = origin
        self.origins[rpath] = origin
        if isinstance(value, dict):
            for k, v in value.items():
                self.record(v, (doc, (*opath, k)), (*rpath, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                self.record(v, (doc, (*opath, i)), (*rpath, i))
        return value

    def merge(self, base: Any, borigin: Origin, over: Any, oorigin: Origin, rpath: tuple[Any, ...]) -> Any:
        if isinstance(over, dict) and not isinstance(base, (dict, list)):
            base = {}  # RFC 7396: a mapping where the base has none is merged onto {}, so its nulls go
        if isinstance(base, dict) and isinstance(over, dict):
            self.origins[rpath] = oorigin
            out: dict[str, Any] = {}
            bdoc, bpath = borigin
            odoc, opath = oorigin
            for k, v in base.items():
                if k not in over:
                    out[k] = self.record(v, (bdoc, (*bpath, k)), (*rpath, k))
            for k, v in over.items():
                if v is None:
                    continue  # null removes the key
                if k in base and base[k] is not None:
                    out[k] = self.merge(base[k], (bdoc, (*bpath, k)), v, (odoc, (*opath, k)), (*rpath, k))
                else:
                    out[k] = self.merge(None, (odoc, (*opath, k)), v, (odoc, (*opath, k)), (*rpath, k))
            return out
        if isinstance(base, list) and isinstance(over, dict) and over:
            unknown = [k for k in over if k not in EDIT_KEYS]
            if unknown:
                odoc, opath = oorigin
                line, col = odoc.locate((*opath, unknown[0]))
                close = difflib.get_close_matches(str(unknown[0]), EDIT_KEYS, n=1, cutoff=0.6)
                hint = (
                    f"did you mean '{close[0]}'?"
                    if close
                    else f"the list edits are {', '.join(EDIT_KEYS)}; or give a whole list to replace it"
                )
                raise SpecError(f"{_where(rpath)}: unknown list edit '{unknown[0]}'", odoc.file, line, col, hint)
            return self.edit_list(base, borigin, over, oorigin, rpath)
        return self.record(over, oorigin, rpath)

    def edit_list(
        self, base: list[Any], borigin: Origin, edits: dict[str, Any], oorigin: Origin, rpath: tuple[Any, ...]
    ) -> list[Any]:
        """Apply id-addressed edits to a list; an unknown id is an error at the overlay's line."""
        bdoc, bpath = borigin
        odoc, opath = oorigin
        items: list[_Item] = [(v, (bdoc, (*bpath, i)), None) for i, v in enumerate(base)]

        def index_of(ident: Any, key: str) -> int:
            for i, (v, _, _) in enumerate(items):
                if item_id(v) == str(ident):
                    return i
            ids = [i for i in (item_id(v) for v, _, _ in items) if i is not None]
            if not ids:
                hint = "no item here has an id, so none can be edited alone: give the whole list instead"
            else:
                hint = f"ids here: {', '.join(ids)}"
                if len(ids) < len(items):
                    hint += f" (and {len(items) - len(ids)} items without an id)"
            line, col = odoc.locate((*opath, key, ident) if key != "remove" else (*opath, key))
            raise SpecError(
                f"{_where(rpath)}: no item with id '{ident}' to {key.replace('_', ' ')}",
                odoc.file,
                line,
                col,
                hint,
            )

        def new_items(key: str, ident: Any, value: Any) -> list[_Item]:
            where = (*opath, key) if ident is None else (*opath, key, ident)
            if isinstance(value, list):
                return [(v, (odoc, (*where, j)), None) for j, v in enumerate(value)]
            return [(value, (odoc, where), None)]

        for key in EDIT_KEYS:
            if key not in edits:
                continue
            arg = edits[key]
            if key == "remove":
                for ident in arg if isinstance(arg, list) else [arg]:
                    del items[index_of(ident, key)]
            elif key in ("append", "prepend"):
                added = new_items(key, None, arg)
                items = items + added if key == "append" else added + items
            elif isinstance(arg, dict):
                for ident, value in arg.items():
                    i = index_of(ident, key)
                    if key == "replace":
                        items[i : i + 1] = new_items(key, ident, value)
                    elif key == "patch":
                        items[i] = (items[i][0], items[i][1], (value, (odoc, (*opath, key, ident))))
                    elif key == "insert_before":
                        items[i:i] = new_items(key, ident, value)
                    else:
                        items[i + 1 : i + 1] = new_items(key, ident, value)
            else:
                line, col = odoc.locate((*opath, key))
                raise SpecError(f"{_where(rpath)}.{key}: expected a mapping of id to item", odoc.file, line, col)
        self.origins[rpath] = oorigin
        out = []
        for i, (value, origin, patch) in enumerate(items):
            if patch is None:
                out.append(self.record(value, origin, (*rpath, i)))
            else:
                out.append(self.merge(value, origin, patch[0], patch[1], (*rpath, i)))
        return out


def _where(path: tuple[Any, ...]) -> str:
    from .schema_check import format_path

    return format_path(path) or "the spec"


def merged_document(data: Any, file: str, origins: dict[tuple[Any, ...], Origin]) -> LoadedYaml:
    """A LoadedYaml whose positions and files come from wherever each value was written."""
    positions = {}
    files = {}
    for rpath, (doc, opath) in origins.items():
        entry = doc.positions.get(tuple(opath))
        if entry is not None:
            positions[rpath] = entry
        files[rpath] = doc.file
    return LoadedYaml(data=data, file=file, positions=positions, files=files)


def apply_overlay(base: LoadedYaml, overlay: LoadedYaml) -> LoadedYaml:
    """`overlay` (without its `extends`) merged onto `base`."""
    if not isinstance(overlay.data, dict):
        return overlay
    patch = {k: v for k, v in overlay.data.items() if k != "extends"}
    m = _Merger()
    data = m.merge(base.data, (base, ()), patch, (overlay, ()), ())
    # Keys of the root come from the overlay only where it wrote them.
    m.origins[()] = (overlay, ())
    return merged_document(data, overlay.file, m.origins)


def load_with_extends(path: Path, resolve: Callable[[str, Path], Path], chain: tuple[Path, ...] = ()) -> LoadedYaml:
    """Load a spec; if it `extends` another, load that first (recursively) and merge.

    `resolve(name, folder)` finds what an `extends:` names (the path policy lives there);
    a chain longer than MAX_OVERLAY_CHAIN files is refused at the `extends:` that exceeds it.
    """
    from .schema_check import spec_keys

    real = path.resolve()
    doc = load_yaml_file(path, spec_keys() if chain else None)  # a file another names must look like a spec
    data = doc.data
    if not isinstance(data, dict) or "extends" not in data:
        return doc
    base_name = data["extends"]
    if not isinstance(base_name, str) or not base_name.strip():
        line, col = doc.locate(("extends",))
        raise SpecError("extends: expected the name or path of a variant", doc.file, line, col)
    try:
        base_path = resolve(base_name, path.parent)
    except SpecError as err:
        line, col = doc.locate(("extends",))
        raise SpecError(f"extends: {err.message}", doc.file, line, col, err.hint) from None
    if base_path.resolve() in (*chain, real):
        # Reported at the `extends:` line that closes the cycle.
        cycle = " → ".join(p.name for p in (*chain, real, base_path.resolve()))
        line, col = doc.locate(("extends",))
        raise SpecError(f"overlays extend each other in a cycle: {cycle}", doc.file, line, col)
    if len(chain) + 2 > MAX_OVERLAY_CHAIN:
        line, col = doc.locate(("extends",))
        raise SpecError(
            f"extends: the chain of overlays is longer than {MAX_OVERLAY_CHAIN} files",
            doc.file,
            line,
            col,
            f"it starts at {chain[0].name if chain else real.name}; merge some of its files",
        )
    base = load_with_extends(base_path, resolve, (*chain, real))
    return apply_overlay(base, doc)
