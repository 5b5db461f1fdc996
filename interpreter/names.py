"""The names spec expressions read, their types, and how each is computed.

An expression is compiled once into a closure that looks names up in a dict.
The dicts here compute a name only when an expression first asks for it
(`__missing__`), so a hand pays for the few names its spec reads, not all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from .build import COMPILED
from .cards import RANK_ALIASES, SUIT_ALIASES

if TYPE_CHECKING:
    from .cards import Deck
    from .engine import State
    from .rules import Rules


_NOBODY: Final[list[bool]] = [False]  # what team_sides repeats: made once (engine.py's _NOBODY)


def team_sides(rules: Rules, st: State) -> tuple[bool, ...]:
    """Per side: has it a seat on the maker's team (his side, his called partner)? A tuple, as
    the maker's own side is (`Rules.maker_teams`, shared by every hand: never changed)."""
    flags = _NOBODY * rules.n_sides  # (a new list: `_NOBODY` is never changed)
    if st.maker >= 0:
        flags[rules.side_of[st.maker]] = True
        if st.partner >= 0:
            flags[rules.side_of[st.partner]] = True
    return tuple(flags)


def _on_team(rules: Rules, st: State) -> tuple[bool, ...]:
    return st.on_team if st.on_team is not None else team_sides(rules, st)


def _team_tricks(rules: Rules, st: State, makers: bool = True) -> int:
    maker = st.maker
    if maker < 0:
        return 0 if makers else sum(st.tricks)
    tricks = st.tricks
    if st.partner < 0:  # the team is the maker's side alone (team_sides): its seats' tricks by a loop,
        made = 0  # ~1.2k instructions against ~4.4k for the C iterators below (callgrind, plain Python;
        for seat in rules.side_seats[rules.side_of[maker]]:  # compiled: its seats only, not every seat's side)
            made += tricks[seat]
        return made if makers else sum(tricks) - made
    on_team = st.on_team  # (only a called partner needs the teams)
    if on_team is None:  # (_on_team, inlined: scoring reads this every hand)
        on_team = team_sides(rules, st)
    if COMPILED:  # a native loop
        made = 0
        for seat, side in enumerate(rules.side_of):
            if on_team[side]:
                made += tricks[seat]
    else:  # the tricks of the seats on the maker's team, summed in C
        made = sum(compress(tricks, map(on_team.__getitem__, rules.side_of)))
    return made if makers else sum(tricks) - made


def _maker_alone(rules: Rules, st: State) -> bool:
    """`alone`. A function, not a lambda: compiled scoring calls it natively (score_value)."""
    return st.maker >= 0 and st.maker in st.alone


# Final: compiled code reads them as native constants (score_value's identity tests)
_MAKERS_TRICKS: Final = _team_tricks
_MAKER_ALONE: Final = _maker_alone


def score_value(rules: Rules, st: State, get: Any) -> Any:
    """A getter's value for the compiled scoring's memo key (Rules.score_played): the two names a
    euchre-family scoring reads every hand, `makers.tricks` and `alone`, called as the native
    functions they are; compiled code calls any other getter (or these, through the object) with its
    arguments parsed at each call, ~330 instructions against ~40 natively. Plain Python calls the
    getter itself (this is one call more there)."""
    if get is _MAKERS_TRICKS:
        return _team_tricks(rules, st)
    if get is _MAKER_ALONE:
        return _maker_alone(rules, st)
    return get(rules, st)


def _lone_defender(rules: Rules, st: State) -> int:
    if st.maker < 0:
        return -1
    on_team = _on_team(rules, st)
    return next((s for s in st.alone if not on_team[rules.side_of[s]]), -1)


def _team_score(rules: Rules, st: State, makers: bool) -> int:
    """The maker's team's score before the hand, or the highest among the other sides (as counters)."""
    on_team = _on_team(rules, st)
    return max((v for i, v in enumerate(st.scores_before) if on_team[i] == makers), default=0)


def _team_dealt(rules: Rules, st: State, makers: bool) -> bool:
    """Does the dealer sit on the maker's team (or, for `defenders`, not)? With no maker, all defend."""
    return _on_team(rules, st)[rules.side_of[st.dealer]] == makers


def _asked_score(rules: Rules, st: State, seat: int) -> int:
    """The score before the hand of the side of the player asked (`asked.score`)."""
    return st.scores_before[rules.side_of[seat]]


def _asked_dealt(rules: Rules, st: State, seat: int) -> bool:
    """Does the dealer sit on the side of the player asked (`asked.dealt`)?"""
    return rules.side_of[seat] == rules.side_of[st.dealer]


def leading_run(flags: Iterable[bool], value: bool) -> int:
    """How many of `flags`, from the start, equal `value`."""
    count = 0
    for flag in flags:
        if flag != value:
            break
        count += 1
    return count


def _run(rules: Rules, st: State, makers: bool, from_end: bool) -> int:
    """Tricks the team won in a row from the first trick (or up to the last)."""
    on_team = _on_team(rules, st)
    side_of = rules.side_of
    winners = reversed(st.trick_winners) if from_end else st.trick_winners
    return leading_run((on_team[side_of[w]] for w in winners), makers)


def _bid_word(rules: Rules, st: State) -> str:
    """The winning bid as spoken after `bid` ("7H", "misere", "4"); "" without one."""
    return rules.codec.to_str(st.bid_action)[4:] if st.bid_action >= 0 else ""


Getter = Callable[["Rules", "State"], Any]
SideGetter = Callable[["Rules", "State", int, bool, int, "dict[str, list[int]]"], Any]
SeatGetter = Callable[["Rules", "State", int], Any]  # a name of the player asked (rules, state, his seat)

HAND_SCOPE, SIDE_SCOPE, UPCARD_SCOPE = "hand", "side", "upcard"
# Conditions asked of one player (a step's `may_if`, an answer's `choice_if`): the hand names and `seat`.
SEAT_SCOPE = "seat"
# A condition on one answer of a decision (`choice_if`): the seat names and the candidate `choice.*`.
CHOICE_SCOPE = "choice"


@dataclass(frozen=True)
class Name:
    """One name expressions can read: the one row that says everything about it.

    `type` drives the compiler's checks; `scopes` where it may be read (hand
    expressions, side expressions of the scoring and match end, upcard
    conditions); the getter computes it on a `State`; the phrases say it in
    explain (`noun` for a number or text, `true`/`false` for a flag, `count` as
    (subject, verb, negated verb, unit) for a count said with a verb, `seat` for
    a seat number); `verify` says how verify's outcome space covers it:
    "outcome" (enumerated from the bidding and the tricks), "seat" (enumerated
    over the seats), "run" (over the orders of the tricks), or "type" (tried
    over the values of its type near the constants the spec writes).
    `nobody`: a seat name that is -1 in hands where nobody holds that role
    (no maker, no lone defender): a lead row reading it does not apply there.
    `seat_getter` computes a name of the player asked about (`asked.*`) from his seat.
    """

    type: str
    scopes: frozenset[str]
    getter: Getter | None = None
    side_getter: SideGetter | None = None
    seat_getter: SeatGetter | None = None
    noun: str = ""
    true: str = ""
    false: str = ""
    count: tuple[str, str, str, str] | None = None
    seat: bool = False
    verify: str = "outcome"
    nobody: bool = False
    # A side name whose getter reads only its arguments (the side, is_maker, score, counters),
    # never the state: scoring remembers its outcomes keyed by those (Rules.score_hand).
    from_args: bool = False


def _side_tricks(r: Rules, st: State, side: int, mk: bool, score: int, cs: dict[str, list[int]]) -> int:
    return sum(st.tricks[s] for s in r.side_seats[side])


def _side_out(r: Rules, st: State, side: int, mk: bool, score: int, cs: dict[str, list[int]]) -> bool:
    return all(st.out[s] for s in r.side_seats[side])


def _side_alone(r: Rules, st: State, side: int, mk: bool, score: int, cs: dict[str, list[int]]) -> bool:
    return any(s in st.alone for s in r.side_seats[side])


_HAND = frozenset({HAND_SCOPE, SIDE_SCOPE})
_ALL = frozenset({HAND_SCOPE, SIDE_SCOPE, UPCARD_SCOPE})
_SIDE = frozenset({SIDE_SCOPE})
_UPCARD = frozenset({UPCARD_SCOPE})
_SEAT = frozenset({SEAT_SCOPE})
_CHOICE = frozenset({CHOICE_SCOPE})


# Adding a name is one row here.
def _run_getter(makers: bool, from_end: bool) -> Getter:
    """The getter of one `<team>.<first|last>_tricks` name."""
    return lambda r, st: _run(r, st, makers, from_end)


def _team_getter(get: Callable[[Rules, State, bool], Any], makers: bool) -> Getter:
    """The getter of one `<team>.<name>` row built from a function of the team."""
    return lambda r, st: get(r, st, makers)


_RUN_WORDS = {"first": "from the first", "last": "up to the last"}

NAMES: dict[str, Name] = {
    "players": Name(
        "int", _ALL, lambda r, st: r.players, noun="the number of players", count=("there", "are", "are not", "player")
    ),
    "hand_tricks": Name("int", _HAND, lambda r, st: r.hand_tricks, noun="the number of tricks in a hand"),
    "dealer": Name("int", _ALL, lambda r, st: st.dealer, noun="the dealer", seat=True, verify="seat"),
    "maker": Name("int", _HAND, lambda r, st: st.maker, noun="the maker", seat=True, verify="seat", nobody=True),
    "has_maker": Name(
        "bool", _HAND, lambda r, st: st.maker >= 0, true="somebody is the maker", false="nobody is the maker"
    ),
    "contract": Name("int", _HAND, lambda r, st: st.bid, noun="the bid"),
    # the winning bid's worth in its auction's value table (a numeric bid: its number), and its word
    "contract_value": Name("int", _HAND, lambda r, st: st.high_bid if st.maker >= 0 else 0, noun="the bid's value"),
    "bid": Name("str", _HAND, _bid_word, noun="the winning bid"),
    "no_trump": Name(
        "bool",
        _HAND,
        lambda r, st: st.contract >= 0 and r.contracts[st.contract].trump < 0,
        true="the hand is played without trump",
        false="the hand has a trump suit",
    ),
    "alone": Name(
        "bool",
        _HAND,
        _maker_alone,
        true="the maker is alone",
        false="the maker is not alone",
    ),
    "defender_alone": Name(
        "bool",
        _HAND,
        lambda r, st: _lone_defender(r, st) >= 0,
        true="a defender is alone",
        false="no defender is alone",
    ),
    "lone_defender": Name(
        "int", _HAND, _lone_defender, noun="the lone defender", seat=True, verify="seat", nobody=True
    ),
    "partner": Name(
        "int", _HAND, lambda r, st: st.partner, noun="the called partner", seat=True, verify="seat", nobody=True
    ),
    "makers.tricks": Name(
        "int",
        _HAND,
        _team_tricks,  # (makers=True: itself the getter, no lambda around it; scoring reads it every hand)
        noun="the makers' tricks",
        count=("the makers", "take", "do not take", "trick"),
    ),
    "defenders.tricks": Name(
        "int",
        _HAND,
        lambda r, st: _team_tricks(r, st, False),
        noun="the defenders' tricks",
        count=("the defenders", "take", "do not take", "trick"),
    ),
    "deals": Name(
        "int",
        _HAND,
        lambda r, st: st.deal_number,
        noun="the number of deals so far",
        count=("the match", "has had", "has not had", "deal"),
    ),
    "fixed_by": Name("str", _HAND, lambda r, st: st.fixed_by, noun="the step that fixed trump"),
    # tricks in a row from the first trick or up to the last, for either team
    **{
        f"{team}.{end}_tricks": Name(
            "int",
            _HAND,
            _run_getter(team == "makers", end == "last"),
            noun=f"the number of tricks the {team} took in a row {_RUN_WORDS[end]}",
            verify="run",
        )
        for end in ("first", "last")
        for team in ("makers", "defenders")
    },
    # each team's standing before the hand, and which team holds the deal
    **{
        f"{team}.score": Name(
            "int",
            _HAND,
            _team_getter(_team_score, team == "makers"),
            noun=f"the {team}' score before the hand" + ("" if team == "makers" else " (the highest)"),
            count=(f"before the hand, the {team}", "have", "do not have", "point"),
            verify="type",
        )
        for team in ("makers", "defenders")
    },
    **{
        f"{team}.dealt": Name(
            "bool",
            _HAND,
            _team_getter(_team_dealt, team == "makers"),
            true=f"the {team} hold the deal",
            false=f"the {team} do not hold the deal",
            verify="type",
        )
        for team in ("makers", "defenders")
    },
    "side.tricks": Name(
        "int",
        _SIDE,
        side_getter=_side_tricks,
        noun="{p} tricks",
        count=("{s}", "takes", "does not take", "trick"),
    ),
    "side.score": Name(
        "int",
        _SIDE,
        side_getter=lambda r, st, side, mk, score, cs: score,
        from_args=True,
        noun="{p} score",
        count=("{s}", "has", "does not have", "point"),
    ),
    "side.dealt": Name(
        "bool",
        _SIDE,
        side_getter=lambda r, st, side, mk, score, cs: r.side_of[st.dealer] == side,
        true="{s} holds the deal",
        false="{s} does not hold the deal",
        verify="type",
    ),
    "side.is_maker": Name(
        "bool",
        _SIDE,
        side_getter=lambda r, st, side, mk, score, cs: mk,
        from_args=True,
        true="{s} is on the maker's team",
        false="{s} is not on the maker's team",
    ),
    "side.out": Name(
        "bool",
        _SIDE,
        side_getter=_side_out,
        true="{s} sat out or folded",
        false="{s} did not sit out or fold",
    ),
    "side.alone": Name(
        "bool",
        _SIDE,
        side_getter=_side_alone,
        true="{s} went alone",
        false="{s} did not go alone",
    ),
    # the player a seat condition is asked about; preset by `HandEnv(seat=...)`, so no getter
    "seat": Name("int", _SEAT, noun="the player", seat=True, verify="seat"),
    # the side of the player asked: while bidding nobody is a maker yet, so `makers.*` cannot say it
    "asked.score": Name(
        "int",
        _SEAT,
        seat_getter=_asked_score,
        noun="the score of the player's side before the hand",
        count=("before the hand, the player's side", "has", "does not have", "point"),
        verify="type",
    ),
    "asked.dealt": Name(
        "bool",
        _SEAT,
        seat_getter=_asked_dealt,
        true="the player's side holds the deal",
        false="the player's side does not hold the deal",
        verify="type",
    ),
    # A game (top-level `games`) ends after the scoring: only the game end's `carry` and the
    # match end see it true; the scoring rows are read before any game ends.
    "side.won_game": Name(
        "bool",
        _SIDE,
        side_getter=lambda r, st, side, mk, score, cs: False,
        from_args=True,
        true="{s} won the game",
        false="{s} did not win the game",
    ),
    # the candidate an answer would make trump (a condition on an answer); preset by `Rules.choice_env`
    "choice.suit": Name("str", _CHOICE, noun="the suit chosen", verify="type"),
    "choice.colour": Name("str", _CHOICE, noun="the colour of the suit chosen", verify="type"),
    "choice.no_trump": Name(
        "bool",
        _CHOICE,
        true="the choice is a no-trump contract",
        false="the choice is a trump suit",
        verify="type",
    ),
    "upcard.suit": Name("str", _UPCARD, noun="the upcard's suit"),
    "upcard.rank": Name("str", _UPCARD, noun="the upcard's rank"),
    "upcard.is_joker": Name("bool", _UPCARD, true="the upcard is the joker", false="the upcard is not the joker"),
}


# Views of the table, by where a name may be read.
HAND: dict[str, tuple[str, Getter]] = {
    n: (row.type, row.getter) for n, row in NAMES.items() if HAND_SCOPE in row.scopes and row.getter is not None
}
HAND_TYPES = {name: kind for name, (kind, _) in HAND.items()}
SIDE_TYPES = {n: row.type for n, row in NAMES.items() if row.scopes == _SIDE}
UPCARD_TYPES = {n: row.type for n, row in NAMES.items() if UPCARD_SCOPE in row.scopes}
SEAT_TYPES = {**HAND_TYPES, **{n: row.type for n, row in NAMES.items() if row.scopes == _SEAT}}
CHOICE_TYPES = {**SEAT_TYPES, **{n: row.type for n, row in NAMES.items() if row.scopes == _CHOICE}}
# Names whose value is a seat: what a card function takes as its first argument.
SEAT_VALUED = frozenset(n for n, row in NAMES.items() if row.seat)
SEAT_GETTERS = {n: row.seat_getter for n, row in NAMES.items() if row.seat_getter is not None}
NOBODY_SEATS = frozenset(n for n, row in NAMES.items() if row.nobody)  # -1 in some hands: nobody holds the role


@dataclass(frozen=True)
class CardFunction:
    """One function over a player's cards (interpreter/hand_cards.py resolves and computes it).

    `view` is which cards it reads: "held" (the cards in hand now) or "dealt"
    (the cards dealt to him); `result` what it gives: "count" (how many cards
    match), "any" (whether one does) or "seat" (who holds / was dealt the one
    card named, -1 if nobody). `phrase` says it in explain ({who}: the player,
    {what}: the cards), `negated` the false clause of a true/false one. verify
    covers a count over 0..cards in a hand, a seat over the seats and -1.
    """

    type: str
    view: str
    result: str
    phrase: str
    negated: str = ""


# Adding a card function is one row here.
CARD_FUNCTIONS: dict[str, CardFunction] = {
    "held": CardFunction("int", "held", "count", "the number of {what} {who} holds"),
    "dealt": CardFunction("int", "dealt", "count", "the number of {what} {who} was dealt"),
    "holds": CardFunction("bool", "held", "any", "{who} holds {what}", "{who} does not hold {what}"),
    "holder_of": CardFunction("int", "held", "seat", "the player holding {what}"),
    "dealt_to": CardFunction("int", "dealt", "seat", "the player dealt {what}"),
}


def text_values(
    deck: Deck,
    phase_ids: Sequence[str],
    bid_words: Sequence[str] = (),
    colours: Mapping[str, str] | None = None,
) -> dict[str, tuple[str, dict[str, str]]]:
    """What each text-valued name can hold, for the compiler's check of `name == "literal"`.

    Per name: its noun, and the spellings a spec may write mapped to the value the
    name holds (as the deck reads them: "10" is T, "♣" and "c" are C; a joker
    upcard has suit and rank ""). `fixed_by` holds a bidding phase id, or "";
    `bid` a bid word of the spec's auctions, or "".
    `choice.suit` a suit or "" (a no-trump choice), `choice.colour` a colour of
    `deck.colours` or "".
    """

    def spellings(items: Sequence[str], aliases: Mapping[str, str]) -> dict[str, str]:
        out = {x: x for x in items}
        out.update({x.lower(): x for x in items if x.lower() not in out})
        out.update({a: x for a, x in aliases.items() if x in items and a not in out})
        if deck.jokers:
            out[""] = ""
        return out

    ids = {pid: pid for pid in phase_ids}
    ids[""] = ""
    suits = spellings(deck.suits, SUIT_ALIASES)
    suits[""] = ""  # a no-trump choice has no suit
    colour_words = {c.lower(): c.lower() for c in (colours or {}).values()}
    colour_words[""] = ""
    return {
        "upcard.suit": ("suit", spellings(deck.suits, SUIT_ALIASES)),
        "upcard.rank": ("rank", spellings(deck.ranks, RANK_ALIASES)),
        "fixed_by": ("bidding phase id", ids),
        "bid": ("bid", {**{w: w for w in bid_words}, **{w.lower(): w for w in bid_words}, "": ""}),
        "choice.suit": ("suit", suits),
        "choice.colour": ("colour", colour_words),
    }


def counter_value(rules: Rules, st: State, name: str, makers: bool) -> int:
    """A counter of the maker's team, or the highest among the other sides."""
    on_team = _on_team(rules, st)
    values = st.counters_before[name]
    return max((v for i, v in enumerate(values) if on_team[i] == makers), default=0)


class HandEnv(dict):
    """Hand-level names of one state, computed on first use. Options are preset.

    Asked about one player (`seat` >= 0), `seat` is preset and the card
    functions read that player's cards; `contract` (a contract index, -1: the
    hand's own) is the trump a card function's "trump" means, so a condition on
    a candidate suit can count the trumps it would make.
    """

    __slots__ = ("rules", "st", "seat", "contract")

    def __init__(self, rules: Rules, st: State, seat: int = -1, contract: int = -1) -> None:
        super().__init__(rules.option_env)
        self.rules = rules
        self.st = st
        self.seat = seat
        self.contract = contract if contract >= 0 else st.contract
        if seat >= 0:
            self["seat"] = seat

    def __missing__(self, key: str) -> Any:
        if key[-1] == ")":  # a card function, resolved when the spec was compiled
            value = self.rules.card_getters[key](self.rules, self.st, self.seat, self.contract)
        elif key in SEAT_GETTERS:  # `asked.*`: the compiler allows them only where a player is asked
            value = SEAT_GETTERS[key](self.rules, self.st, self.seat)
        else:
            value = hand_getter(key)(self.rules, self.st)
        self[key] = value
        return value


class SideEnv(dict):
    """`side.*` names for one side, over a hand env (whose computed names it copies)."""

    __slots__ = ("hand", "side", "is_maker", "score", "counters")

    def __init__(self, hand: HandEnv, side: int, is_maker: bool, score: int, counters: dict[str, list[int]]) -> None:
        super().__init__(hand)
        self.hand = hand
        self.side = side
        self.is_maker = is_maker
        self.score = score
        self.counters = counters

    def __missing__(self, key: str) -> Any:
        if key.startswith("side."):
            hand = self.hand
            value = side_getter(key)(hand.rules, hand.st, self.side, self.is_maker, self.score, self.counters)
        else:
            value = self.hand[key]
        self[key] = value
        return value


def hand_getter(name: str) -> Getter:
    """How to compute a hand-level name (a built-in, a card function, or a team's counter)."""
    entry = HAND.get(name)
    if entry is not None:
        return entry[1]
    if name[-1] == ")":  # a card function naming its seat (held(maker, "A")): no player is acting
        return lambda r, st: r.card_getters[name](r, st, -1, st.contract)
    team, counter = name.split(".", 1)
    makers = team == "makers"
    return lambda r, st: counter_value(r, st, counter, makers)


def side_reads_state(name: str) -> bool:
    """Does this `side.*` name's getter read the state (not only its arguments)? A counter does not."""
    row = NAMES.get(name)
    return row is not None and not row.from_args


def side_getter(name: str) -> SideGetter:
    """How to compute a `side.*` name: (rules, state, side, is_maker, score, counters)."""
    row = NAMES.get(name)
    if row is not None and row.side_getter is not None:
        return row.side_getter
    counter = name[5:]
    return lambda r, st, side, mk, score, cs: cs[counter][side]
