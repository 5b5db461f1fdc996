"""Dynamic checks of `trickspec verify`: random hands with invariants checked at every step.

The static checks reason about the spec; these watch the engine run it. Each
hand is dealt and played with uniformly random legal actions through the
public `State` API, and after every step we re-derive, from the compiled
tables and our own bookkeeping rather than from the engine's, what must be
true: every card is in exactly one place, the legal plays follow suit, tricks
go to the highest card, the hand ends, and the points are the scoring table's.

A violation is saved as a hand record (docs/hand-records.md, plus a `verify` key
that replay ignores) that `trickspec replay` reproduces.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..atomic import write_text_atomically
from ..engine import State
from ..match import hand_record
from ..names import NOBODY_SEATS, SideEnv, leading_run
from ..rules import GAMES_COUNTER, Rules
from .report import ERROR, WARNING, Finding, Report, located
from .static import Loaded

# What each kind of violation means, in the order they are reported.
KINDS = {
    "crash": "the engine failed",
    "cards": "a card is not in exactly one place",
    "turn": "the wrong player is to act",
    "legal": "the legal actions are wrong",
    "winner": "a trick went to the wrong player",
    "end": "a hand does not end properly",
    "points": "the points differ from the scoring table",
}

# The part of the spec each kind of violation is reported at, unless the violation names a closer one.
KIND_PATHS: dict[str, tuple[str | int, ...]] = {
    "cards": ("deal",),
    "turn": ("lead",),
    "legal": ("ranking",),
    "winner": ("ranking",),
    "end": ("bidding",),
    "points": ("scoring",),
}


@dataclass
class Violation:
    kind: str
    message: str
    path: tuple[str | int, ...] | None = None  # the spec part at fault; None: KIND_PATHS (a crash has none)

    def spec_path(self) -> tuple[str | int, ...] | None:
        return self.path if self.path is not None else KIND_PATHS.get(self.kind)


class HandChecker:
    """Bookkeeping of one hand kept apart from the engine's, and the invariants over it."""

    def __init__(self, rules: Rules, st: State) -> None:
        self.rules = rules
        self.n_cards = rules.codec.n_cards
        dealt = {c for hand in st.dealt for c in hand}
        if st.upcard >= 0:
            dealt.add(st.upcard)
        self.undealt = [c for c in range(self.n_cards) if c not in dealt]
        self.played: list[int] = []
        self.trick: list[tuple[int, int]] = []  # (seat, card) of the trick in progress
        self.tricks = [0] * rules.players
        self.winners: list[int] = []  # trick winners in order
        self.next_leader = -1  # who must lead the next trick (-1: not known yet)
        self.active: list[int] = []
        self.first_row: int | None = None  # the scoring row that scored the hand
        self.claimed = -1  # the seat that laid its cards down (a claim), if any

    # ------------------------------------------------------------ env
    def on_team(self, st: State) -> list[bool]:
        """Per side: does it hold the maker or his called partner?"""
        team = [False] * self.rules.n_sides
        for seat in (st.maker, st.partner):
            if seat >= 0:
                team[self.rules.side_of[seat]] = True
        return team

    def hand_env(self, st: State, team: list[bool]) -> dict[str, Any]:
        """The hand names of docs/expressions.md, from our own trick counts and trick order.

        A name added to the language after this checker was written is taken
        from the engine (`Rules.hand_env`), so a new name never breaks verify.
        """
        rules = self.rules
        side_of = rules.side_of
        maker = st.maker
        makers = sum(t for s, t in enumerate(self.tricks) if team[side_of[s]])
        lone = next((s for s in st.alone if maker >= 0 and not team[side_of[s]]), -1)
        env = _Fallback(rules, st)
        env.update(rules.options)
        env.update(
            {
                "players": rules.players,
                "hand_tricks": rules.hand_tricks,
                "dealer": st.dealer,
                "maker": maker,
                "has_maker": maker >= 0,
                "contract": st.bid,
                "no_trump": rules.contracts[st.contract].trump < 0 if st.contract >= 0 else False,
                "alone": maker >= 0 and maker in st.alone,
                "defender_alone": lone >= 0,
                "lone_defender": lone,
                "partner": st.partner,
                "makers.tricks": makers,
                "defenders.tricks": sum(self.tricks) - makers,
                "deals": st.deal_number,
                "fixed_by": st.fixed_by,
            }
        )
        won = [team[side_of[w]] for w in self.winners]
        for label, flag in (("makers", True), ("defenders", False)):
            env[f"{label}.first_tricks"] = leading_run(won, flag)
            env[f"{label}.last_tricks"] = leading_run(won[::-1], flag)
        for name, values in self.counters_before(st).items():
            env[f"makers.{name}"] = max((v for i, v in enumerate(values) if team[i]), default=0)
            env[f"defenders.{name}"] = max((v for i, v in enumerate(values) if not team[i]), default=0)
        return env

    def counters_before(self, st: State) -> dict[str, list[int]]:
        return dict(st.counters_before)

    def side_env(
        self,
        st: State,
        env: dict[str, Any],
        side: int,
        is_maker: bool,
        score: int,
        counters: dict[str, list[int]],
        won_game: list[bool] | None = None,
    ) -> dict[str, Any]:
        seats = self.rules.side_seats[side]
        out = _Fallback(self.rules, st, side, is_maker, score, counters)
        out.update(env)
        out.update(
            {
                "side.tricks": sum(self.tricks[s] for s in seats),
                "side.score": score,
                "side.is_maker": is_maker,
                "side.out": all(st.out[s] for s in seats),
                "side.alone": any(s in st.alone for s in seats),
            }
        )
        for name, values in counters.items():
            out[f"side.{name}"] = values[side]
        out["side.won_game"] = won_game is not None and won_game[side]  # a game ends after the scoring
        return out

    def award(
        self,
        row_awards: Sequence[Any],
        env: dict[str, Any],
        st: State,
        team: list[bool],
        scores: Sequence[int],
        counters: dict[str, list[int]],
        into: list[int],
        caps: Sequence[Any] | None = None,
    ) -> None:
        """One row's (makers, defenders, each) awards added to `into`, per side.

        `caps` (a scoring row's `cap`): a gain stops where the side's score reaches the cap."""
        makers, defenders, each = row_awards
        limits = [None if c is None else c.fn(env) for c in caps] if caps else [None, None, None]

        def add(side: int, points: int, limit: int | None) -> None:
            if limit is not None and points > 0:
                points = max(0, min(points, limit - scores[side] - into[side]))
            into[side] += points

        for side in range(self.rules.n_sides):
            if makers is not None and team[side]:
                add(side, makers.fn(env), limits[0])
            if defenders is not None and not team[side]:
                add(side, defenders.fn(env), limits[1])
            if each is not None:
                add(side, each.fn(self.side_env(st, env, side, team[side], scores[side], counters)), limits[2])

    # ------------------------------------------------------------ steps
    def cards(self, st: State) -> Violation | None:
        """Every card of the deck in exactly one place: a hand, played, upcard, discard, undealt."""
        places: list[list[str]] = [[] for _ in range(self.n_cards)]
        for seat, hand in enumerate(st.hands):
            for c in hand:
                places[c].append(f"the hand of seat {seat}")
        for c in self.played:
            places[c].append("played")
        if st.upcard >= 0 and not st.upcard_taken:
            places[st.upcard].append("the upcard")
        if st.discarded >= 0:
            places[st.discarded].append("the dealer's discard")
        kitty = st.kitty
        for c in self.undealt if kitty is None else kitty:
            places[c].append("undealt" if kitty is None else "the kitty")
        for c in st.laid_away:
            places[c].append("laid away")
        if st.pending >= 0:
            places[st.pending].append("given blind, not handed over yet")
        bad = [c for c in range(self.n_cards) if len(places[c]) != 1]
        if not bad:
            return None
        names = self.rules.codec
        words = "; ".join(
            f"{names.to_str(c)} is in {', '.join(places[c])}" if places[c] else f"{names.to_str(c)} is nowhere"
            for c in bad[:3]
        )
        return Violation("cards", words)

    def before(self, st: State) -> Violation | None:
        """Checks on the position before an action: cards, whose turn, which actions are legal."""
        rules = self.rules
        found = self.cards(st)
        if found is not None:
            return found
        seat = st.current_player
        legal = st.legal_actions()
        playing = st.phase == rules.play_phase
        phase = None if playing else self.phase_path(st)
        if seat is None or not legal:
            return Violation("end", f"the hand is not over but nobody can act (turn {seat}, legal {legal})", phase)
        if len(set(legal)) != len(legal):
            return Violation("legal", f"seat {seat} is offered the same action twice", phase)
        if st.out[seat] and not self.gives_only(legal):
            asked = "play" if playing else f"choose: {', '.join(rules.codec.to_str(a) for a in legal)}"
            return Violation("turn", f"seat {seat} sits out but is asked to {asked}", phase)
        if not playing:
            bad = [a for a in legal if a < self.n_cards]
            if bad:
                return Violation(
                    "legal", f"seat {seat} may play {rules.codec.to_str(bad[0])} before play started", phase
                )
            return None
        if not self.active:
            self.start_play(st)
        expected = self.expected_turn()
        if expected is not None and seat != expected:
            return Violation("turn", f"seat {seat} is to play, but seat {expected} should")
        hand = st.hands[seat]
        follow = st.rules.contracts[st.contract].follow
        if self.trick:
            led = follow[self.trick[0][1]]
            same = {c for c in hand if follow[c] == led}
            allowed = same or set(hand)
        else:
            allowed = set(hand)
        if set(legal) != allowed:
            show = rules.codec.to_str
            return Violation(
                "legal",
                f"seat {seat} may play {' '.join(show(c) for c in legal)}; following suit allows "
                f"{' '.join(show(c) for c in sorted(allowed))}",
            )
        return None

    def phase_path(self, st: State) -> tuple[str | int, ...] | None:
        """The spec path of the bidding or declaration phase in progress."""
        first = self.rules.first_declaration
        if 0 <= st.phase < first:
            return ("bidding", st.phase)
        if first <= st.phase < self.rules.play_phase:
            return ("declarations", st.phase - first)
        return None

    def gives_only(self, legal: Sequence[int]) -> bool:
        """Every legal action passes a card: a lone player's benched partner under `partner_gives`."""
        give = self.rules.codec.GIVE
        return all(give <= a < give + self.n_cards for a in legal)

    def start_play(self, st: State) -> None:
        """The first lead: the first seat still in, clockwise from the seat the lead rows give."""
        rules = self.rules
        n = rules.players
        self.active = [s for s in range(n) if not st.out[s]]
        env = self.hand_env(st, self.on_team(st))
        start = env["dealer"] + 1
        for when, seat, _ in rules.lead_rows:
            # a row reading a role nobody holds (maker -1) does not apply (recomputed from the table)
            if (when is None or when.fn(env)) and not any(env[n] < 0 for n in seat.names & NOBODY_SEATS):
                start = int(seat.fn(env))
                break
        start %= n
        while st.out[start] and self.active:
            start = (start + 1) % n
        self.next_leader = start

    def expected_turn(self) -> int | None:
        if not self.trick:
            return self.next_leader
        last = self.trick[-1][0]
        i = self.active.index(last) if last in self.active else -1
        return self.active[(i + 1) % len(self.active)] if i >= 0 else None

    def after(self, st: State, seat: int, action: int, was_play: bool) -> Violation | None:
        """After a card: the trick's winner by the contract's order, and the engine's trick count."""
        if not was_play:
            return None
        self.played.append(action)
        self.trick.append((seat, action))
        if len(self.trick) < len(self.active):
            return None
        contract = self.rules.contracts[st.contract]
        # `ruff`: the trump suit, or at no-trump a joker's suit of its own (it beats the led suit)
        follow, power, trump = contract.follow, contract.power, contract.ruff
        led = follow[self.trick[0][1]]
        trumps = [sc for sc in self.trick if trump >= 0 and follow[sc[1]] == trump]
        pool = trumps or [sc for sc in self.trick if follow[sc[1]] == led]
        winner = max(pool, key=lambda sc: power[sc[1]])[0]
        cards = " ".join(self.rules.codec.to_str(c) for _, c in self.trick)
        self.tricks[winner] += 1
        self.winners.append(winner)
        self.trick = []
        self.next_leader = winner
        if list(st.tricks) != self.tricks:
            return Violation(
                "winner", f"trick {sum(self.tricks)} ({cards}) belongs to seat {winner}; engine counts {st.tricks}"
            )
        return None

    def at_end(self, st: State) -> Violation | None:
        """The result: a redeal scores nothing; a played hand scores the first matching row."""
        rules = self.rules
        found = self.cards(st)
        if found is not None:
            return found
        result = st.result()
        before = list(st.scores_before)
        counters_before = self.counters_before(st)
        counters = {name: list(values) for name, values in counters_before.items()}
        if st.status == "redeal":
            team = [False] * rules.n_sides
            env = self.hand_env(st, team)
            if result["delta"] != [0] * rules.n_sides or result["scores"] != before:
                return Violation("points", f"a redeal scored {result['delta']}", ("bidding",))
            found = self.check_next_dealer(st)
            if found is not None:
                return found
            won = None
            if rules.counts_deals:
                found, counters, won = self.check_game(st, result, env, team, before, counters)
                if found is not None:
                    return found
            return self.check_winners(st, result, env, team, before, counters, won)
        if st.status == "conceded":
            return self.check_concession(st, result, before, counters)
        if self.claimed >= 0:  # a proven claim: every trick is the claimant's, scored as if played
            self.tricks[self.claimed] += rules.hand_tricks - sum(self.tricks)
            self.winners += [self.claimed] * (rules.hand_tricks - len(self.winners))
        if sum(self.tricks) != rules.hand_tricks or self.trick:
            return Violation("end", f"the hand ended after {sum(self.tricks)} of {rules.hand_tricks} tricks")
        if list(result["tricks"]) != self.tricks:
            return Violation("winner", f"result tricks {result['tricks']}, counted {self.tricks}")
        team = self.on_team(st)
        env = self.hand_env(st, team)
        delta = [0] * rules.n_sides
        for i, row in enumerate(rules.scoring):
            if row.when is not None and not row.when.fn(env):
                continue
            self.first_row = i
            self.award((row.makers, row.defenders, row.each), env, st, team, before, counters_before, delta, row.cap)
            for name, *awards in getattr(row, "counters", ()):
                self.award(awards, env, st, team, before, counters_before, counters[name])
            break
        row_path = ("scoring",) if self.first_row is None else ("scoring", self.first_row)
        if list(result["delta"]) != delta:
            row_id = rules.scoring[self.first_row].id if self.first_row is not None else "none"
            return Violation("points", f"delta {result['delta']}, but row '{row_id}' gives {delta}", row_path)
        scores = [b + d for b, d in zip(before, delta, strict=True)]
        if list(result["scores"]) != scores:
            return Violation("points", f"scores {result['scores']}, but {before} + {delta} = {scores}", row_path)
        found, counters, won = self.check_game(st, result, env, team, scores, counters)
        if found is not None:
            return found
        engine_counters = st.counters
        if counters and {k: list(v) for k, v in engine_counters.items()} != counters:
            return Violation("points", f"counters {engine_counters}, but the row gives {counters}", row_path)
        return self.check_winners(st, result, env, team, scores, counters, won)

    def check_game(
        self,
        st: State,
        result: dict[str, Any],
        env: dict[str, Any],
        team: list[bool],
        scores: list[int],
        counters: dict[str, list[int]],
    ) -> tuple[Violation | None, dict[str, list[int]], list[bool] | None]:
        """`games`: does the hand end a game, who won it, and what does every side carry into the next?

        Returns a violation (or None), the counters with the games won counted, and per side
        whether it won the game (None when the match is not played in games).
        """
        rules = self.rules
        game = rules.games
        if game is None:
            return None, counters, None
        cands = [
            s
            for s in range(rules.n_sides)
            if game.winner_if.fn(self.side_env(st, env, s, team[s], scores[s], counters))
        ]
        if cands and game.best in ("highest", "lowest"):
            pick = max if game.best == "highest" else min
            top = pick(scores[c] for c in cands)
            cands = [c for c in cands if scores[c] == top]
        won = [s in cands for s in range(rules.n_sides)]
        expected = None
        if cands:
            counters = {**counters, GAMES_COUNTER: [g + w for g, w in zip(counters[GAMES_COUNTER], won, strict=True)]}
            carry = []
            for s in range(rules.n_sides):
                side_env = self.side_env(st, env, s, team[s], scores[s], counters)
                side_env["side.won_game"] = won[s]
                carry.append(game.carry.fn(side_env))
            expected = {"game_winners": cands, "next_scores": carry}
        if result.get("trickspec") != expected:
            return (
                Violation("points", f"game end {result.get('trickspec')}, but games gives {expected}", ("games",)),
                counters,
                won,
            )
        return None, counters, won

    def check_concession(
        self, st: State, result: dict[str, Any], before: list[int], counters: dict[str, list[int]]
    ) -> Violation | None:
        """A conceded hand: no trick, the award to the conceder's side and the others, nothing else."""
        rules = self.rules
        seat, _ = st.history[-1]
        path = self.phase_path(st)
        outcome = getattr(rules.phases[st.phase], "outcome", None)
        team = [False] * rules.n_sides
        env = self.hand_env(st, team)
        own = 0 if outcome is None or outcome.own is None else outcome.own.fn(env)
        others = 0 if outcome is None or outcome.others is None else outcome.others.fn(env)
        delta = [own if side == rules.side_of[seat] else others for side in range(rules.n_sides)]
        if list(result["tricks"]) != [0] * rules.players or list(result["delta"]) != delta:
            return Violation("points", f"seat {seat} conceded: {result['delta']}, but the award gives {delta}", path)
        scores = [b + d for b, d in zip(before, delta, strict=True)]
        if list(result["scores"]) != scores:
            return Violation("points", f"scores {result['scores']}, but {before} + {delta} = {scores}", path)
        found, counters, won = self.check_game(st, result, env, team, scores, counters)
        if found is not None:
            return found
        return self.check_winners(st, result, env, team, scores, counters, won)

    def check_next_dealer(self, st: State) -> Violation | None:
        """Who deals next: the dealer's left, or the same dealer after a misdeal whose outcome says so."""
        n = self.rules.players
        expected = (st.dealer + 1) % n
        if st.history and st.history[-1][1] == self.rules.codec.MISDEAL:
            outcome = getattr(self.rules.phases[st.phase], "outcome", None)
            if outcome is not None and outcome.same_dealer:
                expected = st.dealer
        if st.next_dealer != expected:
            where = self.phase_path(st)
            return Violation("end", f"seat {st.next_dealer} deals next, but seat {expected} should", where)
        return None

    def check_claim(self, st: State, seat: int) -> Violation | None:
        """Before a claim: `seat`'s cards must take every trick against every defence of the actual
        deal (a search over the real hands: weaker than the engine's "whatever the others hold",
        and computed another way, so a wrong proof shows up here)."""
        self.claimed = seat
        trial = st.clone()
        trial.apply(self.rules.codec.KEEP)
        if trial.is_over or trial.phase != self.rules.play_phase or _takes_all(trial, seat):
            return None
        return Violation("end", f"seat {seat} may claim every trick, but a defence beats him", self.phase_path(st))

    def check_winners(
        self,
        st: State,
        result: dict[str, Any],
        env: dict[str, Any],
        team: list[bool],
        scores: list[int],
        counters: dict[str, list[int]],
        won_game: list[bool] | None = None,
    ) -> Violation | None:
        """The first match-end rule some side satisfies names the winners (best: lowest/highest among them)."""
        rules = self.rules
        winners: list[int] = []
        at: tuple[str | int, ...] = ("match_end",)
        for i, rule in enumerate(rules.match_end):
            cands = [
                s
                for s in range(rules.n_sides)
                if rule.winner_if.fn(self.side_env(st, env, s, team[s], scores[s], counters, won_game))
            ]
            if rule.loser and cands:  # loser_if: the sides meeting it lose, the others win
                cands = [s for s in range(rules.n_sides) if s not in cands]
            if not cands:
                continue
            if rule.best in ("highest", "lowest") and not rule.loser:
                pick = max if rule.best == "highest" else min
                top = pick(scores[c] for c in cands)
                cands = [c for c in cands if scores[c] == top]
            winners = cands
            at = ("match_end", i)
            break
        if list(result["winners"]) != winners:
            return Violation("points", f"winners {result['winners']}, but match_end gives {winners}", at)
        return None


class _Fallback(dict):  # type: ignore[type-arg]
    """An env whose unknown names come from the engine: names added to the language later still work."""

    def __init__(self, rules: Rules, st: State, *side: Any) -> None:
        super().__init__()
        self._rules = rules
        self._st = st
        self._side = side

    def __missing__(self, key: str) -> Any:
        rules, st = self._rules, self._st
        hand = rules.hand_env(st)
        if key.startswith("side.") and self._side:
            side, is_maker, score, counters = self._side
            return SideEnv(hand, side, is_maker, score, counters)[key]
        return hand[key]


def _random_action(rules: Rules, legal: Sequence[int], rng: random.Random) -> int:
    """A random legal action; in an auction, pass half the time.

    An auction is a ladder: a uniform choice among pass and every higher bid
    almost always climbs to the top, and the bids in the middle (a misère)
    would never win a random hand."""
    codec = rules.codec
    if codec.PASS in legal and len(legal) > 2 and any(codec.BID <= a < codec.ACE for a in legal):
        return codec.PASS if rng.random() < 0.5 else rng.choice([a for a in legal if a != codec.PASS])
    return rng.choice(legal)


def play_checked(rules: Rules, st: State, rng: random.Random) -> tuple[Violation | None, int, HandChecker]:
    """Play one hand with random legal actions; the first violation and the action index it follows."""
    checker = HandChecker(rules, st)
    bids = rules.codec.ACE - rules.codec.BID  # an auction that goes round and round bids at most once a bid
    limit = 2 * (len(rules.phases) + 1) * (rules.players + 1) + rules.players * rules.hand_tricks + bids
    violation: Violation | None = None
    at = 0
    while not st.is_over:
        if len(st.history) >= limit:
            return (
                violation or Violation("end", f"the hand is not over after {limit} actions"),
                len(st.history),
                checker,
            )
        try:
            if violation is None:
                violation = checker.before(st)
                at = len(st.history)
            legal = st.legal_actions()
            if not legal:
                return violation, at, checker
            seat = st.turn
            was_play = st.phase == rules.play_phase
            action = _random_action(rules, legal, rng)
            if action == rules.codec.CLAIM and violation is None:
                violation = checker.check_claim(st, seat)
                at = len(st.history)
            st.apply(action)
            if violation is None:
                violation = checker.after(st, seat, action, was_play)
                at = len(st.history)
        except Exception as err:  # an engine bug: report it with the record that triggers it
            return violation or Violation("crash", f"{type(err).__name__}: {err}"), len(st.history), checker
    if violation is None:
        try:
            violation = checker.at_end(st)
        except Exception as err:
            violation = Violation("crash", f"{type(err).__name__}: {err}")
        at = len(st.history)
    return violation, at, checker


def _takes_all(st: State, seat: int, seen: dict[tuple[Any, ...], bool] | None = None) -> bool:
    """Can `seat`'s side take every remaining trick whatever the others play (the actual hands)?

    A search of the play with the positions met again remembered (`seen`); the
    claimant's side tries its strongest cards first."""
    side_of = st.rules.side_of
    if any(side_of[w] != side_of[seat] for w in st.trick_winners):
        return False
    if st.is_over:
        return True
    if seen is None:
        seen = {}
    key = (st.turn, tuple(st.trick), tuple(tuple(sorted(h)) for h in st.hands))
    known = seen.get(key)
    if known is not None:
        return known
    mine = side_of[st.turn] == side_of[seat]
    legal = st.legal_actions()
    if mine and st.playing:
        legal.sort(key=lambda c: -st.power[c])
    outcomes = (_takes_all(_after(st, action), seat, seen) for action in legal)
    found = any(outcomes) if mine else all(outcomes)
    seen[key] = found
    return found


def _after(st: State, action: int) -> State:
    child = st.clone()
    child.apply(action)
    return child


def _record_path(text: str, out_dir: Path) -> str:
    """A spec or overlay given as a path is written relative to the record, as replay reads it."""
    looks_like_path = text.endswith((".yaml", ".yml")) or "/" in text or "\\" in text
    if not looks_like_path or not Path(text).is_file():
        return text
    return os.path.relpath(Path(text).resolve(), out_dir.resolve())


def write_record(record: dict[str, Any], path: Path) -> None:
    """All or nothing: a temporary file beside the target, then renamed over it."""
    write_text_atomically(path, json.dumps(record, ensure_ascii=False) + "\n")


def run_dynamic(
    loaded: Loaded,
    quiet_rows: set[int],
    report: Report,
    hands: int,
    seed: int,
    spec: str,
    rule_files: Sequence[str],
    out_dir: Path,
) -> None:
    """N random hands, rotating over the allowed player counts; matches restart when won."""
    rng = random.Random(seed)
    rules_list = loaded.rules
    # One match per player count, restarted when won: scores, counters and the deal number carry on.
    scores = [r.start_scores() for r in rules_list]
    counters = [r.start_counters() for r in rules_list]
    deal_numbers = [1] * len(rules_list)
    dealers = [rng.randrange(r.players) for r in rules_list]
    fired: set[int] = set()
    first: dict[str, tuple[Violation, int, str]] = {}
    counts: dict[str, int] = {}
    variant = _record_path(spec, out_dir)
    overlays = [_record_path(r, out_dir) for r in rule_files]
    for number in range(1, hands + 1):
        k = (number - 1) % len(rules_list)
        rules = rules_list[k]
        st = rules.deal(rng, dealers[k], scores[k], deal_numbers[k], counters[k])
        violation, at, checker = play_checked(rules, st, rng)
        if checker.first_row is not None:
            fired.add(checker.first_row)
        dealers[k] = st.next_dealer  # the dealer's left, or the same dealer after a misdeal that says so
        if st.is_over and violation is None and not st.result()["winners"]:
            scores[k] = rules.next_scores(st.result())
            counters[k] = {name: list(v) for name, v in st.counters.items()}
            deal_numbers[k] += 1
        else:
            scores[k], counters[k], deal_numbers[k] = rules.start_scores(), rules.start_counters(), 1
        if violation is None:
            continue
        counts[violation.kind] = counts.get(violation.kind, 0) + 1
        if violation.kind in first:
            continue
        record = hand_record(rules, st, variant, overlays)
        record["verify"] = {"violation": violation.message, "seen_after_actions": at, "hand": number, "seed": seed}
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", rules.name).strip("-") or "variant"
        path = out_dir / f"verify-failure-{safe}-{number}.json"
        try:
            write_record(record, path)
            shown = str(path)
        except OSError as err:
            shown = f"(not written: {err.strerror})"
        first[violation.kind] = (violation, number, shown)
        if not shown.startswith("("):
            report.failure_records.append(shown)
    report.hands = hands
    for kind, words in KINDS.items():
        if kind not in first:
            continue
        violation, number, shown = first[kind]
        message = f"{words}: hand {number}: {violation.message} ({counts[kind]} of {hands} hands)"
        hint = f"replay it: trickspec replay {shown}"
        spec_at = violation.spec_path()
        if spec_at is None:  # an engine crash: no part of the spec to point at
            report.add(Finding(ERROR, message, hint, loaded.doc.file, None, None, "dynamic"))
        else:
            report.add(located(loaded.doc, spec_at, ERROR, message, hint, "dynamic"))
    if hands <= 0 or first:
        return  # rows "never applied" mean little when hands broke off or were scored wrongly
    for j, row in enumerate(rules_list[0].scoring):
        if j in fired or j in quiet_rows:
            continue
        report.add(
            located(
                loaded.doc,
                ["scoring", j],
                WARNING,
                f"scoring row '{row.id}' never applied in {hands} random hands",
                "fine for a rare outcome; if it should be common, check its condition and the rows above it",
                "dynamic",
            )
        )
