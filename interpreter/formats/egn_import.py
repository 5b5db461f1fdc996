"""EGN games to hand records (docs/hand-records.md), one record per deal.

EGN records the calls and the cards in the order they hit the table, never who
held what: the engine's own turn order says who played each card. A deal is
rebuilt by replaying it: the hands start as a guess (cards EGN names where it
names them, the rest in deck order), and whenever the seat to play does not hold
the card EGN shows, that card is moved into the seat's dealt hand (swapped with
a card nobody has seen yet) and the deal is replayed again. Each retry pins one
more card to its seat, so this ends after at most a deck's worth of retries.
Cards EGN never shows (a loner's partner's hand, the dealer's discard, the
kitty) stay as filled, listed in the record's `trickspec.filled`. A last replay
through `records.replay_record`, with every legality check, then finds real
problems: a renege is reported at its trick and play.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import State
from ..errors import RecordError, SpecError, TrickSpecError
from ..records import replay_record, spec_error_line
from ..rules import Rules
from ..variants import load_rules
from .egn_cards import CardWordError, from_egn
from .egn_rules import BASE_VARIANT, EgnRulesError, overlays_for

FILE_TYPE = "Euchre Game Notation"
CALL_WORDS = {"Pass": "pass", "Order": "order", "c": "call C", "d": "call D", "h": "call H", "s": "call S"}
NO_TRUMP_CALL = "n"
MAX_RETRIES = 64


class EgnError(TrickSpecError):
    """A problem with an EGN file: one line, located by the JSON path inside the file."""


class PartialDeal(EgnError):
    """A deal that stops before its hand is over, or breaks the rules (a renege): `--lenient` stops before it."""


@dataclass
class EgnDeal:
    """The parts of one EGN deal that decide the hand (annotations and branches are not)."""

    index: int
    dealer: int
    upcard: str
    calls: list[str]
    is_alone: bool
    alone_defender: int
    discard: str | None
    exchanges: list[dict[str, Any]]
    tricks: list[list[str]]
    player_cards: list[list[str]] | None

    @property
    def where(self) -> str:
        """Its JSON path (messages add `(hand N)` where they speak of the hand)."""
        return f"deals[{self.index}]"

    @property
    def hand(self) -> str:
        return f"deals[{self.index}] (hand {self.index + 1})"


@dataclass
class Imported:
    """The records of a file, and the problem that stopped it early (only with `lenient`)."""

    records: list[dict[str, Any]] = field(default_factory=list)
    stopped: str | None = None


# ------------------------------------------------------------------ reading
def read_egn(path: str) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise EgnError(f"{path}: no such file") from None
    except UnicodeDecodeError as err:
        raise EgnError(f"{path}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    except OSError as err:
        raise EgnError(f"{path}: cannot read ({err.strerror})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise EgnError(f"{path}:{err.lineno}:{err.colno}: malformed JSON: {err.msg}") from None
    except (RecursionError, ValueError) as err:
        raise EgnError(f"{path}: malformed JSON: {err}") from None


def _need(value: Any, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    ok = isinstance(value, kind) and not (isinstance(value, bool) and kind is int)
    if not ok:
        raise EgnError(f"{where}: expected {what}, got {json.dumps(value)[:60]}")
    return value


def _strings(value: Any, where: str, what: str) -> list[str]:
    _need(value, list, where, what)
    for i, item in enumerate(value):
        _need(item, str, f"{where}[{i}]", "a string")
    return list(value)


def _parse_deal(raw: Any, index: int, players: int) -> EgnDeal:
    where = f"deals[{index}]"
    if isinstance(raw, str):
        raise EgnError(f"{where}: a condensed (bit-packed) deal; convert the file to expanded JSON first")
    _need(raw, dict, where, "a deal object")
    state = _need(raw.get("initialState"), dict, f"{where}.initialState", "an object with dealer and upCard")
    dealer = _need(state.get("dealer"), int, f"{where}.initialState.dealer", "a seat number")
    if not 0 <= dealer < players:
        raise EgnError(f"{where}.initialState.dealer: {dealer} is not a seat (0 to {players - 1})")
    upcard = _need(state.get("upCard"), str, f"{where}.initialState.upCard", "a card")
    player_cards = state.get("playerCards")
    hands = None
    if player_cards is not None and any(player_cards):
        _need(player_cards, list, f"{where}.initialState.playerCards", "a list of hands")
        hands = [
            _strings(h, f"{where}.initialState.playerCards[{i}]", "a list of cards") for i, h in enumerate(player_cards)
        ]
    phases = _need(raw.get("phases", []), list, f"{where}.phases", "a list of phases")
    deal = EgnDeal(index, dealer, upcard, [], False, -1, None, [], [], hands)
    for p, phase in enumerate(phases):
        at = f"{where}.phases[{p}]"
        _need(phase, dict, at, "a phase object")
        kind = phase.get("type")
        if kind == "EUCHRE_BIDDING":
            deal.calls = _strings(phase.get("calls", []), f"{at}.calls", "a list of calls")
            deal.is_alone = bool(_need(phase.get("isAlone", False), bool, f"{at}.isAlone", "true or false"))
            deal.alone_defender = _need(phase.get("aloneDefender", -1), int, f"{at}.aloneDefender", "a seat or -1")
            if "discard" in phase:
                deal.discard = _need(phase["discard"], str, f"{at}.discard", "a card")
            exchanges = _need(phase.get("cardExchanges", []), list, f"{at}.cardExchanges", "a list")
            for e, exchange in enumerate(exchanges):
                _need(exchange, dict, f"{at}.cardExchanges[{e}]", "an object with receiver and cards")
                _strings(exchange.get("cards", []), f"{at}.cardExchanges[{e}].cards", "a list of cards")
            deal.exchanges = exchanges
        elif kind == "TRICK_PLAY":
            tricks = _need(phase.get("tricks", []), list, f"{at}.tricks", "a list of tricks")
            deal.tricks = [_strings(t, f"{at}.tricks[{i}]", "a list of cards") for i, t in enumerate(tricks)]
        else:
            raise EgnError(f"{at}.type: expected EUCHRE_BIDDING or TRICK_PLAY, got {json.dumps(kind)}")
    return deal


# ------------------------------------------------------------------ one deal
class _NeedCard(Exception):
    """The seat to play does not hold the card EGN shows: move it there and retry."""

    def __init__(self, seat: int, card: int, where: str) -> None:
        super().__init__(where)
        self.seat, self.card, self.where = seat, card, where


@dataclass
class _Attempt:
    actions: list[str]
    places: list[str]  # for each action, where EGN says it (a JSON path), for error lines


class _DealBuilder:
    """Rebuilds one deal's dealt hands and actions from its EGN calls and tricks."""

    def __init__(self, rules: Rules, deal: EgnDeal, scores: list[int], number: int, counters: dict[str, list[int]]):
        self.rules, self.deal, self.scores, self.number, self.counters = rules, deal, scores, number, counters
        deck = rules.deck
        self.where = deal.where
        self.upcard = self._card(deal.upcard, None, f"{self.where}.initialState.upCard")
        if deck.is_joker(self.upcard):
            raise EgnError(
                f"{self.where}: the upcard is the joker; EGN does not record the suit the dealer names for it"
            )
        self.hand_size = rules.hand_tricks
        n = rules.players
        self.pinned: dict[int, int] = {}  # card -> the seat that must hold it at the deal (-1: the undealt cards)
        self.known: set[int] = {self.upcard}  # cards EGN shows (never filled)
        self.plays: dict[int, int] = {}  # card -> the seat that plays it (so it must not discard it)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        if deal.player_cards is not None:
            self._given_hands(deal.player_cards)
        self.gifts: dict[int, int] = {}  # seat -> card it gives (partner's best)
        self.kept: dict[int, list[int]] = {}  # seat -> kitty cards it keeps (farmers, going under)
        for e, exchange in enumerate(deal.exchanges):
            self._exchange(exchange, f"{self.where}.phases[0].cardExchanges[{e}]")
        self._fill()

    # -- cards
    def _card(self, word: str, state: State | None, where: str) -> int:
        contract = None if state is None or state.contract < 0 else self.rules.contracts[state.contract]
        try:
            return from_egn(self.rules.deck, word, contract)
        except CardWordError as err:
            raise EgnError(f"{where}: {err}") from None

    def _given_hands(self, given: list[list[str]]) -> None:
        if len(given) != self.rules.players:
            raise EgnError(
                f"{self.where}.initialState.playerCards: {len(given)} hands for {self.rules.players} players"
            )
        for seat, words in enumerate(given):
            at = f"{self.where}.initialState.playerCards[{seat}]"
            if not words:  # an unknown hand (a stream shows only some)
                continue
            if len(words) != self.hand_size:
                raise EgnError(f"{at}: {len(words)} cards; a hand has {self.hand_size}")
            for word in words:
                card = self._card(word, None, at)
                if card in self.known:
                    raise EgnError(f"{at}: {word} is dealt twice")
                self.known.add(card)
                self.pinned[card] = seat

    def _exchange(self, exchange: dict[str, Any], at: str) -> None:
        receiver, sender = exchange.get("receiver"), exchange.get("sender", exchange.get("receiver"))
        n = self.rules.players
        for name, seat in (("receiver", receiver), ("sender", sender)):
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
                raise EgnError(f"{at}.{name}: expected a seat (0 to {n - 1}), got {json.dumps(seat)}")
        cards = [self._card(w, None, f"{at}.cards") for w in exchange.get("cards", [])]
        assert isinstance(receiver, int) and isinstance(sender, int)
        owner = -1 if sender == receiver else sender
        for card in cards:
            if card in self.known and self.pinned.get(card) != owner:
                raise EgnError(f"{at}.cards: {self.rules.codec.to_str(card)} is shown twice")
            self.known.add(card)
        if sender == receiver:  # a kitty exchange: the kitty cards he keeps were undealt
            self.kept[receiver] = cards
            for card in cards:
                self.pinned[card] = -1
        else:
            if len(cards) != 1:
                raise EgnError(f"{at}.cards: a partner gives exactly one card, got {len(cards)}")
            self.gifts[sender] = cards[0]
            self.pinned[cards[0]] = sender

    def _fill(self) -> None:
        """Dealt hands: pinned cards where they belong, every other card in deck order."""
        n = self.rules.players
        hands: list[list[int]] = [[] for _ in range(n)]
        for card, seat in self.pinned.items():
            if seat >= 0:
                hands[seat].append(card)
        free = [c for c in range(self.rules.deck.size) if c not in self.pinned and c != self.upcard]
        for seat in range(n):
            while len(hands[seat]) < self.hand_size:
                hands[seat].append(free.pop(0))
        self.hands = hands

    # -- one replay
    def attempt(self) -> _Attempt:
        rules, deal = self.rules, self.deal
        codec = rules.codec
        state = rules.new_hand(
            deal.dealer, [list(h) for h in self.hands], self.upcard, list(self.scores), self.number, self.counters
        )
        calls = list(deal.calls)
        plays = [(t, i, w) for t, trick in enumerate(deal.tricks) for i, w in enumerate(trick)]
        actions: list[str] = []
        places: list[str] = []
        call_at, play_at = 0, 0
        bid_path = f"{self.where}.phases[0]"
        play_path = f"{self.where}.phases[1]"
        while not state.is_over:
            seat = state.turn
            legal = state.legal_actions()
            words = [codec.to_str(a) for a in legal]
            if state.playing:
                if play_at >= len(plays):
                    raise PartialDeal(self._stops(state, plays))
                t, i, word = plays[play_at]
                place = f"{play_path}.tricks[{t}][{i}]"
                if (i == 0) != (not state.trick):
                    size = state.trick_size // 2
                    raise EgnError(f"{play_path}.tricks[{t}]: {len(deal.tricks[t])} cards, but {size} players play it")
                card = self._card(word, state, place)
                if card not in state.hands[seat]:
                    raise _NeedCard(seat, card, place)
                self.known.add(card)
                self.plays[card] = seat
                if card in self.hands[seat]:
                    self.pinned.setdefault(card, seat)
                action, play_at = card, play_at + 1
            elif "pass" in words or "order" in words or any(w.startswith("call ") for w in words):
                place = f"{bid_path}.calls[{call_at}]"
                if call_at >= len(calls):
                    raise PartialDeal(f"{self.deal.hand} is not finished: the calls stop before trump is made")
                action = self._call(calls[call_at], legal, words, seat, place)
                call_at += 1
            elif any(w.startswith("discard ") for w in words):
                place = f"{bid_path}.discard"
                action = self._discard(state, seat, legal)
            elif "alone" in words or "together" in words:
                asked_maker = seat == state.maker
                place = f"{bid_path}.isAlone" if asked_maker else f"{bid_path}.aloneDefender"
                alone = deal.is_alone if asked_maker else deal.alone_defender == seat
                action = codec.ALONE if alone else codec.TOGETHER
                if action not in legal:
                    raise EgnError(f"{place}: seat {seat} must answer {' or '.join(words)} here")
            elif any(w.startswith("give ") for w in words):
                place = f"{bid_path}.cardExchanges"
                action = self._give(state, seat, legal)
            elif "exchange" in words:
                place = f"{bid_path}.cardExchanges"
                action = codec.EXCHANGE if seat in self.kept else codec.KEEP
            else:
                raise EgnError(f"{self.where}: seat {seat} must choose one of {', '.join(words)}; EGN cannot say it")
            actions.append(codec.to_str(action))
            places.append(place)
            state.apply(action)
        if call_at < len(calls):
            raise EgnError(f"{bid_path}.calls[{call_at}]: a call after the bidding is over")
        if play_at < len(plays):
            t, i, _ = plays[play_at]
            raise EgnError(f"{play_path}.tricks[{t}][{i}]: a card after the hand is over")
        return _Attempt(actions, places)

    def _stops(self, state: State, plays: list[tuple[int, int, str]]) -> str:
        done = len(state.trick_winners)
        if not plays:
            return f"{self.deal.hand} is not finished: trump is made but no trick is recorded"
        t, i, _ = plays[-1]
        return (
            f"{self.deal.hand} is not finished: it stops after trick {t + 1}, play {i + 1} "
            f"({done} of {self.hand_size} tricks complete)"
        )

    def _call(self, call: str, legal: list[int], words: list[str], seat: int, place: str) -> int:
        codec = self.rules.codec
        if call == NO_TRUMP_CALL:
            trumpless = [w for w in words if w.startswith("call ") and w[5:] not in self.rules.deck.suits]
            if len(trumpless) != 1:
                raise EgnError(
                    f"{place}: seat {seat} calls no-trump, which the ruleset does not allow (allow_no_trump)"
                )
            word = trumpless[0]
        elif call in CALL_WORDS:
            word = CALL_WORDS[call]
        else:
            raise EgnError(f"{place}: the call {json.dumps(call)} is unknown and cannot be replayed")
        action = codec.parse(word)
        if action is None or action not in legal:
            raise EgnError(f"{place}: seat {seat} may not call {json.dumps(call)} here (allowed: {', '.join(words)})")
        return action

    def _discard(self, state: State, seat: int, legal: list[int]) -> int:
        """The card EGN names for the dealer's discard, else one the seat never plays (a filled card first)."""
        codec = self.rules.codec
        cards = [a - codec.DISCARD for a in legal]
        first_dealer_discard = (
            seat == state.dealer
            and self.upcard in cards
            and not any(codec.DISCARD <= a < codec.DISCARD + codec.n_cards for s, a in state.history if s == seat)
        )
        if first_dealer_discard and self.deal.discard is not None:
            card = self._card(self.deal.discard, state, f"{self.where}.phases[0].discard")
            if card not in cards:
                raise _NeedCard(seat, card, f"{self.where}.phases[0].discard")
            self.known.add(card)
            return codec.DISCARD + card
        kept = set(self.kept.get(seat, []))
        spare = [c for c in cards if self.plays.get(c) != seat and c not in kept]
        if not spare:
            raise EgnError(f"{self.where}: seat {seat} must discard, but plays every card it holds")
        spare.sort(key=lambda c: c in self.known)  # a card nobody has seen before a seen one
        return codec.DISCARD + spare[0]

    def _give(self, state: State, seat: int, legal: list[int]) -> int:
        codec = self.rules.codec
        if seat in self.gifts:
            action = codec.GIVE + self.gifts[seat]
            if action not in legal:
                raise EgnError(f"{self.where}.phases[0].cardExchanges: seat {seat} gives a card it does not hold")
            return action
        cards = [a - codec.GIVE for a in legal]
        spare = sorted(cards, key=lambda c: c in self.known)
        return codec.GIVE + spare[0]

    # -- fixing a guess
    def move(self, need: _NeedCard) -> None:
        """Put `need.card` into `need.seat`'s dealt hand, swapping out a card nobody has seen there."""
        card, seat = need.card, need.seat
        name = self.rules.codec.to_str(card)
        owner = self.pinned.get(card)
        if card == self.upcard:
            raise PartialDeal(f"{need.where}: seat {seat} plays the upcard {name}, which it never held")
        if owner is not None and owner != seat:
            who = "the undealt cards" if owner < 0 else f"seat {owner}"
            raise PartialDeal(f"{need.where}: seat {seat} plays {name}, but {who} held it")
        if owner == seat and self.plays.get(card) == seat:
            raise PartialDeal(f"{need.where}: seat {seat} plays {name}, which it no longer holds")
        self.plays[card] = seat
        if owner == seat:
            return  # dealt here and discarded: the next discard is another card
        self.pinned[card] = seat
        self.known.add(card)
        mine = self.hands[seat]
        if card in mine:
            return  # it was dealt here and discarded: pinned now, the next discard is another card
        spare = next((i for i, c in enumerate(mine) if c not in self.pinned and c not in self.known), None)
        if spare is None:
            raise PartialDeal(f"{need.where}: seat {seat} plays {name}, but it holds no card for it")
        for other in self.hands:
            if card in other:
                other[other.index(card)] = mine[spare]
                break
        mine[spare] = card

    def canonical_fill(self) -> None:
        """Unseen cards in deck order over the unseen places, seat by seat, whatever the retries did.

        So the filled cards depend only on what EGN shows (an exported and
        re-imported deal fills the same cards)."""
        unseen = sorted(c for c in range(self.rules.deck.size) if c not in self.known and c not in self.pinned)
        for hand in self.hands:
            for i, card in enumerate(hand):
                if card not in self.known and card not in self.pinned:
                    hand[i] = unseen.pop(0)

    def build(self) -> tuple[_Attempt, list[list[int]]]:
        settled = False
        for _ in range(MAX_RETRIES):
            try:
                attempt = self.attempt()
            except _NeedCard as need:
                self.move(need)
                continue
            if settled:
                return attempt, self.hands
            self.canonical_fill()
            settled = True
        raise EgnError(f"{self.where}: the dealt hands cannot be rebuilt from the tricks")  # pragma: no cover


# ------------------------------------------------------------------ the file
def _record(
    rules: Rules,
    deal: EgnDeal,
    overlays: list[str],
    options: dict[str, int],
    hands: list[list[int]],
    upcard: int,
    scores: list[int],
    number: int,
    counters: dict[str, list[int]],
    attempt: _Attempt,
    known: set[int],
) -> dict[str, Any]:
    codec = rules.codec
    rec: dict[str, Any] = {"variant": BASE_VARIANT}
    if options:
        rec["options"] = dict(options)
    rec["players"] = rules.players
    rec["dealer"] = deal.dealer
    rec["hands"] = [[codec.to_str(c) for c in sorted(hand)] for hand in hands]
    rec["upcard"] = codec.to_str(upcard)
    rec["scores_before"] = list(scores)
    ext: dict[str, Any] = {}
    if overlays:
        ext["rules"] = list(overlays)
    if number > 1:
        ext["deal"] = number
    if rules.counters:
        ext["counters_before"] = {k: list(v) for k, v in counters.items()}
    filled = sorted((c for hand in hands for c in hand if c not in known), key=lambda c: c)
    if filled:
        ext["filled"] = [codec.to_str(c) for c in filled]
    if ext:
        rec["trickspec"] = ext
    rec["actions"] = attempt.actions
    return rec


def import_egn(data: Any, source: str = "<egn>", lenient: bool = False) -> Imported:
    """An EGN document to hand records; the first problem raises (`lenient`: stops there instead)."""
    try:
        return _import(data, source, lenient)
    except EgnRulesError as err:
        raise EgnError(f"{source}: metadata.{err}") from None
    except EgnError as err:
        text = str(err)
        raise type(err)(text if text.startswith(source) else f"{source}: {text}") from None


def _import(data: Any, source: str, lenient: bool) -> Imported:
    _need(data, dict, "the file", "an EGN object")
    if data.get("fileType") != FILE_TYPE:
        raise EgnError(f"fileType: expected {json.dumps(FILE_TYPE)}, got {json.dumps(data.get('fileType'))}")
    meta = _need(data.get("metadata"), dict, "metadata", "an object")
    ruleset = _need(meta.get("ruleset", {}), dict, "metadata.ruleset", "an object of toggles")
    overlays, options = overlays_for(ruleset)
    try:
        rules = load_rules(BASE_VARIANT, options, overlays)
    except SpecError as err:  # pragma: no cover - the bundled overlays compile (tests check them)
        raise EgnError(spec_error_line(err)) from None
    initial = meta.get("initialScore", rules.start_scores())
    if not (isinstance(initial, list) and len(initial) == rules.n_sides and all(type(s) is int for s in initial)):
        raise EgnError(f"metadata.initialScore: expected {rules.n_sides} integers, got {json.dumps(initial)}")
    deals = _need(data.get("deals"), list, "deals", "a list of deals")
    out = Imported()
    scores, counters = list(initial), rules.start_counters()
    ended_at: int | None = None
    for index, raw in enumerate(deals):
        deal = _parse_deal(raw, index, rules.players)
        if ended_at is not None:
            problem = f"deals[{index}]: the match was already won at deals[{ended_at}]"
            if lenient:
                out.stopped = problem
                break
            raise EgnError(problem)
        try:
            record = _one_deal(rules, deal, overlays, options, scores, index + 1, counters)
        except PartialDeal as err:
            if not lenient:
                raise
            out.stopped = str(err)
            break
        replayed = replay_record(record)
        out.records.append(record)
        scores = list(replayed.result["scores"])
        counters = replayed.state.counters
        if replayed.result["winners"]:
            ended_at = index
    final = meta.get("finalScore")
    if final is not None and out.stopped is None and final != scores:
        raise EgnError(f"metadata.finalScore: the file says {final}, the deals replay to {scores}")
    return out


def _one_deal(
    rules: Rules,
    deal: EgnDeal,
    overlays: list[str],
    options: dict[str, int],
    scores: list[int],
    number: int,
    counters: dict[str, list[int]],
) -> dict[str, Any]:
    builder = _DealBuilder(rules, deal, scores, number, counters)
    attempt, hands = builder.build()
    record = _record(
        rules, deal, overlays, options, hands, builder.upcard, scores, number, counters, attempt, builder.known
    )
    try:
        replay_record(record)
    except RecordError as err:
        raise PartialDeal(_renege_line(str(err), attempt, deal)) from None
    return record


def _renege_line(text: str, attempt: _Attempt, deal: EgnDeal) -> str:
    """The replay's `action K (seat S, "XX"): why` located at EGN's trick and play."""
    prefix = "action "
    if text.startswith(prefix):
        number = text[len(prefix) :].split(" ", 1)[0]
        if number.isdigit() and int(number) < len(attempt.places):
            place = attempt.places[int(number)]
            detail = text.split(": ", 1)[1] if ": " in text else text
            seat = text.split("(", 1)[1].split(",", 1)[0] if "(" in text else ""
            if ".tricks[" in place:
                t, i = (int(x) for x in place.split(".tricks[", 1)[1].rstrip("]").split("]["))
                return f"{place}: hand {deal.index + 1}, trick {t + 1}, play {i + 1}: {seat} reneges: {detail}"
            return f"{place}: hand {deal.index + 1}: {seat}: {detail}"
    return f"{deal.hand}: {text}"


def import_file(path: str, lenient: bool = False) -> Imported:
    return import_egn(read_egn(path), path, lenient)


def records_jsonl(records: Sequence[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
