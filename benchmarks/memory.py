"""Memory of kept states, measured with ``tracemalloc``.

Run from the repository root::

    python benchmarks/memory.py                 # 10 whole games, 1,000 hands, 1,000 samples
    python benchmarks/memory.py --hands 200     # a quicker run
    python benchmarks/memory.py --json          # the results as JSON

Three figures, each the memory still allocated (``tracemalloc``'s traced
memory, after a garbage collection) while the states are kept, over their
number; the lists holding them are allocated before the measure starts:

* ``whole games``: every state of ``--games`` whole random games under
  ``Rules.partnership(losing_floor=-200)`` (random bids end such a game in
  a hand or two);
* ``1,000 hands``: every state of one seeded game of ``--hands`` random
  hands under ``Rules(target=10_000)`` (which random bids never reach), and
  apart the state at the end of each hand only;
* ``new state``: what ``apply()`` allocates and keeps beyond its
  predecessor (which stays alive), at ``--samples`` random positions of
  play, within a hand and at the ends of hands apart.  The target is at
  most 1 KiB within a hand.

Random choices are ``rng.choice(state.legal_actions())`` with one
``random.Random(seed)``.  The script puts the repository root first on
``sys.path``, so it measures the working tree's ``spades``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

import spades  # noqa: E402
from spades import GameState, Phase, Rules, new_game  # noqa: E402

__all__ = ["KIB", "hands_kept", "main", "new_state", "traced", "whole_games"]

KIB = 1024
"""The target of a new state beyond its predecessor, in bytes."""


def traced(build: Callable[[list[Any]], None]) -> int:
    """Bytes still allocated after ``build(kept)`` fills the list ``kept``
    (allocated before the measure, with room for what it holds, so that
    its own growth is not counted), a garbage collection made."""
    kept: list[Any] = []
    gc.collect()
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        build(kept)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before - sys.getsizeof(kept)
    finally:
        if not was_tracing:
            tracemalloc.stop()
    return held


def _play(state: GameState, rng: random.Random) -> GameState:
    return state.apply(rng.choice(state.legal_actions()))


def whole_games(games: int = 10, seed: int = 0) -> dict[str, float]:
    """Every state of ``games`` whole random games kept."""
    rules = Rules.partnership(losing_floor=-200)
    rng = random.Random(seed)
    counts = {"states": 0, "hands": 0}

    def build(kept: list[Any]) -> None:
        for game in range(games):
            state = new_game(rules, seed=seed + game)
            kept.append(state)
            while not state.is_over:
                state = _play(state, rng)
                kept.append(state)
            counts["hands"] += len(state.sheet)
        counts["states"] = len(kept)

    held = traced(build)
    return {"games": games, **counts, "bytes": held, "bytes_per_state": held / counts["states"]}


def hands_kept(hands: int = 1000, seed: int = 0) -> dict[str, float]:
    """Every state of one game of ``hands`` random hands kept, and apart
    the state at the end of each hand only (the next hand's first state)."""
    rules = Rules(target=10_000)
    counts = {"states": 0}

    def every_state(kept: list[Any]) -> None:
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        kept.append(state)
        while len(state.sheet) < hands:
            state = _play(state, rng)
            kept.append(state)
        counts["states"] = len(kept)

    def hand_ends(kept: list[Any]) -> None:
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        done = 0
        while done < hands:
            state = _play(state, rng)
            if len(state.sheet) > done:
                done += 1
                kept.append(state)

    held_all = traced(every_state)
    held_ends = traced(hand_ends)
    return {
        "hands": hands,
        "states": counts["states"],
        "bytes": held_all,
        "bytes_per_state": held_all / counts["states"],
        "bytes_per_hand": held_all / hands,
        "hand_end_states_bytes": held_ends,
        "bytes_per_hand_end_state": held_ends / hands,
    }


def _positions(samples: int, seed: int) -> tuple[list[tuple[GameState, Any]], list[tuple[GameState, Any]]]:
    """(state, random legal action) pairs at positions of play of random
    partnership hands, the plays within a hand and the hands' last plays."""
    rules = Rules.partnership()
    rng = random.Random(seed)
    within: list[tuple[GameState, Any]] = []
    ends: list[tuple[GameState, Any]] = []
    game = 0
    while len(within) < samples:
        state = new_game(rules, seed=seed * 1_000_003 + game)
        game += 1
        while not state.sheet:
            action = rng.choice(state.legal_actions())
            if state.phase is Phase.PLAY:
                (ends if len(state.hands[state.turn or 0]) == 1 and len(state.trick) == 3 else within).append(
                    (state, action)
                )
            state = state.apply(action)
    return within[:samples], ends


def new_state(samples: int = 1000, seed: int = 0) -> dict[str, float]:
    """What ``apply()`` keeps beyond its predecessor, mean over
    ``samples`` positions of play (every predecessor alive)."""

    def applied(pairs: list[tuple[GameState, Any]]) -> float:
        def build(kept: list[Any]) -> None:
            for state, action in pairs:
                kept.append(state.apply(action))

        return traced(build) / len(pairs) if pairs else float("nan")

    within, ends = _positions(samples, seed)
    return {
        "samples": len(within),
        "bytes_per_new_state": applied(within),
        "hand_end_samples": len(ends),
        "bytes_per_hand_end_state": applied(ends),
    }


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description="Measure the memory of kept spades states (tracemalloc).")
    parser.add_argument("--games", type=int, default=10, help="whole games kept (default 10)")
    parser.add_argument("--hands", type=int, default=1000, help="hands of the long game kept (default 1000)")
    parser.add_argument("--samples", type=int, default=1000, help="positions for the new-state figure (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if min(args.games, args.hands, args.samples) < 1:
        parser.error("--games, --hands and --samples must be positive")
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    results = {
        "spades": spades.__version__,
        "python": sys.version.split()[0],
        "load_average": load,
        "whole_games": whole_games(args.games, args.seed),
        "hands_kept": hands_kept(args.hands, args.seed),
        "new_state": new_state(args.samples, args.seed),
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    games, kept, one = results["whole_games"], results["hands_kept"], results["new_state"]
    print(f"whole games:  {games['bytes_per_state']:,.0f} B per state ({games['games']} games, {games['states']:,} states, "
          f"{games['hands']} hands, {games['bytes']:,} B)")
    print(f"{kept['hands']:,} hands:  {kept['bytes_per_state']:,.0f} B per state, {kept['bytes_per_hand']:,.0f} B per hand "
          f"({kept['states']:,} states, {kept['bytes']:,} B); hand ends only: "
          f"{kept['bytes_per_hand_end_state']:,.0f} B per kept state")
    verdict = "met" if one["bytes_per_new_state"] <= KIB else "MISSED"
    print(f"new state beyond its predecessor: {one['bytes_per_new_state']:,.0f} B within a hand (target <= {KIB} B: "
          f"{verdict}; {one['samples']} samples), {one['bytes_per_hand_end_state']:,.0f} B at a hand's end "
          f"({one['hand_end_samples']} samples)")
    print(f"load average: {load}; Python {results['python']}; spades {results['spades']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
