"""Per-hand data out of a simulation: hand records (replayable) and a CSV table.

Both are written through `AtomicFile`: complete at the end of the run, or not
there at all. Every row and record names the run (seed, variant, house rules,
bots) and the match it comes from, so files of several runs can be pooled.
"""

from __future__ import annotations

import csv
import json
from typing import Any

from .atomic import AtomicFile
from .rules import Rules
from .simulate import MatchOutcome, Setup, seat_bots


class RecordsOut:
    """`--records OUT.jsonl`: one hand record a line, replayable with `trickspec replay`.

    The run and match go under the record's `trickspec.simulate` key (readers
    ignore keys they do not know)."""

    def __init__(self, path: str, setup: Setup) -> None:
        self.out = AtomicFile(path)
        self.setup = setup

    def add(self, outcome: MatchOutcome) -> None:
        bots = seat_bots(self.setup.bots, outcome.rotation)
        for number, hand in enumerate(outcome.hands, start=1):
            assert hand.record is not None
            record = dict(hand.record)
            ext = dict(record.get("trickspec", {}))
            ext["simulate"] = {
                "seed": self.setup.seed,
                "match": outcome.index,
                "rotation": outcome.rotation,
                "hand": number,
                "bots": bots,
            }
            record["trickspec"] = ext
            record["expect"] = hand.result  # readers ignore it; a person sees the outcome
            self.out.write(json.dumps(record, ensure_ascii=False) + "\n")

    def commit(self) -> None:
        self.out.commit()

    def abandon(self) -> None:
        self.out.abandon()


def csv_header(rules: Rules) -> list[str]:
    seats = range(rules.players)
    sides = range(rules.n_sides)
    return [
        "seed",
        "variant",
        "rules",
        "bots",
        "match",
        "rotation",
        "hand",
        "dealer",
        *(f"hand_{s}" for s in seats),
        "upcard",
        "status",
        "trump",
        "contract",
        "maker",
        "alone",
        "out",
        "partner",
        *(f"tricks_{s}" for s in seats),
        *(f"delta_{side}" for side in sides),
        *(f"score_{side}" for side in sides),
        *(f"team_{side}" for side in sides),
        "scoring_row",
        "winners",
    ]


def _cell(value: Any) -> Any:
    """Lists as space-separated words, None as an empty cell."""
    if value is None:
        return ""
    if isinstance(value, list):
        return " ".join(map(str, value))
    return value


class CsvOut:
    """`--csv OUT.csv`: one row a hand, for pandas or R (dealt hands, contract, maker, tricks, deltas, row).

    `team_K` says which team (a side of the line-up as given) played side K: in
    duplicate mode the teams change sides from one rotation to the next."""

    def __init__(self, path: str, rules: Rules, setup: Setup, teams: list[tuple[int, ...]]) -> None:
        self.out = AtomicFile(path)
        self.rules = rules
        self.setup = setup
        self.teams = teams
        self.writer = csv.writer(self.out.file, lineterminator="\n")
        self.writer.writerow(csv_header(rules))

    def add(self, outcome: MatchOutcome) -> None:
        setup = self.setup
        bots = " ".join(seat_bots(setup.bots, outcome.rotation))
        for number, hand in enumerate(outcome.hands, start=1):
            rec, r = hand.record, hand.result
            assert rec is not None and r is not None  # kept: the run keeps records for --csv
            self.writer.writerow(
                [
                    setup.seed,
                    self.rules.name,
                    " ".join(setup.overlays),
                    bots,
                    outcome.index,
                    outcome.rotation,
                    number,
                    rec["dealer"],
                    *(" ".join(h) for h in rec["hands"]),
                    rec.get("upcard", ""),
                    r["status"],
                    _cell(r["trump"]),
                    _cell(r["contract"]),
                    _cell(r["maker"]),
                    _cell(r["alone"]),
                    _cell(r["out"]),
                    _cell(r["partner"]),
                    *r["tricks"],
                    *r["delta"],
                    *r["scores"],
                    *self.teams[outcome.rotation],
                    hand.row,
                    _cell(r["winners"]),
                ]
            )

    def commit(self) -> None:
        self.out.commit()

    def abandon(self) -> None:
        self.out.abandon()
