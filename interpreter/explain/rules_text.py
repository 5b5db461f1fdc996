"""`trickspec explain`: a merged spec as sections of plain-English rules.

`Describer` turns a spec into `Section`s of `Item`s; `render` prints them, and
`explain_text` validates a variant and explains it. Phase kinds, settings and
top-level keys this module does not know are still explained, by a generic
sentence listing their settings.
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Sequence
from typing import Any

from ..cards import DEFAULT_COLOURS
from ..variants import load_document, load_rules
from .model import Item, Section, explicit_id, phase_kind
from .words import Words, cap, join_and, join_or, plural, rank_key, rank_text, rank_word, suit_name, uncap, words

WIDTH = 78  # the widest text; a narrower terminal gets narrower lines


def width() -> int:
    """Lines fit the terminal (COLUMNS, or the real width) but never exceed WIDTH."""
    return max(40, min(WIDTH, shutil.get_terminal_size((WIDTH + 2, 24)).columns - 2))


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


class Describer:
    """Turns one merged spec into sections."""

    def __init__(self, spec: dict[str, Any], options: dict[str, int] | None = None) -> None:
        self.spec = spec
        declared = spec.get("options") or {}
        self.declared: dict[str, dict[str, Any]] = declared if isinstance(declared, dict) else {}
        # YAML values: the schema makes every default an integer.
        self.options: dict[str, Any] = {k: v.get("default") for k, v in self.declared.items() if isinstance(v, dict)}
        self.options.update(options or {})
        self.partnerships = spec.get("sides") == "partnerships"
        self.side = "side" if self.partnerships else "player"
        p = spec.get("players")
        if isinstance(p, dict):
            option = p.get("option")
            self.players = self.options.get(option) if isinstance(option, str) else None
        else:
            self.players = p
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
                # Bracketed beside other choices: 'except the turned-down one or "high"' would forbid "high".
                said.append(
                    "any suit (except the turned-down one)"
                    if len(choices) > 1
                    else "any suit except the turned-down one"
                )
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
    return textwrap.fill(text, width(), initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)


def render(spec: dict[str, Any], options: dict[str, int] | None = None, stacked: Sequence[str] = ()) -> str:
    """The whole explanation of a merged spec (with the house rules `stacked` on it named), as plain text."""
    title = str(spec.get("title") or spec.get("name") or "Variant") + "".join(f" + {rule}" for rule in stacked)
    lines = [title, "=" * len(title)]
    if spec.get("description"):
        lines += [textwrap.fill(str(spec["description"]), width())]
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
    return render(load_document(name, rules).data, options, rules)
