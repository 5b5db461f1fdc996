"""The state of one hand, and the five methods every bot, replay and tool uses.

`State` walks the compiled phase list of a `Rules` (bidding, declarations),
then plays the tricks and scores the hand. It only touches plain data: ints
for cards and seats, lists, and the tables and closures `Rules` built once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from types import MethodType
from typing import TYPE_CHECKING, Any, Final, cast

from .build import COMPILED
from .names import team_sides
from .observe import IntObservation, observation_ints, returns

if TYPE_CHECKING:
    from .rules import HandResult, Rules, ScoreOutcome


# A Final alias: compiled code reads it as a native constant, not from the module's dict (as an
# imported name) at every use.
_METHOD: Final = MethodType
# A spec with no counters: every hand's counters, shared (counters are replaced, never changed in place).
_NO_COUNTERS: Final[dict[str, list[int]]] = {}
# What State.__init__ sets its blank fields to (see there), in its order.
_BLANKS: Final = (  # its type inferred, item by item: compiled code then copies each as it is (no per-item check)
    "",
    None,
    False,
    0,
    None,
    "",
    -1,
    -1,
    False,
    -1,
    -1,
    -1,
    0,
    0,
    0,
    -1,
    -1,
    0,
    -1,
    -1,
    -1,
    0,
    -1,
    -1,
    -1,
    -1,
    0,
    None,
    None,
    None,
    (),
    (),
    (),
    (),
    (),
    -1,
    (),
    (),
    (),
)


def _find(cards: list[object], picked: object, card: int) -> int:
    """Where a pick is in a hand (the compiled trick loop; `len(cards)`: not there): first as the
    very object offered (what a policy that picks from the list returns; a pointer test, no
    unboxing), else by value. Loops over the list, not by index: compiled code then reads each
    item without a bounds-checked call."""
    for i, o in enumerate(cards):
        if o is picked:
            return i
    for i, o in enumerate(cards):
        if cast(int, o) == card:
            return i
    return len(cards)


class State:
    """One hand in progress. Seats are ints; actions are ints (see actions.py)."""

    __slots__ = (
        "rules",
        "dealer",
        "hands",
        "_dealt",
        "_deck",
        "upcard",
        "up_suit",
        "turned_down",
        "upcard_taken",
        "discarded",
        "phase",
        "turn",
        "step",
        "queue",
        "high_bid",
        "contract",
        "maker",
        "bid",
        "bid_action",
        "alone",
        "out",
        "partner",
        "partner_card",
        "play_from",
        "led",
        "best",
        "winner",
        "leader",
        "tricks",
        "played",
        "history",
        "status",
        "scores_before",
        "_result",
        "_outcome",
        "nxt",
        "follow",
        "power",
        "by_led",
        "rank",
        "trump",
        "n_active",
        "asked",
        "deal_number",
        "fixed_by",
        "kitty",
        "laid_away",
        "trick_winners",
        "counters_before",
        "counters",
        "playing",
        "trick_size",
        "on_team",
        "scored_by",
        "takers",
        "pending",
        "next_dealer",
    )

    # The fields __init__ sets from _BLANKS (declared here: they are set by one unpacking)
    fixed_by: str  # id of the bidding phase that fixed the contract
    kitty: list[int] | None  # the undealt cards, once a phase takes from them
    playing: bool  # in the trick phase (the hot path tests this one flag)
    trick_size: int
    on_team: tuple[bool, ...] | None  # per side, once the teams are final (a shared tuple: never changed)
    # Empty in most hands: each starts as the shared empty tuple and a phase that adds to it
    # replaces it by a new list (`[*st.alone, seat]`), never changes it in place: no three new
    # lists to make and free a hand
    laid_away: Sequence[int]  # cards put out of play other than the dealer's discard
    takers: Sequence[int]  # the taker of each card given (`give XX`), in order: public
    alone: Sequence[int]  # the seats playing alone
    scored_by: str  # the id of the scoring row that scored the hand (statistics, verify)
    pending: int  # a card given blind, handed over with its answer (partner_exchange)
    turned_down: int
    upcard_taken: bool
    discarded: int
    phase: int
    turn: int
    step: int  # phase-local: sub-step or count of players asked
    asked: int
    high_bid: int  # an auction's high bid so far (its value); the winning bid's value after it
    contract: int  # index into rules.contracts
    maker: int
    bid: int
    bid_action: int  # the winning bid's action (its word: `bid 7H`), -1 without an auction
    partner: int
    partner_card: int
    play_from: int  # where the plays start in `history` (the current trick is read from there)
    led: int
    best: int
    winner: int
    leader: int  # the seat that led (or leads) the current trick
    played: int
    status: str | None
    _result: dict[str, Any] | None  # the result object, built on first ask
    _outcome: ScoreOutcome | None  # a played hand's scoring outcome (Rules.score_played)
    nxt: tuple[int, ...]
    follow: tuple[int, ...]
    power: tuple[int, ...]
    by_led: tuple[tuple[int, ...], ...]  # per led suit: each card's rank (rules.ranks_by_led)
    rank: tuple[int, ...]  # this trick's row of by_led: -1 for a card that cannot win it
    trump: int

    def __init__(
        self,
        rules: Rules | None,
        dealer: int,
        hands: list[list[int]],
        upcard: int | None,
        scores_before: list[int],
        deal_number: int = 1,
        counters_before: dict[str, list[int]] | None = None,
        dealt: tuple[tuple[int, ...], ...] | None = None,
        deck: list[int] | None = None,
    ) -> None:
        if rules is None:
            return  # a blank for clone(), which sets every field (State.__new__ is not there compiled)
        # The fields every new hand starts alike (_BLANKS, in this order): one tuple unpacked
        # in one statement, not a constant loaded per field.
        (
            self.fixed_by,
            self.kitty,
            self.playing,
            self.trick_size,
            self.on_team,
            self.scored_by,
            self.pending,
            self.turned_down,
            self.upcard_taken,
            self.discarded,
            self.phase,
            self.turn,
            self.step,
            self.asked,
            self.high_bid,
            self.contract,
            self.maker,
            self.bid,
            self.bid_action,
            self.partner,
            self.partner_card,
            self.play_from,
            self.led,
            self.best,
            self.winner,
            self.leader,
            self.played,
            self.status,
            self._result,
            self._outcome,
            self.nxt,
            self.follow,
            self.power,
            self.by_led,
            self.rank,
            self.trump,
            self.laid_away,
            self.takers,
            self.alone,
        ) = _BLANKS
        n = rules.players
        self.deal_number: int = deal_number
        self.trick_winners: list[int] = []
        if counters_before is None:
            counters_before = rules.start_counters() if rules.counters else _NO_COUNTERS
        self.counters_before = counters_before
        self.counters = counters_before
        self.next_dealer = rules.next_seat[dealer]  # who deals the next hand (a misdeal may keep the same dealer)
        self.rules = rules
        self.dealer: int = dealer
        self.hands = hands
        # `hands` is ours to change: new_hand/deal pass fresh lists (deal passes their tuples, or
        # the compiled build's deal the shuffled deck they are read from when asked: `dealt`)
        self._deck = deck
        self._dealt = dealt if deck is not None or dealt is not None else tuple(map(tuple, hands))
        self.upcard = -1 if upcard is None else upcard
        self.up_suit = -1 if upcard is None else rules.printed_suit[upcard]
        self.queue: list[int] = []
        self.out = [*rules.nobody_out]  # (copies of rows made once: Rules.nobody_out, no_tricks)
        self.tricks = [*rules.no_tricks]
        self.history: list[tuple[int, int]] = []
        self.scores_before = scores_before  # a fresh list (Rules.deal, new_hand): ours
        self.n_active = n
        first = rules.first_phase  # the walk's first step is a call of its begin: made here, not through advance
        if first < 0:
            self.advance()
        else:
            self.phase = first
            if not rules.phase_begins[first](self):
                self.advance()

    # ------------------------------------------------------------------ API
    @property
    def current_player(self) -> int | None:
        return None if self.turn < 0 else self.turn

    @property
    def is_over(self) -> bool:
        return self.status is not None

    @property
    def dealt(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's cards as dealt (a tuple per seat, in the order they were dealt).

        The compiled build's deal keeps the shuffled deck instead, and the tuples are read
        from it on the first ask: a hand played out never asks, and five tuples fewer to
        make and release a hand were ~1k of its instructions (benchmarks/README.md)."""
        dealt = self._dealt
        if dealt is None:
            deck = cast("list[int]", self._deck)
            positions = self.rules.deal_positions[self.dealer]
            dealt = self._dealt = tuple([tuple([deck[i] for i in seat]) for seat in positions])
        return dealt

    @dealt.setter
    def dealt(self, value: tuple[tuple[int, ...], ...]) -> None:
        self._dealt = value

    def legal_actions(self) -> list[int]:
        if self.playing:
            hand = self.hands[self.turn]
            led = self.led
            if led >= 0:
                follow = self.follow
                same = []  # a loop in both builds (plain Python: cheaper than a filter's per-card calls)
                for c in hand:
                    if follow[c] == led:
                        same.append(c)
                if same:
                    return same
            return hand.copy()
        if self.turn < 0:
            return []
        return self.rules.phases[self.phase].legal(self)

    def apply(self, action: int) -> None:
        """Apply a legal action (see `legal_actions`; `why_illegal` explains others)."""
        p = self.turn
        self.history.append((p, action))
        if not self.playing:
            self.rules.phases[self.phase].apply(self, action)
            return
        # The trick step is inlined: it is most of the decisions of a hand. Who wins is one
        # look-up: `rank` (set at the lead) is -1 for a card that neither follows nor trumps.
        hand = self.hands[p]
        if COMPILED:  # a pop: list.remove splices through a generic slice assignment there
            hand.pop(hand.index(action))
        else:
            hand.remove(action)
        if self.led < 0:
            f = self.follow[action]
            self.led = f
            self.rank = self.by_led[f]
            self.best = self.power[action]
            self.winner = p
            self.leader = p
        else:
            v = self.rank[action]
            if v > self.best:
                self.best = v
                self.winner = p
        t = self.nxt[p]
        if t != self.leader:  # the next active seat has not played to this trick: it goes on
            self.turn = t
            return
        # The trick is complete (inlined: it runs every trick).
        w = self.winner
        self.tricks[w] += 1
        winners = self.trick_winners
        winners.append(w)
        played = len(winners)
        if played == self.rules.hand_tricks:  # the hand's end, where the trick loops end it too
            self._trick_fields(-1, -1, self.rank, self.best, w, self.leader, played, True)
        else:
            self.played = played
            self.led = -1
            self.turn = w

    def play_out(self, choose: Callable[[list[int]], int]) -> None:
        """Play the hand to its end, `choose(legal)` picking every decision.

        The same hand, to the last field, as the per-decision loop
        `while st.status is None: st.apply(choose(st.legal_actions()))`: `choose` gets
        exactly the list `legal_actions()` would return (same order, a fresh list it may
        keep) and its pick is applied (tests/test_play_out.py checks every bundled
        variant and overlay). It is that loop made cheaper, as a hand-written game plays
        a hand in one function: the tricks run in one loop with the state's fields in
        locals (written back when the hand ends, or when `choose` raises). So `choose` is
        given the list and nothing else: it must not read or change the state while the
        hand runs (a bot that reads the state uses the per-decision loop). A pick not in
        the list raises ValueError (the `why_illegal` reason) before anything changes.
        """
        phases = self.rules.phases
        while self.status is None:
            if self.playing:
                if self.led < 0:  # between tricks: the rest of the hand in one loop
                    if COMPILED:
                        self._play_tricks_compiled(choose)
                    else:
                        self._play_tricks(choose)
                else:  # in the middle of a trick (play_out was called there): one card at a time
                    legal = self.legal_actions()
                    action = choose(legal)
                    if action not in legal:
                        self._refuse(action)
                    self.apply(action)
            else:  # the bidding: the phase's own batched step (Phase.play_out; its default: one decision)
                phases[self.phase].play_out(self, choose)

    def _refuse(self, action: int) -> None:
        """`play_out`'s answer to a pick not among the legal actions: nothing is applied."""
        raise ValueError(f"illegal action {action}: {self.why_illegal(action)}")

    def _play_tricks(self, choose: Callable[[list[int]], int]) -> None:
        """The tricks to the end of the hand, from a lead (`play_out`, plain Python): `apply`'s
        trick step in locals, each trick a lead and then the other active seats in turn
        (`Rules.trick_orders`). The compiled build runs `_play_tricks_compiled` instead.

        Measured per card (callgrind, this build): a follower's list is picked out by a loop
        over the hand (a hand holds at most a few cards; filter's per-card calls of the
        follow test cost more), a whole hand is offered as `hand.copy()` (cheaper than a
        slice), and the history's (seat, card) pairs come from a table built once
        (`Rules.seat_plays`) instead of a new tuple each."""
        rules = self.rules
        hands = self.hands
        history = self.history
        plays = rules.seat_plays
        leads = rules.leads_by_card[self.contract]  # per card led: (its suit, the trick's ranks, the follow flags)
        tricks = self.tricks
        winners = self.trick_winners
        nxt = self.nxt  # (trick_orders' common cases inlined: no call)
        orders = (
            rules.next_seat_orders
            if nxt is rules.next_seat
            else (rules.trick_orders_of.get(nxt) or rules.trick_orders(nxt))
        )
        last = rules.hand_tricks
        p = self.turn
        led = self.led
        rank = self.rank
        best = self.best
        winner = self.winner
        leader = self.leader
        card = -1
        done = False
        try:
            while True:
                hand = hands[p]
                card = choose(hand.copy())
                try:  # the list offered was the whole hand: a pick is legal iff it leaves the hand
                    hand.remove(card)
                except ValueError:
                    break
                history.append(plays[p][card])  # type: ignore[arg-type]  # (seat, card), shared
                led, rank, same = leads[card]
                best = rank[card]  # (the card led follows its own suit: its rank is its power)
                winner = leader = p
                for p in orders[leader]:
                    hand = hands[p]
                    legal = []  # the cards that follow the led suit (legal_actions), in the hand's order
                    for c in hand:
                        if same[c]:
                            legal.append(c)
                    if legal:
                        card = choose(legal)
                        try:  # legal iff it follows and leaves the hand: its flag, not a scan of the list (~40 less)
                            if not same[card]:
                                break
                            hand.remove(card)
                        except (IndexError, TypeError, ValueError):  # not a card, or not in the hand
                            break
                    else:  # none follows: the whole hand, as at the lead
                        card = choose(hand.copy())
                        try:
                            hand.remove(card)
                        except ValueError:
                            break
                    history.append(plays[p][card])  # type: ignore[arg-type]
                    v = rank[card]
                    if v > best:
                        best = v
                        winner = p
                else:  # the trick is complete
                    tricks[winner] += 1
                    winners.append(winner)
                    led = -1
                    p = winner
                    if len(winners) < last:
                        continue
                    done = True
                break
        finally:  # the fields as after the last pick applied (also when `choose` raised), the hand scored when done
            self._trick_fields(p, led, rank, best, winner, leader, len(winners), done)
        if not done:
            self._refuse(card)

    def _play_tricks_compiled(self, choose: Callable[[list[int]], int]) -> None:
        """`_play_tricks` as the compiled build runs it fastest: the same fields, lists and
        picks, with native loops where plain Python hands its loops to builtins (which compiled
        code calls generically). A pick is looked for in the hand once, which both checks it
        (with the led suit when the list offered only followers) and finds where it is: first
        as the very object offered (what a policy that picks from the list returns; a pointer
        test, no unboxing), else by value; the card leaves the hand by the cards after it
        moving down and the last slot being dropped (`list.pop(i)` splices through a generic
        slice assignment), a hand's last card by `clear` (popping it would shrink the list's
        storage to an empty block, which CPython takes from the C allocator: a `malloc` then and
        a `free` at the State's release), the hand seen as a list of objects for that and for the lists
        offered (the cards move as they are, not unboxed to ints and boxed again); the
        followers are counted first, so a list of all the hand or of one or two cards is made at once
        rather than grown; the history's (seat, card) pairs come from a table built once
        (`Rules.seat_plays`) instead of a new tuple each. A bound method (`rng.choice`) is
        called as its function with its object: the same call without the bound-method layer,
        which compiled code pays at every pick (tests/test_play_tricks_compiled.py checks both)."""
        func: Callable[[object, list[int]], object] | None = None  # a bound method's function, and its object
        obj: object = None
        pick = cast("Callable[[list[int]], object]", choose)  # its pick kept as the object it returns
        if type(choose) is _METHOD:  # called as func(obj, legal): no bound-method layer per call
            method: Any = choose  # (not a checked cast: that would look the type up again)
            func = method.__func__
            obj = method.__self__
        rules = self.rules
        hands = self.hands
        plays = rules.seat_plays
        history = cast("list[object]", self.history)  # it takes seat_plays' pairs as they are
        follow = self.follow
        power = self.power
        by_led = self.by_led
        tricks = self.tricks
        winners = self.trick_winners
        nxt = self.nxt  # (trick_orders' common case inlined: no call)
        orders = rules.next_seat_orders if nxt is rules.next_seat else rules.trick_orders(nxt)
        last = rules.hand_tricks
        p = self.turn
        led = self.led
        rank = self.rank
        best = self.best
        winner = self.winner
        leader = self.leader
        card = -1
        done = False
        try:
            while True:
                hand = hands[p]
                cards = cast("list[object]", hand)  # the same list, its cards moved as objects
                picked = pick(hand[:]) if func is None else func(obj, hand[:])
                card = cast(int, picked)
                n = len(hand)
                i = _find(cards, picked, card)
                if i == n:
                    break
                history.append(plays[p][card])
                n -= 1  # the card leaves the hand (see the docstring); a hand's last card by `clear`
                if n == 0:
                    cards.clear()
                else:
                    while i < n:
                        cards[i] = cards[i + 1]
                        i += 1
                    cards.pop()
                led = follow[card]
                rank = by_led[led]
                best = power[card]
                winner = leader = p
                for p in orders[leader]:
                    hand = hands[p]
                    cards = cast("list[object]", hand)
                    n = len(hand)
                    k = 0  # the followers, the first and the last of them
                    first: object = None
                    one: object = None
                    for o in cards:
                        if follow[cast(int, o)] == led:
                            if k == 0:
                                first = o
                            k += 1
                            one = o
                    if k == 0 or k == n:
                        legal = hand[:]
                    elif k == 1:
                        legal = cast("list[int]", [one])
                    elif k == 2:
                        legal = cast("list[int]", [first, one])
                    else:
                        offer: list[object] = []
                        for o in cards:
                            if follow[cast(int, o)] == led:
                                offer.append(o)
                        legal = cast("list[int]", offer)
                    picked = pick(legal) if func is None else func(obj, legal)
                    card = cast(int, picked)
                    i = _find(cards, picked, card)
                    if i == n:
                        break
                    if k > 0 and follow[card] != led:
                        break
                    history.append(plays[p][card])
                    n -= 1
                    if n == 0:
                        cards.clear()
                    else:
                        while i < n:
                            cards[i] = cards[i + 1]
                            i += 1
                        cards.pop()
                    v = rank[card]
                    if v > best:
                        best = v
                        winner = p
                else:  # the trick is complete
                    tricks[winner] = tricks[winner] + 1
                    winners.append(winner)
                    led = -1
                    p = winner
                    if len(winners) < last:
                        continue
                    done = True
                break
        finally:  # the fields as after the last pick applied (also when `choose` raised), the hand scored when done
            self._trick_fields(p, led, rank, best, winner, leader, len(winners), done)
        if not done:
            self._refuse(card)

    def _trick_fields(
        self,
        turn: int,
        led: int,
        rank: tuple[int, ...],
        best: int,
        winner: int,
        leader: int,
        played: int,
        done: bool,
    ) -> None:
        """The trick loops' locals written back to the fields, as `apply`'s trick step leaves them;
        with `done` (the last trick complete) the hand is over and scored: the one place a played
        hand ends (`apply`, the trick loops, `claim_all`), its scoring outcome kept here rather than
        by a further call (`result()` builds the object from it)."""
        self.led = led
        self.rank = rank
        self.best = best
        self.winner = winner
        self.leader = leader
        self.played = played
        if done:
            self.turn = -1
            self.playing = False
            self.status = "complete"
            self._outcome = outcome = self.rules.score_played(self)
            self.scored_by = outcome[1]
            counters = outcome[2]
            if counters is not None:
                self.counters = {name: list(v) for name, v in counters}
        else:
            self.turn = turn

    @property
    def trick(self) -> list[int]:
        """The trick on the table: seat, card, seat, card, … in play order ([] between tricks).

        Read from the history (the plays since the last complete trick) rather than kept
        by the trick step, which then only moves the turn."""
        if not self.playing:
            return []
        start = self.play_from + self.played * self.n_active
        return [x for play in self.history[start:] for x in play]

    @property
    def partner_shown(self) -> bool:
        """Has the called card (`partner_card`) been played? Then its holder is known to all.

        Read from the history rather than kept up to date by the trick step (a card's
        play action is the card itself, and only a play is)."""
        called = self.partner_card
        return called >= 0 and any(a == called for _, a in self.history)

    def clone(self) -> State:
        """An independent copy (search bots clone a lot): every field by name, lists copied.

        Spelled out rather than looped over `__slots__` (3x faster); tests/test_clone.py
        checks that every slot is copied, so a new field cannot be forgotten here.
        """
        o = State(None, 0, [], None, [])
        o.rules = self.rules
        o.dealer = self.dealer
        o.hands = list(map(list.copy, self.hands))
        o._dealt = self._dealt
        o._deck = self._deck  # the shuffled deck, never changed after the deal: shared (tests/test_clone.py)
        o.upcard = self.upcard
        o.up_suit = self.up_suit
        o.turned_down = self.turned_down
        o.upcard_taken = self.upcard_taken
        o.discarded = self.discarded
        o.phase = self.phase
        o.turn = self.turn
        o.step = self.step
        o.queue = self.queue[:]
        o.high_bid = self.high_bid
        o.contract = self.contract
        o.maker = self.maker
        o.bid = self.bid
        o.bid_action = self.bid_action
        o.alone = self.alone[:]
        o.out = self.out[:]
        o.partner = self.partner
        o.partner_card = self.partner_card
        o.play_from = self.play_from
        o.led = self.led
        o.best = self.best
        o.winner = self.winner
        o.leader = self.leader
        o.tricks = self.tricks[:]
        o.played = self.played
        o.history = self.history[:]
        o.status = self.status
        o.scores_before = self.scores_before[:]
        o._result = self._result
        o._outcome = self._outcome
        o.nxt = self.nxt
        o.follow = self.follow
        o.power = self.power
        o.by_led = self.by_led
        o.rank = self.rank
        o.trump = self.trump
        o.n_active = self.n_active
        o.asked = self.asked
        o.deal_number = self.deal_number
        o.fixed_by = self.fixed_by
        o.kitty = None if self.kitty is None else self.kitty[:]
        o.laid_away = self.laid_away[:]
        o.trick_winners = self.trick_winners[:]
        o.counters_before = self.counters_before  # replaced, never changed in place
        o.counters = self.counters
        o.playing = self.playing
        o.trick_size = self.trick_size
        o.on_team = self.on_team  # a tuple
        o.scored_by = self.scored_by
        o.takers = self.takers[:]
        o.pending = self.pending
        o.next_dealer = self.next_dealer
        return o

    def why_illegal(self, action: int) -> str | None:
        """None when `action` is legal now, else the reason in a player's words."""
        if self.status is not None:
            return "the hand is over"
        legal = self.legal_actions()
        if action in legal:
            return None
        codec = self.rules.codec
        words = ", ".join(codec.to_str(a) for a in legal)
        if self.phase == self.rules.play_phase:
            if action >= codec.n_cards:
                return f"a card must be played now ({words})"
            if action not in self.hands[self.turn]:
                return f"{codec.to_str(action)} is not in the hand of seat {self.turn}"
            deck = self.rules.deck
            held = " ".join(codec.to_str(c) for c in legal)
            return f"must follow {deck.suit_word(self.led)}, holds {held}"
        return f"not allowed now; allowed: {words}"

    @property
    def outcome(self) -> ScoreOutcome | None:
        """A played hand's scoring outcome (`Rules.score_played`: delta, scored_by, counters,
        winners, the game's end), what `result()` builds its object from; None until the hand
        is played out, and for a hand that ended unplayed (its object is stored whole). Callers
        that need only these (simulate's fold, the match's scores) read it and never build the
        object."""
        return self._outcome

    def result(self) -> dict[str, Any]:
        """The docs/hand-records.md result object (keys in the documented order).

        A played hand's object is built here, on the first ask, from its scoring
        outcome (`_trick_fields`): a simulation that never asks does not pay for it."""
        result = self._result
        if result is None:
            outcome = self._outcome
            if outcome is None:
                raise RuntimeError("the hand is not over")
            result = self._result = self.rules.played_result(self, outcome)
        return result

    def observation(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: its own hand, the table, public actions; never another hand."""
        rules = self.rules
        codec = rules.codec
        history = []
        seen = self.gifts_seen_by(seat)
        gift = 0
        for s, a in self.history:
            if codec.DISCARD <= a < codec.DISCARD + codec.n_cards and s != seat:
                history.append((s, "discard"))
            elif codec.GIVE <= a < codec.GIVE + codec.n_cards:
                history.append((s, codec.to_str(a) if seen[gift] else "give"))
                gift += 1
            else:
                history.append((s, codec.to_str(a)))
        secret = self.partner_secret_from(seat)
        partner_known = self.partner >= 0 and not secret
        table = self.trick
        trick = [(table[i], codec.to_str(table[i + 1])) for i in range(0, len(table), 2)]
        plays = [(s, codec.to_str(a)) for s, a in self.history if a < codec.n_cards]
        size = self.n_active
        return {
            "seat": seat,
            "players": rules.players,
            "dealer": self.dealer,
            "hand": [codec.to_str(c) for c in self.hands[seat]],
            "upcard": None if self.upcard < 0 else codec.to_str(self.upcard),
            "upcard_taken": self.upcard_taken,
            # the suit the upcard stands for (a turned joker takes the suit the dealer named)
            "upcard_suit": None if self.up_suit < 0 else rules.deck.suits[self.up_suit],
            "turned_down": None if self.turned_down < 0 else rules.deck.suits[self.turned_down],
            "trump": None if self.contract < 0 else rules.contracts[self.contract].name,
            "maker": None if self.maker < 0 else self.maker,
            "contract": self.bid or None,
            "alone": [] if secret else sorted(self.alone),
            "partner": self.partner if partner_known else None,
            "out": [s for s in range(rules.players) if self.out[s]],
            "history": history,
            "trick": trick,
            # trick boundaries: each finished trick's (seat, card) in play order, and its winner
            "tricks_played": [plays[k * size : (k + 1) * size] for k in range(len(self.trick_winners))],
            "trick_winners": list(self.trick_winners),
            "packets": [list(p) for p in rules.packets],
            "tricks": list(self.tricks),
            "scores": list(self.scores_before),
            "to_play": self.current_player,
            "legal": [codec.to_str(a) for a in self.legal_actions()] if self.turn == seat else [],
        }

    def gifts_seen_by(self, seat: int) -> list[bool]:
        """Per card given so far (`give XX`, in order): does `seat` know it? Its giver does, and
        its taker once he has it (a blind card is his only with his answer); nobody else."""
        n_cards = self.rules.codec.n_cards
        give = self.rules.codec.GIVE
        givers = [s for s, a in self.history if give <= a < give + n_cards]
        seen = [s == seat or t == seat for s, t in zip(givers, self.takers, strict=True)]
        if self.pending >= 0 and seen and givers[-1] != seat:
            seen[-1] = False
        return seen

    def partner_secret_from(self, seat: int) -> bool:
        """Is a called card's holder (even that nobody holds it) still secret to `seat`?"""
        called = self.partner_card
        return (
            called >= 0
            and seat != self.partner
            and called not in self.hands[seat]
            and not (seat == self.dealer and called == self.discarded)
            and not self.partner_shown
        )

    # ------------------------------------------------------- search and learning
    def observation_ints(self, seat: int) -> IntObservation:
        """`observation(seat)` as ints, with packets, trick boundaries and voids (observe.py)."""
        return observation_ints(self, seat)

    def returns(self) -> list[float]:
        """Per-seat utility of the finished hand in the match's direction (observe.returns)."""
        return returns(self)

    def resample(self, seat: int, rng: random.Random) -> State:
        """A full State `seat` cannot tell from this one: the unseen cards dealt again (worlds.py)."""
        from .worlds import WorldSampler

        return WorldSampler(self, seat).sample(rng)

    # ------------------------------------------------------------ phase walk
    def advance(self) -> None:
        """Start the next phase that has a decision to ask for."""
        rules = self.rules
        begins = rules.phase_begins  # per phase: its begin behind its gate; the play phase's start
        while self.status is None:
            # the next phase to try, from a table per spec (Rules.walk_open, walk_fixed): past the
            # bidding steps that wait for a contract once one is fixed (their begin would decline)
            phase = (rules.walk_fixed if self.contract >= 0 else rules.walk_open)[self.phase]
            if phase < 0:  # the bidding is over and no contract is fixed
                self.phase = rules.first_declaration
                self.finish_redeal()
                return
            self.phase = phase
            if COMPILED:  # native calls: through the table's Python-level callables each costs a wrapper
                if phase == rules.play_phase:
                    self._start_play()
                    return
                gate = rules.phase_gates[phase]
                if gate is not None and not gate.fn(rules.hand_env(self)):
                    continue  # not offered in this hand
                if rules.phases[phase].begin(self):
                    return
            elif begins[phase](self):  # it asks (or the play starts); else not offered, or nothing to ask
                return

    def finish_redeal(self) -> None:
        self.status = "redeal"
        self.turn = -1
        self._store(self.rules.redeal_result(self))

    def end_unplayed(self, outcome: HandResult, next_dealer: int) -> None:
        """The hand ends before play with `outcome` (a misdeal, a concession); `next_dealer` deals next."""
        self.status = outcome.result["status"]
        self.turn = -1
        self.next_dealer = next_dealer
        self._store(outcome)

    def claim_all(self, seat: int) -> None:
        """`seat` lays his cards down and takes every trick: the hand is scored as if played.

        Only for a claim the engine proved (claims.takes_every_trick); the cards
        stay in the hands, unplayed, and every trick is counted to `seat`.
        """
        self._start_play()
        left = self.rules.hand_tricks - self.played
        self.tricks[seat] += left
        self.trick_winners.extend([seat] * left)
        self._trick_fields(-1, self.led, self.rank, self.best, self.winner, self.leader, self.played + left, True)

    def _store(self, outcome: HandResult) -> None:
        """The hand is over: keep what scoring decided (the state is ours; `Rules` only reads)."""
        self._result = outcome.result
        self.scored_by = outcome.scored_by
        if outcome.counters is not None:
            self.counters = outcome.counters

    # ------------------------------------------------------------ the tricks
    def _start_play(self) -> bool:
        """The play phase starts: its tables, the seats playing, the teams, the first leader (True:
        the phase walk stops here, Rules.phase_begins)."""
        rules = self.rules
        # the contract's tables (follow, power, ranks by led suit, ruff): one look-up
        self.follow, self.power, self.by_led, self.trump = rules.play_tables[self.contract]
        out = self.out
        if COMPILED:  # the seats sitting out as a bit each, by a native loop: compiled code would hash
            sitting = 0  # a tuple of the flags, compare them generically in `in` and `out.count`
            bit = 1
            for o in out:
                if o:
                    sitting |= bit
                bit <<= 1
            if sitting:  # the seat fields per seats sitting out (built once)
                seated = rules.seated_by_out.get(sitting)
                self.n_active, self.trick_size, self.nxt = rules.seated(out, sitting) if seated is None else seated
            else:  # nobody sits out: the shared table (the seats playing, a trick's size, next_seat)
                self.n_active, self.trick_size, self.nxt = rules.all_seated
        elif out != rules.nobody_out:  # the next active seat of each seat, per seats sitting out (built once; no call)
            self.nxt = rules.next_active_of.get(tuple(out)) or rules.next_active(out)
            self.n_active = active = rules.players - out.count(True)
            self.trick_size = 2 * active
        else:  # nobody sits out: the shared table (the seats playing, a trick's size, next_seat)
            self.n_active, self.trick_size, self.nxt = rules.all_seated
        maker = self.maker  # the teams: a maker's own side from the per-seat table (team_sides' common case)
        self.on_team = rules.maker_teams[maker] if maker >= 0 and self.partner < 0 else team_sides(rules, self)
        self.playing = True
        self.play_from = len(self.history)
        by_dealer = rules.lead_by_dealer  # (first_leader's common case, inlined: no call)
        seat = by_dealer[self.dealer] if by_dealer else -1
        self.leader = self.turn = seat if seat >= 0 and not out[seat] else self.first_leader()
        # (`led` is -1 here: only a trick step sets it, and the play starts once)
        return True

    def first_leader(self) -> int:
        """The seat that leads the first trick: the spec's lead rows, skipping a seat that sits out."""
        rules = self.rules
        seat = rules.first_lead(self)
        out = self.out
        if out[seat]:
            n = rules.players
            while out[seat]:
                seat = (seat + 1) % n
        return seat
