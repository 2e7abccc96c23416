"""Bad arguments to the pure rule functions: each one either gives an answer
or raises a :class:`~spades.SpadesError` (an :class:`~spades.ArgumentError`
for a bad argument), never another exception."""

from __future__ import annotations

import functools
import pathlib
from collections.abc import Callable
import random
from typing import Any

import pytest

import spades
import spades.deal

from spades import (
    ArgumentError,
    ArgumentTypeError,
    Bid,
    Card,
    CardSet,
    Draft,
    Exchange,
    GameState,
    IllegalActionError,
    ParseError,
    Phase,
    Rank,
    Reason,
    Replacement,
    Rules,
    SpadesError,
    Suit,
    bid_error,
    bid_limits,
    breaks_spades,
    dealer_of_hand,
    double_nil_declarable,
    double_nil_forced,
    double_nil_open,
    exchange_order,
    first_bidder,
    first_leader,
    game_winner,
    legal_bids,
    legal_plays,
    next_bidder,
    next_dealer,
    play_error,
    score_hand,
    spades_broken,
    trick_winner,
    trick_winner_seat,
    walk_draft,
)
from spades.actions import ExchangeIndexError
from spades.draft import declaration_error, draft_turn, next_drafter
from spades.errors import MESSAGE_LIMIT, short_repr
from spades.exchange import exchange_choices, exchange_error, exchanged_cards, replacement_error
from spades.tricks import walk_tricks

P = Rules.partnership()
T = Rules.two_player()
C = Card.parse
HAND = CardSet.parse("AK.Q.JT.32")
BIDS4: list[Bid | None] = [None, Bid(3), None, None]

# Each function with a call that is valid, as positional and keyword values.
CALLS: list[tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = [
    (legal_plays, (HAND, [C("5C")], False, P), {}),
    (play_error, (C("2C"), HAND, [C("5C")], False, P), {}),
    (trick_winner, ([C("KH"), C("AH")], P), {}),
    (trick_winner_seat, (1, [C("KH"), C("AH")], P), {}),
    (spades_broken, (CardSet.parse("..AK."), P), {}),
    (breaks_spades, (C("2S"), False, P), {}),
    (first_leader, (P, 0, [HAND, CardSet(0), CardSet(0), CardSet(0)]), {}),
    (walk_tricks, (P, 0, [C("KH"), C("AH")]), {}),
    (bid_error, (Bid(3),), {"seat": 0, "bids": BIDS4, "rules": P, "scores": [0, 0]}),
    (bid_limits, (), {"seat": 0, "bids": BIDS4, "rules": P, "scores": [0, 0]}),
    (legal_bids, (), {"seat": 0, "bids": BIDS4, "rules": P, "scores": [0, 0]}),
    (double_nil_open, (0, Rules.pagat(), [0, 0]), {}),
    (double_nil_forced, ([Bid.DOUBLE_NIL],), {}),
    (first_bidder, (P, 3), {}),
    (next_bidder, (P, 3, BIDS4), {}),
    (dealer_of_hand, (P, 4), {}),
    (next_dealer, (P, 3), {}),
    (exchange_order, (P, 0, [Bid(3), Bid(4), Bid.DOUBLE_NIL, Bid(2)]), {}),
    (exchange_error, (Exchange("AK.Q.."), HAND, P), {"discard": False}),
    (exchange_choices, (HAND, P), {"discard": False}),
    (replacement_error, (Replacement("A..."), CardSet.parse("AK..."), 1), {}),
    (exchanged_cards, (P, 0, [Bid(3), Bid(4), Bid.DOUBLE_NIL, Bid(2)], [], 2), {}),
    (draft_turn, ([C("AS"), C("2H")], 0, Draft.KEEP), {}),
    (next_drafter, (0,), {}),
    (walk_draft, ([C("AS"), C("2H")], 0, [Draft.KEEP]), {}),
    (double_nil_declarable, (1, T, None), {"cards_taken": 0, "bid": None}),
    (declaration_error, (1, T, None), {"cards_taken": 0, "bid": None}),
    (score_hand, ([Bid(4), Bid(3), Bid(3), Bid(3)], [4, 3, 3, 3], P), {}),
    (game_winner, ([510, 420], P), {}),
]

JUNK: tuple[object, ...] = (None, True, 1.5, -1, 99, "x", b"x", [], (), [None], object(), {"a": 1}, float("nan"), 10**5000,
                           -(10**5000))


def _cases() -> list[tuple[str, Callable[..., Any], tuple[Any, ...], dict[str, Any]]]:
    cases = []
    for function, args, kwargs in CALLS:
        for index in range(len(args)):
            for junk in JUNK:
                bad = args[:index] + (junk,) + args[index + 1 :]
                cases.append((f"{function.__name__}[{index}]={short_repr(junk)}", function, bad, kwargs))
        for key in kwargs:
            for junk in JUNK:
                cases.append((f"{function.__name__}[{key}]={short_repr(junk)}", function, args, {**kwargs, key: junk}))
    return cases


@pytest.mark.parametrize(("function", "args", "kwargs"), CALLS, ids=[c[0].__name__ for c in CALLS])
def test_the_valid_calls_are_valid(function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    function(*args, **kwargs)


def test_a_bad_argument_gives_an_answer_or_a_spades_error() -> None:
    for name, function, args, kwargs in _cases():
        try:
            function(*args, **kwargs)
        except SpadesError as error:
            assert isinstance(error, (ArgumentError, IllegalActionError)), (name, error)
            assert len(str(error)) <= 300, (name, error)  # a bounded message
        except Exception as error:  # pragma: no cover - the failure being tested for
            raise AssertionError(f"{name}: {type(error).__name__}: {error}") from error


@pytest.mark.parametrize("seat", [True, False, 1.0, "1", None])
def test_a_seat_is_an_int(seat: object) -> None:  # P-1
    for call in (
        lambda: trick_winner_seat(seat, [C("KH"), C("AH")], P),  # type: ignore[arg-type]
        lambda: bid_limits(seat=seat, bids=BIDS4, rules=P),  # type: ignore[arg-type]
        lambda: double_nil_open(seat, P),  # type: ignore[arg-type]
        lambda: next_dealer(P, seat),  # type: ignore[arg-type]
        lambda: first_bidder(P, seat),  # type: ignore[arg-type]
        lambda: exchange_order(P, seat, BIDS4),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentTypeError):
            call()


def test_a_seat_of_an_int_type_names_its_type() -> None:  # P-1
    class Seat(int):
        pass

    for seat, shown in ((Seat(1), "1, a Seat"), (C("3C"), "Card('3C'), a Card"), (True, "True"), ("1", "'1'")):
        with pytest.raises(ArgumentTypeError) as caught:
            spades.new_game(P, seed=1).hand(seat)  # type: ignore[arg-type]
        assert str(caught.value) == f"a seat is an int, got {shown}"


# -- hostile values: every public function and constructor -------------------------------
#
# A server hands this library whatever its clients send.  Each public
# function, constructor and method below is called with a valid call in
# which one argument at a time is replaced by a huge or hostile value; only
# a SpadesError may come out, and its message is at most MESSAGE_LIMIT
# characters.  test_every_public_callable_is_swept keeps the table whole.


class _RaisingRepr:
    """A value whose repr and str raise."""

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    __str__ = __repr__


class _Hostile(_RaisingRepr):
    """A value every one of whose protocols raises (repr, comparison, hash,
    truth, length, iteration, call, index, format)."""

    def _raise(self, *_args: object, **_kwargs: object) -> Any:
        raise RuntimeError("hostile")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _raise
    __hash__ = __bool__ = __len__ = __iter__ = __index__ = __int__ = __format__ = _raise
    __getitem__ = __contains__ = __call__ = _raise


class _HostileText(str):
    """Text whose own methods (and repr) raise: a library that calls
    ``text.strip()`` on it fails."""

    def _raise(self, *_args: object, **_kwargs: object) -> Any:
        raise RuntimeError("hostile text")

    strip = upper = lower = replace = split = partition = encode = isascii = isdigit = splitlines = _raise
    startswith = removeprefix = __len__ = __iter__ = __getitem__ = __contains__ = __eq__ = __hash__ = _raise
    __repr__ = __str__ = _raise


class _LongRepr:
    """A value whose repr is ten million characters long."""

    def __repr__(self) -> str:
        return "x" * 10_000_000


def _deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


HOSTILE: tuple[tuple[str, object], ...] = (
    ("2 MB of text", "x" * 2_000_000),
    ("2 MB of bytes", b"x" * 2_000_000),
    ("10**5000", 10**5000),
    ("-10**5000", -(10**5000)),
    ("a raising repr", _RaisingRepr()),
    ("a hostile object", _Hostile()),
    ("a 10 MB repr", _LongRepr()),
    ("text whose methods raise", _HostileText("AS")),
    ("100,000 ints", list(range(100_000))),
    ("100,000 entries", {str(n): n for n in range(100_000)}),
    ("100,000 levels", _deep(100_000)),
    ("nan", float("nan")),
)


def _first_legal(view: Any, rng: Any) -> Any:
    return view.legal_actions[0]


def _sweep_table() -> list[tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]]:
    import random

    import attrs

    import spades
    import io

    from spades import analysis, bots, cli, deal, events, heuristic, match, record, serial, view
    from spades.solver import CardValue, NilCardValue, Solver, card_values, nil_card_values, nil_kept
    from spades._decks import _BUILDER, build_deck_facts, deck_facts
    from spades.draft import cards_drawn, draft_actions, draft_over
    from spades.exchange import exchange_sizes
    from spades.tricks import first_trick_matters

    rng = random.Random(1)
    bid_state = spades.new_game(P, seed=1)
    play_state = bid_state
    for _ in range(4):
        play_state = play_state.apply(Bid(3))
    draft_state = spades.new_game(T, seed=1)
    unseeded = spades.new_game(P)
    play_state_late = play_state
    while len(play_state_late.hand(play_state_late.turn or 0)) > 2:
        play_state_late = play_state_late.apply(play_state_late.legal_actions()[0])
    finished = play_state
    while not finished.sheet:
        finished = finished.apply(finished.legal_actions()[0])
    row = finished.sheet[0]
    a_record = spades.Record.of_state(play_state)
    a_view = spades.seat_view(play_state, 1)
    limits = bid_limits(seat=0, bids=BIDS4, rules=P)
    facts = P.deck_facts
    source = deal.seeded_bytes(1, 0, "deal")
    a_deal = deal.deal_from(source, P)
    a_stock = deal.stock_from(source, T)
    pool = CardSet.parse("AK.Q..")
    walk = walk_draft(list(a_stock.cards), 0, [Draft.KEEP])
    an_event = events.BidMade(seat=1, bid=Bid(3))
    texts = {kind: serial.to_json(value) for kind, value in (("rules", P), ("state", play_state), ("view", a_view), ("record", a_record))}

    a_match = spades.play_match([_first_legal, _first_legal], Rules.two_player(losing_floor=-100), 2, 1, max_hands=3)
    an_analysis = analysis.analyse(a_record)
    a_hand_analysis = analysis.HandAnalysis(
        number=0, sides=(analysis.SideAnalysis(side=0, seats=(0, 2), bid=4, double_dummy=5, taken=4),), costly=(), nil_losses=()
    )

    def fields(value: Any) -> dict[str, Any]:
        return {f.name: getattr(value, f.name) for f in attrs.fields(type(value)) if f.init}

    table: list[tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = list(CALLS)
    table += [
        # cards and actions
        (Card, (0,), {}),
        (Card.of, (spades.Rank.ACE, spades.Suit.SPADES), {}),
        (Card.parse, ("AS",), {}),
        (CardSet, (0,), {}),
        (CardSet.parse, ("AK...",), {}),
        (CardSet.from_cards, (["AS", "KS"],), {}),
        (HAND.suit, (spades.Suit.SPADES,), {}),
        (Bid, (3, False), {}),
        (Bid.parse, ("3",), {}),
        (Draft.parse, ("keep",), {}),
        (Draft, ("keep",), {}),
        (spades.Reason, ("GAME_OVER",), {}),
        (spades.Phase, (4,), {}),
        (spades.Phase.parse, ("BID",), {}),
        (spades.Suit, (3,), {}),
        (spades.Rank, (12,), {}),
        (Exchange, (HAND,), {}),
        (spades.Deal, (a_deal.hands,), {}),
        (spades.Stock, (a_stock.cards,), {}),
        (Replacement, ("A...",), {}),
        (spades.ExchangeChoices, (HAND, (3,)), {}),
        (spades.ExchangeChoices(HAND, (3,)).index, (Exchange("AS KS QH"),), {}),
        (spades.ExchangeChoices(HAND, (3,)).count, (Exchange("AS KS QH"),), {}),
        # rules
        (Rules, (), {"players": 4, "target": 300, "deck": "jokers"}),
        (Rules.from_dict, ({"target": 300},), {}),
        (Rules.preset, ("pagat",), {"target": 300}),
        (Rules.partnership, (), {"target": 300}),
        (Rules.two_player, (), {"target": 300}),
        (Rules.pagat, (), {"target": 300}),
        (Rules.jokers, (), {"target": 300}),
        (Rules.joker_joker_deuce_deuce, (), {"target": 300}),
        (Rules.openspiel, (), {"target": 300}),
        (Rules.cutthroat, (3,), {"target": 300}),
        (P.replace, (), {"target": 300}),
        (spades.rules.hand_size, (4,), {}),
        (spades.rules.seating, (4, True), {}),
        (deck_facts, ("jokers", False), {}),
        (build_deck_facts, ("jokers", False), {}),
        (spades.DeckFacts, (), {**fields(facts), "_builder": _BUILDER}),  # the builder's call: others are refused
        # errors
        (spades.SpadesError, ("x",), {}),
        (IllegalActionError, (spades.Reason.GAME_OVER, "x", "S-9"), {}),
        (spades.ParseError, ("x", 1, 2), {}),
        (spades.RulesError, ("x",), {}),
        (spades.StateError, ("x",), {}),
        (ArgumentError, ("x",), {}),
        (ArgumentTypeError, ("x",), {}),
        (spades.RulesTypeError, ("x",), {}),
        (ExchangeIndexError, ("x",), {}),
        # the pure rule functions not in CALLS
        (first_trick_matters, (P,), {}),
        (exchange_sizes, (P,), {"discard": False}),
        (draft_over, (52, 50), {}),
        (draft_actions, (True,), {}),
        (cards_drawn, (13,), {}),
        (spades.BidLimits, tuple(fields(limits).values()), {}),
        (limits.error, (Bid(3),), {}),
        (spades.HandScore, (row.result.sides,), {}),
        (spades.SideScore, (), fields(row.result.sides[0])),
        (spades.HandRecord, (), fields(row)),
        (spades.draft.DraftWalk, (), fields(walk)),
        # chance
        (deal.new_seed, (), {}),
        (deal.seeded_bytes, (1, 0, "deal"), {}),
        (deal.shuffled, (bytes(range(52)), source), {}),
        (deal.deal_from, (source, P), {}),
        (deal.deal_masks, (source, P), {}),
        (deal.stock_from, (source, T), {}),
        (deal.replacement_from, (source, pool, 1), {}),
        (deal.random_deal, (rng, P), {}),
        (deal.random_stock, (rng, T), {}),
        (deal.random_replacement, (rng, pool, 1), {}),
        (deal.deal_error, (a_deal, P), {}),
        (deal.stock_error, (a_stock, T), {}),
        # the state
        (spades.new_game, (P, 1), {}),
        (spades.GameState, (), {}),
        (bid_state.apply, (Bid(3), 1), {}),
        (bid_state.explain, (Bid(3), 1), {}),
        (bid_state.is_legal, (Bid(3), 1), {}),
        (play_state.apply, (play_state.legal_actions()[0], play_state.turn), {}),
        (play_state.explain, (play_state.legal_actions()[0], play_state.turn), {}),
        (draft_state.apply, (Draft.KEEP, draft_state.turn), {}),
        (bid_state.hand, (0,), {}),
        (bid_state.double_nil_open, (1,), {}),
        (unseeded.sample_chance, (rng,), {}),
        # views, records and documents
        (spades.seat_view, (play_state, 1), {}),
        (view.tricks_of_hand, (P, 0, [C("KH")]), {}),
        (view.current_tricks, (play_state,), {}),
        (view.hand_summary, (P, row), {}),
        (spades.SeatView, (), fields(a_view)),
        (spades.PlayedTrick, (), fields(spades.PlayedTrick(leader=0, cards=(C("KH"),), winner=-1))),
        (spades.HandSummary, (), fields(view.hand_summary(P, row))),
        (spades.Record, (), {"rules": P, "seed": 1, "actions": a_record.actions, "tags": (("Event", "x"),)}),
        (spades.Record.parse, (a_record.to_text(),), {"max_size": 10**6}),
        (spades.Record.of_state, (play_state,), {}),
        (record.replay, (P, 1, a_record.actions), {}),
        (record.rules_to_text, (P,), {}),
        (record.rules_from_text, ("target=300",), {}),
        (serial.to_dict, (P,), {}),
        (serial.to_json, (P,), {"indent": 2}),
        (serial.from_dict, (serial.to_dict(P),), {}),
        (serial.rules_from_dict, (serial.to_dict(P),), {}),
        (serial.state_from_dict, (serial.to_dict(play_state),), {}),
        (serial.view_from_dict, (serial.to_dict(a_view),), {}),
        (serial.record_from_dict, (serial.to_dict(a_record),), {}),
        (serial.from_json, (texts["rules"],), {"max_size": 10**6}),
        (serial.rules_from_json, (texts["rules"],), {"max_size": 10**6}),
        (serial.state_from_json, (texts["state"],), {"max_size": 10**6}),
        (serial.view_from_json, (texts["view"],), {"max_size": 10**6}),
        (serial.record_from_json, (texts["record"],), {"max_size": 10**6}),
        (serial.schema, (), {}),
        # actions and events on the wire
        (spades.actions.read_action, ("QH",), {}),
        (bid_state.parse_action, ("3", 1), {}),
        (bid_state.turn_error, (1,), {}),
        (serial.action_to_dict, (Bid(3),), {}),
        (serial.action_to_json, (Bid(3),), {}),
        (serial.action_from_dict, ({"bid": "3"}, P), {}),
        (serial.action_from_json, ('{"bid": "3"}', P), {"max_size": 100}),
        (serial.event_to_dict, (an_event,), {}),
        (serial.event_to_json, (an_event,), {}),
        (serial.event_from_dict, (serial.event_to_dict(an_event), P), {}),
        (serial.event_from_json, (serial.event_to_json(an_event), P), {"max_size": 100}),
        (events.events, (bid_state, bid_state.apply(Bid(3)), 0), {}),
        (events.advance, (spades.seat_view(bid_state, 0), events.events(bid_state, bid_state.apply(Bid(3)), 0)), {}),
        (events.CardPlayed, (), {"seat": 1, "card": C("KH")}),
        (events.Turn, (), {"phase": spades.Phase.BID, "seat": 2}),
        (spades.seat_view, (play_state, 1), {"sealed": True, "history": True}),
        (P.to_preset_dict, (), {}),
        (spades.Deals, (a_view,), {}),
        (spades.Deals(a_view).sample, (rng,), {}),
        (spades.Deals(a_view).state, (rng,), {}),
        (spades.count_deals, (a_view,), {}),
        (spades.sample_hands, (a_view, rng), {}),
        # rollouts and simulations
        (spades.rollout, (play_state, rng), {"until": "hand"}),
        (spades.RolloutResult, (), {"tricks": row.tricks, "score": row.result, "hands": 1}),
        (spades.simulate, (P, 2), {"seed": 1, "chunk_size": 1}),
        (spades.SimulatedHand, (1, (3, 3, 3, 4), (30, -40)), {}),
        (spades.SimulatedGame, (1, 2, (500, -80), 0), {}),
        (spades.play_match, ((_first_legal, _first_legal), Rules.two_player(losing_floor=-100), 2, 1), {"max_hands": 3}),
        (spades.simulation_seed, (1, 2), {}),
        # double-dummy analysis
        (spades.double_dummy, (play_state_late, 0), {}),
        (card_values, (play_state_late,), {}),
        (nil_kept, (play_state_late, 1), {}),
        (nil_card_values, (play_state_late, 1), {}),
        (Solver, (P,), {}),
        (Solver(P).tricks, (play_state_late, 1), {}),
        (Solver(P).card_values, (play_state_late,), {}),
        (Solver(P).nil_kept, (play_state_late, 0), {}),
        (Solver(P).nil_card_values, (play_state_late, 0), {}),
        (CardValue, (Card.parse("AS"), 2), {}),
        (NilCardValue, (Card.parse("AS"), True), {}),
        # players
        (bots.random_bot, (a_view, rng), {}),
        (bots.simple_bot, (a_view, rng), {}),
        (bots.random_action, (play_state, rng), {}),
        (bots.simple_action, (play_state, rng), {}),
        (bots.play_game, (T, (bots.simple_bot, bots.simple_bot), 1), {"sealed": False, "hands": 1}),
        (bots.player_seed, (1, 2), {}),
        (bots.bot_named, ("simple",), {}),
        (bots.estimate_bid, (HAND, P), {}),
        (bots.SamplingBot, (), {"samples": 2, "seconds": 0.5}),
        (bots.SamplingBot(samples=2).__call__, (a_view, rng), {}),
        (heuristic.hand_tricks, (HAND, P), {}),
        (heuristic.nil_risk, (HAND, P), {}),
        (heuristic.heuristic_bot, (a_view, rng), {}),
        (heuristic.play_out_hand, (play_state_late,), {}),
        # events of every kind
        *[(type(event), (), fields(event)) for event in _one_event_of_each_kind()],
        # matches and their statistics
        (match.match_seeds, (1, 0, P), {}),
        (match.wilson_interval, (3, 10), {"z": 1.96}),
        (match.mean_interval, ([1.0, 2.0, 4.0],), {"z": 1.96}),
        (match.PlayerResult, (), fields(a_match.players[0])),
        (match.MatchResult, (), fields(a_match)),
        # analysis (of a record with no finished hand: no double-dummy search)
        (analysis.analyse, (a_record,), {}),
        (analysis.format_analysis, (an_analysis,), {"symbols": False}),
        (analysis.analysis_to_json, (an_analysis,), {}),
        (analysis.SideAnalysis, (), {"side": 0, "seats": (0, 2), "bid": 4, "double_dummy": 5, "taken": 4}),
        (analysis.CostlyCard, (), {"trick": 1, "seat": 0, "card": C("AS"), "best": 5, "after": 4}),
        (analysis.NilLoss, (), {"trick": 1, "seat": 0, "card": C("AS"), "nil_seat": 2}),
        (analysis.HandAnalysis, (), fields(a_hand_analysis)),
        (analysis.GameAnalysis, (), fields(an_analysis)),
        # the command line's functions
        (cli.demo_action, (play_state, rng), {}),
        (cli.format_hand, (row, P), {"tricks": True, "symbols": False}),
        (cli.format_replay, (a_record,), {"symbols": False}),
        (cli.play_demo, (Rules.two_player(target=100, losing_floor=-100), 3, io.StringIO()), {"verbose": False}),
        (cli.play_terminal, (Rules.two_player(), 0, 1, "random", io.StringIO("q\n"), io.StringIO()), {}),
        (cli.run_match, (["random", "random"], Rules.two_player(target=100, losing_floor=-100), 2, 1, 1, io.StringIO(), None),
         {"max_hands": 3}),
    ]
    return table


def _one_event_of_each_kind() -> list[Any]:
    """An event of each kind a seat can learn of, from random games of
    the partnership game with a Double Nil exchange and of the two-player
    game (a draft, a discard and its replacement)."""
    import random

    from spades import events

    found: dict[type, Any] = {}
    for rules in (Rules.partnership(), Rules.pagat(), Rules.two_player(target=200, losing_floor=-200)):
        for seed in range(40):
            rng = random.Random(seed)
            state = spades.new_game(rules, seed=seed)
            while not state.is_over and len(state.sheet) < 3:
                legal = state.legal_actions()
                nil = state.turn == 0 and Bid.DOUBLE_NIL in legal  # one seat of a side: an exchange follows (P-6)
                after = state.apply(Bid.DOUBLE_NIL if nil else rng.choice(legal))
                for seat in range(rules.players):
                    for event in events.events(state, after, seat):
                        found.setdefault(type(event), event)
                state = after
    return list(found.values())


def _qualname(function: Callable[..., Any]) -> str:
    target = getattr(function, "__func__", function)
    return f"{target.__module__}.{target.__qualname__}"


SWEEP = _sweep_table()

# Every public module of the package but spades.documents, whose names are
# typing descriptions of the JSON documents (TypedDict), not callables.
PUBLIC_MODULES: tuple[str, ...] = tuple(
    f"spades.{path.stem}" if path.stem != "__init__" else "spades"
    for path in sorted(pathlib.Path(spades.__file__).parent.glob("*.py"))
    if (not path.stem.startswith("_") or path.stem == "__init__") and path.stem != "documents"
)



def test_every_public_callable_is_swept() -> None:
    import importlib
    import inspect
    import types

    from typing_extensions import is_typeddict

    swept = {_qualname(function) for function, _args, _kwargs in SWEEP}
    missing = set()
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value):
                missing.add(_qualname(value))
            # A type alias such as tuple[int, ...] is a class to Python 3.10's inspect.
            # A Protocol or a TypedDict describes what a caller passes: nothing to call.
            elif (inspect.isclass(value) and not isinstance(value, types.GenericAlias)
                  and not getattr(value, "_is_protocol", False) and not is_typeddict(value)):
                missing.add(_qualname(value))
                for member, attribute in vars(value).items():
                    if member.startswith("_") or not isinstance(attribute, (classmethod, staticmethod)) and not inspect.isfunction(attribute):
                        continue
                    if "ǁ" in member:  # a mutant of a method, which mutation testing (mutmut) adds to its class
                        continue
                    function = attribute.__func__ if isinstance(attribute, (classmethod, staticmethod)) else attribute
                    parameters = list(inspect.signature(function).parameters)
                    if len(parameters) > (0 if isinstance(attribute, staticmethod) else 1):
                        missing.add(_qualname(function))
    missing -= swept
    # main(None) reads the process' own arguments: tests/test_cli.py gives it
    # hostile argument lists instead.
    missing.discard("spades.cli.main")
    assert not missing, sorted(missing)


def _calls_with_hostile_values() -> list[tuple[str, Callable[[], Any]]]:
    calls: list[tuple[str, Callable[[], Any]]] = []
    for function, args, kwargs in SWEEP:
        name = _qualname(function).removeprefix("spades.")
        for label, value in HOSTILE:
            for index in range(len(args)):
                bad = args[:index] + (value,) + args[index + 1 :]
                calls.append((f"{name}[{index}] = {label}", functools.partial(function, *bad, **kwargs)))
            for key in kwargs:
                calls.append((f"{name}[{key}] = {label}", functools.partial(function, *args, **{**kwargs, key: value})))
    return calls


def test_the_sweep_calls_are_valid() -> None:
    for function, args, kwargs in SWEEP:
        if function is not GameState:
            function(*args, **kwargs)


def test_hostile_values_give_a_spades_error_with_a_bounded_message() -> None:
    failures = []
    for name, call in _calls_with_hostile_values():
        try:
            call()
        except SpadesError as error:
            if len(str(error)) > MESSAGE_LIMIT:
                failures.append(f"{name}: a message of {len(str(error))} characters")
        except Exception as error:  # the failure being tested for
            failures.append(f"{name}: {type(error).__name__}: {str(error)[:100]}")
    assert not failures, "\n".join(failures[:40]) + f"\n({len(failures)} in all)"


def test_values_in_messages_are_quoted_short() -> None:
    from spades.errors import clip, short_repr

    for _label, value in HOSTILE:
        assert len(short_repr(value)) <= 60
    assert short_repr(10**39) == "1" + "0" * 39 and short_repr(-(10**40)) == "an int of 41 digits"
    assert short_repr(_RaisingRepr()) == "<_RaisingRepr>" and short_repr(_deep(100_000)) == "[[[[[[[[...]]]]]]]]"
    assert short_repr("x" * 2_000_000) == "'" + "x" * 56 + "..."
    assert clip("x" * 301) == "x" * 297 + "..." and clip("x" * 300) == "x" * 300


def test_every_message_is_at_most_message_limit_characters() -> None:
    long = "x" * 2_000_000
    for error in (SpadesError(long), ArgumentError(long), ParseError(long, 3, 4)):
        assert len(str(error)) == MESSAGE_LIMIT
    assert str(ParseError(long, 3, 4)).startswith("line 3, column 4: xxx")
    illegal = IllegalActionError(Reason.MUST_FOLLOW_SUIT, long, "C-5")
    assert len(str(illegal)) == MESSAGE_LIMIT and str(illegal).endswith("xx... (rule C-5)")


ENUMS: list[tuple[type[Any], object, object, type[SpadesError]]] = [
    # (enum, a value, a value of the right type that is no member's, its error)
    (Draft, "keep", "Keep", ParseError),
    (Reason, "GAME_OVER", "game over", ParseError),
    (Phase, 4, 8, ArgumentError),
    (Suit, 3, 4, ArgumentError),
    (Rank, 12, -1, ArgumentError),
]


@pytest.mark.parametrize(("kind", "good", "unknown", "error"), ENUMS, ids=[e[0].__name__ for e in ENUMS])
def test_enum_look_ups_raise_the_librarys_errors(
    kind: type[Any], good: object, unknown: object, error: type[SpadesError]
) -> None:
    # They raised a plain ValueError, or whatever the value's own hash,
    # comparisons or repr raised.
    assert kind(good).value == good and kind(kind(good)) is kind(good)
    with pytest.raises(error) as caught:
        kind(unknown)
    assert isinstance(caught.value, ValueError) and type(caught.value) is error
    for _label, value in HOSTILE + (("the wrong type", 4.0), ("a bool", True)):
        right_type = isinstance(value, type(good)) and not isinstance(value, bool)
        with pytest.raises(error if right_type else ArgumentTypeError) as caught:
            kind(value)
        assert isinstance(caught.value, ValueError) and len(str(caught.value)) <= MESSAGE_LIMIT


def test_anything_but_rules_where_rules_are_needed() -> None:
    """Every function that takes the rules refuses anything else with
    RulesTypeError: a RulesError and an ArgumentTypeError (a TypeError)."""
    import spades
    from spades.bots import estimate_bid, play_game, simple_bot
    from spades.match import match_seeds
    from spades.serial import action_from_dict, event_from_dict
    from spades.solver import Solver

    for bad in ("partnership", 3, Rules.partnership().to_dict(), Rules):
        calls: list[Callable[[], Any]] = [
            lambda: spades.new_game(bad, seed=1),  # type: ignore[arg-type]
            lambda: spades.legal_plays(CardSet(0), (), False, bad),  # type: ignore[arg-type]
            lambda: spades.play_match([simple_bot, simple_bot], bad, 2, 1),  # type: ignore[arg-type]
            lambda: match_seeds(1, 0, bad),  # type: ignore[arg-type]
            lambda: spades.simulate(bad, 1, seed=1),  # type: ignore[call-overload]
            lambda: play_game(bad, (simple_bot,) * 4, 1),  # type: ignore[arg-type]
            lambda: estimate_bid(CardSet(0), bad),  # type: ignore[arg-type]
            lambda: event_from_dict({"event": "trick_won", "seat": 3}, bad),  # type: ignore[arg-type]
            lambda: Solver(bad),  # type: ignore[arg-type]
            lambda: action_from_dict({"bid": "4"}, bad),  # type: ignore[arg-type]
        ]
        for call in calls:
            with pytest.raises(spades.RulesTypeError) as caught:
                call()
            assert isinstance(caught.value, spades.RulesError) and isinstance(caught.value, ArgumentTypeError)
            assert isinstance(caught.value, TypeError) and len(str(caught.value)) <= MESSAGE_LIMIT


def test_a_hand_is_a_hand_of_the_game() -> None:
    """C-1, V-9: a hand holds cards of the game's deck only; C-8, P-2, V-10:
    at most a hand's cards (13, or 17 for three players).  The hand
    evaluators and the play's checks refuse anything else."""
    from spades.bots import estimate_bid
    from spades.heuristic import hand_tricks, nil_risk

    jokers = CardSet.parse("BJ LJ")
    thirteen = CardSet.from_cards(Card(index) for index in range(0, 52, 4))
    seventeen = CardSet.from_cards(Card(index) for index in range(0, 51, 3))
    assert len(thirteen) == 13 and len(seventeen) == 17
    evaluators: list[Callable[[CardSet, Rules], object]] = [estimate_bid, hand_tricks, nil_risk]
    for evaluate in evaluators:
        with pytest.raises(ArgumentError, match="C-1"):
            evaluate(jokers, P)
        with pytest.raises(ArgumentError, match="C-8"):
            evaluate(spades.FULL_DECK, P)
        with pytest.raises(ArgumentError, match="C-8"):
            evaluate(seventeen, P)
        evaluate(thirteen, P)
        evaluate(jokers | CardSet.parse("AS"), Rules.jokers())
        evaluate(seventeen, Rules.cutthroat(3))
        with pytest.raises(ArgumentTypeError):
            evaluate(thirteen, "partnership")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="C-8"):
        legal_plays(seventeen, [], False, P)
    with pytest.raises(ArgumentError, match="C-1"):
        first_leader(P, 0, [HAND, HAND, CardSet(0), CardSet(0)])  # a card in two hands


class _TwoFaced(list):  # type: ignore[type-arg]
    """A list whose items read one way by iteration, another by index."""

    def __getitem__(self, index: object) -> Any:
        return "junk"


class _LenLies(list):  # type: ignore[type-arg]
    """A list that says it holds four items."""

    def __len__(self) -> int:
        return 4


def test_a_sequence_is_read_once() -> None:
    """What is checked is what is used: a sequence is read once, by
    iteration, and its items are what the function works with."""
    from spades import bots, view

    stock = [Card(index) for index in range(52)]
    assert draft_turn(_TwoFaced(stock), 0, Draft.KEEP) == (stock[0], stock[1])  # T-2
    assert walk_draft(_TwoFaced(stock), 0, [Draft.REJECT]).kept[0] == CardSet.from_cards([stock[1]])
    assert view.tricks_of_hand(P, 0, _TwoFaced([C("AS")])) == (spades.PlayedTrick(leader=0, cards=(C("AS"),), winner=-1),)
    assert walk_tricks(P, 1, _TwoFaced([C("KH"), C("AH"), C("2H"), C("3H")]))[0][2] == 2  # C-7
    assert trick_winner_seat(0, _TwoFaced([C("KH"), C("AH")]), P) == 1
    assert next_bidder(P, 3, _TwoFaced([None] * 4)) == 0  # P-3
    for lying in (_LenLies(), _LenLies([Bid(3)] * 5)):
        with pytest.raises(ArgumentError, match="one per seat"):
            next_bidder(P, 3, lying)
    with pytest.raises(ArgumentError, match="one per side"):
        double_nil_open(0, Rules.pagat(), _LenLies([0]))

    players: list[Any] = [bots.random_bot] * 4

    def meddler(seat_view: Any, rng: Any) -> Any:
        players[1] = "not a bot"  # too late: play_game read its players once
        return bots.random_bot(seat_view, rng)

    players[0] = meddler
    assert len(bots.play_game(P, players, 1, hands=1).sheet) == 1


def test_the_statistics_refuse_numbers_no_float_holds() -> None:
    from spades.match import mean_interval, wilson_interval

    with pytest.raises(ArgumentError):
        wilson_interval(1, 10**400)
    for values in ([10**400, 1], [1e300, -1e300], [float("inf"), 1.0], [float("nan")]):
        with pytest.raises(ArgumentError):
            mean_interval(values)
    assert mean_interval([10**100, -(10**100)])[0] == 0.0
    assert wilson_interval(2**53, 2**53)[1] == 1.0


def test_every_function_drawing_at_random_refuses_a_source_that_is_not_a_random() -> None:
    """Each function that takes the caller's random source refuses anything
    but a ``random.Random`` alike, naming itself, before it draws."""
    from spades import new_game, rollout, seat_view
    from spades.bots import SamplingBot, random_bot, simple_bot
    from spades.cli import demo_action
    from spades.heuristic import heuristic_bot
    from spades.sampling import Deals, sample_hands

    rules = Rules.partnership()
    state = new_game(rules, seed=1)
    view = seat_view(state, 1)
    unseeded = new_game(rules)
    calls: list[tuple[str, Callable[[Any], object]]] = [
        ("random_deal", lambda rng: spades.deal.random_deal(rng, rules)),
        ("random_stock", lambda rng: spades.deal.random_stock(rng, Rules.two_player())),
        ("random_replacement", lambda rng: spades.deal.random_replacement(rng, CardSet.from_cards([Card(0)]), 1)),
        ("sample_chance", lambda rng: unseeded.sample_chance(rng)),
        ("a bot", lambda rng: random_bot(view, rng)),
        ("a bot", lambda rng: simple_bot(view, rng)),
        ("a bot", lambda rng: heuristic_bot(view, rng)),
        ("a bot", lambda rng: SamplingBot(samples=1)(view, rng)),
        ("a rollout", lambda rng: rollout(state, rng)),
        ("demo_action", lambda rng: demo_action(state, rng)),
        ("the sampler", lambda rng: sample_hands(view, rng)),
        ("the sampler", lambda rng: Deals(view).sample(rng)),
        ("the sampler", lambda rng: Deals(view).state(rng)),
    ]
    for user, call in calls:
        for source in (None, 4, "seed", random):
            with pytest.raises(ArgumentTypeError, match=rf"^{user} needs a random\.Random, got \w+$"):
                call(source)


def test_a_value_that_claims_a_class_it_is_not_of_is_refused() -> None:
    """An object may set its ``__class__`` to any class (a mock made with
    ``spec=`` does, and ``isinstance`` believes it): every entry point
    judges a value by its own type, and refuses such an object with the
    library's errors."""
    import random as random_module
    from unittest import mock

    import spades.record
    import spades.serial
    from spades import Record, new_game, rollout, seat_view, simulate
    from spades.bots import play_game, random_action, random_bot, simple_action
    from spades.events import events
    from spades.match import match_seeds, play_match
    from spades.view import current_tricks

    state = new_game(Rules.partnership(), seed=1)

    def posing(kind: type) -> Any:
        return mock.Mock(spec=kind)

    calls: list[Callable[[], object]] = [
        lambda: Card.parse(posing(str)), lambda: Bid.parse(posing(str)), lambda: CardSet.parse(posing(str)),
        lambda: Draft(posing(str)), lambda: Exchange(posing(str)), lambda: Phase(posing(int)),
        lambda: state.parse_action(posing(str), seat=1), lambda: state.apply(posing(Bid)), lambda: state.apply(posing(Card)),
        lambda: spades.serial.from_json(posing(bytes)), lambda: spades.serial.from_json(posing(str)),
        lambda: spades.serial.action_from_json(posing(str), Rules.partnership()),
        lambda: spades.serial.to_json(posing(GameState)), lambda: spades.serial.to_dict(posing(GameState)),
        lambda: Record.parse(posing(str)), lambda: Record(rules=posing(Rules)), lambda: Record.of_state(posing(GameState)),
        lambda: spades.record.replay(posing(Rules), None, ()), lambda: Rules.from_dict(posing(dict)),
        lambda: seat_view(posing(GameState), 0), lambda: current_tricks(posing(GameState)),
        lambda: events(posing(GameState), state, 0), lambda: new_game(posing(Rules)),
        lambda: simulate(posing(Rules), hands=1, seed=1), lambda: play_game(posing(Rules), [random_bot] * 4, seed=1),
        lambda: play_match([random_bot] * 2, posing(Rules), 2, 1), lambda: match_seeds(1, 0, posing(Rules)),
        lambda: random_action(posing(GameState), random_module.Random(1)),
        lambda: simple_action(posing(GameState), random_module.Random(1)),
        lambda: random_bot(seat_view(state, 1), posing(random_module.Random)), lambda: rollout(state, posing(random_module.Random)),
        lambda: CardSet(0) | posing(CardSet),
    ]
    for call in calls:
        with pytest.raises(SpadesError):
            call()


def test_a_list_of_actions_holds_actions() -> None:  # T-2, P-6
    """The functions that pass over the actions of other kinds refuse
    values that are not actions at all (they took them as other actions
    and passed over them), naming the first, as a record's replay does."""
    stock = [C(text) for text in "AS 2H KD 3C QS 4H".split()]
    bids = (Bid.DOUBLE_NIL, Bid(3), Bid(3), Bid(3))
    assert walk_draft(stock, 0, [Bid(3), Draft.KEEP]).drawn == 2  # an action of another kind: passed over
    for junk in (None, 1.5, "keep", object(), 0, [Draft.KEEP]):
        with pytest.raises(ArgumentTypeError, match=r"^the actions are actions: item 2 is "):
            walk_draft(stock, 0, [Draft.KEEP, junk, Draft.KEEP])  # type: ignore[list-item]
        with pytest.raises(ArgumentTypeError, match=r"^the actions are actions: item 2 is "):
            exchanged_cards(P, 0, bids, [Exchange("AK.Q.."), junk], 0)  # type: ignore[list-item]


def test_cards_taken_is_a_number_of_cards_of_a_deck() -> None:  # T-6
    for taken in (10**100, 55, -1):
        for function in (double_nil_declarable, declaration_error):
            with pytest.raises(ArgumentError, match="^cards_taken: a number of cards from 0 to 54"):
                function(1, T, None, cards_taken=taken, bid=None)
    assert not double_nil_declarable(1, T, None, cards_taken=54, bid=None)
