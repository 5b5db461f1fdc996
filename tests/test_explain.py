"""`trickspec explain` and `trickspec diff`: the rules in words, generated from the spec data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_helpers import Capsys, run, run_with_input, write

from interpreter.explain import Words, diff_lines, render
from interpreter.explain.diff import diff_text
from interpreter.frozen import replace
from interpreter.variants import bundled_names, load_document, load_rules, variants_dir


def explain(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The explanation with its line wrapping undone, so sentences can be searched whole."""
    code, out, err = run(capsys, "explain", *argv)
    assert (code, err) == (0, "")
    return " ".join(out.split())


def diff(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, "diff", *argv)
    assert (code, err) == (0, "")
    return out


# ------------------------------------------------------------ expressions
W = Words(side="side", options={"target": 10}, players=4, partnerships=True)


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        ("makers.tricks", "the makers' tricks"),
        ("alone", "the maker is alone"),
        ("not alone", "the maker is not alone"),
        ("side.score >= 10", "a side has 10 points or more"),
        ("side.score <= 0", "a side has 0 points or fewer"),
        ("side.score >= target", "a side has 10 points or more (the target option)"),
        ("dealer + 1", "the player to the dealer's left"),
        ("maker + 1", "the player to the maker's left"),
        ("dealer + 3", "the player to the dealer's right"),
        ("(dealer + 2) % players", "the dealer's partner"),
        ("lone_defender + 1", "the player to the lone defender's left"),
        ('upcard.suit == "C"', "the upcard is a club"),
        ('upcard.suit != "H"', "the upcard is not a heart"),
        ('upcard.rank == "A"', "the upcard is an ace"),
        ("upcard.is_joker", "the upcard is the joker"),
        ("makers.tricks == 5 and alone", "the makers take 5 tricks and the maker is alone"),
        ("makers.tricks >= 3", "the makers take 3 tricks or more"),
        ("3 <= makers.tricks", "the makers take 3 tricks or more"),
        ("makers.tricks < 3", "the makers take fewer than 3 tricks"),
        ("makers.tricks == 0", "the makers take no trick"),
        ("makers.tricks < contract", "the makers take fewer tricks than the bid"),
        ("side.tricks == hand_tricks", "a side takes every trick"),
        ("defender_alone and defenders.tricks == 5", "a defender is alone and the defenders take 5 tricks"),
        ("not (alone or defender_alone)", "the maker is not alone and no defender is alone"),
        (
            "(has_maker or no_trump) and alone",
            "(somebody is the maker or the hand is played without trump) and the maker is alone",
        ),
        ("players == 4", "there are 4 players"),
        ("alone == false", "the maker is not alone"),
        ("max(makers.tricks, 2) * 2", "(the larger of the makers' tricks and 2) times 2"),
        ("side.is_maker and side.tricks < 3", "a side is on the maker's team and the side takes fewer than 3 tricks"),
    ],
)
def test_expressions_in_words(expr: str, words: str) -> None:
    assert W.say(expr) == words


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        ("a < b < c", "`a < b < c`"),
        ("no_such_name > 2", "`no_such_name` is more than 2"),
        ("makers.tricks == 5 and mystery", "the makers take 5 tricks and `mystery`"),
        ("not mystery", "not `mystery`"),
        ("1 +", "`1 +`"),
    ],
)
def test_unphrasable_parts_fall_back_to_backticks(expr: str, words: str) -> None:
    assert W.clause(expr) == words


def test_awards_in_words() -> None:
    w = Words(side="player", players=4, partnerships=False)
    said = w.award("0 if side.out else 5 if side.tricks == 0 else -side.tricks", "each player", False)
    assert said == (
        "each player scores nothing if the player sat out or folded, otherwise scores 5 if the player "
        "takes no trick, otherwise loses 1 per trick taken"
    )
    assert W.award(4, "the makers", True, "makers") == "the makers score 4"
    assert (
        W.award("2 if players == 4 else 3", "the makers", True) == "the makers score 2 if there are 4 players, "
        "otherwise score 3"
    )


# ------------------------------------------------------------ explain
def test_explain_euchre(capsys: pytest.CaptureFixture[str]) -> None:
    out = explain(capsys, "euchre")
    for sentence in [
        "Euchre (American)",
        "4 players in two partnerships: seats 0 and 2 against seats 1 and 3",
        "24 cards: 9, 10, J, Q, K, A in clubs, diamonds, hearts, spades.",
        "The trump suit, high to low: right bower (J of trump), left bower (the other J of the same colour), "
        "A, K, Q, 10, 9.",
        "The other suits, high to low: A, K, Q, J, 10, 9",
        "The first dealer is chosen at random.",
        "3 cards to each player from the dealer's left, then 2 (5 cards each); the next card is turned up",
        "the other 3 cards are out of play",
        "1. Round 1: from the dealer's left, each player passes or orders the upcard's suit as trump; "
        "the first to order it is the maker; the dealer then takes the upcard and discards one card "
        "(the upcard included); if all pass, the upcard is turned down",
        "2. Round 2: from the dealer's left, each player passes or names trump",
        "may name any suit except the turned-down one; if all pass, the hand is redealt by the next dealer",
        "Going alone: the maker may go alone: his partner sits out the hand.",
        "The player to the dealer's left leads the first trick.",
        "1. If the makers take 5 tricks and the maker is alone: the makers score 4.",
        "2. If the makers take 5 tricks: the makers score 2.",
        "3. If the makers take 3 tricks or more: the makers score 1.",
        "4. Otherwise: the defenders score 2.",
        "If a side has 10 points or more, that side wins the match.",
    ]:
        assert sentence in out
    assert "Options" not in out  # euchre declares none


def test_explain_euchre_classic(capsys: pytest.CaptureFixture[str]) -> None:
    out = explain(capsys, "euchre-classic")
    for sentence in [
        "First round, from the dealer's left: 3 cards to the player to the dealer's left, 2 cards to the "
        "dealer's partner, 3 cards to the player to the dealer's right, 2 cards to the dealer; second round: "
        "2, 3, 2 and 3 in the same order",
        "the dealer may then take the upcard and discard one card (the upcard included), or decline; trump is the "
        "upcard's suit either way",
        "Defenders going alone: each defender in turn, from the maker's left, may go alone: his partner sits out "
        "the hand; once one defender goes alone, nobody more is asked.",
        "1. If the maker is alone and a defender is alone, the lone defender leads.",
        "2. If the maker is alone, the player to the maker's left leads.",
        "3. If a defender is alone, the player to the lone defender's left leads.",
        "4. Otherwise, the player to the dealer's left leads.",
        "If a defender is alone and the defenders take 5 tricks: the defenders score 4.",
    ]:
        assert sentence in out


def test_explain_buck_euchre(capsys: pytest.CaptureFixture[str]) -> None:
    out = explain(capsys, "buck-euchre")
    for sentence in [
        "4 players, each playing for himself.",
        # dirty clubs
        "1. Automatic trump: if the upcard is a club, the upcard's suit is trump at once: nobody is the maker, "
        "the upcard stays out of every hand, and the rest of the bidding is skipped.",
        'if all pass, the hand is played in the "none" contract (no trump), with no maker',
        'The "none" contract has no trump: every suit ranks, high to low, A, K, Q, J, 10, 9; every J is an '
        "ordinary card of its suit",
        # play or fold
        "Play or fold: from the maker's left, every other player plays or folds; a player who folds sits out the "
        "hand; the maker cannot fold.",
        "Every player starts the match with 25 points.",
        "Each player scores nothing if the player sat out or folded, otherwise scores 5 if the player is on the "
        "maker's team and the player takes fewer than 3 tricks, otherwise scores 5 if the player takes no trick, "
        "otherwise loses 1 per trick taken.",
        "1. If a player takes every trick, that player wins the match.",
        "2. If a player has 0 points or fewer, that player wins the match; if several do, the one with the lowest "
        "score wins",
    ]:
        assert sentence in out


def test_explain_bid_euchre(capsys: pytest.CaptureFixture[str]) -> None:
    out = explain(capsys, "bid-euchre")
    for sentence in [
        "3 cards to each player from the dealer's left, then 3 (6 cards each); no card is turned up; every card "
        "is dealt.",
        "1. Auction: from the dealer's left, each player bids once: a number of tricks from 3 to 6 that his side "
        "will take, higher than the high bid so far, or passes",
        "the dealer, bidding last, may match the high bid to take it",
        "if all the others pass, the dealer must bid (at least 3): a forced bid",
        "the high bidder is the maker, and his bid is the contract",
        "2. Naming trump: the maker (the high bidder) must name trump; he cannot pass; he may name any suit, "
        '"high" (no trump) or "low" (no trump).',
        'The "low" contract has no trump: every suit ranks, high to low, 9, 10, J, Q, K, A',
        "The maker leads the first trick.",
        "1. If the makers take fewer tricks than the bid: each side loses the bid if the side is on the maker's "
        "team, otherwise scores 1 per trick taken.",
        "2. Otherwise: each side scores 1 per trick taken.",
        "If a side has 32 points or more and",
    ]:
        assert sentence in out


def test_explain_call_ace_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    out = explain(capsys, "call-ace")
    for sentence in [
        "4, 5 or 6 players (the players option, default 4), each playing for himself.",
        "32 cards: 7, 8, 9, 10, J, Q, K, A in clubs, diamonds, hearts, spades.",
        "Each player draws a card and the lowest card deals first",
        "the other 11 cards are out of play with 4 players",
        "the dealer then takes the upcard and discards one card (not the upcard itself)",
        # the secret partner
        "Calling a partner: the maker names a suit: whoever holds the ace of that suit is his secret partner for "
        "the hand (only the holder knows, until that card is played); if nobody else holds it, the maker plays "
        "alone",
        "the maker may instead go alone",
        "4. Otherwise: each defender scores 2.",
        "If a player has 10 points or more (the target option), that player wins the match; if several do, the "
        "one with the highest score wins",
        "target: points needed to win (agreed before play) — 5, 7 or 10; default 10.",
    ]:
        assert sentence in out
    chosen = explain(capsys, "call-ace", "--set", "target=7", "--set", "players=6")
    assert "If a player has 7 points or more (the target option)" in chosen
    assert "the last card is out of play with 6 players" in chosen
    assert "default 10; 7 here." in chosen


def test_explain_jucre_railroad_joker(capsys: pytest.CaptureFixture[str]) -> None:
    out = explain(capsys, "jucre-railroad")
    for sentence in [
        "33 cards: 7, 8, 9, 10, J, Q, K, A in clubs, diamonds, hearts, spades, and one joker.",
        "The trump suit, high to low: joker, right bower (J of trump), left bower (the other J of the same "
        "colour), A, K, Q, 10, 9, 8, 7.",
        "The left bower and the joker belong to the trump suit in every respect",
        "1. Naming the upcard's suit: if the upcard is the joker, the dealer first names a suit (any suit), which "
        "the following steps treat as the upcard's suit; naming it does not make him the maker.",
        "2. Round 1:",
        "4. Otherwise: the defenders score 3.",
        "target: points needed to win (agreed before play) — 5, 7 or 10; default 10.",
    ]:
        assert sentence in out


ALL_SPECS = bundled_names(house=True)


@pytest.mark.parametrize("name", ALL_SPECS)
def test_every_variant_and_house_rule_explains(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, "explain", name)
    assert (code, err) == (0, "")
    title = load_document(name).data["title"]
    assert out.startswith(f"{title}\n{'=' * len(title)}\n")
    for heading in ("Players", "Cards", "Card ranking", "The deal", "Bidding", "Scoring", "Winning the match"):
        assert f"\n{heading}\n" in out
    assert "\x1b" not in out  # plain text, readable when piped
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize("name", bundled_names())
def test_bundled_variants_are_said_without_fallbacks(capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert "`" not in explain(capsys, name)


def test_explain_does_not_depend_on_the_variant_name(tmp_path: Path) -> None:
    """A copy under another name and path is explained in the same words."""
    copy = tmp_path / "my-game.yaml"
    text = (variants_dir() / "buck-euchre.yaml").read_text("utf-8").replace("name: buck-euchre", "name: my-game")
    copy.write_text(text, "utf-8")
    ours = render(load_rules(str(copy)).model).replace("(variant my-game)", "")
    theirs = render(load_rules("buck-euchre").model).replace("(variant buck-euchre)", "")
    assert ours == theirs


def test_explain_house_rules_and_rule_overlays(capsys: pytest.CaptureFixture[str]) -> None:
    std = "if all the others pass, the dealer must name trump (he may not pass)"
    assert std in explain(capsys, "house/stick-the-dealer")
    assert std in explain(capsys, "euchre", "--rule", "house/stick-the-dealer")
    assert std not in explain(capsys, "euchre")


def test_explain_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", "no-such-variant")
    assert (code, out) == (1, "") and "unknown variant 'no-such-variant'" in err
    code, out, err = run(capsys, "explain", "jucre", "--set", "target=8")
    assert (code, out) == (1, "") and "target=8 is not allowed" in err


# ------------------------------------------------------------ diff
def test_diff_euchre_classic(capsys: pytest.CaptureFixture[str]) -> None:
    out = diff(capsys, "euchre", "euchre-classic")
    lines = out.splitlines()
    assert lines[:2] == ["A: euchre — Euchre (American)", "B: euchre-classic — Euchre (North American customs)"]
    assert (
        "round 1 (order_up): A: the dealer then takes the upcard and discards one card (the upcard included) · "
        "B: the dealer may then take the upcard and discard one card (the upcard included), or decline; trump is "
        "the upcard's suit either way (if the dealer ordered it himself, he takes it)"
    ) in lines
    assert any(line.startswith("deal: A: 3 cards to each player from the dealer's left, then 2") for line in lines)
    assert (
        'declarations: B adds "defender_alone" (defenders going alone, alone): each defender in turn, from the '
        "maker's left, may go alone: his partner sits out the hand; once one defender goes alone, nobody more is "
        "asked"
    ) in lines
    assert 'lead: B adds "maker_alone": if the maker is alone, the player to the maker\'s left leads' in lines
    assert 'lead: B adds "both_alone": if the maker is alone and a defender is alone, the lone defender leads' in lines
    assert (
        'scoring: B adds "lone_defender_sweep": if a defender is alone and the defenders take 5 tricks, the '
        "defenders score 4"
    ) in lines
    # What is alike is not mentioned: the maker's alone, the catch-all lead row, the other scoring rows.
    assert not any(line.startswith(("going alone", "lead row", 'scoring "')) for line in lines)
    assert "no differences" not in out


@pytest.mark.parametrize("name", ["euchre", "buck-euchre", "call-ace", "house/benny"])
def test_diff_with_itself(capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert diff(capsys, name, name).splitlines()[2:] == ["no differences"]


def test_diff_stick_the_dealer(capsys: pytest.CaptureFixture[str]) -> None:
    out = diff(capsys, "euchre", "house/stick-the-dealer")
    assert out.splitlines()[2:] == [
        "round 2 (name_trump): A: if all pass, the hand is redealt by the next dealer (no score) · "
        "B: if all the others pass, the dealer must name trump (he may not pass)"
    ]
    # --rule-b stacks an overlay on B only; --rule on both.
    assert (
        diff(capsys, "euchre", "euchre", "--rule-b", "house/stick-the-dealer").splitlines()[2:] == out.splitlines()[2:]
    )
    assert diff(capsys, "euchre", "euchre", "--rule", "house/stick-the-dealer").splitlines()[2:] == ["no differences"]


def test_diff_sections(capsys: pytest.CaptureFixture[str]) -> None:
    out = diff(capsys, "euchre", "jucre").splitlines()
    assert "deck: A: 24 cards (9–A) · B: 32 cards (7–A)" in out
    assert 'scoring "euchred": A: the defenders score 2 · B: the defenders score 3' in out
    assert "first dealer: A: chosen at random · B: the lowest card drawn (A, K, Q, J, 10, 9, 8, 7)" in out
    assert any(line.startswith("options: B adds option target") for line in out)
    out = diff(capsys, "euchre", "house/super-euchre").splitlines()
    assert out[2:] == ['scoring: B adds "super_euchre": if the makers take no trick, the defenders score 4']
    out = diff(capsys, "euchre", "house/lone-march-5").splitlines()
    assert out[2:] == ['scoring "lone_march": A: the makers score 4 · B: the makers score 5']


def test_diff_reports_a_changed_order() -> None:
    spec = load_rules("euchre").model
    swapped = replace(spec, scoring=(spec.scoring[1], spec.scoring[0], *spec.scoring[2:]))
    lines = diff_lines(spec, swapped)
    assert lines == [
        'scoring: the order differs: A: "lone_march", "march", "made", "euchred" · '
        'B: "march", "lone_march", "made", "euchred"'
    ]


def test_diff_of_paths(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    copy = tmp_path / "copy.yaml"
    shutil.copy(variants_dir() / "euchre.yaml", copy)
    assert diff(capsys, str(copy), "euchre").splitlines()[2:] == ["no differences"]
    code, out, err = run(capsys, "diff", "euchre", str(tmp_path / "missing.yaml"))
    assert code == 1 and out == "" and "no such variant file" in err


DIFF_CASES = {
    "option values": (
        "house/target",
        "options:\n  target: {values: [5, 7, 10], min: null, max: null}\n",
        "options: A: any whole number from 1 to 100, default 10 · B: 5, 7 or 10, default 10",
    ),
    "option default": (
        "house/target",
        "options:\n  target: {default: 5}\n",
        "default 10 · B: any whole number from 1 to 100, default 5",
    ),
    "option range": (
        "house/target",
        "options:\n  target: {max: 21}\n",
        "options: A: any whole number from 1 to 100, default 10 · B: any whole number from 1 to 21, default 10",
    ),
    "deck colours": ("euchre", "deck:\n  colours: {C: red, D: black, H: red, S: black}\n", "deck: A: clubs and spades"),
    "bower rank": (
        "euchre",
        "ranking:\n  bower_rank: Q\n  trump: [right_bower, left_bower, A, K, J, T, 9]\n",
        "· B: right bower (Q of trump)",
    ),
    "counter start": ("house/four-trick-tokens", "counters:\n  tokens: {start: 1}\n", "starting at 0 · B:"),
    "counter change": (
        "house/four-trick-tokens",
        "scoring:\n  patch:\n    four: {counters: {tokens: {makers: 2}}}\n",
        "B: the makers add 2 to their tokens",
    ),
    "no-trump order": (
        "house/no-trump-round2",
        "ranking:\n  no_trump: {high: [A, K, Q, T, J, 9]}\n",
        'no-trump contract "high": A: A, K, Q, J, 10, 9 · B: A, K, Q, 10, J, 9',
    ),
}


@pytest.mark.parametrize("case", list(DIFF_CASES))
def test_diff_sees_options_deck_ranking_counters(tmp_path: Path, case: str) -> None:
    base, body, expected = DIFF_CASES[case]
    overlay = write(tmp_path / "changed.yaml", f"extends: {base}\n{body}")
    assert expected in diff_text(base, str(overlay))


def test_diff_reports_start_score(tmp_path: Path) -> None:
    overlay = write(tmp_path / "start.yaml", "extends: euchre\nstart_score: 5\n")
    assert "no differences" not in diff_text("euchre", str(overlay))
    assert "25" in diff_text("euchre", "buck-euchre")


def test_diff_lines_differ_in_words(tmp_path: Path) -> None:
    desc = write(tmp_path / "desc.yaml", "extends: house/target\noptions:\n  target: {description: how far}\n")
    bower = write(
        tmp_path / "bower.yaml",
        "extends: euchre\nranking:\n  bower_rank: Q\n  trump: [right_bower, left_bower, A, K, J, T, 9]\n",
    )
    lines = diff_text("house/target", str(desc)).splitlines()[2:] + diff_text("euchre", str(bower)).splitlines()[2:]
    for line in lines:
        if " · B: " in line:
            head, b_words = line.split(" · B: ", 1)
            assert head.split(": A: ", 1)[1] != b_words, line


def test_explain_no_trump_choice_is_unambiguous(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "house/no-trump-round2")
    assert code == 0 and 'except the turned-down one or "high"' not in " ".join(out.split())


def test_explain_fits_a_narrow_terminal(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    _, out, _ = run_with_input(capsys, monkeypatch, "explain", "euchre")
    assert max(len(line) for line in out.splitlines()) <= 60
