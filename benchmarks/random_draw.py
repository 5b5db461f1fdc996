"""The random draw both sides of the euchre benchmarks make, by name: `choice` or `fast`.

Every side (the engine's two loops, the yardstick, the draw alone) takes one
random generator made here from the seed: it shuffles the deck with
`rng.shuffle` (`Rules.deal` and the yardstick's `deal` alike) and draws every
decision with `rng.choice` over the legal list. Both sides make the same calls
on the same kind of generator, so from the same seed they play the very same
hands whichever draw is named (tests/test_yardstick.py checks both).

- `choice`: a plain `random.Random`, today's draw (the figures before
  `--draw` existed are this one's). Its `shuffle` and `choice` are Python
  methods calling `_randbelow` (another Python call, with `getrandbits`
  rejection) for every card swapped and every decision: about 125k
  instructions a hand, more than half of what the yardstick costs.
- `fast`: `FastDraw`, the same Mersenne Twister asked for `random()` (C) only:
  `choice(seq)` is `seq[floor(random() * len(seq))]` and `shuffle` is
  Fisher-Yates on the same index, with no `_randbelow` frame (the shuffle then
  calls no Python function at all). This is how `random.shuffle(x, random)`
  drew before Python 3.11 (`int(random() * n)`: the same index, as the product
  is never negative; `math.floor` is the cheaper call, ~450 instructions less
  than `int()` a draw, callgrind) and how `random` still draws without
  `getrandbits`.

Why `fast` is fair: `random()` returns k / 2**53 for k uniform over
[0, 2**53). For n options, index i is drawn for the k with
i <= k * n / 2**53 < i + 1: a run of floor(2**53 / n) or ceil(2**53 / n)
consecutive k, except that the product k * n / 2**53, rounded to 53 bits, can
move a run's edge by one k (it does, for the k just under an edge: see
tests/test_yardstick.py, which checks every edge for n up to 24). So every
index is drawn with probability 1/n within 2 / 2**53: a bias below n / 2**53
(under 3e-15 for 24 options), far beneath anything a benchmark of millions of
hands could see. The last index is reached and never passed (the largest k
gives n - n / 2**53, which rounds below n). Fisher-Yates with a uniform index
at each step is a uniform shuffle; each of its steps carries the same bound.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence, Sequence
from math import floor
from typing import TypeVar

T = TypeVar("T")


class FastDraw(random.Random):
    """`random.Random` whose `choice` and `shuffle` draw with one C-level `random()` each
    (no `_randbelow`): the same uniform draw for far fewer instructions (module docstring)."""

    def choice(self, seq: Sequence[T]) -> T:
        """One uniformly drawn element of `seq` (non-empty, like every legal list)."""
        return seq[floor(self.random() * len(seq))]

    def shuffle(self, x: MutableSequence[object]) -> None:  # type: ignore[override]
        """Fisher-Yates in place: each position from the last down swaps with one drawn
        uniformly at or below it (random.Random.shuffle's loop, with `choice`'s draw)."""
        draw = self.random
        for i in range(len(x) - 1, 0, -1):
            j = floor(draw() * (i + 1))
            x[i], x[j] = x[j], x[i]


DRAWS: dict[str, Callable[[int], random.Random]] = {"choice": random.Random, "fast": FastDraw}
DEFAULT = "choice"


def generator(draw: str, seed: int) -> random.Random:
    """The random generator of the named draw, seeded: each side's `rng` (its `.choice` the chooser)."""
    return DRAWS[draw](seed)
