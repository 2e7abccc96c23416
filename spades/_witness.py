"""A real game behind a view: the view loader's proof that a view is possible.

A view document is accepted only if some real game under its rules produces
exactly that view.  :func:`game_behind` finds such a game, or says why there
is none: it deals the cards the seat cannot see so that every play it saw was
legal, plays the whole game through the engine (so every rule is checked by
the functions the engine uses, nothing here restates one), and the caller
compares the seat's view of the result with the document.

What the seat cannot see is filled in as follows.

* **Finished hands.**  Every card of a finished hand is played, so the hands
  at the first lead are the cards each seat played.  A Double Nil exchange
  the summary does not show is taken to give back the cards received (P-6),
  a two-player Double Nil discards nothing (T-6, "up to three"), and each
  draft turn keeps the card it will play and discards one of the rest (T-2).
* **The current hand.**  The unseen cards go to the other seats (and to the
  cards set aside or left in the pile) by a matching that respects
  everything the seat saw: the hand sizes, the cards it gave in an exchange,
  and, for each card another seat played, the cards that seat cannot have
  held then.  Those are found from the one statement of the rules of play,
  :func:`spades.tricks.legal_mask`, which ranks a hand's cards in tiers (the
  suit led, then the rest; non-spades, then spades; the 2♣ on the first
  lead): a card is legal from a hand exactly when it is legal from each pair
  of it and another card of that hand, so a seat that played ``c`` held no
  card ``x`` with ``c`` illegal from ``{c, x}``.  Exchanges the seat did not
  see are chosen as for finished hands; a two-player opponent that must have
  drawn one of the seat's known discards as a Double Nil replacement is
  given one (T-6).

Any game that passes the engine is a real game, so a view accepted this way
is real; and the choices above lose nothing (any game that produces the
view can be changed into the one built here without changing the view), so
a real view is never refused.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from spades.actions import Action, Bid, Deal, Draft, Exchange, Replacement, Stock
from spades.cards import Card, CardSet
from spades.errors import ArgumentError, SpadesError, StateError
from spades.exchange import order_of
from spades.rules import Rules
from spades.state import GameState, Phase, new_game
from spades.tricks import first_trick_matters, legal_mask
from spades.sheet import check_summary
from spades.view import HandSummary, PlayedTrick, SeatView

__all__ = ["game_behind", "forbidden_by", "first_match", "Placer", "Impossible"]

_TWO_OF_CLUBS = 0


class _Impossible(Exception):
    """No game gives the view; the message says why."""


Impossible = _Impossible
"""Raised by a :data:`Placer` that finds no placement."""


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _first(mask: int, count: int) -> int:
    """The ``count`` lowest cards of ``mask``."""
    taken = 0
    for card in _bits(mask):
        if count <= 0:
            break
        taken |= 1 << card
        count -= 1
    return taken


@functools.lru_cache(maxsize=4096)
def forbidden_by(rules: Rules, card: int, led: int, broken: bool, first_trick: bool) -> int:
    """The cards a seat cannot have held when it played ``card`` to a trick
    whose suit led is ``led`` (-1: it led), with spades ``broken`` or not,
    on the first trick or not: those ``x`` for which ``card`` is illegal from
    the hand ``{card, x}`` (C-4, C-5, V-7; see the module's note)."""
    facts = rules.deck_facts
    played = facts.spades if broken else 0  # legal_mask reads only whether a spade has been played (C-6)
    bit = 1 << card
    forbidden = 0
    for other in _bits(facts.mask & ~bit):
        if not legal_mask(bit | 1 << other, led, played, rules, first_trick, facts.suit_masks) & bit:
            forbidden |= 1 << other
    return forbidden


def _match(cards: int, allowed: dict[int, list[str]], capacity: dict[str, int]) -> dict[str, int]:
    """Place every card of ``cards`` at one of its allowed places
    (``allowed[card]``), filling each place to its capacity exactly: a bipartite matching with capacities, by augmenting
    paths.  Raises :class:`_Impossible` when there is none."""
    placed: dict[str, list[int]] = {place: [] for place in capacity}

    def augment(card: int, seen: set[str]) -> bool:
        for place in allowed[card]:
            if place in seen:
                continue
            seen.add(place)
            if len(placed[place]) < capacity[place]:
                placed[place].append(card)
                return True
            for other in list(placed[place]):
                if augment(other, seen):
                    placed[place].remove(other)
                    placed[place].append(card)
                    return True
        return False

    for card in _bits(cards):
        if not augment(card, set()):
            raise _Impossible(
                f"no seat can hold {Card(card)}: the hand sizes and the cards each seat has shown it lacks "
                "leave no place for it (C-4, C-5, V-7)"
            )
    if any(len(placed[place]) != capacity[place] for place in capacity):
        raise _Impossible("the unseen cards do not fill the other seats' hands (C-1, C-8)")
    return {place: sum(1 << card for card in cards_of) for place, cards_of in placed.items()}


def _seat_place(seat: int) -> str:
    return f"seat {seat}"


Placer = Callable[[int, "dict[int, list[str]]", "list[dict[str, int]]"], "dict[str, int]"]
"""Places the unseen cards: given the cards, each card's allowed places and
the alternatives of exact capacities per place, the cards placed (a mask
per place), or :class:`_Impossible`."""


def first_match(cards: int, allowed: dict[int, list[str]], alternatives: list[dict[str, int]]) -> dict[str, int]:
    """A placement (the first alternative that has one): the witness's choice."""
    last: _Impossible | None = None
    for capacity in alternatives:
        try:
            return _match(cards, allowed, capacity)
        except _Impossible as error:
            last = error
    raise last if last is not None else _Impossible("the unseen cards have no place (C-1)")


_NOWHERE = "nowhere"  # the cards set aside (V-10) or in the two-player pile and stock (T-2)


class _Hand:
    """What the driver needs to play one hand of the witness game."""

    def __init__(self) -> None:
        self.chance: Action | None = None
        self.draft_turns = 0
        self.exchanges: dict[int, Exchange] = {}
        self.replacements: dict[int, Replacement] = {}
        self.bids: tuple[Bid | None, ...] = ()
        self.plays: list[Card] = []


def _plays_of(tricks: Sequence[PlayedTrick], trick: Sequence[Card], leader: int | None, players: int) -> list[tuple[int, Card, int]]:
    """``(seat, card, position in its trick)`` for every card played, in order."""
    plays: list[tuple[int, Card, int]] = []
    for done in tricks:
        plays += [((done.leader + i) % players, card, i) for i, card in enumerate(done.cards)]
    if trick:
        if leader is None:
            raise _Impossible("a trick is in progress but no seat led it (C-7)")
        plays += [((leader + i) % players, card, i) for i, card in enumerate(trick)]
    return plays


def _played_by(plays: Sequence[tuple[int, Card, int]], players: int) -> list[int]:
    played = [0] * players
    for seat, card, _position in plays:
        played[seat] |= 1 << card
    return played


def _stock(dealer: int, pairs: dict[int, list[tuple[int, int]]], turns: int, rest: Sequence[int]) -> Stock:
    """A stock whose first ``turns`` draft turns, from the first player on
    and alternating (T-2, T-3), each draw one pair (kept, discarded) of the
    drafting seat, followed by ``rest``."""
    order: list[int] = []
    taken = {seat: 0 for seat in pairs}
    for turn in range(turns):
        seat = dealer if turn % 2 == 0 else 1 - dealer
        if taken[seat] >= len(pairs[seat]):
            raise _Impossible("the draft turns taken do not alternate from the first player (T-2, T-3)")
        kept, discarded = pairs[seat][taken[seat]]
        taken[seat] += 1
        order += [kept, discarded]
    if any(taken[seat] != len(pairs[seat]) for seat in pairs):
        raise _Impossible("the draft turns taken do not alternate from the first player (T-2, T-3)")
    return Stock(tuple(Card(card) for card in order + list(rest)))


def _pairs(kept: int, discarded: int) -> list[tuple[int, int]]:
    if kept.bit_count() != discarded.bit_count():
        raise _Impossible("each draft turn keeps one card and discards one (T-2)")
    return list(zip(_bits(kept), _bits(discarded)))


# ----------------------------------------------------------------------
# Finished hands.


def _realized(rules: Rules, dealer: int, won: Sequence[int]) -> tuple[PlayedTrick, ...]:
    """Tricks of a hand in which each seat wins ``won[seat]`` tricks, every
    play legal under ``rules`` (for a score-sheet row shown without its
    tricks; any such play gives the same row).

    The layout: each suit's cards, in the order of their power, make tricks
    of one suit in which everyone follows (C-5), the winner holding the
    highest card (C-7).  The plain suits come first (the first trick holds
    the 2♣ and no spade, V-7), then the spades, led first by a seat that
    holds only spades then (C-4, C-6), then one last trick of the cards
    left over, won by the highest spade among them.  The seat that wins the
    most tricks wins the last plain trick (and so leads the spades) and the
    last trick; the others' wins go anywhere.  Two players use only plain
    suits (T-3: half the deck is never played)."""
    facts = rules.deck_facts
    players = rules.players
    size = rules.hand_size
    if len(won) != players or sum(won) != size or min(won) < 0:
        raise _Impossible(f"the tricks won {list(won)} are not the {size} tricks of a hand (C-8)")
    by_suit = [sorted(_bits(facts.suit_masks[suit]), key=lambda card: facts.power[card]) for suit in range(4)]
    plain: list[list[int]] = []
    spade: list[list[int]] = []
    left: list[int] = []
    for suit, cards in enumerate(by_suit):
        full = len(cards) // players
        (spade if suit == 3 else plain).extend(cards[i * players : (i + 1) * players] for i in range(full))
        left += cards[full * players :]
    if rules.is_draft:
        plain, spade, left = plain[:size], [], []
    else:
        aside = facts.size - players * size  # V-10: a card set aside
        for _ in range(aside):
            extra = next((card for card in left if facts.suit_of[card] != 3), None)
            left.remove(left[0] if extra is None else extra)
        if left and (len(left) != players or not any(facts.suit_of[card] == 3 for card in left)):
            raise _Impossible("no layout of this deck")  # no deck of this library
    groups = plain + spade + ([left] if left else [])
    if len(groups) != size:
        raise _Impossible("no layout of this deck")
    # Who wins each trick.
    most = max(range(players), key=lambda seat: won[seat])
    winners: list[int | None] = [None] * size
    counts = list(won)
    if left:
        for trick in (len(plain) - 1, size - 1):
            winners[trick] = most
            counts[most] -= 1
    order = [seat for seat in range(players) for _ in range(counts[seat])]
    free = iter(order)
    for trick in range(size):
        if winners[trick] is None:
            winners[trick] = next(free)
    two_of_clubs = rules.first_lead == "two-of-clubs" and facts.mask & 1
    first = (dealer + 1) % players  # P-7, T-7
    if two_of_clubs:
        first = next(seat for seat in range(players) if seat != winners[0])  # the 2♣ holder leads it (V-7)
    tricks: list[PlayedTrick] = []
    leader = first
    for trick, cards in enumerate(groups):
        winner = winners[trick]
        assert winner is not None
        if trick == size - 1 and left:
            spades_left = [card for card in cards if facts.suit_of[card] == 3]
            top = max(spades_left, key=lambda card: facts.power[card])
            rest = [card for card in cards if card != top]
        else:
            top, rest = cards[-1], cards[:-1]
        held = {winner: top}
        others = [seat for seat in range(players) if seat != winner]
        if trick == 0 and two_of_clubs:
            held[leader] = rest.pop(0)  # the 2♣, the lowest club
            others.remove(leader)
        for seat, card in zip(others, rest):
            held[seat] = card
        tricks.append(PlayedTrick(
            leader=leader, cards=tuple(Card(held[(leader + i) % players]) for i in range(players)), winner=winner))
        leader = winner
    return tuple(tricks)


def _finished(rules: Rules, summary: HandSummary) -> _Hand:
    players = rules.players
    facts = rules.deck_facts
    plan = _Hand()
    plan.bids = summary.bids
    tricks = summary.tricks if summary.tricks else _realized(rules, summary.dealer, summary.tricks_won)
    plays = _plays_of(tricks, (), None, players)
    plan.plays = [card for _seat, card, _position in plays]
    hands = _played_by(plays, players)
    dealer = summary.dealer
    if rules.is_draft:
        # Each draft turn keeps a card the seat plays and discards one of the pile (T-2).
        pile_cards = list(_bits(facts.mask & ~sum(hands)))
        half = len(pile_cards) // 2
        pairs = {
            dealer: list(zip(_bits(hands[dealer]), pile_cards[:half])),
            1 - dealer: list(zip(_bits(hands[1 - dealer]), pile_cards[half:])),
        }
        plan.chance = _stock(dealer, pairs, sum(len(p) for p in pairs.values()), ())
        plan.draft_turns = sum(len(p) for p in pairs.values())
        for seat, bid in enumerate(summary.bids):
            if bid is not None and bid.double_nil:
                plan.exchanges[seat] = Exchange(CardSet(0))  # T-6: discard none
        return plan
    plan.chance = Deal(tuple(CardSet(hand) for hand in hands))
    steps = order_of(rules, dealer, summary.bids) if None not in summary.bids else ()
    limit = rules.double_nil_exchange
    for index in range(0, len(steps), 2):
        partner, _bidder = steps[index]
        given = Exchange(CardSet(_first(hands[partner], limit)))  # P-6: given and given back
        plan.exchanges[partner] = given
        plan.exchanges[steps[index + 1][0]] = given
    return plan


# ----------------------------------------------------------------------
# The current hand.


def _constraints(view: SeatView, plays: Sequence[tuple[int, Card, int]]) -> list[int]:
    """For each seat, the cards it cannot hold now, by the plays it made
    this hand (see :func:`forbidden_by`)."""
    rules = view.rules
    facts = rules.deck_facts
    first_matters = first_trick_matters(rules)
    players = rules.players
    forbid = [0] * players
    played = 0
    led = -1
    for index, (seat, card, position) in enumerate(plays):
        if position == 0:
            led = -1
        first = first_matters and index < players
        if seat != view.seat:
            forbid[seat] |= forbidden_by(rules, card, led, bool(played & facts.spades), first)
        if position == 0:
            led = facts.suit_of[card]
        played |= 1 << card
    return forbid


def _leader_constraint(view: SeatView, allowed: dict[int, list[str]], default_leader: int, via: str = "") -> None:
    """V-7: with the 2♣ lead, the first leader held the 2♣ at the first
    lead (or no one did, and the seat left of the dealer led).  ``via`` is
    the place of the other seat's replacement draw (T-6), if any."""
    rules = view.rules
    if rules.first_lead != "two-of-clubs" or view.phase is not Phase.PLAY or _TWO_OF_CLUBS not in allowed:
        return
    first = view.tricks[0].leader if view.tricks else view.leader
    if first is None:
        raise _Impossible("the play has begun but no seat leads (P-7, T-7, V-7)")
    mine = {_seat_place(first)} | ({via} if via and first != view.seat else set())
    if first == default_leader:
        mine.add(_NOWHERE)
    allowed[_TWO_OF_CLUBS] = [place for place in allowed[_TWO_OF_CLUBS] if place in mine]


def _current_deal(view: SeatView, placer: Placer) -> _Hand:
    """The current hand of a dealt game (partnership, cutthroat)."""
    rules = view.rules
    players = rules.players
    seat = view.seat
    facts = rules.deck_facts
    plan = _Hand()
    plan.bids = view.bids
    if view.phase is Phase.DEAL:
        return plan
    plays = _plays_of(view.tricks, view.trick, view.leader, players)
    plan.plays = [card for _seat, card, _position in plays]
    played_by = _played_by(plays, players)
    played = sum(played_by)
    steps = order_of(rules, view.dealer, view.bids) if None not in view.bids else ()
    if view.phase is Phase.EXCHANGE:
        givers = [giver for giver, _receiver in steps]
        if view.turn not in givers:
            raise _Impossible(f"seat {view.turn} has no exchange to make (P-6)")
        done = steps[: givers.index(view.turn)]
    elif view.phase is Phase.PLAY:
        done = steps
    else:
        done = ()
    # The cards this seat gave that the receiver holds still (P-6).
    known = [0] * players
    gave, received = view.gave.mask, view.received.mask
    for index, (giver, receiver) in enumerate(done):
        if giver == seat:
            later = any(r == seat for _g, r in done[index + 1 :])
            known[receiver] |= gave & ~received if later else gave
    for other in range(players):
        known[other] &= ~played_by[other]
    known[seat] = 0
    pool = facts.mask & ~(view.hand.mask | played | sum(known) | gave | received)
    capacity: dict[str, int] = {}
    hidden_seats = [other for other in range(players) if other != seat or view.sealed]  # sealed: its own cards unseen
    for other in hidden_seats:
        need = view.hand_sizes[other] - known[other].bit_count()
        if need < 0:
            raise _Impossible(f"seat {other} holds fewer cards than this seat gave it (P-6)")
        capacity[_seat_place(other)] = need
    capacity[_NOWHERE] = pool.bit_count() - sum(capacity.values())
    aside = facts.size - rules.hand_size * players
    if capacity[_NOWHERE] != aside:
        raise _Impossible("the hand sizes and the cards seen do not add up to the deck (C-1, P-2, V-10)")
    forbid = _constraints(view, plays)
    allowed: dict[int, list[str]] = {}
    for card in _bits(pool):
        allowed[card] = [_seat_place(o) for o in hidden_seats if not forbid[o] >> card & 1]
        if capacity[_NOWHERE]:
            allowed[card].append(_NOWHERE)
    _leader_constraint(view, allowed, (view.dealer + 1) % players)
    placed = placer(pool, allowed, [capacity])
    hands = [known[other] | placed.get(_seat_place(other), 0) for other in range(players)]
    if not view.sealed:
        hands[seat] = view.hand.mask
    hands = [hands[other] | played_by[other] for other in range(players)]
    # Undo the exchanges made, last first (P-6).
    limit = rules.double_nil_exchange
    chosen: dict[int, int] = {}
    for index in reversed(range(len(done))):
        giver, receiver = done[index]
        if giver == seat:
            cards = gave
        elif receiver == seat:
            cards = received
        else:
            pair = index // 2
            cards = chosen.get(pair, _first(hands[receiver], limit))
            chosen[pair] = cards
        if cards & ~hands[receiver]:
            raise _Impossible(f"seat {receiver} cannot have received {CardSet(cards & ~hands[receiver])} (P-6)")
        hands[receiver] &= ~cards
        hands[giver] |= cards
        plan.exchanges[giver] = Exchange(CardSet(cards))
    plan.chance = Deal(tuple(CardSet(hand) for hand in hands))
    return plan


def _current_draft(view: SeatView, placer: Placer) -> _Hand:
    """The current hand of the two-player game (T-2..T-7)."""
    rules = view.rules
    facts = rules.deck_facts
    seat = view.seat
    other = 1 - seat
    dealer = view.dealer
    plan = _Hand()
    plan.bids = view.bids
    if view.phase is Phase.DEAL:
        return plan
    kept, discarded = view.drafted.mask, view.draft_discards.mask
    top = view.top_of_stock
    top_mask = 0 if top is None else 1 << top
    unseen = facts.mask & ~(kept | discarded | top_mask)  # drawn by the other seat, or still in the stock
    if view.phase is Phase.DRAFT:
        theirs = view.hand_sizes[other]
        if 2 * theirs > unseen.bit_count():
            raise _Impossible("the stock cannot hold the cards drafted (T-3)")
        held = placer(unseen, {card: [_seat_place(other), _NOWHERE] for card in _bits(unseen)},
                      [{_seat_place(other): theirs, _NOWHERE: unseen.bit_count() - theirs}])[_seat_place(other)]
        hidden = list(_bits(unseen & ~held))
        pairs = {seat: _pairs(kept, discarded), other: list(zip(_bits(held), hidden[:theirs]))}
        turns = len(pairs[seat]) + theirs
        rest = ([int(top)] if top is not None else []) + hidden[theirs:]
        plan.chance = _stock(dealer, pairs, turns, rest)
        plan.draft_turns = turns
        return plan
    # After the draft: the Double Nil discards (T-6), the bidding, the play.
    players = rules.players
    plays = _plays_of(view.tricks, view.trick, view.leader, players)
    plan.plays = [card for _seat, card, _position in plays]
    played_by = _played_by(plays, players)
    gave, received = view.gave.mask, view.received.mask
    steps = order_of(rules, dealer, view.bids)  # the two-player Double Nil is declared in the draft (T-6)
    givers = [giver for giver, _receiver in steps]
    size = rules.hand_size
    if view.phase is Phase.DISCARD:
        if view.turn not in givers:
            raise _Impossible(f"seat {view.turn} has no discard to make (T-6)")
        done = givers[: givers.index(view.turn)]
        pending = None
    elif view.phase is Phase.REPLACE:
        pending = seat if view.hand_sizes[seat] < size else other
        if pending not in givers:
            raise _Impossible(f"seat {pending} has no replacement to draw (T-6)")
        done = givers[: givers.index(pending) + 1]
    else:
        done = givers
        pending = None
    # The seat's known pile cards the other seat may have drawn as its
    # replacements: its draft discards, and its own Double Nil discards if
    # it discarded first (T-6).
    their_replaced = other in done and pending != other
    known_pile = discarded & ~received
    if seat in done and other in done and givers.index(seat) < givers.index(other):
        known_pile |= gave
    known_pile &= ~played_by[seat]
    pool = unseen & ~(received | played_by[other])
    capacity = {_seat_place(other): view.hand_sizes[other], _NOWHERE: 0}
    via = "replacement"
    # The other seat discarded cards_given[other] cards and drew as many from
    # the pile (T-6): at most that many of the seat's known pile cards.
    limit = view.cards_given[other] if their_replaced else 0
    limit -= (played_by[other] & known_pile).bit_count()
    if limit < 0 or played_by[other] & ~(unseen | known_pile):
        raise _Impossible(f"seat {other} played a card it cannot have held (T-2, T-6)")
    forbid = _constraints(view, plays)
    allowed: dict[int, list[str]] = {}
    for card in _bits(pool):
        allowed[card] = ([] if forbid[other] >> card & 1 else [_seat_place(other)]) + [_NOWHERE]
    extra = known_pile & ~played_by[other] if limit > 0 else 0
    for card in _bits(extra):
        allowed[card] = ([] if forbid[other] >> card & 1 else [via]) + [_NOWHERE]
    candidates = pool | extra
    capacity[_NOWHERE] = candidates.bit_count() - capacity[_seat_place(other)]
    if capacity[_NOWHERE] < 0:
        raise _Impossible("the hand sizes and the cards seen do not add up to the deck (T-3)")
    _leader_constraint(view, allowed, (dealer + 1) % players, via)
    if limit <= 0 or not any(via in places for places in allowed.values()):
        allowed = {card: [place for place in places if place != via] for card, places in allowed.items()}
        alternatives = [capacity]
    else:  # each number of cards drawn through the replacement, fewest first
        alternatives = []
        for drawn in range(min(limit, capacity[_seat_place(other)]) + 1):
            alternative = dict(capacity)
            alternative[_seat_place(other)] -= drawn
            alternative[via] = drawn
            alternatives.append(alternative)
    placement = placer(candidates, allowed, alternatives)
    placed = placement.get(_seat_place(other), 0) | placement.get(via, 0)
    theirs = placed | played_by[other]
    replaced = theirs & known_pile
    base = theirs & unseen
    # Their draft kept `base` and the cards they discarded for Double Nil.
    if other in done:
        count = view.cards_given[other]
        if pending == other and size - view.hand_sizes[other] != count:
            raise _Impossible(f"seat {other} holds {view.hand_sizes[other]} cards after discarding {count} (T-6)")
        spare = unseen & ~(theirs | received)
        thrown = _first(spare, count)
        if thrown.bit_count() != count:
            raise _Impossible(f"seat {other} cannot have discarded {count} cards (T-6)")
        plan.exchanges[other] = Exchange(CardSet(thrown))
        their_kept = base | thrown
        if pending != other and thrown:
            # Its replacements: the known pile cards it holds, and as many
            # more of its own draft discards, drawn back (T-6).
            back = _first(base, count - replaced.bit_count())
            if back.bit_count() != count - replaced.bit_count():
                raise _Impossible(f"seat {other} cannot have drawn {count} cards again (T-6)")
            plan.replacements[other] = Replacement(CardSet(replaced | back))
            their_kept &= ~back
    else:
        their_kept = base
    if seat in done:
        plan.exchanges[seat] = Exchange(view.gave)
        if pending != seat and gave:
            plan.replacements[seat] = Replacement(view.received)
    their_discards = unseen & ~their_kept
    pairs = {seat: _pairs(kept, discarded), other: _pairs(their_kept, their_discards)}
    plan.chance = _stock(dealer, pairs, len(pairs[seat]) + len(pairs[other]), ())
    plan.draft_turns = len(pairs[seat]) + len(pairs[other])
    return plan


# ----------------------------------------------------------------------
# Playing the witness game.


def _drive(state: GameState, plan: _Hand, finished: bool) -> GameState:
    """Play one hand's plan from ``state``; a finished hand must end."""
    number = state.hand_number
    draft_turns = plan.draft_turns
    last_giver: int | None = None
    plays = iter(plan.plays)
    while not state.is_over and state.hand_number == number:
        phase = state.phase
        turn = state.turn
        action: Action | None = None
        if phase is Phase.DEAL:
            action = plan.chance
            plan.chance = None
        elif phase is Phase.DRAFT:
            assert turn is not None
            wanted = plan.bids[turn] if turn < len(plan.bids) else None
            if wanted is not None and wanted.double_nil and state.bids[turn] is None:
                action = wanted
            elif draft_turns > 0:
                action = Draft.KEEP
                draft_turns -= 1
        elif phase is Phase.EXCHANGE or phase is Phase.DISCARD:
            assert turn is not None
            action = plan.exchanges.pop(turn, None)
            last_giver = turn
        elif phase is Phase.REPLACE:
            if last_giver is not None:
                action = plan.replacements.pop(last_giver, None)
        elif phase is Phase.BID:
            assert turn is not None
            action = plan.bids[turn] if turn < len(plan.bids) else None
        elif phase is Phase.PLAY:
            action = next(plays, None)
        if action is None:
            if finished:
                raise _Impossible("the hand cannot be played out as summarised")
            return state
        try:
            state = state.apply(action)
        except SpadesError as error:
            raise _Impossible(str(error)) from None
    return state


def _after_sheet(rules: Rules, sheet: tuple[HandSummary, ...]) -> GameState:
    """The state after playing the finished hands ``sheet`` from a new
    game, one hand after another.  Kept for the latest sheets, so that a
    client bringing its view up to date move after move replays each
    finished hand once: a sheet one hand longer than a kept one starts from
    it (a value of the rules and the rows, whoever asks)."""
    if not sheet:
        return new_game(rules)
    key = (rules, sheet)
    state = _SHEET_STATES.get(key)
    if state is not None:
        return state
    done = len(sheet) - 1
    state = _SHEET_STATES.get((rules, sheet[:done]))
    if state is None:
        done, state = 0, new_game(rules)
    for summary in sheet[done:]:
        if state.is_over:
            raise _Impossible(f"sheet hand {summary.number}: the game ended before this hand (S-9)")
        try:
            check_summary(summary, rules)
            state = _drive(state, _finished(rules, summary), True)
        except ArgumentError as error:
            raise _Impossible(f"sheet hand {summary.number}: {error}") from None
        except _Impossible as error:
            raise _Impossible(f"sheet hand {summary.number}: {error}") from None
    if len(sheet) <= _SHEET_HANDS_KEPT:
        # Counted over a copy, taken in one step: another thread may add to
        # the memo or empty it meanwhile, and a dict changed while it is
        # walked raises RuntimeError.
        kept_hands = sum([len(kept) for _rules, kept in _SHEET_STATES.copy()])
        if len(_SHEET_STATES) >= _SHEET_STATES_KEPT or kept_hands + len(sheet) > _SHEET_HANDS_KEPT:
            _SHEET_STATES.clear()
        _SHEET_STATES[key] = state
    return state


# The states after the latest sheets (see _after_sheet): values of their keys.
# Bounded in entries and in the finished hands their sheets hold in all (a
# state holds every hand of its game: a few KB each), so that what stays in
# memory after the callers are gone is small, however long the sheets.
_SHEET_STATES: dict[tuple[Rules, tuple[HandSummary, ...]], GameState] = {}
_SHEET_STATES_KEPT: Final = 64
_SHEET_HANDS_KEPT: Final = 4096


def game_behind(view: SeatView, placer: Placer = first_match) -> GameState:
    """A state of a real game under ``view.rules`` that is at the moment of
    ``view``: the finished hands of its score sheet, then the current hand so
    far, with the cards the seat cannot see dealt consistently with everything
    it saw.  Raises :class:`~spades.StateError` when no game fits what the
    seat saw.  Whether the seat's view of the result *is* ``view`` is the
    caller's comparison."""
    rules = view.rules
    try:
        state = _after_sheet(rules, view.sheet)
        if view.phase is Phase.GAME_OVER or state.is_over:
            return state
        plan = _current_draft(view, placer) if rules.is_draft else _current_deal(view, placer)
        return _drive(state, plan, False)
    except _Impossible as error:
        raise StateError(f"no game gives this view: {error}") from None
