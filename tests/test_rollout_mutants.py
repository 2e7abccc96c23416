"""spades.rollout and spades.simulate: what the mutation tests of
spades/rollouts.py found no test for (tests/MUTANTS.md): the fast path
actually taken, the hands of a whole game played by a policy, the seeds
of the simulated games, how the work is cut into chunks, the bounds of a
row, and the words of every refusal."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from spades import (
    ArgumentError,
    ArgumentTypeError,
    GameState,
    Rules,
    RulesTypeError,
    SimulatedGame,
    SimulatedHand,
    new_game,
    rollout,
    simulate,
    simulation_seed,
)
from spades.bots import random_action, simple_action
from spades.deal import seeded_bytes

from _games import step_by_step


def test_the_default_rollout_makes_no_state_per_action(monkeypatch: pytest.MonkeyPatch) -> None:
    # The module's promise: with the default policy and a plain
    # random.Random, the bidding and the tricks are played without a state
    # per action (the bulk path); only the loop calls apply() at each step.
    calls = []
    apply = GameState.apply

    def counted(self: GameState, action: Any) -> GameState:
        calls.append(action)
        return apply(self, action)

    monkeypatch.setattr(GameState, "apply", counted)
    for rules in (Rules.partnership(), Rules.cutthroat(3)):
        state = new_game(rules, seed=2)
        result = rollout(state, random.Random(1))
        assert calls == []
        last = step_by_step(state, random.Random(1)).sheet[-1]
        assert len(calls) > rules.hand_size  # the loop: one state per action
        assert (result.tricks, result.score) == (last.tricks, last.result)
        calls.clear()


class _Subclass(random.Random):
    """A source of the caller's own class: rollout() takes the loop."""


@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "unseeded"])
def test_a_whole_game_by_the_loop_counts_every_hand(seeded: bool) -> None:
    # With a policy of the caller's, or a source of its own class, rollout()
    # runs the loop: its hands are every hand finished (S-9), as in the
    # bulk path.
    for rules in (Rules.partnership(losing_floor=-500), Rules.two_player(losing_floor=-500)):
        state = new_game(rules, seed=4 if seeded else None)
        for policy, rng in ((simple_action, random.Random(5)), (None, _Subclass(5))):
            result = rollout(state, rng, policy, until="game")
            after = step_by_step(state, _Subclass(5) if policy is None else random.Random(5), policy, game=True)
            assert result.state == after
            assert len(after.sheet) > 1
            assert result.hands == len(after.sheet) - len(state.sheet)


def test_a_simulated_games_seed_is_the_documented_one() -> None:
    # The first 8 bytes, little-endian, of seeded_bytes(seed, index,
    # "simulate"): the rows of simulate() must stay the same across
    # versions and machines.
    for seed, index in ((1, 0), (0, 5), (2**64 - 1, 3)):
        assert simulation_seed(seed, index) == int.from_bytes(seeded_bytes(seed, index, "simulate")(8), "little")
    assert simulation_seed(1, 0) == 17628993288576778040
    assert simulation_seed(0, 5) == 3082754816462449729


class _Counted(Exception):
    pass


class _Counting:
    """An executor that counts the chunks it is given, then fails (what its
    map raises reaches the caller as it is)."""

    def map(self, function: Callable[..., Any], chunks: Iterable[Any]) -> Any:
        raise _Counted(len(list(chunks)))


@pytest.mark.parametrize("count, chunks", [(1, 1), (3, 3), (32, 32), (33, 17), (64, 32), (32_001, 33), (10**6, 1000)])
def test_the_default_chunks_are_about_32_of_at_most_1000_games(count: int, chunks: int) -> None:
    size = max(1, min(1000, math.ceil(count / 32)))
    assert -(-count // size) == chunks
    with pytest.raises(_Counted) as caught:
        simulate(Rules.partnership(), hands=count, seed=1, executor=_Counting())
    assert caught.value.args == (chunks,)
    with pytest.raises(_Counted) as caught:
        simulate(Rules.partnership(), games=count, seed=1, executor=_Counting(), chunk_size=7)
    assert caught.value.args == (-(-count // 7),)


def test_the_largest_chunk_size_is_allowed() -> None:
    rules = Rules.partnership()
    assert simulate(rules, hands=2, seed=1, chunk_size=10**9) == simulate(rules, hands=2, seed=1)


def test_a_game_won_in_its_first_hand_is_a_row() -> None:
    # V-1, S-9: with a target of 1 the game can end after one hand; the
    # row says so, as the rollout of that game does.
    rules = Rules.partnership(target=1, losing_floor=0)
    rows = simulate(rules, games=3, seed=1)
    for index, row in enumerate(rows):
        seed = simulation_seed(1, index)
        after = step_by_step(new_game(rules, seed=seed), random.Random(seed), game=True)
        assert len(after.sheet) == 1
        assert row == SimulatedGame(seed, 1, after.scores, after.winner)  # type: ignore[arg-type]


class _Rewriting:
    """An executor that rewrites every row the work returns."""

    def __init__(self, edit: Callable[[tuple[Any, ...]], tuple[Any, ...]]) -> None:
        self.edit = edit

    def map(self, function: Callable[[Any], Any], chunks: Iterable[Any]) -> Any:
        return [tuple(self.edit(row) for row in function(chunk)) for chunk in chunks]


def test_rows_at_the_bounds_are_rows_of_the_rules() -> None:
    # C-8: one seat may take every trick of the hand; a game's hands are
    # checked from 1 to the bound of SimulatedGame.hands.
    rules = Rules.partnership(losing_floor=-200)
    rows = simulate(rules, hands=1, seed=1, executor=_Rewriting(lambda r: (r[0], (13, 0, 0, 0), r[2])))
    assert rows == (SimulatedHand(simulation_seed(1, 0), (13, 0, 0, 0), rows[0].points),)
    games = simulate(rules, games=1, seed=1, executor=_Rewriting(lambda r: (r[0], 10**9) + r[2:]))
    assert games[0].hands == 10**9


class _Returning:
    """An executor whose map returns ``edit`` of the right results."""

    def __init__(self, edit: Callable[[list[Any]], Any]) -> None:
        self.edit = edit

    def map(self, function: Callable[..., Any], chunks: Iterable[Any]) -> Any:
        return self.edit([function(chunk) for chunk in chunks])


def test_an_executors_results_are_tuples_of_rows() -> None:
    # A chunk's rows come back as the tuple the work made, not a list of them.
    rules = Rules.partnership()
    with pytest.raises(ArgumentError, match=r"^_Returning\.map returned \[\(17628993288576778040, \(4, 6, 2, 1\), "
                                            r"\(60, -190\)\)\] for chunk 0, not the 1 row\(s\) of its games"):
        simulate(rules, hands=2, seed=1, executor=_Returning(lambda parts: [list(part) for part in parts]))


def _refusal(call: Callable[[], object]) -> tuple[type[Exception], str]:
    try:
        call()
    except Exception as error:
        return type(error), str(error)
    raise AssertionError("not refused")


def test_the_refusals_of_rollout_and_simulate_word_for_word() -> None:
    state = new_game(Rules.partnership(), seed=1)
    rules = Rules.partnership()
    over = rollout(new_game(Rules.partnership(target=1, losing_floor=0), seed=1), random.Random(1), until="game").state
    assert over is not None
    many = [random_action] * 65
    long_part = _Returning(lambda parts: [("x" * 100,)] * len(parts))
    other_game = _Returning(lambda parts: [tuple((r[0] + 1, "y" * 100, r[2]) for r in part) for part in parts])
    no_hand = _Returning(lambda parts: [tuple((r[0], ("z" * 100,), r[2]) for r in part) for part in parts])
    expected: list[tuple[Callable[[], object], type[Exception], str]] = [
        (lambda: rollout("x", random.Random(1)), ArgumentTypeError,  # type: ignore[arg-type]
         "a rollout starts from a GameState, got str"),
        (lambda: rollout(over, random.Random(1)), ArgumentError, "the game is over: there is nothing left to roll out"),
        (lambda: rollout(state, random.Random(1), until=1), ArgumentTypeError,  # type: ignore[arg-type]
         "until is 'hand' or 'game', got int"),
        (lambda: rollout(state, random.Random(1), 3), ArgumentTypeError,  # type: ignore[arg-type]
         "a policy is a function (state, rng) -> action, got int"),
        (lambda: simulate("partnership", hands=1, seed=1), RulesTypeError,  # type: ignore[call-overload]
         "simulate needs a Rules value, got str"),
        (lambda: simulate(rules, seed=1), ArgumentError,  # type: ignore[call-overload]
         "simulate plays hands=N or games=N: give one of them"),
        (lambda: simulate(rules, hands="1", seed=1), ArgumentTypeError, "hands is an int, got str"),  # type: ignore[call-overload]
        (lambda: simulate(rules, games="1", seed=1), ArgumentTypeError, "games is an int, got str"),  # type: ignore[call-overload]
        (lambda: simulate(rules, hands=-1, seed=1), ArgumentError, "hands is from 0 to 1,000,000,000, got -1"),
        (lambda: simulate(rules, games=-1, seed=1), ArgumentError, "games is from 0 to 1,000,000,000, got -1"),
        (lambda: simulate(rules, hands=1, seed=1, players=5), ArgumentTypeError,  # type: ignore[call-overload]
         "players is a sequence of policies, one a seat, got int"),
        (lambda: simulate(rules, hands=1, seed=1, players=many), ArgumentError, "players: give 4 policies, one a seat"),
        (lambda: simulate(rules, hands=1, seed=1, players=[1, 2, 3, 4]), ArgumentTypeError,  # type: ignore[list-item]
         "each player is a function (state, rng) -> action"),
        (lambda: simulate(rules, hands=1, seed=1, executor=object()), ArgumentTypeError,  # type: ignore[call-overload]
         "an executor has a map(function, iterable) method, got object"),
        (lambda: simulate(rules, hands=2, seed=1, executor=_Returning(lambda parts: 5)), ArgumentError,
         "_Returning.map returned int, not the results of the chunks"),
        (lambda: simulate(rules, hands=2, seed=1, executor=long_part), ArgumentError,
         "_Returning.map returned ('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... for chunk 0, not the 1 "
         "row(s) of its games (a map must return each call's result, in order)"),
        (lambda: simulate(rules, hands=1, seed=1, executor=other_game), ArgumentError,
         "_Returning.map returned row 0 of another game ((17628993288576778041, 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy...): "
         "a map must return each call's result, in order"),
        (lambda: simulate(rules, hands=1, seed=1, executor=no_hand), ArgumentError,  # P-1, C-8
         "_Returning.map returned (17628993288576778040, ('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz....: not the row of a hand "
         "under these rules (P-1, T-1, V-10, C-8, S-9)"),
    ]
    for call, kind, message in expected:
        assert _refusal(call) == (kind, message)
