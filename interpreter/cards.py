"""Decks, card codes and the per-contract tables the hot path reads.

A card is a small int. Everything that depends on the contract — which suit a
card follows, how strong it is — is computed here once per contract, so that
playing a trick is a few list lookups and never a rule lookup.
"""

from __future__ import annotations

from dataclasses import dataclass, field

JOKER = "JK"
TRUMP_BONUS = 1000  # any trump beats any card of the led suit

# Spellings accepted on input; output always uses the short upper-case form.
SUIT_ALIASES = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
RANK_ALIASES = {"10": "T"}
DEFAULT_SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
DEFAULT_COLOURS = {"C": "black", "D": "red", "H": "red", "S": "black"}


def norm_rank(rank: object) -> str:
    """Ranks come from YAML as ints (9) or strings ('T', '10'); one spelling inside."""
    text = str(rank).strip().upper()
    return RANK_ALIASES.get(text, text)


def norm_suit(suit: str) -> str:
    text = suit.strip()
    return SUIT_ALIASES.get(text, text.upper())


@dataclass(frozen=True)
class Contract:
    """How cards behave in one hand: a trump suit, or a no-trump order.

    `follow[card]` is the suit index the card follows; `power[card]` orders the
    cards that can win a trick (trumps carry TRUMP_BONUS). `ruff` is the suit
    whose cards beat the led suit: the trump suit, or at no-trump the jokers'
    suit of their own (index len(suits)), -1 when nothing does.
    """

    name: str  # "H" for a suit contract, else the no-trump name ("high")
    trump: int  # suit index, -1 for no-trump
    follow: tuple[int, ...]
    power: tuple[int, ...]
    ruff: int = -1


@dataclass(frozen=True)
class Deck:
    """The cards of a variant: suit x rank, minus what `suit_ranks` leaves out of a suit, plus jokers.

    Cards are numbered suit by suit (each suit's ranks in `ranks` order), then the
    jokers; every question about a card is a lookup in tables built here once.
    """

    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    jokers: int
    suit_names: dict[str, str]
    # per suit, the indices (into `ranks`) of the ranks it has; None: every suit has every rank
    suit_ranks: tuple[tuple[int, ...], ...] | None = None
    _suit: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _rank: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _id: dict[tuple[int, int], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        full = tuple(range(len(self.ranks)))
        per_suit = self.suit_ranks or (full,) * len(self.suits)
        pairs = [(s, r) for s, ranks in enumerate(per_suit) for r in ranks]
        object.__setattr__(self, "_suit", tuple(s for s, _ in pairs) + (-1,) * self.jokers)
        object.__setattr__(self, "_rank", tuple(r for _, r in pairs) + (-1,) * self.jokers)
        object.__setattr__(self, "_id", {pair: i for i, pair in enumerate(pairs)})

    @property
    def size(self) -> int:
        return len(self._suit)

    @property
    def n_suited(self) -> int:
        """How many cards have a suit (the jokers come after them)."""
        return len(self._suit) - self.jokers

    def card(self, suit: int, rank: int) -> int:
        """The card of this suit and rank, -1 when the suit lacks the rank."""
        return self._id.get((suit, rank), -1)

    def suit_of(self, card: int) -> int:
        """Printed suit, -1 for a joker."""
        return self._suit[card]

    def rank_of(self, card: int) -> int:
        return self._rank[card]

    def is_joker(self, card: int) -> bool:
        return self._suit[card] < 0

    def has(self, suit: int, rank: int) -> bool:
        return (suit, rank) in self._id

    def names(self) -> tuple[str, ...]:
        out = [self.ranks[self._rank[c]] + self.suits[self._suit[c]] for c in range(self.n_suited)]
        out += [JOKER] * self.jokers if self.jokers <= 1 else [f"{JOKER}{i + 1}" for i in range(self.jokers)]
        return tuple(out)

    def parse(self, text: str) -> int | None:
        """Card text ('TD', '10♦', 'jk') to its id, None if no such card."""
        t = text.strip()
        if t.upper() == JOKER and self.jokers:
            return self.n_suited
        if len(t) < 2:
            return None
        rank, suit = norm_rank(t[:-1]), norm_suit(t[-1])
        if rank in self.ranks and suit in self.suits:
            card = self.card(self.suits.index(suit), self.ranks.index(rank))
            return card if card >= 0 else None
        return None

    def suit_word(self, suit: int) -> str:
        letter = self.suits[suit]
        return self.suit_names.get(letter, letter)


def suit_contract(
    deck: Deck,
    trump: int,
    trump_order: list[str],
    plain_order: list[str],
    bower_rank: str | None,
    colours: dict[str, str],
) -> Contract:
    """Tables for a game with `trump` as trump suit.

    `trump_order`/`plain_order` are high-to-low rank tokens; the trump order may
    hold `right_bower`, `left_bower` and `joker`.
    """
    n = deck.size
    follow = [0] * n
    power = [0] * n
    plain_pos = {r: len(plain_order) - i for i, r in enumerate(plain_order)}
    trump_pos = {r: len(trump_order) - i for i, r in enumerate(trump_order)}
    left_suit = -1
    if bower_rank is not None:
        colour = colours.get(deck.suits[trump])
        same = [i for i, s in enumerate(deck.suits) if i != trump and colours.get(s) == colour]
        left_suit = same[0] if same else -1
    bower = deck.ranks.index(bower_rank) if bower_rank in deck.ranks else -1
    for c in range(n):
        s, r = deck.suit_of(c), deck.rank_of(c)
        if s < 0:
            follow[c], power[c] = trump, TRUMP_BONUS + trump_pos["joker"]
        elif s == trump and r == bower and "right_bower" in trump_pos:
            follow[c], power[c] = trump, TRUMP_BONUS + trump_pos["right_bower"]
        elif s == left_suit and r == bower and "left_bower" in trump_pos:
            follow[c], power[c] = trump, TRUMP_BONUS + trump_pos["left_bower"]
        elif s == trump:
            follow[c], power[c] = trump, TRUMP_BONUS + trump_pos[deck.ranks[r]]
        else:
            follow[c], power[c] = s, plain_pos[deck.ranks[r]]
    return Contract(deck.suits[trump], trump, tuple(follow), tuple(power), trump)


def no_trump_contract(deck: Deck, name: str, order: list[str]) -> Contract:
    """Tables for a hand without trump: every card keeps its printed suit.

    A joker is then the only trump, a suit of its own (index len(suits)): its
    holder may play it only when he cannot follow suit, and it wins the trick;
    led, it wins and the others, who cannot follow it, play any card.
    """
    pos = {r: len(order) - i for i, r in enumerate(order)}
    joker_suit = len(deck.suits)
    follow = tuple(deck.suit_of(c) if deck.suit_of(c) >= 0 else joker_suit for c in range(deck.size))
    power = tuple(
        pos.get(deck.ranks[deck.rank_of(c)], 0) if deck.suit_of(c) >= 0 else TRUMP_BONUS for c in range(deck.size)
    )
    return Contract(name, -1, follow, power, joker_suit if deck.jokers else -1)
