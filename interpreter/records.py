"""Hand records (docs/hand-records.md): read them, check them, replay them.

A record fixes chance (dealer, hands, upcard) and lists every decision. Replay
feeds those decisions to the engine one by one, so a record that replays is by
construction a legal hand, and its result is whatever the rules say. Every
problem with a record is a `RecordError` whose text is one line a person can
act on; the CLI prints it as is.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .engine import State
from .errors import RecordError, SpecError, TrickSpecError
from .limits import MAX_RECORD_FILE_BYTES, shorten
from .rules import Rules
from .variants import check_name, load_rules, looks_like_path, resolve_reference

REQUIRED = ("variant", "dealer", "hands", "actions")


@dataclass
class Replay:
    """One replayed record: the rules it named, the finished hand, its result."""

    rules: Rules
    state: State
    result: dict[str, Any]


# --------------------------------------------------------------- reading
def spec_error_line(err: SpecError) -> str:
    """A SpecError on one line: records report every problem on a single line."""
    text = err.message if err.file is None else str(SpecError(err.message, err.file, err.line, err.column))
    if err.hint:
        text += f" ({err.hint})"
    return text


def _json_error(err: json.JSONDecodeError, one_line: bool) -> RecordError:
    where = f"column {err.colno}" if one_line else f"line {err.lineno}, column {err.colno}"
    return RecordError(f"malformed JSON at {where}: {err.msg}")


def _loads(text: str) -> Any:
    """json.loads, with the errors it raises besides JSONDecodeError made RecordErrors."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise RecordError("malformed JSON: nested too deeply") from None
    except ValueError as err:  # e.g. an integer of thousands of digits
        raise RecordError(f"malformed JSON: {err}") from None


def parse_record_text(text: str) -> Any:
    """One JSON document (a `.json` file) to its value."""
    try:
        return _loads(text)
    except json.JSONDecodeError as err:
        problem = _json_error(err, one_line=False)
        if err.msg == "Extra data":
            problem = RecordError(f"{problem} (one record per line needs a .jsonl file)")
        raise problem from None


def iter_jsonl(text: str) -> Iterator[tuple[int, Any]]:
    """(1-based line number, value) for each non-blank line; bad JSON raises on its line.

    The error is already prefixed with `record K: ` so the caller can print it
    after the results of the records before it.
    """
    # Only "\n" ends a record: JSON strings may hold U+2028 and the like raw.
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        if any("\udc80" <= ch <= "\udcff" for ch in line):  # undecodable bytes (surrogateescape)
            raise RecordError(f"record {number}: not UTF-8 text")
        try:
            yield number, _loads(line)
        except json.JSONDecodeError as err:
            raise RecordError(f"record {number}: {_json_error(err, one_line=True)}") from None
        except RecordError as err:
            raise RecordError(f"record {number}: {err}") from None


def read_records(path: str, text: str | None = None) -> Iterator[tuple[int | None, Any]]:
    """The records of a file: `.jsonl` one per line (numbered), else one JSON object.

    `path` `-` reads standard input (as one object if it parses as one, else as
    JSON lines). Records are yielded lazily so that a bad record stops the
    replay only after the good ones before it.
    """
    if text is None:
        text = _read_text(path)
    if path.endswith(".jsonl"):
        yield from iter_jsonl(text)
        return
    if path == "-":
        try:
            value = _loads(text)
        except json.JSONDecodeError:
            yield from iter_jsonl(text)
            return
        yield None, value
        return
    yield None, parse_record_text(text)


def _too_large(path: str) -> RecordError:
    return RecordError(f"{path}: larger than {MAX_RECORD_FILE_BYTES >> 20} MiB, the limit for a record file")


def _read_bytes(path: str) -> bytes:
    """The file's bytes, refusing what is no regular file (a FIFO would block, /dev/zero never end)
    and anything over MAX_RECORD_FILE_BYTES: the read is capped, so a huge file costs no more than the limit."""
    shown = shorten(path, 200)
    try:
        with open(path, "rb", opener=_open_nonblocking) as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                kind = "a directory" if os.path.isdir(path) else "not a regular file"
                raise RecordError(f"{shown}: {kind}; a record file is a .json or .jsonl file")
            raw = handle.read(MAX_RECORD_FILE_BYTES + 1)
    except FileNotFoundError:
        raise RecordError(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{shown}: a directory; a record file is a .json or .jsonl file") from None
    except OSError as err:
        raise RecordError(f"{shown}: cannot read ({err.strerror or err})") from None
    except ValueError:  # a NUL byte in the name
        raise RecordError(f"{shown}: no file has such a name") from None
    if len(raw) > MAX_RECORD_FILE_BYTES:
        raise _too_large(shown)
    return raw


def _open_nonblocking(path: str, flags: int) -> int:
    """Opening a FIFO for reading blocks until someone writes; O_NONBLOCK opens it at once (then refused)."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _read_text(path: str) -> str:
    if path == "-":
        text = sys.stdin.read(MAX_RECORD_FILE_BYTES + 1)
        if len(text) > MAX_RECORD_FILE_BYTES:
            raise _too_large("standard input")
        return text
    raw = _read_bytes(path)
    if path.endswith(".jsonl"):  # a bad byte fails its own line, after the records before it
        return raw.decode("utf-8", errors="surrogateescape")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise RecordError(f"{shorten(path, 200)}: not UTF-8 text ({err.reason} at byte {err.start})") from None


# --------------------------------------------------------------- checking
def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    """A record value quoted in a message, cut short: a message is one line, not the value."""
    try:
        return shorten(json.dumps(value, ensure_ascii=False), 80)
    except ValueError:  # an integer too long to print
        return "a number of thousands of digits"


def resolve_variant(variant: str, base_dir: Path | None) -> str:
    """What a record's `variant` (or a `trickspec.rules` entry) names, by the path policy
    (docs/limits.md): a bundled name, or a .yaml path relative to the record's folder
    that stays inside it or the current folder. A SpecError otherwise."""
    here = base_dir if base_dir is not None else Path.cwd()
    if not looks_like_path(variant):
        check_name(variant)
        return variant
    roots = tuple(Path(os.path.realpath(p)) for p in (here, Path.cwd()))
    return str(resolve_reference(variant, here, roots))


def _options(record: dict[str, Any]) -> dict[str, int]:
    options = record.get("options")
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise RecordError(f"options must be an object of name: integer, got {_show(options)}")
    for name, value in options.items():
        if not _is_int(value):
            raise RecordError(f"option '{name}' must be an integer, got {_show(value)}")
    return dict(options)


def load_record_rules(record: dict[str, Any], base_dir: Path | None = None, extra_rules: Sequence[str] = ()) -> Rules:
    """The record's variant with its own `rules` overlays (an extension key), then `extra_rules`."""
    variant = record["variant"]
    if not isinstance(variant, str) or not variant.strip():
        raise RecordError(f"variant must be a bundled name or a path to a YAML spec, got {_show(variant)}")
    options = _options(record)
    rules = extensions(record).get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) and r.strip() for r in rules):
        raise RecordError(f"trickspec.rules must be a list of house-rule paths, got {_show(rules)}")
    try:
        stacked = [resolve_variant(r, base_dir) for r in rules] + list(extra_rules)
        path = resolve_variant(variant, base_dir)
        loaded = load_rules(path, options, stacked)
        # Where an option chooses the number of players and the record does not set it,
        # the number of hands says it (docs/hand-records.md: `players` is always len(hands)).
        count_option = loaded.player_option
        hands = record.get("hands")
        if (
            count_option
            and count_option not in options
            and isinstance(hands, list)
            and len(hands) != loaded.players
            and len(hands) in loaded.player_counts
        ):
            loaded = load_rules(path, {**options, count_option: len(hands)}, stacked)
        return loaded
    except SpecError as err:
        raise RecordError(spec_error_line(err)) from None


def _check_hand_count(record: dict[str, Any], rules: Rules) -> list[Any]:
    hands = record["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise RecordError("hands must be a list with one list of cards per seat")
    players = record.get("players")
    if players is not None and (not _is_int(players) or players != len(hands)):
        raise RecordError(f"players is {_show(players)} but hands lists {len(hands)} hands")
    if len(hands) != rules.players:
        hint = ' (the number of players may be an option: set it in "options")' if rules.options else ""
        raise RecordError(
            f"{rules.name} is played by {rules.players} players, but hands lists {len(hands)} hands{hint}"
        )
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_tricks:
            raise RecordError(f"the hand of seat {seat} has {len(hand)} cards; {rules.name} deals {rules.hand_tricks}")
    return hands


def _card(rules: Rules, text: Any, where: str) -> int:
    card = rules.deck.parse(text) if isinstance(text, str) else None
    if card is None:
        raise RecordError(f"unknown card {_show(text)} in {where}")
    return card


def _check_cards(record: dict[str, Any], rules: Rules, raw_hands: list[Any]) -> tuple[list[list[int]], int | None]:
    """Parse every card; each physical card may be dealt only once (hands and upcard)."""
    seen: dict[int, str] = {}

    def take(card: int, where: str) -> None:
        if card in seen:
            name = rules.codec.to_str(card)
            raise RecordError(f"card {name} is dealt twice ({seen[card]} and {where})")
        seen[card] = where

    hands: list[list[int]] = []
    for seat, raw in enumerate(raw_hands):
        hand = []
        for text in raw:
            card = _card(rules, text, f"the hand of seat {seat}")
            take(card, f"in the hand of seat {seat}")
            hand.append(card)
        hands.append(hand)
    raw_up = record.get("upcard")
    if not rules.upcard:
        if raw_up is not None:
            raise RecordError(f"{rules.name} turns no upcard, but the record gives upcard {_show(raw_up)}")
        return hands, None
    if raw_up is None:
        raise RecordError(f"missing upcard: {rules.name} turns one up")
    upcard = _card(rules, raw_up, "upcard")
    take(upcard, "as the upcard")
    return hands, upcard


def _check_dealer(record: dict[str, Any], rules: Rules) -> int:
    dealer = record["dealer"]
    if not _is_int(dealer) or not 0 <= dealer < rules.players:
        raise RecordError(f"dealer {_show(dealer)} is not a seat (0 to {rules.players - 1})")
    return dealer


def _check_scores(record: dict[str, Any], rules: Rules) -> list[int]:
    scores = record.get("scores_before")
    if scores is None:
        return rules.start_scores()
    if not isinstance(scores, list) or len(scores) != rules.n_sides or not all(_is_int(s) for s in scores):
        raise RecordError(f"scores_before must list {rules.n_sides} integers (one per side), got {_show(scores)}")
    return list(scores)


def extensions(record: dict[str, Any]) -> dict[str, Any]:
    """Our additions to the format live under one key, `trickspec` (other readers ignore it):
    `rules` (stacked house rules), `deal` (this hand's number in the match), and
    `counters_before` (per-side tallies such as tokens)."""
    ext = record.get("trickspec", {})
    if not isinstance(ext, dict):
        raise RecordError(f"trickspec must be an object (rules, deal, counters_before), got {_show(ext)}")
    return ext


def _check_deal_number(record: dict[str, Any]) -> int:
    number = extensions(record).get("deal", 1)
    if not _is_int(number) or number < 1:
        raise RecordError(
            f"trickspec.deal must be a positive integer (this hand's number in the match), got {_show(number)}"
        )
    return number


def _check_counters(record: dict[str, Any], rules: Rules) -> dict[str, list[int]]:
    counters = rules.start_counters()
    given = extensions(record).get("counters_before")
    if given is None:
        return counters
    if not isinstance(given, dict):
        raise RecordError(f"trickspec.counters_before must map counter names to lists, got {_show(given)}")
    for name, values in given.items():
        if name not in counters:
            known = ", ".join(counters) or "none"
            raise RecordError(
                f"trickspec.counters_before: the variant has no counter {_show(name)} (its counters: {known})"
            )
        if not isinstance(values, list) or len(values) != rules.n_sides or not all(_is_int(v) for v in values):
            raise RecordError(f"trickspec.counters_before.{name} must list {rules.n_sides} integers (one per side)")
        counters[name] = list(values)
    return counters


def _check_actions(record: dict[str, Any]) -> list[str]:
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError(f"actions must be a list of strings, got {_show(actions)}")
    for index, action in enumerate(actions):
        if not isinstance(action, str):
            raise RecordError(f"action {index} is not a string: {_show(action)}")
    return actions


def check_record(
    record: Any, base_dir: Path | None = None, extra_rules: Sequence[str] = ()
) -> tuple[Rules, State, list[str]]:
    """Everything but the actions themselves: the rules and the dealt, unplayed hand."""
    if not isinstance(record, dict):
        raise RecordError(f"a hand record must be a JSON object, got {type(record).__name__}")
    for key in REQUIRED:
        if key not in record:
            raise RecordError(f"missing required key '{key}'")
    rules = load_record_rules(record, base_dir, extra_rules)
    raw_hands = _check_hand_count(record, rules)
    hands, upcard = _check_cards(record, rules, raw_hands)
    dealer = _check_dealer(record, rules)
    scores = _check_scores(record, rules)
    deal_number = _check_deal_number(record)
    counters = _check_counters(record, rules)
    actions = _check_actions(record)
    return rules, rules.new_hand(dealer, hands, upcard, scores, deal_number, counters), actions


# --------------------------------------------------------------- replaying
def _legal_words(state: State) -> str:
    codec = state.rules.codec
    return ", ".join(codec.to_str(a) for a in state.legal_actions())


def apply_text(state: State, index: int, text: str) -> None:
    """Apply one record action, or raise the docs/hand-records.md line naming why not."""
    if state.is_over:
        raise RecordError(f"action {index} ({_show(text)}): the hand is over")
    seat = state.turn
    action = state.rules.codec.parse(text)
    if action is None:
        kind = "a card" if state.phase == state.rules.play_phase else "an action"
        raise RecordError(
            f"action {index} (seat {seat}, {_show(text)}): not {kind} (expected one of: {_legal_words(state)})"
        )
    reason = state.why_illegal(action)
    if reason is not None:
        raise RecordError(f"action {index} (seat {seat}, {_show(text)}): {reason}")
    state.apply(action)


def replay_record(record: Any, base_dir: Path | None = None, extra_rules: Sequence[str] = ()) -> Replay:
    """Check a record, play its actions, and return the finished hand and its result."""
    rules, state, actions = check_record(record, base_dir, extra_rules)
    for index, text in enumerate(actions):
        apply_text(state, index, text)
    if not state.is_over:
        raise RecordError(f"actions end before the hand is over: seat {state.turn} to act ({_legal_words(state)})")
    return Replay(rules, state, state.result())


def replay_file(path: str, extra_rules: Sequence[str] = ()) -> Iterator[Replay]:
    """Replay every record of a file in order; the first bad one raises.

    In a `.jsonl` file the error is prefixed `record K: ` (K its line number).
    """
    # realpath, not Path.resolve: a symlink loop must reach the read (a located error), not raise here
    base_dir = None if path == "-" else Path(os.path.realpath(path)).parent
    for number, record in read_records(path):
        try:
            yield replay_record(record, base_dir, extra_rules)
        except RecordError as err:
            if number is None:
                raise
            raise RecordError(f"record {number}: {err}") from None


def result_json(result: dict[str, Any]) -> str:
    """The `--json` line: the result's keys in their documented order."""
    return json.dumps(result)


# --------------------------------------------------------------- writing
class RecordWriter:
    """Hand records to OUT, whole hands only: a temp file beside OUT, renamed at the end.

    A target that can never be written is refused here, before the match starts.
    A match cut short (the person's input ends, Ctrl-C) keeps the hands it finished;
    with none finished, or after a write error (a full disk), OUT is left as it was."""

    def __init__(self, path: str, option: str = "--record") -> None:
        self.path = Path(path)
        self.option = option  # how the user named OUT, for the messages
        from .atomic import AtomicFile, OutputError

        try:
            self.out = AtomicFile(self.path)
        except OutputError as err:
            raise TrickSpecError(f"{self.option} {err}") from None
        self.written = 0

    def write(self, record: dict[str, Any]) -> None:
        from .atomic import OutputError

        try:
            self.out.write(json.dumps(record, ensure_ascii=False) + "\n")
        except OutputError as err:  # a full disk: OUT is left as it was
            raise TrickSpecError(f"{self.option} {err}") from None
        self.written += 1

    def cut_short(self) -> None:
        """The match stopped before its end: keep the finished hands, if any."""
        if self.written and not self.out.abandoned:
            try:
                self.commit()
                return
            except TrickSpecError:
                pass
        self.abandon()

    def commit(self) -> None:
        from .atomic import OutputError

        try:
            self.out.commit()
        except OutputError as err:
            raise TrickSpecError(f"{self.option} {err}") from None

    def abandon(self) -> None:
        self.out.abandon()
