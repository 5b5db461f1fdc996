"""Every relative link in README.md and docs/ resolves inside the repository (files and #anchors).

A user has only the repository: a link to a file beside it, or to a heading
that was renamed, is a dead end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))  # code blocks hold examples, not links
    return [target for target in LINK.findall(text) if not re.match(r"[a-z]+:", target)]


def anchor(heading: str) -> str:
    """GitHub's slug of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {anchor(h) for h in re.findall(r"^#{1,6}\s+(.*)$", text, re.M)}


def test_there_are_pages_and_links() -> None:
    assert len(PAGES) >= 6 and sum(len(links(p)) for p in PAGES) >= 20


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        path_part, _, fragment = target.partition("#")
        file = (page.parent / path_part).resolve() if path_part else page
        if ROOT not in file.parents and file != ROOT:
            broken.append(f"{target}: outside the repository")
        elif not file.exists():
            broken.append(f"{target}: no such file")
        elif fragment and file.suffix == ".md" and fragment not in anchors(file):
            broken.append(f"{target}: no heading #{fragment} in {file.name}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_slug_rule_matches_github() -> None:
    assert (
        anchor("`super-euchre` — a sweep by the defenders scores 4")
        == "super-euchre--a-sweep-by-the-defenders-scores-4"
    )
    assert (
        anchor("Duplicate mode: the same deals, the sides swapped") == "duplicate-mode-the-same-deals-the-sides-swapped"
    )
