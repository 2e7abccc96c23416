"""Double-dummy analysis: the tricks a side takes with best play, all hands
open.

:func:`~spades.double_dummy` is the number of the remaining tricks of the hand (the
trick in progress included) that a side takes when its seats play to take
as many as they can and every other seat plays to hold it to as few, each
seeing every hand.  For the two sides of partnership or two-player Spades
this is the usual double-dummy value, and the two sides' values add up to
the tricks left; in cutthroat (V-10) it is what the seat can make sure of
against all the others.  :func:`card_values` gives, for each legal card of
the seat to play, the tricks its side takes with best play after it: the
cards that cost a trick are those below the best.  :func:`nil_kept` asks
whether a seat can be kept from winning any trick, its partner helping and
the other side trying to make it win one (P-5, T-5), and
:func:`nil_card_values` says which cards keep it so.

Every position is played under the state's rules: following and leading
(C-4..C-6, ``spades.tricks.legal_mask``), the trick's winner (C-7, the
deck's trick ranks), V-7's first-trick options, V-9's decks and V-10's
seating.

>>> from spades import Card, new_game, Rules, Bid
>>> from spades.solver import double_dummy, card_values
>>> state = new_game(Rules.partnership(), seed=3)
>>> for _ in range(4):
...     state = state.apply(Bid(3))
>>> while len(state.hand(state.turn)) > 3 or state.trick:   # to a three-trick ending
...     state = state.apply(state.legal_actions()[0])
>>> ours, theirs = double_dummy(state, 0), double_dummy(state, 1)
>>> ours + theirs
3
>>> best = max(value.tricks for value in card_values(state))
>>> best == double_dummy(state, state.rules.side_of[state.turn])
True

The method
----------

The solver is an alpha-beta search of the play, one card at a time, all
hands open, written as a sequence of yes-or-no questions ("does the side
take at least ``n`` of the remaining tricks?", a null-window search), each
answered by a depth-first search in which the side's seats look for one
card that answers yes and the others for one that answers no.  For the
tricks of a side that is half of the seats (partnership and two-player
Spades) the first question is at a guess, the side's share of the high cards (4, 3, 2 and 1 for each suit's
four highest in play) and of the spades, weighed as in random partnership
deals, and the next ones a trick up or down from the last answer until
the answer turns (MTD(f)-style): the questions near the value are the
dear ones, and a good guess asks little else.  Other questions (a Nil's,
a cutthroat seat's) use a binary search on ``n``.

* **Cards in play as bitmasks.**  Each seat's hand is an int.  The search
  renumbers the deck's cards so that within each suit (the suit they follow
  as, so the jokers and V-9's 2♦ among the spades) the bit order is the
  trick order, the spades above every other suit; the legal cards come from
  ``spades.tricks.legal_mask`` and the trick ranks from the deck's
  :attr:`~spades._decks.DeckFacts.trick_ranks`, the rules' own statements.
* **Equivalent cards.**  Two cards of one suit in one hand with no card
  between them that is still in play (in a hand or in the trick in
  progress) are equivalent: the search tries one of each run.
* **A transposition table with the cards that decided** (partition
  search, as in DDS).  At the start of each trick a question's answer is
  stored with the cards it depended on: the cards that won a trick by
  rank in the lines searched (a card that beat another card of its suit,
  and the cards of its holder's run below it, searched as one), and those
  a bound read.  Within each suit, the cards in play from the lowest of
  them up are the ones that count; the others are small cards.  An entry
  is keyed on the tricks left, the leader, whether spades are broken and
  each seat's count of each suit, then on the seats holding each suit's
  top cards (as many as counted), so that it holds for every position
  that agrees on those: the ranks of cards already played and of the
  small cards do not matter.  Each entry keeps a lower and an upper
  bound on the tricks still to come, which every later question reuses
  (and the analysis of a whole hand, through one :class:`Solver`), and
  the lead that last decided a question there, tried first when the
  position is searched again.  A position reached again in another order
  of the same cards (the common case) finds its entries through its
  exact cards, one dictionary look-up.
* **Quick-trick bounds.**  At the start of a trick, the seats that hold the
  highest spades still in play win a trick with each of them (a top spade
  wins any trick it is played to, C-7), so the side that holds the run of
  top spades takes at least as many tricks as one of its seats holds of
  that run, or two when the run's top two spades are in two seats of a
  side playing for its tricks and either holds another spade (they need
  not fall on one trick); and the other side's run bounds the side from
  above.  When each seat plays for its own group's tricks (not a Nil), the
  leader also cashes its top cards of the other suits, as many times as
  each other seat holding a spade follows to them.  A bound that decides
  a question is stored in the table with the cards it read.
* **Move ordering.**  The leader tries first the lead that decided the
  position before; then, when each seat plays for its own group's tricks,
  the top card of a side suit, one a partner can ruff and no opponent can,
  a low card of a suit whose top card a partner holds, the top spade,
  then the rest, low cards first, spades after the other suits, and last
  any card of a suit an opponent can ruff (in a Nil question: the top card
  of a suit when the leader wants to win the trick, else low cards).  A
  seat whose side is winning the trick plays low, and so does the second
  hand when its partner, fourth, holds the suit's top card and the third
  cannot ruff; one whose side is losing it tries first the cheapest card
  that wins it and also beats the best card the next seat, an opponent,
  can play to it (the second hand when it has one, the third always); the
  third hand whose partner's card would be beaten by the fourth's does the
  same.  A discard is a low card of a side suit before a spade or a
  suit's top card.  A seat that must not win the trick (the Nil bidder)
  tries its highest card that does not win it.
* **The last trick** is resolved directly: every seat has one card.
* **The inner loop** is two closures over the search's tables (the trick
  start and the card played), which read them as local names; the moves
  are ordered by sorting ints (a score and the card's bit), and the suits
  each hand can ruff and each suit's top cards in play are looked up in
  tables filled as they are met.

It is pure Python: a full 13-trick deal takes about a second to a minute
(a few seconds at the median), an ending of a few tricks milliseconds (see
``benchmarks/README.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from spades._decks import SPADES, DeckFacts
from spades.cards import Card
from spades.errors import ArgumentError, ArgumentTypeError, RulesTypeError, check_seat, short_repr, type_name
from spades.rules import Rules
from spades.state import GameState, Phase
from spades.tricks import first_trick_matters, legal_mask

__all__ = ["CardValue", "NilCardValue", "Solver", "double_dummy", "card_values", "nil_kept", "nil_card_values"]

_TABLE_LIMIT: Final = 2_000_000
"""Entries in a transposition table before it is emptied but for the half
with the most tricks left (memory bound)."""

_SEEN_LIMIT: Final = 3_000_000
"""Exact keys of trick starts kept before they are all forgotten."""


def _card(_instance: Any, _attribute: Any, value: Any) -> None:
    if type(value) is not Card:
        raise ArgumentTypeError(f"a card is a Card, got {type_name(value)}")


def _tricks(_instance: Any, _attribute: Any, value: Any) -> None:
    if type(value) is not int:
        raise ArgumentTypeError(f"tricks are an int, got {type_name(value)}")
    if not 0 <= value <= 52:
        raise ArgumentError(f"tricks are 0..52, got {short_repr(value)}")


def _flag(_instance: Any, _attribute: Any, value: Any) -> None:
    if type(value) is not bool:
        raise ArgumentTypeError(f"kept is true or false, got {type_name(value)}")


@attrs.frozen(slots=True)
class CardValue:
    """A legal card of the seat to play and the tricks its side takes with
    best play after it (of the tricks left, the one in progress included).

    >>> from spades import Card
    >>> CardValue(Card.parse("AS"), 3)
    CardValue(card=Card('AS'), tricks=3)
    """

    card: Card = attrs.field(validator=_card)
    """The card."""
    tricks: int = attrs.field(validator=_tricks)
    """The tricks the side of the seat to play takes after it, all hands
    open and every seat playing its best."""


@attrs.frozen(slots=True)
class NilCardValue:
    """A legal card of the seat to play, and whether the Nil bidder can still
    be kept from winning any trick after it (P-5, T-5).

    >>> from spades import Card
    >>> NilCardValue(Card.parse("2H"), True).kept
    True
    """

    card: Card = attrs.field(validator=_card)
    """The card."""
    kept: bool = attrs.field(validator=_flag)
    """True when the Nil bidder's side can still keep it from winning any
    trick after this card, whatever the other seats play."""


class _Layout:
    """The solver's numbering of one deck's cards, and its tables."""

    __slots__ = ("to_bit", "of_bit", "suit_masks", "suit_of", "ranks", "low")

    def __init__(self, facts: DeckFacts) -> None:
        # Non-spades keep their index (a suit's bits are in rank order, and
        # the 2♣ stays bit 0, as legal_mask reads it); the spades, as they
        # follow (C-5, V-9), get the bits from 39 up in trick order (C-7).
        to_bit = [-1] * 64
        spades = [card for card in range(64) if facts.mask >> card & 1 and facts.suit_of[card] == SPADES]
        spades.sort(key=lambda card: facts.power[card])
        for card in range(64):
            if facts.mask >> card & 1 and facts.suit_of[card] != SPADES:
                to_bit[card] = card
        for order, card in enumerate(spades):
            to_bit[card] = 39 + order
        self.to_bit = tuple(to_bit)
        of_bit = [-1] * 64
        for card, bit in enumerate(to_bit):
            if bit >= 0:
                of_bit[bit] = card
        self.of_bit = tuple(of_bit)
        masks = [0, 0, 0, 0]
        suit_of = [-1] * 64
        for card, bit in enumerate(to_bit):
            if bit >= 0:
                masks[facts.suit_of[card]] |= 1 << bit
                suit_of[bit] = facts.suit_of[card]
        self.suit_masks = tuple(masks)
        self.suit_of = tuple(suit_of)
        # The rank of each bit in a trick, for each suit led: the deck's
        # own table (C-7), renumbered.
        self.ranks = tuple(
            tuple(facts.trick_ranks[led][of_bit[bit]] if of_bit[bit] >= 0 else -1 for bit in range(64))
            for led in range(4)
        )
        # How low a card is within its suit (for move ordering).
        low = [0] * 64
        for bit in range(64):
            if suit_of[bit] >= 0:
                low[bit] = (masks[suit_of[bit]] & ((1 << bit) - 1)).bit_count()
        self.low = tuple(low)


class _Search:
    """One objective: the tricks won by ``counted`` seats, ``maximizers``
    playing to make them many, the others to make them few.  Its
    transposition table holds for any position of any deal under ``rules``."""

    def __init__(self, rules: Rules, counted: frozenset[int], maximizers: frozenset[int]) -> None:
        self.rules = rules
        self.players = rules.players
        self.layout = _Layout(rules.deck_facts)
        self.counted = tuple(seat in counted for seat in range(rules.players))
        self.maximizers = tuple(seat in maximizers for seat in range(rules.players))
        # Each seat plays for the tricks of its own group (the counted seats
        # or the others), as in a double-dummy count, not a Nil.
        self.standard = counted == maximizers
        # The bits of one suit's digits in a position's code (two bits a
        # card, the suit's highest card first).
        self.shift = 2 * max(mask.bit_count() for mask in self.layout.suit_masks)
        # A trick start's lengths (the tricks left, the leader and spades
        # broken, each seat's count of each suit) -> the patterns its
        # entries are stored under (a mask of the code's digits: the
        # holders of each suit's top cards that decided) -> those digits
        # of the code -> [lower bound, upper bound, the lead that last
        # decided a question there or -1].
        self.table: dict[tuple[int, ...], dict[int, dict[int, list[int]]]] = {}
        self.entries = [0]  # the entries in the table
        # The same positions by the exact cards held (the common case: a
        # position reached again in another order of the same cards) ->
        # their code, lengths and the table's entries for those lengths.
        self.seen: dict[tuple[int, ...], tuple[int, tuple[int, ...], dict[int, dict[int, list[int]]]]] = {}
        # A suit's holdings -> its digits and its lengths.
        self.codes: dict[tuple[int, ...], tuple[int, int]] = {}
        self._count = [0]
        self.start, self.play = self._build()

    @property
    def nodes(self) -> int:
        """The starts of tricks searched."""
        return self._count[0]

    # -- the position's key -------------------------------------------

    def _suit_code(self, holdings: tuple[int, ...]) -> tuple[int, int]:
        """The seats holding the suit's remaining cards, two bits a card
        from the highest (the lowest digits) down, so that the holders of
        its top ``k`` cards are the code's ``2k`` lowest bits, whatever the
        ranks of the cards gone; and the count of the suit each seat holds
        (five bits a seat)."""
        remaining = 0
        for held in holdings:
            remaining |= held
        code = 0
        digit = 0
        while remaining:
            top = 1 << (remaining.bit_length() - 1)
            for seat, held in enumerate(holdings):
                if held & top:
                    code |= seat << digit
                    break
            digit += 2
            remaining ^= top
        lengths = 0
        for held in holdings:
            lengths = lengths << 5 | held.bit_count()
        return code, lengths

    def prune(self) -> None:
        """Empties the table (when full) but for at most half of its
        entries, those of the positions with the most tricks left (the
        dearest to search again)."""
        table = self.table
        counts: dict[int, int] = {}
        for lengths, patterns in table.items():
            counts[lengths[0]] = counts.get(lengths[0], 0) + sum(map(len, patterns.values()))
        kept = 0
        least = max(counts, default=0) + 1
        for left in sorted(counts, reverse=True):
            if kept + counts[left] > _TABLE_LIMIT // 2:
                break
            kept += counts[left]
            least = left
        keep = {lengths: patterns for lengths, patterns in table.items() if lengths[0] >= least}
        table.clear()
        table.update(keep)
        self.entries[0] = kept
        self.seen.clear()

    # -- bounds ---------------------------------------------------------

    def quick(self, hands: list[int], leader: int, left: int) -> tuple[int, int, int]:
        """Bounds on the counted seats' tricks from a trick's start, and the
        cards they depend on (any position with the same lengths whose
        seats hold those cards, by rank among the cards in play, has
        bounds at least as tight).

        * Each card of the run of top spades that one group holds wins its
          trick (C-7), and one seat's cards fall in different tricks.
        * When each group plays for its own tricks, the leader also cashes
          the top cards of a suit other than spades that it holds, as many
          times as every other seat that holds a spade can follow (C-5):
          those tricks hold no spade, so they are other tricks than the top
          spades'.
        """
        players = self.players
        layout = self.layout
        spade_suit = layout.suit_masks[SPADES]
        remaining = 0
        for hand in hands:
            remaining |= hand
        spades = remaining & spade_suit
        counted = self.counted
        per_seat = [0] * players
        group = None  # the group holding the top spade
        used = 0  # the cards the bounds depend on
        holders: list[int] = []  # the seats holding the run's top two
        while spades:
            top = 1 << (spades.bit_length() - 1)
            for seat, hand in enumerate(hands):
                if hand & top:
                    break
            if group is None:
                group = counted[seat]
            elif counted[seat] != group:
                break
            per_seat[seat] += 1
            if len(holders) < 2:
                holders.append(seat)
            used |= top
            spades ^= top
        if group is None:  # no spade left: no sure tricks either way
            group = counted[leader]
        sure = max(per_seat)
        if sure == 1 and len(holders) == 2 and self.standard:
            # The top two spades in two seats of a group that plays for
            # its tricks: both win, unless they fall on one trick, which
            # the group avoids if one of the two holds another spade.
            if any((hands[seat] & spade_suit).bit_count() > 1 for seat in holders):
                sure = 2
        if self.standard:
            # The leader's sure group gets the cashes only if it is the
            # leader's group.
            lead = hands[leader]
            cashes = 0
            for suit in range(SPADES):
                suit_mask = layout.suit_masks[suit]
                mine = lead & suit_mask
                if not mine:
                    continue
                rest = remaining & suit_mask & ~mine
                # The leader's cards above every other seat's.
                above = mine & ~((1 << rest.bit_length()) - 1) if rest else mine
                run = above.bit_count()
                if not run:
                    continue
                used |= above
                for seat in range(players):
                    if seat != leader and hands[seat] & spade_suit:
                        run = min(run, (hands[seat] & suit_mask).bit_count())
                cashes += run
            if cashes:
                leader_sure = cashes + (sure if group == counted[leader] else 0)
                if counted[leader]:
                    return min(leader_sure, left), left if group else left - sure, used
                low = sure if group else 0
                return low, max(low, left - leader_sure), used
        if group:
            return sure, left, used
        return 0, left - sure, used

    # -- the search -----------------------------------------------------

    def _build(self) -> tuple[Callable[..., bool], Callable[..., bool]]:
        """The search's two functions, closures over its tables (the inner
        loop reads them as local names):

        * ``start(hands, leader, broken, first, target, left)``: whether the
          counted seats take at least ``target`` of the ``left`` tricks from
          the start of a trick led by ``leader``;
        * ``play(hands, seat, position, led, best_bit, best_seat, broken,
          first, target, left, remaining, hint)``: the same with ``seat`` to
          play the ``position``-th card of the trick, ``best_bit`` the card
          winning it so far (played by ``best_seat``), ``remaining`` the
          cards in play at the trick's start, ``hint`` a lead to try first.

        ``hands`` is changed while they run and restored when they return.
        Each leaves in ``relevant[0]`` the cards its answer depends on:
        every position with the same lengths whose seats hold, for each
        suit, the cards in play from the lowest of them up, has the same
        answer.
        """
        rules = self.rules
        layout = self.layout
        players = self.players
        counted = self.counted
        maximizers = self.maximizers
        suit_masks = layout.suit_masks
        spade_mask = suit_masks[SPADES]
        suit_of = layout.suit_of
        ranks = layout.ranks
        low = layout.low
        table = self.table
        table_get = table.get
        entries = self.entries
        codes = self.codes
        codes_get = codes.get
        seen = self.seen
        seen_get = seen.get
        suit_code = self._suit_code
        prune = self.prune
        quick = self.quick
        count = self._count
        shift = self.shift
        digits = (1 << shift) - 1
        suit_range = tuple(range(len(suit_masks)))
        suit_shifts = tuple((suit_masks[suit], suit * shift) for suit in suit_range)
        following = tuple(seat + 1 if seat + 1 < players else 0 for seat in range(players))
        after_seat = following
        last_position = players - 1
        standard = self.standard
        # Four seats, each playing for its side's tricks, partners across
        # the table: the second and fourth hands are partners, and so are
        # the leader and the third.
        paired = standard and players == 4 and all(
            counted[seat] == counted[(seat + 2) % 4] != counted[(seat + 1) % 4] for seat in range(players)
        )
        friends_of = tuple(
            tuple(other for other in range(players) if other != seat and counted[other] == counted[seat])
            for seat in range(players)
        )
        others_of = tuple(
            tuple(other for other in range(players) if counted[other] != counted[seat]) for seat in range(players)
        )
        side_suits = tuple(suit for suit in range(len(suit_masks)) if suit != SPADES)
        cut = [-1]  # the lead that decided the last question asked at a lead
        ruffs: dict[int, int] = {}  # a hand -> the suits it can ruff, as bits
        ruffs_get = ruffs.get

        def ruffs_of(held: int) -> int:
            found = 0
            if held & spade_mask:
                for suit in side_suits:
                    if not held & suit_masks[suit]:
                        found |= 1 << suit
            return found

        def cached_ruffs(held: int) -> int:
            """:func:`ruffs_of`, kept in ``ruffs`` (emptied when full)."""
            if len(ruffs) >= _SEEN_LIMIT:
                ruffs.clear()
            found = ruffs[held] = ruffs_of(held)
            return found

        relevant = [0]  # the cards the last answer depends on

        def best_rank_of(held: int, led: int, trick_ranks: tuple[int, ...]) -> int:
            """The trick rank of the best card the hand ``held`` can play
            to a trick led in ``led`` (its top card of the suit if it can
            follow, else its top spade), -1 when it can only discard."""
            if held & suit_masks[led]:
                held &= suit_masks[led]
            elif held & spade_mask:
                held &= spade_mask
            else:
                return -1
            return trick_ranks[held.bit_length() - 1]

        top_cards: dict[int, int] = {}  # a suit's cards in play and a count -> its top cards
        top_cards_get = top_cards.get

        def tops(pattern: int, remaining: int) -> int:
            """The cards a pattern's digits stand for: each suit's top cards
            in play, as many as the pattern has digits of it."""
            cards = 0
            for suit_mask, at in suit_shifts:
                held = pattern >> at & digits
                if held:
                    rest = remaining & suit_mask
                    key = rest << 5 | held.bit_length() >> 1
                    found = top_cards_get(key)
                    if found is None:
                        found = 0
                        for _ in range(held.bit_length() >> 1):
                            top = 1 << (rest.bit_length() - 1)
                            found |= top
                            rest ^= top
                        top_cards[key] = found
                    cards |= found
            return cards

        def start(hands: list[int], leader: int, broken: bool, first: bool, target: int, left: int) -> bool:
            if target <= 0:
                relevant[0] = 0
                return True
            if target > left:
                relevant[0] = 0
                return False
            count[0] += 1
            if left == 1:  # the last trick: one card a seat (C-7)
                bit = hands[leader].bit_length() - 1
                trick_ranks = ranks[suit_of[bit]]
                best = trick_ranks[bit]
                winner = seat = leader
                played = 1 << bit
                for _ in range(last_position):
                    seat = following[seat]
                    card = hands[seat]
                    played |= card
                    rank = trick_ranks[card.bit_length() - 1]
                    if rank > best:
                        best = rank
                        winner = seat
                        bit = card.bit_length() - 1
                # The winning card's rank decided only if another card of
                # its suit is in the trick.
                relevant[0] = 1 << bit if played & suit_masks[suit_of[bit]] & ~(1 << bit) else 0
                return counted[winner]
            remaining = 0
            for hand in hands:
                remaining |= hand
            if first:  # the first trick's own rules (V-7): not in the table
                return play(hands, leader, 0, -1, -1, leader, broken, True, target, left, remaining, -1)
            # The table's entries for these lengths, by the holders of each
            # suit's top cards.
            exact = (leader * 2 + broken, *hands)
            known = seen_get(exact)
            if known is None:
                code = 0
                lengths = [left, leader * 2 + broken]
                for suit_mask, at in suit_shifts:
                    holdings = tuple(map(suit_mask.__and__, hands))
                    found = codes_get(holdings)
                    if found is None:
                        found = codes[holdings] = suit_code(holdings)
                    code |= found[0] << at
                    lengths.append(found[1])
                key = tuple(lengths)
                patterns = table_get(key)
                if patterns is None:
                    patterns = table[key] = {}
                if len(seen) >= _SEEN_LIMIT:
                    seen.clear()
                seen[exact] = (code, key, patterns)
            else:
                code, key, patterns = known
            hint = -1
            for pattern, stored in patterns.items():
                entry = stored.get(code & pattern)
                if entry is not None:
                    if entry[0] >= target:
                        relevant[0] = tops(pattern, remaining)
                        return True
                    if entry[1] < target:
                        relevant[0] = tops(pattern, remaining)
                        return False
                    if entry[2] >= 0:
                        hint = entry[2]
            sure, most, used = quick(hands, leader, left)
            if sure >= target or most < target:
                found_cards = used
                result = sure >= target
                answer_lower, answer_upper = sure, most
            else:
                found_cards = -1
            if found_cards < 0:
                result = play(hands, leader, 0, -1, -1, leader, broken, False, target, left, remaining, hint)
                found_cards = relevant[0]
                if result:
                    answer_lower, answer_upper = target, left
                else:
                    answer_lower, answer_upper = 0, target - 1
            # The cards the answer depends on, each suit's from the lowest
            # of them up, and the pattern of their digits.
            cards = 0
            pattern = 0
            for suit_mask, at in suit_shifts:
                held = found_cards & suit_mask
                if held:
                    above = remaining & suit_mask & ~((held & -held) - 1)
                    cards |= above
                    pattern |= ((1 << 2 * above.bit_count()) - 1) << at
            relevant[0] = cards
            bucket = patterns.get(pattern)
            if bucket is None:
                bucket = patterns[pattern] = {}
            entry = bucket.get(code & pattern)
            if entry is None:
                if entries[0] >= _TABLE_LIMIT:
                    prune()  # and the exact keys go, which point into the table
                    kept = table.get(key)
                    if kept is None:
                        kept = table[key] = {}
                    bucket = kept.get(pattern)
                    if bucket is None:
                        bucket = kept[pattern] = {}
                entries[0] += 1
                entry = bucket[code & pattern] = [answer_lower, answer_upper, -1]
            else:
                if answer_lower > entry[0]:
                    entry[0] = answer_lower
                if answer_upper < entry[1]:
                    entry[1] = answer_upper
            if cut[0] >= 0:
                entry[2] = cut[0]
            return result

        def play(
            hands: list[int], seat: int, position: int, led: int, best_bit: int, best_seat: int,
            broken: bool, first: bool, target: int, left: int, remaining: int, hint: int,
        ) -> bool:
            hand = hands[seat]
            legal = legal_mask(hand, led, spade_mask if broken else 0, rules, first, suit_masks)
            # One card of each run of equivalent cards: no card in play
            # between them (the highest of the run stands for it).
            cards: list[int] = []
            previous = -1
            if not legal & (legal - 1):  # one legal card
                cards.append(legal.bit_length() - 1)
                legal = 0
            while legal:
                lowest = legal & -legal
                bit = lowest.bit_length() - 1
                legal ^= lowest
                if previous >= 0 and suit_of[previous] == suit_of[bit] and not remaining & ((1 << bit) - (2 << previous)):
                    cards[-1] = bit
                else:
                    cards.append(bit)
                previous = bit
            maximizing = maximizers[seat]
            best_rank = ranks[led][best_bit] if position else -1
            if len(cards) > 1:
                # Best first: each card's score * 64 + its bit, sorted.
                wants = maximizing  # wants the counted seats to win the trick
                mine = counted[seat] == wants  # winning it itself is what it wants
                order = []
                if position == 0 and standard:
                    friend_cards = 0  # the partners' cards
                    friend_ruffs = 0  # the suits a partner can ruff, as bits
                    for friend in friends_of[seat]:
                        held = hands[friend]
                        friend_cards |= held
                        found = ruffs_get(held)
                        friend_ruffs |= cached_ruffs(held) if found is None else found
                    other_ruffs = 0  # the suits an opponent can ruff
                    for other in others_of[seat]:
                        held = hands[other]
                        found = ruffs_get(held)
                        other_ruffs |= cached_ruffs(held) if found is None else found
                    for bit in cards:
                        if bit == hint:
                            score = 0
                            order.append(bit)
                            continue
                        suit = suit_of[bit]
                        suit_mask = suit_masks[suit]
                        top = 1 << ((remaining & suit_mask).bit_length() - 1)
                        if other_ruffs >> suit & 1:
                            score = 500 + low[bit]  # an opponent ruffs it
                        elif hand & top:
                            # Cash the suit's top card (the side suits'
                            # first).
                            score = (100 if top >> bit & 1 else 300) + low[bit] + (100 if suit == SPADES else 0)
                        elif friend_cards & top:
                            score = 150 + low[bit]  # low, to the partner's top card
                        elif friend_ruffs >> suit & 1:
                            score = 120 + low[bit]  # the partner ruffs it
                        else:
                            score = (450 if suit == SPADES else 400) + low[bit]
                        order.append(score << 6 | bit)
                elif position == 0:
                    for bit in cards:
                        if bit == hint:
                            score = 0
                        elif mine and not remaining & suit_masks[suit_of[bit]] & ~((2 << bit) - 1):
                            score = 100 + low[bit]  # the top card of a suit
                        else:
                            score = 200 + low[bit] + (50 if suit_of[bit] == SPADES else 0)
                        order.append(score << 6 | bit)
                else:
                    trick_ranks = ranks[led]
                    good = counted[best_seat] == wants
                    if not good and position == 1 and paired:
                        # Second hand low when the fourth, a partner, holds
                        # the suit's top card and the third cannot ruff.
                        third = after_seat[seat]
                        fourth = after_seat[third]
                        led_mask = suit_masks[led]
                        top = 1 << ((remaining & led_mask).bit_length() - 1)
                        if hands[fourth] & top and (hands[third] & led_mask or not hands[third] & spade_mask):
                            good = True
                    bar = best_rank  # the rank a card must beat
                    if not good and position == 1 and paired and mine:
                        # Second hand high only to beat the third's best too.
                        threat = best_rank_of(hands[after_seat[seat]], led, trick_ranks)
                        if threat > best_rank:
                            bar = threat
                            if trick_ranks[cards[-1]] <= bar and trick_ranks[cards[0]] <= bar:
                                bar = best_rank  # none beats it
                    if position == 2 and paired and mine:
                        # Third hand: the fourth, an opponent, may beat the
                        # card winning the trick; then the cheapest card
                        # that beats the fourth's best first (and low cards
                        # when none does).
                        threat = best_rank_of(hands[after_seat[seat]], led, trick_ranks)
                        if threat > best_rank:
                            bar = threat
                            good = False
                    led_mask = suit_masks[led]
                    for bit in cards:
                        beats = trick_ranks[bit] > bar
                        if good and not mine:
                            if not beats:
                                score = 1000 - trick_ranks[bit]  # the highest that does not win
                            else:
                                score = 1500 + trick_ranks[bit]
                        elif beats and mine and not good:
                            score = trick_ranks[bit]  # the cheapest card that wins
                        else:
                            score = 1000 + low[bit]  # low
                            if not led_mask >> bit & 1:
                                # A discard: a spade, or the top card of its
                                # suit, after the others.
                                suit = suit_of[bit]
                                if suit == SPADES:
                                    score += 60
                                elif not remaining & suit_masks[suit] & ~((2 << bit) - 1):
                                    score += 30
                        order.append(score << 6 | bit)
                order.sort()
            else:
                order = cards
            last = position == last_position
            after = following[seat]
            trick_ranks = ranks[led]
            depends = 0  # the cards the answers so far depend on
            if last:
                held = 0  # the cards of the other seats
                for other in hands:
                    held |= other
                held &= ~hand
            for code in order:
                bit = code & 63
                card = 1 << bit
                hands[seat] = hand ^ card
                if position:
                    suit = led
                    rank = trick_ranks[bit]
                    if rank > best_rank:
                        new_bit, new_seat = bit, seat
                    else:
                        new_bit, new_seat = best_bit, best_seat
                else:
                    suit = suit_of[bit]
                    new_bit, new_seat = bit, seat
                now_broken = broken or bool(card & spade_mask)
                if last:
                    result = start(hands, new_seat, now_broken, False, target - counted[new_seat], left - 1)
                    found = relevant[0]
                    # The trick's winning card decided it by rank if
                    # another card of its suit is in the trick: then it
                    # counts, and so do the cards of its holder's run
                    # below it (equivalent here, searched as one).
                    winning_suit = suit_masks[suit_of[new_bit]]
                    if remaining & ~(held | hand ^ card) & winning_suit & ~(1 << new_bit):
                        holder = hands[new_seat]
                        lowest = new_bit
                        while True:
                            below = remaining & winning_suit & ((1 << lowest) - 1)
                            if not below:
                                break
                            under = below.bit_length() - 1
                            if not holder >> under & 1:
                                break
                            lowest = under
                        found |= 1 << lowest
                else:
                    result = play(
                        hands, after, position + 1, suit, new_bit, new_seat, now_broken, first, target, left,
                        remaining, -1,
                    )
                    found = relevant[0]
                hands[seat] = hand
                if result == maximizing:
                    if not position:
                        cut[0] = bit
                    relevant[0] = found
                    return result
                depends |= found
            if not position:
                cut[0] = -1
            relevant[0] = depends
            return not maximizing

        return start, play

    # -- a position of a state --------------------------------------------

    def guess(self, position: _Position) -> int:
        """A guess at the counted seats' tricks from ``position`` (only the
        order of the questions depends on it): their share of the high
        cards in play (4, 3, 2 and 1 for each suit's four highest) and of
        the spades, weighed as in random partnership deals."""
        layout = self.layout
        counted = self.counted
        points = [0, 0]
        spades = [0, 0]
        for suit, suit_mask in enumerate(layout.suit_masks):
            rest = 0
            for hand in position.hands:
                rest |= hand
            rest &= suit_mask
            for value in (4, 3, 2, 1):
                if not rest:
                    break
                top = 1 << (rest.bit_length() - 1)
                rest ^= top
                for seat, hand in enumerate(position.hands):
                    if hand & top:
                        points[counted[seat]] += value
            if suit == SPADES:
                for seat, hand in enumerate(position.hands):
                    spades[counted[seat]] += (hand & suit_mask).bit_count()
        left = position.left
        share = points[1] / (points[0] + points[1]) if points[0] + points[1] else 0.5
        guess = left * (0.5 + 1.23 * (share - 0.5)) + 1.1 * (spades[1] - spades[0]) / 2 * left / 13
        return round(guess)

    def value(self, position: _Position, low: int = 0, high: int | None = None) -> int:
        """The counted seats' tricks from ``position``, by yes-or-no
        questions: when each group plays for its own tricks and is half of
        the seats, the first at a guess, then one trick up or down at a
        time (near the value, where the questions are dear, two questions
        may be all it takes; far from it they are cheap); otherwise a
        binary search."""
        if high is None:
            high = position.left
        if self.standard and 2 * sum(self.counted) == self.players:
            target = min(max(self.guess(position), low + 1), high)
            while low < high:
                if self.test(position, target):
                    low = target
                    target = low + 1
                else:
                    high = target - 1
                    target = high
            return low
        while low < high:
            middle = (low + high + 1) // 2
            if self.test(position, middle):
                low = middle
            else:
                high = middle - 1
        return low

    def test(self, position: _Position, target: int) -> bool:
        hands = list(position.hands)
        if not position.trick:
            return self.start(hands, position.leader, position.broken, position.first, target, position.left)
        return self.play(
            hands, position.turn, len(position.trick), position.led, position.best_bit, position.best_seat,
            position.broken, position.first, target, position.left, position.remaining, -1,
        )


class _Position:
    """A state's position of play in the solver's numbering."""

    __slots__ = ("hands", "trick", "turn", "leader", "broken", "first", "left", "led", "best_rank", "best_bit",
                 "best_seat", "remaining", "won")
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    turn: int
    leader: int
    broken: bool
    first: bool
    left: int
    led: int
    best_rank: int
    best_bit: int
    best_seat: int
    remaining: int
    won: tuple[int, ...]

    def __init__(self, state: GameState, layout: _Layout) -> None:
        to_bit = layout.to_bit
        players = state.rules.players
        self.hands = tuple(sum(1 << to_bit[card] for card in state.hand(seat)) for seat in range(players))
        self.trick = tuple(to_bit[card] for card in state.trick)
        turn, leader = state.turn, state.leader
        assert turn is not None and leader is not None  # in the play of tricks
        self.turn = turn
        self.leader = leader
        self.broken = state.spades_broken
        self.won = state.tricks_won
        self.first = first_trick_matters(state.rules) and sum(self.won) == 0
        self.left = self.hands[self.turn].bit_count()
        remaining = 0
        for hand in self.hands:
            remaining |= hand
        for bit in self.trick:
            remaining |= 1 << bit
        self.remaining = remaining
        self.led = -1
        self.best_rank = -1
        self.best_bit = -1
        self.best_seat = leader
        if self.trick:
            self.led = layout.suit_of[self.trick[0]]
            ranks = layout.ranks[self.led]
            for step, bit in enumerate(self.trick):
                if step == 0 or ranks[bit] > self.best_rank:
                    self.best_rank = ranks[bit]
                    self.best_bit = bit
                    self.best_seat = (leader + step) % players

    def after(self, bit: int, layout: _Layout, players: int) -> _Position:
        """The position after the seat to play plays ``bit``."""
        new = object.__new__(_Position)
        seat = self.turn
        hands = list(self.hands)
        hands[seat] ^= 1 << bit
        new.hands = tuple(hands)
        new.won = self.won
        new.first = self.first
        new.broken = self.broken or bool((1 << bit) & layout.suit_masks[SPADES])
        led = self.led if self.trick else layout.suit_of[bit]
        rank = layout.ranks[led][bit]
        if not self.trick or rank > self.best_rank:
            best_rank, best_bit, best_seat = rank, bit, seat
        else:
            best_rank, best_bit, best_seat = self.best_rank, self.best_bit, self.best_seat
        trick = self.trick + (bit,)
        if len(trick) == players:
            won = list(self.won)
            won[best_seat] += 1
            new.won = tuple(won)
            new.first = False
            new.trick = ()
            new.turn = new.leader = best_seat
            new.led, new.best_rank, new.best_bit, new.best_seat = -1, -1, -1, best_seat
            new.left = self.left - 1
            new.remaining = 0
            for hand in hands:
                new.remaining |= hand
        else:
            new.trick = trick
            new.turn = seat + 1 if seat + 1 < players else 0
            new.leader = self.leader
            new.led, new.best_rank, new.best_bit, new.best_seat = led, best_rank, best_bit, best_seat
            new.left = self.left
            new.remaining = self.remaining
        return new


def _check_state(state: object) -> GameState:
    if type(state) is not GameState:
        raise ArgumentTypeError(f"double-dummy analysis reads a GameState, got {type_name(state)}")
    if state.phase is not Phase.PLAY:
        raise ArgumentError(
            f"double-dummy analysis needs a state in the play of tricks, this one is in phase {state.phase.name} (C-8)"
        )
    return state


def _check_side(side: object, rules: Rules) -> int:
    if type(side) is not int:
        raise ArgumentTypeError(f"a side is an int, got {type_name(side)}")
    sides = len(rules.sides)
    if not 0 <= side < sides:
        rule = "P-1" if rules.partners else ("T-1" if rules.players == 2 else "V-10")
        raise ArgumentError(f"no side {short_repr(side)}: the sides are 0..{sides - 1} (rule {rule})")
    return side


class Solver:
    """A double-dummy solver that keeps what it has learnt: one for the
    positions of one set of rules (a game's, or many deals' under the same
    rules), so that the analysis of a whole hand reuses the solutions of
    the positions it has already met.  The module's functions each use a
    fresh one.

    >>> from spades import Bid, Rules, new_game
    >>> state = new_game(Rules.two_player(), seed=2)
    >>> while state.phase.name != "PLAY":
    ...     state = state.apply(state.legal_actions()[0])
    >>> while len(state.hand(state.turn)) > 4:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> solver = Solver(state.rules)
    >>> solver.tricks(state, 0) + solver.tricks(state, 1)
    4
    """

    __slots__ = ("_rules", "_searches")

    def __init__(self, rules: Rules) -> None:
        if type(rules) is not Rules:
            raise RulesTypeError(f"a solver is for a Rules value, got {type_name(rules)}")
        self._rules = rules
        self._searches: dict[tuple[frozenset[int], frozenset[int]], _Search] = {}

    @property
    def rules(self) -> Rules:
        """The rules of the positions this solver solves."""
        return self._rules

    @property
    def nodes(self) -> int:
        """The starts of tricks searched so far (a measure of the work)."""
        return sum(search.nodes for search in self._searches.values())

    def _search(self, counted: frozenset[int], maximizers: frozenset[int]) -> _Search:
        search = self._searches.get((counted, maximizers))
        if search is None:
            search = self._searches[counted, maximizers] = _Search(self._rules, counted, maximizers)
        return search

    def _state(self, state: object) -> GameState:
        state = _check_state(state)
        if state.rules != self._rules:
            raise ArgumentError("this solver is for other rules than the state's")
        return state

    def _side_search(self, side: int) -> _Search:
        seats = frozenset(self._rules.sides[side])
        return self._search(seats, seats)

    def _nil_search(self, seat: int) -> _Search:
        rules = self._rules
        others = frozenset(s for s in range(rules.players) if rules.side_of[s] != rules.side_of[seat])
        return self._search(frozenset((seat,)), others)

    def tricks(self, state: GameState, side: int) -> int:
        """:func:`spades.double_dummy`, reusing this solver's tables."""
        state = self._state(state)
        side = _check_side(side, self._rules)
        search = self._side_search(side)
        return search.value(_Position(state, search.layout))

    def card_values(self, state: GameState) -> tuple[CardValue, ...]:
        """:func:`card_values`, reusing this solver's tables."""
        state = self._state(state)
        rules = self._rules
        turn = state.turn
        assert turn is not None
        search = self._side_search(rules.side_of[turn])
        position = _Position(state, search.layout)
        values = []
        for card in state.legal_actions():
            assert type(card) is Card
            after = position.after(search.layout.to_bit[card], search.layout, rules.players)
            # A card that ends the trick: the trick just won is one of the
            # tricks left before it.
            taken = sum(after.won[s] - position.won[s] for s in rules.sides[rules.side_of[turn]])
            values.append(CardValue(card, taken + search.value(after)))
        return tuple(values)

    def nil_kept(self, state: GameState, seat: int) -> bool:
        """:func:`nil_kept`, reusing this solver's tables."""
        state = self._state(state)
        seat = check_seat(seat, self._rules.players)
        if state.tricks_won[seat]:
            return False
        search = self._nil_search(seat)
        return not search.test(_Position(state, search.layout), 1)

    def nil_card_values(self, state: GameState, seat: int) -> tuple[NilCardValue, ...]:
        """:func:`nil_card_values`, reusing this solver's tables."""
        state = self._state(state)
        rules = self._rules
        seat = check_seat(seat, rules.players)
        search = self._nil_search(seat)
        position = _Position(state, search.layout)
        values = []
        for card in state.legal_actions():
            assert type(card) is Card
            after = position.after(search.layout.to_bit[card], search.layout, rules.players)
            kept = not after.won[seat] and not search.test(after, 1)
            values.append(NilCardValue(card, kept))
        return tuple(values)


def double_dummy(state: GameState, side: int) -> int:
    """The number of the remaining tricks (the one in progress included)
    that ``side`` takes when its seats play to take as many as they can and
    every other seat plays to hold it to as few, all hands open, under the
    state's rules (C-4..C-7, V-7, V-9, V-10).

    ``state`` is in the play of tricks, at any card (a trick may be in
    progress); ``side`` is an index of ``state.rules.sides``.  The search
    is exact and has no limit of its own: a full four-hand deal takes up
    to about a minute, a full three-hand deal of 17 cards each can take
    minutes and more than a GiB (see the docs' analysis page).

    >>> from spades import Rules, new_game
    >>> state = new_game(Rules.partnership(), seed=1)
    >>> double_dummy(state, 0)
    Traceback (most recent call last):
    ...
    spades.errors.ArgumentError: double-dummy analysis needs a state in the play of tricks, this one is in phase BID (C-8)
    """
    state = _check_state(state)
    return Solver(state.rules).tricks(state, side)


def card_values(state: GameState) -> tuple[CardValue, ...]:
    """For each legal card of the seat to play (in the order of
    :meth:`~spades.GameState.legal_actions`), the tricks its side takes with
    best play after that card: the best of them is :func:`spades.double_dummy` of
    that side, and a card below the best costs the difference."""
    state = _check_state(state)
    return Solver(state.rules).card_values(state)


def nil_kept(state: GameState, seat: int) -> bool:
    """Whether ``seat`` (a Nil bidder) can be kept from winning any trick
    from ``state`` on, its partner helping and every seat of the other
    sides playing to make it win one, all hands open (P-5, T-5).  False
    once it has won a trick."""
    state = _check_state(state)
    return Solver(state.rules).nil_kept(state, seat)


def nil_card_values(state: GameState, seat: int) -> tuple[NilCardValue, ...]:
    """For each legal card of the seat to play, whether ``seat`` (a Nil
    bidder) can still be kept from winning any trick after it, as in
    :func:`nil_kept`."""
    state = _check_state(state)
    return Solver(state.rules).nil_card_values(state, seat)
