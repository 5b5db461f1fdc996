"""Hand records to one EGN game.

Each record is replayed first (so only legal hands are written), then its
actions are turned back into EGN's calls, `isAlone`, `aloneDefender`,
`discard`, `cardExchanges` and tricks. Cards an import filled in (listed in
`trickspec.filled`) are not written: EGN never saw them, and leaving them out is
what makes import -> export -> import give the same records.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import RecordError, TrickSpecError
from ..records import extensions, read_records, replay_record
from ..rules import Rules
from .egn_cards import to_egn
from .egn_import import FILE_TYPE, NO_TRUMP_CALL
from .egn_rules import EgnRulesError, ruleset_for

EGN_VERSION = "1.4"


class EgnExportError(TrickSpecError):
    """A record EGN cannot hold; the message names the record and the rule."""


def _deal(rules: Rules, record: dict[str, Any], index: int, state: Any) -> dict[str, Any]:
    codec, deck = rules.codec, rules.deck
    filled = set(extensions(record).get("filled", []))
    calls: list[str] = []
    bidding: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, "isAlone": False}
    exchanges: list[dict[str, Any]] = []
    plays: list[str] = []
    dealt = [list(h) for h in state.dealt]
    if deck.is_joker(state.upcard):
        raise EgnExportError(f"hand {index + 1}: the upcard is the joker; EGN cannot record the suit the dealer names")
    for seat, action in state.history:
        word = codec.to_str(action)
        if action < codec.n_cards:
            plays.append(to_egn(deck, action))
        elif word == "pass":
            calls.append("Pass")
        elif word == "order":
            calls.append("Order")
        elif word.startswith("call "):
            suit = word[5:]
            calls.append(suit.lower() if suit in deck.suits else NO_TRUMP_CALL)
        elif word in ("alone", "together"):
            if seat == state.maker:
                bidding["isAlone"] = word == "alone"
            elif word == "alone":
                if state.maker not in state.alone:
                    raise EgnExportError(
                        f"hand {index + 1}: seat {seat} defends alone against a partnered maker; "
                        "EGN's defend_alone allows it only against a loner"
                    )
                bidding["aloneDefender"] = seat
        elif word.startswith("discard "):
            card = word[8:]
            if seat == state.dealer and "discard" not in bidding and card not in filled and "Order" in calls:
                bidding["discard"] = to_egn(deck, action - codec.DISCARD)
        elif word.startswith("give "):
            if word[5:] not in filled:
                exchanges.append(
                    {"sender": seat, "receiver": state.maker, "cards": [to_egn(deck, action - codec.GIVE)]}
                )
        elif word == "exchange":
            exchanges.append({"sender": seat, "receiver": seat, "cards": []})
        elif word == "keep":
            continue
        else:  # pragma: no cover - the overlays EGN knows have no other words
            raise EgnExportError(f"hand {index + 1}: the action {word!r} has no EGN form")
    for exchange in exchanges:  # a kitty exchange shows the kitty cards the seat kept and played
        if exchange["sender"] == exchange["receiver"]:
            seat = exchange["sender"]
            kept = [a for s, a in state.history if s == seat and a < codec.n_cards and a not in dealt[seat]]
            exchange["cards"] = [to_egn(deck, c) for c in kept if c != state.upcard]
    if exchanges:
        bidding["cardExchanges"] = exchanges
    phases: list[dict[str, Any]] = [bidding]
    if plays:
        size = rules.players - sum(state.out)
        tricks = [plays[i : i + size] for i in range(0, len(plays), size)]
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    initial: dict[str, Any] = {"dealer": state.dealer, "upCard": to_egn(deck, state.upcard)}
    shown = [
        [to_egn(deck, c) for c in sorted(hand)] if not any(codec.to_str(c) in filled for c in hand) else []
        for hand in dealt
    ]
    if any(shown):
        initial["playerCards"] = shown
    return {"dealNumber": index, "initialState": initial, "phases": phases}


def export_records(path: str, title: str | None = None) -> dict[str, Any]:
    """The records of `path` (in match order) as one EGN game."""
    base_dir = Path(path).resolve().parent
    deals: list[dict[str, Any]] = []
    ruleset: dict[str, Any] | None = None
    first: tuple[str, list[str], dict[str, int]] | None = None
    initial: list[int] = []
    scores: list[int] = []
    for index, (number, record) in enumerate(read_records(path)):
        where = f"record {number if number is not None else index + 1}"
        try:
            replay = replay_record(record, base_dir)
        except RecordError as err:
            raise EgnExportError(f"{path}: {where}: {err}") from None
        overlays = list(extensions(record).get("rules", []))
        options = dict(record.get("options", {}))
        key = (record["variant"], overlays, options)
        if first is None:
            first = key
            try:
                ruleset = ruleset_for(record["variant"], overlays, options)
            except EgnRulesError as err:
                raise EgnExportError(f"{path}: {where}: {err}") from None
            initial = list(replay.state.scores_before)
        elif key != first:
            raise EgnExportError(
                f"{path}: {where}: its rules differ from the first record's; an EGN game has one ruleset"
            )
        elif list(replay.state.scores_before) != scores:
            raise EgnExportError(
                f"{path}: {where}: scores_before {list(replay.state.scores_before)} do not continue "
                f"the previous hand's scores {scores}"
            )
        try:
            deals.append(_deal(replay.rules, record, index, replay.state))
        except EgnExportError as err:
            raise EgnExportError(f"{path}: {where}: {err}") from None
        scores = list(replay.result["scores"])
    if first is None:
        raise EgnExportError(f"{path}: no hand records")
    rules_players = len(deals[0]["initialState"].get("playerCards", [])) or 4
    metadata: dict[str, Any] = {
        "title": title or Path(path).stem[:128],
        "players": [f"Player {seat}" for seat in range(rules_players)],
        "initialScore": initial,
        "finalScore": scores,
        "ruleset": ruleset,
    }
    return {"fileType": FILE_TYPE, "version": EGN_VERSION, "metadata": metadata, "deals": deals}


def egn_text(game: dict[str, Any]) -> str:
    return json.dumps(game, indent=2, ensure_ascii=False) + "\n"
