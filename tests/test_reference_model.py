"""Random hands of all nine variants against a small reference model written from RULES.md alone,
through `trickspec replay`: the engine and the reference must agree on every result."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from interpreter.records import apply_text, check_record

ROOT = Path(__file__).resolve().parent.parent


# =========================================================================
# Random hands of all nine variants against a reference model of RULES.md

SUITS = "CDHS"
COLOUR = {"C": "b", "S": "b", "D": "r", "H": "r"}
VARIANTS: dict[str, tuple[int, bool, str, bool]] = {  # players, partnerships, ranks low..high, joker
    "euchre": (4, True, "9TJQKA", False),
    "euchre-classic": (4, True, "9TJQKA", False),
    "buck-euchre": (4, False, "9TJQKA", False),
    "bid-euchre": (4, True, "9TJQKA", False),
    "jucre": (4, True, "789TJQKA", False),
    "jucre-railroad": (4, True, "789TJQKA", True),
    "jucre-two-handed": (2, False, "9TJQKA", False),
    "jucre-three-handed": (3, False, "789TJQKA", False),
    "call-ace": (0, False, "789TJQKA", False),
}
LONE_MAKER = ("euchre", "euchre-classic", "jucre", "jucre-railroad")


def effective_suit(card: str, trump: str) -> str:
    if card == "JK":
        return trump
    if trump in SUITS and card[0] == "J" and card[1] != trump and COLOUR[card[1]] == COLOUR[trump]:
        return trump
    return card[1]


def strength(card: str, trump: str, led: str, ranks: str) -> int:
    suit = effective_suit(card, trump)
    if trump in SUITS and suit == trump:
        if card == "JK":
            return 1000
        if card[0] == "J":
            return 999 if card[1] == trump else 998
        return 500 + ranks.index(card[0])
    if suit != led:
        return -1
    return 100 - ranks.index(card[0]) if trump == "low" else ranks.index(card[0])


class Reference:
    """One hand per RULES.md, as a generator of (seat, legal actions) that receives each action."""

    def __init__(
        self, variant: str, dealer: int, hands: list[list[str]], upcard: str | None, scores: list[int], target: int
    ) -> None:
        self.v = variant
        n, self.partnerships, self.ranks, _ = VARIANTS[variant]
        self.n = n or len(hands)
        self.dealer, self.hands, self.upcard = dealer, [list(h) for h in hands], upcard
        self.scores, self.target = scores, target
        self.trump: str | None = None
        self.maker: int | None = None
        self.contract: int | None = None
        self.alone: list[int] = []
        self.partner: int | None = None
        self.out: set[int] = set()
        self.tricks = [0] * self.n
        self.result: dict[str, Any] | None = None
        self.up_suit = None if upcard in (None, "JK") else upcard[1]
        self.gen = self.hand()
        self.pending: tuple[int, list[str]] | None = next(self.gen)

    def act(self, action: str) -> None:
        try:
            self.pending = self.gen.send(action)
        except StopIteration:
            self.pending = None

    def left(self, seat: int, k: int = 1) -> int:
        return (seat + k) % self.n

    def side(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def bidding(self):  # noqa: ANN201 - a generator
        v, d, n = self.v, self.dealer, self.n
        if v == "bid-euchre":
            high, bidder = 0, None
            for k in range(1, n + 1):
                s = self.left(d, k)
                low = high if s == d and bidder is not None else max(3, high + 1)
                bids = [f"bid {b}" for b in range(low, 7)]
                a = yield (s, bids if s == d and bidder is None else ["pass", *bids])
                if a != "pass":
                    high, bidder = int(a.split()[1]), s
            self.maker, self.contract = bidder, high
            a = yield (bidder, [f"call {x}" for x in SUITS] + ["call high", "call low"])
            self.trump = a.split()[1]
            return
        if v == "buck-euchre" and self.upcard[1] == "C":
            self.trump = "C"
            return
        if v == "jucre-railroad" and self.upcard == "JK":
            a = yield (d, [f"call {x}" for x in SUITS])
            self.up_suit = a.split()[1]
        for k in range(1, n + 1):
            s = self.left(d, k)
            if (yield (s, ["pass", "order"])) == "order":
                self.maker, self.trump = s, self.up_suit
                hand = self.hands[d]
                may_lay_upcard = v in ("euchre", "euchre-classic", "buck-euchre")
                legal = [f"discard {c}" for c in hand + ([self.upcard] if may_lay_upcard else [])]
                a = yield (d, legal + (["decline"] if v == "euchre-classic" and s != d else []))
                if a != "decline":
                    hand.append(self.upcard)
                    hand.remove(a.split()[1])
                return
        for k in range(1, n + 1):
            s = self.left(d, k)
            a = yield (s, ["pass"] + [f"call {x}" for x in SUITS if x != self.up_suit])
            if a != "pass":
                self.maker, self.trump = s, a.split()[1]
                return
        if v == "buck-euchre":
            self.trump = "none"

    def hand(self):  # noqa: ANN201 - a generator
        yield from self.bidding()
        if self.trump is None:
            self.result = self.finish(redeal=True)
            return
        v, m = self.v, self.maker
        lone_defender = None
        if m is not None and v in LONE_MAKER:
            if (yield (m, ["alone", "together"])) == "alone":
                self.alone.append(m)
                self.out.add(self.left(m, 2))
            if v == "euchre-classic":
                for s in (self.left(m, 1), self.left(m, 3)):
                    if (yield (s, ["alone", "together"])) == "alone":
                        self.alone.append(s)
                        self.out.add(self.left(s, 2))
                        lone_defender = s
                        break
        elif m is not None and v == "buck-euchre":
            for k in (1, 2, 3):
                if (yield (self.left(m, k), ["stay", "fold"])) == "fold":
                    self.out.add(self.left(m, k))
        elif m is not None and v == "call-ace":
            a = yield (m, ["alone"] + [f"ace {x}" for x in SUITS])
            holder = (
                None
                if a == "alone"
                else next((s for s in range(self.n) if s != m and "A" + a[-1] in self.hands[s]), None)
            )
            if holder is None:
                self.alone.append(m)
            self.partner = holder
        if v == "bid-euchre":
            lead = m
        elif v == "euchre-classic" and m in self.alone:
            lead = lone_defender if lone_defender is not None else self.left(m)
        elif v == "euchre-classic" and lone_defender is not None:
            lead = self.left(lone_defender)
        else:
            lead = self.left(self.dealer)
        while lead in self.out:
            lead = self.left(lead)
        players = self.n - len(self.out)
        for _ in range(len(self.hands[lead])):
            trick: list[tuple[int, str]] = []
            seat = lead
            while len(trick) < players:
                hand = self.hands[seat]
                led = effective_suit(trick[0][1], self.trump) if trick else None
                follow = [c for c in hand if effective_suit(c, self.trump) == led]
                card = yield (seat, follow or list(hand))
                hand.remove(card)
                trick.append((seat, card))
                seat = self.left(seat)
                while seat in self.out:
                    seat = self.left(seat)
            led = effective_suit(trick[0][1], self.trump)
            lead = max(trick, key=lambda sc: strength(sc[1], self.trump, led, self.ranks))[0]
            self.tricks[lead] += 1
        self.result = self.finish(redeal=False)

    def finish(self, redeal: bool) -> dict[str, Any]:
        v, n, m, t = self.v, self.n, self.maker, self.tricks
        sides = 2 if self.partnerships else n
        delta = [0] * sides
        if redeal:
            return {
                "status": "redeal",
                "trump": None,
                "maker": None,
                "contract": None,
                "alone": [],
                "partner": None,
                "out": [],
                "tricks": [0] * n,
                "delta": delta,
                "scores": list(self.scores),
                "winners": [],
            }
        team = set() if m is None else {s for s in range(n) if self.side(s) == self.side(m)}
        if self.partner is not None:
            team.add(self.partner)
        made = sum(t[s] for s in team)
        maker_sides = {self.side(s) for s in team}
        others = [x for x in range(sides) if x not in maker_sides]
        alone = m in self.alone

        def give(to: Any, points: int) -> None:
            for x in to:
                delta[x] += points

        if v == "buck-euchre":
            for s in set(range(n)) - self.out:
                delta[s] = 5 if (s == m and t[s] < 3) or t[s] == 0 else -t[s]
        elif v == "bid-euchre":
            for x in (0, 1):
                set_ = x == self.side(m) and made < self.contract
                delta[x] = -self.contract if set_ else t[x] + t[x + 2]
        elif made == 5:
            march = {"jucre-two-handed": 2, "jucre-three-handed": 3}.get(v, 4 if alone else 2)
            if v == "call-ace":
                march = n if alone else (2 if n == 4 else 3)
            give(maker_sides, march)
        elif made >= 3:
            give(maker_sides, 1)
        elif v == "euchre-classic" and len(self.alone) > (1 if alone else 0) and sum(t) - made == 5:
            give(others, 4)
        else:
            give(others, {"euchre": 2, "euchre-classic": 2, "call-ace": 2}.get(v, 3))
        scores = [a + b for a, b in zip(self.scores, delta, strict=True)]
        if v == "buck-euchre":
            winners = [s for s in range(n) if t[s] == 5]
            if not winners:
                low = [s for s in range(n) if scores[s] <= 0]
                winners = [s for s in low if scores[s] == min(scores[x] for x in low)]
        elif v == "bid-euchre":
            winners = [x for x in (0, 1) if scores[x] >= 32 and (x == self.side(m)) == (made >= self.contract)]
        else:
            goal = 10 if v.startswith("euchre") else self.target
            winners = [x for x in range(sides) if scores[x] >= goal]
            if v in ("jucre-three-handed", "call-ace") and winners:
                winners = [x for x in winners if scores[x] == max(scores[w] for w in winners)]
        return {
            "status": "complete",
            "trump": self.trump,
            "maker": m,
            "contract": self.contract,
            "alone": sorted(self.alone),
            "partner": self.partner,
            "out": sorted(self.out),
            "tricks": list(t),
            "delta": delta,
            "scores": scores,
            "winners": sorted(winners),
        }


def random_record(variant: str, seed: int) -> tuple[dict[str, Any], random.Random]:
    rng = random.Random(seed)
    n, partnerships, ranks, joker = VARIANTS[variant]
    n = n or 4 + seed % 3
    deck = [r + s for s in SUITS for r in ranks] + (["JK"] if joker else [])
    rng.shuffle(deck)
    size = 6 if variant == "bid-euchre" else 5
    hands = [deck[k * size : (k + 1) * size] for k in range(n)]
    upcard = None if variant == "bid-euchre" else deck[n * size]
    if joker and rng.random() < 0.3 and "JK" not in (upcard, *deck[n * size + 1 :]):
        holder = next(h for h in hands if "JK" in h)
        holder[holder.index("JK")], upcard = upcard, "JK"
    sides = 2 if partnerships else n
    target = rng.choice([5, 7, 10])
    top = {"buck-euchre": 25, "bid-euchre": 31}.get(variant, 9 if variant.startswith("euchre") else target - 1)
    low = 1 if variant == "buck-euchre" else -6 if variant == "bid-euchre" else 0
    record: dict[str, Any] = {
        "variant": variant,
        "dealer": rng.randrange(n),
        "hands": hands,
        "upcard": upcard,
        "scores_before": [rng.randint(low, top) for _ in range(sides)],
        "actions": [],
    }
    if variant.startswith("jucre") or variant == "call-ace":
        record["options"] = {"target": target}
    return record, rng


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_hands_match_the_reference_model(variant: str) -> None:
    for seed in range(150):
        record, rng = random_record(variant, seed)
        target = record.get("options", {}).get("target", 10)
        ref = Reference(variant, record["dealer"], record["hands"], record["upcard"], record["scores_before"], target)
        rules, state, _ = check_record(record)
        pass_rate = rng.choice([0.3, 0.7, 0.95])
        done: list[str] = []
        while ref.pending is not None:
            seat, legal = ref.pending
            offered = sorted(rules.codec.to_str(a) for a in state.legal_actions())
            assert (state.current_player, offered) == (seat, sorted(legal)), (seed, done)
            if "pass" in legal and rng.random() < pass_rate:
                action = "pass"
            elif "alone" in legal and rng.random() < 0.4:
                action = "alone"
            else:
                action = rng.choice(legal)
            done.append(action)
            ref.act(action)
            apply_text(state, len(done) - 1, action)
        assert state.is_over, (seed, done)
        assert state.result() == ref.result, (seed, done)
