"""Matches between players: duplicate deals, win rates and points per hand
with 95% confidence intervals, on as many cores as you like.

:func:`play_match` pits players (functions ``player(view, rng) -> action``
of a :class:`~spades.SeatView` and a :class:`random.Random`, such as the
bots of :mod:`spades.bots`) against each other, one player a side.  Luck
cancels out by *duplicate deals*: each deal is played once with each player
in each side's seats.  With two sides (partnership, two-player Spades) each
deal is played twice, the second time with the players' seats swapped; with
more sides (cutthroat) the players are rotated one side along each time, so
a deal is played as many times as there are sides.  The deals of a game
come from its seed (every hand of a seeded game is a function of the seed
and the hand's number, see :mod:`spades.deal`), so the games of one deal
get the same cards hand for hand, for as long as both last.

>>> from spades.match import play_match
>>> from spades import Rules
>>> def first_legal(view, rng):
...     return view.legal_actions[0]
>>> def any_legal(view, rng):
...     return rng.choice(list(view.legal_actions))
>>> result = play_match([first_legal, any_legal], Rules.partnership(losing_floor=-200), games=4, seed=1)
>>> result.games, result.deals, [player.name for player in result.players]
(4, 2, ['first_legal', 'any_legal'])
>>> sum(player.wins for player in result.players) + result.unfinished
4

The result is the same for the same seed whatever runs the games (this
process, a thread pool, a process pool), as long as the players are: each
game's deal and each seat's random source come from the match's seed and
the game's number only.  Only the timings (:attr:`PlayerResult.seconds_per_move`,
:attr:`MatchResult.seconds`) differ from run to run; they take no part in
comparisons.
"""

from __future__ import annotations

import math
import random
import time
from array import array
from collections import deque
from collections.abc import Callable, Generator, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

import attrs

from spades.bots import Bot, ask_seat
from spades.deal import check_number, check_seed, seeded_bytes
from spades.errors import (
    PER_SEAT_LIMIT, is_a, ArgumentError, ArgumentTypeError, RulesTypeError, read_bounded, short_repr, type_name, check_flags,
)
from spades.rollouts import Executor, executed
from spades.rules import Rules
from spades.state import new_game

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

__all__ = ["PlayerResult", "MatchResult", "play_match", "wilson_interval", "mean_interval", "match_seeds"]

Z_95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

GAMES_LIMIT: Final = 10**7
"""The most games one :func:`play_match` plays (and one more than the
highest deal number)."""
HANDS_LIMIT: Final = 10**5
"""The most hands one game of :func:`play_match` may last (``max_hands``)."""
WORKERS_LIMIT: Final = 1024
"""The most worker processes :func:`play_match` starts (``workers``)."""


_MOST_GAMES: Final = 2**53  # a count a float holds exactly
_MOST_VALUES: Final = 10**7  # of a sequence other than a list or a tuple, read into one
_LARGEST: Final = 10**100  # values whose squares and sums stay far from a float's limit


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate: ``wins`` out of ``games``,
    95% by default (``(0.0, 1.0)`` when no game was played).

    >>> low, high = wilson_interval(95, 100)
    >>> round(low, 3), round(high, 3)
    (0.888, 0.978)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> wilson_interval(0, 10)[0], wilson_interval(10, 10)[1]
    (0.0, 1.0)
    """
    if type(wins) is not int or type(games) is not int:
        raise ArgumentTypeError(f"wins and games are ints, got {type_name(wins)} and {type_name(games)}")
    if not 0 <= wins <= games <= _MOST_GAMES:
        raise ArgumentError(
            f"wins are from 0 to the games played (at most 2**53), got {short_repr(wins)} of {short_repr(games)}"
        )
    z = _check_z(z)
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    square = z * z
    centre = (rate + square / (2 * games)) / (1 + square / games)
    half = z / (1 + square / games) * math.sqrt(rate * (1 - rate) / games + square / (4 * games * games))
    # No wins: the interval starts at 0 exactly, and every game won: it ends
    # at 1 exactly (the formula gives both, up to rounding: 5.6e-17).
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


def _check_z(z: object) -> float:
    """``z``, a number (an ``int`` or a ``float``, not a ``bool``) from 0 to 10
    exclusive, as a ``float``."""
    if type(z) not in (int, float):
        raise ArgumentTypeError(f"z is a number from 0 to 10, got {short_repr(z)}")
    if not 0 < cast(float, z) < 10:  # a NaN is not either
        raise ArgumentError(f"z is a number from 0 to 10, got {short_repr(z)}")
    return float(cast(float, z))


def mean_interval(values: Sequence[float], z: float = Z_95) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval by the normal
    approximation: ``(mean, low, high)`` with ``mean ± z·s/√n`` (``s`` the
    sample standard deviation); the interval is infinite with fewer than two
    values.

    >>> mean_interval([1.0, 2.0, 3.0])
    (2.0, 0.868..., 3.131...)
    >>> mean_interval([5.0])
    (5.0, -inf, inf)
    """
    if type(values) not in (list, tuple):  # any other sequence: its items, read once
        values = read_bounded(values, _MOST_VALUES, ArgumentError, "values is a sequence of numbers, got {got}",
                              f"values: at most {_MOST_VALUES:,} of them", ArgumentTypeError)
    if not all(type(v) in (int, float) for v in values):
        raise ArgumentTypeError("values is a sequence of numbers (ints or floats)")
    if not all(-_LARGEST <= v <= _LARGEST for v in values):  # a NaN is no number from one to the other
        raise ArgumentError("values are finite numbers of at most 10**100 in size")
    if not values:
        raise ArgumentError("the mean of no values is undefined")
    z = _check_z(z)
    return _interval(values, z)


def _interval(values: Sequence[float], z: float) -> tuple[float, float, float]:
    """:func:`mean_interval` of values already checked (a list, a tuple or
    an ``array('d')``)."""
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return (mean, -math.inf, math.inf)
    variance = math.fsum((v - mean) * (v - mean) for v in values) / (count - 1)
    half = z * math.sqrt(variance / count)
    return (mean, mean - half, mean + half)


def match_seeds(seed: int, deal: int, rules: Rules) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The seeds of deal number ``deal`` of a match with ``seed`` under
    ``rules``: the game's seed (each game of the deal is ``new_game(rules,
    seed=that)``) and, for each game of the deal (one per side) and each
    seat, the seed of the ``random.Random`` the seat's player draws with.
    Each is the first 8 bytes, little-endian, of
    ``spades.deal.seeded_bytes(seed, deal, step)``, with step ``"match"``
    for the game and ``"match/GAME/SEAT"`` for a seat.

    >>> from spades import Rules
    >>> game, seats = match_seeds(1, 0, Rules.partnership())
    >>> len(seats), len(seats[0]), game == match_seeds(1, 0, Rules.partnership())[0] != match_seeds(1, 1, Rules.partnership())[0]
    (2, 4, True)
    """
    check_seed(seed)
    check_number(deal, "a deal's number", GAMES_LIMIT)
    if not is_a(rules, Rules):
        raise RulesTypeError(f"match_seeds needs a Rules value, got {type_name(rules)}")

    def draw(step: str) -> int:
        return int.from_bytes(seeded_bytes(seed, deal, step)(8), "little")

    return draw("match"), tuple(
        tuple(draw(f"match/{game}/{seat}") for seat in range(rules.players)) for game in range(len(rules.sides))
    )


def _of_type(kind: type, what: str) -> Any:
    """An attrs validator: a value of exactly ``kind`` (an ``ArgumentTypeError`` else)."""

    def check(_instance: Any, attribute: Any, value: Any) -> None:
        if type(value) is not kind:
            raise ArgumentTypeError(f"{attribute.name} is {what}, got {type_name(value)}")

    return check


def _pair(_instance: Any, attribute: Any, value: Any) -> None:
    if type(value) is not tuple or len(value) != 2 or any(type(v) is not float for v in value):
        raise ArgumentTypeError(f"{attribute.name} is a (low, high) pair of floats, got {type_name(value)}")


_COUNT = _of_type(int, "an int")
_REAL = _of_type(float, "a float")


@attrs.frozen(slots=True, kw_only=True)
class PlayerResult:
    """How one player of a :func:`play_match` did.

    >>> from spades.match import PlayerResult
    >>> PlayerResult(name="simple", games=10, wins=7, win_interval=(0.397, 0.892), points_per_hand=12.5,
    ...              points_interval=(3.1, 21.9), moves=1300, seconds_per_move=0.0001).win_rate
    0.7
    """

    name: str = attrs.field(validator=_of_type(str, "a str"))
    """The player's name (its function's ``__name__`` unless named)."""
    games: int = attrs.field(validator=_COUNT)
    """Games it played."""
    wins: int = attrs.field(validator=_COUNT)
    """Games its side won (S-9)."""
    win_interval: tuple[float, float] = attrs.field(validator=_pair)
    """The 95% Wilson score interval of its win rate (:func:`wilson_interval`)."""
    points_per_hand: float = attrs.field(validator=_REAL)
    """The mean points its side scored per hand: each game's final score
    divided by the game's hands, averaged over the games."""
    points_interval: tuple[float, float] = attrs.field(validator=_pair)
    """The 95% interval of :attr:`points_per_hand` (:func:`mean_interval`
    over the deals: the games of one deal are averaged first, since they
    share their cards and are not independent)."""
    moves: int = attrs.field(validator=_COUNT)
    """Moves it made (bids, draft choices, exchanges and cards)."""
    seconds_per_move: float = attrs.field(eq=False, validator=_REAL)
    """The mean time one of its moves took (its own thinking, the view
    included); not compared."""

    @property
    def win_rate(self) -> float:
        """The share of its games its side won."""
        return self.wins / self.games if self.games else 0.0


def _players(_instance: Any, _attribute: Any, value: Any) -> None:
    if type(value) is not tuple or any(type(player) is not PlayerResult for player in value):
        raise ArgumentTypeError(f"players is a tuple of PlayerResult values, got {type_name(value)}")


@attrs.frozen(slots=True, kw_only=True)
class MatchResult:
    """The result of :func:`play_match`: one :class:`PlayerResult` per
    player, in the order the players were given.

    >>> from spades import Rules
    >>> from spades.match import play_match
    >>> def first_legal(view, rng):
    ...     return view.legal_actions[0]
    >>> result = play_match([first_legal, first_legal], Rules.two_player(losing_floor=-100), games=2, seed=3)
    >>> print(result.table())  # doctest: +ELLIPSIS
    player          games  win rate (95% CI)        points/hand (95% CI)       ms/move
    first_legal         2  ...
    first_legal         2  ...
    """

    rules: Rules = attrs.field(validator=_of_type(Rules, "a Rules value"))
    """The rules of every game."""
    seed: int = attrs.field(validator=_COUNT)
    """The match's seed (:func:`match_seeds`)."""
    games: int = attrs.field(validator=_COUNT)
    """Games played: :attr:`deals` times the number of sides."""
    deals: int = attrs.field(validator=_COUNT)
    """Deals played, each once per side with the players rotated."""
    hands: int = attrs.field(validator=_COUNT)
    """Hands played in all the games."""
    unfinished: int = attrs.field(validator=_COUNT)
    """Games stopped after ``max_hands`` hands without a winner (won by no one)."""
    players: tuple[PlayerResult, ...] = attrs.field(validator=_players)
    """Each player's result."""
    seconds: float = attrs.field(eq=False, validator=_REAL)
    """The match's wall-clock time; not compared."""

    def table(self) -> str:
        """The results as a plain text table: each player's games, win rate
        with its 95% interval, points per hand with its interval, and
        milliseconds per move."""
        lines = [f"{'player':<15} {'games':>5}  {'win rate (95% CI)':<23}  {'points/hand (95% CI)':<25}  {'ms/move':>7}"]
        for player in self.players:
            low, high = player.win_interval
            plow, phigh = player.points_interval
            rate = f"{player.win_rate:6.1%} ({low:.1%}-{high:.1%})"
            spread = f"({plow:+.1f} to {phigh:+.1f})" if math.isfinite(plow) else "(one deal: none)"
            points = f"{player.points_per_hand:+7.1f} {spread}"
            lines.append(f"{player.name[:15]:<15} {player.games:>5}  {rate:<23}  {points:<25}  "
                         f"{player.seconds_per_move * 1000:7.2f}")
        if self.unfinished:
            lines.append(f"({self.unfinished} of {self.games} games unfinished after the hand limit: won by no one)")
        return "\n".join(lines)


# One chunk of work: (rules, seed, first deal, stop, players, max hands, sealed).
_Chunk = tuple[Rules, int, int, int, tuple[Bot, ...], int, bool]
# One game's row: (deal, rotation, the game's seed, winning side or -1, hands, final scores,
# moves of each player, seconds of each player).
_Row = tuple[int, int, int, int, int, tuple[int, ...], tuple[int, ...], tuple[float, ...]]


def _play_chunk(chunk: _Chunk) -> tuple[_Row, ...]:
    """The games of deals ``start .. stop - 1``, as plain tuples (what a
    worker sends back)."""
    rules, seed, start, stop, players, max_hands, sealed = chunk
    sides = rules.sides
    count = len(sides)
    clock = time.perf_counter
    rows: list[_Row] = []
    for deal in range(start, stop):
        game_seed, seat_seeds = match_seeds(seed, deal, rules)
        for rotation in range(count):
            # Player p sits at side (p + rotation) % count.
            side_player = [(side - rotation) % count for side in range(count)]
            seat_player = [0] * rules.players
            for side, seats in enumerate(sides):
                for seat in seats:
                    seat_player[seat] = side_player[side]
            rngs = [random.Random(each) for each in seat_seeds[rotation]]
            moves = [0] * count
            seconds = [0.0] * count
            state = new_game(rules, seed=game_seed)
            looked = [False] * rules.players
            hand_number = 0
            while not state.is_over and len(state.sheet) < max_hands:
                turn = state.turn
                assert turn is not None  # a seeded game resolves its own chance steps
                who = seat_player[turn]
                if state.hand_number != hand_number:
                    hand_number = state.hand_number
                    looked = [False] * rules.players
                began = clock()
                # As spades.bots.play_game asks: sealed first while Double Nil is open (P-6, T-6).
                action = ask_seat(state, turn, players[who], rngs[turn], looked, sealed=sealed)
                seconds[who] += clock() - began
                moves[who] += 1
                state = state.apply(action, turn)
            winner = state.winner
            rows.append((deal, rotation, game_seed, -1 if winner is None else side_player[winner], len(state.sheet),
                         tuple(state.scores[(player + rotation) % count] for player in range(count)),
                         tuple(moves), tuple(seconds)))
    return tuple(rows)


def _check_row(row: tuple[Any, ...], count: int, max_hands: int, runner: object) -> None:
    """A game's row as :func:`_play_chunk` makes it (its deal, rotation and
    game seed checked already): a winner among the players or -1, a number
    of hands up to the limit, and per player a score, a number of moves and
    a time; else an :class:`~spades.ArgumentError` naming the executor that
    returned it."""
    _deal, _rotation, _seed, winner, played, scores, made, spent = row
    problem = None
    if type(winner) is not int or not -1 <= winner < count:
        problem = f"the winner {short_repr(winner)}"
    elif type(played) is not int or not 1 <= played <= max_hands:
        problem = f"{short_repr(played)} hands played"
    elif type(scores) is not tuple or len(scores) != count or not all(
            type(score) is int and -_MOST_POINTS <= score <= _MOST_POINTS for score in scores):
        problem = f"the scores {short_repr(scores)}"
    elif type(made) is not tuple or len(made) != count or not all(
            type(moves) is int and 0 <= moves <= _MOST_POINTS for moves in made):
        problem = f"the moves {short_repr(made)}"
    elif type(spent) is not tuple or len(spent) != count or not all(
            type(seconds) is float and 0.0 <= seconds < math.inf for seconds in spent):
        problem = f"the times {short_repr(spent)}"
    if problem is not None:
        name = type_name(runner) + ".map" if runner is not None else "the work"
        raise ArgumentError(f"{name} returned a game's row with {problem}: not a game of this match")


_MOST_POINTS: Final = 10**12  # beyond any score or count of moves a game's hands can bring


def _name_of(player: object) -> str:
    name = getattr(player, "name", None)
    if type(name) is not str:
        name = getattr(player, "__name__", None)
    if type(name) is not str:
        name = type(player).__name__
    return name


def _check_count(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int:
        raise ArgumentTypeError(f"{name} is an int, got {type_name(value)}")
    if not low <= value <= high:
        raise ArgumentError(f"{name} is from {low:,} to {high:,}, got {short_repr(value)}")
    return value


def play_match(
    players: Sequence[Bot],
    rules: Rules,
    games: int,
    seed: int,
    *,
    names: Sequence[str] | None = None,
    workers: int = 1,
    executor: Executor | None = None,
    max_hands: int = 200,
    sealed: bool = False,
    chunk_size: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> MatchResult:
    """Play ``games`` games between ``players``, one player per side of
    ``rules`` (two for partnership and two-player Spades, three or four for
    cutthroat), on duplicate deals, and return each player's result.

    ``games`` is a multiple of the number of sides: the deals are numbered
    from 0, and each is played once per side, the players rotated one side
    along each time (with two sides: swapped), so that every player gets
    every side's cards.  Each player acts for every seat of its side and is
    called with the seat's :func:`~spades.seat_view` and that seat's own
    ``random.Random`` (:func:`match_seeds`); with ``sealed=True``, while
    Double Nil is open to a seat its player is first asked with a sealed
    view, as in :func:`spades.bots.play_game` (P-6, T-6).
    A game ends at the end of the game (S-9), or after ``max_hands`` hands,
    when it counts for no one (:attr:`MatchResult.unfinished`: random bidders
    may never reach a target without a losing floor, V-1).

    ``executor`` runs the games: anything with ``map(function, iterable)``
    (a :class:`concurrent.futures.ProcessPoolExecutor` or
    ``ThreadPoolExecutor``, a Dask ``Client.get_executor()``); with
    ``workers`` greater than 1 and no executor, a process pool of that many
    workers; else this process.  The work goes out as ``chunk_size`` deals
    at a time, so the players must be picklable for a process pool
    (functions of a module, or instances of a module's classes).  By
    default this process and the pool of ``workers`` take one deal at a
    time, the pool a few deals ahead of the one awaited; an executor of
    yours gets about 64 chunks of at most 500 deals (its ``map`` may take
    all the work at once).  The pool of ``workers`` starts its processes
    the way Python does by default (on Linux before Python 3.14, by
    forking this process, which Python 3.12 and later warn against when
    this program runs other threads); to choose the way, give your own
    pool, such as ``ProcessPoolExecutor(4,
    mp_context=multiprocessing.get_context("forkserver"))``.  The result
    is the same whatever runs it.  What the executor returns is checked
    (each game's row: else :class:`~spades.ArgumentError` naming it); what
    its ``map`` raises, or a worker raises through it, reaches the caller
    as it is.  ``progress(games_done, games)`` is called
    as the games come back (after each chunk).  The games are tallied as
    they come back: a match keeps one number per deal and player, not its
    games' rows.  ``names`` names the players (default: each
    one's ``name`` attribute or ``__name__``).

    >>> from spades import Rules
    >>> from spades.match import play_match
    >>> def first_legal(view, rng):
    ...     return view.legal_actions[0]
    >>> play_match([first_legal, first_legal], Rules.partnership(), games=3, seed=1)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: games is a multiple of 2, the number of sides: each deal is played once with each player in each side's seats
    """
    began = time.perf_counter()
    if not is_a(rules, Rules):
        raise RulesTypeError(f"a match is played under a Rules value, got {type_name(rules)}")
    count = len(rules.sides)
    players = read_bounded(players, PER_SEAT_LIMIT, ArgumentError, "players is a sequence of players, one a side, got {got}",
                           f"these rules have {count} sides: give {count} players, one a side", ArgumentTypeError)
    if len(players) != count:
        raise ArgumentError(f"these rules have {count} sides: give {count} players, one a side, not {len(players)}")
    if not all(callable(player) for player in players):
        raise ArgumentTypeError("each player is a function (view, rng) -> action")
    games = _check_count(games, "games", 0, GAMES_LIMIT)
    if games % count:
        raise ArgumentError(f"games is a multiple of {count}, the number of sides: each deal is played once "
                            "with each player in each side's seats")
    check_seed(seed)
    if names is None:
        labels = tuple(_name_of(player) for player in players)
    else:
        names = read_bounded(names, PER_SEAT_LIMIT, ArgumentError, "names is a sequence of strings, got {got}",
                             f"give {count} names, one a player", ArgumentTypeError)
        if not all(type(name) is str for name in names):
            raise ArgumentTypeError("names is a sequence of strings")
        if len(names) != count:
            raise ArgumentError(f"give {count} names, one a player, not {len(names)}")
        labels = tuple(names)
    workers = _check_count(workers, "workers", 1, WORKERS_LIMIT)
    if executor is not None and not callable(getattr(type(executor), "map", None)):
        raise ArgumentTypeError(f"an executor has a map(function, iterable) method, got {type_name(executor)}")
    if executor is not None and workers != 1:
        raise ArgumentError("give workers=N or an executor, not both")
    max_hands = _check_count(max_hands, "max_hands", 1, HANDS_LIMIT)
    deals = games // count
    if chunk_size is None:
        # This process and its own pool take the work a deal at a time; a
        # caller's executor may take it all at once, so it gets fewer chunks.
        chunk_size = 1 if executor is None else min(_CHUNK_DEALS, max(1, -(-deals // _CHUNKS)))
    chunk_size = _check_count(chunk_size, "chunk_size", 1, GAMES_LIMIT)
    check_flags(sealed=sealed)
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(f"progress is a function (games_done, games), got {type_name(progress)}")
    team = tuple(players)
    starts = range(0, deals, chunk_size)
    chunks: Iterable[_Chunk] = ((rules, seed, start, min(deals, start + chunk_size), team, max_hands, sealed)
                                for start in starts)
    if executor is not None:  # a caller's map may want a sequence (Dask's does): the chunks are few
        chunks = list(chunks)
    tally = _Tally(count, deals)
    workers = min(workers, len(starts))  # no process without a chunk of deals to play
    pool = None
    if executor is None and workers > 1:
        from concurrent.futures import ProcessPoolExecutor  # here: the import (multiprocessing) costs every user of spades

        pool = ProcessPoolExecutor(workers)
    try:
        runner = executor if pool is None else _Ahead(pool, 2 * workers)
        if progress is not None:
            progress(0, games)
        # Row n is the game of deal n // count in rotation n % count, with
        # the deal's game seed: a row of another match is not this one's.
        game_seeds: dict[int, int] = {}

        def head(row: int) -> tuple[int, int, int]:
            deal = row // count
            if deal not in game_seeds:
                game_seeds.clear()
                game_seeds[deal] = match_seeds(seed, deal, rules)[0]
            return deal, row % count, game_seeds[deal]

        for part in executed(runner, _play_chunk, chunks, games, chunk_size * count, 8, head):
            for row in part:
                _check_row(row, count, max_hands, runner)
                tally.add(row)
            if progress is not None:
                progress(tally.games, games)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return tally.result(rules, seed, games, labels, time.perf_counter() - began)


_T = TypeVar("_T")
_R = TypeVar("_R")


class _Ahead:
    """A process pool that is given chunks of work as it takes them, a few
    ahead of the one awaited (internal: a pool's own ``map`` takes all the
    work at once, and keeps it until the end)."""

    def __init__(self, pool: ProcessPoolExecutor, ahead: int) -> None:
        self.pool = pool
        self.ahead = ahead

    def map(self, function: Callable[[_T], _R], chunks: Iterable[_T]) -> Generator[_R, None, None]:
        pending: deque[Future[_R]] = deque()
        try:
            for chunk in chunks:
                pending.append(self.pool.submit(function, chunk))
                if len(pending) > self.ahead:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()


_CHUNKS: Final = 64  # the number of chunks a caller's executor is given by default, ...
_CHUNK_DEALS: Final = 500  # ... unless that makes chunks of more deals than this


class _Tally:
    """A match's games as they come back, in order (internal): counts and
    sums per player, and each deal's mean points per hand per player (one
    float a deal and player, what :func:`mean_interval` needs)."""

    def __init__(self, count: int, deals: int) -> None:
        self.count = count
        self.games = self.hands = self.unfinished = 0
        self.wins = [0] * count
        self.moves = [0] * count
        self.thinking = [0.0] * count
        self.per_deal = [array("d", bytes(8 * deals)) for _ in range(count)]

    def add(self, row: _Row) -> None:
        deal, _rotation, _seed, winner, played, scores, made, spent = row
        count = self.count
        self.games += 1
        self.hands += played
        if winner < 0:
            self.unfinished += 1
        else:
            self.wins[winner] += 1
        for player in range(count):
            self.moves[player] += made[player]
            self.thinking[player] += spent[player]
            self.per_deal[player][deal] += scores[player] / played / count  # a game lasts a hand or more

    def result(self, rules: Rules, seed: int, games: int, labels: tuple[str, ...], seconds: float) -> MatchResult:
        results = []
        for player, label in enumerate(labels):
            if self.per_deal[player]:
                mean, low, high = _interval(self.per_deal[player], Z_95)
            else:
                mean, low, high = 0.0, -math.inf, math.inf
            wins, moves = self.wins[player], self.moves[player]
            results.append(PlayerResult(
                name=label, games=games, wins=wins, win_interval=wilson_interval(wins, games),
                points_per_hand=mean, points_interval=(low, high), moves=moves,
                seconds_per_move=self.thinking[player] / moves if moves else 0.0,
            ))
        return MatchResult(rules=rules, seed=seed, games=games, deals=games // self.count, hands=self.hands,
                           unfinished=self.unfinished, players=tuple(results), seconds=seconds)
