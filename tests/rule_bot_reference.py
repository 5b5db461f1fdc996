"""A frozen copy of the rule bot as it was before it was made fast (interpreter/agents/rule_bot.py
at fe0c8e4, with the PlayMemory it read): the oracle tests/test_rule_bot_same_decisions.py
holds the fast bot to, decision by decision. Do not change it; it is what "the same
decisions" means.

The original docstring follows.

The rule bot: a sound player of any variant of the family, from the spec's tables alone.

It reads only what its seat may know — its own hand, the upcard, the public
bidding results, the cards played and the voids shown (a `PlayMemory` of the
hand, grown decision by decision instead of rebuilding `observation_ints`) and
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

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from interpreter.engine import State
from interpreter.rules import Rules


class PlayMemory:
    """The cards played so far and the suits each seat showed void in, grown as a hand goes on.

    The plays are public, so one memory serves every seat. A bot keeps one and
    calls `update(state)` before each decision: only the actions since the last
    call are read (the memory holds on to the state's history list and starts
    afresh when it meets another one: a new hand, or a clone). This is the
    per-hand analysis `observation_ints` would otherwise redo from the whole
    history at every decision.
    """

    __slots__ = ("history", "upto", "gone", "voids", "in_trick", "led")

    def __init__(self) -> None:
        self.history: list[tuple[int, int]] | None = None
        self.upto = 0
        self.gone: set[int] = set()  # every card played to a trick, the current one included
        self.voids: list[set[int]] = []  # per seat: effective suits it failed to follow
        self.in_trick = 0  # cards played to the current trick
        self.led = -1  # the effective suit led to the current trick

    def update(self, st: State) -> None:
        history = st.history
        if history is not self.history or len(history) < self.upto:
            self.history = history
            self.upto = 0
            self.gone = set()
            self.voids = [set() for _ in range(st.rules.players)]
            self.in_trick = 0
            self.led = -1
        if self.upto == len(history):
            return
        n_cards = st.rules.codec.n_cards
        follow = st.follow
        size = st.n_active
        gone = self.gone
        for k in range(self.upto, len(history)):
            s, a = history[k]
            if a >= n_cards:
                continue
            gone.add(a)
            f = follow[a]
            if self.in_trick == 0:
                self.led = f
            elif f != self.led:
                self.voids[s].add(self.led)
            self.in_trick = (self.in_trick + 1) % size
        self.upto = len(history)


@dataclass(frozen=True)
class _Tables:
    """Per contract: each card's place within its effective suit (0 = top), and the suits' cards high to low."""

    place: tuple[tuple[int, ...], ...]
    suits: tuple[dict[int, tuple[int, ...]], ...]
    side_suits: tuple[int, ...]  # per contract: how many effective suits are not trump


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
    return _Tables(tuple(places), tuple(suits), side)


TRUMP_VALUE = (1.0, 0.95, 0.85, 0.72, 0.62, 0.55)  # a trump's worth in tricks by its place; lower ones 0.5


class _View:
    """What the seat knows at one decision, read from the State without copying: the same
    knowledge as `State.observation_ints(seat)`, only the parts this bot reads."""

    __slots__ = (
        "seat",
        "players",
        "dealer",
        "hand",
        "upcard",
        "upcard_taken",
        "upcard_suit",
        "contract",
        "maker",
        "alone",
        "partner",
        "out",
        "trick",
        "gone",
        "voids",
    )

    def __init__(self, st: State, seat: int, memory: PlayMemory | None) -> None:
        self.seat = seat
        self.players = st.rules.players
        self.dealer = st.dealer
        self.hand: list[int] = st.hands[seat]  # read only
        self.upcard = st.upcard
        self.upcard_taken = st.upcard_taken
        self.upcard_suit = st.up_suit
        self.contract = st.contract
        self.maker = st.maker
        secret = st.partner_card >= 0 and st.partner_secret_from(seat)
        self.alone: list[int] = [] if secret else st.alone
        self.partner = st.partner if st.partner >= 0 and not secret else -1
        self.out: list[bool] = st.out
        self.trick: list[int] = st.trick  # the cards on the table: seat, card, seat, card, ... (read only)
        if memory is not None:
            memory.update(st)
            self.gone: set[int] = memory.gone  # cards played, the table's included
            self.voids: list[set[int]] = memory.voids
        else:
            self.gone = set()
            self.voids = []


class ReferenceRuleBot:
    """Bids on a trump-first count of its tricks; plays from memory of the cards and voids."""

    def __init__(self, make: float = 0.5, fold_below: float = 1.0) -> None:
        self.make = make  # share of the hand's tricks own cards must promise to make trump with a partner
        self.fold_below = fold_below
        self._tables: dict[int, tuple[Rules, _Tables]] = {}
        self._last_rules: Rules | None = None
        self._last: _Tables = _Tables((), (), ())
        self.memory = PlayMemory()  # the hand's plays and voids, read on since the last decision
        self._strengths: dict[tuple[int, ...], float] = {}  # (contract, *hand) -> strength

    # ---------------------------------------------------------- entry point
    def act(self, state: State, seat: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rules = state.rules
        if legal[0] < rules.codec.n_cards:
            return self._play(rules, _View(state, seat, self.memory), legal)
        return self._decide(rules, _View(state, seat, None), legal)

    def tables(self, rules: Rules) -> _Tables:
        if rules is self._last_rules:
            return self._last
        self._strengths.clear()  # counted under other rules
        cached = self._tables.get(id(rules))
        if cached is None or cached[0] is not rules:
            cached = (rules, _build_tables(rules))
            self._tables[id(rules)] = cached
        self._last_rules, self._last = cached
        return cached[1]

    # ---------------------------------------------------------- estimates
    def strength(self, rules: Rules, hand: Iterable[int], k: int) -> float:
        """Expected tricks of `hand` under contract `k`, trumps first (remembered: the bidding
        weighs the same hands again and again, the dealer's discard each hand less a card)."""
        tables = self.tables(rules)
        key = (k, *hand)
        known = self._strengths.get(key)
        if known is None:
            if len(self._strengths) > 20_000:
                self._strengths.clear()
            known = self._strengths[key] = self._strength(rules, tables, key[1:], k)
        return known

    def _strength(self, rules: Rules, tables: _Tables, hand: Iterable[int], k: int) -> float:
        contract = rules.contracts[k]
        place = tables.place[k]
        follow = contract.follow
        trump = contract.trump
        total = 0.0
        n_trumps = 0
        by_suit: dict[int, list[int]] = {}
        for c in hand:
            f = follow[c]
            p = place[c]
            if f == trump and trump >= 0:
                n_trumps += 1
                total += TRUMP_VALUE[p] if p < 6 else 0.5
            elif f in by_suit:
                by_suit[f].append(p)
            else:
                by_suit[f] = [p]
        if n_trumps >= 3:
            total += 0.25 * (n_trumps - 2)
        for places in by_suit.values():
            if 0 in places:
                total += 0.8 if n_trumps or trump < 0 else 0.65
                if 1 in places:
                    total += 0.35 if trump >= 0 else 0.7
            elif 1 in places and len(places) >= 2:
                total += 0.25 if trump >= 0 else 0.4
        if n_trumps >= 2:
            total += 0.3 * max(0, tables.side_suits[k] - len(by_suit))  # voids to ruff with
        return total

    def trump_count(self, rules: Rules, hand: Iterable[int], k: int) -> int:
        contract = rules.contracts[k]
        return sum(1 for c in hand if contract.trump >= 0 and contract.follow[c] == contract.trump)

    def lone_tricks(self, rules: Rules, hand: list[int], k: int) -> float:
        """Tricks a hand should take without a partner: a top-trump run, then long trumps, then aces."""
        contract = rules.contracts[k]
        place = self.tables(rules).place[k]
        trump = contract.trump
        if trump < 0:
            return sum(1.0 if place[c] == 0 else 0.0 for c in hand)
        trumps = sorted(place[c] for c in hand if contract.follow[c] == trump)
        run = 0
        while run < len(trumps) and trumps[run] == run:
            run += 1
        if run == 0:
            return 0.0
        # The opponents' trumps fall to the run: the rest of a long trump suit is good too.
        sure = float(len(trumps)) if run >= 2 or len(trumps) >= 4 else run + 0.5 * (len(trumps) - run)
        aces = sum(1 for c in hand if contract.follow[c] != trump and place[c] == 0)
        return sure + 0.85 * aces

    def threshold(self, rules: Rules, seat: int) -> float:
        """Tricks the bot wants in its own hand before it makes trump (a partner helps)."""
        helpers = rules.side_of.count(rules.side_of[seat]) - 1
        return (self.make if helpers else self.make + 0.1) * rules.hand_tricks

    def _worth(self, rules: Rules, hand: list[int], k: int) -> tuple[float, int]:
        return self.strength(rules, hand, k), self.trump_count(rules, hand, k)

    def _weakest(self, rules: Rules, cards: list[int], k: int, hand: list[int] | None = None) -> int:
        """The card of `cards` whose loss hurts `hand` least under contract `k` (voids count)."""
        whole = hand if hand is not None else cards
        return max(cards, key=lambda c: (self.strength(rules, [x for x in whole if x != c], k), -c))

    # ---------------------------------------------------------- bidding
    def _decide(self, rules: Rules, obs: _View, legal: list[int]) -> int:
        c = rules.codec
        actions = set(legal)
        if c.ORDER in actions:
            return c.ORDER if self._orders(rules, obs) else c.PASS
        if c.GIVE <= legal[0] < c.GIVE + c.n_cards:
            if obs.seat == obs.maker:  # the maker passes his partner his least useful card
                return c.GIVE + self._weakest(rules, [a - c.GIVE for a in legal], obs.contract)
            return max(legal, key=lambda a: rules.contracts[obs.contract].power[a - c.GIVE])
        if any(c.DISCARD <= a < c.DISCARD + c.n_cards for a in legal):
            return self._discard(rules, obs, legal)
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
            return self._call(rules, obs, legal)
        return legal[0]

    def _lone(self, rules: Rules, obs: _View) -> bool:
        return self.lone_tricks(rules, obs.hand, obs.contract) >= rules.hand_tricks - 0.3

    def _orders(self, rules: Rules, obs: _View) -> bool:
        """Order the upcard's suit? Counted with the upcard going to the dealer."""
        k = obs.upcard_suit
        if k < 0:
            return False
        hand = obs.hand
        if obs.seat == obs.dealer:
            whole = [*hand, obs.upcard]
            worst = self._weakest(rules, whole, k)
            hand = [x for x in whole if x != worst]
        est, trumps = self._worth(rules, hand, k)
        if obs.seat != obs.dealer:
            up_value = TRUMP_VALUE[min(self.tables(rules).place[k][obs.upcard], 5)] * 0.6
            side_of = rules.side_of
            est += up_value if side_of[obs.dealer] == side_of[obs.seat] else -up_value
        return trumps >= 2 and est >= self.threshold(rules, obs.seat)

    def _discard(self, rules: Rules, obs: _View, legal: list[int]) -> int:
        c = rules.codec
        cards = [a - c.DISCARD for a in legal if c.DISCARD <= a < c.DISCARD + c.n_cards]
        k = obs.contract if obs.contract >= 0 else self._best_contract(rules, obs.hand)
        whole = list(obs.hand)
        if c.DECLINE in legal and obs.upcard not in whole:  # the dealer may refuse the upcard
            whole.append(obs.upcard)
            worst = self._weakest(rules, [*cards, obs.upcard], k, whole)
            return c.DECLINE if worst == obs.upcard else c.DISCARD + worst
        if obs.upcard >= 0 and obs.upcard in cards and obs.upcard not in whole:
            whole.append(obs.upcard)
        return c.DISCARD + self._weakest(rules, cards, k, whole)

    def _best_contract(self, rules: Rules, hand: list[int]) -> int:
        return max(range(len(rules.contracts)), key=lambda k: self.strength(rules, hand, k))

    def _call(self, rules: Rules, obs: _View, legal: list[int]) -> int:
        c = rules.codec
        calls = [a for a in legal if c.CALL <= a < c.BID]

        def value(a: int) -> tuple[bool, float]:
            k = a - c.CALL
            est, trumps = self._worth(rules, obs.hand, k)
            return (rules.contracts[k].trump < 0 or trumps >= 2, est)

        best = max(calls, key=value)
        if c.PASS not in legal:
            return best
        sound, est = value(best)
        return best if sound and est >= self.threshold(rules, obs.seat) else c.PASS

    def _bid(self, rules: Rules, obs: _View, legal: list[int]) -> int:
        """Bid within the estimate (own tricks + partner's help): the strongest contract first, then the cheapest."""
        # A bid that fixes its contract (`bid 7H`) is judged by the hand's strength in that
        # contract (the strongest first), any other by the best one; a bid of no tricks
        # (misère) is beyond this bot.
        c = rules.codec
        strength = [self.strength(rules, obs.hand, k) for k in range(len(rules.contracts))]
        helpers = rules.side_of.count(rules.side_of[obs.seat]) - 1
        partner = 0.2 * rules.hand_tricks * min(helpers, 1)
        rows = {row.action: row for phase in rules.phases for row in getattr(phase, "bids", ())}
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
            if n <= int((strength[k] if k >= 0 else best) + partner + 0.25)
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
    def _play(self, rules: Rules, obs: _View, legal: list[int]) -> int:
        k = obs.contract
        contract = rules.contracts[k]
        follow, power, trump = contract.follow, contract.power, contract.trump
        gone = obs.gone  # the memory's: read, never changed
        mine = set(obs.hand)  # with gone: the cards no other hand holds
        if obs.upcard >= 0 and not obs.upcard_taken:
            mine.add(obs.upcard)  # turned down: out of play
        suits = self.tables(rules).suits[k]

        def boss(card: int) -> bool:
            """Nothing higher of its suit is left unseen."""
            for higher in suits[follow[card]]:
                if higher == card:
                    return True
                if higher not in gone and higher not in mine:
                    return False
            return True

        table = obs.trick  # seat, card, seat, card, ...
        if not table:
            return self._lead(rules, obs, legal, boss, gone, mine)
        led = follow[table[1]]
        winner, best = table[0], table[1]
        best_power = power[best]
        for i in range(2, len(table), 2):
            card = table[i + 1]
            f = follow[card]
            if f in (led, trump) and power[card] > best_power:
                winner, best, best_power = table[i], card, power[card]
        active = obs.players - sum(obs.out)
        last = len(table) == 2 * (active - 1)
        if self._teammates(rules, obs, winner) and (last or boss(best) or follow[best] == trump):
            return self._throw(rules, obs, legal)
        winning = [x for x in legal if (follow[x] == led or follow[x] == trump) and power[x] > best_power]
        if winning:
            return min(winning, key=lambda x: power[x])
        return self._throw(rules, obs, legal)

    def _throw(self, rules: Rules, obs: _View, legal: list[int]) -> int:
        """A card not meant to win: the lowest, from the shortest side suit (to make a void)."""
        contract = rules.contracts[obs.contract]
        follow, power, trump = contract.follow, contract.power, contract.trump
        count: dict[int, int] = {}
        for x in obs.hand:
            count[follow[x]] = count.get(follow[x], 0) + 1
        place = self.tables(rules).place[obs.contract]
        return min(
            legal,
            key=lambda x: (trump >= 0 and follow[x] == trump, place[x] == 0, count[follow[x]], power[x]),
        )

    def _teammates(self, rules: Rules, obs: _View, other: int) -> bool:
        """Does `other` play for the same result as this seat in this hand?"""
        me = obs.seat
        if other == me or rules.side_of[other] == rules.side_of[me]:
            return True
        if obs.partner < 0 or obs.maker < 0:
            return False
        return {me, other} == {obs.maker, obs.partner}

    def _lead(
        self,
        rules: Rules,
        obs: _View,
        legal: list[int],
        is_boss: Callable[[int], bool],
        gone: set[int],
        mine: set[int],
    ) -> int:
        """Draw trump when it pays (alone, or the maker's team holding the best trump); else cash a winner."""
        contract = rules.contracts[obs.contract]
        follow, power, trump = contract.follow, contract.power, contract.trump
        suits = self.tables(rules).suits[obs.contract]
        trumps = sorted((x for x in legal if trump >= 0 and follow[x] == trump), key=lambda x: -power[x])
        opponents = [
            s
            for s in range(obs.players)
            if not obs.out[s] and not self._teammates(rules, obs, s) and trump not in obs.voids[s]
        ]
        unseen_trumps = [x for x in suits.get(trump, ()) if x not in gone and x not in mine] if trump >= 0 else []
        on_makers = obs.maker >= 0 and self._teammates(rules, obs, obs.maker)
        alone = obs.seat in obs.alone
        if trumps and opponents and unseen_trumps:
            top = is_boss(trumps[0])
            if alone and (top or len(trumps) >= 2):
                return trumps[0]
            if on_makers and top and (len(trumps) >= 2 or obs.seat == obs.maker):
                return trumps[0]
        sides = [x for x in legal if not (trump >= 0 and follow[x] == trump)]
        winners = [x for x in sides if is_boss(x)]
        if winners:
            safe = [x for x in winners if not any(follow[x] in obs.voids[s] for s in opponents)]
            return max(safe or winners, key=lambda x: power[x])
        if trumps and (not sides or (on_makers and is_boss(trumps[0]))):
            return trumps[0]
        if not sides:
            return trumps[-1]
        return self._throw(rules, obs, sides)
