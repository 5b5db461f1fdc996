"""A person at the table, through a text terminal.

The person sees only `state.observation(seat)` — their own hand, the upcard,
public actions, the current trick and the scores — never the rest of the
state. They answer with the number of a listed action or its words (`9H`,
`10♥`, `order`, `call S`); a bad answer is explained and asked again. Streams
are parameters so that tests can script a whole game.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

from ..engine import State
from ..errors import TrickSpecError
from ..transcript import Printer, action_text, card_text, cards_text, contract_text


class InputClosed(TrickSpecError):
    """The person's input ended (EOF): the game cannot go on."""


class HumanAgent:
    """Asks a person for each decision of one seat."""

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

    @property
    def printer(self) -> Printer:
        if self._printer is None:
            self._printer = Printer(self.out if self.out is not None else sys.stdout)
        return self._printer

    def act(self, state: State, seat: int) -> int:
        obs = state.observation(seat)
        self._show(state, obs)
        legal = state.legal_actions()
        for number, action in enumerate(legal, start=1):
            self.printer.line(f"    {number}) {action_text(state.rules, action)}")
        while True:
            answer = self._ask(f"  Seat {seat}, your choice [1-{len(legal)}]: ")
            choice, problem = self._understand(state, legal, answer)
            if choice is not None:
                return choice
            self.printer.line(f"  {problem}")

    # -- what the person sees
    def _show(self, state: State, obs: dict[str, Any]) -> None:
        """The seat's view: news since its last turn (if asked), hand, table."""
        if state is not self._hand:
            self._hand, self._seen = state, 0
        say = self.printer.line
        if self.show_history:
            for who, word in obs["history"][self._seen :]:
                say(f"  seat {who}: {_pretty(word)}")
            self._seen = len(obs["history"])
        say(f"  Your hand: {cards_text(obs['hand'])}")
        if obs["upcard"] is not None and not obs["upcard_taken"] and not obs["trick"] and sum(obs["tricks"]) == 0:
            down = " (turned down)" if obs["turned_down"] is not None else ""
            say(f"  Upcard: {card_text(obs['upcard'])}{down}")
        if obs["trump"] is not None:
            maker = "" if obs["maker"] is None else f", maker: seat {obs['maker']}"
            say(f"  Trump: {contract_text(obs['trump'])}{maker}")
            if obs["partner"] is not None and obs["partner"] != obs["seat"]:
                say(f"  Partner: seat {obs['partner']}")
            say(f"  Tricks so far: {' '.join(map(str, obs['tricks']))}   Scores: {' '.join(map(str, obs['scores']))}")
        if obs["trick"]:
            say("  On the table: " + ", ".join(f"seat {s} {card_text(c)}" for s, c in obs["trick"]))

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
        if not answer:
            return None, f"type a number from 1 to {len(legal)}, or the action itself"
        if answer.isdigit():
            k = int(answer)
            if 1 <= k <= len(legal):
                return legal[k - 1], ""
            return None, f"{k} is not on the list: choose 1 to {len(legal)}"
        action = state.rules.codec.parse(answer)
        if action is None:
            return None, f"'{answer}' is not an action here: choose 1 to {len(legal)}"
        if action in legal:
            return action, ""
        word = _pretty(state.rules.codec.to_str(action))
        if state.phase == state.rules.play_phase:  # say why: "must follow hearts, …"
            return None, f"{word}: {state.why_illegal(action)}"
        return None, f"{word} is not allowed now: choose 1 to {len(legal)}"


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _pretty(word: str) -> str:
    """A record word with its card or suit as symbols, for the person reading."""
    parts = word.split()
    if len(parts) == 1 and len(word) <= 3:  # card names are short, action words are not
        return card_text(word)
    if len(parts) == 2 and parts[0] == "discard":
        return f"discard {card_text(parts[1])}"
    if len(parts) == 2 and parts[0] in ("call", "ace") and len(parts[1]) == 1:
        return f"{parts[0]} {contract_text(parts[1])}"
    return word
