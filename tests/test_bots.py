"""The players of :mod:`spades.bots`: each sees only its own seat's view and
returns a legal action, and :func:`spades.bots.play_game` drives a game with
one per seat, every chance step and every player's randomness drawn from the
seed."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from spades import PRESETS, Bid, Card, Deal, Draft, Replacement, RulesTypeError, Stock, Suit, CardSet, Exchange, ExchangeChoices, GameState, Phase, Rules, SeatView, new_game, rollout, seat_view
from spades.actions import Action
from spades.bots import (
    BOTS,
    SamplingBot,
    Bot,
    bot_named,
    estimate_bid,
    play_game,
    player_seed,
    random_action,
    random_bot,
    simple_action,
    simple_bot,
)
from spades.errors import ArgumentError, ArgumentTypeError, IllegalActionError, StateError
from spades.heuristic import hand_tricks, heuristic_bot, nil_risk, play_out_hand
from spades.serial import view_from_dict

PRESET_NAMES = sorted(PRESETS)


class Spy:
    """A bot that checks what it is handed and records every view."""

    def __init__(self, seat: int, inner: Bot) -> None:
        self.seat = seat
        self.inner = inner
        self.views: list[SeatView] = []

    def __call__(self, view: SeatView, rng: random.Random) -> Action:
        assert type(view) is SeatView and view.seat == self.seat and view.is_my_turn
        self.views.append(view)
        action = self.inner(view, rng)
        assert action in view.legal_actions
        return action


def _replay_views(rules: Rules, seed: int, final: GameState) -> list[tuple[int, SeatView]]:
    """The view of the seat to act before each action of the game, built
    again from the seed and the actions taken."""
    views = []
    state = new_game(rules, seed)
    for action in _actions(final):
        if _is_chance(action):
            continue  # a seeded game draws its chance steps itself
        assert state.turn is not None
        views.append((state.turn, seat_view(state, state.turn)))
        state = state.apply(action)
    assert state == final
    return views


def _actions(final: GameState) -> list[Any]:
    actions: list[Any] = []
    for record in final.sheet:
        actions.extend(record.actions)
    actions.extend(final.history)
    return actions


def _is_chance(action: object) -> bool:
    return isinstance(action, (Deal, Stock, Replacement))


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_each_seat_is_handed_only_its_own_view(name: str) -> None:
    # C-3, C-8: every bid and card comes from the seat to act, given its view.
    rules = PRESETS[name]()
    spies = [Spy(seat, random_bot if seat % 2 else simple_bot) for seat in range(rules.players)]
    final = play_game(rules, spies, seed=11, hands=2)
    assert len(final.sheet) == 2
    handed = [(spy.seat, view) for spy in spies for view in spy.views]
    replayed = _replay_views(rules, 11, final)
    assert sorted(handed, key=repr) == sorted(replayed, key=repr)
    assert len(handed) == sum(len(spy.views) for spy in spies) > 0


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_play_game_is_reproducible_from_the_seed(name: str) -> None:
    rules = PRESETS[name]()
    one = play_game(rules, (random_bot,) * rules.players, seed=4, hands=1)
    assert play_game(rules, (random_bot,) * rules.players, seed=4, hands=1) == one
    assert play_game(rules, (random_bot,) * rules.players, seed=5, hands=1) != one


def test_each_player_has_its_own_generator() -> None:
    # A seat's choices depend on the seed and on what it sees only.
    seeds: list[int] = []

    def first_draw(seat: int) -> Bot:
        def bot(view: SeatView, rng: random.Random) -> Action:
            if len(seeds) < 4 and not view.tricks and not view.trick and view.phase is Phase.BID:
                seeds.append(rng.getrandbits(64))
            return simple_bot(view, rng)

        return bot

    play_game(Rules.partnership(), [first_draw(seat) for seat in range(4)], seed=9, hands=1)
    first = 1  # P-3: left of the dealer (seat 0) bids first
    assert seeds == [random.Random(player_seed(9, (first + i) % 4)).getrandbits(64) for i in range(4)]
    assert len(set(player_seed(9, seat) for seat in range(4))) == 4


@given(seed=st.integers(0, 2**64 - 1), preset=st.sampled_from(PRESET_NAMES))
@settings(max_examples=5)
def test_simple_games_end(seed: int, preset: str) -> None:
    # S-9: a game of simple bidders ends with a winner.
    rules = PRESETS[preset]()
    final = play_game(rules, (simple_bot,) * rules.players, seed=seed)
    assert final.is_over and final.winner is not None


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_the_state_drivers_are_the_view_bots(name: str) -> None:
    # The drivers read the state directly (no view): at every step of two
    # whole hands, each makes the choice its view bot makes on the view of
    # the seat to act, drawing the same numbers from its generator.
    rules = PRESETS[name]()
    for driver, bot in ((simple_action, simple_bot), (random_action, random_bot)):
        state = new_game(rules, seed=2)
        rng_a, rng_b = random.Random(3), random.Random(3)
        while len(state.sheet) < 2 and not state.is_over:
            assert state.turn is not None
            action = driver(state, rng_a)
            assert action == bot(seat_view(state, state.turn), rng_b)
            assert rng_a.getstate() == rng_b.getstate()
            state = state.apply(action)
    unseeded = new_game(Rules.partnership())
    assert unseeded.is_chance and unseeded.apply(random_action(unseeded, random.Random(1))).phase is Phase.BID
    over = play_game(Rules.two_player(target=50), (simple_bot, simple_bot), seed=1)
    with pytest.raises(StateError):
        simple_action(over, random.Random(1))


def test_the_state_drivers_deal_a_hand_not_yet_read() -> None:
    # P-2, P-3: a seeded game's next hand is dealt when first read; a driver
    # called before anything else reads the state deals it and makes the
    # choice its view bot makes on the dealt hand, with the same draws.
    rules = Rules.partnership(losing_floor=-200)
    for driver, bot in ((random_action, random_bot), (simple_action, simple_bot)):
        rng_a, rng_b = random.Random(6), random.Random(6)
        starts = 0
        for seed in range(3):
            state = new_game(rules, seed=seed)
            while not state.is_over:
                hands = len(state.sheet)
                action = driver(state, rng_a)  # first: a hand's start is read here
                assert state.turn is not None
                assert action == bot(seat_view(state, state.turn), rng_b)
                assert rng_a.getstate() == rng_b.getstate()
                state = state.apply(action)
                starts += not state.is_over and len(state.sheet) > hands
        assert starts >= 2


class _LastChoice(random.Random):
    """A generator that draws its own way: its choice is always the last."""

    def choice(self, seq: Any) -> Any:
        return seq[-1]


def test_the_state_drivers_draw_as_the_callers_generator_does() -> None:
    # A subclass of random.Random with a choice() of its own is asked for
    # the choice, in the bidding (C-3) and in the play (C-5).
    state = new_game(Rules.partnership(), seed=4)
    assert random_action(state, _LastChoice()) == state.legal_actions()[-1]
    while state.phase is Phase.BID:
        state = state.apply(Bid(3))
    for _ in range(6):  # within a trick and at a trick's end
        legal = state.legal_actions()
        assert random_action(state, _LastChoice()) == legal[-1] == simple_action(state, _LastChoice())
        state = state.apply(legal[0])


@pytest.mark.parametrize("rules", [Rules.partnership(), Rules.openspiel(), Rules(min_bid=4), Rules(nil_allowed=False),
                                   Rules(max_side_contract=13), Rules(bids_may_not_total_tricks=True)])
def test_simple_bidders_bid_the_legal_number_nearest_the_estimate(rules: Rules) -> None:
    # C-3, V-6: among the legal numbers, the nearest to estimate_bid (the
    # lower of two as near); Nil only when no number is legal; never Double Nil.
    for seed in range(12):
        state = new_game(rules, seed=seed)
        while state.phase is Phase.BID:
            assert state.turn is not None
            legal = state.legal_actions()
            want = estimate_bid(state.hand(state.turn), rules)
            plain = [bid for bid in legal if isinstance(bid, Bid) and not bid.double_nil]
            numbers = [bid for bid in plain if bid.tricks > 0] or plain
            expected = sorted(numbers, key=lambda bid: (abs(bid.tricks - want), bid.tricks))[0]
            assert simple_action(state, random.Random(0)) == expected
            assert simple_bot(seat_view(state, state.turn), random.Random(0)) == expected
            state = state.apply(expected)


def test_simple_bot_bids_the_estimate() -> None:
    # C-3: the bid nearest the estimate among the legal bids.
    rules = Rules.partnership()
    state = new_game(rules, seed=1)
    assert state.turn is not None
    view = seat_view(state, state.turn)
    assert simple_bot(view, random.Random(0)) == Bid(estimate_bid(view.hand, rules))
    # V-4: a minimum bid of 4 turns an estimate of 2 into 4.
    strict = new_game(Rules.partnership(min_bid=4), seed=1)
    hand = CardSet.parse("AK2.432.432.5432")
    assert estimate_bid(hand, rules) < 4
    assert strict.turn is not None
    view = attrs_evolve(seat_view(strict, strict.turn), hand=hand)
    assert simple_bot(view, random.Random(0)) == Bid(4)


def attrs_evolve(view: SeatView, **changes: Any) -> SeatView:
    import attrs

    return attrs.evolve(view, **changes)


def test_bots_handle_the_exchange() -> None:
    # P-6: after a Double Nil the partners exchange three cards.
    state = new_game(Rules.partnership(), seed=3).apply(Bid.DOUBLE_NIL)
    while state.phase is Phase.BID:
        state = state.apply(Bid(3))
    assert state.phase is Phase.EXCHANGE and state.turn is not None
    view = seat_view(state, state.turn)
    assert type(view.legal_actions) is ExchangeChoices
    for bot in (random_bot, simple_bot):
        action = bot(view, random.Random(5))
        assert type(action) is Exchange and len(action.cards) == 3 and action.cards <= view.hand


def _blind(seat: int) -> Bot:
    def bot(view: SeatView, rng: random.Random) -> Action:
        if view.sealed:
            assert len(view.hand) == 0 and view.double_nil_open
            return Bid.DOUBLE_NIL if view.seat == seat else simple_bot(view, rng)
        assert view.seat != seat or not view.double_nil_open or view.phase is not Phase.BID
        return simple_bot(view, rng)

    return bot


@pytest.mark.parametrize("name", ["partnership", "two-player"])
def test_sealed_views_ask_double_nil_before_the_cards(name: str) -> None:
    # P-6, T-6: Double Nil is bid before looking at the cards.
    rules = PRESETS[name]()
    final = play_game(rules, [_blind(1) for _ in range(rules.players)], seed=6, sealed=True, hands=1)
    bids = final.sheet[0].bids
    assert bids[1] == Bid.DOUBLE_NIL
    assert all(bid != Bid.DOUBLE_NIL for seat, bid in enumerate(bids) if seat != 1)


def test_a_player_that_looked_may_not_bid_double_nil() -> None:
    # P-6: a seat that has seen its cards may not bid Double Nil.
    offered = []

    def peeker(view: SeatView, rng: random.Random) -> Action:
        if view.sealed:
            return Bid(3)
        if view.phase is Phase.BID:
            offered.append(Bid.DOUBLE_NIL in view.legal_actions or view.double_nil_open)
            return Bid.DOUBLE_NIL
        return simple_bot(view, rng)

    with pytest.raises(IllegalActionError, match="P-6"):
        play_game(Rules.partnership(), (peeker,) * 4, seed=1, sealed=True)
    assert offered == [False]
    # Without sealed views the bid is as legal as any other (P-6 [decided]).
    final = play_game(Rules.partnership(), (peeker,) * 4, seed=1, hands=1)
    assert Bid.DOUBLE_NIL in final.sheet[0].bids


def test_an_illegal_action_is_refused() -> None:
    def cheat(view: SeatView, rng: random.Random) -> Action:
        return Bid(14)

    with pytest.raises(IllegalActionError):
        play_game(Rules.partnership(), (cheat,) * 4, seed=1)


def test_bad_arguments() -> None:
    rules = Rules.partnership()
    with pytest.raises(ArgumentError):
        play_game(rules, (simple_bot,) * 3, seed=1)
    with pytest.raises(ArgumentTypeError):
        play_game(rules, "abcd", seed=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        play_game(rules, (1, 2, 3, 4), seed=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        play_game(rules, (simple_bot,) * 4, seed=1, hands=0)
    with pytest.raises(ArgumentTypeError):
        random_bot("view", random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        simple_bot(seat_view(new_game(rules, seed=1), 1), 7)  # type: ignore[arg-type]
    with pytest.raises(StateError):
        simple_bot(seat_view(new_game(rules, seed=1), 0), random.Random(1))
    hand = CardSet.parse("AKQ.K.A.5432")
    for bad_hand in (None, "AKQ.K.A.5432", hand.mask, list(hand), Card.parse("AS")):
        with pytest.raises(ArgumentTypeError, match="^a hand is a CardSet"):
            estimate_bid(bad_hand, rules)  # type: ignore[arg-type]
    for bad_rules in (None, "partnership", rules.to_dict()):
        with pytest.raises(RulesTypeError):
            estimate_bid(hand, bad_rules)  # type: ignore[arg-type]


def test_the_registry() -> None:
    assert {"random", "simple"} <= set(BOTS)
    for name, bot in BOTS.items():
        assert bot_named(name) is bot
    with pytest.raises(ArgumentError, match="no bot is called"):
        bot_named("clever")
    with pytest.raises(ArgumentError):
        bot_named(3)  # type: ignore[arg-type]


# ----------------------------------------------------------------------
# The heuristic player.


@given(seed=st.integers(0, 2**64 - 1), preset=st.sampled_from(PRESET_NAMES), sealed=st.booleans(), mix=st.integers(0, 15))
@settings(max_examples=30)
def test_the_heuristic_player_always_acts_legally(seed: int, preset: str, sealed: bool, mix: int) -> None:
    # C-3, C-5, C-6, P-6, T-2, T-6: a legal action in every position of whole
    # games, against random players too (who bid Nil and Double Nil).
    rules = PRESETS[preset](losing_floor=-300)
    players = [Spy(seat, heuristic_bot if mix >> seat & 1 or seat == 0 else random_bot) for seat in range(rules.players)]
    final = play_game(rules, players, seed=seed, sealed=sealed)
    assert final.is_over
    assert players[0].views


def test_the_heuristic_player_exchanges_for_double_nil() -> None:
    # P-6: the Double Nil bidder gives its highest cards, its partner its lowest.
    state = new_game(Rules.partnership(), seed=3).apply(Bid.DOUBLE_NIL)
    while state.phase is Phase.BID:
        state = state.apply(Bid(3))
    seen = []
    while state.phase is Phase.EXCHANGE:
        assert state.turn is not None
        view = seat_view(state, state.turn)
        action = heuristic_bot(view, random.Random(0))
        assert type(action) is Exchange and len(action.cards) == 3
        kept = view.hand - action.cards
        power = view.rules.power
        low, high = min(action.cards, key=lambda c: power[c]), max(action.cards, key=lambda c: power[c])
        if view.bids[view.seat] == Bid.DOUBLE_NIL:
            assert all(power[c] <= power[low] or c.suit != Suit.SPADES and low.suit == Suit.SPADES for c in kept)
        else:
            assert all(power[c] >= power[high] or c.suit == Suit.SPADES for c in kept if high.suit != Suit.SPADES)
        seen.append(view.seat)
        state = state.apply(action)
    assert sorted(seen) == [1, 3]


def test_the_heuristic_player_beats_the_random_one() -> None:
    # A quick check of strength (the benchmark measures it over many games).
    rules = Rules.partnership()
    wins = sum(
        play_game(rules, (heuristic_bot, random_bot) * 2, seed=seed).winner == 0 for seed in range(6)
    )
    assert wins == 6


# ----------------------------------------------------------------------
# The sampling player.


@pytest.mark.parametrize("name", ["partnership", "two-player", "cutthroat-3", "jokers"])
def test_the_sampling_player_plays_legal_cards(name: str) -> None:
    # C-5, C-6: every card it plays is legal; it sees only its view.
    rules = PRESETS[name]()
    bot = SamplingBot(samples=2)
    players = [Spy(0, bot)] + [Spy(seat, heuristic_bot) for seat in range(1, rules.players)]
    final = play_game(rules, players, seed=3, hands=1)
    assert len(final.sheet) == 1 and len(players[0].views) >= rules.hand_size


def _first_lead(seed: int) -> tuple[GameState, SeatView]:
    """A seeded partnership game after heuristic bidding, and the view of
    the seat to lead."""
    state = new_game(Rules.partnership(), seed=seed)
    while state.phase is Phase.BID:
        assert state.turn is not None
        state = state.apply(heuristic_bot(seat_view(state, state.turn), random.Random(0)))
    assert state.turn is not None
    view = seat_view(state, state.turn)
    return state, view


def test_the_sampling_player_is_reproducible_and_searches() -> None:
    state, view = _first_lead(8)
    bot = SamplingBot(samples=3)
    assert bot(view, random.Random(5)) == bot(view, random.Random(5))
    # The move is the best mean over the sampled deals, each card played
    # out by the heuristic player from each seat's view: worked out here
    # again the long way, on the same deals.
    from spades import bots
    from spades.sampling import Deals

    rng = random.Random(5)
    rng.getrandbits(64)  # the generator of the heuristic's own choice
    deals = Deals(view)
    played = bots._played_by(view)
    totals = {card: 0 for card in view.legal_actions}
    for _ in range(3):
        world = bots._likely_world(view, deals, played, rng)
        rng.getrandbits(64)
        for card in view.legal_actions:
            game = world.apply(card)
            while not game.sheet:
                assert game.turn is not None
                game = game.apply(heuristic_bot(seat_view(game, game.turn), random.Random(0)))
            # S-8: each bag taken counts as a tenth of the penalty (no bags before hand 0).
            worth = [side.points - 10 * side.total_bags for side in game.sheet[0].result.sides]
            totals[card] += worth[view.seat % 2] - worth[1 - view.seat % 2]
    best = max(totals.values())
    assert totals[bot(view, random.Random(5))] == best
    # Each seat's played cards, as the view shows them (C-7).
    assert sum(mask.bit_count() for mask in played) == sum(len(t.cards) for t in view.tricks) + len(view.trick)


def test_sampled_deals_fit_the_bids() -> None:
    # A seat that bid high holds, in the deals kept, a hand worth about its bid.
    from spades import bots
    from spades.sampling import Deals

    state, view = _first_lead(21)
    deals, played, rng = Deals(view), bots._played_by(view), random.Random(3)
    rules = view.rules

    def misfit(world: GameState) -> float:
        return sum(
            abs(hand_tricks(world.hand(seat), rules) - bid.tricks)
            for seat, bid in enumerate(view.bids)
            if seat != view.seat and bid is not None and bid.tricks
        )

    kept = sum(misfit(bots._likely_world(view, deals, played, rng)) for _ in range(20))
    uniform = sum(misfit(deals.state(rng)) for _ in range(20))
    assert kept < uniform


def test_a_large_margin_keeps_the_policys_card() -> None:
    bot = SamplingBot(samples=2, margin=1000)
    rules = Rules.partnership()
    state = new_game(rules, seed=12)
    for _ in range(30):
        assert state.turn is not None
        view = seat_view(state, state.turn)
        assert bot(view, random.Random(2)) == heuristic_bot(view, random.Random(2))
        state = state.apply(heuristic_bot(view, random.Random(2)))


def test_the_sampling_player_keeps_to_its_time() -> None:
    import time

    state, view = _first_lead(8)
    start = time.perf_counter()
    assert SamplingBot(samples=10**6, seconds=0.2)(view, random.Random(1)) in view.legal_actions
    assert time.perf_counter() - start < 5


def test_the_sampling_player_checks_its_budget() -> None:
    with pytest.raises(ArgumentError):
        SamplingBot(samples=0)
    with pytest.raises(ArgumentError):
        SamplingBot(samples=True)
    with pytest.raises(ArgumentError):
        SamplingBot(seconds=0)
    with pytest.raises(ArgumentError):
        SamplingBot(margin=-1)
    with pytest.raises(ArgumentTypeError):
        SamplingBot(policy=3)  # type: ignore[arg-type]
    assert isinstance(BOTS["sampling"], SamplingBot)


# ----------------------------------------------------------------------
# The position suite (tests/positions/*.json, built by tests/positions/make.py).

POSITIONS_DIR = Path(__file__).resolve().parent / "positions"


def _load_module(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _documents() -> list[dict[str, Any]]:
    return [json.loads(path.read_text(encoding="utf-8")) for path in sorted(POSITIONS_DIR.glob("*.json"))]


DOCUMENTS = _documents()


def test_the_suite_has_enough_positions() -> None:
    assert len(DOCUMENTS) >= 20
    assert len({d["name"] for d in DOCUMENTS}) == len(DOCUMENTS)
    assert all(d["reason"] and d["good"] for d in DOCUMENTS)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: str(d["name"]))
def test_the_heuristic_player_finds_a_good_move(document: dict[str, Any]) -> None:
    # The loader checks that a real game gives the view (view_from_dict).
    view = view_from_dict(document["view"])
    good = set(document["good"])
    legal = {str(action) for action in view.legal_actions}
    assert good <= legal and good != legal  # the position is a real choice
    assert str(heuristic_bot(view, random.Random(0))) in good, document["reason"]


def test_the_positions_are_built_by_the_script() -> None:
    make = _load_module(POSITIONS_DIR / "make.py", "spades_positions_make")
    built = [(p, make.reach(p)) for p in make.POSITIONS] + [make.draft_position(*d) for d in make.DRAFTS]
    assert [make.document(p, state) for p, state in built] == DOCUMENTS


def test_the_positions_benchmark_runs() -> None:
    bench = _load_module(Path(__file__).resolve().parent.parent / "benchmarks" / "positions.py", "spades_benchmarks_positions")
    rows = bench.run(samples=1, tries=1)
    assert set(rows) == {"random", "simple", "heuristic", "sampling(1)"}
    assert rows["heuristic"]["right"] == rows["heuristic"]["of"] == len(DOCUMENTS)
    assert all(0 <= row["right"] <= row["of"] for row in rows.values())


def test_hand_evaluation_worked_examples() -> None:
    rules = Rules.partnership()
    # Thirteen spades take every trick (C-7: spades beat every other suit).
    assert hand_tricks(CardSet.parse("AKQJT98765432..."), rules) == 13
    # Aces and guarded kings of side suits, no spade: about five tricks.
    assert 4 <= hand_tricks(CardSet.parse("-.AK2.AK2.AK432"), rules) <= 6
    # No high card, no spade to ruff with: nothing.
    assert hand_tricks(CardSet.parse("-.5432.5432.65432"), rules) == 0
    # Nil: low cards are safe, an unguarded ace is not.
    low, ace = CardSet.parse("32.5432.6432.432"), CardSet.parse("32.A432.6432.432")
    assert nil_risk(low, rules) < 1 <= nil_risk(ace, rules)


@given(seed=st.integers(0, 2**64 - 1), preset=st.sampled_from(PRESET_NAMES), moves=st.integers(0, 60))
@settings(max_examples=30)
def test_the_quick_playout_plays_the_heuristic_players_cards(seed: int, preset: str, moves: int) -> None:
    # The same cards as heuristic_bot from each seat's view, to the scoring (S-1).
    rules = PRESETS[preset]()
    state = new_game(rules, seed=seed)
    for _ in range(moves):
        assert state.turn is not None
        state = state.apply(random_bot(seat_view(state, state.turn), random.Random(moves)))
        if state.sheet:
            break
    assume(not state.is_over)  # a hand that ended the game leaves no hand to play out
    slow = state
    while len(slow.sheet) == len(state.sheet):
        assert slow.turn is not None
        slow = slow.apply(heuristic_bot(seat_view(slow, slow.turn), random.Random(0)))
    assert play_out_hand(state) == slow


def test_a_view_whose_legal_actions_no_phase_takes_is_refused_by_every_bot() -> None:  # C-3, C-5, T-2
    # A SeatView made by hand whose legal actions are not of the kind its
    # phase takes (bids in the play, cards or draft choices in the bidding),
    # or that lists them for a seat not to act: the heuristic and sampling
    # players raised a bare TypeError or ValueError.
    import attrs

    from spades import Card, Draft

    bidding = seat_view(new_game(Rules.partnership(), seed=4), 1)
    state = new_game(Rules.partnership(), seed=4)
    for bid in (Bid(3),) * 4:
        state = state.apply(bid)
    assert state.turn is not None
    playing = seat_view(state, state.turn)
    forged = [
        attrs.evolve(bidding, phase=Phase.PLAY),
        attrs.evolve(bidding, legal_actions=(Card.parse("AS"),)),
        attrs.evolve(bidding, legal_actions=(Draft.KEEP,)),
        attrs.evolve(bidding, phase=Phase.EXCHANGE),
        attrs.evolve(bidding, turn=2),
        attrs.evolve(playing, legal_actions=(Bid(3),)),
        attrs.evolve(playing, phase=Phase.DEAL),
    ]
    for name in sorted(BOTS):
        bot = bot_named(name)
        assert bot(bidding, random.Random(1)) in bidding.legal_actions  # the true views are played
        assert bot(playing, random.Random(1)) in playing.legal_actions
        for view in forged:
            with pytest.raises(StateError, match="no game gives it"):
                bot(view, random.Random(1))


# ----------------------------------------------------------------------
# A random source that draws wrong is named, not trusted.


class _OtherChoice(random.Random):
    def choice(self, seq: Any) -> Any:
        return "QH"  # a text, not one of the actions


class _CopiedChoice(random.Random):
    def choice(self, seq: Any) -> Any:
        return list(seq)  # every action, not one


class _BrokenBits(random.Random):
    def getrandbits(self, k: int) -> Any:
        return "q"  # breaks random.Random's own choice() and random() as well


class _WideBits(random.Random):
    def getrandbits(self, k: int) -> int:
        if k == 64 and not self.wide:  # the first seed drawn is too wide; its other draws as they are
            self.wide = True
            return 1 << 65
        return super().getrandbits(k)

    wide = False


class _OddFraction(random.Random):
    def random(self) -> float:
        return 1.5

    def getrandbits(self, k: int) -> int:  # so that its other draws stay random.Random's own
        return super().getrandbits(k)


class _FirstChoice(random.Random):
    """Draws its own way, but right: always the first choice."""

    def choice(self, seq: Any) -> Any:
        return seq[0]


def _turn(state: GameState) -> int:
    assert state.turn is not None
    return state.turn


def _positions() -> list[GameState]:
    """A seeded game at its first bid, and in the play of tricks."""
    state = new_game(Rules.partnership(), seed=2)
    positions = [state]
    for seed in range(9):
        state = state.apply(random_action(state, random.Random(seed)))
    return positions + [state]


@pytest.mark.parametrize(("source", "method"), [(_OtherChoice, "choice"), (_CopiedChoice, "choice"), (_BrokenBits, "getrandbits")])
def test_a_players_random_source_that_draws_wrong_is_named(source: type[random.Random], method: str) -> None:  # P-4, C-4
    bidding, playing = _positions()
    assert bidding.phase is Phase.BID and playing.phase is Phase.PLAY
    draws = [(bidding, random_bot, random_action)] + [(playing, player, driver) for player, driver in (
        (random_bot, random_action), (simple_bot, simple_action))]  # simple_bot bids by its estimate: no draw
    for state, player, driver in draws:
        with pytest.raises(ArgumentError, match=f"the random source's {method}"):
            player(seat_view(state, _turn(state)), source(1))
        with pytest.raises(ArgumentError, match=f"the random source's {method}"):
            driver(state, source(1))
    assert simple_bot(seat_view(bidding, _turn(bidding)), source(1)) in bidding.legal_actions()


def test_a_sampling_players_random_source_that_draws_wrong_is_named() -> None:  # C-4
    playing = _positions()[1]
    view = seat_view(playing, _turn(playing))
    with pytest.raises(ArgumentError, match=r"getrandbits\(64\) gave 36893488147419103232, not"):
        SamplingBot(samples=2)(view, _WideBits(1))
    with pytest.raises(ArgumentError, match=r"the random source's random\(\) gave 1\.5"):
        SamplingBot(samples=2)(view, _OddFraction(1))


def test_a_random_source_that_draws_its_own_way_plays_its_draws() -> None:  # C-4
    for state in _positions():
        view = seat_view(state, _turn(state))
        first = state.legal_actions()[0]
        assert random_bot(view, _FirstChoice(1)) == first
        assert random_action(state, _FirstChoice(1)) == first


class _TooWideBits(random.Random):
    def getrandbits(self, k: int) -> int:
        return 1 << (k + 50)  # never a number of k bits


class _AllOnes(random.Random):
    def getrandbits(self, k: int) -> int:
        return (1 << k) - 1  # k bits, but always the largest: never below a count that is not a power of two


class _OwnBits(random.Random):
    """Its own getrandbits, drawing right: random.Random's numbers."""

    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k)


def test_a_source_whose_getrandbits_never_fits_is_named_not_waited_on() -> None:  # C-4, P-4
    """CPython's choice() would ask such a source again and again, forever;
    the players ask it a bounded number of times, each answer checked."""
    bidding, playing = _positions()
    for state in (bidding, playing):
        count = len(state.legal_actions())
        assert count & (count - 1)  # not a power of two: the largest number of its bits is too large
        bits = count.bit_length()
        view = seat_view(state, _turn(state))
        for draw in (lambda rng: random_bot(view, rng), lambda rng: random_action(state, rng), lambda rng: rollout(state, rng)):
            with pytest.raises(ArgumentError, match=rf"^the random source's getrandbits\({bits}\) gave \d+, not an int from 0 to 2\*\*{bits} - 1$"):
                draw(_TooWideBits(1))
            with pytest.raises(ArgumentError, match=rf"^the random source's getrandbits\({bits}\) gave no number below {count} in 10000 draws$"):
                draw(_AllOnes(1))


class _AlwaysOne(random.Random):
    def random(self) -> float:
        return 1.0  # CPython's choice() through random() alone would ask again forever


def test_a_source_whose_random_is_never_below_one_is_named_not_waited_on() -> None:  # C-4, P-4
    for state in _positions():
        view = seat_view(state, _turn(state))
        for draw in (lambda rng: random_bot(view, rng), lambda rng: random_action(state, rng), lambda rng: rollout(state, rng)):
            with pytest.raises(ArgumentError, match=r"^the random source's random\(\) gave 1\.0, not a float from 0\.0 up to 1\.0$"):
                draw(_AlwaysOne(1))


def test_a_source_with_its_own_getrandbits_draws_as_random_random() -> None:  # C-4, P-2
    for state in _positions():
        view = seat_view(state, _turn(state))
        for seed in range(20):
            assert random_bot(view, _OwnBits(seed)) == random_bot(view, random.Random(seed))
            assert random_action(state, _OwnBits(seed)) == random_action(state, random.Random(seed))
        assert rollout(state, _OwnBits(3)) == rollout(state, random.Random(3))


class _Subclass(random.Random):
    """A random.Random of the caller's own that draws as random.Random does."""


@pytest.mark.parametrize("preset", ["partnership", "two-player"])
def test_a_random_source_of_the_callers_own_plays_every_phase(preset: str) -> None:  # P-6, T-2, T-6
    phases = set()
    for seed in range(6):
        state = new_game(PRESETS[preset](), seed=seed)
        rng = _Subclass(seed)
        while not state.is_over and len(state.sheet) < 2:
            phases.add(state.phase)
            view = seat_view(state, _turn(state))
            action = (random_bot, simple_bot)[seed % 2](view, rng) if seed < 4 else random_action(state, rng)
            assert state.is_legal(action)
            state = state.apply(action)
    assert Phase.EXCHANGE in phases or Phase.DISCARD in phases  # exchanges drawn from ExchangeChoices


def _exchange_position() -> GameState:
    """A partnership hand in its Double Nil exchange (P-6)."""
    state = new_game(Rules.partnership(), seed=3).apply(Bid.DOUBLE_NIL)
    while state.phase is Phase.BID:
        state = state.apply(Bid(3))
    assert state.phase is Phase.EXCHANGE
    return state


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_refuses_a_view_whose_legal_actions_are_not_of_its_hand(name: str) -> None:  # C-5, P-6
    """A view made by hand whose hand does not hold the cards it may play
    or give: no game gives it, and every bot says so (a StateError), rather
    than failing in its own reckoning or answering with a card it lacks."""
    bot = BOTS[name]
    playing = _positions()[1]
    played = new_game(Rules.partnership(), seed=1)
    for bid in (Bid(3), Bid.NIL, Bid(3), Bid(3)):  # an opponent of seat 1 on Nil: the heuristic leads against it
        played = played.apply(bid)
    exchanging = _exchange_position()
    for state in (playing, played, exchanging):
        seat = _turn(state)
        view = seat_view(state, seat)
        assert bot(view, random.Random(1)) in view.legal_actions
        other = state.hand((seat + 1) % 4)
        for hand in (CardSet(0), other):
            forged = attrs.evolve(view, hand=hand)
            with pytest.raises(StateError, match=rf"^seat {seat}'s view holds legal actions of cards that are not its "
                                                 r"hand's: no game gives it$"):
                bot(forged, random.Random(1))


def test_the_heuristic_answers_from_its_legal_actions_or_refuses_the_view() -> None:  # P-6, T-2
    """Legal actions listed by hand, fewer than the rules give: the
    heuristic's answer is one of them, or the view is refused."""
    state = _exchange_position()
    view = seat_view(state, _turn(state))
    every = tuple(view.legal_actions)
    chosen = heuristic_bot(view, random.Random(0))
    assert isinstance(chosen, Exchange) and len(chosen.cards) == 3  # P-6: three cards
    others = tuple(e for e in every if e != chosen)
    assert heuristic_bot(attrs.evolve(view, legal_actions=others), random.Random(0)) in others
    draft = new_game(Rules.two_player(), seed=1).apply(Draft.KEEP).apply(Draft.KEEP)  # a second turn: keep or reject (T-2)
    view = seat_view(draft, _turn(draft))
    chosen = heuristic_bot(view, random.Random(0))
    assert set(view.legal_actions) == {Draft.KEEP, Draft.REJECT} and chosen in view.legal_actions
    assert heuristic_bot(attrs.evolve(view, legal_actions=(chosen,)), random.Random(0)) == chosen
    other = Draft.REJECT if chosen is Draft.KEEP else Draft.KEEP
    with pytest.raises(StateError, match=rf"^seat {view.seat}'s view holds legal actions that do not follow from the "
                                         r"rest of it: no game gives it$"):
        heuristic_bot(attrs.evolve(view, legal_actions=(other,)), random.Random(0))


@pytest.mark.parametrize("sealed", [False, True])
def test_every_bot_bids_double_nil_where_the_rules_leave_nothing_else(sealed: bool) -> None:  # V-3, V-6
    """Nil not allowed and a side's contract at most 2 (V-6): once a seat's
    partner has bid 2, Double Nil (contract 0) is the seat's one legal bid.
    Every bot bids it, from a view sealed or not; the heuristic bot raised
    ValueError (and, sealed, StopIteration)."""
    from spades import Bid, Rules, new_game, seat_view
    from spades.bots import BOTS, SamplingBot, play_game

    rules = Rules(nil_allowed=False, max_side_contract=2)
    state = new_game(rules, seed=192)
    state = state.apply(Bid(2)).apply(Bid(1))  # seat 1 bids 2; seat 3 will have Double Nil only
    while state.turn != 3:
        state = state.apply(Bid(1))
    assert state.legal_actions() == (Bid.DOUBLE_NIL,)
    view = seat_view(state, 3, sealed=sealed)
    players = {**BOTS, "sampling": SamplingBot(samples=2)}
    for name, bot in players.items():
        assert bot(view, random.Random(1)) == Bid.DOUBLE_NIL, name
        for seed in (192, 7):
            play_game(rules, (bot,) * 4, seed, sealed=sealed, hands=2)
