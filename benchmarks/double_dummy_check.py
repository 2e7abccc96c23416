"""The long check of the double-dummy solver: for every preset, random
endings of up to five tricks, each solved by ``spades.double_dummy`` and by
the plain minimax of ``tests/_double_dummy_reference.py`` (written from the
rules), for each side, and the Nil question for each seat on the shorter
ones; then partnership positions with spades broken against DDS (through
``endplay``, when installed), every card's value, and one in 20 of them a
full 13-trick deal at its first lead, solved with spades free to lead (DDS's
problem: C-4 does not let a spade be led there, which DDS cannot be told),
the value of the side on lead.

From the repository root::

    python benchmarks/double_dummy_check.py                  # 2,000 endings a preset, 500 DDS positions (25 full deals)
    python benchmarks/double_dummy_check.py --endings 100 --dds 50

The endings' lengths are drawn 1: 14%, 2: 30%, 3: 40%, 4: 15%, 5: 1% (the
minimax of a five-trick partnership ending takes seconds).  Exit status 1
on any disagreement, each printed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from _double_dummy_reference import PRESETS, broken_position, nil_can_be_kept, random_ending, side_tricks, to_endplay  # noqa: E402

from spades import GameState, Phase, Rules, new_game  # noqa: E402
from spades.solver import Solver, _Position  # noqa: E402

FULL_DEALS_EVERY = 20
"""One DDS position in 20 is a full 13-trick deal at its first lead."""
LENGTHS = (1, 2, 3, 4, 5)
WEIGHTS = (14, 30, 40, 15, 1)


def check_preset(name: str, count: int, seed: int) -> tuple[int, list[str]]:
    rules = PRESETS[name]
    rng = random.Random(seed)
    solver = Solver(rules)
    problems = []
    checks = 0
    for _ in range(count):
        length = rng.choices(LENGTHS, WEIGHTS)[0]
        state = random_ending(rules, rng, length)
        for side in range(len(rules.sides)):
            ours, theirs = solver.tricks(state, side), side_tricks(state, side)
            checks += 1
            if ours != theirs:
                problems.append(f"{name}: side {side} {ours} != {theirs} at {state.hands} {state.trick}")
        if length <= 3:
            for seat in range(rules.players):
                checks += 1
                if solver.nil_kept(state, seat) != nil_can_be_kept(state, seat):
                    problems.append(f"{name}: nil of seat {seat} at {state.hands} {state.trick}")
    return checks, problems


def first_lead(rules: Rules, rng: random.Random) -> GameState:
    """A random partnership deal at its first lead (random bids)."""
    state = new_game(rules, seed=rng.randrange(2**32))
    while state.phase is not Phase.PLAY:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def full_deal_tricks(state: GameState) -> int:
    """The tricks of the side on lead from the first lead of a full deal
    with spades counted as broken: the solver's search (its table, bounds
    and move ordering) on DDS's problem, a bridge deal played in spades.
    Under C-4 no spade may be led until one is played, which DDS cannot be
    told, so the position's broken flag is set by hand."""
    rules = state.rules
    turn = state.turn
    assert turn is not None
    search = Solver(rules)._side_search(rules.side_of[turn])
    position = _Position(state, search.layout)
    position.broken = True
    return search.value(position)


def check_dds(endplay: Any, count: int, seed: int) -> tuple[int, list[str], dict[int, int]]:
    rules = PRESETS["partnership"]
    rng = random.Random(seed)
    problems = []
    sizes: dict[int, int] = {}
    for index in range(count):
        if index % FULL_DEALS_EVERY == FULL_DEALS_EVERY - 1:
            # A full deal: the value of the side on lead, spades free to lead.
            state = first_lead(rules, rng)
            sizes[13] = sizes.get(13, 0) + 1
            deal = to_endplay(state, endplay.types)
            best = max(value for _card, value in endplay.dds.solve_board(deal))
            ours = full_deal_tricks(state)
            if ours != best:
                problems.append(f"DDS, full deal (spades free to lead): {ours} != {best} at {state.hands}")
            continue
        # Mostly endings of 2 to 7 tricks; one in ten of 8 to 10.
        tricks = rng.randint(8, 10) if index % 10 == 9 else rng.randint(2, 7)
        state = broken_position(rng, tricks)
        turn = state.turn
        assert turn is not None
        left = len(state.hand(turn))
        sizes[left] = sizes.get(left, 0) + 1
        deal = to_endplay(state, endplay.types)
        theirs = {c.suit.name[0].upper() + c.rank.name[1]: v for c, v in endplay.dds.solve_board(deal)}
        ours = {f"{str(v.card)[1]}{str(v.card)[0]}": v.tricks for v in Solver(rules).card_values(state)}
        if ours != theirs:
            problems.append(f"DDS: {ours} != {theirs} at {state.hands} {state.trick}")
    return count, problems, sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The long check of the double-dummy solver.")
    parser.add_argument("--endings", type=int, default=2000, help="random endings a preset (default 2000)")
    parser.add_argument("--dds", type=int, default=500,
                        help="positions checked against DDS, one in 20 a full deal (default 500)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", nargs="*", default=sorted(PRESETS), choices=sorted(PRESETS))
    args = parser.parse_args(argv)
    failed = False
    for name in args.presets:
        start = time.perf_counter()
        checks, problems = check_preset(name, args.endings, args.seed)
        print(f"{name}: {args.endings} endings, {checks} values checked, {len(problems)} disagreements, "
              f"{time.perf_counter() - start:.0f} s", flush=True)
        for problem in problems[:20]:
            print("  " + problem)
        failed |= bool(problems)
    try:
        import endplay.dds
        import endplay.types
    except ImportError:
        print("DDS: endplay not installed, skipped")
    else:
        if args.dds:
            start = time.perf_counter()
            count, problems, sizes = check_dds(endplay, args.dds, args.seed)
            shown = ", ".join(f"{k}: {v}" for k, v in sorted(sizes.items()) if k < 13)
            if 13 in sizes:
                shown += f"; full deals at the first lead, spades free to lead: {sizes[13]}"
            print(f"DDS: {count} positions (tricks left: {shown}), {len(problems)} disagreements, "
                  f"{time.perf_counter() - start:.0f} s")
            for problem in problems[:20]:
                print("  " + problem)
            failed |= bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
