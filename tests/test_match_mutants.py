"""``spades.play_match`` beyond its statistics: every game of a match
against the games played one by one (cutthroat's rotation, each player's
moves), the seeds written out, the sealed protocol over several hands, the
timings, the own pool, the result's table and every refusal in words (the
gaps a mutation run of ``match.py`` left, tests/MUTANTS.md)."""

from __future__ import annotations

import functools
import math
import random
import re
import time
from collections import Counter
from concurrent.futures import Future
from typing import Any

import attrs
import pytest

from spades import Action, ArgumentError, ArgumentTypeError, Bid, Rules, RulesTypeError, SeatView
from spades.deal import seeded_bytes
from spades.match import MatchResult, PlayerResult, match_seeds, mean_interval, play_match, wilson_interval

from _games import match_one_by_one


def first_legal(view: SeatView, rng: random.Random) -> Action:
    return view.legal_actions[0]


def any_legal(view: SeatView, rng: random.Random) -> Action:
    actions = view.legal_actions
    return actions[rng.randrange(len(actions))]


def last_legal(view: SeatView, rng: random.Random) -> Action:
    return view.legal_actions[-1]


@pytest.mark.parametrize(("rules", "games", "max_hands"), [
    (Rules.cutthroat(3, losing_floor=-150), 6, 200),
    (Rules.cutthroat(4, losing_floor=-150), 8, 200),
    (Rules.partnership(losing_floor=-200), 4, 200),
    (Rules.two_player(losing_floor=-150), 4, 200),
    (Rules.partnership(), 2, 2),  # random bids never reach 500: unfinished after 2 hands
])
def test_every_game_is_the_one_played_by_hand(rules: Rules, games: int, max_hands: int) -> None:
    """Wins, moves, hands and points per hand of every player, against the
    games played one by one, with players that differ and draw from their
    seats' random sources: the rotation of the players (one side along
    each game of a deal, cutthroat's three or four sides included), the
    scores read from each player's side and each move counted once."""
    players: list[Any] = [any_legal, first_legal, last_legal, any_legal][: len(rules.sides)]
    result = play_match(players, rules, games, 5, max_hands=max_hands)
    expected = match_one_by_one(players, rules, games, 5, max_hands)
    assert result.hands == expected["hands"] and result.unfinished == expected["unfinished"]
    assert result.games == games and result.deals == games // len(rules.sides)
    for player, got in enumerate(result.players):
        assert got.games == games
        assert got.wins == expected["wins"][player]
        assert got.moves == expected["moves"][player]
        mean, low, high = mean_interval(expected["per_deal"][player])
        assert got.points_per_hand == pytest.approx(mean, abs=1e-9)
        assert got.points_interval == pytest.approx((low, high), abs=1e-9)
        assert got.win_interval == wilson_interval(expected["wins"][player], games)
    assert sum(player.moves for player in result.players) > 0


def test_the_default_hand_limit_is_200() -> None:
    # Random bids fail their contracts: with no losing floor the scores
    # drift down and neither side reaches 500 (V-1).
    result = play_match([any_legal, any_legal], Rules.partnership(), 2, 1)
    assert result.unfinished == 2 and result.hands == 400


def test_match_seeds_are_the_seeded_bytes_of_their_steps() -> None:
    # As match_seeds says: the first 8 bytes, little-endian, of
    # seeded_bytes(seed, deal, step), "match" for the game and
    # "match/GAME/SEAT" for a seat.
    def drawn(seed: int, deal: int, step: str) -> int:
        return int.from_bytes(seeded_bytes(seed, deal, step)(8), "little")

    for rules in (Rules.partnership(), Rules.two_player(), Rules.cutthroat(3)):
        for seed, deal in ((0, 0), (1, 0), (7, 3), (2**64 - 1, 9_999_999)):
            game, seats = match_seeds(seed, deal, rules)
            assert game == drawn(seed, deal, "match")
            assert seats == tuple(
                tuple(drawn(seed, deal, f"match/{g}/{s}") for s in range(rules.players)) for g in range(len(rules.sides))
            )
    with pytest.raises(RulesTypeError, match=r"^match_seeds needs a Rules value, got str$"):
        match_seeds(1, 0, "partnership")  # type: ignore[arg-type]


def test_a_sealed_match_asks_each_seat_sealed_once_a_hand() -> None:  # P-6, T-6
    """The seats' looks are cleared at each new hand, not before: in the
    two-player draft a seat acts many times while Double Nil is open to it,
    and once it has looked it is not asked sealed again that hand; at the
    next hand it is."""
    sealed_asks: Counter[tuple[int, int]] = Counter()
    hands: set[int] = set()

    def decline(view: SeatView, rng: random.Random) -> Action:
        if view.sealed:
            sealed_asks[view.hand_number, view.seat] += 1
            return next(action for action in view.legal_actions if action != Bid.DOUBLE_NIL)
        hands.add(view.hand_number)
        return view.legal_actions[0]

    result = play_match([decline, decline], Rules.two_player(losing_floor=-100), 2, 1, sealed=True, max_hands=3)
    assert result.hands == 4 and hands == {0, 1}  # two hands a game, the same in both games
    assert sealed_asks == {(hand, seat): 2 for hand in (0, 1) for seat in (0, 1)}  # once a seat, hand and game


def _busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def test_the_timings_are_the_players_own() -> None:
    """Each player's seconds per move is its own thinking: a player that
    takes at least a millisecond a move is timed at a millisecond or more
    (and above a player that does not wait), and the players' thinking
    together is within the match's time, itself within the time the call
    took (no bound on a speed: only orders that hold on any machine)."""
    def slow(view: SeatView, rng: random.Random) -> Action:
        _busy(0.001)
        return view.legal_actions[0]

    began = time.perf_counter()
    result = play_match([slow, first_legal], Rules.two_player(losing_floor=-100), 4, 2, max_hands=1)
    took = time.perf_counter() - began
    slow_result, quick_result = result.players
    assert slow_result.moves > 40 and quick_result.moves > 40
    assert 0.001 <= slow_result.seconds_per_move  # each of its moves took a millisecond or more
    assert 0.0 < quick_result.seconds_per_move < slow_result.seconds_per_move
    thinking = sum(player.seconds_per_move * player.moves for player in result.players)
    assert thinking <= result.seconds <= took


def test_a_match_of_no_games() -> None:
    result = play_match([first_legal, any_legal], Rules.partnership(), 0, 1)
    assert (result.games, result.deals, result.hands, result.unfinished) == (0, 0, 0, 0)
    for player in result.players:
        assert (player.games, player.wins, player.moves) == (0, 0, 0)
        assert player.win_interval == (0.0, 1.0) and player.win_rate == 0.0
        assert player.points_per_hand == 0.0 and player.points_interval == (-math.inf, math.inf)
        assert player.seconds_per_move == 0.0


def test_the_players_names() -> None:
    """A player's ``name`` if it is a str, else its ``__name__`` if that is
    a str, else its type's name."""
    class Named:
        name = "the named one"

        def __call__(self, view: SeatView, rng: random.Random) -> Action:
            return view.legal_actions[0]

    class Unnamed:
        def __call__(self, view: SeatView, rng: random.Random) -> Action:
            return view.legal_actions[0]

    class NotAStrName(Unnamed):
        name = 7

    def names(*players: Any) -> list[str]:
        return [player.name for player in play_match(list(players), Rules.partnership(), 0, 1).players]

    assert names(first_legal, Named()) == ["first_legal", "the named one"]
    assert names(Unnamed(), functools.partial(first_legal)) == ["Unnamed", "partial"]
    assert names(NotAStrName(), any_legal) == ["NotAStrName", "any_legal"]
    renamed = functools.partial(first_legal)
    renamed.__name__ = "by its name"  # type: ignore[attr-defined]
    assert names(renamed, NotAStrName()) == ["by its name", "NotAStrName"]


def test_the_table_in_full() -> None:
    rules = Rules.partnership()
    players = (
        PlayerResult(name="a player of a long name", games=10, wins=7, win_interval=(0.397, 0.892),
                     points_per_hand=12.25, points_interval=(3.1, 21.9), moves=1300, seconds_per_move=0.00123),
        PlayerResult(name="other", games=10, wins=2, win_interval=(0.057, 0.51), points_per_hand=-4.0,
                     points_interval=(-math.inf, math.inf), moves=1200, seconds_per_move=0.5),
    )
    result = MatchResult(rules=rules, seed=1, games=10, deals=5, hands=40, unfinished=1, players=players, seconds=2.0)
    assert result.table().splitlines() == [
        "player          games  win rate (95% CI)        points/hand (95% CI)       ms/move",
        "a player of a l    10   70.0% (39.7%-89.2%)       +12.2 (+3.1 to +21.9)       1.23",
        "other              10   20.0% (5.7%-51.0%)         -4.0 (one deal: none)    500.00",
        "(1 of 10 games unfinished after the hand limit: won by no one)",
    ]
    assert "unfinished" not in attrs.evolve(result, unfinished=0).table()


def test_a_caller_executor_is_given_a_list_of_chunks() -> None:
    """Dask's ``map`` wants a sequence: a caller's executor gets the chunks
    as a list."""
    given: list[type] = []

    class Listing:
        def map(self, function: Any, chunks: Any) -> Any:
            given.append(type(chunks))
            return map(function, chunks)

    play_match([first_legal, any_legal], Rules.two_player(losing_floor=-100), 4, 1, executor=Listing(), max_hands=1)
    assert given == [list]


def test_this_process_plays_one_deal_at_a_time() -> None:
    # One deal a chunk without an executor (progress after every deal),
    # however many deals: 70 deals would make chunks of 2 for an executor.
    seen: list[int] = []
    play_match([first_legal, any_legal], Rules.two_player(losing_floor=-100), 140, 1, max_hands=1,
               progress=lambda done, total: seen.append(done))
    assert seen == list(range(0, 141, 2))


class _Pool:
    """A stand-in for ``concurrent.futures.ProcessPoolExecutor`` that runs
    each chunk when it is submitted and writes down what it was asked."""

    made: list[int] = []
    submitted: list[int] = []
    shut: list[dict[str, Any]] = []

    def __init__(self, workers: int) -> None:
        _Pool.made.append(workers)

    def submit(self, function: Any, chunk: Any) -> Future[Any]:
        _Pool.submitted.append(chunk[2])
        future: Future[Any] = Future()
        future.set_result(function(chunk))
        return future

    def shutdown(self, **options: Any) -> None:
        _Pool.shut.append(options)


def test_the_own_pool_of_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """``workers=N`` makes a pool of N processes (fewer when there are
    fewer deals), is given the deals two a worker ahead of the one
    awaited, and is shut down with the work not begun cancelled."""
    import concurrent.futures

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _Pool)
    _Pool.made, _Pool.submitted, _Pool.shut = [], [], []
    ahead: list[int] = []
    rules = Rules.two_player(losing_floor=-100)
    result = play_match([first_legal, any_legal], rules, 40, 1, workers=3, max_hands=1,
                        progress=lambda done, total: ahead.append(len(_Pool.submitted)))
    assert _Pool.made == [3] and _Pool.shut == [{"cancel_futures": True}]
    assert _Pool.submitted == list(range(20))
    assert ahead[:3] == [0, 7, 8]  # the first deal came back with 6 more given out
    assert result == play_match([first_legal, any_legal], rules, 40, 1, max_hands=1)
    _Pool.made = []
    play_match([first_legal, any_legal], rules, 4, 1, workers=3, max_hands=1)
    assert _Pool.made == [2]  # two deals: two workers


class _Rows:
    """An executor that puts one value in one place of every game's row."""

    def __init__(self, field: int, at: int, value: object) -> None:
        self.field, self.at, self.value = field, at, value

    def map(self, function: Any, chunks: Any) -> Any:
        for chunk in chunks:
            rows = []
            for row in function(chunk):
                row = list(row)
                if self.at < 0:
                    row[self.field] = self.value
                else:
                    values = list(row[self.field])
                    values[self.at] = self.value
                    row[self.field] = tuple(values)
                rows.append(tuple(row))
            yield tuple(rows)


@pytest.mark.parametrize(("field", "at", "value", "good"), [
    (5, 0, 10**12, True), (5, 0, -10**12, True), (5, 0, 10**12 + 1, False), (5, 0, -10**12 - 1, False),
    (6, 0, 0, True), (6, 0, 10**12, True), (6, 0, -1, False), (6, 0, 10**12 + 1, False),
    (7, -1, [0.0, 0.0], False), (7, -1, (0.0, 0.0), True), (7, 0, 1e300, True),
])
def test_an_executors_rows_at_their_bounds(field: int, at: int, value: object, good: bool) -> None:
    """A game's row holds scores from -10**12 to 10**12, moves from 0 to
    10**12 and a tuple of times: at the bounds it is counted, past them the
    executor is named."""
    rules = Rules.two_player(losing_floor=-100)
    run = functools.partial(play_match, [first_legal, any_legal], rules, 2, 1, max_hands=1, executor=_Rows(field, at, value))
    if good:
        assert run().games == 2
    else:
        with pytest.raises(ArgumentError, match=r"^_Rows\.map returned a game's row with the (scores|moves|times) "):
            run()


def test_every_refusal_in_words() -> None:
    rules = Rules.partnership()
    two = [first_legal, any_legal]

    def refused(error: type[Exception], words: str, *args: Any, **options: Any) -> None:
        with pytest.raises(error, match="^" + re.escape(words) + "$"):
            play_match(*args, **options)

    refused(RulesTypeError, "a match is played under a Rules value, got str", two, "partnership", 2, 1)
    refused(ArgumentTypeError, "players is a sequence of players, one a side, got int", 5, rules, 2, 1)
    refused(ArgumentError, "these rules have 2 sides: give 2 players, one a side", [first_legal] * 65, rules, 2, 1)
    refused(ArgumentError, "these rules have 2 sides: give 2 players, one a side, not 3", [first_legal] * 3, rules, 2, 1)
    refused(ArgumentTypeError, "each player is a function (view, rng) -> action", [first_legal, 3], rules, 2, 1)
    refused(ArgumentTypeError, "games is an int, got str", two, rules, "2", 1)
    refused(ArgumentError, "games is from 0 to 10,000,000, got -2", two, rules, -2, 1)
    refused(ArgumentError, "games is a multiple of 2, the number of sides: each deal is played once with each player "
            "in each side's seats", two, rules, 3, 1)
    refused(ArgumentTypeError, "names is a sequence of strings, got int", two, rules, 2, 1, names=5)
    refused(ArgumentTypeError, "names is a sequence of strings, got str", two, rules, 2, 1, names="ab")
    refused(ArgumentTypeError, "names is a sequence of strings", two, rules, 2, 1, names=[1, 2])
    refused(ArgumentError, "give 2 names, one a player", two, rules, 2, 1, names=["a"] * 65)
    refused(ArgumentError, "give 2 names, one a player, not 1", two, rules, 2, 1, names=["a"])

    def failing() -> Any:
        yield "a"
        raise OSError("gone")

    with pytest.raises(ArgumentError, match=r"^cannot read the items of <generator object "):
        play_match(two, rules, 2, 1, names=failing())
    refused(ArgumentTypeError, "workers is an int, got str", two, rules, 2, 1, workers="2")
    refused(ArgumentError, "workers is from 1 to 1,024, got 0", two, rules, 2, 1, workers=0)
    refused(ArgumentTypeError, "an executor has a map(function, iterable) method, got object", two, rules, 2, 1,
            executor=object())
    refused(ArgumentError, "give workers=N or an executor, not both", two, rules, 2, 1, workers=2, executor=_Rows(0, -1, 0))
    refused(ArgumentError, "max_hands is from 1 to 100,000, got 0", two, rules, 2, 1, max_hands=0)
    refused(ArgumentTypeError, "max_hands is an int, got float", two, rules, 2, 1, max_hands=2.0)
    refused(ArgumentError, "chunk_size is from 1 to 10,000,000, got 0", two, rules, 2, 1, chunk_size=0)
    refused(ArgumentTypeError, "progress is a function (games_done, games), got int", two, rules, 2, 1, progress=3)


def test_the_result_values_refuse_in_words() -> None:
    result = play_match([first_legal, any_legal], Rules.two_player(losing_floor=-100), 2, 1, max_hands=1)
    player = result.players[0]
    for changes, error, words in (
        ({"name": 3}, ArgumentTypeError, "name is a str, got int"),
        ({"games": "2"}, ArgumentTypeError, "games is an int, got str"),
        ({"points_per_hand": 1}, ArgumentTypeError, "points_per_hand is a float, got int"),
        ({"win_interval": (0, 1)}, ArgumentTypeError, "win_interval is a (low, high) pair of floats, got tuple"),
        ({"points_interval": [0.0, 1.0]}, ArgumentTypeError, "points_interval is a (low, high) pair of floats, got list"),
    ):
        with pytest.raises(error, match="^" + re.escape(words) + "$"):
            attrs.evolve(player, **changes)
    with pytest.raises(ArgumentTypeError, match=r"^players is a tuple of PlayerResult values, got list$"):
        attrs.evolve(result, players=list(result.players))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^rules is a Rules value, got str$"):
        attrs.evolve(result, rules="partnership")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^seconds is a float, got int$"):
        attrs.evolve(result, seconds=1)
