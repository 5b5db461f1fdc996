"""`python -m interpreter` is the `trickspec` command."""

from .cli import main

raise SystemExit(main())
