"""The `trickspec` command: validate specs, replay hand records, play matches.

Bad input of any kind (a spec, a record, a `--set`, a person's closed input)
arrives here as a `TrickSpecError`; it is printed to stderr as the one message
it is, and the command exits 1 — never with a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from . import __version__
from .errors import SpecError, TrickSpecError
from .limits import shorten
from .validate_cache import plain_validate
from .variants import bundled_names, load_rules

# Modules only `play` and `replay` need (bots, rich, records, output files) are imported where
# they are used: a `validate` should not pay for them (fast start, see benchmarks/startup.py).
if TYPE_CHECKING:
    import argparse  # imported where the parser is built: a plain `validate FILE…` builds none

    from .engine import State
    from .match import Agent, HandRecord
    from .records import Replay
    from .rules import Rules
    from .transcript import Narrator

DEFAULT_VARIANT = "euchre"


# ------------------------------------------------------------------ errors
def error_text(err: TrickSpecError) -> str:
    """The message as shown; a spec error with no file needs no `<spec>:` prefix."""
    if isinstance(err, SpecError) and err.file is None:
        return err.message + (f"\n  hint: {err.hint}" if err.hint else "")
    return str(err)


def _fail(err: TrickSpecError) -> int:
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    print(error_text(err), file=sys.stderr)
    return 1


# ------------------------------------------------------------------ validate
def _as_variant_arg(text: str) -> str:
    """A file given without a directory or .yaml suffix is still a file, if it exists."""
    if "/" not in text and "." in text and os.path.isfile(text):
        return f"./{text}"
    return text


def cmd_validate(args: argparse.Namespace) -> int:
    return validate_files(args.files, args.rule)


def validate_files(files: Sequence[str], overlays: Sequence[str]) -> int:
    """`trickspec validate`: an "ok" line per spec on stdout, or its error on stderr (then exit 1)."""
    status = 0
    for name in files:
        try:
            rules = load_rules(_as_variant_arg(name), rules=overlays)
        except SpecError as err:
            print(error_text(err), file=sys.stderr)
            status = 1
            continue
        said = f"({rules.name}: {rules.heading}, {rules.players} players)"
        print(f"ok: {name} {said}")
        if not overlays:
            from .validate_cache import remember  # the next validate of this file answers at once

            remember(name, said)
    return status


# ------------------------------------------------------------------ verify
def cmd_verify(args: argparse.Namespace) -> int:
    """Static checks and random hands; findings on stdout, exit 1 when any is an error."""
    from .verify import verify

    if args.hands < 0:
        raise TrickSpecError(f"--hands {args.hands}: the number of random hands cannot be negative")
    report = verify(_as_variant_arg(args.spec), parse_sets(args.set), args.rule, hands=args.hands, seed=args.seed)
    print(json.dumps(report.to_json(), ensure_ascii=False) if args.json else report.text())
    return 0 if report.ok else 1


# ------------------------------------------------------------------ variants
def cmd_variants(args: argparse.Namespace) -> int:
    status = 0
    names = bundled_names(house=True)
    width = max((len(n) for n in names), default=0)
    for name in names:
        try:
            rules = load_rules(name)
        except SpecError as err:
            print(error_text(err), file=sys.stderr)
            status = 1
            continue
        about = f" — {rules.description}" if rules.description else ""
        print(f"{name:<{width}}  {rules.title}{about}")
    return status


# ------------------------------------------------------------------ explain, diff
def cmd_explain(args: argparse.Namespace) -> int:
    from .explain import explain_text

    sys.stdout.write(explain_text(_as_variant_arg(args.variant), args.rule, parse_sets(args.set)))
    return 0


def cmd_ids(args: argparse.Namespace) -> int:
    from .ids import ids_text

    sys.stdout.write(ids_text(_as_variant_arg(args.variant), args.rule, parse_sets(args.set)))
    return 0


def cmd_diff(args: argparse.Namespace) -> int:
    from .explain import diff_text

    sys.stdout.write(diff_text(_as_variant_arg(args.a), _as_variant_arg(args.b), args.rule, args.rule_b))
    return 0


# ------------------------------------------------------------------ replay
def cmd_replay(args: argparse.Namespace) -> int:
    """Results are printed as they come, so a bad record follows the good ones before it."""
    from .records import replay_file, result_json

    number = 0
    for number, replay in enumerate(replay_file(args.record, args.rule), start=1):
        if args.json:
            print(result_json(replay.result))
        else:
            print_summary(replay, number)
    if number == 0:
        where = "the standard input" if args.record == "-" else args.record
        raise TrickSpecError(f"no hand records in {where}: expected one JSON object a line (or one .json object)")
    return 0


def print_summary(replay: Replay, number: int) -> None:
    """A replayed hand for a person: contract, tricks, points, scores."""
    from .transcript import contract_text, scores_text, side_label

    rules, state, result = replay.rules, replay.state, replay.result
    print(f"Hand {number} ({rules.name}), dealer seat {state.dealer}: {result['status']}")
    if result["status"] == "complete":
        line = f"  trump {contract_text(result['trump'])}"
        if result["maker"] is not None:
            line += f", maker seat {result['maker']}"
        if result["contract"] is not None:
            line += f", contract {result['contract']}"
        for key, word in (("alone", "alone"), ("out", "out")):
            if result[key]:
                line += f", {word}: " + " ".join(f"seat {s}" for s in result[key])
        if result["partner"] is not None:
            line += f", partner seat {result['partner']}"
        print(line)
        print("  tricks: " + ", ".join(f"seat {s} {t}" for s, t in enumerate(result["tricks"])))
    print(f"  points: {scores_text(rules, result['delta'], signed=True)}")
    print(f"  scores: {scores_text(rules, result['scores'])}")
    game = result.get("trickspec")
    if game is not None:  # the hand ended a game of the match (`games`)
        won = ", ".join(side_label(rules, w) for w in game["game_winners"])
        print(f"  game won by {won}; the next game starts at {scores_text(rules, game['next_scores'])}")
    if result["winners"]:
        print("  winners: " + ", ".join(side_label(rules, w) for w in result["winners"]))


# ------------------------------------------------------------------ play
def parse_sets(items: Sequence[str]) -> dict[str, int]:
    """`--set NAME=VALUE` (integer values) to the options dict."""
    options: dict[str, int] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name or not value:
            raise TrickSpecError(f"--set {item}: expected NAME=VALUE, e.g. --set target=7")
        try:
            options[name] = int(value)
        except ValueError:
            raise TrickSpecError(
                f"--set {shorten(item)}: the value must be an integer, got '{shorten(value)}'"
            ) from None
    return options


class _Narrated:
    """An agent that lets the narrator tell what happened before it decides."""

    def __init__(self, agent: Agent, narrator: Narrator) -> None:
        self.agent = agent
        self.narrator = narrator

    def act(self, state: State, seat: int) -> int:
        self.narrator.catch_up(state)
        return self.agent.act(state, seat)


def _record_variant(variant: str, record_path: str | None) -> str:
    """The record's `variant`: a bundled name as is; a spec path relative to the record."""
    is_path = variant.endswith((".yaml", ".yml")) or "/" in variant or "\\" in variant
    if not is_path or record_path is None or not Path(variant).is_file():
        return variant
    base = Path(record_path).resolve().parent
    return os.path.relpath(Path(variant).resolve(), base)


def _agents(args: argparse.Namespace, rules: Rules, master: random.Random) -> list[Agent]:
    from .agents import make_agent

    agents: list[Agent] = []
    for seat in range(rules.players):
        if seat == args.human:
            agents.append(make_agent("human", seat=seat, inp=sys.stdin, out=sys.stdout, show_history=False))
        else:
            try:
                agents.append(make_agent(args.bot, rng=random.Random(master.getrandbits(64))))
            except TrickSpecError as err:
                raise TrickSpecError(f"--bot {args.bot}: {err}") from None
    return agents


def cmd_play(args: argparse.Namespace) -> int:
    from .match import play_match
    from .transcript import Narrator

    variant = _as_variant_arg(args.variant)
    rules = load_rules(variant, parse_sets(args.set), args.rule)
    if args.human is not None and not 0 <= args.human < rules.players:
        raise TrickSpecError(f"--human {args.human}: {rules.name} has seats 0 to {rules.players - 1}")
    if args.hands is not None and args.hands < 1:
        raise TrickSpecError(f"--hands {args.hands}: at least one hand must be played")
    if args.record:
        from .output_paths import check_new_file  # (tempfile, shutil: not for a validate)

        check_new_file("--record", args.record, args.force)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    master = random.Random(seed)
    deal_rng = random.Random(master.getrandbits(64))
    agents = _agents(args, rules, master)
    # A person at the table always sees the play told the same way: --quiet is for bots' matches.
    narrator = Narrator(rules, sys.stdout, viewer=args.human, quiet=args.quiet and args.human is None)
    from .records import RecordWriter

    writer = RecordWriter(args.record) if args.record else None
    try:
        dealer, draws = rules.draw_first_dealer(deal_rng)
        narrator.match_start(seed, dealer, draws)

        def on_hand(hand: HandRecord) -> None:
            narrator.hand_end(hand)
            if writer is not None:
                writer.write(hand.record)

        result = play_match(
            rules,
            [_Narrated(a, narrator) for a in agents],
            deal_rng,
            max_hands=args.hands or 1000,
            variant=_record_variant(variant, args.record),
            overlays=[_record_variant(_as_variant_arg(r), args.record) for r in args.rule],
            on_hand=on_hand,
            first_dealer=dealer,
        )
        narrator.match_end(result)
    except BaseException:
        if writer is not None:
            writer.cut_short()
        raise
    if writer is not None:
        writer.commit()
    return 0


# ------------------------------------------------------------------ simulate
def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate_cli import run

    variant = _as_variant_arg(args.variant)
    rules = load_rules(variant, parse_sets(args.set), args.rule)
    args.variant = variant
    record_variant = _record_variant(variant, args.records)
    record_overlays = [_record_variant(_as_variant_arg(r), args.records) for r in args.rule]
    return run(args, rules, record_variant, record_overlays)


# ------------------------------------------------------------------ parser
def _add_variant_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "variant",
        nargs="?",
        default=DEFAULT_VARIANT,
        metavar="VARIANT",
        help=f"a bundled name or a YAML spec (default: {DEFAULT_VARIANT})",
    )


def _add_set_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="choose a variant option")


def _add_rule_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="FILE",
        help="a house-rule overlay stacked onto the variant (repeatable; a path or house/NAME)",
    )


def _validate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE")
    _add_rule_option(p)
    p.set_defaults(func=cmd_validate)


def _verify_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("spec", metavar="SPEC", help="a bundled name, house/NAME, or a YAML spec")
    p.add_argument("--hands", type=int, default=2000, metavar="N", help="random hands to play (default 2000)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed of the hands (default 0)")
    _add_set_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object instead of lines")
    _add_rule_option(p)
    p.set_defaults(func=cmd_verify)


def _replay_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="RECORD", help="a .json record, a .jsonl file of records, or - for stdin")
    p.add_argument("--json", action="store_true", help="one JSON result line per record")
    _add_rule_option(p)
    p.set_defaults(func=cmd_replay)


def _play_arguments(p: argparse.ArgumentParser) -> None:
    _add_variant_argument(p)
    p.add_argument("--seed", type=int, help="random seed (default: a fresh one, shown in the header)")
    p.add_argument("--hands", type=int, metavar="N", help="stop after at most N hands")
    p.add_argument("--record", metavar="OUT.jsonl", help="write every hand as a hand record")
    p.add_argument("--human", type=int, metavar="SEAT", help="play this seat yourself")
    p.add_argument(
        "--bot", default="rules", help="the bots' kind: rules, rules-v1, random, pimc (options as pimc:k=20:ms=50)"
    )
    _add_set_option(p)
    p.add_argument("--force", action="store_true", help="replace the --record file if it exists")
    p.add_argument(
        "--quiet", action="store_true", help="print only the outcome of a bots' match (a person at the table sees all)"
    )
    _add_rule_option(p)
    p.set_defaults(func=cmd_play)


def _simulate_arguments(p: argparse.ArgumentParser) -> None:
    _add_variant_argument(p)
    p.add_argument("--matches", type=int, default=100, metavar="M", help="matches to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0: repeatable)")
    p.add_argument("--bot", metavar="BOT", help="every seat's bot (default: rules); options as NAME:KEY=VALUE")
    p.add_argument(
        "--bots",
        metavar="BOT,BOT,…",
        help="a bot per seat, e.g. rules,random,rules,random; fewer repeat round the table (rules,random)",
    )
    p.add_argument(
        "--duplicate",
        action="store_true",
        help="play every match's deals again with the bots moved one seat on (the sides swapped)",
    )
    p.add_argument("--jobs", type=int, default=1, metavar="N", help="processes to play in (same results for any N)")
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="where the matches are played: this machine (default) or a Ray cluster (the [cluster] extra)",
    )
    p.add_argument("--address", metavar="ADDR", help="with --backend ray: a running cluster (auto, ray://HOST:10001)")
    _add_set_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--records", metavar="OUT.jsonl", help="write every hand as a hand record (replayable)")
    p.add_argument("--csv", metavar="OUT.csv", help="write one row a hand (deal, contract, maker, tricks, points)")
    p.add_argument("--plot", metavar="OUT.png", help="draw the score distribution and win rates (.png or .svg)")
    p.add_argument("--force", action="store_true", help="replace output files that exist")
    p.add_argument("--quiet", action="store_true", help="no progress bar (it is shown only in a terminal)")
    _add_rule_option(p)
    p.set_defaults(func=cmd_simulate)


def _variants_arguments(p: argparse.ArgumentParser) -> None:
    p.set_defaults(func=cmd_variants)


def _explain_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", metavar="SPEC", help="a bundled name, house/NAME, or a YAML spec")
    _add_set_option(p)
    _add_rule_option(p)
    p.set_defaults(func=cmd_explain)


def _ids_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", metavar="SPEC", help="a bundled name, house/NAME, or a YAML spec")
    _add_set_option(p)
    _add_rule_option(p)
    p.set_defaults(func=cmd_ids)


def _diff_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("a", metavar="A", help="a bundled name, house/NAME, or a YAML spec")
    p.add_argument("b", metavar="B", help="a bundled name, house/NAME, or a YAML spec")
    _add_rule_option(p)
    p.add_argument(
        "--rule-b",
        action="append",
        default=[],
        metavar="FILE",
        help="a house-rule overlay stacked onto B only (repeatable)",
    )
    p.set_defaults(func=cmd_diff)


def _egn_arguments(p: argparse.ArgumentParser) -> None:
    egn = p.add_subparsers(dest="egn_command", required=True, metavar="import|export")
    q = egn.add_parser("import", help="an .egn game to hand records (JSON lines)")
    q.add_argument("file", metavar="FILE.egn")
    q.add_argument("--out", metavar="RECORDS.jsonl", help="write the records here (default: standard output)")
    q.add_argument("--lenient", action="store_true", help="a partial or reneged hand ends the import, not fails it")
    q = egn.add_parser("export", help="hand records (one match, in order) to an .egn game")
    q.add_argument("records", metavar="RECORDS.jsonl")
    q.add_argument("--out", metavar="FILE.egn", help="write the game here (default: standard output)")
    q.add_argument("--title", help="the game's title (default: the records file's name)")
    p.set_defaults(func=cmd_egn)


# Every command: its name, its line in `trickspec --help`, and what declares its arguments.
_COMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser], None]], ...] = (
    ("validate", "check variant specs (files or bundled names)", _validate_arguments),
    ("verify", "check a spec deeply: static analysis, then random hands with invariants", _verify_arguments),
    ("replay", "replay hand records (.json or .jsonl) and show their results", _replay_arguments),
    ("play", "play a match between bots, or with a person at one seat", _play_arguments),
    ("simulate", "many bot matches of a variant, and their statistics", _simulate_arguments),
    ("variants", "list the bundled variants and house rules", _variants_arguments),
    ("explain", "print a variant's rules in plain English", _explain_arguments),
    ("ids", "list the ids of phases and rows that a house-rule overlay can address", _ids_arguments),
    ("diff", "show, in words, what differs between two variants", _diff_arguments),
    ("egn", "import or export Euchre Game Notation (.egn) games as hand records", _egn_arguments),
)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line. Given the `command` a command line names, only that command's
    arguments are declared (every command keeps its name and help, so usage and errors are
    unchanged): declaring all of them cost about 5% of a cold `trickspec validate`."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        """Usage mistakes are bad input too: the message, and exit status 1 (argparse says 2)."""

        def error(self, message: str) -> NoReturn:
            self.print_usage(sys.stderr)
            self.exit(1, f"{self.prog}: error: {message}\n")

    parser = _Parser(prog="trickspec", description="A rules-as-data interpreter for Euchre-family card games.")
    parser.add_argument("--version", action="version", version=f"trickspec {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, help_text, declare in _COMMANDS:
        p = sub.add_parser(name, help=help_text)
        if command is None or command == name:
            declare(p)
    return parser


def _command_word(argv: Sequence[str]) -> str | None:
    """The command a command line names: its first word that is not an option (None: all of them)."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


class _LetterSuits:
    """A stream that cannot encode ♣ ♦ ♥ ♠ is written the suits as letters (C D H S), the record's own form,
    and plain stand-ins for the few other signs the transcript uses."""

    SUITS = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "—": "-", "–": "-", "→": "->", "·": "."})

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(text.translate(self.SUITS))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return bool(self.stream.isatty())

    def fileno(self) -> int:
        return int(self.stream.fileno())

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)  # encoding, errors, buffer…: the stream's own


def _can_encode_suits(stream: Any) -> bool:
    try:
        "♣♦♥♠".encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


# ------------------------------------------------------------------ egn
def cmd_egn(args: argparse.Namespace) -> int:
    from .formats.egn_cli import run  # imported here: starting the CLI stays fast

    return run(args)


def _tolerant_streams() -> None:
    """A terminal that cannot print ♥ gets letter suits; any other character it cannot print, an escape."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    if not _can_encode_suits(sys.stdout):
        sys.stdout = cast(TextIO, _LetterSuits(sys.stdout))
    if not _can_encode_suits(sys.stderr):
        sys.stderr = cast(TextIO, _LetterSuits(sys.stderr))


def _terminated(signum: int, frame: object) -> NoReturn:
    """SIGTERM unwinds like Ctrl-C (output files cleaned up), then exits 128 + signal number."""
    raise SystemExit(128 + signum)


def _stdout_gone() -> None:
    """stdout cannot take more (a closed pipe, a full disk): send the rest to /dev/null, so the
    interpreter's final flush at exit cannot fail a second time."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command. Exit status: 0 done, 1 bad input or an output that cannot be
    written (one message on stderr, never a traceback), 130 Ctrl-C, 141 a closed pipe."""
    previous = None
    try:
        with contextlib.suppress(ValueError):  # only the main thread may set signal handlers
            previous = signal.signal(signal.SIGTERM, _terminated)
        _tolerant_streams()
        words = sys.argv[1:] if argv is None else argv
        files = plain_validate(words)
        if files is not None:  # the usual `validate FILE…` means the same to any parser: none is built
            return validate_files(files, [])
        args = build_parser(_command_word(words)).parse_args(argv)
        return int(args.func(args))
    except TrickSpecError as err:
        return _fail(err)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`trickspec play | head`): stop quietly.
        _stdout_gone()
        return 141
    except OSError as err:
        # Not bad input but the machine: stdout on a full disk, a file vanishing mid-run.
        where = f" ({shorten(str(err.filename), 200)})" if err.filename else ""
        _stdout_gone()
        print(f"trickspec: {err.strerror or err}{where}", file=sys.stderr)
        return 1
    finally:
        if previous is not None:
            with contextlib.suppress(ValueError):
                signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    raise SystemExit(main())
