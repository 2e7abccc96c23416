"""spades.rollout and spades.simulate: exactly the step-by-step loop's
results with the same random draws, whatever the starting state; the same
simulation rows whatever runs them."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import spades
from spades import (
    ArgumentError,
    ArgumentTypeError,
    GameState,
    Phase,
    Rules,
    SimulatedGame,
    SimulatedHand,
    new_game,
    rollout,
    simulate,
    simulation_seed,
)
from spades.bots import random_action, simple_action
from spades.rules import RuleChanges

from _games import step_by_step

PRESETS = sorted(spades.PRESETS)


def _positions(rules: Rules, seed: int, seeded: bool) -> list[GameState]:
    """States along one random game: every phase the rules have, mid-trick
    and at the start of tricks, in the first two hands."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed if seeded else None)
    states = [state]
    while len(state.sheet) < 2 and not state.is_over:
        state = state.apply(random_action(state, rng))
        if rng.random() < 0.08 or state.phase not in (Phase.PLAY, Phase.BID) or not state.trick and rng.random() < 0.3:
            states.append(state)
    return [s for s in states if not s.is_over]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "unseeded"])
def test_a_hand_rolled_out_is_the_step_by_stepstep_by_step(preset: str, seeded: bool) -> None:
    rules = spades.PRESETS[preset]()
    phases = set()
    checked = 0
    for seed in range(6):
        for index, state in enumerate(_positions(rules, seed, seeded)):
            phases.add(state.phase)
            draw = seed * 1000 + index
            result = rollout(state, random.Random(draw))
            after = step_by_step(state, random.Random(draw))
            last = after.sheet[-1]
            assert (result.tricks, result.score, result.hands, result.state) == (last.tricks, last.result, 1, None)
            assert result.scores == after.scores
            checked += 1
    assert checked > 50 and {Phase.BID, Phase.PLAY} <= phases
    if rules.is_draft:
        assert Phase.DRAFT in phases
    if not seeded:
        assert Phase.DEAL in phases


@pytest.mark.parametrize(
    "options",
    [{"no_spades_first_trick": True}, {"first_lead": "two-of-clubs", "no_spades_first_trick": True}],
    ids=["no-spades-first-trick", "two-of-clubs"],
)
def test_a_hand_with_first_trick_rules_rolled_out_is_the_step_by_stepstep_by_step(options: RuleChanges) -> None:
    # V-7: a seat void in the suit led to the first trick may not play a
    # spade while it holds another card; the rollout must allow exactly
    # what apply() allows, or the draws part.
    rules = Rules.partnership(**options)
    for seed in range(30):
        state = new_game(rules, seed=seed)
        result = rollout(state, random.Random(seed))
        after = step_by_step(state, random.Random(seed))
        assert (result.tricks, result.score) == (after.sheet[-1].tricks, after.sheet[-1].result)


def test_every_exchange_phase_is_covered() -> None:
    # Double Nil exchanges (P-6) and the two-player discard and draw (T-6).
    seen = set()
    for preset in PRESETS:
        for seeded in (True, False):
            for seed in range(6):
                seen |= {state.phase for state in _positions(spades.PRESETS[preset](), seed, seeded)}
    assert {Phase.EXCHANGE, Phase.DISCARD, Phase.REPLACE} <= seen


@pytest.mark.parametrize("rules", [Rules.partnership(losing_floor=-200), Rules.two_player(losing_floor=-200),
                                   spades.PRESETS["jokers"]().replace(losing_floor=-200)], ids=["partnership", "two", "jokers"])
@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "unseeded"])
def test_a_game_rolled_out_is_the_step_by_stepstep_by_step(rules: Rules, seeded: bool) -> None:
    for seed in range(3):
        for index, state in enumerate(_positions(rules, seed, seeded)[::7]):
            result = rollout(state, random.Random(index), until="game")
            after = step_by_step(state, random.Random(index), game=True)
            assert result.state == after and result.state.is_over
            assert result.winner == after.winner and result.scores == after.scores
            assert result.hands == len(after.sheet) - len(state.sheet)
            assert (result.tricks, result.score) == (after.sheet[-1].tricks, after.sheet[-1].result)


def test_a_policy_is_asked_at_every_step() -> None:
    rules = Rules.partnership(losing_floor=-200)
    for seeded in (True, False):
        state = new_game(rules, seed=5 if seeded else None)
        result = rollout(state, random.Random(1), simple_action, until="game")
        assert result.state == step_by_step(state, random.Random(1), simple_action, game=True)
        one = rollout(state, random.Random(2), simple_action)
        assert one.tricks == step_by_step(state, random.Random(2), simple_action).sheet[-1].tricks
        assert rollout(state, random.Random(3), random_action) == rollout(state, random.Random(3))


def test_bad_arguments() -> None:
    state = new_game(Rules.partnership(), seed=1)
    with pytest.raises(ArgumentTypeError):
        rollout(None, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        rollout(state, 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        rollout(state, random.Random(1), 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        rollout(state, random.Random(1), until="trick")  # type: ignore[arg-type]
    over = rollout(new_game(Rules.partnership(losing_floor=-200), seed=1), random.Random(1), until="game").state
    assert over is not None
    with pytest.raises(ArgumentError, match="over"):
        rollout(over, random.Random(1))
    with pytest.raises(ArgumentError):
        simulate(Rules.partnership(), seed=1)  # type: ignore[call-overload]
    with pytest.raises(ArgumentError):
        simulate(Rules.partnership(), hands=1, games=1, seed=1)  # type: ignore[call-overload]
    with pytest.raises(ArgumentError):
        simulate(Rules.partnership(), hands=1, seed=-1)
    with pytest.raises(ArgumentTypeError):
        simulate(Rules.partnership(), hands=1, seed=1, executor=object())  # type: ignore[call-overload]
    with pytest.raises(ArgumentError):  # a list of the wrong length: the count is wrong, not the type
        simulate(Rules.partnership(), hands=1, seed=1, players=[random_action])
    with pytest.raises(ArgumentError):
        simulate(Rules.partnership(), hands=1, seed=1, chunk_size=0)
    with pytest.raises(ArgumentTypeError):
        SimulatedHand(seed=1, tricks=[1], points=(1,))  # type: ignore[arg-type]


def test_a_simulated_hand_is_its_own_seeded_game_rolled_out() -> None:
    rules = Rules.partnership()
    rows = simulate(rules, hands=5, seed=3)
    for index, row in enumerate(rows):
        assert isinstance(row, SimulatedHand)
        seed = simulation_seed(3, index)
        last = step_by_step(new_game(rules, seed=seed), random.Random(seed)).sheet[0]
        assert row == SimulatedHand(seed, last.tricks, last.result.points)
    assert simulate(rules, hands=0, seed=3) == ()


@pytest.mark.parametrize("chunk_size", [None, 1, 2, 7])
def test_the_rows_do_not_depend_on_the_executor_or_the_chunks(chunk_size: int | None) -> None:
    rules = Rules.two_player(losing_floor=-200)
    alone = simulate(rules, hands=7, seed=11)
    with ThreadPoolExecutor(3) as pool:
        assert simulate(rules, hands=7, seed=11, executor=pool, chunk_size=chunk_size) == alone
    games = simulate(rules, games=3, seed=11, players=(simple_action, random_action), chunk_size=chunk_size)
    assert all(isinstance(row, SimulatedGame) and row.winner in (0, 1) for row in games)
    with ThreadPoolExecutor(2) as pool:
        assert simulate(rules, games=3, seed=11, players=(simple_action, random_action), executor=pool) == games


def test_a_process_pool_gives_the_same_rows() -> None:
    from concurrent.futures import ProcessPoolExecutor

    rules = Rules.partnership()
    with ProcessPoolExecutor(2) as pool:
        assert simulate(rules, hands=6, seed=2, executor=pool, chunk_size=2) == simulate(rules, hands=6, seed=2)


class _OwnDraws(random.Random):
    """A source with a random() of its own: random.Random then draws
    choice() without getrandbits()."""

    def random(self) -> float:
        return super().random()


class _OwnChoice(random.Random):
    def choice(self, seq):  # type: ignore[no-untyped-def]
        return seq[-1]


@pytest.mark.parametrize("kind", [_OwnDraws, _OwnChoice])
def test_a_source_that_draws_its_own_way_gets_thestep_by_step(kind: type[random.Random]) -> None:
    for preset in ("partnership", "two-player"):
        state = new_game(spades.PRESETS[preset](), seed=3)
        result = rollout(state, kind(4))
        last = step_by_step(state, kind(4)).sheet[-1]
        assert (result.tricks, result.score) == (last.tricks, last.result)


def _replaced_on_the_object(seed: int, method: str) -> random.Random:
    """A plain random.Random with one method replaced on the object itself
    (which the class's own draws, and so random_action, do not consult)."""
    rng = random.Random(seed)
    replacements: dict[str, Callable[..., Any]] = {
        "choice": lambda seq: seq[-1], "randrange": lambda *args: 0, "random": lambda: 0.5,
    }
    setattr(rng, method, replacements[method])
    return rng


@pytest.mark.parametrize("method", ["choice", "randrange", "random"])
@pytest.mark.parametrize("preset", PRESETS)
def test_a_method_replaced_on_a_plain_source_is_not_consulted_by_either_way(preset: str, method: str) -> None:  # T-2, T-6
    # rollout() drew the draft, the bidding of the draft game and the
    # discards with the object's own choice(), where the loop's
    # random_action draws as the class draws: the two-player game's hands
    # differed.
    for seed in range(4):
        for state in _positions(spades.PRESETS[preset](), seed, True)[:12]:
            result = rollout(state, _replaced_on_the_object(seed, method))
            last = step_by_step(state, _replaced_on_the_object(seed, method)).sheet[-1]
            assert (result.tricks, result.score) == (last.tricks, last.result), (preset, seed, state.phase)


class _Misbehaving:
    """An executor whose map gets its results wrong in one of the ways a
    caller's own executor might."""

    def __init__(self, how: str) -> None:
        self.how = how

    def map(self, function: Callable[..., Any], chunks: Iterable[Any]) -> Any:
        results = [function(chunk) for chunk in chunks]
        if self.how == "none":
            return None
        if self.how == "drops":
            return results[:-1]
        if self.how == "repeats":
            return results + results[:1]
        if self.how == "reverses":
            return results[::-1]
        if self.how == "garbage":
            return [("x",)] * len(results)
        if self.how == "short rows":
            return [tuple(row[:2] for row in part) for part in results]
        return iter(results)  # "fine": an iterator, as concurrent.futures returns


@pytest.mark.parametrize("how", ["none", "drops", "repeats", "reverses", "garbage", "short rows"])
def test_an_executor_that_gets_its_results_wrong_is_named(how: str) -> None:
    # A map that returned None, dropped, repeated or reordered its results,
    # or returned rows of another shape, raised a bare TypeError or
    # ValueError, or gave a wrong number of rows in silence.
    from spades.bots import random_bot
    from spades.match import play_match

    rules = Rules.partnership(losing_floor=-100)
    with pytest.raises(ArgumentError, match="_Misbehaving.map returned|the executor's map returned"):
        simulate(rules, hands=4, seed=3, executor=_Misbehaving(how), chunk_size=1)
    with pytest.raises(ArgumentError, match="_Misbehaving.map returned|the executor's map returned"):
        play_match([random_bot, random_bot], rules, games=4, seed=3, executor=_Misbehaving(how), chunk_size=1)
    good = _Misbehaving("fine")
    assert simulate(rules, hands=4, seed=3, executor=good, chunk_size=1) == simulate(rules, hands=4, seed=3)
    assert play_match([random_bot, random_bot], rules, games=4, seed=3, executor=good, chunk_size=1).players == \
        play_match([random_bot, random_bot], rules, games=4, seed=3).players


class _BuiltinMap:
    """An executor whose map is the built-in one (a StopIteration raised in
    a call would end its results)."""

    def map(self, function: Callable[[Any], Any], iterable: Iterable[Any]) -> Any:
        return map(function, iterable)


def test_a_player_raising_stop_iteration_is_named_not_taken_for_lost_games() -> None:
    # A map takes a StopIteration for the end of its results: the games
    # would seem lost by the executor.  It is raised as a RuntimeError.
    def stopping(state: GameState, rng: random.Random) -> Any:
        raise StopIteration

    with ThreadPoolExecutor(2) as pool:
        for executor in (None, _BuiltinMap(), pool):
            with pytest.raises(RuntimeError, match="^StopIteration was raised while playing the games") as caught:
                spades.simulate(Rules.partnership(), 2, seed=1, players=[stopping] * 4, executor=executor)
            assert type(caught.value.__cause__) is StopIteration

    def stopping_bot(view: Any, rng: random.Random) -> Any:
        raise StopIteration

    with pytest.raises(RuntimeError, match="^StopIteration was raised while playing the games"):
        spades.match.play_match([stopping_bot, spades.bots.random_bot], Rules.partnership(), 2, 1)
    # The same in the entry points that play one game or one rollout: a
    # loop or a map around them would take it for their own end.
    for call in (lambda: spades.bots.play_game(Rules.partnership(), [stopping_bot] * 4, seed=1),
                 lambda: spades.rollout(new_game(Rules.partnership(), seed=1), random.Random(1), stopping)):
        with pytest.raises(RuntimeError, match="^StopIteration was raised while playing the games") as caught:
            call()
        assert type(caught.value.__cause__) is StopIteration
    games = (lambda seed: spades.bots.play_game(Rules.partnership(), [stopping_bot] * 4, seed=seed))
    with pytest.raises(RuntimeError):
        list(map(games, range(3)))  # not an empty list: no game seems lost


class _Rewriting:
    """An executor that rewrites every row the work returns."""

    def __init__(self, edit: Callable[[tuple[Any, ...]], tuple[Any, ...]]) -> None:
        self.edit = edit

    def map(self, function: Callable[[Any], Any], chunks: Iterable[Any]) -> Any:
        return [tuple(self.edit(row) for row in function(chunk)) for chunk in chunks]


def test_an_executors_rows_must_be_hands_and_games_of_the_rules() -> None:  # P-1, V-10, C-8, S-9
    """A row no hand or game under the rules gives (tricks of another
    number of seats or not making a hand, points or scores of another
    number of sides, a winner that is no side) is an ArgumentError naming
    the executor, not a result."""
    rules = Rules.partnership(losing_floor=-200)
    edits: list[Callable[[tuple[Any, ...]], tuple[Any, ...]]] = [
        lambda r: (r[0], r[1][:2], r[2]), lambda r: (r[0], (13, 13, 13, 13), r[2]), lambda r: (r[0], (14, 0, 0, 0), r[2]),
        lambda r: (r[0], r[1], r[2] + (0,)), lambda r: (r[0], list(r[1]), r[2]), lambda r: (r[0], r[1], (True, 0)),
    ]
    for edit in edits:
        with pytest.raises(ArgumentError, match=r"^_Rewriting\.map returned .*: not the row of a hand under these rules"):
            spades.simulate(rules, hands=2, seed=1, executor=_Rewriting(edit))
    for edit in (lambda r: r[:3] + (2,), lambda r: r[:3] + (None,), lambda r: (r[0], 0) + r[2:], lambda r: r[:2] + ((0,),) + r[3:]):
        with pytest.raises(ArgumentError, match=r"^_Rewriting\.map returned .*: not the row of a game under these rules"):
            spades.simulate(rules, games=1, seed=1, executor=_Rewriting(edit))
    assert spades.simulate(rules, hands=2, seed=1, executor=_Rewriting(lambda r: r)) == spades.simulate(rules, hands=2, seed=1)


def test_simulates_refusals_say_what_is_wrong() -> None:
    rules = Rules.partnership()
    with pytest.raises(ArgumentError, match="^players: give 4 policies, one a seat, not 3$"):
        spades.simulate(rules, hands=1, seed=1, players=[random_action] * 3)
    for size in (0, -1, 10**10):
        with pytest.raises(ArgumentError, match=r"^chunk_size is from 1 to 1,000,000,000, got "):
            spades.simulate(rules, hands=1, seed=1, chunk_size=size)
