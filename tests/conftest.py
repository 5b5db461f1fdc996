"""Fixtures shared by the test files (plain helpers are in cli_helpers.py and handplay.py)."""

from __future__ import annotations

import copy
import os
from typing import Any

import pytest
from cli_helpers import EXAMPLE

# The suite runs `trickspec validate` many times: it must neither read remembered answers nor
# leave any in the user's cache (tests/test_validate_cache.py turns it on in its own folders).
os.environ["TRICKSPEC_CACHE_DIR"] = ""


@pytest.fixture
def example() -> dict[str, Any]:
    """The worked euchre hand of tests/records/example.json, without its `expect` (a fresh copy)."""
    record = copy.deepcopy(EXAMPLE)
    record.pop("expect")
    return record
