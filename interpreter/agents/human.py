"""A person at the table, through a text terminal.

The person sees only what `state.observation(seat)` holds — their own hand,
the upcard, public actions, the current trick and the scores — never the rest
of the state (the few fields read directly are the seat's own: its hand, the
suit led, how many cards it still lays away). The hand is shown as a player
holds it (trump first, then suit by suit, high to low), and so are the menus.

The person answers with the number of a listed action or its words (`9H`,
`10♥`, `order`, `call S`, or just `S`, `low`, `play`); in an auction a number
is the bid itself. When only one action is legal, Enter takes it. A bad answer
is explained and asked again. Streams are parameters so that tests can script
a whole game.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

from ..cards import norm_suit
from ..engine import State
from ..errors import TrickSpecError
from ..phases.base import Phase
from ..transcript import (
    Printer,
    action_text,
    card_text,
    cards_text,
    contract_text,
    dealt_contract,
    hand_text,
    scores_text,
    sorted_cards,
    suit_text,
    upcard_text,
)


class InputClosed(TrickSpecError):
    """The person's input ended (EOF): the game cannot go on."""


# Words a person says at the table for an action word of the records.
SYNONYMS = {
    "play": "stay",
    "stay in": "stay",
    "in": "stay",
    "out": "fold",
    "order up": "order",
    "pick it up": "order",
    "take it up": "order",
    "assist": "order",
    "go alone": "alone",
    "with partner": "together",
    "take the kitty": "exchange",
    "leave it": "decline",
}


class HumanAgent:
    """Asks a person for each decision of one seat.

    With `show_history` off, a narrator (see transcript.py) tells the table
    and shows the dealt hand and the upcard; the agent then shows the hand and
    the upcard again only when they have changed since they were last shown.
    """

    def __init__(
        self, seat: int, inp: TextIO | None = None, out: TextIO | None = None, show_history: bool = True
    ) -> None:
        self.seat = seat
        self.inp = inp
        self.out = out
        self.show_history = show_history
        self._printer: Printer | None = None
        self._seen = 0
        self._hand: State | None = None
        self._shown: dict[str, str] = {}  # what is on the screen already: "hand", "upcard"

    @property
    def printer(self) -> Printer:
        if self._printer is None:
            self._printer = Printer(self.out if self.out is not None else sys.stdout)
        return self._printer

    def act(self, state: State, seat: int) -> int:
        obs = state.observation(seat)
        legal = _in_hand_order(state, obs, state.legal_actions())
        self._show(state, obs, legal)
        bids = _bids(state, legal)
        task = _task(state, legal)
        if task:
            self.printer.line(f"  {task}")
        if bids:
            self.printer.line("    " + " · ".join(self._label(state, a) for a in legal) + "  (type a number to bid it)")
        else:
            for number, action in enumerate(legal, start=1):
                self.printer.line(f"    {number}) {self._label(state, action)}")
        while True:
            answer = self._ask(f"  Seat {seat}, your choice [{_choices(state, legal)}]: ")
            choice, problem = self._understand(state, legal, answer)
            if choice is not None:
                return choice
            self.printer.line(f"  {problem}")

    # -- what the person sees
    def _show(self, state: State, obs: dict[str, Any], legal: list[int]) -> None:
        """The seat's view: news since its last turn (if asked), hand, table."""
        rules = state.rules
        seat = obs["seat"]
        if state is not self._hand:
            self._hand, self._seen, self._shown = state, 0, {}
            if not self.show_history:  # the narrator showed the dealt hand and the upcard
                self._shown["hand"] = f"Your hand: {hand_text(rules, state.dealt[seat], dealt_contract(state))}"
                if obs["upcard"] is not None:
                    self._shown["upcard"] = f"Upcard: {upcard_text(obs['upcard'])}"
        say = self.printer.line
        if self.show_history:
            for who, word in obs["history"][self._seen :]:
                say(f"  seat {who}: {_pretty(word)}")
            self._seen = len(obs["history"])
        hand = f"Your hand: {hand_text(rules, state.hands[seat], _contract(state, obs))}"
        n = rules.codec.n_cards
        if set(state.hands[seat]) <= {a % n for a in legal if a < 3 * n}:
            self._shown["hand"] = hand  # the menu lists the whole hand, in this order
        self._show_once("hand", hand)
        if obs["upcard"] is not None and not obs["upcard_taken"] and not obs["trick"] and sum(obs["tricks"]) == 0:
            up = f"Upcard: {upcard_text(obs['upcard'], obs['upcard_suit'], obs['turned_down'] is not None)}"
            if not self.show_history and obs["turned_down"] is not None:
                self._shown["upcard"] = up  # the narrator said it was turned down
            self._show_once("upcard", up)
        naming = obs["upcard"] is not None and obs["upcard_suit"] is None and _names_upcard_suit(state)
        if naming and self.show_history:  # (the narrator has said so)
            say("  The joker is turned up: as dealer you name the suit it stands for.")
        if obs["trump"] is not None:
            line = f"Trump: {contract_text(obs['trump'])}"
            if obs["maker"] is not None:
                line += f" — maker: {_who(obs['maker'], seat)}"
            if obs["contract"] is not None:
                line += f" — contract: {obs['contract']}"
            if obs["partner"] == seat:
                line += " — you are the maker's secret partner (nobody knows until you play the called card)"
            elif obs["partner"] is not None:
                line += f" — partner: {_who(obs['partner'], seat)}"
            if not self.show_history and state.phase == rules.play_phase:
                self._shown.setdefault("trump", line)  # the narrator announced it as play began
            self._show_once("trump", line)
            scores = scores_text(rules, obs["scores"], viewer=seat).replace("Seat", "seat")
            self._show_once("scores", f"Scores: {scores}")
            if state.phase == rules.play_phase:
                tricks = " · ".join(f"{_who(s, seat)} {t}" for s, t in enumerate(obs["tricks"]))
                self._show_once("tricks", f"Tricks: {tricks}")
        if obs["trick"]:
            say("  On the table: " + ", ".join(f"{_who(s, seat)} {card_text(c)}" for s, c in obs["trick"]))

    def _show_once(self, key: str, text: str) -> None:
        """Print `text` unless it is what the screen shows already."""
        if self._shown.get(key) != text:
            self.printer.line(f"  {text}")
            self._shown[key] = text

    @staticmethod
    def _label(state: State, action: int) -> str:
        """A menu line: the action's words, with what it means here where the word alone is unclear."""
        rules = state.rules
        c = rules.codec
        if action == c.ORDER and state.up_suit >= 0:
            return f"order up {suit_text(rules.deck.suits[state.up_suit])}"
        if c.ACE <= action < c.size:
            rank = getattr(_phase(state), "rank", None)
            if rank is not None:
                card = card_text(rules.deck.ranks[rank] + rules.deck.suits[action - c.ACE])
                return f"{action_text(rules, action)} (the {card} as your secret partner)"
        if action == c.EXCHANGE:
            return "exchange (take from the kitty, then lay away as many)"
        if action == c.KEEP:
            phase = _phase(state)
            return "keep (play the hand)" if phase is not None and phase.ends_hand else "keep (no exchange)"
        if action == c.MISDEAL:
            return "misdeal (throw the hand in: no score, a new deal)"
        if action == c.CONCEDE:
            return "concede (the hand is not played)"
        if action == c.CLAIM:
            return "claim (lay your cards down: they take every trick)"
        if action == c.DECLINE:
            return "decline (leave the upcard)"
        if action == c.STAY:
            return "stay (play the hand)"
        return action_text(rules, action)

    # -- reading an answer
    def _ask(self, prompt: str) -> str:
        out = self.out if self.out is not None else sys.stdout
        out.write(prompt)
        out.flush()
        inp = self.inp if self.inp is not None else sys.stdin
        line = inp.readline()
        if not line:
            out.write("\n")
            raise InputClosed("no more input (end of file): the game is abandoned")
        if not _is_tty(inp):  # scripted input: show the answer, as a terminal would
            out.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    @staticmethod
    def _understand(state: State, legal: list[int], answer: str) -> tuple[int | None, str]:
        """The chosen action, or None and why the answer is not one."""
        rules = state.rules
        codec = rules.codec
        bids = _bids(state, legal)
        if not answer:
            if len(legal) == 1:
                return legal[0], ""
            if bids:
                return None, f"type the number of tricks to bid: {_choose(state, legal)}"
            return None, f"type a number from 1 to {len(legal)}, or the action itself"
        if answer.isdigit():
            k = int(answer)
            if bids:  # in an auction a number is a bid
                if k in bids:
                    return codec.BID + k, ""
                return None, f"you cannot bid {k} now: {_choose(state, legal)}"
            if 1 <= k <= len(legal):
                return legal[k - 1], ""
            return None, f"{k} is not on the list: {_choose(state, legal)}"
        words = " ".join(answer.lower().split())
        words = SYNONYMS.get(words, words)
        if words.startswith("play ") and len(words.split()) == 2:
            words = words.split()[1]  # "play 10♥"
        action = codec.parse(words)
        if action in legal:
            return action, ""
        # The words alone, where the verb is plain from the menu: 'H' or 'low' for a call,
        # a card to discard or to give, '7H' or 'misere' for a bid.
        for verb in ("call", "ace", "discard", "give", "bid"):
            other = codec.parse(f"{verb} {words}")
            if other in legal:
                return other, ""
        if codec.ORDER in legal and state.up_suit >= 0 and norm_suit(words) == rules.deck.suits[state.up_suit]:
            return codec.ORDER, ""  # round 1: the upcard's suit is the order
        if action is not None and action < codec.n_cards:
            # a called ace named by its card: 'A♠' for 'ace S'
            suit = rules.deck.suit_of(action)
            rank = getattr(_phase(state), "rank", None)
            if suit >= 0 and rules.deck.rank_of(action) == rank and codec.ACE + suit in legal:
                return codec.ACE + suit, ""
        if action is None:
            return None, f"'{answer}' is not an action here: {_choose(state, legal)}"
        word = _pretty(codec.to_str(action))
        if state.phase == rules.play_phase:  # say why: "you must follow ♣ (you hold 10♣)"
            return None, _why_not_card(state, legal, action)
        return None, f"{word} is not allowed now: {_choose(state, legal)}"


def _contract(state: State, obs: dict[str, Any]) -> int:
    """The contract the seat knows of (index into rules.contracts), -1 before trump is fixed."""
    if obs["trump"] is None:
        return -1
    return next(k for k, c in enumerate(state.rules.contracts) if c.name == obs["trump"])


def _in_hand_order(state: State, obs: dict[str, Any], legal: list[int]) -> list[int]:
    """The menu: cards to play, discard or give in the order of the hand as shown; other words as they come."""
    rules = state.rules
    n = rules.codec.n_cards
    cards = [a for a in legal if a < 3 * n]  # play, discard, give (see actions.py)
    if not cards:
        return legal
    base = {a % n: a - a % n for a in cards}
    ordered = [base[c] + c for c in sorted_cards(rules, base, _contract(state, obs))]
    return ordered + [a for a in legal if a >= 3 * n]


def _task(state: State, legal: list[int]) -> str | None:
    """What a card decision other than a play is for: the pick-up, a gift, laying away."""
    rules = state.rules
    c = rules.codec
    phase = _phase(state)
    if any(c.GIVE <= a < c.GIVE + c.n_cards for a in legal):
        taker = phase.taker(state) if phase is not None else -1
        if taker >= 0 and taker in state.alone:
            return "Your partner goes alone: give him one card."
        return f"Give one card face down to seat {taker}." if taker >= 0 else "Give one card."
    if not any(c.DISCARD <= a < c.DISCARD + c.n_cards for a in legal):
        return None
    if phase is not None and phase.picks_up_upcard:
        up = card_text(c.to_str(state.upcard))
        if c.DECLINE in legal:
            return f"Take the {up} into your hand and discard one card, or decline (leave it)."
        return f"You take the {up} into your hand: discard one card."
    left = phase.cards_to_lay_away(state) if phase is not None else 1
    return f"Lay away {'one card' if left == 1 else f'{left} cards, one at a time'}."


def _phase(state: State) -> Phase | None:
    rules = state.rules
    return rules.phases[state.phase] if 0 <= state.phase < len(rules.phases) else None


def _names_upcard_suit(state: State) -> bool:
    phase = _phase(state)
    return phase is not None and phase.names_upcard_suit


def _bids(state: State, legal: list[int]) -> list[int]:
    """The bids (numbers of tricks) among `legal`: empty unless this is an auction."""
    c = state.rules.codec
    return [a - c.BID for a in legal if c.BID <= a < c.ACE and c.to_str(a)[4:].isdigit()]


def _choices(state: State, legal: list[int]) -> str:
    """The prompt's hint: '1-4', '1, or Enter', 'bid 4-6, or pass'."""
    bids = _bids(state, legal)
    if bids:
        span = str(bids[0]) if len(bids) == 1 else f"{bids[0]}-{bids[-1]}"
        others = [action_text(state.rules, a) for a in legal if a - state.rules.codec.BID not in bids]
        return f"bid {span}" + "".join(f", or {w}" for w in others)
    if len(legal) == 1:
        return "1, or Enter"
    return f"1-{len(legal)}"


def _choose(state: State, legal: list[int]) -> str:
    """What may be answered, for a message: 'choose 1 to 4', 'bid 4 to 6, or pass'."""
    bids = _bids(state, legal)
    if bids:
        return _choices(state, legal).replace(f"{bids[0]}-{bids[-1]}", f"{bids[0]} to {bids[-1]}")
    return "type 1 or press Enter" if len(legal) == 1 else f"choose 1 to {len(legal)}"


def _why_not_card(state: State, legal: list[int], action: int) -> str:
    """Why a card cannot be played, in the table's symbols (State.why_illegal speaks the records')."""
    rules = state.rules
    codec = rules.codec
    if action >= codec.n_cards:
        return f"a card must be played now: {_choose(state, legal)}"
    if action not in state.hands[state.turn]:
        return f"you don't hold {card_text(codec.to_str(action))}"
    held = cards_text([codec.to_str(c) for c in legal])
    return f"you must follow {suit_text(rules.deck.suits[state.led])} (you hold {held})"


def _who(seat: int, viewer: int) -> str:
    return "you" if seat == viewer else f"seat {seat}"


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _pretty(word: str) -> str:
    """A record word with its card or suit as symbols, for the person reading."""
    parts = word.split()
    if word == "give":  # another side's card, face down
        return "gives a card"
    if word == "discard":
        return "lays away a card"
    if len(parts) == 1 and len(word) <= 3:  # card names are short, action words are not
        return card_text(word)
    if len(parts) == 2 and parts[0] in ("discard", "give"):
        return f"{parts[0]} {card_text(parts[1])}"
    if len(parts) == 2 and parts[0] in ("call", "ace") and len(parts[1]) == 1:
        return f"{parts[0]} {contract_text(parts[1])}"
    return word
