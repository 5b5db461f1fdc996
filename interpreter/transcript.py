"""The table-side account of a match, as a person at the table would tell it.

The narrator never reads the live `State` directly while it is being played:
it rebuilds each hand from what was dealt and replays the public history on a
shadow copy, so the account is the same whatever drives the match (bots, a
person, a replay). In a game with a person at the table (`viewer`), it prints
only what that seat may see: its own hand, public actions, the cards played —
never another seat's hand, another seat's discard (the dealer's, a kitty
exchange's, a loner's) or a card passed to a loner by another side.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from .engine import State
from .match import HandRecord, MatchResult
from .rules import GAMES_COUNTER, Rules

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


# Answers told by one fixed sentence, by their record word ("exchange" is told with
# the count once applied, see _tell).
_ANSWER_PHRASES: dict[str, str] = {
    "alone": "{who} goes alone",
    "together": "{who} plays with partner",
    "stay": "{who} stays in",
    "fold": "{who} folds",
    "exchange": "{who} takes from the kitty",
    "misdeal": "{who} shows his hand and calls a misdeal",
    "concede": "{who} concedes the hand",
    "claim": "{who} lays his cards down: they take every trick",
}


def action_text(rules: Rules, action: int) -> str:
    """An action's record word with cards and suits as symbols ('call ♥', 'discard 10♣')."""
    words = rules.codec.to_str(action).split()
    if len(words) == 1:
        return card_text(words[0]) if action < rules.codec.n_cards else words[0]
    verb, arg = words
    if verb in ("discard", "give"):
        return f"{verb} {card_text(arg)}"
    if verb in ("call", "ace"):
        return f"{verb} {suit_text(arg) if len(arg) == 1 else arg}"
    return f"{verb} {arg}"


def plural(n: int, word: str) -> str:
    """'1 hand', '2 hands'."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def side_label(rules: Rules, side: int, viewer: int | None = None) -> str:
    """'Seats 0+2' for a partnership, 'Seat k' where every seat is its own side;
    the viewer's side is marked: 'Seats 0+2 (you)', 'Seat 1 (you)'."""
    seats = [s for s in range(rules.players) if rules.side_of[s] == side]
    label = f"Seat {seats[0]}" if len(seats) == 1 else "Seats " + "+".join(map(str, seats))
    return f"{label} (you)" if viewer in seats else label


def scores_text(rules: Rules, scores: Sequence[int], signed: bool = False, viewer: int | None = None) -> str:
    fmt = "{:+d}" if signed else "{:d}"
    return " · ".join(f"{side_label(rules, k, viewer)} {fmt.format(v)}" for k, v in enumerate(scores))


# ------------------------------------------------------------- a hand in order
def _plain_power(rules: Rules) -> list[int]:
    """Each card's strength in its own suit when it is not trump (for sorting before trump is fixed)."""
    deck = rules.deck
    power = [deck.rank_of(c) for c in range(deck.size)]
    for c in range(deck.size):
        suit = deck.suit_of(c)
        if suit < 0:
            continue
        # a suit contract where the card is plain (not trump, not a bower), else a no-trump one
        plain = [k for k in rules.contracts if k.follow[c] == suit and k.trump != suit]
        plain.sort(key=lambda k: k.trump < 0)
        if plain:
            power[c] = plain[0].power[c]
    return power


def sorted_cards(rules: Rules, cards: Iterable[int], contract: int = -1) -> list[int]:
    """A hand as a player holds it: trump first (bowers and joker included), then each
    suit, high to low; before trump is fixed, by printed suit and plain order."""
    if contract < 0:
        deck = rules.deck
        plain = _plain_power(rules)
        return sorted(cards, key=lambda c: (deck.suit_of(c), -plain[c]))
    k = rules.contracts[contract]
    trump = k.trump

    def key(c: int) -> tuple[int, int]:
        suit = k.follow[c]
        return (-1 if trump >= 0 and suit == trump else suit, -k.power[c])

    return sorted(cards, key=key)


def dealt_contract(state: State) -> int:
    """The contract fixed by the deal itself (an `auto_trump` phase), else -1."""
    rules = state.rules
    auto = any(p.deals_trump and p.id == state.fixed_by for p in rules.phases)
    return state.contract if auto and state.contract >= 0 else -1


def hand_text(rules: Rules, cards: Iterable[int], contract: int = -1) -> str:
    """A hand in order, as symbols: 'J♦ J♥ A♦ A♥ 9♥' (diamonds trump)."""
    codec = rules.codec
    return cards_text([codec.to_str(c) for c in sorted_cards(rules, cards, contract)])


def upcard_text(card: str, named: str | None = None, down: bool = False) -> str:
    """'Q♦', 'Q♦ (turned down)', 'JK (the joker, as ♥)'."""
    text = card_text(card)
    if card.upper().startswith("JK") and named is not None:
        text += f" (the joker, as {suit_text(named)})"
    return text + (" (turned down)" if down else "")


def suit_noun(rules: Rules, suit: int) -> str:
    """'club' for clubs: a card of the suit."""
    word = rules.deck.suit_word(suit)
    return word[:-1] if word.endswith("s") else word


class Printer:
    """Lines to a stream, red suits on a terminal, plain text when piped."""

    def __init__(self, out: TextIO) -> None:
        self.console = Console(file=out, highlight=False, markup=False, emoji=False)
        # A terminal gets lines wrapped between words at its width; a file or a pipe, whole lines.
        self.console.soft_wrap = not self.console.is_terminal

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
        self.games_ended = 0  # games of the match that ended so far (specs played in games)

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

    def the(self, card: int) -> str:
        """'the Q♦', 'the joker': a card named in a sentence."""
        return "the joker" if self.rules.deck.is_joker(card) else f"the {self.card(card)}"

    # -- match
    def match_start(self, seed: int, first_dealer: int, draws: list[list[tuple[int, str]]]) -> None:
        rules = self.rules
        if self.quiet:
            return
        sides = " vs ".join(side_label(rules, k) for k in range(rules.n_sides))
        self.printer.heading(f"{rules.heading} — {rules.players} players ({sides}) — seed {seed}")
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
        final = scores_text(rules, result.scores, viewer=self.viewer)
        hands = plural(len(result.hands), "hand")
        if result.winners:
            names = ", ".join(side_label(rules, w, self.viewer) for w in result.winners)
            word = "Winner" if len(result.winners) == 1 else "Winners (shared)"
            games = self._games_text(result.hands[-1].state) if result.hands else ""
            self.printer.heading(f"{word}: {names} — final score {final}{games} after {hands}")
        else:
            self.printer.heading(f"No winner after {hands} — score {final}")

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
        state = hand.state
        if result["status"] == "redeal" and state.next_dealer == state.dealer:
            self.say(f"No score: {self.seat(state.dealer).lower()} deals again.")
        elif result["status"] == "redeal" and state.history and state.history[-1][1] == rules.codec.MISDEAL:
            self.say("No score: the deal passes.")
        elif result["status"] == "redeal":
            self.say("Nobody made trump: no score, the deal passes.")
        elif result["status"] == "conceded":
            self.say(f"  Not played. Points: {scores_text(rules, result['delta'], signed=True, viewer=self.viewer)}")
        else:
            self._tell_result(result)
        self.say(f"Score: {scores_text(rules, result['scores'], viewer=self.viewer)}")
        game = result.get("trickspec")
        if game is not None:  # this hand ended a game of the match (`games`)
            self.games_ended += 1
            names = ", ".join(side_label(rules, w, self.viewer) for w in game["game_winners"])
            self.say(f"Game {self.games_ended} won by {names}{self._games_text(hand.state)}.")
            if not result["winners"]:
                start = scores_text(rules, game["next_scores"], viewer=self.viewer)
                self.say(f"Game {self.games_ended + 1} starts at {start}.")
        self.say()
        self.source = None

    def _games_text(self, state: State) -> str:
        """' — games won: Seats 0+2 1 · Seats 1+3 2', or '' when the match is not played in games."""
        games = state.counters.get(GAMES_COUNTER) if self.rules.games is not None else None
        if games is None:
            return ""
        return f" — games won: {scores_text(self.rules, games, viewer=self.viewer)}"

    def _start_hand(self, state: State) -> None:
        rules = self.rules
        self.hand_no += 1
        self.source = state
        self.seen = 0
        self.trick = []
        self.announced = False
        upcard = None if state.upcard < 0 else state.upcard
        shadow = rules.new_hand(state.dealer, [list(h) for h in state.dealt], upcard, state.scores_before)
        self.shadow = shadow
        if not self.quiet:
            self.printer.heading(f"Hand {self.hand_no} — dealer: seat {state.dealer}")
        contract = dealt_contract(shadow)
        for seat in range(rules.players):
            if self.viewer is None or seat == self.viewer:
                label = "Your hand" if seat == self.viewer else f"Seat {seat}"
                self.say(f"  {label}: {hand_text(rules, state.dealt[seat], contract)}")
        if upcard is not None:
            self.say(f"  Upcard: {self.card(upcard)}")
            self._explain_upcard(shadow)
        self._maybe_announce()

    def _explain_upcard(self, st: State) -> None:
        """What the upcard does by itself: a turned joker, a suit that makes trump."""
        rules = self.rules
        if st.up_suit < 0:
            if 0 <= st.phase < len(rules.phases) and rules.phases[st.phase].names_upcard_suit:
                self.say("  The joker is turned up: the dealer names the suit it stands for.")
            else:
                self.say("  The joker is turned up: it has no suit, so nobody can order it up.")
            return
        fixed = next((p for p in rules.phases if p.deals_trump and p.id == st.fixed_by), None)
        if fixed is not None and st.contract >= 0:
            suit = suit_text(rules.deck.suits[st.up_suit])
            name = f" ({fixed.id.replace('_', ' ')})" if fixed.id and not fixed.id[-1].isdigit() else ""
            self.say(f"  The upcard is a {suit_noun(rules, st.up_suit)}: {suit} is trump, without bidding{name}.")

    def _tell(self, shadow: State, seat: int, action: int) -> None:
        rules = self.rules
        if shadow.phase == rules.play_phase:
            self._tell_play(shadow, seat, action)
            return
        codec = rules.codec
        before_down = shadow.turned_down
        held = list(shadow.hands[seat])
        text = self._bid_text(shadow, seat, action)
        shadow.apply(action)
        if action == codec.EXCHANGE:
            text = self._exchange_text(shadow, seat, held)
        self.say(f"  {text}")
        if codec.ACE <= action < codec.size and self.viewer is not None and shadow.partner == self.viewer:
            card = self.card(shadow.partner_card)
            self.say(f"  You hold the {card}: you are {self.seat(seat).lower()}'s secret partner.")
        if before_down < 0 <= shadow.turned_down and shadow.upcard >= 0:
            self.say(f"  Everybody passed; {self.the(shadow.upcard)} is turned down.")
        self._maybe_announce()

    def _bid_text(self, st: State, seat: int, action: int) -> str:
        """One bidding or declaration action in words, from the state before it."""
        rules = self.rules
        c = rules.codec
        who = self.seat(seat)
        if action == c.PASS:
            return f"{who} passes"
        if action == c.ORDER:
            return self._order_text(st, seat)
        if c.DISCARD <= action < c.DISCARD + c.n_cards:
            return self._discard_text(st, seat, action - c.DISCARD)
        if c.GIVE <= action < c.GIVE + c.n_cards:
            return self._give_text(st, seat, action - c.GIVE)
        if action == c.DECLINE:
            return f"{self.dealer(seat)} leaves the upcard"
        if action == c.KEEP:
            if st.phase >= 0 and rules.phases[st.phase].ends_hand:
                return f"{who} keeps the hand and plays on"
            return f"{who} keeps the hand (no exchange)"
        if c.PASS <= action < c.CALL and (phrase := _ANSWER_PHRASES.get(c.to_str(action))) is not None:
            return phrase.format(who=who)
        if c.CALL <= action < c.BID:
            name = rules.contracts[action - c.CALL].name
            if rules.phases[st.phase].names_upcard_suit:
                return f"{self.dealer(seat)} names {contract_text(name)} for the turned-up joker"
            return f"{who} calls {contract_text(name)}"
        if c.BID <= action < c.ACE:
            word = c.to_str(action)[4:]  # "4", "7H" (said 7♥), "6NT", "misere"
            if word[:1].isdigit() and not word.isdigit() and word[-1:] in SUIT_SYMBOLS:
                word = word[:-1] + suit_text(word[-1])
            return f"{who} bids {word}"
        if action >= c.ACE:
            suit = rules.deck.suits[action - c.ACE]
            rank = getattr(rules.phases[st.phase], "rank", None)
            card = card_text(rules.deck.ranks[rank] + suit) if rank is not None else suit_text(suit)
            return f"{who} calls the {card} as secret partner"
        return f"{who}: {action_text(rules, action)}"  # pragma: no cover - every action word is told above

    def _order_text(self, st: State, seat: int) -> str:
        """Round 1's `order` in the table's words: the dealer 'takes it up', his partner 'assists'."""
        rules = self.rules
        suit = suit_text(rules.deck.suits[st.up_suit])
        if seat == st.dealer:
            return f"{self.seat(seat)} takes it up ({suit})"
        if rules.side_of[seat] == rules.side_of[st.dealer]:
            return f"{self.seat(seat)} assists (orders up {suit})"
        return f"{self.seat(seat)} orders up {suit}"

    def _sees(self, seat: int) -> bool:
        """May the viewer see a card `seat` lays away or passes? (everybody, in a bot match)"""
        return self.viewer is None or self.viewer == seat

    def _discard_text(self, st: State, seat: int, card: int) -> str:
        if not self.rules.phases[st.phase].picks_up_upcard:
            # not the dealer's pick-up: a kitty exchange or a loner's discard
            what = self.card(card) if self._sees(seat) else "a card"
            return f"{self.seat(seat)} lays away {what}"
        dealer = self.dealer(seat)
        up = self.the(st.upcard)
        if not self._sees(seat):
            return f"{dealer} picks up {up} and discards"
        if card == st.upcard:
            return f"{dealer} discards the upcard ({self.card(card)})"
        return f"{dealer} picks up {up} and discards {self.card(card)}"

    def _give_text(self, st: State, seat: int, card: int) -> str:
        """A card passed face down to a partner: only the giver and the taker see it (a card
        given blind is told to its taker with his answer)."""
        phase = self.rules.phases[st.phase]
        taker = phase.taker(st)
        to = "his partner" if taker < 0 else self.seat(taker).lower()
        viewer = self.viewer
        sees = viewer is None or viewer == seat or (viewer == taker and phase.taker_sees_at_once(st))
        return f"{self.seat(seat)} gives {self.card(card) if sees else 'a card'} to {to}"

    def _exchange_text(self, st: State, seat: int, held: list[int]) -> str:
        """After `exchange`: how many cards were taken (and which, to their taker)."""
        taken = [c for c in st.hands[seat] if c not in held]
        what = "the kitty" if not st.kitty else "from the kitty"
        text = f"{self.seat(seat)} takes {what} ({plural(len(taken), 'card')})"
        if self._sees(seat) and taken:
            text += ": " + " ".join(self.card(c) for c in sorted_cards(self.rules, taken, st.contract))
        return text

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
            the = self.the(card)
            self.say(f"  {the[0].upper()}{the[1:]} is played: {self.seat(seat).lower()} is the maker's partner")
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
        self.say(f"  Points: {scores_text(rules, result['delta'], signed=True, viewer=self.viewer)}")
