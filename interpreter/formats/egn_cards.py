"""EGN card words and ours.

EGN writes rank then lower-case suit (`Td`, `9c`), `N` for a nine, `R`/`L` for
the bowers once trump is known and `B` for the joker; we write `TD`, `9C`, `JK`.
The bowers are found in the compiled contract (the strongest card of the trump
suit, the strongest card that follows trump from another suit), never by name.
"""

from __future__ import annotations

from ..cards import Contract, Deck

JOKER_EGN = "B"


class CardWordError(ValueError):
    """An EGN card word that names no card of this deck (the caller locates it)."""


def _bowers(deck: Deck, contract: Contract) -> tuple[int, int]:
    """(right, left) bower of a suit contract: the top card of its suit, the top card that joins it."""
    trump = contract.trump
    if trump < 0:
        raise CardWordError("R and L name bowers, but this hand has no trump")
    printed = [c for c in range(deck.size) if deck.suit_of(c) == trump]
    joined = [c for c in range(deck.size) if contract.follow[c] == trump and deck.suit_of(c) not in (trump, -1)]
    if not joined:
        raise CardWordError("L names the left bower, but no card joins the trump suit")
    return max(printed, key=lambda c: contract.power[c]), max(joined, key=lambda c: contract.power[c])


def from_egn(deck: Deck, word: str, contract: Contract | None = None) -> int:
    """An EGN card word to our card id (`contract` resolves R and L)."""
    if word == JOKER_EGN:
        card = deck.parse("JK")
        if card is None:
            raise CardWordError("B is the joker, but the ruleset has no joker (joker: true)")
        return card
    if word in ("R", "L"):
        if contract is None:
            raise CardWordError(f"{word} names a bower before trump is known")
        right, left = _bowers(deck, contract)
        return right if word == "R" else left
    if len(word) != 2 or word[0] == "X" or word[1] in "xtng":
        raise CardWordError(f"{word!r} is not a card we can replay (unknown or generic cards are not)")
    rank = "9" if word[0] == "N" else word[0]
    card = deck.parse(rank + word[1].upper())
    if card is None:
        raise CardWordError(f"{word!r} is not a card of this deck")
    return card


def to_egn(deck: Deck, card: int) -> str:
    """Our card id to EGN's word (`TD` -> `Td`, the joker -> `B`)."""
    if deck.is_joker(card):
        return JOKER_EGN
    name = deck.names()[card]
    return name[:-1] + name[-1].lower()
