"""The rule bot: a sound player of any variant of the family, from the spec's tables alone.

It reads only what its seat may know — its own hand, the upcard, the public
bidding results, the cards played and the voids shown (a record of the
hand's plays, `observe.PlayMemory`, grown decision by decision instead of rebuilding `observation_ints`) and
`state.legal_actions()` — plus the compiled tables of the rules (each
contract's `follow` and `power`, `side_of`, `hand_tricks`). It never names a
variant, a suit or a card, so a new variant needs no new bot.

How it judges (the reasons the first rule bot, `rules-v1`, lost points):
- Hand strength counts trumps first: a contract is made with trumps, so it
  never makes trump holding fewer than two of them, and a high trump, many
  trumps and a short side suit (to ruff) count more than side aces.
- Lone hands: it goes alone when its top trumps and long trump suit should
  take every trick, and declines when they should not.
- Play remembers every card played and every void shown: a card is a winner
  when nothing higher of its suit is left unseen; trump is led while the
  opponents may hold any, by a loner or a maker's team holding the best trump.
- Discards keep trumps and aces and empty a short side suit, so it can ruff.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Final

from ..cards import Contract
from ..engine import State
from ..observe import PlayMemory
from ..rules import Rules

TRUMP_VALUE: Final = (1.0, 0.95, 0.85, 0.72, 0.62, 0.55)  # a trump's worth in tricks by its place; lower ones 0.5


@dataclass(frozen=True)
class _Contract:
    """One contract's tables for the card play, all built once: what a decision reads by index.

    Cards are bits of an int (`1 << card`), so "is anything higher of its suit still
    unseen" is one AND, and counting a suit in a hand one `bit_count`."""

    follow: tuple[int, ...]
    power: tuple[int, ...]
    trump: int
    place: tuple[int, ...]  # each card's place within its effective suit (0 = top)
    higher: tuple[int, ...]  # per card: the mask of its suit's cards above it
    suit_mask: dict[int, int]  # per effective suit: the mask of its cards
    trump_mask: int  # the trump suit's cards (0 at no-trump)
    by_led: dict[int, tuple[int, ...]]  # per led suit: a card's power if it follows or trumps, else -1
    throw_key: tuple[int, ...]  # per card: the throw order's key less the count of its suit in hand
    count_weight: int  # the weight of one card of the suit in a throw key
    trump_value: tuple[float, ...]  # per card: its worth in tricks as a trump (by its place), 0.0 if no trump
    top_flag: tuple[int, ...]  # per card: 1 if it tops its effective suit, 2 if it is second, else 0
    side_suits: int  # how many effective suits are not trump
    # The strength in exact hundredths (see _cents_without), read off _side_total once:
    trump_cents: tuple[int, ...] = ()  # per card: trump_value in hundredths
    base_cents: tuple[tuple[int, ...], ...] = ()  # [trumps][side suits held]: long trumps and voids
    suit_cents: tuple[tuple[int, ...], ...] = ()  # [holds a trump][a side suit's flags]: its top cards
    # True when the engine ranks a trick's cards as `by_led` does (its `Contract.ruff` is the
    # trump): the trick's winner and its rank are then read off the State (`winner`, `best`)
    # instead of from the trick's plays
    same_ranks: bool = False
    n_follow: int = 0  # the effective suits' indices are below it (a list of counts per suit is this long)
    top_two: tuple[tuple[int, ...], ...] = ()  # per card: the top and the second card of its effective suit
    trump_order: tuple[int, ...] = ()  # the trump suit's cards high to low (none at no-trump)
    side_tops: int = 0  # the top card of each effective suit but trump, as bits
    trump_bit: int = 0  # the trump suit as a bit of a set of suits (1 << trump; 0 at no-trump)
    # A hand's count of cards per effective suit as fields of one int (_throw): per card, its
    # suit's field's place (suit_shift) and one card in it (suit_one); a field holds any count
    suit_shift: tuple[int, ...] = ()
    suit_one: tuple[int, ...] = ()
    count_field: int = 0  # the mask of one field
    # A hand's tally as one int, the sum of its cards' `pack` (see _with_pack): its trumps' worth
    # in hundredths (the low `cents_bits`), then from `count_shift` on its count of trumps and
    # per effective suit its side flags as _strength tallies them (the `rest`, whose terms are
    # read off `rest` below: `_count`).
    pack: tuple[int, ...] = ()
    cents_bits: int = 0
    count_shift: int = 0
    n_mask: int = 0  # the count of trumps in the tally shifted by `count_shift`
    suit_width: int = 0  # the bits of a side suit's field in the tally
    # a tally's `rest` -> its hundredths beyond the trumps' own worth (`_rest_count`), kept: a
    # hand's count is then a table read (a plain dict read by `get`: a subclass with
    # `__missing__` is read through a Python-level `__getitem__`, a try a KeyError per miss)
    rest: dict[int, int] = field(default_factory=dict)
    up_mils: tuple[int, ...] = ()  # per card: its worth turned up to the dealer, in thousandths (see _orders)


@dataclass(frozen=True)
class _Tables:
    """Per contract: each card's place within its effective suit (0 = top), and the suits' cards high to low."""

    place: tuple[tuple[int, ...], ...]
    suits: tuple[dict[int, tuple[int, ...]], ...]
    side_suits: tuple[int, ...]  # per contract: how many effective suits are not trump
    contracts: tuple[_Contract, ...] = ()
    bit: tuple[int, ...] = ()  # per card: 1 << card
    n_cards: int = 0
    mates: tuple[int, ...] = ()  # per seat: the seats of its side, as bits (1 << seat)
    others: dict[int, tuple[int, ...]] = field(default_factory=dict)  # per set of mates (bits): the other seats
    seats: tuple[int, ...] = ()  # every seat, in order
    # (contract, *hand) -> (strength, trumps): shared by every bot of these rules (the same hands
    # are weighed again and again: in the two bidding rounds, pimc's sampled worlds)
    strengths: dict[tuple[int, ...], tuple[float, int]] = field(default_factory=dict)
    # make (RuleBot.make) -> each seat's `threshold`: counted once, not by every bot made
    # (simulate makes four bots a match)
    limits: dict[float, tuple[float, ...]] = field(default_factory=dict)
    every_card: int = 0  # every card, as bits (what `_unseen` takes the known cards from)


def _build_tables(rules: Rules) -> _Tables:
    places = []
    suits = []
    for contract in rules.contracts:
        place = [0] * rules.deck.size
        by_suit: dict[int, list[int]] = {}
        for card in range(rules.deck.size):
            by_suit.setdefault(contract.follow[card], []).append(card)
        ordered = {}
        for suit, cards in by_suit.items():
            ranked = sorted(cards, key=lambda c: -contract.power[c])
            ordered[suit] = tuple(ranked)
            for k, card in enumerate(ranked):
                place[card] = k
        places.append(tuple(place))
        suits.append(ordered)
    side = tuple(len([k for k in by_suit if k != c.trump]) for by_suit, c in zip(suits, rules.contracts, strict=True))
    size = rules.deck.size
    contracts = tuple(
        _contract_tables(contract, place, ordered, size, n_side)
        for contract, place, ordered, n_side in zip(rules.contracts, places, suits, side, strict=True)
    )
    contracts = tuple(
        replace(ct, same_ranks=_same_ranks(ct, engine_rows))
        for ct, engine_rows in zip(contracts, rules.ranks_by_led, strict=True)
    )
    side_of = rules.side_of
    mates = tuple(sum(1 << q for q in range(rules.players) if side_of[q] == side_of[p]) for p in range(rules.players))
    return _Tables(
        tuple(places),
        tuple(suits),
        side,
        contracts,
        tuple(1 << c for c in range(size)),
        rules.codec.n_cards,
        mates,
        {m: tuple(s for s in range(rules.players) if not m >> s & 1) for m in range(1 << rules.players)},
        tuple(range(rules.players)),
        every_card=(1 << rules.codec.n_cards) - 1,
    )


def _same_ranks(ct: _Contract, engine_rows: tuple[tuple[int, ...], ...]) -> bool:
    """Does the engine rank every led suit's cards as `ct.by_led` does (see `_Contract.same_ranks`)?"""
    for led, row in ct.by_led.items():
        if not -len(engine_rows) <= led < len(engine_rows) or engine_rows[led] != row:
            return False
    return True


def _contract_tables(
    contract: Contract, place: tuple[int, ...], suits: dict[int, tuple[int, ...]], size: int, side_suits: int
) -> _Contract:
    """The play tables of one contract (see _Contract); `suits`: each effective suit's cards high to low."""
    follow, power, trump = contract.follow, contract.power, contract.trump
    higher = [0] * size
    suit_mask = {}
    for suit, ranked in suits.items():
        above = 0
        for card in ranked:
            higher[card] = above
            above |= 1 << card
        suit_mask[suit] = above
    trump_mask = suit_mask.get(trump, 0) if trump >= 0 else 0
    by_led = {led: tuple(p if f in (led, trump) else -1 for f, p in zip(follow, power, strict=True)) for led in suits}
    # The throw order (_throw) is (is trump, is top of its suit, cards of its suit in hand, power),
    # smallest first; as one int: powers and counts are bounded, so the order is the same.
    weight = max(power, default=0) + 1
    per_top = (size + 1) * weight
    throw_key = tuple(
        (2 * (trump >= 0 and follow[c] == trump) + (place[c] == 0)) * per_top + power[c] for c in range(size)
    )
    trump_value = tuple(
        (TRUMP_VALUE[place[c]] if place[c] < 6 else 0.5) if trump >= 0 and follow[c] == trump else 0.0
        for c in range(size)
    )
    top_flag = tuple(1 if place[c] == 0 else 2 if place[c] == 1 else 0 for c in range(size))
    ct = _Contract(
        follow,
        power,
        trump,
        place,
        tuple(higher),
        suit_mask,
        trump_mask,
        by_led,
        throw_key,
        weight,
        trump_value,
        top_flag,
        side_suits,
    )
    ct = replace(
        ct,
        n_follow=max(follow, default=-1) + 1,
        top_two=tuple(suits[follow[c]][:2] for c in range(size)),
        trump_order=suits.get(trump, ()) if trump >= 0 else (),
        side_tops=sum(1 << ranked[0] for suit, ranked in suits.items() if suit != trump or trump < 0),
        trump_bit=1 << trump if trump >= 0 else 0,
        suit_shift=tuple(size.bit_length() * follow[c] for c in range(size)),
        suit_one=tuple(1 << size.bit_length() * follow[c] for c in range(size)),
        count_field=(1 << size.bit_length()) - 1,
    )
    return _with_cents(ct, size, len(suits))


def _with_cents(ct: _Contract, size: int, n_suits: int) -> _Contract:
    """`ct` with its strength tables in hundredths, each read off the float count itself
    (`_side_total`) and rounded, so the two cannot disagree: every value is a whole number
    of hundredths, and a float count of a hand is within 1e-12 of its exact value."""

    def cents(total: float) -> int:
        return round(total * 100)

    filler = 4  # a suit of one card, neither top nor second: worth nothing but its place
    base = tuple(
        tuple(cents(_side_total(ct, 0.0, n, dict.fromkeys(range(m), filler))) for m in range(n_suits + 1))
        for n in range(size + 1)
    )
    # a side suit's flags (see _strength) are its top bits + 4 * its count: what its worth reads
    # of them is the top bits and whether it has two cards or more
    flags = range(4 * (size + 1))
    suit = tuple(
        tuple(
            cents(_side_total(ct, 0.0, n, {0: (f & 3) + min(f & ~3, 8)})) - base[n][1] if f >= 4 else 0 for f in flags
        )
        for n in (0, 1)
    )
    trump_cents = tuple(cents(v) for v in ct.trump_value)
    return _with_pack(replace(ct, trump_cents=trump_cents, base_cents=base, suit_cents=suit), size)


def _with_pack(ct: _Contract, size: int) -> _Contract:
    """`ct` with its tally tables (see `_Contract.pack`): each field is as wide as the most it
    can hold (every trump in one hand, every card of a side suit), so a sum of cards never
    carries from one into the next, and only the side suits have a field: a tally of euchre
    fits 30 bits, one digit of a Python int, whose arithmetic allocates nothing but its result."""
    trumps = [c for c in range(size) if ct.trump_cents[c]]
    cents_bits = sum(ct.trump_cents).bit_length()
    n_bits = len(trumps).bit_length()
    sides = sorted({ct.follow[c] for c in range(size) if not ct.trump_cents[c]})
    held = {suit: sum(1 for c in range(size) if ct.follow[c] == suit) for suit in sides}
    width = max((3 + 4 * n).bit_length() for n in held.values()) if held else 0  # top bits + 4 * its count
    count_shift = cents_bits
    place = {suit: count_shift + n_bits + width * i for i, suit in enumerate(sides)}
    pack = []
    for c in range(size):
        if ct.trump_cents[c]:
            pack.append(ct.trump_cents[c] + (1 << count_shift))
        else:
            pack.append((ct.top_flag[c] + 4) << place[ct.follow[c]])
    up_mils = tuple(round(TRUMP_VALUE[min(ct.place[c], 5)] * 0.6 * 1000) for c in range(size))
    return replace(
        ct,
        pack=tuple(pack),
        cents_bits=cents_bits,
        count_shift=count_shift,
        n_mask=(1 << n_bits) - 1,
        suit_width=width,
        rest={},
        up_mils=up_mils,
    )


_NO_TABLES: Final = _Tables((), (), ())  # a bot's tables before its first rules (simulate makes four bots a match)
_TABLES: Final[dict[int, tuple[Rules, _Tables]]] = {}  # id(rules) -> its tables: built once per process, not per bot


def tables_of(rules: Rules) -> _Tables:
    """The bot's tables of `rules`, shared by every bot of the process (a simulation makes bots per match)."""
    cached = _TABLES.get(id(rules))
    if cached is None or cached[0] is not rules:
        if len(_TABLES) > 64:
            _TABLES.clear()
        cached = _TABLES[id(rules)] = (rules, _build_tables(rules))
    return cached[1]


# The plays of the hand the rule bots are in, as their card play asks about them: public, so
# one memory serves every seat and every bot (grown from the State's history since the last
# ask, started afresh on another history: a new hand, a clone). Beside it, per seat, its hand
# when first asked this hand and the turned-down upcard, as bits (0: not yet read; started
# afresh with the memory): a card leaves a hand in the play only by being played, so with
# the cards gone that is what the seat has seen.
# (Final: the compiled build reads these as native statics, not from the module's dict)
_MEMORY: Final = PlayMemory()
_SEEN: Final[list[list[int]]] = [[]]


class _View:
    """What the seat knows at a bidding decision, read from the State without copying: of
    the knowledge of `State.observation_ints(seat)`, the parts the bidding reads (its seat,
    its hand, the upcard, the contract and its maker; the card play reads the State and the
    shared memory of plays (`_MEMORY`) directly, see `RuleBot._lead` and `RuleBot.act`)."""

    __slots__ = ("seat", "hand", "upcard", "contract", "maker")

    def __init__(self, st: State, seat: int) -> None:
        self.seat = seat
        self.hand: list[int] = st.hands[seat]  # read only
        self.upcard = st.upcard
        self.contract = st.contract
        self.maker = st.maker


class RuleBot:
    """Bids on a trump-first count of its tricks; plays from memory of the cards and voids."""

    def __init__(self, make: float = 0.5, fold_below: float = 1.0) -> None:
        self.make = make  # share of the hand's tricks own cards must promise to make trump with a partner
        self.fold_below = fold_below
        self._last_rules: Rules | None = None
        self._last: _Tables = _NO_TABLES  # (shared: a frozen _Tables costs ~15k instructions to make)
        self._limits: tuple[float, ...] = ()  # per seat: its `threshold` under `_last_rules` (set with them)
        # The dealer's card to discard as `_orders` weighed it when asked to order (rules, contract,
        # his hand with the upcard, the card): his discard, if he orders, is the same question
        self._picked: tuple[Rules | None, int, list[int], int] = (None, -1, [], -1)

    # ---------------------------------------------------------- entry point
    def act(self, state: State, seat: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.act_among(state, seat, legal)

    def act_among(self, state: State, seat: int, legal: list[int]) -> int:
        """`act` given `legal`, the State's `legal_actions()` (two or more; read only): the
        match's loop asks it so (see `match.Agent`) and plays a forced action itself, which
        the rule bot answers with nothing done but returning it."""
        rules = state.rules
        tables = self._last if rules is self._last_rules else self.tables(rules)
        if state.playing:  # a card to play (the trick phase offers nothing else)
            ct = tables.contracts[state.contract]
            led = state.led  # the effective suit led to the trick on the table
            if led < 0:
                return self._lead(state, seat, legal, ct, tables)
            # Following (the most frequent decision, answered here rather than in a call of its
            # own): win the trick as cheaply as possible, unless a mate wins it surely; else throw.
            # Who wins the trick so far, and with what rank: as the engine keeps them when it
            # ranks as this contract's `by_led` does, else read off the trick's plays (the plays
            # since the last complete trick, as `State.trick` reads them).
            if ct.same_ranks:
                winner = state.winner
                best_power = state.best
                rank = state.rank
            else:
                history = state.history
                start = state.play_from + state.played * state.n_active
                winner, card = history[start]
                rank = ct.by_led[led]
                best_power = rank[card]
                for i in range(start + 1, len(history)):
                    s, card = history[i]
                    if rank[card] > best_power:
                        winner, best_power = s, rank[card]
            # (the seat's mates are its side's unless a called partner is known: _mates)
            mates = tables.mates[seat] if state.partner < 0 else _mates(state, seat, tables)
            follow = ct.follow
            low = -1
            if mates >> winner & 1:
                # a mate wins the trick: let him, when nobody is left to play, or his card is
                # trump or the best of its suit left (the memory of plays is read only here: the
                # questions before it need none); `low` 0: throw
                if state.nxt[seat] == state.leader:  # nobody plays after it (nxt: the next seat not out)
                    low = 0
                else:
                    best = _played_by(state, winner)
                    if follow[best] == ct.trump:
                        low = 0
                    elif not ct.higher[best] & _unseen(state, seat, tables):
                        return _throw(ct, legal, state.hands[seat])
            if low < 0:  # the cheapest card that wins (its rank when it follows or trumps, else -1)
                low_power = 0
                for x in legal:
                    r = rank[x]
                    if r > best_power and (low < 0 or r < low_power):
                        low, low_power = x, r
                if low >= 0:
                    return low
            # A throw (_throw): when every card it may play is of the suit led, they share the
            # count of their suit in hand, so the throw key alone orders them.
            key = ct.throw_key
            low = -1
            low_key = 0
            for x in legal:
                if follow[x] != led:
                    return _throw(ct, legal, state.hands[seat])
                k = key[x]
                if low < 0 or k < low_key:  # the first of equals, as min() keeps
                    low, low_key = x, k
            return low
        c = rules.codec
        if c.ORDER in legal:  # the most frequent bidding question: read off the State, no _View
            return c.ORDER if self._orders(rules, state, seat, tables) else c.PASS
        # The next most frequent, answered as _decide answers them, without a _View: a list
        # that opens with a discard (so it holds no gift, which _decide asks about first), the
        # lone question offered alone and the naming of a contract with nothing but a pass
        # beside it (so they hold nothing _decide asks about before them).
        first = legal[0]
        if c.DISCARD <= first < c.DISCARD + c.n_cards:
            return self._discard(rules, state.hands[seat], state.upcard, state.contract, legal)
        if len(legal) == 2 and c.ALONE in legal and c.TOGETHER in legal:
            lone = self._lone_tricks(tables, rules, state.hands[seat], state.contract) >= rules.hand_tricks - 0.3
            return c.ALONE if lone else c.TOGETHER
        if c.CALL <= legal[-1] < c.BID:  # naming a contract: when the list holds nothing else but a pass
            for a in legal:
                if a != c.PASS and not c.CALL <= a < c.BID:
                    break
            else:
                return self._call(rules, state.hands[seat], seat, legal)
        return self._decide(rules, _View(state, seat), legal)

    def tables(self, rules: Rules) -> _Tables:
        if rules is self._last_rules:
            return self._last
        tables = tables_of(rules)
        self._last_rules, self._last = rules, tables
        # each seat's threshold under these rules, as `threshold` counts it (the bidding asks it often)
        limits = tables.limits.get(self.make)
        if limits is None:
            limits = tables.limits[self.make] = tuple(self.threshold(rules, seat) for seat in range(rules.players))
        self._limits = limits
        return tables

    # ---------------------------------------------------------- estimates
    def strength(self, rules: Rules, hand: Iterable[int], k: int) -> float:
        """Expected tricks of `hand` under contract `k`, trumps first (remembered: the bidding
        weighs the same hands again and again)."""
        return self._worth(rules, hand, k)[0]

    def trump_count(self, rules: Rules, hand: Iterable[int], k: int) -> int:
        return self._worth(rules, hand, k)[1]

    def lone_tricks(self, rules: Rules, hand: list[int], k: int) -> float:
        """Tricks a hand should take without a partner: a top-trump run, then long trumps, then aces."""
        return self._lone_tricks(self.tables(rules), rules, hand, k)

    @staticmethod
    def _lone_tricks(tables: _Tables, rules: Rules, hand: list[int], k: int) -> float:
        """`lone_tricks` with the bot's tables of `rules` at hand."""
        ct = tables.contracts[k]
        if ct.trump < 0:
            place = ct.place
            return sum(1.0 if place[c] == 0 else 0.0 for c in hand)
        bit = tables.bit
        held = 0
        for c in hand:
            held |= bit[c]
        # its top-trump run (the trumps from the top down that it holds), its trumps, its side
        # suits' top cards
        run = 0
        for c in ct.trump_order:
            if not held >> c & 1:
                break
            run += 1
        if run == 0:
            return 0.0
        n = (held & ct.trump_mask).bit_count()
        # The opponents' trumps fall to the run: the rest of a long trump suit is good too.
        sure = float(n) if run >= 2 or n >= 4 else run + 0.5 * (n - run)
        return sure + 0.85 * (held & ct.side_tops).bit_count()

    def threshold(self, rules: Rules, seat: int) -> float:
        """Tricks the bot wants in its own hand before it makes trump (a partner helps)."""
        helpers = rules.side_of.count(rules.side_of[seat]) - 1
        return (self.make if helpers else self.make + 0.1) * rules.hand_tricks

    def _worth(self, rules: Rules, hand: Iterable[int], k: int) -> tuple[float, int]:
        """The strength of `hand` under contract `k` and its count of trumps, remembered by (k, *hand)."""
        tables = self._last if rules is self._last_rules else self.tables(rules)
        key = (k, *hand)
        known = tables.strengths.get(key)
        if known is None:
            if len(tables.strengths) > 20_000:
                tables.strengths.clear()
            known = tables.strengths[key] = _strength(tables.contracts[k], key[1:])
        return known

    def _weakest(self, rules: Rules, cards: list[int], k: int, hand: list[int] | None = None) -> tuple[int, float]:
        """The card of `cards` whose loss hurts `hand` least under contract `k` (voids count),
        and the strength of the hand without it.

        The hands less each card are counted in exact hundredths (`_cents_without`), and only
        those that tie for the most are weighed as floats, as the reference weighs them all:
        the largest float, the lowest card of equal ones (max() over (strength, -card))."""
        whole = hand if hand is not None else cards
        tables = self._last if rules is self._last_rules else self.tables(rules)
        counts = _cents_without(tables.contracts[k], whole, cards)
        most = max(counts)
        return self._weakest_of(rules, cards, k, whole, counts, most)

    def _weakest_card(self, rules: Rules, cards: list[int], k: int, whole: list[int]) -> int:
        """The card `_weakest` names, without the strength it leaves: when one card's loss
        counts least in exact hundredths it is that card, and no float is weighed."""
        tables = self._last if rules is self._last_rules else self.tables(rules)
        ct = tables.contracts[k]
        counts = _cents_without(ct, whole, cards)
        most = max(counts)
        card = _clear_weakest(ct, whole, cards, counts, most)
        return card if card >= 0 else self._weakest_of(rules, cards, k, whole, counts, most)[0]

    def _weakest_of(
        self, rules: Rules, cards: list[int], k: int, whole: list[int], counts: list[int], most: int
    ) -> tuple[int, float]:
        """`_weakest` from the hundredths `counts` of `whole` less each card (`most` the largest):
        the floats of the cards that tie for the most decide, as the reference weighs them."""
        weakest, best = -1, 0.0
        # (counted afresh, not through the memo of `_worth`: a hand less one card is seldom
        # weighed twice, so the memo's key and look-up would cost more than they save)
        ct = (self._last if rules is self._last_rules else self.tables(rules)).contracts[k]
        # (a positional zip, not strict=: mypyc compiles only that form to a native loop; the
        # counts are one per card, `_cents_without`)
        for c, count in zip(cards, counts):  # noqa: B905
            if count == most:
                rest = whole.copy()  # whole less c (its cards are distinct)
                if c in rest:
                    rest.remove(c)
                value = _strength(ct, rest)[0]
                if weakest < 0 or value > best or (value == best and c < weakest):
                    weakest, best = c, value
        return weakest, best

    # ---------------------------------------------------------- bidding
    def _decide(self, rules: Rules, obs: _View, legal: list[int]) -> int:
        c = rules.codec
        actions = set(legal)
        if c.GIVE <= legal[0] < c.GIVE + c.n_cards:
            if obs.seat == obs.maker:  # the maker passes his partner his least useful card
                cards = [a - c.GIVE for a in legal]
                return c.GIVE + self._weakest_card(rules, cards, obs.contract, cards)
            return max(legal, key=lambda a: rules.contracts[obs.contract].power[a - c.GIVE])
        first, end = c.DISCARD, c.DISCARD + c.n_cards
        for a in legal:
            if first <= a < end:
                return self._discard(rules, obs.hand, obs.upcard, obs.contract, legal)
        if c.ALONE in actions and c.TOGETHER in actions:
            return c.ALONE if self._lone(rules, obs) else c.TOGETHER
        if c.EXCHANGE in actions:
            return c.EXCHANGE
        if c.CLAIM in actions:
            return c.CLAIM  # the engine proved it: laying down loses nothing
        if c.MISDEAL in actions or c.CONCEDE in actions:  # end the hand only with a hand too weak to make trump
            end = c.MISDEAL if c.MISDEAL in actions else c.CONCEDE
            best = self.strength(rules, obs.hand, self._best_contract(rules, obs.hand))
            return end if best < self.threshold(rules, obs.seat) else c.KEEP
        if c.STAY in actions:
            return c.STAY if self.strength(rules, obs.hand, obs.contract) >= self.fold_below else c.FOLD
        if any(a >= c.ACE for a in legal):
            return self._call_partner(rules, obs, legal)
        if any(c.BID <= a < c.ACE for a in legal):
            return self._bid(rules, obs, legal)
        if any(c.CALL <= a < c.BID for a in legal):
            return self._call(rules, obs.hand, obs.seat, legal)
        return legal[0]

    def _lone(self, rules: Rules, obs: _View) -> bool:
        return self.lone_tricks(rules, obs.hand, obs.contract) >= rules.hand_tricks - 0.3

    def _orders(self, rules: Rules, st: State, seat: int, tables: _Tables) -> bool:
        """Order the upcard's suit? Counted with the upcard going to the dealer.

        (It reads of the State what `_View` would: the seat's hand, the upcard and its suit,
        the dealer, all public or its own.) The hand's count is its tally (`_Contract.pack`),
        in exact hundredths: a count clear of the threshold decides as the float count does
        (that is within 1e-12 of it); only one at a hair from it is counted as the reference
        counts."""
        k = st.up_suit
        if k < 0:
            return False
        ct = tables.contracts[k]
        hand = st.hands[seat]
        upcard = st.upcard
        tally = _tally(ct, hand)
        shift = ct.count_shift
        if seat != st.dealer:
            # Fewer than two trumps never orders, before any count.
            if tally >> shift & ct.n_mask < 2:
                return False
            # The upcard goes to the dealer: worth to this seat as much as it is to him, for or against.
            side_of = rules.side_of
            up = ct.up_mils[upcard] if side_of[st.dealer] == side_of[seat] else -ct.up_mils[upcard]
            threshold = self._limits[seat]
            margin = _count(ct, tally) * 10 + up - threshold * 1000
            if margin > 1e-6 or margin < -1e-6:
                return margin > 0
            up_value = TRUMP_VALUE[min(ct.place[upcard], 5)] * 0.6
            est, trumps = self._worth(rules, hand, k)
            return trumps >= 2 and est + (up_value if up > 0 else -up_value) >= threshold
        # The dealer: counted with the upcard (he would take it), less the card he would discard.
        tally += ct.pack[upcard]
        n_whole = tally >> shift & ct.n_mask  # its trumps with the upcard
        if n_whole < 2:
            return False
        # A card's loss adds at most a void to ruff with (0.3: a suit's other terms and every
        # trump's only fall with a card), so a whole hand counting 0.3 short of the threshold
        # or more never orders: told from one count, not one per card
        limit = self._limits[seat] * 1000
        if (_count(ct, tally) + 30) * 10 - limit < -1e-6:
            return False
        whole = [*hand, upcard]
        counts = _cents_without(ct, whole, whole)
        most = max(counts)
        worst = _clear_weakest(ct, whole, whole, counts, most)
        if worst >= 0:
            # one card's loss counts least (or the floats of those that tie are the same:
            # the lowest goes, as the reference keeps): the hand left is `most` hundredths
            # (decided as the float count when clear of the threshold, as above)
            self._picked = (rules, k, whole, worst)
            if (n_whole - 1 if ct.trump_cents[worst] else n_whole) < 2:
                return False
            margin = most * 10 - limit
            if margin > 1e-6 or margin < -1e-6:
                return margin > 0
            rest = whole.copy()
            rest.remove(worst)
            est = _strength(ct, rest)[0]  # the hand without it, as the reference weighs it
        else:
            worst, est = self._weakest_of(rules, whole, k, whole, counts, most)  # est: the hand without it
            self._picked = (rules, k, whole, worst)
            if (n_whole - 1 if ct.trump_cents[worst] else n_whole) < 2:
                return False
        return est >= self._limits[seat]

    def _discard(self, rules: Rules, hand: list[int], upcard: int, contract: int, legal: list[int]) -> int:
        """The card to discard of `hand` (the seat's), with the `upcard` and the `contract` (-1: none yet)."""
        c = rules.codec
        first, end = c.DISCARD, c.DISCARD + c.n_cards
        cards = [a - first for a in legal if first <= a < end]
        k = contract if contract >= 0 else self._best_contract(rules, hand)
        whole = list(hand)
        if c.DECLINE in legal and upcard not in whole:  # the dealer may refuse the upcard
            whole.append(upcard)
            worst = self._weakest_card(rules, [*cards, upcard], k, whole)
            return c.DECLINE if worst == upcard else c.DISCARD + worst
        if upcard >= 0 and upcard in cards and upcard not in whole:
            whole.append(upcard)
        picked = self._picked
        if picked[2] == whole and cards == whole and picked[1] == k and picked[0] is rules:
            return c.DISCARD + picked[3]  # weighed when it ordered: the same cards, the same answer
        return c.DISCARD + self._weakest_card(rules, cards, k, whole)

    def _best_contract(self, rules: Rules, hand: list[int]) -> int:
        return max(range(len(rules.contracts)), key=lambda k: self.strength(rules, hand, k))

    def _call(self, rules: Rules, hand: list[int], seat: int, legal: list[int]) -> int:
        """Name the contract `hand` (the seat's) is strongest in, if it is strong enough."""
        c = rules.codec
        first, end = c.CALL, c.BID
        if c.PASS not in legal:

            def value(a: int) -> tuple[bool, float]:
                k = a - first
                est, trumps = self._worth(rules, hand, k)
                return (rules.contracts[k].trump < 0 or trumps >= 2, est)

            return max((a for a in legal if first <= a < end), key=value)
        # Only a sound call (no trump, or two trumps or more) can be made, and a sound call
        # outranks every unsound one: so the best is the best sound call (the first of equal
        # strengths, as max() keeps), and with none it passes. Which are sound is told from
        # the hand's tally in each, before any strength is weighed.
        tables = self._last if rules is self._last_rules else self.tables(rules)
        contracts = tables.contracts
        # Counted in exact hundredths (the hand's tally in each: `_count`; a float count is within
        # 1e-12 of it): a single best count is the best float, and one clear of the threshold
        # decides as the float does; only equal best counts, or a best at a hair from the
        # threshold, are weighed as floats.
        best, best_count, tied = -1, 0, False
        sound = []
        for a in legal:
            if not first <= a < end:
                continue
            ct = contracts[a - first]
            tally = _tally(ct, hand)
            if ct.trump < 0 or tally >> ct.count_shift & ct.n_mask >= 2:
                sound.append(a)
                count = _count(ct, tally)
                if best < 0 or count > best_count:
                    best, best_count, tied = a, count, False
                elif count == best_count:
                    tied = True
        if best < 0:
            return c.PASS
        limit = self._limits[seat]
        if not tied:
            margin = best_count * 10 - limit * 1000
            if margin > 1e-6 or margin < -1e-6:
                return best if margin > 0 else c.PASS
            return best if self._worth(rules, hand, best - first)[0] >= limit else c.PASS
        best, best_est = -1, 0.0
        for a in sound:
            est = self._worth(rules, hand, a - first)[0]
            if best < 0 or est > best_est:
                best, best_est = a, est
        return best if best_est >= limit else c.PASS

    def _bid(self, rules: Rules, obs: _View, legal: list[int]) -> int:
        """Bid within the estimate (own tricks + partner's help): the strongest contract first, then the cheapest."""
        # A bid that fixes its contract (`bid 7H`) is judged by the hand's strength in that
        # contract (the strongest first), any other by the best one; a bid of no tricks
        # (misère) is beyond this bot.
        c = rules.codec
        strength = [self.strength(rules, obs.hand, k) for k in range(len(rules.contracts))]
        partner = partner_help(rules, obs.seat)
        rows = rules.bid_rows
        offered = []  # (tricks, contract or -1) of each bid, in the auction's order (by value)
        for a in legal:
            if c.BID <= a < c.ACE:
                row = rows.get(a)
                offered.append((a, row.tricks if row else a - c.BID, row.contract if row else -1))
        bids = [(a, n, k) for a, n, k in offered if n > 0] or offered
        best = max(strength)
        # the sound bids (tricks within reach), the strongest contract first, then the cheapest
        sound = sorted(
            (-(strength[k] if k >= 0 else best), i, a)
            for i, (a, n, k) in enumerate(bids)
            if n <= within_reach(strength[k] if k >= 0 else best, partner)
        )
        if sound:
            return sound[0][2]
        return bids[0][0] if c.PASS not in legal else c.PASS

    def _call_partner(self, rules: Rules, obs: _View, legal: list[int]) -> int:
        """Alone with a lone hand; else call a card it does not hold, trump first."""
        c = rules.codec
        if c.ALONE in legal and self._lone(rules, obs):
            return c.ALONE
        trump = rules.contracts[obs.contract].trump
        calls = sorted((a for a in legal if a >= c.ACE), key=lambda a: (a - c.ACE != trump, a))
        held_suits = {rules.deck.suit_of(x) for x in obs.hand if self.tables(rules).place[obs.contract][x] == 0}
        for a in calls:
            if a - c.ACE not in held_suits:
                return a
        return c.ALONE if c.ALONE in legal else calls[0]

    # ---------------------------------------------------------- play
    # The card play is most of a hand's decisions, so it reads the State and the shared
    # memory of plays directly, and asks its questions of bitmasks: `unseen` holds the cards
    # that may still be in another hand (not played, not its own, not the turned-down upcard),
    # and a card is a winner ("boss") when no card above it in its suit is unseen. (A card
    # that follows is chosen in `act` itself: the most frequent decision, spared a call.)

    def _lead(self, st: State, seat: int, legal: list[int], ct: _Contract, tables: _Tables) -> int:
        """Draw trump when it pays (alone, or the maker's team holding the best trump); else cash a winner.

        One pass over the cards, nothing made (a list costs more than the loop's tests): its
        trumps (how many, the highest: the first of equals in `legal`'s order, the lowest: the
        last of equals), how many other cards, and of those nothing unseen of their suit beats
        (its winners) the strongest, the first of equals (as max() keeps), and their suits."""
        unseen = _unseen(st, seat, tables)  # (brings the memory of plays up to date: its voids are read below)
        mates = tables.mates[seat] if st.partner < 0 else _mates(st, seat, tables)
        follow = ct.follow
        power = ct.power
        trump = ct.trump
        higher = ct.higher
        n_trumps = n_sides = 0
        high = low = top = -1
        high_power = low_power = top_power = 0
        suits = 0  # the winners' suits, as bits
        for x in legal:
            if follow[x] == trump:  # (the trump suit's cards: trump_mask; never at no-trump, -1)
                p = power[x]
                if not n_trumps:
                    high = low = x
                    high_power = low_power = p
                else:
                    if p > high_power:
                        high, high_power = x, p
                    if p <= low_power:
                        low, low_power = x, p
                n_trumps += 1
            else:
                n_sides += 1
                if not higher[x] & unseen:
                    p = power[x]
                    if top < 0 or p > top_power:
                        top, top_power = x, p
                    suits |= 1 << follow[x]
        # whether an opponent is still in the tricks' way, not shown void in trump, and the suits
        # those have shown void in (they would ruff): asked only when a trump may be drawn or a
        # winner cashed (nothing else reads them)
        draw = n_trumps and ct.trump_mask & unseen
        opponents = False
        shown = 0
        if draw or top >= 0:
            out = st.out
            voids = _MEMORY.void_bits  # per seat: the suits shown void in, as bits
            trump_bit = ct.trump_bit
            for s in tables.others[mates]:
                if not out[s]:
                    v = voids[s]
                    if not v & trump_bit:
                        opponents = True
                        shown |= v
        maker = st.maker
        on_makers = maker >= 0 and mates >> maker & 1
        if draw and opponents:
            best = not higher[high] & unseen
            if (
                (best or n_trumps >= 2)
                and seat in st.alone
                and not (st.partner_card >= 0 and st.partner_secret_from(seat))
            ):
                return high
            if on_makers and best and (n_trumps >= 2 or seat == maker):
                return high
        if top >= 0:
            if shown & suits:  # a winner in a suit shown void: the strongest winner of the others, if any
                safe, safe_power = -1, 0
                for x in legal:
                    f = follow[x]
                    if f != trump and not shown >> f & 1 and not higher[x] & unseen:
                        p = power[x]
                        if safe < 0 or p > safe_power:
                            safe, safe_power = x, p
                if safe >= 0:
                    return safe
            return top
        if n_trumps and (not n_sides or (on_makers and not higher[high] & unseen)):
            return high
        if not n_sides:
            return low
        # (the throw order puts every trump after every other card: a throw from all of `legal`
        # is one from its side cards)
        return _throw(ct, legal, st.hands[seat])


def partner_help(rules: Rules, seat: int) -> float:
    """The tricks the rule bot counts on from a partner when it bids (none without one): a fifth
    of the hand's tricks. One place for it: `pimc` reads a teammate's bid by the same estimate."""
    helpers = rules.side_of.count(rules.side_of[seat]) - 1
    return 0.2 * rules.hand_tricks * min(helpers, 1)


def within_reach(strength: float, partner: float) -> int:
    """The most tricks the rule bot deems sound to bid: its hand's strength in the contract plus
    the partner's help (`partner_help`), rounded down after a quarter trick's benefit of doubt."""
    return int(strength + partner + 0.25)


def _played_by(st: State, seat: int) -> int:
    """The card `seat` played to the trick on the table (it has played to it): its latest play."""
    history = st.history
    i = len(history) - 1
    while history[i][0] != seat:
        i -= 1
    return history[i][1]


def _unseen(st: State, seat: int, tables: _Tables) -> int:
    """The cards that may be in another hand than `seat`'s, as bits: not played (the shared
    memory of plays, brought up to date), not in its hand, not the turned-down upcard."""
    memory = _MEMORY
    history = st.history
    if history is not memory.history or len(history) < memory.upto:  # the memory starts afresh
        _SEEN[0] = [0] * st.rules.players
        memory.update(st)
    elif memory.upto != len(history):
        memory.update(st)
    seen_of = _SEEN[0]
    seen = seen_of[seat]
    if not seen:
        bit = tables.bit
        for x in st.hands[seat]:  # its own cards
            seen |= bit[x]
        if st.upcard >= 0 and not st.upcard_taken:
            seen |= bit[st.upcard]  # turned down: out of play
        seen_of[seat] = seen
    # (a mask of the cards, not the complement `~`: a negative int makes every `&` with it dearer)
    return tables.every_card ^ (memory.gone_mask | seen)


def _mates(st: State, seat: int, tables: _Tables) -> int:
    """The seats playing for the same result as `seat`, as bits: its side, and the maker and
    his called partner for each other once this seat may know who the partner is."""
    mates = tables.mates[seat]
    partner = st.partner
    if partner >= 0:
        maker = st.maker
        if maker >= 0 and seat in (maker, partner) and not (st.partner_card >= 0 and st.partner_secret_from(seat)):
            mates |= 1 << (partner if seat == maker else maker)
    return mates


def _strength(ct: _Contract, hand: Iterable[int]) -> tuple[float, int]:
    """Expected tricks of `hand` under the contract of `ct`, trumps first (see RuleBot.strength),
    and how many trumps it holds.

    The sums are made in the order they always were (trumps in hand order, then each side
    suit in the order of its first card), so the floats, and every decision read from them,
    are the same to the last bit: the values are not binary fractions (0.95, 0.85, ...), so
    another order may round otherwise."""
    trump_value = ct.trump_value
    follow = ct.follow
    top_flag = ct.top_flag
    total = 0.0
    n_trumps = 0
    by_suit: dict[int, int] = {}  # side suit -> its top flags | (its count << 2)
    for c in hand:
        v = trump_value[c]
        if v:
            n_trumps += 1
            total += v
        else:
            f = follow[c]
            by_suit[f] = (by_suit[f] | top_flag[c]) + 4 if f in by_suit else top_flag[c] + 4
    return _side_total(ct, total, n_trumps, by_suit), n_trumps


def _side_total(ct: _Contract, total: float, n_trumps: int, by_suit: dict[int, int]) -> float:
    """The strength from the trumps' `total` on: the long-trump bonus, each side suit's top
    cards in `by_suit`'s order (see _strength), the voids to ruff with."""
    if n_trumps >= 3:
        total += 0.25 * (n_trumps - 2)
    has_trump = ct.trump >= 0
    for flags in by_suit.values():
        if flags & 1:
            total += 0.8 if n_trumps or not has_trump else 0.65
            if flags & 2:
                total += 0.35 if has_trump else 0.7
        elif flags & 2 and flags >= 8:  # the second card of a suit with two or more
            total += 0.25 if has_trump else 0.4
    if n_trumps >= 2:
        total += 0.3 * max(0, ct.side_suits - len(by_suit))  # voids to ruff with
    return total


def _tally(ct: _Contract, hand: Iterable[int]) -> int:
    """The tally of `hand` (see `_Contract.pack`): the sum of its cards' packs (a plain loop:
    in plain Python 3.11 `sum(map(pack.__getitem__, hand))` costs twice as much, the bound
    `__getitem__` of a tuple being a slot wrapper)."""
    pack = ct.pack
    tally = 0
    for x in hand:
        tally += pack[x]
    return tally


def _count(ct: _Contract, tally: int) -> int:
    """The strength of the hand whose tally is `tally`, in exact hundredths: the trumps' worth
    and the rest's terms, read off `ct.rest`. Each term of `_strength` is a whole number of
    hundredths (`_with_cents`), and a float count is within 1e-12 of its exact value, so a
    larger count here is a larger float; only equal counts need the floats themselves."""
    rest = tally >> ct.count_shift
    value = ct.rest.get(rest)  # (not a try of `ct.rest[rest]`: a miss's KeyError costs ~5k instructions)
    if value is None:
        value = _rest_count(ct, rest)
    return (tally & ((1 << ct.cents_bits) - 1)) + value


def _rest_count(ct: _Contract, rest: int) -> int:
    """The hundredths of a tally's `rest` (see `_Contract.pack`), kept in `ct.rest`: the
    long-trump and void terms (`base_cents`, by its count of trumps and of side suits held)
    and each side suit's (`suit_cents`, by its flags)."""
    if len(ct.rest) > 50_000:
        ct.rest.clear()
    n = rest & ct.n_mask
    row = ct.suit_cents[1 if n else 0]
    width_mask = (1 << ct.suit_width) - 1
    held = total = 0
    fields = rest >> ct.n_mask.bit_length()
    while fields:
        flags = fields & width_mask
        if flags:
            held += 1
            total += row[flags]
        fields >>= ct.suit_width
    value = ct.rest[rest] = ct.base_cents[n][held] + total
    return value


def _cents(ct: _Contract, hand: Iterable[int]) -> tuple[int, int]:
    """The strength of `hand` in exact hundredths (see `_count`), and its count of trumps."""
    tally = _tally(ct, hand)
    return _count(ct, tally), tally >> ct.count_shift & ct.n_mask


def _cents_tally(ct: _Contract, hand: list[int]) -> tuple[int, int, list[int]]:
    """`hand` in exact hundredths, by parts: its trumps' sum, how many trumps, and per
    effective suit (by index) a side suit's top flags | (its count << 2), as _strength tallies
    them, 0 for a suit it does not hold (whole numbers: their order does not matter here, so a
    list, and `suit_cents` counts a 0 as nothing)."""
    trump_cents = ct.trump_cents
    follow = ct.follow
    top_flag = ct.top_flag
    total = 0
    n = 0
    by_suit = [0] * ct.n_follow
    for c in hand:
        v = trump_cents[c]
        if v:
            total += v
            n += 1
        else:
            f = follow[c]
            by_suit[f] = (by_suit[f] | top_flag[c]) + 4
    return total, n, by_suit


def _cents_without(ct: _Contract, whole: list[int], cards: list[int]) -> list[int]:
    """Per card of `cards`: the strength of `whole` less that card, in exact hundredths.

    Whole numbers add up in any order, so each is the whole hand's count less the card's
    share: its trump value, or its side suit counted again without it (and the long-trump,
    void and ace terms that depend on the number of trumps and suits). A float strength is
    within 1e-12 of its hundredths, so a larger count here is a larger float; only equal
    counts need the floats themselves (see RuleBot._weakest)."""
    trump_cents = ct.trump_cents
    follow = ct.follow
    top_flag = ct.top_flag
    trumps, n, by_suit = _cents_tally(ct, whole)
    m = len(by_suit) - by_suit.count(0)  # the side suits it holds
    base = ct.base_cents
    without_trump, with_trump = ct.suit_cents  # [0]: no trump in hand, [1]: some
    row = with_trump if n else without_trump
    suits = 0
    for flags in by_suit:
        suits += row[flags]
    now = trumps + suits  # the whole hand less its base term
    base_n = base[n]
    # a trump gone (there is one when n > 0): the rest of the count is the same for each (its
    # side suits counted without a trump when it was the only one)
    less_trump = 0
    if n > 1:
        less_trump = trumps + base[n - 1][m] + suits
    elif n:
        for flags in by_suit:
            less_trump += without_trump[flags]
        less_trump += trumps + base[0][m]
    values = []
    every = cards is whole or cards == whole  # (the dealer weighs each card of his hand: all are in it)
    for gone in cards:
        v = trump_cents[gone]
        if not every and gone not in whole:
            values.append(now + base_n[m])
        elif v:
            values.append(less_trump - v)
        else:
            # its suit without it: one card fewer, and without its top bit (a suit has one top
            # card and one second: only the card that held a bit had it), which is the flags
            # less what the card added to them (its top bit + 4: no bit carries)
            flags = by_suit[follow[gone]]
            left = flags - top_flag[gone] - 4
            values.append(now + base_n[m if left else m - 1] - row[flags] + row[left])
    return values


def _clear_weakest(ct: _Contract, whole: list[int], cards: list[int], counts: list[int], most: int) -> int:
    """The card of `cards` whose loss from `whole` counts least, told without floats: the one
    whose hundredths (`counts`, the largest `most`) are alone the largest, or the lowest of those
    that tie when their floats are the same (`_same_floats`, as the reference's max() keeps);
    -1 when only the floats can tell."""
    if counts.count(most) == 1:
        return cards[counts.index(most)]
    tied = [c for c, count in zip(cards, counts) if count == most]  # noqa: B905 (positional: see _weakest_of)
    return min(tied) if _same_floats(ct, whole, tied) else -1


def _same_floats(ct: _Contract, whole: list[int], tied: list[int]) -> bool:
    """Do the hands `whole` less each card of `tied` (which tie in hundredths) count the same
    float, to the last bit? Yes when each is a side card of `whole` whose loss leaves every
    term of the count as it was, in the same order. A suit adds its term (_side_total) in the
    order of its first card in the hand, so the card's suit must add the same without it, and
    where that is not nothing, keep its place (the card is not its suit's first):
    - a suit that holds neither its top card nor a second card beside another adds nothing
      with or without it (a second card counts in a suit of two or more);
    - a suit holding its top card adds the same without another of its cards (the top's term
      does not read the count);
    - a suit holding its second card but not its top adds the same while two cards are left.
    Then each hand left adds the same terms in the same order (the trumps, the long-trump
    bonus, the suits, the voids: equal, as the hundredths tie), and the lowest card is the
    weakest, as the reference's max() over (float, -card) keeps."""
    trump_cents = ct.trump_cents
    top_two = ct.top_two
    follow = ct.follow
    for c in tied:
        if trump_cents[c] or c not in whole:
            return False
        top = top_two[c]
        if top[0] == c:
            return False  # the top card: its suit's term goes with it
        has_top = top[0] in whole
        second = top[1] if len(top) > 1 else -1
        if not has_top and second not in whole:
            continue  # its suit adds nothing, with or without it
        suit = follow[c]
        held = 0
        first = -1
        for x in whole:
            if follow[x] == suit:
                if not held:
                    first = x
                held += 1
        if second == c:  # the second card: its term (with the top, or in a suit of two) goes with it
            if has_top or held > 1:
                return False
            continue  # alone: its suit added nothing
        if first == c or (not has_top and held < 3):
            return False
    return True


def _throw(ct: _Contract, legal: list[int], hand: list[int]) -> int:
    """A card of `legal` not meant to win: the lowest, from the shortest side suit of `hand`
    (to make a void).

    The order is (is trump, is top of its suit, cards of its suit in hand, power), read
    as one int key (`_Contract.throw_key`) plus the count of its suit in the hand. The
    hand's counts per suit are fields of one int (`_Contract.suit_one`): no list is made."""
    one = ct.suit_one
    counts = 0
    for x in hand:
        counts += one[x]
    key = ct.throw_key
    shift = ct.suit_shift
    field = ct.count_field
    weight = ct.count_weight
    low, low_key = -1, 0
    for x in legal:
        k = key[x] + (counts >> shift[x] & field) * weight
        if low < 0 or k < low_key:  # the first of equals, as min() keeps
            low, low_key = x, k
    return low
