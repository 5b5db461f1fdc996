"""The spec reader's libyaml path reads what PyYAML's own reader reads, and leaves every error to it.

interpreter/spec/yaml_loader.py composes a spec from libyaml's events where the text
has only printable characters and line breaks (a cold `trickspec validate` spends
most of its reading in PyYAML's pure-Python scanner otherwise). These tests hold the
two readers to the same data and the same positions, and check that a text with a
problem gets PyYAML's own message.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from interpreter.errors import SpecError
from interpreter.spec import yaml_loader
from interpreter.spec.yaml_loader import load_yaml_text

ROOT = Path(__file__).resolve().parent.parent
SPECS = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "variants" / "house").glob("*.yaml"))

pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML was built without libyaml")

TRICKY = [
    "a: 1\nb: [x, 'y z', \"q\\tr\"]\nc: {d: e, f: [1, 2]}\n",
    "base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\nlist: [*b, *b]\n",
    "text: >\n  folded\n  lines\n\nkeep: |\n  kept\n   indented\nplain: one\n  two\n  three\n",
    "---\n# comment\nname: x  # trailing\n...\n",
    "name: Euchre \u2014 \u2663\u2666\u2665\u2660 \u00e9\nn: -0x1F\nf: 1.5e3\nt: yes\nnull_: ~\nd: 2001-12-14\n",
    "a: 1\r\nb:\r\n  - c\r\n  - d\r\n",
    "when: 'makers.tricks >= 3 and not alone'\nfrom: \"dealer\"\n",
    "k: [a, {b: c}, [d, [e]]]\nempty: []\nnone: {}\n",
]

PROBLEMS = [
    "a: 1\na: 2\n",  # a duplicate key
    "a: {b: 1, c}\n",  # a key without a value inside { }
    "a: [1, 2\n",  # an unclosed list
    "a: b: c\n",  # a value where none may be
    "- 1\n- 2\n",  # not a mapping
    "a: !!python/name:os.system x\n",  # a tag that is refused
    "a: *nowhere\n",  # an undefined alias
    "a: 1\n---\nb: 2\n",  # two documents
    "a: \"\\UFFFFFFFF\"\n",  # an escape of no character
    "a: 99999999999999999999999999999999\n",  # too large an integer
    "k:\tv\n",  # a tab: libyaml accepts it, PyYAML does not (left to PyYAML)
    "",  # empty
]


def _pure(text: str, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as m:
        m.setattr(yaml_loader, "_libyaml_reads_alike", lambda text: False)
        return _outcome(text)


def _outcome(text: str) -> object:
    try:
        doc = load_yaml_text(text, "spec.yaml")
    except SpecError as err:
        return ("error", str(err))
    return ("ok", doc.data, doc.positions)


def _fast_document(text: str) -> tuple[object, object]:
    loader = yaml_loader._FastLoader(text)
    try:
        doc = yaml_loader._document(loader, text, "spec.yaml", None)
    finally:
        loader.dispose()
    return doc.data, doc.positions


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.name)
def test_every_bundled_spec_reads_the_same(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    assert yaml_loader._libyaml_reads_alike(text), "a bundled spec takes the fast reader"
    fast = _outcome(text)
    assert fast[0] == "ok"
    assert fast == _pure(text, monkeypatch)
    assert ("ok", *_fast_document(text)) == fast  # and it was the libyaml reader that read it


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_texts_read_the_same(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert yaml_loader._libyaml_reads_alike(text)
    pure = _pure(text, monkeypatch)
    assert pure[0] == "ok"
    assert ("ok", *_fast_document(text)) == pure == _outcome(text)


@pytest.mark.parametrize("text", PROBLEMS)
def test_problems_are_worded_by_pyyaml(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pure = _pure(text, monkeypatch)
    assert pure[0] == "error"
    assert _outcome(text) == pure


def test_what_the_fast_reader_is_used_for() -> None:
    assert yaml_loader._libyaml_reads_alike("a: 1\r\nb: 'caf\u00e9 \u2660'\n")
    for odd in ("a:\tb\n", "\ufeffa: 1\n", "a: b\x85", "a: b\u2028", "a: \x07\n", "a: \u200b\n"):
        assert not yaml_loader._libyaml_reads_alike(odd), repr(odd)
