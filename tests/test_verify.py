"""`trickspec verify`: static findings on the corpus of broken specs, random hands on every bundled spec.

The corpus (`tests/bad_specs/`) is shared with test_spec_loading.py: a file's
`# expect: TEXT` lines must appear in the load error verify reports (in
`validate`'s words), its `# verify-expect: TEXT` lines in verify's own output
(`file:line:col: error: …`). Files with only `verify-expect` lines load fine:
they hold what only verify finds (an uncovered outcome, a shadowed row…).
Multi-file cases (overlays) live in `bad_specs/overlays/`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import EUCHRE_YAML, example, run, write

from interpreter import engine
from interpreter import rules as rules_module
from interpreter.cli import main
from interpreter.errors import RecordError, SpecError
from interpreter.phases import alone as alone_module
from interpreter.phases.alone import Alone
from interpreter.records import replay_record
from interpreter.variants import bundled_names, load_rules
from interpreter.verify import verify

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "bad_specs"
TOP = sorted(CORPUS.glob("*.yaml"))
OVERLAYS = sorted((CORPUS / "overlays").glob("*.yaml"))
SUMMARY = re.compile(r"^verify: \S+: \d+ errors?, \d+ warnings? \(static checks: \d+; dynamic: \d+ hands\)$")


def header(path: Path) -> tuple[list[str], list[str]]:
    """The `# expect:` and `# verify-expect:` texts of a corpus file."""
    expects: list[str] = []
    verify_expects: list[str] = []
    for line in path.read_bytes().decode("utf-8", errors="replace").splitlines():
        if not line.startswith("#"):
            break
        if line.startswith("# expect:"):
            expects.append(line.removeprefix("# expect:").strip())
        elif line.startswith("# verify-expect:"):
            verify_expects.append(line.removeprefix("# verify-expect:").strip())
    return expects, verify_expects


def check_corpus_file(path: Path) -> None:
    expects, verify_expects = header(path)
    assert expects or verify_expects, f"{path.name}: no '# expect:' or '# verify-expect:' line at the top"
    report = verify(str(path), hands=0)
    load_errors = "\n".join(f.spec_text() for f in report.findings if f.severity == "error")
    for expected in expects:
        assert expected in load_errors, f"{path.name}: expected {expected!r} in:\n{report.text()}"
    text = report.text()
    for expected in verify_expects:
        assert expected in text, f"{path.name}: expected {expected!r} in:\n{text}"
    if not expects:
        assert report.static_checks > 1, f"{path.name}: should load, but:\n{text}"
    wants_error = bool(expects) or any("error:" in e for e in verify_expects)
    assert report.ok is not wants_error, text
    assert SUMMARY.match(text.splitlines()[-1]), text


# ------------------------------------------------------------------ the corpus
@pytest.mark.parametrize("path", TOP, ids=lambda p: p.stem)
def test_corpus(path: Path) -> None:
    check_corpus_file(path)


@pytest.mark.parametrize("path", OVERLAYS, ids=lambda p: p.stem)
def test_corpus_overlays(path: Path) -> None:
    """Overlays (cycles, missing bases, unknown ids): verify, and plain loading for load errors."""
    check_corpus_file(path)
    expects, _ = header(path)
    if expects:
        with pytest.raises(SpecError) as info:
            load_rules(str(path))
        for expected in expects:
            assert expected in str(info.value)


def test_corpus_size() -> None:
    assert len(TOP) >= 30
    assert len(OVERLAYS) >= 5
    assert sum(1 for p in TOP if not header(p)[0]) >= 10  # verify-only cases


# ------------------------------------------------------------------ bundled specs
@pytest.mark.parametrize("name", bundled_names(house=True))
def test_bundled_specs_verify_without_errors(name: str, tmp_path: Path) -> None:
    report = verify(name, hands=200, seed=1, out_dir=tmp_path)
    assert report.ok, report.text()
    assert report.hands == 200 and report.static_checks > 1
    assert not list(tmp_path.iterdir())  # no failure record


def test_every_option_value_is_verified() -> None:
    """call-ace is compiled for 4, 5 and 6 players; --set narrows it to one count."""
    report = verify("call-ace", {"players": 5}, hands=30)
    assert report.ok, report.text()
    report = verify("call-ace", {"players": 7}, hands=0)
    assert not report.ok
    assert "option players=7 is not allowed" in report.text()


# ------------------------------------------------------------------ static checks in detail
EUCHRE = (HERE.parent / "variants" / "euchre.yaml").read_text()


def spec_with(tmp_path: Path, old: str, new: str) -> str:
    assert EUCHRE.count(old) == 1, old
    path = tmp_path / "mine.yaml"
    path.write_text(EUCHRE.replace(old, new))
    return str(path)


def test_trailing_otherwise_that_never_applies_is_not_reported(tmp_path: Path) -> None:
    spec = spec_with(
        tmp_path,
        "  - {id: euchred, otherwise: true, defenders: 2}",
        "  - {id: euchred, when: makers.tricks < 3, defenders: 2}\n  - {id: safety, otherwise: true, makers: 0}",
    )
    report = verify(spec, hands=50, out_dir=tmp_path)
    assert report.ok
    assert "safety" not in report.text()


def test_trick_order_is_enumerated(tmp_path: Path) -> None:
    """A row on the first tricks can be shadowed by the order of tricks, not their count."""
    spec = spec_with(
        tmp_path,
        "  - {id: made,",
        "  - {id: odd, when: makers.first_tricks == 5 and makers.tricks < 5, makers: 9}\n  - {id: made,",
    )
    report = verify(spec, hands=0)
    assert "scoring row 'odd' never applies: its condition holds for no reachable outcome" in report.text()


def test_a_constant_false_match_end_is_reported(tmp_path: Path) -> None:
    spec = spec_with(tmp_path, "{winner_if: side.score >= 10}", "{winner_if: false}")
    report = verify(spec, hands=0)
    assert "match_end[0] never holds: its condition is always false" in report.text()
    assert report.ok  # a warning


def test_counters_take_the_values_their_changes_give() -> None:
    from interpreter.verify import static

    report = verify("house/four-trick-tokens", hands=0)
    assert report.ok, report.text()
    loaded = static.load("house/four-trick-tokens", {}, [], report)
    assert loaded is not None
    bidding = static.check_bidding(loaded, report)
    assert static.Space(loaded.rules[0], bidding, {}).counter_values == {"tokens": [0, 1]}


def test_overlay_given_with_rule(tmp_path: Path) -> None:
    """--rule overlays are merged before the checks; findings point into the overlay."""
    overlay = CORPUS / "overlays" / "remove_otherwise.yaml"
    report = verify("euchre", rule_files=[str(overlay)], hands=0)
    assert not report.ok
    assert f"{overlay}:5:1: error: no scoring row applies when the makers take 0 tricks" in report.text()


# ------------------------------------------------------------------ dynamic checks
# The optional compiled build (mypyc, see setup.py) makes Rules a native class too: State calls
# its played_result natively, so a patched one would never run.
patches_the_rules = pytest.mark.skipif(
    not str(rules_module.__file__).endswith(".py"),
    reason="compiled build: the native Rules class cannot be monkeypatched (the pure-Python run covers this)",
)


@patches_the_rules
def test_wrong_points_are_caught_and_saved_as_a_replayable_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = rules_module.Rules.played_result  # writes a played hand's result object

    def generous(self: rules_module.Rules, st: engine.State, outcome: rules_module.ScoreOutcome) -> dict[str, Any]:
        result = original(self, st, outcome)
        result["delta"][0] += 1
        result["scores"][0] += 1
        return result

    monkeypatch.setattr(rules_module.Rules, "played_result", generous)
    report = verify("euchre", hands=20, seed=3, out_dir=tmp_path)
    assert not report.ok
    finding = next(f for f in report.findings if f.check == "dynamic" and f.severity == "error")
    assert finding.message.startswith("the points differ from the scoring table: hand 1: delta ")
    assert "(20 of 20 hands)" in finding.message
    assert report.failure_records == [str(tmp_path / "verify-failure-euchre-1.json")]
    assert finding.hint == f"replay it: trickspec replay {tmp_path / 'verify-failure-euchre-1.json'}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["verify-failure-euchre-1.json"]  # no temp file left
    record = json.loads((tmp_path / "verify-failure-euchre-1.json").read_text())
    assert record["verify"]["violation"] in finding.message
    replayed = replay_record(record, tmp_path)  # still the generous engine: the same wrong delta
    assert replayed.result["delta"] != [0, 0]
    monkeypatch.setattr(rules_module.Rules, "played_result", original)
    fair = replay_record(record, tmp_path)
    assert [a - b for a, b in zip(replayed.result["delta"], fair.result["delta"], strict=True)] == [1, 0]


# The optional compiled build (mypyc, see setup.py) makes State a native class, which cannot be patched.
patches_the_engine = pytest.mark.skipif(
    not str(engine.__file__).endswith(".py"),
    reason="compiled build: the native State class cannot be monkeypatched (the pure-Python run covers this)",
)


@patches_the_engine
def test_legal_plays_that_ignore_suit_are_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = engine.State.legal_actions

    def careless(self: engine.State) -> list[int]:
        if self.phase == self.rules.play_phase and self.turn >= 0:
            return list(self.hands[self.turn])
        return original(self)

    monkeypatch.setattr(engine.State, "legal_actions", careless)
    report = verify("euchre", hands=10, out_dir=tmp_path)
    assert "error: the legal actions are wrong: hand 1: seat" in report.text()
    assert "following suit allows" in report.text()
    assert not any(f.check == "dynamic" and f.severity == "warning" for f in report.findings)


@patches_the_engine
def test_an_engine_crash_is_reported_with_its_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: engine.State, *args: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(engine.State, "_store", broken)  # a hand's end (one not played: a redeal)...
    monkeypatch.setattr(engine.State, "_trick_fields", broken)  # ...or a played one's: every hand fails there
    report = verify("jucre", hands=5, out_dir=tmp_path)
    assert "error: the engine failed: hand 1: ZeroDivisionError: boom (5 of 5 hands)" in report.text()
    record = json.loads((tmp_path / "verify-failure-jucre-1.json").read_text())
    with pytest.raises(ZeroDivisionError):
        replay_record(record, tmp_path)


def test_the_same_seed_gives_the_same_report(tmp_path: Path) -> None:
    a = verify("buck-euchre", hands=100, seed=7, out_dir=tmp_path).to_json()
    b = verify("buck-euchre", hands=100, seed=7, out_dir=tmp_path).to_json()
    assert a == b


# ------------------------------------------------------------------ command line
def test_cli_text(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(["verify", "euchre", "--hands", "50", "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[-1].startswith("verify: euchre: 0 errors, ")
    assert SUMMARY.match(out.splitlines()[-1])


def test_cli_errors_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    path = CORPUS / "uncovered_outcome.yaml"
    code = main(["verify", str(path), "--hands", "0"])
    out = capsys.readouterr().out
    assert code == 1
    assert f"{path}:32:1: error: no scoring row applies when the makers take 0 tricks" in out
    assert out.splitlines()[-1] == "verify: euchre: 1 error, 0 warnings (static checks: 7; dynamic: 0 hands)"


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["verify", "house/target", "--set", "target=5", "--hands", "20", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["variant"] == "euchre-target" and data["ok"] is True
    assert (data["errors"], data["hands"], data["seed"]) == (0, 20, 0)
    assert set(data) >= {"findings", "static_checks", "warnings", "failure_records", "spec"}


def test_cli_load_error_and_bad_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "euchre", "--set", "target=7", "--hands", "0"]) == 1
    out = capsys.readouterr().out
    assert "error: unknown option 'target' for variant 'euchre'" in out
    assert main(["verify", "euchre", "--hands", "-1"]) == 1
    assert "cannot be negative" in capsys.readouterr().err


STATIC_CASES = {
    "deal": ("deal:\n  packets: [4, 3]\n", "2:1: error: with 4 players the deal needs 29 cards"),
    "colour of no suit": (
        "deck:\n  colours: {C: black, D: red, H: red, Z: black}\n",
        "3:39: error: deck.colours: 'Z' is not a suit of the deck",
    ),
    "rank in the draw": (
        "first_dealer: {draw: lowest, order: [A, K, Q, J, T, 8]}\n",
        "2:53: error: unknown rank '8'",
    ),
    "rank in a kitty exchange": (
        "declarations:\n  append:\n    - kitty_exchange: {who: maker, ranks: [9, 7], min: 1}\n",
        "4:47: error: unknown rank '7'",
    ),
    "no-trump order incomplete": (
        "ranking:\n  no_trump: {high: [A, K, Q, J, T]}\n",
        "3:14: error: ranking.no_trump.high: the order is incomplete: missing 9",
    ),
    "no-trump order duplicate": (
        "ranking:\n  no_trump: {low: [9, T, J, Q, K, A, A]}\n",
        "3:38: error: ranking.no_trump.low: 'A' is listed twice",
    ),
    "seat of type bool": (
        "lead:\n  - {otherwise: true, from: alone}\n",
        "3:29: error: lead[0].from: expected a number, got true/false",
    ),
    "condition of type int": (
        "declarations:\n  patch:\n    alone: {alone: {must_if: dealer + 1}}\n",
        "4:30: error: declarations[0].alone.must_if: expected true/false, got a number",
    ),
    "option default": (
        "options:\n  seats: {values: [4], default: 5}\n",
        "3:24: error: option 'seats': default 5 is not one of its values [4]",
    ),
    "uncovered lone march": (
        "scoring:\n"
        "  - {id: march, when: makers.tricks == 5 and not alone, makers: 2}\n"
        "  - {id: made, when: makers.tricks >= 3 and makers.tricks < 5, makers: 1}\n"
        "  - {id: euchred, when: makers.tricks < 3, defenders: 2}\n",
        "2:1: error: no scoring row applies when the makers take 5 tricks, alone",
    ),
    "shadowed by a patch": (
        "scoring:\n  patch:\n    made: {when: makers.tricks >= 5}\n",
        "4:5: warning: scoring row 'made' never applies: row 'march' above always matches first",
    ),
    "bidding path without end": (
        "bidding:\n  remove: [round2]\n",
        "2:1: error: bidding can end with no contract after every player passes in 'round1'",
    ),
    "match end unreachable": (
        "match_end:\n  - {winner_if: side.score >= 10 and side.tricks == 6}\n",
        "3:6: warning: match_end[0] never holds",
    ),
}


@pytest.mark.parametrize("case", list(STATIC_CASES))
def test_static_finding_is_located_in_the_overlay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str
) -> None:
    body, expected = STATIC_CASES[case]
    overlay = write(tmp_path / "mine.yaml", "extends: euchre\n" + body)
    code, out, err = run(capsys, "verify", str(overlay), "--hands", "0")
    assert f"{overlay}:{expected}" in out, out + err
    assert code == (1 if ": error: " in expected else 0)
    assert "Traceback" not in out + err


def test_deal_fits_four_players_but_not_six(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A stand-alone spec: the option allows 6 players, for whom 24 cards are too few."""
    text = (
        Path(EUCHRE_YAML)
        .read_text(encoding="utf-8")
        .replace("players: 4\n", "options:\n  seats: {values: [4, 6], default: 4}\nplayers: {option: seats}\n")
    )
    spec = write(tmp_path / "six.yaml", text)
    deal_line = text.splitlines().index("deal:") + 1
    expected = (
        f"{spec}:{deal_line}:1: error: with 6 players the deal needs 31 cards (6 × 5 + upcard) but the deck has 24"
    )
    code, out, _ = run(capsys, "verify", str(spec), "--hands", "0")
    assert code == 1 and expected in out
    code, _, err = run(capsys, "validate", str(spec))
    assert code == 1 and err.startswith(f"{spec}:{deal_line}:1: with 6 players")


def test_lead_at_a_sitting_out_seat_goes_to_the_next_player(tmp_path: Path) -> None:
    """The lead row names the lone maker's partner, who sits out: the next seat clockwise leads."""
    overlay = write(
        tmp_path / "partner_leads.yaml",
        "extends: euchre\nlead:\n  prepend:\n    - {id: partner, when: alone, from: maker + 2}\n",
    )
    # Seat 0 orders hearts and goes alone; seat 2 sits out, so seat 3 (not seat 0) leads.
    with pytest.raises(RecordError, match="seat 3 to act"):
        replay_record(example(overlay.name, ["order", "discard TC", "alone"]), tmp_path)
    with pytest.raises(RecordError, match="seat 0 to act"):
        replay_record(example("euchre", ["order", "discard TC", "alone"]))
    assert verify(str(overlay), hands=200, seed=4, out_dir=tmp_path).ok


@patches_the_rules
def test_dynamic_violation_with_a_rule_path_replays_from_elsewhere(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The saved record names the --rule overlay relative to itself; replay from another directory reproduces it."""
    original = rules_module.Rules.played_result  # writes a played hand's result object

    def generous(self: rules_module.Rules, st: object, outcome: rules_module.ScoreOutcome) -> dict[str, Any]:
        result = original(self, st, outcome)  # type: ignore[arg-type]
        result["delta"][1] += 1
        result["scores"][1] += 1
        return result

    monkeypatch.setattr(rules_module.Rules, "played_result", generous)
    work = tmp_path / "work"
    write(work / "rules" / "sweep.yaml", "scoring:\n  patch:\n    march: {makers: 3}\n")
    monkeypatch.chdir(work)
    code, out, _ = run(capsys, "verify", "euchre", "--rule", "rules/sweep.yaml", "--hands", "5", "--seed", "2")
    assert code == 1 and "error: the points differ from the scoring table: hand 1:" in out
    saved = sorted(work.glob("verify-failure-*.json"))
    assert len(saved) == 1
    record = json.loads(saved[0].read_text(encoding="utf-8"))
    assert record["trickspec"]["rules"] == ["rules/sweep.yaml"]
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "replay", str(saved[0]), "--json")
    assert code == 0, err
    assert json.loads(out)["delta"][1] >= 1  # the generous engine's extra point is reproduced


@pytest.mark.skipif(
    not str(alone_module.__file__).endswith(".py"),
    reason="compiled build: the native Alone phase cannot be monkeypatched (the pure-Python run covers this)",
)
def test_verify_reports_a_sitting_out_player_asked_to_declare(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = Alone.begin

    def also_ask_partner(self: Alone, st: object) -> bool:  # an engine bug, injected
        started = original(self, st)  # type: ignore[arg-type]
        if started and self.groups == ("maker",):
            # The partner is benched before the maker answers, and asked all the same (Alone.apply
            # drops benched seats from the queue when the maker goes alone, so "together" shows it).
            partner = (st.maker + 2) % st.rules.players  # type: ignore[attr-defined]
            st.out[partner] = True  # type: ignore[attr-defined]
            st.queue.append(partner)  # type: ignore[attr-defined]
        return started

    monkeypatch.setattr(Alone, "begin", also_ask_partner)
    report = verify("euchre", hands=300, seed=1, out_dir=tmp_path)
    assert not report.ok and "sits out but is asked to choose" in report.text()


def test_shadowing_by_an_inserted_row_is_located_in_the_overlay(tmp_path: Path) -> None:
    overlay = write(
        tmp_path / "easy.yaml",
        "extends: euchre\nscoring:\n  insert_before:\n    lone_march:\n"
        "      - {id: easy, when: makers.tricks >= 3, makers: 1}\n",
    )
    report = verify(str(overlay), hands=0)
    shadow = [f for f in report.findings if "never applies: row 'easy'" in f.message]
    assert shadow and all(f.file == str(overlay) for f in shadow)


@pytest.mark.parametrize(
    "body",
    [
        "bidding:\n  prepend:\n    - auto_trump: {id: x, when: 'upcard.suit == \"X\"'}\n",
        "bidding:\n  prepend:\n    - auto_trump: {id: x, when: 'upcard.rank == \"7\"'}\n",
        "declarations:\n  patch:\n    alone: {alone: {must_if: 'fixed_by == \"roundone\"'}}\n",
    ],
    ids=["suit", "rank", "phase-id"],
)
def test_verify_rejects_suits_ranks_and_ids_that_do_not_exist(tmp_path: Path, body: str) -> None:
    overlay = write(tmp_path / "mine.yaml", "extends: euchre\n" + body)
    report = verify(str(overlay), hands=0)
    assert not report.ok
    assert any(f.file == str(overlay) and f.line is not None for f in report.findings if f.severity == "error")


@patches_the_rules
def test_dynamic_points_finding_has_a_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = rules_module.Rules.played_result  # writes a played hand's result object

    def generous(self: rules_module.Rules, st: object, outcome: rules_module.ScoreOutcome) -> dict[str, Any]:
        result = original(self, st, outcome)  # type: ignore[arg-type]
        result["delta"][0] += 1
        result["scores"][0] += 1
        return result

    monkeypatch.setattr(rules_module.Rules, "played_result", generous)
    report = verify("euchre", hands=5, seed=3, out_dir=tmp_path)
    dynamic = [f for f in report.findings if f.check == "dynamic" and f.severity == "error"]
    assert dynamic and all(f.line is not None for f in dynamic)
