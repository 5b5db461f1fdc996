"""`trickspec egn import|export`: the command-line side of the EGN converters.

Kept out of cli.py so that starting `trickspec` does not import them; output
files are written whole or not at all (atomic.py).
"""

from __future__ import annotations

import argparse
import sys

from ..atomic import write_text_atomically
from .egn_export import egn_text, export_records
from .egn_import import import_file, records_jsonl


def _write(text: str, out: str | None) -> None:
    if out is None:
        sys.stdout.write(text)
    else:
        write_text_atomically(out, text)


def run(args: argparse.Namespace) -> int:
    if args.egn_command == "import":
        imported = import_file(args.file, lenient=args.lenient)
        _write(records_jsonl(imported.records), args.out)
        if imported.stopped is not None:
            print(
                f"{args.file}: {imported.stopped}; imported the {len(imported.records)} hands before it (--lenient)",
                file=sys.stderr,
            )
        return 0
    _write(egn_text(export_records(args.records, args.title)), args.out)
    return 0
