"""``python -m spades``: see :mod:`spades.cli`."""

import sys

try:
    from spades.cli import main
except KeyboardInterrupt:  # Ctrl-C while the library loads: the same quiet end as main()'s
    if sys.stderr is not None:
        print("\ninterrupted", file=sys.stderr)
    raise SystemExit(130) from None

raise SystemExit(main())
