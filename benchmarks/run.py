"""Speed and memory benchmarks for ``spades``, through the public API only.

Run from the repository root::

    python benchmarks/run.py            # full run, one to two minutes
    python benchmarks/run.py --quick    # a rough run in well under 30 seconds
    python benchmarks/run.py --json     # the results as JSON on stdout
    python benchmarks/run.py --profile  # also profile the random-hands loop

Every figure is the best of several timed runs (``time.perf_counter``, or
``time.process_time`` with ``--clock cpu``).
``benchmarks/README.md`` explains what each figure measures.  When
``pyspiel`` (``pip install open-spiel``) is importable, OpenSpiel's C++
``spades`` is driven the same way in the same run for comparison; a bare
pure-Python bitmask loop written below gives the floor of what plain Python
can do with no objects at all.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib
import importlib.metadata
import io
import json
import math
import os
import pickle
import platform
import pstats
import random
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
# Measure the working tree's engine, not some installed copy.
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

import spades  # noqa: E402
from spades import GameState, Phase, Rules, new_game  # noqa: E402

__all__ = [
    "CLOCKS",
    "DOCUMENT_WORKS",
    "DocumentCase",
    "HANDS_PER_GAME",
    "LONG_GAME_HANDS",
    "RECORD_WORKS",
    "Timing",
    "Settings",
    "best_rate",
    "best_rates",
    "DOCUMENT_CHUNKS",
    "document_cases",
    "floor_hands",
    "hand_zero_states",
    "like_openspiel",
    "long_game_state",
    "load_pyspiel",
    "machine_info",
    "main",
    "measure_documents",
    "memory_one_apply",
    "memory_whole_game",
    "openspiel_apply",
    "openspiel_document_states",
    "openspiel_hands",
    "openspiel_legal_actions",
    "phase_breakdown",
    "preset_rules",
    "profile_random_hands",
    "random_hands",
    "random_hands_sampled",
    "rollout_hands",
    "rollout_one_state",
    "run",
    "time_apply",
    "time_documents",
    "time_legal_actions",
    "time_openspiel_documents",
    "time_records",
    "time_rules",
    "time_rules_unpickle",
    "whole_game_states",
    "whole_games",
    "NO_DOUBLE_NIL_RULES",
    "WHOLE_GAME_RULES",
]

WHOLE_GAME_RULES = Rules.partnership(losing_floor=-200)
"""Rules for whole random games.  Random bids almost always fail, so under
the default rules a random game drifts to minus infinity and never ends; a
losing floor of -200 ends it after a few hands."""

NO_DOUBLE_NIL_RULES = Rules.partnership(double_nil_allowed=False)
"""Partnership rules without Double Nil, closer to OpenSpiel's game (bids
Nil and 1..13, no exchange of cards).  Random bids under the default rules
bid Double Nil in about one hand in five, and each Double Nil brings two
exchange steps whose legal actions are every 3-card exchange."""


def like_openspiel() -> tuple[str, Rules]:
    """The rules closest to OpenSpiel's game, and their label: the
    ``openspiel`` preset when :data:`spades.PRESETS` has one, else
    :data:`NO_DOUBLE_NIL_RULES`."""
    if "openspiel" in spades.PRESETS:
        return "preset openspiel", spades.PRESETS["openspiel"]()
    return "no Double Nil", NO_DOUBLE_NIL_RULES


Clock = Callable[[], float]
"""A clock: ``time.perf_counter`` (wall time, the default) or
``time.process_time`` (this process's CPU time, steadier on a busy machine)."""
CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}

@dataclass(frozen=True)
class Timing:
    """One timed run: ``units`` of work (hands, games, calls) in ``seconds``."""

    units: int
    seconds: float
    hands: int = 0
    """Hands played, when the unit is not the hand (whole games)."""

    @property
    def rate(self) -> float:
        """Units per second."""
        return self.units / self.seconds if self.seconds > 0 else float("inf")


# ----------------------------------------------------------------------
# Our engine.


HANDS_PER_GAME = 10
"""Hands per game of the second random-hands row (``per_game`` of
:func:`random_hands`): a game's later hands cost no ``new_game``, and a
seeded game deals each of them from its seed when it is first read."""


def random_hands(rules: Rules, hands: int, seed: int = 0, clock: Clock = time.perf_counter, per_game: int = 1) -> Timing:
    """Play ``hands`` random hands.  With ``per_game=1`` (the headline, the
    same work as :func:`openspiel_hands`), each hand is a new seeded game,
    its deal included: ``state = new_game(rules, seed=seed + i)``, then
    ``state = state.apply(rng.choice(state.legal_actions()))`` while ``not
    state.sheet`` (the hand is not yet scored), one ``random.Random`` for
    every choice.  With ``per_game > 1``, that many hands in one seeded game
    (fewer if it ends), each until ``len(state.sheet)`` grows by one."""
    rng = random.Random(seed)
    choice = rng.choice
    if per_game == 1:
        start = clock()
        for i in range(hands):
            state = new_game(rules, seed=seed + i)
            while not state.sheet:
                state = state.apply(choice(state.legal_actions()))
        return Timing(hands, clock() - start)
    played = 0
    game = 0
    start = clock()
    while played < hands:
        state = new_game(rules, seed=seed + game)
        game += 1
        for _ in range(min(per_game, hands - played)):
            done = len(state.sheet)
            while len(state.sheet) == done:
                state = state.apply(choice(state.legal_actions()))
            played += 1
            if state.is_over:
                break
    return Timing(played, clock() - start)


def random_hands_sampled(
    rules: Rules, hands: int, seed: int = 0, clock: Clock = time.perf_counter, per_game: int = 1
) -> Timing:
    """Like :func:`random_hands`, but the games have no seed: the caller
    draws every chance step with ``state.sample_chance(rng)`` and applies
    it, as the OpenSpiel loop does with ``chance_outcomes()``; the loop
    asks ``state.is_chance`` at every step, as that loop asks
    ``is_chance_node()``."""
    rng = random.Random(seed)
    choice = rng.choice
    if per_game == 1:
        start = clock()
        for _ in range(hands):
            state = new_game(rules)
            while not state.sheet:
                if state.is_chance:
                    state = state.apply(state.sample_chance(rng))
                else:
                    state = state.apply(choice(state.legal_actions()))
        return Timing(hands, clock() - start)
    played = 0
    start = clock()
    while played < hands:
        state = new_game(rules)
        for _ in range(min(per_game, hands - played)):
            done = len(state.sheet)
            while len(state.sheet) == done:
                if state.is_chance:
                    state = state.apply(state.sample_chance(rng))
                else:
                    state = state.apply(choice(state.legal_actions()))
            played += 1
            if state.is_over:
                break
    return Timing(played, clock() - start)


def rollout_hands(rules: Rules, hands: int, seed: int = 0, clock: Clock = time.perf_counter) -> Timing:
    """``hands`` random hands with :func:`spades.rollout`: for each, a new
    seeded game (``new_game(rules, seed=seed + i)``, its deal included in the
    time) rolled out to the end of its first hand with one ``random.Random``
    (the same draws as the step-by-step loop of :func:`random_hands`)."""
    rng = random.Random(seed)
    rollout = spades.rollout
    start = clock()
    for i in range(hands):
        rollout(new_game(rules, seed=seed + i), rng)
    return Timing(hands, clock() - start)


def rollout_one_state(rules: Rules, hands: int, seed: int = 0, clock: Clock = time.perf_counter) -> Timing:
    """``hands`` rollouts from one seeded state at the start of the bidding,
    what a search algorithm does at a node: bids, play and score, no deal."""
    rng = random.Random(seed)
    rollout = spades.rollout
    state = new_game(rules, seed=seed)
    start = clock()
    for _ in range(hands):
        rollout(state, rng)
    return Timing(hands, clock() - start)


def whole_games(rules: Rules, games: int, seed: int = 0, clock: Clock = time.perf_counter) -> Timing:
    """Play ``games`` whole random games to their end (use rules with a
    losing floor, such as :data:`WHOLE_GAME_RULES`, or this never ends)."""
    rng = random.Random(seed)
    choice = rng.choice
    hands = 0
    start = clock()
    for i in range(games):
        state = new_game(rules, seed=seed + i)
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))
        hands += len(state.sheet)
    return Timing(games, clock() - start, hands=hands)


def _play_positions(rules: Rules, count: int, seed: int) -> list[tuple[GameState, Any]]:
    """``count`` (state, random legal action) pairs at positions of play,
    taken from random hands in shuffled order.

    Each state is a fresh twin of the position (its predecessor applied
    again), never asked for its legal actions, so that a cache kept in a
    state cannot flatter the timed calls."""
    rng = random.Random(seed)
    pairs: list[tuple[GameState, Any]] = []
    game = 0
    while len(pairs) < count:
        state = new_game(rules, seed=seed * 1_000_003 + game)
        game += 1
        previous: tuple[GameState, Any] | None = None
        while not state.sheet:
            action = rng.choice(state.legal_actions())
            if state.phase is Phase.PLAY and previous is not None:
                pairs.append((previous[0].apply(previous[1]), action))
            previous = (state, action)
            state = state.apply(action)
    rng.shuffle(pairs)
    return pairs[:count]


def time_legal_actions(rules: Rules, calls: int, seed: int = 0, clock: Clock = time.perf_counter) -> Timing:
    """``legal_actions()`` on ``calls`` distinct random positions of play,
    each called once on a state never asked before (states are built before
    the clock starts)."""
    states = [state for state, _ in _play_positions(rules, calls, seed)]
    gc.collect()
    start = clock()
    for state in states:
        state.legal_actions()
    return Timing(len(states), clock() - start)


def time_apply(rules: Rules, calls: int, seed: int = 0, clock: Clock = time.perf_counter) -> Timing:
    """``apply(action)`` once on each of ``calls`` random positions of play
    with a random legal action chosen beforehand (trick ends and hand ends
    included, as they come), on states never asked for their legal actions:
    what a server validating a move pays."""
    pairs = _play_positions(rules, calls, seed)
    gc.collect()
    start = clock()
    for state, action in pairs:
        state.apply(action)
    return Timing(len(pairs), clock() - start)


def time_rules(calls: int, seed: int = 0, clock: Clock = time.perf_counter) -> Timing:
    """``calls`` builds of ``Rules.partnership()``, the preset a simulation
    loop is most likely to build over and over."""
    preset = Rules.partnership
    start = clock()
    for _ in range(calls):
        preset()
    return Timing(calls, clock() - start)


def time_rules_unpickle(calls: int, seed: int = 0, clock: Clock = time.perf_counter) -> Timing:
    """``calls`` unpicklings of a pickled ``Rules.pagat()``, what work sent
    between processes pays for its rules."""
    data = pickle.dumps(Rules.pagat())
    loads = pickle.loads
    start = clock()
    for _ in range(calls):
        loads(data)
    return Timing(calls, clock() - start)


def preset_rules() -> dict[str, Rules]:
    """Every preset in :data:`spades.PRESETS`, plus the two-player rules if
    no preset equals them."""
    presets = {name: factory() for name, factory in spades.PRESETS.items()}
    if Rules.two_player() not in presets.values():
        presets["two_player()"] = Rules.two_player()
    return presets


# ----------------------------------------------------------------------
# Memory.


def _traced() -> int:
    return tracemalloc.get_traced_memory()[0]


def memory_whole_game(rules: Rules = WHOLE_GAME_RULES, games: int = 5, seed: int = 0) -> dict[str, float]:
    """Bytes per state when every state of ``games`` whole random games is
    kept (tracemalloc: memory still allocated once they are all played, over
    the number of states; the list holding them is not counted)."""
    rng = random.Random(seed)
    new_game(rules, seed=seed).legal_actions()  # warm any lazy module-level tables
    gc.collect()
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        before = _traced()
        states: list[GameState] = []
        hands = 0
        for game in range(games):
            state = new_game(rules, seed=seed + game)
            states.append(state)
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
                states.append(state)
            hands += len(state.sheet)
        gc.collect()
        kept = _traced() - before - sys.getsizeof(states)
    finally:
        if not was_tracing:
            tracemalloc.stop()
    return {
        "games": games,
        "states": len(states),
        "hands": hands,
        "bytes_total": kept,
        "bytes_per_state": kept / len(states),
    }


def _reachable(root: object, stop: set[int]) -> dict[int, object]:
    """Objects reachable from ``root`` whose id is not in ``stop``."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        key = id(obj)
        if key in seen or key in stop:
            continue
        if obj is None or type(obj) in (bool, type) or (type(obj) is int and -5 <= obj <= 256):
            continue  # singletons, classes and cached small ints cost nothing new
        seen[key] = obj
        todo.extend(gc.get_referents(obj))
    return seen


def _traced_per_apply(pairs: list[tuple[GameState, Any]]) -> float:
    """Memory still held by the new states of ``pairs`` (their predecessors
    alive), over their number: tracemalloc around all the applies at once,
    so that allocator noise averages out."""
    if not pairs:
        return float("nan")
    gc.collect()
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        kept: list[GameState | None] = [None] * len(pairs)  # allocated before the measure
        before = _traced()
        for index, (old, action) in enumerate(pairs):
            kept[index] = old.apply(action)
        gc.collect()
        held = _traced() - before
    finally:
        if not was_tracing:
            tracemalloc.stop()
    return held / len(pairs)


def memory_one_apply(rules: Rules, samples: int = 300, seed: int = 0) -> dict[str, float]:
    """The size of one new state beyond what it shares with its predecessor,
    at random positions of play (hand ends apart: they add a score-sheet
    record and deal the next hand).

    * ``traced``: memory allocated by ``apply`` and still held while the new
      state and its predecessor are kept (tracemalloc, over all samples);
    * ``getsizeof``: ``sys.getsizeof`` summed over the objects the new state
      reaches that its predecessor, the action and the rules do not (mean
      and largest).
    """
    pairs = _play_positions(rules, samples, seed)
    within: list[tuple[GameState, Any]] = []
    ends: list[tuple[GameState, Any]] = []
    sizes: list[int] = []
    sizes_end: list[int] = []
    for old, action in pairs:
        old.legal_actions()  # warm any per-state cache outside the measure
        new = old.apply(action)
        stop = set(_reachable(old, set()))
        stop.update(_reachable(action, stop))
        stop.update(_reachable(rules, stop))
        size = sum(sys.getsizeof(obj) for obj in _reachable(new, stop).values())
        if len(new.sheet) > len(old.sheet):
            ends.append((old, action))
            sizes_end.append(size)
        else:
            within.append((old, action))
            sizes.append(size)
    del new

    def mean(values: list[int]) -> float:
        return sum(values) / len(values) if values else float("nan")

    return {
        "samples": len(within),
        "traced_mean": _traced_per_apply(within),
        "getsizeof_mean": mean(sizes),
        "getsizeof_max": max(sizes, default=0),
        "hand_end_samples": len(ends),
        "hand_end_traced_mean": _traced_per_apply(ends),
        "hand_end_getsizeof_mean": mean(sizes_end),
    }


# ----------------------------------------------------------------------
# The floor: a bare pure-Python loop, no library objects.

_SPADES = 0x1FFF << 39
_SUIT = tuple(0x1FFF << (13 * s) for s in range(4))
# The cards (indexes 0..51, suit-major like the library) of each 13-bit suit pattern.
_BITS = tuple(tuple(tuple(13 * s + r for r in range(13) if m >> r & 1) for m in range(0x2000)) for s in range(4))
_DECK = tuple(range(52))


def _cards(mask: int) -> tuple[int, ...]:
    b = _BITS
    return (
        b[0][mask & 0x1FFF] + b[1][mask >> 13 & 0x1FFF] + b[2][mask >> 26 & 0x1FFF] + b[3][mask >> 39]
    )


def floor_hands(hands: int, seed: int = 0, clock: Clock = time.perf_counter) -> Timing:
    """The floor: ``hands`` random partnership hands in plain Python with
    52-bit masks per seat: shuffle and deal, four random bids (0..13), then
    13 tricks with the legal mask (follow suit, no spade lead before spades
    are broken unless only spades are held), a random legal card, the trick
    winner, and the hand's contract scores."""
    rng = random.Random(seed)
    choice = rng.choice
    shuffle = rng.shuffle
    randrange = rng.randrange
    suit_mask = _SUIT
    bits = _BITS
    not_spades = ~_SPADES
    start = clock()
    for number in range(hands):
        deck = list(_DECK)
        shuffle(deck)
        held = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            held[i & 3] |= 1 << card
        dealer = number & 3
        bids = [randrange(14) for _ in range(4)]
        won = [0, 0, 0, 0]
        broken = False
        leader = (dealer + 1) & 3
        for _trick in range(13):
            hand = held[leader]
            legal = hand if broken else (hand & not_spades or hand)
            card = choice(_cards(legal))
            held[leader] = hand ^ (1 << card)
            led = card // 13
            best, best_seat = card, leader
            trumped = led == 3
            broken = broken or trumped
            seat = leader
            for _ in range(3):
                seat = (seat + 1) & 3
                hand = held[seat]
                follow = hand & suit_mask[led]
                card = choice(bits[led][follow >> (13 * led)] if follow else _cards(hand))
                held[seat] = hand ^ (1 << card)
                suit = card // 13
                if suit == 3:
                    broken = True
                    if not trumped or card > best:
                        best, best_seat, trumped = card, seat, True
                elif suit == led and not trumped and card > best:
                    best, best_seat = card, seat
            won[best_seat] += 1
            leader = best_seat
        for side in (0, 1):
            bid = bids[side] + bids[side + 2]
            taken = won[side] + won[side + 2]
            _score = 10 * bid + taken - bid if taken >= bid else -10 * bid
    return Timing(hands, clock() - start)


# ----------------------------------------------------------------------
# OpenSpiel (optional).


def load_pyspiel() -> Any | None:
    """The ``pyspiel`` module, or ``None`` when it is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def openspiel_hands(
    pyspiel: Any, hands: int, seed: int = 0, clock: Clock = time.perf_counter, chance: str = "outcomes"
) -> Timing:
    """OpenSpiel's ``spades`` driven as :func:`random_hands` drives ours,
    one hand per new game: ``state = game.new_initial_state()``, then
    while ``not state.is_terminal()``: at a chance node (its deal: 52 of
    them, one card each) ``rng.choice(state.chance_outcomes())[0]``
    (OpenSpiel's outcomes with their probabilities, all equal here), else
    ``rng.choice(state.legal_actions())``, applied with
    ``state.apply_action``.  An OpenSpiel game is one hand (52 deal steps,
    4 bids, 52 plays).  ``chance="legal"`` draws the chance nodes as the
    decisions, ``rng.choice(state.legal_actions())``: the cheapest loop,
    right only because the deal's outcomes are equally likely."""
    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choice = rng.choice
    new = game.new_initial_state
    if chance == "legal":
        start = clock()
        for _ in range(hands):
            state = new()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
        return Timing(hands, clock() - start)
    start = clock()
    for _ in range(hands):
        state = new()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
    return Timing(hands, clock() - start)


def _openspiel_positions(pyspiel: Any, count: int, seed: int) -> list[Any]:
    """Clones of OpenSpiel states at ``count`` random positions of play."""
    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    states: list[Any] = []
    while len(states) < count:
        state = game.new_initial_state()
        bids = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if bids >= 4:
                states.append(state.clone())
            else:
                bids += 1
            state.apply_action(rng.choice(state.legal_actions()))
    rng.shuffle(states)
    return states[:count]


def openspiel_legal_actions(pyspiel: Any, calls: int, seed: int = 0, clock: Clock = time.perf_counter) -> Timing:
    """OpenSpiel ``legal_actions()`` once on each of ``calls`` random
    positions of play."""
    states = _openspiel_positions(pyspiel, calls, seed)
    gc.collect()
    start = clock()
    for state in states:
        state.legal_actions()
    return Timing(len(states), clock() - start)


def openspiel_apply(pyspiel: Any, calls: int, seed: int = 0, clock: Clock = time.perf_counter) -> Timing:
    """OpenSpiel ``apply_action()`` once on each of ``calls`` random
    positions of play (each a clone made beforehand: OpenSpiel states
    change in place)."""
    states = _openspiel_positions(pyspiel, calls, seed)
    rng = random.Random(seed)
    pairs = [(state, rng.choice(state.legal_actions())) for state in states]
    gc.collect()
    start = clock()
    for state, action in pairs:
        state.apply_action(action)
    return Timing(len(pairs), clock() - start)


# ----------------------------------------------------------------------
# Documents: JSON state documents and record text.

DOCUMENT_WORKS = ("replay", "to_json", "state_from_json", "to_dict", "state_from_dict")
"""What :func:`time_documents` times for each state: ``replay`` is the
state's actions played again through ``apply`` (``new_game(rules, seed)``,
whose seed draws the chance steps, then ``state.apply(action)`` for each
other action: what a loader must at least do), the others are the
document calls of :mod:`spades.serial` on the state, its JSON text or its
dicts, all made before the clock starts."""


@dataclass(frozen=True)
class DocumentCase:
    """One state and what each document call needs, made beforehand."""

    state: GameState
    actions: tuple[Any, ...]
    """The actions of the state's game but the chance steps its seed draws."""
    text: str
    data: dict[str, Any]


def _document_case(state: GameState) -> DocumentCase:
    from spades import Deal, Replacement, Stock
    from spades.serial import to_dict, to_json

    chance = (Deal, Stock, Replacement)
    actions = tuple(a for a in spades.Record.of_state(state).actions if type(a) not in chance)
    return DocumentCase(state, actions, to_json(state), to_dict(state))


def hand_zero_states(count: int, seed: int = 0, rules: Rules | None = None) -> list[GameState]:
    """Every state of ``count`` random seeded hands 0 (partnership, random
    legal actions): from the new game, dealt and waiting for the first
    bid, to the state before the hand's last card (which scores the hand
    and deals the next)."""
    rules = Rules.partnership() if rules is None else rules
    rng = random.Random(seed)
    states: list[GameState] = []
    for game in range(count):
        state = new_game(rules, seed=seed + game)
        while not state.sheet:
            states.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return states


def whole_game_states(count: int, seed: int = 0, rules: Rules = WHOLE_GAME_RULES) -> list[GameState]:
    """The final states of ``count`` whole random seeded games under
    ``rules`` (by default :data:`WHOLE_GAME_RULES`)."""
    rng = random.Random(seed)
    finals = []
    for game in range(count):
        state = new_game(rules, seed=seed + game)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        finals.append(state)
    return finals


LONG_GAME_HANDS = 40
"""Hands of the long game of the document figures."""


def long_game_state(hands: int = LONG_GAME_HANDS, seed: int = 0) -> GameState:
    """The state of a seeded partnership game after ``hands`` random hands,
    under ``Rules(target=10_000)``, which random bids never reach: the
    document of a long game (a server's game of an evening)."""
    rng = random.Random(seed)
    state = new_game(Rules(target=10_000), seed=seed)
    while len(state.sheet) < hands:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def document_cases(states: list[GameState]) -> list[DocumentCase]:
    """The :class:`DocumentCase` of each state."""
    return [_document_case(state) for state in states]


def time_documents(cases: list[DocumentCase], work: str, clock: Clock = time.perf_counter) -> Timing:
    """One of :data:`DOCUMENT_WORKS` on every case, in turn: units are states."""
    from spades.serial import state_from_dict, state_from_json, to_dict, to_json

    start = clock()
    if work == "replay":
        for case in cases:
            state = new_game(case.state.rules, case.state.seed)
            for action in case.actions:
                state = state.apply(action)
    elif work == "to_json":
        for case in cases:
            to_json(case.state)
    elif work == "state_from_json":
        for case in cases:
            state_from_json(case.text)
    elif work == "to_dict":
        for case in cases:
            to_dict(case.state)
    elif work == "state_from_dict":
        for case in cases:
            state_from_dict(case.data)
    else:
        raise ValueError(f"unknown document work {work!r}")
    return Timing(len(cases), clock() - start)


RECORD_WORKS = ("replay", "to_text", "parse")
"""What :func:`time_records` times for each record, per hand: ``replay``
as in :data:`DOCUMENT_WORKS`; ``to_text`` is ``Record.to_text()`` of a
record made by ``Record.of_state`` (which knows its state, so nothing is
replayed); ``parse`` is ``Record.parse(text)``, which replays the actions
to check them."""


def time_records(records: list[tuple[Any, str, DocumentCase]], work: str, clock: Clock = time.perf_counter) -> Timing:
    """One of :data:`RECORD_WORKS` on every (record, text, case), in turn:
    units are hands (finished hands, and a hand in progress counts as one)."""
    hands = sum(len(case.state.sheet) + (not case.state.is_over) for _record, _text, case in records)
    start = clock()
    if work == "replay":
        for _record, _text, case in records:
            state = new_game(case.state.rules, case.state.seed)
            for action in case.actions:
                state = state.apply(action)
    elif work == "to_text":
        for record, _text, _case in records:
            record.to_text()
    elif work == "parse":
        for _record, text, _case in records:
            spades.Record.parse(text)
    else:
        raise ValueError(f"unknown record work {work!r}")
    return Timing(hands, clock() - start)


def openspiel_document_states(pyspiel: Any, count: int, seed: int = 0) -> tuple[Any, list[Any], list[Any]]:
    """OpenSpiel's ``spades``: the game, every state of ``count`` random
    episodes once the cards are dealt (bids and plays, as
    :func:`hand_zero_states` takes ours), and the final state of each (an
    OpenSpiel episode is one hand)."""
    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    states = []
    finals = []
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        finals.append(state)
    return game, states, finals


def time_openspiel_documents(game: Any, states: list[Any], work: str, clock: Clock = time.perf_counter) -> Timing:
    """OpenSpiel's ``state.serialize()`` (``work="serialize"``) or
    ``game.deserialize_state(text)`` (``"deserialize"``, the texts made
    beforehand) on every state, in turn."""
    if work == "serialize":
        start = clock()
        for state in states:
            state.serialize()
        return Timing(len(states), clock() - start)
    texts = [state.serialize() for state in states]
    deserialize = game.deserialize_state
    start = clock()
    for text in texts:
        deserialize(text)
    return Timing(len(texts), clock() - start)


DOCUMENT_CHUNKS = 20
"""Pieces each group of document figures is timed in (a game's states
apiece for hand 0): see :func:`measure_documents`."""


def _pieces(items: list[Any], count: int) -> list[list[Any]]:
    """``items`` cut into ``count`` pieces of nearly equal length, in order
    (fewer when there are fewer items)."""
    count = max(1, min(count, len(items)))
    return [items[len(items) * k // count : len(items) * (k + 1) // count] for k in range(count)]


def _best_of_rounds(
    works: dict[str, Callable[[int], Timing]], pieces: int, settings: Settings
) -> dict[str, dict[str, float]]:
    """Each work's time per unit, timed piece by piece: in each round every
    piece is run by every work in turn (the order turning from piece to
    piece), and each work's time is the sum over the pieces of its best
    time for that piece, after at least ``settings.repeats`` rounds (more
    for short groups, up to 50 or about ``settings.seconds``).  ``round_us``
    is the best whole round's instead (every piece, one round), and
    ``vs_replay``, ``round_vs_replay`` each over the replay's."""
    names = list(works)
    best = {work: [math.inf] * pieces for work in names}
    units = {work: [0] * pieces for work in names}
    best_round = dict.fromkeys(names, math.inf)
    rounds = max(1, settings.repeats)
    done = 0
    while done < rounds:
        gc.collect()
        totals = dict.fromkeys(names, 0.0)
        for piece in range(pieces):
            turn = (piece + done) % len(names)
            for work in names[turn:] + names[:turn]:
                timing = works[work](piece)
                totals[work] += timing.seconds
                units[work][piece] = timing.units
                best[work][piece] = min(best[work][piece], timing.seconds)
        for work in names:
            best_round[work] = min(best_round[work], totals[work])
        if done == 0:
            rounds = max(rounds, min(50, int(settings.seconds / max(sum(totals.values()), 1e-9))))
        done += 1
    result: dict[str, dict[str, float]] = {}
    for work in names:
        count = sum(units[work])
        result[work] = {"us": 1e6 * sum(best[work]) / count, "units": count, "round_us": 1e6 * best_round[work] / count}
    replay = result["replay"]
    for figures in result.values():
        figures["vs_replay"] = figures["us"] / replay["us"]
        figures["round_vs_replay"] = figures["round_us"] / replay["round_us"]
    return result


def measure_documents(settings: Settings, pyspiel: Any | None, clock: Clock) -> dict[str, Any]:
    """Microseconds per state of each document call at hand 0, for whole
    games' final states and for a long game, the record figures per hand,
    and OpenSpiel's beside them.  Each group is cut into
    :data:`DOCUMENT_CHUNKS` pieces, timed piece by piece, the calls taking
    turns (:func:`_best_of_rounds`): a burst of load on a shared machine
    then costs a call one piece's try, not a whole run."""
    count = settings.document_games
    hand_zero = _pieces(document_cases(hand_zero_states(count, settings.seed)), DOCUMENT_CHUNKS)
    games = _pieces(document_cases(whole_game_states(count, settings.seed)), DOCUMENT_CHUNKS)
    long_game = [document_cases([long_game_state(settings.long_game_hands, settings.seed)])]
    records = [
        [(spades.Record.of_state(c.state), spades.Record.of_state(c.state).to_text(), c) for c in piece]
        for piece in games
    ]
    groups: dict[str, tuple[int, dict[str, Callable[[int], Timing]]]] = {
        "hand_zero": (len(hand_zero), {w: (lambda i, w=w: time_documents(hand_zero[i], w, clock)) for w in DOCUMENT_WORKS}),  # type: ignore[misc]
        "whole_game": (len(games), {w: (lambda i, w=w: time_documents(games[i], w, clock)) for w in DOCUMENT_WORKS}),  # type: ignore[misc]
        "long_game": (1, {w: (lambda i, w=w: time_documents(long_game[i], w, clock)) for w in DOCUMENT_WORKS}),  # type: ignore[misc]
        "records": (len(records), {w: (lambda i, w=w: time_records(records[i], w, clock)) for w in RECORD_WORKS}),  # type: ignore[misc]
    }
    if pyspiel is not None:
        game, states, finals = openspiel_document_states(pyspiel, count, settings.seed)
        for name, chosen in (("hand_zero", states), ("whole_game", finals)):
            pieces, works = groups[name]
            theirs = _pieces(chosen, pieces)
            if len(theirs) != pieces:
                continue
            for work in ("serialize", "deserialize"):
                works[f"openspiel_{work}"] = (
                    lambda i, theirs=theirs, work=work: time_openspiel_documents(game, theirs[i], work, clock)  # type: ignore[misc]
                )
    result: dict[str, Any] = {name: _best_of_rounds(works, pieces, settings) for name, (pieces, works) in groups.items()}
    result["hand_zero"]["states"] = sum(map(len, hand_zero))
    result["whole_game"]["states"] = sum(map(len, games))
    result["long_game"]["states"] = 1
    result["long_game"]["hands"] = settings.long_game_hands
    result["records"]["hands"] = result["records"]["replay"]["units"]
    return result


# ----------------------------------------------------------------------
# Running.


@dataclass(frozen=True)
class Settings:
    """How long and how often to measure."""

    seconds: float = 2.0
    """Target time of all runs of one figure together."""
    repeats: int = 5
    """Timed runs per figure; the best is reported."""
    positions: int = 40_000
    """Positions per run for the legal_actions and apply figures."""
    memory_samples: int = 1000
    """Single applies measured for the per-state memory figure."""
    memory_games: int = 10
    """Whole games kept for the bytes-per-state figure."""
    seed: int = 0
    clock: str = "wall"
    """``"wall"`` (``time.perf_counter``) or ``"cpu"`` (``time.process_time``)."""
    openspiel: bool = True
    profile: bool = False
    document_games: int = 20
    """Hands 0 (every state of each) and whole games (their final states)
    for the document figures."""
    long_game_hands: int = LONG_GAME_HANDS
    """Hands of the long game of the document figures."""


Work = Callable[[int, int], Timing]
"""A measurement: ``work(units, seed)`` does ``units`` of work and times it."""


def _calibrate(work: Work, per_run: float, seed: int) -> int:
    """How many units of ``work`` take about ``per_run`` seconds."""
    probe = work(1, seed)
    units = 1
    while probe.seconds < min(0.05, per_run / 4) and units < 1 << 20:
        units *= 4
        probe = work(units, seed)
    return max(1, int(probe.rate * per_run))


def best_rates(works: dict[str, Work], seconds: float, repeats: int, seed: int = 0) -> dict[str, Timing]:
    """The best of ``repeats`` runs of each ``work(units, seed)``, with
    ``units`` sized so that all runs of one work together take about
    ``seconds``.  The works take turns, run by run, so that a change in the
    machine's load touches them all alike and their ratios stay fair."""
    per_run = seconds / max(1, repeats)
    units = {name: _calibrate(work, per_run, seed) for name, work in works.items()}
    best: dict[str, Timing] = {}
    for i in range(max(1, repeats)):
        for name, work in works.items():
            gc.collect()
            timing = work(units[name], seed + 1 + i * 7919)
            if name not in best or timing.rate > best[name].rate:
                best[name] = timing
    return best


def best_rate(work: Work, seconds: float, repeats: int, seed: int = 0) -> Timing:
    """The best of ``repeats`` runs of ``work(units, seed)``, with ``units``
    sized so that all runs together take about ``seconds``."""
    return best_rates({"work": work}, seconds, repeats, seed)["work"]


def best_fixed(works: dict[str, Work], units: int, repeats: int, seed: int = 0) -> dict[str, Timing]:
    """The best of ``repeats`` runs of each ``work(units, seed)`` (fresh
    seeds each run), the works taking turns as in :func:`best_rates`."""
    best: dict[str, Timing] = {}
    for i in range(max(1, repeats)):
        for name, work in works.items():
            gc.collect()
            timing = work(units, seed + i)
            if name not in best or timing.rate > best[name].rate:
                best[name] = timing
    return best


def profile_random_hands(rules: Rules, hands: int, top: int = 15, seed: int = 0) -> str:
    """A cProfile of the random-hands loop: the ``top`` functions by own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    random_hands(rules, hands, seed)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    lines = out.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines) if "ncalls" in line), 0)
    head = [line for line in lines[:start] if "function calls" in line]
    return "\n".join(head + lines[start:]).rstrip()


def _load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg()) + " (1, 5, 15 min, at the start)"
    except (AttributeError, OSError):
        return "unknown"


def phase_breakdown(rules: Rules, hands: int, seed: int = 0, clock: Clock = time.perf_counter) -> dict[str, float]:
    """Microseconds per hand spent in ``new_game`` (with the seeded deal),
    and in ``legal_actions()`` and ``apply()`` in each phase, over
    ``hands`` random hands played as in :func:`random_hands`, one per new
    game; each call timed on its own, so the clock's own cost inflates the
    small ones: read the shares, not the sums.  The apply that ends a hand
    (scoring it; the next hand is dealt only when it is read) is counted
    apart."""
    rng = random.Random(seed)
    spent: dict[str, float] = {}
    played = 0
    game = 0

    def add(key: str, value: float) -> None:
        spent[key] = spent.get(key, 0.0) + value

    while played < hands:
        start = clock()
        state = new_game(rules, seed=seed + game)
        add("new_game (deal)", clock() - start)
        game += 1
        while not state.sheet:
            phase = state.phase.name
            start = clock()
            actions = state.legal_actions()
            middle = clock()
            action = rng.choice(actions)
            before = clock()
            state = state.apply(action)
            end = clock()
            add(f"{phase} legal_actions()", middle - start)
            add("end of hand apply() (score)" if state.sheet else f"{phase} apply()", end - before)
        played += 1
    return {key: 1e6 * value / max(1, played) for key, value in sorted(spent.items(), key=lambda kv: -kv[1])}


def machine_info() -> dict[str, Any]:
    """Python, platform and CPU facts, and the engine's version and commit."""
    info: dict[str, Any] = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or "unknown",
        "cpu_count": os.cpu_count(),
        "load_average": _load_average(),
        "spades": spades.__version__,
        "commit": "unknown",
    }
    try:
        cpu = Path("/proc/cpuinfo").read_text()
        name = next((line.split(":", 1)[1].strip() for line in cpu.splitlines() if line.startswith("model name")), "")
        if name:
            info["processor"] = name
    except OSError:
        pass
    try:
        commit = subprocess.run(
            ["git", "-C", str(_ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(_ROOT), "status", "--porcelain", "--", "spades"], capture_output=True, text=True, check=True
        ).stdout.strip()
        info["commit"] = commit + (" (spades/ modified)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        pass
    return info


@dataclass
class Report:
    """Everything one run measured (rates per second, sizes in bytes)."""

    machine: dict[str, Any]
    settings: dict[str, Any]
    figures: dict[str, Any] = field(default_factory=dict)
    profile: str | None = None
    breakdown: dict[str, float] | None = None


def _progress(quiet: bool, text: str) -> None:
    if not quiet:
        print(f"  measuring {text} ...", file=sys.stderr, flush=True)


def run(settings: Settings, quiet: bool = False) -> Report:
    """Measure every figure under ``settings``."""
    info = machine_info()
    pyspiel = load_pyspiel() if settings.openspiel else None
    if pyspiel is not None:
        try:
            info["open_spiel"] = importlib.metadata.version("open-spiel")
        except importlib.metadata.PackageNotFoundError:
            info["open_spiel"] = "unknown"
    else:
        info["open_spiel"] = "pyspiel not installed" if settings.openspiel else "skipped"
    report = Report(info, asdict(settings))
    fig = report.figures
    s, n, seed = settings.seconds, settings.repeats, settings.seed
    partnership = Rules.partnership()
    clock = CLOCKS[settings.clock]

    def entry(timing: Timing) -> dict[str, float]:
        out = {"rate": timing.rate, "units": timing.units, "seconds": timing.seconds}
        if timing.hands:
            out["hands"] = timing.hands
        return out

    _progress(quiet, "random hands: ours, the floor" + (" and OpenSpiel, in turn" if pyspiel is not None else ""))
    like_label, like_rules = like_openspiel()
    info["like_openspiel"] = like_label
    works: dict[str, Work] = {
        "hands": lambda k, sd: random_hands(partnership, k, sd, clock),
        "hands_like_openspiel": lambda k, sd: random_hands(like_rules, k, sd, clock),
        "hands_per_game": lambda k, sd: random_hands(partnership, k, sd, clock, HANDS_PER_GAME),
        "hands_sampled": lambda k, sd: random_hands_sampled(partnership, k, sd, clock),
        "floor_hands": lambda k, sd: floor_hands(k, sd, clock),
        "rollout_hands": lambda k, sd: rollout_hands(partnership, k, sd, clock),
        "rollout_like_openspiel": lambda k, sd: rollout_hands(like_rules, k, sd, clock),
        "rollout_one_state": lambda k, sd: rollout_one_state(partnership, k, sd, clock),
    }
    if pyspiel is not None:
        works["openspiel_hands"] = lambda k, sd: openspiel_hands(pyspiel, k, sd, clock)
        works["openspiel_hands_legal"] = lambda k, sd: openspiel_hands(pyspiel, k, sd, clock, chance="legal")
    for name, timing in best_rates(works, s, n, seed).items():
        fig[name] = entry(timing)
    _progress(quiet, "whole games")
    fig["games"] = entry(best_rate(lambda k, sd: whole_games(WHOLE_GAME_RULES, k, sd, clock), s, n, seed))
    _progress(quiet, "legal_actions() and apply()" + (", ours and OpenSpiel's in turn" if pyspiel is not None else ""))
    calls: dict[str, Work] = {
        "legal_actions": lambda k, sd: time_legal_actions(partnership, k, sd, clock),
        "apply": lambda k, sd: time_apply(partnership, k, sd, clock),
    }
    if pyspiel is not None:
        calls["openspiel_legal_actions"] = lambda k, sd: openspiel_legal_actions(pyspiel, k, sd, clock)
        calls["openspiel_apply"] = lambda k, sd: openspiel_apply(pyspiel, k, sd, clock)
    for name, timing in best_fixed(calls, settings.positions, n, seed).items():
        fig[name] = entry(timing)
    _progress(quiet, "building and unpickling Rules")
    rules_works: dict[str, Work] = {
        "rules_partnership": lambda k, sd: time_rules(k, sd, clock),
        "rules_unpickle": lambda k, sd: time_rules_unpickle(k, sd, clock),
    }
    for name, timing in best_rates(rules_works, s, n, seed).items():
        fig[name] = entry(timing)
    _progress(quiet, "memory")
    fig["memory_game"] = memory_whole_game(WHOLE_GAME_RULES, settings.memory_games, seed)
    fig["memory_apply"] = memory_one_apply(partnership, settings.memory_samples, seed)
    _progress(quiet, "state documents and record text" + (", OpenSpiel's beside them" if pyspiel is not None else ""))
    fig["documents"] = measure_documents(settings, pyspiel, clock)
    _progress(quiet, "random hands of every preset, in turn")
    batch = preset_rules()
    reference = next((name for name, rules in batch.items() if rules == partnership), None)
    if reference is None:
        reference = "partnership()"
        batch[reference] = partnership
    preset_works: dict[str, Work] = {
        name: (lambda k, sd, rules=rules: random_hands(rules, k, sd, clock)) for name, rules in batch.items()  # type: ignore[misc]
    }
    presets = {name: entry(timing) for name, timing in best_rates(preset_works, s, n, seed).items()}
    for name in presets:
        presets[name]["vs_partnership"] = presets[reference]["rate"] / presets[name]["rate"]
    fig["presets"] = presets
    if settings.profile:
        _progress(quiet, "a profile of the random-hands loop")
        report.breakdown = phase_breakdown(partnership, max(20, int(fig["hands"]["rate"] * s / 4)), seed, clock)
        report.profile = profile_random_hands(partnership, max(50, int(fig["hands"]["rate"] * s / 2)), 15, seed)
    return report


# ----------------------------------------------------------------------
# Output.


def _rate(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.0f}/s"


def _us(rate: float | None) -> str:
    if not rate:
        return "-"
    return f"{1e6 / rate:,.1f} us"


def _check(ok: bool) -> str:
    return "met" if ok else "MISSED"


def _rows(report: Report) -> Iterator[tuple[str, str, str, str, str]]:
    fig = report.figures
    ours = fig["hands"]["rate"]
    floor = fig["floor_hands"]["rate"]
    os_hands = fig.get("openspiel_hands", {}).get("rate")
    os_ratio = f"ours/OpenSpiel {ours / os_hands:.2f}x" if os_hands else f"OpenSpiel: {report.machine['open_spiel']}"
    yield ("random hands (partnership), one per new game", _rate(ours), _rate(os_hands), _rate(floor), os_ratio)
    yield ("time per hand", _us(ours), _us(os_hands), _us(floor), f"ours/floor {floor / ours:.2f}x")
    plain = fig["hands_like_openspiel"]["rate"]
    plain_ratio = f"ours/OpenSpiel {plain / os_hands:.2f}x; " if os_hands else ""
    yield (
        f"random hands ({report.machine.get('like_openspiel', 'like OpenSpiel')}), one per new game",
        _rate(plain),
        _rate(os_hands),
        _rate(floor),
        plain_ratio + f"ours/floor {floor / plain:.2f}x",
    )
    ten = fig["hands_per_game"]["rate"]
    yield (
        f"random hands (partnership), {HANDS_PER_GAME} per game",
        _rate(ten),
        "-",
        _rate(floor),
        f"not OpenSpiel's work (no new game for 9 hands in 10); {ten / ours:.2f}x the one-per-game rate",
    )
    sampled = fig["hands_sampled"]["rate"]
    yield (
        "random hands (caller samples deal), one per new game",
        _rate(sampled),
        _rate(os_hands),
        _rate(floor),
        (f"ours/OpenSpiel {sampled / os_hands:.2f}x; " if os_hands else "") + f"ours/floor {floor / sampled:.2f}x",
    )
    cheap = fig.get("openspiel_hands_legal", {}).get("rate")
    if cheap:
        yield (
            "OpenSpiel, chance by rng.choice(legal_actions())",
            "-",
            _rate(cheap),
            "-",
            f"ours (partnership)/this {ours / cheap:.2f}x; ours ({report.machine.get('like_openspiel', '')})/this "
            f"{plain / cheap:.2f}x",
        )
    for key, label in (
        ("rollout_hands", "spades.rollout() hands (partnership)"),
        ("rollout_like_openspiel", f"spades.rollout() hands ({report.machine.get('like_openspiel', 'like OpenSpiel')})"),
        ("rollout_one_state", "spades.rollout() from one state"),
    ):
        if key in fig:
            rolled = fig[key]["rate"]
            yield (
                label,
                _rate(rolled),
                _rate(os_hands),
                _rate(floor),
                (f"ours/OpenSpiel {rolled / os_hands:.2f}x; " if os_hands else "")
                + f"time/floor {floor / rolled:.2f}x; vs step loop {rolled / ours:.2f}x",
            )
    games = fig["games"]
    yield (
        "whole games (losing_floor=-200)",
        _rate(games["rate"]),
        "-",
        "-",
        f"{games['hands'] / games['units']:.1f} hands/game, {games['rate'] * games['hands'] / games['units']:,.0f} hands/s",
    )
    for key, label in (("legal_actions", "legal_actions() calls"), ("apply", "apply() calls")):
        ours_calls = fig[key]["rate"]
        os_calls = fig.get(f"openspiel_{key}", {}).get("rate")
        ratio = f"ours/OpenSpiel {ours_calls / os_calls:.2f}x" if os_calls else "-"
        yield (label + " (play positions)", _rate(ours_calls), _rate(os_calls), "-", ratio)
    # Our legal cards are worked out by apply() with the state, OpenSpiel's
    # by legal_actions(): one of each is the fair unit.
    both = _per_move(fig["legal_actions"]["rate"], fig["apply"]["rate"])
    os_both = _per_move(fig.get("openspiel_legal_actions", {}).get("rate"), fig.get("openspiel_apply", {}).get("rate"))
    yield (
        "legal_actions() + apply() (play positions)",
        _rate(both),
        _rate(os_both),
        "-",
        f"ours/OpenSpiel {both / os_both:.2f}x" if both and os_both else "-",
    )
    for key, label in (("rules_partnership", "Rules.partnership() builds"), ("rules_unpickle", "Rules unpickled")):
        if key in fig:
            yield (label, _rate(fig[key]["rate"]), "-", "-", f"{_us(fig[key]['rate'])} each")
    memory = fig["memory_game"]
    yield (
        "bytes per kept state (whole game)",
        f"{memory['bytes_per_state']:,.0f} B",
        "-",
        "-",
        f"{memory['games']} games, {memory['states']} states, {memory['hands']} hands",
    )
    one = fig["memory_apply"]
    yield (
        "new state beyond predecessor (traced)",
        f"{one['traced_mean']:,.0f} B",
        "-",
        "-",
        f"mean of {one['samples']}; hand end {one['hand_end_traced_mean']:,.0f} B",
    )
    yield (
        "new state beyond predecessor (getsizeof)",
        f"{one['getsizeof_mean']:,.0f} B",
        "-",
        "-",
        f"max {one['getsizeof_max']:,} B; hand end {one['hand_end_getsizeof_mean']:,.0f} B",
    )
    for name, preset in fig["presets"].items():
        yield (f"random hands, preset {name}", _rate(preset["rate"]), "-", "-", f"time/partnership {preset['vs_partnership']:.2f}x")
    yield from _document_rows(fig.get("documents"))


def _document_rows(documents: dict[str, Any] | None) -> Iterator[tuple[str, str, str, str, str]]:
    """The rows of the document figures: microseconds per state (or per
    hand), and the time over the replay's."""
    if not documents:
        return
    labels = {"hand_zero": "hand 0, per state", "whole_game": "whole game's final state"}
    if "long_game" in documents:
        labels["long_game"] = f"{documents['long_game']['hands']}-hand game"
    calls = (("replay", "replay through apply", None), ("to_json", "to_json", "serialize"),
             ("state_from_json", "state_from_json", "deserialize"), ("to_dict", "to_dict", None),
             ("state_from_dict", "state_from_dict", None))
    for group, label in labels.items():
        figures = documents[group]
        for work, name, theirs in calls:
            ours = figures[work]
            other = figures.get(f"openspiel_{theirs}") if theirs else None
            note = (
                f"{ours['vs_replay']:.2f}x replay (best round {ours['round_vs_replay']:.2f}x)"
                if work != "replay" else f"{figures['states']} state(s)"
            )
            if other:
                note += f"; OpenSpiel {theirs}: {other['us']:,.1f} us"
            yield (f"document, {label}: {name}", f"{ours['us']:,.1f} us", f"{other['us']:,.1f} us" if other else "-", "-", note)
    records = documents["records"]
    for work, name in (("replay", "replay through apply"), ("to_text", "Record.to_text()"), ("parse", "Record.parse()")):
        ours = records[work]
        note = (
            f"{ours['vs_replay']:.2f}x replay (best round {ours['round_vs_replay']:.2f}x)"
            if work != "replay" else f"{records['hands']} hands"
        )
        yield (f"record, per hand: {name}", f"{ours['us']:,.1f} us", "-", "-", note)


def _per_move(legal: float | None, apply: float | None) -> float | None:
    """Moves per second when each costs one ``legal_actions()`` call and one
    ``apply()`` call, from the two rates."""
    if not legal or not apply:
        return None
    return 1 / (1 / legal + 1 / apply)


def _targets(report: Report) -> list[str]:
    fig = report.figures
    ours = fig["hands"]["rate"]
    lines = []
    os_hands = fig.get("openspiel_hands", {}).get("rate")
    if os_hands:
        ratio = ours / os_hands
        lines.append(f"  random hands (partnership) >= 1.3x OpenSpiel, same work: {ratio:.2f}x  {_check(ratio >= 1.3)}")
        plain = fig["hands_like_openspiel"]["rate"] / os_hands
        label = report.machine.get("like_openspiel", "like OpenSpiel")
        lines.append(f"  random hands ({label}) >= 1.3x OpenSpiel, same work: {plain:.2f}x  {_check(plain >= 1.3)}")
    else:
        lines.append(f"  random hands >= 1.3x OpenSpiel: not measured ({report.machine['open_spiel']})")
    slow = fig["floor_hands"]["rate"] / ours
    lines.append(f"  time per hand <= 3x the floor's: {slow:.2f}x  {_check(slow <= 3.0)}")
    if "rollout_hands" in fig:
        rolled = fig["rollout_hands"]["rate"]
        if os_hands:
            lines.append(f"  rollout() >= 2x OpenSpiel's hands/s: {rolled / os_hands:.2f}x  {_check(rolled >= 2 * os_hands)}")
        slow = fig["floor_hands"]["rate"] / rolled
        lines.append(f"  rollout() time per hand <= 1.5x the floor's: {slow:.2f}x  {_check(slow <= 1.5)}")
    size = fig["memory_apply"]["traced_mean"]
    lines.append(f"  a kept state <= 1 KiB beyond its predecessor: {size:,.0f} B  {_check(size <= 1024)}")
    worst_name, worst = max(((n, p["vs_partnership"]) for n, p in fig["presets"].items()), key=lambda x: x[1])
    lines.append(
        f"  every preset within 1.5x of partnership: slowest {worst_name} {worst:.2f}x  {_check(worst <= 1.5)}"
    )
    documents = fig.get("documents")
    if documents:
        for group, label in (("hand_zero", "hand 0"), ("whole_game", "whole game"), ("long_game", "long game")):
            figures = documents.get(group)
            if figures is None:
                continue
            for work, limit in (("state_from_json", 1.5), ("state_from_dict", 1.5), ("to_json", 0.5), ("to_dict", 0.5)):
                ratio = figures[work]["vs_replay"]
                lines.append(f"  {work} <= {limit}x replay ({label}): {ratio:.2f}x  {_check(ratio <= limit)}")
    return lines


def format_report(report: Report) -> str:
    """The results as a text table, the targets and the machine."""
    header = ("figure", "ours", "OpenSpiel", "floor", "ratio / notes")
    rows = [header, *_rows(report)]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    out = []
    for index, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [row[i].rjust(widths[i]) for i in (1, 2, 3)] + [row[4]]
        out.append("  ".join(cells).rstrip())
        if index == 0:
            out.append("  ".join("-" * w for w in widths) + "  " + "-" * 13)
    out.append("")
    out.append("Targets:")
    out.extend(_targets(report))
    out.append("")
    out.append("Whole games use Rules.partnership(losing_floor=-200): with random bids every contract")
    out.append("fails, so under the default rules a random game never reaches an end.")
    out.append("Our legal cards are worked out by apply() when it makes a state; legal_actions() hands")
    out.append("them out. OpenSpiel works them out in legal_actions(): compare the sum of the two.")
    out.append("")
    out.append("Machine:")
    for key, value in report.machine.items():
        out.append(f"  {key}: {value}")
    settings = report.settings
    out.append(
        f"  settings: best of {settings['repeats']} runs, about {settings['seconds']:g} s per figure, "
        f"{settings['positions']:,} positions per call figure, {settings['clock']} clock"
    )
    if report.breakdown:
        out.append("")
        out.append("Time per partnership random hand by phase (each call timed alone; read the shares):")
        total = sum(report.breakdown.values())
        for key, value in report.breakdown.items():
            out.append(f"  {key:32} {value:9,.1f} us  {100 * value / total:5.1f}%")
    if report.profile:
        out.append("")
        out.append("Profile of the partnership random-hands loop (top 15 by own time):")
        out.append(report.profile)
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """The command line: ``python benchmarks/run.py [--quick] [--seconds S] [--json [FILE]]``."""
    parser = argparse.ArgumentParser(description="Measure the speed and memory of the spades engine.")
    parser.add_argument("--quick", action="store_true", help="a rough run in well under 30 seconds")
    parser.add_argument("--seconds", type=float, help="time per figure, all its runs together (default 2, quick 0.3)")
    parser.add_argument("--repeats", type=int, help="timed runs per figure, best reported (default 5, quick 3)")
    parser.add_argument("--positions", type=int, help="positions per legal_actions/apply run (default 40000)")
    parser.add_argument("--seed", type=int, default=0, help="base seed of every random source (default 0)")
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="wall: time.perf_counter (default); cpu: time.process_time, steadier when other programs load the machine",
    )
    parser.add_argument("--no-openspiel", action="store_true", help="do not measure OpenSpiel even if installed")
    parser.add_argument("--profile", action="store_true", help="also profile the partnership random-hands loop")
    parser.add_argument(
        "--json", nargs="?", const="-", metavar="FILE", help="write the results as JSON to FILE (or stdout, no table)"
    )
    args = parser.parse_args(argv)
    quick = Settings(
        seconds=0.3, repeats=3, positions=5_000, memory_samples=200, memory_games=3, document_games=4, long_game_hands=10
    )
    base = quick if args.quick else Settings()
    settings = Settings(
        seconds=args.seconds if args.seconds is not None else base.seconds,
        repeats=args.repeats if args.repeats is not None else base.repeats,
        positions=args.positions if args.positions is not None else base.positions,
        memory_samples=base.memory_samples,
        memory_games=base.memory_games,
        document_games=base.document_games,
        long_game_hands=base.long_game_hands,
        seed=args.seed,
        clock=args.clock,
        openspiel=not args.no_openspiel,
        profile=args.profile,
    )
    if settings.seconds <= 0 or settings.repeats < 1 or settings.positions < 1:
        parser.error("--seconds, --repeats and --positions must be positive")
    report = run(settings, quiet=args.json == "-")
    if args.json == "-":
        print(json.dumps(asdict(report), indent=2))
        return 0
    if args.json:
        Path(args.json).write_text(json.dumps(asdict(report), indent=2) + "\n")
    print(format_report(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
