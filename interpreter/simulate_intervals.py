"""95% confidence intervals for the figures `simulate` reports.

Two estimators, chosen for what a researcher compares:

- a win rate is a proportion of matches: the Wilson score interval, which stays
  inside [0, 1] and is sound for rates near 0 or 1 and for few matches;
- points a hand is a ratio of sums (points / hands) whose hands come in clusters
  (a match, or in duplicate mode the same deals played with the sides swapped):
  the cluster-robust ratio estimator, so that hands of one match are not taken
  for independent draws and the pairing of duplicate deals narrows the interval
  of a difference.
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion `successes / n` (n = 0: the whole range)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class ClusterRatio:
    """Σtotals/Σcounts over clusters and its 95% interval, accumulated in constant memory.

    Cluster i holds counts[i] items summing to totals[i]. The variance is the
    linearised (delta-method) cluster-robust one with the k/(k-1) small-sample
    factor; fewer than two clusters give no interval (nan).
    """

    def __init__(self) -> None:
        self.k = 0
        self.t = self.c = self.tt = self.cc = self.tc = 0  # ints: exact, whatever the order

    def add(self, total: int, count: int) -> None:
        self.k += 1
        self.t += total
        self.c += count
        self.tt += total * total
        self.cc += count * count
        self.tc += total * count

    def merge(self, other: ClusterRatio) -> None:
        """Add the clusters another accumulator saw (the sums are ints, so the result is exact)."""
        self.k += other.k
        self.t += other.t
        self.c += other.c
        self.tt += other.tt
        self.cc += other.cc
        self.tc += other.tc

    def interval(self) -> tuple[float, float, float]:
        """(mean, low, high)."""
        if self.c == 0:
            return (0.0, math.nan, math.nan)
        mean = self.t / self.c
        if self.k < 2:
            return (mean, math.nan, math.nan)
        resid = max(0.0, self.tt - 2 * mean * self.tc + mean * mean * self.cc)
        se = math.sqrt(resid * self.k / (self.k - 1)) / self.c
        return (mean, mean - Z95 * se, mean + Z95 * se)
