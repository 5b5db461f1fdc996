"""What every kind of decision (phase) is made of, and the helpers they share.

A kind of decision is one module in this package holding two classes:

- a *model* (a frozen `PhaseModel` subclass): the phase as the spec writes it,
  every setting typed and every default written once, here and nowhere else.
  It builds its runtime phase (`build`), says itself in words for `explain`
  and `diff` (`describe`, `label`), and declares the few facts other stages
  ask about a kind (`needs_upcard`, `max_bid`, ...).
- a *phase* (a `Phase` subclass): what `State` runs (`begin`, `legal`,
  `apply`), how `verify` walks it symbolically (`walk`, `never_runs`,
  `reach`), and what the narrator and the human prompt need to know of it.

`registry.KINDS` maps each kind's name to its model; compile, verify, explain,
the transcript and the human prompt loop over phases and ask them, so a new
kind is one new module plus one line in the registry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

# A real import, not a type-checking one: `Phase` is a dataclass with a field of this type,
# and the compiled build (mypyc) resolves dataclass field types when the module loads.
from ..actions import ActionCodec

if TYPE_CHECKING:
    from ..cards import Deck
    from ..dsl import CompiledExpr
    from ..engine import State
    from ..explain.rules_text import Describer

PathPart = str | int
Expr = str | bool | int  # an expression as the spec writes it


# ------------------------------------------------------------------ building
class BuildContext(Protocol):
    """What a kind needs from the compiler to build its phase (see compiler._Compiler)."""

    @property
    def deck(self) -> Deck: ...

    @property
    def codec(self) -> ActionCodec: ...

    @property
    def contract_names(self) -> tuple[str, ...]: ...

    @property
    def hand_names(self) -> dict[str, str]: ...

    @property
    def upcard_names(self) -> dict[str, str]: ...

    @property
    def seat_names(self) -> dict[str, str]:
        """The names of a condition asked about one player: the hand names and `seat`, with the card
        functions reading that player's cards (`held("A")`); evaluate it on `rules.seat_env(st, seat)`."""
        ...

    @property
    def seat_count(self) -> int: ...

    @property
    def option_values(self) -> dict[str, int]: ...

    @property
    def choice_names(self) -> dict[str, str]:
        """The names of a condition on one answer (`choice_if`): the seat names and `choice.suit`,
        `choice.colour`, `choice.no_trump`; evaluate it on `rules.choice_env(st, seat, contract)`."""
        ...

    def fail(self, path: list[PathPart], message: str, hint: str | None = None) -> Exception: ...

    def expr(self, path: list[PathPart], value: Any, names: dict[str, str], expect: str) -> CompiledExpr: ...

    def rank_list(
        self,
        path: list[PathPart],
        items: list[Any],
        deck: Deck,
        allow_tokens: bool,
        need_joker: bool = False,
        bower: str | None = None,
        complete: bool = True,
    ) -> list[str]: ...


@dataclass(frozen=True, kw_only=True)
class PhaseModel:
    """One phase of `bidding` or `declarations` as written, with its defaults applied.

    Subclasses add their settings as fields (a default here is THE default of
    that setting; the schema mirrors it as `default`, and a test checks that
    they agree).
    """

    kind: ClassVar[str]
    places: ClassVar[tuple[str, ...]] = ("bidding",)  # the lists it may stand in
    needs_upcard: ClassVar[bool] = False  # compile refuses it when deal.upcard is false
    orders_upcard: ClassVar[bool] = False  # players may order the upcard's suit (explain: a turned joker)
    makes_secret_partner: ClassVar[bool] = False  # the maker may get a partner only the partner knows
    word: ClassVar[str] = ""  # its label in explain when it is not a numbered round
    when_is_own: ClassVar[bool] = False  # its `when` is its own upcard condition, not the general gate

    id: str | None = None  # the explicit id, if written
    when: Expr | None = None  # the gate: the phase is offered only in hands where this holds (hand names)
    may_if: Expr | None = None  # a player is asked only where this holds (`seat`: the player asked); None: all
    path: tuple[PathPart, ...] = field(default=(), compare=False)  # ("bidding", i, kind): where errors point

    @classmethod
    def from_settings(cls, settings: dict[str, Any], path: tuple[PathPart, ...]) -> PhaseModel:
        """The model of a schema-valid settings mapping (lists become tuples)."""
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in settings.items()}
        return cls(**values, path=path)

    @property
    def pid(self) -> str:
        """The phase's id: the explicit one, else the kind's name."""
        return self.id if self.id is not None else self.kind

    @property
    def counts_as_round(self) -> bool:
        """A round asks every player in turn: explain numbers them (round 1, round 2)."""
        return False

    @property
    def label(self) -> str:
        return self.word or self.kind.replace("_", " ")

    def max_bid(self) -> int:
        """The highest numeric bid this phase offers (0: none): sizes the action codec."""
        return 0

    def bid_words(self) -> tuple[str, ...]:
        """The words of its bids that are not plain numbers (`7H`, `misere`): they size the action codec."""
        return ()

    def build(self, ctx: BuildContext) -> Phase:
        raise NotImplementedError

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        """(setting, words) parts for explain and diff."""
        raise NotImplementedError

    def where(self, *more: PathPart) -> list[PathPart]:
        return [*self.path, *more]

    def seat_filter(self, ctx: BuildContext) -> SeatFilter | None:
        """The compiled `may_if` condition (None: the kind asks every player it would).

        Only kinds whose schema entry has `may_if` can carry it (those asking players
        in turn from the dealer's left); they call this in `build`, in one place."""
        if self.may_if is None:
            return None
        compiled = ctx.expr(self.where("may_if"), self.may_if, ctx.seat_names, "bool")
        return SeatFilter.build(compiled, ctx.seat_count, ctx.option_values)


@dataclass(frozen=True)
class SeatFilter:
    """A phase's `may_if`: which players, in turn from the dealer's left, it asks.

    `may_ask_nobody` and `may_skip_dealer` are verify's facts, worked out once at
    compile time: exactly, by trying every dealer and seat, when the condition
    reads only `seat`, `dealer`, `players` and options; else assumed possible."""

    expr: CompiledExpr
    may_ask_nobody: bool = True
    may_skip_dealer: bool = True

    @classmethod
    def build(cls, expr: CompiledExpr, players: int, options: dict[str, int]) -> SeatFilter:
        if not expr.names <= {"seat", "dealer", "players", *options}:
            return cls(expr)
        nobody = skips = False
        for dealer in range(players):
            env: dict[str, object] = {**options, "players": players, "dealer": dealer}
            asked = [seat for seat in range(players) if expr.fn({**env, "seat": seat})]
            nobody = nobody or not asked
            skips = skips or dealer not in asked
        return cls(expr, nobody, skips)

    def asked(self, st: State) -> list[int]:
        """The seats asked in this hand, in order from the dealer's left (maybe none)."""
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

    # What the narrator and the human prompt need to know of a kind.
    names_upcard_suit: ClassVar[bool] = False  # its call names the suit a suitless upcard stands for
    deals_trump: ClassVar[bool] = False  # it fixes trump from the deal alone, with no decision
    picks_up_upcard: ClassVar[bool] = False  # its discard is the dealer's pick-up
    makes_bid_maker: ClassVar[bool] = False  # its winner is a maker who has not chosen trump yet (verify)
    ends_hand: ClassVar[bool] = False  # its answer may end the hand before play (its `keep` plays on)

    def begin(self, st: State) -> bool:
        raise NotImplementedError

    def legal(self, st: State) -> list[int]:
        raise NotImplementedError

    def apply(self, st: State, action: int) -> None:
        raise NotImplementedError

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
def upcard_env(st: State) -> dict[str, object]:
    """The names an upcard condition reads (`upcard.suit`, ...), with the options."""
    rules = st.rules
    deck = rules.deck
    card = st.upcard
    suit = deck.suit_of(card)
    env: dict[str, object] = dict(rules.option_env)
    env.update(
        {
            "upcard.suit": deck.suits[suit] if suit >= 0 else "",
            "upcard.rank": deck.ranks[deck.rank_of(card)] if suit >= 0 else "",
            "upcard.is_joker": suit < 0,
            "dealer": st.dealer,
        }
    )
    return env


def asked_seats(st: State, seats: SeatFilter | None) -> list[int]:
    """The players a phase asks in turn from the dealer's left: all, or those its `may_if` lets in."""
    if seats is None:
        return seats_from(st, st.dealer + 1)
    return seats.asked(st)


def answer_condition(ctx: BuildContext, model: PhaseModel, value: Expr | None) -> CompiledExpr | None:
    """A kind's `choice_if`: compiled over the answer names (`seat`, `choice.*`, the card functions)."""
    return None if value is None else ctx.expr(model.where("choice_if"), value, ctx.choice_names, "bool")


def offered(choice_if: CompiledExpr | None, st: State, seat: int, contract: int) -> bool:
    """Is one answer offered: `seat` making `contract` trump (-1: none) where `choice_if` holds?"""
    return choice_if is None or bool(choice_if.fn(st.rules.choice_env(st, seat, contract, choice_if.names)))


def seats_from(st: State, start: int) -> list[int]:
    """All seats clockwise beginning at `start` (a fresh list of the table `Rules` built once)."""
    orders = st.rules.seat_orders
    return list(orders[start % len(orders)])


def sit_out_partners(st: State, seat: int) -> None:
    """A lone player's side-mates lay their hands down."""
    side_of = st.rules.side_of
    for s in range(st.rules.players):
        if s != seat and side_of[s] == side_of[seat]:
            st.out[s] = True
