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

import pytest

from interpreter import engine
from interpreter import rules as rules_module
from interpreter.cli import main
from interpreter.errors import SpecError
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
def test_wrong_points_are_caught_and_saved_as_a_replayable_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = rules_module.Rules.score_hand

    def generous(self: rules_module.Rules, st: engine.State) -> dict:
        result = original(self, st)
        result["delta"][0] += 1
        result["scores"][0] += 1
        return result

    monkeypatch.setattr(rules_module.Rules, "score_hand", generous)
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
    monkeypatch.setattr(rules_module.Rules, "score_hand", original)
    fair = replay_record(record, tmp_path)
    assert [a - b for a, b in zip(replayed.result["delta"], fair.result["delta"], strict=True)] == [1, 0]


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


def test_an_engine_crash_is_reported_with_its_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: engine.State) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(engine.State, "_end_trick", broken)
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
    assert out.splitlines()[-1] == "verify: euchre: 1 error, 0 warnings (static checks: 6; dynamic: 0 hands)"


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
