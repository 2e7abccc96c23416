"""Legal plays and trick resolution, as pure functions of plain values.

>>> from spades import Card, CardSet, Rules
>>> from spades.tricks import legal_plays, trick_winner
>>> hand = CardSet.parse("AK.Q.-.32")
>>> str(legal_plays(hand, trick=[Card.parse("5C")]))         # must follow (C-5)
'...32'
>>> str(legal_plays(hand, trick=[]))                          # no spade lead (C-4)
'.Q..32'
>>> trick = [Card.parse(t) for t in ("KH", "AH", "2S", "QH")]
>>> trick_winner(trick)                                        # the spade (C-7)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spades.cards import Card, CardSet, cards_of_mask
from spades.errors import IllegalActionError, Reason
from spades.rules import Rules

__all__ = ["legal_plays", "play_error", "trick_winner", "breaks_spades", "first_leader"]

_DEFAULT_RULES: Final = Rules()
_TWO_OF_CLUBS_BIT: Final = 1


def legal_mask(
    hand: int,
    led: int,
    broken: bool,
    rules: Rules,
    first_trick: bool,
) -> int:
    """The mask of the legal cards of ``hand`` (internal fast path).

    ``led`` is the suit led to the trick, or -1 when the seat is leading.
    """
    spades = rules._suit_masks[3]
    if led >= 0:
        follow = hand & rules._suit_masks[led]
        if follow:
            return follow  # C-5: must follow
        if first_trick and rules.no_spades_first_trick:
            others = hand & ~spades
            if others:
                return others  # V-7
        return hand  # C-5: any card, trumping never forced
    if first_trick:
        if rules.first_lead == "two-of-clubs" and hand & _TWO_OF_CLUBS_BIT:
            return _TWO_OF_CLUBS_BIT  # V-7
        if rules.no_spades_first_trick:
            others = hand & ~spades
            if others:
                return others  # V-7
    if not broken:
        others = hand & ~spades
        if others:
            return others  # C-4
    return hand


def legal_plays(
    hand: CardSet,
    trick: Sequence[Card] = (),
    spades_broken: bool = False,
    rules: Rules | None = None,
    *,
    first_trick: bool = False,
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played
    to it so far, in order; empty when leading).

    Rules C-4 (no spade lead before spades are broken, unless the hand holds
    only spades), C-5 (follow suit if able, else anything) and, on the first
    trick, V-7's options.
    """
    rules = _DEFAULT_RULES if rules is None else rules
    led = rules._suit_of[trick[0]] if trick else -1
    return CardSet(legal_mask(hand.mask, led, spades_broken, rules, first_trick))


def play_error(
    card: Card,
    hand: CardSet,
    trick: Sequence[Card] = (),
    spades_broken: bool = False,
    rules: Rules | None = None,
    *,
    first_trick: bool = False,
) -> IllegalActionError | None:
    """Why ``card`` may not be played, or ``None`` when it may.

    >>> from spades import Card, CardSet
    >>> error = play_error(Card.parse("AS"), CardSet.parse("AK.Q.-.32"))
    >>> error.reason.name, error.rule
    ('SPADES_NOT_BROKEN', 'C-4')
    """
    rules = _DEFAULT_RULES if rules is None else rules
    bit = 1 << card
    if not hand.mask & bit:
        return IllegalActionError(Reason.CARD_NOT_IN_HAND, f"cannot play {card}: it is not in the hand {hand}")
    led = rules._suit_of[trick[0]] if trick else -1
    allowed = legal_mask(hand.mask, led, spades_broken, rules, first_trick)
    if allowed & bit:
        return None
    suit_names = ("clubs", "diamonds", "hearts", "spades")
    if led >= 0:
        if hand.mask & rules._suit_masks[led]:
            return IllegalActionError(
                Reason.MUST_FOLLOW_SUIT,
                f"cannot play {card}: {suit_names[led]} were led and the hand {hand} holds "
                + ", ".join(str(c) for c in cards_of_mask(hand.mask & rules._suit_masks[led])),
                "C-5",
            )
        return IllegalActionError(
            Reason.NO_SPADES_FIRST_TRICK,
            f"cannot play {card}: no spade may be played to the first trick while the hand holds other cards",
            "V-7",
        )
    if first_trick and rules.first_lead == "two-of-clubs" and allowed == _TWO_OF_CLUBS_BIT:
        return IllegalActionError(
            Reason.MUST_LEAD_TWO_OF_CLUBS, f"cannot lead {card}: the first lead must be the 2C", "V-7"
        )
    if first_trick and rules.no_spades_first_trick:
        return IllegalActionError(
            Reason.NO_SPADES_FIRST_TRICK,
            f"cannot lead {card}: no spade may be played to the first trick while the hand holds other cards",
            "V-7",
        )
    return IllegalActionError(
        Reason.SPADES_NOT_BROKEN,
        f"cannot lead {card}: spades are not broken and the hand {hand} holds other suits",
        "C-4",
    )


def winner_position(trick: Sequence[int], rules: Rules) -> int:
    """Position in ``trick`` of the winning card (internal fast path)."""
    ranks = rules._trick_ranks[rules._suit_of[trick[0]]]
    best = 0
    top = ranks[trick[0]]
    for position in range(1, len(trick)):
        rank = ranks[trick[position]]
        if rank > top:
            top = rank
            best = position
    return best


def trick_winner(trick: Sequence[Card], rules: Rules | None = None) -> int:
    """The position (0 = the lead) of the card that wins ``trick``: the highest
    spade in it, else the highest card of the suit led (C-7; jokers and the
    V-9 deuces are the highest spades).

    >>> from spades import Card, Rules
    >>> trick_winner([Card.parse(t) for t in ("KH", "AD", "QH", "3H")])
    0
    >>> trick_winner([Card.parse(t) for t in ("AS", "LJ", "2S")], Rules(deck="jokers"))
    1
    """
    if not trick:
        raise IllegalActionError(Reason.NOT_AN_ACTION, "an empty trick has no winner", "C-7")
    return winner_position(trick, _DEFAULT_RULES if rules is None else rules)


def breaks_spades(card: Card, spades_broken: bool = False, rules: Rules | None = None) -> bool:
    """Whether spades are broken after ``card`` is legally played (C-6).

    A legally played spade always leaves spades broken: played when the seat
    could not follow, or led from a hand of only spades, or led after they
    were broken.
    """
    rules = _DEFAULT_RULES if rules is None else rules
    return spades_broken or rules._suit_of[card] == 3


def first_leader(rules: Rules, dealer: int, hands: Sequence[CardSet]) -> int:
    """The seat that leads the first trick of a hand whose hands at the start
    of play were ``hands``: left of the dealer (P-7; the second player, T-7),
    or with ``first_lead="two-of-clubs"`` the holder of the 2♣ (V-7).

    >>> from spades import CardSet, Rules
    >>> first_leader(Rules.partnership(), 3, [CardSet(0)] * 4)
    0
    """
    return first_leader_of_masks(rules, dealer, [hand.mask for hand in hands])


def first_leader_of_masks(rules: Rules, dealer: int, hands: Sequence[int]) -> int:
    """:func:`first_leader` of the hands' masks (internal fast path)."""
    if rules.first_lead == "two-of-clubs":
        for seat, hand in enumerate(hands):
            if hand & _TWO_OF_CLUBS_BIT:
                return seat
    return (dealer + 1) % rules.players
