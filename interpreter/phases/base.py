"""The runtime side every kind of decision (phase) shares, and the helpers they use.

A kind of decision is two modules in this package (see `base_model.py`): its model
(`<kind>_model.py`, the spec's settings, read at compile time) and its runtime
phase (`<kind>.py`, a `Phase` subclass): what `State` runs (`begin`, `legal`,
`apply`), how `verify` walks it symbolically (`walk`, `never_runs`, `reach`), and
what the narrator and the human prompt need to know of it. The runtime modules
hold no keyword-only dataclass, so the optional mypyc build can compile them.

`registry.KINDS` maps each kind's name to its model; compile, verify, explain,
the transcript and the human prompt loop over phases and ask them, so a new
kind is two new modules plus one line in the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

# Real imports, not type-checking ones: `Phase` and `SeatFilter` are dataclasses with fields
# of these types, and the compiled build (mypyc) resolves dataclass field types when the module loads.
from ..actions import ActionCodec
from ..dsl import CompiledExpr

if TYPE_CHECKING:
    from ..cards import Deck
    from ..engine import State
    from ..world_counts import CountTest


@dataclass(frozen=True)
class SeatFilter:
    """A phase's `may_if`: which players, in turn from the dealer's left, it asks.

    When the condition reads only `seat`, `dealer`, `players` and options, it is
    worked out once at compile time for every dealer and seat: `by_dealer` lists
    the players asked per dealer (a hand then only copies its row), and verify's
    facts `may_ask_nobody` and `may_skip_dealer` are exact. Otherwise each hand
    asks the condition of every seat, and both facts are assumed possible."""

    expr: CompiledExpr
    may_ask_nobody: bool = True
    may_skip_dealer: bool = True
    by_dealer: tuple[tuple[int, ...], ...] | None = None  # per dealer: the seats asked, from his left

    @classmethod
    def build(cls, expr: CompiledExpr, players: int, options: dict[str, int]) -> SeatFilter:
        if not expr.names <= {"seat", "dealer", "players", *options}:
            return cls(expr)
        rows = []
        for dealer in range(players):
            env: dict[str, object] = {**options, "players": players, "dealer": dealer}
            around = [(dealer + 1 + k) % players for k in range(players)]
            rows.append(tuple(seat for seat in around if expr.fn({**env, "seat": seat})))
        nobody = any(not asked for asked in rows)
        skips = any(dealer not in asked for dealer, asked in enumerate(rows))
        return cls(expr, nobody, skips, tuple(rows))

    def asked(self, st: State) -> list[int]:
        """The seats asked in this hand, in order from the dealer's left (maybe none)."""
        if self.by_dealer is not None:
            return list(self.by_dealer[st.dealer])
        rules = st.rules
        return [seat for seat in seats_from(st, st.dealer + 1) if self.expr.fn(rules.seat_env(st, seat))]


# ------------------------------------------------------------------ verify's walk
@dataclass(frozen=True)
class Walk:
    """One symbolic path through the bidding: what is fixed so far."""

    contract: str | None  # None, "suit" or "nt"
    maker: bool
    bids: tuple[int, ...]  # the range of the auction that made the maker; () without one
    passed: str  # the last phase every player passed in (for messages)
    fixed: str = ""  # the id of the phase that fixed the contract


@dataclass
class Reach:
    """What the declarations can make of a hand with a maker (verify's outcome space)."""

    alone_maker: bool = False  # the maker can end up alone
    partner: bool = False  # a called partner may exist
    defender_alone: bool = False
    fold: bool = False


@dataclass
class Phase:
    """The runtime side of a kind; `id` names the phase for overlays and messages."""

    id: str
    codec: ActionCodec = field(repr=False)

    # What the narrator, the human prompt and verify need to know of a kind: read-only
    # properties a kind overrides, not class variables, because the compiled build (mypyc)
    # makes every class-level assignment in a dataclass body a field of the dataclass.
    @property
    def names_upcard_suit(self) -> bool:
        """Its call names the suit a suitless upcard stands for."""
        return False

    @property
    def waits_for_contract(self) -> bool:
        """It begins only while no contract is fixed (its `begin` is then all that would run):
        the phase walk skips it without a call once one is (Rules.phase_waits)."""
        return False

    @property
    def deals_trump(self) -> bool:
        """It fixes trump from the deal alone, with no decision."""
        return False

    @property
    def picks_up_upcard(self) -> bool:
        """Its discard is the dealer's pick-up."""
        return False

    @property
    def makes_bid_maker(self) -> bool:
        """Its winner is a maker who has not chosen trump yet (verify)."""
        return False

    @property
    def free_alone(self) -> bool:
        """Its decisions are only each asked player's free 'alone' or 'together' (none forced or
        conditional, no card given, no lone partner made maker): a batched step before it may ask
        them itself (Rules.alone_next)."""
        return False

    @property
    def ends_hand(self) -> bool:
        """Its answer may end the hand before play (its `keep` plays on)."""
        return False

    def begin(self, st: State) -> bool:
        raise NotImplementedError

    def legal(self, st: State) -> list[int]:
        raise NotImplementedError

    def apply(self, st: State, action: int) -> None:
        raise NotImplementedError

    def play_out(self, st: State, choose: Callable[[list[int]], int]) -> None:
        """`State.play_out`'s step in this phase: its decisions up to where it hands over.

        This default makes one decision through `legal` and `apply` (State.play_out calls
        again while the phase lasts). A kind whose decisions are cheap to list overrides it
        with a batched loop (the fields it changes in locals, its lists from tables), so a
        hand's bidding costs about what a hand-written game's does. An override offers
        `choose` exactly the lists `legal` would (same order, fresh lists), applies the
        picks as `apply` would, keeps the state as after the last applied pick before each
        `choose` (a policy that raises leaves the per-decision loop's state), and refuses a
        pick not offered (`State._refuse`) before it changes anything."""
        one_decision(self, st, choose)

    def count_test(self, st: State, seat: int) -> CountTest | None:
        """When this phase asks, in turn from the dealer's left, exactly the players whose dealt
        cards hold a number of some cards in a given set: that test as it reads for `seat`
        (None: it asks otherwise).

        Search bots resample the unseen cards: who was asked and who was not tells how many
        such cards each player holds, which the sampler of worlds deals to (worlds.py)."""
        return None

    def kitty_discards(self) -> tuple[bool, frozenset[int] | None]:
        """(does it lay cards into the kitty, the rank indices they may have: None for any).

        Search bots resample the unseen cards: a card laid into the kitty is hidden."""
        return False, None

    def cards_to_lay_away(self, st: State) -> int:
        """How many discards the player to act still owes (the human's prompt)."""
        return 1

    def taker(self, st: State) -> int:
        """Who gets the card the player to act may give now (`give XX`); -1: no gift here."""
        return -1

    def taker_sees_at_once(self, st: State) -> bool:
        """Does the taker see the card given now at once (not when it is given blind)?"""
        return True

    # -- verify
    def walk(self, s: Walk, jokers: bool) -> tuple[bool, list[Walk]]:
        """(does it run on this path, the paths after it) for a path with no contract yet."""
        return True, [s]

    def never_runs(self, earlier: list[Phase]) -> tuple[str, str, str] | None:
        """(severity, message, hint) when the walk never ran it; None: the generic warning."""
        return None

    def reach(self, r: Reach) -> None:
        """A declaration: what it can make of a hand (sets flags of `r`)."""


# ------------------------------------------------------------------ shared helpers
def one_decision(phase: Phase, st: State, choose: Callable[[list[int]], int]) -> None:
    """One decision of `phase` through its `legal` and `apply` (Phase.play_out's default, and
    what a batched override leaves to it): a module function, not `super()`, which costs a
    proxy object per call in plain Python."""
    legal = phase.legal(st) if st.turn >= 0 else []
    action = choose(legal)
    if action not in legal:
        st._refuse(action)
    # the (seat, action) pair shared from a table built once (Rules.seat_plays), not a new tuple
    history: list[object] = st.history  # type: ignore[assignment]  # (an annotation: no call in plain Python)
    history.append(st.rules.seat_plays[st.turn][action])
    phase.apply(st, action)


def upcard_env(deck: Deck, card: int, dealer: int, options: dict[str, int]) -> dict[str, object]:
    """The names an upcard condition reads (`upcard.suit`, ...), with the options."""
    suit = deck.suit_of(card)
    env: dict[str, object] = dict(options)
    env.update(
        {
            "upcard.suit": deck.suits[suit] if suit >= 0 else "",
            "upcard.rank": deck.ranks[deck.rank_of(card)] if suit >= 0 else "",
            "upcard.is_joker": suit < 0,
            "dealer": dealer,
        }
    )
    return env


def upcard_table(expr: CompiledExpr, deck: Deck, players: int, options: dict[str, int]) -> tuple[tuple[bool, ...], ...]:
    """An upcard condition (a `when` on the upcard) for every dealer and card, worked out at compile
    time: it reads only the upcard, the dealer and options, so a hand looks it up (`[dealer][card]`)."""
    return tuple(
        tuple(bool(expr.fn(upcard_env(deck, card, dealer, options))) for card in range(deck.size))
        for dealer in range(players)
    )


def asked_seats(st: State, seats: SeatFilter | None) -> list[int]:
    """The players a phase asks in turn from the dealer's left: all, or those its `may_if` lets in.

    A phase built by its model looks them up instead (`asks_by_dealer`); this asks in the hand,
    for a `may_if` that reads it."""
    if seats is None:
        return seats_from(st, st.dealer + 1)
    return seats.asked(st)


def asks_by_dealer(seats: SeatFilter | None, players: int) -> tuple[tuple[int, ...], ...] | None:
    """Per dealer, the players a phase asks in turn from his left, worked out at compile time: all
    of them, or those its `may_if` lets in (`SeatFilter.by_dealer`); None when `may_if` reads the
    hand (then `asked_seats` asks it in each hand). A hand's `begin` copies its row (`[*row]`: no call of `list`)."""
    if seats is None:
        return tuple(tuple((dealer + 1 + k) % players for k in range(players)) for dealer in range(players))
    return seats.by_dealer


def offered(choice_if: CompiledExpr | None, st: State, seat: int, contract: int) -> bool:
    """Is one answer offered: `seat` making `contract` trump (-1: none) where `choice_if` holds?"""
    return choice_if is None or bool(choice_if.fn(st.rules.choice_env(st, seat, contract, choice_if.names)))


def seats_from(st: State, start: int) -> list[int]:
    """All seats clockwise beginning at `start` (a fresh list of the table `Rules` built once)."""
    orders = st.rules.seat_orders
    return list(orders[start % len(orders)])


def sit_out_partners(st: State, seat: int) -> None:
    """A lone player's side-mates lay their hands down."""
    rules = st.rules
    out = st.out
    for s in rules.side_seats[rules.side_of[seat]]:
        if s != seat:
            out[s] = True
