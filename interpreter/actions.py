"""Actions as small ints, and their words in hand records.

Bots, replay and the engine exchange ints (fast to compare and hash); only the
edges — records, the terminal — see the strings of docs/hand-records.md.

Layout for a deck of N cards, S suits, C contracts, bids up to B:
    [0, N)            play card
    [N, 2N)           discard card
    [2N, 3N)          give card (to a lone partner)
    3N + k            a fixed word (pass, order, …)
    CALL + contract   call S / call high
    BID + n           bid n (n = 0 .. max bid)
    BID + max + 1 + k bid WORD: the k-th named or denominated bid ("7H", "misere")
    ACE + suit        ace S
"""

from __future__ import annotations

from .cards import SUIT_ALIASES, Deck, norm_suit

WORDS: tuple[str, ...] = ("pass", "order", "decline", "alone", "together", "stay", "fold", "exchange", "keep")
WORDS += ("misdeal", "concede", "claim")  # the answers that end a hand without play (phases/end_hand.py)


class ActionCodec:
    """Translates between action ints and their record strings for one rules set."""

    def __init__(
        self, deck: Deck, contract_names: tuple[str, ...], max_bid: int, bid_words: tuple[str, ...] = ()
    ) -> None:
        self.deck = deck
        n = deck.size
        self.n_cards = n
        self.DISCARD = n
        self.GIVE = 2 * n
        base = 3 * n
        (
            self.PASS,
            self.ORDER,
            self.DECLINE,
            self.ALONE,
            self.TOGETHER,
            self.STAY,
            self.FOLD,
            self.EXCHANGE,
            self.KEEP,
            self.MISDEAL,
            self.CONCEDE,
            self.CLAIM,
        ) = range(base, base + len(WORDS))
        self.CALL = base + len(WORDS)
        self.BID = self.CALL + len(contract_names)
        self.ACE = self.BID + max_bid + 1 + len(bid_words)
        self.size = self.ACE + len(deck.suits)
        card_names = deck.names()
        names: list[str] = list(card_names)
        names += [f"discard {c}" for c in card_names]
        names += [f"give {c}" for c in card_names]
        names += list(WORDS)
        names += [f"call {c}" for c in contract_names]
        names += [f"bid {b}" for b in range(max_bid + 1)]
        names += [f"bid {w}" for w in bid_words]
        names += [f"ace {s}" for s in deck.suits]
        self.names = tuple(names)
        self._lookup = {name.lower(): i for i, name in enumerate(names)}

    def to_str(self, action: int) -> str:
        return self.names[action]

    def parse(self, text: str) -> int | None:
        """A record's action string to its int; None when it is no action at all."""
        words = text.strip().split()
        if not words:
            return None
        if len(words) == 1:
            card = self.deck.parse(words[0])
            if card is not None:
                return card
            return self._lookup.get(words[0].lower())
        if len(words) != 2:
            return None
        verb, arg = words[0].lower(), words[1]
        if verb in ("discard", "give"):
            card = self.deck.parse(arg)
            if card is None:
                return None
            return (self.DISCARD if verb == "discard" else self.GIVE) + card
        if verb in ("call", "ace") and len(arg) <= 2:
            arg = norm_suit(arg)
        if verb == "bid" and arg[-1:] in SUIT_ALIASES:
            arg = arg[:-1] + SUIT_ALIASES[arg[-1]]  # bid 7♥ is bid 7H
        digits = arg.lstrip("+")
        if verb == "bid" and digits.isascii() and digits.isdigit() and len(digits) <= 9:
            arg = str(int(digits))
        return self._lookup.get(f"{verb} {arg}".lower())
