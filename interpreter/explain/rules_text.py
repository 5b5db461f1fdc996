"""`trickspec explain`: a variant's spec model as sections of plain-English rules.

`Describer` turns a `SpecModel` into `Section`s of `Item`s; `render` prints
them, and `explain_text` validates a variant and explains it. Each phase says
itself in words (its kind's `describe`); this module only lays them out.
"""

from __future__ import annotations

import itertools
import re
import shutil
import textwrap
from collections.abc import Sequence

from ..cards import DEFAULT_COLOURS
from ..names import NAMES, UPCARD_TYPES
from ..phases.base_model import Expr, PhaseModel
from ..spec.model import Rank, ScoreRowModel, SpecModel
from ..variants import load_rules
from .model import Item, Section
from .words import Words, cap, join_and, plural, rank_key, rank_text, suit_name, uncap, words

WIDTH = 78  # the widest text; a narrower terminal gets narrower lines


def width() -> int:
    """Lines fit the terminal (COLUMNS, or the real width) but never exceed WIDTH."""
    return max(40, min(WIDTH, shutil.get_terminal_size((WIDTH + 2, 24)).columns - 2))


class Describer:
    """Turns one spec model into sections."""

    def __init__(self, model: SpecModel, options: dict[str, int] | None = None) -> None:
        self.model = model
        self.declared = model.options
        self.options: dict[str, int] = model.default_options()
        self.options.update(options or {})
        self.partnerships = model.sides == "partnerships"
        self.side = "side" if self.partnerships else "player"
        option = model.players_option
        self.players = self.options.get(option) if option is not None else model.players
        self.words = Words(
            side=self.side,
            options=self.options,
            players=self.players,
            partnerships=self.partnerships,
            counters=tuple(model.counters) + (("games",) if model.games is not None else ()),
        )
        # the labels name a one-seat step by its seat ("the dealer's turn"), said by the words above
        self.words.phase_labels = self.phase_labels()
        self.suits = list(model.deck.suits)
        self.ranks = [rank_key(r) for r in model.deck.ranks]
        self.jokers = model.deck.jokers
        # suits with fewer ranks than `ranks` (deck.suit_ranks): suit -> its ranks
        self.suit_ranks = {k: [rank_key(r) for r in v] for k, v in (model.deck.suit_ranks or {}).items()}
        bower = model.ranking.bower_rank
        self.bower = rank_key(bower) if bower is not None else None

    # -- helpers
    def phase_labels(self) -> dict[str, str]:
        """Bidding phase id → label ('round 1'), for `fixed_by`."""
        ids = [phase.pid for phase in self.model.bidding]
        return dict(zip(ids, self.phase_label_list(), strict=True))

    def phase_label_list(self) -> list[str]:
        """The bidding phases' labels in order: rounds are the steps each player is asked in turn."""
        labels: list[str] = []
        rounds = 0
        for phase in self.model.bidding:
            one = self.one_seat(phase) if phase.counts_as_round else None
            if one is not None:
                labels.append(f"{one}'s turn")  # a step asking one player is no round ("the dealer's turn")
            elif phase.counts_as_round:
                rounds += 1
                labels.append(f"round {rounds}")
            else:
                labels.append(phase.label)
        return labels

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
        if self.model.games is not None:
            out.append(self.games_section())
        out.append(self.match_end_section())
        counters = self.counters_section()
        if counters.items:
            out.append(counters)
        options = self.options_section()
        if options.items:
            out.append(options)
        return out

    def players_item(self) -> Item:
        name = self.model.players_option
        if name is not None:
            opt = self.declared[name]
            count = f"{opt.allowed_text()} players (the {name} option, default {opt.default}"
            count += f"; {self.players} here)" if self.players != opt.default else ")"
        else:
            count = f"{self.model.players} players"
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

    @property
    def deck_size(self) -> int:
        return sum(len(self.suit_ranks.get(s, self.ranks)) for s in self.suits) + self.jokers

    def deck_item(self) -> Item:
        n = self.deck_size
        ranks = ", ".join(rank_text(r) for r in self.ranks)
        spans = ""
        if self.suit_ranks:  # suits with their own ranks: the suits with the same ranks said together
            groups: dict[tuple[str, ...], list[str]] = {}
            for s in self.suits:
                groups.setdefault(tuple(self.suit_ranks.get(s, self.ranks)), []).append(suit_name(s))
            cards = f"{n} cards: " + "; ".join(
                f"{', '.join(rank_text(r) for r in own)} in {join_and(names)}" for own, names in groups.items()
            )
            spans = "; ".join(
                f"{rank_text(own[0])}–{rank_text(own[-1])} in {join_and(names)}" for own, names in groups.items()
            )
        else:
            cards = f"{n} cards: {ranks} in {', '.join(suit_name(s) for s in self.suits)}"
        if self.jokers:
            cards += ", and one joker"
        lowest = self.model.deck.lowest
        if lowest is not None and lowest in self.declared:  # deck.lowest: the option chooses the lowest rank
            cards += (
                f". The lowest rank is the {lowest} option ({self.declared[lowest].allowed_text()});"
                f" {rank_text(self.ranks[0])} here: lower ranks are left out of the pack and every order"
            )
        span = f"{rank_text(self.ranks[0])}–{rank_text(self.ranks[-1])}" if self.ranks else ""
        short = f"{n} cards ({spans or span}{', joker' if self.jokers else ''})"
        parts = [("cards", cards)]
        colours = self.model.deck.colours or {s: DEFAULT_COLOURS[s] for s in self.suits if s in DEFAULT_COLOURS}
        if self.bower is not None and colours:
            by_colour: dict[str, list[str]] = {}
            for suit, colour in colours.items():
                by_colour.setdefault(str(colour), []).append(suit_name(suit))
            said = "; ".join(f"{join_and(s)} {'are' if len(s) > 1 else 'is'} {c}" for c, s in by_colour.items())
            parts.append(("colours", said))
        text = cap(parts[0][1]) + "." + "".join(f" {cap(p)}." for _, p in parts[1:])
        return Item("deck", parts, kind="deck", text=text, short={"cards": short})

    def order_text(self, order: Sequence[Rank]) -> str:
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
        ranking = self.model.ranking
        items = []
        trump = ranking.trump
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
        plain = ranking.plain
        text = f"The other suits, high to low: {self.order_text(plain)}"
        if "left_bower" in tokens and self.bower:
            text += f" (the suit of the left bower lacks its {rank_text(self.bower)})"
        items.append(
            Item("plain order", [("plain", text)], kind="plain", ident="plain", short={"plain": self.order_text(plain)})
        )
        for name, order in ranking.no_trump.items():
            text = f'The "{name}" contract has no trump: every suit ranks, high to low, {self.order_text(order)}'
            if self.bower:
                text += f"; every {rank_text(self.bower)} is an ordinary card of its suit"
            if self.jokers:
                text += (
                    "; the joker is the only trump: its holder may play it only when he cannot follow suit, "
                    "and it wins the trick; led, it wins and the others play any card"
                )
            items.append(
                Item(
                    f'no-trump contract "{name}"',
                    [("order", text)],
                    kind="no_trump",
                    ident=f"no_trump.{name}",
                    short={"order": self.order_text(order)},
                )
            )
        return items

    def first_dealer_item(self) -> Item:
        fd = self.model.first_dealer
        if fd is not None:  # draw: lowest
            order = ", ".join(rank_text(r) for r in fd.order)
            said = (
                f"each player draws a card and the lowest card deals first (ranks from high to low: {order}; "
                "suits do not matter; tied lowest cards draw again)"
            )
            if self.jokers:
                said = said[:-1] + "; a joker counts highest)"
            short = f"the lowest card drawn ({order})"
        else:
            short = "chosen at random"
            said = "the first dealer is chosen at random"
        text = cap(said) + ". After each hand the deal passes to the left."
        return Item(
            "first dealer", [("first_dealer", said)], kind="first_dealer", text=text, short={"first_dealer": short}
        )

    def deal_item(self) -> Item:
        deal = self.model.deal
        packets = deal.packets
        n = self.players
        parts = []
        if packets and all(isinstance(p, tuple) for p in packets):
            per_seat = [p for p in packets if isinstance(p, tuple)]
            hand = sum(p[0] for p in per_seat)
            rounds = []
            ordinals = ["first", "second", "third", "fourth", "fifth", "sixth"]
            for i, p in enumerate(per_seat):
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
        upcard = deal.upcard
        parts.append(("upcard", "the next card is turned up (the upcard)" if upcard else "no card is turned up"))
        size = self.deck_size
        if n is not None:
            rest = size - n * hand - (1 if upcard else 0)
            if rest > 0:
                where = f" with {n} players" if self.model.players_option is not None else ""
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
        return Item("deal", parts, kind="deal")

    # bidding
    def gate(self, phase: PhaseModel) -> list[tuple[str, str]]:
        """A phase's `when` (the general gate): the part that says in which hands it is offered."""
        if phase.when_is_own or phase.when is None:
            return []
        return [("when", f"only if {self.words.clause(phase.when)}")]

    def asked(self, phase: PhaseModel) -> str:
        """Who a phase that asks players in turn asks: 'each player', those its `may_if` lets in,
        or 'only the dealer' when it names one seat (`seat == dealer`)."""
        if phase.may_if is None:
            return "each player"
        one = self.one_seat(phase)
        if one is not None:
            return f"only {one}"
        clause = self.words.clause(phase.may_if)
        said = NAMES["seat"].noun + " is"
        if clause.startswith(said):
            return "each player " + clause.replace(said, "who is")
        return f"each player for whom {clause}"

    def one_seat(self, phase: PhaseModel) -> str | None:
        """The seat a `may_if` of the form `seat == EXPR` names, as a noun ('the dealer'); else None."""
        text = str(phase.may_if).strip()
        match = re.fullmatch(r"seat\s*==\s*(.+)|(.+?)\s*==\s*seat", text)
        if match is None:
            return None
        other = (match.group(1) or match.group(2)).strip()
        if re.search(r"\b(seat|and|or|not|if)\b|==|!=|<|>", other):
            return None
        return self.words.noun(other)

    def turned_joker_always_named(self) -> bool:
        """Does a step before the first ordering step name the suit of every turned-up joker, whatever
        the options? Then the sentence on a joker whose suit no step named never applies (British
        euchre's Benny: the dealer names trump), and explain does not print it."""
        for phase in self.model.bidding:
            if phase.orders_upcard:
                return False
            if phase.names_upcard_suit and phase.when is not None and self.always_for_a_joker(phase.when):
                return True
        return False

    def always_for_a_joker(self, when: Expr) -> bool:
        """Whether an upcard condition holds for a turned-up joker under every value of the options it reads."""
        from ..dsl import ExprError, compile_expr  # here: explain alone needs the compiler's module at this point

        names = {**UPCARD_TYPES, **{name: "int" for name in self.declared}}
        try:
            expr = compile_expr(when, names, "bool")
        except ExprError:
            return False
        read = [name for name in self.declared if name in expr.names]
        dealers = range(max(self.model.player_counts())) if "dealer" in expr.names else range(1)
        for values in itertools.product(*(self.declared[name].samples() for name in read)):
            for dealer in dealers:
                env: dict[str, object] = {**self.options, **dict(zip(read, values, strict=True))}
                env.update({"upcard.suit": "", "upcard.rank": "", "upcard.is_joker": True, "dealer": dealer})
                if not expr.fn(env):
                    return False
        return True

    def bidding_section(self) -> Section:
        labels = self.phase_label_list()
        bidding = self.model.bidding
        outro = ""
        if (
            self.jokers
            and self.model.deal.upcard
            and any(p.orders_upcard for p in bidding)
            and not self.turned_joker_always_named()
        ):
            outro = (
                "A turned-up joker whose suit no step named cannot be ordered: the ordering round is skipped, "
                "and any suit may be named after it."
            )
        items = [
            Item(label, self.gate(phase) + phase.describe(self), kind=phase.kind, ident=phase.id)
            for label, phase in zip(labels, bidding, strict=True)
        ]
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

    def declarations_section(self) -> Section:
        items = [
            Item(phase.label, self.gate(phase) + phase.describe(self), kind=phase.kind, ident=phase.id)
            for phase in self.model.declarations
        ]
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
        rows = self.model.lead
        items = []
        for i, row in enumerate(rows):
            seat = w.noun(row.source)
            if row.when is None or row.when is True:
                cond = "otherwise"
                text = f"Otherwise, {seat} leads." if len(rows) > 1 else f"{cap(seat)} leads the first trick."
            else:
                cond = f"if {w.clause(row.when)}"
                text = f"{cap(cond)}, {seat} leads."
            parts = [("when", cond), ("from", f"{seat} leads")]
            kind = "otherwise" if row.when is None else "when"
            items.append(Item(f"row {i + 1}", parts, kind=kind, ident=row.id, text=text))
        trump = {str(t).strip().lower() for t in self.model.ranking.trump}
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
        rows = self.model.scoring
        items = []
        start = self.model.start_score
        intro = "After each hand, the first line that applies scores it:"
        if start:
            intro = f"Every {self.side} starts the match with {plural(int(start), 'point')}. " + intro
        for i, row in enumerate(rows):
            items.append(self.scoring_item(i, row))
        if len(items) == 1 and items[0].kind == "otherwise":
            intro = intro.replace("the first line that applies scores it:", "it is scored so:")
            items[0].text = cap(items[0].text.removeprefix("Otherwise: "))
        return Section("scoring", "Scoring", items, numbered=len(items) > 1, intro=intro)

    def scoring_item(self, i: int, row: ScoreRowModel) -> Item:
        w = self.words
        if row.when is None or row.when is True:
            cond, kind = "otherwise", "otherwise"
        else:
            cond, kind = f"if {w.clause(row.when)}", "when"
        makers, makers_plural = "the makers", True
        defenders, defenders_plural = "the defenders", True
        if not self.partnerships:
            calls = any(p.makes_secret_partner for p in self.model.declarations)
            makers, makers_plural = ("the maker and his partner (if any) each", True) if calls else ("the maker", False)
            defenders, defenders_plural = "each defender", False
        awards = []
        if row.makers is not None:
            awards.append(("makers", w.award(row.makers, makers, makers_plural, "makers")))
        if row.defenders is not None:
            awards.append(("defenders", w.award(row.defenders, defenders, defenders_plural, "defenders")))
        if row.each is not None:
            awards.append(("each", w.award(row.each, f"each {self.side}", False)))
        if row.cap is not None:  # a gain stops at the cap
            for k, (who, words_) in enumerate(awards):
                top = getattr(row.cap, who, None)
                if top is not None:
                    awards[k] = (who, f"{words_}, but these points never take a {self.side} past {w.noun(top)} points")
        for name, change in row.counters:
            for who, subject, plural_subject in (
                ("makers", "the makers", True),
                ("defenders", "the defenders", True),
                ("each", f"each {self.side}", False),
            ):
                value = getattr(change, who)
                if value is not None:
                    their = "their" if plural_subject else "its"
                    awards.append(
                        (
                            f"counters.{name}.{who}",
                            w.award(
                                value,
                                subject,
                                plural_subject,
                                who if who != "each" else None,
                                ("add", "take"),
                                (f" to {their} {words(name)}", f" from {their} {words(name)}"),
                            ),
                        )
                    )
        said = "; ".join(a for _, a in awards) or "nobody scores"
        text = f"{cap(cond)}: {said}."
        return Item(f"row {i + 1}", [("when", cond)] + awards, kind=kind, ident=row.id, text=text)

    def match_end_section(self) -> Section:
        rules = self.model.match_end
        items = []
        for i, rule in enumerate(rules):
            if rule.loser_if is not None:
                said = self.words.clause(rule.loser_if)
                text = f"if {said}, that {self.side} loses the match and the other {self.side}s win"
                if self.partnerships:
                    text = f"if {said}, that {self.side} loses the match and the other wins"
                items.append(Item(f"rule {i + 1}", [("loser_if", text)], kind="rule", ident=rule.id))
                continue
            cond = rule.winner_if
            assert cond is not None  # a rule has winner_if or loser_if (the schema)
            best = rule.best
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
            items.append(Item(f"rule {i + 1}", [("winner_if", text)], kind="rule", ident=rule.id))
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

    def games_section(self) -> Section:
        """`games`: when a game ends, what each side carries into the next one."""
        g = self.model.games
        assert g is not None
        w = self.words
        won = f"if {w.clause(g.winner_if)}, that {self.side} wins the game"
        if g.best in ("lowest", "highest"):
            won += f"; if several do, the one with the {g.best} score wins it (an exact tie shares it)"
        parts = [
            ("winner_if", won),
            (
                "carry",
                f"then every {self.side} starts the next game with {w.noun(g.carry)}"
                " (a side's score being its score when the game ended)",
            ),
        ]
        return Section(
            "games",
            "Games",
            [Item("games", parts, kind="games", ident="games")],
            intro="The match is played in games. After each hand's scoring:",
            outro=f"Each {self.side} counts the games it won (its games), which the match end reads.",
        )

    def counters_section(self) -> Section:
        items = []
        for name, counter in self.model.counters.items():
            about = f" ({counter.description})" if counter.description else ""
            parts = [("start", f"each {self.side} keeps a tally of {words(name)}{about}, starting at {counter.start}")]
            items.append(Item(f"counter {name}", parts, kind="counter", ident=name))
        return Section("counters", "Tallies", items)

    def options_section(self) -> Section:
        items = []
        for name, opt in self.declared.items():
            allowed = opt.allowed_text()
            about = f"{name}" + (f": {opt.description}" if opt.description else "")
            said = f"{about} — {allowed}; default {opt.default}"
            chosen = self.options.get(name)
            if chosen != opt.default:
                said += f"; {chosen} here"
            items.append(
                Item(
                    f"option {name}",
                    [("option", said)],
                    kind="option",
                    ident=name,
                    text=said + ".",
                    short={"option": f"{allowed}, default {opt.default}"},
                )
            )
        return Section("options", "Options (choose with --set NAME=VALUE)", items)


# ------------------------------------------------------------------ explain
def _wrap(text: str, first: str, rest: str) -> str:
    return textwrap.fill(text, width(), initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)


def render(model: SpecModel, options: dict[str, int] | None = None, stacked: Sequence[str] = ()) -> str:
    """The whole explanation of a variant (with the house rules `stacked` on it named), as plain text."""
    title = model.title + "".join(f" + {rule}" for rule in stacked)
    lines = [title, "=" * len(title)]
    if model.description:
        lines += [textwrap.fill(model.description, width())]
    lines += [f"(variant {model.name})"]
    for section in Describer(model, options).sections():
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
    compiled = load_rules(name, options or {}, rules)  # every problem is a SpecError, as in the other commands
    return render(compiled.model, options, rules)
