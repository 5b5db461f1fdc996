"""The table-side account of a match, as a person at the table would tell it.

The narrator never reads the live `State` directly while it is being played:
it rebuilds each hand from what was dealt and replays the public history on a
shadow copy, so the account is the same whatever drives the match (bots, a
person, a replay). In a game with a person at the table (`viewer`), it prints
only what that seat may see: its own hand, public actions, the cards played —
never another seat's hand or another seat's discard.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from .engine import State
from .match import HandRecord, MatchResult
from .rules import Rules

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_RED = re.compile(r"\S*[♥♦]")


# ------------------------------------------------------------- formatting
def card_text(name: str) -> str:
    """'TD' -> '10♦': the record's short form, as printed on the card."""
    if name.upper().startswith("JK") or len(name) < 2:
        return name
    rank, suit = name[:-1], name[-1]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS.get(suit, suit)


def cards_text(names: Sequence[str]) -> str:
    return " ".join(card_text(n) for n in names)


def suit_text(letter: str) -> str:
    return SUIT_SYMBOLS.get(letter, letter)


def contract_text(name: str) -> str:
    """A contract name as said at the table: a suit symbol, or 'high (no trump)'."""
    return suit_text(name) if len(name) == 1 else f"{name} (no trump)"


def action_text(rules: Rules, action: int) -> str:
    """An action's record word with cards and suits as symbols ('call ♥', 'discard 10♣')."""
    words = rules.codec.to_str(action).split()
    if len(words) == 1:
        return card_text(words[0]) if action < rules.codec.n_cards else words[0]
    verb, arg = words
    if verb == "discard":
        return f"discard {card_text(arg)}"
    if verb in ("call", "ace"):
        return f"{verb} {suit_text(arg) if len(arg) == 1 else arg}"
    return f"{verb} {arg}"


def side_label(rules: Rules, side: int) -> str:
    """'Seats 0+2' for a partnership, 'Seat k' where every seat is its own side."""
    seats = [s for s in range(rules.players) if rules.side_of[s] == side]
    if len(seats) == 1:
        return f"Seat {seats[0]}"
    return "Seats " + "+".join(map(str, seats))


def scores_text(rules: Rules, scores: Sequence[int], signed: bool = False) -> str:
    fmt = "{:+d}" if signed else "{:d}"
    return " · ".join(f"{side_label(rules, k)} {fmt.format(v)}" for k, v in enumerate(scores))


class Printer:
    """Lines to a stream, red suits on a terminal, plain text when piped."""

    def __init__(self, out: TextIO) -> None:
        self.console = Console(file=out, highlight=False, markup=False, emoji=False, soft_wrap=True)

    def line(self, text: str = "", style: str | None = None) -> None:
        rich_text = Text(text, style=style or "")
        rich_text.highlight_regex(_RED, "red")
        self.console.print(rich_text)

    def heading(self, text: str) -> None:
        self.line(text, style="bold")


# ------------------------------------------------------------- narrator
class Narrator:
    """Tells a match as it goes: call `catch_up(state)` before each decision and
    `hand_end(hand)` after each hand; it prints whatever happened since."""

    def __init__(self, rules: Rules, out: TextIO, viewer: int | None = None, quiet: bool = False) -> None:
        self.rules = rules
        self.printer = Printer(out)
        self.viewer = viewer
        self.quiet = quiet
        self.hand_no = 0
        self.source: State | None = None
        self.shadow: State | None = None
        self.seen = 0
        self.trick: list[tuple[int, int]] = []
        self.announced = False

    # -- helpers
    def say(self, text: str = "") -> None:
        if not self.quiet:
            self.printer.line(text)

    def seat(self, seat: int) -> str:
        return f"Seat {seat} (you)" if seat == self.viewer else f"Seat {seat}"

    def dealer(self, seat: int) -> str:
        return f"Dealer (seat {seat}{', you' if seat == self.viewer else ''})"

    def card(self, card: int) -> str:
        return card_text(self.rules.codec.to_str(card))

    # -- match
    def match_start(self, seed: int, first_dealer: int, draws: list[list[tuple[int, str]]]) -> None:
        rules = self.rules
        if self.quiet:
            return
        sides = " vs ".join(side_label(rules, k) for k in range(rules.n_sides))
        self.printer.heading(f"{rules.title} — {rules.players} players ({sides}) — seed {seed}")
        if rules.options:
            self.say("Options: " + ", ".join(f"{k}={v}" for k, v in rules.options.items()))
        if self.viewer is not None:
            self.say(f"You are seat {self.viewer}.")
        for k, draw in enumerate(draws):
            label = "Draw for the first deal" if k == 0 else "Tie, draw again"
            self.say(f"{label}: " + ", ".join(f"seat {s} {card_text(c)}" for s, c in draw))
        how = "" if draws else " (chosen at random)"
        self.say(f"{self.seat(first_dealer)} deals first{how}.")

    def match_end(self, result: MatchResult) -> None:
        rules = self.rules
        final = scores_text(rules, result.scores)
        if result.winners:
            names = ", ".join(side_label(rules, w) for w in result.winners)
            word = "Winner" if len(result.winners) == 1 else "Winners (shared)"
            self.printer.heading(f"{word}: {names} — final score {final} after {len(result.hands)} hands")
        else:
            self.printer.heading(f"No winner after {len(result.hands)} hands — score {final}")

    # -- hands
    def catch_up(self, state: State) -> None:
        """Narrate every action of `state` not told yet (starting its hand if new)."""
        if state is not self.source:
            self._start_hand(state)
        shadow = self.shadow
        assert shadow is not None
        for seat, action in state.history[self.seen :]:
            self._tell(shadow, seat, action)
            self.seen += 1

    def hand_end(self, hand: HandRecord) -> None:
        self.catch_up(hand.state)
        if self.quiet:
            return
        result = hand.result
        rules = self.rules
        if result["status"] == "redeal":
            self.say("Nobody made trump: no score, the deal passes.")
        else:
            self._tell_result(result)
        self.say(f"Score: {scores_text(rules, result['scores'])}")
        self.say()
        self.source = None

    def _start_hand(self, state: State) -> None:
        rules = self.rules
        self.hand_no += 1
        self.source = state
        self.seen = 0
        self.trick = []
        self.announced = False
        upcard = None if state.upcard < 0 else state.upcard
        self.shadow = rules.new_hand(state.dealer, [list(h) for h in state.dealt], upcard, state.scores_before)
        codec = rules.codec
        if not self.quiet:
            self.printer.heading(f"Hand {self.hand_no} — dealer: seat {state.dealer}")
        for seat in range(rules.players):
            if self.viewer is None or seat == self.viewer:
                label = "Your hand" if seat == self.viewer else f"Seat {seat}"
                self.say(f"  {label}: {cards_text([codec.to_str(c) for c in state.dealt[seat]])}")
        if upcard is not None:
            self.say(f"  Upcard: {self.card(upcard)}")
        self._maybe_announce()

    def _tell(self, shadow: State, seat: int, action: int) -> None:
        rules = self.rules
        if shadow.phase == rules.play_phase:
            self._tell_play(shadow, seat, action)
            return
        before_down = shadow.turned_down
        text = self._bid_text(shadow, seat, action)
        shadow.apply(action)
        self.say(f"  {text}")
        if before_down < 0 <= shadow.turned_down and shadow.upcard >= 0:
            self.say(f"  Everybody passed; the {self.card(shadow.upcard)} is turned down.")
        self._maybe_announce()

    def _bid_text(self, st: State, seat: int, action: int) -> str:
        """One bidding or declaration action in words, from the state before it."""
        c = self.rules.codec
        who = self.seat(seat)
        if action == c.PASS:
            return f"{who} passes"
        if action == c.ORDER:
            return f"{who} orders up {suit_text(self.rules.deck.suits[st.up_suit])}"
        if c.DISCARD <= action < c.DISCARD + c.n_cards:
            return self._discard_text(st, seat, action - c.DISCARD)
        if action == c.DECLINE:
            return f"{self.dealer(seat)} leaves the upcard"
        if action == c.ALONE:
            return f"{who} goes alone"
        if action == c.TOGETHER:
            return f"{who} plays with partner"
        if action == c.STAY:
            return f"{who} stays in"
        if action == c.FOLD:
            return f"{who} folds"
        if c.CALL <= action < c.BID:
            name = self.rules.contracts[action - c.CALL].name
            if st.upcard >= 0 and st.up_suit < 0:
                return f"{self.dealer(seat)} names {contract_text(name)} for the turned-up {self.card(st.upcard)}"
            return f"{who} calls {contract_text(name)}"
        if c.BID <= action < c.ACE:
            return f"{who} bids {action - c.BID}"
        if action >= c.ACE:
            suit = self.rules.deck.suits[action - c.ACE]
            rank = getattr(self.rules.phases[st.phase], "rank", None)
            card = card_text(self.rules.deck.ranks[rank] + suit) if rank is not None else suit_text(suit)
            return f"{who} calls the {card} as secret partner"
        return f"{who}: {action_text(self.rules, action)}"

    def _discard_text(self, st: State, seat: int, card: int) -> str:
        dealer = self.dealer(seat)
        up = self.card(st.upcard)
        if self.viewer is not None and self.viewer != seat:
            return f"{dealer} picks up the {up} and discards"
        if card == st.upcard:
            return f"{dealer} discards the upcard {up}"
        return f"{dealer} picks up the {up} and discards {self.card(card)}"

    def _maybe_announce(self) -> None:
        """Once the contract is fixed and play begins: trump, maker, who sits out."""
        st = self.shadow
        if st is None or self.announced or st.phase != self.rules.play_phase or st.is_over:
            return
        self.announced = True
        rules = self.rules
        trump = contract_text(rules.contracts[st.contract].name)
        parts = [f"Trump: {trump}"]
        if st.maker >= 0:
            parts.append(f"maker: {self.seat(st.maker).lower()}")
        if st.bid:
            parts.append(f"contract: {st.bid}")
        # A called card nobody else holds leaves the maker alone, but that stays secret.
        lone = sorted(st.alone) if self.viewer is None or st.partner_card < 0 else []
        if lone:
            parts.append("alone: " + ", ".join(self.seat(s).lower() for s in lone))
        self.say("  " + " — ".join(parts))
        out = [s for s in range(rules.players) if st.out[s]]
        if out:
            self.say("  Sitting out: " + ", ".join(self.seat(s).lower() for s in out))

    def _tell_play(self, shadow: State, seat: int, card: int) -> None:
        number = shadow.played + 1
        tricks_before = list(shadow.tricks)
        reveals = card == shadow.partner_card and not shadow.partner_shown
        shadow.apply(card)
        self.trick.append((seat, card))
        if reveals:
            self.say(f"  The {self.card(card)} is played: {self.seat(seat).lower()} is the maker's partner")
        if shadow.tricks == tricks_before:
            return
        winner = next(s for s in range(self.rules.players) if shadow.tricks[s] != tricks_before[s])
        played = ", ".join(f"{self.seat(s).lower()} {self.card(c)}" for s, c in self.trick)
        self.say(f"  Trick {number}: {played} → {self.seat(winner).lower()} wins")
        self.trick = []

    def _tell_result(self, result: dict[str, Any]) -> None:
        rules = self.rules
        tricks = " · ".join(f"{self.seat(s).lower()} {t}" for s, t in enumerate(result["tricks"]))
        self.say(f"  Tricks: {tricks}")
        if result["partner"] is not None:
            self.say(f"  Partner: seat {result['partner']}")
        self.say(f"  Points: {scores_text(rules, result['delta'], signed=True)}")
