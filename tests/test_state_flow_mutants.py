"""Gaps in the tests of the hand's flow in ``spades.state`` found by a
mutation run (tests/MUTANTS.md): ``!=`` between states; the words of
``sample_chance``'s refusals; the draft's refusals and Double Nil in the
draft, the bidding, a pickle and a rollout when it depends on the scores
(V-3); the first draft action of a seeded two-player game not dealt yet;
the tricks won during the draft; ``new_game``'s default rules, its
refusal and its bounded memory of rules; a state's ``repr``; and the
first trick's rule for a seat
void in the suit led (V-7), on the first trick and after it, in a pickle
and in a rollout from the middle of a trick."""

from __future__ import annotations

import pickle
import random
from typing import Any
from unittest import mock

import pytest

import spades.state as state_module

from spades import (
    ArgumentTypeError,
    Bid,
    Draft,
    GameState,
    IllegalActionError,
    Phase,
    Reason,
    Rules,
    RulesTypeError,
    new_game,
    rollout,
)
from spades.bots import random_action

from _games import seeded_hands, step_by_step, void_with_a_choice


def _trailing(rules: Rules, phase: Phase, count: int) -> list[GameState]:
    """``count`` states of ``phase`` (at its first step in a hand) of seeded
    random games of ``rules`` where a side trails by at least
    ``rules.double_nil_trailing_by``."""
    found = []
    for seed in range(300):
        for state in seeded_hands(rules, seed, 6)[0]:
            if state.phase == phase and not any(state.bids) and state.sheet:
                if max(state.scores) - min(state.scores) >= rules.double_nil_trailing_by:  # type: ignore[operator]
                    found.append(state)
                    break
        if len(found) == count:
            return found
    raise AssertionError("too few games where a side trails")


def _tricks_with_a_void(rules: Rules, count: int) -> list[GameState]:
    """States in the middle of a trick where a seat yet to play to it (the
    one to play now or one after it) is void in the suit led and holds
    spades and other cards (V-7 lets it play a spade on any trick but the
    first): ``count`` on the first trick and ``count`` on later ones, found
    in seeded random games."""
    first: list[GameState] = []
    later: list[GameState] = []
    players = rules.players
    for seed in range(1000):
        for state in seeded_hands(rules, seed, 1)[0]:
            if state.phase != Phase.PLAY or not state.trick:
                continue
            found = first if not any(state.tricks_won) else later
            yet_to_play = [(state.turn + step) % players for step in range(players - len(state.trick))]  # type: ignore[operator]
            if len(found) < count and any(void_with_a_choice(state, seat) for seat in yet_to_play):
                found.append(state)
        if len(first) == len(later) == count:
            return first + later
    raise AssertionError("too few tricks with a void seat")


def test_not_equal_is_the_opposite_of_equal() -> None:
    a, b, c = new_game(seed=1), new_game(seed=1), new_game(seed=2)
    assert a is not b
    assert (a != b) is False and (a == b) is True
    assert (a != c) is True and (a == c) is False
    assert (a != 3) is True and a.__ne__(3) is NotImplemented and a.__ne__(b) is False


def test_sample_chance_names_itself_and_the_phase() -> None:  # T-2
    state = new_game(Rules.two_player(), seed=1)
    with pytest.raises(ArgumentTypeError, match=r"^sample_chance needs a random\.Random, got str$"):
        state.sample_chance("x")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"^no chance step is pending in phase DRAFT \(rule T-2\)$"):
        state.sample_chance(random.Random(0))


def test_the_draft_refuses_a_bid_and_anything_else_by_name() -> None:  # T-4
    state = new_game(Rules.two_player(), seed=1)
    with pytest.raises(IllegalActionError, match=r"^cannot bid 3 during the draft: bidding follows it \(rule T-4\)$"):
        state.apply(Bid(3))
    for thing in ("keep", 3, None):
        with pytest.raises(IllegalActionError) as raised:
            state.apply(thing)  # type: ignore[arg-type]
        assert raised.value.reason == Reason.NOT_AN_ACTION


def test_a_replacement_step_refuses_another_action_by_name() -> None:  # T-6
    rules = Rules.two_player()
    rng = random.Random(5)
    for seed in range(200):
        state = new_game(rules)
        while not state.sheet and state.phase != Phase.REPLACE:
            state = state.apply(state.sample_chance(rng) if state.is_chance else random_action(state, rng))
        if state.phase == Phase.REPLACE:
            break
    assert state.phase == Phase.REPLACE
    with pytest.raises(IllegalActionError) as raised:
        state.apply(Bid(3))
    assert raised.value.reason == Reason.WRONG_PHASE and str(raised.value).startswith("Bid 3 ")


def test_the_first_draft_action_of_a_seeded_game_not_dealt_yet() -> None:  # T-2, T-3
    for action in (Draft.KEEP, Draft.REJECT):
        fresh = new_game(Rules.two_player(), seed=4)
        read = new_game(Rules.two_player(), seed=4)
        assert read.legal_actions()[:2] == (Draft.KEEP, Draft.REJECT)
        assert fresh.apply(action) == read.apply(action)
        assert fresh.apply(action).history == read.apply(action).history == (read.history[0], action)


def test_no_trick_is_won_before_the_play() -> None:  # C-7, T-2
    for state in seeded_hands(Rules.two_player(), 2, 1)[0]:
        if state.phase != Phase.PLAY and not state.sheet:
            assert state.tricks_won == (0, 0), state.phase
        elif state.phase == Phase.PLAY:
            break


def test_double_nil_in_the_draft_follows_the_scores() -> None:  # V-3, T-6
    rules = Rules.two_player(double_nil_trailing_by=100)
    start = new_game(rules, seed=1)
    assert Bid.DOUBLE_NIL not in start.legal_actions()
    with pytest.raises(IllegalActionError, match=r"trail by at least 100 points \(rule V-3\)"):
        start.apply(Bid.DOUBLE_NIL)
    for state in _trailing(rules, Phase.DRAFT, 3):
        seat = state.turn
        assert seat is not None
        trails = state.scores[seat] < state.scores[1 - seat]
        assert (Bid.DOUBLE_NIL in state.legal_actions()) is trails
        assert pickle.loads(pickle.dumps(state)).legal_actions() == state.legal_actions()
        if trails:
            assert state.apply(Bid.DOUBLE_NIL).bids[state.turn] == Bid.DOUBLE_NIL  # type: ignore[index]
            assert state.apply(Bid(0, double_nil=True)) == state.apply(Bid.DOUBLE_NIL)  # not one handed out
        else:
            with pytest.raises(IllegalActionError, match=r"rule V-3"):
                state.apply(Bid.DOUBLE_NIL)


def test_double_nil_in_the_bidding_follows_the_scores() -> None:  # V-3
    rules = Rules.partnership(double_nil_trailing_by=100)
    start = new_game(rules, seed=1)
    with pytest.raises(IllegalActionError, match=r"rule V-3"):
        start.apply(Bid.DOUBLE_NIL)
    checked = 0
    for state in _trailing(rules, Phase.BID, 4):
        side = rules.side_of[state.turn]  # type: ignore[index]
        trails = state.scores[side] < state.scores[1 - side]
        assert (Bid.DOUBLE_NIL in state.legal_actions()) is trails
        assert pickle.loads(pickle.dumps(state)).legal_actions() == state.legal_actions()
        if trails:  # a Double Nil not the one the state handed out is checked in full
            assert state.apply(Bid(0, double_nil=True)) == state.apply(Bid.DOUBLE_NIL)
        else:
            with pytest.raises(IllegalActionError, match=r"rule V-3"):
                state.apply(Bid.DOUBLE_NIL)
        # A rollout of the bidding draws from the legal bids of these scores.
        for seed in range(20):
            result = rollout(state, random.Random(seed))
            after = step_by_step(state, random.Random(seed))
            assert (result.tricks, result.score) == (after.sheet[-1].tricks, after.sheet[-1].result)
            checked += 1
    assert checked == 80


@pytest.mark.parametrize(
    "rules", [Rules(no_spades_first_trick=True), Rules(no_spades_first_trick=True, deck="jokers")],
    ids=["standard", "jokers"],
)
def test_a_seat_void_in_the_suit_led_in_a_pickle_and_a_rollout(rules: Rules) -> None:  # V-7, C-5
    """On the first trick a seat void in the suit led may not play a spade
    while it holds another card; on later tricks it may: a pickle works out
    the same legal cards, and a rollout from the middle of the trick draws
    from the legal cards of each seat after it as ``apply()`` allows them."""
    spades = rules.suit_masks[3]
    for state in _tricks_with_a_void(rules, 4):
        legal = state.legal_actions()
        held = state.hand(state.turn).mask  # type: ignore[arg-type]
        if any(state.tricks_won) and not held & rules.suit_masks[rules.suit_of[state.trick[0]]]:
            assert any(spades >> card & 1 for card in legal)  # type: ignore[operator]
        again = pickle.loads(pickle.dumps(state))
        assert again == state and again.legal_actions() == legal
        for seed in range(10):
            result = rollout(state, random.Random(seed))
            after: Any = step_by_step(state, random.Random(seed))
            assert (result.tricks, result.score) == (after.sheet[-1].tricks, after.sheet[-1].result)


def test_new_game_takes_the_partnership_rules_by_default_and_names_what_is_not_rules() -> None:  # P-1
    assert new_game(seed=3) == new_game(Rules.partnership(), seed=3)
    assert new_game().rules == Rules.partnership() and new_game().is_chance
    with pytest.raises(RulesTypeError, match=r"^new_game needs a Rules value, got 'partnership'$"):
        new_game("partnership")  # type: ignore[arg-type]


def test_the_memory_of_the_rules_new_games_read_stays_bounded() -> None:
    """New games under ever new rules values keep the facts of at most
    ``_KEPT_FACTS_LIMIT`` of them (the memory is emptied when full), and
    each game is still its rules' game."""
    limit = state_module._KEPT_FACTS_LIMIT
    with mock.patch.dict(state_module._KEPT_FACTS, clear=True):
        for target in range(100, 100 + limit + 2):
            rules = Rules(target=target)
            game = new_game(rules, seed=1)
            assert game.rules is rules and game.hands == new_game(Rules.partnership(), seed=1).hands
            assert len(state_module._KEPT_FACTS) <= limit
        assert 0 < len(state_module._KEPT_FACTS) < limit


def test_a_state_shows_its_hand_phase_turn_scores_and_bags() -> None:
    assert repr(new_game(seed=1)) == "<GameState hand 0 BID turn 1 scores (0, 0) bags (0, 0)>"
    assert repr(new_game()) == "<GameState hand 0 DEAL turn - scores (0, 0) bags (0, 0)>"
    state = new_game(Rules.two_player(), seed=4)
    assert repr(state) == f"<GameState hand 0 DRAFT turn {state.turn} scores (0, 0) bags (0, 0)>"
    assert repr(state.apply(Draft.KEEP)).endswith(f"DRAFT turn {1 - state.turn} scores (0, 0) bags (0, 0)>")  # type: ignore[operator]
