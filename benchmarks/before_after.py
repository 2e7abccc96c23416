"""The engine against an earlier version of itself: random hands and whole
games with the library's bots, side by side in one process.

Run from the repository root::

    python benchmarks/before_after.py --clock cpu
    git worktree add /tmp/before-41f03b3 41f03b3      # or: git archive 41f03b3 spades | tar -x -C DIR
    python benchmarks/before_after.py --before /tmp/before-41f03b3 --clock cpu

``--before PATH`` names the root of another checkout (a directory holding
its ``spades`` package); that code is imported under another name (its
modules are loaded while the working tree's are set aside, then put back),
so both versions run in this one process and take turns run by run
(before, after, OpenSpiel, before, after, ...): a change in the machine's
load touches them alike.  Without it only the working tree's code (and
OpenSpiel, when ``pyspiel`` is installed) is timed.

The loops, each timed whole (``new_game`` included):

* ``random hands``: one random hand per new seeded game, as the headline of
  ``benchmarks/run.py``: ``state = new_game(rules, seed=i)``, then
  ``state = state.apply(rng.choice(state.legal_actions()))`` while ``not
  state.sheet``, under ``Rules.partnership()`` and the ``openspiel`` preset
  (a version without that preset skips its row);
* ``simple_action games``: whole games, ``state = new_game(Rules.partnership(),
  seed=i)``, then ``state = state.apply(simple_action(state, rng))`` while
  ``not state.is_over`` (:func:`spades.bots.simple_action`);
* ``random_action games``: the same with :func:`spades.bots.random_action`
  under ``Rules.partnership(losing_floor=-200)`` (random bids fail their
  contracts, so only the losing floor ends a random game);
* ``OpenSpiel hands``: ``pyspiel.load_game("spades")`` driven as
  ``run.py`` drives it (chance from ``chance_outcomes()``).

Every figure is the time per unit (hand or game) of the best run, with the
median run's, over ``--runs`` runs of ``--hands`` hands or ``--games``
games each.  Each ratio column is an earlier version's time over the
working tree's (above 1: the working tree is faster); OpenSpiel's time
per hand over each version's follows the table.  Every run of a loop
plays the same hands or games (the same seeds), under every version.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

import spades  # noqa: E402
import spades.bots  # noqa: E402

__all__ = ["load_version", "loops", "measure", "format_table", "main"]

Clock = Callable[[], float]
CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}
Loop = Callable[[int, int, Clock], float]
"""A loop: ``loop(count, seed, clock)`` runs ``count`` units and returns the seconds they took."""


def load_version(root: str | Path) -> ModuleType:
    """The ``spades`` package of the checkout at ``root``, imported under
    another name: the modules of this process's ``spades`` are set aside
    while it loads, then put back, so that both stay usable (each module
    keeps the names it imported from its own version)."""
    root = Path(root).resolve()
    if not (root / "spades" / "__init__.py").is_file():
        raise SystemExit(f"{root} holds no spades package")
    ours = {name: module for name, module in sys.modules.items() if name == "spades" or name.startswith("spades.")}
    for name in ours:
        del sys.modules[name]
    sys.path.insert(0, str(root))
    try:
        package = importlib.import_module("spades")
        importlib.import_module("spades.bots")
        theirs = {name: module for name, module in sys.modules.items() if name == "spades" or name.startswith("spades.")}
    finally:
        sys.path.remove(str(root))
        for name in [name for name in sys.modules if name == "spades" or name.startswith("spades.")]:
            del sys.modules[name]
        sys.modules.update(ours)
    for name, module in theirs.items():  # kept reachable under another name
        sys.modules["spades_before" + name[len("spades"):]] = module
    return package


def loops(package: ModuleType) -> dict[str, Loop]:
    """The timed loops of one version of the package (see the module's notes)."""
    new_game = package.new_game
    rules_type = package.Rules
    simple_action = package.bots.simple_action
    random_action = package.bots.random_action
    partnership = rules_type.partnership()
    floor = rules_type.partnership(losing_floor=-200)
    presets = getattr(package, "PRESETS", {})

    def hands_of(rules: Any) -> Loop:
        def loop(count: int, seed: int, clock: Clock) -> float:
            choice = random.Random(seed).choice
            start = clock()
            for i in range(count):
                state = new_game(rules, seed=seed + i)
                while not state.sheet:
                    state = state.apply(choice(state.legal_actions()))
            return clock() - start
        return loop

    def games_of(rules: Any, bot: Any) -> Loop:
        def loop(count: int, seed: int, clock: Clock) -> float:
            rng = random.Random(seed)
            start = clock()
            for i in range(count):
                state = new_game(rules, seed=seed + i)
                while not state.is_over:
                    state = state.apply(bot(state, rng))
            return clock() - start
        return loop

    result: dict[str, Loop] = {"random hands, partnership": hands_of(partnership)}
    if "openspiel" in presets:
        result["random hands, preset openspiel"] = hands_of(presets["openspiel"]())
    result["simple_action games, partnership"] = games_of(partnership, simple_action)
    result["random_action games, losing floor -200"] = games_of(floor, random_action)
    return result


def openspiel_loop(pyspiel: Any) -> Loop:
    """OpenSpiel's random hands, one per new game, as ``run.py`` times them."""
    game = pyspiel.load_game("spades")

    def loop(count: int, seed: int, clock: Clock) -> float:
        rng = random.Random(seed)
        choice = rng.choice
        start = clock()
        for _ in range(count):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
        return clock() - start
    return loop


def measure(
    versions: dict[str, dict[str, Loop]], runs: int, hands: int, games: int, seed: int = 0, clock: Clock = time.process_time
) -> dict[str, dict[str, list[float]]]:
    """Seconds per unit of every run of every loop of every version: the
    versions take turns run by run, and every run of a loop plays the same
    games (the seeds ``seed``, ``seed + 1``, ...), so that its best and
    median runs measure the same work."""
    times: dict[str, dict[str, list[float]]] = {name: {} for name in versions}
    for _ in range(runs):
        for name, version in versions.items():
            for label, loop in version.items():
                count = games if "games" in label else hands
                gc.collect()
                times[name].setdefault(label, []).append(loop(count, seed, clock) / count)
    return times


def _load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not every system has it
        return "unknown"


def _commit(root: Path) -> str:
    """The short commit of the checkout at ``root``, else its directory's name."""
    try:
        out = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    except OSError:  # pragma: no cover - no git
        return root.name
    commit = out.stdout.strip() if out.returncode == 0 else ""
    if commit and Path(subprocess.run(["git", "-C", str(root), "rev-parse", "--show-toplevel"], capture_output=True,
                                      text=True).stdout.strip()).resolve() == root.resolve():
        changed = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "spades"], capture_output=True,
                                 text=True).stdout.strip()
        return f"{commit} and changes" if changed else commit
    return root.name


def _figure(values: list[float] | None) -> str:
    if not values:
        return ""
    unit, scale = ("ms", 1e3) if min(values) > 1e-3 else ("us", 1e6)
    return f"{min(values) * scale:.1f} ({statistics.median(values) * scale:.1f}) {unit}"


def format_table(times: dict[str, dict[str, list[float]]]) -> Iterator[str]:
    """The table: for each loop, each version's best (median) time per unit,
    then each earlier version's best (median) time over the last version's
    (above 1: the last is faster); then, when ``times`` has an
    ``"OpenSpiel"`` entry, OpenSpiel's time per hand over each version's."""
    openspiel = times.get("OpenSpiel", {}).get("random hands, partnership")
    names = [name for name in times if name != "OpenSpiel"]
    labels: list[str] = []
    for name in names:
        labels += [label for label in times[name] if label not in labels]
    last = names[-1]
    ratios = [f"{name[name.find('(') + 1 : -1] if '(' in name else name} / {last.split(' (')[0]}" for name in names[:-1]]
    yield "| loop | " + " | ".join(names + ratios) + " |"
    yield "|---|" + "---:|" * (len(names) + len(ratios))
    for label in labels:
        cells = [_figure(times[name].get(label)) for name in names]
        after = times[last].get(label)
        for name in names[:-1]:
            before = times[name].get(label)
            cells.append(_ratio(before, after) if before and after else "")
        yield f"| {label} | " + " | ".join(cells) + " |"
    if openspiel:
        yield ""
        yield f"OpenSpiel random hands: {_figure(openspiel)} a hand; OpenSpiel's time over ours, best (median):"
        for name in names:
            for label in ("random hands, partnership", "random hands, preset openspiel"):
                ours = times[name].get(label)
                if ours:
                    yield f"  {name}, {label}: {_ratio(openspiel, ours)}"


def _ratio(before: list[float], after: list[float]) -> str:
    return f"{min(before) / min(after):.2f}x ({statistics.median(before) / statistics.median(after):.2f}x)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--before", action="append", default=[],
                        help="the root of another checkout, timed side by side (may be given more than once)")
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each loop (default 15)")
    parser.add_argument("--hands", type=int, default=100, help="hands per run of the random-hands loops (default 100)")
    parser.add_argument("--games", type=int, default=10, help="games per run of the whole-game loops (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    parser.add_argument("--no-openspiel", action="store_true")
    args = parser.parse_args(argv)
    versions: dict[str, dict[str, Loop]] = {}
    for root in args.before:
        name = f"before ({_commit(Path(root))})"
        while name in versions:
            name += "'"
        versions[name] = loops(load_version(root))
    versions[f"after ({_commit(_ROOT)})"] = loops(spades)
    if not args.no_openspiel:
        try:
            pyspiel = importlib.import_module("pyspiel")
        except ImportError:
            print("pyspiel not installed: no OpenSpiel column")
        else:
            versions["OpenSpiel"] = {"random hands, partnership": openspiel_loop(pyspiel)}
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cpus, clock {args.clock}")
    print(f"load average before: {_load_average()}")
    times = measure(versions, args.runs, args.hands, args.games, args.seed, CLOCKS[args.clock])
    print(f"load average after: {_load_average()}")
    print(f"{args.runs} runs, {args.hands} hands or {args.games} games a run; best (median) time per hand or game")
    for line in format_table(times):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
