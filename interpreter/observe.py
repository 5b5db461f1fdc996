"""The int-coded observation and the per-seat returns of a hand: what bots and learners read.

`State.observation(seat)` is for people and records (card and action words);
`State.observation_ints(seat)` carries the same knowledge as ints — cards and
actions as the codec numbers them, suits and contracts as indices — so a bot
reads it without parsing a string, plus what search needs explicitly: the
deal's packets, the tricks played so far with their leaders and winners, and the
suits each seat has shown it no longer holds. `State.returns()` is the per-seat
utility of a finished hand for search and learning (see `returns`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .engine import State

HIDDEN_DISCARD = -1  # another seat's discard, in `IntObservation.history`
HIDDEN_GIVE = -2  # a card given between two other seats (or given blind, not handed over yet)


@dataclass(slots=True)
class IntObservation:
    """What `seat` may know, as ints (-1 where the readable observation says None).

    Cards and actions are the ints of `rules.codec`; `contract` is an index into
    `rules.contracts`; suits are indices into `rules.deck.suits`.
    """

    seat: int
    players: int
    dealer: int
    hand: list[int]  # the seat's cards now, in hand order
    dealt: list[int]  # the seat's cards as dealt
    packets: tuple[tuple[int, ...], ...]  # per round of the deal, per seat from the dealer's left
    upcard: int
    upcard_taken: bool
    upcard_suit: int  # the suit the upcard stands for (a turned joker: the one named)
    turned_down: int
    contract: int
    maker: int
    bid: int  # the winning numeric bid, 0 if none
    alone: list[int]
    partner: int  # the called partner when this seat may know him
    out: list[bool]  # per seat: sitting out or folded
    history: list[tuple[int, int]]  # (seat, action); hidden actions are HIDDEN_DISCARD / HIDDEN_GIVE
    tricks_played: list[list[tuple[int, int]]]  # each finished trick: (seat, card) in play order
    trick_winners: list[int]  # who took each finished trick
    trick: list[tuple[int, int]]  # the cards on the table now, (seat, card)
    led: int  # the effective suit led to the current trick, -1 before the lead
    voids: list[list[int]]  # per seat: effective suits it failed to follow (sorted)
    tricks: list[int]  # tricks taken per seat
    scores: list[int]  # per side, before this hand
    to_play: int  # -1 when the hand is over
    legal: list[int]  # the seat's legal actions when it is its turn, else []


def observation_ints(st: State, seat: int) -> IntObservation:
    """The int-coded observation of `seat` (see IntObservation; mirrors State.observation)."""
    rules = st.rules
    codec = rules.codec
    n_cards = codec.n_cards
    d0, g0 = codec.DISCARD, codec.GIVE
    history: list[tuple[int, int]] = []
    plays: list[tuple[int, int]] = []
    seen = st.gifts_seen_by(seat)
    gift = 0
    for s, a in st.history:
        if a < n_cards:
            plays.append((s, a))
            history.append((s, a))
        elif d0 <= a < g0 and s != seat:
            history.append((s, HIDDEN_DISCARD))
        elif g0 <= a < g0 + n_cards:
            history.append((s, a if seen[gift] else HIDDEN_GIVE))
            gift += 1
        else:
            history.append((s, a))
    size = st.n_active
    done = len(st.trick_winners)
    tricks_played = [plays[k * size : (k + 1) * size] for k in range(done)]
    voids: list[list[int]] = [[] for _ in range(rules.players)]
    if plays:
        follow = rules.contracts[st.contract].follow
        for start in range(0, len(plays), size):
            trick = plays[start : start + size]
            led = follow[trick[0][1]]
            for s, c in trick[1:]:
                if follow[c] != led and led not in voids[s]:
                    voids[s].append(led)
        for v in voids:
            v.sort()
    secret = st.partner_secret_from(seat)
    t = st.trick
    return IntObservation(
        seat=seat,
        players=rules.players,
        dealer=st.dealer,
        hand=list(st.hands[seat]),
        dealt=list(st.dealt[seat]),
        packets=rules.packets,
        upcard=st.upcard,
        upcard_taken=st.upcard_taken,
        upcard_suit=st.up_suit,
        turned_down=st.turned_down,
        contract=st.contract,
        maker=st.maker,
        bid=st.bid,
        alone=[] if secret else sorted(st.alone),
        partner=st.partner if st.partner >= 0 and not secret else -1,
        out=list(st.out),
        history=history,
        tricks_played=tricks_played,
        trick_winners=list(st.trick_winners),
        trick=[(t[i], t[i + 1]) for i in range(0, len(t), 2)],
        led=st.led if st.playing else -1,
        voids=voids,
        tricks=list(st.tricks),
        scores=list(st.scores_before),
        to_play=st.turn,
        legal=st.legal_actions() if st.turn == seat else [],
    )


_BITS: Final = tuple(1 << card for card in range(64))  # 1 << card, made once: a look-up makes no new int


class PlayMemory:
    """The cards played so far and the suits each seat showed void in, grown as a hand goes on.

    The plays are public, so one memory serves every seat. A bot keeps one and
    calls `update(state)` before each decision: only the actions since the last
    call are read (the memory holds on to the state's history list and starts
    afresh when it meets another one: a new hand, or a clone). This is the
    per-hand analysis `observation_ints` would otherwise redo from the whole
    history at every decision.
    """

    __slots__ = ("history", "upto", "gone_mask", "void_bits", "in_trick", "led", "_bits")

    def __init__(self) -> None:
        self.history: list[tuple[int, int]] | None = None
        self.upto = 0
        self.gone_mask = 0  # every card played to a trick, the current one included, as bits (1 << card)
        self.void_bits: list[int] = []  # per seat: the effective suits it failed to follow, as bits (1 << suit)
        self.in_trick = 0  # cards played to the current trick
        self.led = -1  # the effective suit led to the current trick
        self._bits = _BITS  # per card: 1 << card (for this hand's deck: set when the memory starts afresh)

    @property
    def gone(self) -> set[int]:
        """The cards played to a trick, the current one included (a new set: `gone_mask` is the record)."""
        mask = self.gone_mask
        cards = set()
        while mask:
            low = mask & -mask
            cards.add(low.bit_length() - 1)
            mask ^= low
        return cards

    @property
    def voids(self) -> list[set[int]]:
        """Per seat, the effective suits it failed to follow (new sets: `void_bits` is the record)."""
        return [{suit for suit in range(bits.bit_length()) if bits >> suit & 1} for bits in self.void_bits]

    def update(self, st: State) -> None:
        """Read on from the last call (from the start on another history: a new hand, a clone).

        The plays are read by their place, not by their kind: once the play has started, every
        action from `st.play_from` on is a card played, in tricks of `st.n_active` (the trick
        phase offers nothing else); before it no card has been played, so the bidding's actions
        are passed over without a look."""
        history = st.history
        upto = self.upto
        if history is not self.history or len(history) < upto:
            self._start(st)
            upto = 0
        end = len(history)
        if upto == end:
            return
        self.upto = end
        if not st.playing and not st.trick_winners:  # the play has not started: nothing played
            return
        start = st.play_from
        if upto < start:
            upto = start
        bits = self._bits
        follow = st.follow
        size = st.n_active
        voids = self.void_bits
        mask = self.gone_mask
        in_trick = self.in_trick
        led = self.led
        for s, a in history[upto:]:
            mask |= bits[a]
            if in_trick:  # following: a card of another suit shows the seat void in the led one
                if follow[a] != led:
                    voids[s] |= 1 << led
                in_trick += 1
                if in_trick == size:
                    in_trick = 0
            else:  # the lead
                led = follow[a]
                in_trick = 1 % size
        self.gone_mask = mask
        self.in_trick = in_trick
        self.led = led

    def _start(self, st: State) -> None:
        """Start afresh on `st`'s history (nothing read of it yet)."""
        self.history = st.history
        self.upto = 0
        self.gone_mask = 0
        self.void_bits = [0] * st.rules.players
        self.in_trick = 0
        self.led = -1
        n_cards = st.rules.codec.n_cards
        self._bits = _BITS if n_cards <= len(_BITS) else tuple(1 << card for card in range(n_cards))


def lower_is_better(st: State) -> bool:
    """Does the match run downwards (the winners are those with the lowest score)?"""
    return any(rule.best == "lowest" for rule in st.rules.match_end)


def returns(st: State) -> list[float]:
    """Per seat: what the finished hand was worth to it, in the match's direction.

    A seat's value is its side's change of score minus the mean change of the
    other sides (so the returns of a partnership game sum to zero, and being
    euchred is worse than passing), negated when lower scores are better. A
    redeal (no points), or a hand still being played, is worth 0 to everybody; a
    conceded hand is worth its award.
    """
    rules = st.rules
    n = rules.players
    if st.status is None:
        return [0.0] * n
    delta = st.result()["delta"]
    n_sides = rules.n_sides
    total = sum(delta)
    sign = -1.0 if lower_is_better(st) else 1.0
    per_side = [
        sign * (delta[k] - (total - delta[k]) / (n_sides - 1)) if n_sides > 1 else sign * delta[k]
        for k in range(n_sides)
    ]
    return [per_side[rules.side_of[s]] for s in range(n)]
