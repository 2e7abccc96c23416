"""The Double Nil exchanges (P-6, T-6, V-3, V-10), through the pure
functions of :mod:`spades.exchange`, against the rules text: who gives to
whom and in what order, how many cards, and the refusals."""

from __future__ import annotations

import itertools
import pickle

import pytest

from spades import (
    Action,
    ArgumentError,
    ArgumentTypeError,
    Bid,
    Card,
    CardSet,
    Draft,
    Exchange,
    ExchangeChoices,
    IllegalActionError,
    Reason,
    Replacement,
    Rules,
)
from spades.exchange import (
    exchange_choices,
    exchange_error,
    exchange_order,
    exchange_sizes,
    exchanged_cards,
    replacement_error,
)

from invariants import ref_exchange_order

H = CardSet.parse
DN = Bid.DOUBLE_NIL
PARTNERSHIP = Rules.partnership()
TWO = Rules.two_player()


@pytest.mark.parametrize(
    ("dealer", "bids", "order"),
    [
        (0, [Bid(3), Bid(4), DN, Bid(2)], ((0, 2), (2, 0))),  # P-6: the partner gives first
        (0, [DN, Bid(4), Bid(3), Bid(2)], ((2, 0), (0, 2))),
        (0, [Bid(3), DN, Bid(4), Bid(2)], ((3, 1), (1, 3))),
        (0, [DN, Bid(4), DN, Bid(2)], ()),  # both partners: no exchange
        (0, [Bid(3), Bid(4), Bid(2), Bid(1)], ()),
        # Both sides: the side holding the seat left of the dealer goes first.
        (0, [DN, DN, Bid(2), Bid(1)], ((3, 1), (1, 3), (2, 0), (0, 2))),
        (1, [DN, DN, Bid(2), Bid(1)], ((2, 0), (0, 2), (3, 1), (1, 3))),
        (2, [Bid(2), Bid(1), DN, DN], ((1, 3), (3, 1), (0, 2), (2, 0))),
        (3, [Bid(2), Bid(1), DN, DN], ((0, 2), (2, 0), (1, 3), (3, 1))),
    ],
)
def test_partnership_exchange_order(dealer: int, bids: list[Bid], order: tuple[tuple[int, int], ...]) -> None:  # P-6
    assert exchange_order(PARTNERSHIP, dealer, bids) == order


def test_partnership_exchange_order_against_the_reference() -> None:  # P-6, V-3
    choices: list[Bid | None] = [None, Bid(2), Bid.NIL, DN]
    for rules in (PARTNERSHIP, PARTNERSHIP.replace(double_nil_exchange=2), PARTNERSHIP.replace(double_nil_exchange=0)):
        for dealer in range(4):
            for bids in itertools.product(choices, repeat=4):
                assert list(exchange_order(rules, dealer, bids)) == ref_exchange_order(rules, dealer, bids)


@pytest.mark.parametrize(
    ("dealer", "bids", "order"),
    [
        (0, [Bid(3), DN], ((1, -1),)),  # T-6: a discard, no receiver
        (0, [DN, Bid(3)], ((0, -1),)),
        (0, [DN, DN], ((1, -1), (0, -1))),  # the second player first
        (1, [DN, DN], ((0, -1), (1, -1))),
        (1, [Bid(3), Bid(4)], ()),
    ],
)
def test_two_player_discard_order(dealer: int, bids: list[Bid], order: tuple[tuple[int, int], ...]) -> None:  # T-6
    assert exchange_order(TWO, dealer, bids) == order


def test_no_exchange_without_cards_or_partners() -> None:  # V-3, V-10
    assert exchange_order(PARTNERSHIP.replace(double_nil_exchange=0), 0, [DN, Bid(1), Bid(2), Bid(3)]) == ()
    assert exchange_order(TWO.replace(double_nil_exchange=0), 0, [DN, DN]) == ()
    assert exchange_order(Rules.cutthroat(4), 0, [DN, Bid(1), Bid(2), Bid(3)]) == ()
    assert exchange_order(Rules.cutthroat(3), 2, [DN, DN, Bid(3)]) == ()


def test_exchange_order_argument_checks() -> None:
    with pytest.raises(ArgumentError, match=r"^bids: one per seat \(4\), got 3$"):
        exchange_order(PARTNERSHIP, 0, [DN, Bid(1), Bid(2)])
    with pytest.raises(ArgumentTypeError, match="^a seat is an int, got True$"):
        exchange_order(PARTNERSHIP, True, [DN, Bid(1), Bid(2), Bid(3)])
    with pytest.raises(ArgumentError, match=r"^no seat 2: the seats are 0\.\.1$"):
        exchange_order(TWO, 2, [DN, DN])


def test_exchange_sizes() -> None:  # P-6, T-6, V-3
    assert exchange_sizes(PARTNERSHIP, discard=False) == (3,)
    assert exchange_sizes(PARTNERSHIP.replace(double_nil_exchange=2), discard=False) == (2,)
    assert exchange_sizes(TWO, discard=True) == (0, 1, 2, 3)
    assert exchange_sizes(TWO.replace(double_nil_exchange=1), discard=True) == (0, 1)


def said(error: IllegalActionError | None) -> tuple[Reason, str, str]:
    assert error is not None
    return error.reason, error.rule, str(error)


def test_exchange_errors() -> None:  # P-6, T-6, V-3
    held = H("AQ.K.5.2")
    assert exchange_error(Exchange(H("AQ.K..")), held, PARTNERSHIP, discard=False) is None
    assert said(exchange_error(Exchange(H("A.K..")), held, PARTNERSHIP, discard=False)) == (
        Reason.WRONG_EXCHANGE_SIZE,
        "P-6",
        "the Double Nil exchange is exactly 3 cards, not 2 (rule P-6)",
    )
    assert said(exchange_error(Exchange(H("AQ.K.5.")), held, PARTNERSHIP, discard=False)) == (
        Reason.WRONG_EXCHANGE_SIZE,
        "P-6",
        "the Double Nil exchange is exactly 3 cards, not 4 (rule P-6)",
    )
    assert exchange_error(Exchange(H("A.K..")), held, PARTNERSHIP.replace(double_nil_exchange=2), discard=False) is None
    assert said(exchange_error(Exchange(H("A.K.4.")), held, PARTNERSHIP, discard=False)) == (
        Reason.CARD_NOT_IN_HAND,
        "P-6",
        "cannot give 4D: not in the hand (rule P-6)",
    )
    for cards in ("", "A...", "A.K..", "AQ.K.."):
        assert exchange_error(Exchange(H(cards or "...")), held, TWO, discard=True) is None
    assert said(exchange_error(Exchange(H("AQ.K.5.")), held, TWO, discard=True)) == (
        Reason.WRONG_EXCHANGE_SIZE,
        "T-6",
        "a Double Nil bidder may discard at most 3 cards, not 4 (rule T-6)",
    )
    assert said(exchange_error(Exchange(H("A.J..")), held, TWO, discard=True)) == (
        Reason.CARD_NOT_IN_HAND,
        "T-6",
        "cannot discard JH: not in the hand (rule T-6)",
    )
    assert said(exchange_error("AQ.K..", held, PARTNERSHIP, discard=False)) == (
        Reason.NOT_AN_ACTION,
        "P-6",
        "'AQ.K..' is not an Exchange (rule P-6)",
    )
    assert said(exchange_error(Bid(3), held, TWO, discard=True)) == (
        Reason.NOT_AN_ACTION,
        "T-6",
        "Bid(3) is not an Exchange (rule T-6)",
    )
    with pytest.raises(ArgumentTypeError, match="^the hand is a CardSet, got str$"):
        exchange_error(Exchange(H("AQ.K..")), "AQ.K.5.2", PARTNERSHIP, discard=False)  # type: ignore[arg-type]


def test_exchange_choices() -> None:  # P-6, T-6
    held = H("AQ.K.5.2")
    assert exchange_choices(held, PARTNERSHIP, discard=False) == ExchangeChoices(held, (3,))
    assert len(exchange_choices(held, PARTNERSHIP, discard=False)) == 10  # 5 cards, 3 given: C(5, 3)
    assert len(exchange_choices(held, TWO, discard=True)) == 1 + 5 + 10 + 10
    with pytest.raises(ArgumentTypeError, match="^the hand is a CardSet, got list$"):
        exchange_choices([], PARTNERSHIP, discard=False)  # type: ignore[arg-type]


def test_exchange_choices_cannot_be_changed() -> None:
    """Every value the library hands out is immutable: ExchangeChoices'
    inner fields too, which once could be set or deleted (its repr and
    comparisons then failed)."""
    import copy

    choices = ExchangeChoices(CardSet.parse("AK.Q.J.2"), (0, 1))
    hash(choices)  # its hash is kept once worked out
    for name in ("_cards", "_combos", "_mask", "_sizes", "_hash", "hand", "extra"):
        with pytest.raises(AttributeError, match=rf"^ExchangeChoices is immutable: cannot set '{name}'$"):
            setattr(choices, name, None)
        if name != "extra":
            with pytest.raises(AttributeError, match=rf"^ExchangeChoices is immutable: cannot delete '{name}'$"):
                delattr(choices, name)
    assert repr(choices) == "ExchangeChoices(CardSet('AK.Q.J.2'), (0, 1))" and len(choices) == 6
    assert hash(choices) == hash(tuple(choices)) and not hasattr(choices, "__dict__")
    for again in (copy.copy(choices), copy.deepcopy(choices), pickle.loads(pickle.dumps(choices))):
        assert again == choices and hash(again) == hash(choices) and tuple(again) == tuple(choices)


def test_replacement_errors() -> None:  # T-6
    pool = H("AQ.K.5.2")
    assert replacement_error(Replacement(H("AQ.K..")), pool, 3) is None
    assert replacement_error(Replacement(H("...")), pool, 0) is None
    message = "the replacement must be 3 cards of the discard pile, got {} (rule T-6)"
    assert said(replacement_error(Replacement(H("A.K..")), pool, 3)) == (
        Reason.BAD_CHANCE,
        "T-6",
        message.format("A.K.."),
    )
    assert said(replacement_error(Replacement(H("A.KJ..")), pool, 3)) == (
        Reason.BAD_CHANCE,
        "T-6",
        message.format("A.KJ.."),
    )
    assert said(replacement_error("AQ.K..", pool, 3)) == (
        Reason.NOT_AN_ACTION,
        "T-6",
        "expected a Replacement, got 'AQ.K..' (rule T-6)",
    )


def test_exchanged_cards_between_partners() -> None:  # P-6
    bids = [Bid(3), Bid(4), DN, Bid(2)]
    actions: list[Action] = [
        Bid(3),
        Exchange(H("A.K.Q.")),  # seat 0, the partner, gives first
        Exchange(H("..2.3")),  # then seat 2, the Double Nil bidder, gives back
        Card.parse("2C"),
    ]
    assert exchanged_cards(PARTNERSHIP, 0, bids, actions, 2) == (H("..2.3"), H("A.K.Q."))
    assert exchanged_cards(PARTNERSHIP, 0, bids, actions, 0) == (H("A.K.Q."), H("..2.3"))
    assert exchanged_cards(PARTNERSHIP, 0, bids, actions, 1) == (CardSet(0), CardSet(0))
    both = [DN, DN, Bid(2), Bid(1)]  # seat 1's side first (dealer 0): 3 gives, 1 gives back, then 2, 0
    steps = [Exchange(H("A...")), Exchange(H("K...")), Exchange(H(".A..")), Exchange(H(".K.."))]
    assert exchanged_cards(PARTNERSHIP, 0, both, steps, 3) == (H("A..."), H("K..."))
    assert exchanged_cards(PARTNERSHIP, 0, both, steps, 1) == (H("K..."), H("A..."))
    assert exchanged_cards(PARTNERSHIP, 0, both, steps, 2) == (H(".A.."), H(".K.."))
    assert exchanged_cards(PARTNERSHIP, 0, both, steps, 0) == (H(".K.."), H(".A.."))


def test_exchanged_cards_two_player_discard_and_replacement() -> None:  # T-6
    bids = [DN, DN]
    actions: list[Action] = [
        Draft.KEEP,
        Exchange(H("A.K..")),  # seat 1, the second player, discards first
        Replacement(H("..Q.J")),
        Exchange(H("..3.")),  # then seat 0
        Replacement(H("...9")),
        Card.parse("2C"),
        Card.parse("3C"),
    ]
    assert exchanged_cards(TWO, 0, bids, actions, 1) == (H("A.K.."), H("..Q.J"))
    assert exchanged_cards(TWO, 0, bids, actions, 0) == (H("..3."), H("...9"))


def test_exchanged_cards_outside_the_steps_belong_to_no_one() -> None:  # P-6, T-6
    # A replacement before any discard, or an exchange beyond the hand's
    # steps, is no seat's.
    assert exchanged_cards(TWO, 0, [Bid(1), Bid(2)], [Replacement(H("A..."))], 1) == (CardSet(0), CardSet(0))
    no_steps = [Bid(3), Bid(4), Bid(1), Bid(2)]
    for seat in range(4):
        assert exchanged_cards(PARTNERSHIP, 0, no_steps, [Exchange(H("AKQ..."))], seat) == (CardSet(0), CardSet(0))
