"""``python -m spades``: see :mod:`spades.cli`."""

from spades.cli import main

raise SystemExit(main())
