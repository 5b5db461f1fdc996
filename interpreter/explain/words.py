"""Saying a variant's names and expressions in English.

The small words (ranks, suits, lists, plurals) and `Words`, which says an
expression in words. It parses with the project's own parser
(`interpreter.dsl.compiler`) and maps names and shapes to phrases
(`makers.tricks >= 3` → "the makers take 3 tricks or more"); what it cannot
phrase it shows as the expression text in backticks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import DEFAULT_SUIT_NAMES
from ..dsl.compiler import ExprError, _parse
from ..dsl.parser import Token, Tree
from ..names import CARD_FUNCTIONS, HAND_TYPES, NAMES, SIDE_TYPES, UPCARD_TYPES, CardFunction

Node = Tree | Token

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


def card_text(name: str) -> str:
    """A card name as words: 'JK' → 'joker', 'AS' → 'ace of spades', 'TH' → 'ten of hearts'."""
    text = name.strip().upper()
    if text.startswith("JK"):
        return "joker" + (f" {text[2:]}" if text[2:] else "")
    return f"{rank_word(text[:-1])} of {suit_name(text[-1])}"


def card_words(text: str, plural: bool) -> str:
    """The cards a card function's words match: "A" -> "aces" / "an ace", "red J" -> "red jacks",
    "trump" -> "trumps", "H" -> "hearts", "JS" -> "the jack of spades"."""
    parts = text.split()
    if len(parts) == 1 and len(parts[0]) >= 2 and parts[0].upper() not in DEFAULT_SUIT_NAMES:
        word = parts[0]
        if word.lower() not in ("red", "black", "trump", "joker") and not word.isdigit() and word.upper() != "10":
            return "the " + card_text(word)  # one card: JS, 10H, JK
    adjectives, noun, of = [], "", ""
    for part in parts:
        low = part.lower()
        if low == "trump":
            of = "trump"
        elif low in ("red", "black"):
            adjectives.append(low)
        elif low == "joker":
            noun = "joker"
        elif part.upper() in DEFAULT_SUIT_NAMES or part in ("♣", "♦", "♥", "♠"):
            of = suit_name(part)
        else:
            noun = rank_word(part)
    if not noun and of and of != "trump" and not adjectives:  # a suit alone: "hearts", "a heart"
        return of if plural else with_article(of[:-1] if of.endswith("s") else of)
    noun = noun or ("trump" if of == "trump" and not adjectives else "card")
    if noun == "trump":
        of = ""
    said = " ".join([*adjectives, noun + ("s" if plural else "")])
    if of:
        said += f" of {of}"
    return said if plural else with_article(said)


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

# The phrases of the names, from the one table of names (names.NAMES).
# Seats: names whose value is a seat number, as a noun.
SEATS = {n: row.noun for n, row in NAMES.items() if row.seat}
# True/false names: (when true, when false); {s} is the side being talked about.
BOOLS = {n: (row.true, row.false) for n, row in NAMES.items() if row.true}
# Numbers and text, as nouns; {p} is the possessive of the side talked about.
NOUNS = {n: row.noun for n, row in NAMES.items() if row.noun}
# Counts said with a verb: (subject, verb, negated verb, unit).
COUNTS = {n: row.count for n, row in NAMES.items() if row.count is not None}
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
        if data == "call" and str(node.children[0]) in CARD_FUNCTIONS:
            return CARD_FUNCTIONS[str(node.children[0])].type
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
        if data == "call" and self._type(node) == "bool":
            return self._cards(node, negate)
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
            if name == "choice.suit":
                if value == "":
                    return f"the choice {is_} a no-trump contract"
                return f"the suit chosen {is_} {suit_name(value)}"
            if name == "choice.colour":
                return f"the suit chosen {is_} {value}" if value else f"the choice {is_} a no-trump contract"
            if name == "fixed_by":
                label = self.phase_labels.get(value, f'the "{value}" step')
                return f"trump was fixed by {label}" if op == "==" else f"trump was not fixed by {label}"
        n = self._int(right)
        if isinstance(left, Tree) and str(left.data) == "call" and n is not None and n >= 0:
            said = self._card_count(left, op, n)
            if said is not None:
                return said
        if name in self.options and name not in NOUNS and n is not None:
            return f"the {name} option {RELATION[op]} {n}"
        if name is not None and (name in COUNTS or self._counter(name)):
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
            if (
                str(op) == "%"
                and self._name(right) == "players"
                and isinstance(left, Tree)
                and str(left.data) == "binop"
            ):
                # (dealer + 2) % players: seats are taken modulo the number of players anyway
                inner_left, inner_op, inner_right = left.children
                seat = self._seat(inner_left, str(inner_op), inner_right)
                if seat is not None:
                    return seat
            return f"{self._operand(left)} {ARITHMETIC[str(op)]} {self._operand(right)}"
        if data == "neg":
            return f"minus {self._operand(node.children[1])}"
        if data == "call" and str(node.children[0]) in CARD_FUNCTIONS:
            return self._cards(node)
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

    def _card_count(self, node: Tree, op: str, n: int) -> str | None:
        """`held("trump") >= 1` as "the player holds 1 or more trumps"; None if not a card count."""
        parts = self._card_parts(node)
        if parts is None or parts[0].result != "count":
            return None
        row, who, texts = parts
        what = join_or([card_words(t, plural=True) for t in texts])
        yes, no = ("was dealt", "was not dealt") if row.view == "dealt" else ("holds", "does not hold")
        return {
            "==": f"{who} {yes} no {what}" if n == 0 else f"{who} {yes} exactly {n} {what}",
            "!=": f"{who} {yes} some {what}" if n == 0 else f"{who} {no} exactly {n} {what}",
            ">=": f"{who} {yes} {n} or more {what}",
            ">": f"{who} {yes} more than {n} {what}",
            "<=": f"{who} {yes} {n} or fewer {what}",
            "<": f"{who} {yes} fewer than {n} {what}",
        }[op]

    def _card_parts(self, node: Tree) -> tuple[CardFunction, str, list[str]] | None:
        """A card function call's row, whose cards ("the player", "the maker") and its card words."""
        fn, *args = node.children
        row = CARD_FUNCTIONS.get(str(fn))
        if row is None:
            return None
        who = "the player"
        if args and isinstance(args[0], Token) and args[0].type == "NAME":
            seat = str(args.pop(0))
            who = SEATS.get(seat, f"`{seat}`")
        texts = [str(a)[1:-1] for a in args if isinstance(a, Token) and a.type == "STRING"]
        return None if len(texts) != len(args) else (row, who, texts)

    def _cards(self, node: Tree, negate: bool = False) -> str:
        """A card function in words: `held("A", "K")` -> "the number of aces or kings the player holds"."""
        parts = self._card_parts(node)
        if parts is None:
            return self._raw(node, negate)
        row, who, texts = parts
        plural = row.result == "count"
        what = join_or([card_words(t, plural=plural) for t in texts])
        return (row.negated if negate else row.phrase).format(who=who, what=what)

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
