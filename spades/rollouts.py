"""Rollouts and simulations: the rest of a hand (or game) played out fast,
and many hands (or games) played out on as many cores as you have.

:func:`rollout` is the bulk entry point for search algorithms (Monte Carlo
tree search, flat Monte Carlo): from any state, it plays the rest of the
hand, or of the game, and tells how it ended.  Its random draws are defined
exactly: the result is the one of the step-by-step loop ::

    while <the hand (or game) is not over>:
        state = state.apply(policy(state, rng))

with ``policy`` :func:`spades.bots.random_action` by default
(``rng.choice(state.legal_actions())`` at each decision, as ``rng``'s class
draws it, over the legal actions in their order; ``state.sample_chance(rng)`` at a chance step of an
unseeded game, a seeded game drawing its own chance from its seed), and the
same ``rng``.  The default policy plays the tricks without making a state per
card, which is what makes it fast.

>>> import random
>>> from spades import Rules, new_game, rollout
>>> state = new_game(Rules.partnership(), seed=4)
>>> result = rollout(state, random.Random(1))
>>> sum(result.tricks), result.hands, result.state is None
(13, 1, True)
>>> loop, rng = state, random.Random(1)
>>> while not loop.sheet:
...     loop = loop.apply(rng.choice(loop.legal_actions()))
>>> result.tricks == loop.sheet[0].tricks and result.score == loop.sheet[0].result
True

:func:`simulate` plays many independent hands (or games), each from its own
seed derived from one ``seed`` and its index, so its results are the same
whatever runs it: one process, a process pool, or a Dask cluster.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, Literal, Protocol, overload

import attrs

from spades.actions import Action
from spades.bots import random_action
from spades.deal import SEED_LIMIT, check_number, check_rng, check_seed, seeded_bytes
from spades.errors import PER_SEAT_LIMIT, is_a, ArgumentError, ArgumentTypeError, RulesTypeError, read_bounded, short_repr, stopped, type_name
from spades.rules import Rules
from spades.scoring import HandScore, score_sides
from spades.state import GameState, Phase, bid_out, is_play, new_game, play_out

__all__ = ["Executor", "Policy", "RolloutResult", "SimulatedGame", "SimulatedHand", "rollout", "simulate", "simulation_seed"]

Policy = Callable[[GameState, random.Random], Action]
"""A player: ``policy(state, rng)`` is the action to apply to ``state``
(a chance step too, at the chance step of an unseeded game), drawn with
``rng`` only, such as :func:`spades.bots.random_action`."""

_UNTIL: Final = ("hand", "game")
# How CPython's random.Random draws rng.choice(seq): the fast path writes
# seq[rng._randbelow_with_getrandbits(len(seq))] out for a source that
# draws that way.
_RANDBELOW: Final = getattr(random.Random, "_randbelow_with_getrandbits", None)
_CHOICE: Final = random.Random.choice
_GETRANDBITS: Final = random.Random.getrandbits
_COUNT_LIMIT: Final = 10**9


def _ints(name: str, low: int, high: int) -> Callable[[Any, Any, Any], None]:
    """An attrs validator: a non-empty tuple of ints from ``low`` to ``high``."""

    def check(_instance: Any, _attribute: Any, value: Any) -> None:
        if type(value) is not tuple or not 0 < len(value) <= 4 or any(type(v) is not int for v in value):
            raise ArgumentTypeError(f"{name} is a tuple of one to four ints, got {type_name(value)}")
        if any(not low <= v <= high for v in value):
            raise ArgumentError(f"{name} holds ints from {low} to {high}, got {short_repr(value)}")

    return check


def _int(name: str, low: int, high: int) -> Callable[[Any, Any, Any], None]:
    """An attrs validator: an int from ``low`` to ``high``."""

    def check(_instance: Any, _attribute: Any, value: Any) -> None:
        if type(value) is not int:
            raise ArgumentTypeError(f"{name} is an int, got {type_name(value)}")
        if not low <= value <= high:
            raise ArgumentError(f"{name} is from {low} to {high}, got {short_repr(value)}")

    return check


def _score_or_state(kind: type[Any], name: str, optional: bool) -> Callable[[Any, Any, Any], None]:
    def check(_instance: Any, _attribute: Any, value: Any) -> None:
        if type(value) is not kind and not (optional and value is None):
            raise ArgumentTypeError(f"{name} is a {kind.__name__}{' or None' if optional else ''}, got {type_name(value)}")

    return check


_SCORE_BOUND: Final = 10**9


@attrs.frozen(slots=True, kw_only=True)
class RolloutResult:
    """How a :func:`rollout` ended.

    >>> import random
    >>> from spades import Rules, new_game, rollout
    >>> result = rollout(new_game(Rules.partnership(losing_floor=-200), seed=3), random.Random(3), until="game")
    >>> result.state.is_over, result.winner == result.state.winner, result.hands == len(result.state.sheet)
    (True, True, True)
    """

    tricks: tuple[int, ...] = attrs.field(validator=_ints("tricks", 0, 52))
    """Tricks won by each seat in the last hand played (C-8)."""
    score: HandScore = attrs.field(validator=_score_or_state(HandScore, "score", False))
    """The last hand's score: each side's result and running score."""
    hands: int = attrs.field(validator=_int("hands", 1, _SCORE_BOUND))
    """Hands finished by the rollout (1 for ``until="hand"``)."""
    state: GameState | None = attrs.field(default=None, validator=_score_or_state(GameState, "state", True))
    """For ``until="game"``, the finished game; ``None`` for a hand (the
    fast path never builds the state after it)."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's running score after the last hand."""
        return self.score.scores

    @property
    def winner(self) -> int | None:
        """The winning side after ``until="game"``, else ``None``."""
        return None if self.state is None else self.state.winner


def _check_state(state: object) -> GameState:
    if type(state) is not GameState:
        raise ArgumentTypeError(f"a rollout starts from a GameState, got {type_name(state)}")
    if state.is_over:
        raise ArgumentError("the game is over: there is nothing left to roll out")
    return state


def _check_until(until: object) -> bool:
    """True for a whole game."""
    if type(until) is not str:
        raise ArgumentTypeError(f"until is 'hand' or 'game', got {type_name(until)}")
    if until not in _UNTIL:
        raise ArgumentError(f"until is 'hand' or 'game', got {short_repr(until)}")
    return until == "game"


def rollout(
    state: GameState,
    rng: random.Random,
    policy: Policy | None = None,
    *,
    until: Literal["hand", "game"] = "hand",
) -> RolloutResult:
    """Play out the rest of the hand (``until="hand"``) or of the game
    (``until="game"``) from ``state`` and return how it ended.

    Every action is ``policy(state, rng)`` (at every step, chance steps of
    an unseeded game included); the default, ``None``, is
    :func:`spades.bots.random_action`, played without making a state per
    card.  The result is exactly that of the loop ``state =
    state.apply(policy(state, rng))`` with the same ``rng`` (see the module's
    documentation; a plain ``random.Random`` draws as its class draws, a
    method replaced on the object itself not consulted, as
    :func:`~spades.bots.random_action` says).  A whole game between random bidders may never end
    under rules without a losing floor (V-1): give such rules, or a policy
    that bids.  What the policy or ``rng`` raises reaches the caller as it
    is, but a :class:`StopIteration`, raised as a :class:`RuntimeError`
    from it (a loop or a ``map`` around the rollout would take it for its
    own end); an illegal action the policy returns raises
    :class:`~spades.IllegalActionError`.

    >>> import random
    >>> from spades import Rules, new_game, rollout
    >>> from spades.bots import simple_action
    >>> state = new_game(Rules.two_player(), seed=9)
    >>> rollout(state, random.Random(2), simple_action).tricks == rollout(state, random.Random(2), simple_action).tricks
    True
    >>> rollout(state, random.Random(2), until="set")
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: until is 'hand' or 'game', got 'set'
    """
    state = _check_state(state)
    rng = check_rng(rng, "a rollout")
    if policy is not None and not callable(policy):
        raise ArgumentTypeError(f"a policy is a function (state, rng) -> action, got {type_name(policy)}")
    whole_game = _check_until(until)
    hands = 0
    if policy is None:
        policy = random_action
    kind = type(rng)
    if (policy is not random_action or kind.choice is not _CHOICE or getattr(kind, "_randbelow", None) is not _RANDBELOW
            or kind.getrandbits is not _GETRANDBITS):
        # A policy of the caller's, or a source that draws its own way (a
        # subclass with a random(), choice() or getrandbits() of its own,
        # each draw checked by the players): the loop itself.
        try:
            while True:
                done = len(state.sheet)
                while len(state.sheet) == done:
                    state = state.apply(policy(state, rng))
                hands += 1
                if state.is_over or not whole_game:
                    return _result(state, hands, whole_game)
        except StopIteration as stop:
            raise stopped(stop) from stop
    getrandbits = rng.getrandbits
    while True:
        while not is_play(state):
            if state.phase is Phase.BID and not state.rules.is_draft:
                state = bid_out(state, getrandbits)
            else:
                # The draft, its bidding, the exchanges and the chance steps,
                # one at a time: drawn by the loop's own policy.
                state = state.apply(random_action(state, rng))
        hands += 1
        if not whole_game:
            _after, _won, tricks = play_out(state, getrandbits, keep_log=False)
            rules = state.rules
            bids = state.bids
            score = score_sides(bids, tricks, rules, state.scores, state.bags)  # type: ignore[arg-type]
            return _hand_result(tricks, score)
        after, _won, _tricks = play_out(state, getrandbits, keep_log=True)
        assert after is not None
        state = after
        if state.is_over:
            return _result(state, hands, True)


_new_result = object.__new__
_FIELDS: Final = tuple(getattr(RolloutResult, f.name).__set__ for f in attrs.fields(RolloutResult))


def _hand_result(tricks: tuple[int, ...], score: HandScore) -> RolloutResult:
    """``RolloutResult(tricks=tricks, score=score, hands=1)`` of values made
    here, without re-checking them (the result of every fast rollout)."""
    result: RolloutResult = _new_result(RolloutResult)
    set_tricks, set_score, set_hands, set_state = _FIELDS
    set_tricks(result, tricks)
    set_score(result, score)
    set_hands(result, 1)
    set_state(result, None)
    return result


def _result(state: GameState, hands: int, whole_game: bool) -> RolloutResult:
    last = state.sheet[-1]
    return RolloutResult(tricks=last.tricks, score=last.result, hands=hands, state=state if whole_game else None)


# ----------------------------------------------------------------------
# Simulations.


@attrs.frozen(slots=True)
class SimulatedHand:
    """One hand of :func:`simulate`: hand 0 of a game of its own.

    >>> from spades import SimulatedHand
    >>> SimulatedHand(seed=5, tricks=(3, 4, 2, 4), points=(-70, 81))
    SimulatedHand(seed=5, tricks=(3, 4, 2, 4), points=(-70, 81))
    """

    seed: int = attrs.field(validator=_int("seed", 0, SEED_LIMIT - 1))
    """The game's seed (:func:`simulation_seed`); ``random.Random(seed)``
    drew the players' choices."""
    tricks: tuple[int, ...] = attrs.field(validator=_ints("tricks", 0, 52))
    """Tricks won by each seat."""
    points: tuple[int, ...] = attrs.field(validator=_ints("points", -_SCORE_BOUND, _SCORE_BOUND))
    """Each side's points for the hand (its score after it, the game being
    new)."""


@attrs.frozen(slots=True)
class SimulatedGame:
    """One whole game of :func:`simulate`.

    >>> from spades import SimulatedGame
    >>> SimulatedGame(seed=5, hands=7, scores=(-210, 160), winner=1).winner
    1
    """

    seed: int = attrs.field(validator=_int("seed", 0, SEED_LIMIT - 1))
    """The game's seed (:func:`simulation_seed`); ``random.Random(seed)``
    drew the players' choices."""
    hands: int = attrs.field(validator=_int("hands", 1, _SCORE_BOUND))
    """Hands played."""
    scores: tuple[int, ...] = attrs.field(validator=_ints("scores", -_SCORE_BOUND, _SCORE_BOUND))
    """Each side's final score."""
    winner: int = attrs.field(validator=_int("winner", 0, 3))
    """The winning side (S-9)."""


def simulation_seed(seed: int, index: int) -> int:
    """The seed of the game of number ``index`` of :func:`simulate` with
    ``seed``: the first 8 bytes, little-endian, of
    ``spades.deal.seeded_bytes(seed, index, "simulate")``.

    >>> from spades import simulation_seed
    >>> simulation_seed(1, 0) == simulation_seed(1, 0) != simulation_seed(1, 1)
    True
    """
    check_number(index, "a game's number")
    return int.from_bytes(seeded_bytes(seed, index, "simulate")(8), "little")


class _Seats:
    """A policy that asks each seat's own player (picklable when they are)."""

    __slots__ = ("players",)

    def __init__(self, players: tuple[Policy, ...]) -> None:
        self.players = players

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        turn = state.turn
        return self.players[turn](state, rng) if turn is not None else random_action(state, rng)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Seats, (self.players,))


# One chunk of work: (rules, seed, start, stop, policy or None, whole games).
_Chunk = tuple[Rules, int, int, int, "Policy | None", bool]


def _simulate_chunk(chunk: _Chunk) -> tuple[tuple[Any, ...], ...]:
    """The rows of games ``start .. stop - 1``, as plain tuples (what a
    worker sends back)."""
    rules, seed, start, stop, policy, whole_games = chunk
    until: Literal["hand", "game"] = "game" if whole_games else "hand"
    rows: list[tuple[Any, ...]] = []
    for index in range(start, stop):
        game_seed = simulation_seed(seed, index)
        result = rollout(new_game(rules, seed=game_seed), random.Random(game_seed), policy, until=until)
        if whole_games:
            rows.append((game_seed, result.hands, result.scores, result.winner))
        else:
            rows.append((game_seed, result.tricks, result.score.points))
    return tuple(rows)


class Executor(Protocol):
    """Anything with ``map(function, iterable)`` that returns the results in
    order: a :mod:`concurrent.futures` executor, a :mod:`multiprocessing`
    pool, a Dask ``Client.get_executor()``."""

    def map(self, fn: Callable[..., Any], iterable: Iterable[Any], /) -> Iterable[Any]: ...


class _Unstopped:
    """``function``, a :class:`StopIteration` it raises (a player's, say)
    raised as a :class:`RuntimeError`: a map would take it for the end of
    its results, and the games would seem lost by the executor (the
    reasoning of PEP 479, for generators).  Picklable when ``function`` is."""

    def __init__(self, function: Callable[[Any], tuple[tuple[Any, ...], ...]]) -> None:
        self.function = function

    def __call__(self, chunk: Any) -> tuple[tuple[Any, ...], ...]:
        try:
            return self.function(chunk)
        except StopIteration as stop:
            raise stopped(stop) from stop


def executed(
    executor: Executor | None, function: Callable[[Any], tuple[tuple[Any, ...], ...]], chunks: Iterable[Any],
    total: int, size: int, width: int, head: Callable[[int], tuple[Any, ...]],
) -> Iterator[tuple[tuple[Any, ...], ...]]:
    """``function`` over ``chunks``, by ``executor.map`` (``None``: in this
    process), each result as it comes, checked for what a caller's executor
    may get wrong (internal: for :func:`simulate` and
    :func:`spades.match.play_match`): ``total`` rows in all, one result per
    chunk, in order, each a tuple of ``size`` rows (the last one: what is
    left), each row a tuple of ``width`` values that begins with
    ``head(n)``, ``n`` its number among all the rows (what names its game).
    Anything else raises :class:`~spades.ArgumentError` naming the
    executor, never a silently wrong count of rows."""
    chunks_count = -(-total // size)
    guarded = _Unstopped(function)
    parts = map(guarded, chunks) if executor is None else executor.map(guarded, chunks)
    name = "the work" if executor is None else f"{type_name(executor)}.map"
    try:
        results = iter(parts)
    except TypeError:
        raise ArgumentError(f"{name} returned {type_name(parts)}, not the results of the chunks") from None
    done = rows = 0
    for part in results:
        if done == chunks_count:
            raise ArgumentError(f"{name} returned more results than the {chunks_count} chunk(s) of work it was given")
        expected_rows = min(size, total - rows)
        if type(part) is not tuple or len(part) != expected_rows or not all(
            type(row) is tuple and len(row) == width for row in part
        ):
            raise ArgumentError(f"{name} returned {short_repr(part, 60)} for chunk {done}, not the {expected_rows} "
                                f"row(s) of its games (a map must return each call's result, in order)")
        for row in part:
            expected = head(rows)
            if row[: len(expected)] != expected:
                raise ArgumentError(f"{name} returned row {rows} of another game ({short_repr(row, 60)}): a map must "
                                    f"return each call's result, in order")
            rows += 1
        done += 1
        yield part
    if done != chunks_count:
        raise ArgumentError(f"{name} returned {done} result(s) for the {chunks_count} chunk(s) of work it was given")


def _count(value: object, name: str, low: int = 0) -> int:
    if type(value) is not int:
        raise ArgumentTypeError(f"{name} is an int, got {type_name(value)}")
    if not low <= value <= _COUNT_LIMIT:
        raise ArgumentError(f"{name} is from {low} to {_COUNT_LIMIT:,}, got {short_repr(value)}")
    return value


@overload
def simulate(
    rules: Rules,
    hands: int,
    *,
    games: None = None,
    seed: int,
    players: Sequence[Policy] | None = None,
    executor: Executor | None = None,
    chunk_size: int | None = None,
) -> tuple[SimulatedHand, ...]: ...


@overload
def simulate(
    rules: Rules,
    hands: None = None,
    *,
    games: int,
    seed: int,
    players: Sequence[Policy] | None = None,
    executor: Executor | None = None,
    chunk_size: int | None = None,
) -> tuple[SimulatedGame, ...]: ...


def simulate(
    rules: Rules,
    hands: int | None = None,
    *,
    games: int | None = None,
    seed: int,
    players: Sequence[Policy] | None = None,
    executor: Executor | None = None,
    chunk_size: int | None = None,
) -> tuple[SimulatedHand, ...] | tuple[SimulatedGame, ...]:
    """Play ``hands`` independent hands, or ``games`` whole games (give one
    of the two), and return one compact row each, in index order.

    Game ``i`` is ``new_game(rules, seed=s)`` with ``s =
    simulation_seed(seed, i)``, played by :func:`rollout` with
    ``random.Random(s)``: a hand is that game's first hand
    (:class:`SimulatedHand`), a game is played to its end
    (:class:`SimulatedGame`; use rules with a losing floor, or players that
    bid, else random games may never end).  ``players`` gives one policy per
    seat (default: :func:`spades.bots.random_action` for all).  What a
    policy raises reaches the caller as it is (a policy that returns an
    illegal action gets :class:`~spades.IllegalActionError`).

    ``executor`` runs the work: anything with ``map(function, iterable)``
    (a :class:`concurrent.futures.ProcessPoolExecutor`, a
    :class:`multiprocessing.pool.Pool`, a Dask ``Client.get_executor()``);
    ``None`` plays in this process.  The work goes out in chunks of
    ``chunk_size`` games (default: about 32 chunks, at most 1,000 games each)
    as the rules and a range of indexes, and comes back as plain tuples, so
    the players must be picklable (functions of a module).  The rows are the
    same whatever the executor and the chunk size.  What the executor
    returns is checked (one tuple of rows per chunk, in order, each row of
    its own game: else :class:`~spades.ArgumentError` naming it); what its
    ``map`` raises, or a worker raises through it, reaches the caller as
    it is.

    >>> from spades import Rules, simulate
    >>> rows = simulate(Rules.partnership(), hands=3, seed=1)
    >>> len(rows), all(sum(row.tricks) == 13 for row in rows)
    (3, True)
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     simulate(Rules.partnership(), hands=3, seed=1, executor=pool, chunk_size=1) == rows
    True
    >>> [row.winner in (0, 1) for row in simulate(Rules.partnership(losing_floor=-200), games=2, seed=1)]
    [True, True]
    """
    if not is_a(rules, Rules):
        raise RulesTypeError(f"simulate needs a Rules value, got {type_name(rules)}")
    if (hands is None) == (games is None):
        raise ArgumentError("simulate plays hands=N or games=N: give one of them")
    count = _count(hands if games is None else games, "hands" if games is None else "games")
    check_seed(seed)
    policy: Policy | None = None
    if players is not None:
        players = read_bounded(players, PER_SEAT_LIMIT, ArgumentError, "players is a sequence of policies, one a seat, got {got}",
                               f"players: give {rules.players} policies, one a seat", ArgumentTypeError)
        if len(players) != rules.players:
            raise ArgumentError(f"players: give {rules.players} policies, one a seat, not {len(players)}")
        if not all(callable(player) for player in players):
            raise ArgumentTypeError("each player is a function (state, rng) -> action")
        policy = _Seats(tuple(players))
    if executor is not None and not callable(getattr(type(executor), "map", None)):
        raise ArgumentTypeError(f"an executor has a map(function, iterable) method, got {type_name(executor)}")
    if chunk_size is None:
        size = max(1, min(1000, math.ceil(count / 32)))
    else:
        size = _count(chunk_size, "chunk_size", 1)
    whole_games = games is not None
    chunks = [(rules, seed, start, min(count, start + size), policy, whole_games) for start in range(0, count, size)]
    width = 4 if whole_games else 3
    parts = executed(executor, _simulate_chunk, chunks, count, size, width, lambda index: (simulation_seed(seed, index),))
    rows = [row for part in parts for row in part]
    for row in rows:
        if not _fits(row, rules, whole_games):
            name = "the work" if executor is None else f"{type_name(executor)}.map"
            raise ArgumentError(f"{name} returned {short_repr(row, 60)}: not the row of a "
                                f"{'game' if whole_games else 'hand'} under these rules (P-1, T-1, V-10, C-8, S-9)")
    if whole_games:
        return tuple(SimulatedGame(*row) for row in rows)
    return tuple(SimulatedHand(*row) for row in rows)


def _fits(row: tuple[Any, ...], rules: Rules, whole_game: bool) -> bool:
    """Whether ``row`` (its seed checked already) can be what
    :func:`_simulate_chunk` makes under ``rules``: a hand's tricks, one
    count a seat, making a hand (C-8), and points, one a side; a game's
    hands, scores one a side, and a winning side (S-9)."""
    def numbers(value: object, length: int, low: int, high: int) -> bool:
        return type(value) is tuple and len(value) == length and all(
            type(each) is int and low <= each <= high for each in value)

    sides = len(rules.sides)
    if whole_game:
        _seed, hands, scores, winner = row
        return (type(hands) is int and 1 <= hands <= _SCORE_BOUND and numbers(scores, sides, -_SCORE_BOUND, _SCORE_BOUND)
                and type(winner) is int and 0 <= winner < sides)
    _seed, tricks, points = row
    return (numbers(tricks, rules.players, 0, rules.hand_size) and sum(tricks) == rules.hand_size
            and numbers(points, sides, -_SCORE_BOUND, _SCORE_BOUND))
