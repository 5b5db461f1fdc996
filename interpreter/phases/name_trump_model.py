"""The model of `name_trump`: its settings as the spec writes them (the runtime phase: `name_trump.py`).

name_trump: each player in turn (round 2) or the auction's winner names trump or a no-trump contract.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from ..cards import norm_suit
from ..frozen import frozen
from .base import Phase, asks_by_dealer
from .base_model import BuildContext, Expr, PhaseModel, answer_condition
from .name_trump import NameTrump

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


@frozen
class NameTrumpModel(PhaseModel):
    kind = "name_trump"

    who: str = "each"  # "each" | "maker"
    choices: tuple[str, ...]  # suits, other_suits, ranking.no_trump names (required)
    all_pass: str | dict[str, Any] = "redeal"  # "redeal" | "dealer_must_name" | "next" | {contract: NAME}
    choice_if: Expr | None = None  # a condition on each choice (answer names, choice.*): only those it allows

    @property
    def counts_as_round(self) -> bool:
        return self.who == "each"

    @property
    def label(self) -> str:
        return "naming trump"

    def build(self, ctx: BuildContext) -> Phase:
        n_suits = len(ctx.deck.suits)
        no_trumps = ctx.contract_names[n_suits:]
        suits, extra = "none", []
        for j, choice in enumerate(self.choices):
            if choice == "suits":
                suits = "all"
            elif choice == "other_suits":
                suits = "other" if suits != "all" else suits
            elif choice in no_trumps:
                extra.append(ctx.contract_names.index(choice))
            elif norm_suit(choice) in ctx.deck.suits:  # one particular suit, by its letter
                extra.append(ctx.deck.suits.index(norm_suit(choice)))
            else:
                known = ["suits", "other_suits", *ctx.deck.suits, *no_trumps]
                close = difflib.get_close_matches(choice, known, n=1)
                raise ctx.fail(
                    self.where("choices", j),
                    f"unknown choice '{choice}'; expected suits, other_suits, a suit ({' '.join(ctx.deck.suits)})"
                    + "".join(f", {c}" for c in no_trumps),
                    f"did you mean '{close[0]}'?" if close else None,
                )
        all_pass, fallback = self.all_pass, -1
        if isinstance(all_pass, dict):
            name = all_pass["contract"]
            if name not in no_trumps:
                raise ctx.fail(
                    self.where("all_pass", "contract"), f"no no-trump contract named '{name}' in ranking.no_trump"
                )
            fallback, all_pass = ctx.contract_names.index(name), "contract"
        seats = self.seat_filter(ctx)
        if seats is not None and self.who != "each":
            raise ctx.fail(
                self.where("may_if"), "`may_if` chooses among the players asked in turn: it needs `who: each`"
            )
        choice_if = answer_condition(ctx, self, self.choice_if)
        asks = asks_by_dealer(seats, ctx.seat_count)
        return NameTrump(self.pid, ctx.codec, self.who, suits, tuple(extra), all_pass, fallback, seats, choice_if, asks)

    def choices_text(self) -> str:
        from ..cards import DEFAULT_SUIT_NAMES
        from ..explain.words import join_or, suit_name  # explain imports the compiler, which imports the kinds

        said = []
        for c in self.choices:
            if c == "suits":
                said.append("any suit")
            elif c == "other_suits":
                # Bracketed beside other choices: 'except the turned-down one or "high"' would forbid "high".
                said.append(
                    "any suit (except the turned-down one)"
                    if len(self.choices) > 1
                    else "any suit except the turned-down one"
                )
            elif norm_suit(c) in DEFAULT_SUIT_NAMES:
                said.append(suit_name(norm_suit(c)))
            else:
                said.append(f'"{c}" (no trump)')
        return join_or(said)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        choices = self.choices_text()
        condition = []
        if self.choice_if is not None:
            trump = " (trump: the suit he would name)" if "trump" in str(self.choice_if) else ""
            condition.append(
                (
                    "choice_if",
                    f"he may name a choice only if {d.words.clause(self.choice_if)}{trump}; "
                    "a player who may not pass and is allowed no choice may name any",
                )
            )
        if self.who == "maker":
            return [
                ("turns", "the maker (the high bidder) must name trump; he cannot pass"),
                ("choices", f"he may name {choices}"),
                *condition,
            ]
        if isinstance(self.all_pass, dict):
            contract = self.all_pass.get("contract")
            after = f'if all pass, the hand is played in the "{contract}" contract (no trump), with no maker'
        elif self.all_pass == "dealer_must_name" and self.may_if is not None and d.one_seat(self) == "the dealer":
            after = "the dealer may not pass: he must name trump"
        elif self.all_pass == "dealer_must_name" and self.may_if is not None:
            after = (
                "the dealer, asked last after all the others passed (or alone), must name trump (he may not pass); "
                "if all pass without him, the hand is redealt by the next dealer"
            )
        elif self.all_pass == "dealer_must_name":
            after = "if all the others pass, the dealer must name trump (he may not pass)"
        elif self.all_pass == "next":
            after = "if all pass, bidding goes on to the next step"
        else:
            after = "if all pass, the hand is redealt by the next dealer (no score)"
        one = d.one_seat(self)
        turns = (
            f"only {one} is asked; if he names trump, he is the maker"
            if one is not None
            else f"from the dealer's left, {d.asked(self)} passes or names trump; the first to name it is the maker"
        )
        return [
            ("turns", turns),
            ("choices", f"{'he' if one is not None else 'a player'} may name {choices}"),
            *condition,
            ("all_pass", after),
        ]
