"""The names spec expressions read, their types, and how each is computed.

An expression is compiled once into a closure that looks names up in a dict.
The dicts here compute a name only when an expression first asks for it
(`__missing__`), so a hand pays for the few names its spec reads, not all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .cards import RANK_ALIASES, SUIT_ALIASES

if TYPE_CHECKING:
    from .cards import Deck
    from .engine import State
    from .rules import Rules


def team_sides(rules: Rules, st: State) -> list[bool]:
    """Per side: has it a seat on the maker's team (his side, his called partner)?"""
    flags = [False] * rules.n_sides
    if st.maker >= 0:
        flags[rules.side_of[st.maker]] = True
        if st.partner >= 0:
            flags[rules.side_of[st.partner]] = True
    return flags


def _on_team(rules: Rules, st: State) -> list[bool]:
    return st.on_team if st.on_team is not None else team_sides(rules, st)


def _team_tricks(rules: Rules, st: State, makers: bool) -> int:
    if st.maker < 0:
        return 0 if makers else sum(st.tricks)
    on_team = _on_team(rules, st)
    side_of = rules.side_of
    total = 0
    for seat, t in enumerate(st.tricks):
        if on_team[side_of[seat]] == makers:
            total += t
    return total


def _lone_defender(rules: Rules, st: State) -> int:
    if st.maker < 0:
        return -1
    on_team = _on_team(rules, st)
    return next((s for s in st.alone if not on_team[rules.side_of[s]]), -1)


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


Getter = Callable[["Rules", "State"], Any]

# name: (type, getter). The types drive the compiler's checks.
HAND: dict[str, tuple[str, Getter]] = {
    "players": ("int", lambda r, st: r.players),
    "hand_tricks": ("int", lambda r, st: r.hand_tricks),
    "dealer": ("int", lambda r, st: st.dealer),
    "maker": ("int", lambda r, st: st.maker),
    "has_maker": ("bool", lambda r, st: st.maker >= 0),
    "contract": ("int", lambda r, st: st.bid),
    "no_trump": ("bool", lambda r, st: st.contract >= 0 and r.contracts[st.contract].trump < 0),
    "alone": ("bool", lambda r, st: st.maker >= 0 and st.maker in st.alone),
    "defender_alone": ("bool", lambda r, st: _lone_defender(r, st) >= 0),
    "lone_defender": ("int", _lone_defender),
    "partner": ("int", lambda r, st: st.partner),
    "makers.tricks": ("int", lambda r, st: _team_tricks(r, st, True)),
    "defenders.tricks": ("int", lambda r, st: _team_tricks(r, st, False)),
    "deals": ("int", lambda r, st: st.deal_number),
    "fixed_by": ("str", lambda r, st: st.fixed_by),
    "makers.first_tricks": ("int", lambda r, st: _run(r, st, True, False)),
    "defenders.first_tricks": ("int", lambda r, st: _run(r, st, False, False)),
    "makers.last_tricks": ("int", lambda r, st: _run(r, st, True, True)),
    "defenders.last_tricks": ("int", lambda r, st: _run(r, st, False, True)),
}

SIDE = ("side.tricks", "side.score", "side.is_maker", "side.out", "side.alone")
SIDE_TYPES = {
    "side.tricks": "int",
    "side.score": "int",
    "side.is_maker": "bool",
    "side.out": "bool",
    "side.alone": "bool",
}

UPCARD_TYPES = {
    "players": "int",
    "dealer": "int",
    "upcard.suit": "str",
    "upcard.rank": "str",
    "upcard.is_joker": "bool",
}

HAND_TYPES = {name: kind for name, (kind, _) in HAND.items()}


def text_values(deck: Deck, phase_ids: Sequence[str]) -> dict[str, tuple[str, dict[str, str]]]:
    """What each text-valued name can hold, for the compiler's check of `name == "literal"`.

    Per name: its noun, and the spellings a spec may write mapped to the value the
    name holds (as the deck reads them: "10" is T, "♣" and "c" are C; a joker
    upcard has suit and rank ""). `fixed_by` holds a bidding phase id, or "".
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
    return {
        "upcard.suit": ("suit", spellings(deck.suits, SUIT_ALIASES)),
        "upcard.rank": ("rank", spellings(deck.ranks, RANK_ALIASES)),
        "fixed_by": ("bidding phase id", ids),
    }


def counter_value(rules: Rules, st: State, name: str, makers: bool) -> int:
    """A counter of the maker's team, or the highest among the other sides."""
    on_team = _on_team(rules, st)
    values = st.counters_before[name]
    return max((v for i, v in enumerate(values) if on_team[i] == makers), default=0)


class HandEnv(dict):
    """Hand-level names of one state, computed on first use. Options are preset."""

    __slots__ = ("rules", "st")

    def __init__(self, rules: Rules, st: State) -> None:
        super().__init__(rules.option_env)
        self.rules = rules
        self.st = st

    def __missing__(self, key: str) -> Any:
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
    """How to compute a hand-level name (a built-in, or a team's counter)."""
    entry = HAND.get(name)
    if entry is not None:
        return entry[1]
    team, counter = name.split(".", 1)
    makers = team == "makers"
    return lambda r, st: counter_value(r, st, counter, makers)


SideGetter = Callable[["Rules", "State", int, bool, int, "dict[str, list[int]]"], Any]


def side_getter(name: str) -> SideGetter:
    """How to compute a `side.*` name: (rules, state, side, is_maker, score, counters)."""
    if name == "side.tricks":
        return lambda r, st, side, mk, score, cs: sum(st.tricks[s] for s in r.side_seats[side])
    if name == "side.score":
        return lambda r, st, side, mk, score, cs: score
    if name == "side.is_maker":
        return lambda r, st, side, mk, score, cs: mk
    if name == "side.out":
        return lambda r, st, side, mk, score, cs: all(st.out[s] for s in r.side_seats[side])
    if name == "side.alone":
        return lambda r, st, side, mk, score, cs: any(s in st.alone for s in r.side_seats[side])
    counter = name[5:]
    return lambda r, st, side, mk, score, cs: cs[counter][side]
