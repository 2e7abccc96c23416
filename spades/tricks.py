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

from spades._decks import SPADES, TWO_OF_CLUBS, DeckFacts
from spades.cards import Card, CardSet
from spades.errors import (
    is_a,
    ArgumentError, ArgumentTypeError, IllegalActionError, Reason, check_seat, PER_SEAT_LIMIT, read_bounded, short_repr,
    type_name,
)
from spades.rules import Rules, check_hand, check_of_deck, check_rules

__all__ = [
    "legal_plays",
    "play_error",
    "trick_winner",
    "trick_winner_seat",
    "breaks_spades",
    "spades_broken",
    "first_leader",
    "first_trick_matters",
    "walk_tricks",
    "WalkedTrick",
]

_DEFAULT_RULES: Final = Rules()
_TWO_OF_CLUBS_BIT: Final = 1 << TWO_OF_CLUBS

WalkedTrick = tuple[int, tuple[Card, ...], int]
"""A trick as :func:`walk_tricks` gives it: ``(leader, cards, winner)``,
``winner`` -1 while the trick is incomplete."""


def first_trick_matters(rules: Rules) -> bool:
    """Whether the first trick of a hand has rules of its own (V-7): the 2♣
    lead, or no spades on it.

    >>> first_trick_matters(Rules.partnership()), first_trick_matters(Rules(no_spades_first_trick=True))
    (False, True)
    """
    rules = check_rules(rules)
    return rules.no_spades_first_trick or rules.first_lead != "left-of-dealer"


def legal_mask(hand: int, led: int, played: int, rules: Rules, first_trick: bool, masks: tuple[int, ...]) -> int:
    """The mask of the legal cards of ``hand`` (internal fast path), the one
    statement of the rules of play.  ``led`` is the suit led to the trick,
    or -1 when the seat is leading; ``played`` the mask of the cards played
    so far this hand; ``masks`` the deck's suit masks.

    * C-4: no spade lead before spades are broken, unless the hand holds
      only spades; C-6: they are broken once a spade has been played
      (:func:`broken_by`).
    * C-5: follow the suit led if able, else play anything.
    * V-7: on the first trick, the 2♣ lead and no spades.
    """
    spades = masks[SPADES]
    if led >= 0:
        follow = hand & masks[led]
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
    return lead_mask(hand, played, spades)


def lead_mask(hand: int, played: int, spades: int) -> int:
    """:func:`legal_mask` of a seat leading after the first trick (internal
    fast path of the play of a trick's last card; ``spades`` the deck's
    spades): no spade lead before spades are broken, unless the hand holds
    only spades (C-4); they are broken once a spade has been played (C-6)."""
    if not played & spades:  # C-6: not broken
        others = hand & ~spades
        if others:
            return others  # C-4
    return hand


def _check_trick(trick: object, rules: Rules, *, to_win: bool = False) -> tuple[Card, ...]:
    """``trick`` as a tuple of distinct cards of the deck: fewer than a card
    a seat for a trick still to play to, one card up to a card a seat for a
    trick ``to_win``."""
    if is_a(trick, (str, bytes)) or not issubclass(type(trick), Sequence):
        raise ArgumentTypeError(f"a trick is a sequence of cards, got {type_name(trick)}")
    players = rules.players
    cards = read_bounded(trick, PER_SEAT_LIMIT, ArgumentError, "", f"a trick of {players} seats cannot hold so many cards")
    if len(cards) > players or (len(cards) == players and not to_win) or (to_win and not cards):
        raise ArgumentError(f"a trick of {players} seats cannot hold {len(cards)} cards here")
    for card in cards:
        if type(card) is not Card:
            raise ArgumentTypeError(f"a trick holds Card values, got {type_name(card)}")
    _check_distinct(cards, rules, "cannot be in this trick: not in the deck, or twice")
    return cards


def _check_distinct(cards: Sequence[Card], rules: Rules, refusal: str) -> None:
    """Each of ``cards`` is a card of the deck, and none is there twice (a
    card is in one place, C-1); else :class:`~spades.ArgumentError`: the
    first card that breaks this, then ``refusal``."""
    seen = 0
    for card in cards:
        if not rules.deck_mask >> card & 1 or seen >> card & 1:
            raise ArgumentError(f"{card} {refusal}")
        seen |= 1 << card


def _check_hand_for(hand: object, rules: Rules, trick: tuple[Card, ...]) -> CardSet:
    """``hand`` as a hand of a game under ``rules`` with ``trick`` on the
    table: a hand of the game (:func:`~spades.rules.check_hand`), none of
    its cards in the trick."""
    checked = check_hand(hand, rules)
    if checked.mask & sum(1 << card for card in trick):
        raise ArgumentError("a card of the trick is also in the hand: a card is in one place (C-1)")
    return checked


def _check_rules(rules: object) -> Rules:
    return _DEFAULT_RULES if rules is None else check_rules(rules)


def _check_flag(value: object, name: str) -> bool:
    if type(value) is not bool:
        raise ArgumentTypeError(f"{name}: true or false, got {short_repr(value)}")
    return value


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

    >>> from spades import Card, CardSet
    >>> hand = CardSet.parse("AK.Q.2.")  # spades, hearts, diamonds, clubs
    >>> legal_plays(hand, [Card.parse("3H")])  # follow hearts (C-5)
    CardSet('.Q..')
    >>> legal_plays(hand), legal_plays(hand, spades_broken=True)  # no spade lead yet (C-4)
    (CardSet('.Q.2.'), CardSet('AK.Q.2.'))
    """
    rules = _check_rules(rules)
    cards = _check_trick(trick, rules)
    hand = _check_hand_for(hand, rules, cards)
    broken = _check_flag(spades_broken, "spades_broken")
    first = _check_flag(first_trick, "first_trick")
    facts = rules.deck_facts
    led = facts.suit_of[cards[0]] if cards else -1
    played = facts.spades if broken else 0  # stands for "a spade has been played" (C-6)
    return CardSet(legal_mask(hand.mask, led, played, rules, first, facts.suit_masks))


def play_error(
    card: Card,
    hand: CardSet,
    trick: Sequence[Card] = (),
    spades_broken: bool = False,
    rules: Rules | None = None,
    *,
    first_trick: bool = False,
    seat: int | None = None,
) -> IllegalActionError | None:
    """Why ``card`` may not be played, or ``None`` when it may.

    The message names the card and the rule, and ``seat`` when given, but
    no card of the hand; like its reason, it says something of the hand
    (that it lacks the card, holds the suit led...): it is for the mover.

    >>> from spades import Card, CardSet
    >>> error = play_error(Card.parse("AS"), CardSet.parse("AK.Q.-.32"), seat=2)
    >>> error.reason.name, error.rule
    ('SPADES_NOT_BROKEN', 'C-4')
    >>> print(error)
    cannot lead AS: spades are not broken and seat 2 holds other suits (rule C-4)
    """
    rules = _check_rules(rules)
    cards = _check_trick(trick, rules)
    hand = _check_hand_for(hand, rules, cards)
    broken = _check_flag(spades_broken, "spades_broken")
    first_trick = _check_flag(first_trick, "first_trick")
    who = "the hand" if seat is None else f"seat {check_seat(seat, rules.players)}"
    if type(card) is not Card:
        return IllegalActionError(Reason.NOT_AN_ACTION, f"{short_repr(card)} is not a card", "C-4")
    bit = 1 << card
    if not hand.mask & bit:
        where = "the hand" if seat is None else f"seat {seat}'s hand"
        return IllegalActionError(Reason.CARD_NOT_IN_HAND, f"cannot play {card}: it is not in {where}", "C-5")
    facts = rules.deck_facts
    led = facts.suit_of[cards[0]] if cards else -1
    played = facts.spades if broken else 0  # stands for "a spade has been played" (C-6)
    allowed = legal_mask(hand.mask, led, played, rules, first_trick, facts.suit_masks)
    if allowed & bit:
        return None
    suit_names = ("clubs", "diamonds", "hearts", "spades")
    # No message lists the hand's cards: what they say (the seat holds the
    # suit led, or other suits) is what the reason itself says.
    if led >= 0:
        if hand.mask & facts.suit_masks[led]:
            return IllegalActionError(
                Reason.MUST_FOLLOW_SUIT,
                f"cannot play {card}: {suit_names[led]} were led and {who} holds {suit_names[led]}, so must follow "
                "suit",
                "C-5",
            )
        return IllegalActionError(
            Reason.NO_SPADES_FIRST_TRICK,
            f"cannot play {card}: no spade may be played to the first trick while {who} holds other cards",
            "V-7",
        )
    if first_trick and rules.first_lead == "two-of-clubs" and allowed == _TWO_OF_CLUBS_BIT:
        return IllegalActionError(
            Reason.MUST_LEAD_TWO_OF_CLUBS, f"cannot lead {card}: the first lead is the two of clubs", "V-7"
        )
    if first_trick and rules.no_spades_first_trick:
        return IllegalActionError(
            Reason.NO_SPADES_FIRST_TRICK,
            f"cannot lead {card}: no spade may be played to the first trick while {who} holds other cards",
            "V-7",
        )
    return IllegalActionError(
        Reason.SPADES_NOT_BROKEN,
        f"cannot lead {card}: spades are not broken and {who} holds other suits",
        "C-4",
    )


def winner_position(trick: Sequence[int], facts: DeckFacts) -> int:
    """Position in ``trick`` of the winning card (internal fast path, C-7):
    the winner's seat counted from a leader at seat 0."""
    return winner_seat_of(0, trick, facts, len(trick))


def winner_seat_of(leader: int, trick: Sequence[int], facts: DeckFacts, players: int) -> int:
    """:func:`trick_winner_seat` of checked arguments (internal fast path):
    the highest spade, else the highest card of the suit led, wins (C-7);
    its seat is the leader's plus its position, round the table."""
    ranks = facts.trick_ranks[facts.suit_of[trick[0]]]
    if len(trick) == 4:  # the four-seat trick, written out
        first, second, third, fourth = trick
        top = ranks[first]
        best = 0
        rank = ranks[second]
        if rank > top:
            top = rank
            best = 1
        rank = ranks[third]
        if rank > top:
            top = rank
            best = 2
        if ranks[fourth] > top:
            best = 3
    else:
        best = 0
        top = ranks[trick[0]]
        for position in range(1, len(trick)):
            rank = ranks[trick[position]]
            if rank > top:
                top = rank
                best = position
    seat = leader + best
    return seat - players if seat >= players else seat


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
    rules = _check_rules(rules)
    return winner_position(_check_trick(trick, rules, to_win=True), rules.deck_facts)


def trick_winner_seat(leader: int, trick: Sequence[Card], rules: Rules | None = None) -> int:
    """The seat that wins ``trick`` led by ``leader`` (C-7): seats play
    clockwise from the leader, so the winner is the leader plus the winning
    card's position, round the table.

    >>> from spades import Card
    >>> trick_winner_seat(3, [Card.parse(t) for t in ("KH", "AH", "2S", "QH")])
    1
    """
    rules = _check_rules(rules)
    leader = check_seat(leader, rules.players)
    return winner_seat_of(leader, _check_trick(trick, rules, to_win=True), rules.deck_facts, rules.players)


def spades_broken(played: CardSet, rules: Rules | None = None) -> bool:
    """Whether spades are broken once the cards ``played`` (this hand's, so
    far) have been played (C-6): every legal play of a spade breaks them,
    whether it was played on another suit or led from a hand of only
    spades, so they are broken exactly when a spade has been played.

    >>> from spades import CardSet, Rules
    >>> spades_broken(CardSet.parse("..AK.")), spades_broken(CardSet.parse("2...A"))
    (False, True)
    >>> spades_broken(CardSet.parse("..2."), Rules.joker_joker_deuce_deuce())  # the 2♦ is a spade (V-9)
    True
    """
    rules = _check_rules(rules)
    if type(played) is not CardSet:
        raise ArgumentTypeError(f"the cards played are a CardSet, got {type_name(played)}")
    check_of_deck(played, rules, "the cards played hold")
    return broken_by(played.mask, rules.deck_facts)


def broken_by(played: int, facts: DeckFacts) -> bool:
    """:func:`spades_broken` of a mask (internal fast path, C-6)."""
    return bool(played & facts.suit_masks[SPADES])


def breaks_spades(card: Card, spades_broken: bool = False, rules: Rules | None = None) -> bool:
    """Whether spades are broken after ``card`` is legally played (C-6), when
    they were (``spades_broken``) or were not before.

    >>> from spades import Card
    >>> breaks_spades(Card.parse("2S")), breaks_spades(Card.parse("AH"))
    (True, False)
    """
    rules = _check_rules(rules)
    if type(card) is not Card:
        raise ArgumentTypeError(f"a card is a Card, got {type_name(card)}")
    check_of_deck(CardSet(1 << card), rules, "the card played is")
    return _check_flag(spades_broken, "spades_broken") or broken_by(1 << card, rules.deck_facts)


def first_leader(rules: Rules, dealer: int, hands: Sequence[CardSet]) -> int:
    """The seat that leads the first trick of a hand whose hands at the start
    of play were ``hands``: left of the dealer (P-7; the second player, T-7),
    or with ``first_lead="two-of-clubs"`` the holder of the 2♣ (V-7).

    >>> from spades import CardSet, Rules
    >>> first_leader(Rules.partnership(), 3, [CardSet(0)] * 4)
    0
    >>> first_leader(Rules.pagat(first_lead="two-of-clubs"), 3, [CardSet.parse("AS"), CardSet.parse("2C 3C")] + [CardSet(0)] * 2)
    1
    """
    rules = _check_rules(rules)
    dealer = check_seat(dealer, rules.players)
    if is_a(hands, (str, bytes)) or not issubclass(type(hands), Sequence):
        raise ArgumentTypeError(f"first_leader needs a sequence of hands, got {type_name(hands)}")
    hands = read_bounded(hands, PER_SEAT_LIMIT, ArgumentError, "", f"first_leader needs one hand per seat ({rules.players}), got more")
    if len(hands) != rules.players:
        raise ArgumentError(f"first_leader needs one hand per seat ({rules.players}), got {len(hands)}")
    masks = [check_hand(hand, rules).mask for hand in hands]
    seen = 0
    for mask in masks:
        if seen & mask:
            raise ArgumentError(f"{CardSet(seen & mask)} in two hands: a card is in one place (C-1)")
        seen |= mask
    return first_leader_of_masks(rules, dealer, masks)


def first_leader_of_masks(rules: Rules, dealer: int, hands: Sequence[int]) -> int:
    """:func:`first_leader` of the hands' masks (internal fast path): left
    of the dealer (P-7), the second player (T-7), or the holder of the 2♣
    (V-7)."""
    if rules.first_lead == "two-of-clubs":
        for seat, hand in enumerate(hands):
            if hand & _TWO_OF_CLUBS_BIT:
                return seat
    return (dealer + 1) % rules.players


def walk_tricks(rules: Rules, leader: int, plays: Sequence[Card]) -> tuple[WalkedTrick, ...]:
    """The cards played in a hand, in order, as tricks, the first led by
    ``leader``: each trick is one card a seat clockwise from its leader, and
    its winner leads the next (C-7).  A last, incomplete trick has winner -1.

    >>> from spades import Card, Rules
    >>> plays = [Card.parse(t) for t in "KH AH 2S QH 3C".split()]
    >>> [(lead, winner) for lead, _cards, winner in walk_tricks(Rules.partnership(), 0, plays)]
    [(0, 2), (2, -1)]
    """
    rules = _check_rules(rules)
    leader = check_seat(leader, rules.players)
    if is_a(plays, (str, bytes)) or not issubclass(type(plays), Sequence):
        raise ArgumentTypeError(f"the plays are a sequence of cards, got {type_name(plays)}")
    cards = rules.deck_mask.bit_count()
    plays = read_bounded(plays, cards, ArgumentError, "", f"the plays of a hand are at most the deck's {cards} cards")
    if any(type(card) is not Card for card in plays):
        raise ArgumentTypeError("the plays are Card values")
    _check_distinct(plays, rules, "cannot be among the plays of a hand: not in the deck, or twice (C-1)")
    return tuple(walk_tricks_of(rules.players, rules.deck_facts, leader, plays))


def walk_tricks_of(players: int, facts: DeckFacts, leader: int, plays: Sequence[int]) -> list[WalkedTrick]:
    """:func:`walk_tricks` of checked arguments (internal fast path), as a
    list: each trick's winner (:func:`winner_seat_of`) leads the next (C-7);
    a last, incomplete trick has winner -1."""
    tricks: list[WalkedTrick] = []
    if players == 4:  # the common case, written out
        each = iter(plays)
        for four in zip(each, each, each, each):
            winner = winner_seat_of(leader, four, facts, 4)  # C-7
            tricks.append((leader, four, winner))  # type: ignore[arg-type]
            leader = winner
        rest = len(plays) % 4
        if rest:
            tricks.append((leader, tuple(plays[-rest:]), -1))  # type: ignore[arg-type]
        return tricks
    for start in range(0, len(plays), players):
        cards = tuple(plays[start : start + players])
        if len(cards) < players:
            tricks.append((leader, cards, -1))  # type: ignore[arg-type]
            break
        winner = winner_seat_of(leader, cards, facts, players)  # C-7
        tricks.append((leader, cards, winner))  # type: ignore[arg-type]
        leader = winner
    return tricks
