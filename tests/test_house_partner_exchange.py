"""house/loner-gets-a-card-both-ways and the `partner_exchange` declaration, worked by hand.

The loner's partner (sitting out) passes him one card face down; the loner gives
one card back face down. Only the two of them see the cards: observations,
the int observations and the search bots' sampled worlds hide them from the
defenders. The construct's other forms (a discard instead of a card back, the
maker giving first) are checked on small specs.
"""

from __future__ import annotations

import random
from pathlib import Path

from handplay import act, deal, held, legal, result, rules
from test_euchre import EXAMPLE_HANDS

from interpreter.explain import explain_text
from interpreter.observe import HIDDEN_GIVE
from interpreter.variants import load_rules
from interpreter.verify import verify
from interpreter.worlds import WorldSampler

RULE = "house/loner-gets-a-card-both-ways"
# EXAMPLE_HANDS, dealer 3, KH turned: seat 0 orders (the dealer takes KH, discards TC) and goes alone.
OPENING = ["order", "discard TC", "alone"]


def test_the_partner_gives_then_the_loner_gives_one_back() -> None:
    st = deal(rules(RULE), 3, EXAMPLE_HANDS, "KH")
    act(st, *OPENING)
    assert st.turn == 2 and legal(st) == ["give 9H", "give TH", "give QH", "give 9D", "give 9C"]
    act(st, "give QH")
    assert st.turn == 0 and held(st, 0) == ["AH", "JD", "JH", "KS", "QC", "QH"]
    assert legal(st) == [f"give {c}" for c in ["JH", "JD", "AH", "KS", "QC", "QH"]]  # the gift may go back too
    act(st, "give QC")
    assert held(st, 0) == ["AH", "JD", "JH", "KS", "QH"] and held(st, 2) == ["9C", "9D", "9H", "QC", "TH"]
    assert st.out == [False, False, True, False] and st.phase == st.rules.play_phase and st.turn == 0


def test_the_gift_turns_one_point_into_a_march() -> None:
    # With QH the loner holds JH JD AH QH KS: five tricks, 4 points.
    st = deal(rules(RULE), 3, EXAMPLE_HANDS, "KH")
    act(st, *OPENING, "give QH", "give QC")
    act(st, "JH KD KH", "JD 9S TD", "AH TS JS", "QH QS JC", "KS AD AC")
    assert st.result() == result("H", 0, [5, 0, 0, 0], [4, 0], alone=[0], out=[2])
    # Plain euchre, the same loner without the gift: his QC loses the last trick to the AC, 1 point.
    st = deal(rules("euchre"), 3, EXAMPLE_HANDS, "KH")
    act(st, *OPENING, "JH 9S KH", "JD TS TD", "AH QS JS", "KS AD JC", "QC KD AC")
    assert st.result() == result("H", 0, [4, 0, 0, 1], [1, 0], alone=[0], out=[2])


def test_no_exchange_when_the_maker_plays_with_his_partner() -> None:
    st = deal(rules(RULE), 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "together")
    assert st.phase == st.rules.play_phase and st.turn == 0 and legal(st)[0] == "JH"


def test_only_the_giver_and_the_taker_see_the_cards() -> None:
    st = deal(rules(RULE), 3, EXAMPLE_HANDS, "KH")
    act(st, *OPENING, "give QH", "give QC")
    for seat in (1, 3):
        assert st.observation(seat)["history"][-2:] == [(2, "give"), (0, "give")]
        assert [a for _, a in st.observation_ints(seat).history[-2:]] == [HIDDEN_GIVE, HIDDEN_GIVE]
    for seat in (0, 2):
        assert st.observation(seat)["history"][-2:] == [(2, "give QH"), (0, "give QC")]
    assert st.takers == [0, 2]


def test_sampled_worlds_keep_what_each_seat_knows() -> None:
    st = deal(rules(RULE), 3, EXAMPLE_HANDS, "KH")
    act(st, *OPENING, "give QH", "give QC", "JH")
    rng = random.Random(5)
    codec = st.rules.codec
    gifts_seen_by_defender = set()
    for _ in range(40):
        world = WorldSampler(st, 1).sample(rng)  # a defender: both gifts are unknown to him
        assert world.hands[1] == st.hands[1] and world.takers == [0, 2]
        gifts_seen_by_defender.add(codec.to_str(world.history[3][1]))
        partner = WorldSampler(st, 2).sample(rng)  # the partner knows both cards
        assert partner.hands[2] == st.hands[2] and codec.parse("QH") in partner.hands[0]
        assert [codec.to_str(a) for _, a in partner.history[3:5]] == ["give QH", "give QC"]
    assert len(gifts_seen_by_defender) > 1  # the defender's worlds vary the partner's gift


def test_explain_and_verify() -> None:
    text = " ".join(explain_text(RULE).split())
    assert (
        "Partner exchange: only if the maker is alone; the maker's partner passes him one card face down; "
        "then the maker gives his partner one card back face down; only the two of them see the cards passed"
    ) in text
    assert verify(RULE, hands=300, seed=3).ok


# ------------------------------------------------------------------ the construct's other forms
def _spec(tmp_path: Path, exchange: str, name: str) -> str:
    text = Path("variants/euchre.yaml").read_text(encoding="utf-8")
    path = tmp_path / f"{name}.yaml"
    path.write_text(
        text.replace("  - alone: {who: maker}", f"  - alone: {{who: maker}}\n  - partner_exchange: {exchange}"),
        encoding="utf-8",
    )
    return str(path)


def test_partners_best_without_going_alone_back_discard(tmp_path: Path) -> None:
    r = load_rules(_spec(tmp_path, "{giver: partner, back: discard}", "discard"))
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, "order", "discard TC", "together")
    assert st.turn == 2
    act(st, "give QH")
    assert st.turn == 0 and legal(st)[0] == "discard JH"
    act(st, "discard KS")
    assert [len(h) for h in st.hands] == [5, 5, 4, 5] and st.laid_away == [r.deck.parse("KS")]
    assert st.out == [False] * 4 and st.phase == r.play_phase
    text = " ".join(explain_text(_spec(tmp_path, "{giver: partner, back: discard}", "discard2")).split())
    assert "the maker's partner passes him one card face down; then the maker lays one card away face down" in text


def test_the_maker_gives_first(tmp_path: Path) -> None:
    r = load_rules(_spec(tmp_path, "{giver: maker}", "maker"))
    st = deal(r, 3, EXAMPLE_HANDS, "KH")
    act(st, "pass", "order", "discard TC", "together")  # seat 1 makes; his partner is seat 3
    assert st.turn == 1
    act(st, "give 9S")
    assert st.turn == 3 and "9S" in held(st, 3)  # not blind: the taker sees it and may give it back
    act(st, "give 9S")
    assert "9S" in held(st, 1) and st.phase == r.play_phase
