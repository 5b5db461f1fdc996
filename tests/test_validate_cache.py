"""The remembered answers of `trickspec validate FILE` (interpreter/validate_cache.py).

Each case runs the command as a new process (the cache is for a cold start) with
its own cache folder, and checks the one promise: a remembered answer is exactly
the answer the full run gives, and anything that could change it is run in full.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter import validate_cache

ROOT = Path(__file__).resolve().parent.parent
EUCHRE = ROOT / "variants" / "euchre.yaml"
# Run the command, then say whether the engine was loaded (it is not, for a remembered answer).
PROBE = (
    "import sys; from interpreter.__main__ import run; sys.argv = ['trickspec', *sys.argv[1:]]; rc = run(); "
    "print('loaded' if 'interpreter.compiler' in sys.modules else 'remembered', file=sys.stderr); raise SystemExit(rc)"
)


def trickspec(cache: Path | str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TRICKSPEC_CACHE_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


def entries(cache: Path) -> list[str]:
    return sorted(p.name for p in cache.iterdir()) if cache.is_dir() else []


def test_an_unchanged_spec_is_answered_from_the_cache_exactly_as_the_full_run(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    shutil.copy(EUCHRE, tmp_path / "mine.yaml")
    first = trickspec(cache, "validate", "mine.yaml", "./mine.yaml", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stderr.strip() == "loaded"
    assert len(entries(cache)) == 1  # one file, one key (its absolute path and bytes)
    again = trickspec(cache, "validate", "mine.yaml", "./mine.yaml", cwd=tmp_path)
    assert again.returncode == 0
    assert again.stderr.strip() == "remembered"
    assert (
        again.stdout
        == first.stdout
        == (
            "ok: mine.yaml (euchre: Euchre (American), 4 players)\n"
            "ok: ./mine.yaml (euchre: Euchre (American), 4 players)\n"
        )
    )


def test_a_changed_spec_is_checked_again_and_its_error_shown(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    spec = tmp_path / "mine.yaml"
    shutil.copy(EUCHRE, spec)
    assert trickspec(cache, "validate", "mine.yaml", cwd=tmp_path).returncode == 0
    spec.write_text(EUCHRE.read_text().replace("players: 4", "players: four"))
    broken = trickspec(cache, "validate", "mine.yaml", cwd=tmp_path)
    assert broken.returncode == 1
    assert broken.stdout == ""
    assert "mine.yaml:" in broken.stderr and "loaded" in broken.stderr
    assert len(entries(cache)) == 1  # a failure is never remembered


def test_what_depends_on_other_files_is_never_remembered(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    (tmp_path / "overlay.yaml").write_text("extends: euchre\nname: mine\n")
    assert trickspec(cache, "validate", "overlay.yaml", cwd=tmp_path).returncode == 0  # its base is another file
    assert trickspec(cache, "validate", "euchre", cwd=tmp_path).returncode == 0  # a bundled name, not a path
    shutil.copy(EUCHRE, tmp_path / "mine.yaml")
    with_rule = trickspec(cache, "validate", "mine.yaml", "--rule", "house/stick-the-dealer", cwd=tmp_path)
    assert with_rule.returncode == 0, with_rule.stderr
    assert entries(cache) == []


def test_an_empty_cache_setting_turns_it_off_and_a_bad_folder_is_no_cache(tmp_path: Path) -> None:
    shutil.copy(EUCHRE, tmp_path / "mine.yaml")
    for _ in range(2):
        run = trickspec("", "validate", "mine.yaml", cwd=tmp_path)
        assert run.returncode == 0 and run.stderr.strip() == "loaded"
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    for _ in range(2):  # the folder cannot be made: validate works as if there were no cache
        run = trickspec(blocker / "cache", "validate", "mine.yaml", cwd=tmp_path)
        assert run.returncode == 0 and run.stderr.strip() == "loaded"


def test_an_entry_it_did_not_write_is_ignored(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    shutil.copy(EUCHRE, tmp_path / "mine.yaml")
    assert trickspec(cache, "validate", "mine.yaml", cwd=tmp_path).returncode == 0
    (entry,) = entries(cache)
    (cache / entry).write_text("ok: garbage\n")
    run = trickspec(cache, "validate", "mine.yaml", cwd=tmp_path)
    assert run.stderr.strip() == "loaded"
    assert run.stdout == "ok: mine.yaml (euchre: Euchre (American), 4 players)\n"


def test_the_key_follows_the_code_the_path_and_the_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = tmp_path / "mine.yaml"
    shutil.copy(EUCHRE, spec)
    before = validate_cache.key(str(spec))
    assert before is not None and before == validate_cache.key(str(spec))
    monkeypatch.setattr(validate_cache, "_stamp", validate_cache.code_stamp() + b"\nanother build")
    assert validate_cache.key(str(spec)) != before
    monkeypatch.undo()
    shutil.copy(spec, tmp_path / "twin.yaml")
    assert validate_cache.key(str(tmp_path / "twin.yaml")) != before
    spec.write_text(spec.read_text() + "\n")
    assert validate_cache.key(str(spec)) != before
    stamp = validate_cache.code_stamp().decode()
    assert str(Path(validate_cache.__file__).resolve().parent / "engine") in stamp  # engine.py or a compiled engine
    assert "euchre.yaml" in stamp and "variant.schema.json" in stamp
