"""Naming particular suits in choices, and a fixed trump chosen by the spec (issue 9 item 5).

Hand-worked: `name_trump` choices by suit letter; a `fixed_trump` phase (a suit,
or a no-trump contract; gated by `when`); their errors, words and verify.
"""

from __future__ import annotations

from pathlib import Path

from cli_helpers import load_error, write
from handplay import act, deal

from interpreter.engine import State
from interpreter.explain import explain_text
from interpreter.rules import Rules
from interpreter.variants import load_rules
from interpreter.verify import verify

HANDS = ["AH KH QH AD KD", "9C TC QS KS 9D", "QC KC AC TD QD", "TH 9H JH AS TS"]

LETTERS = """\
extends: euchre
name: hearts-or-diamonds
bidding:
  patch:
    round2: {name_trump: {choices: [D, h]}}
"""

FIXED = """\
name: hearts-trump
title: Hearts always trump
description: "Hearts are always trump, nobody bids; each side scores its tricks."
players: 4
sides: partnerships
deck: {suits: [C, D, H, S], ranks: [9, T, J, Q, K, A]}
ranking:
  bower_rank: J
  trump: [right_bower, left_bower, A, K, Q, T, 9]
  plain: [A, K, Q, J, T, 9]
  no_trump: {high: [A, K, Q, J, T, 9]}
deal: {packets: [3, 2], upcard: false}
bidding:
  - fixed_trump: {id: odd_deals, contract: H, when: 'deals % 2 == 1'}
  - fixed_trump: {id: even_deals, contract: high}
declarations: []
lead:
  - {otherwise: true, from: dealer + 1}
scoring:
  - {when: 'fixed_by == "odd_deals"', each: side.tricks}
  - {otherwise: true, each: 2 * side.tricks}
match_end:
  - {winner_if: side.score >= 10}
"""


def spec(tmp_path: Path, text: str, name: str = "spec.yaml") -> Rules:
    return load_rules(str(write(tmp_path / name, text)))


def words(st: State) -> list[str]:
    return [st.rules.codec.to_str(a) for a in st.legal_actions()]


def test_round_two_names_only_the_suits_listed(tmp_path: Path) -> None:
    r = spec(tmp_path, LETTERS)
    st = act(deal(r, 3, HANDS, "9S"), "pass", "pass", "pass", "pass")
    assert words(st) == ["pass", "call D", "call H"]
    # a suit listed by its letter may be named even when it was turned down
    st = act(deal(r, 3, [*HANDS[:3], "TH 9S JH AS TS"], "9H"), "pass", "pass", "pass", "pass")
    assert words(st) == ["pass", "call D", "call H"]
    st = act(st, "call H")
    assert st.contract == r.codec.deck.suits.index("H") and st.maker == 0


def test_letters_mix_with_other_choices(tmp_path: Path) -> None:
    mixed = LETTERS.replace("choices: [D, h]", "choices: [other_suits, S]")
    r = spec(tmp_path, mixed)
    st = act(deal(r, 3, HANDS, "9S"), "pass", "pass", "pass", "pass")
    assert words(st) == ["pass", "call C", "call D", "call H", "call S"]  # spades listed: back in


def test_an_unknown_choice_is_located(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.yaml", LETTERS.replace("choices: [D, h]", "choices: [D, X]"))
    error = load_error(str(path))
    assert f"{path}:5:" in error and "unknown choice 'X'; expected suits, other_suits, a suit (C D H S)" in error


def test_a_fixed_suit_is_trump_without_bidding(tmp_path: Path) -> None:
    r = spec(tmp_path, FIXED)
    st = deal(r, 3, ["JD 9C TC QS KS", "AH KH QH AD KD", "QC KC AC TD QD", "TH 9H JH AS TS"])
    assert st.playing and st.maker == -1 and st.fixed_by == "odd_deals"
    assert r.contracts[st.contract].name == "H"
    # seat 0 leads JD: the left bower, a trump; only JH beats it
    st = act(st, "JD", "AH", "QD", "JH")
    assert st.tricks == [0, 0, 0, 1] and st.turn == 3


def test_the_gate_picks_the_fixed_contract(tmp_path: Path) -> None:
    r = spec(tmp_path, FIXED)
    hands = ["JD 9C TC QS KS", "AH KH QH AD KD", "QC KC AC TD QD", "TH 9H JH AS TS"]
    st = r.new_hand(3, [[r.deck.parse(c) for c in h.split()] for h in hands], None, deal_number=2)
    assert st.fixed_by == "even_deals" and r.contracts[st.contract].name == "high"
    st = act(st, "JD", "AD", "QD", "JH")  # no trump: the diamond ace wins, the jacks are plain jacks
    assert st.tricks == [0, 1, 0, 0]
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    result = st.result()
    assert result["trump"] == "high" and result["maker"] is None
    assert result["delta"] == [
        2 * (result["tricks"][0] + result["tricks"][2]),
        2 * (result["tricks"][1] + result["tricks"][3]),
    ]


def test_an_unknown_fixed_contract_is_located(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.yaml", FIXED.replace("contract: high}", "contract: hihg}"))
    error = load_error(str(path))
    assert "fixed_trump: 'hihg' is no suit of the deck (C D H S) nor a ranking.no_trump contract (high)" in error
    assert "did you mean 'high'?" in error and f"{path}:15:" in error


def test_explain_and_verify(tmp_path: Path) -> None:
    path = write(tmp_path / "fixed.yaml", FIXED)
    text = " ".join(explain_text(str(path)).split())
    assert "hearts are trump, fixed by the rules: nobody bids for it and nobody is the maker" in text
    assert '"high" (no trump) is trump, fixed by the rules' in text
    report = verify(str(path), hands=200, seed=1)
    assert report.ok and not report.findings, report.text()
    letters = write(tmp_path / "letters.yaml", LETTERS)
    assert "a player may name diamonds or hearts" in " ".join(explain_text(str(letters)).split())
