"""The optional compiled build: `TRICKSPEC_COMPILE=1 pip install .` compiles the hot modules with mypyc.

Everything else about the package is in pyproject.toml. Without TRICKSPEC_COMPILE=1,
without a C compiler, or for an editable install (`pip install -e .`, development
stays plain Python) this adds nothing and the package is pure Python. If the
compiled build fails, the wheel is still built, pure, with a warning.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The modules a hand spends its time in (benchmarks/throughput.py): the state with its
# trick step, the card tables, the compiled rules (deal, scoring, match end), the names
# scoring reads, the action codec, the card functions, and every kind's runtime phase
# (`phases/<kind>.py`; the kinds' models, `phases/<kind>_model.py`, are read only at
# compile time and stay interpreted: mypyc drops `kw_only` from dataclasses).
# What mypyc needs of these modules (tests/test_mypyc_modules.py checks it in the pure
# run): a dataclass field's type imported for real, not under TYPE_CHECKING (mypyc
# resolves it when the module loads), and no class variable in a dataclass body (mypyc
# makes every class-level assignment there a field: use a read-only property).
HOT_MODULES = [
    "interpreter/engine.py",
    "interpreter/cards.py",
    "interpreter/rules.py",
    "interpreter/names.py",
    "interpreter/actions.py",
    "interpreter/hand_cards.py",
    "interpreter/phases/base.py",
    "interpreter/agents/rule_bot.py",  # most of a `simulate --bots rules` hand (benchmarks/bots.py --table)
    "interpreter/observe.py",  # the rule bot's memory of plays (PlayMemory.update), about five calls a hand
    "interpreter/match.py",  # the match loop: a turn of it a decision
    "interpreter/simulate.py",  # simulate's per-hand harness (each hand's summary, play_one)
    "interpreter/build.py",
]
_HERE = os.path.dirname(os.path.abspath(__file__))
_NOT_RUNTIME = ("__init__.py", "registry.py")


def compiled_modules() -> list[str]:
    """HOT_MODULES and every kind's runtime phase module, as paths relative to this file."""
    phases = os.path.join(_HERE, "interpreter", "phases")
    kinds = sorted(
        f"interpreter/phases/{name}"
        for name in os.listdir(phases)
        if name.endswith(".py") and not name.endswith("_model.py") and name not in _NOT_RUNTIME
    )
    return HOT_MODULES + [k for k in kinds if k not in HOT_MODULES]


def _wanted() -> bool:
    if os.environ.get("TRICKSPEC_COMPILE") != "1":
        return False
    if any(arg in ("editable_wheel", "develop") for arg in sys.argv):
        print("TRICKSPEC_COMPILE=1: an editable install stays pure Python", file=sys.stderr)
        return False
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        print(f"TRICKSPEC_COMPILE=1 but no C compiler ({compiler}): building pure Python", file=sys.stderr)
        return False
    return True


class _BuildExtOrPure(build_ext):
    """A failed compile leaves the pure-Python modules in place instead of failing the install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:  # noqa: BLE001 - any compiler failure means: pure Python
            print(f"warning: the compiled build failed ({err}); installing pure Python", file=sys.stderr)
            self.extensions = []


def _ext_modules() -> list[object]:
    if not _wanted():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("TRICKSPEC_COMPILE=1 but mypyc is not installed: building pure Python", file=sys.stderr)
        return []
    try:
        return list(mypycify(compiled_modules(), opt_level="3"))
    except (Exception, SystemExit) as err:  # noqa: BLE001 - type errors end mypyc with SystemExit
        print(f"warning: mypyc could not compile ({err!r}); building pure Python", file=sys.stderr)
        return []


_compiled = os.environ.get("TRICKSPEC_COMPILE") == "1"
_BUILD_REQUIRES = ["mypy>=1.8", "PyYAML>=6.0", "jsonschema>=4.18", "lark>=1.1.9", "rich>=13.0"]
if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it for compiled_modules()
    setup(
        ext_modules=_ext_modules(),
        cmdclass={"build_ext": _BuildExtOrPure},
        # pip installs these into the isolated build environment before it builds; mypyc
        # type-checks the modules it compiles, so it sees the runtime dependencies too
        setup_requires=_BUILD_REQUIRES if _compiled else [],
    )
