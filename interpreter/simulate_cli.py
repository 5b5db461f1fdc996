"""`trickspec simulate`: the command line around interpreter.simulate.

Arguments are checked before the first match is dealt (bots, counts, output
paths, the plot extra), so a mistake costs nothing; outputs are written whole at
the end or not at all; progress goes to stderr, and only to a terminal.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .agents import make_agent
from .errors import TrickSpecError
from .output_paths import check_new_file
from .rules import Rules
from .simulate import MatchOutcome, Setup, rotations, simulate, team_of_side

if TYPE_CHECKING:
    from rich.console import Console


def parse_bots(bots: str | None, bot: str | None, players: int) -> list[str]:
    """One bot spec per seat from `--bots` (repeated round the table when it names fewer) or `--bot`.

    A spec is a name of the agent registry, with options as `name:key=value`
    (e.g. `pimc:k=20`); the registry itself judges it, so new bots need no change here."""
    if bots is not None and bot is not None:
        raise TrickSpecError(f"--bot {bot} and --bots {bots}: give one of them (--bots names a bot per seat)")
    if bots is None:
        specs = [bot or "rules"] * players
    else:
        given = [b.strip() for b in bots.split(",")]
        if not all(given) or players % len(given):
            example = ",".join(("rules", "random")[seat % 2] for seat in range(players))
            raise TrickSpecError(
                f"--bots {bots}: name one bot per seat ({players} in all), or a line-up that repeats round the "
                f"table (a number of bots dividing {players}), e.g. {example}"
            )
        specs = [given[seat % len(given)] for seat in range(players)]
    for spec in dict.fromkeys(specs):
        check_bot(spec, "--bots" if bots is not None else "--bot")
    return specs


def check_bot(spec: str, option: str) -> None:
    """A bot spec the registry can build (a person cannot sit at a simulation)."""
    if spec.partition(":")[0].strip() == "human":
        raise TrickSpecError(f"{option}: a simulation has no person at the table; use --human with `trickspec play`")
    try:
        make_agent(spec, rng=random.Random(0))
    except TrickSpecError as err:
        raise TrickSpecError(f"{option} {spec}: {err}") from None


def _console() -> Console:
    from rich.console import Console

    return Console(stderr=True)


def _progress(total: int, hands_done: Callable[[], int]) -> tuple[Callable[[MatchOutcome], None], Callable[[], None]]:
    """A rich progress bar on stderr (matches, hands, hands/s, ETA): an update per match, and a stop."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    progress = Progress(
        TextColumn("simulate"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("matches · {task.fields[hands]} hands · {task.fields[rate]} hands/s"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=_console(),
        transient=True,
    )
    task = progress.add_task("simulate", total=total, hands=0, rate="–")
    progress.start()

    def update(_: MatchOutcome) -> None:
        done = hands_done()
        elapsed = progress.tasks[0].elapsed or 0.0
        rate = f"{done / elapsed:,.0f}" if elapsed > 0 else "–"
        progress.update(task, advance=1, hands=f"{done:,}", rate=rate)

    return update, progress.stop


def _check_plot(path: str) -> None:
    if Path(path).suffix.lower() not in (".png", ".svg"):
        raise TrickSpecError(f"--plot {path}: the chart is written as .png or .svg (name the file so)")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise TrickSpecError(
            "--plot needs matplotlib, an optional extra: pip install 'trickspec[plot]' "
            "(from a clone: pip install -e '.[plot]')"
        ) from None


def run(args: argparse.Namespace, rules: Rules, record_variant: str, record_overlays: Sequence[str]) -> int:
    """Check everything, play the matches, then write the report and the files."""
    bots = parse_bots(args.bots, args.bot, rules.players)
    if args.matches < 1:
        raise TrickSpecError(f"--matches {args.matches}: at least one match must be played")
    if args.jobs < 1:
        raise TrickSpecError(f"--jobs {args.jobs}: at least one process must play")
    if args.address is not None and args.backend != "ray":
        raise TrickSpecError(f"--address {args.address}: only a Ray cluster has an address (add --backend ray)")
    if args.backend == "ray" and args.jobs != 1:
        raise TrickSpecError("--jobs with --backend ray: Ray spreads the matches over its cluster's cores itself")
    for option, path in (("--records", args.records), ("--csv", args.csv), ("--plot", args.plot)):
        if path is not None:
            check_new_file(option, path, args.force)
    if args.plot is not None:
        _check_plot(args.plot)
    if args.backend == "ray":
        from .simulate_ray import check_ray

        check_ray()
    setup = Setup(
        variant=args.variant,
        options=tuple(sorted(rules.options.items())),
        overlays=tuple(args.rule),
        bots=tuple(bots),
        seed=args.seed,
        duplicate=args.duplicate,
        keep_records=bool(args.records or args.csv),
        record_variant=record_variant,
        record_overlays=tuple(record_overlays),
    )
    rots = rotations(rules, bots, args.duplicate)
    teams = [team_of_side(rules, r) for r in rots]
    return _play_and_write(args, rules, setup, teams, len(rots))


def _play_and_write(
    args: argparse.Namespace, rules: Rules, setup: Setup, teams: list[tuple[int, ...]], n_rot: int
) -> int:
    from .simulate_data import CsvOut, RecordsOut

    outs: list[RecordsOut | CsvOut] = []
    try:
        if args.records:
            outs.append(RecordsOut(args.records, setup))
        if args.csv:
            outs.append(CsvOut(args.csv, rules, setup, teams))
    except (OSError, TrickSpecError) as err:  # AtomicFile refuses a target with an OutputError
        for out in outs:
            out.abandon()
        if isinstance(err, TrickSpecError):
            raise
        raise TrickSpecError(f"cannot write the output: {err.strerror}: {err.filename}") from None
    hands = [0]

    def count(outcome: MatchOutcome) -> None:
        hands[0] += outcome.n_hands
        for out in outs:
            out.add(outcome)

    stop: Callable[[], None] = lambda: None  # noqa: E731
    on_match = count
    if not args.quiet and sys.stderr.isatty():
        update, stop = _progress(args.matches * n_rot, lambda: hands[0])

        def on_match(outcome: MatchOutcome) -> None:
            count(outcome)
            update(outcome)

    try:
        stats = simulate(
            rules, setup, args.matches, jobs=args.jobs, backend=args.backend, address=args.address, on_match=on_match
        )
    except BaseException:
        stop()
        for out in outs:
            out.abandon()
        raise
    stop()
    for out in outs:
        out.commit()
    if args.plot:
        from .simulate_plot import plot

        plot(stats, args.plot)
    if args.json:
        print(json.dumps(stats.to_json(), ensure_ascii=False))
    else:
        print(stats.report())
    return 0
