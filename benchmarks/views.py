"""What a server pays per message, through the public API only.

Run from the repository root::

    python benchmarks/views.py            # a few seconds
    python benchmarks/views.py --json     # the results as JSON
    python benchmarks/views.py --quick    # a smoke run

One seeded partnership game is played with :func:`spades.bots.simple_action`
until hand 17.  At hand 0 and hand 17, at two moments of the hand (seat 1's
first bid, and the second card of the first trick), it times, best of seven
runs of 2,000 calls each (``time.perf_counter``):

* ``seat_view(state, seat)`` (the default view: score-sheet rows without
  their tricks) and ``seat_view(..., history=True)``;
* ``to_json`` of that view, and the size of the JSON in bytes (also with
  ``history=True``);
* ``events(before, after, seat)`` for one move, and ``advance(view, events)``;

and, for each moment, how many times the JSON of hand 17's view is as
large as hand 0's (the target: at most 1.5).  The sizes do not depend on
the machine: before the view document's version 2 they were 816 and 591
bytes at hand 0 and 1,836 and 1,615 at hand 17 (2.25x and 2.73x: each
finished hand's row was ``{"bids": [...], "tricks_won": [...]}``, about 60
bytes); with version 2's row codes (``"2412/2713"``, 13 bytes with the quotes
and the separator) hand 17's were 1,037 and 816 bytes, 1.27x and 1.38x
(every view has since grown by 29 bytes: 845 and 620 at hand 0, 1,066
and 845 at hand 17 on 2026-12-06, 1.26x and 1.36x);

and, in the middle of hand 0's play, how many consistent deals
:class:`spades.Deals` samples a second.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from spades import Deals, GameState, Phase, Rules, new_game, seat_view  # noqa: E402
from spades.bots import simple_action  # noqa: E402
from spades.events import advance, events  # noqa: E402
from spades.serial import to_json  # noqa: E402


QUICK = {"on": False}  # set by --quick (and the smoke test): a few calls each


def best(function: Callable[[], object], number: int = 2000, repeat: int = 7) -> float:
    """The best time of one call, in microseconds."""
    if QUICK["on"]:
        number, repeat = 2, 1
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        times.append((time.perf_counter() - start) / number)
    return min(times) * 1e6


def moments(seed: int = 11) -> dict[tuple[int, str], tuple[GameState, GameState]]:
    """(state, the state one move later) at seat 1's first bid and at the
    second card of the first trick, of hands 0 and 17."""
    rng = random.Random(seed)
    state = new_game(Rules.partnership(), seed=seed)
    found: dict[tuple[int, str], tuple[GameState, GameState]] = {}
    while not state.is_over and state.hand_number <= 17:
        following = state.apply(simple_action(state, rng))
        number = state.hand_number
        if number in (0, 17):
            if state.phase is Phase.BID and state.turn == 1 and (number, "bid") not in found:
                found[(number, "bid")] = (state, following)
            if state.phase is Phase.PLAY and len(state.trick) == 1 and (number, "play") not in found:
                found[(number, "play")] = (state, following)
        state = following
    return found


def run(*, quick: bool = False) -> dict[str, Any]:
    """Every figure, as a dict; ``quick`` times a couple of calls each."""
    QUICK["on"] = quick
    results: dict[str, Any] = {}
    found = moments()
    for (number, moment), (state, following) in sorted(found.items()):
        seat = 1
        view = seat_view(state, seat)
        happened = events(state, following, seat)
        results[f"hand {number}, {moment}"] = {
            "seat_view us": round(best(lambda: seat_view(state, seat)), 1),
            "seat_view history us": round(best(lambda: seat_view(state, seat, history=True), number=200), 1),
            "to_json us": round(best(lambda: to_json(view), number=500), 1),
            "json bytes": len(to_json(view).encode()),
            "json bytes history": len(to_json(seat_view(state, seat, history=True)).encode()),
            "events us": round(best(lambda: events(state, following, seat), number=500), 1),
            "advance us": round(best(lambda: advance(view, happened), number=50, repeat=3), 1),
        }
    results["json bytes, hand 17 / hand 0"] = {
        moment: round(results[f"hand 17, {moment}"]["json bytes"] / results[f"hand 0, {moment}"]["json bytes"], 2)
        for moment in ("bid", "play")
    }
    state = found[(0, "play")][0]
    deals = Deals(seat_view(state, 0))
    rng = random.Random(1)
    per_sample = best(lambda: deals.sample(rng), number=2000, repeat=5)
    results["Deals.sample per second (hand 0, first trick)"] = round(1e6 / per_sample)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--quick", action="store_true", help="time a couple of calls each (a smoke run)")
    args = parser.parse_args()
    results = run(quick=args.quick)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for name, value in results.items():
        if isinstance(value, dict):
            print(name)
            for key, figure in value.items():
                print(f"  {key:24} {figure}")
        else:
            print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
