"""Every size limit of TrickSpec's input, in one place (docs/limits.md lists them).

Why limits at all: a spec or a hand record may come from anyone, and the
promise is that bad input gets one clear located message and exit 1 — never a
traceback, a hang or memory running out. Each limit is far above what any real
variant needs (the bundled ones use a tenth of each at most), and each is
checked early, before the value is used to size anything.

The limits on a spec's shape (players, deck, rows, phases, bids, packets) are
written in the JSON Schema as `maximum`/`maxItems`; a test checks that the
schema and these constants agree, so this module stays the one reference.
"""

from __future__ import annotations

# ---------------------------------------------------------------- spec files (YAML)
MAX_FILE_BYTES = 1 << 20  # a variant is a few KiB; 1 MiB is generous
MAX_ALIASES = 100  # alias references (`*name`) in one document
MAX_NODES = 10_000  # values, aliases expanded (the largest bundled variant has 182): stops "billion laughs"
MAX_DEPTH = 100  # nesting levels: the YAML composer is recursive
MAX_INT = 10**9  # any integer in a spec, in magnitude (scores, targets, counts)
MAX_TEXT = 10_000  # characters of any one text value (a description, an expression)
MAX_OVERLAY_CHAIN = 32  # files in one `extends` chain, the variant itself included

# ---------------------------------------------------------------- expressions
MAX_EXPR_CHARS = 1_000  # characters of one expression
MAX_EXPR_DEPTH = 50  # nesting of one expression's syntax tree (operators, calls, brackets)

# ---------------------------------------------------------------- the game a spec describes (in the schema)
MAX_PLAYERS = 12  # seats at the table
MAX_SUITS = 8
MAX_RANKS = 20  # ranks of one suit
MAX_PACKET_ROUNDS = 64  # entries of deal.packets
MAX_PACKET = 64  # cards in one packet
MAX_BID = 1_000  # auction min and max
MAX_ROWS = 200  # items of one list: scoring, lead, match_end, bidding, declarations
MAX_OPTIONS = 32  # declared options; also the values one option may take

# ---------------------------------------------------------------- names and paths
MAX_NAME_BYTES = 255  # one file or directory name (the usual file-system limit)
MAX_PATH_BYTES = 4_096  # a whole path

# ---------------------------------------------------------------- hand records
MAX_RECORD_FILE_BYTES = 64 << 20  # a .json or .jsonl file (a 1,000-hand match is about 1 MiB)


def shorten(text: str, limit: int = 60) -> str:
    """A value quoted in a message, cut to `limit` characters: an error must stay one short line."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
