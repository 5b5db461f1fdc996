"""A person at the table: what `trickspec play` tells and asks (transcript and prompts).

Each test is one concrete defect found by playing every bundled variant, with and
without a person at the table. A defect still open is marked `xfail(strict=True)`:
when it is fixed the test passes, pytest reports XPASS as a failure, and the
marker must be removed. Human input is scripted through stdin.
"""

from __future__ import annotations

import re

import pytest
from cli_helpers import Capsys, run_with_input


def hands_of(out: str) -> list[tuple[int, str]]:
    """(dealer, text) of every hand in a transcript."""
    parts = re.split(r"^Hand \d+ — dealer: seat (\d+)$", out, flags=re.M)
    return [(int(parts[k]), parts[k + 1]) for k in range(1, len(parts), 2)]


def before_first_prompt(out: str) -> str:
    return out.split("your choice", 1)[0]


def test_partner_gift_to_a_loner_stays_hidden_from_the_defenders(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hand 2: seat 2 goes alone, seat 0 passes him the K♥; the person plays seat 1 (a defender).
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "euchre", "--rule", "house/partners-best", "--seed", "16", "--human", "1", "--hands", "2"),
        answers="1\n" * 100,
    )
    assert "Seat 0 goes" not in out  # the giver sits out: he is not the loner
    gift = [line for line in out.splitlines() if "give" in line.lower()]
    assert gift, "the gift should still be told, without its card"
    for line in gift:
        assert not re.search(r"\b[2-9TJQKA][CDHS]\b|(?:10|[2-9JQKA])[♣♦♥♠]", line), line


@pytest.mark.parametrize(
    "argv",
    [
        ("euchre", "--rule", "house/going-under", "--seed", "1", "--hands", "1"),
        ("euchre", "--rule", "house/farmers-hand", "--seed", "1", "--hands", "1"),
        ("euchre", "--rule", "house/partners-best", "--seed", "16", "--hands", "2"),
    ],
    ids=["going-under", "farmers-hand", "partners-best"],
)
def test_only_the_dealer_picks_up_the_upcard_and_only_once(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...]
) -> None:
    _, out, _ = run_with_input(capsys, monkeypatch, "play", *argv)
    for dealer, text in hands_of(out):
        named = re.findall(r"Dealer \(seat (\d+)", text)
        assert all(int(s) == dealer for s in named), (dealer, text)
        assert text.count("picks up the") <= 1, text


@pytest.mark.parametrize(
    "argv",
    [
        ("euchre", "--rule", "house/going-under", "--seed", "1", "--hands", "1"),
        ("euchre", "--rule", "house/partners-best", "--seed", "16", "--hands", "2"),
    ],
    ids=["exchange", "give"],
)
def test_every_action_is_told_in_words(capsys: Capsys, monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...]) -> None:
    _, out, _ = run_with_input(capsys, monkeypatch, "play", *argv)
    raw = [line for line in out.splitlines() if re.match(r"\s+Seat \d+( \(you\))?: [a-z]", line)]
    assert raw == []
    assert not re.search(r"\b[2-9TJQKA][CDHS]\b", out)  # record notation ('KH') never reaches the table


def test_typing_a_bid_number_bids_that_many_tricks(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 3 bid 3; seat 0 is offered 1) pass 2) bid 4 3) bid 5 4) bid 6.
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "bid-euchre", "--seed", "2", "--human", "0", "--hands", "1"),
        answers="4\n",
    )
    assert "Seat 0 (you) bids 4" in out


def test_wrong_card_messages_use_card_symbols(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    # Dealer discards J♥ (1); trick 1 is led 9♣; A♦ does not follow, K♠ is not held; then 10♣.
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "euchre", "--seed", "5", "--human", "0", "--hands", "1"),
        answers="1\nAD\nKS\n1\n",
    )
    follow = next(line for line in out.splitlines() if "must follow" in line)
    held = next(line for line in out.splitlines() if "not in" in line or "don't hold" in line)
    assert "10♣" in follow and "TC" not in follow, follow
    assert "KS" not in held, held


def test_a_discard_may_be_answered_with_the_card(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "buck-euchre", "--seed", "1", "--human", "0", "--hands", "1"),
        answers="QH\n",
    )
    assert "picks up the Q♦ and discards Q♥" in out


@pytest.mark.parametrize("variant", ["euchre", "buck-euchre"])
def test_person_sees_whose_tricks_and_scores(capsys: Capsys, monkeypatch: pytest.MonkeyPatch, variant: str) -> None:
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", variant, "--seed", "5", "--human", "0", "--hands", "1"),
        answers="1\n" * 40,
    )
    status = [line for line in out.splitlines() if "Scores:" in line and not line.startswith("Score:")]
    assert status
    for line in status:
        scores = line.split("Scores:", 1)[1]
        assert re.search(r"[Ss]eats? \d|you|us", scores), line


def test_hand_is_shown_once_before_the_first_decision(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 passes, seat 2 orders up: the person's first decision is the dealer's discard.
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "euchre", "--seed", "5", "--human", "0", "--hands", "1"),
        answers="",
    )
    head = before_first_prompt(out)
    assert head.count("Your hand:") == 1, head
    assert head.count("Upcard:") == 1, head


@pytest.mark.parametrize(
    ("argv", "answers", "told"),
    [
        (("bid-euchre", "--seed", "2", "--human", "1"), "bid 6\nlow\n", "Seat 1 (you) calls low"),
        (("buck-euchre", "--seed", "1", "--human", "0"), "1\nplay\n", "Seat 0 (you) stays in"),
    ],
    ids=["low", "play"],
)
def test_natural_words_are_understood(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...], answers: str, told: str
) -> None:
    _, out, _ = run_with_input(capsys, monkeypatch, "play", *argv, "--hands", "1", answers=answers)
    assert told in out


def test_euchre_classic_speaks_assist(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    # the frozen first rule bot: its seed-1 match has the dealer's partner ordering up
    _, out, _ = run_with_input(
        capsys, monkeypatch, "play", "euchre-classic", "--seed", "1", "--hands", "6", "--bot", "rules-v1"
    )
    partner_orders = [
        line
        for dealer, text in hands_of(out)
        for line in text.splitlines()
        if line.strip().startswith(f"Seat {(dealer + 2) % 4} orders up")
    ]
    assert partner_orders == []
    assert "assist" in out


def test_dirty_clubs_is_explained(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run_with_input(capsys, monkeypatch, "play", "buck-euchre", "--seed", "3", "--hands", "4")
    dealer, hand4 = hands_of(out)[3]
    assert "Upcard: A♣" in hand4
    assert re.search(r"dirty clubs|upcard is a club", hand4, re.I), hand4


def test_turned_up_joker_is_explained_to_the_dealer(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "jucre-railroad", "--seed", "1", "--human", "0", "--hands", "1"),
        answers="call H\n",
    )
    assert "joker" in before_first_prompt(out).lower()
    after = out.split("names ♥", 1)[1]
    assert re.search(r"Upcard: JK.*♥|order.*♥", after), after


def test_holder_of_the_called_ace_is_told(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 3 names diamonds and calls the A♦, which the person (seat 0) holds.
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "call-ace", "--seed", "3", "--human", "0", "--hands", "1"),
        answers="1\n" * 20,
    )
    window = out.split("calls the A♦ as secret partner", 1)[1].split("The A♦ is played", 1)[0]
    assert re.search(r"you.*partner|partner.*\byou\b", window, re.I), window


def test_one_hand_is_singular(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run_with_input(capsys, monkeypatch, "play", "euchre", "--seed", "7", "--hands", "1")
    assert "1 hands" not in out


def test_kitty_exchange_is_hidden_from_the_other_seats(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 orders diamonds and goes under; the person (seat 0, the dealer) sees only how many.
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "euchre", "--rule", "house/going-under", "--seed", "1", "--human", "0", "--hands", "1"),
        answers="1\n" * 20,
    )
    assert "  Seat 1 takes the kitty (3 cards)\n" in out
    assert out.count("  Seat 1 lays away a card\n") == 3
    assert "Q♣" not in out.split("Trick 1", 1)[0]  # a kitty card, never shown before it is played


def test_hand_is_sorted_trump_first_with_the_left_bower(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 holds A♦ J♦ A♥ J♥ 9♥ and orders diamonds: J♥ is the left bower.
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "euchre", "--rule", "house/going-under", "--seed", "1", "--human", "1", "--hands", "1"),
        answers="order\n" + "1\n" * 20,
    )
    shown = re.findall(r"^  Your hand: (.*)$", out, re.M)
    assert shown[:2] == ["A♦ J♦ A♥ J♥ 9♥", "J♦ J♥ A♦ A♥ 9♥"]


def test_enter_takes_the_only_legal_action(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    # Trick 1 is led 9♣ and the person's only club is 10♣: Enter plays it.
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "euchre", "--seed", "5", "--human", "0", "--hands", "1"),
        answers="JH\n\n",
    )
    assert "your choice [1, or Enter]: \n" in out
    assert "seat 0 (you) 10♣" in out


def test_piped_output_has_no_escape_codes(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run_with_input(
        capsys, monkeypatch, "play", "euchre", "--seed", "5", "--human", "0", "--hands", "1", answers="1\n" * 40
    )
    assert "\x1b" not in out


def test_ctrl_d_is_one_clear_line(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    status, _, err = run_with_input(capsys, monkeypatch, "play", "euchre", "--seed", "5", "--human", "0", answers="")
    assert status == 1
    assert err == "no more input (end of file): the game is abandoned\n"


def test_dealer_discard_hidden_from_the_person(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 is dealer in hand 2; the person orders up and must not learn the discard.
    _, out, _ = run_with_input(
        capsys,
        monkeypatch,
        *("play", "euchre", "--seed", "5", "--human", "0", "--hands", "2"),
        answers="1\n" + "1\n" * 4 + "order\n" + "1\n" * 10,
    )
    assert re.search(r"Dealer \(seat 1\) picks up the Q♦ and discards$", out, re.M)
