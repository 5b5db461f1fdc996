"""A match's hands folded at once (`Tally._add_hands`) count as folding them one by one.

The fold reads each field across a match's hands (`zip`, `Counter.update`) for speed; the
reference here is the plain hand-by-hand fold it replaced, written out. Real matches of
several variants (two teams, three seats, shifting partners, a game that carries points)
and hand-made summaries (redeals, a hand conceded before trump, a match of redeals only)
are folded both ways, and every count must agree, the first-seen order of every counter
too (it orders the ties of `contracts`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from interpreter.simulate import Setup, play_one, team_of_side
from interpreter.simulate_stats import Tally
from interpreter.variants import load_rules

Summary = tuple[Any, ...]


def _reference(summaries: list[Summary], teams: tuple[int, ...], n_teams: int) -> dict[str, Any]:
    """The counts, hand by hand (the fold before `_add_hands`)."""
    out: dict[str, Any] = {
        "hands": 0,
        "redeals": 0,
        "count": 0,
        "contracts": Counter(),
        "rows": Counter(),
        "makers": Counter(),
        "alone": 0,
        "sat_out": 0,
        "points": [0] * n_teams,
        "sums": [0] * n_teams,
        "diff": 0,
        "deltas": [Counter() for _ in range(n_teams)],
        "tricks": Counter(),
    }
    for redeal, trump, row, maker, alone, seats_out, delta, tricks in summaries:
        out["hands"] += 1
        if redeal:
            out["redeals"] += 1
            continue
        out["count"] += 1
        if trump is not None:
            out["contracts"][str(trump)] += 1
        if row:
            out["rows"][row] += 1
        if maker is not None:
            out["makers"][maker] += 1
        out["alone"] += alone
        out["sat_out"] += seats_out
        for side, d in enumerate(delta):
            team = teams[side]
            out["points"][team] += d
            out["sums"][team] += d
            out["deltas"][team][d] += 1
            if len(teams) == 2:
                out["diff"] += d if team == 0 else -d
        for seat, t in enumerate(tricks):
            out["tricks"][seat] += t
    return out


def _folded(summaries: list[Summary], teams: tuple[int, ...], n_teams: int) -> dict[str, Any]:
    tally = Tally(n_teams)
    tally._add_hands(summaries, teams)
    return {
        "hands": tally.hands,
        "redeals": tally.redeals,
        "count": tally._count,
        "contracts": tally.contracts,
        "rows": tally.rows,
        "makers": tally.makers,
        "alone": tally.alone,
        "sat_out": tally.sat_out,
        "points": tally.points,
        "sums": tally._sums,
        "diff": tally._diff,
        "deltas": tally.deltas,
        "tricks": tally.tricks,
    }


def _same(got: dict[str, Any], want: dict[str, Any]) -> None:
    for key, value in want.items():
        assert got[key] == value, key
        if isinstance(value, Counter):  # the first-seen order as well
            assert list(got[key]) == [k for k in value if value[k]], key
    for team, counts in enumerate(want["deltas"]):
        assert list(got["deltas"][team]) == list(counts), ("deltas order", team)


@pytest.mark.parametrize(
    ("variant", "bots"),
    [
        ("euchre", ("rules", "random")),
        ("three-handed-euchre", ("rules", "random", "random")),
        ("call-ace", ("random",)),
        ("bid-euchre", ("rules", "random")),
        ("five-hundred", ("random", "rules")),
        ("house/laps", ("rules", "random")),
    ],
)
def test_real_matches_fold_as_hand_by_hand(variant: str, bots: tuple[str, ...]) -> None:
    rules = load_rules(variant)
    seats = tuple(bots[seat % len(bots)] for seat in range(rules.players))
    setup = Setup(variant=variant, options=(), overlays=(), bots=seats, seed=11, max_hands=60)
    teams = team_of_side(rules, 0)
    n_teams = max(teams) + 1
    checked = 0
    for index in range(4):
        summaries = [hand.summary for hand in play_one(setup, index, 0).hands]
        _same(_folded(summaries, teams, n_teams), _reference(summaries, teams, n_teams))
        checked += len(summaries)
    assert checked > 0


def test_made_up_summaries_fold_as_hand_by_hand() -> None:
    """Redeals, a hand conceded before trump (no contract, no row, no maker), a lone hand
    with seats out, negative points, and a match of redeals only."""
    teams = (0, 1)
    hands: list[Summary] = [
        (True, None, "", None, False, False, (), ()),
        (False, "H", "made", 0, False, False, (1, 0), (3, 1, 1, 0)),
        (False, None, "", None, False, False, (0, 2), (0, 0, 0, 0)),
        (False, "S", "march_alone", 3, True, True, (0, 4), (0, 5, 0, 0)),
        (False, "H", "euchred", 2, False, False, (-2, 2), (1, 2, 1, 1)),
        (True, None, "", None, False, False, (), ()),
        (False, "high", "made", 1, False, False, (0, 1), (2, 1, 0, 2)),
    ]
    _same(_folded(hands, teams, 2), _reference(hands, teams, 2))
    redeals_only = [hands[0], hands[5]]
    _same(_folded(redeals_only, teams, 2), _reference(redeals_only, teams, 2))
