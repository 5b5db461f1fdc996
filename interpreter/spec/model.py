"""The typed spec model: a schema-checked variant as frozen classes (`interpreter/frozen.py`), defaults applied.

This is the one reader of the raw (merged, schema-valid) YAML data. Everything
after loading — the compiler, verify, explain, diff, the transcript and the
human prompts — reads a `SpecModel`, never the dict. Every default of the
language is written once, as a field default here or in a kind's model
(`interpreter/phases/`); the schema mirrors them as `default`, and
tests/test_spec_model.py checks that the two agree.

Expressions stay as written (`Expr`: text, or a bare true/false/number): the
compiler turns them into closures, explain into words.
"""

from __future__ import annotations

from typing import Any

from ..cards import norm_rank
from ..frozen import field, frozen, replace
from ..phases.base_model import Expr, PathPart, PhaseModel
from ..phases.registry import KINDS

Rank = str | int  # a rank as written (`9`, `T`, `10`, `A`) or an order token (`right_bower`)


@frozen
class OptionModel:
    """An integer option: a list of `values`, or a range `min`..`max` (a numeric toggle is one overlay).

    A range lets a table agree on any number (`--set target=21`) without one
    file per value; tools that try every value (verify) use `samples()`.
    """

    values: tuple[int, ...]  # the allowed values, when listed (else empty)
    low: int | None  # `min`: a range's least value (None: a list)
    high: int | None  # `max`: a range's greatest value (None: a list)
    default: int
    description: str = ""

    @property
    def is_range(self) -> bool:
        return self.low is not None and self.high is not None

    def allows(self, value: int) -> bool:
        if self.is_range:
            assert self.low is not None and self.high is not None
            return self.low <= value <= self.high
        return value in self.values

    def allowed_text(self, last: str = "or") -> str:
        """'5, 7 or 10', or 'any whole number from 1 to 99': what a user may choose."""
        if self.is_range:
            return f"any whole number from {self.low} to {self.high}"
        values = [str(v) for v in self.values]
        return values[0] if len(values) == 1 else f"{', '.join(values[:-1])} {last} {values[-1]}"

    def every(self) -> tuple[int, ...]:
        """Every allowed value (a range written out: only for small ranges, such as a player count)."""
        if self.is_range:
            assert self.low is not None and self.high is not None
            return tuple(range(self.low, self.high + 1))
        return self.values

    def samples(self) -> tuple[int, ...]:
        """The values a tool tries: a list whole; a range at its ends, next to them and the default."""
        if not self.is_range:
            return self.values
        assert self.low is not None and self.high is not None
        near = {self.low, self.low + 1, self.default, self.high - 1, self.high}
        return tuple(sorted(v for v in near if self.low <= v <= self.high))


@frozen
class DeckModel:
    suits: tuple[str, ...]
    ranks: tuple[Rank, ...]
    jokers: int = 0
    colours: dict[str, str] | None = None  # None: the usual colours of the deck's suits
    # per suit that lacks some of `ranks`: the ranks it has (None: every suit has every rank)
    suit_ranks: dict[str, tuple[Rank, ...]] | None = None
    # `lowest: OPTION`: the option's value names the deck's lowest rank; the ranks listed
    # before it in `ranks` leave the deck and every order (None: all of `ranks` are played)
    lowest: str | None = None


@frozen
class RankingModel:
    trump: tuple[Rank, ...]
    plain: tuple[Rank, ...]
    bower_rank: Rank | None = None
    no_trump: dict[str, tuple[Rank, ...]] = field(default_factory=dict)  # name → order, high to low


@frozen
class DrawModel:
    """first_dealer: {draw: lowest, order: [...]}: the lowest card drawn deals first."""

    draw: str
    order: tuple[Rank, ...]


@frozen
class DealModel:
    packets: tuple[int | tuple[int, ...], ...]  # cards each round: one count, or one count per seat
    upcard: bool = False


@frozen
class LeadRowModel:
    when: Expr | None  # None: `otherwise: true`
    source: Expr  # `from`: the seat that leads
    id: str | None = None


@frozen
class AwardModel:
    makers: Expr | None = None
    defenders: Expr | None = None
    each: Expr | None = None


@frozen
class ScoreRowModel(AwardModel):
    when: Expr | None  # None: `otherwise: true`
    counters: tuple[tuple[str, AwardModel], ...] = ()  # counter name → its changes
    cap: AwardModel | None = None  # per group: the score its points cannot take a side past
    id: str | None = None


@frozen
class WinRuleModel:
    winner_if: Expr | None = None  # these sides win
    loser_if: Expr | None = None  # these sides lose: the others win (one of the two is written)
    best: str = "all"  # "all" | "highest" | "lowest"
    id: str | None = None


@frozen
class GamesModel:
    """`games`: the match is played in games (laps, a rubber of N games).

    A game ends after a hand where some side satisfies `winner_if` (the
    `best` of them win it, as in `match_end`); each winner's `side.games`
    grows by one and every side starts the next game with the score `carry`
    says. The match end then reads `side.games` like any counter.
    """

    winner_if: Expr
    carry: Expr
    best: str = "all"  # "all" | "highest" | "lowest"


@frozen
class CounterModel:
    start: int = 0
    description: str = ""


@frozen
class SpecModel:
    name: str
    title: str
    description: str = ""
    notes: str = ""
    options: dict[str, OptionModel] = field(default_factory=dict)
    players: int | None  # a fixed count, or None when `players_option` chooses it
    players_option: str | None = None
    sides: str  # "partnerships" | "individual"
    deck: DeckModel
    ranking: RankingModel
    first_dealer: DrawModel | None = None  # None: "random"
    deal: DealModel
    bidding: tuple[PhaseModel, ...]
    declarations: tuple[PhaseModel, ...] = ()
    lead: tuple[LeadRowModel, ...]
    start_score: int = 0
    scoring: tuple[ScoreRowModel, ...]
    match_end: tuple[WinRuleModel, ...]
    counters: dict[str, CounterModel] = field(default_factory=dict)
    games: GamesModel | None = None  # None: the match is one game

    @property
    def phases(self) -> tuple[PhaseModel, ...]:
        return self.bidding + self.declarations

    def default_options(self) -> dict[str, int]:
        return {name: opt.default for name, opt in self.options.items()}

    def ranks_left_out(self, options: dict[str, int]) -> tuple[Rank, ...]:
        """The ranks `deck.lowest` leaves out for these options: those listed before the chosen one.

        Empty when the deck has no `lowest`, or its option or value does not name a rank
        (the compiler reports those, located)."""
        name = self.deck.lowest
        if name is None or name not in self.options:
            return ()
        chosen = norm_rank(options.get(name, self.options[name].default))
        texts = [norm_rank(r) for r in self.deck.ranks]
        return tuple(self.deck.ranks[: texts.index(chosen)]) if chosen in texts else ()

    def at_lowest(self, options: dict[str, int]) -> SpecModel:
        """This spec with the ranks `deck.lowest` leaves out removed from the deck and every order:
        one place, so the engine, explain and diff see the same deck."""
        gone = {norm_rank(r) for r in self.ranks_left_out(options)}
        if not gone:
            return self

        def keep(order: tuple[Rank, ...]) -> tuple[Rank, ...]:
            return tuple(r for r in order if norm_rank(r) not in gone)

        d, r = self.deck, self.ranking
        deck = replace(
            d,
            ranks=keep(d.ranks),
            suit_ranks={k: keep(v) for k, v in d.suit_ranks.items()} if d.suit_ranks else None,
        )
        ranking = replace(
            r,
            trump=keep(r.trump),
            plain=keep(r.plain),
            no_trump={k: keep(v) for k, v in r.no_trump.items()},
        )
        draw = self.first_dealer
        first_dealer = replace(draw, order=keep(draw.order)) if draw is not None else None
        return replace(self, deck=deck, ranking=ranking, first_dealer=first_dealer)

    def player_counts(self) -> list[int]:
        """Every number of players the spec allows (several when an option chooses it)."""
        if self.players_option is not None:
            return list(self.options[self.players_option].every())
        assert self.players is not None
        return [self.players]


# ------------------------------------------------------------------ from the data
def _tuple(value: Any) -> tuple[Any, ...]:
    return tuple(value)


def _no_trump_order(value: Any, plain: list[Any]) -> tuple[Any, ...]:
    """A no-trump order as written, or the word `plain` / `plain_reversed`: the plain order of
    this spec as merged, so an overlay adding a no-trump contract fits whatever deck it lands on."""
    if value == "plain":
        return tuple(plain)
    if value == "plain_reversed":
        return tuple(reversed(plain))
    return tuple(value)


def _id(item: dict[str, Any]) -> str | None:
    return str(item["id"]) if "id" in item else None


def phase_model(item: dict[str, Any], place: str, index: int) -> PhaseModel:
    """`{KIND: settings}` → the kind's model (the schema has checked the kind and settings)."""
    kind, settings = next(iter(item.items()))
    settings = dict(settings or {})
    path: tuple[PathPart, ...] = (place, index, kind)
    if "id" in settings:
        settings["id"] = str(settings["id"])
    return KINDS[kind].from_settings(settings, path)


def _given(raw: dict[str, Any] | None, *keys: str) -> dict[str, Any]:
    """The settings written (a setting not written takes the model's default: defaults live there only)."""
    return {k: raw[k] for k in keys if raw and k in raw}


def _award(raw: dict[str, Any]) -> dict[str, Any]:
    return _given(raw, "makers", "defenders", "each")


def spec_model(data: dict[str, Any]) -> SpecModel:
    """The model of a merged, schema-valid spec."""
    players = data["players"]
    deck = data["deck"]
    ranking = data["ranking"]
    fd = data.get("first_dealer", "random")
    deal = data["deal"]
    return SpecModel(
        name=str(data["name"]),
        title=str(data.get("title", data["name"])),
        **_given(data, "description", "notes", "start_score"),
        options={
            str(k): OptionModel(
                values=_tuple(v.get("values", ())),
                low=v.get("min"),
                high=v.get("max"),
                default=v["default"],
                **_given(v, "description"),
            )
            for k, v in (data.get("options") or {}).items()
        },
        players=None if isinstance(players, dict) else int(players),
        players_option=players["option"] if isinstance(players, dict) else None,
        sides=data["sides"],
        deck=DeckModel(
            suits=tuple(str(s) for s in deck["suits"]),
            ranks=_tuple(deck["ranks"]),
            **_given(deck, "jokers"),
            colours=dict(deck["colours"]) if deck.get("colours") else None,
            suit_ranks={str(k): _tuple(v) for k, v in deck["suit_ranks"].items()} if deck.get("suit_ranks") else None,
            **_given(deck, "lowest"),
        ),
        ranking=RankingModel(
            trump=_tuple(ranking["trump"]),
            plain=_tuple(ranking["plain"]),
            **_given(ranking, "bower_rank"),
            no_trump={str(k): _no_trump_order(v, ranking["plain"]) for k, v in (ranking.get("no_trump") or {}).items()},
        ),
        first_dealer=DrawModel(draw=fd["draw"], order=_tuple(fd["order"])) if isinstance(fd, dict) else None,
        deal=DealModel(
            packets=tuple(tuple(p) if isinstance(p, list) else p for p in deal["packets"]),
            **_given(deal, "upcard"),
        ),
        bidding=tuple(phase_model(item, "bidding", i) for i, item in enumerate(data["bidding"])),
        declarations=tuple(
            phase_model(item, "declarations", i) for i, item in enumerate(data.get("declarations") or [])
        ),
        lead=tuple(
            LeadRowModel(when=None if row.get("otherwise") else row["when"], source=row["from"], id=_id(row))
            for row in data["lead"]
        ),
        scoring=tuple(
            ScoreRowModel(
                when=None if row.get("otherwise") else row["when"],
                counters=tuple((str(k), AwardModel(**_award(v))) for k, v in (row.get("counters") or {}).items()),
                id=_id(row),
                cap=AwardModel(**_award(row["cap"])) if row.get("cap") else None,
                **_award(row),
            )
            for row in data["scoring"]
        ),
        match_end=tuple(
            WinRuleModel(id=_id(r), **_given(r, "winner_if", "loser_if", "best")) for r in data["match_end"]
        ),
        counters={
            str(k): CounterModel(**_given(v, "start", "description")) for k, v in (data.get("counters") or {}).items()
        },
        games=(
            GamesModel(
                winner_if=data["games"]["winner_if"], carry=data["games"]["carry"], **_given(data["games"], "best")
            )
            if data.get("games")
            else None
        ),
    )
