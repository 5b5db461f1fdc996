"""house/defend-alone-egn (EGN's defend_alone) and the `alone` groups asked in a given order.

Hand-worked: only against a lone maker is a defender asked; the lone defender
leads; he scores 4 for his side with 3 tricks or more, and otherwise the lone
maker scores as in euchre. Then the general construct: `who` as a list of
groups (maker, partners, defenders) asked in that order, and `loner_is_maker`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from handplay import act, deal, legal, result, rules
from test_euchre import THREE_HANDS, TOP_HANDS

from interpreter.explain import explain_text
from interpreter.formats.egn_rules import overlays_for, ruleset_for
from interpreter.verify import verify

RULE = "house/defend-alone-egn"


def test_no_defender_is_asked_against_a_maker_with_his_partner() -> None:
    st = deal(rules(RULE), 3, THREE_HANDS, "TH")
    act(st, "pass", "order", "discard 9S", "together")
    assert st.phase == st.rules.play_phase and st.turn == 0  # play starts: the dealer's left leads
    # house/defend-alone (ours) asks the defenders all the same
    st = deal(rules("house/defend-alone"), 3, THREE_HANDS, "TH")
    act(st, "pass", "order", "discard 9S", "together")
    assert st.turn == 2 and legal(st) == ["alone", "together"]


def test_against_a_loner_each_defender_from_his_left_until_one_goes_alone() -> None:
    st = deal(rules(RULE), 3, TOP_HANDS, "TH")
    act(st, "pass", "order", "discard 9S", "alone")
    assert st.turn == 2 and legal(st) == ["alone", "together"]  # the maker's left first
    act(st, "together")
    assert st.turn == 0 and legal(st) == ["alone", "together"]
    act(st, "alone")
    assert st.out == [False, False, True, True] and st.alone == [1, 0]
    assert st.phase == st.rules.play_phase and st.turn == 0  # two alone: the lone defender leads


def test_a_lone_defender_with_three_tricks_or_more_scores_four() -> None:
    # Seat 1 orders the TH alone; seat 0 (all the top hearts) defends alone and takes all five.
    st = deal(rules(RULE), 3, TOP_HANDS, "TH")
    act(st, "pass", "order", "discard 9S", "alone", "together", "alone")
    act(st, "JH 9C", "JD TC", "AH QC", "KH KC", "QH AC")
    assert st.result() == result("H", 1, [5, 0, 0, 0], [4, 0], alone=[0, 1], out=[2, 3])


def test_a_lone_defender_with_fewer_than_three_leaves_the_maker_his_score() -> None:
    # Seat 0 orders the TH alone (JH JD AH 9C 9D + nothing: the dealer picks up), seat 1 defends alone
    # with KC AC TS QS KS: he wins the AC only; seat 0 trumps the KC and draws the rest.
    st = deal(rules(RULE), 3, THREE_HANDS, "TH")
    act(st, "order", "discard 9S", "alone", "alone")
    assert st.turn == 1  # the lone defender leads
    act(st, "AC 9C", "KC AH", "JH TS", "JD QS", "9D KS")
    assert st.result() == result("H", 0, [4, 1, 0, 0], [1, 0], alone=[0, 1], out=[2, 3])


def test_records_differ_from_plain_euchre() -> None:
    lines = (Path(__file__).parent / "records" / "house" / "defend-alone-egn.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) >= 2
    # plain euchre never asks a defender: each record's defender answer is refused there
    assert all("a card must be played now" in rec["plain_euchre"]["error"] for rec in records)
    assert any(rec["expect"]["delta"] == [4, 0] and rec["expect"]["maker"] == 1 for rec in records)


def test_egn_defend_alone_maps_to_this_overlay_both_ways() -> None:
    assert overlays_for({"defend_alone": True, "std": False}) == ([RULE], {})
    assert ruleset_for("euchre", [RULE], {}) == {"std": False, "defend_alone": True}
    # ours, which also lets a defender go alone against partners, still exports as the toggle
    assert ruleset_for("euchre", ["house/defend-alone"], {}) == {"std": False, "defend_alone": True}


def test_explain_and_verify() -> None:
    text = " ".join(explain_text(RULE).split())
    assert "Defenders going alone: only if the maker is alone; each defender in turn" in text
    assert "If a defender is alone and the defenders take 3 tricks or more: the defenders score 4" in text
    assert verify(RULE, hands=300, seed=2).ok


# ------------------------------------------------------------------ who: a list, loner_is_maker
def _spec(tmp_path: Path, alone: str, name: str = "v") -> str:
    text = Path("variants/euchre.yaml").read_text(encoding="utf-8")
    path = tmp_path / f"{name}.yaml"
    path.write_text(text.replace("  - alone: {who: maker}", f"  - alone: {alone}"), encoding="utf-8")
    return str(path)


def test_groups_are_asked_in_order_and_a_lone_partner_becomes_the_maker(tmp_path: Path) -> None:
    from interpreter.variants import load_rules

    r = load_rules(_spec(tmp_path, "{who: [maker, partners, defenders], loner_is_maker: true}"))
    st = deal(r, 3, THREE_HANDS, "TH")
    act(st, "pass", "order", "discard 9S")  # seat 1 makes
    assert st.turn == 1 and legal(st) == ["alone", "together"]
    act(st, "together")
    assert st.turn == 3  # then his partner
    act(st, "alone")
    assert st.maker == 3 and st.out == [False, True, False, False]  # the partner is now the lone maker
    assert st.turn == 2  # then the defenders, from the left of the maker who fixed trump
    act(st, "together", "alone")
    assert st.alone == [3, 0] and st.out == [False, True, True, False]
    assert st.phase == r.play_phase


def test_without_loner_is_maker_the_maker_sits_out_but_stays_maker(tmp_path: Path) -> None:
    from interpreter.variants import load_rules

    r = load_rules(_spec(tmp_path, "{who: [maker, partners]}"))
    st = deal(r, 3, THREE_HANDS, "TH")
    act(st, "pass", "order", "discard 9S", "together", "alone")
    assert st.maker == 1 and st.out == [False, True, False, False] and st.phase == r.play_phase
    text = " ".join(
        explain_text(_spec(tmp_path, "{who: [maker, partners, defenders], loner_is_maker: true}", "w")).split()
    )
    assert "once trump is fixed, the maker, then the maker's partner, then each defender from the maker's left" in text
    assert "a partner of the maker who goes alone becomes the maker" in text


@pytest.mark.parametrize("answer", ["alone", "together"])
def test_a_maker_alone_benches_his_partner_who_is_not_asked(tmp_path: Path, answer: str) -> None:
    from interpreter.variants import load_rules

    r = load_rules(_spec(tmp_path, "{who: [maker, partners, defenders], loner_is_maker: true}"))
    st = deal(r, 3, THREE_HANDS, "TH")
    act(st, "pass", "order", "discard 9S", "alone")
    assert st.turn == 2  # seat 3 sits out and is not asked: the defenders from the maker's left
    act(st, answer)
    assert st.turn == (0 if answer == "together" else 1)
