"""Hypothesis properties over random hands and games, for every rule set.

Every test runs the one invariant checker of ``invariants.py`` (which
recomputes trick winners, legal plays, scores and the end of the game from
the rules text) over random playouts.  ``CORE_RULES`` are the two games of
the sources and get the most examples; ``ALL_RULES`` adds every preset in
:data:`spades.PRESETS`, so a new preset is checked as soon as it exists.
Add a rule set here to have it checked too.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    PRESETS,
    Bid,
    Card,
    CardSet,
    Deal,
    Draft,
    Exchange,
    GameState,
    Phase,
    Rules,
    legal_plays,
    new_game,
    score_hand,
    trick_winner,
)
from spades.bots import simple_action
from spades.rules import Boston

from invariants import (
    apply_checked,
    check_actions,
    check_state,
    play_to_end,
    playout,
    ref_legal_cards,
    ref_score,
    ref_side_of,
    ref_trick_winner,
    snapshot,
)

CORE_RULES: dict[str, Rules] = {
    "partnership": Rules.partnership(),
    "two-player": Rules.two_player(),
}
ALL_RULES: dict[str, Rules] = {**CORE_RULES, **{name: PRESETS[name]() for name in sorted(PRESETS)}}


def with_floor(rules: Rules) -> Rules:
    """Whole random games need a losing floor: random bids fail and scores
    drift down forever without one (V-1)."""
    return rules if rules.losing_floor is not None else rules.replace(losing_floor=-200)


seeds = st.integers(min_value=0, max_value=2**32 - 1)
# The expensive properties take a share of the profile's examples.
_PROFILE = settings.default
FEW = max(5, (_PROFILE.max_examples if _PROFILE is not None else 50) // 5)


# -- Random hands: the full checker on every step -----------------------------------


@pytest.mark.parametrize("name", sorted(CORE_RULES))
@given(seed=seeds, seeded=st.booleans())
def test_random_hands_keep_every_invariant(name: str, seed: int, seeded: bool) -> None:
    # C-4..C-8 (legal plays, winners, 13 tricks, every card once), P-3..P-8,
    # T-2..T-8 (turn order, draft, exchanges), S-1..S-9 (the score sheet).
    rules = CORE_RULES[name]
    states = list(playout(rules, seed, hands=1, seeded=seeded, double_nil=0.3))
    final = states[-1]
    row = final.sheet[0]
    cards = [a for a in row.actions if isinstance(a, Card)]
    assert len(cards) == len(set(cards)) == rules.players * rules.hand_size  # every card once
    assert sum(row.tricks) == rules.hand_size == 13  # C-8


@pytest.mark.parametrize("name", sorted(ALL_RULES))
@settings(max_examples=FEW)
@given(seed=seeds)
def test_random_hands_every_preset(name: str, seed: int) -> None:
    # Every step is checked by the invariant checker as it is played.
    play_to_end(ALL_RULES[name], seed, hands=1, double_nil=0.3, check_all_actions=0.05)


@pytest.mark.parametrize("name", sorted(CORE_RULES))
@settings(max_examples=FEW)
@given(seed=seeds)
def test_legal_actions_apply_and_everything_else_is_refused(name: str, seed: int) -> None:
    # Every listed action applies and its successor checks; every other card,
    # bid or draft choice is refused and leaves the state unchanged.
    rng = random.Random(seed)
    for state in playout(CORE_RULES[name], seed, hands=1, double_nil=0.3, check=False):
        if state.phase in (Phase.EXCHANGE, Phase.DISCARD) and rng.random() < 0.8:
            continue  # hundreds of exchanges: check a few
        if rng.random() < 0.35:
            check_actions(state)


# -- Whole games --------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ALL_RULES))
@settings(max_examples=FEW)
@given(seed=seeds, seeded=st.booleans())
def test_whole_games_end_with_a_winner(name: str, seed: int, seeded: bool) -> None:  # S-9, V-1
    rules = with_floor(ALL_RULES[name])
    final = play_to_end(rules, seed, hands=None, seeded=seeded, double_nil=0.2)
    assert final.winner is not None and final.turn is None and final.legal_actions() == ()
    top = max(final.scores)
    assert final.scores[final.winner] == top and final.scores.count(top) == 1  # S-9
    for row in final.sheet:
        assert all(0 <= b < rules.bags_per_penalty for b in row.result.total_bags)  # S-8
    # Scores change by exactly what the sheet says.
    running = [0] * len(rules.sides)
    for row in final.sheet:
        running = [r + p for r, p in zip(running, row.result.points)]
        assert tuple(running) == row.result.scores


@pytest.mark.parametrize("name", sorted(CORE_RULES))
@settings(max_examples=3)
@given(seed=seeds)
def test_games_played_to_the_target(name: str, seed: int) -> None:  # C-2, S-8, S-9, P-8, T-8
    # Sensible bids make contracts, so these games reach 500 with no floor.
    rules = CORE_RULES[name]
    final = play_to_end(rules, seed, hands=None, policy=simple_action)
    assert final.winner is not None
    assert final.scores[final.winner] >= rules.target  # C-2
    assert sorted(final.scores)[-2] < final.scores[final.winner]  # S-9
    before_last = final.sheet[-2].result.scores if len(final.sheet) > 1 else (0,) * len(rules.sides)
    assert max(before_last) < rules.target or before_last.count(max(before_last)) > 1  # S-9


@pytest.mark.parametrize("name", sorted(CORE_RULES))
@settings(max_examples=FEW)
@given(seed=seeds)
def test_same_seed_same_game(name: str, seed: int) -> None:
    rules = with_floor(CORE_RULES[name])
    first = play_to_end(rules, seed, hands=None, seeded=True, check=False, double_nil=0.3)
    second = play_to_end(rules, seed, hands=None, seeded=True, check=False, double_nil=0.3)
    assert first == second and hash(first) == hash(second)
    # Replaying the record (chance steps included) into an unseeded game
    # gives the same sheet, hand by hand.
    replay = new_game(rules)
    for row in first.sheet:
        for action in row.actions:
            replay = replay.apply(action)
    check_state(replay)
    assert replay.sheet == first.sheet and replay.is_over and replay.winner == first.winner


@pytest.mark.parametrize("name", sorted(CORE_RULES))
@settings(max_examples=FEW)
@given(seed=seeds)
def test_unseeded_game_with_sampled_chance_is_reproducible(name: str, seed: int) -> None:
    rules = CORE_RULES[name]
    first = play_to_end(rules, seed, hands=1, check=False)
    second = play_to_end(rules, seed, hands=1, check=False)
    assert first == second


# -- apply never mutates -----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(CORE_RULES))
@settings(max_examples=FEW)
@given(seed=seeds)
def test_apply_never_changes_the_state_it_is_given(name: str, seed: int) -> None:
    rng = random.Random(seed)
    states = list(playout(CORE_RULES[name], seed, hands=1, check=False))
    for state in rng.sample(states, min(8, len(states))):
        before = snapshot(state)
        for action in state.legal_actions()[:20]:
            state.apply(action)
            assert snapshot(state) == before


# -- Two-player draft ----------------------------------------------------------------------


@given(seed=seeds, choices=st.lists(st.booleans(), min_size=26, max_size=26))
def test_draft_partitions_the_deck(seed: int, choices: list[bool]) -> None:  # T-2, T-3
    state = new_game(Rules.two_player())
    state = apply_checked(state, state.sample_chance(random.Random(seed)))
    for keep in choices:
        top = state.top_of_stock
        assert top is not None
        seat = state.turn
        assert seat is not None
        state = apply_checked(state, Draft.KEEP if keep else Draft.REJECT)
        assert (top in state.hand(seat)) == keep  # T-2
        assert (top in state.discard_pile) != keep
    assert state.phase is Phase.BID
    hands = state.hand(0), state.hand(1)
    assert len(hands[0]) == len(hands[1]) == 13  # T-3
    assert len(state.discard_pile) == 26
    assert hands[0] | hands[1] | state.discard_pile == CardSet(Rules.two_player().deck_mask)


# -- Arranged hands: what random play seldom reaches ---------------------------------------


def boston_deal(rules: Rules) -> Deal:
    """Seat 0 holds every spade (and, with three players, the red aces and the
    top clubs): leading its highest card each time, it takes every trick."""
    # Suits in the order spades, hearts, diamonds, clubs.
    taker = CardSet.parse("AKQJT98765432.A.A.AK" if rules.players == 3 else "AKQJT98765432...")
    rest = [c for c in CardSet(rules.deck_mask) if c not in taker]
    size = rules.hand_size
    return Deal((taker, *(CardSet.from_cards(rest[i * size : (i + 1) * size]) for i in range(rules.players - 1))))


def play_arranged_hand(state: GameState, deal: Deal, bid: Callable[[GameState], Bid] | None = None) -> GameState:
    """Deal ``deal`` and play the hand out, every step checked: seat 0 plays
    its highest legal card, the others their lowest; ``bid`` chooses bids
    (else the first legal one)."""
    rows = len(state.sheet)
    state = apply_checked(state, deal)
    while len(state.sheet) == rows:
        actions = state.legal_actions()
        if state.phase is Phase.BID and bid is not None:
            action: object = bid(state)
        elif state.phase is Phase.PLAY and state.turn == 0:
            action = actions[-1]
        else:
            action = actions[0]
        state = apply_checked(state, action)
    return state


@pytest.mark.parametrize("boston", ["none", "bonus", "win"])
@pytest.mark.parametrize("players", [4, 3])
def test_a_boston_is_checked(boston: Boston, players: int) -> None:  # V-8, S-9, V-10
    # Seat 0 leads to the first trick and takes all 13 (17) tricks.
    rules = Rules(players=players, partners=players == 4, first_dealer=players - 1, boston=boston)
    state = play_arranged_hand(new_game(rules), boston_deal(rules))
    row = state.sheet[0]
    assert row.tricks[0] == rules.hand_size and row.result.sides[0].boston
    assert state.is_over == (boston == "win")
    if boston == "win":
        assert state.winner == 0


def test_double_nil_exactly_at_the_trailing_margin_is_checked() -> None:  # V-3, P-6
    # A first hand leaves the sides apart; with that gap as the margin of
    # V-3, the trailing side may bid Double Nil in the second hand, and one
    # of its players does (so that the partners exchange, P-6).
    deal = boston_deal(Rules())
    rules = Rules(first_dealer=3)
    first = play_arranged_hand(new_game(rules), deal)
    gap = abs(first.scores[0] - first.scores[1])
    assert gap > 0
    trailing = 0 if first.scores[0] < first.scores[1] else 1
    rules = rules.replace(double_nil_trailing_by=gap)
    state = play_arranged_hand(new_game(rules), deal)
    assert state.scores == first.scores

    def bid(state: GameState) -> Bid:
        seat = state.turn
        assert seat is not None
        if ref_side_of(rules, seat) == trailing and Bid.DOUBLE_NIL not in state.bids:
            assert state.double_nil_open(seat)
            return Bid.DOUBLE_NIL
        first = state.legal_actions()[0]
        assert isinstance(first, Bid)
        return first

    state = play_arranged_hand(state, deal, bid)
    assert state.sheet[1].bids.count(Bid.DOUBLE_NIL) == 1
    assert any(isinstance(action, Exchange) for action in state.sheet[1].actions)


# -- Pure functions against the rules text -------------------------------------------------

DECK_RULES = [Rules.partnership(), PRESETS["jokers"](), PRESETS["joker-joker-deuce-deuce"]()]


@given(data=st.data(), rules_index=st.integers(0, len(DECK_RULES) - 1), size=st.sampled_from([2, 3, 4]))
def test_trick_winner_is_highest_spade_else_highest_of_led_suit(
    data: st.DataObject, rules_index: int, size: int
) -> None:  # C-7, V-9
    rules = DECK_RULES[rules_index]
    deck = list(CardSet(rules.deck_mask))
    played = data.draw(st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True))
    position = trick_winner(played, rules)
    assert position == ref_trick_winner(played, rules)
    winner = played[position]
    if any(rules.suit_of[c] == 3 for c in played):
        assert rules.suit_of[winner] == 3
    else:
        assert rules.suit_of[winner] == rules.suit_of[played[0]]
        if rules.deck == "standard":
            same = [c for c in played if c.suit == played[0].suit]
            assert winner.rank == max(c.rank for c in same)


@given(
    cards=st.sets(st.integers(0, 51), min_size=1, max_size=13),  # a hand of the game (C-8, P-2)
    led=st.one_of(st.none(), st.integers(0, 51)),
    broken=st.booleans(),
)
def test_legal_plays_follow_c4_c5(cards: set[int], led: int | None, broken: bool) -> None:  # C-4, C-5
    hand = CardSet(sum(1 << card for card in cards))
    trick = [] if led is None or led in hand else [Card(led)]
    allowed = legal_plays(hand, trick, broken)
    assert allowed
    assert allowed <= hand
    expected = ref_legal_cards(frozenset(int(c) for c in hand), [int(c) for c in trick], broken, Rules(), False)
    assert frozenset(int(c) for c in allowed) == expected


bid_values = st.one_of(st.integers(0, 13).map(Bid), st.just(Bid.DOUBLE_NIL))


@given(data=st.data(), name=st.sampled_from(sorted(CORE_RULES)))
def test_score_hand_matches_the_rules_text(data: st.DataObject, name: str) -> None:  # S-1..S-8
    rules = CORE_RULES[name]
    n = rules.players
    bids = data.draw(st.lists(bid_values, min_size=n, max_size=n))
    cuts = sorted(data.draw(st.lists(st.integers(0, 13), min_size=n - 1, max_size=n - 1)))
    tricks = [b - a for a, b in zip([0] + cuts, cuts + [13])]
    sides = len(rules.sides)
    scores = data.draw(st.lists(st.integers(-1000, 1000), min_size=sides, max_size=sides))
    bags = data.draw(st.lists(st.integers(0, 9), min_size=sides, max_size=sides))
    result = score_hand(bids, tricks, rules, scores=scores, bags=bags)
    expected = ref_score(rules, bids, tricks, scores, bags)
    for index, (side, mine) in enumerate(zip(result.sides, expected)):
        assert (side.points, side.bags, side.total_bags, side.score) == (
            mine.points, mine.bags, mine.total_bags, mine.score
        )
        assert 0 <= side.total_bags <= 9  # S-8
        # The parts of the hand's score, each by the rules text.
        members = rules.sides[index]
        contract = sum(bids[s].tricks for s in members)  # P-4: Nil counts 0
        counted = sum(tricks[s] for s in members if not bids[s].is_nil)  # S-6, S-7
        assert side.contract == contract
        assert side.contract_points == (10 if counted >= contract else -10) * contract  # S-1, S-3, S-5
        nil = sum(
            (rules.double_nil_bonus if bids[s].double_nil else rules.nil_bonus) * (1 if tricks[s] == 0 else -1)
            for s in members
            if bids[s].is_nil
        )
        assert side.nil_points == nil  # P-5, P-6, T-5, T-6, S-4
        assert side.bag_points == mine.bags * rules.bag_points  # S-1: a point a bag
        assert side.penalty_points == -rules.bag_penalty * ((bags[index] + mine.bags) // rules.bags_per_penalty)  # S-8
        assert side.bonus_points == 0  # no Boston bonus in the sources' games (V-8)
