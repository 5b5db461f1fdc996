"""A lead row that reads a role nobody holds (issue 9, "Also fix").

In a hand played with no maker (here: round 2's all-pass plays no-trump, with
no maker) `maker` is -1. A lead row `from: maker` used to give seat -1, which
wrapped to seat n-1 (the dealer's right, or the dealer himself) without a word.
Now such a row does not apply: the next row gives the lead, and with none left
the player at the dealer's left leads. `trickspec verify` warns about the row.
And a `defenders:` award in such a hand pays every side (documented).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from handplay import act, deal
from test_euchre import EXAMPLE_HANDS

from interpreter.cli import main
from interpreter.rules import Rules
from interpreter.variants import load_rules

NO_MAKER = """extends: euchre
name: euchre-no-maker
ranking:
  no_trump: {high: [A, K, Q, J, T, 9]}
bidding:
  patch:
    round2: {name_trump: {all_pass: {contract: high}}}
"""


def _rules(tmp_path: Path, lead: str) -> Rules:
    path = tmp_path / "no-maker.yaml"
    path.write_text(NO_MAKER + lead, encoding="utf-8")
    return load_rules(str(path))


@pytest.mark.parametrize(
    ("lead", "leader"),
    [
        ("lead:\n  - {otherwise: true, from: maker}\n", 0),  # no row left: the dealer's left (3 + 1)
        ("lead:\n  - {id: m, when: true, from: maker + 1}\n  - {otherwise: true, from: dealer + 2}\n", 1),
        ("lead:\n  - {otherwise: true, from: dealer + 1}\n", 0),
    ],
    ids=["only row skipped", "next row leads", "no role read"],
)
def test_a_row_reading_nobody_does_not_apply(tmp_path: Path, lead: str, leader: int) -> None:
    st = act(deal(_rules(tmp_path, lead), 3, EXAMPLE_HANDS, "KH"), *["pass"] * 8)
    assert st.maker == -1 and st.turn == leader  # before: seat -1 wrapped to 3, the dealer


def test_a_row_reading_the_maker_still_gives_him_the_lead(tmp_path: Path) -> None:
    st = act(
        deal(_rules(tmp_path, "lead:\n  - {otherwise: true, from: maker}\n"), 3, EXAMPLE_HANDS, "KH"), "pass", "order"
    )
    act(st, "discard TC", "together")
    assert st.maker == 1 and st.turn == 1


def test_defenders_award_pays_every_side_with_no_maker(tmp_path: Path) -> None:
    """Euchre's `otherwise: defenders 2` in a hand nobody made: both sides are defenders."""
    st = act(deal(_rules(tmp_path, ""), 3, EXAMPLE_HANDS, "KH"), *["pass"] * 8)
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    res = st.result()
    assert (res["maker"], res["trump"], res["delta"]) == (None, "high", [2, 2])


def test_verify_warns_at_the_row_and_its_random_hands_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _rules(tmp_path, "lead:\n  - {otherwise: true, from: maker}\n")
    assert main(["verify", str(tmp_path / "no-maker.yaml"), "--hands", "60", "--seed", "3"]) == 0
    out, _ = capsys.readouterr()
    assert (
        "no-maker.yaml:9:23: warning: lead[0] reads maker, but in some hands that reach this row nobody is the maker: "
        "there the row does not apply and the next row gives the lead (the dealer's left when none is left)"
    ) in out
    assert " 0 errors," in out


def test_verify_is_silent_on_a_guarded_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _rules(tmp_path, "lead:\n  - {when: has_maker, from: maker}\n  - {otherwise: true, from: dealer + 1}\n")
    assert main(["verify", str(tmp_path / "no-maker.yaml"), "--hands", "0"]) == 0
    out, _ = capsys.readouterr()
    assert "lead[" not in out


def test_six_players_partners_best_says_which_partner_gives() -> None:
    """With two partners each, the first at the loner's left gives the card (the engine's choice)."""
    from interpreter.explain import explain_text

    six = " ".join(explain_text("six-handed-euchre", ["house/partners-best"]).split())
    assert "the first of his partners at his left then passes him one card" in six
    assert "his partners all sit out the hand" in six and "his partner sits out" not in six
    four = " ".join(explain_text("euchre", ["house/partners-best"]).split())
    assert "his partner then passes him one card" in four
