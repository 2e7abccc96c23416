"""The bots' choices against plain references written from their
documentation: the cards each seat has played, the cards :class:`SamplingBot`
tries (one of each run of cards that take the same tricks), the deals it
keeps, its playouts and its choice; :func:`simple_bot`'s bid; and
:func:`play_game`'s sealed protocol over several hands and its refusals in
words.  Gaps a mutation run of ``bots.py`` left (tests/MUTANTS.md)."""

from __future__ import annotations

import functools
import math
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from spades import (
    ArgumentError,
    ArgumentTypeError,
    Bid,
    Card,
    CardSet,
    GameState,
    IllegalActionError,
    Phase,
    Reason,
    Rules,
    RulesTypeError,
    SeatView,
    new_game,
    seat_view,
    trick_winner,
)
from spades import bots
from spades.actions import Action
from spades.bots import SamplingBot, estimate_bid, play_game, player_seed, random_bot, simple_action, simple_bot
from spades.deal import seeded_bytes
from spades.heuristic import hand_tricks, heuristic_bot
from spades.sampling import Deals

from _games import PRESETS

Plays = list[int]  # the mask of the cards each seat has played this hand


def _positions(preset: str, seed: int, *, hands: int, every: int) -> list[tuple[GameState, Plays]]:
    """States of a seeded game under ``preset`` (with a losing floor; simple
    bidders who bid Nil four times in ten, random cards), from hand
    ``hands - 1``'s play: every ``every``-th state where
    the seat to play has two legal cards or more, each with the cards each
    seat played in that hand so far, as the driver saw them played."""
    rules = PRESETS[preset]
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    found: list[tuple[GameState, Plays]] = []
    plays = [0] * rules.players
    count = 0
    while not state.is_over and state.hand_number < hands:
        if state.phase is Phase.PLAY and state.hand_number == hands - 1:
            assert state.turn is not None
            if len(state.legal_actions()) >= 2:
                count += 1
                if count % every == 0:
                    found.append((state, list(plays)))
        action = simple_action(state, rng)
        if type(action) is Bid and Bid.NIL in state.legal_actions() and rng.random() < 0.4:
            action = Bid.NIL  # Nil bidders too: the deals kept fit them otherwise (P-5)
        if type(action) is Card and state.phase is Phase.PLAY:
            assert state.turn is not None
            plays[state.turn] |= 1 << action
        before = state.hand_number
        state = state.apply(action)
        if state.hand_number != before:
            plays = [0] * rules.players
    return found


PRESET_NAMES = sorted(PRESETS)
POSITIONS = {name: _positions(name, 20, hands=2, every=3) for name in PRESET_NAMES}


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_cards_each_seat_has_played(preset: str) -> None:  # C-7, T-7
    positions = POSITIONS[preset]
    assert len(positions) >= 5
    for state, plays in positions:
        assert state.turn is not None
        assert bots._played_by(seat_view(state, state.turn)) == plays


def _stronger(rules: Rules, a: Card, b: Card) -> int:
    """Which of two cards of one suit is the higher: the one that wins a
    trick of the two, the other led (C-7)."""
    return 1 if trick_winner([b, a], rules) == 1 else -1


def _distinct_reference(view: SeatView, legal: Sequence[Card], usual: Action) -> list[Card]:
    """The cards SamplingBot tries, from its documentation: two legal cards
    of a suit with no card still out (not in the seat's hand, not played)
    between them take the same tricks; of each run of such cards the one
    tried is ``usual`` if it is one, else the lowest; runs in the order of
    their lowest cards, by suit then rank."""
    rules = view.rules
    seen = view.hand.mask
    for trick in view.tricks:
        seen |= sum(1 << card for card in trick.cards)
    seen |= sum(1 << card for card in view.trick)
    out = [Card(index) for index in range(rules.deck_mask.bit_length()) if rules.deck_mask >> index & 1 and not seen >> index & 1]
    suit = rules.suit_of
    # A card's run: its suit and how many cards still out of that suit are below it.
    runs: dict[tuple[int, int], list[Card]] = {}
    for card in legal:
        below = sum(1 for other in out if suit[other] == suit[card] and _stronger(rules, other, card) < 0)
        runs.setdefault((suit[card], below), []).append(card)
    result = []
    for key in sorted(runs):
        run = sorted(runs[key], key=functools.cmp_to_key(functools.partial(_stronger, rules)))
        result.append(usual if usual in run else run[0])
    return result


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_cards_the_sampling_player_tries(preset: str) -> None:  # C-5, C-7, V-9
    merged = 0
    for state, _plays in POSITIONS[preset]:
        assert state.turn is not None
        view = seat_view(state, state.turn)
        legal: list[Card] = list(view.legal_actions)  # type: ignore[arg-type]
        usuals: list[Action] = [*legal, Bid(1)]
        for usual in usuals:  # each legal card as the policy's, and none of them
            expected = _distinct_reference(view, legal, usual)
            assert bots._distinct_cards(view, legal, usual) == expected
        merged += len(legal) - len(expected)
    assert merged  # some runs hold more than one card


def _likely_world_reference(view: SeatView, deals: Deals, played: Plays, rng: random.Random) -> GameState:
    """The deal SamplingBot keeps, from its documentation: up to 12 deals
    drawn, each kept with the probability ``fit``, the product over the
    other seats that have bid of ``exp(-miss**2 / 2)``, where ``miss`` is
    how far the seat's hand as dealt (with the cards it played) is worth
    from its bid, or for a Nil or Double Nil bid how far it is worth above
    1.5 tricks; after 12 refusals the best fit (the first of equals)."""
    best: tuple[float, GameState] | None = None
    for _ in range(12):
        world = deals.state(rng)
        fit = 1.0
        for seat, bid in enumerate(view.bids):
            if seat != view.seat and bid is not None:
                worth = hand_tricks(CardSet(world.hand(seat).mask | played[seat]), view.rules)
                miss = max(0.0, worth - 1.5) if bid.tricks == 0 else abs(worth - bid.tricks)
                fit *= math.exp(-miss * miss / 2)
        if rng.random() < fit:
            return world
        if best is None or fit > best[0]:
            best = (fit, world)
    assert best is not None
    return best[1]


def test_some_positions_have_nil_bidders() -> None:  # P-5
    for preset in PRESET_NAMES:
        assert any(Bid.NIL in state.bids for state, _ in POSITIONS[preset][:6]), preset


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_deals_the_sampling_player_keeps(preset: str) -> None:  # P-5, P-6
    for index, (state, plays) in enumerate(POSITIONS[preset][:6]):
        assert state.turn is not None
        view = seat_view(state, state.turn)
        deals = Deals(view)
        for seed in range(3):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert bots._likely_world(view, deals, plays, ours) == _likely_world_reference(view, deals, plays, theirs)
            assert ours.getstate() == theirs.getstate(), (index, seed)


def _playout_reference(state: GameState, policy: Any, rng: random.Random, side: int) -> float:
    """A playout, from SamplingBot's documentation: the hand played to its
    end by ``policy`` at every seat from that seat's view; each side's worth
    is its points for the hand with the bags it took counted at their share
    of the penalty (S-8) instead of any penalty paid; ``side``'s worth less
    the best of the others'."""
    done = len(state.sheet)
    before = state.bags
    while len(state.sheet) == done:
        assert state.turn is not None
        state = state.apply(policy(seat_view(state, state.turn), rng))
    rules = state.rules
    row = state.sheet[done].result.sides
    worth = [s.points - rules.bag_penalty / rules.bags_per_penalty * (s.total_bags - b) for s, b in zip(row, before)]
    return worth[side] - max(w for other, w in enumerate(worth) if other != side)


def _sampling_reference(bot: SamplingBot, view: SeatView, plays: Plays, rng: random.Random) -> Action:
    """SamplingBot's card, from its documentation, with the same draws from
    ``rng``: the policy's own card (from a generator seeded with 64 bits of
    ``rng``), the cards to try, then for each deal kept a seed of 64 bits
    for the playouts of every card; the best mean, the first of equals,
    unless it beats the policy's card by no more than ``margin`` a deal."""
    legal: list[Card] = list(view.legal_actions)  # type: ignore[arg-type]
    usual: Any = bot.policy(view, random.Random(rng.getrandbits(64)))
    candidates = _distinct_reference(view, legal, usual)
    if len(candidates) == 1:
        return candidates[0]
    deals = Deals(view)
    side = view.rules.side_of[view.seat]
    totals = [0.0] * len(candidates)
    for _ in range(bot.samples):
        world = _likely_world_reference(view, deals, plays, rng)
        seed = rng.getrandbits(64)
        for index, card in enumerate(candidates):
            totals[index] += _playout_reference(world.apply(card), bot.policy, random.Random(seed), side)
    best = max(totals)
    choice = candidates[totals.index(best)]
    return usual if best - totals[candidates.index(usual)] <= bot.margin * bot.samples else choice


PLAYOUT_PRESETS = ("partnership", "two-player", "cutthroat-3")


@pytest.mark.parametrize("preset", PLAYOUT_PRESETS)
def test_the_playouts_of_every_policy(preset: str) -> None:  # S-1..S-8
    """Each policy's playout worth, from hand 1 (bags carried from hand 0)."""
    for state, _plays in POSITIONS[preset][:4]:
        assert state.turn is not None
        side = state.rules.side_of[state.turn]
        for policy in (heuristic_bot, random_bot, simple_bot):
            for seed in (1, 2):
                start = state.apply(state.legal_actions()[0])
                ours = bots._playout(start, policy, random.Random(seed), side)
                assert ours == _playout_reference(start, policy, random.Random(seed), side), (policy, seed)
    # Some position carries bags into the hand (S-8's share then differs from a penalty paid).
    assert any(any(state.bags) for state, _ in POSITIONS[preset])


@pytest.mark.parametrize("preset", PLAYOUT_PRESETS)
@pytest.mark.parametrize(("policy", "margin"), [(heuristic_bot, 0), (random_bot, 0), (random_bot, 5), (simple_bot, 30)])
def test_the_sampling_players_card(preset: str, policy: Any, margin: float) -> None:  # S-1..S-8
    bot = SamplingBot(samples=2, policy=policy, margin=margin)
    differs = 0
    for state, plays in POSITIONS[preset][:5]:
        assert state.turn is not None
        view = seat_view(state, state.turn)
        for seed in (3, 4):
            ours, theirs = random.Random(seed), random.Random(seed)
            card = bot(view, ours)
            assert card == _sampling_reference(bot, view, plays, theirs)
            assert ours.getstate() == theirs.getstate()
            differs += card != policy(view, random.Random(0)) if policy is heuristic_bot else 0
    if policy is heuristic_bot and margin == 0:
        assert differs  # the search does not always agree with the policy


def test_a_sampling_player_with_time_to_spare_samples_them_all() -> None:
    """A budget of an hour a move is not spent in three deals: the player
    draws as much from its generator, and plays the same card, as without one."""
    state, _plays = POSITIONS["partnership"][0]
    assert state.turn is not None
    view = seat_view(state, state.turn)
    for seed in range(4):
        timed = SamplingBot(samples=3, seconds=3600, policy=random_bot)
        untimed = SamplingBot(samples=3, policy=random_bot)
        ours, theirs = random.Random(seed), random.Random(seed)
        assert timed(view, ours) == untimed(view, theirs)
        assert ours.getstate() == theirs.getstate()


def test_a_sampling_player_with_two_legal_cards_searches() -> None:
    """Only a play with one legal card is left to the policy: with two, the
    player tries both (here the policy always plays the first)."""
    def first(view: SeatView, rng: random.Random) -> Action:
        return view.legal_actions[0]

    bot = SamplingBot(samples=2, policy=first)
    checked = 0
    for preset in PLAYOUT_PRESETS:
        for state, plays in POSITIONS[preset]:
            assert state.turn is not None
            view = seat_view(state, state.turn)
            if len(view.legal_actions) == 2:
                assert bot(view, random.Random(5)) == _sampling_reference(bot, view, plays, random.Random(5))
                checked += 1
    assert checked >= 2


# ---------------------------------------------------------------------------
# simple_bot's bid and the state drivers.


def test_the_estimate_worked_out() -> None:
    """``estimate_bid``: a seat's share of the tricks (size / players), plus
    0.6 a spade over the share of spades (13 / deck of the hand), plus 0.5
    a high card (kings, aces, jokers) over the share (8 / deck of the hand),
    less one, rounded, at least 1."""
    partnership, two = Rules.partnership(), Rules.two_player()
    cases = [
        # 3.25 + 0.6 * (13 - 3.25) + 0.5 * (2 - 2) - 1 = 8.1
        ("AKQJT98765432...", partnership, 8),
        # 3.25 + 0.6 * (0 - 3.25) + 0.5 * (0 - 2) - 1 = -0.7: at least 1
        ("..QJT98765432.QJ", partnership, 1),
        # 3.25 + 0.6 * (4 - 3.25) + 0.5 * (8 - 2) - 1 = 5.7
        ("AK32.AK2.AK2.AK2", partnership, 6),
        # 3.25 + 0.6 * (3 - 3.25) + 0.5 * (3 - 2) - 1 = 2.6
        ("A32.A32.A32.5432", partnership, 3),
        # 3.25 + 0.6 * (5 - 3.25) + 0.5 * (0 - 2) - 1 = 2.3
        ("65432.432.432.32", partnership, 2),
        # two players, 13 of a 52-card deck each: 6.5 + 0.6 * (3 - 3.25) + 0.5 * (4 - 2) - 1 = 6.35
        ("A32.A32.A32.A432", two, 6),
    ]
    for text, rules, expected in cases:
        assert estimate_bid(CardSet.parse(text), rules) == expected, text


def test_simple_bids_nearest_the_estimate_the_lower_of_two() -> None:
    hand = CardSet.parse("A32.A32.A32.5432")  # estimate 3
    rules = Rules.partnership()
    choose = functools.partial(bots._simple_choice, Phase.BID, hand, rules, rng=random.Random(1))
    assert choose(actions=(Bid(5), Bid(1))) == Bid(1)
    assert choose(actions=(Bid(1), Bid(5))) == Bid(1)
    assert choose(actions=(Bid(6), Bid(2), Bid(4))) == Bid(2)
    assert choose(actions=(Bid.NIL, Bid(6), Bid(7))) == Bid(6)
    assert choose(actions=(Bid.DOUBLE_NIL, Bid.NIL)) == Bid.NIL


def test_simple_bids_below_the_estimate_when_the_contract_is_capped() -> None:  # V-6
    """The partner has bid 10 of a contract capped at 13: the seat with an
    estimate above 3 bids 3, the nearest it may."""
    rules = Rules(max_side_contract=13)
    state = new_game(rules, seed=2).apply(Bid(3)).apply(Bid(10)).apply(Bid(3))
    assert state.turn == 0  # seat 1 bid first (P-3); seat 0's partner, seat 2, bid 10
    want = estimate_bid(state.hand(0), rules)
    assert want > 3
    for seed in range(5):
        assert simple_bot(seat_view(state, 0), random.Random(seed)) == Bid(3)
        assert simple_action(state, random.Random(seed)) == Bid(3)


def test_simple_bids_nil_when_no_number_is_left() -> None:  # V-6, P-5
    rules = Rules(max_side_contract=13)
    state = new_game(rules, seed=2).apply(Bid(1)).apply(Bid(13))
    state = state.apply(Bid(1))
    assert state.turn == 0 and state.legal_actions() == (Bid.NIL, Bid.DOUBLE_NIL)
    for seed in range(12):
        assert simple_bot(seat_view(state, 0), random.Random(seed)) == Bid.NIL
        assert simple_action(state, random.Random(seed)) == Bid.NIL


def test_simple_action_with_one_legal_bid() -> None:  # V-6
    rules = Rules(nil_allowed=False, double_nil_allowed=False, max_side_contract=13)
    state = new_game(rules, seed=3).apply(Bid(12))
    state = state.apply(Bid(1))
    assert state.legal_actions() == (Bid(1),)
    assert simple_action(state, random.Random(1)) == Bid(1)


def test_simple_action_with_double_nil_left_alone() -> None:  # V-3, V-6
    rules = Rules(nil_allowed=False, max_side_contract=2)
    state = new_game(rules, seed=192).apply(Bid(2)).apply(Bid(1))
    while state.turn != 3:
        state = state.apply(Bid(1))
    assert state.legal_actions() == (Bid.DOUBLE_NIL,)
    assert simple_action(state, random.Random(1)) == Bid.DOUBLE_NIL


def test_simple_action_draws_the_deal_of_an_unseeded_game() -> None:  # P-2
    state = new_game(Rules.partnership())
    assert state.is_chance
    assert simple_action(state, random.Random(8)) == state.sample_chance(random.Random(8))


def test_a_players_seed() -> None:
    for seed in (0, 1, 2**64 - 3):
        for seat in range(4):
            expected = int.from_bytes(seeded_bytes(seed, seat, "player")(8), "little")
            assert player_seed(seed, seat) == expected
    with pytest.raises(ArgumentError, match="seat"):
        player_seed(1, 4)


# ---------------------------------------------------------------------------
# play_game.


def test_sealed_views_every_hand() -> None:  # P-6
    """With ``sealed``, a seat to which Double Nil is open is handed its
    sealed view first in every hand, not only the first."""
    sealed_hands: set[tuple[int, int]] = set()

    def player(view: SeatView, rng: random.Random) -> Action:
        if view.sealed:
            sealed_hands.add((view.hand_number, view.seat))
        return simple_bot(view, rng)

    final = play_game(Rules.partnership(), (player,) * 4, seed=6, sealed=True, hands=3)
    assert len(final.sheet) == 3
    assert sealed_hands == {(hand, seat) for hand in range(3) for seat in range(4)}


def test_double_nil_after_looking_is_refused_in_words() -> None:  # P-6
    def peeker(view: SeatView, rng: random.Random) -> Action:
        return Bid(3) if view.sealed else Bid.DOUBLE_NIL

    with pytest.raises(IllegalActionError) as caught:
        play_game(Rules.partnership(), (peeker,) * 4, seed=1, sealed=True)
    error = caught.value
    assert (error.reason, error.rule) == (Reason.DOUBLE_NIL_NOT_ALLOWED, "P-6")
    assert str(error) == "seat 1 has looked at its cards: no Double Nil this hand (rule P-6)"


def _raises(error: type[Exception], words: str, call: Callable[[], object]) -> None:
    with pytest.raises(error, match="^" + re.escape(words) + "$"):
        call()


def test_play_games_refusals_in_words() -> None:
    rules = Rules.partnership()
    four = (simple_bot,) * 4
    _raises(RulesTypeError, "play_game needs a Rules value, got str", lambda: play_game("rules", four, 1))  # type: ignore[arg-type]
    _raises(ArgumentTypeError, "the players are a sequence of bots, got str", lambda: play_game(rules, "abcd", 1))  # type: ignore[arg-type]
    _raises(ArgumentTypeError, "the players are a sequence of bots, got int", lambda: play_game(rules, 4, 1))  # type: ignore[arg-type]
    _raises(ArgumentError, "play_game needs one player per seat (4), got 3", lambda: play_game(rules, four[:3], 1))
    _raises(ArgumentError, "play_game needs one player per seat (4), got more",
            lambda: play_game(rules, (simple_bot,) * 10**6, 1))
    _raises(ArgumentTypeError, "a player is a bot (view, rng) -> action, got int",
            lambda: play_game(rules, (simple_bot, 1, simple_bot, simple_bot), 1))  # type: ignore[arg-type]
    _raises(ArgumentError, "hands is a positive int or None, got 0", lambda: play_game(rules, four, 1, hands=0))
    _raises(ArgumentTypeError, "the playout policy is a bot (view, rng) -> action, got int", lambda: SamplingBot(policy=3))  # type: ignore[arg-type]
    _raises(ArgumentError, "no bot is called 'clever': the bots are random, simple, heuristic, sampling",
            lambda: bots.bot_named("clever"))


def test_a_player_that_raises_stop_iteration() -> None:
    def stopper(view: SeatView, rng: random.Random) -> Action:
        raise StopIteration("out of moves")

    with pytest.raises(RuntimeError, match=r"^StopIteration was raised while playing the games \(by a player\?\)$") as caught:
        play_game(Rules.partnership(), (stopper,) * 4, 1)
    assert type(caught.value.__cause__) is StopIteration and caught.value.__cause__.args == ("out of moves",)
