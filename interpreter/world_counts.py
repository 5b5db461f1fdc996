"""What being asked, or not, tells of a player's cards: the count tests the sampler of worlds deals to.

Some phases ask, in turn from the dealer's left, only the players whose dealt hands hold
a number of some cards (a farmer's hand: at least three 9s and 10s; a misdeal `may_if:
'dealt("9", "10") >= 3'`). A player asked holds such a number; one passed over holds
another. Drawing the unseen cards at random and replaying rarely meets several such
facts at once (two players holding exactly three of the six unseen 9s and 10s), so the
sampler (worlds.py) first decides how many cards of each tested set every such player
gets, then deals within the sets. This module finds the facts (`dealt_tests`) and draws
the counts (`CountTable`); nothing here names a variant, a rank or a suit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import comb
from typing import TYPE_CHECKING, NamedTuple, TypeVar

if TYPE_CHECKING:
    from .dsl import CompiledExpr
    from .engine import State
    from .rules import Rules


T = TypeVar("T")


class CountTest(NamedTuple):
    """A player is asked exactly when the number of `cards` in his dealt hand is in `counts`;
    `words` are the answers of the phase (`keep` goes on asking, any other ends it)."""

    cards: frozenset[int]
    counts: frozenset[int]
    words: frozenset[int]


def probe_condition(
    rules: Rules, expr: CompiledExpr, st: State, seat: int
) -> tuple[frozenset[int], frozenset[int]] | None:
    """(the cards, the counts) of a condition on one player that reads a single count of his
    dealt (or held, before anything moved) cards, found by probing: which cards the count
    counts, then which counts make the condition true. None when it reads anything else."""
    keys = [k for k in expr.names if k.endswith(")")]
    if len(keys) != 1 or not keys[0].startswith(("dealt(seat,", "held(seat,")):
        return None
    if not expr.names - {keys[0]} <= {"seat", "dealer", "players", *rules.option_env}:
        return None
    key = keys[0]
    most = len(st.dealt[seat])
    memo_key = (id(rules), id(expr), seat, st.dealer, most)
    found = _PROBED.get(memo_key)
    if found is not None and found[0] is rules and found[1] is expr:
        return found[2]
    get = rules.card_getters[key]
    n = rules.players
    # a real State (a clone) holding one card per seat: the compiled build's getters take
    # only a State, so a stand-in object with the same fields would be refused there
    probe = st.clone()
    cards_found: list[int] = []
    for c in range(rules.deck.size):
        probe.dealt = ((c,),) * n
        probe.hands = [[c] for _ in range(n)]
        if get(rules, probe, seat, -1):
            cards_found.append(c)
    cards = frozenset(cards_found)
    env = {**rules.option_env, "players": n, "dealer": st.dealer, "seat": seat}
    counts = frozenset(k for k in range(most + 1) if expr.fn({**env, key: k}))
    _PROBED[memo_key] = (rules, expr, (cards, counts))
    return cards, counts


# probe_condition's answers by (rules, condition, seat, dealer, hand size): the objects are kept
# with each answer, so an id is never read for another object's
_PROBED: dict[tuple[int, int, int, int, int], tuple[object, object, tuple[frozenset[int], frozenset[int]]]] = {}


def dealt_tests(state: State) -> dict[int, list[tuple[frozenset[int], frozenset[int]]]]:
    """Per seat, the (cards, counts) its dealt hand is known to meet, from the phases that
    ask by a count test at the front of the hand (before anything else is decided).

    A seat asked meets its test; a seat passed over before the last one asked (or any
    seat, once the phase is over with every answer `keep`) fails it; a seat after an
    answer that ended the asking, or still to come, is unknown. Only the leading run of
    such phases is read (no gate, no phase before them that acts): past that, who was
    asked by which phase cannot be told from the history alone (the replay still checks).
    """
    rules = state.rules
    n = rules.players
    history = state.history
    discard0, give0 = rules.codec.DISCARD, rules.codec.GIVE
    out: dict[int, list[tuple[frozenset[int], frozenset[int]]]] = {}
    at = 0
    order = [(state.dealer + 1 + k) % n for k in range(n)]
    for index, phase in enumerate(rules.phases):
        if rules.phase_gates[index] is not None:
            break
        tested = {s: phase.count_test(state, s) for s in range(n)}
        first = tested[order[0]]
        if first is None:
            break
        per_seat = {s: (t.cards, t.counts) for s, t in tested.items() if t is not None}
        asked: list[int] = []
        ended = False
        j = at
        while j < len(history) and not ended:
            s, a = history[j]
            if a not in first.words or s in asked or (asked and order.index(s) < order.index(asked[-1])):
                break
            asked.append(s)
            ended = a != rules.codec.KEEP
            j += 1
            while j < len(history) and history[j][0] == s and discard0 <= history[j][1] < give0:
                j += 1  # the cards laid away after an exchange
        running = state.phase == index and state.status is None
        if running and state.turn >= 0 and state.turn not in asked and state.step == 0:
            asked.append(state.turn)
        last = order.index(asked[-1]) if asked else -1
        known_after = not (ended or running)  # every seat not asked failed the test
        for k, s in enumerate(order):
            if s not in per_seat:
                continue
            cards, counts = per_seat[s]
            if s in asked:
                out.setdefault(s, []).append((cards, counts))
            elif k < last or known_after:
                out.setdefault(s, []).append((cards, frozenset(range(len(state.dealt[s]) + 1)) - counts))
        at = j
        if running or ended:
            break
        if index + 1 < len(rules.phases):
            nxt = rules.phases[index + 1].count_test(state, order[0])
            if nxt is not None and nxt.words & first.words:
                break  # two askers answered with the same words: whose answer is whose is not told
    return out


class CountTable:
    """How many cards of each tested set each tested seat's pool gets, drawn in proportion
    to the number of deals of the unknown cards that give those counts.

    `sizes[g]`: the unknown cards of group g (the cards alike for every test); `rooms[i]`:
    the cards tested seat i's pool takes; `allowed[i]`: a test on seat i's group counts.
    The rest of the unknown cards (the other seats, out of play) take what is left."""

    def __init__(self, sizes: list[int], rooms: list[int], allowed: list[Callable[[tuple[int, ...]], bool]]) -> None:
        self.sizes = sizes
        self.rooms = rooms
        self.allowed = allowed
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.choices: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], int]]] = {}

    def _splits(self, i: int, left: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Seat i's possible counts per group with the number of ways each leaves (its own and after)."""
        key = (i, left)
        found = self.choices.get(key)
        if found is not None:
            return found
        result: list[tuple[tuple[int, ...], int]] = []
        ok = self.allowed[i]
        for x in _compositions(self.rooms[i], left):
            if not ok(x):
                continue
            rest = tuple(a - b for a, b in zip(left, x, strict=True))
            ways = self.ways(i + 1, rest)
            if ways:
                here = 1
                for a, b in zip(left, x, strict=True):
                    here *= comb(a, b)
                result.append((x, here * ways))
        self.choices[key] = result
        return result

    def ways(self, i: int, left: tuple[int, ...]) -> int:
        """The number of ways to give seats i.. their counts from `left` (the rest goes anywhere)."""
        if i == len(self.rooms):
            return 1
        key = (i, left)
        found = self.memo.get(key)
        if found is None:
            found = sum(w for _, w in self._splits(i, left))
            self.memo[key] = found
        return found

    def draw(self, rng: random.Random) -> list[tuple[int, ...]] | None:
        """Each tested seat's counts per group (None: no deal meets the tests)."""
        left = tuple(self.sizes)
        if not self.ways(0, left):
            return None
        counts = []
        for i in range(len(self.rooms)):
            x = weighted_pick(rng, self._splits(i, left))
            counts.append(x)
            left = tuple(a - b for a, b in zip(left, x, strict=True))
        return counts


def weighted_pick(rng: random.Random, items: list[tuple[T, int]]) -> T:
    """One item, drawn in proportion to its (integer) weight; the weights sum above 0."""
    pick = rng.randrange(sum(w for _, w in items))
    for item, w in items:
        if pick < w:
            return item
        pick -= w
    raise AssertionError("weights changed while drawing")


def _compositions(total: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to write `total` as a sum of len(caps) parts, part k at most caps[k]."""
    if not caps:
        return [()] if total == 0 else []
    head, tail = caps[0], caps[1:]
    room = sum(tail)
    low, high = max(0, total - room), min(head, total)
    return [(k, *rest) for k in range(low, high + 1) for rest in _compositions(total - k, tail)]
