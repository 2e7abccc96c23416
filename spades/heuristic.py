"""A heuristic player that reads only its view: :func:`heuristic_bot`.

It bids by hand evaluation and plays the way a club player would:

* **bidding**: sure tricks (aces, guarded kings, the top spades), spade
  length and ruffs from voids and short suits; Nil on a weak hand with no
  card that is hard to get rid of; Double Nil rarely, only when the rules
  offer it and the side is far behind near the end of the game (on a
  sealed view, P-6, it answers the question blind);
* **play**: second hand low, third hand high, win cheaply with a card no
  later opponent can beat, trump when void if the contract still needs
  tricks, duck and shed high cards once the contract is made (more so when
  the side's bags are near a penalty, S-8), never overtake a partner's
  winning trick without need; it covers and overtakes for a partner's Nil
  and attacks an opponent's Nil (leads low into it, plays under the Nil
  bidder's winning card);
* **the exchange** (P-6, T-6): a Double Nil bidder gives away its highest
  cards, its partner its lowest; **the draft** (T-2): it keeps spades and
  high cards.

It works for every rule set (partnership, cutthroat, two-player with its
draft, jokers), and remembers nothing between calls: everything comes from
the view (the cards played, the suits each seat has shown out of, the bids
and tricks won, the scores and bags).

>>> from spades import Rules
>>> from spades.bots import play_game, simple_bot
>>> final = play_game(Rules.partnership(), (heuristic_bot, simple_bot) * 2, seed=1)
>>> final.winner
0
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from typing import Final

from spades.actions import Action, Bid, Draft, Exchange, ExchangeChoices
from spades.cards import Card, CardSet, cards_of_mask
from spades.deal import check_rng
from spades.errors import is_a, ArgumentTypeError, StateError, type_name
from spades.rules import Rules, check_hand, check_rules
from spades.state import GameState, Phase
from spades.view import SeatView, current_tricks, seat_view, view_to_act

__all__ = ["heuristic_bot", "hand_tricks", "nil_risk", "play_out_hand"]

_SPADES: Final = 3
_ACE: Final = 12
_KING: Final = 11
_QUEEN: Final = 10
_JACK: Final = 9


def _rank(card: int) -> int:
    """The rank within its printed suit (0 = two .. 12 = ace; jokers 13, 14)."""
    return card % 13 if card < 52 else card - 39


def _higher_counts(hand: int, deck: int, suit_mask: int, power: Sequence[int]) -> list[int]:
    """For each of the hand's cards of one suit, highest first, how many
    higher cards of that suit the others may hold."""
    mine = sorted(cards_of_mask(hand & suit_mask), key=lambda c: -power[c])
    others = [power[c] for c in cards_of_mask(deck & suit_mask & ~hand)]
    return [sum(1 for p in others if p > power[c]) for c in mine]


def hand_tricks(hand: CardSet, rules: Rules) -> float:
    """The tricks ``hand`` should take under ``rules``: sure and likely
    tricks in each suit, spade length, and ruffs from voids and short suits
    with spades to spare.

    >>> from spades import CardSet, Rules
    >>> rules = Rules.partnership()
    >>> round(hand_tricks(CardSet.parse("AK.A.A32.AKQJT"), rules), 1)  # spades first
    5.9
    >>> round(hand_tricks(CardSet.parse("AKQ432.A.-.K432"), rules), 1)  # six spades
    7.2
    >>> round(hand_tricks(CardSet.parse("5432.432.5432.32"), rules), 1)  # a ruff, maybe
    0.8

    The count, in full ("higher" is the number of cards of the same suit,
    not in ``hand``, that rank above a card; the jokers and the V-9 deuces
    are spades):

    * each spade, the highest first, the ``i``-th from 0: 1 when at most
      ``i`` spades above it are out; else, when ``i`` is at least the
      seat's share of the deck's spades (rounded up) less one: 0.8 when
      at most ``i + 3`` are above it, 0.3 otherwise; else 0.5 when exactly
      ``i + 1`` are above it and the hand holds at least ``i + 2`` spades;
      else 0;
    * each side suit (clubs, diamonds, hearts), by its length ``n`` in the
      hand and the printed ranks it holds, with ``long = 5`` (7 for two
      players, T-3): the ace 1 (0.6 when ``n > long``); the king 0.9 with
      the ace, 0.7 without, when ``2 <= n <= long``, 0.3 when longer or
      alone; the queen, when ``3 <= n <= long - 1``, 0.6 with the ace and
      king, 0.4 with one of them, 0.2 with neither; the suit's sum is
      multiplied by ``min(1, 13 / spades in the deck) ** 2`` (more trumps,
      side winners ruffed sooner);
    * ruffs: the spare spades are the spades less the spade count above,
      less 0.5 (none if that is below 0); then for each side suit in turn
      (clubs, diamonds, hearts) that is void, a singleton or a doubleton,
      while spare spades are left, the lesser of the spare spades and 2, 1
      or 0.5 (void, singleton, doubleton) is added and taken from them;
    * the total is multiplied by ``rules.hand_size / 13``.

    >>> round(hand_tricks(CardSet.parse("K2.KQ2.-.65432"), rules), 2)  # spades 0.5 + 0, hearts 0.7 + 0.4, a ruff 1
    2.6

    Anything but a :class:`~spades.CardSet` and a :class:`~spades.Rules`
    raises :class:`~spades.ArgumentTypeError`; a set of cards no seat can
    hold under the rules, :class:`~spades.ArgumentError`.
    """
    rules = check_rules(rules)
    suit_masks, power, deck_mask = rules.suit_masks, rules.power, rules.deck_mask
    mask = check_hand(hand, rules).mask
    total = 0.0
    # Spades (trumps): the i-th highest is a trick when at most i higher
    # spades are out; long spades win in the end.
    trumps = _higher_counts(mask, deck_mask, suit_masks[_SPADES], power)
    # A spade beyond a seat's share of them is long: it wins in the end.
    share = -(-(deck_mask & suit_masks[_SPADES]).bit_count() // rules.players)
    counted = 0.0
    for i, higher in enumerate(trumps):
        if higher <= i:
            value = 1.0
        elif i >= share - 1:
            value = 0.8 if higher <= i + 3 else 0.3
        elif higher == i + 1 and len(trumps) >= 2 + i:
            value = 0.5
        else:
            value = 0.0
        counted += value
    total += counted
    spare = max(0.0, len(trumps) - counted - 0.5)
    short = 2.0 if rules.players == 2 else 0.0  # two-player: long side suits hold up (T-3)
    # More trumps in the deck (V-9, V-10): side winners are ruffed sooner.
    side_worth = min(1.0, 13 / (deck_mask & suit_masks[_SPADES]).bit_count()) ** 2
    for suit in range(3):
        cards = cards_of_mask(mask & suit_masks[suit])
        length = len(cards)
        ranks = {_rank(c) for c in cards}
        value = 0.0
        if _ACE in ranks:
            value += 1.0 if length <= 5 + short else 0.6
        if _KING in ranks and length >= 2:
            value += (0.9 if _ACE in ranks else 0.7) if length <= 5 + short else 0.3
        elif _KING in ranks:
            value += 0.3
        if _QUEEN in ranks and length >= 3 and length <= 4 + short:
            value += 0.6 if (_ACE in ranks and _KING in ranks) else 0.4 if (_ACE in ranks or _KING in ranks) else 0.2
        total += value * side_worth
        # Ruffs: a void or a short suit with spades to spare.
        if spare > 0 and length <= 2:
            ruffs = min(spare, (2.0, 1.0, 0.5)[length])
            spare -= ruffs
            total += ruffs
    # Three players hold 17 cards each (C-8): every card lasts longer.
    return total * rules.hand_size / 13


def nil_risk(hand: CardSet, rules: Rules) -> float:
    """How hard the hand is to bid Nil with: about 0 for only low cards in
    long suits, more for each high card (worse when short) and each high or
    extra spade.

    >>> from spades import CardSet, Rules
    >>> rules = Rules.partnership()
    >>> nil_risk(CardSet.parse("32.5432.6432.432"), rules) < 1 < nil_risk(CardSet.parse("A2.5432.6432.K32"), rules)
    True

    The count, in full: each card of the hand adds by how many cards of its
    suit not in the hand rank above it ("above"; the jokers and the V-9
    deuces are spades) and, in a side suit, by how many of the hand's own
    cards of the suit rank below it ("below", counted at most 3):

    * a spade: 2 when at most 3 are above it, 1 when 4 to 6 are;
    * a side card: ``2.5 - 0.5 * below`` when at most 2 are above it,
      ``1 - 0.25 * below`` when 3 or 4 are;
    * and four or more spades add 1.5 for each spade beyond three.

    >>> nil_risk(CardSet.parse("Q2.AK.32.5432"), rules)  # spades 2; hearts 2.5 + 2; diamonds 0; clubs 0
    6.5

    Anything but a :class:`~spades.CardSet` and a :class:`~spades.Rules`
    raises :class:`~spades.ArgumentTypeError`; a set of cards no seat can
    hold under the rules, :class:`~spades.ArgumentError`.
    """
    rules = check_rules(rules)
    suit_masks, power, deck_mask = rules.suit_masks, rules.power, rules.deck_mask
    mask = check_hand(hand, rules).mask
    risk = 0.0
    for suit in range(4):
        cards = sorted(cards_of_mask(mask & suit_masks[suit]), key=lambda c: power[c])
        length = len(cards)
        others = [power[c] for c in cards_of_mask(deck_mask & suit_masks[suit] & ~mask)]
        for position, card in enumerate(cards):
            # The cards below this one in the hand can be played first; what
            # matters is how many of the others' cards sit above it.
            above = sum(1 for p in others if p > power[card])
            below_mine = position
            if suit == _SPADES:
                if above <= 6:
                    risk += 2.0 if above <= 3 else 1.0
            elif above <= 2:
                risk += 2.5 - 0.5 * min(below_mine, 3)
            elif above <= 4:
                risk += 1.0 - 0.25 * min(below_mine, 3)
        if suit == _SPADES and length >= 4:
            risk += 1.5 * (length - 3)
    return risk


class _Read:
    """What the bot works out from a view once per decision: the cards
    played, the cards still out, the suits each seat has shown out of, the
    contracts and tricks, who is on Nil."""

    __slots__ = (
        "rules", "seat", "players", "suit_of", "power", "side_of", "hand", "out", "void", "my_side",
        "partners", "nil_alive", "need", "opp_need", "tricks_left", "bag_room", "out_powers", "top", "trick", "leader",
    )

    def __init__(
        self,
        rules: Rules,
        seat: int,
        hand: int,
        known_out: int,
        void: list[int],
        bids: Sequence[Bid | None],
        won: Sequence[int],
        bags: int,
        tricks_done: int,
        trick: Sequence[Card],
        leader: int,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.players = rules.players
        self.suit_of = rules.suit_of
        self.power = power = rules.power
        self.side_of = side_of = rules.side_of
        self.hand = hand
        self.void = void
        # Cards this seat cannot place: not in its hand, not played, not
        # discarded in its own draft turns (T-2).
        self.out = out = rules.deck_mask & ~hand & ~known_out
        masks = rules.suit_masks
        self.out_powers = out_powers = tuple(sorted([power[c] for c in cards_of_mask(out & masks[s])]) for s in range(4))
        self.top = tuple(p[-1] if p else -1 for p in out_powers)
        self.my_side = my_side = side_of[seat]
        self.partners = tuple(s for s in rules.sides[my_side] if s != seat)
        self.nil_alive = tuple(b is not None and b.tricks == 0 and won[s] == 0 for s, b in enumerate(bids))
        need = [0] * len(rules.sides)
        for side, seats in enumerate(rules.sides):
            contract = sum(b.tricks for s in seats if (b := bids[s]) is not None)
            taken = sum(won[s] for s in seats if (b := bids[s]) is None or b.tricks > 0)
            need[side] = contract - taken
        self.need = need[my_side]
        self.opp_need = tuple(n for side, n in enumerate(need) if side != my_side)
        self.tricks_left = rules.hand_size - tricks_done
        self.bag_room = rules.bags_per_penalty - bags % rules.bags_per_penalty
        self.trick = trick
        self.leader = leader

    @classmethod
    def of_view(cls, view: SeatView) -> _Read:
        """The reading of ``view``."""
        rules = view.rules
        players = rules.players
        suit_of = rules.suit_of
        played = 0
        void = [0] * players
        for trick in view.tricks:
            played |= _seen(trick.cards, trick.leader, players, suit_of, void)
        leader = view.leader if view.leader is not None else view.seat
        played |= _seen(view.trick, leader, players, suit_of, void)
        bags = view.bags[rules.side_of[view.seat]]
        return cls(
            rules, view.seat, view.hand.mask, played | view.draft_discards.mask, void, view.bids, view.tricks_won,
            bags, len(view.tricks), view.trick, leader,
        )

    def can_set(self) -> bool:
        """Whether the contract is made and an opposing side needs nearly
        every trick left, so that one more trick sets it (S-3) - unless a
        bag penalty is near (S-8): then the bags cost more than the set."""
        return self.bag_room > 2 and any(0 < n and self.tricks_left - n <= 1 for n in self.opp_need)

    def higher_out(self, card: int) -> int:
        """How many cards still out rank above ``card`` in its suit."""
        powers = self.out_powers[self.suit_of[card]]
        return len(powers) - bisect.bisect_right(powers, self.power[card])

    def could_beat(self, seat: int, best: int, led: int) -> bool:
        """Whether ``seat``, still to play to this trick, may hold a card that
        beats ``best`` (as far as the view tells)."""
        best_suit = self.suit_of[best]
        best_power = self.power[best]
        void = self.void[seat]
        if not void >> led & 1:
            if best_suit == led and self.top[led] > best_power:
                return True
            if led == _SPADES:
                return False
            # Following suit it cannot trump; it may be void without our knowing
            # only when few cards of the led suit are still out.
            if len(self.out_powers[led]) > 2:
                return False
        if void >> _SPADES & 1:
            return False
        spades = self.out_powers[_SPADES]
        return bool(spades) and (best_suit != _SPADES or spades[-1] > best_power)


def _seen(cards: Sequence[Card], leader: int, players: int, suit_of: Sequence[int], void: list[int]) -> int:
    """The mask of ``cards`` (a trick led by ``leader``), marking in ``void``
    each seat that did not follow the suit led (C-5)."""
    mask = 0
    if not cards:
        return 0
    led = suit_of[cards[0]]
    for position, card in enumerate(cards):
        mask |= 1 << card
        if suit_of[card] != led:
            void[(leader + position) % players] |= 1 << led
    return mask


def _check(view: object, rng: object) -> SeatView:
    checked = view_to_act(view)
    check_rng(rng, "a bot")
    return checked


def heuristic_bot(view: SeatView, rng: random.Random) -> Action:
    """The heuristic player's action in ``view`` (see the module's
    documentation); ``rng`` is not drawn from: the player is deterministic.

    Its side is *desperate* when its score is at least 200 below the best
    score and the best score is at least ``rules.target - 150``.

    **The bid.** From a sealed view (P-6): Double Nil when it is legal and
    the side is desperate, else the first legal bid that is not Double Nil
    (declining it, to look at the cards), or Double Nil if it is the only
    bid. From the cards, with ``tricks = hand_tricks(hand)`` and ``risk =
    nil_risk(hand)``, when no partner has bid Nil or Double Nil: Double
    Nil when it is legal, the side is desperate and ``risk <= 1``; else
    Nil when it is legal, ``tricks <= 1.6``, ``risk <= 2.5`` and either
    ``risk <= 1.5`` or a partner has bid 4 or more. Otherwise it wants
    ``tricks`` (plus 0.5 when a partner is on Nil, to cover it), rounded
    half up, or up from a fraction of 0.2 when the side's bags carried are
    3 or fewer short of a penalty (S-8); it bids the legal number of 1 or
    more nearest to that (taken as 1 if it is 0), the lower of two; Nil if
    no such number is legal, Double Nil if nothing else is (V-6).

    **The draft** (T-2): Double Nil when it is legal, the side is
    desperate and the seat has not seen a card (a sealed view, or no card
    in hand yet); keep when the view is sealed (to look). With a Nil or
    Double Nil bid, it keeps a card of a side suit of rank 8 or lower and
    rejects the rest; otherwise it keeps every spade and every queen, king
    and ace, keeps a 2, 3 or 4 of a suit it holds none of, and rejects the
    rest.

    **The exchange** (P-6, T-6). A Nil or Double Nil bidder gives the
    first cards of this order: its spades highest first, then its other
    cards highest first (cards of the same rank in index order). In a
    partnership exchange it gives as many as it may; in the two-player
    discard, the most it may that is not more than its *dangerous* cards
    (a spade of printed rank 9 or higher, a joker, or a jack, queen, king
    or ace), or the fewest it may when every number allowed is more.
    Any other seat gives as many as it may of its lowest cards: its side
    cards lowest first (the same rank in index order), then its spades
    lowest first.

    **The play.** What it reads from the view: the cards *out* (neither in
    its hand, nor played this hand, nor its own draft discards), and for a
    card how many cards out of its suit rank above it ("higher out"; a
    card with none is a *master*); the suits each seat has shown out of
    (it did not follow the suit led); a live Nil (a seat that bid Nil or
    Double Nil and has won no trick); what each side still *needs* (its
    contract less the tricks of its members that did not bid Nil); the
    tricks left; and its side's bag room (``bags_per_penalty`` less its
    bags carried). It *can set* an opposing side when its bag room is
    more than 2 and an opposing side needs ``n > 0`` tricks with at most
    ``n + 1`` left; it *fights* when its side needs tricks or can set.

    To follow, a *winner* is a legal card that beats the best card of the
    trick so far (C-7), a *loser* any other. Whether a later opponent
    *may beat* a card ``c``: if it has not shown out of the suit led, it
    may when ``c`` is of the suit led and a higher card of that suit is
    out; failing that, it may not when spades were led or when more than
    2 cards of the suit led are out. Otherwise (and whenever it has shown
    out of the suit led) it may when it has not shown out of spades and a
    spade is out (one above ``c`` when ``c`` is a spade). A winner no later
    opponent may beat is *safe*. In this order:

    1. on its own live Nil: the highest loser when it follows suit, else
       the loser with the fewest cards higher out (the highest of those);
       with no loser, its lowest winner while others play after it, else
       its highest;
    2. for a partner on a live Nil, with winners: if the partner is
       winning the trick, its lowest safe winner, else its highest
       winner; if the partner plays later, its highest winner when it
       follows suit, its lowest when it trumps;
    3. for an opponent on a live Nil (in seat order): if that opponent
       is winning the trick and it has losers, its highest loser that is
       not a spade (its highest spade if all are); if that opponent plays
       later and its side needs fewer than the tricks left less one, its
       lowest loser (its lowest winner if it has no loser);
    4. when it fights: *throw low* if its partner is winning the trick
       and no later opponent may beat that card, or if it has no winner;
       else its lowest safe winner; else throw low if its partner is
       winning, or if it follows suit and a partner plays later (second
       hand low); else its highest winner if it follows suit and an
       opponent plays later (third hand high); else its lowest winner;
    5. when it does not fight: its highest loser when it follows suit,
       else the loser with the fewest cards higher out (the highest of
       those); with no loser, its lowest winner while others play after
       it, else its highest.

    To throw low is to play, from its losers (every legal card if it has
    none), the cards not spades if there are any: the lowest that is not a
    master, fewest of its suit in hand on ties (the lowest master if all
    are masters).

    To lead, in this order: on its own live Nil, the card not a spade with
    the most cards higher out (the lowest of those; a spade only if it has
    nothing else); for a partner on a live Nil, the card with the fewest
    higher out (a master first), then not a spade, then from its longest
    suit, then the highest; against an opponent on a live Nil (the first
    in seat order), when its side needs fewer than the tricks left less
    one: of its lowest cards of the suits that opponent has not shown out
    of (of every suit if none), one that is not a master, then the
    lowest; when it does not fight, the card not a spade with
    the most higher out (the lowest of those); when it fights: the highest
    spade master while spades are out; else the highest master of a suit
    that no opponent can ruff (one that has shown out of it but not out of
    spades), from a suit of at most three cards first; else, while spades
    are out, its lowest spade when it holds at least four and at least
    half as many as are out; else, with no card but spades, the lowest;
    else the lowest card of
    its longest side suit that no opponent can ruff (of any side suit if
    every one can be).

    >>> import random
    >>> from spades import Bid, Rules, new_game, seat_view
    >>> view = seat_view(new_game(Rules.partnership(), seed=1), 1)
    >>> heuristic_bot(view, random.Random(0)) in view.legal_actions
    True
    """
    view = _check(view, rng)
    legal = view.legal_actions
    phase = view.phase
    if type(legal) is ExchangeChoices:
        action = _exchange(view, legal)
    elif phase is Phase.PLAY:
        action = _play(_Read.of_view(view), legal)  # type: ignore[arg-type]
    elif phase is Phase.BID:
        action = _bid(view, legal)
    elif phase is Phase.DRAFT:
        action = _draft(view, legal)
    else:
        action = legal[0]  # a tuple of exchanges made by hand
    if action not in legal:  # a view made by hand whose legal actions no game gives
        raise StateError(f"seat {view.seat}'s view holds legal actions that do not follow from the rest of it: "
                         "no game gives it")
    return action


# ----------------------------------------------------------------------
# Bidding, the draft and the exchange.


def _desperate(view: SeatView) -> bool:
    """Far behind near the end of the game: the time for Double Nil."""
    rules = view.rules
    mine = view.scores[rules.side_of[view.seat]]
    best = max(view.scores)
    return best - mine >= 200 and best >= rules.target - 150


def _bid(view: SeatView, legal: Sequence[Action]) -> Action:
    rules = view.rules
    if view.sealed:
        if Bid.DOUBLE_NIL in legal and _desperate(view):
            return Bid.DOUBLE_NIL
        # Decline and look at the cards; but where the rules leave Double Nil
        # alone (V-6: the side's contract full, Nil not allowed), bid it.
        return next((a for a in legal if a != Bid.DOUBLE_NIL), Bid.DOUBLE_NIL)
    hand = view.hand
    tricks = hand_tricks(hand, rules)
    risk = nil_risk(hand, rules)
    partners = [s for s in rules.sides[rules.side_of[view.seat]] if s != view.seat]
    partner_bids = [view.bids[s] for s in partners]
    partner_nil = any(b is not None and b.tricks == 0 for b in partner_bids)
    if Bid.DOUBLE_NIL in legal and not partner_nil and _desperate(view) and risk <= 1.0:
        return Bid.DOUBLE_NIL
    if Bid.NIL in legal and not partner_nil and tricks <= 1.6 and risk <= 2.5:
        partner_strong = any(b is not None and b.tricks >= 4 for b in partner_bids)
        if risk <= 1.5 or partner_strong:
            return Bid.NIL
    want = tricks
    if partner_nil:
        want += 0.5  # covering a partner's Nil costs and wins tricks
    bag_room = rules.bags_per_penalty - view.bags[rules.side_of[view.seat]] % rules.bags_per_penalty
    want = int(want + 0.5) if bag_room > 3 else int(want + 0.8)
    bids = [a for a in legal if type(a) is Bid and not a.double_nil]
    if not bids:  # only Double Nil is left (V-6: the side's contract full, Nil not allowed)
        return Bid.DOUBLE_NIL
    numbers = [b for b in bids if b.tricks > 0] or bids
    return min(numbers, key=lambda b: (abs(b.tricks - max(want, 1)), b.tricks))


def _draft(view: SeatView, legal: Sequence[Action]) -> Action:
    if Bid.DOUBLE_NIL in legal and (view.sealed or view.hand_sizes[view.seat] == 0) and _desperate(view):
        return Bid.DOUBLE_NIL
    card = view.top_of_stock
    if card is None:  # a sealed view declines Double Nil and looks
        return Draft.KEEP
    rules = view.rules
    bid = view.bids[view.seat]
    nil = bid is not None and bid.tricks == 0
    suit = rules.suit_of[card]
    rank = _rank(card)
    if nil:
        return Draft.KEEP if suit != _SPADES and rank <= 6 else Draft.REJECT
    if suit == _SPADES or rank >= _QUEEN:
        return Draft.KEEP
    # A low card of a suit the hand holds none of is kept (a card to lose a
    # trick with); other low and middling cards go for the next card, blind.
    return Draft.REJECT if rank >= 3 or (view.hand.mask & rules.suit_masks[suit]) else Draft.KEEP


def _exchange(view: SeatView, legal: ExchangeChoices) -> Action:
    rules = view.rules
    power = rules.power
    bid = view.bids[view.seat]
    nil = bid is not None and bid.tricks == 0
    cards = list(view.hand)
    sizes = legal.sizes
    if nil:
        # Give (or discard) the cards most likely to win a trick: highest first.
        cards.sort(key=lambda c: (rules.suit_of[c] == _SPADES, power[c]), reverse=True)
        if view.phase is Phase.DISCARD:
            # Two-player (T-6): discard only the dangerous cards.
            dangerous = [c for c in cards if rules.suit_of[c] == _SPADES and _rank(c) >= 7 or _rank(c) >= _JACK]
            count = max((n for n in sizes if n <= len(dangerous)), default=min(sizes))
        else:
            count = max(sizes)
        give = cards[:count]
    else:
        # Give the partner low cards, side suits first (P-6).
        cards.sort(key=lambda c: (rules.suit_of[c] == _SPADES, power[c]))
        give = cards[: max(sizes)]
    return Exchange(CardSet.from_cards(give))


# ----------------------------------------------------------------------
# The play of the cards.


def _play(read: _Read, legal: Sequence[Card]) -> Card:
    if not read.trick:
        return _lead(read, legal)
    seat, players, power, suit_of = read.seat, read.players, read.power, read.suit_of
    trick = read.trick
    leader = read.leader
    led = suit_of[trick[0]]
    best_pos = 0
    for position in range(1, len(trick)):
        card, best = trick[position], trick[best_pos]
        if power[card] > power[best] and (suit_of[card] == led or suit_of[card] == _SPADES):
            best_pos = position
    best = trick[best_pos]
    winner = (leader + best_pos) % players
    later = [(seat + k) % players for k in range(1, players - len(trick))]
    later_opps = [p for p in later if read.side_of[p] != read.my_side]

    def beats(card: int) -> bool:
        return power[card] > power[best] and (suit_of[card] == led or suit_of[card] == _SPADES)

    winners = [c for c in legal if beats(c)]
    losers = [c for c in legal if not beats(c)]
    following = suit_of[legal[0]] == led

    def safe(card: int) -> bool:
        return not any(read.could_beat(p, card, led) for p in later_opps)

    # My own Nil: stay under, shed the dangerous cards.
    if read.nil_alive[seat]:
        if losers:
            if following:
                return max(losers, key=lambda c: power[c])
            return max(losers, key=lambda c: _shed_order(read, c))
        return min(winners, key=lambda c: power[c]) if later else max(winners, key=lambda c: power[c])
    # A partner's Nil: cover it, or overtake it.
    for partner in read.partners:
        if not read.nil_alive[partner]:
            continue
        if winner == partner and winners:
            safe_winners = [c for c in winners if safe(c)]
            return min(safe_winners or winners, key=lambda c: power[c]) if safe_winners else max(winners, key=lambda c: power[c])
        if partner in later and winners:
            if following:
                return max(winners, key=lambda c: power[c])
            return min(winners, key=lambda c: power[c])
    # An opponent's Nil: leave them the trick, or make them take it.
    for opponent in range(players):
        if read.side_of[opponent] == read.my_side or not read.nil_alive[opponent]:
            continue
        if winner == opponent and losers:
            return max(losers, key=lambda c: (suit_of[c] != _SPADES, power[c]))
        if opponent in later and read.need < read.tricks_left - 1:
            pool = losers or winners
            return min(pool, key=lambda c: power[c])
    partner_winning = winner in read.partners
    partner_safe = partner_winning and not any(read.could_beat(p, best, led) for p in later_opps)
    fight = read.need > 0 or read.can_set()
    if fight:
        if partner_safe or not winners:
            return _throw_low(read, losers or legal)
        safe_winners = [c for c in winners if safe(c)]
        if safe_winners:
            return min(safe_winners, key=lambda c: power[c])  # win cheaply
        if partner_winning or following and any(p in later for p in read.partners):
            return _throw_low(read, losers or legal)  # second hand low: the partner is still to play
        if following and later_opps:
            return max(winners, key=lambda c: power[c])  # third hand high: make them pay
        return min(winners, key=lambda c: power[c])  # a cheap ruff, or the last hand's cheapest winner
    # The contract is made: duck, shed high cards, never overtake a partner.
    if losers:
        if following:
            return max(losers, key=lambda c: power[c])
        return max(losers, key=lambda c: _shed_order(read, c))
    if later:
        return min(winners, key=lambda c: power[c])
    return max(winners, key=lambda c: power[c])


def _shed_order(read: _Read, card: int) -> tuple[int, int]:
    """The order in which to get rid of cards when ducking: the cards most
    likely to win a trick later first (few higher cards out)."""
    return (-read.higher_out(card), read.power[card])


def _throw_low(read: _Read, cards: Sequence[Card]) -> Card:
    """The cheapest card to give up: the lowest of the suit followed, or when
    discarding, a low side card from a short suit (never a spade if avoidable)."""
    power, suit_of = read.power, read.suit_of
    sides = [c for c in cards if suit_of[c] != _SPADES]
    pool = sides or list(cards)
    masks = read.rules.suit_masks
    return min(pool, key=lambda c: (read.higher_out(c) <= 0, power[c], (read.hand & masks[suit_of[c]]).bit_count()))


def _lead(read: _Read, legal: Sequence[Card]) -> Card:
    power, suit_of, masks = read.power, read.suit_of, read.rules.suit_masks
    hand = read.hand
    players = read.players
    opponents = [s for s in range(players) if read.side_of[s] != read.my_side]

    def length(card: int) -> int:
        return (hand & masks[suit_of[card]]).bit_count()

    if read.nil_alive[read.seat]:
        # Lead the card with the most higher cards out: someone else takes it.
        return max(legal, key=lambda c: (read.higher_out(c) if suit_of[c] != _SPADES else -1, -power[c]))
    for partner in read.partners:
        if read.nil_alive[partner]:
            # Lead from strength so that the partner can play under.
            return min(legal, key=lambda c: (read.higher_out(c), suit_of[c] == _SPADES, -length(c), -power[c]))
    nil_opps = [s for s in opponents if read.nil_alive[s]]
    if nil_opps and read.need < read.tricks_left - 1:
        target = nil_opps[0]
        pool = [c for c in legal if not read.void[target] >> suit_of[c] & 1] or list(legal)
        return min(pool, key=lambda c: (power[c] - min(power[x] for x in cards_of_mask(hand & masks[suit_of[c]])), read.higher_out(c) == 0, power[c]))
    fight = read.need > 0 or read.can_set()
    if not fight:
        # Duck: lead a low card that others will beat; spades last.
        return max(legal, key=lambda c: (suit_of[c] != _SPADES, read.higher_out(c), -power[c]))

    def ruffed(suit: int) -> bool:
        return any(read.void[s] >> suit & 1 and not read.void[s] >> _SPADES & 1 for s in opponents)

    masters = [c for c in legal if read.higher_out(c) == 0 and (suit_of[c] == _SPADES or not ruffed(suit_of[c]))]
    spade_masters = [c for c in masters if suit_of[c] == _SPADES]
    spades_out = (read.out & masks[_SPADES]).bit_count()
    my_spades = [c for c in legal if suit_of[c] == _SPADES]
    if spade_masters and spades_out:
        return max(spade_masters, key=lambda c: power[c])  # draw trumps with the top spade
    side_masters = [c for c in masters if suit_of[c] != _SPADES]
    if side_masters:
        return max(side_masters, key=lambda c: (length(c) <= 3, power[c]))
    if my_spades and spades_out and len(my_spades) >= 4 and len(my_spades) * 2 >= spades_out:
        return min(my_spades, key=lambda c: power[c])  # a low spade pulls trumps
    sides = [c for c in legal if suit_of[c] != _SPADES]
    if not sides:
        return min(legal, key=lambda c: power[c])
    safe_sides = [c for c in sides if not ruffed(suit_of[c])] or sides
    # A low card from the longest side suit, keeping the kings and queens
    # that wait for the ace to go.
    return min(safe_sides, key=lambda c: (-length(c), power[c]))


# ----------------------------------------------------------------------
# Playing a hand out quickly.


def play_out_hand(state: GameState) -> GameState:
    """The state after the rest of ``state``'s hand is played by the
    heuristic player at every seat, ending at the hand's scoring (the start
    of the next hand, or the end of the game).

    Each seat plays exactly the card :func:`heuristic_bot` plays from its
    own view: it reads only what that seat could know (its hand, the cards
    played, the suits shown out of, the bids and tricks), but the reading is
    kept up to date card by card rather than built again from a view each
    time, which makes a playout several times faster.  Bids, exchanges and
    draft choices (if the hand has not reached its play yet) are
    ``heuristic_bot``'s from the seat's view.

    >>> import random
    >>> from spades import Rules, new_game, seat_view
    >>> state = new_game(Rules.partnership(), seed=4)
    >>> slow = state
    >>> while not slow.sheet:
    ...     slow = slow.apply(heuristic_bot(seat_view(slow, slow.turn), random.Random(0)))
    >>> play_out_hand(state) == slow
    True
    """
    if not is_a(state, GameState):
        raise ArgumentTypeError(f"play_out_hand needs a GameState, got {type_name(state)}")
    done = len(state.sheet)
    zero = random.Random(0)
    while len(state.sheet) == done and state.phase is not Phase.PLAY:
        seat = state.turn
        if seat is None:
            raise StateError("the hand waits for a chance step: play_out_hand needs a seeded game")
        state = state.apply(heuristic_bot(seat_view(state, seat), zero), seat=seat)
    if len(state.sheet) != done:
        return state
    rules = state.rules
    players = rules.players
    suit_of = rules.suit_of
    # Every seat sees the same cards played and the same suits shown out of.
    void = [0] * players
    played = 0
    for completed in current_tricks(state):
        played |= _seen(completed.cards, completed.leader, players, suit_of, void)
    if state.trick and state.leader is not None:
        _seen(state.trick, state.leader, players, suit_of, void)
    discards = tuple(seat_view(state, seat).draft_discards.mask for seat in range(players)) if rules.is_draft else (0,) * players
    tricks_done = sum(state.tricks_won)
    side_of = rules.side_of
    while len(state.sheet) == done:
        seat = state.turn
        assert seat is not None  # a seeded game's hand ends with the scoring
        trick = state.trick
        leader = state.leader if state.leader is not None else seat
        shown = played
        for card in trick:
            shown |= 1 << card
        read = _Read(
            rules, seat, state.hand(seat).mask, shown | discards[seat], void, state.bids, state.tricks_won,
            state.bags[side_of[seat]], tricks_done, trick, leader,
        )
        card = _play(read, state.legal_actions())  # type: ignore[arg-type]
        if trick and suit_of[card] != suit_of[trick[0]]:
            void[seat] |= 1 << suit_of[trick[0]]
        state = state.apply(card, seat=seat)
        if len(trick) == players - 1:
            played = shown | 1 << card
            tricks_done += 1
    return state
