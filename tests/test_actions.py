"""The action values (bids, draft choices, exchanges, deals, stocks and
replacement draws): their constructors refuse bad input with a
:class:`~spades.SpadesError` and a short message, and the state accepts
exactly its legal actions and values equal to them."""

from __future__ import annotations

import functools
import itertools
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from spades import (
    FULL_DECK,
    ArgumentError,
    ArgumentTypeError,
    Bid,
    Card,
    CardSet,
    Deal,
    Draft,
    Exchange,
    ExchangeChoices,
    GameState,
    IllegalActionError,
    ParseError,
    Phase,
    Reason,
    Replacement,
    Rules,
    SpadesError,
    Stock,
    new_game,
)
from spades.actions import MAX_BID_TRICKS, MAX_CHANCE_ITEMS, ExchangeIndexError, malformed_action
from spades.errors import short_repr
from spades.serial import _action
from strategies import LONG_TEXT, Opaque, forged_bid, hostile_examples, junk

C = Card.parse
HUGE = 10**5000
BIG_TEXT = "x" * 2_000_000
LIMIT = 300  # the longest error message allowed


def short_id(value: object) -> str:
    """A test id for a parameter (some are too long or too large to print)."""
    return short_repr(value)[:24]


def refused(make: Callable[[], object], kind: type[SpadesError] = SpadesError) -> SpadesError:
    """The error ``make()`` raises, which must be a short ``kind``."""
    with pytest.raises(SpadesError) as caught:
        make()
    assert isinstance(caught.value, kind), repr(caught.value)
    assert len(str(caught.value)) <= LIMIT, str(caught.value)[:400]
    return caught.value


# -- Bid ------------------------------------------------------------------------


@pytest.mark.parametrize("tricks", [True, False, 1.0, 3.5, "3", None, [3], Opaque()], ids=short_id)
def test_bid_tricks_are_an_int_not_a_bool(tricks: object) -> None:
    # Bid(True) was a bid of one trick, Bid(1.5) a bid the rules had to refuse.
    refused(lambda: Bid(tricks), ArgumentTypeError)  # type: ignore[arg-type]


@pytest.mark.parametrize("tricks", [-1, -5, MAX_BID_TRICKS + 1, 10**6, HUGE, -HUGE], ids=short_id)
def test_bid_tricks_are_0_to_99(tricks: int) -> None:
    error = refused(lambda: Bid(tricks), ArgumentError)
    assert not isinstance(error, TypeError)


@pytest.mark.parametrize("tricks", [0, 1, 13, 14, 17, 18, MAX_BID_TRICKS], ids=short_id)
def test_bids_the_rules_refuse_can_still_be_built(tricks: int) -> None:  # C-3
    # The state refuses Bid(14) with BID_OUT_OF_RANGE; the value exists.
    assert Bid(tricks).tricks == tricks
    assert Bid.parse(str(Bid(tricks))) == Bid(tricks)


@pytest.mark.parametrize("flag", ["no", "", [], 0, 1, None, 1.0, Opaque()], ids=short_id)
def test_double_nil_is_exactly_a_bool(flag: object) -> None:
    # Bid(0, double_nil="no") was applied as a Double Nil, Bid(3, double_nil="")
    # made a state unequal to Bid(3)'s, Bid(0, double_nil=[]) an unhashable one.
    refused(lambda: Bid(0, double_nil=flag), ArgumentTypeError)  # type: ignore[arg-type]
    refused(lambda: Bid(3, flag), ArgumentTypeError)  # type: ignore[arg-type]


@pytest.mark.parametrize("tricks", [1, 3, 13, 99], ids=short_id)
def test_double_nil_is_a_bid_of_zero(tricks: int) -> None:  # P-6
    error = refused(lambda: Bid(tricks, double_nil=True), ArgumentError)
    assert "P-6" in str(error)


def test_forged_bids_are_not_actions_of_the_state() -> None:
    state = new_game(Rules.partnership(double_nil_allowed=False), seed=2)
    for bid in (forged_bid(0, "no"), forged_bid(0, 1), forged_bid(True), forged_bid(3, True), forged_bid(-1)):
        assert malformed_action(bid)
        error = state.explain(bid)
        assert error is not None and error.reason is Reason.NOT_AN_ACTION, (bid, error)
    assert not malformed_action(Bid(3)) and not malformed_action(Bid.DOUBLE_NIL)


def test_bid_parse_messages_are_short() -> None:
    for text in (BIG_TEXT, " " + BIG_TEXT, "9" * 2_000_000):
        refused(lambda: Bid.parse(text), ParseError)
    for value in (b"3", 3, None, HUGE, Opaque()):
        refused(lambda: Bid.parse(value), ParseError)  # type: ignore[arg-type]


# -- Draft ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "choice"),
    [("keep", Draft.KEEP), ("KEEP", Draft.KEEP), (" Keep\n", Draft.KEEP), ("reject", Draft.REJECT), ("ReJeCt ", Draft.REJECT)],
)
def test_draft_parse(text: str, choice: Draft) -> None:  # T-2
    assert Draft.parse(text) is choice
    assert Draft.parse(str(choice)) is choice


@pytest.mark.parametrize("value", ["", "k", "take", "keep reject", BIG_TEXT, b"keep", None, 1, True, Draft.KEEP], ids=short_id)
def test_draft_parse_refuses_anything_else(value: object) -> None:
    refused(lambda: Draft.parse(value), ParseError)  # type: ignore[arg-type]


def test_enum_look_ups_raise_value_error_as_enums_do() -> None:
    # Documented: Draft(value), Reason(value) and Phase(value) are the enum
    # look-ups; Draft.parse is the reader of untrusted text.
    with pytest.raises(ValueError):
        Draft("x")
    with pytest.raises(ValueError):
        Reason("x")
    with pytest.raises(ValueError):
        Phase(9)
    assert Draft("keep") is Draft.KEEP and Reason("GAME_OVER") is Reason.GAME_OVER


# -- Exchange and Replacement -----------------------------------------------------


@pytest.mark.parametrize("make", [Exchange, Replacement])
@pytest.mark.parametrize(
    "value",
    [[True], [False], ["AS", True], [1.0], [None], [["AS"]], 5, None, True, 3.5, b"AS", BIG_TEXT, [HUGE], [-1]],
    ids=short_id,
)
def test_exchange_and_replacement_refuse_junk(make: Callable[[Any], object], value: object) -> None:
    # Exchange([True]) held the three of clubs.
    refused(lambda: make(value), ParseError)


@pytest.mark.parametrize("make", [Exchange, Replacement])
def test_exchange_and_replacement_take_cards_text_or_indexes(make: Callable[[Any], Any]) -> None:
    want = CardSet.parse("AK...")
    for value in (want, "AK...", "AS KS", ["AS", "KS"], [C("AS"), C("KS")], [51, 50], (c for c in want)):
        assert make(value).cards == want


def test_exchange_duplicates_are_refused() -> None:
    refused(lambda: Exchange(["AS", "as"]), ParseError)
    refused(lambda: Replacement([C("AS"), 51]), ParseError)


# -- Deal and Stock -----------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [None, 5, True, "AKQ...", b"AKQ...", [5], [True], [None], [["AS"]], [b"A..."], [BIG_TEXT], [HUGE], [FULL_DECK, 1.0]],
    ids=short_id,
)
def test_deal_refuses_what_is_not_hands(value: object) -> None:
    refused(lambda: Deal(value), ParseError)  # type: ignore[arg-type]


def test_deal_of_endless_hands_is_refused_not_read_for_ever() -> None:
    refused(lambda: Deal(itertools.repeat(CardSet(0))), ParseError)
    refused(lambda: Deal([CardSet(0)] * (MAX_CHANCE_ITEMS + 1)), ParseError)
    assert len(Deal([CardSet(0)] * MAX_CHANCE_ITEMS).hands) == MAX_CHANCE_ITEMS


def test_impossible_deals_are_values_the_state_refuses() -> None:  # P-2, C-1
    # Hands that share cards are a Deal; the state refuses it as BAD_CHANCE.
    deal = Deal([FULL_DECK, FULL_DECK, FULL_DECK, FULL_DECK])
    error = new_game(Rules.partnership()).explain(deal)
    assert error is not None and error.reason is Reason.BAD_CHANCE
    wrong = Deal([CardSet(0)] * MAX_CHANCE_ITEMS)
    error = new_game(Rules.partnership()).explain(wrong)
    assert error is not None and error.reason is Reason.BAD_CHANCE
    error = new_game(Rules.partnership(), seed=1).explain(Deal([FULL_DECK] * MAX_CHANCE_ITEMS))
    assert error is not None and error.reason is Reason.WRONG_PHASE and len(str(error)) <= LIMIT


@pytest.mark.parametrize(
    "value",
    [None, 5, "AS KS", b"\x00\x01", [True], [False], [1.0], [None], [["AS"]], [54], [-1], [HUGE], [BIG_TEXT]],
    ids=short_id,
)
def test_stock_refuses_what_is_not_cards(value: object) -> None:
    # Stock([True]) held the three of clubs.
    refused(lambda: Stock(value), ParseError)  # type: ignore[arg-type]


def test_stock_of_endless_cards_is_refused_not_read_for_ever() -> None:
    refused(lambda: Stock(itertools.repeat(C("AS"))), ParseError)
    refused(lambda: Stock(itertools.cycle(range(54))), ParseError)


def test_stock_takes_cards_text_or_indexes_and_the_state_judges_it() -> None:  # T-2
    order = tuple(Card(i) for i in range(52))
    assert Stock(order).cards == Stock([str(c) for c in order]).cards == Stock(list(range(52))).cards == order
    twice = Stock([C("AS")] * 52)  # a value, refused by the state
    error = new_game(Rules.two_player()).explain(twice)
    assert error is not None and error.reason is Reason.BAD_CHANCE


# -- the state takes exactly its legal actions ---------------------------------------


class SubBid(Bid):
    pass


class SubExchange(Exchange):
    pass


class SubDeal(Deal):
    pass


class SubInt(int):
    pass


@functools.cache
def phases() -> dict[str, GameState]:
    """A state in each phase, built on first use."""
    rules = Rules.partnership()
    deal = new_game(rules)
    bid = new_game(rules, seed=5)
    exchange = bid
    while exchange.phase is not Phase.EXCHANGE:
        exchange = exchange.apply(Bid.DOUBLE_NIL if exchange.turn == 0 else Bid(3))
    play = new_game(rules, seed=5)
    while play.phase is Phase.BID:
        play = play.apply(Bid(3))
    draft = new_game(Rules.two_player(), seed=5)
    over = new_game(Rules.partnership(target=1), seed=5)
    while not over.is_over:
        over = over.apply(over.legal_actions()[0])
    states = {"deal": deal, "bid": bid, "exchange": exchange, "play": play, "draft": draft, "over": over}
    assert [s.phase for s in states.values()] == [
        Phase.DEAL, Phase.BID, Phase.EXCHANGE, Phase.PLAY, Phase.DRAFT, Phase.GAME_OVER
    ]
    return states


PHASE_NAMES = ["bid", "deal", "draft", "exchange", "over", "play"]


def _lookalikes(state: GameState) -> list[object]:
    """Values that look like one of ``state``'s legal actions but are not."""
    values: list[object] = [5, True, SubInt(5), 51.0, "AS", str(C("AS")), BIG_TEXT, Opaque(), None]
    values += [int.__new__(Card, 99), int.__new__(Card, -1)]
    values += [SubBid(3), SubBid(0, True), forged_bid(0, "no"), forged_bid(3, True), forged_bid(1.5)]
    bad_exchange = object.__new__(Exchange)
    object.__setattr__(bad_exchange, "cards", "AK.Q..")
    values += [SubExchange(CardSet(0)), bad_exchange, object.__new__(Exchange)]
    bad_deal = object.__new__(Deal)
    object.__setattr__(bad_deal, "hands", ("AKQ...",))
    values += [SubDeal([FULL_DECK]), bad_deal]
    for action in state.legal_actions()[:20]:
        if type(action) is Card:
            values += [int(action), SubInt(action)]
        elif type(action) is Bid:
            values += [SubBid(action.tricks, action.double_nil), action.tricks, str(action)]
        elif type(action) is Exchange:
            values += [SubExchange(action.cards), action.cards, list(action.cards)]
        elif type(action) is Draft:
            values += [action.value, str(action)]
    return values


@pytest.mark.parametrize("phase", PHASE_NAMES)
def test_lookalikes_of_actions_are_refused_as_not_actions(phase: str) -> None:
    state = phases()[phase]
    legal = state.legal_actions()
    for value in _lookalikes(state):
        with pytest.raises(IllegalActionError) as caught:
            state.apply(value)  # type: ignore[arg-type]
        error = caught.value
        expected = {Reason.GAME_OVER, Reason.NOT_AN_ACTION} if state.is_over else {Reason.NOT_AN_ACTION}
        assert error.reason in expected, (phase, value, error)
        assert len(str(error)) <= LIMIT
    assert state.legal_actions() == legal  # the state is unchanged and still works
    if legal:
        state.apply(legal[0])


@pytest.mark.parametrize("phase", PHASE_NAMES)
def test_values_equal_to_legal_actions_are_accepted(phase: str) -> None:
    state = phases()[phase]
    for action in state.legal_actions()[:10]:
        if type(action) is Bid:
            twin: object = Bid(action.tricks, double_nil=action.double_nil)
        elif type(action) is Exchange:
            twin = Exchange(CardSet(action.cards.mask))
        elif type(action) is Card:
            twin = Card(int(action))
        else:
            twin = action
        assert state.apply(twin) == state.apply(action)  # type: ignore[arg-type]


def test_a_huge_seat_is_an_argument_error_with_a_short_message() -> None:
    state = phases()["bid"]
    error = refused(lambda: state.apply(Bid(3), seat=HUGE), ArgumentError)
    assert "digits" in str(error)


# -- fuzz: whatever goes in, only a SpadesError comes out -------------------------------


def check_action(value: object) -> None:
    """``value`` is a well-formed action that prints, writes as JSON, and
    reads back equal from its JSON and from its text."""
    assert not malformed_action(value), value
    assert str(value) and repr(value)
    assert hash(value) == hash(value) and value == value
    ((key, written),) = json.loads(json.dumps(_action(value))).items()  # type: ignore[arg-type]
    assert _read_back(key, written) == value
    if type(value) is Bid:
        assert Bid.parse(str(value)) == value
    elif type(value) is Draft:
        assert Draft.parse(str(value)) is value
    elif type(value) is Card:
        assert Card.parse(str(value)) is value
    elif type(value) is Deal:
        assert Deal([CardSet.parse(str(hand)) for hand in value.hands]) == value
    elif type(value) is Stock:
        assert Stock(" ".join(str(card) for card in value.cards).split()) == value
    else:
        assert isinstance(value, (Exchange, Replacement))
        assert type(value)(CardSet.parse(str(value.cards))) == value


def _read_back(key: str, written: Any) -> object:
    """The action of a JSON action object (as the documents write them)."""
    readers: dict[str, Callable[[Any], object]] = {
        "play": Card.parse, "bid": Bid.parse, "draft": Draft.parse, "exchange": Exchange, "replacement": Replacement,
        "deal": Deal, "stock": Stock,
    }
    return readers[key](written)


def attempt(make: Callable[[], object]) -> object | None:
    """``make()``, or ``None`` when it raises a short SpadesError."""
    try:
        return make()
    except SpadesError as error:
        assert len(str(error)) <= LIMIT, str(error)[:400]
        return None


@example(0, "no")  # Bid(0, double_nil="no") was a Double Nil
@hostile_examples(lambda value: (value, value))
@given(junk, st.one_of(junk, st.booleans()))
def test_fuzz_bid(tricks: object, double_nil: object) -> None:
    for make in (lambda: Bid(tricks), lambda: Bid(tricks, double_nil), lambda: Bid(0, double_nil)):  # type: ignore[arg-type]
        bid = attempt(make)
        if bid is not None:
            assert type(bid) is Bid and type(bid.tricks) is int and type(bid.double_nil) is bool
            assert 0 <= bid.tricks <= MAX_BID_TRICKS and not (bid.double_nil and bid.tricks)
            check_action(bid)


@hostile_examples(lambda value: (value,))
@given(junk)
def test_fuzz_parse_bid_and_draft(value: object) -> None:
    for make in (lambda: Bid.parse(value), lambda: Draft.parse(value)):  # type: ignore[arg-type]
        action = attempt(make)
        if action is not None:
            check_action(action)
    if isinstance(value, str):
        attempt(lambda: Bid.parse(value.strip()))


@hostile_examples(lambda value: (value,))
@given(junk)
def test_fuzz_exchange_replacement_deal_stock(value: object) -> None:
    for make in (Exchange, Replacement, Deal, Stock):
        action = attempt(lambda: make(value))  # type: ignore[arg-type]
        if action is not None:
            assert type(action) is make
            check_action(action)


@hostile_examples(lambda value: (["AS", value],))
@given(st.lists(junk, max_size=5))
def test_fuzz_deal_and_stock_of_lists(items: list[object]) -> None:
    for make in (Deal, Stock, Exchange):
        action = attempt(lambda: make(items))  # type: ignore[arg-type]
        if action is not None:
            check_action(action)


@example(forged_bid(0, "no"))
@hostile_examples(lambda value: (value,))
@given(junk)
def test_fuzz_apply_in_every_phase(value: object) -> None:
    for state in phases().values():
        try:
            after = state.apply(value)  # type: ignore[arg-type]
        except IllegalActionError as error:
            assert len(str(error)) <= LIMIT
        else:
            assert value in state.legal_actions() or state.is_chance
            assert isinstance(after, GameState)


def test_long_text_is_clipped_in_messages() -> None:
    for make in (Exchange, Replacement, Deal, Stock):
        refused(lambda: make([LONG_TEXT]))
        refused(lambda: make(BIG_TEXT))


def test_exchange_choices_read_the_sizes_as_a_tuple_or_list_holds_them() -> None:  # V-3
    """A subclass of tuple or list whose own methods raise or lie: its items
    are read as the tuple or list holds them."""
    class Sizes(list):  # type: ignore[type-arg]
        def __iter__(self) -> Any:
            raise RuntimeError("not called")

        def __len__(self) -> int:
            return 1

    class Tuple(tuple):  # type: ignore[type-arg]
        def __iter__(self) -> Any:
            return iter((9, 9, 9))

    hand = CardSet.parse("AK.Q.J.2")
    assert ExchangeChoices(hand, Sizes([2])) == ExchangeChoices(hand, (2,))
    assert ExchangeChoices(hand, Tuple((1, 2))) == ExchangeChoices(hand, [1, 2])
    for bad in (Sizes([2, 9]), Sizes([0, 1, 2, 3, 0]), [1] * 10**6, Tuple((4,))):
        with pytest.raises(ArgumentError, match=r"^an exchange holds 0 to 3 cards \(V-3\)"):
            ExchangeChoices(hand, bad)


def test_exchange_choices_index_and_hash_as_a_sequence_does() -> None:  # P-6, V-3
    """Indexes as a tuple's (negative ones too), the library's errors for
    anything else (an index out of range also an IndexError, so iteration
    and the sequence methods work), equal to and hashed as the tuple of the
    same exchanges."""
    choices = ExchangeChoices(CardSet.parse("AK.Q.J.2"), (2,))
    listed = tuple(choices)
    assert len(listed) == 10 and list(reversed(choices)) == list(reversed(listed))
    assert [choices[i] for i in range(-10, 10)] == list(listed) * 2
    assert choices[2:7:2] == listed[2:7:2] and choices[::-1] == listed[::-1]
    assert choices.index(listed[4]) == 4 and choices.count(listed[4]) == 1
    for index in (10, -11, 10**100, -(10**100)):
        with pytest.raises(ExchangeIndexError, match=r"^no exchange .*: there are 10 \(0 to 9\)$") as caught:
            choices[index]
        assert isinstance(caught.value, IndexError) and isinstance(caught.value, ArgumentError)
        assert len(str(caught.value)) < 80
    with pytest.raises(ExchangeIndexError, match="^no exchange 0: there are 0$"):
        ExchangeChoices(CardSet.parse("AK.Q.J.2"), ())[0]
    for bad in ("1", 1.0, True, None, (1,)):
        with pytest.raises(ArgumentTypeError, match="^an exchange's index is an int"):
            choices[bad]  # type: ignore[index]
    with pytest.raises(ArgumentTypeError):
        choices[slice("a", None)]
    with pytest.raises(ArgumentError, match="step other than 0"):
        choices[::0]
    assert choices == listed and choices == list(listed) and hash(choices) == hash(listed)
    # Two choices of the same exchanges, from different hands, are equal and hash alike.
    none_a = ExchangeChoices(CardSet.parse("AK.Q.J.2"), (0,))
    none_b = ExchangeChoices(CardSet.parse("A..."), (0,))
    assert none_a == none_b == (Exchange(CardSet(0)),) and hash(none_a) == hash(none_b)
    assert len({choices, listed, none_a, none_b}) == 2
    # A pickle holds the hand and the sizes, not this process's hash.
    copied = pickle.loads(pickle.dumps(choices))
    assert copied == choices and not hasattr(copied, "_hash") and hash(copied) == hash(listed)
    assert b"_hash" not in pickle.dumps(choices)
    assert choices != none_a and choices != listed[:-1]


class _StandsForZero:
    def __init__(self, gives: object) -> None:
        self.gives = gives

    def __index__(self) -> Any:
        if isinstance(self.gives, Exception):
            raise self.gives
        return self.gives


def test_exchange_choices_find_an_exchange_as_a_tuple_does_and_refuse_the_rest() -> None:  # P-6, V-3
    """index() and count() as a tuple's, each exchange found by its cards
    (never by the value's own methods); what is not an exchange of these,
    or not an index, gets the library's errors (an index() that finds
    nothing also a ValueError, as a tuple's)."""
    hand = CardSet.parse("AK.Q.J.2")
    for sizes in ((2,), (0, 1, 2), (2, 2)):
        choices = ExchangeChoices(hand, sizes)
        listed = tuple(choices)
        for position, exchange in enumerate(listed):
            assert choices.index(exchange) == listed.index(exchange)
            assert choices.count(exchange) == listed.count(exchange)
            assert choices.index(exchange, position) == listed.index(exchange, position)
            later = [p for p, e in enumerate(listed) if e == exchange and p >= position]
            assert choices.index(exchange, -len(listed) + position) == later[0]
        for stranger in (Exchange("2S 3S"), Exchange("AS 3S"), "AS KS", None, 3, listed[-1].cards):
            assert choices.count(stranger) == 0
            with pytest.raises(ArgumentError, match=r" is not one of these exchanges$") as caught:
                choices.index(stranger)
            assert isinstance(caught.value, ValueError)
        with pytest.raises(ArgumentError, match=r" is not one of these exchanges$"):
            choices.index(listed[0], 1, 1)
        with pytest.raises(ArgumentTypeError, match=r"^start and stop are ints or None, got 'a' and None$"):
            choices.index(listed[0], "a")  # type: ignore[arg-type]
    choices = ExchangeChoices(hand, (2,))
    assert choices[_StandsForZero(0)] == choices[0]  # type: ignore[call-overload]
    for gives in ("0", 0.0, ZeroDivisionError("no")):
        with pytest.raises(ArgumentTypeError, match=r"^an exchange's index is an int, got _StandsForZero, which does not stand for one$"):
            choices[_StandsForZero(gives)]  # type: ignore[call-overload]
