"""Reading a variant file into plain data, remembering where every value was written.

Why not just `yaml.safe_load`: every later error (schema, semantic checks, an
unknown name in an expression) must point at a line and column of the file, so
we keep the node marks; and a spec may come from anywhere (a hand record names
a path), so the loader must refuse hostile input cleanly — Python tags, alias
bombs, huge files — with a `SpecError`, never a traceback or a hang.

The approach: compose the YAML node graph with a `SafeLoader` subclass (which
counts aliases and nesting while composing), then build the Python data
ourselves in one walk that checks tags, refuses duplicate keys, expands aliases
under a node budget and records a side table `JSON path -> marks`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from ..errors import SpecError
from ..frozen import field, frozen_positional
from ..limits import MAX_ALIASES, MAX_DEPTH, MAX_FILE_BYTES, MAX_INT, MAX_NODES, MAX_TEXT, shorten

__all__ = [
    "LoadedYaml",
    "load_yaml_file",
    "load_yaml_text",
    "describe_type",
    "MAX_FILE_BYTES",
    "MAX_ALIASES",
    "MAX_NODES",
    "MAX_DEPTH",
]

EMPTY_MESSAGE = "the file is empty; expected a variant (a mapping with name, deck, …)"

_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_TAG + t for t in ("str", "int", "float", "bool", "null"))
_SEQ, _MAP, _MERGE = _TAG + "seq", _TAG + "map", _TAG + "merge"

# Scalar tags we accept, with SafeConstructor's function for each; anything else
# (python/*, binary, timestamp, set, omap, local `!tags`) is refused: a variant is
# plain data, and the rest of the interpreter only knows plain data.
_SCALAR_CONSTRUCTORS: dict[str, Callable[[SafeConstructor, ScalarNode], Any]] = {
    _STR: SafeConstructor.construct_yaml_str,
    _INT: SafeConstructor.construct_yaml_int,
    _FLOAT: SafeConstructor.construct_yaml_float,
    _BOOL: SafeConstructor.construct_yaml_bool,
    _NULL: SafeConstructor.construct_yaml_null,
}
_TAG_WORDS = {_STR: "a string", _INT: "an integer", _FLOAT: "a number", _BOOL: "a boolean", _NULL: "null"}

# Hints for the YAML syntax errors people actually make.
_SYNTAX_HINTS = {
    "mapping values are not allowed here": (
        "a ': ' inside a value must be quoted ('a: b'); otherwise check this line's indentation"
    ),
    "cannot start any token": "YAML indentation must use spaces, not tabs",
    "could not find expected ':'": "a key needs ': ' after it; a value spanning lines needs quotes",
    "expected <block end>": "check the indentation of this line against the lines above it",
    "did not find expected key": "check the indentation: keys of one mapping must line up",
    "did not find expected '-' indicator": "check the indentation: items of one list must line up",
    "expected a single document in the stream": "remove the '---' separator: a variant file holds one document",
}


def describe_type(value: Any) -> str:
    """A value's type in the spec's words ('a list', 'a mapping'…), for messages."""
    if value is None:
        return "null (an empty value)"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


# One entry per node: (key line, key column, value line, value column, value
# content offset). Keys are None for list items and the root; the offset is 1 for
# quoted scalars (the text starts after the quote). Lines and columns are 1-based.
_Pos = tuple[int | None, int | None, int, int, int]


@frozen_positional
class LoadedYaml:
    """A parsed spec file: plain data plus where each value came from.

    `positions` maps a JSON path (tuple of keys and list indices) to marks; it is
    optional so that code can wrap data built in memory (overlays, tests) and
    still call `locate`, which then answers (None, None).
    """

    data: Any
    file: str
    positions: dict[tuple[Any, ...], _Pos] = field(default_factory=dict, repr=False, compare=False)
    # For a document merged from overlays: the file each path came from (longest prefix wins).
    files: dict[tuple[Any, ...], str] = field(default_factory=dict, repr=False, compare=False)

    def file_at(self, path: Sequence[str | int]) -> str:
        """The file that wrote the value at `path` (the overlay's own, or a base's)."""
        key = tuple(path)
        while self.files:
            found = self.files.get(key)
            if found is not None:
                return found
            if not key:
                break
            key = key[:-1]
        return self.file

    def _entry(self, path: Sequence[str | int]) -> tuple[_Pos | None, bool]:
        """The entry of the longest existing prefix of `path`, and whether it was exact."""
        key = tuple(path)
        exact = True
        while True:
            entry = self.positions.get(key)
            if entry is not None:
                return entry, exact
            if not key:
                return None, False
            key = key[:-1]
            exact = False

    def locate(self, path: Sequence[str | int]) -> tuple[int | None, int | None]:
        """1-based (line, column) of the node at `path`.

        A mapping entry is located at its key (that is where a reader looks for
        "deck.suits"); a list item or the root at its value. A path that does not
        exist (a missing key) is located at its nearest existing parent.
        """
        entry, _ = self._entry(path)
        if entry is None:
            return None, None
        if entry[0] is not None:
            return entry[0], entry[1]
        return entry[2], entry[3]

    def locate_value(self, path: Sequence[str | int]) -> tuple[int | None, int | None]:
        """1-based (line, column) of the first character of the value's text at `path`.

        For an expression error at offset N of the string, the column in the file
        is `column + N - 1` (exact for one-line scalars; a quoted scalar's text
        starts after the quote). A missing path falls back to `locate` of its parent.
        """
        entry, exact = self._entry(path)
        if entry is None:
            return None, None
        if not exact:
            return self.locate(path)
        return entry[2], entry[3] + entry[4]


class _Refused(Exception):
    """A problem found while reading, with the mark to point at (converted to SpecError)."""

    def __init__(self, message: str, mark: yaml.Mark | None, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark
        self.hint = hint


class _Limits(Composer):
    """Composing that counts aliases, nesting and values (both readers below).

    The node graph itself is cheap even for an alias bomb (aliases share nodes);
    counting here stops pathological inputs before anything is expanded, and the
    depth limit keeps the recursive composer away from RecursionError.
    """

    alias_count = 0
    depth = 0
    nodes = 0  # counted while composing: a huge flat list stops early, not after all of it

    def compose_node(self, parent: Node | None, index: Any) -> Node:  # type: ignore[override]
        event = self.peek_event()
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Refused(
                f"the document has more than {MAX_NODES} values", event.start_mark, "a variant has a few hundred values"
            )
        if isinstance(event, yaml.AliasEvent):
            self.alias_count += 1
            if self.alias_count > MAX_ALIASES:
                raise _Refused(
                    f"too many aliases (more than {MAX_ALIASES} '*' references)",
                    event.start_mark,
                    "a variant rarely needs aliases; write the values out",
                )
            return super().compose_node(parent, index)
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _Refused(f"the document is nested more than {MAX_DEPTH} levels deep", event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


# Timestamps and the `=` value tag are not resolved implicitly: such plain scalars stay
# strings (the spec has no dates).
_RESOLVERS = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag not in (_TAG + "timestamp", _TAG + "value")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


class _Loader(_Limits, yaml.SafeLoader):
    """PyYAML's own reader (pure Python): what every error message is worded by."""

    yaml_implicit_resolvers = _RESOLVERS


if yaml.__with_libyaml__:

    class _FastLoader(_Limits, yaml.cyaml.CParser, SafeConstructor, Resolver):  # type: ignore[misc]
        """libyaml's scanner and parser (C) under the same composing, resolving and building:
        about a tenth of the pure reader's work, used where both read the same (`_libyaml_reads_alike`)."""

        yaml_implicit_resolvers = _RESOLVERS

        def __init__(self, stream: str) -> None:
            yaml.cyaml.CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)


def _libyaml_reads_alike(text: str) -> bool:
    """Printable characters and line breaks only: no tab (which libyaml accepts where PyYAML does
    not), byte-order mark or control character. Such a text that libyaml reads without error gives
    the same events, values and marks as PyYAML's reader (tests/test_yaml_fast_reader.py); any
    error, and any other text, is left to PyYAML's reader, whose messages are the ones users see."""
    return yaml.__with_libyaml__ and text.replace("\n", "").replace("\r", "").isprintable()


def _too_large(text: str) -> str:
    return f"the integer {shorten(text, 20)} is too large: integers in a spec are at most {MAX_INT:,} in size"


def _pos(mark: yaml.Mark) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def _where(mark: yaml.Mark | None) -> tuple[int | None, int | None]:
    """`_pos` of a mark that may be missing: (None, None) then."""
    return _pos(mark) if mark is not None else (None, None)


def _tag_text(tag: str) -> str:
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


class _Builder:
    """Builds plain data from the node graph, recording marks by JSON path."""

    def __init__(self, loader: _Limits, text: str) -> None:
        self.loader = loader
        self.text = text  # the document (libyaml's marks do not carry it)
        self.positions: dict[tuple[Any, ...], _Pos] = {}
        self.count = 0
        self.active: set[int] = set()  # ids of the collections being built: a cycle is an error

    def record(self, path: tuple[Any, ...], key: Node | None, value: Node) -> None:
        kline, kcol = _pos(key.start_mark) if key is not None else (None, None)
        vline, vcol = _pos(value.start_mark)
        quoted = isinstance(value, ScalarNode) and value.style in ("'", '"')
        self.positions[path] = (kline, kcol, vline, vcol, 1 if quoted else 0)

    def build(self, node: Node, path: tuple[Any, ...]) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            if self.loader.alias_count:
                raise _Refused(
                    f"the document has more than {MAX_NODES} values once aliases are expanded",
                    node.start_mark,
                    "this looks like an alias bomb; a variant has a few hundred values",
                )
            raise _Refused(
                f"the document has more than {MAX_NODES} values", node.start_mark, "a variant has a few hundred values"
            )
        if len(path) > MAX_DEPTH:
            raise _Refused(f"the document is nested more than {MAX_DEPTH} levels deep", node.start_mark)
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if id(node) in self.active:
            raise _Refused("recursive alias: this value contains itself", node.start_mark)
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                self.check_tag(node, _SEQ)
                items = []
                for index, item in enumerate(node.value):
                    self.record((*path, index), None, item)
                    items.append(self.build(item, (*path, index)))
                return items
            if isinstance(node, MappingNode):
                self.check_tag(node, _MAP)
                return self.mapping(node, path)
        finally:
            self.active.discard(id(node))
        raise _Refused(f"unsupported YAML node {type(node).__name__}", node.start_mark)  # pragma: no cover

    @staticmethod
    def check_tag(node: Node, expected: str) -> None:
        if node.tag != expected:
            raise _Refused(
                f"unsupported YAML tag '{_tag_text(node.tag)}'",
                node.start_mark,
                "a variant is plain data (mappings, lists, strings, numbers, booleans); remove the tag",
            )

    def scalar(self, node: ScalarNode) -> Any:
        if node.tag == _MERGE:  # `<<` anywhere but in key position is just text
            return node.value
        construct = _SCALAR_CONSTRUCTORS.get(node.tag)
        if construct is None:
            self.check_tag(node, _STR)  # raises: the tag is not one we accept
        assert construct is not None
        if len(node.value) > MAX_TEXT:
            raise _Refused(f"a value of more than {MAX_TEXT} characters", node.start_mark)
        if node.tag == _INT and len(node.value.lstrip("+-0").replace("_", "")) > len(str(MAX_INT)):
            raise _Refused(_too_large(node.value), node.start_mark)
        try:
            value = construct(self.loader, node)
        except (ValueError, KeyError, TypeError, ArithmeticError, yaml.YAMLError):
            raise _Refused(f"cannot read '{shorten(node.value)}' as {_TAG_WORDS[node.tag]}", node.start_mark) from None
        if node.tag == _INT and abs(value) > MAX_INT:
            raise _Refused(_too_large(node.value), node.start_mark)
        return value

    def mapping(self, node: MappingNode, path: tuple[Any, ...]) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        first_line: dict[Any, int] = {}
        merges: list[Node] = []
        if node.flow_style:
            _check_split_values(node, self.text)
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.tag == _MERGE:
                merges.append(value_node)
                continue
            if not isinstance(key_node, ScalarNode):
                raise _Refused(
                    "a mapping key must be a plain value (a name or a number), not a list or a mapping",
                    key_node.start_mark,
                )
            key = self.scalar(key_node)
            if key in first_line:
                raise _Refused(
                    f"duplicate key '{key_node.value}' (first at line {first_line[key]})", key_node.start_mark
                )
            first_line[key] = key_node.start_mark.line + 1
            self.record((*path, key), key_node, value_node)
            result[key] = self.build(value_node, (*path, key))
        for source in merges:
            self.merge(result, source, path)
        return result

    def merge(self, result: dict[Any, Any], source: Node, path: tuple[Any, ...]) -> None:
        """YAML 1.1 merge key (`<<: *base`): fill in keys not written explicitly.

        Explicit keys win, and an earlier merged mapping wins over a later one.
        Positions of merged values point at where they were written (the anchor).
        """
        sources = list(source.value) if isinstance(source, SequenceNode) else [source]
        for item in sources:
            if not isinstance(item, MappingNode):
                raise _Refused("a merge key '<<' needs a mapping or a list of mappings", item.start_mark)
            saved, self.positions = self.positions, {}
            try:
                merged = self.build(item, path)
            finally:
                scratch, self.positions = self.positions, saved
            taken = {key for key in merged if key not in result}
            for key in merged:
                if key in taken:
                    result[key] = merged[key]
            depth = len(path)
            for entry_path, entry in scratch.items():
                if len(entry_path) > depth and entry_path[depth] in taken:
                    self.positions[entry_path] = entry


def _bare_key(key: Node, value: Node, text: str) -> bool:
    """A key written without ':' in a flow mapping (`{a: 1, b}`): YAML reads it as `b: null`."""
    if not (isinstance(value, ScalarNode) and value.tag == _NULL and value.value == ""):
        return False
    return ":" not in text[key.end_mark.index : value.start_mark.index]


def _check_split_values(node: MappingNode, text: str) -> None:
    """Refuse a key with no ':' inside { }: it is nearly always the rest of the value before it,
    split by a comma (`{description: points to win, or more}` reads `or more: null`), which would
    otherwise pass silently wherever a mapping takes any key."""
    pairs = node.value
    for i, (key, value) in enumerate(pairs):
        if not _bare_key(key, value, text):
            continue
        shown = shorten(str(key.value), 40)
        hint = f"give it a value ('{shown}: ...'), or quote the value before it if it holds a comma"
        if i > 0 and isinstance(pairs[i - 1][1], ScalarNode) and not pairs[i - 1][1].style:  # plain
            last = i
            while last + 1 < len(pairs) and _bare_key(pairs[last + 1][0], pairs[last + 1][1], text):
                last += 1
            before_key, before = pairs[i - 1]
            whole = text[before.start_mark.index : pairs[last][0].end_mark.index].replace('"', '\\"')
            hint = f'quote the value: {shorten(str(before_key.value), 40)}: "{shorten(whole, 80)}"'
        raise _Refused(
            f"'{shown}' has no value: inside {{ }}, a comma ends an unquoted value, so the text after it "
            "was read as a key",
            key.start_mark,
            hint,
        )


def _syntax_error(err: yaml.MarkedYAMLError, file: str) -> SpecError:
    mark = err.problem_mark or err.context_mark
    message = (err.problem or err.context or "invalid YAML").strip()
    context = err.context
    if context and message.startswith("but "):  # "expected a single document…", "but found another…"
        message, context = f"{context}, {message}", None
    hint = next((text for fragment, text in _SYNTAX_HINTS.items() if fragment in message), None)
    if context and err.problem and err.context_mark is not None:
        context_line, context_col = _pos(err.context_mark)
        context = f"{context} at line {context_line}, column {context_col}"
        hint = f"{hint} ({context})" if hint else context
    line, col = _where(mark)
    return SpecError(message, file, line, col, hint)


def _reader_error(err: yaml.reader.ReaderError, text: str, file: str) -> SpecError:
    before = text[: err.position]
    line = before.count("\n") + 1
    col = err.position - (before.rfind("\n") + 1) + 1
    char = err.character if isinstance(err.character, str) else chr(err.character)
    return SpecError(
        f"unacceptable character #x{ord(char):04x}: control characters are not allowed",
        file,
        line,
        col,
        "remove the character (was the file saved as text?)",
    )


def _check_spec_keys(root: MappingNode, spec_keys: Collection[str], file: str) -> None:
    """Refuse a mapping none of whose keys a spec has, before its values are read.

    A file that is no spec at all (a password file, someone's config) is named
    as such, without quoting any of it: its keys and values are not ours to show.
    """
    for key, _ in root.value:
        if isinstance(key, ScalarNode) and key.value in spec_keys:
            return
    line, col = _where(root.start_mark)
    raise SpecError(
        "this is not a variant spec: none of its top-level keys is one a spec has",
        file,
        line,
        col,
        f"a spec has {', '.join(sorted(spec_keys)[:6])}, …",
    )


def load_yaml_text(text: str, file: str = "<string>", spec_keys: Collection[str] | None = None) -> LoadedYaml:
    """Parse one YAML document whose top level must be a mapping; every failure is a SpecError.

    With `spec_keys`, a mapping with none of them at its top level is refused
    before anything in it is read (see `_check_spec_keys`).
    """
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise SpecError(f"the file is too large (more than {MAX_FILE_BYTES // 1024} KiB)", file)
    if _libyaml_reads_alike(text):
        fast = _FastLoader(text)
        try:
            return _document(fast, text, file, spec_keys)
        except Exception:  # any problem is found again, and worded, by PyYAML's reader below
            pass
        finally:
            fast.dispose()
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as err:
        raise _reader_error(err, text, file) from None
    try:
        return _document(loader, text, file, spec_keys)
    except _Refused as err:
        line, col = _where(err.mark)
        raise SpecError(err.message, file, line, col, err.hint) from None
    except yaml.reader.ReaderError as err:
        raise _reader_error(err, text, file) from None
    except yaml.MarkedYAMLError as err:
        raise _syntax_error(err, file) from None
    except yaml.YAMLError as err:  # pragma: no cover - every PyYAML parse error is marked
        raise SpecError(f"invalid YAML: {err}", file) from None
    except RecursionError:
        raise SpecError(f"the document is nested too deeply (limit {MAX_DEPTH} levels)", file) from None
    except (ValueError, OverflowError):  # PyYAML's chr() of an escape like "\UFFFFFFFF"
        line, col = _where(loader.get_mark())
        raise SpecError(
            "a quoted string holds an escape of no character (\\U beyond 10FFFF)", file, line, col
        ) from None
    finally:
        loader.dispose()


def _document(loader: _Limits, text: str, file: str, spec_keys: Collection[str] | None) -> LoadedYaml:
    """The single document `loader` reads, built into data and positions (its errors raised as they come)."""
    root = loader.get_single_node()
    if root is None or (isinstance(root, ScalarNode) and root.tag == _NULL and root.value == ""):
        raise SpecError(EMPTY_MESSAGE, file)
    builder = _Builder(loader, text)
    if not isinstance(root, MappingNode):
        got = "a list" if isinstance(root, SequenceNode) else describe_type(builder.scalar(root))
        line, col = _where(root.start_mark)
        raise SpecError(f"expected a mapping at the top level, got {got}", file, line, col)
    if spec_keys is not None:
        _check_spec_keys(root, spec_keys, file)
    builder.record((), None, root)
    data = builder.build(root, ())
    return LoadedYaml(data, file, builder.positions)


def load_yaml_file(path: str | Path, spec_keys: Collection[str] | None = None) -> LoadedYaml:
    """Read and parse a variant file (UTF-8, at most 1 MiB); every failure is a SpecError naming the file."""
    file = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise SpecError("file not found", file) from None
    except IsADirectoryError:
        raise SpecError("is a directory, not a file", file) from None
    except PermissionError:
        raise SpecError("cannot read the file: permission denied", file) from None
    except OSError as err:
        raise SpecError(f"cannot read the file: {err.strerror or err}", file) from None
    if len(raw) > MAX_FILE_BYTES:
        raise SpecError(f"the file is too large (more than {MAX_FILE_BYTES // 1024} KiB)", file)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        col = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise SpecError(
            f"the file is not valid UTF-8 (byte 0x{raw[err.start]:02x})",
            file,
            line,
            col,
            "save the file as UTF-8",
        ) from None
    return load_yaml_text(text, file, spec_keys)
