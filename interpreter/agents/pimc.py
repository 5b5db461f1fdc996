"""Perfect-Information Monte Carlo: the search bot for any variant, on the State API only.

At a decision with a choice, it draws `k` worlds the seat cannot tell from the
real hand (`WorldSampler`, interpreter/worlds.py; `kbid` of them before the
first card, where the few decisions that win matches are), plays every legal
action out to the end of the hand in each world with the rule bot (or, with
`roll=0`, a cheaper greedy card rule), and takes the action whose returns
(`State.returns()`, the hand's worth to the seat in the match's direction) sum
highest. Ties go to the rule bot's choice, and with `trust` > 0 so does any
gain the worlds do not show clearly. Cards that take the same tricks are
searched once, and a search whose actions all came to the same in each of its
first worlds stops there. `ms` bounds a decision's time (at least one world is
always drawn). Nothing here knows a variant: worlds, rollouts and returns come
from the engine and the spec."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..observe import PlayMemory
from ..worlds import CarriedWorlds, Judge, WorldSampler, near_bid, same_kind_of_call, same_kind_of_play
from .endgame import solve, solve_each, tricks_left
from .equity import equity_for
from .rollout import rollout
from .rule_bot import RuleBot, partner_help, within_reach

if TYPE_CHECKING:
    from ..engine import State
    from ..match import Agent
    from ..rules import Rules


SAME_AFTER = 5  # worlds after which a search stops when every action has come to the same in each
PRUNE_AT = (8, 14)  # worlds after which an action clearly worse than the leader is no longer rolled out
PRUNE_Z = 2.0  # how clearly: its mean loss against the leader, in standard errors
EXTEND_STEP = 10  # a close decision before the first card draws worlds in steps of this many, up to `kmax`
EXTEND_Z = 1.5  # close: the leader's gain over the runner-up is under this many standard errors
CALL_SLACK = 0.75  # under `mates=4`, how much weaker than its best a teammate's named contract may be
TIE_POINTS = 1e-4  # under `match`, the weight of a hand's points beside the match equity (breaks its ties)


class PimcBot:
    """`k` sampled worlds a decision, each legal action rolled out; `ms`: a time budget (0: none)."""

    def __init__(
        self,
        rng: random.Random | None = None,
        k: int = 20,
        ms: float = 0.0,
        infer: int = 8,
        kbid: int = 0,
        roll: int = 1,
        iplay: int = 0,
        foes: int = 0,
        trust: float = 0.0,
        kmax: int = 0,
        match: int = 0,
        mates: int = 0,
        hidden: int = 0,
        exact: int = 0,
        carry: int = 0,
        reuse: int = 0,
        tbid: float = 1.0,
        tplay: float = -1.0,
        lone: int = 0,
        tauc: float = -1.0,
        endgame: int = 0,
        traise: float = -1.0,
        rmate: int = 0,
        topen: float = -1.0,
        tdopen: float = -1.0,
    ) -> None:
        self.rng = rng if rng is not None else random.Random()
        self.k = k
        self.kbid = kbid or k  # worlds at a decision before the first card (bidding, declarations)
        self.kmax = kmax  # the most worlds a close decision before the first card may draw (0: kbid)
        self.ms = ms
        self.infer = infer  # worlds drawn at most to find one whose bidding the model would have bid
        self.policy = RuleBot()  # bids in the rollouts, and breaks ties
        self.roll = roll  # rollout card play: 0 the greedy rule, 1 the rule bot
        self.iplay = bool(iplay)  # infer from the others' card plays too, not only their bidding
        self.coarse = iplay >= 2  # a play fits when the model's card is of the same kind (worlds.same_kind_of_play)
        # the most worlds carried from one card play to the next (worlds.CarriedWorlds; 0: drawn afresh)
        self.carried = CarriedWorlds(carry or 60 * reuse) if (carry > 0 or reuse) and infer > 1 else None
        self.reuse = bool(reuse)  # a world no draw fits: a kept world that did fit, before judging less
        self.exact = exact  # tricks left at which a world is solved exactly (endgame.py), not rolled out
        # tricks left at a decision from which its worlds are solved exactly, every action in one
        # search (endgame.solve_each); earlier decisions roll their worlds out to the end
        self.endgame = endgame
        self.hidden = bool(hidden)  # the others' hidden discards made by the model (WorldSampler.sample's chooser)
        # how a teammate's bidding is judged: 0 the model's exact choice, 1 its kind (pass or not:
        # worlds.same_kind_of_call), 2 an auction bid within one step of the model's (worlds.near_bid),
        # 3 an auction bid by the tricks the model deems its hand worth (`_reach_fits`), 4 that and
        # the contract it names by its strength there (`_call_fits`)
        self.mates = mates
        self.foes = bool(foes)  # infer from the other sides' choices only (a partner may not bid as the model)
        self.trust = trust  # how sure (a z-score) the search must be to overrule the rule bot
        # ... for the bids, orders, calls and discards before the first card (not the choice to
        # play alone: the search's own beats the rule bot's), and in the card play (below 0: `trust`)
        self.tbid = trust if tbid < 0 else tbid
        self.tplay = trust if tplay < 0 else tplay
        # ... for the hand's opening lead when the seat's side made the contract (below 0: `tplay`)
        self.topen = self.tplay if topen < 0 else topen
        # ... and by a side that defends (below 0: `tplay`)
        self.tdopen = self.tplay if tdopen < 0 else tdopen
        self.tauc = self.tbid if tauc < 0 else tauc  # ... for an auction's bids (numbers, named bids)
        self.traise = self.tauc if traise < 0 else traise  # ... for an auction bid above the rule bot's
        self.worlds = 0  # worlds drawn at the last searched decision
        self.rmate = bool(rmate)  # the bidding rollouts' teammates outbid our high bid only with a hand for it
        # a bidding rollout in which our side must choose to play alone is also played with it
        # going alone, and each action takes the better of the two over the worlds (`_LoneOrRule`)
        self.lone = bool(lone)
        self.match = match  # judge a world by the match it leaves (equity.py), not the hand's points: 1 always,
        # 2 only in a hand that can end the match
        # what the worlds must explain, most first: (the teammates' choices too, the card plays too)
        levels = [(True, True), (False, True), (False, False)] if self.iplay else [(True, False), (False, False)]
        self._levels = [(p, q) for p, q in levels if not (foes and p)]
        self.memory = PlayMemory()  # the hand's plays, to tell equivalent cards
        self._ranked: dict[int, dict[int, list[int]]] = {}  # per contract: each effective suit high to low
        self._ranked_rules: object = None

    def act(self, state: State, seat: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        hint = self.policy.act(state, seat)
        if state.playing:
            if self._margin(state, legal, hint, hint) == math.inf:  # never overruled here: no search
                return hint
            groups = self._equivalent(state, legal)
            if len(groups) == 1:
                return hint
            legal = [hint if hint in group else group[-1] for group in groups]
        worth = self.worlds_values(state, seat, legal)
        totals = [sum(column) for column in zip(*worth, strict=True)]
        top = max(totals)
        best = [a for a, v in zip(legal, totals, strict=True) if v == top]
        if hint in best:
            return hint
        margin = self._margin(state, legal, best[0], hint)
        if margin > 0 and not self._sure(worth, legal.index(best[0]), legal.index(hint), margin):
            return hint
        return best[0]

    @staticmethod
    def _declares(state: State, legal: list[int]) -> bool:
        """Is this the choice to play alone or not? (`tbid` leaves it to the search.)"""
        codec = state.rules.codec
        return codec.ALONE in legal and codec.TOGETHER in legal

    def _margin(self, state: State, legal: list[int], best: int, hint: int) -> float:
        """How sure the search must be to overrule the rule bot's `hint` with `best`: `tplay` in
        the card play (`topen` for the hand's opening lead by the side that made the contract,
        `tdopen` by a side that defends), `trust`
        for the choice to play alone, `tauc` for an auction's bids (`traise` when `best` bids
        higher than the rule bot, or bids where it passes), `tbid` for the rest (orders, calls,
        discards)."""
        if state.playing:
            opens = _opens(state)
            return self.tplay if opens is None else self.topen if opens else self.tdopen
        if self._declares(state, legal):
            return self.trust
        codec = state.rules.codec
        if not any(codec.BID <= a < codec.ACE for a in legal):
            return self.tbid
        raises = best != codec.PASS and (hint == codec.PASS or best > hint)
        return self.traise if raises else self.tauc

    def _equivalent(self, state: State, legal: list[int]) -> list[list[int]]:
        """The legal cards in groups that take the same tricks, each high to low.

        Two cards of one effective suit are equivalent when every card ranked
        between them has been played to a finished trick or is in the same hand: whichever is
        played, the tricks go the same way, so one of them is searched for the
        group (a called partner's card stays alone: playing it says who the
        partner is).
        """
        self.memory.update(state)
        # Only a card of a finished trick is out of the way: one on the table still takes or
        # loses to ours (an opponent's K on the table parts our A from our Q).
        gone = self.memory.gone.difference(state.trick[1::2])
        mine = state.hands[state.turn]
        follow, power = state.follow, state.power
        called = state.partner_card
        ranked = self._ranked.get(state.contract) if self._ranked_rules is state.rules else None
        if ranked is None:
            if self._ranked_rules is not state.rules:
                self._ranked, self._ranked_rules = {}, state.rules
            by_suit: dict[int, list[int]] = {}
            for card in range(state.rules.deck.size):
                by_suit.setdefault(follow[card], []).append(card)
            ranked = self._ranked[state.contract] = {
                suit: sorted(cards, key=power.__getitem__, reverse=True) for suit, cards in by_suit.items()
            }
        groups: list[list[int]] = []
        playable = set(legal)
        for suit in sorted({follow[c] for c in legal}):
            group: list[int] = []
            for card in ranked[suit]:
                if card == called and card in playable:
                    if group:
                        groups.append(group)
                        group = []
                    groups.append([card])
                elif card in playable:
                    group.append(card)
                elif card in gone or card in mine:
                    continue  # played, or ours and not playable now: no card of another hand between
                elif group:
                    groups.append(group)
                    group = []
            if group:
                groups.append(group)
        return groups

    @staticmethod
    def _sure(worth: list[list[float]], best: int, hint: int, margin: float) -> bool:
        """Is `best` better than `hint` by more than `margin` standard errors over the worlds?
        (Never under an infinite margin, not even when every world agrees.)"""
        if len(worth) < 2 or margin == math.inf:
            return False
        mean, var = _paired([row[best] - row[hint] for row in worth])
        return mean > 0 and (var == 0 or mean / var**0.5 > margin)

    def values(self, state: State, seat: int, legal: list[int]) -> list[float]:
        """Summed returns of each legal action over the sampled worlds."""
        return [sum(column) for column in zip(*self.worlds_values(state, seat, legal), strict=True)]

    def worlds_values(self, state: State, seat: int, legal: list[int]) -> list[list[float]]:
        """Per sampled world, the return of each legal action (rolled out in that world).

        An action whose gain over the leader, world by world, is below zero by
        more than `PRUNE_Z` standard errors after `PRUNE_AT` worlds is not
        rolled out again: its column is filled with its mean so far, which keeps
        its total where its worlds put it (the choice is by totals). When only
        the leader is left, the search stops.
        """
        deadline = time.perf_counter() + self.ms / 1000 if self.ms > 0 else None
        sampler = WorldSampler(state, seat)
        rows: list[list[float]] = []
        policy = self.policy
        self.worlds = 0
        card_player = policy if self.roll else None
        worth = self._worth(state, seat)
        exact = self.exact
        inside = state.playing and tricks_left(state) <= max(exact, self.endgame)
        budget = self.k if state.playing else self.kbid
        live = list(range(len(legal)))
        fill: dict[int, float] = {}
        limit = budget if state.playing else max(budget, self.kmax)
        carried = self._carried(state, seat, limit)
        # under `lone`, a bidding decision (not the alone choice itself) also keeps, per world, each
        # action's value with our side going alone wherever the rollout asks it (`alone_rows`)
        lone = _LoneOrRule(policy, state.rules, seat) if self.lone and not state.playing else None
        if lone is not None and self._declares(state, legal):
            lone = None
        alone_rows: list[list[float]] = []
        # under `rmate`, the bidding rollouts' teammates do not outbid our side's high bid lightly
        bidder: Agent = _SteadyMates(policy, state.rules, seat) if self.rmate and not state.playing else policy

        ends: dict[int, float] | None = None  # in the card play, one world's memo of finished hands (endgame.solve)

        def finish(w: State, bidder: Agent) -> float:
            if exact:
                rollout(w, bidder, card_player, exact)
                return solve(w, seat, worth, ends)
            rollout(w, bidder, card_player)
            return worth(w)

        while self.worlds < limit:
            world = carried.pop().clone() if carried else self._likely_world(sampler, seat)
            self.worlds += 1
            row = [0.0] * len(legal)
            alone_row = row
            last = live[-1]
            if lone is not None:
                alone_row = [0.0] * len(legal)
            if inside:  # the decision is in the exact window: its actions valued in one search
                for i, value in zip(live, solve_each(world, seat, worth, [legal[i] for i in live]), strict=True):
                    row[i] = value
            ends = {} if state.playing else None  # shared by its actions: the contract is set
            for i in live if not inside else ():
                w = world.clone() if i != last else world
                w.apply(legal[i])
                if lone is None:
                    row[i] = finish(w, bidder)
                    continue
                start = w.clone()
                lone.force = lone.asked = False
                row[i] = alone_row[i] = finish(w, lone)
                if lone.asked:  # our side chose alone or not in this world: now it goes alone
                    lone.force = True
                    alone_row[i] = finish(start, lone)
            for i, value in fill.items():
                row[i] = alone_row[i] = value
            rows.append(row)
            if lone is not None:
                alone_rows.append(alone_row)
            if deadline is not None and time.perf_counter() >= deadline:
                break
            n = len(rows)
            seen = _better_of(rows, alone_rows) if lone is not None else rows
            if n == SAME_AFTER and all(max(r) == min(r) for r in seen):
                break  # every action came to the same in every world so far: the outcome is settled
            extra = n - budget  # worlds beyond the budget: a close decision before the first card
            if n > 1 and (n in PRUNE_AT or (extra >= 0 and extra % EXTEND_STEP == 0)):
                if len(live) > 1:
                    live = self._prune(seen, live, fill)
                if len(live) == 1:
                    break  # every other action is clearly worse: more worlds cannot change the choice
                if extra >= 0 and self._clear(seen, live):
                    break
        return _better_of(rows, alone_rows) if lone is not None else rows

    def _worth(self, state: State, seat: int) -> Callable[[State], float]:
        """What a finished world is worth to `seat`: its returns (the hand's points in the
        match's direction) or, under `match` where the spec's match can be settled
        (equity.py), the side's chance to win the match from the scores the world
        leaves, with the points breaking ties (a hand the match does not turn on is
        still played to be won); under `match=2` only in a hand that can end the match."""
        table = equity_for(state.rules) if self.match else None
        if table is None or (self.match == 2 and not table.may_end(state)):
            return lambda w: w.returns()[seat]
        side = state.rules.side_of[seat]
        after = table.after

        def worth(w: State) -> float:
            return after(w, side) + TIE_POINTS * w.returns()[seat]

        return worth

    @staticmethod
    def _clear(rows: list[list[float]], live: list[int]) -> bool:
        """Does the leader beat the runner-up world by world by more than `EXTEND_Z` standard errors?"""
        ranked = sorted(live, key=lambda i: sum(r[i] for r in rows), reverse=True)
        mean, var = _paired([r[ranked[0]] - r[ranked[1]] for r in rows])
        return var == 0 or mean / var**0.5 > EXTEND_Z

    @staticmethod
    def _prune(rows: list[list[float]], live: list[int], fill: dict[int, float]) -> list[int]:
        """The actions still worth rolling out; the others' means go into `fill`."""
        n = len(rows)
        totals = {i: sum(r[i] for r in rows) for i in live}
        lead = max(live, key=totals.__getitem__)
        kept = []
        for i in live:
            if i != lead:
                mean, var = _paired([r[i] - r[lead] for r in rows])
                if mean < 0 and (var == 0 or -mean / var**0.5 > PRUNE_Z):
                    fill[i] = totals[i] / n
                    continue
            kept.append(i)
        return kept

    def _carried(self, state: State, seat: int, limit: int) -> list[State]:
        """Under `carry`, the worlds of this hand's earlier card plays that still fit (the best
        explained last, as they are popped first), at most `limit`."""
        if self.carried is None:
            return []
        side_of = state.rules.side_of
        judges = [self._judge(side_of, seat, partners) if plays else None for partners, plays in self._levels]
        kept = self.carried.carry(state, seat, judges)
        self.rng.shuffle(kept)
        kept.sort(key=lambda pair: pair[1])
        return [world for world, _ in reversed(kept[:limit])]

    def _likely_world(self, sampler: WorldSampler, seat: int) -> State:
        """A sampled world in which the others' choices are what the model would have chosen.

        Worlds are drawn until one agrees with every public choice of the other
        seats before the first card (at most `infer` draws), and with their card
        plays too under `iplay`: an orderer then holds trumps, a passer lacks
        them. When no draw explains everything, the world explains less, step
        by step: a teammate may be a search bot that bids unlike the model, so
        first the teammates go unjudged (as `foes` asks from the start), then
        the foes' card plays; when even their bidding cannot be explained, any
        world is taken. The judge runs inside the sampler's replay, so a
        rejected world costs only its replay so far. Under `hidden` the others'
        hidden discards are the model's own (`WorldSampler.sample`).
        """
        chooser = self.policy.act if self.hidden else None
        if self.infer > 1:
            side_of = sampler.state.rules.side_of
            for level, (partners, plays) in enumerate(self._levels):
                judge = self._judge(side_of, seat, partners)
                for _ in range(self.infer - 1):
                    judged = sampler.sample_if(self.rng, judge, plays=plays, chooser=chooser)
                    if judged is not None:
                        if self.carried is not None:
                            self.carried.keep(judged, level)
                        return judged
                if self.reuse and self.carried is not None:
                    fitted = self.carried.of_level(level)
                    if fitted:
                        return self.rng.choice(fitted).clone()
        return sampler.sample(self.rng, chooser=chooser)

    def _judge(self, side_of: tuple[int, ...], seat: int, partners: bool) -> Judge:
        """Would the model have chosen `action` for seat `s` in `world`? (Teammates pass
        unjudged unless `partners`.)"""
        policy = self.policy
        mine = side_of[seat]
        coarse = self.coarse
        mates = self.mates

        def judge(world: State, s: int, action: int) -> bool:
            if not partners and side_of[s] == mine:
                return True
            if len(world.legal_actions()) == 1:
                return True
            if mates >= 3 and side_of[s] == mine and not world.playing:
                fits = _reach_fits(policy, world, s, action)
                if fits is None and mates == 4:
                    fits = _call_fits(policy, world, s, action)
                if fits is not None:
                    return fits
            model = policy.act(world, s)
            if model == action:
                return True
            if world.playing:
                return coarse and same_kind_of_play(world, model, action)
            if not mates or side_of[s] != mine:
                return False
            return (
                near_bid(world, model, action) if mates == 2 else mates == 1 and same_kind_of_call(world, model, action)
            )

        return judge


class _LoneOrRule:
    """The rollouts' bidder under `lone`: the rule bot, except that when `force` is set a seat of
    `seat`'s side asked to play alone or not goes alone; `asked` records that one was asked.

    The rule bot almost never goes alone where `pimc` often does, so a bid or order judged by
    rule-bot rollouts undervalues a hand that would go alone. Playing each world both ways and
    keeping, per action, the way with the higher total over the worlds (`_better_of`) values
    the action as if the later choice were made from the same worlds: not one world's best."""

    def __init__(self, policy: Agent, rules: Rules, seat: int) -> None:
        self.policy = policy
        self.alone, self.together = rules.codec.ALONE, rules.codec.TOGETHER
        self.ours = [rules.side_of[s] == rules.side_of[seat] for s in range(rules.players)]
        self.force = False
        self.asked = False

    def act(self, state: State, seat: int) -> int:
        if self.ours[seat]:
            legal = state.legal_actions()
            if self.alone in legal and self.together in legal:
                self.asked = True
                if self.force:
                    return self.alone
        return self.policy.act(state, seat)


def _reach_fits(policy: RuleBot, world: State, s: int, action: int) -> bool | None:
    """Does seat `s`'s auction choice `action` fit its hand in `world`, read as "about this many
    tricks for our side"? (None: not an auction choice; judged as before.)

    A teammate may be a search bot: it bids higher than the rule bot (which bids the cheapest
    sound bid) or passes a marginal hand, so its exact choice is rarely the model's. Read by
    the tricks the rule bot deems the hand worth with a partner (`_reach`): a bid of `n`
    fits a hand whose reach is at least `n - 1`; a pass fits a hand whose reach is no more
    than the cheapest bid open to it.
    """
    rules = world.rules
    c = rules.codec
    legal = world.legal_actions()
    bids = [a for a in legal if c.BID <= a < c.ACE]
    if not bids or (action != c.PASS and action not in bids):
        return None
    hand = world.hands[s]
    if action == c.PASS:
        cheapest = bids[0]
        return _reach(policy, rules, hand, s, cheapest) <= _tricks(rules, cheapest)
    return _reach(policy, rules, hand, s, action) >= _tricks(rules, action) - 1


def _call_fits(policy: RuleBot, world: State, s: int, action: int) -> bool | None:
    """Does the maker's naming of the contract `action` (no pass open: the high bidder names
    trump) fit its hand in `world`: is the hand, by the rule bot's estimate, within
    `CALL_SLACK` tricks as strong in it as in its best legal contract? (None: not such a
    choice; judged as before.) A search bot names a contract other than the model's best
    when two are near, so its exact choice would throw the whole call away."""
    rules = world.rules
    c = rules.codec
    legal = world.legal_actions()
    if c.PASS in legal or not c.CALL <= action < c.BID:
        return None
    hand = world.hands[s]
    best = max(policy.strength(rules, hand, a - c.CALL) for a in legal if c.CALL <= a < c.BID)
    return policy.strength(rules, hand, action - c.CALL) >= best - CALL_SLACK


def _tricks(rules: Rules, action: int) -> int:
    """The tricks an auction bid promises (a named bid's row, else its number)."""
    row = rules.bid_rows.get(action)
    return int(row.tricks) if row is not None else action - rules.codec.BID


def _reach(policy: RuleBot, rules: Rules, hand: list[int], s: int, bid: int) -> int:
    """The most tricks the rule bot deems sound to bid with `hand` (its own estimate in the
    contract the bid `bid` names, or its best, plus a partner's help: the rule bot's `_bid` estimate)."""
    row = rules.bid_rows.get(bid)
    strength = [policy.strength(rules, hand, k) for k in range(len(rules.contracts))]
    own = strength[row.contract] if row is not None and row.contract >= 0 else max(strength)
    return within_reach(own, partner_help(rules, s))


class _SteadyMates:
    """The bidding rollouts' bidder under `rmate`: the rule bot, except that a seat of `seat`'s side
    whose teammate holds the auction's high bid passes (when it may) unless its hand alone is worth
    a trick more than the bid the rule bot would make (`_reach`).

    The rule bot bids the cheapest sound bid whoever holds the high bid, so it outbids its own
    partner about four times in five; a `pimc` teammate does it about half as often. Rolled out
    with the rule bot, a bid of ours is too often taken over by the modelled partner and set.
    The foes stay the rule bot: they are modelled as they are."""

    def __init__(self, policy: RuleBot, rules: Rules, seat: int) -> None:
        self.policy = policy
        self.ours = [rules.side_of[s] == rules.side_of[seat] for s in range(rules.players)]
        self.side_of = rules.side_of

    def act(self, state: State, seat: int) -> int:
        model = self.policy.act(state, seat)
        if not self.ours[seat]:
            return model
        rules = state.rules
        c = rules.codec
        if model == c.PASS or not c.BID <= model < c.ACE or c.PASS not in state.legal_actions():
            return model
        high = _high_bidder(state)
        if high < 0 or high == seat or self.side_of[high] != self.side_of[seat]:
            return model
        if _reach(self.policy, rules, state.hands[seat], seat, model) >= _tricks(rules, model) + 1:
            return model
        return c.PASS


def _high_bidder(state: State) -> int:
    """The seat of the last auction bid of the hand so far (-1: none): the high bidder."""
    c = state.rules.codec
    for s, a in reversed(state.history):
        if c.BID <= a < c.ACE:
            return s
    return -1


def _better_of(rows: list[list[float]], alone_rows: list[list[float]]) -> list[list[float]]:
    """Per action, its column of `rows` or of `alone_rows`, whichever sums higher (ties: `rows`)."""
    columns = len(rows[0]) if rows else 0
    use = [sum(r[i] for r in alone_rows) > sum(r[i] for r in rows) for i in range(columns)]
    if not any(use):
        return rows
    return [[a[i] if use[i] else r[i] for i in range(columns)] for r, a in zip(rows, alone_rows, strict=True)]


def _opens(state: State) -> bool | None:
    """Is this the hand's opening lead, and by a seat of the side that made the contract (True)
    or of a side that defends (False)? None: another play. (By the seats' sides, which every
    seat knows: a secret called partner is not read.)"""
    if state.played or state.led >= 0 or state.maker < 0:
        return None
    side_of = state.rules.side_of
    return side_of[state.maker] == side_of[state.turn]


def _paired(gains: list[float]) -> tuple[float, float]:
    """The mean of one action's gains over another, world by world (two worlds or more), and
    the variance of that mean: the search's tests (prune, stop, trust) read gain / its error."""
    n = len(gains)
    mean = sum(gains) / n
    return mean, sum((g - mean) ** 2 for g in gains) / (n - 1) / n
