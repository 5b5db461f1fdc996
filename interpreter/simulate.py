"""Many bot matches of a variant, and the statistics a researcher reads from them.

Everything is gathered from what any hand exposes — its result object and the
scoring row that applied — so it works for every variant without knowing it.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .agents import make_agent
from .match import HandRecord, play_match
from .rules import Rules


@dataclass
class Stats:
    """Counts over all hands and matches of a simulation."""

    matches: int = 0
    finished: int = 0
    hands: int = 0
    redeals: int = 0
    seconds: float = 0.0
    match_wins: Counter[int] = field(default_factory=Counter)  # side → matches won (shared wins count for each)
    hands_per_match: list[int] = field(default_factory=list)
    points: Counter[int] = field(default_factory=Counter)  # side → sum of deltas
    contracts: Counter[str] = field(default_factory=Counter)  # trump / contract name → hands
    rows: Counter[str] = field(default_factory=Counter)  # scoring row id → hands it scored
    makers: Counter[int] = field(default_factory=Counter)  # seat → hands as maker
    alone: int = 0
    sat_out: int = 0  # hands in which somebody sat out or folded
    tricks: Counter[int] = field(default_factory=Counter)  # seat → tricks

    def add_hand(self, hand: HandRecord) -> None:
        r = hand.result
        self.hands += 1
        if r["status"] == "redeal":
            self.redeals += 1
            return
        self.contracts[str(r["trump"])] += 1
        self.rows[hand.state.scored_by] += 1
        if r["maker"] is not None:
            self.makers[r["maker"]] += 1
        self.alone += bool(r["alone"])
        self.sat_out += bool(r["out"])
        for side, d in enumerate(r["delta"]):
            self.points[side] += d
        for seat, t in enumerate(r["tricks"]):
            self.tricks[seat] += t

    def to_json(self, rules: Rules, bots: Sequence[str]) -> dict[str, Any]:
        played = self.hands - self.redeals
        return {
            "variant": rules.name,
            "options": dict(rules.options),
            "bots": list(bots),
            "matches": self.matches,
            "finished_matches": self.finished,
            "hands": self.hands,
            "redeals": self.redeals,
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else None,
            "match_wins": {str(side): self.match_wins[side] for side in range(rules.n_sides)},
            "mean_hands_per_match": round(sum(self.hands_per_match) / len(self.hands_per_match), 2)
            if self.hands_per_match
            else None,
            "points_per_hand": {
                str(side): round(self.points[side] / played, 3) if played else 0.0 for side in range(rules.n_sides)
            },
            "contracts": dict(self.contracts.most_common()),
            "scoring_rows": {row.id: self.rows[row.id] for row in rules.scoring},
            "maker_by_seat": {str(seat): self.makers[seat] for seat in range(rules.players)},
            "alone_hands": self.alone,
            "hands_with_seats_out": self.sat_out,
        }


def simulate(rules: Rules, bots: Sequence[str], matches: int, seed: int, max_hands: int = 1000) -> Stats:
    """Play `matches` whole matches; each seat is played by the bot kind named for it."""
    master = random.Random(seed)
    stats = Stats()
    start = time.perf_counter()
    for _ in range(matches):
        agents = [make_agent(kind, rng=random.Random(master.getrandbits(64))) for kind in bots]
        result = play_match(
            rules, agents, random.Random(master.getrandbits(64)), max_hands=max_hands, on_hand=stats.add_hand
        )
        stats.matches += 1
        stats.hands_per_match.append(len(result.hands))
        if result.finished:
            stats.finished += 1
            for side in result.winners:
                stats.match_wins[side] += 1
    stats.seconds = time.perf_counter() - start
    return stats


def side_name(rules: Rules, side: int) -> str:
    seats = rules.side_seats[side]
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + "+".join(map(str, seats))


def report(stats: Stats, rules: Rules, bots: Sequence[str]) -> str:
    """The statistics as a short text a person reads."""
    played = stats.hands - stats.redeals
    speed = f" ({stats.hands / stats.seconds:.0f} hands/s)" if stats.seconds else ""
    lines = [
        f"{rules.title} — {stats.matches} matches, {stats.hands} hands{speed}",
        "bots: " + ", ".join(f"seat {s} {kind}" for s, kind in enumerate(bots)),
    ]
    if rules.options:
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in rules.options.items()))
    lines.append("")
    lines.append("Matches won")
    for side in range(rules.n_sides):
        wins = stats.match_wins[side]
        share = 100 * wins / stats.matches if stats.matches else 0
        lines.append(
            f"  {side_name(rules, side):<14} {wins:>6}  {share:5.1f}%   "
            f"{stats.points[side] / played if played else 0:+.3f} points a hand"
        )
    if stats.hands_per_match:
        mean = sum(stats.hands_per_match) / len(stats.hands_per_match)
        lines.append(
            f"  hands a match: mean {mean:.1f}, min {min(stats.hands_per_match)}, "
            f"max {max(stats.hands_per_match)}; unfinished {stats.matches - stats.finished}"
        )
    lines.append("")
    lines.append(
        f"Hands: {played} played, {stats.redeals} redealt"
        f" ({100 * stats.redeals / stats.hands if stats.hands else 0:.1f}%)"
    )
    if played:
        lines.append(
            "  contract: " + ", ".join(f"{name} {100 * n / played:.1f}%" for name, n in stats.contracts.most_common())
        )
        lines.append(
            f"  a player alone: {100 * stats.alone / played:.1f}%   "
            f"somebody out or folded: {100 * stats.sat_out / played:.1f}%"
        )
        lines.append("")
        lines.append("Scoring rows (which row scored the hand)")
        width = max(len(row.id) for row in rules.scoring)
        for row in rules.scoring:
            n = stats.rows[row.id]
            lines.append(f"  {row.id:<{width}} {n:>7}  {100 * n / played:5.1f}%")
    return "\n".join(lines)
