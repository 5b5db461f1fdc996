"""A regular (non-editable) install carries its variants, schema and grammar.

Editable installs and the test suite read `variants/` and `schema/` from the
checkout; a wheel holds them as package data. This builds one and runs it from
another directory, so the package-data mapping in pyproject.toml is proven.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "records" / "example.json"


def test_wheel_install_runs_from_anywhere(tmp_path: Path) -> None:
    wheels, target, elsewhere = tmp_path / "wheels", tmp_path / "site", tmp_path / "elsewhere"
    elsewhere.mkdir()
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(wheels), str(ROOT)], check=True, timeout=300)
    (wheel,) = wheels.glob("trickspec-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)], check=True, timeout=300)
    env = {**os.environ, "PYTHONPATH": str(target)}

    def run(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "interpreter", *args],
            cwd=elsewhere,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = subprocess.run(
        [sys.executable, "-c", "import interpreter; print(interpreter.__file__)"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    assert where.startswith(str(target)), f"imported the checkout, not the wheel: {where}"
    assert run("--version").startswith("trickspec ")
    listed = run("variants")
    assert "euchre " in listed and "house/stick-the-dealer" in listed and "call-ace" in listed
    result = json.loads(run("replay", str(EXAMPLE), "--json"))
    assert result["tricks"] == [4, 0, 0, 1] and result["delta"] == [1, 0]
    assert "0 errors" in run("verify", "house/benny", "--hands", "20")
