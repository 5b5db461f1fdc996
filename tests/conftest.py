"""Fixtures shared by the test files (plain helpers are in cli_helpers.py and handplay.py)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from cli_helpers import EXAMPLE


@pytest.fixture
def example() -> dict[str, Any]:
    """The worked euchre hand of tests/records/example.json, without its `expect` (a fresh copy)."""
    record = copy.deepcopy(EXAMPLE)
    record.pop("expect")
    return record
