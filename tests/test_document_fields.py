"""The document writers' one-call read of a state (``spades.state.document_fields``)
and the loaders' read of the hand's history (``history_size_and_first``)
against the state's own properties, over whole random games of every preset:
the draft (T-2, T-3), the bidding, the play (C-5..C-8), the score sheet and the
game's end (S-9)."""

from __future__ import annotations

import random

from spades import Rules, new_game
from spades.state import GameState, document_fields, history_size_and_first


def _properties(state: GameState) -> tuple[object, ...]:
    return (
        state.phase, state.turn, state.dealer, state.hand_number, tuple(hand.mask for hand in state.hands),
        state.bids, state.trick, state.leader, state.first_leader, state.tricks_won, state.spades_broken,
        state.discard_pile.mask, state.top_of_stock, state.stock_left, state.scores, state.bags, state.winner,
    )


def test_the_fields_are_the_properties_in_every_state_of_whole_games() -> None:
    """S-9: each game is played to its end (a low target, so random bids end it)."""
    presets = [Rules.partnership(target=150, losing_floor=-150), Rules.two_player(target=150, losing_floor=-150), Rules.openspiel(losing_floor=-150), Rules.pagat(target=150, losing_floor=-150),
               Rules(players=3, target=150, losing_floor=-150), Rules(players=4, partners=False, target=150, losing_floor=-150), Rules(deck="jokers", target=150, losing_floor=-150)]
    overs = 0
    for rules in presets:
        for seed in range(2):
            rng = random.Random(seed)
            state = new_game(rules, seed=seed)
            while True:
                fields = document_fields(state)
                assert fields == _properties(state), (rules, seed, len(state.history))
                assert [type(value) for value in fields] == [type(value) for value in _properties(state)]
                history = state.history
                assert history_size_and_first(state) == (len(history), history[0] if history else None)
                if state.is_over:
                    overs += 1
                    break
                if len(state.sheet) >= 40:
                    break
                state = state.apply(rng.choice(state.legal_actions()))
    assert overs == 2 * len(presets)  # every game reaches its end


def test_an_unseeded_game_at_its_chance_steps() -> None:
    """P-2: a state waiting for its deal (turn None), then dealt."""
    for rules in (Rules.partnership(), Rules.two_player()):
        state = new_game(rules)
        assert document_fields(state) == _properties(state)
        assert history_size_and_first(state) == (0, None) and state.history == ()
        state = state.apply(state.sample_chance(random.Random(3)))
        assert document_fields(state) == _properties(state)
        assert history_size_and_first(state) == (1, state.history[0])
