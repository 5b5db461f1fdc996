"""Issue 15: output files are complete or absent; interruptions end cleanly (docs/limits.md).

The disk cannot be filled in a test, so a full disk is an injected fault: the
temporary file's writes take a byte budget and then fail with ENOSPC, leaving
a half-written line in the temporary file — what a real full disk does.
"""

from __future__ import annotations

import builtins
import errno
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run

from interpreter import atomic
from interpreter.__main__ import run as entry_point
from interpreter.atomic import AtomicFile, OutputError, write_text_atomically
from interpreter.cli import main

ROOT = Path(__file__).resolve().parent.parent
OLD = '{"old": "record"}\n'


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


class _FullDisk(io.TextIOWrapper):
    """A text file on a disk with `budget` bytes free: past it, writes raise ENOSPC."""

    budget = 0

    def write(self, text: str) -> int:
        room = _FullDisk.budget
        data = text.encode("utf-8")
        if len(data) > room:
            super().write(data[:room].decode("utf-8", "ignore"))  # the half line a real disk keeps
            super().flush()
            _FullDisk.budget = 0
            raise OSError(errno.ENOSPC, "No space left on device")
        _FullDisk.budget -= len(data)
        return super().write(text)


def full_disk(monkeypatch: pytest.MonkeyPatch, budget: int) -> None:
    _FullDisk.budget = budget

    def fdopen(fd: int, mode: str = "r", encoding: str | None = None, **kw: Any) -> io.TextIOWrapper:
        return _FullDisk(io.FileIO(fd, "w"), encoding=encoding)

    monkeypatch.setattr(atomic.os, "fdopen", fdopen)


# ------------------------------------------------------------------ 8. a full disk
@pytest.mark.parametrize("budget", [0, 5000], ids=["already-full", "fills-mid-match"])
def test_8_full_disk_keeps_the_previous_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, budget: int
) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text(OLD, encoding="utf-8")
    full_disk(monkeypatch, budget)
    code, _, err = run(capsys, "play", "--seed", "3", "--hands", "40", "--quiet", "--record", str(out), "--force")
    assert code == 1
    assert err == f"--record {out}: cannot write (No space left on device); the file is left as it was\n"
    assert out.read_text(encoding="utf-8") == OLD  # not replaced, not truncated, no half line
    assert leftovers(tmp_path) == []


def test_8_full_disk_at_fsync(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    out = tmp_path / "out.jsonl"
    out.write_text(OLD, encoding="utf-8")
    monkeypatch.setattr(atomic.os, "fsync", no_space)
    code, _, err = run(capsys, "play", "--seed", "3", "--hands", "2", "--quiet", "--record", str(out), "--force")
    assert code == 1 and "No space left on device" in err and len(err.splitlines()) == 1
    assert out.read_text(encoding="utf-8") == OLD and leftovers(tmp_path) == []


def test_8_rename_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(src: str, dst: Any) -> None:
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(atomic.os, "replace", refuse)
    with pytest.raises(OutputError, match="cannot write \\(Permission denied\\); the file is left as it was"):
        write_text_atomically(tmp_path / "x.txt", "text")
    assert list(tmp_path.iterdir()) == []


def test_a_successful_write_is_whole_and_ordinary(tmp_path: Path) -> None:
    target = tmp_path / "x.txt"
    write_text_atomically(target, "one\ntwo\n")
    assert target.read_text() == "one\ntwo\n" and leftovers(tmp_path) == []
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


# ------------------------------------------------------------------ 9. targets refused before the match
def test_9_record_into_a_directory_is_refused_before_the_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "dir"
    target.mkdir()
    code, out, err = run(capsys, "play", "--seed", "1", "--record", str(target))
    assert (code, out) == (1, "")  # nothing played
    assert err == f"--record {target}: is a directory; name a file to write\n"
    assert leftovers(tmp_path) == [] and list(target.iterdir()) == []


@pytest.mark.parametrize("target", ["/dev/null", "missing/out.jsonl"])
def test_9_other_unwritable_targets(capsys: pytest.CaptureFixture[str], tmp_path: Path, target: str) -> None:
    path = target if target.startswith("/") else str(tmp_path / target)
    code, out, err = run(capsys, "play", "--seed", "1", "--record", path)
    assert (code, out) == (1, "") and err.startswith(f"--record {path}: ") and len(err.splitlines()) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere: permissions cannot refuse it")
def test_9_read_only_targets(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ro_file = tmp_path / "ro.jsonl"
    ro_file.write_text(OLD)
    ro_file.chmod(0o444)
    code, out, err = run(capsys, "play", "--seed", "1", "--record", str(ro_file), "--force")
    assert (code, out) == (1, "") and "read-only" in err
    ro_dir = tmp_path / "ro"
    ro_dir.mkdir()
    ro_dir.chmod(0o555)
    code, out, err = run(capsys, "play", "--seed", "1", "--record", str(ro_dir / "x.jsonl"))
    assert (code, out) == (1, "") and "permission denied" in err


def test_read_only_target_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same check, wherever the tests run (as root, access() says yes to everything)."""
    target = tmp_path / "ro.jsonl"
    target.write_text(OLD)
    monkeypatch.setattr(atomic.os, "access", lambda path, mode: Path(path) != target)
    with pytest.raises(OutputError, match="the file is read-only"):
        AtomicFile(target)
    monkeypatch.setattr(atomic.os, "access", lambda path, mode: Path(path) != tmp_path)
    with pytest.raises(OutputError, match="permission denied"):
        AtomicFile(tmp_path / "new.jsonl")
    assert target.read_text() == OLD and leftovers(tmp_path) == []


# ------------------------------------------------------------------ temporary files of killed writers
def test_stale_temporary_files_of_dead_writers_are_removed(tmp_path: Path) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".out.jsonl.{dead.pid}.abcd1234.tmp"
    alive = tmp_path / f".out.jsonl.{os.getppid()}.abcd1234.tmp"  # a live process: left alone
    other = tmp_path / f".other.jsonl.{dead.pid}.abcd1234.tmp"  # another target's: left alone
    for path in (stale, alive, other):
        path.write_text("half a li")
    write_text_atomically(tmp_path / "out.jsonl", "x\n")
    assert not stale.exists() and alive.exists() and other.exists()


def test_sigterm_mid_match_keeps_whole_hands_and_no_temporary_file(tmp_path: Path) -> None:
    """A person plays seat 0: twelve answers finish two hands, then the game waits for input; SIGTERM."""
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "interpreter", "play", "--seed", "5", "--human", "0", "--record", str(out)]
    proc = subprocess.Popen(
        command, cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("1\n" * 12)
    proc.stdin.flush()
    seen = ""
    while seen.count("\nScore: ") < 2:  # the second hand is over: its record is written
        line = proc.stdout.readline()
        assert line, "the game ended early"
        seen += line
    time.sleep(0.5)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + signal.SIGTERM and "Traceback" not in err
    assert leftovers(tmp_path) == []
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2  # the finished hands, whole


# ------------------------------------------------------------------ 10. Ctrl-C while the modules load
def test_10_ctrl_c_while_modules_load(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def interrupted(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "cli" or name.endswith(".cli"):
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted)
    assert entry_point() == 130
    out, err = capsys.readouterr()
    assert (out, err) == ("", "\ninterrupted\n")


def test_10_the_command_is_the_guarded_entry_point() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'trickspec = "interpreter.__main__:run"' in text


def test_ctrl_c_while_parsing_arguments(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr("interpreter.cli.build_parser", interrupted)
    assert main(["variants"]) == 130
    assert capsys.readouterr().err == "\ninterrupted\n"


# ------------------------------------------------------------------ the machine fails, not the input
def test_stdout_on_a_full_disk(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "interpreter", "variants"], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert proc.returncode == 1
    assert proc.stderr == "trickspec: No space left on device\n"


def test_commit_of_a_file_written_by_path(tmp_path: Path) -> None:
    """A library that writes by name (a plot) closes our handle and writes `tmp` itself."""
    out = AtomicFile(tmp_path / "plot.svg")
    out.file.close()
    Path(out.tmp).write_text("<svg/>")
    out.commit()
    assert (tmp_path / "plot.svg").read_text() == "<svg/>" and leftovers(tmp_path) == []


def test_simulate_leaves_no_temporary_file_when_its_second_output_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The records file is opened, then the CSV cannot be (the disk filled in between)."""

    def no_space(self: object, path: str, *args: object) -> None:
        raise OutputError(f"{path}: cannot write there (No space left on device)")

    monkeypatch.setattr("interpreter.simulate_data.CsvOut.__init__", no_space)
    records, csv = str(tmp_path / "r.jsonl"), str(tmp_path / "t.csv")
    code, _, err = run(capsys, "simulate", "--matches", "1", "--records", records, "--csv", csv)
    assert (code, err) == (1, f"{csv}: cannot write there (No space left on device)\n")
    assert list(tmp_path.iterdir()) == []  # the records file's temporary file is gone too
