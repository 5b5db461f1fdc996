"""`trickspec explain` and `trickspec diff`: a variant's rules in plain English.

Everything here is generated from the merged spec data (`load_document`), never
from a variant's name: a house rule or a new file is explained like a bundled
one. Three layers:

- `Words` says an expression in words. It parses with the project's own parser
  (`interpreter.dsl.compiler`) and maps names and shapes to phrases
  (`makers.tricks >= 3` → "the makers take 3 tricks or more"); what it cannot
  phrase it shows as the expression text in backticks.
- `describe` turns a spec into `Section`s of `Item`s. An item is one phase, row,
  option or topic, made of *parts* (one per setting), so `diff` can compare two
  variants setting by setting.
- `explain_text` prints the sections; `diff_text` pairs the items of two specs
  (phases and rows by `id`, else by kind and position) and prints what differs.

Phase kinds, settings and top-level keys this module does not know are still
explained, by a generic sentence listing their settings.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Tree

from .cards import DEFAULT_COLOURS, DEFAULT_SUIT_NAMES
from .dsl.compiler import ExprError, _parse
from .names import HAND_TYPES, SIDE_TYPES, UPCARD_TYPES
from .variants import load_document, load_rules

Node = Tree | Token
WIDTH = 78

# ----------------------------------------------------------------- small words
RANK_WORDS = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
}


def rank_text(rank: Any) -> str:
    """How a rank is printed on a card: T and 10 are '10'."""
    text = str(rank).strip().upper()
    return "10" if text in ("T", "10") else text


def rank_key(rank: Any) -> str:
    text = str(rank).strip().upper()
    return "T" if text == "10" else text


def rank_word(rank: Any) -> str:
    return RANK_WORDS.get(rank_key(rank), rank_text(rank))


def with_article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" or word[:1] == "8" else "a ") + word


def suit_name(letter: Any) -> str:
    return DEFAULT_SUIT_NAMES.get(str(letter).upper(), str(letter))


def suit_singular(letter: Any) -> str:
    name = suit_name(letter)
    return name[:-1] if name in DEFAULT_SUIT_NAMES.values() else name


def words(key: Any) -> str:
    """A setting or option name as words: may_go_alone → 'may go alone'."""
    return str(key).replace("_", " ")


def join_or(items: Sequence[str], word: str = "or") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def join_and(items: Sequence[str]) -> str:
    return join_or(items, "and")


def plural(n: int, unit: str) -> str:
    return f"{n} {unit}" if abs(n) == 1 else f"{n} {unit}s"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def uncap(text: str) -> str:
    """Lower the first letter, unless the first word is an abbreviation ('J of trump')."""
    return text if text[1:2].isupper() else text[:1].lower() + text[1:]


# ------------------------------------------------------------- expressions
NEGATED_OP = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
MIRRORED_OP = {"==": "==", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}
RELATION = {
    "==": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "//": "divided by (rounded down)", "%": "modulo"}

# Seats: names whose value is a seat number, as a noun.
SEATS = {
    "dealer": "the dealer",
    "maker": "the maker",
    "lone_defender": "the lone defender",
    "partner": "the called partner",
}
# True/false names: (when true, when false); {s} is the side being talked about.
BOOLS = {
    "alone": ("the maker is alone", "the maker is not alone"),
    "defender_alone": ("a defender is alone", "no defender is alone"),
    "has_maker": ("somebody is the maker", "nobody is the maker"),
    "no_trump": ("the hand is played without trump", "the hand has a trump suit"),
    "upcard.is_joker": ("the upcard is the joker", "the upcard is not the joker"),
    "side.is_maker": ("{s} is on the maker's team", "{s} is not on the maker's team"),
    "side.out": ("{s} sat out or folded", "{s} did not sit out or fold"),
    "side.alone": ("{s} went alone", "{s} did not go alone"),
}
# Numbers and text, as nouns; {p} is the possessive of the side talked about.
NOUNS = {
    **SEATS,
    "players": "the number of players",
    "hand_tricks": "the number of tricks in a hand",
    "contract": "the bid",
    "makers.tricks": "the makers' tricks",
    "defenders.tricks": "the defenders' tricks",
    "side.tricks": "{p} tricks",
    "side.score": "{p} score",
    "upcard.suit": "the upcard's suit",
    "upcard.rank": "the upcard's rank",
    "deals": "the number of deals so far",
    "fixed_by": "the step that fixed trump",
    "makers.first_tricks": "the number of tricks the makers took in a row from the first",
    "defenders.first_tricks": "the number of tricks the defenders took in a row from the first",
    "makers.last_tricks": "the number of tricks the makers took in a row up to the last",
    "defenders.last_tricks": "the number of tricks the defenders took in a row up to the last",
}
# Counts said with a verb: (subject, verb, negated verb, unit).
COUNTS = {
    "makers.tricks": ("the makers", "take", "do not take", "trick"),
    "defenders.tricks": ("the defenders", "take", "do not take", "trick"),
    "side.tricks": ("{s}", "takes", "does not take", "trick"),
    "side.score": ("{s}", "has", "does not have", "point"),
    "players": ("there", "are", "are not", "player"),
    "deals": ("the match", "has had", "has not had", "deal"),
}
TEAMS = {"makers": "the makers", "defenders": "the defenders"}


# Rendering a tree this module does not expect falls back to the text, never fails.
_FALLBACK = (ExprError, LookupError, TypeError, ValueError)


@dataclass
class Words:
    """Says the expressions of one variant in words.

    `side` is how a side is called ('side' for partnerships, 'player' when every
    seat is its own side); `options` the chosen option values; `players` the
    number of players (when known); `phase_labels` maps bidding phase ids to
    their labels (for `fixed_by`).
    """

    side: str = "side"
    options: dict[str, int] = field(default_factory=dict)
    players: int | None = None
    partnerships: bool = True
    counters: tuple[str, ...] = ()
    phase_labels: dict[str, str] = field(default_factory=dict)
    _src: str = ""
    _subject: str = ""
    _mentioned: bool = False

    # -- entry points
    def clause(self, source: Any, subject: str | None = None) -> str:
        """A true/false expression as a clause: 'the makers take 5 tricks'."""
        if isinstance(source, bool):
            return "always" if source else "never"
        return self._top(source, subject, self._clause)

    def noun(self, source: Any, subject: str | None = None) -> str:
        """A number or text expression as a noun phrase: 'the player to the dealer's left'."""
        return self._top(source, subject, self._noun)

    def say(self, source: Any, subject: str | None = None) -> str:
        """Either, by the expression's type."""
        if isinstance(source, bool):
            return "yes" if source else "no"
        if isinstance(source, int):
            return str(source)
        try:
            tree = _parse(str(source))
        except ExprError:
            return str(source)
        if self._type(tree) == "bool":
            return self.clause(source, subject)
        return self.noun(source, subject)

    def mentions_side(self, source: Any) -> bool:
        if not isinstance(source, str):
            return False
        try:
            tree = _parse(source)
        except ExprError:
            return "side." in source
        tokens = [tree] if isinstance(tree, Token) else list(tree.scan_values(lambda t: isinstance(t, Token)))
        return any(t.type == "NAME" and str(t).startswith("side.") for t in tokens)

    def award(
        self,
        source: Any,
        subject: str,
        plural_subject: bool,
        team: str | None = None,
        verbs: tuple[str, str] = ("score", "lose"),
        suffix: tuple[str, str] = ("", ""),
    ) -> str:
        """'the makers score 4', 'each player scores nothing if …, otherwise loses 1 per trick taken'."""
        text = str(source)
        self._src, self._subject, self._mentioned = text, "the " + self.side, True
        try:
            tree = _parse(text)
            branches: list[tuple[Node, Node | None]] = []
            while isinstance(tree, Tree) and str(tree.data) == "ifelse":
                branches.append((tree.children[0], tree.children[2]))
                tree = tree.children[4]
            branches.append((tree, None))
            phrases = []
            for value, cond in branches:
                phrase = self._gain(value, plural_subject, team, verbs, suffix)
                if cond is not None:
                    phrase += f" if {self._clause(cond)}"
                phrases.append(phrase)
            return f"{subject} " + ", otherwise ".join(phrases)
        except _FALLBACK:
            verb = verbs[0] if plural_subject else verbs[0] + "s"
            return f"{subject} {verb} `{text}`{suffix[0]}"

    # -- internals
    def _top(self, source: Any, subject: str | None, how: Callable[[Node], str]) -> str:
        text = str(source).lower() if isinstance(source, bool) else str(source)
        self._src, self._mentioned = text, False
        self._subject = subject or f"a {self.side}"
        try:
            return how(_parse(text))
        except _FALLBACK:
            return f"`{text}`"

    def _text_of(self, node: Node) -> str:
        if isinstance(node, Token):
            return str(node)
        meta = node.meta
        return self._src[meta.start_pos : meta.end_pos]

    def _raw(self, node: Node, negate: bool = False) -> str:
        """What cannot be phrased: its own text, in backticks."""
        return f"not `{self._text_of(node)}`" if negate else f"`{self._text_of(node)}`"

    def _s(self) -> str:
        """The side talked about: 'a side' at first, then 'the side'."""
        if self._mentioned:
            return "the " + self.side if self._subject.startswith("a ") else self._subject
        self._mentioned = True
        return self._subject

    def _type(self, node: Node) -> str | None:
        if isinstance(node, Token):
            kind = node.type
            if kind == "INT":
                return "int"
            if kind in ("TRUE", "FALSE"):
                return "bool"
            if kind == "STRING":
                return "str"
            name = str(node)
            if name in self.options:
                return "int"
            known = {**HAND_TYPES, **SIDE_TYPES, **UPCARD_TYPES}.get(name)
            if known is None and name.split(".")[0] in ("side", "makers", "defenders"):
                return "int"
            return known
        data = str(node.data)
        if data in ("comparison", "boolop", "notop"):
            return "bool"
        if data in ("binop", "neg", "call"):
            return "int"
        if data == "ifelse":
            return self._type(node.children[0]) or self._type(node.children[4])
        return None

    @staticmethod
    def _name(node: Node) -> str | None:
        return str(node) if isinstance(node, Token) and node.type == "NAME" else None

    @staticmethod
    def _int(node: Node) -> int | None:
        if isinstance(node, Token) and node.type == "INT":
            return int(node)
        if isinstance(node, Tree) and str(node.data) == "neg":
            inner = node.children[1]
            if isinstance(inner, Token) and inner.type == "INT":
                return -int(inner)
        return None

    # clauses
    def _clause(self, node: Node, negate: bool = False) -> str:
        if isinstance(node, Token):
            if node.type in ("TRUE", "FALSE"):
                return "always" if (node.type == "TRUE") != negate else "never"
            name = str(node)
            if name in BOOLS:
                text = BOOLS[name][1 if negate else 0]
                return text.format(s=self._s()) if "{s}" in text else text
            return self._raw(node, negate)
        data = str(node.data)
        if data == "notop":
            return self._clause(node.children[1], not negate)
        if data == "boolop":
            return self._boolop(node, negate)
        if data == "comparison":
            return self._comparison(node, negate)
        if data == "ifelse" and self._type(node) == "bool":
            then, _, cond, _, other = node.children
            c = self._clause(cond)
            a = self._clause(then, negate)
            b = self._clause(other, negate)
            return f"(if {c}, {a}; otherwise, {b})"
        return self._raw(node, negate)

    def _boolop(self, node: Tree, negate: bool) -> str:
        op = str(node.children[1])
        items: list[Node] = []

        def flatten(n: Node) -> None:
            if isinstance(n, Tree) and str(n.data) == "boolop" and str(n.children[1]) == op:
                flatten(n.children[0])
                flatten(n.children[2])
            else:
                items.append(n)

        flatten(node)
        said_op = ("or" if op == "and" else "and") if negate else op  # De Morgan
        parts = []
        for item in items:
            text = self._clause(item, negate)
            if isinstance(item, Tree) and str(item.data) == "boolop":
                text = f"({text})"
            parts.append(text)
        if len(parts) == 2:
            return f"{parts[0]} {said_op} {parts[1]}"
        return join_or(parts, said_op)

    def _comparison(self, node: Tree, negate: bool) -> str:
        if len(node.children) != 3:
            return self._raw(node, negate)
        left, op_tok, right = node.children
        op = str(op_tok)
        if negate:
            op = NEGATED_OP[op]
        literal = ("INT", "STRING", "TRUE", "FALSE")
        right_literal = isinstance(right, Token) and right.type in literal
        if isinstance(left, Token) and left.type in literal and not right_literal:
            left, right, op = right, left, MIRRORED_OP[op]
        name = self._name(left)
        # x == true / x != false
        if isinstance(right, Token) and right.type in ("TRUE", "FALSE") and op in ("==", "!="):
            return self._clause(left, (op == "==") != (right.type == "TRUE"))
        if isinstance(right, Token) and right.type == "STRING" and op in ("==", "!="):
            value = str(right)[1:-1]
            is_ = "is" if op == "==" else "is not"
            if name == "upcard.suit":
                if value == "":
                    return f"the upcard {is_} the joker"
                return f"the upcard {is_} {with_article(suit_singular(value))}"
            if name == "upcard.rank":
                return f"the upcard {is_} {with_article(rank_word(value))}"
            if name == "fixed_by":
                label = self.phase_labels.get(value, f'the "{value}" step')
                return f"trump was fixed by {label}" if op == "==" else f"trump was not fixed by {label}"
        n = self._int(right)
        if name in self.options and name not in NOUNS and n is not None:
            return f"the {name} option {RELATION[op]} {n}"
        if name in COUNTS or self._counter(name):
            return self._count(name, op, right)
        team_run = name.rsplit(".", 1) if name else None
        if team_run and team_run[0] in TEAMS and team_run[1] in ("first_tricks", "last_tricks"):
            n = self._int(right)
            which = "first" if team_run[1] == "first_tricks" else "last"
            team = TEAMS[team_run[0]]
            if n is not None and n > 0 and op in (">=", ">"):
                n = n if op == ">=" else n + 1
                tricks = f"the {which} trick" if n == 1 else f"the {which} {n} tricks"
                return f"{team} take {tricks}"
            if n == 0 and op == "==":
                return f"{team} do not take the {which} trick"
            if n is not None and n > 0 and op == "==":
                tricks = f"the {which} trick" if n == 1 else f"the {which} {n} tricks"
                beyond = "the next one" if which == "first" else "the one before"
                return f"{team} take {tricks} but not {beyond}"
        return f"{self._noun(left)} {RELATION[op]} {self._noun(right)}"

    def _counter(self, name: str | None) -> tuple[str, str, str, str] | None:
        """A tally (top-level `counters`) as a count: 'a side has 3 tokens or more'."""
        head, _, rest = (name or "").partition(".")
        if rest not in self.counters:
            return None
        unit = rest[:-1] if rest.endswith("s") and len(rest) > 1 else rest
        if head == "side":
            return "{s}", "has", "does not have", words(unit)
        if head in TEAMS:
            return TEAMS[head], "have", "do not have", words(unit)
        return None

    def _count(self, name: str, op: str, right: Node) -> str:
        subject, verb, neg, unit = COUNTS.get(name) or self._counter(name) or COUNTS["side.score"]
        if subject == "{s}":
            subject = self._s()
        units = unit + "s"
        fewer = "fewer"
        n = self._int(right)
        note = ""
        option = self._name(right)
        if option in self.options and option not in NOUNS:
            n, note = self.options[option], f" (the {option} option)"
        if n is not None:
            if op == "==":
                if n == 0 and unit == "trick":
                    return f"{subject} {verb} no {unit}{note}"
                return f"{subject} {verb} {plural(n, unit)}{note}"
            return {
                "!=": f"{subject} {neg} exactly {plural(n, unit)}",
                ">=": f"{subject} {verb} {plural(n, unit)} or more",
                ">": f"{subject} {verb} more than {plural(n, unit)}",
                "<=": f"{subject} {verb} {plural(n, unit)} or {fewer}",
                "<": f"{subject} {verb} {fewer} than {plural(n, unit)}",
            }[op] + note
        if self._name(right) == "hand_tricks" and unit == "trick" and op in ("==", "!="):
            return f"{subject} {verb if op == '==' else neg} every trick"
        other = self._noun(right)
        return {
            "==": f"{subject} {verb} as many {units} as {other}",
            "!=": f"{subject} {neg} as many {units} as {other}",
            ">=": f"{subject} {verb} at least as many {units} as {other}",
            ">": f"{subject} {verb} more {units} than {other}",
            "<=": f"{subject} {verb} at most as many {units} as {other}",
            "<": f"{subject} {verb} {fewer} {units} than {other}",
        }[op]

    # nouns
    def _noun(self, node: Node) -> str:
        if isinstance(node, Token):
            kind = node.type
            if kind == "INT":
                return str(node)
            if kind == "STRING":
                return f'"{str(node)[1:-1]}"'
            if kind in ("TRUE", "FALSE"):
                return kind.lower()
            return self._name_noun(str(node))
        data = str(node.data)
        if data == "binop":
            left, op, right = node.children
            seat = self._seat(left, str(op), right)
            if seat is not None:
                return seat
            if str(op) == "%" and self._name(right) == "players" and isinstance(left, Tree):
                # (dealer + 2) % players: seats are taken modulo the number of players anyway
                seat = self._seat(*left.children) if str(left.data) == "binop" else None
                if seat is not None:
                    return seat
            return f"{self._operand(left)} {ARITHMETIC[str(op)]} {self._operand(right)}"
        if data == "neg":
            return f"minus {self._operand(node.children[1])}"
        if data == "call":
            name, *args = node.children
            said = [self._operand(a) for a in args]
            if str(name) == "abs" and len(said) == 1:
                return f"the absolute value of {said[0]}"
            if str(name) in ("min", "max") and said:
                if len(said) == 1:
                    return said[0]
                word = (
                    ("smaller" if len(said) == 2 else "smallest")
                    if str(name) == "min"
                    else ("larger" if len(said) == 2 else "largest")
                )
                return f"the {word} of {join_and(said)}"
            return self._raw(node)
        if data == "ifelse":
            then, _, cond, _, other = node.children
            return f"{self._noun(then)} if {self._clause(cond)}, otherwise {self._noun(other)}"
        if self._type(node) == "bool":
            return f"whether {self._clause(node)}"
        return self._raw(node)

    def _operand(self, node: Node) -> str:
        text = self._noun(node)
        wrap = ("binop", "ifelse", "call")
        if isinstance(node, Tree) and str(node.data) in wrap and not text.startswith("the player"):
            return f"({text})"
        return text

    def _name_noun(self, name: str) -> str:
        if name in self.options and name not in NOUNS:
            return f"the {name} option ({self.options[name]})"
        if name in NOUNS:
            text = NOUNS[name]
            if "{p}" in text:
                text = text.format(p=self._s() + "'s")
            return text
        head, _, rest = name.partition(".")
        if rest and "." not in rest:
            if head == "side":
                return f"{self._s()}'s {words(rest)}"
            if head in TEAMS:
                return f"{TEAMS[head]}' {words(rest)}"
        return f"`{name}`"

    def _seat(self, left: Node, op: str, right: Node) -> str | None:
        name = self._name(left)
        n = self._int(right)
        if name not in SEATS or n is None or op not in ("+", "-"):
            return None
        k = n if op == "+" else -n
        if self.players:
            k %= self.players
        who = SEATS[name]
        if k == 0:
            return who
        if k == 1:
            return f"the player to {who}'s left"
        if self.players and k == self.players - 1 or k == -1:
            return f"the player to {who}'s right"
        if self.partnerships and self.players == 4 and k == 2:
            return f"{who}'s partner"
        if k < 0:
            return f"the player {-k} seats to {who}'s right"
        return f"the player {k} seats to {who}'s left"

    def _gain(
        self, value: Node, plural_subject: bool, team: str | None, verbs: tuple[str, str], suffix: tuple[str, str]
    ) -> str:
        gain, lose = verbs if plural_subject else (verbs[0] + "s", verbs[1] + "s")
        n = self._int(value)
        if n is not None:
            if n == 0:
                return f"{gain} nothing"
            return f"{gain} {n}{suffix[0]}" if n > 0 else f"{lose} {-n}{suffix[1]}"
        sign, inner = gain, value
        if isinstance(value, Tree) and str(value.data) == "neg":
            sign, inner = lose, value.children[1]
        name = self._name(inner)
        amount = "1 per trick taken" if name in ("side.tricks", f"{team}.tricks") else self._noun(inner)
        return f"{sign} {amount}{suffix[0] if sign == gain else suffix[1]}"


# ------------------------------------------------------------------ the model
@dataclass
class Item:
    """One explained thing: a phase, a row, an option, a topic.

    `parts` are (key, words) per setting, in order; `short` gives a shorter
    form of some parts for `diff`. `ident` is an explicit `id` (None without).
    """

    label: str
    parts: list[tuple[str, str]]
    kind: str = ""
    ident: str | None = None
    text: str = ""  # the sentence as explained; default: the parts joined
    short: dict[str, str] = field(default_factory=dict)

    def sentence(self) -> str:
        return self.text or cap("; ".join(p for _, p in self.parts)) + "."


@dataclass
class Section:
    key: str
    heading: str
    items: list[Item]
    intro: str = ""
    outro: str = ""
    numbered: bool = False
    labelled: bool = False  # print "Label: sentence"


KNOWN_TOP = {
    "extends",
    "name",
    "title",
    "description",
    "notes",
    "options",
    "players",
    "sides",
    "deck",
    "ranking",
    "first_dealer",
    "deal",
    "bidding",
    "declarations",
    "lead",
    "start_score",
    "scoring",
    "match_end",
    "counters",
}


def phase_kind(item: Any) -> tuple[str, dict[str, Any]]:
    if isinstance(item, dict) and len(item) == 1:
        kind, cfg = next(iter(item.items()))
        return str(kind), cfg if isinstance(cfg, dict) else {}
    return "?", item if isinstance(item, dict) else {}


def explicit_id(item: Any) -> str | None:
    if isinstance(item, dict):
        if "id" in item:
            return str(item["id"])
        kind, cfg = phase_kind(item)
        if "id" in cfg:
            return str(cfg["id"])
    return None


class Describer:
    """Turns one merged spec into sections."""

    def __init__(self, spec: dict[str, Any], options: dict[str, int] | None = None) -> None:
        self.spec = spec
        declared = spec.get("options") or {}
        self.declared: dict[str, dict[str, Any]] = declared if isinstance(declared, dict) else {}
        self.options = {k: v.get("default") for k, v in self.declared.items() if isinstance(v, dict)}
        self.options.update(options or {})
        self.partnerships = spec.get("sides") == "partnerships"
        self.side = "side" if self.partnerships else "player"
        p = spec.get("players")
        self.players = self.options.get(p.get("option")) if isinstance(p, dict) else p
        counters = spec.get("counters") or {}
        self.words = Words(
            side=self.side,
            options=self.options,
            players=self.players if isinstance(self.players, int) else None,
            partnerships=self.partnerships,
            counters=tuple(counters) if isinstance(counters, dict) else (),
            phase_labels=self.phase_labels(),
        )
        deck = spec.get("deck") or {}
        self.suits = [str(s) for s in deck.get("suits", [])]
        self.ranks = [rank_key(r) for r in deck.get("ranks", [])]
        self.jokers = int(deck.get("jokers", 0) or 0)
        ranking = spec.get("ranking") or {}
        self.bower = rank_key(ranking["bower_rank"]) if "bower_rank" in ranking else None

    # -- helpers
    def phase_labels(self) -> dict[str, str]:
        """Bidding phase id → label ('round 1'), for `fixed_by`."""
        phases = self.spec.get("bidding") or []
        ids = [str(phase_kind(p)[1].get("id", phase_kind(p)[0])) for p in phases]
        return dict(zip(ids, self.phase_label_list(), strict=True))

    def phase_label_list(self) -> list[str]:
        """The bidding phases' labels in order: rounds are the steps each player is asked in turn."""
        labels: list[str] = []
        rounds = 0
        for item in self.spec.get("bidding") or []:
            kind, cfg = phase_kind(item)
            if kind == "order_up" or (kind == "name_trump" and cfg.get("who", "each") == "each"):
                rounds += 1
                label = f"round {rounds}"
            else:
                label = PHASE_LABELS.get(kind, words(kind))
                if kind == "name_trump":
                    label = "naming trump"
            labels.append(label)
        return labels

    def generic(self, value: Any) -> str:
        """Any setting's value in words, for what this module does not know."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, dict):
            return "; ".join(f"{words(k)}: {self.generic(v)}" for k, v in value.items())
        if isinstance(value, list):
            return join_and([self.generic(v) for v in value])
        if isinstance(value, str):
            said = self.words.say(value)
            return value if said.startswith("`") else said
        return str(value)

    def generic_parts(self, cfg: dict[str, Any], known: Sequence[str]) -> list[tuple[str, str]]:
        return [(str(k), f"{words(k)}: {self.generic(v)}") for k, v in cfg.items() if k not in known and k != "id"]

    def seat_name(self, pos: int, n: int) -> str:
        """The pos-th player from the dealer's left (0-based) among n."""
        if pos == n - 1:
            return "the dealer"
        if pos == 0:
            return "the player to the dealer's left"
        if pos == n - 2:
            return "the player to the dealer's right"
        if self.partnerships and n == 4 and pos == 1:
            return "the dealer's partner"
        return "the next player"

    # -- sections
    def sections(self) -> list[Section]:
        out = [
            Section("players", "Players", [self.players_item()]),
            Section("deck", "Cards", [self.deck_item()]),
            Section("ranking", "Card ranking", self.ranking_items()),
            Section("first_dealer", "First dealer", [self.first_dealer_item()]),
            Section("deal", "The deal", [self.deal_item()]),
            self.bidding_section(),
        ]
        decl = self.declarations_section()
        if decl.items:
            out.append(decl)
        out.append(self.lead_section())
        out.append(self.scoring_section())
        out.append(self.match_end_section())
        counters = self.counters_section()
        if counters.items:
            out.append(counters)
        options = self.options_section()
        if options.items:
            out.append(options)
        other = [k for k in self.spec if k not in KNOWN_TOP]
        if other:
            out.append(
                Section(
                    "other",
                    "Other rules",
                    [
                        Item(words(k), [(k, f"{words(k)}: {self.generic(self.spec[k])}")], kind=k, ident=k)
                        for k in other
                    ],
                )
            )
        return out

    def players_item(self) -> Item:
        p = self.spec.get("players")
        if isinstance(p, dict):
            name = p.get("option", "players")
            opt = self.declared.get(name, {})
            values = [str(v) for v in opt.get("values", [])]
            count = f"{join_or(values)} players (the {name} option, default {opt.get('default')}"
            count += f"; {self.players} here)" if self.players != opt.get("default") else ")"
        else:
            count = f"{p} players"
        if self.partnerships:
            n = self.players if isinstance(self.players, int) else 4
            even = ", ".join(str(s) for s in range(0, n, 2))
            odd = ", ".join(str(s) for s in range(1, n, 2))
            sides = (
                f" in two partnerships: seats {even.replace(', ', ' and ') if n == 4 else even} against seats "
                f"{odd.replace(', ', ' and ') if n == 4 else odd}"
            )
            if n == 4:
                sides += " (partners sit opposite each other)"
            short = "partnerships"
        else:
            sides = ", each playing for himself"
            short = "each for himself"
        text = f"{count}{sides}. Seats are numbered clockwise from 0; play goes to the left (clockwise)."
        return Item(
            "players",
            [("players", f"{count}{sides}")],
            kind="players",
            text=text,
            short={"players": f"{count}, {short}"},
        )

    def deck_item(self) -> Item:
        n = len(self.suits) * len(self.ranks) + self.jokers
        ranks = ", ".join(rank_text(r) for r in self.ranks)
        suits = ", ".join(suit_name(s) for s in self.suits)
        cards = f"{n} cards: {ranks} in {suits}"
        if self.jokers:
            cards += ", and one joker"
        span = f"{rank_text(self.ranks[0])}–{rank_text(self.ranks[-1])}" if self.ranks else ""
        short = f"{n} cards ({span}{', joker' if self.jokers else ''})"
        parts = [("cards", cards)]
        deck = self.spec.get("deck") or {}
        colours = deck.get("colours") or {s: DEFAULT_COLOURS[s] for s in self.suits if s in DEFAULT_COLOURS}
        if self.bower is not None and colours:
            by_colour: dict[str, list[str]] = {}
            for suit, colour in colours.items():
                by_colour.setdefault(str(colour), []).append(suit_name(suit))
            said = "; ".join(f"{join_and(s)} {'are' if len(s) > 1 else 'is'} {c}" for c, s in by_colour.items())
            parts.append(("colours", said))
        for k, v in deck.items():
            if k not in ("suits", "ranks", "jokers", "colours"):
                parts.append((k, f"{words(k)}: {self.generic(v)}"))
        text = cap(parts[0][1]) + "." + "".join(f" {cap(p)}." for _, p in parts[1:])
        return Item("deck", parts, kind="deck", text=text, short={"cards": short})

    def order_text(self, order: Sequence[Any]) -> str:
        said = []
        for r in order:
            token = str(r).strip().lower()
            bower = rank_text(self.bower) if self.bower else "J"
            if token == "right_bower":
                said.append(f"right bower ({bower} of trump)")
            elif token == "left_bower":
                said.append(f"left bower (the other {bower} of the same colour)")
            elif token == "joker":
                said.append("joker")
            else:
                said.append(rank_text(r))
        return ", ".join(said)

    def ranking_items(self) -> list[Item]:
        ranking = self.spec.get("ranking") or {}
        items = []
        trump = ranking.get("trump") or []
        tokens = {str(t).strip().lower() for t in trump}
        text = f"The trump suit, high to low: {self.order_text(trump)}"
        belongs = [w for w, t in (("the left bower", "left_bower"), ("the joker", "joker")) if t in tokens]
        if belongs:
            text += (
                f". {cap(join_and(belongs))} {'belong' if len(belongs) > 1 else 'belongs'} to the trump suit in "
                "every respect (they follow trump, not a printed suit)"
                if len(belongs) > 1
                else f". {cap(belongs[0])} belongs to the trump suit in every respect (it follows trump)"
            )
        items.append(
            Item("trump order", [("trump", text)], kind="trump", ident="trump", short={"trump": self.order_text(trump)})
        )
        plain = ranking.get("plain") or []
        text = f"The other suits, high to low: {self.order_text(plain)}"
        if "left_bower" in tokens and self.bower:
            text += f" (the suit of the left bower lacks its {rank_text(self.bower)})"
        items.append(
            Item("plain order", [("plain", text)], kind="plain", ident="plain", short={"plain": self.order_text(plain)})
        )
        for name, order in (ranking.get("no_trump") or {}).items():
            text = f'The "{name}" contract has no trump: every suit ranks, high to low, {self.order_text(order)}'
            if self.bower:
                text += f"; every {rank_text(self.bower)} is an ordinary card of its suit"
            items.append(
                Item(
                    f'no-trump contract "{name}"',
                    [("order", text)],
                    kind="no_trump",
                    ident=f"no_trump.{name}",
                    short={"order": self.order_text(order)},
                )
            )
        for k, v in ranking.items():
            if k not in ("bower_rank", "trump", "plain", "no_trump"):
                items.append(Item(words(k), [(k, f"{words(k)}: {self.generic(v)}")], kind=k, ident=k))
        return items

    def first_dealer_item(self) -> Item:
        fd = self.spec.get("first_dealer", "random")
        if isinstance(fd, dict) and fd.get("draw") == "lowest":
            order = ", ".join(rank_text(r) for r in fd.get("order", []))
            said = (
                f"each player draws a card and the lowest card deals first (ranks from high to low: {order}; "
                "suits do not matter; tied lowest cards draw again)"
            )
            if self.jokers:
                said = said[:-1] + "; a joker counts highest)"
            short = f"the lowest card drawn ({order})"
        elif fd == "random" or fd is None:
            said = short = "chosen at random"
            said = "the first dealer is chosen at random"
        else:
            said = short = f"first dealer: {self.generic(fd)}"
        text = cap(said) + ". After each hand the deal passes to the left."
        return Item(
            "first dealer", [("first_dealer", said)], kind="first_dealer", text=text, short={"first_dealer": short}
        )

    def deal_item(self) -> Item:
        deal = self.spec.get("deal") or {}
        packets = deal.get("packets") or []
        n = self.players if isinstance(self.players, int) else None
        parts = []
        if packets and all(isinstance(p, list) for p in packets):
            hand = sum(p[0] for p in packets)
            rounds = []
            ordinals = ["first", "second", "third", "fourth", "fifth", "sixth"]
            for i, p in enumerate(packets):
                ordinal = ordinals[i] if i < len(ordinals) else f"round {i + 1}"
                if i == 0:
                    seats = [
                        f"{c} {'card' if c == 1 else 'cards'} to {self.seat_name(j, len(p))}" for j, c in enumerate(p)
                    ]
                    rounds.append(f"{ordinal} round, from the dealer's left: {', '.join(seats)}")
                else:
                    rounds.append(f"{ordinal} round: {join_and([str(c) for c in p])} in the same order")
            said = "; ".join(rounds) + f" ({hand} cards each)"
        else:
            counts = [int(p) for p in packets if isinstance(p, int)]
            hand = sum(counts)
            if len(counts) == 1:
                said = f"{plural(counts[0], 'card')} to each player from the dealer's left"
            else:
                said = (
                    f"{plural(counts[0], 'card')} to each player from the dealer's left, then "
                    + ", then ".join(str(c) for c in counts[1:])
                    + f" ({hand} cards each)"
                )
        parts.append(("packets", said))
        upcard = bool(deal.get("upcard", False))
        parts.append(("upcard", "the next card is turned up (the upcard)" if upcard else "no card is turned up"))
        size = len(self.suits) * len(self.ranks) + self.jokers
        if n is not None:
            rest = size - n * hand - (1 if upcard else 0)
            if rest > 0:
                where = f" with {n} players" if isinstance(self.spec.get("players"), dict) else ""
                parts.append(
                    (
                        "rest",
                        f"the other {plural(rest, 'card')} are out of play{where}"
                        if rest > 1
                        else f"the last card is out of play{where}",
                    )
                )
            elif rest == 0:
                parts.append(("rest", "every card is dealt"))
        for k, v in deal.items():
            if k not in ("packets", "upcard"):
                parts.append((k, f"{words(k)}: {self.generic(v)}"))
        return Item("deal", parts, kind="deal")

    # bidding
    def bidding_section(self) -> Section:
        labels = self.phase_label_list()
        kinds = [phase_kind(p)[0] for p in self.spec.get("bidding") or []]
        outro = ""
        if self.jokers and (self.spec.get("deal") or {}).get("upcard") and "order_up" in kinds:
            outro = (
                "A turned-up joker whose suit no step named cannot be ordered: the ordering round is skipped, "
                "and any suit may be named after it."
            )
        items = []
        for i, phase in enumerate(self.spec.get("bidding") or []):
            kind, cfg = phase_kind(phase)
            label = labels[i] if i < len(labels) else words(kind)
            items.append(Item(label, self.phase_parts(kind, cfg), kind=kind, ident=explicit_id(phase)))
        return Section(
            "bidding",
            "Bidding",
            items,
            numbered=True,
            labelled=True,
            intro="The steps run in order; the bidding ends as soon as trump (or a no-trump contract) "
            "is fixed. A step whose turn never comes is skipped.",
            outro=outro,
        )

    def choices_text(self, choices: Sequence[Any]) -> str:
        said = []
        for c in choices:
            if c == "suits":
                said.append("any suit")
            elif c == "other_suits":
                said.append("any suit except the turned-down one")
            else:
                said.append(f'"{c}" (no trump)')
        return join_or(said)

    def phase_parts(self, kind: str, cfg: dict[str, Any]) -> list[tuple[str, str]]:
        w = self.words
        team = "his side" if self.partnerships else "he"
        if kind == "auto_trump":
            cond = w.clause(cfg.get("when", False))
            known = ["when"]
            parts = [
                (
                    "when",
                    f"if {cond}, the upcard's suit is trump at once: nobody is the maker, the upcard "
                    "stays out of every hand, and the rest of the bidding is skipped",
                )
            ]
        elif kind == "name_upcard_suit":
            cond = w.clause(cfg.get("when", "upcard.is_joker"))
            known = ["when"]
            parts = [
                (
                    "when",
                    f"if {cond}, the dealer first names a suit (any suit), which the following steps "
                    "treat as the upcard's suit; naming it does not make him the maker",
                )
            ]
        elif kind == "order_up":
            known = ["dealer_pickup", "may_discard_upcard"]
            included = "the upcard included" if cfg.get("may_discard_upcard", True) else "not the upcard itself"
            if cfg.get("dealer_pickup", "always") == "optional":
                pickup = (
                    f"the dealer may then take the upcard and discard one card ({included}), or decline; "
                    "trump is the upcard's suit either way (if the dealer ordered it himself, he takes it)"
                )
            else:
                pickup = f"the dealer then takes the upcard and discards one card ({included})"
            parts = [
                (
                    "turns",
                    "from the dealer's left, each player passes or orders the upcard's suit as trump; "
                    "the first to order it is the maker",
                ),
                ("pickup", pickup),
                ("all_pass", "if all pass, the upcard is turned down (its suit is the turned-down suit)"),
            ]
        elif kind == "name_trump":
            known = ["who", "choices", "all_pass"]
            choices = self.choices_text(cfg.get("choices") or ["other_suits"])
            if cfg.get("who", "each") == "maker":
                parts = [
                    ("turns", "the maker (the high bidder) must name trump; he cannot pass"),
                    ("choices", f"he may name {choices}"),
                ]
            else:
                all_pass = cfg.get("all_pass", "redeal")
                if isinstance(all_pass, dict):
                    after = (
                        f'if all pass, the hand is played in the "{all_pass.get("contract")}" contract '
                        "(no trump), with no maker"
                    )
                elif all_pass == "dealer_must_name":
                    after = "if all the others pass, the dealer must name trump (he may not pass)"
                elif all_pass == "redeal":
                    after = "if all pass, the hand is redealt by the next dealer (no score)"
                else:
                    after = f"if all pass: {self.generic(all_pass)}"
                parts = [
                    (
                        "turns",
                        "from the dealer's left, each player passes or names trump; the first to name it is the maker",
                    ),
                    ("choices", f"a player may name {choices}"),
                    ("all_pass", after),
                ]
        elif kind == "auction":
            known = ["min", "max", "dealer_may_match", "all_pass"]
            low, high = cfg.get("min"), cfg.get("max")
            parts = [
                (
                    "turns",
                    f"from the dealer's left, each player bids once: a number of tricks from {low} to "
                    f"{high} that {team} will take, higher than the high bid so far, or passes",
                )
            ]
            if cfg.get("dealer_may_match", False):
                parts.append(("dealer_may_match", "the dealer, bidding last, may match the high bid to take it"))
            else:
                parts.append(("dealer_may_match", "the dealer must outbid the high bid like everybody else"))
            if cfg.get("all_pass") == "dealer_must_bid":
                parts.append(
                    ("all_pass", f"if all the others pass, the dealer must bid (at least {low}): a forced bid")
                )
            else:
                parts.append(("all_pass", "if all pass, the hand is redealt by the next dealer (no score)"))
            parts.append(("result", "the high bidder is the maker, and his bid is the contract"))
        elif kind == "kitty_exchange":
            return self.kitty_parts(cfg)
        elif kind == "alone":
            return self.alone_parts(cfg)
        elif kind == "call_partner":
            known = ["rank", "may_go_alone"]
            rank = rank_word(cfg.get("rank", "A"))
            parts = [
                (
                    "call",
                    f"the maker names a suit: whoever holds the {rank} of that suit is his secret partner "
                    "for the hand (only the holder knows, until that card is played); if nobody else "
                    "holds it, the maker plays alone and is scored as alone",
                )
            ]
            parts.append(
                (
                    "may_go_alone",
                    "the maker may instead go alone" if cfg.get("may_go_alone", True) else "the maker may not go alone",
                )
            )
        elif kind == "play_or_fold":
            known = []
            parts = [
                (
                    "turns",
                    "from the maker's left, every other player plays or folds; a player who folds "
                    "sits out the hand; the maker cannot fold",
                )
            ]
        else:
            return [("kind", f"a step of kind {kind}")] + self.generic_parts(cfg, [])
        return parts + self.generic_parts(cfg, known)

    def kitty_parts(self, cfg: dict[str, Any]) -> list[tuple[str, str]]:
        count = cfg.get("count")
        ranks = cfg.get("ranks")
        low = cfg.get("min", 1)
        if count is None:
            count = low if ranks is not None else 0
        taken = "the whole kitty" if not count else f"{plural(int(count), 'card')} of it"
        of_ranks = ""
        if ranks:
            of_ranks = f" of rank {join_or([rank_text(r) for r in ranks])}"
        if cfg.get("who", "each") == "maker":
            who = "the maker may exchange with the kitty (the undealt cards, not the upcard) or keep his hand"
        else:
            holding = f" holding at least {plural(int(low), 'card')}{of_ranks}" if ranks else ""
            who = (
                f"from the dealer's left, each player{holding} may exchange with the kitty (the undealt cards, "
                "not the upcard) or keep his hand; after one exchange, nobody more is asked"
            )
        how = f"the one who exchanges takes {taken} into his hand, then discards as many cards{of_ranks}"
        return [("who", who), ("exchange", how)] + self.generic_parts(cfg, ["who", "ranks", "min", "count"])

    def alone_parts(self, cfg: dict[str, Any]) -> list[tuple[str, str]]:
        sits = "his partner sits out the hand" if self.partnerships else "the other players of his side sit out"
        if cfg.get("who", "maker") == "defenders":
            parts = [("who", f"each defender in turn, from the maker's left, may go alone: {sits}")]
            parts.append(
                (
                    "stop_at_first",
                    "once one defender goes alone, nobody more is asked"
                    if cfg.get("stop_at_first", False)
                    else "every defender is asked",
                )
            )
        else:
            parts = [("who", f"the maker may go alone: {sits}")]
        if "must_if" in cfg:
            parts.append(("must_if", f"he must go alone if {self.words.clause(cfg['must_if'])}"))
        if cfg.get("partner_gives"):
            parts.append(("partner_gives", "his partner then passes him one card, and he discards one"))
        return parts + self.generic_parts(cfg, ["who", "stop_at_first", "must_if", "partner_gives"])

    def declarations_section(self) -> Section:
        items = []
        for phase in self.spec.get("declarations") or []:
            kind, cfg = phase_kind(phase)
            label = DECLARATION_LABELS.get(kind, words(kind))
            if kind == "alone" and cfg.get("who") == "defenders":
                label = "defenders going alone"
            items.append(Item(label, self.phase_parts(kind, cfg), kind=kind, ident=explicit_id(phase)))
        return Section(
            "declarations",
            "Declarations",
            items,
            numbered=True,
            labelled=True,
            intro="After the bidding (and the dealer's pick-up), in a hand with a maker:",
        )

    def lead_section(self) -> Section:
        w = self.words
        rows = self.spec.get("lead") or []
        items = []
        for i, row in enumerate(rows):
            seat = w.noun(row.get("from", "dealer + 1"))
            if row.get("otherwise") or row.get("when") is True:
                cond = "otherwise"
                text = f"Otherwise, {seat} leads." if len(rows) > 1 else f"{cap(seat)} leads the first trick."
            else:
                cond = f"if {w.clause(row.get('when'))}"
                text = f"{cap(cond)}, {seat} leads."
            parts = [("when", cond), ("from", f"{seat} leads")] + [
                (k, f"{words(k)}: {self.generic(v)}")
                for k, v in row.items()
                if k not in ("id", "when", "otherwise", "from")
            ]
            kind = "otherwise" if row.get("otherwise") else "when"
            items.append(Item(f"row {i + 1}", parts, kind=kind, ident=explicit_id(row), text=text))
        trump = {str(t).strip().lower() for t in (self.spec.get("ranking") or {}).get("trump") or []}
        counted = join_and([w for w, t in (("the left bower", "left_bower"), ("the joker", "joker")) if t in trump])
        follow = f" ({counted} {'count' if ' and ' in counted else 'counts'} as trump)" if counted else ""
        skipped = (
            "A player who sits out is skipped: then the next player clockwise leads."
            if len(items) > 1
            else "A player who sits out is skipped, also for the lead."
        )
        return Section(
            "lead",
            "Leading and play",
            items,
            numbered=len(items) > 1,
            intro="The first row that applies says who leads the first trick:" if len(items) > 1 else "",
            outro=f"{skipped} A player must follow the suit led if he can{follow}; otherwise he may "
            "play any card. The highest trump wins the trick, or else the highest card of the suit "
            "led; the winner leads the next trick.",
        )

    def scoring_section(self) -> Section:
        rows = self.spec.get("scoring") or []
        items = []
        start = self.spec.get("start_score", 0)
        intro = "After each hand, the first line that applies scores it:"
        if start:
            intro = f"Every {self.side} starts the match with {plural(int(start), 'point')}. " + intro
        for i, row in enumerate(rows):
            items.append(self.scoring_item(i, row))
        if len(items) == 1 and items[0].kind == "otherwise":
            intro = intro.replace("the first line that applies scores it:", "it is scored so:")
            items[0].text = cap(items[0].text.removeprefix("Otherwise: "))
        return Section("scoring", "Scoring", items, numbered=len(items) > 1, intro=intro)

    def scoring_item(self, i: int, row: dict[str, Any]) -> Item:
        w = self.words
        if row.get("otherwise") or row.get("when") is True:
            cond, kind = "otherwise", "otherwise"
        else:
            cond, kind = f"if {w.clause(row.get('when'))}", "when"
        makers, makers_plural = "the makers", True
        defenders, defenders_plural = "the defenders", True
        if not self.partnerships:
            calls = any(phase_kind(p)[0] == "call_partner" for p in self.spec.get("declarations") or [])
            makers, makers_plural = ("the maker and his partner (if any) each", True) if calls else ("the maker", False)
            defenders, defenders_plural = "each defender", False
        awards = []
        if "makers" in row:
            awards.append(("makers", w.award(row["makers"], makers, makers_plural, "makers")))
        if "defenders" in row:
            awards.append(("defenders", w.award(row["defenders"], defenders, defenders_plural, "defenders")))
        if "each" in row:
            awards.append(("each", w.award(row["each"], f"each {self.side}", False)))
        for name, change in (row.get("counters") or {}).items():
            for who, subject, plural_subject in (
                ("makers", "the makers", True),
                ("defenders", "the defenders", True),
                ("each", f"each {self.side}", False),
            ):
                if isinstance(change, dict) and who in change:
                    their = "their" if plural_subject else "its"
                    awards.append(
                        (
                            f"counters.{name}.{who}",
                            w.award(
                                change[who],
                                subject,
                                plural_subject,
                                who if who != "each" else None,
                                ("add", "take"),
                                (f" to {their} {words(name)}", f" from {their} {words(name)}"),
                            ),
                        )
                    )
        for k, v in row.items():
            if k not in ("id", "when", "otherwise", "makers", "defenders", "each", "counters"):
                awards.append((k, f"{words(k)}: {self.generic(v)}"))
        said = "; ".join(a for _, a in awards) or "nobody scores"
        text = f"{cap(cond)}: {said}."
        return Item(f"row {i + 1}", [("when", cond)] + awards, kind=kind, ident=explicit_id(row), text=text)

    def match_end_section(self) -> Section:
        rules = self.spec.get("match_end") or []
        items = []
        for i, rule in enumerate(rules):
            cond = rule.get("winner_if", False)
            best = rule.get("best", "all")
            said = self.words.clause(cond)
            if self.words.mentions_side(cond):
                text = f"if {said}, that {self.side} wins the match"
                if best in ("lowest", "highest"):
                    text += f"; if several do, the one with the {best} score wins (an exact tie shares the win)"
            else:
                who = {"all": f"every {self.side} wins"}.get(
                    best, f"the {self.side} with the {best} score wins (an exact tie shares the win)"
                )
                text = f"if {said}, the match ends and {who}"
            parts = [("winner_if", text)] + [
                (k, f"{words(k)}: {self.generic(v)}") for k, v in rule.items() if k not in ("id", "winner_if", "best")
            ]
            items.append(Item(f"rule {i + 1}", parts, kind="rule", ident=explicit_id(rule)))
        intro = (
            (f"After each hand these are tried in order; the first one that some {self.side} meets decides:")
            if len(items) > 1
            else ""
        )
        return Section(
            "match_end",
            "Winning the match",
            items,
            numbered=len(items) > 1,
            intro=intro,
            outro="Otherwise the next hand is dealt.",
        )

    def counters_section(self) -> Section:
        counters = self.spec.get("counters") or {}
        items = []
        if isinstance(counters, dict):
            for name, cfg in counters.items():
                start = (cfg or {}).get("start", 0) if isinstance(cfg, dict) else cfg
                about = f" ({cfg['description']})" if isinstance(cfg, dict) and cfg.get("description") else ""
                parts = [("start", f"each {self.side} keeps a tally of {words(name)}{about}, starting at {start}")]
                if isinstance(cfg, dict):
                    parts += self.generic_parts(cfg, ["start", "description"])
                items.append(Item(f"counter {name}", parts, kind="counter", ident=str(name)))
        return Section("counters", "Tallies", items)

    def options_section(self) -> Section:
        items = []
        for name, opt in self.declared.items():
            values = [str(v) for v in opt.get("values", [])]
            about = f"{name}" + (f": {opt['description']}" if opt.get("description") else "")
            said = f"{about} — {join_or(values)}; default {opt.get('default')}"
            chosen = self.options.get(name)
            if chosen != opt.get("default"):
                said += f"; {chosen} here"
            items.append(
                Item(
                    f"option {name}",
                    [("option", said)],
                    kind="option",
                    ident=name,
                    text=said + ".",
                    short={"option": f"{join_or(values)}, default {opt.get('default')}"},
                )
            )
        return Section("options", "Options (choose with --set NAME=VALUE)", items)


PHASE_LABELS = {
    "auto_trump": "automatic trump",
    "name_upcard_suit": "naming the upcard's suit",
    "auction": "auction",
    "kitty_exchange": "kitty exchange",
}
DECLARATION_LABELS = {
    "alone": "going alone",
    "call_partner": "calling a partner",
    "play_or_fold": "play or fold",
    "kitty_exchange": "kitty exchange",
}


# ------------------------------------------------------------------ explain
def _wrap(text: str, first: str, rest: str) -> str:
    return textwrap.fill(text, WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)


def render(spec: dict[str, Any], options: dict[str, int] | None = None) -> str:
    """The whole explanation of a merged spec, as plain text."""
    title = str(spec.get("title") or spec.get("name") or "Variant")
    lines = [title, "=" * len(title)]
    if spec.get("description"):
        lines += [textwrap.fill(str(spec["description"]), WIDTH)]
    if spec.get("name"):
        lines += [f"(variant {spec['name']})"]
    for section in Describer(spec, options).sections():
        lines += ["", section.heading, "-" * len(section.heading)]
        if section.intro:
            lines.append(_wrap(section.intro, "", ""))
        for number, item in enumerate(section.items, 1):
            text = item.sentence()
            if section.labelled:
                text = f"{cap(item.label)}: {uncap(text)}"
            if section.numbered:
                head = f"  {number}. "
                lines.append(_wrap(text, head, " " * len(head)))
            else:
                lines.append(_wrap(text, "", ""))
        if section.outro:
            lines.append(_wrap(section.outro, "", ""))
    return "\n".join(lines) + "\n"


def explain_text(name: str, rules: Sequence[str] = (), options: dict[str, int] | None = None) -> str:
    """`trickspec explain`: validates the variant (with its options), then explains it."""
    load_rules(name, options or {}, rules)  # every problem is a SpecError, as in the other commands
    return render(load_document(name, rules).data, options)


# ------------------------------------------------------------------ diff
def _pair(a: list[Item], b: list[Item]) -> list[tuple[Item | None, Item | None]]:
    """Items of two lists paired: by explicit id, then by kind in order where either lacks an id."""
    pairs: dict[int, int] = {}
    used: set[int] = set()
    for i, x in enumerate(a):
        if x.ident is None:
            continue
        for j, y in enumerate(b):
            if j not in used and y.ident == x.ident:
                pairs[i] = j
                used.add(j)
                break
    for i, x in enumerate(a):
        if i in pairs:
            continue
        for j, y in enumerate(b):
            if j not in used and y.kind == x.kind and (x.ident is None or y.ident is None):
                pairs[i] = j
                used.add(j)
                break
    for i, x in enumerate(a):  # the catch-all rows of two tables answer each other
        if i in pairs or x.kind != "otherwise":
            continue
        for j, y in enumerate(b):
            if j not in used and y.kind == "otherwise":
                pairs[i] = j
                used.add(j)
                break
    out: list[tuple[Item | None, Item | None]] = [(x, b[pairs[i]] if i in pairs else None) for i, x in enumerate(a)]
    out += [(None, y) for j, y in enumerate(b) if j not in used]
    return out


def _flat(item: Item) -> str:
    return uncap(item.sentence().rstrip("."))


def _added_text(item: Item) -> str:
    """A row as one line: 'if the makers take no trick, the defenders score 4'."""
    if item.kind not in ("when", "otherwise"):
        return _flat(item)
    cond, *rest = [p for _, p in item.parts]
    return ", ".join([cond, "; ".join(p for p in rest if p)]) if cond else "; ".join(p for p in rest if p)


ROW_SECTIONS = ("lead", "scoring", "match_end")
PHASE_SECTIONS = ("bidding", "declarations")


def _name_of(section: Section, item: Item) -> str:
    """How an added or removed item is named: its id, with its label for a phase."""
    if section.key in PHASE_SECTIONS:
        about = item.label if item.label == words(item.kind) else f"{item.label}, {item.kind}"
        return f'"{item.ident}" ({about})' if item.ident else f"{item.label} ({item.kind})"
    if section.key in ROW_SECTIONS:
        return f'"{item.ident}"' if item.ident else item.label
    return item.label


def _label(section: Section, item: Item, other: Item) -> str:
    """How a changed item is named at the start of its line (`other`: its pair in B)."""
    renamed = f' / "{other.ident}"' if item.ident and other.ident and other.ident != item.ident else ""
    if section.key in PHASE_SECTIONS:
        return f"{item.label} ({item.kind})"
    if section.key in ROW_SECTIONS:
        return f"{words(section.key)} " + (f'"{item.ident}"{renamed}' if item.ident else item.label)
    if len(section.items) == 1:
        return words(section.key)
    return item.label


def _compare(section: Section, x: Item, y: Item) -> tuple[str, str] | None:
    """The differing parts of two paired items, as (A's words, B's words); None if alike."""
    if x.parts == y.parts and x.kind == y.kind:
        return None
    if x.kind != y.kind and section.key in PHASE_SECTIONS:
        return f"{x.kind}: {_flat(x)}", f"{y.kind}: {_flat(y)}"
    ax, by = dict(x.parts), dict(y.parts)
    if section.key in ROW_SECTIONS and set(ax) != set(by):
        return _added_text(x), _added_text(y)
    keys = [k for k, _ in x.parts] + [k for k, _ in y.parts if k not in ax]
    left, right = [], []
    for k in keys:
        if ax.get(k) != by.get(k):
            both_short = k in x.short and k in y.short
            left.append(x.short[k] if both_short else ax.get(k) or "—")
            right.append(y.short[k] if both_short else by.get(k) or "—")
    if not left:
        return None
    return "; ".join(left), "; ".join(right)


def diff_lines(spec_a: dict[str, Any], spec_b: dict[str, Any]) -> list[str]:
    """What differs between two merged specs, one line per difference (empty: none)."""
    a_sections = {s.key: s for s in Describer(spec_a).sections()}
    b_sections = {s.key: s for s in Describer(spec_b).sections()}
    keys = list(a_sections) + [k for k in b_sections if k not in a_sections]
    lines = []
    for key in keys:
        sa = a_sections.get(key) or Section(key, key, [])
        sb = b_sections.get(key) or Section(key, key, [])
        pairs = _pair(sa.items, sb.items)
        for x, y in pairs:
            if x is not None and y is not None:
                changed = _compare(sa, x, y)
                if changed:
                    lines.append(f"{_label(sa, x, y)}: A: {changed[0]} · B: {changed[1]}")
            elif x is not None:
                lines.append(f"{words(key)}: B removes {_name_of(sa, x)}: {_added_text(x)}")
            elif y is not None:
                lines.append(f"{words(key)}: B adds {_name_of(sb, y)}: {_added_text(y)}")
        # The order of rows and phases matters: say when it changed.
        both = [(x, y) for x, y in pairs if x is not None and y is not None]
        order_b = [sb.items.index(y) for _, y in both if y is not None]
        if order_b != sorted(order_b):
            said_a = ", ".join(_name_of(sa, x) for x, _ in both if x is not None)
            said_b = ", ".join(_name_of(sb, y) for _, y in sorted(both, key=lambda p: sb.items.index(p[1])))
            lines.append(f"{words(key)}: the order differs: A: {said_a} · B: {said_b}")
    return lines


def diff_text(a: str, b: str, rules: Sequence[str] = (), rules_b: Sequence[str] = ()) -> str:
    """`trickspec diff A B`: both are validated, then compared section by section."""
    rules_b = [*rules, *rules_b]
    load_rules(a, {}, rules)
    load_rules(b, {}, rules_b)
    spec_a = load_document(a, rules).data
    spec_b = load_document(b, rules_b).data
    head = [
        f"A: {a} — {spec_a.get('title', '')}",
        f"B: {b} — {spec_b.get('title', '')}",
    ]
    lines = diff_lines(spec_a, spec_b) or ["no differences"]
    return "\n".join(head + lines) + "\n"
