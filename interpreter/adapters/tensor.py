"""Fixed-size tensors laid out over the int-coded observation, for learners.

`State.observation_ints(seat)` (observe.py) is the one int encoding of what a
seat knows; this module only lays its fields out as flat 0/1 (and small count)
vectors of a size fixed by the compiled rules, as OpenSpiel's tensors and
PettingZoo's observation spaces need. Seats are relative to the observer
(0 = itself, 1 = its left, ...) so one network serves every seat. Nothing here
knows a variant: sizes come from the deck, the players, the contracts and the
action codec.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..observe import IntObservation
from ..rules import Rules


@dataclass(frozen=True)
class Layout:
    """Where each field sits in the flat tensor: (name, size) in order."""

    pieces: tuple[tuple[str, int], ...]

    @property
    def size(self) -> int:
        return sum(size for _, size in self.pieces)

    def offsets(self) -> dict[str, int]:
        out, at = {}, 0
        for name, size in self.pieces:
            out[name] = at
            at += size
        return out


def observation_layout(rules: Rules) -> Layout:
    n, cards, suits = rules.players, rules.codec.n_cards, len(rules.deck.suits)
    return Layout(
        (
            ("hand", cards),
            ("upcard", cards),
            ("upcard_taken", 1),
            ("upcard_suit", suits),
            ("turned_down", suits),
            ("dealer", n),
            ("contract", len(rules.contracts)),
            ("maker", n),
            ("bid", 1),
            ("alone", n),
            ("partner", n),
            ("out", n),
            ("trick", n * cards),  # the card each relative seat has on the table
            ("played", cards),  # every card of a finished trick
            ("voids", n * suits),
            ("tricks", n),  # tricks taken, as a count
            ("scores", rules.n_sides),  # match scores by side, as numbers (side 0 first)
            ("to_play", n),
        )
    )


def info_state_layout(rules: Rules) -> Layout:
    """The observation plus what perfect recall adds: the seat's dealt hand, and per seat the
    cards it played and the other actions it took (order within a hand is not kept)."""
    n, cards = rules.players, rules.codec.n_cards
    return Layout(
        observation_layout(rules).pieces
        + (("dealt", cards), ("played_by", n * cards), ("actions_by", n * rules.codec.size))
    )


def fill_observation(rules: Rules, obs: IntObservation, out: list[float], perfect_recall: bool = False) -> None:
    """Write `obs` into `out` (zeroed by the caller, of the layout's size)."""
    layout = info_state_layout(rules) if perfect_recall else observation_layout(rules)
    at = layout.offsets()
    n, cards, suits = rules.players, rules.codec.n_cards, len(rules.deck.suits)
    me = obs.seat

    def rel(seat: int) -> int:
        return (seat - me) % n

    for c in obs.hand:
        out[at["hand"] + c] = 1.0
    if obs.upcard >= 0:
        out[at["upcard"] + obs.upcard] = 1.0
    out[at["upcard_taken"]] = 1.0 if obs.upcard_taken else 0.0
    if obs.upcard_suit >= 0:
        out[at["upcard_suit"] + obs.upcard_suit] = 1.0
    if obs.turned_down >= 0:
        out[at["turned_down"] + obs.turned_down] = 1.0
    out[at["dealer"] + rel(obs.dealer)] = 1.0
    if obs.contract >= 0:
        out[at["contract"] + obs.contract] = 1.0
    if obs.maker >= 0:
        out[at["maker"] + rel(obs.maker)] = 1.0
    out[at["bid"]] = float(obs.bid)
    for s in obs.alone:
        out[at["alone"] + rel(s)] = 1.0
    if obs.partner >= 0:
        out[at["partner"] + rel(obs.partner)] = 1.0
    for s, gone in enumerate(obs.out):
        if gone:
            out[at["out"] + rel(s)] = 1.0
    for s, c in obs.trick:
        out[at["trick"] + rel(s) * cards + c] = 1.0
    for trick in obs.tricks_played:
        for _, c in trick:
            out[at["played"] + c] = 1.0
    for s, void in enumerate(obs.voids):
        for suit in void:
            if 0 <= suit < suits:
                out[at["voids"] + rel(s) * suits + suit] = 1.0
    for s, taken in enumerate(obs.tricks):
        out[at["tricks"] + rel(s)] = float(taken)
    for side, score in enumerate(obs.scores):
        out[at["scores"] + side] = float(score)
    if obs.to_play >= 0:
        out[at["to_play"] + rel(obs.to_play)] = 1.0
    if not perfect_recall:
        return
    for c in obs.dealt:
        out[at["dealt"] + c] = 1.0
    size = rules.codec.size
    for s, action in obs.history:
        if 0 <= action < cards:
            out[at["played_by"] + rel(s) * cards + action] = 1.0
        elif action >= 0:  # hidden discards and gifts (negative) show only in the readable history
            out[at["actions_by"] + rel(s) * size + action] = 1.0
