"""Random games for the view, serialisation, record and fuzz tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from spades import PRESETS as NAMED_PRESETS
from spades import Bid, GameState, Phase, Rules, Suit, new_game, seat_view
from spades.match import match_seeds
from spades.actions import Action, Exchange
from spades.bots import random_action

# Every named preset, and a few more variants; whole random games need a
# losing floor (random bids drift scores down).
PRESETS: dict[str, Rules] = {name: Rules.preset(name, losing_floor=-200) for name in NAMED_PRESETS}
PRESETS.update(
    {
        "two-of-clubs": Rules.partnership(losing_floor=-200, first_lead="two-of-clubs", no_spades_first_trick=True),
        "cutthroat-3-no-2c": Rules(players=3, three_player_deck="remove-two-of-clubs", losing_floor=-200),
        "two-player-2": Rules.two_player(losing_floor=-200, double_nil_exchange=2, first_dealer=1),
    }
)

presets = st.sampled_from(sorted(PRESETS))
seeds = st.integers(min_value=0, max_value=2**32)


def play(rules: Rules, seed: int, *, seeded: bool, double_nil: float = 0.25, limit: int = 10_000) -> list[GameState]:
    """Every state of one random game (Double Nil bid often, to exercise the
    exchanges); chance steps are drawn from the seed when ``seeded`` is false."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed if seeded else None)
    states = [state]
    while not state.is_over and len(states) < limit:
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            if Bid.DOUBLE_NIL in actions and rng.random() < double_nil:
                state = state.apply(Bid.DOUBLE_NIL)
            else:
                state = state.apply(rng.choice(actions))
        states.append(state)
    return states


def sample(states: list[GameState], seed: int, count: int) -> list[GameState]:
    """A few states of a game, always with the first and the last."""
    rng = random.Random(seed)
    picked = rng.sample(states[1:-1], min(count, max(0, len(states) - 2)))
    return [states[0], *picked, states[-1]]


def two_player_hand(seed: int, discarded: int, declarers: tuple[int, ...], left: int) -> GameState:
    """A seeded two-player hand where each of ``declarers`` declared Double
    Nil in the draft and discarded ``discarded`` cards (T-6), the other
    choices drawn at random, stopped with ``left`` tricks to play."""
    rng = random.Random(seed)
    state = new_game(Rules.two_player(), seed=seed)
    while not (state.phase is Phase.PLAY and len(state.hand(0)) == left and not state.trick):
        legal = state.legal_actions()
        if state.phase is Phase.DRAFT and state.turn in declarers and Bid.DOUBLE_NIL in legal:
            action: Action = Bid.DOUBLE_NIL
        elif state.phase is Phase.DISCARD:
            action = rng.choice([e for e in legal if isinstance(e, Exchange) and len(e.cards) == discarded])
        else:
            action = rng.choice([a for a in legal if a != Bid.DOUBLE_NIL])
        state = state.apply(action)
    return state


def step_by_step(
    state: GameState,
    rng: random.Random,
    policy: Callable[[GameState, random.Random], Action] | None = None,
    *,
    game: bool = False,
) -> GameState:
    """The step-by-step loop that ``spades.rollout`` must match:
    ``state = state.apply(policy(state, rng))`` (the policy by default
    ``random_action``) until the hand in progress, or with ``game`` the
    game, is over."""
    act = random_action if policy is None else policy
    done = len(state.sheet)
    while not state.is_over and (game or len(state.sheet) == done):
        state = state.apply(act(state, rng))
    return state


def seeded_hands(rules: Rules, seed: int, hands: int) -> tuple[list[GameState], list[Any]]:
    """Every state of a seeded game of ``rules`` played with random legal
    actions (``random.Random(seed).choice``), to the end of its
    ``hands``-th hand or of the game, and its actions."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states, actions = [state], []
    while not state.is_over and state.hand_number < hands:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
        states.append(state)
    return states, actions


def void_with_a_choice(state: GameState, seat: int) -> bool:
    """Whether ``seat`` is void in the suit led to ``state``'s trick in
    progress and holds spades and other cards: the seat whose spades the
    first trick's rule (V-7) holds back, and no other trick does (C-5)."""
    masks = state.rules.suit_masks
    held = state.hand(seat).mask
    spades = held & masks[Suit.SPADES]
    return bool(state.trick) and not held & masks[state.rules.suit_of[state.trick[0]]] and bool(spades and held & ~spades)


def match_one_by_one(players: list[Any], rules: Rules, games: int, seed: int, max_hands: int) -> dict[str, Any]:
    """The match played by hand, as play_match's docstring says it is
    played: deal ``d`` of the match is ``new_game(rules, seed=match_seeds(seed,
    d, rules)[0])``, played once per side; in game ``r`` of the deal player
    ``p`` sits at side ``(p + r) % sides`` (rotated one side along each
    time) and seat ``s`` draws from ``random.Random(match_seeds(...)[1][r][s])``.
    A game stops at its end or after ``max_hands`` hands (won by no one)."""
    count = len(rules.sides)
    deals = games // count
    wins, moves = [0] * count, [0] * count
    per_deal = [[0.0] * deals for _ in range(count)]
    hands = unfinished = 0
    for deal in range(deals):
        game_seed, seat_seeds = match_seeds(seed, deal, rules)
        for rotation in range(count):
            player_at_side = {(player + rotation) % count: player for player in range(count)}
            rngs = [random.Random(each) for each in seat_seeds[rotation]]
            state = new_game(rules, seed=game_seed)
            while not state.is_over and len(state.sheet) < max_hands:
                seat = state.turn
                assert seat is not None
                player = player_at_side[rules.side_of[seat]]
                state = state.apply(players[player](seat_view(state, seat), rngs[seat]))
                moves[player] += 1
            hands += len(state.sheet)
            if state.winner is None:
                unfinished += 1
            else:
                wins[player_at_side[state.winner]] += 1
            for side in range(count):
                per_deal[player_at_side[side]][deal] += state.scores[side] / len(state.sheet) / count
    return {"wins": wins, "moves": moves, "per_deal": per_deal, "hands": hands, "unfinished": unfinished}
