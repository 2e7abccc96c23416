"""spades.play_match: duplicate deals (each deal played once with each
player in each side's seats), win rates with Wilson intervals and points per
hand checked against plain references, the same results whatever runs the
games."""

from __future__ import annotations

import io
import math
import re
import random
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import spades
from spades import Action, ArgumentError, ArgumentTypeError, Bid, Card, Phase, Rules, RulesError, SeatView
from spades.bots import estimate_bid
from spades.match import MatchResult, mean_interval, play_match, wilson_interval

from _games import match_one_by_one


def any_legal(view: SeatView, rng: random.Random) -> Action:
    """Uniformly random, bids included."""
    actions = view.legal_actions
    return actions[rng.randrange(len(actions))]


def steady(view: SeatView, rng: random.Random) -> Action:
    """Deterministic: bids its estimate (never Nil), plays its lowest legal card."""
    actions = view.legal_actions
    if view.phase is Phase.BID:
        want = estimate_bid(view.hand, view.rules)
        numbers = [a for a in actions if isinstance(a, Bid) and not a.double_nil and not a.is_nil]
        if numbers:
            return min(numbers, key=lambda bid: (abs(bid.tricks - want), bid.tricks))
    return actions[0]


def sensible(view: SeatView, rng: random.Random) -> Action:
    """Bids its estimate (never Nil), plays random legal cards."""
    if view.phase is Phase.BID:
        return steady(view, rng)
    return any_legal(view, rng)


FLOOR = Rules.partnership(losing_floor=-200)


class Recorder:
    """Plays like ``steady`` and writes down, for each game it sees, the
    cards each of its seats holds when it first acts in hand 0."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.seen: list[tuple[int, int, frozenset[Card]]] = []

    def __call__(self, view: SeatView, rng: random.Random) -> Action:
        if view.hand_number == 0 and view.phase is Phase.BID:
            self.seen.append((view.seat, view.scores[0], frozenset(view.hand)))
        return steady(view, rng)


def test_wilson_interval_worked_examples() -> None:
    # Wilson (1927) with z = 1.96: 95 of 100 -> 0.888..0.978; 0 of 10 -> 0..0.278; 5 of 10 -> 0.237..0.763.
    for wins, games, low, high in ((95, 100, 0.8882, 0.9785), (0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634)):
        got = wilson_interval(wins, games)
        assert got[0] == pytest.approx(low, abs=2e-4) and got[1] == pytest.approx(high, abs=2e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ArgumentError):
        wilson_interval(3, 2)


def test_mean_interval_worked_example() -> None:
    # 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7, half-width 1.96 * sqrt(32/7/8).
    mean, low, high = mean_interval([2, 4, 4, 4, 5, 5, 7, 9])
    half = 1.959964 * math.sqrt(32 / 7 / 8)
    assert mean == 5 and low == pytest.approx(5 - half) and high == pytest.approx(5 + half)
    assert mean_interval([3.0])[1:] == (-math.inf, math.inf)


def test_each_deal_is_played_with_the_partnerships_seats_swapped() -> None:
    first, second = Recorder("first"), Recorder("second")
    result = play_match([first, second], FLOOR, games=4, seed=5)
    assert result.deals == 2 and result.games == 4
    hands: dict[tuple[int, int], list[frozenset[Card]]] = {}
    for player, recorder in enumerate((first, second)):
        assert len(recorder.seen) == 8  # two seats of four games, bidding once each in hand 0
        for index, (seat, _score, hand) in enumerate(recorder.seen):
            game = index // 2  # the games are played in order: deal 0 twice, then deal 1 twice
            deal, rotation = divmod(game, 2)
            assert seat % 2 == (player + rotation) % 2  # game 0 of a deal: first at seats 0 and 2; game 1: 1 and 3
            hands.setdefault((deal, seat), []).append(hand)
    assert len(hands) == 8
    assert all(len(seen) == 2 and seen[0] == seen[1] for seen in hands.values())  # the same cards at each seat
    assert hands[(0, 0)] != hands[(1, 0)]  # and another deal for the next pair of games


def test_identical_players_split_every_deal() -> None:
    # The same deterministic player on both sides plays a deal's two games
    # identically with the sides' players swapped: each player wins one of them.
    result = play_match([steady, steady], FLOOR, games=8, seed=2)
    assert result.unfinished == 0
    assert [player.wins for player in result.players] == [4, 4]
    assert result.players[0].points_per_hand == pytest.approx(result.players[1].points_per_hand)


def test_cutthroat_rotates_the_players_one_side_along() -> None:
    # Three identical players, three games a deal: each player wins exactly once a deal.
    rules = Rules.cutthroat(3, losing_floor=-200)
    result = play_match([steady, steady, steady], rules, games=6, seed=4)
    assert result.deals == 2 and result.unfinished == 0
    assert [player.wins for player in result.players] == [2, 2, 2]


def test_two_player_swaps_the_seats() -> None:
    result = play_match([steady, steady], Rules.two_player(losing_floor=-200), games=4, seed=1)
    assert [player.wins for player in result.players] == [2, 2] and result.unfinished == 0


def test_wins_and_points_match_the_games_played_one_by_one() -> None:
    # The reference: each game of the match played by hand, from match_seeds.
    result = play_match([sensible, any_legal], FLOOR, games=6, seed=9)
    expected = match_one_by_one([sensible, any_legal], FLOOR, 6, 9, max_hands=200)
    assert expected["unfinished"] == 0  # the losing floor ends every game
    wins = expected["wins"]
    assert [p.wins for p in result.players] == wins
    for player in (0, 1):
        shares = expected["per_deal"][player]  # each deal's mean over its two games
        assert result.players[player].points_per_hand == pytest.approx(sum(shares) / 3)
        assert result.players[player].win_interval == wilson_interval(wins[player], 6)
    assert result.players[0].moves > 0 and result.players[0].seconds_per_move > 0


def test_a_sensible_bidder_beats_random_bids() -> None:
    result = play_match([sensible, any_legal], FLOOR, games=10, seed=3)
    assert result.players[0].wins >= 9
    assert result.players[0].points_per_hand > result.players[1].points_per_hand


def test_the_hand_limit_leaves_games_unfinished() -> None:
    result = play_match([any_legal, any_legal], Rules.partnership(), games=2, seed=1, max_hands=2)
    assert result.unfinished == 2 and result.hands == 4
    assert [player.wins for player in result.players] == [0, 0]
    assert "won by no one" in result.table()


def test_same_result_in_this_process_a_thread_pool_and_a_process_pool() -> None:
    expected = play_match([sensible, any_legal], FLOOR, games=6, seed=11)
    with ThreadPoolExecutor(2) as threads:
        assert play_match([sensible, any_legal], FLOOR, games=6, seed=11, executor=threads, chunk_size=2) == expected
    with ProcessPoolExecutor(2) as processes:
        assert play_match([sensible, any_legal], FLOOR, games=6, seed=11, executor=processes) == expected
    assert play_match([sensible, any_legal], FLOOR, games=6, seed=11, workers=2, chunk_size=3) == expected
    assert play_match([sensible, any_legal], FLOOR, games=6, seed=12) != expected


class _Stopped(Exception):
    pass


class _Counting:
    """An executor that counts the chunks it is given, then stops the match
    before playing any."""

    def __init__(self) -> None:
        self.chunks: list[tuple[int, int]] = []

    def map(self, function: Any, chunks: Any) -> Any:
        self.chunks = [(chunk[2], chunk[3]) for chunk in chunks]
        raise _Stopped


@pytest.mark.parametrize(("games", "count", "size"), [
    (2, 1, 1), (128, 64, 1), (130, 33, 2), (1_000, 63, 8), (64_000, 64, 500), (spades.match.GAMES_LIMIT, 10_000, 500),
])
def test_the_work_goes_out_in_a_bounded_number_of_chunks(games: int, count: int, size: int) -> None:
    """By default the deals go out in about 64 chunks of at most 500 deals,
    each deal in exactly one chunk, in order: even the largest match sends
    no more than 10,000 chunks (one a deal would be 5,000,000)."""
    counting = _Counting()
    with pytest.raises(_Stopped):
        play_match([steady, any_legal], FLOOR, games=games, seed=1, executor=counting)
    assert len(counting.chunks) == count
    assert counting.chunks[0] == (0, size) and counting.chunks[-1][1] == games // 2
    assert all(stop == start for (_, stop), (start, _) in zip(counting.chunks, counting.chunks[1:]))
    counting = _Counting()
    with pytest.raises(_Stopped):
        play_match([steady, any_legal], FLOOR, games=games, seed=1, executor=counting, chunk_size=3)
    assert counting.chunks[0] == (0, min(3, games // 2)) and len(counting.chunks) == -(-games // 2 // 3)


def test_the_own_pool_is_given_work_a_few_chunks_ahead() -> None:
    """play_match's own pool takes the chunks as it needs them, two a
    worker ahead of the one awaited, not all at once, and those not begun
    are cancelled when the match stops."""
    from spades.match import _Ahead

    drawn: list[int] = []

    def chunks() -> Any:
        for index in range(1000):
            drawn.append(index)
            yield -index

    with ProcessPoolExecutor(1) as pool:
        results = _Ahead(pool, 2).map(abs, chunks())
        assert next(results) == 0 and len(drawn) == 3
        assert next(results) == 1 and len(drawn) == 4
        results.close()
        assert len(drawn) == 4
        results = _Ahead(pool, 2).map(abs, chunks())
        assert list(results) == list(range(1000))


def test_the_result_does_not_depend_on_the_chunk_size() -> None:
    expected = play_match([sensible, any_legal], FLOOR, games=10, seed=21, chunk_size=1)
    for size in (2, 4, 5, 100, None):
        assert play_match([sensible, any_legal], FLOOR, games=10, seed=21, chunk_size=size) == expected


def test_progress_counts_the_games() -> None:
    seen: list[tuple[int, int]] = []
    play_match([steady, any_legal], FLOOR, games=4, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 4), (2, 4), (4, 4)]


def test_names_and_the_result_table() -> None:
    result = play_match([steady, any_legal], FLOOR, games=2, seed=1, names=["steady one", "chaos"])
    assert isinstance(result, MatchResult)
    lines = result.table().splitlines()
    assert lines[1].startswith("steady one") and lines[2].startswith("chaos")
    assert play_match([steady, any_legal], FLOOR, games=0, seed=1).players[0].games == 0


def test_bad_arguments() -> None:
    with pytest.raises(ArgumentError, match="multiple of 2"):
        play_match([steady, steady], FLOOR, games=3, seed=1)
    with pytest.raises(ArgumentError, match="3 sides"):
        play_match([steady, steady], Rules.cutthroat(3), games=3, seed=1)
    with pytest.raises(ArgumentTypeError):
        play_match([steady, 3], FLOOR, games=2, seed=1)  # type: ignore[list-item]
    with pytest.raises(RulesError):
        play_match([steady, steady], "partnership", games=2, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        play_match([steady, steady], FLOOR, games=2, seed=-1)
    with pytest.raises(ArgumentError, match="not both"):
        with ThreadPoolExecutor(1) as pool:
            play_match([steady, steady], FLOOR, games=2, seed=1, workers=2, executor=pool)
    with pytest.raises(ArgumentError):
        play_match([steady, steady], FLOOR, games=2, seed=1, names=["one"])


def test_an_illegal_move_by_a_player_raises() -> None:  # C-3
    def overbid(view: SeatView, rng: random.Random) -> Action:
        return Bid(14)

    with pytest.raises(spades.IllegalActionError):
        play_match([overbid, steady], FLOOR, games=2, seed=1)


def test_sealed_views_ask_double_nil_before_the_cards() -> None:  # P-6
    seen: list[tuple[bool, int]] = []

    def blind_once(view: SeatView, rng: random.Random) -> Action:
        seen.append((view.sealed, len(view.hand)))
        if view.sealed and view.seat == 1 and view.hand_number == 0:
            return Bid.DOUBLE_NIL
        return steady(view, rng)

    play_match([blind_once, steady], Rules.partnership(losing_floor=-200), games=2, seed=1, sealed=True, max_hands=1)
    assert (True, 0) in seen and all(size == 0 for sealed, size in seen if sealed)
    seen.clear()
    play_match([blind_once, steady], Rules.partnership(losing_floor=-200), games=2, seed=1, max_hands=1)
    assert seen and not any(sealed for sealed, _size in seen)


def test_a_seat_that_looked_is_not_offered_double_nil_in_a_sealed_match() -> None:  # P-6, T-6
    # Once a seat has answered its sealed view with anything but Double Nil
    # it has seen its cards: its full view no longer offers Double Nil (as
    # play_game's). The match offered it, and refused the random bot that
    # took it (IllegalActionError, P-6).
    from spades.bots import random_bot, simple_bot

    offered_after_looking: list[bool] = []

    def spy(view: SeatView, rng: random.Random) -> Action:
        if view.phase is Phase.BID and not view.sealed:
            offered_after_looking.append(view.double_nil_open or Bid.DOUBLE_NIL in view.legal_actions)
        return random_bot(view, rng)

    for seed in range(1, 7):
        play_match([spy, random_bot], Rules.partnership(losing_floor=-100), games=2, seed=seed, sealed=True)
    assert offered_after_looking and not any(offered_after_looking)
    play_match([simple_bot, random_bot], Rules.two_player(losing_floor=-100), games=4, seed=4, sealed=True)

    class Touchy:
        """A player's object whose == raises: the match asks its type first."""

        def __eq__(self, other: object) -> bool:
            raise RuntimeError("compared")

        __hash__ = None  # type: ignore[assignment]

    def touchy(view: SeatView, rng: random.Random) -> Action:
        return Touchy()  # type: ignore[return-value]

    with pytest.raises(spades.IllegalActionError):
        play_match([touchy, random_bot], Rules.partnership(losing_floor=-100), games=2, seed=1, sealed=True)


# -- spades match on the command line -------------------------------------------


def test_the_match_command_prints_progress_and_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    from spades.cli import main

    assert main(["match", "--players", "simple,random", "--games", "4", "--seed", "3"], prog="spades") == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0].startswith("4 games (2 deals") and "partnership, seed 3" in lines[0]
    assert lines[1].startswith("player") and lines[2].startswith("simple") and lines[3].startswith("random")
    expected = play_match([spades.bots.simple_bot, spades.bots.random_bot], Rules.partnership(), 4, 3,
                          names=["simple", "random"])
    def untimed(rows: list[str]) -> list[str]:
        return [row.rsplit(None, 1)[0] for row in rows]  # all but the ms/move column

    assert untimed(lines[1:]) == untimed(expected.table().splitlines())
    assert "\r" not in captured.err and captured.err.splitlines()[-1].startswith("games 4/4")


def test_the_match_progress_updates_in_place_on_a_terminal() -> None:
    from spades.cli import _Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    progress = _Progress(screen)
    for done in (0, 2, 4):
        progress(done, 4)
    assert screen.getvalue().count("\r") == 3 and screen.getvalue().count("\n") == 1
    assert screen.getvalue().endswith("\n") and "games 2/4" in screen.getvalue()


def test_the_match_command_refuses_bad_players(capsys: pytest.CaptureFixture[str]) -> None:
    from spades.cli import main

    assert main(["match", "--players", "simple", "--games", "2"], prog="spades") == 2
    assert "--players: 2 bots' names under partnership" in capsys.readouterr().err
    assert main(["match", "--players", "simple,clever", "--games", "2"], prog="spades") == 2
    assert "no bot is called 'clever'" in capsys.readouterr().err
    assert main(["match", "--players", "simple,random,random", "--rules", "cutthroat-3", "--games", "3"],
                prog="spades") == 0
    assert capsys.readouterr().out.count("\n") == 5


def test_the_match_command_runs_as_a_program() -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-m", "spades", "match", "--players", "simple,random", "--games", "2",
                           "--workers", "2"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert "simple" in done.stdout and "games 2/2" in done.stderr


def test_the_bots_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util
    from pathlib import Path
    from typing import Any

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "bots.py"
    spec = importlib.util.spec_from_file_location("spades_benchmarks_bots", path)
    assert spec is not None and spec.loader is not None
    bench: Any = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # NamedTuple looks its module up by name
    spec.loader.exec_module(bench)
    rows = bench.run(2, 2, 1, 1, targets=[bench.Target("simple", "random", 0.5), bench.Target("nobody", "random", 0.5)])
    assert rows[0].result.games == 2 and rows[0].verdict in ("met", "likely", "not met")
    assert rows[1].result is None and rows[1].verdict == "not available"
    table = bench.format_rows(rows)
    assert "| simple vs random | 2 |" in table and "not available (no nobody bot)" in table
    assert [target.win_rate for target in bench.TARGETS] == [None, 0.95, 0.70, 0.60]
    assert bench.Row(bench.TARGETS[0], rows[0].result).verdict == "reference"


def test_result_values_check_their_fields() -> None:
    import attrs

    result = play_match([steady, any_legal], FLOOR, games=2, seed=1)
    with pytest.raises(ArgumentTypeError):
        attrs.evolve(result.players[0], name=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        attrs.evolve(result.players[0], win_interval=(0, 1))
    with pytest.raises(ArgumentTypeError):
        attrs.evolve(result, players=[result.players[0]])  # type: ignore[arg-type]
    assert attrs.evolve(result, seconds=99.0) == result  # the timings take no part in comparisons


class _Tampering:
    """An executor that changes one field of every game's row."""

    def __init__(self, field: int, value: object) -> None:
        self.field, self.value = field, value

    def map(self, function: Any, chunks: Any) -> Any:
        for chunk in chunks:
            yield tuple(row[:self.field] + (self.value,) + row[self.field + 1:] for row in function(chunk))


@pytest.mark.parametrize(("field", "value", "said"), [
    (3, None, "the winner None"), (3, 2, "the winner 2"), (3, -2, "the winner -2"), (3, 10**100, "the winner an int of 101 digits"),
    (4, 0, "0 hands played"), (4, 4, "4 hands played"), (4, 1.0, "1.0 hands played"),
    (5, (1.0, 0), "the scores (1.0, 0)"), (5, (0,), "the scores (0,)"), (5, (10**13, 0), "the scores (10000000000000, 0)"),
    (6, (-1, 0), "the moves (-1, 0)"), (6, [0, 0], "the moves [0, 0]"),
    (7, (math.nan, 0.0), "the times (nan, 0.0)"), (7, (0, 0.0), "the times (0, 0.0)"), (7, (math.inf, 0.0), "the times (inf, 0.0)"),
])
def test_an_executor_that_returns_another_games_row_is_named(field: int, value: object, said: str) -> None:
    """What a caller's executor returns is checked before it is counted: a
    row with values no game of the match gives is an ArgumentError naming
    the executor, as simulate's are."""
    assert play_match([steady, any_legal], FLOOR, games=2, seed=1, executor=_Tampering(7, (0.0, 0.0)), max_hands=3).games == 2
    with pytest.raises(ArgumentError, match=rf"^_Tampering\.map returned a game's row with {re.escape(said)}: not a game of this match$"):
        play_match([steady, any_legal], FLOOR, games=2, seed=1, executor=_Tampering(field, value), max_hands=3)


def test_an_executor_that_plays_another_matchs_games_is_named() -> None:
    """Each game's row carries its seed (spades.match.match_seeds): the
    rows of another match's games, as an executor that ran the chunks
    with another seed returns them, are not counted as this one's."""
    from spades.match import match_seeds

    class Reseeding:
        def map(self, function: Any, chunks: Any) -> Any:
            return [function((chunk[0], 999, *chunk[2:])) for chunk in chunks]

    with pytest.raises(ArgumentError, match=r"^Reseeding\.map returned row 0 of another game "):
        play_match([steady, any_legal], FLOOR, games=2, seed=1, executor=Reseeding(), max_hands=3)
    assert match_seeds(1, 0, FLOOR)[0] != match_seeds(999, 0, FLOOR)[0]


def test_what_the_annotations_admit_is_accepted() -> None:
    """A typed caller is held to the annotations by mypy --strict (this file
    is checked so): what they admit, the functions take.  An int is a float
    to a type checker, any sequence a Sequence, a str subclass a str; a bot
    is called by position, so its parameters may have any names; a
    multiprocessing pool is an executor; simulate's rows are hands or games
    as the call says."""
    from collections import UserList
    from multiprocessing.pool import ThreadPool

    from spades.bots import Bot, random_action, random_bot, simple_bot
    from spades.rollouts import SimulatedGame, SimulatedHand

    rules = Rules.partnership(losing_floor=-200)
    assert wilson_interval(5, 10, 2) == wilson_interval(5, 10, 2.0)
    assert mean_interval([1.0, 2.0, 4.0], 3) == mean_interval([1.0, 2.0, 4.0], 3.0)
    assert mean_interval(range(1, 5)) == mean_interval([1, 2, 3, 4])
    assert mean_interval(UserList([1.0, 2.0])) == mean_interval((1.0, 2.0))
    for bad in (True, 0, 10, float("nan"), "2"):
        with pytest.raises(ArgumentError, match="^z is a number from 0 to 10, got "):
            wilson_interval(5, 10, bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="^z is a number"):
        mean_interval([1.0], True)

    def mine(v: SeatView, r: random.Random) -> Action:  # parameters of its own names
        return simple_bot(v, r)

    bot: Bot = mine
    by_lists = play_match([bot, random_bot], rules, 2, 1, names=["a", "b"], max_hands=2)
    by_sequences = play_match(UserList([bot, random_bot]), rules, 2, 1, names=UserList(["a", "b"]), max_hands=2)
    assert [(p.name, p.wins, p.games) for p in by_lists.players] == [(p.name, p.wins, p.games) for p in by_sequences.players]
    with pytest.raises(ArgumentError, match="give 2 players"):
        play_match(UserList([bot] * 65), rules, 2, 1)

    hands = spades.simulate(rules, 4, seed=3, players=UserList([random_action] * 4))
    assert hands == spades.simulate(rules, 4, seed=3)
    # SimulatedHand rows, as the overload says (row.points type-checks).
    assert all(type(row) is SimulatedHand and len(row.points) == 2 for row in hands)
    with ThreadPool(2) as pool:  # Pool.map returns a list: an executor all the same
        games = spades.simulate(rules, games=2, seed=3, executor=pool)
    assert [row.winner for row in games] == [row.winner for row in spades.simulate(rules, games=2, seed=3)]
    assert all(type(row) is SimulatedGame for row in games)

    class Name(str):
        pass

    assert Rules.preset(Name("pagat")) == Rules.pagat()
