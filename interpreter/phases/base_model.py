"""The typed model every kind of decision (phase) shares, and what a model builds its phase with.

A kind of decision is two modules side by side in this package, under the kind's name:

- `<kind>_model.py`, its *model* (a `@frozen` -- frozen, keyword-only -- `PhaseModel` subclass):
  the phase as the spec writes it, every setting typed and every default written
  once, here and nowhere else. It builds its runtime phase (`build`), says itself
  in words for `explain` and `diff` (`describe`, `label`), and declares the few
  facts other stages ask about a kind (`needs_upcard`, `max_bid`, ...).
- `<kind>.py`, its runtime *phase* (a `Phase` subclass, see `base.py`).

They are apart because the runtime modules are compiled by the optional mypyc
build, which cannot compile keyword-only dataclasses (the models are `@frozen`,
their like): a model module is read at
compile time only (spec model, schema checks, verify, explain), a phase module on
every action. `registry.KINDS` maps each kind's name to its model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from ..frozen import field, frozen
from .base import Phase, SeatFilter

if TYPE_CHECKING:
    from ..actions import ActionCodec
    from ..cards import Deck
    from ..dsl import CompiledExpr
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


@frozen
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
    names_upcard_suit: ClassVar[bool] = False  # where its `when` holds, it names a turned joker's suit (explain)
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


def answer_condition(ctx: BuildContext, model: PhaseModel, value: Expr | None) -> CompiledExpr | None:
    """A kind's `choice_if`: compiled over the answer names (`seat`, `choice.*`, the card functions)."""
    return None if value is None else ctx.expr(model.where("choice_if"), value, ctx.choice_names, "bool")
