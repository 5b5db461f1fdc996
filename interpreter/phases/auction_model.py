"""The model of `auction`: its settings as the spec writes them (the runtime phase: `auction.py`).

What the kind does, and why, is told once: in `auction.py`'s docstring.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from ..frozen import frozen
from .auction import Auction, BidRow
from .base import Phase
from .base_model import BuildContext, PhaseModel

if TYPE_CHECKING:
    from ..explain.rules_text import Describer


@frozen
class AuctionModel(PhaseModel):
    kind = "auction"
    word = "auction"

    min: int
    max: int
    dealer_may_match: bool = False
    # "dealer_must_bid" | "redeal" | {holder_of: CARD, bid: N} (required): a forced bid by the
    # holder of a card (Hasenpfeffer's joker), or a redeal when nobody holds it
    all_pass: str | dict[str, Any]
    # tricks AND a denomination: contract name -> value of a bid of `min` tricks in it (None: bids are numbers)
    denominations: dict[str, int] | None = None
    per_trick: int | None = None  # with denominations: value added per trick above `min`
    # word -> {value, tricks, contract, alone}: bids spoken as a word, ranked among the others by value
    named_bids: dict[str, dict[str, Any]] | None = None
    # "once": one bid each; "until_passed": round and round, a passer is out, until all others passed
    rounds: str = "once"

    def max_bid(self) -> int:
        return 0 if self.denominations else self.max

    def bid_words(self) -> tuple[str, ...]:
        """The words of its bids other than plain numbers ("7H", "misere"): they size the action codec."""
        words = [f"{n}{d}" for n in range(self.min, self.max + 1) for d in self.denominations or {}]
        return (*words, *(self.named_bids or {}))

    def build(self, ctx: BuildContext) -> Phase:
        low, high = self.min, self.max
        if not 0 < low <= high:
            raise ctx.fail(self.where("min"), f"auction: min {low} must be at least 1 and at most max {high}")
        rows = self._rows(ctx)
        if self.rounds == "until_passed" and self.dealer_may_match:
            raise ctx.fail(
                self.where("dealer_may_match"),
                "auction: dealer_may_match needs rounds: once (in rounds until_passed nobody bids last)",
            )
        all_pass, card, forced = self.all_pass, -1, 0
        if isinstance(all_pass, dict):
            name = all_pass["holder_of"]
            parsed = ctx.deck.parse(str(name))
            if parsed is None:
                raise ctx.fail(
                    self.where("all_pass", "holder_of"),
                    f"auction: no card '{name}' in this deck",
                    "a card name such as AS, TH or JK (a joker, with deck.jokers)",
                )
            forced = all_pass["bid"]
            if self.denominations:
                raise ctx.fail(
                    self.where("all_pass"),
                    "auction: a forced bid is a number of tricks, but this auction's bids name a denomination",
                    "all_pass: redeal or dealer_must_bid",
                )
            if not low <= forced <= high:
                raise ctx.fail(
                    self.where("all_pass", "bid"), f"auction: forced bid {forced} is outside min {low} .. max {high}"
                )
            all_pass, card = "holder_must_bid", parsed
        return Auction(
            self.pid, ctx.codec, tuple(rows), self.dealer_may_match, all_pass, card, forced, self.rounds, self.pid
        )

    def _contract(self, ctx: BuildContext, name: str, path: list[Any]) -> int:
        names = ctx.contract_names
        if name in names:
            return names.index(name)
        close = difflib.get_close_matches(name, list(names), 1)
        raise ctx.fail(
            path,
            f"auction: '{name}' is not a contract of this spec; the contracts are {' '.join(names)}",
            f"did you mean '{close[0]}'?" if close else "a suit letter, or a name from ranking.no_trump",
        )

    def _rows(self, ctx: BuildContext) -> list[BidRow]:
        """Every bid as (action, value, tricks, contract, alone), sorted by value."""
        codec = ctx.codec
        rows: list[BidRow] = []
        if self.denominations:
            if self.per_trick is None:
                raise ctx.fail(
                    self.where("denominations"),
                    "auction: bids with denominations need per_trick (the value of each trick above min)",
                )
            for name, base in self.denominations.items():
                contract = self._contract(ctx, name, self.where("denominations", name))
                for n in range(self.min, self.max + 1):
                    action = codec.parse(f"bid {n}{name}")
                    assert action is not None  # bid_words() put it in the codec
                    rows.append(BidRow(action, base + (n - self.min) * self.per_trick, n, contract, False))
        else:
            if self.per_trick is not None:
                raise ctx.fail(self.where("per_trick"), "auction: per_trick needs denominations")
            rows += [BidRow(codec.BID + n, n, n, -1, False) for n in range(self.min, self.max + 1)]
        for word, spec in (self.named_bids or {}).items():
            contract = -1
            if "contract" in spec:
                contract = self._contract(ctx, str(spec["contract"]), self.where("named_bids", word, "contract"))
            elif self.denominations:
                raise ctx.fail(
                    self.where("named_bids", word),
                    f"auction: named bid '{word}' needs a contract (the other bids fix theirs)",
                    "contract: a suit letter or a ranking.no_trump name",
                )
            action = codec.parse(f"bid {word}")
            assert action is not None
            rows.append(BidRow(action, spec["value"], spec.get("tricks", 0), contract, spec.get("alone", False)))
        seen: dict[int, int] = {}
        for row in rows:
            if row.value in seen:
                word = codec.to_str(row.action)
                other = codec.to_str(seen[row.value])
                raise ctx.fail(
                    self.where("named_bids") if self.named_bids else self.where("denominations"),
                    f"auction: '{word}' and '{other}' are both worth {row.value}; bids must rank strictly",
                )
            seen[row.value] = row.action
        return sorted(rows, key=lambda r: r.value)

    def describe(self, d: Describer) -> list[tuple[str, str]]:
        team = "his side" if d.partnerships else "he"
        low, high = self.min, self.max
        once = self.rounds == "once"
        who = "each player bids once" if once else "players bid in turn, round and round"
        if self.denominations:
            step = self.per_trick
            table = ", ".join(f"{low}{name} {value}" for name, value in self.denominations.items())
            what = (
                f"a number of tricks from {low} to {high} that {team} will take and a denomination "
                f"(a trump suit or no-trump), worth by the table {table}, and {step} more for each "
                f"trick above {low} (bid 7H, bid 6NT)"
            )
        else:
            what = f"a number of tricks from {low} to {high} that {team} will take"
        than = "worth more than" if self.denominations or self.named_bids else "higher than"
        parts = [("turns", f"from the dealer's left, {who}: {what}, {than} the high bid so far, or passes")]
        for word, spec in (self.named_bids or {}).items():
            text = f"a player may instead bid {word}, worth {spec['value']}"
            if spec.get("tricks"):
                text += f", for {spec['tricks']} tricks"
            if "contract" in spec:
                name = str(spec["contract"])
                from ..explain.words import suit_name

                text += f", with {suit_name(name)} as trump" if name in d.suits else f', played at "{name}" (no trump)'
            elif self.denominations is None:
                text += " (the suit is named afterwards)"
            if spec.get("alone"):
                text += ", the bidder playing alone (his partner sits out)"
            parts.append((f"named_bids.{word}", text))
        if not once:
            parts.append(
                (
                    "rounds",
                    "a player who passes is out of the auction; it ends when all the others have passed after a bid",
                )
            )
        elif self.dealer_may_match:
            parts.append(("dealer_may_match", "the dealer, bidding last, may match the high bid to take it"))
        else:
            parts.append(("dealer_may_match", "the dealer must outbid the high bid like everybody else"))
        if self.all_pass == "dealer_must_bid":
            parts.append(("all_pass", f"if all the others pass, the dealer must bid (at least {low}): a forced bid"))
        elif isinstance(self.all_pass, dict):
            from ..explain.words import card_text  # explain imports the compiler, which imports the kinds

            card = card_text(str(self.all_pass["holder_of"]))
            parts.append(
                (
                    "all_pass",
                    f"if all pass, the player holding the {card} must bid {self.all_pass['bid']} (it is his bid "
                    f"whatever he holds); if nobody holds it, the hand is redealt by the next dealer (no score)",
                )
            )
        else:
            parts.append(("all_pass", "if all pass, the hand is redealt by the next dealer (no score)"))
        if self.denominations:
            parts.append(("result", "the high bidder is the maker; his bid's denomination is trump"))
        else:
            parts.append(("result", "the high bidder is the maker, and his bid is the contract"))
        return parts
