"""`load_rules` compiles a spec once per process, but reads it again when one of its files changed.

The cache used to be keyed by path only: a spec edited while a process ran (a
notebook, a long session of `trickspec` calls through the API) kept its old
rules. Each entry now remembers the size and modification time of every file it
read -- the spec, its `extends` chain, the `--rule` overlays -- and is used only
while they are unchanged.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from interpreter.errors import SpecError
from interpreter.variants import load_rules


def write(path: Path, text: str, tick: int) -> None:
    """Write `text` and give the file a modification time of its own (an edit within one clock tick
    of the last, on a coarse file system, would otherwise look unchanged)."""
    path.write_text(text, encoding="utf-8")
    ns = 1_700_000_000_000_000_000 + tick * 1_000_000_000
    os.utime(path, ns=(ns, ns))


def test_an_unchanged_spec_is_compiled_once(tmp_path: Path) -> None:
    spec = tmp_path / "mine.yaml"
    write(spec, "extends: euchre\nname: mine\ntitle: One\n", 1)
    assert load_rules(str(spec)) is load_rules(str(spec))


def test_an_edited_spec_is_read_again_even_at_the_same_size(tmp_path: Path) -> None:
    spec = tmp_path / "mine.yaml"
    write(spec, "extends: euchre\nname: mine\ntitle: One\n", 1)
    assert load_rules(str(spec)).title == "One"
    write(spec, "extends: euchre\nname: mine\ntitle: Two\n", 2)  # same size, a later time
    assert load_rules(str(spec)).title == "Two"
    write(spec, "extends: euchre\nname: mine\ntitle: Three\n", 2)  # same time, another size
    assert load_rules(str(spec)).title == "Three"


def test_an_edited_base_in_the_extends_chain_is_read_again(tmp_path: Path) -> None:
    base = tmp_path / "base.yaml"
    top = tmp_path / "top.yaml"
    write(base, "extends: euchre\nname: base\nmatch_end:\n  - {winner_if: side.score >= 10}\n", 1)
    write(top, "extends: base.yaml\nname: top\n", 1)
    first = load_rules(str(top))
    write(base, "extends: euchre\nname: base\nmatch_end:\n  - {winner_if: side.score >= 15}\n", 2)
    second = load_rules(str(top))
    assert second is not first
    assert second.match_end[0].winner_if.source.endswith("15")


def test_an_edited_rule_overlay_is_read_again(tmp_path: Path) -> None:
    rule = tmp_path / "rule.yaml"
    eights = (
        "name: r\ndeck: {ranks: [8, 9, T, J, Q, K, A]}\n"
        "ranking:\n  trump: [right_bower, left_bower, A, K, Q, T, 9, 8]\n  plain: [A, K, Q, J, T, 9, 8]\n"
    )
    write(rule, eights, 1)
    assert len(load_rules("euchre", {}, [str(rule)]).deck.ranks) == 7
    write(rule, "name: r\n", 2)
    assert len(load_rules("euchre", {}, [str(rule)]).deck.ranks) == 6


def test_an_edit_that_breaks_the_spec_is_reported_not_hidden_by_the_cache(tmp_path: Path) -> None:
    spec = tmp_path / "mine.yaml"
    write(spec, "extends: euchre\nname: mine\n", 1)
    load_rules(str(spec))
    write(spec, "extends: euchre\nname: mine\nplayers: 1\n", 2)
    with pytest.raises(SpecError, match="players"):
        load_rules(str(spec))
