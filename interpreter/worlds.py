"""Sampling the worlds one seat cannot tell apart: the engine side of search bots.

`WorldSampler(state, seat).sample(rng)` deals the unseen cards again so that the
new full `State` agrees with everything `seat` has observed: its own cards, the
upcard, every play, the voids a player showed by not following, the cards the
seat itself discarded or gave, the public bidding, and the hidden moves of the
others (their discards, gifts, kitty exchanges) redone with other cards. The
secret partner of a called card follows from where the card lands.

How: the unknown cards are first split among the places they can be *now*
(each other seat's hand, minus suits it showed void in; each hidden discard;
the rest out of play), then the hand is walked backwards to the deal (a play
returns its card to its player, a discard to the discarder, a gift to the
giver, an exchange its kitty cards), and finally the whole history is replayed
forwards on the new deal through the ordinary engine. The replay is the proof:
every action must be legal and asked of the same seat, and the seat's own hand
must come out the same; a world that fails (a spec rule the walk did not model,
such as who may exchange with the kitty) is drawn again. Nothing here names a
variant: the walk knows only the action kinds of the codec.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import comb
from typing import TYPE_CHECKING, Any

from .world_counts import CountTable, dealt_tests, weighted_pick

if TYPE_CHECKING:
    from .engine import State

# Event kinds of the walk (what an action did to the cards).
PLAY, PICKUP, DECLINE, KITTY_DISCARD, EXCHANGE, GIVE, LONER_DISCARD, OTHER = range(8)


Judge = Callable[["State", int, int], bool]
Chooser = Callable[["State", int], int]  # a model's action for a seat (a bot's `act`)
CHOOSER_MISSES = 20  # draws in a row a chooser may fail, with no success yet, before a sampler drops it
COUNTS_FALLBACK = 200  # plain draws tried when the count tests say no deal can meet them, before NoWorld
REJECTED: Any = object()  # _try's answer when the judge turned the world down


def same_kind_of_play(world: State, a: int, b: int) -> bool:
    """Do cards `a` and `b`, both playable now by the seat to act in `world`, say the same
    about its hand: the same effective suit and, after the lead, both taking the trick's
    lead or both not?

    The coarse question search bots ask to infer hands from card plays: a model's exact
    card is rarely the one played (which of two low cards is thrown says little), so a
    world is judged by what the play showed: a player who did not trump a trick his side
    was losing holds no trump the model would have won it with; one who played under
    holds no card the model would have overtaken with.
    """
    follow = world.follow
    if follow[a] != follow[b]:
        return False
    if world.led < 0:
        return True
    rank, best = world.rank, world.best
    return (rank[a] > best) == (rank[b] > best)


def same_kind_of_call(world: State, a: int, b: int) -> bool:
    """Are public choices `a` and `b` (bids, orders, calls) alike in kind: both a pass, or
    both not?

    The coarse question asked of a teammate's bidding: a teammate may be a search bot that
    bids unlike the model (another number, another suit), but whether it passed still says
    how strong its hand is, where judging its exact choice would throw the whole choice away.
    """
    pass_ = world.rules.codec.PASS
    return (a == pass_) == (b == pass_)


class NoWorld(RuntimeError):
    """No world consistent with the observation was found within the tries allowed."""


class WorldSampler:
    """Everything about `state` that stays fixed across samples for `seat`, computed once."""

    def __init__(self, state: State, seat: int) -> None:
        rules = state.rules
        codec = rules.codec
        self.state = state
        self.seat = seat
        n_cards = codec.n_cards
        self.n_cards = n_cards
        self.private_end = codec.GIVE + n_cards  # actions from here on are public words (pass, order, bid, …)
        d0, g0 = codec.DISCARD, codec.GIVE
        seen_gifts = state.gifts_seen_by(seat)
        takers: dict[int, int] = {}  # event index of a gift → its taker (State.takers, public)
        # 1. What each action of the history did, and which ones this seat did not see.
        events: list[tuple[int, int, int, bool]] = []  # (kind, seat, card or action, hidden)
        context = OTHER
        for s, a in state.history:
            if a < n_cards:
                events.append((PLAY, s, a, False))
            elif d0 <= a < g0:
                # the dealer's pick-up: after an order, or the discard the state keeps as his pick-up's
                pickup = context == PICKUP or (s == state.dealer and state.upcard_taken and a - d0 == state.discarded)
                kind = PICKUP if pickup else LONER_DISCARD if context == GIVE else KITTY_DISCARD
                events.append((kind, s, a - d0, s != seat))
                if kind == PICKUP:
                    context = OTHER
            elif g0 <= a < g0 + n_cards:
                takers[len(events)] = state.takers[len(takers)]
                events.append((GIVE, s, a - g0, not seen_gifts[len(takers) - 1]))
                context = GIVE
            elif a == codec.ORDER:
                events.append((OTHER, s, a, False))
                context = PICKUP
            elif a == codec.DECLINE:
                events.append((DECLINE, s, a, False))
                context = OTHER
            elif a == codec.EXCHANGE:
                events.append((EXCHANGE, s, a, False))
                context = EXCHANGE
            else:
                events.append((OTHER, s, a, False))
        self.events = events
        # 2. Cards whose place the seat knows.
        known: set[int] = set(state.hands[seat])
        played_by: dict[int, list[int]] = {}
        for kind, s, c, hidden in events:
            if kind == PLAY:
                known.add(c)
                played_by.setdefault(s, []).append(c)
            elif kind in (PICKUP, KITTY_DISCARD, LONER_DISCARD) and not hidden:
                known.add(c)
        # a card given blind and not handed over yet (the last action): in nobody's hand
        self.pending_event = len(events) - 1 if state.pending >= 0 else -1
        if state.pending >= 0 and not events[-1][3]:
            known.add(state.pending)  # this seat gave it
        gave: dict[int, int] = {}  # card this seat gave → its taker, who holds it now or laid it away
        for i, (kind, s, c, _) in enumerate(events):
            if kind == GIVE and s == seat and c not in known:
                gave[c] = takers[i]
        self.takers = takers
        up = state.upcard
        self.upcard = up
        upcard_loose = up >= 0 and state.upcard_taken and up not in known  # in the dealer's hand, or discarded
        if up >= 0 and not upcard_loose:
            known.add(up)
        self.unknown = [c for c in range(rules.deck.size) if c not in known]
        self.gave = gave
        # 3. The places unknown cards can be now, with what each may hold.
        n = rules.players
        self.holders = [s for s in range(n) if s != seat]
        self.need = {s: len(state.hands[s]) for s in self.holders}
        self.void = {s: self._voids(state, s) for s in self.holders}
        self.follow = rules.contracts[state.contract].follow if state.contract >= 0 else ()
        kitty_ranks: set[int] | None = set()
        for phase in rules.phases:
            lays_away, ranks = phase.kitty_discards()
            if lays_away:
                if ranks is None or kitty_ranks is None:
                    kitty_ranks = None
                else:
                    kitty_ranks |= ranks
        self.kitty_ranks = kitty_ranks
        self.hidden_slots = [
            i
            for i, (kind, _, _, hidden) in enumerate(events)
            if hidden and (kind != GIVE or i == self.pending_event)  # a blind card in transit is a place
        ]
        self.upcard_loose = upcard_loose
        # the others' hidden discards: a `chooser` may make them again as its model would
        self.chooser_misses = 0  # draws in a row the chooser failed (negative: it has succeeded)
        self.hidden_discards = {
            i
            for i, (kind, s, _, hidden) in enumerate(events)
            if hidden and s != seat and kind in (PICKUP, KITTY_DISCARD, LONER_DISCARD)
        }
        self.played_by = played_by
        self.rank_of = rules.deck.rank_of
        # The split's fixed part: the places, each card's possible places, the most constrained first.
        self.places = [s for s in self.holders if self.need[s] > 0] + [-1 - i for i in range(len(self.hidden_slots))]
        self.room = {p: (self.need[p] if p >= 0 else 1) for p in self.places}
        self.free = len(self.unknown) - sum(self.room.values())
        self.options = {c: [p for p in self.places if self._allowed(c, p)] for c in self.unknown}
        # Cards that may be anywhere (every place, or out of play) need no weighing one by one:
        # after the constrained ones are placed they fill the rooms left by a shuffle.
        everywhere = len(self.places)
        self.constrained = [c for c in self.unknown if len(self.options[c]) < everywhere or c == up or c in gave]
        held_back = set(self.constrained)
        self.plain = [c for c in self.unknown if c not in held_back]
        self._count_tests(state)

    def _count_tests(self, state: State) -> None:
        """What being asked or passed over by a count test (world_counts.py) says of each other
        seat's dealt cards, and the table that draws how many tested cards each such seat's
        pool (its hand now and its hidden discards) gets. No test: `self.table` is None and
        the split is the plain one (the same draws as ever)."""
        self.tests = {s: t for s, t in dealt_tests(state).items() if s in self.need}
        self.table: CountTable | None = None
        self.impossible = False  # the table found no counts that add up (see `_check_counts`)
        if not self.tests:
            return
        sets = sorted({cards for tests in self.tests.values() for cards, _ in tests}, key=sorted)
        sig = {c: tuple(c in cards for cards in sets) for c in self.unknown}
        kinds = sorted(set(sig.values()))
        group_of = {c: kinds.index(sig[c]) for c in self.unknown}
        self.group_of = group_of
        self.groups = [[c for c in self.unknown if group_of[c] == g] for g in range(len(kinds))]
        owner = {-1 - i: self.events[e][1] for i, e in enumerate(self.hidden_slots)}
        self.first_pickup = next((i for i, e in enumerate(self.events) if e[0] == PICKUP), 0)
        self.fit_options = {c: [p for p in self.places if self._fits(c, p)] for c in self.unknown}
        self.owner = owner
        self.pinned = [
            c for c in self.unknown if (c == self.upcard or c in self.gave) and len(self.fit_options[c]) == 1
        ]
        self.tested = sorted(self.tests)
        self.pool = {s: [p for p in self.places if (p if p >= 0 else owner[p]) == s] for s in self.tested}
        rooms = [sum(self.room[p] for p in self.pool[s]) for s in self.tested]
        allowed: list[Callable[[tuple[int, ...]], bool]] = []
        members = [[g for g, kind in enumerate(kinds) if kind[k]] for k in range(len(sets))]
        for s in self.tested:
            fixed, less, more = self._offsets(s, sets)
            checks = [(sets.index(cards), counts) for cards, counts in self.tests[s]]
            low, high, low_set = self._pool_bounds(s, members)

            def ok(
                x: tuple[int, ...],
                checks: list[tuple[int, frozenset[int]]] = checks,
                fixed: list[int] = fixed,
                less: int = less,
                more: int = more,
                members: list[list[int]] = members,
                low: list[int] = low,
                high: list[int] = high,
                low_set: list[int] = low_set,
            ) -> bool:
                for g, n in enumerate(x):
                    if not low[g] <= n <= high[g]:
                        return False
                for k, least in enumerate(low_set):
                    if least and sum(x[g] for g in members[k]) < least:
                        return False
                for k, counts in checks:
                    have = sum(x[g] for g in members[k]) + fixed[k]
                    if not any(have + v in counts for v in range(-less, more + 1)):
                        return False
                return True

            allowed.append(ok)
        self.table = CountTable([len(g) for g in self.groups], rooms, allowed)

    def _pool_bounds(self, s: int, members: list[list[int]]) -> tuple[list[int], list[int], list[int]]:
        """What the places of seat `s`'s pool allow, by group: (the fewest cards of each group it
        takes: the cards only it may hold, the hidden discards only one group may fill; the most:
        the cards of the group one of its places allows; the fewest of each tested set: the hidden
        discards only cards of that set may fill, such as a kitty's ranks)."""
        n_groups = len(self.groups)
        low = [0] * n_groups
        high = [0] * n_groups
        low_set = [0] * len(members)
        pool = self.pool[s]
        only: list[list[int]] = [[] for _ in range(n_groups)]  # the hidden discards only one group may fill
        for p in pool:
            if p >= 0:
                continue
            fits = {self.group_of[c] for c in self.unknown if self._fits(c, p)}
            if len(fits) == 1:
                only[fits.pop()].append(p)
                continue
            for k, groups in enumerate(members):
                if fits <= set(groups):
                    low_set[k] += 1
        for g, cards in enumerate(self.groups):
            high[g] = sum(1 for c in cards if any(self._fits(c, p) for p in pool))
            forced = [c for c in cards if self._only_at(c, s)]
            # the one-group discards take as many cards of it, and none of those that fit none of them
            apart = sum(1 for c in forced if not any(self._fits(c, p) for p in only[g]))
            low[g] = max(len(forced), len(only[g]) + apart)
        return low, high, low_set

    def _offsets(self, s: int, sets: list[frozenset[int]]) -> tuple[list[int], int, int]:
        """How seat `s`'s dealt count of each set differs from its pool's: (the fixed part per
        set, the most the unseen cards it received may take off, the most it gave may add)."""
        state = self.state
        up = self.upcard
        fixed = [sum(1 for c in state.hands[s] if c not in self.unknown and c in cards) for cards in sets]
        less = more = 0

        def add(card: int, sign: int) -> None:
            for k, cards in enumerate(sets):
                if card in cards:
                    fixed[k] += sign

        for i, (kind, who, c, hidden) in enumerate(self.events):
            if kind == PLAY and who == s:
                add(c, 1)
            elif kind == PICKUP and who == s:
                if hidden or c != up:
                    add(up, -1)
                if not hidden and c != up:
                    add(c, 1)
            elif kind in (KITTY_DISCARD, LONER_DISCARD) and who == s and not hidden:
                add(c, 1)
            elif kind == GIVE and i == self.pending_event:
                if who == s and not hidden:
                    add(c, 1)
            elif kind == GIVE:
                if who == s:
                    if hidden:
                        more += 1
                    else:
                        add(c, 1)
                if self.takers[i] == s:
                    if hidden:
                        less += 1
                    else:
                        add(c, -1)
            elif kind == EXCHANGE and who == s:
                less += sum(1 for k, w, _, _ in self.events[i + 1 :] if k == KITTY_DISCARD and w == s) + state.step
        return fixed, less, more

    def _voids(self, state: State, s: int) -> set[int]:
        """The (effective) suits `s` showed it no longer holds, by not following them."""
        if state.contract < 0 or not state.history:
            return set()
        follow = state.rules.contracts[state.contract].follow
        n_cards = state.rules.codec.n_cards
        plays = [(p, a) for p, a in state.history if a < n_cards]
        size = state.n_active
        voids: set[int] = set()
        for start in range(0, len(plays), size):
            trick = plays[start : start + size]
            led = follow[trick[0][1]]
            for p, c in trick[1:]:
                if p == s and follow[c] != led:
                    voids.add(led)
        return voids

    # ------------------------------------------------------------------ sampling
    def _allowed(self, card: int, place: int) -> bool:
        """May `card` be at `place` now? place >= 0: that seat's hand; -1 - i: hidden slot i."""
        if card in self.gave and place >= 0:
            return place == self.gave[card]  # a card this seat gave (even the upcard) is the loner's
        if place >= 0:
            if card == self.upcard:
                return place == self.state.dealer
            voids = self.void[place]
            return not voids or self.follow[card] not in voids
        kind = self.events[self.hidden_slots[-1 - place]][0]
        if kind == KITTY_DISCARD and self.kitty_ranks is not None:
            return self.rank_of(card) in self.kitty_ranks
        return True

    def _fits(self, card: int, place: int) -> bool:
        """`_allowed`, and a hand never holds a suit its player showed void in, not even the
        upcard or a card this seat gave (which `_allowed` lets through: the replay turns such
        worlds down, and the plain split keeps drawing as it always has)."""
        if not self._allowed(card, place):
            return False
        if place < 0:
            # the upcard is laid away only once picked up: never in a discard made before
            return card != self.upcard or self.hidden_slots[-1 - place] >= self.first_pickup
        voids = self.void[place]
        return not voids or self.follow[card] not in voids

    def _split(self, rng: random.Random) -> tuple[dict[int, list[int]], list[int]] | None:
        """Deal the unknown cards to the places they can be now (None: a dead end).

        The constrained cards go first, the most constrained first, each to a
        place drawn in proportion to the room left there (out of play too, when
        it may be); then the cards that may be anywhere are shuffled into the
        rooms left, which draws them exactly as one by one would, only faster.
        """
        room = dict(self.room)
        free = self.free
        if free < 0:
            return None
        hands: dict[int, list[int]] = {s: [] for s in self.holders}
        slots = [-1] * len(self.hidden_slots)
        if self.constrained and self._place(self.constrained[:], self.options, room, free, hands, slots, rng) is None:
            return None
        rest = self.plain[:]
        rng.shuffle(rest)
        at = 0
        for p, left in room.items():
            if left:
                if p >= 0:
                    hands[p].extend(rest[at : at + left])
                else:
                    slots[-1 - p] = rest[at]
                at += left
        return hands, slots

    def _place(
        self,
        order: list[int],
        options: dict[int, list[int]],
        room: dict[int, int],
        free: int,
        hands: dict[int, list[int]],
        slots: list[int],
        rng: random.Random,
    ) -> int | None:
        """Place the cards of `order` (shuffled, then the most constrained first) each at one of
        its `options` with room, or out of play while `free` > 0, weighted by the room left;
        the out-of-play room left, or None when a card has nowhere to go. `_split` and
        `_split_counted` both place this way (the same draws from `rng`)."""
        rng.shuffle(order)
        order.sort(key=lambda c: len(options[c]))  # the most constrained first
        for c in order:
            open_ = [p for p in options[c] if room[p] > 0]
            weights = [room[p] for p in open_]
            out_ok = free > 0 and c != self.upcard and c not in self.gave
            total = sum(weights) + (free if out_ok else 0)
            if total == 0:
                return None
            pick = rng.randrange(total)
            for p, w in zip(open_, weights, strict=True):
                if pick < w:
                    room[p] -= 1
                    if p >= 0:
                        hands[p].append(c)
                    else:
                        slots[-1 - p] = c
                    break
                pick -= w
            else:
                free -= 1
        return free

    def _split_counted(self, rng: random.Random, table: CountTable) -> tuple[dict[int, list[int]], list[int]] | None:
        """`_split` under count tests: the table first draws how many cards of each tested set
        every tested seat's pool gets (in proportion to the deals giving those counts), then
        each such pool is dealt uniformly within the sets (its hidden discards first, the most
        constrained places), and the other cards go to the other places as in `_split`."""
        counts = table.draw(rng)
        if counts is None:
            return None
        left = [g[:] for g in self.groups]
        hands: dict[int, list[int]] = {s: [] for s in self.holders}
        slots = [-1] * len(self.hidden_slots)
        room = dict(self.room)
        quotas = {s: list(drawn) for s, drawn in zip(self.tested, counts, strict=True)}

        def put(c: int, p: int) -> bool:
            """Place card `c` at place `p`, counting it against its tested seat's quota."""
            g = self.group_of[c]
            left[g].remove(c)
            room[p] -= 1
            if p >= 0:
                hands[p].append(c)
            else:
                slots[-1 - p] = c
            quota = quotas.get(p if p >= 0 else self.owner[p])
            if quota is None:
                return True
            quota[g] -= 1
            return quota[g] >= 0

        # a card that may be in one place only (the upcard a dealer void in its suit laid away)
        for c in self.pinned:
            if room[self.fit_options[c][0]] <= 0 or not put(c, self.fit_options[c][0]):
                return None
        for s in self.tested:
            quota = quotas[s]
            for p in self.pool[s]:
                if p >= 0 or not room[p]:
                    continue
                pick = [c for g, q in enumerate(quota) if q for c in left[g] if self._fits(c, p)]
                if not pick:
                    return None
                put(rng.choice(pick), p)
            if s not in room:
                if any(quota):
                    return None
                continue
            for g, q in enumerate(quota):
                fits = [c for c in left[g] if self._fits(c, s)]
                forced = [c for c in fits if self._only_at(c, s)]
                if len(fits) < q or len(forced) > q:
                    return None
                rest = [c for c in fits if c not in forced]
                for c in forced + rng.sample(rest, q - len(forced)):
                    put(c, s)
        # The other cards: to the untested places (and out of play) as `_split` places them.
        order = [c for g in left for c in g]
        if self._place(order, self.fit_options, room, self.free, hands, slots, rng) is None:
            return None
        if any(room.values()):
            return None
        return hands, slots

    def _only_at(self, card: int, seat: int) -> bool:
        """Must `card` be in `seat`'s hand or hidden discards (the upcard, a card this seat gave)?"""
        if card != self.upcard and card not in self.gave:
            return False
        pool = self.pool[seat]
        return all(p in pool for p in self.fit_options[card])

    def _meets_tests(self, dealt: list[list[int]]) -> bool:
        """Does every tested seat's dealt hand hold the counts its test said?"""
        for s, tests in self.tests.items():
            hand = dealt[s]
            for cards, counts in tests:
                if sum(1 for c in hand if c in cards) not in counts:
                    return False
        return True

    def sample(self, rng: random.Random, tries: int = 5000, chooser: Chooser | None = None) -> State:
        """A full world consistent with the seat's observation (see the module docstring).

        With a `chooser`, each hidden discard of another seat is made in the replay by
        `chooser(world, seat)` (the model's own choice from the world's hand) instead of
        a card drawn at random: a drawn discard may be the trump a dealer just picked up,
        which no sensible dealer lays away. A world where the model's discard clashes with
        what was seen later (a card that seat played after) fails the replay and is drawn
        again. The seat may not discard as the model does (another kind of bot, a
        person): when no world has come out of `CHOOSER_MISSES` draws in a row with the
        chooser, the sampler draws the discards at random from then on.
        """
        tries = self._check_counts(tries)
        for _ in range(tries):
            world = self._try(rng, chooser=self._chooser(chooser))
            if world is not None:
                self._chosen(chooser, True)
                return world
            self._chosen(chooser, False)
        raise self._no_world(tries)

    def sample_if(
        self, rng: random.Random, judge: Judge, tries: int = 5000, plays: bool = False, chooser: Chooser | None = None
    ) -> State | None:
        """As `sample`, but `judge(world, seat, action)` is asked before each public choice of
        another seat ahead of the first card is replayed (and before each of its card plays
        when `plays`); a world it rejects is not finished and None is returned (a search bot
        draws another, or takes any world)."""
        tries = self._check_counts(tries)
        for _ in range(tries):
            world = self._try(rng, judge, plays, self._chooser(chooser))
            if world is REJECTED:
                return None  # turned down at a public choice: nothing learnt of the chooser
            if world is not None:
                self._chosen(chooser, True)
                return world
            self._chosen(chooser, False)
        raise self._no_world(tries)

    def _check_counts(self, tries: int) -> int:
        """The tries to make: an observation no deal can meet (the tested counts cannot add
        up) is told after a few plain draws, not after `tries` (the plain draws are a safety
        net: the replay proves any world they find, whatever the counts said)."""
        table = self.table
        if table is None or table.ways(0, tuple(table.sizes)):
            return tries
        self.table = None
        self.impossible = True
        return min(tries, COUNTS_FALLBACK)

    def _no_world(self, tries: int) -> NoWorld:
        if self.impossible:
            return NoWorld(
                f"no world consistent with seat {self.seat}'s observation: no deal of the "
                f"{len(self.unknown)} unseen cards gives seats {self.tested} the counts the players asked "
                f"and passed over showed (and {tries} plain draws found none)"
            )
        return NoWorld(f"no world consistent with seat {self.seat}'s observation in {tries} tries")

    def _chooser(self, chooser: Chooser | None) -> Chooser | None:
        """`chooser`, unless it has failed this sampler (see `sample`)."""
        return chooser if chooser is not None and self.chooser_misses < CHOOSER_MISSES else None

    def _chosen(self, chooser: Chooser | None, ok: bool) -> None:
        """Count a draw made with `chooser`: a success keeps it for good, a miss counts towards dropping it."""
        if chooser is None or self.chooser_misses >= CHOOSER_MISSES:
            return
        self.chooser_misses = -(10**9) if ok else self.chooser_misses + 1

    def _try(
        self, rng: random.Random, judge: Judge | None = None, plays: bool = False, chooser: Chooser | None = None
    ) -> State | None:
        state = self.state
        rules = state.rules
        codec = rules.codec
        split = self._split(rng) if self.table is None else self._split_counted(rng, self.table)
        if split is None:
            return None
        now, slots = split
        hands: dict[int, list[int]] = {s: now[s] for s in self.holders}
        hands[self.seat] = list(state.hands[self.seat])
        hidden_card = dict(zip(self.hidden_slots, slots, strict=True))
        actions = [a for _, a in state.history]
        up = self.upcard
        events = self.events
        # Walk back to the deal.
        for i in range(len(events) - 1, -1, -1):
            kind, s, c, hidden = events[i]
            if kind == PLAY:
                hands[s].append(c)
            elif kind == PICKUP:
                if hidden:
                    c = hidden_card[i]
                    actions[i] = codec.DISCARD + c
                if c != up:
                    held = hands[s]
                    if up not in held:
                        return None
                    held.remove(up)
                    held.append(c)
            elif kind in (KITTY_DISCARD, LONER_DISCARD):
                if hidden:
                    c = hidden_card[i]
                    actions[i] = codec.DISCARD + c
                hands[s].append(c)
            elif kind == GIVE:
                if i == self.pending_event:  # a blind card not handed over yet: in nobody's hand
                    if hidden:
                        c = hidden_card[i]
                        actions[i] = codec.GIVE + c
                    hands[s].append(c)
                    continue
                held = hands[self.takers[i]]
                if hidden:
                    choices = [x for x in held if x != up or s == state.dealer]  # only the dealer held the upcard
                    if not choices:
                        return None
                    c = rng.choice(choices)
                    actions[i] = codec.GIVE + c
                if c not in held:
                    return None
                held.remove(c)
                hands[s].append(c)
            elif kind == EXCHANGE:
                taken = self._taken(i, s, hands[s], rng)
                if taken is None:
                    return None
                for x in taken:
                    hands[s].remove(x)
        dealt = [hands[s] for s in range(rules.players)]
        if sorted(dealt[self.seat]) != sorted(state.dealt[self.seat]):
            return None
        dealt[self.seat] = list(state.dealt[self.seat])  # the seat's own order, so its view matches
        seen: set[int] = set()
        for s, h in enumerate(dealt):
            if len(h) != len(state.dealt[s]):
                return None
            seen.update(h)
        if len(seen) != sum(len(h) for h in dealt) or up in seen:
            return None
        if self.table is not None and not self._meets_tests(dealt):
            return None
        for s, h in enumerate(dealt):
            if s != self.seat:
                rng.shuffle(h)
        # Replay forwards: the engine itself checks the world.
        world = rules.new_hand(
            state.dealer, dealt, None if up < 0 else up, state.scores_before, state.deal_number, state.counters_before
        )
        me = self.seat
        remade = self.hidden_discards if chooser is not None else ()
        for i, ((s, _), a) in enumerate(zip(state.history, actions, strict=True)):
            if world.turn != s:
                return None
            if i in remade:
                assert chooser is not None
                a = chooser(world, s)
            if a not in world.legal_actions():
                return None
            if (
                judge is not None
                and s != me
                and (a >= self.private_end if not world.playing else plays)
                and not judge(world, s, a)
            ):
                return REJECTED
            world.apply(a)
        if world.turn != state.turn or world.status != state.status or world.hands[self.seat] != state.hands[self.seat]:
            return None
        return world

    def _taken(self, i: int, s: int, held: list[int], rng: random.Random) -> list[int] | None:
        """The kitty cards seat `s` took at event `i` (its own: known; another's: drawn)."""
        state = self.state
        take = 0
        for kind, who, _, _ in self.events[i + 1 :]:
            if kind != KITTY_DISCARD or who != s:
                break
            take += 1
        if i + 1 + take == len(self.events) and state.turn == s and state.step > 0:
            take += state.step  # the exchange is still going on
        if s == self.seat:
            mine = set(state.dealt[s])
            taken = [x for x in held if x not in mine and x != self.upcard]
            return taken if len(taken) == take else None
        choices = [x for x in held if x != self.upcard]
        if len(choices) < take:
            return None
        tests = self.tests.get(s) if self.table is not None else None
        if not tests:
            return rng.sample(choices, take)
        # the cards taken are not dealt: take as many tested cards as leave the dealt count
        # the test said, in proportion to the ways of taking them
        cards, counts = tests[0]
        ins = [x for x in choices if x in cards]
        outs = [x for x in choices if x not in cards]
        have = sum(1 for x in held if x in cards)
        ways = [
            (k, comb(len(ins), k) * comb(len(outs), take - k))
            for k in range(min(take, len(ins)) + 1)
            if take - k <= len(outs) and have - k in counts
        ]
        if not ways:
            return None
        k = weighted_pick(rng, ways)
        return rng.sample(ins, k) + rng.sample(outs, take - k)


class CarriedWorlds:
    """Worlds kept from one card-play decision of a seat to its next in the same hand, each
    advanced by the actions seen since and dropped when one of them does not fit it.

    A world drawn for a decision agreed with everything the seat had seen then (and, under
    a judge, with the model's choices); if the cards played since are legal in it and (under
    that world's judge) what the model would have played, it agrees with the seat's view now
    as a fresh draw would. Fresh draws grow rarer late in a hand when every play must fit the
    model (most are rejected, and the search then takes a world that explains less), so the
    worlds that fitted are carried forward instead of being drawn again: a particle filter
    with 0/1 weights. Only the trick phase carries (its actions are all public): a world is
    dropped when the hand, the seat or the phase changes.
    """

    def __init__(self, most: int) -> None:
        self.most = most  # the most worlds kept
        self.key: tuple[Any, ...] | None = None  # the hand and seat the worlds belong to
        self.seen = 0  # the history's length the worlds are at
        self.worlds: list[tuple[State, int]] = []  # (world, index of the judge it was accepted under)

    @staticmethod
    def _key(state: State, seat: int) -> tuple[Any, ...]:
        return (id(state.rules), seat, state.dealer, state.deal_number, state.dealt[seat], tuple(state.scores_before))

    def carry(self, state: State, seat: int, judges: list[Judge | None]) -> list[tuple[State, int]]:
        """The kept worlds still consistent with `state`, advanced to it (`judges[level]`: the
        judge a world of that level must still satisfy for the others' card plays, or None)."""
        key = self._key(state, seat)
        if not state.playing or key != self.key or len(state.history) < self.seen:
            self.key, self.worlds = (key if state.playing else None), []
            self.seen = len(state.history)
            return []
        new = state.history[self.seen :]
        kept: list[tuple[State, int]] = []
        for world, level in self.worlds:
            judge = judges[level] if level < len(judges) else None
            for s, a in new:
                if world.turn != s or a not in world.legal_actions():
                    break
                if judge is not None and s != seat and not judge(world, s, a):
                    break
                world.apply(a)
            else:
                if world.turn == state.turn and world.hands[seat] == state.hands[seat]:
                    kept.append((world, level))
        self.worlds = kept
        self.seen = len(state.history)
        return kept

    def keep(self, world: State, level: int) -> None:
        """Keep a fresh world (a copy: the caller plays its own out) drawn at the current decision
        (outside the trick phase it is kept for this decision only: `carry` drops it)."""
        if len(self.worlds) < self.most:
            self.worlds.append((world.clone(), level))

    def of_level(self, level: int) -> list[State]:
        """The kept worlds (at the current decision) accepted under judge `level`."""
        return [world for world, at in self.worlds if at == level]


def near_bid(world: State, a: int, b: int) -> bool:
    """Are auction choices `a` and `b` of the seat to act in `world` at most one step apart on
    its ladder of choices (a pass, then each legal bid by value)? Choices that are not on
    the ladder (an order, a call) are near only when they are the same.

    The looser question asked of a teammate's auction bid: a search bot bids one higher than
    the model with a strong hand, or passes a hand the model would open with the cheapest
    bid, but rarely further from it, so its bid still says how many tricks it holds.
    """
    codec = world.rules.codec
    ladder = [x for x in world.legal_actions() if x == codec.PASS or codec.BID <= x < codec.ACE]
    ladder.sort(key=lambda x: -1 if x == codec.PASS else x)
    if a not in ladder or b not in ladder:
        return a == b
    return abs(ladder.index(a) - ladder.index(b)) <= 1
