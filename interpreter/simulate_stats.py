"""The statistics of a simulation, folded match by match, and how they are shown.

Everything is gathered from what any hand exposes — its result object and the
scoring row that applied — so it works for every variant without knowing it.
Figures are kept per *team*: the bots of one side of the line-up as given. Outside
duplicate mode a team is simply a side; in duplicate mode a team plays the other
side's seats in the other rotation, and its figures follow it there.

Memory stays constant whatever the number of matches: sums, counters and
histograms only.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from functools import partial
from operator import is_not
from typing import TYPE_CHECKING, Any

from .rules import Rules
from .simulate_intervals import ClusterRatio, wilson

if TYPE_CHECKING:
    from .simulate import MatchOutcome, Setup

_NOT_NONE = partial(is_not, None)  # x is not None, as a C call (a filter's test: no Python frame an item)

INTERVALS = (
    "95% intervals: win rates by the Wilson score interval over matches; points a hand by the "
    "cluster-robust ratio estimator, each match (in duplicate mode, each set of deals with all its rotations) "
    "one cluster"
)


def _num(x: float, digits: int = 4) -> float | None:
    """A JSON number, or null for an interval that does not exist (fewer than two clusters)."""
    return None if math.isnan(x) else round(x, digits)


def seats_text(seats: tuple[int, ...]) -> str:
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + "+".join(map(str, seats))


class Tally:
    """The counts of a run of matches, folded match by match: what `Stats` reports, in ints.

    A pooled or Ray run folds in the workers: each batch of matches (whole matches, every
    rotation of a match in the same batch) comes back to the parent as one `Tally`, and
    the parent merges them in match order (`merge`), so it never handles a hand. The
    counts are integers (shares of a shared win too, in units of 1/`share_unit`) and the
    counters are merged in order, so their first-seen order, which orders the ties of
    `contracts`, is the order of a run folded match by match: the figures are the same,
    bit for bit, however the matches were split.
    """

    def __init__(self, n_teams: int) -> None:
        self.matches = 0
        self.finished = 0
        self.hands = 0
        self.redeals = 0
        self.hands_min = 0
        self.hands_max = 0
        self.wins = [0] * n_teams  # matches won, a shared win counting for each winner
        self.shared_wins = [0] * n_teams  # of those, matches won together with another team
        # a win shared by k teams counts 1/k for each: here share_unit/k, an int (exact whatever the order)
        self.share_unit = math.lcm(*range(1, n_teams + 1))
        self.shares = [0] * n_teams
        self.shared_matches = 0
        self.points = [0] * n_teams
        self.per_hand = [ClusterRatio() for _ in range(n_teams)]
        self.difference = ClusterRatio()  # team 0 minus team 1, points a hand (two teams only)
        self.deltas: list[Counter[int]] = [Counter() for _ in range(n_teams)]  # the points-a-hand histogram
        self.contracts: Counter[str] = Counter()  # trump / contract name → hands
        self.rows: Counter[str] = Counter()  # scoring row id → hands it scored
        self.makers: Counter[int] = Counter()  # seat → hands as maker
        self.tricks: Counter[int] = Counter()  # seat → tricks
        self.alone = 0
        self.sat_out = 0  # hands in which somebody sat out or folded
        self._cluster: int | None = None  # the match index whose rotations are being summed
        self._sums = [0] * n_teams
        self._diff = 0
        self._count = 0

    @property
    def played(self) -> int:
        return self.hands - self.redeals

    @property
    def win_share(self) -> list[float]:
        """Matches won, a win shared by k teams counting 1/k."""
        return [units / self.share_unit for units in self.shares]

    def close(self) -> None:
        """Close the cluster being summed (the last match's): its sums go into the intervals."""
        if self._cluster is None:
            return
        for team, ratio in enumerate(self.per_hand):
            ratio.add(self._sums[team], self._count)
        self.difference.add(self._diff, self._count)
        self._sums = [0] * len(self._sums)
        self._diff = self._count = 0
        self._cluster = None

    def merge(self, other: Tally) -> None:
        """Fold in a closed tally of the matches that follow this one's (whole matches: no cluster is split)."""
        self.close()
        self.hands_min = other.hands_min if self.matches == 0 else min(self.hands_min, other.hands_min)
        self.hands_max = max(self.hands_max, other.hands_max)
        self.matches += other.matches
        self.finished += other.finished
        self.hands += other.hands
        self.redeals += other.redeals
        self.shared_matches += other.shared_matches
        self.alone += other.alone
        self.sat_out += other.sat_out
        for team in range(len(self.wins)):
            self.wins[team] += other.wins[team]
            self.shared_wins[team] += other.shared_wins[team]
            self.shares[team] += other.shares[team]
            self.points[team] += other.points[team]
            self.per_hand[team].merge(other.per_hand[team])
            self.deltas[team].update(other.deltas[team])
        self.difference.merge(other.difference)
        # each in the other's order: keys new here keep their first-seen order
        self.contracts.update(other.contracts)
        self.rows.update(other.rows)
        self.makers.update(other.makers)
        self.tricks.update(other.tricks)

    def add_match(self, outcome: MatchOutcome, team_of_side: tuple[int, ...]) -> None:
        """Fold one match (outcomes arrive in match order, the rotations of a match together)."""
        if outcome.index != self._cluster:
            self.close()
            self._cluster = outcome.index
        hands = outcome.hands
        n = len(hands)
        self.hands_min = n if self.matches == 0 else min(self.hands_min, n)
        self.hands_max = max(self.hands_max, n)
        self.matches += 1
        if hands:
            self._add_hands([hand.summary for hand in hands], team_of_side)
        if outcome.finished:
            self.finished += 1
            winners = [team_of_side[side] for side in outcome.winners]
            if len(winners) > 1:
                self.shared_matches += 1
            for team in winners:
                self.wins[team] += 1
                self.shares[team] += self.share_unit // len(winners)
                self.shared_wins[team] += len(winners) > 1

    def _add_hands(self, summaries: list[tuple[Any, ...]], team_of_side: tuple[int, ...]) -> None:
        """Fold a match's hands (`simulate.summarize` tuples, in play order) at once.

        Each field is read across the hands by `zip` and counted by `Counter.update`, which
        count in C: hand by hand, each `+= 1` on a Counter cost more than the hand's own
        summary (about 31k instructions a hand of the rules bots' table). The counts are the
        same, and so is the first-seen order of every counter's keys (the hands are read in
        order), which orders the ties of `contracts`."""
        played = [summary for summary in summaries if not summary[0]]
        self.hands += len(summaries)
        self.redeals += len(summaries) - len(played)
        if not played:
            return
        self._count += len(played)
        _, trumps, rows, makers, alone, out, deltas, tricks = zip(*played, strict=True)
        # (a hand conceded before trump has no contract and no scoring row)
        self.contracts.update(map(str, filter(_NOT_NONE, trumps)))
        self.rows.update(filter(None, rows))
        self.makers.update(filter(_NOT_NONE, makers))
        self.alone += sum(alone)
        self.sat_out += sum(out)
        two = len(team_of_side) == 2
        for side, ds in enumerate(zip(*deltas, strict=True)):
            team = team_of_side[side]
            total = sum(ds)
            self.points[team] += total
            self._sums[team] += total
            self.deltas[team].update(ds)
            if two:
                self._diff += total if team == 0 else -total
        for seat, ts in enumerate(zip(*tricks, strict=True)):
            self.tricks[seat] += sum(ts)


class Stats(Tally):
    """Counts over all hands and matches of a simulation, per team and per seat, and how they are shown."""

    def __init__(self, rules: Rules, setup: Setup, n_rotations: int = 1) -> None:
        super().__init__(rules.n_sides)
        self.rules = rules
        self.setup = setup
        self.n_rotations = n_rotations
        self.seconds = 0.0
        self._started = 0.0

    def start(self) -> None:
        self._started = time.perf_counter()

    def stop(self) -> None:
        self.close()
        self.seconds = time.perf_counter() - self._started

    # ---------------------------------------------------------------- figures
    def team_label(self, team: int) -> str:
        seats = self.rules.side_seats[team]
        kinds = list(dict.fromkeys(self.setup.bots[s] for s in seats))
        return f"{seats_text(seats)} ({', '.join(kinds)})"

    def team_json(self, team: int) -> dict[str, Any]:
        lo, hi = wilson(self.wins[team], self.matches)
        mean, plo, phi = self.per_hand[team].interval()
        seats = self.rules.side_seats[team]
        return {
            "team": team,
            "seats": list(seats),
            "bots": [self.setup.bots[s] for s in seats],
            "wins": self.wins[team],
            "shared_wins": self.shared_wins[team],
            "win_share": round(self.win_share[team], 4),
            "win_rate": _num(self.wins[team] / self.matches if self.matches else 0.0),
            "win_rate_ci95": [_num(lo), _num(hi)],
            "points": self.points[team],
            "points_per_hand": _num(mean),
            "points_per_hand_ci95": [_num(plo), _num(phi)],
        }

    def to_json(self) -> dict[str, Any]:
        rules, setup = self.rules, self.setup
        played = self.played
        n_teams = rules.n_sides
        out: dict[str, Any] = {
            "variant": rules.name,
            "title": rules.title,
            "rules": list(setup.overlays),
            "options": dict(rules.options),
            "seed": setup.seed,
            "bots": list(setup.bots),
            "duplicate": setup.duplicate,
            "rotations": self.n_rotations,
            "deal_sequences": self.matches // self.n_rotations,
            "matches": self.matches,
            "finished_matches": self.finished,
            "unfinished_matches": self.matches - self.finished,
            "shared_matches": self.shared_matches,
            "hands": self.hands,
            "redeals": self.redeals,
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else None,
            "teams": [self.team_json(t) for t in range(n_teams)],
            "match_wins": {str(t): self.wins[t] for t in range(n_teams)},
            "mean_hands_per_match": round(self.hands / self.matches, 2) if self.matches else None,
            "points_per_hand": {str(t): round(self.points[t] / played, 3) if played else 0.0 for t in range(n_teams)},
            "contracts": dict(self.contracts.most_common()),
            "scoring_rows": {row.id: self.rows[row.id] for row in rules.scoring},
            "maker_by_seat": {str(seat): self.makers[seat] for seat in range(rules.players)},
            "tricks_by_seat": {str(seat): self.tricks[seat] for seat in range(rules.players)},
            "alone_hands": self.alone,
            "hands_with_seats_out": self.sat_out,
            "intervals": INTERVALS,
        }
        if n_teams == 2:
            mean, lo, hi = self.difference.interval()
            out["points_per_hand_difference"] = {
                "teams": [0, 1],
                "mean": _num(mean),
                "ci95": [_num(lo), _num(hi)],
            }
        return out

    # ---------------------------------------------------------------- text
    def report(self) -> str:
        """The statistics as a short text a person reads."""
        rules, setup = self.rules, self.setup
        played = self.played
        speed = f" ({self.hands / self.seconds:.0f} hands/s)" if self.seconds else ""
        lines = [
            f"{rules.heading} — seed {setup.seed}: {self.matches} matches, {self.hands} hands{speed}",
            "bots: " + ", ".join(f"seat {s} {kind}" for s, kind in enumerate(setup.bots)),
        ]
        if setup.overlays:
            lines.append("rules: " + ", ".join(setup.overlays))
        if rules.options:
            lines.append("options: " + ", ".join(f"{k}={v}" for k, v in rules.options.items()))
        if setup.duplicate:
            lines.append(
                f"duplicate: each of {self.matches // self.n_rotations} deal sequences played {self.n_rotations} "
                "times, the bots moved one seat on each time; a team's figures follow its bots"
            )
        lines += ["", "Matches won, and points a hand (95% intervals)"]
        width = max(len(self.team_label(t)) for t in range(rules.n_sides))
        for team in range(rules.n_sides):
            j = self.team_json(team)
            lo, hi = j["win_rate_ci95"]
            mean, plo, phi = self.per_hand[team].interval()
            ci = "" if math.isnan(plo) else f" [{plo:+.3f}, {phi:+.3f}]"
            lines.append(
                f"  {self.team_label(team):<{width}} {self.wins[team]:>6}  {100 * j['win_rate']:5.1f}% "
                f"[{100 * lo:.1f}–{100 * hi:.1f}%]   {mean:+.3f}{ci} points a hand"
            )
        if rules.n_sides == 2 and played:
            mean, lo, hi = self.difference.interval()
            ci = "" if math.isnan(lo) else f" [{lo:+.3f}, {hi:+.3f}]"
            lines.append(f"  difference (first − second): {mean:+.3f}{ci} points a hand")
        lines += self._ties_lines()
        if self.matches:
            lines.append(
                f"  hands a match: mean {self.hands / self.matches:.1f}, min {self.hands_min}, max {self.hands_max}"
            )
        lines += ["", f"Hands: {played} played, {self.redeals} redealt ({_pct(self.redeals, self.hands)})"]
        if played:
            lines.append(
                "  contract: " + ", ".join(f"{name} {_pct(n, played)}" for name, n in self.contracts.most_common())
            )
            lines.append(
                "  maker: " + ", ".join(f"seat {s} {_pct(self.makers[s], played)}" for s in range(rules.players))
            )
            lines.append(
                f"  a player alone: {_pct(self.alone, played)}   somebody out or folded: {_pct(self.sat_out, played)}"
            )
            lines += ["", "Scoring rows (which row scored the hand)"]
            width = max(len(row.id) for row in rules.scoring)
            for row in rules.scoring:
                n = self.rows[row.id]
                lines.append(f"  {row.id:<{width}} {n:>7}  {100 * n / played:5.1f}%")
        lines += ["", INTERVALS + "."]
        return "\n".join(lines)

    def _ties_lines(self) -> list[str]:
        lines = []
        if self.shared_matches:
            lines.append(
                f"  {self.shared_matches} of {self.matches} matches ended in a shared win: each winner counts it, "
                f"so the wins add up to {sum(self.wins)}"
            )
        unfinished = self.matches - self.finished
        if unfinished:
            lines.append(f"  {unfinished} matches reached {self.setup.max_hands} hands unfinished: nobody won them")
        return lines


def _pct(n: int, of: int) -> str:
    return f"{100 * n / of:.1f}%" if of else "0.0%"
