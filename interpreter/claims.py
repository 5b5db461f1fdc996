"""Is a claim sound? "My cards take every trick, whatever the others hold."

A player may lay his hand down (the `claim` outcome of an `end_hand` step)
only when the engine proves that his cards take every remaining trick for
EVERY way the cards he cannot see may lie with the other players, and however
they play them. The proof is a sound sufficient test, not a search: when it
says yes, the claimant wins every trick by one fixed plan, so scoring the
hand without play gives the result a played hand would give. It may say no
to a few hands a cleverer plan would win (it never says yes wrongly).

The cards the claimant cannot see are every card of the pack except his own
hand, his own discard when he dealt, and a turned-down upcard (out of play,
face up). Anybody may hold any of them — a player may be void in any suit —
so a higher card among them is a card that can beat him.

The plan, and why each step is safe (`power` and `follow` are the contract's
tables: a card beats the best one so far when it follows the led suit or is
a trump, and has more power):

1. If another player leads the first trick, every lead he can make (any unseen
   card) must have an answer in the claimant's hand, legal (following suit when
   he can), beating the led card AND every other unseen card that could be
   played to that trick, after which the rest of his hand passes step 2.
   (The cards the others played to that trick stay "unseen": they may not be
   counted twice, so this is only stricter.)
2. On lead, he leads his trumps from the highest down, then his other cards,
   each suit from the highest down. His j-th trump lead can be beaten only by
   a higher trump held by a player who kept it through the j-1 trump leads
   before, each of which forced him to follow with a trump: that needs at least
   j unseen trumps. So the j-th lead is safe when no unseen trump is higher, or
   fewer than j trumps are unseen. After his m trump leads nobody can still
   hold a trump unless more than m are unseen: his other cards are led only
   when at most m trumps are unseen. The i-th lead of a plain suit is safe the
   same way: no higher unseen card of that suit, or fewer than i of that suit
   unseen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import State


def unseen_cards(st: State, seat: int) -> list[int]:
    """The cards `seat` cannot see and another player may hold (see the module notes)."""
    rules = st.rules
    hidden = set(st.hands[seat])
    if seat == st.dealer and st.discarded >= 0:
        hidden.add(st.discarded)
    if st.upcard >= 0 and not st.upcard_taken:
        hidden.add(st.upcard)
    return [c for c in range(rules.deck.size) if c not in hidden]


def takes_every_trick(st: State, seat: int) -> bool:
    """Does `seat`'s hand take every trick of the hand about to be played, whatever the others hold?

    `st` has its contract fixed (bidding and declarations done); the first
    leader is the one play would start with (`State.first_leader`).
    """
    if st.contract < 0:
        return False
    contract = st.rules.contracts[st.contract]
    follow, power, trump = contract.follow, contract.power, contract.trump
    hand = list(st.hands[seat])
    unseen = unseen_cards(st, seat)
    if st.first_leader() == seat:
        return _wins_on_lead(hand, unseen, follow, power, trump)
    for led_card in unseen:
        led = follow[led_card]
        same = [c for c in hand if follow[c] == led]
        answers = same or hand
        others = [u for u in unseen if u != led_card]
        if not any(
            _tops_trick(r, led, led_card, others, follow, power, trump)
            and _wins_on_lead([c for c in hand if c != r], others, follow, power, trump)
            for r in answers
        ):
            return False
    return True


def _tops_trick(
    card: int, led: int, led_card: int, others: list[int], follow: tuple[int, ...], power: tuple[int, ...], trump: int
) -> bool:
    """Does `card` beat the led card and every other card that may be played to the trick?"""

    def strength(c: int) -> int:
        f = follow[c]
        return power[c] if f == led or (trump >= 0 and f == trump) else -1

    mine = strength(card)
    return mine > strength(led_card) and all(strength(u) < mine for u in others)


def _wins_on_lead(
    hand: list[int], unseen: list[int], follow: tuple[int, ...], power: tuple[int, ...], trump: int
) -> bool:
    """Step 2 of the module notes: leading trumps high to low, then each plain suit high to low."""
    unseen_trumps = [u for u in unseen if trump >= 0 and follow[u] == trump]
    trumps = sorted((c for c in hand if trump >= 0 and follow[c] == trump), key=lambda c: -power[c])
    top_unseen = max((power[u] for u in unseen_trumps), default=-1)
    for j, card in enumerate(trumps, start=1):
        if len(unseen_trumps) >= j and top_unseen > power[card]:
            return False
    plain = [c for c in hand if not (trump >= 0 and follow[c] == trump)]
    if plain and len(unseen_trumps) > len(trumps):
        return False
    for suit in {follow[c] for c in plain}:
        mine = sorted((c for c in plain if follow[c] == suit), key=lambda c: -power[c])
        theirs = [power[u] for u in unseen if follow[u] == suit]
        top = max(theirs, default=-1)
        for i, card in enumerate(mine, start=1):
            if len(theirs) >= i and top > power[card]:
                return False
    return True
