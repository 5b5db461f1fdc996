"""Finding a variant by name or path, and loading it into compiled `Rules`.

This is the one entry point from a name on the command line or in a hand
record to runnable rules: YAML → schema → semantic checks → tables.
"""

from __future__ import annotations

import difflib
import os
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

from .compiler import compile_rules
from .errors import SpecError
from .limits import MAX_NAME_BYTES, MAX_PATH_BYTES, shorten
from .rules import Rules
from .spec.overlay import apply_overlay, load_with_extends
from .spec.schema_check import check_schema, spec_keys
from .spec.yaml_loader import LoadedYaml, load_yaml_file


def variants_dir() -> Path:
    """The bundled variants: package data when installed, `variants/` in a checkout."""
    here = Path(__file__).resolve().parent
    installed = here / "_variants"  # where pyproject maps variants/ in a wheel
    return installed if installed.is_dir() else here.parent / "variants"


def bundled_names(house: bool = False) -> list[str]:
    """Bundled variant names; with `house`, the house-rule overlays too (`house/NAME`)."""
    names = sorted(p.stem for p in variants_dir().glob("*.yaml"))
    if house:
        names += sorted(f"house/{p.stem}" for p in (variants_dir() / "house").glob("*.yaml"))
    return names


def looks_like_path(name: str) -> bool:
    """A spec file rather than a bundled name: it has a directory or a .yaml/.yml suffix."""
    return name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name


def check_name(name: str) -> None:
    """Refuse a name no file system takes (too long, a NUL byte) with one clear line, before any lookup."""
    if "\0" in name:
        raise SpecError(f"the name '{shorten(name)}' holds a NUL character; no file has such a name")
    parts = name.replace("\\", "/").split("/")
    if len(name.encode("utf-8", "surrogateescape")) > MAX_PATH_BYTES or any(
        len(part.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES for part in parts
    ):
        raise SpecError(
            f"the name '{shorten(name)}' is too long",
            hint=f"a file name has at most {MAX_NAME_BYTES} bytes, a whole path at most {MAX_PATH_BYTES}",
        )


def _is_file(path: Path) -> bool:
    """`path.is_file()`, false for anything the file system refuses to look up (a loop, a bad name)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _bundled(name: str) -> Path | None:
    """The bundled file of exactly this name (`euchre`, `house/super-euchre`), never a path built from it."""
    return variants_dir() / f"{name}.yaml" if name in bundled_names(house=True) else None


def resolve(name_or_path: str, relative_to: Path | None = None) -> Path:
    """A bundled name (`euchre`, `house/stick-the-dealer`) or a path to a YAML file, as typed on the
    command line: any path is allowed there (the person chose it).

    A relative path is tried against `relative_to` before the current directory.
    """
    check_name(name_or_path)
    candidate = Path(name_or_path)
    if looks_like_path(name_or_path):
        tries = [relative_to / candidate] if relative_to is not None and not candidate.is_absolute() else []
        tries.append(candidate)
        for path in tries:
            if _is_file(path):
                return path
        bundled = _bundled(name_or_path)
        if bundled is not None:
            return bundled
        if candidate.is_dir():
            raise SpecError(
                f"{name_or_path} is a directory, not a variant file",
                hint="name a YAML spec (or a bundled variant: trickspec variants)",
            )
        close = suggest(name_or_path, bundled_names(house=True))
        raise SpecError(
            f"no such variant file: {shorten(name_or_path)}", hint=f"did you mean '{close}'?" if close else None
        )
    bundled = _bundled(name_or_path)
    if bundled is not None:
        return bundled
    close = suggest(name_or_path, bundled_names(house=True))
    hint = f"did you mean '{close}'?" if close else f"bundled variants: {', '.join(bundled_names())}"
    raise SpecError(f"unknown variant {shorten(name_or_path)!r}", hint=hint)


def reference_roots(named: Path) -> tuple[Path, ...]:
    """The trees a file named on the command line may refer into: its own folder, the current
    folder, and the bundled variants (docs/limits.md, "Paths")."""
    roots = [named.parent, Path.cwd(), variants_dir()]
    return tuple(Path(os.path.realpath(root)) for root in roots)


def resolve_reference(name: str, here: Path, roots: Sequence[Path]) -> Path:
    """A spec named inside a file (`extends:`, a record's `variant` or `trickspec.rules`).

    The path policy: a bundled name, or a relative path ending in .yaml/.yml read
    from `here` (the referring file's folder) that stays, links followed, inside
    one of `roots`. Absolute paths are for the command line only, so a file from
    elsewhere cannot make us read (and quote) whatever it names.
    """
    check_name(name)
    if not name.endswith((".yaml", ".yml")):
        return resolve(name) if not looks_like_path(name) else _bundled_or_fail(name)
    if Path(name).is_absolute() or name.startswith(("~", "\\")) or (len(name) > 1 and name[1] == ":"):
        raise SpecError(
            f"'{shorten(name)}' is an absolute path; a file may name a spec only by a bundled name "
            "or by a path relative to itself",
            hint="name that spec on the command line instead (as the variant, or with --rule)",
        )
    path = here / name
    if not _is_file(path):
        raise SpecError(f"no such variant file: {shorten(name)}")
    real = Path(os.path.realpath(path))
    if not any(real.is_relative_to(root) for root in roots):
        raise SpecError(
            f"'{shorten(name)}' leads outside the folders this file may refer into",
            hint="a spec may name files in the folder of the file given on the command line (or below it) "
            "and in the current folder; name other files on the command line",
        )
    return path


def _bundled_or_fail(name: str) -> Path:
    bundled = _bundled(name)
    if bundled is not None:
        return bundled
    close = suggest(name, bundled_names(house=True))
    raise SpecError(
        f"unknown variant {shorten(name)!r}: a path to a spec file ends in .yaml or .yml",
        hint=f"did you mean '{close}'?" if close else None,
    )


def suggest(typed: str, names: Sequence[str]) -> str | None:
    """The bundled name a typo most likely meant: a close whole name, or a close start
    of one (`house/stik` → `house/stick-the-dealer`)."""
    for cutoff in (0.8, 0.6):
        whole = difflib.get_close_matches(typed, names, 1, cutoff)
        if whole:
            return whole[0]
        starts: dict[str, str] = {}
        for name in sorted(names, key=len):  # the shortest name with that start
            starts.setdefault(name[: len(typed) + 1], name)
        close = difflib.get_close_matches(typed, list(starts), 1, 0.8)
        if close:
            return starts[close[0]]
    return None


def load_document(name_or_path: str, rules: Sequence[str] = (), read: list[Path] | None = None) -> LoadedYaml:
    """The spec as one merged document: its `extends` chain, then each `--rule` overlay.

    `read`, when given, receives every file read (so a cache can tell when one changes)."""
    top = resolve(name_or_path)
    roots = reference_roots(top)
    files = read if read is not None else []
    files.append(top)

    def base(name: str, here: Path) -> Path:
        path = resolve_reference(name, here, roots)
        files.append(path)
        return path

    doc = load_with_extends(top, base)
    for rule in rules:
        # A --rule overlay applies to the variant named on the command line; its own
        # `extends` (if any) only says what it was written for, and its name, title,
        # description and notes describe the rule, not the variant it changes.
        rule_path = resolve(rule)
        files.append(rule_path)
        overlay = load_yaml_file(rule_path, spec_keys())
        if isinstance(overlay.data, dict):
            kept = {k: v for k, v in overlay.data.items() if k not in IDENTITY_KEYS}
            overlay = LoadedYaml(kept, overlay.file, overlay.positions)
        doc = apply_overlay(doc, overlay)
    return doc


IDENTITY_KEYS = ("name", "title", "description", "notes")


def compile_document(doc: LoadedYaml, options: dict[str, int] | None = None) -> Rules:
    """Schema-check and compile a (merged) document, with errors an overlay caused at its lines."""
    try:
        check_schema(doc)
        return compile_rules(doc, options)
    except SpecError as err:
        raise relocate(err, doc) from None


def relocate(err: SpecError, doc: LoadedYaml) -> SpecError:
    """An error found in a base file but caused by the overlay is shown at the overlay's change.

    The overlay's written value nearest to the failing path (the longest shared
    prefix, then the first leaf it wrote) is where the author looks; the base's
    line goes in the hint.
    """
    if err.file == doc.file or err.path is None or not doc.files:
        return err
    written = [p for p, f in doc.files.items() if f == doc.file and p and p[0] not in IDENTITY_KEYS]
    if not written:
        return err

    def shared(p: tuple[object, ...]) -> int:
        n = 0
        for a, b in zip(p, err.path or (), strict=False):
            if a != b:
                break
            n += 1
        return n

    def line_of(p: tuple[object, ...]) -> int:
        return doc.locate(list(p))[0] or 0  # type: ignore[arg-type]

    best = max(shared(p) for p in written)
    near = [p for p in written if shared(p) == best and not isinstance(p[-1], int)]
    leaves = [p for p in near if not isinstance(_value_at(doc.data, p), dict)] or near or written
    spot = min(leaves, key=line_of)
    line, col = doc.locate(list(spot))  # type: ignore[arg-type]
    where = f"{err.file}:{err.line}" if err.line is not None else err.file
    hint = f"the failing value is inherited from {where}; this overlay's change here causes it"
    if err.hint:
        hint += f"; {err.hint}"
    return SpecError(err.message, doc.file, line, col, hint, err.path)


def _value_at(data: object, path: tuple[object, ...]) -> object:
    for part in path:
        if isinstance(data, dict):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            return None
    return data


def load_rules(name_or_path: str, options: dict[str, int] | None = None, rules: Sequence[str] = ()) -> Rules:
    """Load, merge overlays, validate and compile a variant; every problem is a SpecError.

    Compiled once per process while its files are unchanged: the cache is keyed by the
    resolved paths, options and current folder (the path policy's root), and an entry
    is used only while every file it read (the `extends` chain and the `--rule`
    overlays) has the size and modification time it had then; an edited file is read again.
    """
    path = resolve(name_or_path)
    rule_paths = tuple(str(resolve(r).resolve()) for r in rules)
    key = (
        str(path.resolve()),
        name_or_path,
        rule_paths,
        tuple(rules),
        tuple(sorted((options or {}).items())),
        os.getcwd(),
    )
    cached = _LOADED.get(key)
    if cached is not None and _stamps(cached[0]) == cached[1]:
        _LOADED.move_to_end(key)
        return cached[2]
    read: list[Path] = []
    compiled = compile_document(load_document(name_or_path, rules, read), dict(options or {}))
    compiled.house_rules = tuple(rules)
    files = tuple(dict.fromkeys(str(p) for p in read))
    _LOADED[key] = (files, _stamps(files), compiled)
    _LOADED.move_to_end(key)
    while len(_LOADED) > _CACHED_SPECS:
        _LOADED.popitem(last=False)
    return compiled


_CACHED_SPECS = 64
# load_rules' key → (the files read, their stamps then, the compiled rules); least recently used first
_LOADED: OrderedDict[tuple[object, ...], tuple[tuple[str, ...], tuple[tuple[int, int], ...], Rules]] = OrderedDict()


def _stamps(files: Sequence[str]) -> tuple[tuple[int, int], ...]:
    """Each file's (size, modification time in ns); (-1, -1) for one that can no longer be read."""
    out = []
    for file in files:
        try:
            st = os.stat(file)
        except OSError:
            out.append((-1, -1))
        else:
            out.append((st.st_size, st.st_mtime_ns))
    return tuple(out)
