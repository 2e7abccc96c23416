"""The actions' texts, word for word: every spelling a player may use for a
bid (C-3, P-5, P-6), the text of every chance step, and each refusal of
``spades.actions`` in full (what was wrong, the rule where there is one).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest

from spades import (
    ArgumentError, ArgumentTypeError, Bid, Card, CardSet, Deal, Draft, Exchange, ExchangeChoices, ParseError,
    Replacement, SpadesError, Stock,
)
from spades.actions import BIDS, MAX_ACTION_TEXT, malformed_action, read_action, read_actions


def _message(call: Callable[[], object], kind: type[SpadesError]) -> str:
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value) is kind
    return str(caught.value)


# -- bids -----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["nil", "n", "NIL", " Nil ", "0", "00"])
def test_every_spelling_of_nil(text: str) -> None:  # P-5
    assert Bid.parse(text) is Bid.NIL or Bid.parse(text) == Bid.NIL


@pytest.mark.parametrize("text", [
    "double nil", "dn", "dnil", "blind nil", "bn", "bnil", "doublenil", "blindnil", "Double Nil", "DOUBLE  NIL",
    "double_nil", "double-nil", "blind_nil", "blind-nil", " BN ", "Blind-Nil",
])
def test_every_spelling_of_double_nil(text: str) -> None:  # P-6
    assert Bid.parse(text) == Bid.DOUBLE_NIL


@pytest.mark.parametrize("text", ["double", "blind", "d n", "b-n-i-l", "nil nil", "dnill", "-1", "+3", "3.0", "100",
                                  "013", "\uff13", "double\tnil\n1"])
def test_what_is_no_bid(text: str) -> None:  # C-3
    assert _message(lambda: Bid.parse(text), ParseError) == (
        f"cannot read {text!r} as a bid: expected 0..13, 'nil' or 'double nil'"
    )


def test_the_refusals_of_a_bid_word_for_word() -> None:  # C-3, P-6
    assert _message(lambda: Bid.parse(3), ParseError) == "a bid must be given as text, got 3"  # type: ignore[arg-type]
    assert _message(lambda: Bid(3.0), ArgumentTypeError) == "a bid's tricks are an int, got 3.0"  # type: ignore[arg-type]
    assert _message(lambda: Bid(100), ArgumentError) == "a bid is 0..99 tricks, got 100"
    assert _message(lambda: Bid(1, 1), ArgumentTypeError) == "double_nil is a bool, got 1"  # type: ignore[arg-type]
    assert _message(lambda: Bid(2, True), ArgumentError) == "Double Nil is a bid of 0 tricks, not 2 (rule P-6)"


def test_the_text_and_repr_of_bids() -> None:
    assert [str(Bid(n)) for n in (0, 1, 13)] == ["nil", "1", "13"] and str(Bid.DOUBLE_NIL) == "double nil"
    assert repr(Bid.DOUBLE_NIL) == "Bid(0, double_nil=True)" and repr(Bid(0)) == "Bid(0)" and repr(Bid(7)) == "Bid(7)"


def test_a_pickled_bid_is_the_library_s_own() -> None:
    for bid in (*BIDS, Bid.DOUBLE_NIL):
        assert pickle.loads(pickle.dumps(bid)) is bid
    assert pickle.loads(pickle.dumps(Bid(40))) == Bid(40)
    rebuild, (tricks, double_nil) = Bid(3).__reduce__()
    assert (tricks, double_nil) == (3, False)
    assert _message(lambda: rebuild(3, True), ArgumentError) == "Double Nil is a bid of 0 tricks, not 3 (rule P-6)"
    assert _message(lambda: rebuild(True, False), ArgumentTypeError) == "a bid's tricks are an int, got True"
    assert _message(lambda: rebuild(0, 1), ArgumentTypeError) == "double_nil is a bool, got 1"


# -- draft choices, read_action -------------------------------------------------------


def test_the_refusals_of_a_draft_choice_word_for_word() -> None:  # T-2
    assert _message(lambda: Draft.parse(None), ParseError) == "a draft choice must be given as text, got None"  # type: ignore[arg-type]
    assert _message(lambda: Draft.parse("take"), ParseError) == (
        "cannot read 'take' as a draft choice: expected 'keep' or 'reject'"
    )


def test_read_action_reads_up_to_its_bound() -> None:
    padded = " " * (MAX_ACTION_TEXT - 2) + "QH"
    assert read_action(padded)["card"] == Card.parse("QH")
    assert _message(lambda: read_action(" " + padded), ParseError) == (
        f"an action's text is at most {MAX_ACTION_TEXT} characters, got {MAX_ACTION_TEXT + 1}"
    )


def test_the_refusals_of_read_action_word_for_word() -> None:
    assert _message(lambda: read_action(4), ParseError) == "an action is given as text, got 4"
    assert _message(lambda: read_action(" \t "), ParseError) == "an action's text is empty"
    assert _message(lambda: read_action("QX"), ParseError) == (
        "cannot read 'QX' as an action: expected a card (QH), a bid (4, nil, double nil), keep or reject, "
        "or the cards of an exchange (3C 7H 5S, or -)"
    )


def test_what_read_action_reads_each_text_as() -> None:
    assert read_action("4") == {"bid": Bid(4)}
    assert read_action("keep") == {"draft": Draft.KEEP}
    assert read_action("-") == {"exchange": Exchange(CardSet(0))}
    assert read_action("qh") == {"card": Card.parse("QH"), "exchange": Exchange(CardSet.parse("QH"))}
    assert read_action("3C 7H 5S") == {"exchange": Exchange(CardSet.parse("3C 7H 5S"))}
    assert read_action("dn") == {"bid": Bid.DOUBLE_NIL}


def test_read_actions_word_for_word() -> None:
    actions = (Bid(3), Card.parse("AS"))
    assert read_actions(actions) is actions
    assert read_actions([Bid(3)]) == (Bid(3),)
    assert _message(lambda: read_actions(5), ArgumentTypeError) == "the actions are an iterable of actions, got int"
    assert _message(lambda: read_actions(iter(range(10**7))), ArgumentError) == "more than 1000000 actions"


# -- chance steps ---------------------------------------------------------------------


def test_the_text_of_each_chance_step() -> None:  # P-2, T-2, T-6
    hands = ("AKQ.JT9.876.5432", "-.-.-.AK", "Q...", "...")
    assert str(Deal(hands)) == "deal AKQ.JT9.876.5432 ...AK Q... ..."
    assert str(Stock(["AS", 0, Card.parse("QH")])) == "stock AS 2C QH"
    assert str(Stock([])) == "stock "
    assert str(Replacement(CardSet.parse("AS 2C"))) == "replacement 2C AS"
    assert str(Replacement(CardSet(0))) == "replacement -"


def test_the_refusals_of_chance_steps_word_for_word() -> None:  # P-2, T-2
    assert _message(lambda: Deal(5), ParseError) == "a deal is a sequence of hands, got 5"  # type: ignore[arg-type]
    assert _message(lambda: Deal(["AS"] * 55), ParseError) == "a deal holds at most 54 hands"
    assert _message(lambda: Stock("AS"), ParseError) == "a stock is a sequence of cards, got 'AS'"
    odd: list[object] = [1.5]
    assert _message(lambda: Stock(odd), ParseError) == (  # type: ignore[arg-type]
        "a card of a stock is a Card, card text or card index, got 1.5"
    )


def test_a_forged_card_set_in_an_action_is_malformed() -> None:
    assert malformed_action(Exchange(CardSet(0))) is False
    for mask in (1 << 54, -1, 2**64):
        forged = CardSet(0)
        object.__setattr__(forged, "mask", mask)
        exchange = Exchange(CardSet(0))
        object.__setattr__(exchange, "cards", forged)
        assert malformed_action(exchange), mask
    edge = CardSet(0)
    object.__setattr__(edge, "mask", (1 << 54) - 1)
    exchange = Exchange(CardSet(0))
    object.__setattr__(exchange, "cards", edge)
    assert not malformed_action(exchange)


# -- the exchanges of a hand ------------------------------------------------------------


def test_the_refusals_of_exchange_choices_word_for_word() -> None:  # V-3
    hand = CardSet.parse("AK.Q.J.2")
    assert _message(lambda: ExchangeChoices("AK.Q.J.2", (2,)), ArgumentTypeError) == (  # type: ignore[arg-type]
        "the hand is a CardSet, got str"
    )
    text: object = "2"
    assert _message(lambda: ExchangeChoices(hand, text), ArgumentTypeError) == (  # type: ignore[arg-type]
        "the sizes are a tuple of ints, got str"
    )
    assert _message(lambda: ExchangeChoices(hand, (0, 1, 2, 3, 3)), ArgumentError) == (
        "an exchange holds 0 to 3 cards (V-3), got the sizes (0, 1, 2, 3, 3)"
    )
    assert len(ExchangeChoices(hand, (0, 1, 2, 3))) == 1 + 5 + 10 + 10


def test_exchange_choices_compare_by_their_exchanges() -> None:  # P-6, V-3
    hand = CardSet.parse("AK.Q.J.2")
    other = CardSet.parse("AK.Q.J.3")
    choices = ExchangeChoices(hand, (2,))
    assert choices == ExchangeChoices(CardSet.parse("2C JD QH KS AS"), [2])
    assert choices != ExchangeChoices(other, (2,))  # as many exchanges, other cards
    assert choices != tuple(ExchangeChoices(other, (2,))) and choices != list(ExchangeChoices(other, (2,)))
    assert choices == list(choices) and choices != tuple(choices)[:-1]
    assert list(ExchangeChoices(hand, (2, 1))) == list(ExchangeChoices(hand, (2,))) + list(ExchangeChoices(hand, (1,)))


def test_exchange_choices_hold_exchanges_of_their_sizes_from_their_hand() -> None:  # P-6, V-3
    choices = ExchangeChoices(CardSet.parse("AK.Q.J.2"), (2,))
    assert Exchange(CardSet.parse("AS KS")) in choices
    assert Exchange(CardSet.parse("AS")) not in choices  # of the hand, not of a size it holds
    assert Exchange(CardSet.parse("AS KS QS")) not in choices
    assert Exchange(CardSet.parse("AS 3C")) not in choices  # of the right size, not of the hand
    text: object = "AS KS"
    bad_start: Any = "x"
    bad_stop: Any = "y"
    assert text not in choices and choices.count(text) == 0
    assert _message(lambda: choices.index(Exchange(CardSet.parse("AS"))), ArgumentError) == (
        "Exchange(CardSet('A...')) is not one of these exchanges"
    )
    assert _message(lambda: choices.index(Exchange(CardSet.parse("AS KS")), bad_start), ArgumentTypeError) == (
        "start and stop are ints or None, got 'x' and None"
    )
    assert _message(lambda: choices.index(Exchange(CardSet.parse("AS KS")), 0, bad_stop), ArgumentTypeError) == (
        "start and stop are ints or None, got 0 and 'y'"
    )


def test_the_refusals_of_an_exchange_index_word_for_word() -> None:
    choices = ExchangeChoices(CardSet.parse("AK.Q.J.2"), (2,))
    assert _message(lambda: choices[slice("a", None)], ArgumentTypeError) == (
        "a slice of exchanges has int bounds and step, got slice('a', None, None)"
    )
    assert _message(lambda: choices[::0], ArgumentError) == (
        "a slice of exchanges has a step other than 0, got slice(None, None, 0)"
    )
    index: object = 1.0
    assert _message(lambda: choices[index], ArgumentTypeError) == "an exchange's index is an int, got float"  # type: ignore[call-overload]
    assert repr(choices) == "ExchangeChoices(CardSet('AK.Q.J.2'), (2,))"


def test_chance_steps_hold_plain_card_sets() -> None:  # P-2, T-6
    class Hand(CardSet):
        pass

    deal = Deal([Hand(CardSet.parse("AS").mask), "KS"])
    assert [type(hand) for hand in deal.hands] == [CardSet, CardSet] and str(deal) == "deal A... K..."
    replacement = Replacement(Hand(CardSet.parse("QH").mask))
    assert type(replacement.cards) is CardSet and replacement.cards == CardSet.parse("QH")
    assert _message(lambda: Deal([5]), ParseError) == "a hand of a deal is a CardSet or its text, got 5"  # type: ignore[list-item]
    assert _message(lambda: Draft.parse(5), ParseError) == "a draft choice must be given as text, got 5"  # type: ignore[arg-type]


def test_a_stock_of_the_whole_joker_deck_is_an_action() -> None:  # T-2, V-9
    whole = Stock(list(range(54)))
    assert len(whole.cards) == 54 and not malformed_action(whole)
    listed = Stock(list(range(3)))
    object.__setattr__(listed, "cards", list(listed.cards))
    assert malformed_action(listed)
    pickled = pickle.loads(pickle.dumps(Bid(18)))
    assert pickled == Bid(18) and pickled.tricks == 18


def test_a_forged_card_past_the_deck_is_malformed() -> None:  # V-9: 54 cards at most
    for index in (54, 55, -1, 53):
        forged = int.__new__(Card, index)
        assert malformed_action(forged), index  # not the library's own card, even at 53
    assert not malformed_action(Card(53))
