"""Compiled rules of one variant: the tables, phases and closures `State` runs on.

A `Rules` is built once by `compiler.compile_rules` and then only read: dealing,
scoring and the match end use its precomputed tables and compiled expressions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import add, itemgetter
from typing import Any, Final, NamedTuple, Protocol, cast

from .actions import ActionCodec
from .build import COMPILED
from .cards import Contract, Deck
from .dsl import CompiledExpr
from .engine import State
from .names import (
    CHOICE_TYPES,
    HAND_TYPES,
    SEAT_TYPES,
    SIDE_TYPES,
    UPCARD_TYPES,
    HandEnv,
    score_value,
    side_reads_state,
)
from .phases.auction import BidRow
from .phases.base import Phase

# A real import (the compiled build resolves the dataclass field types of `Rules` when the
# module loads; a type-checking-only import gave `KeyError: 'SpecModel'` there).
from .spec.model import SpecModel

Path_ = Sequence[str | int]

# Names every expression may read, with their types (see names.py).
HAND_NAMES = HAND_TYPES
SIDE_NAMES = {**HAND_TYPES, **SIDE_TYPES}
UPCARD_NAMES = UPCARD_TYPES
CHOICE_NAMES = frozenset(CHOICE_TYPES) - frozenset(SEAT_TYPES)  # the candidate's names (choice.*)


def ranks_by_led(contract: Contract, n_suits: int) -> tuple[tuple[int, ...], ...]:
    """Per led suit (0..n_suits-1, then n_suits: the jokers' own suit at no-trump, last so that
    index -1 finds it too): each card's power when it can win a trick of that suit (it follows
    it, or is of the suit that beats it: `Contract.ruff`), else -1 (powers are >= 0)."""
    follow, power, ruff = contract.follow, contract.power, contract.ruff
    return tuple(
        tuple(p if f in (led, ruff) else -1 for f, p in zip(follow, power, strict=True)) for led in range(n_suits + 1)
    )


class SpecSource(Protocol):
    """A loaded spec: its data, its file name, and where each JSON path sits."""

    @property
    def data(self) -> Any: ...

    @property
    def file(self) -> str: ...

    def locate(self, path: Path_) -> tuple[int | None, int | None]: ...


@dataclass(frozen=True)
class ScoreRow:
    id: str
    when: CompiledExpr | None  # None: otherwise
    makers: CompiledExpr | None
    defenders: CompiledExpr | None
    each: CompiledExpr | None
    # (counter, makers, defenders, each): changes to match counters this row makes
    counters: tuple[tuple[str, CompiledExpr | None, CompiledExpr | None, CompiledExpr | None], ...] = ()
    # (makers, defenders, each): the score each group's points cannot take a side past; None: no cap
    cap: tuple[CompiledExpr | None, CompiledExpr | None, CompiledExpr | None] | None = None


@dataclass(frozen=True)
class WinRule:
    winner_if: CompiledExpr  # the test: with `loser`, the sides meeting it lose and the others win
    best: str
    loser: bool = False


@dataclass(frozen=True)
class GameRule:
    """`games`: when a game of the match ends, and what each side carries into the next one."""

    winner_if: CompiledExpr
    best: str
    carry: CompiledExpr


_RANDOM: Final = random.Random
_SHUFFLE: Final = random.Random.shuffle  # (Rules.deal, compiled: a plain `random.Random`'s shuffle)
SCORE_MEMO_SIZE = 8192  # scoring outcomes remembered (memory stays flat)
LEAD_MEMO_SIZE = 4096  # distinct values of the lead rows' names remembered (memory stays flat)
GAMES_COUNTER = "games"  # the counter of games won that `games` keeps (side.games, makers.games)


class ScoreOutcome(NamedTuple):
    """What scoring decides about a played hand, frozen (score_played remembers it). See score_hand.

    A NamedTuple, not a plain tuple type: the compiled build (mypyc) keeps a NamedTuple as the
    object itself, where it unpacks a plain fixed-length tuple into C fields and builds a new
    tuple of them for every hand that stores the outcome the memo already holds."""

    delta: tuple[int, ...]
    scored_by: str
    counters: tuple[tuple[str, tuple[int, ...]], ...] | None  # the counters after (name, values), or None
    winners: tuple[int, ...]
    game: tuple[tuple[str, tuple[int, ...]], ...] | None  # the game's end (key, values), or None


def phase_walk(
    waits: tuple[bool, ...], first_declaration: int, play_phase: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rules.walk_open and Rules.walk_fixed: per phase left (the last entry: before the first), the
    next phase the walk tries with no contract fixed (-1: the bidding is over without one, a redeal)
    and with one (past every bidding step that waits for a contract)."""
    opened, fixed = [], []
    for left in [*range(play_phase), -1]:
        phase = left + 1
        opened.append(-1 if phase == first_declaration else phase)
        while phase < play_phase and waits[phase]:
            phase += 1
        fixed.append(phase)
    return tuple(opened), tuple(fixed)


class HandResult(NamedTuple):
    """What scoring decides about a finished hand. `Rules` only computes it; `State` stores it.

    A NamedTuple, not a frozen dataclass: one is made every hand, and a frozen dataclass's
    __init__ sets each field through object.__setattr__ (several times slower)."""

    result: dict[str, Any]  # the docs/hand-records.md result object
    scored_by: str = ""  # the id of the scoring row that applied ("" for a redeal)
    counters: dict[str, list[int]] | None = None  # the counters after the hand; None: unchanged


@dataclass
class Rules:
    """Everything a hand needs, precomputed. Immutable by convention."""

    name: str
    title: str
    description: str
    file: str
    model: SpecModel  # the spec as written (typed, defaults applied): what tools describe
    options: dict[str, int]
    players: int
    sides_kind: str
    side_of: tuple[int, ...]
    n_sides: int
    deck: Deck
    contracts: tuple[Contract, ...]
    codec: ActionCodec
    packets: tuple[tuple[int, ...], ...]  # per round, per seat from the dealer's left
    upcard: bool
    hand_tricks: int
    phases: tuple[Phase, ...]
    phase_gates: tuple[CompiledExpr | None, ...]  # per phase: offered only where this holds (None: always)
    first_declaration: int
    play_phase: int
    # (when, from, the seat names `from` reads that may be nobody: the row does not apply where one is -1)
    lead_rows: tuple[tuple[CompiledExpr | None, CompiledExpr, tuple[str, ...]], ...]
    scoring: tuple[ScoreRow, ...]
    match_end: tuple[WinRule, ...]
    start_score: int
    first_dealer: tuple[str, ...] | None  # draw order high to low, None: random
    option_env: dict[str, int] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)  # per-side tallies: name → start
    games: GameRule | None = None  # the match is played in games (None: it is one game)
    # Exactly the names the lead rows / the scoring and match end read, with their getters:
    # the hot path computes only those.
    lead_keys: tuple[tuple[str, Any], ...] = ()
    score_keys: tuple[tuple[str, Any], ...] = ()
    side_keys: tuple[tuple[str, Any], ...] = ()
    side_seats: tuple[tuple[int, ...], ...] = ()
    # the card functions the spec calls (held("A"), holder_of("JS")), by their env key (hand_cards.py)
    card_getters: dict[str, Any] = field(default_factory=dict)
    colour_of: dict[str, str] = field(default_factory=dict)  # suit letter -> its colour (deck.colours), lower case

    next_seat: tuple[int, ...] = ()
    # The play's seat fields when nobody sits out (State._start_play): (n_active, trick_size, nxt)
    all_seated: tuple[int, int, tuple[int, ...]] = (0, 0, ())
    # `State.out` when nobody sits out: `out != nobody_out` is the test whether anybody does (a list
    # compare whose items are the same objects: ~260 instructions against ~560 for `True in out`,
    # which compares each flag with True in full, callgrind, plain Python). Only compared, never changed.
    nobody_out: list[bool] = field(default_factory=list)
    # A new hand's tricks per seat and scores per side, copied by `[*row]` (~440 instructions against
    # ~800 for `[0] * n`, which makes a one-item list to repeat; callgrind, plain Python)
    no_tricks: tuple[int, ...] = ()
    start_row: tuple[int, ...] = ()
    seat_orders: tuple[tuple[int, ...], ...] = ()  # per seat: every seat clockwise from it (phases.base.seats_from)
    # Per dealer: (seat, start, end) slices of the shuffled deck, in dealing order.
    deal_plan: tuple[tuple[tuple[int, int, int], ...], ...] = ()
    printed_suit: tuple[int, ...] = ()  # per card: its printed suit, -1 for a joker
    # Per contract, per led suit (the jokers' own suit at no-trump is the last row): each card's
    # power when it can win that trick (it follows the led suit or beats it), else -1.
    ranks_by_led: tuple[tuple[tuple[int, ...], ...], ...] = ()
    # Per contract, per card: what its lead sets for the trick in the pure trick loop (State._play_tricks),
    # one look-up and one unpacking a trick: (the suit it leads, that suit's ranks_by_led row, and per
    # card whether it follows that suit: a flag the loop tests, cheaper there than comparing suits)
    leads_by_card: tuple[tuple[tuple[int, tuple[int, ...], tuple[bool, ...]], ...], ...] = ()
    counts_deals: bool = False  # the match end reads `deals` (so a redeal can end the match)
    player_option: str | None = None  # the option that chooses the number of players, if any
    player_counts: tuple[int, ...] = ()  # every number of players the spec allows
    house_rules: tuple[str, ...] = ()  # the overlays stacked on with --rule, as the user named them
    # Per contract, what the trick step reads: (follow, power, ranks_by_led row, ruff).
    play_tables: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], int], ...] = ()
    # Per dealer, per seat from seat 0: picks the cards his hand gets out of the shuffled deck, in order.
    deal_pickers: tuple[tuple[Callable[[Sequence[int]], Any], ...], ...] = ()
    deal_positions: tuple[tuple[tuple[int, ...], ...], ...] = ()  # the same as deck positions (compiled build)
    card_ids: tuple[int, ...] = ()  # every card, in deck order: what a shuffle starts from
    deal_upcard: tuple[int, ...] = ()  # per dealer: the deck position of the upcard (-1: no upcard)
    # The first leader, remembered per value of the names the lead rows read (the rows are
    # pure functions of those): filled as hands meet new values, bounded by LEAD_MEMO_SIZE.
    lead_memo: dict[Any, int] = field(default_factory=dict)
    # The scoring's outcomes, remembered (score_hand); the side names that read the state
    # (their values are part of the memo's key).
    score_memo: dict[Any, ScoreOutcome] = field(default_factory=dict)
    side_state_keys: tuple[tuple[str, Any], ...] = ()
    # Per seats sitting out (a tuple of flags): each seat's next active seat (next_active), built on use.
    next_active_of: dict[tuple[bool, ...], tuple[int, ...]] = field(default_factory=dict)
    # The same per seats sitting out as a bit each (seat s: 1 << s), with the seats playing and a
    # trick's size as in all_seated (the compiled build's State._start_play: an int key, no tuple
    # of flags to build, hash and compare), built on use.
    seated_by_out: dict[int, tuple[int, int, tuple[int, ...]]] = field(default_factory=dict)
    # The first leader per dealer, when the lead rows read no name but `dealer` (else empty: the memo).
    lead_by_dealer: tuple[int, ...] = ()
    # Per next-seat table (next_seat, or one of next_active's): per leader, the seats that play
    # after him to a trick, in order (State.play_out's trick loop), built on use.
    trick_orders_of: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    next_seat_orders: tuple[tuple[int, ...], ...] = ()  # trick_orders(next_seat), the usual table
    # Per seat, per action (cards first: a card's play is the card): the history entry of that seat
    # taking that action, (seat, action), built once and shared by every hand (the trick loops and
    # the bidding kinds' batched steps append these instead of new tuples). Typed `object`:
    # compiled code would unpack a `tuple[int, int]` and build it again.
    seat_plays: tuple[tuple[object, ...], ...] = ()
    score_getters: tuple[Any, ...] = ()  # the score_keys' getters (hand_signature)
    score_pair: bool = False  # scoring reads two names and no side name reads the state (score_played's key)
    phase_waits: tuple[bool, ...] = ()  # per phase: it begins only while no contract is fixed (State.advance)
    # The phase walk (State.advance) as two tables of the next phase to try, indexed by the phase the walk
    # leaves (the last entry: from before the first phase, index -1): while no contract is fixed (-1
    # where the bidding ends without one: a redeal), and once one is (the bidding steps that wait for a
    # contract skipped, as their `begin` would decline). The play phase is the last phase to try.
    walk_open: tuple[int, ...] = ()
    walk_fixed: tuple[int, ...] = ()
    # Per phase to the play phase: what the phase walk (State.advance) calls to start it, True when it
    # asks for a decision: the phase's `begin` (behind its gate where it has one), and for the play
    # phase `State._start_play`. One call a phase tried, no test of the gate or of the play phase.
    # (Plain Python only: the compiled walk makes the same calls natively, ~4.5k instructions a hand
    # cheaper there than through these Python-level callables.)
    phase_begins: tuple[Callable[[State], bool], ...] = ()
    # Per phase: the phase the walk starts next once this one fixes a contract, when that one is an
    # ungated Alone whose answers are all free (Phase.free_alone) and the play comes right after it;
    # -1 otherwise. OrderUp's batched step then asks it and starts the play itself, without the walk.
    alone_next: tuple[int, ...] = ()
    # The phase a new hand's walk starts first, when a plain call of its begin is all the walk's first
    # step would do (a bidding phase, plain Python); -1: State.__init__ runs the walk (State.advance).
    first_phase: int = -1
    # Per seat: the sides on his team when he is the maker with no called partner (State._start_play)
    maker_teams: tuple[tuple[bool, ...], ...] = ()
    # The auction's bid rows by action (a named bid's tricks and contract): what the bots read of a bid
    bid_rows: dict[int, BidRow] = field(default_factory=dict)

    @property
    def heading(self) -> str:
        """The title and the stacked house rules: what every header names ("Euchre (American) + house/x")."""
        return self.title + "".join(f" + {rule}" for rule in self.house_rules)

    def __post_init__(self) -> None:
        self.next_seat = tuple((s + 1) % self.players for s in range(self.players))
        self.all_seated = (self.players, 2 * self.players, self.next_seat)
        self.nobody_out = [False] * self.players
        self.no_tricks = (0,) * self.players
        self.start_row = (self.start_score,) * self.n_sides
        n = self.players
        self.seat_orders = tuple(tuple((s + k) % n for k in range(n)) for s in range(n))
        self.side_seats = tuple(
            tuple(s for s in range(self.players) if self.side_of[s] == side) for side in range(self.n_sides)
        )
        plans = []
        for dealer in range(n):
            plan, pos = [], 0
            for sizes in self.packets:
                for k in range(n):
                    plan.append(((dealer + 1 + k) % n, pos, pos + sizes[k]))
                    pos += sizes[k]
            plans.append(tuple(plan))
        self.deal_plan = tuple(plans)
        self.card_ids = tuple(range(self.deck.size))
        self.seat_plays = tuple(tuple((seat, action) for action in range(self.codec.size)) for seat in range(n))
        self.next_seat_orders = self.trick_orders(self.next_seat)
        self.printed_suit = tuple(self.deck.suit_of(c) for c in range(self.deck.size))
        self.ranks_by_led = tuple(ranks_by_led(c, len(self.deck.suits)) for c in self.contracts)
        leads = []
        for c, rows in zip(self.contracts, self.ranks_by_led, strict=True):
            follows = [tuple(suit == led for suit in c.follow) for led in range(len(rows))]
            leads.append(tuple((led, rows[led], follows[led]) for led in c.follow))
        self.leads_by_card = tuple(leads)
        self.score_getters = tuple(get for _, get in self.score_keys)
        self.phase_waits = tuple(phase.waits_for_contract for phase in self.phases)
        self.walk_open, self.walk_fixed = phase_walk(self.phase_waits, self.first_declaration, self.play_phase)
        self.alone_next = tuple(
            self.straight_alone(self.walk_fixed[left]) if left < self.play_phase else -1
            for left in range(len(self.phases))
        )
        first = self.walk_open[-1]
        self.first_phase = first if not COMPILED and 0 <= first < self.play_phase else -1
        self.phase_begins = (
            *(
                phase.begin if gate is None else _gated(gate, phase.begin)
                for phase, gate in zip(self.phases, self.phase_gates, strict=True)
            ),
            State._start_play,
        )
        self.bid_rows = {row.action: row for phase in self.phases for row in getattr(phase, "bids", ())}
        self.maker_teams = tuple(tuple(side == self.side_of[seat] for side in range(self.n_sides)) for seat in range(n))
        self.side_state_keys = tuple((name, get) for name, get in self.side_keys if side_reads_state(name))
        self.score_pair = len(self.score_getters) == 2 and not self.side_state_keys
        self.play_tables = tuple(
            (c.follow, c.power, by_led, c.ruff) for c, by_led in zip(self.contracts, self.ranks_by_led, strict=True)
        )
        getters = []
        positions = []
        for slices in self.deal_plan:
            per_seat: list[list[int]] = [[] for _ in range(n)]
            for seat, start, end in slices:
                per_seat[seat] += range(start, end)
            getters.append(tuple(_picker(p) for p in per_seat))
            positions.append(tuple(tuple(p) for p in per_seat))
        self.deal_pickers = tuple(getters)
        self.deal_positions = tuple(positions)
        self.deal_upcard = tuple(p[-1][2] if self.upcard and p else -1 for p in self.deal_plan)
        if all(name == "dealer" for name, _ in self.lead_keys):
            self.lead_by_dealer = tuple(
                self.lead_seat({**self.option_env, "dealer": dealer}) % n for dealer in range(n)
            )

    def straight_alone(self, phase: int) -> int:
        """`phase` when the walk may start it without the walk: an ungated bidding step whose
        decisions are only free 'alone' or 'together' answers (Phase.free_alone) with the play
        right after it (Rules.alone_next); else -1."""
        if not 0 <= phase < self.play_phase or self.phase_gates[phase] is not None:
            return -1
        if not self.phases[phase].free_alone or self.walk_fixed[phase] != self.play_phase:
            return -1
        return phase

    def next_active(self, out: list[bool]) -> tuple[int, ...]:
        """Each seat's next seat clockwise that does not sit out (`out`: per seat), remembered."""
        key = tuple(out)
        table = self.next_active_of.get(key)
        if table is None:
            n = self.players
            row = []
            for seat in range(n):
                t = (seat + 1) % n
                while out[t]:
                    t = (t + 1) % n
                row.append(t)
            table = self.next_active_of[key] = tuple(row)
        return table

    def seated(self, out: list[bool], sitting: int) -> tuple[int, int, tuple[int, ...]]:
        """The play's seat fields (n_active, trick_size, nxt) when the seats in `out` sit out
        (`sitting`: the same as a bit per seat), remembered by `sitting` (seated_by_out)."""
        active = self.players - out.count(True)
        seated = self.seated_by_out[sitting] = (active, 2 * active, self.next_active(out))
        return seated

    def trick_orders(self, nxt: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        """Per leader, the active seats that play after him to a trick (`nxt`: each seat's next
        active seat; a seat sitting out has none of its own), remembered per table."""
        if nxt is self.next_seat and self.next_seat_orders:  # nobody sits out: no dict look-up
            return self.next_seat_orders
        orders = self.trick_orders_of.get(nxt)
        if orders is None:
            rows = []
            for leader in range(self.players):
                row: list[int] = []
                seat = nxt[leader]
                while seat != leader and len(row) < self.players:
                    row.append(seat)
                    seat = nxt[seat]
                rows.append(tuple(row))
            orders = self.trick_orders_of[nxt] = tuple(rows)
        return orders

    # --------------------------------------------------------------- hands
    def new_hand(
        self,
        dealer: int,
        hands: list[list[int]],
        upcard: int | None,
        scores_before: Sequence[int] | None = None,
        deal_number: int = 1,
        counters_before: dict[str, list[int]] | None = None,
    ) -> State:
        """A hand dealt as given. `upcard` None or negative (-1: `State.upcard`'s "none") turns
        up no card: the State reads a card's suit off any int it is given, so the
        "none" is made None here, once, off the hot path (`deal` never turns up a negative)."""
        scores = list(scores_before) if scores_before is not None else self.start_scores()
        if upcard is not None and upcard < 0:
            upcard = None
        return State(self, dealer, [list(h) for h in hands], upcard, scores, deal_number, counters_before)

    def deal(
        self,
        rng: random.Random,
        dealer: int,
        scores_before: Sequence[int] | None = None,
        deal_number: int = 1,
        counters_before: dict[str, list[int]] | None = None,
    ) -> State:
        """Shuffle and deal in the spec's packets, clockwise from the dealer's left."""
        deck = [*self.card_ids]  # (a list display: no call of `list`)
        if COMPILED and type(rng) is _RANDOM:  # the same shuffle, called as a function: compiled code
            _SHUFFLE(rng, deck)  # would look the method up on `rng` (a generic attribute search) each hand
        else:
            rng.shuffle(deck)
        up = self.deal_upcard[dealer]
        upcard = deck[up] if up >= 0 else None
        scores = [*scores_before] if scores_before is not None else [*self.start_row]
        hands: list[list[int]]
        if COMPILED:  # native loops over each seat's deck positions, the cards taken as objects
            cards = cast("list[object]", deck)  # (as ints they would be unboxed and boxed again)
            hands = cast("list[list[int]]", [[cards[i] for i in seat] for seat in self.deal_positions[dealer]])
        else:  # each seat's picker applied to the deck, made a list (a plain loop: ~2k instructions less
            hands = []  # than the same in map() calls; `[*...]`: ~260 a seat less than `list(...)`, callgrind)
            for pick in self.deal_pickers[dealer]:
                hands.append([*pick(deck)])
        # the shuffled deck itself (never changed again) goes to the State, which reads each seat's
        # dealt tuple from it when asked (`State.dealt`: a played-out hand never asks)
        return State(self, dealer, hands, upcard, scores, deal_number, counters_before, None, deck)  # fresh lists

    def start_counters(self) -> dict[str, list[int]]:
        if not self.counters:
            return {}
        return {name: [start] * self.n_sides for name, start in self.counters.items()}

    def start_scores(self) -> list[int]:
        return [*self.start_row]

    # ------------------------------------------------------ expression envs
    def hand_env(self, st: State) -> HandEnv:
        """The names of hand-level expressions (lead, scoring, match end), computed on use."""
        return HandEnv(self, st)

    def seat_env(self, st: State, seat: int, contract: int = -1) -> HandEnv:
        """The names of a condition asked about one player (`seat`); `contract` is what "trump" means
        there (a candidate suit's contract; -1: the hand's own)."""
        return HandEnv(self, st, seat, contract)

    def choice_env(self, st: State, seat: int, contract: int, reads: frozenset[str] | None = None) -> HandEnv:
        """The names of a condition on one answer: `seat` asking to make `contract` trump (`choice.*`);
        with `reads` (the condition's names), only the `choice.*` names it reads are set."""
        env = HandEnv(self, st, seat, contract)
        if reads is not None and not (reads & CHOICE_NAMES):
            return env
        chosen = self.contracts[contract] if contract >= 0 else None
        suit = "" if chosen is None or chosen.trump < 0 else self.deck.suits[chosen.trump]
        env["choice.suit"] = suit
        env["choice.colour"] = self.colour_of.get(suit, "")
        env["choice.no_trump"] = chosen is not None and chosen.trump < 0
        return env

    def env_for(self, st: State, keys: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
        """A plain dict with the options and exactly `keys` computed (the hot-path env)."""
        env = self.option_env.copy()
        for name, get in keys:
            env[name] = get(self, st)
        return env

    def bind_sides(
        self, env: dict[str, Any], st: State, side: int, is_maker: bool, score: int, counters: dict[str, list[int]]
    ) -> dict[str, Any]:
        """Set the side names the spec reads, in place (the env is read at once)."""
        for name, get in self.side_keys:
            env[name] = get(self, st, side, is_maker, score, counters)
        return env

    def first_lead(self, st: State) -> int:
        """The seat the lead rows give (before skipping a seat that sits out): from the table
        per dealer when the rows read only the dealer, else from the memo."""
        if self.lead_by_dealer:
            return self.lead_by_dealer[st.dealer]
        keys = self.lead_keys
        key = keys[0][1](self, st) if len(keys) == 1 else tuple([get(self, st) for _, get in keys])
        memo = self.lead_memo
        seat = memo.get(key)
        if seat is None:
            seat = self.lead_seat(self.env_for(st, keys)) % self.players
            if len(memo) < LEAD_MEMO_SIZE:
                memo[key] = seat
        return seat

    def lead_seat(self, env: dict[str, Any]) -> int:
        """The first row that holds and whose seat exists gives the lead; else the dealer's left.

        A row whose `from` reads a role nobody holds in this hand (`maker` in a hand
        with no maker) does not apply: -1 is no seat (it would otherwise wrap to n-1).
        """
        for when, seat, nobody in self.lead_rows:
            if when is None or when.fn(env):
                if nobody and any(env[name] < 0 for name in nobody):
                    continue
                return int(seat.fn(env))
        return env["dealer"] + 1

    def award(
        self,
        row_makers: CompiledExpr | None,
        row_defenders: CompiledExpr | None,
        row_each: CompiledExpr | None,
        env: dict[str, Any],
        st: State,
        on_team: tuple[bool, ...],
        into: list[int],
        caps: tuple[CompiledExpr | None, CompiledExpr | None, CompiledExpr | None] | None = None,
    ) -> None:
        """Add one row's awards (points, or a counter's change) to `into`, per side.

        `caps` (points only): a group's positive points stop where the side's score
        (before the hand, plus what it got already) reaches the cap."""
        n_sides = self.n_sides
        before = st.scores_before
        top = [None if c is None else int(c.fn(env)) for c in caps] if caps is not None else [None, None, None]
        if row_makers is not None:
            v = row_makers.fn(env)
            for side in range(n_sides):
                if on_team[side]:
                    into[side] += v if top[0] is None else _capped(v, top[0] - before[side] - into[side])
        if row_defenders is not None:
            v = row_defenders.fn(env)
            for side in range(n_sides):
                if not on_team[side]:
                    into[side] += v if top[1] is None else _capped(v, top[1] - before[side] - into[side])
        if row_each is not None:
            side_env = dict(env)
            for side in range(n_sides):
                bound = self.bind_sides(side_env, st, side, on_team[side], before[side], st.counters_before)
                v = row_each.fn(bound)
                into[side] += v if top[2] is None else _capped(v, top[2] - before[side] - into[side])

    def score_hand(self, st: State) -> HandResult:
        """The first scoring row that holds scores the hand (and changes the counters it names).

        `score_played` decides (remembered), `played_result` writes the result object;
        `State` calls the two apart, and builds the object only when it is asked for."""
        outcome = self.score_played(st)
        counters = outcome[2]
        return HandResult(
            self.played_result(st, outcome),
            outcome[1],
            None if counters is None else {name: list(v) for name, v in counters},
        )

    def score_played(self, st: State) -> ScoreOutcome:
        """What scoring decides about a played hand (see score_outcome), remembered.

        What the rows and the match end decide is a pure function of the names they
        read, the teams, the scores and counters before the hand and the side names
        that read the state: it is remembered per value of those (`score_memo`, bounded
        by SCORE_MEMO_SIZE), so a hand like an earlier one is scored by one look-up.
        """
        on_team = st.on_team
        assert on_team is not None  # State._start_play set it: only a played hand is scored
        # The key is flat (one tuple, no nested ones to build and hash): the values of the two
        # names the rows usually read (unrolled) and the teams, or the whole signature; then the
        # scores before; the counters before, when the spec keeps any. Its shape is fixed per spec.
        getters = self.score_getters
        if self.score_pair:
            scores = st.scores_before
            if self.n_sides == 2:  # the same key unrolled: no list to build and copy into the tuple (compiled)
                if COMPILED:  # one int, made natively (_packed_key)
                    key: object = _packed_key(
                        score_value(self, st, getters[0]),
                        score_value(self, st, getters[1]),
                        on_team[0],
                        on_team[1],
                        scores[0],
                        scores[1],
                    )
                else:
                    key = (getters[0](self, st), getters[1](self, st), on_team[0], on_team[1], scores[0], scores[1])
            else:
                key = (getters[0](self, st), getters[1](self, st), *on_team, *scores)
        else:
            key = (self.hand_signature(st), *st.scores_before)
        before = st.counters_before
        if before:
            key = (key, tuple([(name, tuple(v)) for name, v in before.items()]))
        memo = self.score_memo
        outcome = memo.get(key)
        if outcome is None:
            outcome = self.score_outcome(st, self.hand_signature(st)[0], on_team)
            if len(memo) < SCORE_MEMO_SIZE:
                memo[key] = outcome
        return outcome

    def hand_signature(self, st: State) -> tuple[tuple[Any, ...], tuple[bool, ...], tuple[Any, ...]]:
        """What scoring reads of a played hand apart from the scores and counters before it:
        the values of the names the rows read, the teams, and the side names that read the
        state. Two hands with the same signature score alike from any scores (score_played's
        memo; the match-equity table groups its sampled hands by it)."""
        before = st.counters_before
        getters = self.score_getters
        if len(getters) == 2:  # (the usual count, unrolled: a comprehension is one more Python call)
            values: tuple[Any, ...] = (getters[0](self, st), getters[1](self, st))
        else:
            values = tuple([get(self, st) for get in getters])
        return (
            values,
            tuple(st.on_team or ()),
            tuple(
                [
                    get(self, st, side, False, 0, before)
                    for _, get in self.side_state_keys
                    for side in range(self.n_sides)
                ]
            )
            if self.side_state_keys
            else (),
        )

    def played_result(self, st: State, outcome: ScoreOutcome) -> dict[str, Any]:
        """The docs/hand-records.md result object of a played hand that scoring decided `outcome`."""
        delta, _, _, winners, game = outcome
        out = st.out
        result: dict[str, Any] = {
            "status": "complete",
            "trump": self.contracts[st.contract].name,
            "maker": None if st.maker < 0 else st.maker,
            "contract": st.bid if st.bid else None,
            "alone": sorted(st.alone),
            "partner": None if st.partner < 0 else st.partner,
            "out": [s for s, sits in enumerate(out) if sits] if True in out else [],
            "tricks": st.tricks[:],
            "delta": list(delta),
            "scores": list(map(add, st.scores_before, delta)),
            "winners": list(winners),
        }
        if game is not None:
            result["trickspec"] = {name: list(v) for name, v in game}
        return result

    def score_outcome(self, st: State, values: tuple[Any, ...], on_team: tuple[bool, ...]) -> ScoreOutcome:
        """What the scoring rows and the match end decide for a played hand (`values`: the
        score_keys' values), frozen (tuples) since `score_hand` remembers it: (delta,
        scored_by, the counters after or None, winners, the game's end or None)."""
        env = self.option_env.copy()
        for (name, _), value in zip(self.score_keys, values, strict=True):
            env[name] = value
        delta = [0] * self.n_sides
        scored_by = ""
        counters = None
        for row in self.scoring:
            when = row.when
            if when is not None and not when.fn(env):
                continue
            self.award(row.makers, row.defenders, row.each, env, st, on_team, delta, row.cap)
            scored_by = row.id
            if row.counters:
                counters = {name: list(v) for name, v in st.counters_before.items()}
                for name, makers, defenders, each in row.counters:
                    self.award(makers, defenders, each, env, st, on_team, counters[name])
            break
        scores = [b + d for b, d in zip(st.scores_before, delta, strict=True)]
        # (the counters before the hand: `st.counters` is the same until the hand is stored)
        after = counters if counters is not None else st.counters_before
        winners, after, game = self.close_hand(st, env, on_team, scores, after)
        if game is not None:
            counters = after
        return ScoreOutcome(
            tuple(delta),
            scored_by,
            None if counters is None else tuple((name, tuple(v)) for name, v in counters.items()),
            tuple(winners),
            None if game is None else tuple((name, tuple(v)) for name, v in game.items()),
        )

    def redeal_result(self, st: State) -> HandResult:
        """A hand nobody played: no score, but the match end is still asked (a fixed
        number of deals counts redeals)."""
        return self.unplayed_result(st, "redeal", [0] * self.n_sides)

    def unplayed_result(self, st: State, status: str, delta: list[int]) -> HandResult:
        """A hand that ends before any trick is played ("redeal", "misdeal", "conceded"): `delta` per side.

        No scoring row applies and nobody is a maker; the match end is asked when
        the scores moved, or when it counts deals (a redeal is a deal)."""
        env = self.env_for(st, self.score_keys)
        scores = [b + d for b, d in zip(st.scores_before, delta, strict=True)]
        # Scores that did not move can meet only a match (or game) end that counts deals.
        winners, after, game = (
            self.close_hand(st, env, (False,) * self.n_sides, scores, st.counters)
            if self.counts_deals or any(delta)
            else ([], st.counters, None)
        )
        result: dict[str, Any] = {
            "status": status,
            "trump": None,
            "maker": None,
            "contract": None,
            "alone": [],
            "partner": None,
            "out": [],
            "tricks": [0] * self.players,
            "delta": list(delta),
            "scores": scores,
            "winners": winners,
        }
        if game is not None:
            result["trickspec"] = game
            return HandResult(result, counters=after)
        return HandResult(result)

    def close_hand(
        self,
        st: State,
        env: dict[str, Any],
        on_team: tuple[bool, ...],
        scores: list[int],
        counters: dict[str, list[int]],
    ) -> tuple[list[int], dict[str, list[int]], dict[str, Any] | None]:
        """After the scoring: the game end (when the spec plays games), then the match end.

        Returns the match's winners, the counters after the hand (a game's winners
        count one more game) and, when a game ended, the result's extension
        {"game_winners": [...], "next_scores": [...]}: who won the game, and the
        score every side starts the next game with (the spec's `carry`).
        """
        game = self.games
        if game is None:
            return self.match_winners(st, env, on_team, scores, counters), counters, None
        won_game = self.satisfying(game.winner_if, game.best, st, env, on_team, scores, counters)
        if not won_game:
            return self.match_winners(st, env, on_team, scores, counters, [False] * self.n_sides), counters, None
        won = [side in won_game for side in range(self.n_sides)]
        games = list(counters[GAMES_COUNTER])
        for side in won_game:
            games[side] += 1
        counters = {**counters, GAMES_COUNTER: games}
        side_env = dict(env)
        next_scores = []
        for side in range(self.n_sides):
            bound = self.bind_sides(side_env, st, side, on_team[side], scores[side], counters)
            bound["side.won_game"] = won[side]
            next_scores.append(int(game.carry.fn(bound)))
        winners = self.match_winners(st, env, on_team, scores, counters, won)
        return winners, counters, {"game_winners": won_game, "next_scores": next_scores}

    def match_winners(
        self,
        st: State,
        env: dict[str, Any],
        on_team: tuple[bool, ...],
        scores: list[int],
        counters: dict[str, list[int]],
        won_game: list[bool] | None = None,
    ) -> list[int]:
        """The first match-end rule that some side satisfies decides the winners (`counters`: after the hand).

        `won_game`: per side, whether it won the game this hand ended (specs with `games`).
        """
        for rule in self.match_end:
            best = "all" if rule.loser else rule.best
            cands = self.satisfying(rule.winner_if, best, st, env, on_team, scores, counters, won_game)
            if rule.loser and cands:  # loser_if: the sides meeting it lose; the others win (when some is left)
                cands = [side for side in range(self.n_sides) if side not in cands]
            if cands:
                return cands
        return []

    def satisfying(
        self,
        test: CompiledExpr,
        best: str,
        st: State,
        env: dict[str, Any],
        on_team: tuple[bool, ...],
        scores: list[int],
        counters: dict[str, list[int]],
        won_game: list[bool] | None = None,
    ) -> list[int]:
        """The sides satisfying a side condition, narrowed by `best` (all, or the highest/lowest score)."""
        side_env = dict(env)
        bind = self.bind_sides
        fn = test.fn
        cands = []
        for side in range(self.n_sides):
            bound = bind(side_env, st, side, on_team[side], scores[side], counters)
            if won_game is not None:
                bound["side.won_game"] = won_game[side]
            if fn(bound):
                cands.append(side)
        if cands and best == "highest":
            top = max(scores[c] for c in cands)
            cands = [c for c in cands if scores[c] == top]
        elif cands and best == "lowest":
            low = min(scores[c] for c in cands)
            cands = [c for c in cands if scores[c] == low]
        return cands

    @staticmethod
    def next_scores(result: dict[str, Any]) -> list[int]:
        """The scores the match's next hand starts from: the carry when this hand ended a game."""
        game = result.get("trickspec")
        return list(game["next_scores"] if game else result["scores"])

    # ----------------------------------------------------------- first dealer
    def draw_first_dealer(self, rng: random.Random) -> tuple[int, list[list[tuple[int, str]]]]:
        """The first dealer, and the draws shown to players (rounds of (seat, card))."""
        n = self.players
        if self.first_dealer is None:
            return rng.randrange(n), []
        order = self.first_dealer
        strength = {r: len(order) - i for i, r in enumerate(order)}
        names = self.deck.names()
        contenders = list(range(n))
        rounds = []
        while True:
            cards = rng.sample(range(self.deck.size), len(contenders))
            draws = list(zip(contenders, cards, strict=False))
            rounds.append([(s, names[c]) for s, c in draws])

            def value(card: int) -> int:
                r = self.deck.rank_of(card)
                return strength.get(self.deck.ranks[r], len(order) + 1) if r >= 0 else len(order) + 1

            low = min(value(c) for _, c in draws)
            contenders = [s for s, c in draws if value(c) == low]
            if len(contenders) == 1:
                return contenders[0], rounds


_KEY_SPAN: Final = 1024  # a value _packed_key packs takes 10 bits: -512 to 511


def _packed_key(a: object, b: object, team0: bool, team1: bool, score0: int, score1: int) -> object:
    """score_played's two-name, two-side key in the compiled build: one int when both values are
    ints (bools too) and every value fits in 10 bits, else the tuple plain Python uses. An int
    key is made natively, hashed and compared as one number; the 6-tuple cost ~580 instructions
    a hand there (built, hashed, compared item by item). The same values always make the same
    key (int and tuple keys never meet), so the memo answers as with the tuple."""
    if isinstance(a, int) and isinstance(b, int):
        x = a + 512
        y = b + 512
        u = score0 + 512
        v = score1 + 512
        if 0 <= x < _KEY_SPAN and 0 <= y < _KEY_SPAN and 0 <= u < _KEY_SPAN and 0 <= v < _KEY_SPAN:
            # (shifts, not products: mypyc multiplies natively only below 2**30, shifts to 2**62; the
            # values that vary most in the low bits, which pick the dict's slot: the scores before are
            # often the same from hand to hand, and keys alike there collide)
            return x | y << 10 | (2 if team0 else 0) << 20 | (1 if team1 else 0) << 20 | u << 22 | v << 32
    return (a, b, team0, team1, score0, score1)


def _picker(positions: list[int]) -> Callable[[Sequence[int]], Any]:
    """A C-level getter of these deck positions, in order (a list or a tuple of the cards)."""
    if len(positions) >= 2:
        return itemgetter(*positions)
    return itemgetter(slice(positions[0], positions[0] + 1) if positions else slice(0, 0))


def _gated(gate: CompiledExpr, begin: Callable[[State], bool]) -> Callable[[State], bool]:
    """A phase's `begin` behind its gate (`when`): a hand where the gate does not hold skips it."""

    def begin_if(st: State) -> bool:
        return bool(gate.fn(st.rules.hand_env(st))) and begin(st)

    return begin_if


def _capped(points: int, room: int) -> int:
    """Points that may not take a side past a cap `room` away: gains stop there, losses are whole."""
    return points if points <= 0 else max(0, min(points, room))
